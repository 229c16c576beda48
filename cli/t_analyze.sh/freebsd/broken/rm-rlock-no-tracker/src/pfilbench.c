/*-
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pfilbench: the pfil(9) lock experiment of kbench, in the FreeBSD 14
 * kernel.  THREADS kernel threads run a real pfil(9) chain of HOOKS hooks
 * (1 to 8; each with its own lock, or with `shared' one lock for all, as
 * in the 2007 benchmark); the head lock around the chain run and the
 * lock each hook takes around a busy-wait are chosen by name.
 *
 * Compiled against FreeBSD 14.2's headers (make check-freebsd); never
 * loaded or run: no FreeBSD machine was available.
 *
 * Head locks (around one chain run):
 *   epoch  a net epoch section per chain run: pfil's own protection in 14
 *   rw     rw_rlock(9) around the chain run
 *   rm     rm_rlock(9) with a tracker on the stack around the chain run
 *   none   the chain run alone
 * pfil_mem_in() asserts the net epoch, so for rw, rm and none the thread
 * enters the net epoch once per batch of chain runs (a batch is kept
 * under about 100 us), as a driver's receive loop does; only `epoch'
 * pays for a section per run.
 *
 * Hook locks (around the busy-wait):
 *   null, mtx (MTX_DEF), rw (read), rm (read), spin (MTX_SPIN).
 *   rwsem is Linux's rw_semaphore; the nearest FreeBSD lock, sx(9), may
 *   sleep and must not be taken inside the net epoch, so rwsem is not
 *   offered (EINVAL); the `caps' sysctl lists what is.
 *
 * The timed phase, as in the Linux module: threads are bound (pin=1 one
 * per core of the scheduler's topology, cpu_top, read at run time; pin=2
 * SMT siblings first), each measures its busy-wait, they meet at a start
 * line, warm up for warmup_ms and until every thread has checked in, and
 * the last to check in opens the timed phase.  It ends after COUNT chain
 * runs per thread, or for every thread at once at a common sbinuptime()
 * deadline duration_ms later; a thread done first keeps running the
 * chain, uncounted, until all are (a cool-down), so none measures an
 * uncontended tail.  Each thread records its start and end on one clock,
 * and its count when the first thread ended.  The threads run at a
 * timeshare priority (PB_PRI): user space is not starved during a run.
 *
 * With write_ms > 0 a writer thread takes the head's write side every
 * write_ms on absolute deadlines (msleep_sbt(9) with C_ABSOLUTE):
 * rw_wlock(9), rm_wlock(9), for epoch a grace period (NET_EPOCH_WAIT),
 * for none nothing (the writes are still counted).
 *
 * Control: sysctl debug.pfilbench.* (see README), created at load and
 * removed at unload; the same names, states and results format as the
 * Linux module in kmod/linux.
 */

#include <sys/param.h>
#include <sys/systm.h>
#include <sys/epoch.h>
#include <sys/kernel.h>
#include <sys/kthread.h>
#include <sys/lock.h>
#include <sys/malloc.h>
#include <sys/mbuf.h>
#include <sys/module.h>
#include <sys/mutex.h>
#include <sys/proc.h>
#include <sys/resource.h>
#include <sys/rmlock.h>
#include <sys/rwlock.h>
#include <sys/sbuf.h>
#include <sys/sched.h>
#include <sys/smp.h>
#include <sys/sx.h>
#include <sys/sysctl.h>
#include <sys/time.h>

#include <net/pfil.h>
#include <net/vnet.h>

/*
 * Without options SMP, MAXCPU is 1 (machine/param.h), so cpuset_t has
 * one word, and struct rmlock (rm_writecpus) and struct cpu_group
 * (cg_mask) are not the SMP kernel's: rm_init() would write past the
 * module's locks.  14.x's sys/conf/config.mk defines SMP for a
 * standalone build; a kernel without SMP has no cpu_top to load with.
 */
#ifndef SMP
#error "pfilbench needs options SMP (MAXCPU, cpuset_t, struct rmlock)"
#endif

#define	PB_VERSION	"2.1"
#define	PB_HOOKS_MAX	8		/* hooks registered; a run links 1 to 8 */
#define	PB_TAGLEN	40		/* the controller's name for a run */
#define	PB_NAMELEN	16		/* lock kind names */
#define	PB_ERRLEN	160
#define	PB_PKTLEN	64		/* the packet pfil_mem_in() shows */
#define	PB_BATCH_MAX	64		/* chain runs per net epoch section */
#define	PB_BATCH_NS	100000		/* ... and at most about this long */
#define	PB_DELAY_MAX_NS	1000000		/* 1 ms: the wait may run under a spin lock */
#define	PB_WRITE_MAX_MS	3600000		/* an hour */
#define	PB_DURATION_MAX_MS 3600000
#define	PB_WARMUP_MAX_MS 10000
#define	PB_CAL_NS	2000000		/* busy-wait measurement: about 2 ms */
/*
 * The benchmark threads' priority, set explicitly (not inherited from
 * proc0) and kept: they yield with kern_yield(PRI_UNCHANGED), not
 * maybe_yield(), which would move them to their user priority, and set
 * it again after every sleep, which ULE's static_boost raises to
 * PRI_MIN_BATCH.  A timeshare priority, in ULE's batch range: where ULE
 * puts a CPU-bound user process of nice 0 (SCHED_PRI_MAX of sched_ule.c,
 * PRI_MAX_TIMESHARE less half the nice range).  So user space is not
 * starved however many threads run: an interactive thread runs at the
 * next yield (a batch: at most about 100 us), a CPU-bound one shares the
 * CPU in ULE's calendar queue, as with Linux's nice-0 kernel threads;
 * and a run can be stopped from the shell.  The price: user work that
 * wants the CPU during a run slows it, as it slows lockbench, and ULE
 * preempts a batch-priority thread for an interactive one woken from
 * another CPU, lock held or not (counted in nivcsw).  The least urgent
 * kernel priority, PRI_MAX_KERN, would keep every user thread off the
 * CPUs the threads hold for the whole run (a kthread is not preempted at
 * the end of its slice: that is an AST, taken on the way back to user
 * mode), with no way to stop the run from user space.
 */
#define	PB_PRI		(PRI_MAX_TIMESHARE - (PRIO_MAX - PRIO_MIN) / 2)
CTASSERT(PB_PRI > PRI_MIN_TIMESHARE && PB_PRI <= PRI_MAX_TIMESHARE);

static MALLOC_DEFINE(M_PFILBENCH, "pfilbench", "pfilbench run state");

enum pb_state { PB_IDLE, PB_RUNNING, PB_DONE, PB_ERROR };
static const char *const pb_state_names[] = {
	"idle", "running", "done", "error"
};

enum pb_head { PB_HEAD_EPOCH, PB_HEAD_RW, PB_HEAD_RM, PB_HEAD_NONE };
static const char *const pb_head_names[] = { "epoch", "rw", "rm", "none" };

enum pb_hook { PB_HOOK_NULL, PB_HOOK_MTX, PB_HOOK_RW, PB_HOOK_RM,
    PB_HOOK_SPIN };
static const char *const pb_hook_names[] = {
	"null", "mtx", "rw", "rm", "spin"
};

/*
 * What each name is in this kernel (the `impl' sysctl): the primitive,
 * and how a thread that finds it taken waits: none (epoch(9) readers
 * never wait), adaptive (it spins while the owner runs, then blocks on a
 * turnstile: MTX_DEF mutexes, rwlock(9); a non-sleepable rmlock(9)'s
 * reader that meets a writer takes the lock's MTX_DEF mutex,
 * _rm_rlock_hard() in kern_rmlock.c), spin (MTX_SPIN, interrupts off).
 * Adaptive spinning needs options SMP (ADAPTIVE_MUTEXES, ADAPTIVE_RWLOCKS
 * in kern_mutex.c and kern_rwlock.c); a UP kernel blocks at once.
 */
static const char *const pb_head_impl[] = {
	"epoch(9)(none)", "rwlock(9)(adaptive)", "rmlock(9)(adaptive)", "none"
};
static const char *const pb_hook_impl[] = {
	"none", "mtx(9)(adaptive)", "rwlock(9)(adaptive)",
	"rmlock(9)(adaptive)", "mtx(9)(spin)"
};
CTASSERT(nitems(pb_head_impl) == nitems(pb_head_names));
CTASSERT(nitems(pb_hook_impl) == nitems(pb_hook_names));

enum pb_input { PB_INPUT_MEM, PB_INPUT_MBUF };
static const char *const pb_input_names[] = { "mem", "mbuf" };

/* What the sysctls set; read once, under pb_sc.lock, by start. */
struct pb_cfg {
	int		threads;
	uint64_t	count;
	int		duration_ms;
	int		warmup_ms;
	int		delay_ns;
	int		hooks;
	int		shared;
	int		write_ms;
	int		pin;
	char		head[PB_NAMELEN];
	char		hook[PB_NAMELEN];
	char		input[PB_NAMELEN];
	char		tag[PB_TAGLEN];
};

/* One run, validated; written before the threads exist, then read-only. */
struct pb_run {
	uint64_t	id;
	int		nthreads;
	uint64_t	count;
	enum pb_head	head;
	enum pb_hook	hook;
	enum pb_input	input;
	int		write_ms;
	int		pin;
	int		delay_ns;
	int		hooks;
	int		shared;
	int		duration_ms;
	int		warmup_ms;
	char		tag[PB_TAGLEN];
	sbintime_t	spin_sbt;	/* a busy-wait spins this long */
	uint64_t	clock_ns;	/* one sbinuptime(), measured */
	u_int		batch;		/* chain runs per net epoch section */
};

/*
 * A kernel thread we started.  It never exits on its own: at the end it
 * parks until reaped (pb_reap), so that the reaper is already asleep on
 * the thread when kthread_exit() does wakeup(td), and no code of this
 * module runs after that.
 */
struct pb_kthread {
	struct thread	*td;
	bool		 reap;
};

struct pb_worker {
	struct pb_kthread kt;
	int		 id;
	int		 bind_cpu;	/* -1: not pinned */
	int		 cpu;		/* where it finished */
	uint64_t	 calls;		/* chain runs in the timed phase */
	uint64_t	 calls_first;	/* ... when the first thread ended it */
	sbintime_t	 start, end;	/* sbinuptime() */
	uint64_t	 busywait_ns;	/* one hook's wait, measured */
	long		 nvcsw, nivcsw;	/* td_ru, over the timed phase */
	uint64_t	 yields;	/* kern_yield() calls: the batches */
	uint64_t	 migrations;	/* CPU changes seen between batches */
} __aligned(CACHE_LINE_SIZE);

/* The hooks' context (pa_ruleset): each hook has its own lock of each kind. */
struct pb_hookctx {
	struct mtx	mtx;
	struct mtx	spin;
	struct rwlock	rw;
	struct rmlock	rm;
	int		idx;
} __aligned(CACHE_LINE_SIZE);

static struct pb_softc {
	/*
	 * lock (MTX_SYSINIT) protects everything below that the threads and
	 * handlers share.  It and ctl are destroyed by SYSUNINIT, after
	 * MOD_UNLOAD has removed the sysctls (sysctl_remove_oid() waits for
	 * the handlers running on them), so a handler can always take them.
	 */
	struct mtx	 lock;
	struct pb_cfg	 cfg;
	enum pb_state	 state;
	char		 errmsg[PB_ERRLEN];
	bool		 gone;		/* unloading, or the load failed */
	int		 inflight;	/* sysctl handlers inside this module */
	volatile int	 stop;		/* threads: leave now (stop, unload) */
	bool		 go;		/* start line */
	int		 ready;
	volatile u_int	 warming;	/* workers not yet warmed up */
	volatile u_int	 cooling;	/* workers not done with the timed phase */
	bool		 timed;		/* the timed phase began */
	sbintime_t	 t_go;		/* ... at this sbinuptime() */
	int		 live;		/* threads (writer too) not finished */
	uint64_t	 nruns;
	uint64_t	 writes;
	uint64_t	 write_ns;
	uint64_t	 missed;	/* writer periods skipped */
	sbintime_t	 wstart, wend;
	int		 writer_cpu;
	int		 writer_bound;
	struct sysctl_oid *oid;		/* debug.pfilbench */

	/*
	 * The first worker to end its timed phase sets it; every worker
	 * reads it after each batch until it has seen it (calls_first).
	 * Written once a run: a line of its own.
	 */
	volatile u_int	 first_end __aligned(CACHE_LINE_SIZE);

	/*
	 * Run state: changed only with ctl held exclusively.  run and head
	 * are read on every call: a line of their own, not shared with the
	 * counters above.
	 */
	struct pb_run	 run __aligned(CACHE_LINE_SIZE);
	struct pb_worker *workers;
	int		 nworkers;	/* slots in workers[] */
	struct pb_kthread writer;

	/* pfil(9) */
	pfil_head_t	 head;
	pfil_hook_t	 hooks[PB_HOOKS_MAX];
	bool		 linked[PB_HOOKS_MAX];

	/* Locks under test. */
	bool		 locks_inited;
	struct rwlock	 head_rw __aligned(CACHE_LINE_SIZE);
	struct rmlock	 head_rm __aligned(CACHE_LINE_SIZE);
	struct pb_hookctx hookctx[PB_HOOKS_MAX];
} pb_sc = {
	.cfg = {
		.threads = 1,
		.count = 100000,
		.duration_ms = 0,
		.warmup_ms = 10,
		.delay_ns = 1000,
		.hooks = 3,
		.shared = 0,
		.write_ms = 0,
		.pin = 0,
		.head = "rm",
		.hook = "null",
		.input = "mem",
		.tag = "",
	},
	.state = PB_IDLE,
};

MTX_SYSINIT(pfilbench_lock, &pb_sc.lock, "pfilbench", MTX_DEF);
static struct sx pb_ctl;	/* serializes start, results and unload */
SX_SYSINIT(pfilbench_ctl, &pb_ctl, "pfilbench control");

/* ------------------------------------------------------------------ */
/* The work inside a hook. */

/*
 * The busy-wait: spin on the uptime clock, which defines its length
 * whatever the CPU's speed, with cpu_spinwait() (PAUSE) between reads; no
 * DELAY(9) and no loop calibrated once on one CPU.  The deadline is
 * shortened by one clock read, what the last read adds on average; each
 * thread measures the real length on its own CPU before the run.
 * sbinuptime() reads the timecounter without a lock: allowed under a
 * spin mutex.
 */
static __inline void
pb_busywait(const struct pb_run *r)
{
	sbintime_t end;

	if (r->delay_ns == 0)
		return;
	end = sbinuptime() + r->spin_sbt;
	while (sbinuptime() < end)
		cpu_spinwait();
}

/* The cost of one sbinuptime(), the busy-wait's clock. */
static uint64_t
pb_clock_cost(void)
{
	sbintime_t t0;
	int i;

	t0 = sbinuptime();
	for (i = 0; i < 256; i++)
		(void)sbinuptime();
	return (sbttons(sbinuptime() - t0) / 257);
}

/* The mean length of one busy-wait on this CPU, over about PB_CAL_NS. */
static uint64_t
pb_measure_busywait(const struct pb_run *r)
{
	sbintime_t t0;
	uint64_t i, n;

	if (r->delay_ns == 0)
		return (0);
	n = MIN(1000, MAX(8, PB_CAL_NS / r->delay_ns));
	t0 = sbinuptime();
	for (i = 0; i < n; i++)
		pb_busywait(r);
	return (sbttons(sbinuptime() - t0) / n);
}

static void
pb_hook_work(struct pb_hookctx *h)
{
	const struct pb_run *r = &pb_sc.run;
	struct rm_priotracker rmt;

	/* The 2007 shape: one lock for every hook. */
	if (r->shared)
		h = &pb_sc.hookctx[0];
	switch (r->hook) {
	case PB_HOOK_NULL:
		pb_busywait(r);
		break;
	case PB_HOOK_MTX:
		mtx_lock(&h->mtx);
		pb_busywait(r);
		mtx_unlock(&h->mtx);
		break;
	case PB_HOOK_RW:
		rw_rlock(&h->rw);
		pb_busywait(r);
		rw_runlock(&h->rw);
		break;
	case PB_HOOK_RM:
		rm_rlock(&h->rm);
		pb_busywait(r);
		rm_runlock(&h->rm, &rmt);
		break;
	case PB_HOOK_SPIN:
		/* A busy-wait: allowed under a spin mutex. */
		mtx_lock_spin(&h->spin);
		pb_busywait(r);
		mtx_unlock_spin(&h->spin);
		break;
	}
}

/* pfil_mem_chk_t: what pfil_mem_in() calls. */
static pfil_return_t
pb_hook_mem(void *mem __unused, u_int len __unused, int flags __unused,
    struct ifnet *ifp __unused, void *ruleset, struct mbuf **mp __unused)
{

	pb_hook_work(ruleset);
	return (PFIL_PASS);
}

/* pfil_mbuf_chk_t: what pfil_mbuf_in() calls (input=mbuf). */
static pfil_return_t
pb_hook_mbuf(struct mbuf **mp __unused, struct ifnet *ifp __unused,
    int flags __unused, void *ruleset, struct inpcb *inp __unused)
{

	pb_hook_work(ruleset);
	return (PFIL_PASS);
}

/* ------------------------------------------------------------------ */
/* The threads. */

/* One pass over the chain; the caller is in the net epoch. */
static __inline int
pb_chain(struct pb_softc *sc, const struct pb_run *r, void *pkt,
    struct mbuf **mp)
{
	struct mbuf *m;
	int rv;

	if (r->input == PB_INPUT_MBUF)
		return (pfil_mbuf_in(sc->head, mp, NULL, NULL));
	m = NULL;
	rv = pfil_mem_in(sc->head, pkt, PB_PKTLEN, NULL, &m);
	if (rv == PFIL_REALLOCED && m != NULL)	/* not from our hooks */
		m_freem(m);
	return (rv);
}

/* One chain run under the head lock. */
static __inline int
pb_one(struct pb_softc *sc, const struct pb_run *r, void *pkt,
    struct mbuf **mp)
{
	struct epoch_tracker et;
	struct rm_priotracker rmt;
	int rv;

	switch (r->head) {
	case PB_HEAD_EPOCH:
		NET_EPOCH_ENTER(et);
		rv = pb_chain(sc, r, pkt, mp);
		NET_EPOCH_EXIT(et);
		break;
	case PB_HEAD_RW:
		rw_rlock(&sc->head_rw);
		rv = pb_chain(sc, r, pkt, mp);
		rw_runlock(&sc->head_rw);
		break;
	case PB_HEAD_RM:
		rm_rlock(&sc->head_rm, &rmt);
		rv = pb_chain(sc, r, pkt, mp);
		rm_runlock(&sc->head_rm, &rmt);
		break;
	case PB_HEAD_NONE:
	default:
		rv = pb_chain(sc, r, pkt, mp);
		break;
	}
	return (rv);
}

/*
 * A batch of at most max chain runs inside one net epoch section (for
 * the epoch head, a section per run): the number done, *rv the last
 * pfil verdict.  Then a yield, outside every lock and section, that
 * keeps the thread's priority.
 */
static uint64_t
pb_batch(struct pb_softc *sc, const struct pb_run *r, void *pkt,
    struct mbuf **mp, uint64_t max, int *rv)
{
	struct epoch_tracker et;
	u_int j, n;

	n = (u_int)MIN(max, (uint64_t)r->batch);
	*rv = PFIL_PASS;
	if (r->head != PB_HEAD_EPOCH)
		NET_EPOCH_ENTER(et);
	for (j = 0; j < n; j++) {
		*rv = pb_one(sc, r, pkt, mp);
		if (*rv != PFIL_PASS)
			break;
	}
	if (r->head != PB_HEAD_EPOCH)
		NET_EPOCH_EXIT(et);
	kern_yield(PRI_UNCHANGED);
	return (j);
}

/*
 * A thread is done with the run (sc->lock held); the last one ends it.
 * A run already ended by stop, unload or a failure keeps its state.
 */
static void
pb_finish(struct pb_softc *sc)
{

	mtx_assert(&sc->lock, MA_OWNED);
	if (--sc->live > 0)
		return;
	if (sc->state == PB_RUNNING)
		sc->state = PB_DONE;
	wakeup(&sc->state);		/* readers of `wait' */
}

/* End the run in progress as an error (sc->lock held). */
static void
pb_fail(struct pb_softc *sc, const char *why)
{

	mtx_assert(&sc->lock, MA_OWNED);
	if (sc->state == PB_RUNNING) {
		sc->state = PB_ERROR;
		strlcpy(sc->errmsg, why, sizeof(sc->errmsg));
		wakeup(&sc->state);
	}
	sc->stop = 1;
	wakeup(&sc->go);
	wakeup(&sc->writer);
}

/* Called with sc->lock held; returns with it released. */
static void
pb_park(struct pb_softc *sc, struct pb_kthread *kt)
{

	mtx_assert(&sc->lock, MA_OWNED);
	while (!kt->reap)
		msleep(kt, &sc->lock, 0, "pbpark", 0);
	mtx_unlock(&sc->lock);
}

/*
 * The priority every benchmark thread runs at (PB_PRI), and its CPU
 * (cpu >= 0).  Called again after each sleep: a sleep may leave the
 * thread at ULE's static_boost priority.
 */
static void
pb_thread_setup(int cpu)
{

	thread_lock(curthread);
	sched_prio(curthread, PB_PRI);
	if (cpu >= 0)
		sched_bind(curthread, cpu);
	thread_unlock(curthread);
}

/* The start line: the last worker to arrive lets everyone go. */
static void
pb_start_line(struct pb_softc *sc, bool worker)
{

	mtx_lock(&sc->lock);
	if (worker && ++sc->ready == sc->run.nthreads) {
		sc->go = true;
		wakeup(&sc->go);
	}
	while (!sc->go && !sc->stop)
		msleep(&sc->go, &sc->lock, 0, "pbgo", 0);
	mtx_unlock(&sc->lock);
}

/*
 * The scheduler's CPU topology, built once at boot (sched_ule.c, options
 * SMP): the tree kern.sched.topology_spec prints.  No header declares it
 * (iflib.c declares it as here).  Not smp_topo(): that builds a new tree
 * from subr_smp.c's static pool of groups on each call, without bound.
 * A kernel without SMP or SCHED_ULE has no cpu_top: kldload refuses the
 * module there, naming the symbol; GENERIC has both on every platform.
 * Read at run time, not chosen by an #ifdef of this build.
 */
extern struct cpu_group *cpu_top;

/*
 * Is g one core's hardware threads?  The scheduler flags such a group
 * CG_FLAG_THREAD (HTT or SMT); a group of CPUs sharing their L1 cache
 * (CG_SHARE_L1) is one core as well.
 */
static bool
pb_is_core(const struct cpu_group *g)
{

	return (g->cg_count > 1 && ((g->cg_flags & CG_FLAG_THREAD) != 0 ||
	    g->cg_level == CG_SHARE_L1));
}

/*
 * The first CPU of cpu's core: the first group of one core's hardware
 * threads on the way from the top of the topology down to cpu; cpu
 * itself when there is none (no SMT, or arm64's flat topology).
 */
static int
pb_core_of(int cpu)
{
	const struct cpu_group *g;
	int i;

	g = cpu_top;
	while (g != NULL && CPU_ISSET(cpu, &g->cg_mask)) {
		if (pb_is_core(g))
			return (CPU_FFS(&g->cg_mask) - 1);
		for (i = 0; i < g->cg_children; i++)
			if (CPU_ISSET(cpu, &g->cg_child[i].cg_mask))
				break;
		g = i < g->cg_children ? &g->cg_child[i] : NULL;
	}
	return (cpu);
}

static void
pb_worker(void *arg)
{
	struct pb_worker *w = arg;
	struct pb_softc *sc = &pb_sc;
	const struct pb_run *r = &sc->run;
	struct mbuf *m;
	sbintime_t t0, deadline, warmup;
	uint64_t i, max, nyield;
	long nvcsw, nivcsw;
	u_int left;
	int cpu, lastcpu, rv;
	bool seen;
	char why[PB_ERRLEN];
	char pkt[PB_PKTLEN] __aligned(sizeof(void *));

	memset(pkt, 0, sizeof(pkt));
	m = NULL;
	if (r->input == PB_INPUT_MBUF) {
		/* One mbuf per thread, reused: no allocation per call. */
		m = m_gethdr(M_WAITOK, MT_DATA);
		m->m_len = m->m_pkthdr.len = PB_PKTLEN;
	}
	pb_thread_setup(w->bind_cpu);
	w->busywait_ns = pb_measure_busywait(r);
	pb_start_line(sc, true);
	pb_thread_setup(-1);

	/* Warm up for warmup_ms, then until every worker has checked in. */
	rv = PFIL_PASS;
	warmup = sbinuptime() + SBT_1MS * r->warmup_ms;
	do {
		(void)pb_batch(sc, r, pkt, &m, UINT64_MAX, &rv);
	} while (sbinuptime() < warmup && !sc->stop && rv == PFIL_PASS);
	/*
	 * Check in; the last one opens the timed phase for all: t_go is set
	 * before warming is released to 0, which the others wait for.
	 */
	mtx_lock(&sc->lock);
	if (sc->warming == 1) {
		sc->t_go = sbinuptime();
		sc->timed = true;
		wakeup(&sc->writer);
	}
	atomic_store_rel_int(&sc->warming, sc->warming - 1);
	mtx_unlock(&sc->lock);
	while (atomic_load_acq_int(&sc->warming) > 0 && !sc->stop &&
	    rv == PFIL_PASS)
		(void)pb_batch(sc, r, pkt, &m, UINT64_MAX, &rv);

	mtx_lock(&sc->lock);
	deadline = sc->t_go + SBT_1MS * r->duration_ms;
	mtx_unlock(&sc->lock);
	nvcsw = curthread->td_ru.ru_nvcsw;
	nivcsw = curthread->td_ru.ru_nivcsw;
	lastcpu = curcpu;
	i = nyield = 0;
	seen = false;
	t0 = sbinuptime();
	w->start = t0;
	while (rv == PFIL_PASS && !sc->stop) {
		if (r->duration_ms > 0) {
			/* One clock read a batch (at most ~100 us). */
			if (i > 0 && sbinuptime() >= deadline)
				break;
			max = UINT64_MAX;
		} else {
			if (i >= r->count)
				break;
			max = r->count - i;
		}
		i += pb_batch(sc, r, pkt, &m, max, &rv);
		nyield++;
		cpu = curcpu;
		if (cpu != lastcpu) {
			w->migrations++;
			lastcpu = cpu;
		}
		/* Where this thread was when the first one ended (a batch). */
		if (!seen && atomic_load_acq_int(&sc->first_end) != 0) {
			w->calls_first = i;
			seen = true;
		}
	}
	w->end = sbinuptime();
	left = atomic_fetchadd_int(&sc->cooling, (u_int)-1);
	if (left == (u_int)r->nthreads)
		atomic_store_rel_int(&sc->first_end, 1);
	w->calls = i;
	if (!seen)
		w->calls_first = i;
	w->yields = nyield;
	w->cpu = curcpu;		/* where it finished, bound or not */
	w->nvcsw = curthread->td_ru.ru_nvcsw - nvcsw;
	w->nivcsw = curthread->td_ru.ru_nivcsw - nivcsw;

	/* Cool down: keep the others contended until the last is done. */
	if (left == 1) {
		mtx_lock(&sc->lock);
		wakeup(&sc->writer);
		mtx_unlock(&sc->lock);
	} else {
		while (atomic_load_acq_int(&sc->cooling) > 0 && !sc->stop &&
		    rv == PFIL_PASS)
			(void)pb_batch(sc, r, pkt, &m, UINT64_MAX, &rv);
	}

	if (w->bind_cpu >= 0) {
		thread_lock(curthread);
		sched_unbind(curthread);
		thread_unlock(curthread);
	}
	/* A foreign hook that dropped or consumed the mbuf owns it now. */
	if (m != NULL && rv != PFIL_DROPPED && rv != PFIL_CONSUMED)
		m_freem(m);

	mtx_lock(&sc->lock);
	if (rv != PFIL_PASS) {
		snprintf(why, sizeof(why),
		    "thread %d: pfil returned %d after %ju calls", w->id, rv,
		    (uintmax_t)i);
		pb_fail(sc, why);
	}
	pb_finish(sc);
	pb_park(sc, &w->kt);
	kthread_exit();
}

/*
 * Every write_ms from the start of the timed phase, on absolute
 * deadlines, take the head's write side once, until the workers are
 * done.  A write that ends past the next deadline skips the periods it
 * overran (counted in missed) rather than catching up in a burst; so
 * every deadline between wstart and wend is a write or a missed period.
 */
static void
pb_writer(void *arg __unused)
{
	struct pb_softc *sc = &pb_sc;
	const struct pb_run *r = &sc->run;
	sbintime_t next, now, t1, period;
	uint64_t k;

	pb_thread_setup(sc->writer_bound);
	pb_start_line(sc, false);
	pb_thread_setup(-1);
	period = SBT_1MS * r->write_ms;
	mtx_lock(&sc->lock);
	while (!sc->timed && !sc->stop)
		msleep(&sc->writer, &sc->lock, 0, "pbwgo", 0);
	sc->wstart = sc->t_go;
	next = sc->t_go + period;
	while (!sc->stop && sc->cooling > 0) {
		(void)msleep_sbt(&sc->writer, &sc->lock, 0, "pbwrite", next,
		    0, C_ABSOLUTE);
		if (sc->stop || sc->cooling == 0)
			break;
		now = sbinuptime();
		if (now < next)
			continue;	/* woken early */
		mtx_unlock(&sc->lock);
		pb_thread_setup(-1);	/* the sleep may have raised it */
		now = sbinuptime();
		switch (r->head) {
		case PB_HEAD_RW:
			rw_wlock(&sc->head_rw);
			rw_wunlock(&sc->head_rw);
			break;
		case PB_HEAD_RM:
			rm_wlock(&sc->head_rm);
			rm_wunlock(&sc->head_rm);
			break;
		case PB_HEAD_EPOCH:
			/* The writer's side of epoch: wait for the readers. */
			NET_EPOCH_WAIT();
			break;
		case PB_HEAD_NONE:
			break;
		}
		t1 = sbinuptime();
		mtx_lock(&sc->lock);
		sc->writes++;
		sc->write_ns += sbttons(t1 - now);
		next += period;
		if (t1 >= next) {
			k = (uint64_t)((t1 - next) / period) + 1;
			sc->missed += k;
			next += (sbintime_t)k * period;
		}
	}
	sc->wend = sbinuptime();
	/* Deadlines passed while asleep or since the last write: missed. */
	if (sc->timed && sc->wend >= next)
		sc->missed += (uint64_t)((sc->wend - next) / period) + 1;
	sc->writer_cpu = curcpu;
	if (sc->writer_bound >= 0) {
		thread_lock(curthread);
		sched_unbind(curthread);
		thread_unlock(curthread);
	}
	pb_finish(sc);
	pb_park(sc, &sc->writer);
	kthread_exit();
}

/*
 * Let a parked thread exit and wait until it is inside kthread_exit().
 * The thread can take sc->lock, see `reap' and call kthread_exit() only
 * after msleep() below has put us on the sleep queue of td and dropped
 * the lock, so its wakeup(td) is not lost.
 */
static void
pb_reap(struct pb_softc *sc, struct pb_kthread *kt)
{

	sx_assert(&pb_ctl, SA_XLOCKED);
	mtx_assert(&sc->lock, MA_OWNED);
	if (kt->td == NULL)
		return;
	kt->reap = true;
	wakeup(kt);
	(void)msleep(kt->td, &sc->lock, PWAIT, "pbreap", 0);
	kt->td = NULL;
	kt->reap = false;
}

/*
 * End the run in progress, if any, as an error saying why (why NULL: let
 * it finish), then wait for every thread of the last run to exit.
 */
static void
pb_reap_all(struct pb_softc *sc, const char *why)
{
	int i;

	sx_assert(&pb_ctl, SA_XLOCKED);
	mtx_lock(&sc->lock);
	if (why != NULL)
		pb_fail(sc, why);
	for (i = 0; i < sc->nworkers; i++)
		pb_reap(sc, &sc->workers[i].kt);
	pb_reap(sc, &sc->writer);
	mtx_unlock(&sc->lock);
}

/* ------------------------------------------------------------------ */
/* Starting and stopping a run. */

static int
pb_lookup(const char *const *names, int n, const char *s)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return (i);
	return (-1);
}

/* Check cfg and fill r; on error say why in msg and return EINVAL. */
static int
pb_validate(const struct pb_cfg *c, struct pb_run *r, char *msg, size_t len)
{
	int k, maxthreads;

	memset(r, 0, sizeof(*r));
	maxthreads = 4 * mp_ncpus;
	if (c->threads < 1 || c->threads > maxthreads) {
		snprintf(msg, len, "threads %d: must be 1..%d (4 x %d CPUs)",
		    c->threads, maxthreads, mp_ncpus);
		return (EINVAL);
	}
	if (c->count == 0 && c->duration_ms == 0) {
		snprintf(msg, len, "count must be at least 1");
		return (EINVAL);
	}
	if (c->duration_ms < 0 || c->duration_ms > PB_DURATION_MAX_MS) {
		snprintf(msg, len, "duration_ms %d: must be 0..%d",
		    c->duration_ms, PB_DURATION_MAX_MS);
		return (EINVAL);
	}
	if (c->warmup_ms < 0 || c->warmup_ms > PB_WARMUP_MAX_MS) {
		snprintf(msg, len, "warmup_ms %d: must be 0..%d",
		    c->warmup_ms, PB_WARMUP_MAX_MS);
		return (EINVAL);
	}
	if (c->hooks < 1 || c->hooks > PB_HOOKS_MAX) {
		snprintf(msg, len, "hooks %d: 1 to %d", c->hooks, PB_HOOKS_MAX);
		return (EINVAL);
	}
	if (c->shared != 0 && c->shared != 1) {
		snprintf(msg, len, "shared %d: must be 0 or 1", c->shared);
		return (EINVAL);
	}
	if (c->delay_ns < 0 || c->delay_ns > PB_DELAY_MAX_NS) {
		snprintf(msg, len, "delay_ns %d: must be 0..%d (1 ms)",
		    c->delay_ns, PB_DELAY_MAX_NS);
		return (EINVAL);
	}
	if (c->write_ms < 0 || c->write_ms > PB_WRITE_MAX_MS) {
		snprintf(msg, len, "write_ms %d: must be 0..%d", c->write_ms,
		    PB_WRITE_MAX_MS);
		return (EINVAL);
	}
	if (c->pin < 0 || c->pin > 2) {
		snprintf(msg, len, "pin %d: 0 (unbound), 1 (cores) or 2 (SMT)",
		    c->pin);
		return (EINVAL);
	}
	if ((k = pb_lookup(pb_head_names, nitems(pb_head_names),
	    c->head)) < 0) {
		snprintf(msg, len, "unknown head lock '%s' (epoch, rw, rm, none)",
		    c->head);
		return (EINVAL);
	}
	r->head = k;
	if (strcmp(c->hook, "rwsem") == 0) {
		snprintf(msg, len, "hook lock rwsem is Linux's rw_semaphore; "
		    "FreeBSD's sx(9) may sleep, not allowed in the net epoch");
		return (EINVAL);
	}
	if ((k = pb_lookup(pb_hook_names, nitems(pb_hook_names),
	    c->hook)) < 0) {
		snprintf(msg, len,
		    "unknown hook lock '%s' (null, mtx, rw, rm, spin)", c->hook);
		return (EINVAL);
	}
	r->hook = k;
	if ((k = pb_lookup(pb_input_names, nitems(pb_input_names),
	    c->input)) < 0) {
		snprintf(msg, len, "unknown input '%s' (mem, mbuf)", c->input);
		return (EINVAL);
	}
	r->input = k;
	r->nthreads = c->threads;
	r->count = c->count;
	r->write_ms = c->write_ms;
	r->pin = c->pin;
	r->delay_ns = c->delay_ns;
	r->hooks = c->hooks;
	r->shared = c->shared;
	r->duration_ms = c->duration_ms;
	r->warmup_ms = c->warmup_ms;
	strlcpy(r->tag, c->tag, sizeof(r->tag));
	/* A batch of chain runs lasts at most ~PB_BATCH_NS. */
	r->batch = PB_BATCH_MAX;
	if (c->delay_ns > 0)
		r->batch = MAX(1, MIN(PB_BATCH_MAX,
		    PB_BATCH_NS / (c->hooks * c->delay_ns)));
	return (0);
}

/*
 * Where threads go: order[] lists every CPU once, in the order they are
 * handed out.  pin=1: the first CPU of each core, then the other SMT
 * siblings; pin=2: the siblings of one core before the next core.  The
 * cores come from the scheduler's topology (pb_core_of(): cpu_top, its
 * CG_FLAG_THREAD or CG_SHARE_L1 groups).  Returns how many.
 */
static int
pb_cpu_order(int *order, int max, int pin)
{
	int cpu, sib, n;

	n = 0;
	CPU_FOREACH(cpu) {
		if (pb_core_of(cpu) != cpu)
			continue;
		if (pin == 1) {
			if (n < max)
				order[n++] = cpu;
			continue;
		}
		CPU_FOREACH(sib)
			if (pb_core_of(sib) == cpu && n < max)
				order[n++] = sib;
	}
	if (pin == 1) {
		CPU_FOREACH(cpu)
			if (pb_core_of(cpu) != cpu && n < max)
				order[n++] = cpu;
	}
	return (n);
}

/*
 * Link the run's hooks into the head, in order, after unlinking the last
 * run's (no thread runs: pfil frees the old links after an epoch).
 */
static int
pb_link_hooks(struct pb_softc *sc, int n)
{
	struct pfil_link_args pla;
	int error, i;

	error = 0;
	CURVNET_SET(vnet0);
	for (i = 0; i < PB_HOOKS_MAX; i++) {
		if (!sc->linked[i])
			continue;
		memset(&pla, 0, sizeof(pla));
		pla.pa_version = PFIL_VERSION;
		pla.pa_flags = PFIL_IN | PFIL_UNLINK | PFIL_HEADPTR |
		    PFIL_HOOKPTR;
		pla.pa_head = sc->head;
		pla.pa_hook = sc->hooks[i];
		(void)pfil_link(&pla);
		sc->linked[i] = false;
	}
	for (i = 0; i < n && error == 0; i++) {
		/* Append: the input chain runs hook0, hook1, ... */
		memset(&pla, 0, sizeof(pla));
		pla.pa_version = PFIL_VERSION;
		pla.pa_flags = PFIL_IN | PFIL_HEADPTR | PFIL_HOOKPTR |
		    PFIL_APPEND;
		pla.pa_head = sc->head;
		pla.pa_hook = sc->hooks[i];
		error = pfil_link(&pla);
		if (error == 0)
			sc->linked[i] = true;
	}
	CURVNET_RESTORE();
	return (error);
}

static int
pb_start(struct pb_softc *sc)
{
	struct pb_cfg cfg;
	struct pb_run r;
	char msg[PB_ERRLEN];
	int *order;
	int error, i, n, nlive, wcpu;

	sx_xlock(&pb_ctl);
	mtx_lock(&sc->lock);
	if (sc->gone) {
		mtx_unlock(&sc->lock);
		sx_xunlock(&pb_ctl);
		return (ENXIO);
	}
	if (sc->state == PB_RUNNING) {
		mtx_unlock(&sc->lock);
		sx_xunlock(&pb_ctl);
		return (EBUSY);
	}
	cfg = sc->cfg;
	mtx_unlock(&sc->lock);

	msg[0] = '\0';
	error = pb_validate(&cfg, &r, msg, sizeof(msg));
	if (error != 0) {
		/* Nothing started; the state of the last run stays. */
		mtx_lock(&sc->lock);
		strlcpy(sc->errmsg, msg, sizeof(sc->errmsg));
		mtx_unlock(&sc->lock);
		sx_xunlock(&pb_ctl);
		return (error);
	}

	/* The threads of the last run are parked: let them go. */
	pb_reap_all(sc, NULL);
	error = pb_link_hooks(sc, r.hooks);
	if (error != 0) {
		mtx_lock(&sc->lock);
		snprintf(sc->errmsg, sizeof(sc->errmsg),
		    "pfil_link: error %d", error);
		mtx_unlock(&sc->lock);
		sx_xunlock(&pb_ctl);
		return (error);
	}
	free(sc->workers, M_PFILBENCH);
	sc->workers = malloc(sizeof(*sc->workers) * r.nthreads, M_PFILBENCH,
	    M_WAITOK | M_ZERO);
	sc->nworkers = r.nthreads;
	order = malloc(sizeof(*order) * (mp_maxid + 1), M_PFILBENCH,
	    M_WAITOK | M_ZERO);
	n = r.pin ? pb_cpu_order(order, mp_maxid + 1, r.pin) : 0;
	for (i = 0; i < r.nthreads; i++) {
		sc->workers[i].id = i;
		sc->workers[i].bind_cpu = n > 0 ? order[i % n] : -1;
		sc->workers[i].cpu = -1;
	}
	/* The writer gets a CPU of its own when one is left. */
	wcpu = r.nthreads < n ? order[r.nthreads] : -1;
	free(order, M_PFILBENCH);
	r.clock_ns = pb_clock_cost();
	r.spin_sbt = nstosbt((uint64_t)r.delay_ns -
	    MIN((uint64_t)r.delay_ns, r.clock_ns));

	nlive = r.nthreads + (r.write_ms > 0 ? 1 : 0);
	mtx_lock(&sc->lock);
	r.id = ++sc->nruns;
	sc->run = r;
	/* RUNNING before the first thread exists: a short run may end at once. */
	sc->state = PB_RUNNING;
	sc->errmsg[0] = '\0';
	sc->stop = 0;
	sc->go = false;
	sc->ready = 0;
	sc->timed = false;
	sc->t_go = 0;
	sc->warming = r.nthreads;
	sc->cooling = r.nthreads;
	sc->first_end = 0;
	sc->live = nlive;
	sc->writes = 0;
	sc->write_ns = 0;
	sc->missed = 0;
	sc->wstart = sc->wend = 0;
	sc->writer_cpu = -1;
	sc->writer_bound = wcpu;
	mtx_unlock(&sc->lock);

	error = 0;
	for (i = 0; i < r.nthreads && error == 0; i++)
		error = kthread_add(pb_worker, &sc->workers[i], NULL,
		    &sc->workers[i].kt.td, 0, 0, "pfilbench %d", i);
	if (error == 0 && r.write_ms > 0)
		error = kthread_add(pb_writer, NULL, NULL, &sc->writer.td,
		    0, 0, "pfilbench writer");
	if (error != 0) {
		/*
		 * The threads created wait at the start line: stop them.
		 * Those not created will never finish: count them out.
		 */
		snprintf(msg, sizeof(msg), "cannot create a thread: error %d",
		    error);
		mtx_lock(&sc->lock);
		for (i = 0; i < r.nthreads; i++)
			if (sc->workers[i].kt.td == NULL)
				sc->live--;
		if (r.write_ms > 0 && sc->writer.td == NULL)
			sc->live--;
		pb_fail(sc, msg);
		mtx_unlock(&sc->lock);
		pb_reap_all(sc, NULL);
	}
	sx_xunlock(&pb_ctl);
	return (error);
}

/* ------------------------------------------------------------------ */
/* Attach and detach: one unwind path for a failed load and for unload. */

static void
pb_locks_init(struct pb_softc *sc)
{
	struct pb_hookctx *h;
	int i;

	rw_init(&sc->head_rw, "pfilbench head rw");
	rm_init(&sc->head_rm, "pfilbench head rm");
	for (i = 0; i < PB_HOOKS_MAX; i++) {
		h = &sc->hookctx[i];
		h->idx = i;
		mtx_init(&h->mtx, "pfilbench hook mtx", NULL, MTX_DEF);
		mtx_init(&h->spin, "pfilbench hook spin", NULL, MTX_SPIN);
		rw_init(&h->rw, "pfilbench hook rw");
		rm_init(&h->rm, "pfilbench hook rm");
	}
	sc->locks_inited = true;
}

static void
pb_locks_destroy(struct pb_softc *sc)
{
	struct pb_hookctx *h;
	int i;

	if (!sc->locks_inited)
		return;
	for (i = 0; i < PB_HOOKS_MAX; i++) {
		h = &sc->hookctx[i];
		rm_destroy(&h->rm);
		rw_destroy(&h->rw);
		mtx_destroy(&h->spin);
		mtx_destroy(&h->mtx);
	}
	rm_destroy(&sc->head_rm);
	rw_destroy(&sc->head_rw);
	sc->locks_inited = false;
}

/*
 * Undo whatever pb_attach() did; safe to call twice (the kernel sends
 * MOD_UNLOAD after a failed MOD_LOAD, which has already unwound).
 */
static void
pb_detach(struct pb_softc *sc)
{
	struct sysctl_oid *oid;
	int i;

	/*
	 * First the sysctls, while the module is still here: tell the
	 * handlers (gone: they answer ENXIO), wake the readers of `wait',
	 * then remove the tree; sysctl_remove_oid() waits for the handlers
	 * still running on it, so none runs after this, and none touches an
	 * oid of a module that is gone.  Then stop and reap the threads.
	 */
	mtx_lock(&sc->lock);
	sc->gone = true;
	wakeup(&sc->state);
	oid = sc->oid;
	sc->oid = NULL;
	mtx_unlock(&sc->lock);
	if (oid != NULL)
		(void)sysctl_remove_oid(oid, 1, 1);
	mtx_lock(&sc->lock);
	while (sc->inflight > 0)
		msleep(&sc->inflight, &sc->lock, 0, "pbdrain", 0);
	mtx_unlock(&sc->lock);

	sx_xlock(&pb_ctl);
	pb_reap_all(sc, "stopped: module unloading");

	/* No thread runs the chain any more. */
	CURVNET_SET(vnet0);
	for (i = 0; i < PB_HOOKS_MAX; i++) {
		if (sc->hooks[i] != NULL) {
			/* Unlinks it from every head; the links go by epoch. */
			pfil_remove_hook(sc->hooks[i]);
			sc->hooks[i] = NULL;
		}
		sc->linked[i] = false;
	}
	if (sc->head != NULL) {
		pfil_head_unregister(sc->head);
		sc->head = NULL;
	}
	CURVNET_RESTORE();
	NET_EPOCH_WAIT();

	pb_locks_destroy(sc);
	free(sc->workers, M_PFILBENCH);
	sc->workers = NULL;
	sc->nworkers = 0;
	sx_xunlock(&pb_ctl);
}

/*
 * Register the head and PB_HOOKS_MAX hooks; a run links the first
 * `hooks' of them (pb_link_hooks()), the default three at load.
 */
static int
pb_attach(struct pb_softc *sc)
{
	struct pfil_head_args pha;
	struct pfil_hook_args pka;
	static const char *const rulnames[PB_HOOKS_MAX] = {
		"hook0", "hook1", "hook2", "hook3", "hook4", "hook5",
		"hook6", "hook7"
	};
	int error, i;

	pb_locks_init(sc);

	CURVNET_SET(vnet0);
	memset(&pha, 0, sizeof(pha));
	pha.pa_version = PFIL_VERSION;
	pha.pa_flags = PFIL_IN;
	pha.pa_type = PFIL_TYPE_ETHERNET;
	pha.pa_headname = "pfilbench";
	sc->head = pfil_head_register(&pha);

	for (i = 0; i < PB_HOOKS_MAX; i++) {
		memset(&pka, 0, sizeof(pka));
		pka.pa_version = PFIL_VERSION;
		pka.pa_flags = PFIL_IN;
		pka.pa_type = PFIL_TYPE_ETHERNET;
		pka.pa_mbuf_chk = pb_hook_mbuf;
		pka.pa_mem_chk = pb_hook_mem;
		pka.pa_ruleset = &sc->hookctx[i];
		pka.pa_modname = "pfilbench";
		pka.pa_rulname = rulnames[i];
		sc->hooks[i] = pfil_add_hook(&pka);
	}
	CURVNET_RESTORE();
	error = pb_link_hooks(sc, sc->cfg.hooks);
	if (error != 0) {
		printf("pfilbench: pfil_link: error %d\n", error);
		pb_detach(sc);
	}
	return (error);
}

/* ------------------------------------------------------------------ */
/* sysctl debug.pfilbench */

/*
 * Every handler counts itself in `inflight' so that MOD_UNLOAD can wait
 * for the handlers still inside the module (sysctl_unregister_oid() does
 * not wait for them).
 */
static int
pb_enter(struct pb_softc *sc)
{

	mtx_lock(&sc->lock);
	if (sc->gone) {
		mtx_unlock(&sc->lock);
		return (ENXIO);
	}
	sc->inflight++;
	mtx_unlock(&sc->lock);
	return (0);
}

static void
pb_leave(struct pb_softc *sc)
{

	mtx_lock(&sc->lock);
	if (--sc->inflight == 0 && sc->gone)
		wakeup(&sc->inflight);
	mtx_unlock(&sc->lock);
}

/*
 * Store a new configuration value (sc->lock held): EBUSY while a run is
 * in progress, so that the configuration shown is the running one.
 */
static int
pb_cfg_store(struct pb_softc *sc, void *dst, const void *src, size_t len)
{

	mtx_assert(&sc->lock, MA_OWNED);
	if (sc->state == PB_RUNNING)
		return (EBUSY);
	memcpy(dst, src, len);
	return (0);
}

/* An int of cfg: copied under the lock, never handled under it. */
static int
pb_sysctl_int(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	int error, v;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	mtx_lock(&sc->lock);
	v = *(int *)arg1;
	mtx_unlock(&sc->lock);
	error = sysctl_handle_int(oidp, &v, 0, req);
	if (error == 0 && req->newptr != NULL) {
		mtx_lock(&sc->lock);
		error = pb_cfg_store(sc, arg1, &v, sizeof(v));
		mtx_unlock(&sc->lock);
	}
	pb_leave(sc);
	return (error);
}

static int
pb_sysctl_u64(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	uint64_t v;
	int error;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	mtx_lock(&sc->lock);
	v = *(uint64_t *)arg1;
	mtx_unlock(&sc->lock);
	error = sysctl_handle_64(oidp, &v, 0, req);
	if (error == 0 && req->newptr != NULL) {
		mtx_lock(&sc->lock);
		error = pb_cfg_store(sc, arg1, &v, sizeof(v));
		mtx_unlock(&sc->lock);
	}
	pb_leave(sc);
	return (error);
}

/*
 * A lock kind name (arg2: 0 head, 1 hook, 2 input), or the run's tag
 * (3: one word of [A-Za-z0-9_.:-], the controller's name for the run).
 * An unknown name is refused when written, with the reason in `error';
 * start checks again.
 */
static int
pb_sysctl_name(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	struct pb_cfg c;
	struct pb_run r;
	char buf[PB_TAGLEN], msg[PB_ERRLEN];
	size_t i, size;
	int error;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	size = arg2 == 3 ? PB_TAGLEN : PB_NAMELEN;
	memset(buf, 0, sizeof(buf));
	mtx_lock(&sc->lock);
	strlcpy(buf, arg1, size);
	c = sc->cfg;
	mtx_unlock(&sc->lock);
	error = sysctl_handle_string(oidp, buf, size, req);
	if (error == 0 && req->newptr != NULL) {
		/* Check the name alone: the other values are start's. */
		c.threads = 1;
		c.count = 1;
		c.duration_ms = 0;
		c.warmup_ms = 0;
		c.delay_ns = 0;
		c.hooks = 1;
		c.shared = 0;
		c.write_ms = 0;
		c.pin = 0;
		if (arg2 < 3)
			strlcpy(arg2 == 0 ? c.head : arg2 == 1 ? c.hook :
			    c.input, buf, PB_NAMELEN);
		msg[0] = '\0';
		for (i = 0; arg2 == 3 && buf[i] != '\0'; i++)
			if (strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq"
			    "rstuvwxyz0123456789_.:-", buf[i]) == NULL)
				snprintf(msg, sizeof(msg), "tag: one word of "
				    "[A-Za-z0-9_.:-]");
		mtx_lock(&sc->lock);
		error = msg[0] != '\0' ? EINVAL :
		    pb_validate(&c, &r, msg, sizeof(msg));
		if (error != 0)
			strlcpy(sc->errmsg, msg, sizeof(sc->errmsg));
		else
			error = pb_cfg_store(sc, arg1, buf, size);
		mtx_unlock(&sc->lock);
	}
	pb_leave(sc);
	return (error);
}

static int
pb_sysctl_start(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	int error, v;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	mtx_lock(&sc->lock);
	v = sc->state == PB_RUNNING;
	mtx_unlock(&sc->lock);
	error = sysctl_handle_int(oidp, &v, 0, req);
	if (error == 0 && req->newptr != NULL)
		error = v == 1 ? pb_start(sc) : EINVAL;
	pb_leave(sc);
	return (error);
}

/* Write 1: end the run in progress (state error) and wait for its threads. */
static int
pb_sysctl_stop(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	int error, v;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	v = 0;
	error = sysctl_handle_int(oidp, &v, 0, req);
	if (error == 0 && req->newptr != NULL) {
		if (v == 1) {
			sx_xlock(&pb_ctl);
			pb_reap_all(sc, "stopped by request");
			sx_xunlock(&pb_ctl);
		} else
			error = EINVAL;
	}
	pb_leave(sc);
	return (error);
}

/* Copy a state name or a message out; none of it under sc->lock. */
static int
pb_sysctl_out(struct sysctl_oid *oidp, char *buf, size_t len,
    struct sysctl_req *req)
{

	return (sysctl_handle_string(oidp, buf, len, req));
}

/* Sleep, interruptibly, while a run is in progress; read as `state'. */
static int
pb_sysctl_wait(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	char buf[PB_NAMELEN];
	int error;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	mtx_lock(&sc->lock);
	while (sc->state == PB_RUNNING && !sc->gone && error == 0)
		error = msleep(&sc->state, &sc->lock, PCATCH, "pbwait", 0);
	if (error == 0 && sc->gone)
		error = ENXIO;
	strlcpy(buf, pb_state_names[sc->state], sizeof(buf));
	mtx_unlock(&sc->lock);
	if (error == ERESTART)		/* let the caller see its signal */
		error = EINTR;
	if (error == 0)
		error = pb_sysctl_out(oidp, buf, sizeof(buf), req);
	pb_leave(sc);
	return (error);
}

/* A read-only string: 0 state, 1 error, 2 version, 3 release. */
static int
pb_sysctl_text(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	char buf[PB_ERRLEN];
	int error;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	mtx_lock(&sc->lock);
	switch (arg2) {
	case 0:
		strlcpy(buf, pb_state_names[sc->state], sizeof(buf));
		break;
	case 1:
		strlcpy(buf, sc->errmsg, sizeof(buf));
		break;
	case 2:
		strlcpy(buf, PB_VERSION, sizeof(buf));
		break;
	default:
		/* The kernel the module was built for. */
		snprintf(buf, sizeof(buf), "%d", __FreeBSD_version);
		break;
	}
	mtx_unlock(&sc->lock);
	error = pb_sysctl_out(oidp, buf, sizeof(buf), req);
	pb_leave(sc);
	return (error);
}

/* A read-only number: 4 x mp_ncpus, the most threads a run may have. */
static int
pb_sysctl_stat(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	uint64_t v;
	int error;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	v = 4 * (uint64_t)mp_ncpus;
	error = sysctl_handle_64(oidp, &v, 0, req);
	pb_leave(sc);
	return (error);
}

/*
 * Three read-only texts, "key value" lines:
 *
 * caps (arg2 0): what the module runs, the Linux module's format: heads,
 * hooks, the head:hook pairs refused (none: no FreeBSD hook lock sleeps),
 * the limits.
 *
 * kernel (arg2 1): what the module itself fixes of the conditions its
 * locks run in.  Not the kernel's options: a standalone module build sees
 * none of the running kernel's (its opt_global.h is config.mk's, not the
 * kernel's; PREEMPTION lives in opt_sched.h, which nothing here
 * includes), so an #ifdef here would describe this build, not the
 * kernel.  pfilbench-ctl reads those from the running kernel
 * (kern.sched.preemption, kern.features.witness, ...).  Nothing in this
 * function depends on an option (tests/freebsd/t_freebsd.sh checks it):
 *
 *   kld_lock_debug   LOCK_DEBUG as this module is compiled: 1 for every
 *                    module not tied to one kernel build (sys/_lock.h),
 *                    whatever the kernel's, so each lock call here goes
 *                    through the kernel's out-of-line lock functions
 *                    (_rm_rlock_debug(), __mtx_lock_flags(), ...), never
 *                    an inline fast path as in the kernel's own code
 *   thread_priority  PB_PRI, the benchmark threads' priority
 *
 * impl (arg2 2): what each head and hook name is here (pb_head_impl,
 * pb_hook_impl), "head_impl.NAME IMPL" and "hook_impl.NAME IMPL", which
 * pfilbench-ctl prints as facts.
 */
static int
pb_sysctl_info(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	struct sbuf sb;
	size_t i;
	int error;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	sbuf_new_for_sysctl(&sb, NULL, 512, req);
	switch (arg2) {
	case 0:
		sbuf_printf(&sb, "version %s\nheads", PB_VERSION);
		for (i = 0; i < nitems(pb_head_names); i++)
			sbuf_printf(&sb, " %s", pb_head_names[i]);
		sbuf_printf(&sb, "\nhooks");
		for (i = 0; i < nitems(pb_hook_names); i++)
			sbuf_printf(&sb, " %s", pb_hook_names[i]);
		sbuf_printf(&sb, "\natomic_heads epoch rw rm\n"
		    "sleeping_hooks\nrefused\ndelay_max_ns %d\n"
		    "write_max_ms %d\nduration_max_ms %d\nwarmup_max_ms %d\n"
		    "hooks_max %d\nthreads_max %d\npin 0 1 2\n",
		    PB_DELAY_MAX_NS, PB_WRITE_MAX_MS, PB_DURATION_MAX_MS,
		    PB_WARMUP_MAX_MS, PB_HOOKS_MAX, 4 * mp_ncpus);
		break;
	case 1:
		sbuf_printf(&sb, "kld_lock_debug %d\nthread_priority %d\n",
		    LOCK_DEBUG, PB_PRI);
		break;
	default:
		for (i = 0; i < nitems(pb_head_names); i++)
			sbuf_printf(&sb, "head_impl.%s %s\n", pb_head_names[i],
			    pb_head_impl[i]);
		for (i = 0; i < nitems(pb_hook_names); i++)
			sbuf_printf(&sb, "hook_impl.%s %s\n", pb_hook_names[i],
			    pb_hook_impl[i]);
		break;
	}
	error = sbuf_finish(&sb);
	sbuf_delete(&sb);
	pb_leave(sc);
	return (error);
}

/* A time of the run on its own clock: ns since the timed phase began. */
static int64_t
pb_rel(const struct pb_softc *sc, sbintime_t t)
{

	return (t >= sc->t_go ? (int64_t)sbttons(t - sc->t_go) :
	    -(int64_t)sbttons(sc->t_go - t));
}

/*
 * The last done run ("" otherwise), as the Linux module prints it (key
 * value pairs, the first naming the line):
 *
 *   run ID tag T head H hook K hooks N shared S threads T count N
 *       duration_ms D warmup_ms M delay_ns D write_ms W pin P
 *   busywait clock clock_ns C spin_ns S
 *   thread I cpu C bound B core P.C calls N start_ns S end_ns E
 *       busywait_ns W nvcsw V nivcsw U migrations M slow_walks 0
 *       yields Y at_first_end F
 *   writer 0 cpu C bound B writes N ns T start_ns S end_ns E missed M
 *
 * Times are ns since the timed phase began, on sbinuptime(); core is
 * 0.N with N the first CPU of the thread's core (FreeBSD's topology has
 * no package number at hand); migrations are the CPU changes seen
 * between batches of chain runs, a lower bound; slow_walks is Linux's
 * (percpu_rw_semaphore's slow path), 0 here.  nvcsw and nivcsw are
 * td_ru's over the timed phase: mi_switch() counts every kern_yield() as
 * a voluntary switch, whether another thread ran or not, so nvcsw is
 * yields (the kern_yield() calls, one a batch) plus the blocks on a
 * turnstile or sleep queue; nivcsw the preemptions.  at_first_end
 * is the thread's calls when the first thread ended its timed phase
 * (seen after its next batch: within one batch), its fairness figure in
 * count mode, where every thread's calls are count.  ctl is held shared, so
 * start cannot free the slots under us, and they are final once the
 * state is done.
 */
static int
pb_sysctl_results(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	const struct pb_run *r = &sc->run;
	struct pb_worker *w;
	struct sbuf sb;
	enum pb_state st;
	int error, i;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	sx_slock(&pb_ctl);
	mtx_lock(&sc->lock);
	st = sc->state;
	mtx_unlock(&sc->lock);
	sbuf_new_for_sysctl(&sb, NULL, 512, req);
	if (st == PB_DONE && sc->workers != NULL) {
		sbuf_printf(&sb, "run %ju tag %s head %s hook %s hooks %d "
		    "shared %d threads %d count %ju duration_ms %d "
		    "warmup_ms %d delay_ns %d write_ms %d pin %d\n",
		    (uintmax_t)r->id, r->tag[0] != '\0' ? r->tag : "-",
		    pb_head_names[r->head], pb_hook_names[r->hook], r->hooks,
		    r->shared, r->nthreads, (uintmax_t)r->count,
		    r->duration_ms, r->warmup_ms, r->delay_ns, r->write_ms,
		    r->pin);
		sbuf_printf(&sb, "busywait clock clock_ns %ju spin_ns %ju\n",
		    (uintmax_t)r->clock_ns, (uintmax_t)sbttons(r->spin_sbt));
		for (i = 0; i < sc->nworkers; i++) {
			w = &sc->workers[i];
			sbuf_printf(&sb, "thread %d cpu %d bound %d core 0.%d "
			    "calls %ju start_ns %jd end_ns %jd busywait_ns %ju "
			    "nvcsw %ld nivcsw %ld migrations %ju slow_walks 0 "
			    "yields %ju at_first_end %ju\n",
			    w->id, w->cpu, w->bind_cpu,
			    w->cpu >= 0 ? pb_core_of(w->cpu) : -1,
			    (uintmax_t)w->calls, (intmax_t)pb_rel(sc, w->start),
			    (intmax_t)pb_rel(sc, w->end),
			    (uintmax_t)w->busywait_ns, w->nvcsw, w->nivcsw,
			    (uintmax_t)w->migrations, (uintmax_t)w->yields,
			    (uintmax_t)w->calls_first);
		}
		if (r->write_ms > 0)
			sbuf_printf(&sb, "writer 0 cpu %d bound %d writes %ju "
			    "ns %ju start_ns %jd end_ns %jd missed %ju\n",
			    sc->writer_cpu, sc->writer_bound,
			    (uintmax_t)sc->writes, (uintmax_t)sc->write_ns,
			    (intmax_t)pb_rel(sc, sc->wstart),
			    (intmax_t)pb_rel(sc, sc->wend),
			    (uintmax_t)sc->missed);
	}
	error = sbuf_finish(&sb);
	sbuf_delete(&sb);
	sx_sunlock(&pb_ctl);
	pb_leave(sc);
	return (error);
}

/*
 * debug.pfilbench, created at MOD_LOAD and removed at MOD_UNLOAD
 * (pb_detach()): static sysctls would be unregistered by the linker after
 * MOD_UNLOAD, with sysctl_root still touching the oid after a handler
 * returns.  All MPSAFE; writing needs root (no CTLFLAG_ANYBODY).
 */
static void
pb_sysctls_add(struct pb_softc *sc)
{
	struct sysctl_oid_list *kids;
	struct sysctl_oid *node;
	static const struct {
		const char	*name;
		int		*v;
		const char	*descr;
	} ints[] = {
		{ "threads", &pb_sc.cfg.threads,
		  "kernel threads (1 .. 4 x mp_ncpus)" },
		{ "duration_ms", &pb_sc.cfg.duration_ms,
		  "timed phase in ms, every thread stopped together (0: count)" },
		{ "warmup_ms", &pb_sc.cfg.warmup_ms,
		  "warm-up before the timed phase, ms" },
		{ "delay_ns", &pb_sc.cfg.delay_ns,
		  "busy wait inside each hook, ns (0 .. 1000000)" },
		{ "hooks", &pb_sc.cfg.hooks, "hooks on the chain (1 .. 8)" },
		{ "shared", &pb_sc.cfg.shared,
		  "1: one hook lock shared by every hook" },
		{ "write_ms", &pb_sc.cfg.write_ms,
		  "writer period in ms (0: no writer)" },
		{ "pin", &pb_sc.cfg.pin,
		  "0 unbound, 1 one thread per core, 2 SMT siblings first" },
	};
	static const struct {
		const char	*name;
		char		*v;
		int		 kind;
		const char	*descr;
	} names[] = {
		{ "head", pb_sc.cfg.head, 0, "head lock: epoch, rw, rm, none" },
		{ "hook", pb_sc.cfg.hook, 1,
		  "hook lock: null, mtx, rw, rm, spin" },
		{ "input", pb_sc.cfg.input, 2,
		  "mem (pfil_mem_in on a buffer) or mbuf (pfil_mbuf_in)" },
		{ "tag", pb_sc.cfg.tag, 3,
		  "the controller's name for the next run, in its results" },
	};
	static const struct {
		const char	*name;
		int		 arg;
		const char	*descr;
	} texts[] = {
		{ "state", 0, "idle, running, done or error" },
		{ "error", 1, "why the last start was refused or run failed" },
		{ "version", 2, "module version" },
		{ "release", 3, "__FreeBSD_version the module was built for" },
	};
	size_t i;

	node = SYSCTL_ADD_NODE(NULL, SYSCTL_STATIC_CHILDREN(_debug), OID_AUTO,
	    "pfilbench", CTLFLAG_RW | CTLFLAG_MPSAFE, 0,
	    "pfil(9) lock benchmark (kbench)");
	kids = SYSCTL_CHILDREN(node);
	for (i = 0; i < nitems(ints); i++)
		SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, ints[i].name,
		    CTLTYPE_INT | CTLFLAG_RW | CTLFLAG_MPSAFE, ints[i].v, 0,
		    pb_sysctl_int, "I", ints[i].descr);
	SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, "count",
	    CTLTYPE_U64 | CTLFLAG_RW | CTLFLAG_MPSAFE, &pb_sc.cfg.count, 0,
	    pb_sysctl_u64, "QU", "chain runs per thread, unless duration_ms");
	for (i = 0; i < nitems(names); i++)
		SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, names[i].name,
		    CTLTYPE_STRING | CTLFLAG_RW | CTLFLAG_MPSAFE, names[i].v,
		    names[i].kind, pb_sysctl_name, "A", names[i].descr);
	SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, "start",
	    CTLTYPE_INT | CTLFLAG_RW | CTLFLAG_MPSAFE, NULL, 0,
	    pb_sysctl_start, "I", "write 1 to start a run (EBUSY, EINVAL)");
	SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, "stop",
	    CTLTYPE_INT | CTLFLAG_RW | CTLFLAG_MPSAFE, NULL, 0,
	    pb_sysctl_stop, "I", "write 1 to stop the run in progress");
	SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, "wait",
	    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE | CTLFLAG_SKIP, NULL,
	    0, pb_sysctl_wait, "A",
	    "sleeps while a run is in progress; then state");
	for (i = 0; i < nitems(texts); i++)
		SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, texts[i].name,
		    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL,
		    texts[i].arg, pb_sysctl_text, "A", texts[i].descr);
	SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, "results",
	    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 0,
	    pb_sysctl_results, "A", "the last done run, one line per thread");
	SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, "caps",
	    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 0,
	    pb_sysctl_info, "A", "heads, hooks, refused pairs, limits");
	SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, "kernel",
	    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 1,
	    pb_sysctl_info, "A",
	    "what the module fixes of its locks' conditions (lock_debug, priority)");
	SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, "impl",
	    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 2,
	    pb_sysctl_info, "A", "the kernel primitive behind each lock name");
	SYSCTL_ADD_PROC(NULL, kids, OID_AUTO, "max_threads",
	    CTLTYPE_U64 | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 0,
	    pb_sysctl_stat, "QU", "4 x mp_ncpus");
	mtx_lock(&sc->lock);
	sc->oid = node;
	mtx_unlock(&sc->lock);
}

/* ------------------------------------------------------------------ */

static int
pb_modevent(module_t mod __unused, int what, void *arg __unused)
{
	int error;

	switch (what) {
	case MOD_LOAD:
		error = pb_attach(&pb_sc);
		if (error == 0)
			pb_sysctls_add(&pb_sc);
		return (error);
	case MOD_QUIESCE:
		return (0);	/* a running benchmark is stopped by unload */
	case MOD_UNLOAD:
		pb_detach(&pb_sc);
		return (0);
	default:
		return (EOPNOTSUPP);
	}
}

static moduledata_t pb_mod = {
	"pfilbench",
	pb_modevent,
	NULL
};

DECLARE_MODULE(pfilbench, pb_mod, SI_SUB_PROTO_FIREWALL, SI_ORDER_ANY);
MODULE_VERSION(pfilbench, 1);
