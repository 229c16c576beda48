/*
 * lockbench: what does a hook chain cost under each kind of lock?
 *
 * The user-space twin of pfilbench (FreeBSD, 2007): THREADS threads each
 * call a chain of LK_HOOKS hooks COUNT times.  The chain's head lock
 * (-H) is taken for reading once per call; each hook takes the hook lock
 * (-k) around a calibrated busy-wait of DELAY_NS, the seed's DELAY(1).
 * An optional writer takes the head lock for writing every WRITE_MS.
 * lock_ops.c has the locks, busywait.c the wait.
 *
 * The threads start together at a barrier; each times its own COUNT
 * calls between two CLOCK_MONOTONIC reads, and that thread's ns per
 * call is one sample.  Per-thread data sit on cache lines of their own.
 *
 * Output: a line per thread and a total, or with -m the kbench protocol
 * of collect/protocol.h: facts, one series, a sample per thread.
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
#define COUNT_MAX	10000000000LL	/* 10^10 calls: more is a typo */
#define COUNT_DEFAULT	100000
#define DELAY_DEFAULT	1000		/* DELAY(1) */
#define WRITE_MS_MAX	60000
#define STOP_EVERY	256		/* calls between two looks at the flag: 2^k */
#define STACK_SIZE	(512 * 1024)

struct opts {
	const struct lk_head_ops *head;
	const struct lk_hook_ops *hook;
	long		 threads;
	int64_t		 count;
	int64_t		 delay_ns;
	long		 write_ms;	/* 0: no writer */
	int		 pin;		/* -p */
	int		 machine;	/* -m */
	int		 check;		/* LOCKBENCH_CHECK=1 */
	int		 dry;		/* --check: check the arguments only */
};

/* One per thread, on lines of its own: only its thread writes it. */
struct slot {
	alignas(LK_CACHE_LINE) struct lk_thread lk;
	struct run	*run;
	pthread_t	 tid;
	int64_t		 calls;
	int64_t		 t0, t1;	/* CLOCK_MONOTONIC, ns */
};

struct run {
	const struct opts *o;
	struct lk_bench	*b;
	pthread_barrier_t start;
	/* The writer. */
	pthread_mutex_t	 wmtx;
	pthread_cond_t	 wcv;
	int		 wstop;		/* under wmtx */
	uint64_t	 writes;	/* the writer's; read after it ends */
	int64_t		 write_ns;	/* the time spent in those writes */
};

/* Written by the signal handler, read by every thread: a line to itself. */
static struct {
	alignas(LK_CACHE_LINE) atomic_int sig;
} stop;

static const char usage_text[] =
    "usage: lockbench [-mp] [--check] [-d delay_ns] [-H head] [-k hook]\n"
    "                 [-n count] [-t threads] [-w write_ms]\n"
    "       lockbench -h\n";

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

static void
parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		PROG_LONGOPTS,
		{ NULL,		0,		NULL, 0 }
	};
	const char *env;
	char why[128];
	int64_t v;
	int ch;

	memset(o, 0, sizeof(*o));
	o->head = lk_head_find("none");
	o->hook = lk_hook_find("null");
	o->threads = 1;
	o->count = COUNT_DEFAULT;
	o->delay_ns = DELAY_DEFAULT;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "d:hH:k:mn:pt:w:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case PROG_OPT_CHECK:
			o->dry = 1;
			break;
		case 'h':
			prog_help(usage_text);
			break;
		case 'd':
			if (parse_i64(optarg, 0, BUSYWAIT_MAX_NS,
			    &o->delay_ns) != 0)
				prog_bad("-d", optarg, "0 to 1000000000 ns");
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
			if (parse_i64(optarg, 1, THREADS_MAX, &v) != 0)
				prog_bad("-t", optarg, "1 to 1024 threads");
			o->threads = (long)v;
			break;
		case 'w':
			if (parse_i64(optarg, 1, WRITE_MS_MAX, &v) != 0)
				prog_bad("-w", optarg, "1 to 60000 ms");
			o->write_ms = (long)v;
			break;
		default:
			errx(EXIT_USAGE, "%s", prog_option_error(why,
			    sizeof(why), argv, "dHkntw"));
		}
	}
	if (optind != argc)
		prog_usage(usage_text);

	/* The self-check of lockbench(1), ENVIRONMENT. */
	env = getenv("LOCKBENCH_CHECK");
	if (env == NULL || strcmp(env, "") == 0 || strcmp(env, "0") == 0)
		o->check = 0;
	else if (strcmp(env, "1") == 0)
		o->check = 1;
	else
		errx(EXIT_USAGE, "bad LOCKBENCH_CHECK '%s' (0 or 1)", env);
}

static void
on_signal(int sig)
{
	/* A lock-free atomic store is async-signal-safe. */
	atomic_store_explicit(&stop.sig, sig, memory_order_relaxed);
}

static int
stopped(void)
{
	return atomic_load_explicit(&stop.sig, memory_order_relaxed) != 0;
}

static int64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void
check_pthread(int e, const char *what)
{
	if (e != 0) {
		errno = e;
		err(1, "%s", what);
	}
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

static void *
worker(void *arg)
{
	struct slot *s = arg;
	struct run *r = s->run;
	struct lk_bench *b = r->b;
	int64_t i, n = r->o->count;
	int e;

	lk_thread_online(b);
	e = pthread_barrier_wait(&r->start);
	if (e != 0 && e != PTHREAD_BARRIER_SERIAL_THREAD)
		check_pthread(e, "pthread_barrier_wait");
	s->t0 = now_ns();
	for (i = 0; i < n; i++) {
		if ((i & (STOP_EVERY - 1)) == 0 && stopped())
			break;
		lk_run(b, &s->lk);
	}
	s->t1 = now_ns();
	s->calls = i;
	lk_thread_offline(b);
	return NULL;
}

/* A deadline on CLOCK_MONOTONIC as a timespec, for the condvar. */
static struct timespec
ns_ts(int64_t ns)
{
	struct timespec ts;

	ts.tv_sec = (time_t)(ns / 1000000000);
	ts.tv_nsec = (long)(ns % 1000000000);
	return ts;
}

/*
 * Every write_ms, one update under the head lock's write side, until
 * told to stop.  Periodic: a late update does not delay the next ones,
 * and missed periods are skipped, not made up in a burst.
 */
static void *
writer(void *arg)
{
	struct run *r = arg;
	struct timespec ts;
	int64_t period, next, t, t1;
	int e;

	period = (int64_t)r->o->write_ms * 1000000;
	e = pthread_barrier_wait(&r->start);
	if (e != 0 && e != PTHREAD_BARRIER_SERIAL_THREAD)
		check_pthread(e, "pthread_barrier_wait");
	next = now_ns() + period;
	check_pthread(pthread_mutex_lock(&r->wmtx), "pthread_mutex_lock");
	while (!r->wstop) {
		ts = ns_ts(next);
		e = pthread_cond_timedwait(&r->wcv, &r->wmtx, &ts);
		if (e != 0 && e != ETIMEDOUT)
			check_pthread(e, "pthread_cond_timedwait");
		if (r->wstop)
			break;
		if (now_ns() < next)
			continue;	/* woken early */
		pthread_mutex_unlock(&r->wmtx);
		t = now_ns();
		lk_write(r->b);
		r->writes++;
		t1 = now_ns();
		r->write_ns += t1 - t;
		next += period;
		if (t1 >= next)
			next = t1 + period;
		pthread_mutex_lock(&r->wmtx);
	}
	pthread_mutex_unlock(&r->wmtx);
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
	int sig = atomic_load_explicit(&stop.sig, memory_order_relaxed);

	if (sig == 0)
		return;
	warnx("stopped by %s", sig == SIGINT ? "SIGINT" : "SIGTERM");
	exit(128 + sig);
}

/*
 * Start the writer (if any) and the threads, which wait at the barrier
 * for one another; the signals are blocked in all of them, so that the
 * main thread, waiting in pthread_join(), is the one to take them.
 */
static void
run_all(struct run *r, struct slot *slots, pthread_t *wtid)
{
	const struct opts *o = r->o;
	pthread_attr_t attr;
	pthread_condattr_t ca;
	sigset_t sigs, old;
	int *cpus, ncpus;
	long i;

	cpus = usable_cpus(&ncpus);
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	check_pthread(pthread_sigmask(SIG_BLOCK, &sigs, &old),
	    "pthread_sigmask");
	check_pthread(pthread_barrier_init(&r->start, NULL,
	    (unsigned)o->threads + (o->write_ms > 0)), "pthread_barrier_init");
	check_pthread(pthread_mutex_init(&r->wmtx, NULL), "pthread_mutex_init");
	check_pthread(pthread_condattr_init(&ca), "pthread_condattr_init");
	check_pthread(pthread_condattr_setclock(&ca, CLOCK_MONOTONIC),
	    "pthread_condattr_setclock");
	check_pthread(pthread_cond_init(&r->wcv, &ca), "pthread_cond_init");
	pthread_condattr_destroy(&ca);

	/* Every reader record is registered before any thread runs. */
	for (i = 0; i < o->threads; i++) {
		slots[i].run = r;
		lk_thread_init(r->b, &slots[i].lk);
	}
	for (i = 0; i <= o->threads; i++) {
		if (i == o->threads && o->write_ms == 0)
			break;
		check_pthread(pthread_attr_init(&attr), "pthread_attr_init");
		check_pthread(pthread_attr_setstacksize(&attr, STACK_SIZE),
		    "pthread_attr_setstacksize");
		/* -p: thread i on the i-th usable CPU; the writer next. */
		if (o->pin)
			attr_pin(&attr, cpus[i % ncpus]);
		if (i < o->threads)
			check_pthread(pthread_create(&slots[i].tid, &attr,
			    worker, &slots[i]), "pthread_create");
		else
			check_pthread(pthread_create(wtid, &attr, writer, r),
			    "pthread_create");
		pthread_attr_destroy(&attr);
	}
	check_pthread(pthread_sigmask(SIG_SETMASK, &old, NULL),
	    "pthread_sigmask");

	for (i = 0; i < o->threads; i++)
		check_pthread(pthread_join(slots[i].tid, NULL), "pthread_join");
	if (o->write_ms > 0) {
		pthread_mutex_lock(&r->wmtx);
		r->wstop = 1;
		pthread_cond_signal(&r->wcv);
		pthread_mutex_unlock(&r->wmtx);
		/* Set by the loop's last turn, i == o->threads (1 to 1024). */
		/* NOLINTNEXTLINE(clang-analyzer-core.CallAndMessage) */
		check_pthread(pthread_join(*wtid, NULL), "pthread_join");
	}
	/* Unregistered once no writer can be walking the reader list. */
	for (i = 0; i < o->threads; i++)
		lk_thread_fini(r->b, &slots[i].lk);
	pthread_barrier_destroy(&r->start);
	pthread_cond_destroy(&r->wcv);
	pthread_mutex_destroy(&r->wmtx);
	free(cpus);
}

/*
 * LOCKBENCH_CHECK=1: the hook counter must be exact, and no call may
 * have seen a chain half-updated or reclaimed.  Exit 1 otherwise.
 */
static void
verify(const struct opts *o, const struct lk_bench *b, const struct slot *slots)
{
	uint64_t calls = 0, torn = 0, want, got;
	int failed = 0;
	long i;

	for (i = 0; i < o->threads; i++) {
		calls += (uint64_t)slots[i].calls;
		torn += slots[i].lk.torn;
	}
	want = calls * LK_HOOKS;
	got = lk_hook_count(b);
	if (got != want) {
		warnx("check failed: hook counter %" PRIu64 ", want %" PRIu64
		    " (%ld threads x %" PRId64 " calls x %d hooks) under the "
		    "%s hook lock", got, want, o->threads, o->count, LK_HOOKS,
		    o->hook->name);
		failed = 1;
	}
	if (torn != 0) {
		warnx("check failed: %" PRIu64 " calls saw the chain changed "
		    "under the %s head lock", torn, o->head->name);
		failed = 1;
	}
	if (failed)
		exit(1);
}

/* ns per call and calls per second of n calls in ns nanoseconds. */
static void
rates(int64_t n, int64_t ns, double *per_call, double *per_s)
{
	/* Two reads of a coarse clock can be equal: count 1 ns at least. */
	if (ns < 1)
		ns = 1;
	*per_call = (double)ns / (double)n;
	*per_s = (double)n * 1e9 / (double)ns;
}

/* The mean length of one write, 0 when there was none. */
static double
write_mean(const struct run *r)
{
	return r->writes > 0 ? (double)r->write_ns / (double)r->writes : 0;
}

static void
print_human(const struct opts *o, const struct run *r,
    const struct slot *slots)
{
	double per_call, per_s;
	int64_t calls = 0, t0 = INT64_MAX, t1 = INT64_MIN;
	long i;

	for (i = 0; i < o->threads; i++) {
		const struct slot *s = &slots[i];

		rates(s->calls, s->t1 - s->t0, &per_call, &per_s);
		printf("thread %ld: %" PRId64 " calls in %" PRId64 " ns: "
		    "%.1f ns/call, %.0f calls/s\n", i, s->calls, s->t1 - s->t0,
		    per_call, per_s);
		calls += s->calls;
		if (s->t0 < t0)
			t0 = s->t0;
		if (s->t1 > t1)
			t1 = s->t1;
	}
	if (o->write_ms > 0)
		printf("writer: %" PRIu64 " writes, one every %ld ms: "
		    "%.1f ns each\n", r->writes, o->write_ms,
		    write_mean(r));
	/* The total: all calls over the wall time from first start to last end. */
	rates(calls, t1 - t0, &per_call, &per_s);
	printf("total: %ld threads, %" PRId64 " calls in %" PRId64 " ns: "
	    "%.1f ns/call, %.0f calls/s\n", o->threads, calls, t1 - t0,
	    per_call, per_s);
}

static void
print_machine(const struct opts *o, const struct run *r,
    const struct slot *slots, const struct busywait_cal *cal,
    double measured)
{
	struct utsname u;
	double per_call, per_s;
	int64_t t0 = INT64_MAX, t1 = INT64_MIN;
	long i;

	printf("kbench-protocol %d\n", PROTO_VERSION);
	printf("fact head %s\n", o->head->name);
	printf("fact hook %s\n", o->hook->name);
	printf("fact hooks %d\n", LK_HOOKS);
	printf("fact threads %ld\n", o->threads);
	printf("fact count %" PRId64 "\n", o->count);
	printf("fact delay_ns %" PRId64 "\n", o->delay_ns);
	printf("fact write_ms %ld\n", o->write_ms);
	printf("fact write_hold_ns %d\n", LK_WRITE_HOLD_NS);
	printf("fact writes %" PRIu64 "\n", r->writes);
	printf("fact write_mean_ns %.1f\n", write_mean(r));
	printf("fact pinned %s\n", o->pin ? "yes" : "no");
	printf("fact ncpu %ld\n", sysconf(_SC_NPROCESSORS_ONLN));
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
	printf("fact clock CLOCK_MONOTONIC\n");
	printf("fact mtx_type %s\n", lk_mtx_type());
	printf("fact head_rw_kind %s\n", lk_head_rw_kind());
	printf("fact rm_lock ck_brlock\n");
	printf("fact ck_version %s\n", lk_ck_version());
	printf("fact urcu_flavor %s\n", lk_urcu_flavor());
	printf("fact urcu_membarrier %s\n", lk_urcu_membarrier() ? "yes" : "no");
	printf("fact check %s\n", o->check ? "yes" : "no");
	/*
	 * The wall time from the first start to the last end: with it,
	 * threads x count / wall_ns is the aggregate rate, which the samples
	 * alone overstate when an unfair lock lets one thread finish first.
	 */
	for (i = 0; i < o->threads; i++) {
		if (slots[i].t0 < t0)
			t0 = slots[i].t0;
		if (slots[i].t1 > t1)
			t1 = slots[i].t1;
	}
	printf("fact wall_ns %" PRId64 "\n", t1 - t0);
	if (uname(&u) == 0)
		printf("fact os %s\n", u.sysname);
	printf("series head=%s,hook=%s,threads=%ld ns lower\n", o->head->name,
	    o->hook->name, o->threads);
	for (i = 0; i < o->threads; i++) {
		rates(slots[i].calls, slots[i].t1 - slots[i].t0, &per_call,
		    &per_s);
		printf("sample %.3f\n", per_call);
	}
	printf("end %ld\n", o->threads);
}

int
main(int argc, char **argv)
{
	struct busywait_cal cal;
	struct opts o;
	struct run r;
	struct lk_bench *b;
	struct slot *slots;
	pthread_t wtid;
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
	memset(&r, 0, sizeof(r));
	r.o = &o;
	r.b = b;

	run_all(&r, slots, &wtid);
	stop_if_signalled();
	if (o.check)
		verify(&o, b, slots);

	if (o.machine)
		print_machine(&o, &r, slots, &cal, measured);
	else
		print_human(&o, &r, slots);
	lk_bench_fini(b);
	free(slots);
	free(b);
	if (fflush(stdout) != 0)
		err(1, "standard output");
	if (ferror(stdout))
		errx(1, "standard output: write error");
	return 0;
}
