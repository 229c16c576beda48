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

#include "collect/collect.h"
#include "collect/collector.h"
#include "kbench.h"
#include "collect/tools.h"

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

#define MAX_USEC	60000000L	/* as testsleep: above a minute is absurd */

/* Iterations of a cell when -n and -T are not given: testsleep's rule,
 * so that a 300000 µs cell stays near 2 s. */
static long
default_iterations(long usec)
{
	long n = usec > 0 ? 2000000 / usec : 1000;

	return n < 5 ? 5 : n > 1000 ? 1000 : n;
}

int
collect_sleep_prepare(int argc, char **argv, struct kbench_ctx *ctx,
    struct collection *c)
{
	enum { OPT_SLACK = 300, OPT_FIFO, OPT_CPU };
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
	struct strlist methods = { NULL, 0 }, usecs = { NULL, 0 };
	struct strlist avail = { NULL, 0 };
	struct collect_opts co;
	const char *slack = NULL, *fifo = NULL, *cpu = NULL;
	const char *iters = NULL, *seconds = NULL;
	char *testsleep = NULL, *list_argv[3], *cell_argv[16], name[256];
	char nbuf[32], probe_n[32];
	struct cell *cell;
	long v, usec, n = 0, ncpu;
	double t = 0, est;
	size_t i, j;
	int ch, k, rc = KB_EXIT_USAGE;

	memset(&co, 0, sizeof(co));
	c->rounds = 5;
	/* testsleep -c pins with sched_setaffinity: a CPU that exists. */
	ncpu = sysconf(_SC_NPROCESSORS_CONF) > 0 ?
	    sysconf(_SC_NPROCESSORS_CONF) : 1;
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "l:m:n:qr:T:u:v", longopts,
	    NULL)) != -1) {
		switch (collect_option(c, &co, ch, optarg, "collect sleep")) {
		case 1:
			continue;
		case -1:
			goto out;
		}
		switch (ch) {
		case 'm':
			strlist_split(&methods, optarg);
			break;
		case 'n':
			/* The program owns the limits: --check asks it. */
			if (parse_long(optarg, LONG_MIN, LONG_MAX, &v) == -1) {
				warnx("collect sleep: -n %s: expected iterations, "
				    "a whole number", optarg);
				goto out;
			}
			iters = optarg;
			break;
		case 'T':
			if (parse_double(optarg, &t) == -1 || t <= 0 || t > 86400) {
				warnx("collect sleep: -T %s: expected seconds per "
				    "cell, more than 0 and at most 86400", optarg);
				goto out;
			}
			seconds = optarg;
			break;
		case 'u':
			strlist_split(&usecs, optarg);
			break;
		case OPT_CPU:
			if (parse_long(optarg, 0, ncpu - 1, &v) == -1) {
				warnx("collect sleep: --cpu %s: expected a CPU "
				    "number from 0 to %ld (this machine has %ld)",
				    optarg, ncpu - 1, ncpu);
				goto out;
			}
			cpu = optarg;
			break;
		case OPT_FIFO:
			if (parse_long(optarg, 1, 99, &v) == -1) {
				warnx("collect sleep: --fifo %s: expected a "
				    "SCHED_FIFO priority from 1 to 99", optarg);
				goto out;
			}
			fifo = optarg;
			break;
		case OPT_SLACK:
			if (parse_long(optarg, LONG_MIN, LONG_MAX, &v) == -1) {
				warnx("collect sleep: --slack %s: expected "
				    "nanoseconds, a whole number", optarg);
				goto out;
			}
			slack = optarg;
			break;
		default:
			if (!c->check_only)
				fputs(collect_help, stderr);
			goto out;
		}
	}
	if (optind < argc) {
		warnx("collect sleep: unexpected argument '%s'", argv[optind]);
		goto out;
	}
	if (iters != NULL && seconds != NULL) {
		warnx("collect sleep: -n and -T both set the length of a cell: "
		    "choose one");
		goto out;
	}
	if ((testsleep = tool_path(ctx->argv0, "testsleep")) == NULL) {
		warnx("collect sleep: testsleep not found beside kbench nor on "
		    "PATH (make builds build/testsleep; $KBENCH_LIBEXEC names "
		    "its directory)");
		rc = KB_EXIT_IO;
		goto out;
	}
	list_argv[0] = testsleep;
	list_argv[1] = "-l";
	list_argv[2] = NULL;
	if (tool_list(list_argv, &avail) == -1 || avail.n == 0) {
		warnx("collect sleep: %s -l failed", testsleep);
		rc = KB_EXIT_IO;
		goto out;
	}
	if (methods.n == 0) {
		/* Every method of this OS, but "none", the harness alone. */
		for (i = 0; i < avail.n; i++)
			if (strcmp(avail.v[i], "none") != 0)
				strlist_add(&methods, avail.v[i]);
	}
	for (i = 0; i < methods.n; i++)
		if (!strlist_has(&avail, methods.v[i])) {
			warnx("collect sleep: unknown method '%s' (%s -l lists "
			    "them)", methods.v[i], testsleep);
			goto out;
		}
	if (usecs.n == 0)
		strlist_split(&usecs, default_usecs);
	for (i = 0; i < usecs.n; i++)
		if (parse_long(usecs.v[i], 0, MAX_USEC, &v) == -1) {
			warnx("collect sleep: -u: '%s' is not a duration in µs "
			    "from 0 to %ld", usecs.v[i], MAX_USEC);
			goto out;
		}

	collection_setup(c, &co, "sleep", ctx->cmdline);
	c->program = "testsleep";
	c->aliases = sleep_aliases;
	snprintf(name, sizeof(name), "%zu method%s x %zu duration%s",
	    methods.n, methods.n == 1 ? "" : "s", usecs.n,
	    usecs.n == 1 ? "" : "s");
	c->shape = xstrdup(name);
	snprintf(probe_n, sizeof(probe_n), "%d", PROBE_SLEEPS);
	kv_set(&c->facts, "testsleep", testsleep);
	for (i = 0; i < methods.n; i++)
		for (j = 0; j < usecs.n; j++) {
			usec = strtol(usecs.v[j], NULL, 10);
			k = 0;
			cell_argv[k++] = testsleep;
			cell_argv[k++] = "-m";
			if (seconds != NULL) {
				cell_argv[k++] = "-T";
				cell_argv[k++] = (char *)seconds;
				est = t;
			} else {
				n = iters != NULL ? strtol(iters, NULL, 10) :
				    default_iterations(usec);
				snprintf(nbuf, sizeof(nbuf), "%ld", n);
				cell_argv[k++] = "-n";
				cell_argv[k++] = nbuf;
				/* A sleep overshoots by ~50 µs of slack and more
				 * on a tick-based kernel: budget 1 ms each. */
				est = n * (usec + 1000) / 1e6;
			}
			if (slack != NULL) {
				cell_argv[k++] = "-s";
				cell_argv[k++] = (char *)slack;
			}
			if (fifo != NULL) {
				cell_argv[k++] = "-p";
				cell_argv[k++] = (char *)fifo;
			}
			if (cpu != NULL) {
				cell_argv[k++] = "-c";
				cell_argv[k++] = (char *)cpu;
			}
			cell_argv[k++] = usecs.v[j];
			cell_argv[k++] = methods.v[i];
			cell_argv[k] = NULL;
			snprintf(name, sizeof(name), "method=%s,usec=%s",
			    methods.v[i], usecs.v[j]);
			/* Hung: far past what the cell could take. */
			cell = collection_add(c, cell_argv, name, est,
			    co.timeout > 0 ? co.timeout : 10 * est + 30);
			if (seconds != NULL)
				continue;	/* it lasts what it was told */
			/*
			 * Its probe: the method, its knobs, a few of the
			 * shortest sleeps; the overshoot measured carries
			 * over to every duration.
			 */
			cell_argv[3] = probe_n;
			cell_argv[k - 2] = PROBE_USEC_ARG;
			cell->iters = (double)n;
			cell->request = (double)usec;
			cell->probe = collection_probe(c, cell_argv, PROBE_SLEEPS,
			    PROBE_USEC, 1e-6, 0);
		}
	rc = KB_EXIT_OK;
out:
	strlist_free(&methods);
	strlist_free(&usecs);
	strlist_free(&avail);
	kv_clear(&co.meta);
	free(testsleep);
	return rc;
}
