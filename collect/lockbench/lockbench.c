/*
 * lockbench: what does a hook chain cost under each kind of lock?
 *
 * The user-space twin of pfilbench (FreeBSD, 2007; kmod/ today): THREADS
 * threads walk a chain of LK_HOOKS hooks.  The chain's head lock (-H) is
 * taken for reading once per walk; each hook takes the hook lock (-k)
 * around a calibrated busy-wait of DELAY_NS, the seed's DELAY(1).  An
 * optional writer takes the head lock for writing every WRITE_MS.
 * lock_ops.c has the locks, busywait.c the wait.
 *
 * A cell is timed as the kernel module times it (kmod/linux/pfilbench.c,
 * after kernel/rcu/refscale.c): the threads meet at a spin barrier, warm
 * up (walking for WARMUP_MS, then until every thread has checked in),
 * and the last to check in opens the measured phase for all.  It ends
 * after COUNT walks per thread, or with --duration for every thread at
 * once, when the main thread raises one shared flag.  A thread done
 * first keeps walking, uncounted, until all are (the cool-down), so no
 * thread makes its last walks uncontended.  Each thread reads
 * CLOCK_MONOTONIC, one clock for all, at its start and its end; the one
 * sample of the cell is every walk of every thread over the time from
 * the first start to the last end, in ns per walk.  The per-thread
 * counts give the fairness fact.  Per-thread data sit on cache lines of
 * their own.
 *
 * Output: a line per thread, the writer's, and the total, or with -m the
 * kbench protocol of collect/protocol.h: facts, one series, one sample.
 *
 * --check: parse and check the arguments as a run would, run nothing,
 * print nothing, and exit 0, or 2 after saying why on stderr.  The
 * limits are this program's alone: kbench collect asks it.
 *
 * Exit status: 0; 1 for a failure at run time (a failed self-check, a
 * write error); 2 for bad arguments; 128 + the signal number when SIGINT
 * or SIGTERM stopped the run (nothing is written on standard output).
 */
#include <sys/utsname.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __FreeBSD__
#include <pthread_np.h>
#endif

#include "collect/lockbench/busywait.h"
#include "collect/lockbench/lock_ops.h"
#include "collect/protocol.h"
#include "lib/progopt.h"
#include "lib/signals.h"
#include "lib/util.h"

#define EXIT_USAGE	2
#define THREADS_MAX	1024
#define COUNT_MAX	10000000000LL	/* 10^10 walks: more is a typo */
#define COUNT_DEFAULT	100000
#define DELAY_DEFAULT	1000		/* DELAY(1) */
#define WRITE_MS_MAX	60000
#define DURATION_MAX_MS	3600000		/* an hour, as the module's */
#define WARMUP_MAX_MS	10000
#define WARMUP_DEFAULT	10
#define SPINS_PER_YIELD	1024		/* barrier spins between two yields */
#define UNFAIR_SLEEP_NS	1000000		/* LOCKBENCH_DEBUG_UNFAIR's sleep */
#define STACK_SIZE	(512 * 1024)

struct opts {
	const struct lk_head_ops *head;
	const struct lk_hook_ops *hook;
	long		 threads;
	int64_t		 count;		/* -n: walks per thread */
	int64_t		 delay_ns;
	long		 write_ms;	/* 0: no writer */
	long		 duration_ms;	/* -D: 0, count walks */
	long		 warmup_ms;	/* -W */
	int		 pin;		/* -p */
	int		 machine;	/* -m */
	int		 check;		/* LOCKBENCH_CHECK=1 */
	int		 unfair;	/* LOCKBENCH_DEBUG_UNFAIR=1 */
	int		 dry;		/* --check: check the arguments only */
};

/* One per walker, on lines of its own: only its thread writes it. */
struct slot {
	alignas(LK_CACHE_LINE) struct lk_thread lk;
	struct run	*run;
	pthread_t	 tid;
	int		 unfair;	/* this one sleeps after each walk */
	int64_t		 walks;		/* in the measured phase */
	int64_t		 extra;		/* in the warm-up and the cool-down */
	int64_t		 t0, t1;	/* the measured phase, CLOCK_MONOTONIC */
	_Atomic int64_t	 progress;	/* count mode: walks so far */
};

/*
 * The phases.  RUN_TIMED: the measured phase is open; RUN_STOP: the
 * duration is over; RUN_ABORT: a signal came, every loop ends.  Read by
 * every walker on every walk, written three times at most: a line to
 * itself.  The signal handler sets RUN_ABORT and sig.
 */
#define RUN_TIMED	0x1
#define RUN_STOP	0x2
#define RUN_ABORT	0x4
static struct {
	alignas(LK_CACHE_LINE) atomic_int flags;
	atomic_int	 sig;
} ctl;

/*
 * What the main thread and the writer sleep on, and the writer's
 * figures: written by the writer on every period, on lines of their own.
 */
struct waits {
	alignas(LK_CACHE_LINE) pthread_mutex_t mtx;
	pthread_cond_t	 cv;
	int		 timed;		/* under mtx: the measured phase opened */
	int		 walked;	/* under mtx: every walker is through it */
	int64_t		 t_go;		/* under mtx: when it opened */
	uint64_t	 writes;	/* the writer's, read after it ends */
	uint64_t	 missed;	/* periods skipped */
	int64_t		 write_ns;	/* the time spent in those writes */
	int64_t		 start, end;	/* its deadlines' base, its end */
};

struct run {
	/* Read by the walkers, written before they run. */
	const struct opts *o;
	struct lk_bench	*b;
	struct slot	*slots;
	int64_t		*at_first;	/* count mode: walks when one was done */
	int		 crowded;	/* more walkers than CPUs */
	/*
	 * Changed once by each walker at each phase's end: a few misses a
	 * run for the line above, which the walkers read, and half a line
	 * saved.
	 */
	atomic_long	 arriving;	/* not at the barrier */
	_Atomic int64_t	 warm_end;	/* the warm-up's end, for all */
	atomic_long	 warming;	/* not warmed up */
	atomic_long	 cooling;	/* not through the measured phase */
	atomic_int	 go;		/* the barrier opened */
	atomic_int	 first_done;	/* count mode: one has done its count */
	struct waits	 w;
};

/* The figures of a cell, from the walkers' records. */
struct summary {
	int64_t		 first, last;	/* the first start, the last end */
	int64_t		 end_lo;	/* the first end */
	int64_t		 walks;		/* of every thread */
	double		 fairness;	/* fewest walks over most */
};

static const char usage_text[] =
    "usage: lockbench [-mp] [--check] [-D duration_ms] [-d delay_ns] "
    "[-H head]\n"
    "                 [-k hook] [-n count] [-t threads] [-W warmup_ms]\n"
    "                 [-w write_ms]\n"
    "       lockbench -h\n"
    "(-D, -W and -h are also --duration, --warmup and --help)\n";

/* A whole decimal integer in [min, max]; 0, or -1. */
static int
parse_i64(const char *s, int64_t min, int64_t max, int64_t *out)
{
	char *end;
	long long v;

	if (*s == '\0' || *s == ' ' || *s == '\t')
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end != '\0' || errno == ERANGE || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* A long option's value, or a short one's, in [min, max]; or exit 2. */
static long
parse_long_opt(const char *what, const char *arg, int64_t min, int64_t max,
    const char *range)
{
	int64_t v;

	if (parse_i64(arg, min, max, &v) != 0)
		prog_bad(what, arg, range);
	return (long)v;
}

/* An environment switch: 0 (unset, empty, "0") or 1 ("1"); else exit 2. */
static int
env_switch(const char *name)
{
	const char *env = getenv(name);

	if (env == NULL || strcmp(env, "") == 0 || strcmp(env, "0") == 0)
		return 0;
	if (strcmp(env, "1") == 0)
		return 1;
	errx(EXIT_USAGE, "bad %s '%s' (0 or 1)", name, env);
}

static void
parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		PROG_LONGOPTS,
		{ "duration",	required_argument, NULL, 'D' },
		{ "warmup",	required_argument, NULL, 'W' },
		{ NULL,		0,		NULL, 0 }
	};
	char why[128];
	int ch, li;

	memset(o, 0, sizeof(*o));
	o->head = lk_head_find("none");
	o->hook = lk_hook_find("null");
	o->threads = 1;
	o->count = COUNT_DEFAULT;
	o->delay_ns = DELAY_DEFAULT;
	o->warmup_ms = WARMUP_DEFAULT;
	opterr = 0;
	while (li = -1, (ch = getopt_long(argc, argv, "D:d:hH:k:mn:pt:W:w:",
	    longopts, &li)) != -1) {
		switch (ch) {
		case PROG_OPT_CHECK:
			o->dry = 1;
			break;
		case 'D':
			o->duration_ms = parse_long_opt(li >= 0 ?
			    "--duration" : "-D", optarg, 1,
			    DURATION_MAX_MS, "1 to 3600000 ms");
			break;
		case 'd':
			if (parse_i64(optarg, 0, BUSYWAIT_MAX_NS,
			    &o->delay_ns) != 0)
				prog_bad("-d", optarg, "0 to 1000000000 ns");
			break;
		case 'h':
			prog_help(usage_text);
			break;
		case 'H':
			if ((o->head = lk_head_find(optarg)) == NULL)
				errx(EXIT_USAGE, "unknown head lock '%s' (%s)",
				    optarg, LK_HEAD_NAMES);
			break;
		case 'k':
			if ((o->hook = lk_hook_find(optarg)) == NULL)
				errx(EXIT_USAGE, "unknown hook lock '%s' (%s)",
				    optarg, LK_HOOK_NAMES);
			break;
		case 'm':
			o->machine = 1;
			break;
		case 'n':
			if (parse_i64(optarg, 1, COUNT_MAX, &o->count) != 0)
				prog_bad("-n", optarg, "1 to 10000000000 calls");
			break;
		case 'p':
			o->pin = 1;
			break;
		case 't':
			o->threads = parse_long_opt("-t", optarg, 1, THREADS_MAX,
			    "1 to 1024 threads");
			break;
		case 'W':
			o->warmup_ms = parse_long_opt(li >= 0 ?
			    "--warmup" : "-W", optarg, 0,
			    WARMUP_MAX_MS, "0 to 10000 ms");
			break;
		case 'w':
			o->write_ms = parse_long_opt("-w", optarg, 1,
			    WRITE_MS_MAX, "1 to 60000 ms");
			break;
		default:
			/* --duration or --warmup last, without its value. */
			if (strncmp(argv[optind - 1], "--", 2) == 0 &&
			    (optopt == 'D' || optopt == 'W'))
				errx(EXIT_USAGE, "option %s needs an argument",
				    argv[optind - 1]);
			errx(EXIT_USAGE, "%s", prog_option_error(why,
			    sizeof(why), argv, "DdHkntWw"));
		}
	}
	if (optind != argc)
		prog_usage(usage_text);

	/* The self-check and the test hook of lockbench(1), ENVIRONMENT. */
	o->check = env_switch("LOCKBENCH_CHECK");
	o->unfair = env_switch("LOCKBENCH_DEBUG_UNFAIR");
}

static void
on_signal(int sig)
{
	/* Lock-free atomic operations are async-signal-safe. */
	atomic_store_explicit(&ctl.sig, sig, memory_order_relaxed);
	atomic_fetch_or_explicit(&ctl.flags, RUN_ABORT, memory_order_relaxed);
}

static int
run_flags(void)
{
	return atomic_load_explicit(&ctl.flags, memory_order_acquire);
}

static int
aborted(void)
{
	return (run_flags() & RUN_ABORT) != 0;
}

static int64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* A time on CLOCK_MONOTONIC as a timespec, for the condition variable. */
static struct timespec
ns_ts(int64_t ns)
{
	struct timespec ts;

	ts.tv_sec = (time_t)(ns / 1000000000);
	ts.tv_nsec = (long)(ns % 1000000000);
	return ts;
}

static void
check_pthread(int e, const char *what)
{
	if (e != 0) {
		errno = e;
		err(1, "%s", what);
	}
}

/* Wait on r->w.cv until the deadline; 0 when it has passed. */
static int
wait_until(struct run *r, int64_t deadline)
{
	struct timespec ts = ns_ts(deadline);
	int e;

	e = pthread_cond_timedwait(&r->w.cv, &r->w.mtx, &ts);
	if (e != 0 && e != ETIMEDOUT)
		check_pthread(e, "pthread_cond_timedwait");
	return now_ns() < deadline;
}

/* The CPUs this process may run on, in order; -p pins round-robin. */
static int *
usable_cpus(int *np)
{
	cpu_set_t set;
	int *cpus, cpu, n;

	if (sched_getaffinity(0, sizeof(set), &set) == -1)
		err(1, "sched_getaffinity");
	cpus = xreallocarray(NULL, CPU_SETSIZE, sizeof(*cpus));
	n = 0;
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &set))
			cpus[n++] = cpu;
	if (n == 0)
		errx(1, "no CPU to run on");
	*np = n;
	return cpus;
}

static void
attr_pin(pthread_attr_t *a, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	check_pthread(pthread_attr_setaffinity_np(a, sizeof(set), &set),
	    "pthread_attr_setaffinity_np");
}

/*
 * Every walker waits here until all have arrived, spinning, so that all
 * leave at once (a sleeping barrier wakes them one after another); the
 * last to arrive sets the warm-up's end, one for all.  With more
 * threads than CPUs a spinner yields, or the last to arrive could wait
 * a time slice per spinner for a CPU.
 */
static void
spin_barrier(struct run *r)
{
	unsigned int spins = 0;

	if (atomic_fetch_sub_explicit(&r->arriving, 1,
	    memory_order_acq_rel) == 1) {
		atomic_store_explicit(&r->warm_end, now_ns() +
		    (int64_t)r->o->warmup_ms * 1000000, memory_order_relaxed);
		atomic_store_explicit(&r->go, 1, memory_order_release);
		return;
	}
	while (!atomic_load_explicit(&r->go, memory_order_acquire) &&
	    !aborted())
		if (r->crowded || ++spins % SPINS_PER_YIELD == 0)
			sched_yield();
}

/*
 * A walk while waiting for the others (warmed up, or through the
 * measured phase).  When threads outnumber the CPUs, the ones still
 * working need a CPU more than the waiters need to contend: yield.
 */
static void
walk_waiting(struct run *r, struct slot *s)
{
	lk_run(r->b, &s->lk);
	s->extra++;
	if (r->crowded)
		sched_yield();
}

/* The last walker to warm up opens the measured phase for all. */
static void
open_measured(struct run *r)
{
	pthread_mutex_lock(&r->w.mtx);
	r->w.t_go = now_ns();
	r->w.timed = 1;
	pthread_cond_broadcast(&r->w.cv);	/* the main thread, the writer */
	pthread_mutex_unlock(&r->w.mtx);
	atomic_fetch_or_explicit(&ctl.flags, RUN_TIMED, memory_order_release);
}

/* Warm up until warmup_ms after the barrier, then until all have. */
static void
warm_up(struct run *r, struct slot *s)
{
	int64_t end;

	end = atomic_load_explicit(&r->warm_end, memory_order_relaxed);
	do {
		lk_run(r->b, &s->lk);
		s->extra++;
	} while (now_ns() < end && !aborted());
	if (atomic_fetch_sub_explicit(&r->warming, 1,
	    memory_order_acq_rel) == 1) {
		open_measured(r);
		return;
	}
	while ((run_flags() & (RUN_TIMED | RUN_ABORT)) == 0)
		walk_waiting(r, s);
}

/* LOCKBENCH_DEBUG_UNFAIR: the test hook's thread sleeps a while. */
static void
unfair_sleep(void)
{
	struct timespec ts = { 0, UNFAIR_SLEEP_NS };

	nanosleep(&ts, NULL);
}

/*
 * Count mode: count walks.  The first thread done takes a snapshot of
 * every thread's progress, the fairness figure of this mode (walks go
 * on in the cool-down, so the final counts are all count).
 */
static void
walk_count(struct run *r, struct slot *s)
{
	int64_t i, n = r->o->count;
	long j;

	s->t0 = now_ns();
	for (i = 0; i < n; i++) {
		if ((run_flags() & RUN_ABORT) != 0)
			break;
		lk_run(r->b, &s->lk);
		atomic_store_explicit(&s->progress, i + 1,
		    memory_order_relaxed);
		if (s->unfair)
			unfair_sleep();
	}
	s->t1 = now_ns();
	s->walks = i;
	if (i < n || atomic_exchange(&r->first_done, 1) != 0)
		return;
	for (j = 0; j < r->o->threads; j++)
		r->at_first[j] = atomic_load_explicit(&r->slots[j].progress,
		    memory_order_relaxed);
}

/* Timed mode: walk until the main thread says the duration is over. */
static void
walk_timed(struct run *r, struct slot *s)
{
	int64_t i = 0;

	s->t0 = now_ns();
	do {
		lk_run(r->b, &s->lk);
		i++;
		if (s->unfair)
			unfair_sleep();
	} while ((run_flags() & (RUN_STOP | RUN_ABORT)) == 0);
	s->t1 = now_ns();
	s->walks = i;
}

/* Cool down: keep the others contended until the last is done. */
static void
cool_down(struct run *r, struct slot *s)
{
	if (atomic_fetch_sub_explicit(&r->cooling, 1,
	    memory_order_acq_rel) == 1) {
		pthread_mutex_lock(&r->w.mtx);
		r->w.walked = 1;
		pthread_cond_broadcast(&r->w.cv);	/* the writer, the main thread */
		pthread_mutex_unlock(&r->w.mtx);
		return;
	}
	while (atomic_load_explicit(&r->cooling, memory_order_acquire) > 0 &&
	    !aborted())
		walk_waiting(r, s);
}

static void *
walker(void *arg)
{
	struct slot *s = arg;
	struct run *r = s->run;

	lk_thread_online(r->b);
	spin_barrier(r);
	warm_up(r, s);
	if (r->o->duration_ms > 0)
		walk_timed(r, s);
	else
		walk_count(r, s);
	cool_down(r, s);
	lk_thread_offline(r->b);
	return NULL;
}

/*
 * Every write_ms from the opening of the measured phase, on absolute
 * deadlines, one update under the head lock's write side, until every
 * walker is through.  A write that ends past the next deadline skips the
 * periods it overran, counted in missed, rather than catching up in a
 * burst, and the deadlines passed at the end are counted too: every
 * deadline between its start and its end is a write or a missed period.
 */
static void *
writer(void *arg)
{
	struct run *r = arg;
	int64_t period, next, now, t1, k;

	period = (int64_t)r->o->write_ms * 1000000;
	pthread_mutex_lock(&r->w.mtx);
	while (!r->w.timed && !r->w.walked)
		check_pthread(pthread_cond_wait(&r->w.cv, &r->w.mtx),
		    "pthread_cond_wait");
	r->w.start = r->w.t_go;
	next = r->w.start + period;
	while (!r->w.walked) {
		if (wait_until(r, next) || r->w.walked)
			continue;	/* woken early, or done */
		pthread_mutex_unlock(&r->w.mtx);
		now = now_ns();
		lk_write(r->b);
		t1 = now_ns();
		r->w.writes++;
		r->w.write_ns += t1 - now;
		next += period;
		if (t1 >= next) {
			k = (t1 - next) / period + 1;
			r->w.missed += (uint64_t)k;
			next += k * period;
		}
		pthread_mutex_lock(&r->w.mtx);
	}
	pthread_mutex_unlock(&r->w.mtx);
	r->w.end = now_ns();
	if (r->w.end >= next)
		r->w.missed += (uint64_t)((r->w.end - next) / period + 1);
	return NULL;
}

static void
catch_signals(void)
{
	if (signals_catch(on_signal, 0, NULL) == -1)
		err(1, "sigaction");
}

static void
stop_if_signalled(void)
{
	int sig = atomic_load_explicit(&ctl.sig, memory_order_relaxed);

	if (sig == 0)
		return;
	warnx("stopped by %s", signal_name(sig));
	exit(128 + sig);
}

/* The state of a run before its threads exist. */
static void
run_init(struct run *r, const struct opts *o, struct lk_bench *b,
    struct slot *slots)
{
	pthread_condattr_t ca;
	long i;

	memset(r, 0, sizeof(*r));
	r->o = o;
	r->b = b;
	r->slots = slots;
	r->at_first = xcalloc((size_t)o->threads, sizeof(*r->at_first));
	atomic_init(&r->arriving, o->threads);
	atomic_init(&r->go, 0);
	atomic_init(&r->warm_end, 0);
	atomic_init(&r->warming, o->threads);
	atomic_init(&r->cooling, o->threads);
	atomic_init(&r->first_done, 0);
	check_pthread(pthread_mutex_init(&r->w.mtx, NULL), "pthread_mutex_init");
	check_pthread(pthread_condattr_init(&ca), "pthread_condattr_init");
	check_pthread(pthread_condattr_setclock(&ca, CLOCK_MONOTONIC),
	    "pthread_condattr_setclock");
	check_pthread(pthread_cond_init(&r->w.cv, &ca), "pthread_cond_init");
	pthread_condattr_destroy(&ca);
	/* Every reader record is registered before any thread runs. */
	for (i = 0; i < o->threads; i++) {
		slots[i].run = r;
		slots[i].unfair = o->unfair && i == 0;
		atomic_init(&slots[i].progress, 0);
		lk_thread_init(b, &slots[i].lk);
	}
}

/*
 * The walkers and the writer, created with the signals blocked, so that
 * the main thread is the one to take them; -p: walker i on the i-th
 * usable CPU, the writer on the next.
 */
static void
start_threads(struct run *r, pthread_t *wtid)
{
	const struct opts *o = r->o;
	pthread_attr_t attr;
	sigset_t sigs, old;
	int *cpus, ncpus;
	long i;

	cpus = usable_cpus(&ncpus);
	r->crowded = o->threads > ncpus;
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	check_pthread(pthread_sigmask(SIG_BLOCK, &sigs, &old),
	    "pthread_sigmask");
	for (i = 0; i <= o->threads; i++) {
		if (i == o->threads && o->write_ms == 0)
			break;
		check_pthread(pthread_attr_init(&attr), "pthread_attr_init");
		check_pthread(pthread_attr_setstacksize(&attr, STACK_SIZE),
		    "pthread_attr_setstacksize");
		if (o->pin)
			attr_pin(&attr, cpus[i % ncpus]);
		if (i < o->threads)
			check_pthread(pthread_create(&r->slots[i].tid, &attr,
			    walker, &r->slots[i]), "pthread_create");
		else
			check_pthread(pthread_create(wtid, &attr, writer, r),
			    "pthread_create");
		pthread_attr_destroy(&attr);
	}
	check_pthread(pthread_sigmask(SIG_SETMASK, &old, NULL),
	    "pthread_sigmask");
	free(cpus);
}

/*
 * Run the cell: start the threads, and with a duration raise RUN_STOP
 * once it has passed since the measured phase opened.  A signal raises
 * RUN_ABORT instead: every walker's loops end, the walkers still pass
 * every phase's end, so the waits below end too.
 */
static void
run_all(struct run *r)
{
	const struct opts *o = r->o;
	pthread_t wtid;
	int64_t deadline;
	long i;

	start_threads(r, &wtid);
	pthread_mutex_lock(&r->w.mtx);
	while (!r->w.timed)
		check_pthread(pthread_cond_wait(&r->w.cv, &r->w.mtx),
		    "pthread_cond_wait");
	if (o->duration_ms > 0) {
		deadline = r->w.t_go + (int64_t)o->duration_ms * 1000000;
		while (!r->w.walked && wait_until(r, deadline))
			;
		atomic_fetch_or_explicit(&ctl.flags, RUN_STOP,
		    memory_order_release);
	}
	pthread_mutex_unlock(&r->w.mtx);

	for (i = 0; i < o->threads; i++)
		check_pthread(pthread_join(r->slots[i].tid, NULL),
		    "pthread_join");
	if (o->write_ms > 0)
		/* Set by start_threads()'s last turn, i == o->threads. */
		/* NOLINTNEXTLINE(clang-analyzer-core.CallAndMessage) */
		check_pthread(pthread_join(wtid, NULL), "pthread_join");
	/* Unregistered once no writer can be walking the reader list. */
	for (i = 0; i < o->threads; i++)
		lk_thread_fini(r->b, &r->slots[i].lk);
}

static void
run_fini(struct run *r)
{
	pthread_cond_destroy(&r->w.cv);
	pthread_mutex_destroy(&r->w.mtx);
	free(r->at_first);
}

/*
 * LOCKBENCH_CHECK=1: the hook counter must be exact, and no walk may
 * have seen a chain half-updated or reclaimed.  Exit 1 otherwise.
 */
static void
verify(const struct opts *o, const struct lk_bench *b, const struct slot *slots)
{
	uint64_t walks = 0, torn = 0, want, got;
	int failed = 0;
	long i;

	for (i = 0; i < o->threads; i++) {
		walks += (uint64_t)(slots[i].walks + slots[i].extra);
		torn += slots[i].lk.torn;
	}
	want = walks * LK_HOOKS;
	got = lk_hook_count(b);
	if (got != want) {
		warnx("check failed: hook counter %" PRIu64 ", want %" PRIu64
		    " (%" PRIu64 " walks of %ld threads, warm-up and cool-down "
		    "included, x %d hooks) under the %s hook lock", got, want,
		    walks, o->threads, LK_HOOKS, o->hook->name);
		failed = 1;
	}
	if (torn != 0) {
		warnx("check failed: %" PRIu64 " walks saw the chain changed "
		    "under the %s head lock", torn, o->head->name);
		failed = 1;
	}
	if (failed)
		exit(1);
}

/*
 * The cell's figures.  Fairness: the fewest walks over the most, of the
 * measured phase with a duration; in count mode, where every thread
 * ends with count, of the walks each had made when the first was done.
 */
static void
summarize(const struct opts *o, const struct run *r, struct summary *sum)
{
	const struct slot *s;
	int64_t lo = INT64_MAX, hi = 0, w;
	long i;

	sum->first = INT64_MAX;
	sum->last = INT64_MIN;
	sum->end_lo = INT64_MAX;
	sum->walks = 0;
	for (i = 0; i < o->threads; i++) {
		s = &r->slots[i];
		if (s->t0 < sum->first)
			sum->first = s->t0;
		if (s->t1 > sum->last)
			sum->last = s->t1;
		if (s->t1 < sum->end_lo)
			sum->end_lo = s->t1;
		sum->walks += s->walks;
		w = o->duration_ms > 0 ? s->walks : r->at_first[i];
		if (w < lo)
			lo = w;
		if (w > hi)
			hi = w;
	}
	sum->fairness = hi > 0 ? (double)lo / (double)hi : 0;
}

/* ns per walk over the union window: the cell's one sample. */
static double
per_walk(const struct summary *sum)
{
	/* Two reads of a coarse clock can be equal: count 1 ns at least. */
	int64_t ns = sum->last - sum->first < 1 ? 1 : sum->last - sum->first;

	return (double)ns / (double)sum->walks;
}

/* The mean length of one write, 0 when there was none. */
static double
write_mean(const struct run *r)
{
	return r->w.writes > 0 ? (double)r->w.write_ns / (double)r->w.writes : 0;
}

/* Times of the run: ns since the measured phase opened. */
static int64_t
rel(const struct run *r, int64_t t)
{
	return t - r->w.t_go;
}

static void
print_human(const struct opts *o, const struct run *r,
    const struct summary *sum)
{
	const struct slot *s;
	long i;

	for (i = 0; i < o->threads; i++) {
		s = &r->slots[i];
		printf("thread %ld: %" PRId64 " walks, start %" PRId64 " ns, "
		    "end %" PRId64 " ns", i, s->walks, rel(r, s->t0),
		    rel(r, s->t1));
		if (o->duration_ms == 0)
			printf(", %" PRId64 " when the first was done",
			    r->at_first[i]);
		printf("\n");
	}
	if (o->write_ms > 0)
		printf("writer: %" PRIu64 " writes, %" PRIu64 " missed, one "
		    "every %ld ms: %.1f ns each, start %" PRId64 " ns, end %"
		    PRId64 " ns\n", r->w.writes, r->w.missed, o->write_ms,
		    write_mean(r), rel(r, r->w.start), rel(r, r->w.end));
	printf("total: %ld threads, %" PRId64 " walks in %" PRId64 " ns: "
	    "%.3f ns/walk, %.0f walks/s\n", o->threads, sum->walks,
	    sum->last - sum->first, per_walk(sum),
	    1e9 / per_walk(sum));
	printf("fairness: %#.4g, ends within %" PRId64 " ns\n", sum->fairness,
	    sum->last - sum->end_lo);
}

/* The facts of the cell's configuration. */
static void
facts_config(const struct opts *o)
{
	printf("fact backend user\n");
	printf("fact head %s\n", o->head->name);
	printf("fact hook %s\n", o->hook->name);
	printf("fact hooks %d\n", LK_HOOKS);
	printf("fact threads %ld\n", o->threads);
	/* A count or a timed phase, not both: the other is not what ran. */
	printf("fact mode %s\n", o->duration_ms > 0 ? "duration" : "count");
	if (o->duration_ms > 0)
		printf("fact duration_ms %ld\n", o->duration_ms);
	else
		printf("fact count %" PRId64 "\n", o->count);
	printf("fact warmup_ms %ld\n", o->warmup_ms);
	printf("fact delay_ns %" PRId64 "\n", o->delay_ns);
	printf("fact write_ms %ld\n", o->write_ms);
	printf("fact write_hold_ns %d\n", LK_WRITE_HOLD_NS);
	printf("fact pinned %s\n", o->pin ? "yes" : "no");
	printf("fact ncpu %ld\n", sysconf(_SC_NPROCESSORS_ONLN));
	printf("fact clock CLOCK_MONOTONIC\n");
	printf("fact check %s\n", o->check ? "yes" : "no");
	printf("fact debug_unfair %s\n", o->unfair ? "yes" : "no");
}

/* The busy-wait's calibration and measured length. */
static void
facts_busywait(const struct opts *o, const struct busywait_cal *cal,
    double measured)
{
	printf("fact busywait %s\n", busywait_method(o->delay_ns));
	printf("fact busywait_clock_ns %.1f\n", cal->clock_ns);
	printf("fact busywait_loops_per_us %.1f\n", cal->loops_per_us);
	if (cal->threshold_ns == INT64_MAX)
		printf("fact busywait_threshold_ns never\n");
	else
		printf("fact busywait_threshold_ns %" PRId64 "\n",
		    cal->threshold_ns);
	printf("fact busywait_clock_comp_ns %" PRId64 "\n", cal->clock_comp_ns);
	printf("fact busywait_measured_ns %.1f\n", measured);
}

/*
 * What each lock is, for every head and hook this program knows, not
 * only this cell's: the same in every cell, so they are run facts.
 */
static void
facts_locks(void)
{
	const struct lk_head_ops *h;
	const struct lk_hook_ops *k;
	int i;

	for (i = 0; (h = lk_head_at(i)) != NULL; i++)
		printf("fact head_impl.%s %s\n", h->name, h->impl);
	for (i = 0; (k = lk_hook_at(i)) != NULL; i++)
		printf("fact hook_impl.%s %s\n", k->name, k->impl);
	printf("fact mtx_type %s\n", lk_mtx_type());
	printf("fact head_rw_kind prefer-writer\n");
	printf("fact head_rwsem_kind %s\n", lk_head_rwsem_kind());
	printf("fact rm_lock ck_brlock\n");
	printf("fact ck_version %s\n", lk_ck_version());
	printf("fact urcu_flavor %s\n", lk_urcu_flavor());
	printf("fact urcu_membarrier %s\n", lk_urcu_membarrier() ? "yes" : "no");
}

/*
 * What the cell measured: the window and the walks of its sample, the
 * fairness, the writer's.  fairness_min and writer_missed_sum are named
 * for how the collector reduces them over cells and rounds.
 */
static void
facts_result(const struct opts *o, const struct run *r,
    const struct summary *sum)
{
	printf("fact wall_ns %" PRId64 "\n", sum->last - sum->first);
	printf("fact walks %" PRId64 "\n", sum->walks);
	printf("fact fairness_min %#.4g\n", sum->fairness);
	printf("fact fairness_basis %s\n", o->duration_ms > 0 ?
	    "measured-phase" : "first-done");
	printf("fact end_spread_ns %" PRId64 "\n", sum->last - sum->end_lo);
	/*
	 * The window over the duration asked: above 1 when threads that
	 * share CPUs started late or were preempted holding a lock.
	 */
	if (o->duration_ms > 0)
		printf("fact window_stretch_max %.3f\n",
		    (double)(sum->last - sum->first) / (o->duration_ms * 1e6));
	printf("fact writes %" PRIu64 "\n", r->w.writes);
	printf("fact writer_missed_sum %" PRIu64 "\n", r->w.missed);
	printf("fact write_mean_ns %.1f\n", write_mean(r));
}

static void
print_machine(const struct opts *o, const struct run *r,
    const struct summary *sum, const struct busywait_cal *cal,
    double measured)
{
	const struct slot *s;
	struct utsname u;
	long i;

	printf("kbench-protocol %d\n", PROTO_VERSION);
	facts_config(o);
	facts_busywait(o, cal, measured);
	facts_locks();
	facts_result(o, r, sum);
	if (uname(&u) == 0)
		printf("fact os %s\n", u.sysname);
	/* The sample's inputs, in ns since the measured phase opened. */
	for (i = 0; i < o->threads; i++) {
		s = &r->slots[i];
		printf("# thread %ld walks %" PRId64 " start_ns %" PRId64
		    " end_ns %" PRId64, i, s->walks, rel(r, s->t0),
		    rel(r, s->t1));
		if (o->duration_ms == 0)
			printf(" at_first %" PRId64, r->at_first[i]);
		printf("\n");
	}
	if (o->write_ms > 0)
		printf("# writer writes %" PRIu64 " missed %" PRIu64
		    " start_ns %" PRId64 " end_ns %" PRId64 "\n", r->w.writes,
		    r->w.missed, rel(r, r->w.start), rel(r, r->w.end));
	printf("series head=%s,hook=%s,threads=%ld ns lower\n", o->head->name,
	    o->hook->name, o->threads);
	printf("sample %.3f\n", per_walk(sum));
	printf("end 1\n");
}

int
main(int argc, char **argv)
{
	struct busywait_cal cal;
	struct summary sum;
	struct opts o;
	struct run r;
	struct lk_bench *b;
	struct slot *slots;
	double measured;

	/* A closed stdout would be reused by the first descriptor we open. */
	if (fcntl(STDOUT_FILENO, F_GETFD) == -1)
		err(1, "standard output");
	parse_args(argc, argv, &o);
	if (o.dry)
		return 0;
	catch_signals();

	if (busywait_calibrate(&cal) != 0)
		err(1, "clock_gettime(CLOCK_MONOTONIC)");
	/* What a hook's wait really lasts, before the run, on one thread. */
	measured = busywait_measure(o.delay_ns);

	/* Sizes are multiples of the alignment: both are struct sizes. */
	if ((b = aligned_alloc(LK_CACHE_LINE, sizeof(*b))) == NULL ||
	    (slots = aligned_alloc(LK_CACHE_LINE,
	    (size_t)o.threads * sizeof(*slots))) == NULL)
		err(4, "aligned_alloc");
	memset(b, 0, sizeof(*b));
	memset(slots, 0, (size_t)o.threads * sizeof(*slots));
	lk_bench_init(b, o.head, o.hook, o.delay_ns, o.check);
	run_init(&r, &o, b, slots);
	run_all(&r);
	stop_if_signalled();
	if (o.check)
		verify(&o, b, slots);

	summarize(&o, &r, &sum);
	if (o.machine)
		print_machine(&o, &r, &sum, &cal, measured);
	else
		print_human(&o, &r, &sum);
	run_fini(&r);
	lk_bench_fini(b);
	free(slots);
	free(b);
	if (fflush(stdout) != 0)
		err(1, "standard output");
	if (ferror(stdout))
		errx(1, "standard output: write error");
	return 0;
}
