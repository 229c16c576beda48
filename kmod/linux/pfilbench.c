// SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause
/*
 * pfilbench: how much does the lock around a packet-filter hook chain
 * cost, and the locks inside the hooks?
 *
 * The module owns a private chain of "hooks" hooks (1 to PB_HOOKS_MAX),
 * each called through a function pointer as pfil(9) and netfilter call
 * theirs.  A run starts "threads" kernel threads together; each walks
 * the chain under the read side of the head lock, and every hook takes
 * its hook lock (its own, or with "shared" one lock for all hooks, as in
 * the 2007 benchmark) around a busy-wait of "delay_ns".
 *
 *   head lock (around the walk)               hook lock (inside each hook)
 *   rw      rwlock_t, read_lock()             null    none
 *   brlock  per-CPU arch_spinlock_t, as       mtx     struct mutex
 *           lglock was: a reader takes its    rw      rwlock_t, read
 *           CPU's, the writer all             rwsem   rw_semaphore, read
 *   rwsem   rw_semaphore, down_read()         rm      percpu_rw_semaphore
 *   rm      percpu_rw_semaphore, read         brlock  as the head's, read
 *   epoch   RCU, rcu_read_lock()              spin    spinlock_t, irqsave
 *   none    nothing
 *
 * Which pair answers which question ("what does a per-CPU reader lock
 * save over a shared reader count?", the 2007 rw -> rm question):
 *
 *   rw -> brlock    both spin with preemption off, and brlock's writer,
 *                   like FreeBSD's rm_wlock(), is done at once: the
 *                   closest analog of rwlock(9) -> rmlock(9).  Only hooks
 *                   that do not sleep: null, rw, brlock, spin.
 *   rwsem -> rm     both sleep and run preemptible: every hook, the
 *                   sleeping mtx, rwsem and rm included.  rm's writer
 *                   leaves readers on the slow path for an RCU grace
 *                   period (rcu_sync) after each write: "slow_walks".
 *   rw -> rm        mixes spinning vs sleeping with shared vs per-CPU:
 *                   allowed, not a like-for-like answer.
 *
 * Every head walks the same code: one walker function per head
 * (pb_walker_rw()...), its lock inlined, so that no indirect call but
 * the hooks' is made per walk (a retpoline, IBT or call-depth tracking
 * would add its constant to every head alike and shrink the
 * differences), and every walk of every head probes rm's rcu_sync state
 * (the slow_walks count), so that the probe costs every head the same.
 *
 * The timed phase.  Before a run, rm's rcu_sync is let go idle (a
 * previous run's writer leaves readers on the slow path for a grace
 * period).  Threads are created and bound (one per core from the
 * topology with pin=1, SMT siblings packed with pin=2), each measures
 * its own busy-wait, they meet at a sleeping barrier, warm up (walking
 * for warmup_ms and then until every thread has checked in, as
 * kernel/rcu/refscale.c does), and the last to check in opens the timed
 * phase: it ends for every thread at once "duration_ms" later (an
 * hrtimer), or with duration_ms 0 after "count" walks per thread.  A
 * thread that finishes first keeps walking, uncounted, until all have
 * (refscale's cool-down), so nobody measures an uncontended tail.  Each
 * thread records its start and end on one clock (ktime_get_ns());
 * kbench's sample is every walk of every thread over the time from the
 * first start to the last end.  The first thread to finish records how
 * far every thread had come (at_first_end): in count mode, where every
 * thread ends with "count" walks, that is the fairness figure.
 *
 * With write_ms > 0 a writer thread takes the head's write side every
 * write_ms, on absolute hrtimer deadlines (a late write does not move
 * the next one; periods missed are counted), and swaps the chain for its
 * twin: rw write_lock(), brlock every CPU's lock, rwsem down_write(), rm
 * percpu_down_write(), epoch a pointer swap and synchronize_rcu(), none
 * nothing.  With pinning it gets a CPU of its own when one is left.
 *
 * With check=1 (locktorture's idea) the run verifies its locks: the
 * writer that it is alone (no other writer, no reader on either chain),
 * every reader that no writer is inside (epoch: the writer that no
 * reader is left on the old chain after its grace period), every holder
 * of an exclusive hook lock (mtx, spin) that it is alone.  Violations
 * are counted and reported; pfilbench-ctl fails the cell on any.  The
 * check's shared counters serialise the readers: its timings are no
 * benchmark.  The test hooks test_lag_ns and test_fault (below) exist
 * only for the VM tests.
 *
 * Control is in /sys/kernel/pfilbench/: see "The control interface"
 * below, and pfilbench-ctl(1).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/ctype.h>
#include <linux/err.h>
#include <linux/hrtimer.h>
#include <linux/kobject.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/lockdep.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/percpu.h>
#include <linux/percpu-rwsem.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/rcu_sync.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/topology.h>
#include <linux/utsname.h>
#include <linux/version.h>
#include <linux/wait.h>

#define PB_VERSION		"2.1"
#define PB_HOOKS_MAX		8
#define PB_THREADS_PER_CPU	4	/* threads per online CPU, at most */
#define PB_DELAY_MAX_NS		1000000	/* 1 ms: the spin hook holds irqs off */
#define PB_WRITE_MAX_MS		3600000	/* an hour */
#define PB_DURATION_MAX_MS	3600000
#define PB_WARMUP_MAX_MS	10000
#define PB_ERRLEN		128
#define PB_TAGLEN		40
#define PB_CAL_NS		2000000	/* busy-wait measurement: about 2 ms */
#define PB_SETTLE_TRIES		10	/* rcu_barrier()s for rm to go idle */
#define PB_GP_SAMPLES		3	/* synchronize_rcu()s timed at load */

enum pb_pin { PB_PIN_NONE, PB_PIN_CORES, PB_PIN_SMT, PB_PIN_MAX = PB_PIN_SMT };

/*
 * Module parameters: the initial configuration, which the files in
 * /sys/kernel/pfilbench/ change afterwards.  Read-only here so that there
 * is one place to change the configuration.
 */
static unsigned int pb_param_threads = 1;
module_param_named(threads, pb_param_threads, uint, 0444);
MODULE_PARM_DESC(threads, "Chain-walking threads per run (1)");

static unsigned long long pb_param_count = 100000;
module_param_named(count, pb_param_count, ullong, 0444);
MODULE_PARM_DESC(count, "Chain walks per thread when duration_ms is 0 (100000)");

static unsigned int pb_param_duration_ms = 1000;
module_param_named(duration_ms, pb_param_duration_ms, uint, 0444);
MODULE_PARM_DESC(duration_ms, "Timed phase in ms, every thread stopped together; 0: count walks each (1000)");

static unsigned int pb_param_warmup_ms = 10;
module_param_named(warmup_ms, pb_param_warmup_ms, uint, 0444);
MODULE_PARM_DESC(warmup_ms, "Warm-up walking before the timed phase, ms (10)");

static unsigned int pb_param_delay_ns = 1000;
module_param_named(delay_ns, pb_param_delay_ns, uint, 0444);
MODULE_PARM_DESC(delay_ns, "Busy-wait in each hook, ns, <= 1000000 (1000)");

static unsigned int pb_param_hooks = 3;
module_param_named(hooks, pb_param_hooks, uint, 0444);
MODULE_PARM_DESC(hooks, "Hooks on the chain, 1 to 8 (3)");

static bool pb_param_shared;
module_param_named(shared, pb_param_shared, bool, 0444);
MODULE_PARM_DESC(shared, "One hook lock shared by every hook, as in the 2007 benchmark (0)");

static char *pb_param_head = "rm";
module_param_named(head, pb_param_head, charp, 0444);
MODULE_PARM_DESC(head, "Head lock: rw, brlock, rwsem, rm, epoch or none (rm)");

static char *pb_param_hook = "null";
module_param_named(hook, pb_param_hook, charp, 0444);
MODULE_PARM_DESC(hook, "Hook lock: null, mtx, rw, rwsem, rm, brlock or spin (null)");

static unsigned int pb_param_write_ms;
module_param_named(write_ms, pb_param_write_ms, uint, 0444);
MODULE_PARM_DESC(write_ms, "Writer period in ms, 0 for no writer (0)");

static unsigned int pb_param_pin;
module_param_named(pin, pb_param_pin, uint, 0444);
MODULE_PARM_DESC(pin, "0: unbound; 1: one thread per core; 2: SMT siblings first (0)");

static bool pb_param_check;
module_param_named(check, pb_param_check, bool, 0444);
MODULE_PARM_DESC(check, "Verify mutual exclusion, count violations (timings are then no benchmark) (0)");

/* Test hooks: for the VM tests, never for a benchmark. */
static unsigned int pb_param_test_lag_ns;
module_param_named(test_lag_ns, pb_param_test_lag_ns, uint, 0444);
MODULE_PARM_DESC(test_lag_ns, "Test hook: thread 0 busy-waits this long after each walk, outside every lock: an unfair run (0)");

static char *pb_param_test_fault = "none";
module_param_named(test_fault, pb_param_test_fault, charp, 0444);
MODULE_PARM_DESC(test_fault, "Test hook: none, unlocked_write, unlocked_hook (for check) or rm_slow (none)");

/*
 * A brlock as lglock was (kernel/locking/lglock.c, gone since 4.13): an
 * arch_spinlock_t per CPU and one lockdep map.  A reader disables
 * preemption and takes its CPU's lock, the writer disables preemption
 * once and takes every possible CPU's.  Not spinlock_t: each spin_lock()
 * adds one to preempt_count's 8-bit PREEMPT field, and a writer taking
 * one per possible CPU would spill into the softirq bits from 256 CPUs
 * (DEBUG_PREEMPT warns from 245).  Here the writer adds one, whatever
 * the number of CPUs, and lockdep sees one lock: readers take it shared,
 * the writer exclusive.
 */
struct pb_brlock {
	arch_spinlock_t __percpu	*lock;
	struct lockdep_map		dep_map;
};

static int pb_br_init(struct pb_brlock *br, const char *name,
		      struct lock_class_key *key)
{
	int cpu;

	br->lock = alloc_percpu(arch_spinlock_t);
	if (!br->lock)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		*per_cpu_ptr(br->lock, cpu) =
			(arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
	lockdep_init_map(&br->dep_map, name, key, 0);
	return 0;
}

static void pb_br_free(struct pb_brlock *br)
{
	free_percpu(br->lock);
	br->lock = NULL;
}

/* Any CPU's lock excludes the writer: the one of the CPU we are on. */
static __always_inline void pb_br_read_lock(struct pb_brlock *br)
{
	preempt_disable();
	lock_acquire_shared(&br->dep_map, 0, 0, NULL, _RET_IP_);
	arch_spin_lock(this_cpu_ptr(br->lock));
}

static __always_inline void pb_br_read_unlock(struct pb_brlock *br)
{
	lock_release(&br->dep_map, _RET_IP_);
	arch_spin_unlock(this_cpu_ptr(br->lock));
	preempt_enable();
}

static void pb_br_write_lock(struct pb_brlock *br)
{
	int cpu;

	preempt_disable();
	lock_acquire_exclusive(&br->dep_map, 0, 0, NULL, _RET_IP_);
	for_each_possible_cpu(cpu)
		arch_spin_lock(per_cpu_ptr(br->lock, cpu));
}

static void pb_br_write_unlock(struct pb_brlock *br)
{
	int cpu;

	for_each_possible_cpu(cpu)
		arch_spin_unlock(per_cpu_ptr(br->lock, cpu));
	lock_release(&br->dep_map, _RET_IP_);
	preempt_enable();
}

/* One hook's locks: the run's hook kind picks which one it takes. */
struct pb_hook {
	struct mutex			mtx;
	rwlock_t			rw;
	struct rw_semaphore		rwsem;
	struct percpu_rw_semaphore	rm;
	spinlock_t			spin;
	struct pb_brlock		br;
	atomic_t			holders;	/* check: inside */
	atomic_t			violations;	/* check: not alone */
} ____cacheline_aligned_in_smp;

struct pb_run;

typedef void (*pb_hook_fn)(struct pb_hook *h, const struct pb_run *run);

struct pb_chain {
	unsigned int	n;
	atomic_t	readers;	/* check: walkers on this chain */
	struct {
		pb_hook_fn	fn;
		struct pb_hook	*hook;
	} link[PB_HOOKS_MAX];
};

static struct pb_hook pb_hooks[PB_HOOKS_MAX];
static int pb_hooks_ready;		/* hooks whose rm and br exist */
static struct lock_class_key pb_br_hook_key;

static DEFINE_RWLOCK(pb_head_rw);
static DECLARE_RWSEM(pb_head_rwsem);
static struct percpu_rw_semaphore pb_head_rm;
static bool pb_head_rm_ready;
static struct pb_brlock pb_head_br;
static struct lock_class_key pb_br_head_key;
static u64 pb_gp_ns;			/* synchronize_rcu(), timed at load */

/*
 * The chain readers walk, and its twin that the writer swaps in.  Readers
 * load the pointer under the head lock; the head keeps it stable: the
 * rw, brlock, rwsem and rm writers swap it holding the write side, the
 * epoch writer swaps it and waits for a grace period, and with head none
 * nobody swaps it.  Only the run's writer thread stores to it, and start
 * (no thread running) initialises it.
 */
static struct pb_chain pb_chains[2];
static struct pb_chain __rcu *pb_chain;

/* Swap the chains; returns the one readers walked until now. */
static struct pb_chain *pb_swap_chain(void)
{
	struct pb_chain *old = rcu_dereference_protected(pb_chain, 1);

	rcu_assign_pointer(pb_chain, old == &pb_chains[0] ? &pb_chains[1] :
			   &pb_chains[0]);
	return old;
}

/*
 * Is this lock held, for rcu_dereference_check()?  lockdep_is_held() is
 * only declared without lockdep: the dead call is dropped.
 */
#define pb_held(l)	(!IS_ENABLED(CONFIG_LOCKDEP) || lockdep_is_held(l))

/*
 * Are rm's readers sent to their slow path (rcu_sync not idle)?  The
 * probe every walk of every head makes.  rcu_sync_is_idle() wants an
 * RCU reader (lockdep): preemption off is one.
 */
static __always_inline bool pb_rm_slow(void)
{
	bool slow;

	preempt_disable();
	slow = !rcu_sync_is_idle(&pb_head_rm.rss);
	preempt_enable();
	return slow;
}

/*
 * Head locks, by number: the walkers inline them (pb_walk()), the
 * writer calls them through pb_head_ops[].write once a period.
 */
enum pb_head_id {
	PB_HEAD_RW,
	PB_HEAD_BRLOCK,
	PB_HEAD_RWSEM,
	PB_HEAD_RM,
	PB_HEAD_EPOCH,
	PB_HEAD_NONE,
};

static __always_inline void pb_head_read_lock(const int head)
{
	switch (head) {
	case PB_HEAD_RW:
		read_lock(&pb_head_rw);
		break;
	case PB_HEAD_BRLOCK:
		pb_br_read_lock(&pb_head_br);
		break;
	case PB_HEAD_RWSEM:
		down_read(&pb_head_rwsem);
		break;
	case PB_HEAD_RM:
		percpu_down_read(&pb_head_rm);
		break;
	case PB_HEAD_EPOCH:
		rcu_read_lock();
		break;
	}
}

static __always_inline void pb_head_read_unlock(const int head)
{
	switch (head) {
	case PB_HEAD_RW:
		read_unlock(&pb_head_rw);
		break;
	case PB_HEAD_BRLOCK:
		pb_br_read_unlock(&pb_head_br);
		break;
	case PB_HEAD_RWSEM:
		up_read(&pb_head_rwsem);
		break;
	case PB_HEAD_RM:
		percpu_up_read(&pb_head_rm);
		break;
	case PB_HEAD_EPOCH:
		rcu_read_unlock();
		break;
	}
}

/*
 * lockdep: is the read side held?  epoch: rcu_dereference_check() adds
 * rcu_read_lock_held() itself; none: nobody swaps the chain.
 */
static __always_inline bool pb_head_held(const int head)
{
	switch (head) {
	case PB_HEAD_RW:
		return pb_held(&pb_head_rw);
	case PB_HEAD_BRLOCK:
		return pb_held(&pb_head_br);
	case PB_HEAD_RWSEM:
		return pb_held(&pb_head_rwsem);
	case PB_HEAD_RM:
		return pb_held(&pb_head_rm);
	case PB_HEAD_EPOCH:
		return false;
	}
	return true;
}

/* The configuration of the next run; under pb_mutex. */
struct pb_config {
	u64		threads;
	u64		count;
	u64		duration_ms;
	u64		warmup_ms;
	u64		delay_ns;
	u64		hooks;
	u64		shared;
	u64		write_ms;
	u64		pin;
	u64		check;
	u64		test_lag_ns;
	unsigned int	head;		/* index in pb_head_ops[] */
	unsigned int	hook;		/* index in pb_hook_ops[] */
	unsigned int	test_fault;	/* index in pb_fault_names[] */
	char		tag[PB_TAGLEN];	/* the controller's name for the run */
};

/*
 * Test hooks (test_fault), for the VM tests: unlocked_write, the writer
 * swaps the chain without its write side (epoch: without its grace
 * period); unlocked_hook, the mtx and spin hooks run without their lock:
 * what the check must see.  rm_slow: under another head, the writer
 * also takes rm's write side, keeping rm's rcu_sync busy: the probe that
 * every head's walks make must then count slow walks under every head.
 */
enum pb_fault {
	PB_FAULT_NONE,
	PB_FAULT_UNLOCKED_WRITE,
	PB_FAULT_UNLOCKED_HOOK,
	PB_FAULT_RM_SLOW,
};

struct pb_name {
	const char	*name;
};

static const struct pb_name pb_fault_names[] = {
	[PB_FAULT_NONE] = { "none" },
	[PB_FAULT_UNLOCKED_WRITE] = { "unlocked_write" },
	[PB_FAULT_UNLOCKED_HOOK] = { "unlocked_hook" },
	[PB_FAULT_RM_SLOW] = { "rm_slow" },
};

/* A walker, or the writer: then calls counts writes, ns their time. */
struct pb_thread {
	struct task_struct	*task;	/* referenced while set */
	struct pb_run		*run;
	unsigned int		id;
	int			bound;	/* the CPU it is bound to, or -1 */
	int			cpu;	/* where it finished */
	u64			calls;	/* walks (writes) in the timed phase */
	u64			progress; /* calls so far (WRITE_ONCE) */
	u64			at_first_end; /* progress when the first ended */
	u64			start_ns, end_ns; /* ktime_get_ns() */
	u64			busywait_ns; /* one hook's wait, measured */
	u64			slow;	/* walks that found rm's slow path */
	u64			violations; /* check: exclusion broken */
	u64			ns;	/* the writer: time in writes */
	u64			missed;	/* the writer: periods skipped */
	unsigned long		nvcsw, nivcsw;	/* over the timed phase */
	u64			migrations;
} ____cacheline_aligned_in_smp;

struct pb_run {
	u64			id;
	struct pb_config	cfg;
	const struct pb_head_ops *head;
	bool			debug;	  /* check or test hook: instrumented */
	unsigned int		ncpus;	  /* online when it started */
	u64			spin_ns;  /* a busy-wait spins this long */
	u64			clock_ns; /* one ktime_get_ns(), measured */
	u64			settle;	  /* rcu_barrier()s before it */
	bool			go;	  /* the start barrier opened */
	bool			timed;	  /* the timed phase began (release) */
	bool			stop;	  /* duration_ms is over */
	bool			abort;	  /* stop or exit: leave now */
	u64			t_go;	  /* the timed phase's start */
	atomic_t		arriving; /* threads not yet at the barrier */
	atomic_t		warming;  /* walkers not yet warmed up */
	atomic_t		cooling;  /* walkers not done with the timed phase */
	atomic_t		live;	  /* threads not finished */
	atomic_t		writing;  /* check: writers in a write section */
	struct hrtimer		stop_timer; /* duration_ms */
	wait_queue_head_t	go_wq;
	wait_queue_head_t	writer_wq;
	char			*text;	/* results, on first read */
	size_t			len;
	struct pb_thread	writer;
	unsigned int		nthreads;
	struct pb_thread	thr[];
};

/*
 * The busy-wait: spin on the monotonic clock, which defines its length
 * whatever the CPU's speed, with cpu_relax() (PAUSE) between reads; not
 * udelay()/ndelay(), which on CPUs with WAITPKG or MWAITX idle the core
 * in TPAUSE/MWAITX (handing the pipeline to an SMT sibling) and round
 * short waits up.  The deadline is shortened by one clock read, what the
 * last read adds on average; each thread measures the real length
 * before the run (busywait_ns in the results).
 */
static void pb_spin(u64 ns)
{
	u64 end = ktime_get_ns() + ns;

	while (ktime_get_ns() < end)
		cpu_relax();
}

static void pb_busywait(const struct pb_run *run)
{
	if (run->cfg.delay_ns)
		pb_spin(run->spin_ns);
}

/* Hooks: each takes its lock around the busy-wait. */

static void pb_hook_null(struct pb_hook *h, const struct pb_run *run)
{
	pb_busywait(run);
}

static void pb_hook_mtx(struct pb_hook *h, const struct pb_run *run)
{
	mutex_lock(&h->mtx);
	pb_busywait(run);
	mutex_unlock(&h->mtx);
}

static void pb_hook_rw(struct pb_hook *h, const struct pb_run *run)
{
	read_lock(&h->rw);
	pb_busywait(run);
	read_unlock(&h->rw);
}

static void pb_hook_rwsem(struct pb_hook *h, const struct pb_run *run)
{
	down_read(&h->rwsem);
	pb_busywait(run);
	up_read(&h->rwsem);
}

static void pb_hook_rm(struct pb_hook *h, const struct pb_run *run)
{
	percpu_down_read(&h->rm);
	pb_busywait(run);
	percpu_up_read(&h->rm);
}

static void pb_hook_brlock(struct pb_hook *h, const struct pb_run *run)
{
	pb_br_read_lock(&h->br);
	pb_busywait(run);
	pb_br_read_unlock(&h->br);
}

/* Interrupts off, as FreeBSD's MTX_SPIN: why delay_ns is capped. */
static void pb_hook_spin(struct pb_hook *h, const struct pb_run *run)
{
	unsigned long flags;

	spin_lock_irqsave(&h->spin, flags);
	pb_busywait(run);
	spin_unlock_irqrestore(&h->spin, flags);
}

/*
 * The checked hooks of the exclusive locks: the holder verifies it is
 * alone.  The other hook locks are only ever taken for reading: nobody
 * is to be excluded.  unlocked_hook (a test hook) leaves the lock out.
 */
static void pb_hook_alone(struct pb_hook *h, const struct pb_run *run)
{
	if (atomic_inc_return(&h->holders) != 1)
		atomic_inc(&h->violations);
	pb_busywait(run);
	atomic_dec(&h->holders);
}

static void pb_hook_mtx_checked(struct pb_hook *h, const struct pb_run *run)
{
	bool lock = run->cfg.test_fault != PB_FAULT_UNLOCKED_HOOK;

	if (lock)
		mutex_lock(&h->mtx);
	pb_hook_alone(h, run);
	if (lock)
		mutex_unlock(&h->mtx);
}

static void pb_hook_spin_checked(struct pb_hook *h, const struct pb_run *run)
{
	unsigned long flags;

	if (run->cfg.test_fault == PB_FAULT_UNLOCKED_HOOK) {
		local_irq_save(flags);
		pb_hook_alone(h, run);
		local_irq_restore(flags);
		return;
	}
	spin_lock_irqsave(&h->spin, flags);
	pb_hook_alone(h, run);
	spin_unlock_irqrestore(&h->spin, flags);
}

/*
 * impl: what the name stands for here, and how a waiter waits (spin,
 * sleep, none): kbench's head_impl.NAME and hook_impl.NAME facts, so
 * that one name's implementations on two systems are not taken for one.
 */
struct pb_hook_ops {
	const char	*name;
	const char	*impl;
	bool		sleeps;		/* the lock may sleep */
	pb_hook_fn	fn;
	pb_hook_fn	checked;	/* with check=1 */
};

static const struct pb_hook_ops pb_hook_ops[] = {
	{ "null", "none(none)", false, pb_hook_null, pb_hook_null },
	{ "mtx", "mutex(sleep)", true, pb_hook_mtx, pb_hook_mtx_checked },
	{ "rw", "rwlock_t(spin)", false, pb_hook_rw, pb_hook_rw },
	{ "rwsem", "rw_semaphore(sleep)", true, pb_hook_rwsem, pb_hook_rwsem },
	{ "rm", "percpu_rw_semaphore(sleep)", true, pb_hook_rm, pb_hook_rm },
	{ "brlock", "percpu_spinlock(spin)", false, pb_hook_brlock,
	  pb_hook_brlock },
	{ "spin", "spinlock_irqsave(spin)", false, pb_hook_spin,
	  pb_hook_spin_checked },
};

enum pb_state { PB_IDLE, PB_RUNNING, PB_DONE, PB_ERROR };

static const char * const pb_state_names[] = {
	[PB_IDLE] = "idle",
	[PB_RUNNING] = "running",
	[PB_DONE] = "done",
	[PB_ERROR] = "error",
};

/*
 * pb_mutex serialises the control files: configuration, start, stop,
 * results, and module exit.  The run's threads never take it (stop and
 * exit hold it while waiting for them in kthread_stop()); they end a run
 * with a cmpxchg on pb_state, which stop also uses.
 */
static DEFINE_MUTEX(pb_mutex);
static struct pb_config pb_cfg;
static struct pb_run *pb_run;		/* the last run, until the next */
static u64 pb_nruns;
static char pb_error[PB_ERRLEN];	/* why the last start or run failed */
static bool pb_exiting;
static atomic_t pb_state = ATOMIC_INIT(PB_IDLE);
static DECLARE_WAIT_QUEUE_HEAD(pb_wait_wq);	/* readers of "wait" */
static struct kobject *pb_kobj;
static bool pb_bin_ready;		/* the results file exists */

static __printf(1, 2) void pb_set_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vscnprintf(pb_error, sizeof(pb_error), fmt, ap);
	va_end(ap);
}

static void pb_notify(void)
{
	wake_up_all(&pb_wait_wq);
	sysfs_notify(pb_kobj, NULL, "state");
}

static bool pb_must_stop(const struct pb_run *run)
{
	return READ_ONCE(run->abort) || kthread_should_stop();
}

/* Every thread of a run waits here until all of them have arrived. */
static void pb_barrier(struct pb_run *run)
{
	if (atomic_dec_and_test(&run->arriving)) {
		WRITE_ONCE(run->go, true);
		wake_up_all(&run->go_wq);
		return;
	}
	wait_event_idle(run->go_wq, READ_ONCE(run->go) || pb_must_stop(run));
}

/* A thread is done with the run; the last one ends it. */
static void pb_finish(struct pb_run *run)
{
	if (!atomic_dec_and_test(&run->live))
		return;
	/* A stopped run is already PB_ERROR: leave it so. */
	atomic_cmpxchg(&pb_state, PB_RUNNING, PB_DONE);
	pb_notify();
}

/*
 * check: a reader has loaded the chain under the head's read side.  It
 * counts itself on the chain, then, unless the head lets the writer in
 * beside readers (epoch, none), looks for a writer inside: the writer
 * counts itself, then looks for readers (pb_write_section()), both
 * fully ordered, so two inside together cannot both miss the other.
 */
static __always_inline void pb_check_read(struct pb_thread *t,
					  struct pb_chain *c, const int head)
{
	atomic_inc(&c->readers);
	smp_mb__after_atomic();	/* the count before the look: Dekker */
	if (head != PB_HEAD_EPOCH && head != PB_HEAD_NONE &&
	    atomic_read(&t->run->writing))
		t->violations++;
}

/*
 * One walk of the chain under the head lock: the same code for every
 * head, whose lock is inlined (head is a constant in each walker).
 * Returns whether rm's readers were on their slow path.
 */
static __always_inline bool pb_walk(struct pb_thread *t, const int head,
				    const bool debug)
{
	const struct pb_run *run = t->run;
	struct pb_chain *c;
	unsigned int i;
	bool slow;

	slow = pb_rm_slow();
	pb_head_read_lock(head);
	c = rcu_dereference_check(pb_chain, pb_head_held(head));
	if (debug && run->cfg.check)
		pb_check_read(t, c, head);
	for (i = 0; i < c->n; i++)
		c->link[i].fn(c->link[i].hook, run);
	if (debug && run->cfg.check)
		atomic_dec(&c->readers);
	pb_head_read_unlock(head);
	return slow;
}

/* duration_ms is over: every walker leaves its timed loop. */
static enum hrtimer_restart pb_stop_timer(struct hrtimer *timer)
{
	struct pb_run *run = container_of(timer, struct pb_run, stop_timer);

	WRITE_ONCE(run->stop, true);
	return HRTIMER_NORESTART;
}

/* The last walker to warm up opens the timed phase for all. */
static void pb_open_timed(struct pb_run *run)
{
	run->t_go = ktime_get_ns();
	if (run->cfg.duration_ms)
		hrtimer_start(&run->stop_timer,
			      ns_to_ktime(run->t_go + run->cfg.duration_ms *
					  NSEC_PER_MSEC), HRTIMER_MODE_ABS);
	/* t_go before timed: the writer reads it after seeing timed. */
	smp_store_release(&run->timed, true);
	wake_up(&run->writer_wq);
}

/* The mean length of one busy-wait on this CPU, over about PB_CAL_NS. */
static u64 pb_measure_busywait(const struct pb_run *run)
{
	u64 n, i, t0;

	if (!run->cfg.delay_ns)
		return 0;
	n = clamp_t(u64, PB_CAL_NS / run->cfg.delay_ns, 8, 1000);
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++)
		pb_busywait(run);
	return div64_u64(ktime_get_ns() - t0, n);
}

/*
 * The first walker to end its timed phase notes how far every walker
 * had come: in count mode the fairness figure (every walker ends with
 * count walks).  Each value is a walker's own progress, read once.
 */
static void pb_note_first_end(struct pb_run *run)
{
	unsigned int i;

	for (i = 0; i < run->nthreads; i++)
		run->thr[i].at_first_end = READ_ONCE(run->thr[i].progress);
}

/*
 * A walker: busy-wait measured, barrier, warm-up, the timed phase, the
 * cool-down.  Inlined into one thread function per head and variant
 * (debug: check or a test hook set), so that the walk's lock is a
 * constant and nothing the tests need costs a benchmark.
 */
static __always_inline int pb_walker_body(struct pb_thread *t,
					  const int head, const bool debug)
{
	struct pb_run *run = t->run;
	u64 i = 0, slow = 0, t0, warmup_ns = run->cfg.warmup_ms * NSEC_PER_MSEC;
	u64 count = run->cfg.count, lag = 0;
	bool by_time = run->cfg.duration_ms != 0;
	unsigned long nvcsw, nivcsw;
	u64 migrations;
	int left;

	if (debug && t->id == 0)
		lag = run->cfg.test_lag_ns;
	t->busywait_ns = pb_measure_busywait(run);
	pb_barrier(run);

	/* Warm up for warmup_ms, then until every walker has checked in. */
	t0 = ktime_get_ns();
	do {
		pb_walk(t, head, debug);
		cond_resched();
	} while (ktime_get_ns() - t0 < warmup_ns && !pb_must_stop(run));
	/*
	 * The others wait for timed, not for warming to reach 0: t_go is
	 * set between the two, and no thread may start before it.
	 */
	if (atomic_dec_and_test(&run->warming)) {
		pb_open_timed(run);
	} else {
		while (!smp_load_acquire(&run->timed) && !pb_must_stop(run)) {
			pb_walk(t, head, debug);
			cond_resched();
		}
	}

	nvcsw = current->nvcsw;
	nivcsw = current->nivcsw;
	migrations = current->se.nr_migrations;
	t->start_ns = ktime_get_ns();
	/* One loop for both modes: the same code is timed. */
	while (!(by_time ? READ_ONCE(run->stop) : i >= count) &&
	       !pb_must_stop(run)) {
		slow += pb_walk(t, head, debug);
		WRITE_ONCE(t->progress, ++i);
		if (debug && lag)
			pb_spin(lag);	/* the test hook: outside every lock */
		/* Outside every lock: the head may be atomic. */
		cond_resched();
	}
	t->end_ns = ktime_get_ns();
	t->calls = i;
	t->slow = slow;
	t->cpu = raw_smp_processor_id();
	t->nvcsw = current->nvcsw - nvcsw;
	t->nivcsw = current->nivcsw - nivcsw;
	t->migrations = current->se.nr_migrations - migrations;

	/* Cool down: keep the others contended until the last is done. */
	left = atomic_dec_return(&run->cooling);
	if (left == (int)run->nthreads - 1)
		pb_note_first_end(run);
	if (left == 0) {
		if (run->writer.task)
			wake_up_process(run->writer.task);
	} else {
		while (atomic_read_acquire(&run->cooling) &&
		       !pb_must_stop(run)) {
			pb_walk(t, head, debug);
			cond_resched();
		}
	}
	pb_finish(run);
	return 0;
}

#define PB_WALKER(name, head)						\
static int pb_walker_##name(void *arg)					\
{									\
	struct pb_thread *t = arg;					\
									\
	if (t->run->debug)						\
		return pb_walker_body(t, head, true);			\
	return pb_walker_body(t, head, false);				\
}

/* head is a constant: no side effect in its uses. */
PB_WALKER(rw, PB_HEAD_RW)
PB_WALKER(brlock, PB_HEAD_BRLOCK)
PB_WALKER(rwsem, PB_HEAD_RWSEM)
PB_WALKER(rm, PB_HEAD_RM)
PB_WALKER(epoch, PB_HEAD_EPOCH)
PB_WALKER(none, PB_HEAD_NONE)

/*
 * The writer's section, holding the head's write side: with check, it
 * counts itself in, then verifies it is alone: no other writer, no
 * reader on either chain.
 */
static void pb_write_section(struct pb_run *run, struct pb_thread *w)
{
	if (run->cfg.check) {
		if (atomic_inc_return(&run->writing) != 1)
			w->violations++;
		if (atomic_read(&pb_chains[0].readers) ||
		    atomic_read(&pb_chains[1].readers))
			w->violations++;
	}
	pb_swap_chain();
	if (run->cfg.check)
		atomic_dec(&run->writing);
}

/* epoch, check: after the grace period nobody walks the old chain. */
static void pb_check_retired(struct pb_run *run, struct pb_thread *w,
			     struct pb_chain *old)
{
	if (run->cfg.check && atomic_read(&old->readers))
		w->violations++;
}

static void pb_rw_write(struct pb_run *run, struct pb_thread *w)
{
	write_lock(&pb_head_rw);
	pb_write_section(run, w);
	write_unlock(&pb_head_rw);
}

static void pb_brh_write(struct pb_run *run, struct pb_thread *w)
{
	pb_br_write_lock(&pb_head_br);
	pb_write_section(run, w);
	pb_br_write_unlock(&pb_head_br);
}

static void pb_rwsem_write(struct pb_run *run, struct pb_thread *w)
{
	down_write(&pb_head_rwsem);
	pb_write_section(run, w);
	up_write(&pb_head_rwsem);
}

static void pb_rm_write(struct pb_run *run, struct pb_thread *w)
{
	percpu_down_write(&pb_head_rm);
	pb_write_section(run, w);
	percpu_up_write(&pb_head_rm);
}

static void pb_epoch_write(struct pb_run *run, struct pb_thread *w)
{
	struct pb_chain *old = pb_swap_chain();

	synchronize_rcu();
	pb_check_retired(run, w, old);
}

static void pb_none_write(struct pb_run *run, struct pb_thread *w)
{
}

struct pb_head_ops {
	const char	*name;
	const char	*impl;		/* as pb_hook_ops' */
	bool		atomic;		/* no sleeping inside */
	int		(*walker)(void *arg);	/* a walker thread */
	void		(*write)(struct pb_run *run, struct pb_thread *w);
};

static const struct pb_head_ops pb_head_ops[] = {
	[PB_HEAD_RW] = { "rw", "rwlock_t(spin)", true, pb_walker_rw,
			 pb_rw_write },
	[PB_HEAD_BRLOCK] = { "brlock", "percpu_spinlock(spin)", true,
			     pb_walker_brlock, pb_brh_write },
	[PB_HEAD_RWSEM] = { "rwsem", "rw_semaphore(sleep)", false,
			    pb_walker_rwsem, pb_rwsem_write },
	[PB_HEAD_RM] = { "rm", "percpu_rw_semaphore(sleep)", false,
			 pb_walker_rm, pb_rm_write },
	[PB_HEAD_EPOCH] = { "epoch", "rcu(none)", true, pb_walker_epoch,
			    pb_epoch_write },
	[PB_HEAD_NONE] = { "none", "none(none)", false, pb_walker_none,
			   pb_none_write },
};

/* One write period's work, test hooks included. */
static void pb_write(struct pb_run *run, struct pb_thread *w)
{
	switch (run->cfg.test_fault) {
	case PB_FAULT_UNLOCKED_WRITE:
		if (run->cfg.head == PB_HEAD_EPOCH)
			pb_check_retired(run, w, pb_swap_chain());
		else if (run->cfg.head != PB_HEAD_NONE)
			pb_write_section(run, w);
		return;
	case PB_FAULT_RM_SLOW:
		run->head->write(run, w);
		if (run->cfg.head != PB_HEAD_RM) {
			percpu_down_write(&pb_head_rm);
			percpu_up_write(&pb_head_rm);
		}
		return;
	}
	run->head->write(run, w);
}

static bool pb_writer_done(const struct pb_run *run)
{
	return !atomic_read(&run->cooling) || pb_must_stop(run);
}

/*
 * Every write_ms from the start of the timed phase, on absolute hrtimer
 * deadlines, one write-side section, until the walkers are done.  A write
 * that ends past the next deadline skips the periods it overran
 * (counted in missed) rather than catching up in a burst; so every
 * deadline between start_ns and end_ns is a write or a missed period.
 */
static int pb_writer(void *arg)
{
	struct pb_thread *t = arg;
	struct pb_run *run = t->run;
	u64 period = run->cfg.write_ms * NSEC_PER_MSEC, next, now, t1, k;
	ktime_t deadline;

	pb_barrier(run);
	wait_event_idle(run->writer_wq,
			smp_load_acquire(&run->timed) || pb_must_stop(run));
	t->start_ns = READ_ONCE(run->t_go);
	next = t->start_ns + period;
	for (;;) {
		deadline = ns_to_ktime(next);
		set_current_state(TASK_IDLE);
		if (pb_writer_done(run)) {
			__set_current_state(TASK_RUNNING);
			break;
		}
		schedule_hrtimeout_range(&deadline, 0, HRTIMER_MODE_ABS);
		if (pb_writer_done(run))
			break;
		now = ktime_get_ns();
		if (now < next)
			continue;	/* woken early */
		pb_write(run, t);
		t1 = ktime_get_ns();
		t->ns += t1 - now;
		t->calls++;
		next += period;
		if (t1 >= next) {
			k = div64_u64(t1 - next, period) + 1;
			t->missed += k;
			next += k * period;
		}
	}
	t->end_ns = ktime_get_ns();
	/* Deadlines passed while asleep or since the last write: missed. */
	if (t->start_ns && t->end_ns >= next)
		t->missed += div64_u64(t->end_ns - next, period) + 1;
	t->cpu = raw_smp_processor_id();
	pb_finish(run);
	return 0;
}

/* Wait for every thread of the run to exit (telling them to), drop them. */
static void pb_reap(struct pb_run *run)
{
	unsigned int i;

	if (!run)
		return;
	for (i = 0; i < run->nthreads; i++) {
		if (!run->thr[i].task)
			continue;
		kthread_stop(run->thr[i].task);
		put_task_struct(run->thr[i].task);
		run->thr[i].task = NULL;
	}
	if (run->writer.task) {
		kthread_stop(run->writer.task);
		put_task_struct(run->writer.task);
		run->writer.task = NULL;
	}
	hrtimer_cancel(&run->stop_timer);
}

static void pb_free_run(struct pb_run *run)
{
	if (!run)
		return;
	pb_reap(run);
	kvfree(run->text);
	kvfree(run);
}

/* May hook lock kind hook be taken under head lock kind head? */
static bool pb_pair_ok(const struct pb_head_ops *head,
		       const struct pb_hook_ops *hook)
{
	return !(head->atomic && hook->sleeps);
}

static int pb_check_config(const struct pb_config *cfg)
{
	const struct pb_head_ops *head;
	const struct pb_hook_ops *hook;
	unsigned int ncpu = num_online_cpus();

	if (WARN_ON_ONCE(cfg->head >= ARRAY_SIZE(pb_head_ops) ||
			 cfg->hook >= ARRAY_SIZE(pb_hook_ops) ||
			 cfg->test_fault >= ARRAY_SIZE(pb_fault_names)))
		return -EINVAL;
	head = &pb_head_ops[cfg->head];
	hook = &pb_hook_ops[cfg->hook];
	if (cfg->threads == 0) {
		pb_set_error("threads is 0: at least one thread");
		return -EINVAL;
	}
	if (cfg->threads > (u64)PB_THREADS_PER_CPU * ncpu) {
		pb_set_error("threads %llu > %d x %u online CPUs",
			     cfg->threads, PB_THREADS_PER_CPU, ncpu);
		return -EINVAL;
	}
	if (cfg->count == 0 && cfg->duration_ms == 0) {
		pb_set_error("count is 0: at least one walk per thread");
		return -EINVAL;
	}
	if (cfg->duration_ms > PB_DURATION_MAX_MS) {
		pb_set_error("duration_ms %llu > %d", cfg->duration_ms,
			     PB_DURATION_MAX_MS);
		return -EINVAL;
	}
	if (cfg->warmup_ms > PB_WARMUP_MAX_MS) {
		pb_set_error("warmup_ms %llu > %d", cfg->warmup_ms,
			     PB_WARMUP_MAX_MS);
		return -EINVAL;
	}
	if (cfg->delay_ns > PB_DELAY_MAX_NS) {
		pb_set_error("delay_ns %llu > %d (1 ms)", cfg->delay_ns,
			     PB_DELAY_MAX_NS);
		return -EINVAL;
	}
	if (cfg->hooks < 1 || cfg->hooks > PB_HOOKS_MAX) {
		pb_set_error("hooks %llu: 1 to %d", cfg->hooks, PB_HOOKS_MAX);
		return -EINVAL;
	}
	if (cfg->shared > 1) {
		pb_set_error("shared %llu: 0 or 1", cfg->shared);
		return -EINVAL;
	}
	if (cfg->write_ms > PB_WRITE_MAX_MS) {
		pb_set_error("write_ms %llu > %d", cfg->write_ms,
			     PB_WRITE_MAX_MS);
		return -EINVAL;
	}
	if (cfg->pin > PB_PIN_MAX) {
		pb_set_error("pin %llu: 0 (unbound), 1 (cores) or 2 (SMT)",
			     cfg->pin);
		return -EINVAL;
	}
	if (cfg->check > 1) {
		pb_set_error("check %llu: 0 or 1", cfg->check);
		return -EINVAL;
	}
	if (cfg->test_lag_ns > PB_DELAY_MAX_NS) {
		pb_set_error("test_lag_ns %llu > %d (1 ms)", cfg->test_lag_ns,
			     PB_DELAY_MAX_NS);
		return -EINVAL;
	}
	if ((cfg->test_fault == PB_FAULT_UNLOCKED_WRITE ||
	     cfg->test_fault == PB_FAULT_UNLOCKED_HOOK) && !cfg->check) {
		pb_set_error("test_fault %s without check: only the check sees it",
			     pb_fault_names[cfg->test_fault].name);
		return -EINVAL;
	}
	if (!pb_pair_ok(head, hook)) {
		pb_set_error("hook %s may sleep: not under head %s, whose read side is atomic",
			     hook->name, head->name);
		return -EINVAL;
	}
	return 0;
}

static void pb_build_chains(const struct pb_config *cfg)
{
	const struct pb_hook_ops *hook = &pb_hook_ops[cfg->hook];
	unsigned int c, i;

	for (c = 0; c < ARRAY_SIZE(pb_chains); c++) {
		pb_chains[c].n = cfg->hooks;
		atomic_set(&pb_chains[c].readers, 0);
		for (i = 0; i < cfg->hooks; i++) {
			pb_chains[c].link[i].fn = cfg->check ? hook->checked :
				hook->fn;
			pb_chains[c].link[i].hook =
				&pb_hooks[cfg->shared ? 0 : i];
		}
	}
	for (i = 0; i < PB_HOOKS_MAX; i++) {
		atomic_set(&pb_hooks[i].holders, 0);
		atomic_set(&pb_hooks[i].violations, 0);
	}
	/* No thread runs: the previous run was reaped. */
	RCU_INIT_POINTER(pb_chain, &pb_chains[0]);
}

/*
 * rm's rcu_sync goes idle one grace period after a write (an RCU
 * callback), and stays busy as long as writes come sooner: a run after
 * a writer's would start with its readers on the slow path.  Wait for
 * the callbacks until it is idle; how many rcu_barrier()s it took is
 * in the results (settle).  Every run waits, whatever its head.
 */
static int pb_settle_rm(struct pb_run *run)
{
	for (run->settle = 0; run->settle < PB_SETTLE_TRIES; run->settle++) {
		if (!pb_rm_slow())
			return 0;
		rcu_barrier();
	}
	pb_set_error("rm's rcu_sync is not idle after %d rcu_barrier()s",
		     PB_SETTLE_TRIES);
	return -ETIMEDOUT;
}

/*
 * Where threads go: order[] lists every online CPU once, in the order
 * they are handed out.  pin=1: the first CPU of each core (the first of
 * its topology_sibling_cpumask()), then the other SMT siblings; pin=2:
 * the siblings of one core before the next core.  Returns how many.
 */
static unsigned int pb_cpu_order(int *order, unsigned int max, u64 pin)
{
	unsigned int n = 0;
	int cpu, sib;

	for_each_online_cpu(cpu) {
		if (cpu != cpumask_first(topology_sibling_cpumask(cpu)))
			continue;
		if (pin == PB_PIN_CORES) {
			if (n < max)
				order[n++] = cpu;
			continue;
		}
		for_each_cpu_and(sib, topology_sibling_cpumask(cpu),
				 cpu_online_mask)
			if (n < max)
				order[n++] = sib;
	}
	if (pin == PB_PIN_CORES) {
		for_each_online_cpu(cpu)
			if (cpu != cpumask_first(topology_sibling_cpumask(cpu)) &&
			    n < max)
				order[n++] = cpu;
	}
	return n;
}

/* Create a thread of the run, stopped; bound to a CPU when cpu >= 0. */
static int pb_create(struct pb_thread *t, struct pb_run *run,
		     int (*fn)(void *), int cpu, const char *name)
{
	struct task_struct *task;

	t->run = run;
	t->cpu = -1;
	t->bound = cpu;
	task = kthread_create(fn, t, "pfilbench/%s", name);
	if (IS_ERR(task))
		return PTR_ERR(task);
	/* Held until pb_reap(): a finished thread exits on its own. */
	get_task_struct(task);
	/*
	 * A CPU that goes offline before the thread runs only costs the
	 * binding: the scheduler moves the thread elsewhere.
	 */
	if (cpu >= 0)
		kthread_bind(task, cpu);
	t->task = task;
	return 0;
}

/* The cost of one ktime_get_ns(), the busy-wait's clock. */
static u64 pb_clock_cost(void)
{
	u64 t0, i;

	t0 = ktime_get_ns();
	for (i = 0; i < 256; i++)
		(void)ktime_get_ns();
	return (ktime_get_ns() - t0) / 257;
}

/* One synchronize_rcu(), the median of PB_GP_SAMPLES: at load, once. */
static u64 pb_measure_gp(void)
{
	u64 s[PB_GP_SAMPLES], t0, v;
	int i, j;

	for (i = 0; i < PB_GP_SAMPLES; i++) {
		t0 = ktime_get_ns();
		synchronize_rcu();
		v = ktime_get_ns() - t0;
		for (j = i; j > 0 && s[j - 1] > v; j--)
			s[j] = s[j - 1];
		s[j] = v;
	}
	return s[PB_GP_SAMPLES / 2];
}

/* Create the run's threads, placed.  pb_mutex is held. */
static int pb_create_threads(struct pb_run *run)
{
	const struct pb_config *cfg = &run->cfg;
	unsigned int i, n = 0, max = num_possible_cpus();
	char name[16];
	int *order = NULL, cpu, err = 0;

	if (cfg->pin) {
		order = kcalloc(max, sizeof(*order), GFP_KERNEL);
		if (!order)
			return -ENOMEM;
		cpus_read_lock();
		n = pb_cpu_order(order, max, cfg->pin);
		cpus_read_unlock();
	}
	for (i = 0; i < run->nthreads && !err; i++) {
		cpu = n ? order[i % n] : -1;
		run->thr[i].id = i;
		snprintf(name, sizeof(name), "%u", i);
		err = pb_create(&run->thr[i], run, run->head->walker, cpu,
				name);
	}
	/* The writer gets a CPU of its own when one is left. */
	if (!err && cfg->write_ms)
		err = pb_create(&run->writer, run, pb_writer,
				run->nthreads < n ? order[run->nthreads] : -1,
				"w");
	kfree(order);
	return err;
}

/* Start a run with pb_cfg.  pb_mutex is held. */
static int pb_start(void)
{
	struct pb_config cfg = pb_cfg;
	struct pb_run *run;
	unsigned int i, nlive;
	int err;

	if (pb_exiting)
		return -ENODEV;
	if (atomic_read(&pb_state) == PB_RUNNING)
		return -EBUSY;
	err = pb_check_config(&cfg);
	if (err)
		return err;

	/* The last run's threads have all exited or are told to now. */
	pb_free_run(pb_run);
	pb_run = NULL;

	run = kvzalloc(struct_size(run, thr, cfg.threads), GFP_KERNEL);
	if (!run) {
		pb_set_error("out of memory for %llu threads", cfg.threads);
		atomic_set(&pb_state, PB_ERROR);
		return -ENOMEM;
	}
	run->id = ++pb_nruns;
	run->cfg = cfg;
	run->head = &pb_head_ops[cfg.head];
	run->debug = cfg.check || cfg.test_lag_ns ||
		cfg.test_fault != PB_FAULT_NONE;
	run->nthreads = cfg.threads;
	run->ncpus = num_online_cpus();
	run->clock_ns = pb_clock_cost();
	run->spin_ns = cfg.delay_ns - min(cfg.delay_ns, run->clock_ns);
	nlive = run->nthreads + (cfg.write_ms ? 1 : 0);
	init_waitqueue_head(&run->go_wq);
	init_waitqueue_head(&run->writer_wq);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
	hrtimer_setup(&run->stop_timer, pb_stop_timer, CLOCK_MONOTONIC,
		      HRTIMER_MODE_ABS);
#else
	hrtimer_init(&run->stop_timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);
	run->stop_timer.function = pb_stop_timer;
#endif
	atomic_set(&run->arriving, nlive);
	atomic_set(&run->warming, run->nthreads);
	atomic_set(&run->cooling, run->nthreads);
	atomic_set(&run->live, nlive);
	atomic_set(&run->writing, 0);
	pb_build_chains(&cfg);

	err = pb_settle_rm(run);
	if (!err) {
		err = pb_create_threads(run);
		if (err)
			pb_set_error("cannot create a thread: error %d", err);
	}
	if (err) {
		/* Threads never woken exit at kthread_stop() without running. */
		pb_free_run(run);
		atomic_set(&pb_state, PB_ERROR);
		pb_notify();
		return err;
	}

	/* RUNNING before the first wake-up: a short run may end at once. */
	pb_error[0] = '\0';
	atomic_set(&pb_state, PB_RUNNING);
	pb_run = run;
	for (i = 0; i < run->nthreads; i++)
		wake_up_process(run->thr[i].task);
	if (run->writer.task)
		wake_up_process(run->writer.task);
	sysfs_notify(pb_kobj, NULL, "state");
	return 0;
}

/* Stop the run in progress, if any.  pb_mutex is held. */
static void pb_stop(const char *why)
{
	if (atomic_cmpxchg(&pb_state, PB_RUNNING, PB_ERROR) == PB_RUNNING)
		pb_set_error("%s", why);
	if (pb_run)
		WRITE_ONCE(pb_run->abort, true);
	pb_reap(pb_run);
	WARN_ON_ONCE(atomic_read(&pb_state) == PB_RUNNING);
}

/* A time of the run on its own clock: ns since the timed phase began. */
static s64 pb_rel(const struct pb_run *run, u64 t)
{
	return (s64)(t - run->t_go);
}

/*
 * The results of a done run, one line each, words in key value pairs,
 * the first naming the line (the FreeBSD module prints the first five):
 *
 *   run ID tag T head H hook K hooks N shared S threads T count N
 *       duration_ms D warmup_ms M delay_ns D write_ms W pin P
 *       test_lag_ns L test_fault F
 *   busywait clock clock_ns C spin_ns S
 *   thread I cpu C bound B core P.C calls N start_ns S end_ns E
 *       busywait_ns W nvcsw V nivcsw U migrations M slow_walks L
 *       at_first_end A
 *   writer 0 cpu C bound B writes N ns T start_ns S end_ns E missed M
 *   check C violations V readers R writer W hooks H settle N
 *   fact KEY VALUE			(one each, the last lines)
 *
 * Times are ns since the timed phase began, on one clock for all
 * threads (ktime_get_ns()): the run's walks over the time from the
 * first start to the last end is the number to report.  A thread's
 * calls are its walks in the timed phase; nvcsw, nivcsw (voluntary and
 * involuntary context switches) and migrations are counted over it;
 * slow_walks the walks whose probe found rm's readers sent to
 * percpu_rw_semaphore's slow path (under every head; only rm's readers
 * take it); at_first_end its walks when the first thread ended its
 * timed phase.  The writer's ns is the time spent in its writes, missed
 * the periods skipped.  cpu is where a thread finished, bound the CPU
 * it was bound to (-1: none), core the package and core of cpu.  check:
 * 1 when the run verified exclusion, and the violations it found, by
 * readers, the writer and exclusive hook locks; settle the
 * rcu_barrier()s rm's rcu_sync took to go idle before the run.  The fact
 * lines are kbench facts as they are to be recorded: what each head and
 * hook lock is here (head_impl.NAME, hook_impl.NAME), the grace period
 * timed at load, and the run's sums.
 */
static int pb_format_results(struct pb_run *run)
{
	const struct pb_config *cfg = &run->cfg;
	size_t size = 4096 + (size_t)(run->nthreads + 1) * 320, len;
	u64 rviol = 0, hviol = 0, nvcsw = 0, slow = 0, over;
	const struct pb_thread *t;
	unsigned int i;
	char *text;
	u32 frac;
	int cpu;

	text = kvmalloc(size, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	len = scnprintf(text, size,
			"run %llu tag %s head %s hook %s hooks %llu shared %llu threads %llu count %llu duration_ms %llu warmup_ms %llu delay_ns %llu write_ms %llu pin %llu test_lag_ns %llu test_fault %s\n"
			"busywait clock clock_ns %llu spin_ns %llu\n",
			run->id, cfg->tag[0] ? cfg->tag : "-",
			pb_head_ops[cfg->head].name,
			pb_hook_ops[cfg->hook].name, cfg->hooks, cfg->shared,
			cfg->threads, cfg->count, cfg->duration_ms,
			cfg->warmup_ms, cfg->delay_ns, cfg->write_ms, cfg->pin,
			cfg->test_lag_ns, pb_fault_names[cfg->test_fault].name,
			run->clock_ns, run->spin_ns);
	for (i = 0; i < run->nthreads; i++) {
		t = &run->thr[i];
		/* Every thread of a done run ran: cpu >= 0. */
		cpu = t->cpu >= 0 ? t->cpu : 0;
		len += scnprintf(text + len, size - len,
				 "thread %u cpu %d bound %d core %d.%d calls %llu start_ns %lld end_ns %lld busywait_ns %llu nvcsw %lu nivcsw %lu migrations %llu slow_walks %llu at_first_end %llu\n",
				 t->id, t->cpu, t->bound,
				 (int)topology_physical_package_id(cpu),
				 (int)topology_core_id(cpu), t->calls,
				 pb_rel(run, t->start_ns),
				 pb_rel(run, t->end_ns), t->busywait_ns,
				 t->nvcsw, t->nivcsw, t->migrations, t->slow,
				 t->at_first_end);
		rviol += t->violations;
		nvcsw += t->nvcsw;
		slow += t->slow;
	}
	t = &run->writer;
	if (cfg->write_ms)
		len += scnprintf(text + len, size - len,
				 "writer 0 cpu %d bound %d writes %llu ns %llu start_ns %lld end_ns %lld missed %llu\n",
				 t->cpu, t->bound, t->calls, t->ns,
				 pb_rel(run, t->start_ns),
				 pb_rel(run, t->end_ns), t->missed);
	for (i = 0; i < PB_HOOKS_MAX; i++)
		hviol += atomic_read(&pb_hooks[i].violations);
	len += scnprintf(text + len, size - len,
			 "check %llu violations %llu readers %llu writer %llu hooks %llu settle %llu\n",
			 cfg->check, rviol + t->violations + hviol, rviol,
			 t->violations, hviol, run->settle);
	for (i = 0; i < ARRAY_SIZE(pb_head_ops); i++)
		len += scnprintf(text + len, size - len,
				 "fact head_impl.%s %s\n", pb_head_ops[i].name,
				 pb_head_ops[i].impl);
	for (i = 0; i < ARRAY_SIZE(pb_hook_ops); i++)
		len += scnprintf(text + len, size - len,
				 "fact hook_impl.%s %s\n", pb_hook_ops[i].name,
				 pb_hook_ops[i].impl);
	/* Walkers per online CPU, in thousandths, rounded. */
	over = div_u64_rem(div_u64(cfg->threads * 1000 + run->ncpus / 2,
				   run->ncpus), 1000, &frac);
	len += scnprintf(text + len, size - len,
			 "fact gp_latency_us %llu\nfact ctx_switches_sum %llu\nfact oversubscribed_max %llu.%03u\n",
			 div_u64(pb_gp_ns + NSEC_PER_USEC / 2, NSEC_PER_USEC),
			 nvcsw, over, frac);
	if (cfg->head == PB_HEAD_RM)
		len += scnprintf(text + len, size - len,
				 "fact slow_walks_sum %llu\n", slow);
	/* scnprintf() stops one short of a full buffer: too small a size. */
	if (WARN_ON_ONCE(len + 1 >= size)) {
		kvfree(text);
		return -EOVERFLOW;
	}
	run->text = text;
	run->len = len;
	return 0;
}

/*
 * The control interface: /sys/kernel/pfilbench/
 *
 *   threads count duration_ms warmup_ms delay_ns hooks shared head hook
 *   write_ms pin check tag
 *		0644  the next run (tag: any word up to 39 bytes, the
 *		      controller's name for it, in the results; check: 1
 *		      verifies mutual exclusion)
 *   test_lag_ns test_fault
 *		0644  test hooks, for the VM tests (the module parameters
 *		      of the same names)
 *   start	0200  write 1: start a run (EBUSY while one runs, EINVAL
 *		      for a bad configuration: see "error")
 *   stop	0200  write 1: stop the run in progress (state error)
 *   state	0444  idle, running, done or error; poll()able (sysfs_notify)
 *   wait	0444  blocks, interruptibly, while a run is in progress, then
 *		      reads as state
 *   results	0444  the last done run (pb_format_results()); empty
 *		      otherwise; a binary attribute, so it may exceed a page
 *   caps	0444  what this module runs: heads, hooks, the head/hook
 *		      pairs it refuses, its limits (pb_caps_show())
 *   kernel	0444  the kernel's facts that change the numbers:
 *		      preemption model, HZ, lockdep, KASAN, retpolines,
 *		      mitigations (pb_kernel_show())
 *   error	0444  why the last start was refused or the last run failed
 *   version	0444  PB_VERSION
 *   release	0444  the running kernel's release
 *
 * Why sysfs and not debugfs: debugfs is a debugging aid, not an
 * interface.  It may be compiled out, turned off (debugfs=off) or not
 * mounted, and under kernel lockdown (LOCKDOWN_DEBUGFS, which Secure
 * Boot turns on in Debian's kernels) every debugfs file that can be
 * written is refused.  /sys is mounted everywhere, each value is a small
 * file with its own permissions, and a refused write carries an errno:
 * what a benchmark driven by scripts needs.  Values written are checked for
 * syntax (a number, a known lock name) when written, and together at
 * start.  While a run is in progress the configuration is EBUSY.
 *
 * "wait" blocking in show() has a precedent in /sys/power/wakeup_count;
 * module exit wakes its readers before removing the files.
 */

static struct pb_config *pb_cfg_lock(int *err)
{
	mutex_lock(&pb_mutex);
	*err = 0;
	if (pb_exiting)
		*err = -ENODEV;
	else if (atomic_read(&pb_state) == PB_RUNNING)
		*err = -EBUSY;
	if (*err) {
		mutex_unlock(&pb_mutex);
		return NULL;
	}
	return &pb_cfg;
}

#define PB_NUMBER_ATTR(field)						\
static ssize_t field##_show(struct kobject *kobj,			\
			    struct kobj_attribute *attr, char *buf)	\
{									\
	u64 v;								\
									\
	mutex_lock(&pb_mutex);						\
	v = pb_cfg.field;						\
	mutex_unlock(&pb_mutex);					\
	return sysfs_emit(buf, "%llu\n", v);				\
}									\
static ssize_t field##_store(struct kobject *kobj,			\
			     struct kobj_attribute *attr,		\
			     const char *buf, size_t len)		\
{									\
	struct pb_config *cfg;						\
	u64 v;								\
	int err;							\
									\
	err = kstrtou64(buf, 10, &v);					\
	if (err)							\
		return err;						\
	cfg = pb_cfg_lock(&err);					\
	if (!cfg)							\
		return err;						\
	cfg->field = v;							\
	mutex_unlock(&pb_mutex);					\
	return len;							\
}									\
static struct kobj_attribute pb_attr_##field = __ATTR_RW(field)

PB_NUMBER_ATTR(threads);
PB_NUMBER_ATTR(count);
PB_NUMBER_ATTR(duration_ms);
PB_NUMBER_ATTR(warmup_ms);
PB_NUMBER_ATTR(delay_ns);
PB_NUMBER_ATTR(hooks);
PB_NUMBER_ATTR(shared);
PB_NUMBER_ATTR(write_ms);
PB_NUMBER_ATTR(pin);
PB_NUMBER_ATTR(check);
PB_NUMBER_ATTR(test_lag_ns);

#define PB_KIND_ATTR(field, table)					\
static ssize_t field##_show(struct kobject *kobj,			\
			    struct kobj_attribute *attr, char *buf)	\
{									\
	unsigned int i;							\
									\
	mutex_lock(&pb_mutex);						\
	i = pb_cfg.field;						\
	mutex_unlock(&pb_mutex);					\
	return sysfs_emit(buf, "%s\n", table[i].name);			\
}									\
static ssize_t field##_store(struct kobject *kobj,			\
			     struct kobj_attribute *attr,		\
			     const char *buf, size_t len)		\
{									\
	struct pb_config *cfg;						\
	unsigned int i;							\
	int err;							\
									\
	for (i = 0; i < ARRAY_SIZE(table); i++)				\
		if (sysfs_streq(buf, table[i].name))			\
			break;						\
	if (i == ARRAY_SIZE(table))					\
		return -EINVAL;						\
	cfg = pb_cfg_lock(&err);					\
	if (!cfg)							\
		return err;						\
	cfg->field = i;							\
	mutex_unlock(&pb_mutex);					\
	return len;							\
}									\
static struct kobj_attribute pb_attr_##field = __ATTR_RW(field)

PB_KIND_ATTR(head, pb_head_ops);
PB_KIND_ATTR(hook, pb_hook_ops);
PB_KIND_ATTR(test_fault, pb_fault_names);

static ssize_t tag_show(struct kobject *kobj, struct kobj_attribute *attr,
			char *buf)
{
	ssize_t n;

	mutex_lock(&pb_mutex);
	n = sysfs_emit(buf, "%s\n", pb_cfg.tag);
	mutex_unlock(&pb_mutex);
	return n;
}

/* One word of [A-Za-z0-9_.:-], up to PB_TAGLEN - 1 bytes; "" clears it. */
static ssize_t tag_store(struct kobject *kobj, struct kobj_attribute *attr,
			 const char *buf, size_t len)
{
	struct pb_config *cfg;
	char tag[PB_TAGLEN];
	size_t n = len, i;
	int err;

	if (n && buf[n - 1] == '\n')
		n--;
	if (n >= sizeof(tag))
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (!isalnum(buf[i]) && !strchr("_.:-", buf[i]))
			return -EINVAL;
	memcpy(tag, buf, n);
	tag[n] = '\0';
	cfg = pb_cfg_lock(&err);
	if (!cfg)
		return err;
	strscpy(cfg->tag, tag, sizeof(cfg->tag));
	mutex_unlock(&pb_mutex);
	return len;
}
static struct kobj_attribute pb_attr_tag = __ATTR_RW(tag);

static ssize_t start_store(struct kobject *kobj, struct kobj_attribute *attr,
			   const char *buf, size_t len)
{
	int err;

	if (!sysfs_streq(buf, "1"))
		return -EINVAL;
	mutex_lock(&pb_mutex);
	err = pb_start();
	mutex_unlock(&pb_mutex);
	return err ? err : len;
}
static struct kobj_attribute pb_attr_start = __ATTR_WO(start);

static ssize_t stop_store(struct kobject *kobj, struct kobj_attribute *attr,
			  const char *buf, size_t len)
{
	if (!sysfs_streq(buf, "1"))
		return -EINVAL;
	mutex_lock(&pb_mutex);
	pb_stop("stopped by request");
	mutex_unlock(&pb_mutex);
	pb_notify();
	return len;
}
static struct kobj_attribute pb_attr_stop = __ATTR_WO(stop);

static ssize_t state_show(struct kobject *kobj, struct kobj_attribute *attr,
			  char *buf)
{
	return sysfs_emit(buf, "%s\n",
			  pb_state_names[atomic_read_acquire(&pb_state)]);
}
static struct kobj_attribute pb_attr_state = __ATTR_RO(state);

static ssize_t wait_show(struct kobject *kobj, struct kobj_attribute *attr,
			 char *buf)
{
	int err;

	err = wait_event_interruptible(pb_wait_wq,
				       atomic_read(&pb_state) != PB_RUNNING ||
				       READ_ONCE(pb_exiting));
	if (err)
		return err;
	return sysfs_emit(buf, "%s\n",
			  pb_state_names[atomic_read_acquire(&pb_state)]);
}
static struct kobj_attribute pb_attr_wait = __ATTR_RO(wait);

static ssize_t error_show(struct kobject *kobj, struct kobj_attribute *attr,
			  char *buf)
{
	ssize_t n;

	mutex_lock(&pb_mutex);
	n = sysfs_emit(buf, "%s\n", pb_error);
	mutex_unlock(&pb_mutex);
	return n;
}
static struct kobj_attribute pb_attr_error = __ATTR_RO(error);

/*
 * caps: what the module runs, one "key value..." line each, so that
 * pfilbench-ctl and kbench ask rather than know:
 *
 *   version 2.0
 *   heads rw brlock rwsem rm epoch none
 *   hooks null mtx rw rwsem rm brlock spin
 *   atomic_heads rw brlock epoch	(read side atomic: no sleeping hook)
 *   sleeping_hooks mtx rwsem rm
 *   refused rw:mtx rw:rwsem ...	(head:hook pairs start refuses)
 *   delay_max_ns 1000000
 *   ...
 */
static ssize_t caps_show(struct kobject *kobj, struct kobj_attribute *attr,
			 char *buf)
{
	unsigned int i, j;
	int n;

	n = sysfs_emit(buf, "version %s\nheads", PB_VERSION);
	for (i = 0; i < ARRAY_SIZE(pb_head_ops); i++)
		n += sysfs_emit_at(buf, n, " %s", pb_head_ops[i].name);
	n += sysfs_emit_at(buf, n, "\nhooks");
	for (i = 0; i < ARRAY_SIZE(pb_hook_ops); i++)
		n += sysfs_emit_at(buf, n, " %s", pb_hook_ops[i].name);
	n += sysfs_emit_at(buf, n, "\natomic_heads");
	for (i = 0; i < ARRAY_SIZE(pb_head_ops); i++)
		if (pb_head_ops[i].atomic)
			n += sysfs_emit_at(buf, n, " %s", pb_head_ops[i].name);
	n += sysfs_emit_at(buf, n, "\nsleeping_hooks");
	for (i = 0; i < ARRAY_SIZE(pb_hook_ops); i++)
		if (pb_hook_ops[i].sleeps)
			n += sysfs_emit_at(buf, n, " %s", pb_hook_ops[i].name);
	n += sysfs_emit_at(buf, n, "\nrefused");
	for (i = 0; i < ARRAY_SIZE(pb_head_ops); i++)
		for (j = 0; j < ARRAY_SIZE(pb_hook_ops); j++)
			if (!pb_pair_ok(&pb_head_ops[i], &pb_hook_ops[j]))
				n += sysfs_emit_at(buf, n, " %s:%s",
						   pb_head_ops[i].name,
						   pb_hook_ops[j].name);
	n += sysfs_emit_at(buf, n,
			   "\ndelay_max_ns %d\nwrite_max_ms %d\nduration_max_ms %d\nwarmup_max_ms %d\nhooks_max %d\nthreads_max %u\npin 0 1 2\n",
			   PB_DELAY_MAX_NS, PB_WRITE_MAX_MS, PB_DURATION_MAX_MS,
			   PB_WARMUP_MAX_MS, PB_HOOKS_MAX,
			   PB_THREADS_PER_CPU * num_online_cpus());
	return n;
}
static struct kobj_attribute pb_attr_caps = __ATTR_RO(caps);

static const char *pb_yes(bool b)
{
	return b ? "yes" : "no";
}

static const char *pb_preempt_model(void)
{
	if (preempt_model_rt())
		return "rt";
	if (preempt_model_full())
		return "full";
	if (preempt_model_voluntary())
		return "voluntary";
	return "none";
}

/*
 * kernel: the build and boot facts that change lock timings, one
 * "key value" line each.  mitigations is "off" with mitigations=off on
 * the command line, else "auto" (the per-vulnerability state is in
 * /sys/devices/system/cpu/vulnerabilities/, which pfilbench-ctl reads).
 */
static ssize_t kernel_show(struct kobject *kobj, struct kobj_attribute *attr,
			   char *buf)
{
	return sysfs_emit(buf,
			  "preempt %s\npreempt_dynamic %s\nhz %d\nlockdep %s\nprove_locking %s\nprove_rcu %s\ndebug_atomic_sleep %s\nkasan %s\nretpoline %s\nmitigations %s\nnr_cpu_ids %u\n",
			  pb_preempt_model(),
			  pb_yes(IS_ENABLED(CONFIG_PREEMPT_DYNAMIC)), HZ,
			  pb_yes(IS_ENABLED(CONFIG_LOCKDEP)),
			  pb_yes(IS_ENABLED(CONFIG_PROVE_LOCKING)),
			  pb_yes(IS_ENABLED(CONFIG_PROVE_RCU)),
			  pb_yes(IS_ENABLED(CONFIG_DEBUG_ATOMIC_SLEEP)),
			  pb_yes(IS_ENABLED(CONFIG_KASAN)),
			  pb_yes(IS_ENABLED(CONFIG_RETPOLINE) ||
				 IS_ENABLED(CONFIG_MITIGATION_RETPOLINE)),
			  cpu_mitigations_off() ? "off" : "auto", nr_cpu_ids);
}
static struct kobj_attribute pb_attr_kernel = __ATTR_RO(kernel);

static ssize_t version_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "%s\n", PB_VERSION);
}
static struct kobj_attribute pb_attr_version = __ATTR_RO(version);

static ssize_t release_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "%s\n", init_utsname()->release);
}
static struct kobj_attribute pb_attr_release = __ATTR_RO(release);

static struct attribute *pb_attrs[] = {
	&pb_attr_threads.attr,
	&pb_attr_count.attr,
	&pb_attr_duration_ms.attr,
	&pb_attr_warmup_ms.attr,
	&pb_attr_delay_ns.attr,
	&pb_attr_hooks.attr,
	&pb_attr_shared.attr,
	&pb_attr_head.attr,
	&pb_attr_hook.attr,
	&pb_attr_write_ms.attr,
	&pb_attr_pin.attr,
	&pb_attr_check.attr,
	&pb_attr_test_lag_ns.attr,
	&pb_attr_test_fault.attr,
	&pb_attr_tag.attr,
	&pb_attr_start.attr,
	&pb_attr_stop.attr,
	&pb_attr_state.attr,
	&pb_attr_wait.attr,
	&pb_attr_error.attr,
	&pb_attr_caps.attr,
	&pb_attr_kernel.attr,
	&pb_attr_version.attr,
	&pb_attr_release.attr,
	NULL,
};

static const struct attribute_group pb_group = {
	.attrs = pb_attrs,
};

/* The bin_attribute callbacks take a const attribute since Linux 6.16. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 16, 0)
#define PB_BIN_ATTR	const struct bin_attribute
#else
#define PB_BIN_ATTR	struct bin_attribute
#endif

static ssize_t pb_results_read(struct file *file, struct kobject *kobj,
			       PB_BIN_ATTR *attr, char *buf, loff_t off,
			       size_t count)
{
	ssize_t n = 0;
	int err;

	if (mutex_lock_interruptible(&pb_mutex))
		return -ERESTARTSYS;
	if (pb_exiting) {
		n = -ENODEV;
	} else if (pb_run && atomic_read_acquire(&pb_state) == PB_DONE) {
		/*
		 * Every thread has exited (kthread_stop() of a thread that
		 * returned only reaps it): what they wrote is visible.
		 */
		pb_reap(pb_run);
		err = pb_run->text ? 0 : pb_format_results(pb_run);
		if (err)
			n = err;
		else
			n = memory_read_from_buffer(buf, count, &off,
						    pb_run->text, pb_run->len);
	}
	mutex_unlock(&pb_mutex);
	return n;
}

static struct bin_attribute pb_results_attr = {
	.attr = { .name = "results", .mode = 0444 },
	.read = pb_results_read,
};

/* The unwind path of init and the whole of exit: undoes what was done. */
static void pb_cleanup(void)
{
	int i;

	if (pb_kobj) {
		mutex_lock(&pb_mutex);
		pb_exiting = true;
		pb_stop("module unloaded");
		mutex_unlock(&pb_mutex);
		/*
		 * Readers blocked in "wait" hold the file, which cannot go
		 * before they do: let them go, and the poll()ers of state.
		 */
		pb_notify();
		if (pb_bin_ready)
			sysfs_remove_bin_file(pb_kobj, &pb_results_attr);
		kobject_put(pb_kobj);
		pb_kobj = NULL;
	}
	pb_free_run(pb_run);
	pb_run = NULL;
	for (i = 0; i < pb_hooks_ready; i++) {
		percpu_free_rwsem(&pb_hooks[i].rm);
		pb_br_free(&pb_hooks[i].br);
	}
	pb_hooks_ready = 0;
	if (pb_head_rm_ready)
		percpu_free_rwsem(&pb_head_rm);
	pb_head_rm_ready = false;
	pb_br_free(&pb_head_br);
}

/* A module parameter's name in a table: its index, or -EINVAL. */
#define pb_find(s, table)						\
({									\
	int __i, __found = -EINVAL;					\
									\
	for (__i = 0; __i < (int)ARRAY_SIZE(table); __i++)		\
		if (sysfs_streq(s, table[__i].name)) {			\
			__found = __i;					\
			break;						\
		}							\
	__found;							\
})

static int pb_init_hook(struct pb_hook *h)
{
	int err;

	mutex_init(&h->mtx);
	rwlock_init(&h->rw);
	init_rwsem(&h->rwsem);
	spin_lock_init(&h->spin);
	err = percpu_init_rwsem(&h->rm);
	if (err)
		return err;
	err = pb_br_init(&h->br, "pb_hook_br", &pb_br_hook_key);
	if (err)
		percpu_free_rwsem(&h->rm);
	return err;
}

static int __init pb_init(void)
{
	int err, i;

	err = pb_find(pb_param_head, pb_head_ops);
	if (err < 0) {
		pr_err("head=%s: expected rw, brlock, rwsem, rm, epoch or none\n",
		       pb_param_head);
		return err;
	}
	pb_cfg.head = err;
	err = pb_find(pb_param_hook, pb_hook_ops);
	if (err < 0) {
		pr_err("hook=%s: expected null, mtx, rw, rwsem, rm, brlock or spin\n",
		       pb_param_hook);
		return err;
	}
	pb_cfg.hook = err;
	err = pb_find(pb_param_test_fault, pb_fault_names);
	if (err < 0) {
		pr_err("test_fault=%s: expected none, unlocked_write, unlocked_hook or rm_slow\n",
		       pb_param_test_fault);
		return err;
	}
	pb_cfg.test_fault = err;
	pb_cfg.threads = pb_param_threads;
	pb_cfg.count = pb_param_count;
	pb_cfg.duration_ms = pb_param_duration_ms;
	pb_cfg.warmup_ms = pb_param_warmup_ms;
	pb_cfg.delay_ns = pb_param_delay_ns;
	pb_cfg.hooks = pb_param_hooks;
	pb_cfg.shared = pb_param_shared;
	pb_cfg.write_ms = pb_param_write_ms;
	pb_cfg.pin = pb_param_pin;
	pb_cfg.check = pb_param_check;
	pb_cfg.test_lag_ns = pb_param_test_lag_ns;

	err = percpu_init_rwsem(&pb_head_rm);
	if (err)
		goto unwind;
	pb_head_rm_ready = true;
	err = pb_br_init(&pb_head_br, "pb_head_br", &pb_br_head_key);
	if (err)
		goto unwind;
	for (i = 0; i < PB_HOOKS_MAX; i++) {
		err = pb_init_hook(&pb_hooks[i]);
		if (err)
			goto unwind;
		pb_hooks_ready++;
	}

	/* Once, before anyone may start a run: a fact of every run. */
	pb_gp_ns = pb_measure_gp();
	pb_kobj = kobject_create_and_add("pfilbench", kernel_kobj);
	if (!pb_kobj) {
		err = -ENOMEM;
		goto unwind;
	}
	err = sysfs_create_group(pb_kobj, &pb_group);
	if (err)
		goto unwind;
	err = sysfs_create_bin_file(pb_kobj, &pb_results_attr);
	if (err)
		goto unwind;
	pb_bin_ready = true;
	pr_info("version %s loaded; control in /sys/kernel/pfilbench\n",
		PB_VERSION);
	return 0;

unwind:
	pr_err("cannot load: error %d\n", err);
	pb_cleanup();
	return err;
}

static void __exit pb_exit(void)
{
	pb_cleanup();
	pr_info("unloaded\n");
}

module_init(pb_init);
module_exit(pb_exit);

MODULE_LICENSE("Dual BSD/GPL");
MODULE_AUTHOR("kbench");
MODULE_DESCRIPTION("pfil-style hook chain lock benchmark");
MODULE_VERSION(PB_VERSION);
