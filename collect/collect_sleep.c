/*
 * collect_sleep.c: kbench collect sleep: the sleep matrix (methods x
 * durations) through testsleep, round after round.
 */
#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/benchmark.h"
#include "collect/collect.h"
#include "collect/collector.h"
#include "collect/protocol.h"
#include "kbench.h"
#include "collect/tools.h"

static int	collect_sleep_prepare(int, char **, struct kbench_ctx *,
		    struct collection *);

/* The sleep benchmark: how long sleeping USEC microseconds really takes. */
const struct benchmark benchmark_sleep = {
	.name = "sleep",
	.program = "testsleep",
	.facts = (const char *const[]){ "sched_policy", "sched_priority",
	    "mlockall", "cpu", NULL },
	/* Timer resolution follows HZ on a tick-based kernel. */
	.chart = "sleep",
	.by = "hz",
	/* Its x axis. */
	.laid_out = (const char *const[]){ "usec", NULL },
	.interleaved = "method",
	.prepare = collect_sleep_prepare,
};

/* The seed's durations (µs). */
static const char default_usecs[] = "1,300,3000,30000,300000";

/* A probe: so many sleeps of PROBE_USEC, a few ms on a tickless kernel. */
#define PROBE_SLEEPS	20
#define PROBE_USEC	1
#define PROBE_USEC_ARG	"1"

/* testsleep's options that kbench collect sleep spells otherwise. */
static const char *const sleep_aliases[] = {
	"-s", "--slack", "-p", "--fifo", "-c", "--cpu", NULL, NULL
};

/* Its own long options. */
enum { OPT_SLACK = 300, OPT_FIFO, OPT_CPU };

#define MAX_USEC	60000000L	/* as testsleep: above a minute is absurd */

/* Iterations of a cell when -n and -T are not given: testsleep's rule,
 * so that a 300000 µs cell stays near 2 s. */
static long
default_iterations(long usec)
{
	long n = usec > 0 ? 2000000 / usec : 1000;

	return n < 5 ? 5 : n > 1000 ? 1000 : n;
}

/* kbench collect sleep's options, as parsed. */
struct sleep_opts {
	struct collect_opts	 co;
	struct strlist		 methods, usecs;	/* -m, -u */
	const char		*iters, *seconds;	/* -n, -T as given */
	double			 t;			/* -T */
	const char		*slack, *fifo, *cpu;	/* as given */
	long			 ncpu;			/* for --cpu */
	char			*testsleep;		/* its path */
	struct strlist		 avail;			/* testsleep -l */
};

/* One option of collect sleep's own (collect_take_fn). */
static int
sleep_take(void *opts, int ch, const char *arg)
{
	struct sleep_opts *o = opts;
	char what[128];

	switch (ch) {
	case 'm':
		return collect_list(&o->methods, arg, "collect sleep: -m");
	case 'u':
		return collect_list(&o->usecs, arg, "collect sleep: -u");
	/* The program owns the limits of -n and --slack: --check asks it. */
	case 'n':
		return collect_number(&o->iters, arg, LONG_MIN, LONG_MAX,
		    "collect sleep: -n", "iterations, a whole number");
	case OPT_SLACK:
		return collect_number(&o->slack, arg, LONG_MIN, LONG_MAX,
		    "collect sleep: --slack", "nanoseconds, a whole number");
	case OPT_FIFO:
		return collect_number(&o->fifo, arg, 1, 99,
		    "collect sleep: --fifo",
		    "a SCHED_FIFO priority from 1 to 99");
	case OPT_CPU:
		snprintf(what, sizeof(what), "a CPU number from 0 to %ld (this "
		    "machine has %ld)", o->ncpu - 1, o->ncpu);
		return collect_number(&o->cpu, arg, 0, o->ncpu - 1,
		    "collect sleep: --cpu", what);
	case 'T':
		if (parse_double(arg, &o->t) == -1 || o->t <= 0 ||
		    o->t > 86400) {
			warnx("collect sleep: -T %s: expected seconds per "
			    "cell, more than 0 and at most 86400", arg);
			return COLLECT_BAD;
		}
		o->seconds = arg;
		break;
	default:
		return COLLECT_UNKNOWN;
	}
	return COLLECT_TAKEN;
}

/*
 * What the options leave to check: -n with -T, testsleep there and its
 * methods, the durations; the defaults filled in.  KB_EXIT_OK or the
 * exit status after saying why.
 */
static int
sleep_validate(struct sleep_opts *o, const struct kbench_ctx *ctx)
{
	struct strbuf why = STRBUF_INIT;
	char *list_argv[3];
	long v;
	size_t i;

	if (o->iters != NULL && o->seconds != NULL) {
		warnx("collect sleep: -n and -T both set the length of a cell: "
		    "choose one");
		return KB_EXIT_USAGE;
	}
	if ((o->testsleep = tool_path(ctx->argv0, "testsleep")) == NULL) {
		warnx("collect sleep: testsleep not found beside kbench nor on "
		    "PATH (make builds build/testsleep; $KBENCH_LIBEXEC names "
		    "its directory)");
		return KB_EXIT_IO;
	}
	list_argv[0] = o->testsleep;
	list_argv[1] = "-l";
	list_argv[2] = NULL;
	if (tool_list(list_argv, o->co.timeout, &o->avail, &why) == -1 ||
	    o->avail.n == 0) {
		if (why.len > 0)
			warnx("collect sleep: %s -l: %s", o->testsleep,
			    sb_str(&why));
		else
			warnx("collect sleep: %s -l failed", o->testsleep);
		sb_free(&why);
		return KB_EXIT_IO;
	}
	/* A method is a cell's name and a key's value, shown and stored. */
	for (i = 0; i < o->avail.n; i++)
		if (!proto_plain_key(o->avail.v[i])) {
			sb_add_visible(&why, o->avail.v[i]);
			warnx("collect sleep: %s -l: listed method '%s': expected "
			    "letters, digits, '_', '.' and '-'", o->testsleep,
			    sb_str(&why));
			sb_free(&why);
			return KB_EXIT_IO;
		}
	if (o->methods.n == 0) {
		/* Every method of this OS, but "none", the harness alone. */
		for (i = 0; i < o->avail.n; i++)
			if (strcmp(o->avail.v[i], "none") != 0)
				strlist_add(&o->methods, o->avail.v[i]);
	}
	for (i = 0; i < o->methods.n; i++)
		if (!strlist_has(&o->avail, o->methods.v[i])) {
			warnx("collect sleep: unknown method '%s' (%s -l lists "
			    "them)", o->methods.v[i], o->testsleep);
			return KB_EXIT_USAGE;
		}
	if (o->usecs.n == 0)
		strlist_split(&o->usecs, default_usecs);
	for (i = 0; i < o->usecs.n; i++)
		if (parse_long(o->usecs.v[i], 0, MAX_USEC, &v) == -1 ||
		    !collect_plain_number(o->usecs.v[i])) {
			warnx("collect sleep: -u: '%s' is not a duration in µs "
			    "from 0 to %ld", o->usecs.v[i], MAX_USEC);
			return KB_EXIT_USAGE;
		}
	return KB_EXIT_OK;
}

/* The cell of one method and one duration, and its probe. */
static void
sleep_cell(struct collection *c, const struct sleep_opts *o,
    const char *method, const char *usec_arg)
{
	char *cell_argv[16], name[256], nbuf[32], probe_n[32];
	struct cell *cell;
	long usec, n = 0;
	double est;
	int k = 0;

	usec = strtol(usec_arg, NULL, 10);
	cell_argv[k++] = o->testsleep;
	cell_argv[k++] = "-m";
	if (o->seconds != NULL) {
		cell_argv[k++] = "-T";
		cell_argv[k++] = (char *)o->seconds;
		est = o->t;
	} else {
		n = o->iters != NULL ? strtol(o->iters, NULL, 10) :
		    default_iterations(usec);
		snprintf(nbuf, sizeof(nbuf), "%ld", n);
		cell_argv[k++] = "-n";
		cell_argv[k++] = nbuf;
		/* A sleep overshoots by ~50 µs of slack and more on a
		 * tick-based kernel: budget 1 ms each. */
		est = n * (usec + 1000) / 1e6;
	}
	if (o->slack != NULL) {
		cell_argv[k++] = "-s";
		cell_argv[k++] = (char *)o->slack;
	}
	if (o->fifo != NULL) {
		cell_argv[k++] = "-p";
		cell_argv[k++] = (char *)o->fifo;
	}
	if (o->cpu != NULL) {
		cell_argv[k++] = "-c";
		cell_argv[k++] = (char *)o->cpu;
	}
	cell_argv[k++] = (char *)usec_arg;
	cell_argv[k++] = (char *)method;
	cell_argv[k] = NULL;
	snprintf(name, sizeof(name), "method=%s,usec=%s", method, usec_arg);
	/* Hung: far past what the cell could take. */
	cell = collection_add(c, cell_argv, name, est,
	    o->co.timeout > 0 ? o->co.timeout : 10 * est + 30);
	if (o->seconds != NULL)
		return;		/* it lasts what it was told */
	/*
	 * Its probe: the method, its knobs, a few of the shortest sleeps;
	 * the overshoot measured carries over to every duration.
	 */
	snprintf(probe_n, sizeof(probe_n), "%d", PROBE_SLEEPS);
	cell_argv[3] = probe_n;
	cell_argv[k - 2] = PROBE_USEC_ARG;
	cell->iters = (double)n;
	cell->request = (double)usec;
	cell->probe = collection_probe(c, cell_argv, PROBE_SLEEPS, PROBE_USEC,
	    1e-6, 0);
}

/* The matrix: every method at every duration. */
static void
sleep_cells(struct collection *c, const struct sleep_opts *o,
    const struct kbench_ctx *ctx)
{
	char shape[256];
	size_t i, j;

	snprintf(shape, sizeof(shape), "%zu method%s x %zu duration%s",
	    o->methods.n, o->methods.n == 1 ? "" : "s", o->usecs.n,
	    o->usecs.n == 1 ? "" : "s");
	collect_begin(c, &o->co, ctx, &benchmark_sleep,
	    benchmark_sleep.program, sleep_aliases, shape);
	kv_set(&c->facts, "testsleep", o->testsleep);
	for (i = 0; i < o->methods.n; i++)
		for (j = 0; j < o->usecs.n; j++)
			sleep_cell(c, o, o->methods.v[i], o->usecs.v[j]);
}

static int
collect_sleep_prepare(int argc, char **argv, struct kbench_ctx *ctx,
    struct collection *c)
{
	static const struct option longopts[] = {
		COLLECT_LONGOPTS,
		{ "cpu",	required_argument, NULL, OPT_CPU },
		{ "fifo",	required_argument, NULL, OPT_FIFO },
		{ "iterations",	required_argument, NULL, 'n' },
		{ "methods",	required_argument, NULL, 'm' },
		{ "seconds",	required_argument, NULL, 'T' },
		{ "slack",	required_argument, NULL, OPT_SLACK },
		{ "usecs",	required_argument, NULL, 'u' },
		{ NULL,		0,		   NULL, 0 }
	};
	struct sleep_opts o;
	int rc = KB_EXIT_USAGE;

	memset(&o, 0, sizeof(o));
	/* testsleep -c pins with sched_setaffinity: a CPU that exists. */
	o.ncpu = sysconf(_SC_NPROCESSORS_CONF) > 0 ?
	    sysconf(_SC_NPROCESSORS_CONF) : 1;
	if (collect_parse(c, &o.co, &benchmark_sleep, argc, argv,
	    "l:m:n:qr:T:u:v", longopts, sleep_take, &o) == 0 &&
	    (rc = sleep_validate(&o, ctx)) == KB_EXIT_OK)
		sleep_cells(c, &o, ctx);
	strlist_free(&o.methods);
	strlist_free(&o.usecs);
	strlist_free(&o.avail);
	kv_clear(&o.co.meta);
	free(o.testsleep);
	return rc;
}
