// SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause
/*
 * pfilbench: how much does the lock around a packet-filter hook chain
 * cost, and the locks inside the hooks?
 *
 * The module owns a private chain of PB_NHOOKS hooks, each called through
 * a function pointer as pfil(9) and netfilter call theirs.  A run starts
 * "threads" kernel threads together; each walks the chain "count" times
 * under the read side of the head lock, and every hook takes its own
 * hook lock around a busy-wait of "delay_ns".  Each thread times its
 * whole loop with ktime_get_ns(); kbench turns that into ns per walk.
 *
 *   head lock (around the walk)          hook lock (inside each hook)
 *   rw     rwlock_t, read_lock()         null   none
 *   rm     percpu_rw_semaphore, read     mtx    struct mutex
 *   epoch  RCU, rcu_read_lock()          rw     rwlock_t, read_lock()
 *   none   nothing                       rwsem  rw_semaphore, down_read()
 *                                        rm     percpu_rw_semaphore, read
 *                                        spin   spinlock_t
 *
 * "rm" is the closest Linux relative of FreeBSD's rmlock: readers touch
 * only a per-CPU count, a writer pays for an RCU grace period.  "epoch"
 * is what netfilter does: hooks run under rcu_read_lock() and a writer
 * publishes a new chain, then waits with synchronize_rcu().
 *
 * The rw and epoch heads are atomic on the read side: nothing under them
 * may sleep, so the sleeping hook locks (mtx, rwsem, rm) are refused
 * under them (-EINVAL at start).  Under rm and none every hook is allowed.
 *
 * With write_ms > 0 a writer thread takes the head's write side every
 * write_ms (rounded up to a jiffy) and swaps the chain for its twin:
 * rw write_lock(), rm percpu_down_write(), epoch a pointer swap and
 * synchronize_rcu(), none nothing at all.
 *
 * Control is in /sys/kernel/pfilbench/: see "The control interface"
 * below, and pfilbench-ctl(1).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kobject.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/percpu-rwsem.h>
#include <linux/rcupdate.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/version.h>
#include <linux/wait.h>
#include <generated/utsrelease.h>

#define PB_VERSION		"1.0"
#define PB_NHOOKS		3
#define PB_THREADS_PER_CPU	4	/* threads per online CPU, at most */
/* 1 ms: udelay() is for short waits. */
#define PB_DELAY_MAX_NS		1000000
#define PB_WRITE_MAX_MS		3600000	/* an hour */
#define PB_ERRLEN		128

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
MODULE_PARM_DESC(count, "Chain walks per thread (100000)");

static unsigned int pb_param_delay_ns = 1000;
module_param_named(delay_ns, pb_param_delay_ns, uint, 0444);
MODULE_PARM_DESC(delay_ns, "Busy-wait in each hook, ns, <= 1000000 (1000)");

static char *pb_param_head = "rm";
module_param_named(head, pb_param_head, charp, 0444);
MODULE_PARM_DESC(head, "Head lock: rw, rm, epoch or none (rm)");

static char *pb_param_hook = "null";
module_param_named(hook, pb_param_hook, charp, 0444);
MODULE_PARM_DESC(hook, "Hook lock: null, mtx, rw, rwsem, rm or spin (null)");

static unsigned int pb_param_write_ms;
module_param_named(write_ms, pb_param_write_ms, uint, 0444);
MODULE_PARM_DESC(write_ms, "Writer period in ms, 0 for no writer (0)");

static bool pb_param_pin;
module_param_named(pin, pb_param_pin, bool, 0444);
MODULE_PARM_DESC(pin, "Bind thread i to the i-th online CPU, round robin (0)");

/* One hook's locks: the run's hook kind picks which one it takes. */
struct pb_hook {
	struct mutex			mtx;
	rwlock_t			rw;
	struct rw_semaphore		rwsem;
	struct percpu_rw_semaphore	rm;
	spinlock_t			spin;
} ____cacheline_aligned_in_smp;

/* The busy-wait, split once per run: udelay() the us, ndelay() the rest. */
struct pb_delay {
	unsigned int	us;
	unsigned int	ns;
};

typedef void (*pb_hook_fn)(struct pb_hook *h, const struct pb_delay *d);

struct pb_chain {
	unsigned int	n;
	struct {
		pb_hook_fn	fn;
		struct pb_hook	*hook;
	} link[PB_NHOOKS];
};

static struct pb_hook pb_hooks[PB_NHOOKS];
static int pb_hooks_rm_ready;		/* hooks whose rm is initialised */

static DEFINE_RWLOCK(pb_head_rw);
static struct percpu_rw_semaphore pb_head_rm;
static bool pb_head_rm_ready;

/*
 * The chain readers walk, and its twin that the writer swaps in.  Readers
 * load the pointer under the head lock; the head keeps it stable: the
 * rw and rm writers swap it holding the write side, the epoch writer
 * swaps it and waits for a grace period, and with head none nobody swaps
 * it.  Only the run's writer thread stores to it, and start (no thread
 * running) initialises it.
 */
static struct pb_chain pb_chains[2];
static struct pb_chain __rcu *pb_chain;

static void pb_delay(const struct pb_delay *d)
{
	if (d->us)
		udelay(d->us);
	if (d->ns)
		ndelay(d->ns);
}

static void pb_swap_chain(void)
{
	struct pb_chain *old = rcu_dereference_protected(pb_chain, 1);

	rcu_assign_pointer(pb_chain, old == &pb_chains[0] ? &pb_chains[1] :
			   &pb_chains[0]);
}

/* Head locks. */

static void pb_rw_read_lock(void)
	__acquires(&pb_head_rw)
{
	read_lock(&pb_head_rw);
}

static void pb_rw_read_unlock(void)
	__releases(&pb_head_rw)
{
	read_unlock(&pb_head_rw);
}

static void pb_rw_write(void)
{
	write_lock(&pb_head_rw);
	pb_swap_chain();
	write_unlock(&pb_head_rw);
}

static void pb_rm_read_lock(void)
{
	percpu_down_read(&pb_head_rm);
}

static void pb_rm_read_unlock(void)
{
	percpu_up_read(&pb_head_rm);
}

static void pb_rm_write(void)
{
	percpu_down_write(&pb_head_rm);
	pb_swap_chain();
	percpu_up_write(&pb_head_rm);
}

static void pb_epoch_read_lock(void)
	__acquires(RCU)
{
	rcu_read_lock();
}

static void pb_epoch_read_unlock(void)
	__releases(RCU)
{
	rcu_read_unlock();
}

static void pb_epoch_write(void)
{
	pb_swap_chain();
	synchronize_rcu();
}

static void pb_none_lock(void)
{
}

struct pb_head_ops {
	const char	*name;
	bool		atomic;		/* no sleeping inside */
	void		(*lock)(void);	/* read side */
	void		(*unlock)(void);
	void		(*write)(void);	/* one write-side section */
};

static const struct pb_head_ops pb_head_ops[] = {
	{ "rw", true, pb_rw_read_lock, pb_rw_read_unlock, pb_rw_write },
	{ "rm", false, pb_rm_read_lock, pb_rm_read_unlock, pb_rm_write },
	{ "epoch", true, pb_epoch_read_lock, pb_epoch_read_unlock,
	  pb_epoch_write },
	{ "none", false, pb_none_lock, pb_none_lock, pb_none_lock },
};

/* Hooks: each takes its own lock around the busy-wait. */

static void pb_hook_null(struct pb_hook *h, const struct pb_delay *d)
{
	pb_delay(d);
}

static void pb_hook_mtx(struct pb_hook *h, const struct pb_delay *d)
{
	mutex_lock(&h->mtx);
	pb_delay(d);
	mutex_unlock(&h->mtx);
}

static void pb_hook_rw(struct pb_hook *h, const struct pb_delay *d)
{
	read_lock(&h->rw);
	pb_delay(d);
	read_unlock(&h->rw);
}

static void pb_hook_rwsem(struct pb_hook *h, const struct pb_delay *d)
{
	down_read(&h->rwsem);
	pb_delay(d);
	up_read(&h->rwsem);
}

static void pb_hook_rm(struct pb_hook *h, const struct pb_delay *d)
{
	percpu_down_read(&h->rm);
	pb_delay(d);
	percpu_up_read(&h->rm);
}

static void pb_hook_spin(struct pb_hook *h, const struct pb_delay *d)
{
	spin_lock(&h->spin);
	pb_delay(d);
	spin_unlock(&h->spin);
}

struct pb_hook_ops {
	const char	*name;
	bool		sleeps;		/* the lock may sleep */
	pb_hook_fn	fn;
};

static const struct pb_hook_ops pb_hook_ops[] = {
	{ "null", false, pb_hook_null },
	{ "mtx", true, pb_hook_mtx },
	{ "rw", false, pb_hook_rw },
	{ "rwsem", true, pb_hook_rwsem },
	{ "rm", true, pb_hook_rm },
	{ "spin", false, pb_hook_spin },
};

/* The configuration of the next run; under pb_mutex. */
struct pb_config {
	u64		threads;
	u64		count;
	u64		delay_ns;
	u64		write_ms;
	u64		pin;
	unsigned int	head;		/* index in pb_head_ops[] */
	unsigned int	hook;		/* index in pb_hook_ops[] */
};

struct pb_run;

/* A walker, or the writer: then calls counts writes, ns their time. */
struct pb_thread {
	struct task_struct	*task;	/* referenced while set */
	struct pb_run		*run;
	unsigned int		id;
	int			cpu;	/* where it finished */
	u64			calls;	/* walks done */
	u64			ns;	/* the time of the loop */
};

struct pb_run {
	u64			id;
	struct pb_config	cfg;
	const struct pb_head_ops *head;
	struct pb_delay		delay;
	bool			go;	/* the start barrier opened */
	atomic_t		arriving; /* threads not yet at the barrier */
	atomic_t		working;  /* walkers not finished */
	atomic_t		live;	  /* threads not finished */
	wait_queue_head_t	go_wq;
	wait_queue_head_t	writer_wq;
	char			*text;	/* results, on first read */
	size_t			len;
	struct pb_thread	writer;
	unsigned int		nthreads;
	struct pb_thread	thr[];
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

/* Every thread of a run waits here until all of them have arrived. */
static void pb_barrier(struct pb_run *run)
{
	if (atomic_dec_and_test(&run->arriving)) {
		WRITE_ONCE(run->go, true);
		wake_up_all(&run->go_wq);
		return;
	}
	/* Interruptible only to stay out of the hung-task detector's sight. */
	wait_event_interruptible(run->go_wq,
				 READ_ONCE(run->go) || kthread_should_stop());
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

static void pb_walk(const struct pb_run *run)
{
	const struct pb_chain *c;
	unsigned int i;

	run->head->lock();
	/* The head lock protects the pointer: see pb_chain. */
	c = rcu_dereference_raw(pb_chain);
	for (i = 0; i < c->n; i++)
		c->link[i].fn(c->link[i].hook, &run->delay);
	run->head->unlock();
}

static int pb_walker(void *arg)
{
	struct pb_thread *t = arg;
	struct pb_run *run = t->run;
	u64 i = 0, t0;

	pb_barrier(run);
	t0 = ktime_get_ns();
	while (i < run->cfg.count && !kthread_should_stop()) {
		pb_walk(run);
		i++;
		/* Outside every lock: the head may be atomic. */
		cond_resched();
	}
	t->ns = ktime_get_ns() - t0;
	t->calls = i;
	t->cpu = raw_smp_processor_id();
	if (atomic_dec_and_test(&run->working))
		wake_up(&run->writer_wq);
	pb_finish(run);
	return 0;
}

static int pb_writer(void *arg)
{
	struct pb_thread *t = arg;
	struct pb_run *run = t->run;
	long period = msecs_to_jiffies(run->cfg.write_ms);
	u64 t0;

	pb_barrier(run);
	for (;;) {
		wait_event_interruptible_timeout(run->writer_wq,
			kthread_should_stop() || !atomic_read(&run->working),
			period);
		if (kthread_should_stop() || !atomic_read(&run->working))
			break;
		t0 = ktime_get_ns();
		run->head->write();
		t->ns += ktime_get_ns() - t0;
		t->calls++;
	}
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
}

static void pb_free_run(struct pb_run *run)
{
	if (!run)
		return;
	pb_reap(run);
	kvfree(run->text);
	kvfree(run);
}

static int pb_check_config(const struct pb_config *cfg)
{
	const struct pb_head_ops *head;
	const struct pb_hook_ops *hook;
	unsigned int ncpu = num_online_cpus();

	if (WARN_ON_ONCE(cfg->head >= ARRAY_SIZE(pb_head_ops) ||
			 cfg->hook >= ARRAY_SIZE(pb_hook_ops)))
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
	if (cfg->count == 0) {
		pb_set_error("count is 0: at least one walk per thread");
		return -EINVAL;
	}
	if (cfg->delay_ns > PB_DELAY_MAX_NS) {
		pb_set_error("delay_ns %llu > %d (1 ms)", cfg->delay_ns,
			     PB_DELAY_MAX_NS);
		return -EINVAL;
	}
	if (cfg->write_ms > PB_WRITE_MAX_MS) {
		pb_set_error("write_ms %llu > %d", cfg->write_ms,
			     PB_WRITE_MAX_MS);
		return -EINVAL;
	}
	if (cfg->pin > 1) {
		pb_set_error("pin %llu: 0 or 1", cfg->pin);
		return -EINVAL;
	}
	if (head->atomic && hook->sleeps) {
		pb_set_error("hook %s may sleep: not under head %s, whose read side is atomic",
			     hook->name, head->name);
		return -EINVAL;
	}
	return 0;
}

static void pb_build_chains(const struct pb_hook_ops *hook)
{
	unsigned int c, i;

	for (c = 0; c < ARRAY_SIZE(pb_chains); c++) {
		pb_chains[c].n = PB_NHOOKS;
		for (i = 0; i < PB_NHOOKS; i++) {
			pb_chains[c].link[i].fn = hook->fn;
			pb_chains[c].link[i].hook = &pb_hooks[i];
		}
	}
	/* No thread runs: the previous run was reaped. */
	RCU_INIT_POINTER(pb_chain, &pb_chains[0]);
}

/* Create a thread of the run, stopped; bound to a CPU when cpu >= 0. */
static int pb_create(struct pb_thread *t, struct pb_run *run,
		     int (*fn)(void *), int cpu, const char *name)
{
	struct task_struct *task;

	t->run = run;
	t->cpu = -1;
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

/* Start a run with pb_cfg.  pb_mutex is held. */
static int pb_start(void)
{
	struct pb_config cfg = pb_cfg;
	struct pb_run *run;
	char name[16];
	unsigned int i;
	int cpu = -1, err;

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
	run->delay.us = cfg.delay_ns / 1000;
	run->delay.ns = cfg.delay_ns % 1000;
	run->nthreads = cfg.threads;
	init_waitqueue_head(&run->go_wq);
	init_waitqueue_head(&run->writer_wq);
	atomic_set(&run->arriving, run->nthreads + (cfg.write_ms ? 1 : 0));
	atomic_set(&run->working, run->nthreads);
	atomic_set(&run->live, run->nthreads + (cfg.write_ms ? 1 : 0));
	pb_build_chains(&pb_hook_ops[cfg.hook]);

	for (i = 0; i < run->nthreads; i++) {
		if (cfg.pin) {
			cpu = cpumask_next(cpu, cpu_online_mask);
			if (cpu >= nr_cpu_ids)
				cpu = cpumask_first(cpu_online_mask);
		}
		run->thr[i].id = i;
		snprintf(name, sizeof(name), "%u", i);
		err = pb_create(&run->thr[i], run, pb_walker, cpu, name);
		if (err)
			goto fail;
	}
	if (cfg.write_ms) {
		err = pb_create(&run->writer, run, pb_writer, -1, "w");
		if (err)
			goto fail;
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

fail:
	/* Threads never woken exit at kthread_stop() without running. */
	pb_free_run(run);
	pb_set_error("cannot create a thread: error %d", err);
	atomic_set(&pb_state, PB_ERROR);
	pb_notify();
	return err;
}

/* Stop the run in progress, if any.  pb_mutex is held. */
static void pb_stop(const char *why)
{
	if (atomic_cmpxchg(&pb_state, PB_RUNNING, PB_ERROR) == PB_RUNNING)
		pb_set_error("%s", why);
	pb_reap(pb_run);
	WARN_ON_ONCE(atomic_read(&pb_state) == PB_RUNNING);
}

/*
 * The results of a done run, one line each:
 *
 *   run ID head H hook K threads T count N delay_ns D write_ms W pin P
 *   thread I cpu C calls N ns T		one per thread, I = 0..T-1
 *   writer cpu C writes N ns T		with write_ms > 0
 *
 * A thread's ns is its whole loop of N walks; the writer's is the time
 * spent in its N write sections.  cpu is where the thread finished.
 */
static int pb_format_results(struct pb_run *run)
{
	const struct pb_config *cfg = &run->cfg;
	size_t size = 160 + (size_t)(run->nthreads + 1) * 96, len;
	const struct pb_thread *t;
	unsigned int i;
	char *text;

	text = kvmalloc(size, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	len = scnprintf(text, size,
			"run %llu head %s hook %s threads %llu count %llu delay_ns %llu write_ms %llu pin %llu\n",
			run->id, pb_head_ops[cfg->head].name,
			pb_hook_ops[cfg->hook].name, cfg->threads, cfg->count,
			cfg->delay_ns, cfg->write_ms, cfg->pin);
	for (i = 0; i < run->nthreads; i++) {
		t = &run->thr[i];
		len += scnprintf(text + len, size - len,
				 "thread %u cpu %d calls %llu ns %llu\n",
				 t->id, t->cpu, t->calls, t->ns);
	}
	if (cfg->write_ms)
		len += scnprintf(text + len, size - len,
				 "writer cpu %d writes %llu ns %llu\n",
				 run->writer.cpu, run->writer.calls,
				 run->writer.ns);
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
 *   threads count delay_ns head hook write_ms pin	   0644  the next run
 *   start	0200  write 1: start a run (EBUSY while one runs, EINVAL
 *		      for a bad configuration: see "error")
 *   stop	0200  write 1: stop the run in progress (state error)
 *   state	0444  idle, running, done or error; poll()able (sysfs_notify)
 *   wait	0444  blocks, interruptibly, while a run is in progress, then
 *		      reads as state
 *   results	0444  the last done run (pb_format_results()); empty
 *		      otherwise; a binary attribute, so it may exceed a page
 *   error	0444  why the last start was refused or the last run failed
 *   version	0444  PB_VERSION
 *   release	0444  the kernel release the module was built for
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
PB_NUMBER_ATTR(delay_ns);
PB_NUMBER_ATTR(write_ms);
PB_NUMBER_ATTR(pin);

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
	return sysfs_emit(buf, "%s\n", pb_state_names[atomic_read(&pb_state)]);
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
	return sysfs_emit(buf, "%s\n", pb_state_names[atomic_read(&pb_state)]);
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

static ssize_t version_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "%s\n", PB_VERSION);
}
static struct kobj_attribute pb_attr_version = __ATTR_RO(version);

static ssize_t release_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "%s\n", UTS_RELEASE);
}
static struct kobj_attribute pb_attr_release = __ATTR_RO(release);

static struct attribute *pb_attrs[] = {
	&pb_attr_threads.attr,
	&pb_attr_count.attr,
	&pb_attr_delay_ns.attr,
	&pb_attr_head.attr,
	&pb_attr_hook.attr,
	&pb_attr_write_ms.attr,
	&pb_attr_pin.attr,
	&pb_attr_start.attr,
	&pb_attr_stop.attr,
	&pb_attr_state.attr,
	&pb_attr_wait.attr,
	&pb_attr_error.attr,
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
	} else if (pb_run && atomic_read(&pb_state) == PB_DONE) {
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
	for (i = 0; i < pb_hooks_rm_ready; i++)
		percpu_free_rwsem(&pb_hooks[i].rm);
	pb_hooks_rm_ready = 0;
	if (pb_head_rm_ready)
		percpu_free_rwsem(&pb_head_rm);
	pb_head_rm_ready = false;
}

static int pb_find(const char *name, bool head)
{
	unsigned int i;

	if (head) {
		for (i = 0; i < ARRAY_SIZE(pb_head_ops); i++)
			if (sysfs_streq(name, pb_head_ops[i].name))
				return i;
	} else {
		for (i = 0; i < ARRAY_SIZE(pb_hook_ops); i++)
			if (sysfs_streq(name, pb_hook_ops[i].name))
				return i;
	}
	return -EINVAL;
}

static int __init pb_init(void)
{
	int err, i;

	err = pb_find(pb_param_head, true);
	if (err < 0) {
		pr_err("head=%s: expected rw, rm, epoch or none\n",
		       pb_param_head);
		return err;
	}
	pb_cfg.head = err;
	err = pb_find(pb_param_hook, false);
	if (err < 0) {
		pr_err("hook=%s: expected null, mtx, rw, rwsem, rm or spin\n",
		       pb_param_hook);
		return err;
	}
	pb_cfg.hook = err;
	pb_cfg.threads = pb_param_threads;
	pb_cfg.count = pb_param_count;
	pb_cfg.delay_ns = pb_param_delay_ns;
	pb_cfg.write_ms = pb_param_write_ms;
	pb_cfg.pin = pb_param_pin;

	err = percpu_init_rwsem(&pb_head_rm);
	if (err)
		goto unwind;
	pb_head_rm_ready = true;
	for (i = 0; i < PB_NHOOKS; i++) {
		mutex_init(&pb_hooks[i].mtx);
		rwlock_init(&pb_hooks[i].rw);
		init_rwsem(&pb_hooks[i].rwsem);
		spin_lock_init(&pb_hooks[i].spin);
		err = percpu_init_rwsem(&pb_hooks[i].rm);
		if (err)
			goto unwind;
		pb_hooks_rm_ready++;
	}

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
