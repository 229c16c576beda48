/*
 * testsleep: how long does asking to sleep USEC microseconds really take?
 *
 * One method (select, nanosleep, kqueue...: sleep_methods.h), one
 * request, many iterations.  Each iteration is one call between two
 * clock_gettime(CLOCK_MONOTONIC) reads.  The durations go into an array
 * allocated (and its pages touched) before the loop and are printed after
 * it: the loop neither allocates nor prints, except that -T doubles the
 * array between two iterations when it is full.
 *
 * Output: one line "METHOD USEC AVG MIN MAX" (microseconds), or with -m
 * the kbench protocol of collect/protocol.h with every sample.
 *
 * --check: parse and apply everything as a run would (the arguments,
 * the knobs, the method's setup), measure nothing, print nothing, and
 * exit 0, or 2 after saying on stderr why the run would fail.  The
 * limits are this program's alone: kbench collect asks it.
 *
 * Exit status: 0; 1 for a failure at run time (not permitted, a method
 * this kernel lacks, a write error); 2 for bad arguments, and under
 * --check for anything that would stop the run; 128 + the signal number
 * when SIGINT or SIGTERM stopped the run (no "end" line is written, so a
 * collector sees an incomplete output).
 */
#include <sys/mman.h>
#include <sys/utsname.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/protocol.h"
#include "collect/testsleep/sleep_methods.h"
#include "lib/progopt.h"
#include "lib/signals.h"
#include "lib/util.h"

#define EXIT_USAGE	2
#define USEC_MAX	60000000L	/* 60 s: a longer request is a typo */
#define SLACK_MAX	1000000000L	/* 1 s of timer slack */
#define SECS_MAX	86400.0		/* -T: a day */
#define N_MIN		5		/* the default count's bounds */
#define N_MAX		1000
#define T_CAP_MAX	65536		/* -T: the first array, at most */

struct opts {
	long	 usec;
	const struct sleep_method *method;
	long	 n;		/* -n, or 0 */
	double	 secs;		/* -T, or 0 */
	long	 cpu;		/* -c, or -1 */
	long	 prio;		/* -p, or -1 */
	long	 slack;		/* -s, or -1 */
	int	 mlock;		/* -M */
	int	 machine;	/* -m */
	int	 check;		/* --check */
};

/* A failure at run time; under --check, a run that would not happen. */
static int exit_fail = 1;

static const char usage_text[] =
    "usage: testsleep [-Mm] [--check] [-c cpu] [-n count | -T seconds]\n"
    "                 [-p priority] [-s slack_ns] usec method\n"
    "       testsleep -l | -h\n";

/*
 * Without -n or -T: enough iterations to say something, few enough that
 * a 300000 us cell takes about 2 s: clamp(2000000 / USEC, 5, 1000).
 */
static long
default_count(long usec)
{
	long n = usec > 0 ? 2000000 / usec : N_MAX;

	return n < N_MIN ? N_MIN : n > N_MAX ? N_MAX : n;
}

/*
 * The first argument that looks like a negative number.  Those that
 * follow an option taking a value were consumed by getopt before it saw
 * this one, so this is the operand it took for an option.
 */
static const char *
negative_operand(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (argv[i][0] == '-' && argv[i][1] >= '0' && argv[i][1] <= '9')
			return argv[i];
	return "?";
}

static void
parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		PROG_LONGOPTS,
		{ NULL,		0,		NULL, 0 }
	};
	char range[64], why[128];
	long lo, hi;
	int ch, list = 0;

	memset(o, 0, sizeof(*o));
	o->cpu = o->prio = o->slack = -1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "c:hlMmn:p:s:T:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case PROG_OPT_CHECK:
			o->check = 1;
			exit_fail = EXIT_USAGE;
			break;
		case 'c':
			if (parse_long(optarg, 0, LONG_MAX, &o->cpu) != 0 ||
			    !os_cpu_usable(o->cpu))
				prog_bad("-c", optarg,
				    "not a CPU this process may run on");
			break;
		case 'h':
			prog_help(usage_text);
			break;
		case 'l':
			list = 1;
			break;
		case 'M':
			o->mlock = 1;
			break;
		case 'm':
			o->machine = 1;
			break;
		case 'n':
			snprintf(range, sizeof(range), "1 to %ld",
			    (long)PROTO_MAX_SAMPLES);
			if (parse_long(optarg, 1, PROTO_MAX_SAMPLES, &o->n) != 0)
				prog_bad("-n", optarg, range);
			break;
		case 'p':
			lo = sched_get_priority_min(SCHED_FIFO);
			hi = sched_get_priority_max(SCHED_FIFO);
			snprintf(range, sizeof(range), "%ld to %ld", lo, hi);
			if (parse_long(optarg, lo, hi, &o->prio) != 0)
				prog_bad("-p", optarg, range);
			break;
		case 's':
			if (os_timer_slack_get(&lo) == ENOTSUP)
				errx(EXIT_USAGE,
				    "-s: timer slack is not supported here");
			if (parse_long(optarg, 0, SLACK_MAX, &o->slack) != 0)
				prog_bad("-s", optarg, "0 to 1000000000 ns");
			break;
		case 'T':
			/* parse_double() refuses NaN and infinities. */
			if (parse_double(optarg, &o->secs) != 0 ||
			    o->secs <= 0 || o->secs > SECS_MAX)
				prog_bad("-T", optarg,
				    "seconds, more than 0, at most 86400");
			break;
		default:
			/* "-5": getopt sees an option; it is a negative USEC. */
			if (optopt >= '0' && optopt <= '9')
				prog_bad("USEC", negative_operand(argc, argv),
				    "0 to 60000000 microseconds");
			errx(EXIT_USAGE, "%s", prog_option_error(why,
			    sizeof(why), argv, "cnpsT"));
		}
	}
	argc -= optind;
	argv += optind;

	if (list) {
		if (argc != 0)
			prog_usage(usage_text);
		sleep_methods_list(stdout);
		if (fflush(stdout) != 0 || ferror(stdout))
			err(1, "standard output");
		exit(0);
	}
	if (argc != 2)
		prog_usage(usage_text);
	if (o->n != 0 && o->secs != 0)
		errx(EXIT_USAGE, "-n and -T exclude each other");
	if (parse_long(argv[0], 0, USEC_MAX, &o->usec) != 0)
		prog_bad("USEC", argv[0], "0 to 60000000 microseconds");
	if ((o->method = sleep_method_find(argv[1])) == NULL)
		errx(EXIT_USAGE, "unknown method '%s' (testsleep -l lists them)",
		    argv[1]);
	if (o->n == 0 && o->secs == 0)
		o->n = default_count(o->usec);
}

/* Pin, then SCHED_FIFO, then lock memory, then the slack. */
static void
apply_knobs(const struct opts *o)
{
	struct sched_param sp;
	int e;

	if (o->cpu >= 0 && (e = os_cpu_pin(o->cpu)) != 0) {
		errno = e;
		err(exit_fail, "pinning to CPU %ld", o->cpu);
	}
	if (o->prio >= 0) {
		memset(&sp, 0, sizeof(sp));
		sp.sched_priority = (int)o->prio;
		if (sched_setscheduler(0, SCHED_FIFO, &sp) == -1)
			err(exit_fail, "SCHED_FIFO priority %ld", o->prio);
	}
	if (o->mlock && mlockall(MCL_CURRENT | MCL_FUTURE) == -1)
		err(exit_fail, "mlockall");
	if (o->slack >= 0 && (e = os_timer_slack_set(o->slack)) != 0) {
		errno = e;
		err(exit_fail, "timer slack %ld ns", o->slack);
	}
}

static void
catch_signals(void)
{
	/* No SA_RESTART: a signal interrupts the sleep with EINTR. */
	if (signals_catch(NULL, 0, NULL) == -1)
		err(1, "sigaction");
}

static void
stop_if_signalled(size_t n)
{
	int sig = signal_caught;

	if (sig == 0)
		return;
	warnx("stopped by %s after %zu samples", signal_name(sig), n);
	exit(128 + sig);
}

/*
 * The measurement.  With -n, n iterations; with -T, until the next sleep
 * (guessed as long as the last one) would end past the budget, at least
 * one, at most PROTO_MAX_SAMPLES.  Returns the samples in microseconds.
 *
 * EINTR with no SIGINT/SIGTERM caught (a stop and SIGCONT can do that
 * to some of these calls) is not a sample: the iteration is redone.
 */
static double *
measure(const struct opts *o, struct sleep_ctx *c, size_t *np)
{
	const struct sleep_method *m = o->method;
	struct timespec t1;
	double *v;
	int64_t begin, budget, d;
	size_t i, cap, max;
	int e;

	if (o->secs > 0) {
		max = PROTO_MAX_SAMPLES;
		budget = (int64_t)(o->secs * 1e9);
		/* A first guess; the real sleeps are longer, never shorter. */
		cap = (size_t)(o->secs * 1e6 / (c->usec > 0 ? c->usec : 1)) + 1;
		if (cap > T_CAP_MAX)
			cap = T_CAP_MAX;
	} else {
		max = cap = (size_t)o->n;
		budget = 0;
	}
	v = xreallocarray(NULL, cap, sizeof(*v));
	for (i = 0; i < cap; i++)	/* fault the pages in now */
		v[i] = 0;

	if (clock_gettime(CLOCK_MONOTONIC, &t1) == -1)
		err(1, "clock_gettime(CLOCK_MONOTONIC)");
	begin = ts_ns(&t1);
	i = 0;
	while (i < max && !signal_caught) {
		clock_gettime(CLOCK_MONOTONIC, &c->start);
		e = m->fn(c);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (e == EINTR)
			continue;
		if (e != 0) {
			errno = e;
			err(1, "%s", m->name);
		}
		d = ts_ns(&t1) - ts_ns(&c->start);
		v[i++] = (double)d / 1e3;
		if (budget == 0)
			continue;
		if (ts_ns(&t1) - begin + d > budget)
			break;
		if (i == cap && cap < max) {
			cap = cap * 2 < max ? cap * 2 : max;
			v = xreallocarray(v, cap, sizeof(*v));
		}
	}
	*np = i;
	return v;
}

static const char *
policy_name(int policy)
{
	static char buf[32];

	switch (policy) {
	case SCHED_OTHER:
		return "SCHED_OTHER";
	case SCHED_FIFO:
		return "SCHED_FIFO";
	case SCHED_RR:
		return "SCHED_RR";
	}
	snprintf(buf, sizeof(buf), "%d", policy);
	return buf;
}

/* The kbench protocol: facts, one series, every sample, "end N". */
static void
print_machine(const struct opts *o, const double *v, size_t n)
{
	struct sched_param sp;
	struct utsname u;
	long slack;
	size_t i;

	printf("kbench-protocol %d\n", PROTO_VERSION);
	printf("fact method %s\n", o->method->name);
	printf("fact usec %ld\n", o->usec);
	printf("fact iterations %zu\n", n);
	/* What is in force, read back: the kernel may ignore a request. */
	if (os_timer_slack_get(&slack) == 0)
		printf("fact timer_slack_ns %ld\n", slack);
	printf("fact sched_policy %s\n", policy_name(sched_getscheduler(0)));
	if (sched_getparam(0, &sp) == 0)
		printf("fact sched_priority %d\n", sp.sched_priority);
	if (o->cpu >= 0)
		printf("fact cpu %ld\n", o->cpu);
	else
		printf("fact cpu any\n");
	printf("fact mlockall %s\n", o->mlock ? "yes" : "no");
	printf("fact clock CLOCK_MONOTONIC\n");
	if (uname(&u) == 0)
		printf("fact os %s\n", u.sysname);
	printf("series method=%s,usec=%ld us lower\n", o->method->name,
	    o->usec);
	for (i = 0; i < n; i++)
		printf("sample %.3f\n", v[i]);
	stop_if_signalled(n);
	printf("end %zu\n", n);
}

/* One line: method, request, then the mean, minimum and maximum in us. */
static void
print_human(const struct opts *o, const double *v, size_t n)
{
	double sum = 0, min = v[0], max = v[0];
	size_t i;

	for (i = 0; i < n; i++) {
		sum += v[i];
		if (v[i] < min)
			min = v[i];
		if (v[i] > max)
			max = v[i];
	}
	/* n >= 1: measure() returns at least one sample or exits. */
	printf("%-15s %8ld %12.2f %12.2f %12.2f\n", o->method->name, o->usec,
	    sum / (double)n, min, max);
}

int
main(int argc, char **argv)
{
	struct opts o;
	struct sleep_ctx c;
	double *v;
	size_t n;
	int e;

	/* A closed stdout would be reused by the first descriptor we open. */
	if (fcntl(STDOUT_FILENO, F_GETFD) == -1)
		err(1, "standard output");
	parse_args(argc, argv, &o);

	apply_knobs(&o);
	sleep_ctx_init(&c, o.usec);
	if (o.method->setup != NULL && (e = o.method->setup(&c)) != 0) {
		if (e == ENOSYS)
			errx(exit_fail, "%s: not supported by this kernel "
			    "(ENOSYS)", o.method->name);
		errno = e;
		err(exit_fail, "%s", o.method->name);
	}
	/* Everything a run needs is in place: it would run. */
	if (o.check) {
		if (o.method->fini != NULL)
			o.method->fini(&c);
		return 0;
	}
	catch_signals();

	/* The warm-up: one sleep, not timed. */
	do {
		clock_gettime(CLOCK_MONOTONIC, &c.start);
		e = o.method->fn(&c);
	} while (e == EINTR && !signal_caught);
	stop_if_signalled(0);
	if (e != 0) {
		errno = e;
		err(1, "%s", o.method->name);
	}

	v = measure(&o, &c, &n);
	if (o.method->fini != NULL)
		o.method->fini(&c);
	stop_if_signalled(n);

	if (o.machine)
		print_machine(&o, v, n);
	else
		print_human(&o, v, n);
	if (fflush(stdout) != 0)
		err(1, "standard output");
	if (ferror(stdout))
		errx(1, "standard output: write error");
	free(v);
	return 0;
}
