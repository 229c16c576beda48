/*-
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pfilbench: the pfil(9) lock experiment of kbench, in the FreeBSD 14
 * kernel.  THREADS kernel threads each run a real pfil(9) chain of three
 * hooks COUNT times and time themselves; the head lock around the chain
 * run and the lock each hook takes around its DELAY are chosen by name.
 *
 * Written against the FreeBSD 14 headers (see README); it has NOT been
 * compiled or run: no FreeBSD machine was available.
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
 * Hook locks (each hook has its own lock, around DELAY):
 *   null, mtx (MTX_DEF), rw (read), rm (read), spin (MTX_SPIN).
 *   rwsem is Linux's rw_semaphore; the nearest FreeBSD lock, sx(9), may
 *   sleep and must not be taken inside the net epoch, so rwsem is refused
 *   with EINVAL.
 *
 * With write_ms > 0 a writer thread takes the head's write side every
 * write_ms: rw_wlock(9), rm_wlock(9), for epoch a grace period
 * (NET_EPOCH_WAIT), for none nothing (the writes are still counted).
 *
 * Control: sysctl debug.pfilbench.* (see README); the same names, states
 * and results format as the Linux module in kmod/linux.
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

#define	PB_VERSION	"1.0"
#define	PB_NHOOKS	3		/* hooks on the chain */
#define	PB_NAMELEN	16		/* lock kind names */
#define	PB_ERRLEN	160
#define	PB_PKTLEN	64		/* the packet pfil_mem_in() shows */
#define	PB_BATCH_MAX	64		/* chain runs per net epoch section */
#define	PB_BATCH_NS	100000		/* ... and at most about this long */
#define	PB_DELAY_MAX_NS	1000000		/* 1 ms: DELAY may run under a spin lock */
#define	PB_WRITE_MAX_MS	3600000		/* an hour */

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

enum pb_input { PB_INPUT_MEM, PB_INPUT_MBUF };
static const char *const pb_input_names[] = { "mem", "mbuf" };

/* What the sysctls set; read once, under pb_sc.lock, by start. */
struct pb_cfg {
	int		threads;
	uint64_t	count;
	int		delay_ns;
	int		write_ms;
	int		pin;
	char		head[PB_NAMELEN];
	char		hook[PB_NAMELEN];
	char		input[PB_NAMELEN];
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
	int		delay_us;	/* DELAY(9) part of delay_ns */
	uint64_t	spin_loops;	/* calibrated loops for the rest */
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
	uint64_t	 calls;
	uint64_t	 ns;
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
	 * handlers share.  It and ctl are destroyed by SYSUNINIT, which on
	 * unload runs after the sysctls are unregistered, so a handler can
	 * always take them and find `gone'.
	 */
	struct mtx	 lock;
	struct pb_cfg	 cfg;
	enum pb_state	 state;
	char		 errmsg[PB_ERRLEN];
	bool		 gone;		/* unloading, or the load failed */
	int		 inflight;	/* sysctl handlers inside this module */
	volatile int	 stop;		/* threads: leave the loop */
	bool		 go;		/* start line */
	int		 ready;
	int		 working;	/* workers still in their loop */
	int		 live;		/* threads (writer too) not finished */
	uint64_t	 nruns;
	uint64_t	 writes;
	uint64_t	 write_ns;
	int		 writer_cpu;
	uint64_t	 loops_per_us;	/* spin calibration of the last start */

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
	pfil_hook_t	 hooks[PB_NHOOKS];
	int		 nlinked;

	/* Locks under test. */
	bool		 locks_inited;
	struct rwlock	 head_rw __aligned(CACHE_LINE_SIZE);
	struct rmlock	 head_rm __aligned(CACHE_LINE_SIZE);
	struct pb_hookctx hookctx[PB_NHOOKS];
} pb_sc = {
	.cfg = {
		.threads = 1,
		.count = 100000,
		.delay_ns = 1000,
		.write_ms = 0,
		.pin = 0,
		.head = "rm",
		.hook = "null",
		.input = "mem",
	},
	.state = PB_IDLE,
};

MTX_SYSINIT(pfilbench_lock, &pb_sc.lock, "pfilbench", MTX_DEF);
static struct sx pb_ctl;	/* serializes start, results and unload */
SX_SYSINIT(pfilbench_ctl, &pb_ctl, "pfilbench control");

/* ------------------------------------------------------------------ */
/* The work inside a hook. */

static void
pb_spin(uint64_t loops)
{
	volatile uint64_t i;

	for (i = 0; i < loops; i++)
		continue;
}

/*
 * Loops of pb_spin() per microsecond: the fastest of five 1e6-loop runs,
 * so an interrupt during one run does not skew it.  Used for the part of
 * delay_ns below a microsecond, which DELAY(9) cannot express.
 */
static uint64_t
pb_calibrate(void)
{
	const uint64_t loops = 1000000;
	sbintime_t t0, t1;
	uint64_t best, ns;
	int i;

	best = UINT64_MAX;
	for (i = 0; i < 5; i++) {
		critical_enter();
		t0 = sbinuptime();
		pb_spin(loops);
		t1 = sbinuptime();
		critical_exit();
		ns = sbttons(t1 - t0);
		if (ns > 0 && ns < best)
			best = ns;
	}
	if (best == UINT64_MAX)		/* a clock that did not move */
		return (1000);
	return (MAX(1, loops * 1000 / best));
}

static __inline void
pb_delay(const struct pb_run *r)
{

	if (r->delay_us > 0)
		DELAY(r->delay_us);
	if (r->spin_loops > 0)
		pb_spin(r->spin_loops);
}

static void
pb_hook_work(struct pb_hookctx *h)
{
	const struct pb_run *r = &pb_sc.run;
	struct rm_priotracker rmt;

	switch (r->hook) {
	case PB_HOOK_NULL:
		pb_delay(r);
		break;
	case PB_HOOK_MTX:
		mtx_lock(&h->mtx);
		pb_delay(r);
		mtx_unlock(&h->mtx);
		break;
	case PB_HOOK_RW:
		rw_rlock(&h->rw);
		pb_delay(r);
		rw_runlock(&h->rw);
		break;
	case PB_HOOK_RM:
		rm_rlock(&h->rm, &rmt);
		pb_delay(r);
		rm_runlock(&h->rm, &rmt);
		break;
	case PB_HOOK_SPIN:
		/* DELAY(9) busy-waits: allowed under a spin mutex. */
		mtx_lock_spin(&h->spin);
		pb_delay(r);
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

static void
pb_worker(void *arg)
{
	struct pb_worker *w = arg;
	struct pb_softc *sc = &pb_sc;
	const struct pb_run *r = &sc->run;
	struct epoch_tracker et;
	struct mbuf *m;
	sbintime_t t0, t1;
	uint64_t i;
	u_int j, n;
	int cpu, rv;
	char why[PB_ERRLEN];
	char pkt[PB_PKTLEN] __aligned(sizeof(void *));

	memset(pkt, 0, sizeof(pkt));
	m = NULL;
	if (r->input == PB_INPUT_MBUF) {
		/* One mbuf per thread, reused: no allocation per call. */
		m = m_gethdr(M_WAITOK, MT_DATA);
		m->m_len = m->m_pkthdr.len = PB_PKTLEN;
	}
	if (w->bind_cpu >= 0) {
		thread_lock(curthread);
		sched_bind(curthread, w->bind_cpu);
		thread_unlock(curthread);
	}
	pb_start_line(sc, true);

	rv = PFIL_PASS;
	i = 0;
	t0 = sbinuptime();
	while (i < r->count && !sc->stop) {
		n = (u_int)MIN(r->count - i, (uint64_t)r->batch);
		if (r->head != PB_HEAD_EPOCH)
			NET_EPOCH_ENTER(et);
		for (j = 0; j < n; j++) {
			rv = pb_one(sc, r, pkt, &m);
			if (rv != PFIL_PASS)
				break;
		}
		if (r->head != PB_HEAD_EPOCH)
			NET_EPOCH_EXIT(et);
		i += j;
		if (rv != PFIL_PASS)
			break;
		maybe_yield();		/* outside every lock and section */
	}
	t1 = sbinuptime();
	cpu = curcpu;			/* where it finished, bound or not */

	if (w->bind_cpu >= 0) {
		thread_lock(curthread);
		sched_unbind(curthread);
		thread_unlock(curthread);
	}
	/* A foreign hook that dropped or consumed the mbuf owns it now. */
	if (m != NULL && rv != PFIL_DROPPED && rv != PFIL_CONSUMED)
		m_freem(m);

	mtx_lock(&sc->lock);
	w->calls = i;
	w->ns = sbttons(t1 - t0);
	w->cpu = cpu;
	if (rv != PFIL_PASS) {
		snprintf(why, sizeof(why),
		    "thread %d: pfil returned %d after %ju calls", w->id, rv,
		    (uintmax_t)i);
		pb_fail(sc, why);
	}
	if (--sc->working == 0)
		wakeup(&sc->writer);	/* the writer's sleep */
	pb_finish(sc);
	pb_park(sc, &w->kt);
	kthread_exit();
}

/* Every write_ms, take the head's write side, until the workers end. */
static void
pb_writer(void *arg __unused)
{
	struct pb_softc *sc = &pb_sc;
	const struct pb_run *r = &sc->run;
	sbintime_t t0, t1;

	pb_start_line(sc, false);
	mtx_lock(&sc->lock);
	while (!sc->stop && sc->working > 0) {
		(void)msleep_sbt(&sc->writer, &sc->lock, 0, "pbwrite",
		    SBT_1MS * r->write_ms, 0, 0);
		if (sc->stop || sc->working == 0)
			break;
		mtx_unlock(&sc->lock);
		t0 = sbinuptime();
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
		sc->write_ns += sbttons(t1 - t0);
	}
	sc->writer_cpu = curcpu;
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
	if (c->count == 0) {
		snprintf(msg, len, "count must be at least 1");
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
	if (c->pin != 0 && c->pin != 1) {
		snprintf(msg, len, "pin %d: must be 0 or 1", c->pin);
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
	r->delay_us = c->delay_ns / 1000;
	/* A batch of chain runs (3 hooks each) lasts at most ~PB_BATCH_NS. */
	r->batch = PB_BATCH_MAX;
	if (c->delay_ns > 0)
		r->batch = MAX(1, MIN(PB_BATCH_MAX,
		    PB_BATCH_NS / (PB_NHOOKS * c->delay_ns)));
	return (0);
}

/* The CPU of worker i when pinned: the i-th present CPU, round robin. */
static int
pb_cpu_for(int i)
{
	int cpu, k;

	k = i % mp_ncpus;
	CPU_FOREACH(cpu) {
		if (k-- == 0)
			return (cpu);
	}
	return (0);
}

static int
pb_start(struct pb_softc *sc)
{
	struct pb_cfg cfg;
	struct pb_run r;
	char msg[PB_ERRLEN];
	uint64_t lpu;
	int error, i, nlive;

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
	free(sc->workers, M_PFILBENCH);
	sc->workers = malloc(sizeof(*sc->workers) * r.nthreads, M_PFILBENCH,
	    M_WAITOK | M_ZERO);
	sc->nworkers = r.nthreads;
	for (i = 0; i < r.nthreads; i++) {
		sc->workers[i].id = i;
		sc->workers[i].bind_cpu = r.pin ? pb_cpu_for(i) : -1;
		sc->workers[i].cpu = -1;
	}
	lpu = pb_calibrate();
	r.spin_loops = (uint64_t)(cfg.delay_ns % 1000) * lpu / 1000;

	nlive = r.nthreads + (r.write_ms > 0 ? 1 : 0);
	mtx_lock(&sc->lock);
	r.id = ++sc->nruns;
	sc->run = r;
	sc->loops_per_us = lpu;
	/* RUNNING before the first thread exists: a short run may end at once. */
	sc->state = PB_RUNNING;
	sc->errmsg[0] = '\0';
	sc->stop = 0;
	sc->go = false;
	sc->ready = 0;
	sc->working = r.nthreads;
	sc->live = nlive;
	sc->writes = 0;
	sc->write_ns = 0;
	sc->writer_cpu = -1;
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
			if (sc->workers[i].kt.td == NULL) {
				sc->working--;
				sc->live--;
			}
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
	for (i = 0; i < PB_NHOOKS; i++) {
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
	for (i = 0; i < PB_NHOOKS; i++) {
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
	int i;

	/*
	 * First let the handlers inside the module leave (before taking ctl:
	 * results, start and stop may be waiting for it), then stop and reap
	 * the threads.
	 */
	mtx_lock(&sc->lock);
	sc->gone = true;		/* handlers answer ENXIO from now on */
	wakeup(&sc->state);		/* `wait' readers leave */
	while (sc->inflight > 0)
		msleep(&sc->inflight, &sc->lock, 0, "pbdrain", 0);
	mtx_unlock(&sc->lock);

	sx_xlock(&pb_ctl);
	pb_reap_all(sc, "stopped: module unloading");

	/* No thread runs the chain any more. */
	CURVNET_SET(vnet0);
	for (i = 0; i < PB_NHOOKS; i++) {
		if (sc->hooks[i] != NULL) {
			/* Unlinks it from every head; the links go by epoch. */
			pfil_remove_hook(sc->hooks[i]);
			sc->hooks[i] = NULL;
		}
	}
	sc->nlinked = 0;
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

static int
pb_attach(struct pb_softc *sc)
{
	struct pfil_head_args pha;
	struct pfil_hook_args pka;
	struct pfil_link_args pla;
	static const char *const rulnames[PB_NHOOKS] = {
		"hook0", "hook1", "hook2"
	};
	int error, i;

	pb_locks_init(sc);

	error = 0;
	CURVNET_SET(vnet0);
	memset(&pha, 0, sizeof(pha));
	pha.pa_version = PFIL_VERSION;
	pha.pa_flags = PFIL_IN;
	pha.pa_type = PFIL_TYPE_ETHERNET;
	pha.pa_headname = "pfilbench";
	sc->head = pfil_head_register(&pha);

	for (i = 0; i < PB_NHOOKS && error == 0; i++) {
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

		/* Append: the input chain runs hook0, hook1, hook2. */
		memset(&pla, 0, sizeof(pla));
		pla.pa_version = PFIL_VERSION;
		pla.pa_flags = PFIL_IN | PFIL_HEADPTR | PFIL_HOOKPTR |
		    PFIL_APPEND;
		pla.pa_head = sc->head;
		pla.pa_hook = sc->hooks[i];
		error = pfil_link(&pla);
		if (error == 0)
			sc->nlinked++;
	}
	CURVNET_RESTORE();
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
 * A lock kind name (arg2: 0 head, 1 hook, 2 input).  An unknown name is
 * refused when written, with the reason in `error'; start checks again.
 */
static int
pb_sysctl_name(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	struct pb_cfg c;
	struct pb_run r;
	char buf[PB_NAMELEN], msg[PB_ERRLEN];
	int error;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	memset(buf, 0, sizeof(buf));
	mtx_lock(&sc->lock);
	strlcpy(buf, arg1, sizeof(buf));
	c = sc->cfg;
	mtx_unlock(&sc->lock);
	error = sysctl_handle_string(oidp, buf, sizeof(buf), req);
	if (error == 0 && req->newptr != NULL) {
		/* Check the name alone: the other values are start's. */
		c.threads = 1;
		c.count = 1;
		c.delay_ns = 0;
		c.write_ms = 0;
		c.pin = 0;
		strlcpy(arg2 == 0 ? c.head : arg2 == 1 ? c.hook : c.input, buf,
		    PB_NAMELEN);
		msg[0] = '\0';
		mtx_lock(&sc->lock);
		error = pb_validate(&c, &r, msg, sizeof(msg));
		if (error != 0)
			strlcpy(sc->errmsg, msg, sizeof(sc->errmsg));
		else
			error = pb_cfg_store(sc, arg1, buf, sizeof(buf));
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

/* A read-only number: 0 the sub-us calibration, 1 4 x mp_ncpus. */
static int
pb_sysctl_stat(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	uint64_t v;
	int error;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	mtx_lock(&sc->lock);
	v = arg2 == 0 ? sc->loops_per_us : 4 * (uint64_t)mp_ncpus;
	mtx_unlock(&sc->lock);
	error = sysctl_handle_64(oidp, &v, 0, req);
	pb_leave(sc);
	return (error);
}

/*
 * The last done run ("" otherwise), as the Linux module prints it:
 *
 *   run ID head H hook K threads T count N delay_ns D write_ms W pin P
 *   thread I cpu C calls N ns T		one per thread, I = 0..T-1
 *   writer cpu C writes N ns T		with write_ms > 0
 *
 * A thread's ns is its whole loop of N chain runs; the writer's is the
 * time spent in its N write sections; cpu is where a thread finished.
 * ctl is held shared, so start cannot free the slots under us, and they
 * are final once the state is done.
 */
static int
pb_sysctl_results(SYSCTL_HANDLER_ARGS)
{
	struct pb_softc *sc = &pb_sc;
	const struct pb_run *r = &sc->run;
	struct pb_worker *w;
	struct sbuf sb;
	uint64_t writes, write_ns;
	enum pb_state st;
	int error, i, writer_cpu;

	if ((error = pb_enter(sc)) != 0)
		return (error);
	sx_slock(&pb_ctl);
	mtx_lock(&sc->lock);
	st = sc->state;
	writes = sc->writes;
	write_ns = sc->write_ns;
	writer_cpu = sc->writer_cpu;
	mtx_unlock(&sc->lock);
	sbuf_new_for_sysctl(&sb, NULL, 256, req);
	if (st == PB_DONE && sc->workers != NULL) {
		sbuf_printf(&sb, "run %ju head %s hook %s threads %d count %ju "
		    "delay_ns %d write_ms %d pin %d\n", (uintmax_t)r->id,
		    pb_head_names[r->head], pb_hook_names[r->hook],
		    r->nthreads, (uintmax_t)r->count, r->delay_ns,
		    r->write_ms, r->pin);
		for (i = 0; i < sc->nworkers; i++) {
			w = &sc->workers[i];
			sbuf_printf(&sb, "thread %d cpu %d calls %ju ns %ju\n",
			    w->id, w->cpu, (uintmax_t)w->calls,
			    (uintmax_t)w->ns);
		}
		if (r->write_ms > 0)
			sbuf_printf(&sb, "writer cpu %d writes %ju ns %ju\n",
			    writer_cpu, (uintmax_t)writes,
			    (uintmax_t)write_ns);
	}
	error = sbuf_finish(&sb);
	sbuf_delete(&sb);
	sx_sunlock(&pb_ctl);
	pb_leave(sc);
	return (error);
}

SYSCTL_NODE(_debug, OID_AUTO, pfilbench, CTLFLAG_RW | CTLFLAG_MPSAFE, 0,
    "pfil(9) lock benchmark (kbench)");

SYSCTL_PROC(_debug_pfilbench, OID_AUTO, threads,
    CTLTYPE_INT | CTLFLAG_RW | CTLFLAG_MPSAFE, &pb_sc.cfg.threads, 0,
    pb_sysctl_int, "I", "kernel threads (1 .. 4 x mp_ncpus)");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, count,
    CTLTYPE_U64 | CTLFLAG_RW | CTLFLAG_MPSAFE, &pb_sc.cfg.count, 0,
    pb_sysctl_u64, "QU", "chain runs per thread");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, delay_ns,
    CTLTYPE_INT | CTLFLAG_RW | CTLFLAG_MPSAFE, &pb_sc.cfg.delay_ns, 0,
    pb_sysctl_int, "I", "busy wait inside each hook, ns (0 .. 1000000)");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, write_ms,
    CTLTYPE_INT | CTLFLAG_RW | CTLFLAG_MPSAFE, &pb_sc.cfg.write_ms, 0,
    pb_sysctl_int, "I", "writer period in ms (0: no writer)");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, pin,
    CTLTYPE_INT | CTLFLAG_RW | CTLFLAG_MPSAFE, &pb_sc.cfg.pin, 0,
    pb_sysctl_int, "I", "bind thread i to the i-th CPU (0 or 1)");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, head,
    CTLTYPE_STRING | CTLFLAG_RW | CTLFLAG_MPSAFE, pb_sc.cfg.head,
    0, pb_sysctl_name, "A", "head lock: epoch, rw, rm, none");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, hook,
    CTLTYPE_STRING | CTLFLAG_RW | CTLFLAG_MPSAFE, pb_sc.cfg.hook,
    1, pb_sysctl_name, "A", "hook lock: null, mtx, rw, rm, spin");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, input,
    CTLTYPE_STRING | CTLFLAG_RW | CTLFLAG_MPSAFE, pb_sc.cfg.input,
    2, pb_sysctl_name, "A",
    "mem (pfil_mem_in on a buffer) or mbuf (pfil_mbuf_in)");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, start,
    CTLTYPE_INT | CTLFLAG_RW | CTLFLAG_MPSAFE, NULL, 0,
    pb_sysctl_start, "I", "write 1 to start a run (EBUSY, EINVAL)");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, stop,
    CTLTYPE_INT | CTLFLAG_RW | CTLFLAG_MPSAFE, NULL, 0,
    pb_sysctl_stop, "I", "write 1 to stop the run in progress");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, wait,
    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE | CTLFLAG_SKIP, NULL, 0,
    pb_sysctl_wait, "A", "sleeps while a run is in progress; then state");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, state,
    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 0,
    pb_sysctl_text, "A", "idle, running, done or error");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, error,
    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 1,
    pb_sysctl_text, "A", "why the last start was refused or run failed");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, version,
    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 2,
    pb_sysctl_text, "A", "module version");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, release,
    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 3,
    pb_sysctl_text, "A", "__FreeBSD_version the module was built for");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, results,
    CTLTYPE_STRING | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 0,
    pb_sysctl_results, "A", "the last done run, one line per thread");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, spin_loops_per_us,
    CTLTYPE_U64 | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 0,
    pb_sysctl_stat, "QU", "calibration of the sub-microsecond delay");
SYSCTL_PROC(_debug_pfilbench, OID_AUTO, max_threads,
    CTLTYPE_U64 | CTLFLAG_RD | CTLFLAG_MPSAFE, NULL, 1,
    pb_sysctl_stat, "QU", "4 x mp_ncpus");

/* ------------------------------------------------------------------ */

static int
pb_modevent(module_t mod __unused, int what, void *arg __unused)
{

	switch (what) {
	case MOD_LOAD:
		return (pb_attach(&pb_sc));
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
