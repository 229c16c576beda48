/*
 * pfilbench-ctl: run the pfilbench kernel module once and print what it
 * measured: the kmod backend of `kbench collect lock`.
 *
 * It takes lockbench's options (the user-space twin) and the module's
 * own (hooks, a shared hook lock, a fixed duration, SMT placement),
 * writes them into the module's configuration with a tag naming this
 * run, starts it, waits for it without polling in a loop, reads the
 * results and prints them: a line per thread and the total, or with -m
 * the kbench protocol (collect/protocol.h) with one sample, every walk
 * of every thread over the time from the first start to the last end,
 * in ns per walk.  The OS half (sysfs on Linux, sysctl on FreeBSD) is
 * behind kmodctl.h; results.c reads and checks the results text
 * (results.h).
 *
 * The timed phase lasts DEFAULT_DURATION_MS unless -D says otherwise;
 * -n alone counts walks instead (-D 0 -n N too).  Counting lets a
 * thread that takes most of the lock finish early and a starved one set
 * the window, which reads as cost; a duration stops every thread at
 * once.  Either way the sample is the same quantity, and the fairness
 * figure (fact fairness_min) says how alike the threads' shares were:
 * over the whole phase for a duration, up to the moment the first
 * thread finished for a count (every thread ends with COUNT walks).
 *
 * A run with the module's exclusion check on (Linux: check=1) that found
 * a violation fails, naming its cell.
 *
 * --check: check the arguments, and that the module is loaded, idle and
 * ours to drive, as a run would before it starts; run nothing, print
 * nothing, exit 0, or 2 after saying why.  The module judges the
 * ranges of the values only when a run starts.
 *
 * Exit status: 0; 1 for a failure at run time (the module is not
 * loaded, busy, the run failed or was not ours); 2 for bad arguments,
 * including those the module refuses, and under --check anything that
 * stops a run; 128 + the signal number for SIGINT and SIGTERM, which
 * stop the module's run (and no "end" line is written).
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/pfilbench-ctl/kmodctl.h"
#include "collect/pfilbench-ctl/results.h"
#include "lib/progopt.h"
#include "lib/signals.h"

#define WHYLEN		256
#define MODULE_MAJOR	"2."		/* the results format this reads */
#define DEFAULT_DURATION_MS 1000ULL	/* without -D or -n */

static const char usage_text[] =
    "usage: pfilbench-ctl [-mPpS] [--check] [-D duration_ms] [-d delay_ns] [-H head]\n"
    "                     [-K hooks] [-k hook] [-n count] [-t threads] [-W warmup_ms]\n"
    "                     [-w write_ms]\n"
    "       pfilbench-ctl -c | -s | -h\n";

/* Digits only: the module judges the range. */
static unsigned long long
number(int opt, const char *s)
{
	unsigned long long v;
	char *end;

	if (*s < '0' || *s > '9')
		errx(EXIT_USAGE, "-%c %s: expected a number", opt, s);
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		errx(EXIT_USAGE, "-%c %s: expected a number", opt, s);
	return v;
}

/* Exit for a failed kmod_*() call: EINVAL is the user's, the rest not. */
static void
fail(int rc, const char *why)
{
	warnx("%s", vis(why));
	exit(rc == -EINVAL ? EXIT_USAGE : EXIT_FAIL);
}

/*
 * -s, --check: can a run be started now?  0, or rc after one line on
 * stderr.
 */
static int
status(int rc)
{
	enum kmod_state st;
	char why[WHYLEN];

	if (kmod_state(&st, why, sizeof(why)) != 0) {
		warnx("%s", vis(why));
		return rc;
	}
	if (st == KMOD_RUNNING) {
		warnx("pfilbench.ko is busy: a run is in progress");
		return rc;
	}
	if (geteuid() != 0) {
		warnx("pfilbench.ko is loaded, but only root may drive it");
		return rc;
	}
	return 0;
}

/*
 * -c: what the module runs, one word a line, for kbench collect lock:
 * head=H, hook=K, refused=H:K, and KEY=VALUE for its limits.
 */
static int
caps(void)
{
	char why[WHYLEN], *text, *line, *next, *w, *save;
	char key[64];

	if (kmod_caps(&text, why, sizeof(why)) != 0) {
		warnx("%s", vis(why));
		return EXIT_FAIL;
	}
	for (line = text; *line != '\0'; line = next) {
		next = line + strcspn(line, "\n");
		if (*next == '\n')
			*next++ = '\0';
		if ((w = strtok_r(line, " ", &save)) == NULL)
			continue;
		snprintf(key, sizeof(key), "%s", w);
		/* "heads rw rm": head=rw, head=rm; "delay_max_ns 1000": one. */
		if (strcmp(key, "heads") == 0 || strcmp(key, "hooks") == 0)
			key[strlen(key) - 1] = '\0';
		while ((w = strtok_r(NULL, " ", &save)) != NULL)
			printf("%s=%s\n", key, w);
	}
	free(text);
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_FAIL, "standard output");
	return 0;
}

static void
catch_signals(void)
{
	/* No SA_RESTART: a signal must end the wait. */
	if (signals_catch(NULL, 0, NULL) == -1)
		err(EXIT_FAIL, "sigaction");
}

static void
stop_if_signalled(void)
{
	int sig = signal_caught;

	if (sig == 0)
		return;
	kmod_stop();
	warnx("stopped by %s; the module's run was stopped",
	    signal_name(sig));
	exit(128 + sig);
}

/* ns per walk: the run's wall time over all its walks. */
static double
per_walk(const struct results *r)
{
	return (double)(r->last - r->first) / (double)r->walks;
}

static double
writes_per_s(const struct results *r)
{
	long long span = r->wend - r->wstart;

	return span > 0 ? (double)r->writes * 1e9 / (double)span : 0;
}

static const char *
pin_name(int pin)
{
	return pin == 2 ? "smt" : pin == 1 ? "cores" : "no";
}

/* The module's facts, that print_fact() checks the host's against. */
static const struct results *module_facts;

/*
 * A fact of the host's (kmod_host_facts()): one the module also gave
 * (own_key() knows most) would override it.  No "end" follows the
 * error: a collector stores nothing of the run.
 */
static void
print_fact(const char *key, const char *value)
{
	size_t i;

	for (i = 0; module_facts != NULL && i < module_facts->nfacts; i++)
		if (strcmp(module_facts->facts[i].key, key) == 0)
			errx(EXIT_FAIL, "results line %d: fact %s: a key "
			    "pfilbench-ctl records itself",
			    module_facts->facts[i].lineno, key);
	printf("fact %s %s\n", key, value);
}

/* The module's "kernel" lines as facts kernel_KEY VALUE. */
static void
print_kernel_facts(void)
{
	char why[WHYLEN], *text, *line, *next, *sp;

	if (kmod_kernel(&text, why, sizeof(why)) != 0)
		errx(EXIT_FAIL, "%s", vis(why));
	for (line = text; *line != '\0'; line = next) {
		next = line + strcspn(line, "\n");
		if (*next == '\n')
			*next++ = '\0';
		if ((sp = strchr(line, ' ')) == NULL)
			continue;
		*sp = '\0';
		printf("fact kernel_%s %s\n", line, sp + 1);
	}
	free(text);
	kmod_host_facts(print_fact);
}

/* Four significant digits, as every fairness figure is recorded. */
static void
print_fairness(const struct results *r)
{
	if (r->fairness >= 0)
		printf("fact fairness_min %.4g\n", r->fairness);
}

/* The kbench protocol: facts, one series, one sample, end. */
static void
print_machine(const struct kmod_config *c, const struct kmod_info *ki,
    const struct results *r)
{
	const struct thread_result *t;
	size_t i;

	module_facts = r;
	printf("kbench-protocol 1\n");
	printf("fact backend kmod\n");
	printf("fact kmod_version %s\n", ki->version);
	printf("fact kmod_release %s\n", ki->release);
	print_kernel_facts();
	printf("fact head %s\n", c->head);
	printf("fact hook %s\n", c->hook);
	printf("fact hooks %llu\n", c->hooks);
	printf("fact hook_lock %s\n", c->shared ? "shared" : "per-hook");
	printf("fact threads %llu\n", c->threads);
	/* A count or a timed phase, not both: the other is not what ran. */
	printf("fact mode %s\n", c->duration_ms > 0 ? "duration" : "count");
	if (c->duration_ms > 0)
		printf("fact duration_ms %llu\n", c->duration_ms);
	else
		printf("fact count %llu\n", c->count);
	printf("fact warmup_ms %llu\n", c->warmup_ms);
	printf("fact delay_ns %llu\n", c->delay_ns);
	printf("fact write_ms %llu\n", c->write_ms);
	printf("fact pin %d\n", c->pin);
	printf("fact pinned %s\n", pin_name(c->pin));
	printf("fact busywait clock\n");
	printf("fact busywait_clock_ns %llu\n", r->clock_ns);
	printf("fact busywait_measured_ns %.1f\n", r->busywait);
	printf("fact wall_ns %lld\n", r->last - r->first);
	printf("fact walks %llu\n", r->walks);
	print_fairness(r);
	printf("fact nivcsw %llu\n", r->nivcsw);
	/*
	 * FreeBSD's voluntary switches count every kern_yield() batch, not
	 * real switches as Linux's ctx_switches_sum does: a name of its own.
	 */
	if (r->has_yields)
		printf("fact yields_sum %llu\n", r->yields);
	printf("fact migrations %llu\n", r->migrations);
	printf("fact placement");
	for (i = 0; i < r->n; i++)
		printf("%s%llu:%lld", i ? "," : " ", r->t[i].id, r->t[i].bound);
	if (r->writer)
		printf(",w:%lld", r->writer_bound);
	printf("\n");
	if (r->writer) {
		printf("fact writes %llu\n", r->writes);
		printf("fact writes_per_s %.1f\n", writes_per_s(r));
		printf("fact write_asked_per_s %.1f\n", 1000.0 /
		    (double)c->write_ms);
		printf("fact writer_missed_sum %llu\n", r->missed);
		printf("fact write_mean_ns %.1f\n", r->writes > 0 ?
		    (double)r->write_ns / (double)r->writes : 0);
	}
	if (strcmp(c->head, "rm") == 0)
		printf("fact rm_slow_walks_pct %.2f\n",
		    100.0 * (double)r->slow / (double)r->walks);
	if (r->checked)
		printf("fact kmod_check %llu\n", r->check);
	if (r->test_lag_ns > 0)
		printf("fact kmod_test_lag_ns %llu\n", r->test_lag_ns);
	if (r->test_fault != NULL && strcmp(r->test_fault, "none") != 0)
		printf("fact kmod_test_fault %s\n", r->test_fault);
	for (i = 0; i < r->nfacts; i++)
		printf("fact %s %s\n", r->facts[i].key, r->facts[i].value);
	for (i = 0; i < r->n; i++) {
		t = &r->t[i];
		printf("# thread %llu cpu %lld bound %lld core %s calls %llu "
		    "start_ns %lld end_ns %lld busywait_ns %llu nvcsw %llu "
		    "nivcsw %llu migrations %llu", t->id, t->cpu, t->bound,
		    t->core, t->calls, t->start, t->end, t->busywait_ns,
		    t->nvcsw, t->nivcsw, t->migrations);
		if (t->has_afe)
			printf(" at_first_end %llu", t->at_first_end);
		printf("\n");
	}
	printf("series head=%s,hook=%s,threads=%llu ns lower\n", c->head,
	    c->hook, c->threads);
	printf("sample %.3f\n", per_walk(r));
	stop_if_signalled();
	printf("end 1\n");
}

static void
print_human(const struct kmod_config *c, const struct kmod_info *ki,
    const struct results *r)
{
	const struct thread_result *t;
	size_t i;

	printf("pfilbench %s (kernel %s): head %s, hook %s, %llu hook%s "
	    "(%s), ", vis(ki->version), vis(ki->release), c->head, c->hook,
	    c->hooks, c->hooks == 1 ? "" : "s", c->shared ?
	    "one shared lock" : "a lock each");
	if (c->duration_ms > 0)
		printf("%llu threads for %llu ms", c->threads, c->duration_ms);
	else
		printf("%llu x %llu walks", c->threads, c->count);
	printf(", delay %llu ns (measured %.1f ns), ", c->delay_ns,
	    r->busywait);
	if (c->write_ms > 0)
		printf("writer every %llu ms\n", c->write_ms);
	else
		printf("no writer\n");
	for (i = 0; i < r->n; i++) {
		t = &r->t[i];
		printf("thread %llu cpu %lld (bound %lld, core %s): %llu walks "
		    "from %.6f to %.6f s, %llu+%llu context switches, %llu "
		    "migrations", t->id, t->cpu, t->bound, t->core, t->calls,
		    (double)t->start / 1e9, (double)t->end / 1e9, t->nvcsw,
		    t->nivcsw, t->migrations);
		if (c->duration_ms == 0 && t->has_afe)
			printf(", %llu walks when the first ended",
			    t->at_first_end);
		printf("\n");
	}
	if (r->writer)
		printf("writer cpu %lld (bound %lld): %llu writes, %.1f/s "
		    "(asked %.1f/s), %.1f us each, %llu periods missed\n",
		    r->writer_cpu, r->writer_bound, r->writes, writes_per_s(r),
		    1000.0 / (double)c->write_ms, r->writes > 0 ?
		    (double)r->write_ns / 1e3 / (double)r->writes : 0, r->missed);
	if (strcmp(c->head, "rm") == 0)
		printf("rm: %.2f%% of the walks found readers on the slow "
		    "path\n", 100.0 * (double)r->slow / (double)r->walks);
	if (r->checked && r->check)
		printf("check: mutual exclusion verified, no violation\n");
	printf("total: %llu walks in %lld ns, first start to last end: "
	    "%.1f ns/walk", r->walks, r->last - r->first, per_walk(r));
	if (r->fairness >= 0)
		printf("; fairness (fewest/most walks%s) %.4g", c->duration_ms >
		    0 ? "" : ", when the first thread ended", r->fairness);
	printf("\n");
}

/*
 * A check that found a violation fails the cell: these numbers are a
 * broken lock's.  A test hook set is said: those numbers are no
 * benchmark's.
 */
static void
judge(const struct kmod_config *c, const struct results *r)
{
	if (r->test_lag_ns > 0 || (r->test_fault != NULL &&
	    strcmp(r->test_fault, "none") != 0))
		warnx("head=%s,hook=%s,threads=%llu: a test hook is set "
		    "(test_lag_ns %llu, test_fault %s): no benchmark", c->head,
		    c->hook, c->threads, r->test_lag_ns, r->test_fault != NULL ?
		    r->test_fault : "none");
	if (r->violations > 0)
		errx(EXIT_FAIL, "head=%s,hook=%s,threads=%llu: the exclusion "
		    "check found %llu violations (readers %llu, writer %llu, "
		    "hooks %llu): a lock let in whom it must keep out",
		    c->head, c->hook, c->threads, r->violations,
		    r->viol_readers, r->viol_writer, r->viol_hooks);
}

/*
 * A name no other controller's run has: pid and the time; or
 * $PFILBENCH_CTL_TAG, a script's own name for its runs.
 */
static void
make_tag(char *buf, size_t size)
{
	const char *env = getenv("PFILBENCH_CTL_TAG");
	struct timespec ts;

	if (env != NULL && *env != '\0') {
		if (strlen(env) >= size || strspn(env, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "abcdefghijklmnopqrstuvwxyz0123456789_.:-") != strlen(env))
			errx(EXIT_USAGE, "PFILBENCH_CTL_TAG '%s': up to %zu of "
			    "[A-Za-z0-9_.:-]", env, size - 1);
		snprintf(buf, size, "%s", env);
		return;
	}
	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(buf, size, "%ld.%lld.%09ld", (long)getpid(),
	    (long long)ts.tv_sec, ts.tv_nsec);
}

/*
 * The lock names either module knows (kmod/linux, kmod/freebsd): a
 * usage error here, before the module is asked, and whether it is
 * loaded or not.  Which of them this kernel runs, and under which head,
 * the module says itself (-c); it refuses the others with EINVAL.
 */
static const char *
lock_name(int ch, const char *name)
{
	static const char heads[] = ",rw,brlock,rwsem,rm,epoch,none,";
	static const char hooks[] = ",null,mtx,rw,rwsem,rm,brlock,spin,";
	const char *known = ch == 'H' ? heads : hooks;
	char buf[40];

	snprintf(buf, sizeof(buf), ",%s,", name);
	if (*name == '\0' || strlen(name) > 30 || strchr(name, ',') != NULL ||
	    strstr(known, buf) == NULL) {
		warnx("unknown %s lock '%s' (-%c: %s)", ch == 'H' ? "head" :
		    "hook", name, ch, ch == 'H' ?
		    "rw, brlock, rwsem, rm, epoch or none" :
		    "null, mtx, rw, rwsem, rm, brlock or spin");
		prog_usage(usage_text);
	}
	return name;
}

/* What the command line asks for, beside the run's configuration. */
struct opts {
	int	machine;	/* -m: the kbench protocol */
	int	check;		/* -s */
	int	list;		/* -c */
	int	dry;		/* --check */
};

/* The run the options configure, on the defaults, and what else they ask. */
static void
parse_options(int argc, char **argv, struct kmod_config *c, struct opts *o)
{
	static const struct option longopts[] = {
		PROG_LONGOPTS,
		{ NULL,		0,		NULL, 0 }
	};
	char why[WHYLEN];
	int ch, counted = 0, timed = 0;

	memset(o, 0, sizeof(*o));
	memset(c, 0, sizeof(*c));
	c->threads = 1;
	c->count = 100000;
	c->warmup_ms = 10;
	c->delay_ns = 1000;
	c->hooks = 3;
	c->head = "rm";
	c->hook = "null";
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "cD:d:hH:K:k:mn:PpSst:W:w:",
	    longopts, NULL)) != -1) {
		switch (ch) {
		case PROG_OPT_CHECK:
			o->dry = 1;
			break;
		case 'c':
			o->list = 1;
			break;
		case 'h':
			prog_help(usage_text);
			break;
		case 'D':
			c->duration_ms = number(ch, optarg);
			timed = 1;
			break;
		case 'd':
			c->delay_ns = number(ch, optarg);
			break;
		case 'H':
			c->head = lock_name(ch, optarg);
			break;
		case 'K':
			c->hooks = number(ch, optarg);
			break;
		case 'k':
			c->hook = lock_name(ch, optarg);
			break;
		case 'm':
			o->machine = 1;
			break;
		case 'n':
			c->count = number(ch, optarg);
			counted = 1;
			break;
		case 'P':
			c->pin = 2;
			break;
		case 'p':
			c->pin = 1;
			break;
		case 'S':
			c->shared = 1;
			break;
		case 's':
			o->check = 1;
			break;
		case 't':
			c->threads = number(ch, optarg);
			break;
		case 'W':
			c->warmup_ms = number(ch, optarg);
			break;
		case 'w':
			c->write_ms = number(ch, optarg);
			break;
		default:
			warnx("%s", prog_option_error(why, sizeof(why), argv,
			    "DdHKkntWw"));
			prog_usage(usage_text);
		}
	}
	if (optind != argc)
		prog_usage(usage_text);
	/* A duration unless -n alone asks for a count. */
	if (!timed && !counted)
		c->duration_ms = DEFAULT_DURATION_MS;
}

int
main(int argc, char **argv)
{
	struct kmod_config c;
	struct kmod_info ki;
	struct results r;
	struct opts o;
	char why[WHYLEN], tag[40], *text;
	int rc;

	parse_options(argc, argv, &c, &o);
	if (o.check)
		return status(EXIT_FAIL);
	if (o.list)
		return caps();
	if (o.dry)
		return status(EXIT_USAGE);

	catch_signals();
	make_tag(tag, sizeof(tag));
	c.tag = tag;
	if ((rc = kmod_info(&ki, why, sizeof(why))) != 0)
		fail(rc, why);
	if (strncmp(ki.version, MODULE_MAJOR, strlen(MODULE_MAJOR)) != 0)
		errx(EXIT_FAIL, "pfilbench.ko version %s: this pfilbench-ctl "
		    "drives version %sx", vis(ki.version), MODULE_MAJOR);
	if ((rc = kmod_configure(&c, why, sizeof(why))) != 0 ||
	    (rc = kmod_start(why, sizeof(why))) != 0)
		fail(rc, why);
	if ((rc = kmod_wait(&signal_caught, why, sizeof(why))) == -EINTR)
		stop_if_signalled();
	if (rc != 0)
		fail(rc, why);
	if ((rc = kmod_results(&text, why, sizeof(why))) != 0)
		fail(rc, why);
	parse_results(text, &c, &r);
	stop_if_signalled();
	judge(&c, &r);
	if (o.machine)
		print_machine(&c, &ki, &r);
	else
		print_human(&c, &ki, &r);
	/* The records point into text (core). */
	free(text);
	free(r.t);
	free(r.seen);
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_FAIL, "standard output");
	return 0;
}
