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
 * behind kmodctl.h.
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
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/pfilbench-ctl/kmodctl.h"
#include "lib/progopt.h"
#include "lib/signals.h"
#include "lib/util.h"

#define EXIT_FAIL	1
#define EXIT_USAGE	2
#define WHYLEN		256
#define MAXWORDS	64
#define MODULE_MAJOR	"2."		/* the results format this reads */
#define DEFAULT_DURATION_MS 1000ULL	/* without -D or -n */
#define MAXFACTS	64		/* fact lines of the module */
/*
 * Bounds on the module's numbers, far above anything a run reaches, so
 * that no sum or difference of them wraps and every count is exact as a
 * double: a count (walks, switches, ns busy-waiting, writes...) at most
 * 2^53 (a walk takes a nanosecond at least: 104 days of one thread's
 * walks), and so their sums; a time within 2^61 ns (73 years) of the
 * timed phase's start, so that the last end less the first start fits
 * in a long long.
 */
#define COUNT_MAX	(1ULL << 53)
#define TIME_MAX	(1LL << 61)

struct thread_result {
	unsigned long long	 id;
	long long		 cpu, bound;
	const char		*core;
	unsigned long long	 calls, busywait_ns, nvcsw, nivcsw;
	unsigned long long	 migrations, slow;
	unsigned long long	 at_first_end;	/* walks when the first ended */
	unsigned long long	 yields;	/* FreeBSD's kern_yield() calls */
	int			 has_afe, has_yields;	/* the module said them */
	long long		 start, end;	/* ns since the timed phase began */
	int			 lineno;
};

/* A fact line of the module's, recorded as it stands. */
struct module_fact {
	const char	*key, *value;
	int		 lineno;
};

struct results {
	struct thread_result	*t;
	size_t			 n;
	char			*seen;		/* [id]: a line for thread id */
	int			 has_afe, has_yields;	/* every thread's */
	int			 got_run, got_busywait;
	int			 writer;	/* a writer line was seen */
	long long		 writer_cpu, writer_bound;
	unsigned long long	 writes, write_ns, missed;
	long long		 wstart, wend;
	unsigned long long	 clock_ns, spin_ns;
	/* The run line's test hooks (Linux), or 0 and NULL. */
	unsigned long long	 test_lag_ns;
	const char		*test_fault;
	/* The check line (Linux): exclusion verified, violations found. */
	int			 checked;	/* a check line was seen */
	unsigned long long	 check, violations, viol_readers;
	unsigned long long	 viol_writer, viol_hooks;
	struct module_fact	 facts[MAXFACTS];
	size_t			 nfacts;
	/* The run, from the threads. */
	unsigned long long	 walks, min_calls, max_calls;
	unsigned long long	 nivcsw, migrations, slow;
	unsigned long long	 yields;	/* their sum, if has_yields */
	long long		 first, last;	/* min start, max end */
	double			 busywait;	/* mean measured busy-wait */
	double			 fairness;	/* fewest over most, or -1 */
};

/* A results line: key value pairs, the first naming the record. */
struct record {
	char	*w[MAXWORDS];
	size_t	 n;
	int	 lineno;
};

static const char usage_text[] =
    "usage: pfilbench-ctl [-mPpS] [--check] [-D duration_ms] [-d delay_ns] [-H head]\n"
    "                     [-K hooks] [-k hook] [-n count] [-t threads] [-W warmup_ms]\n"
    "                     [-w write_ms]\n"
    "       pfilbench-ctl -c | -s | -h\n";

/*
 * The first max bytes of s (the module's text) as a terminal may be
 * shown it: controls and bytes that are not UTF-8 as \xNN
 * (sb_add_visible_n()).  Up to four in one message.
 */
static const char *
vis_n(const char *s, size_t max)
{
	static struct strbuf sb[4];
	static unsigned int k;
	struct strbuf *b = &sb[k++ % 4];

	sb_reset(b);
	sb_add_visible_n(b, s, strnlen(s, max));
	return sb_str(b);
}

static const char *
vis(const char *s)
{
	return vis_n(s, SIZE_MAX);
}

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
	    sig == SIGINT ? "SIGINT" : "SIGTERM");
	exit(128 + sig);
}

/* A line the parser does not know, as much of it as a message shows. */
static void __attribute__((noreturn))
unexpected(int lineno, const char *line)
{
	errx(EXIT_FAIL, "results line %d: unexpected '%s'", lineno,
	    vis_n(line, 60));
}

/*
 * Split a line into words (in place): key value pairs, the first naming
 * the record; an odd count is a torn line, a key twice one with two
 * answers.
 */
static void
split(char *line, int lineno, const char *copy, struct record *r)
{
	char *save, *w;
	size_t i, j;

	r->n = 0;
	r->lineno = lineno;
	for (w = strtok_r(line, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save)) {
		if (r->n == MAXWORDS)
			unexpected(lineno, copy);
		r->w[r->n++] = w;
	}
	if (r->n == 0 || r->n % 2 != 0)
		unexpected(lineno, copy);
	for (i = 0; i < r->n; i += 2)
		for (j = i + 2; j < r->n; j += 2)
			if (strcmp(r->w[i], r->w[j]) == 0)
				errx(EXIT_FAIL, "results line %d: %s given "
				    "twice", lineno, vis(r->w[i]));
}

/* The value of key in a record, or exit: the module always prints it. */
static const char *
field(const struct record *r, const char *key)
{
	size_t i;

	for (i = 0; i + 1 < r->n; i += 2)
		if (strcmp(r->w[i], key) == 0)
			return r->w[i + 1];
	errx(EXIT_FAIL, "results line %d (%s): no %s", r->lineno,
	    vis(r->w[0]), key);
}

/* The value of key, or NULL: what one module prints and the other not. */
static const char *
field_opt(const struct record *r, const char *key)
{
	size_t i;

	for (i = 0; i + 1 < r->n; i += 2)
		if (strcmp(r->w[i], key) == 0)
			return r->w[i + 1];
	return NULL;
}

static unsigned long long
number_of(const struct record *r, const char *key, const char *s)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (*s < '0' || *s > '9' || *end != '\0' || errno != 0)
		errx(EXIT_FAIL, "results line %d: %s '%s' is not a number",
		    r->lineno, key, vis(s));
	return v;
}

/* An optional number: def when the line does not have it. */
static unsigned long long
field_u_opt(const struct record *r, const char *key, unsigned long long def)
{
	const char *s = field_opt(r, key);

	return s != NULL ? number_of(r, key, s) : def;
}

static unsigned long long
field_u(const struct record *r, const char *key)
{
	return number_of(r, key, field(r, key));
}

static long long
field_i(const struct record *r, const char *key)
{
	const char *s = field(r, key);
	long long v;
	char *end;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0)
		errx(EXIT_FAIL, "results line %d: %s '%s' is not a number",
		    r->lineno, key, vis(s));
	return v;
}

/* A count of the module's, at most max (COUNT_MAX: why there). */
static unsigned long long
field_max(const struct record *r, const char *key, unsigned long long max)
{
	unsigned long long v = field_u(r, key);

	if (v > max)
		errx(EXIT_FAIL, "results line %d: %s %llu: expected at most "
		    "%llu", r->lineno, key, v, max);
	return v;
}

/* An optional count: 1 and *v when the line has it, else 0. */
static int
field_max_opt(const struct record *r, const char *key,
    unsigned long long max, unsigned long long *v)
{
	if (field_opt(r, key) == NULL)
		return 0;
	*v = field_max(r, key, max);
	return 1;
}

static long long
field_range(const struct record *r, const char *key, long long lo,
    long long hi)
{
	long long v = field_i(r, key);

	if (v < lo || v > hi)
		errx(EXIT_FAIL, "results line %d: %s %lld: expected %lld to "
		    "%lld", r->lineno, key, v, lo, hi);
	return v;
}

/* A time: ns since the timed phase began, within TIME_MAX. */
static long long
field_time(const struct record *r, const char *key)
{
	return field_range(r, key, -TIME_MAX, TIME_MAX);
}

/* A CPU: the module's int, -1 for none (bound). */
static long long
field_cpu(const struct record *r, const char *key)
{
	return field_range(r, key, -1, INT_MAX);
}

/* A word the module names a thing with: printed, so nothing else. */
static const char *
field_word(const struct record *r, const char *key, const char *chars,
    const char *what)
{
	const char *s = field(r, key);

	if (*s == '\0' || strlen(s) > 40 || strspn(s, chars) != strlen(s))
		errx(EXIT_FAIL, "results line %d: %s '%s': expected %s",
		    r->lineno, key, vis(s), what);
	return s;
}

/* A record that is one to a run: refuse a second. */
static void
once(const struct record *r, int *seen)
{
	if (*seen)
		errx(EXIT_FAIL, "results line %d: a second %s line",
		    r->lineno, r->w[0]);
	*seen = 1;
}

/* The run line must be this controller's run, as configured. */
static void
check_run(const struct record *r, const struct kmod_config *c,
    const char *line)
{
	if (strcmp(field(r, "tag"), c->tag) != 0)
		errx(EXIT_FAIL, "the module's last run (%s) is not this one: "
		    "another controller started a run", vis(line));
	if (strcmp(field(r, "head"), c->head) != 0 ||
	    strcmp(field(r, "hook"), c->hook) != 0 ||
	    field_u(r, "threads") != c->threads ||
	    field_u(r, "count") != c->count ||
	    field_u(r, "duration_ms") != c->duration_ms ||
	    field_u(r, "delay_ns") != c->delay_ns ||
	    field_u(r, "hooks") != c->hooks ||
	    field_u(r, "shared") != (unsigned long long)c->shared ||
	    field_u(r, "write_ms") != c->write_ms ||
	    field_u(r, "pin") != (unsigned long long)c->pin)
		errx(EXIT_FAIL, "the module's last run (%s) is not what this "
		    "controller configured: another controller changed the "
		    "configuration before the start", vis(line));
}

/* Is count n of the thread's at most its calls: a part of its walks. */
static void
within_calls(const struct record *rec, const struct thread_result *t,
    const char *key, unsigned long long n)
{
	if (n > t->calls)
		errx(EXIT_FAIL, "results line %d: %s %llu: more than the "
		    "thread's %llu calls", rec->lineno, key, n, t->calls);
}

static void
add_thread(const struct record *rec, const struct kmod_config *c,
    struct results *r)
{
	struct thread_result t;

	t.lineno = rec->lineno;
	t.id = field_u(rec, "thread");
	if (t.id >= c->threads || r->n >= c->threads)
		errx(EXIT_FAIL, "results line %d: thread %llu of %llu",
		    rec->lineno, t.id, c->threads);
	if (r->seen[t.id])
		errx(EXIT_FAIL, "results line %d: thread %llu given twice",
		    rec->lineno, t.id);
	r->seen[t.id] = 1;
	t.cpu = field_cpu(rec, "cpu");
	t.bound = field_cpu(rec, "bound");
	/* "P.C"; FreeBSD's is "0.-1" for a thread that never ran. */
	t.core = field_word(rec, "core", "0123456789.-",
	    "P.C (package and core)");
	t.calls = field_max(rec, "calls", COUNT_MAX);
	t.start = field_time(rec, "start_ns");
	t.end = field_time(rec, "end_ns");
	t.busywait_ns = field_max(rec, "busywait_ns", COUNT_MAX);
	t.nvcsw = field_max(rec, "nvcsw", COUNT_MAX);
	t.nivcsw = field_max(rec, "nivcsw", COUNT_MAX);
	t.migrations = field_max(rec, "migrations", COUNT_MAX);
	t.slow = field_max(rec, "slow_walks", COUNT_MAX);
	within_calls(rec, &t, "slow_walks", t.slow);
	t.has_afe = field_max_opt(rec, "at_first_end", COUNT_MAX,
	    &t.at_first_end);
	if (t.has_afe)
		within_calls(rec, &t, "at_first_end", t.at_first_end);
	t.has_yields = field_max_opt(rec, "yields", COUNT_MAX, &t.yields);
	/* A figure of some threads only would be no run's. */
	if (r->n == 0) {
		r->has_afe = t.has_afe;
		r->has_yields = t.has_yields;
	} else if (t.has_afe != r->has_afe || t.has_yields != r->has_yields)
		errx(EXIT_FAIL, "results line %d: thread %llu: %s on some "
		    "threads, not all", rec->lineno, t.id,
		    t.has_afe != r->has_afe ? "at_first_end" : "yields");
	if (c->duration_ms == 0 && t.calls != c->count)
		errx(EXIT_FAIL, "results line %d: thread %llu did %llu walks "
		    "of %llu", rec->lineno, t.id, t.calls, c->count);
	if (t.end < t.start)
		errx(EXIT_FAIL, "results line %d: thread %llu ends before it "
		    "starts", rec->lineno, t.id);
	r->t[r->n++] = t;
}

static void
add_writer(const struct record *rec, const struct kmod_config *c,
    struct results *r)
{
	once(rec, &r->writer);
	if (c->write_ms == 0)
		errx(EXIT_FAIL, "results line %d: a writer line, but write_ms "
		    "is 0", rec->lineno);
	field_range(rec, "writer", 0, 0);
	r->writer_cpu = field_cpu(rec, "cpu");
	r->writer_bound = field_cpu(rec, "bound");
	r->writes = field_max(rec, "writes", COUNT_MAX);
	r->write_ns = field_max(rec, "ns", COUNT_MAX);
	r->wstart = field_time(rec, "start_ns");
	r->wend = field_time(rec, "end_ns");
	r->missed = field_max(rec, "missed", COUNT_MAX);
	if (r->wend < r->wstart)
		errx(EXIT_FAIL, "results line %d: the writer ends before it "
		    "starts", rec->lineno);
}

/* Linux's exclusion check: the violations are its kinds' sum. */
static void
add_check(const struct record *rec, struct results *r)
{
	unsigned long long kinds;

	once(rec, &r->checked);
	r->check = field_max(rec, "check", 1);
	r->violations = field_max(rec, "violations", COUNT_MAX);
	r->viol_readers = field_u_opt(rec, "readers", 0);
	r->viol_writer = field_u_opt(rec, "writer", 0);
	r->viol_hooks = field_u_opt(rec, "hooks", 0);
	if (r->viol_readers > COUNT_MAX || r->viol_writer > COUNT_MAX ||
	    r->viol_hooks > COUNT_MAX)
		errx(EXIT_FAIL, "results line %d: violations of a kind above "
		    "%llu", rec->lineno, COUNT_MAX);
	kinds = r->viol_readers + r->viol_writer + r->viol_hooks;
	if (kinds != r->violations)
		errx(EXIT_FAIL, "results line %d: violations %llu: readers, "
		    "writer and hooks say %llu", rec->lineno, r->violations,
		    kinds);
}

/*
 * The fairness figure: the fewest walks of a thread over the most.  For
 * a duration, over the timed phase; for a count, where every thread ends
 * with COUNT walks, at the moment the first thread finished (the
 * module's at_first_end), or unknown (-1) when the module does not say.
 */
static double
fairness(const struct results *r, int by_time)
{
	unsigned long long lo, hi;
	size_t i, first = 0;

	if (by_time)
		return r->max_calls > 0 ?
		    (double)r->min_calls / (double)r->max_calls : 0;
	if (!r->has_afe)
		return -1;
	lo = hi = r->t[0].at_first_end;
	for (i = 0; i < r->n; i++) {
		if (r->t[i].at_first_end < lo)
			lo = r->t[i].at_first_end;
		if (r->t[i].at_first_end > hi) {
			hi = r->t[i].at_first_end;
			first = i;
		}
	}
	/* The first thread to end had done its count then: no other way. */
	if (hi != r->t[first].calls)
		errx(EXIT_FAIL, "results line %d: at_first_end %llu: the most "
		    "of any thread, so the first to end, whose calls are %llu",
		    r->t[first].lineno, hi, r->t[first].calls);
	return hi > 0 ? (double)lo / (double)hi : 0;
}

/* *sum + v, refused past COUNT_MAX (both are at most that: no wrap). */
static void
add_count(unsigned long long *sum, unsigned long long v,
    const struct thread_result *t, const char *key)
{
	if (v > COUNT_MAX - *sum)
		errx(EXIT_FAIL, "results line %d: %s %llu: the threads' %s "
		    "sum to more than %llu", t->lineno, key, v, key, COUNT_MAX);
	*sum += v;
}

/* The totals of the run: the sample is walks over last end - first start. */
static void
summarize(struct results *r, int by_time)
{
	const struct thread_result *t;
	double bw = 0;
	size_t i;

	r->first = r->t[0].start;
	r->last = r->t[0].end;
	r->min_calls = r->max_calls = r->t[0].calls;
	for (i = 0; i < r->n; i++) {
		t = &r->t[i];
		add_count(&r->walks, t->calls, t, "calls");
		add_count(&r->yields, t->yields, t, "yields");
		add_count(&r->nivcsw, t->nivcsw, t, "nivcsw");
		add_count(&r->migrations, t->migrations, t, "migrations");
		add_count(&r->slow, t->slow, t, "slow_walks");
		bw += (double)t->busywait_ns;
		if (t->start < r->first)
			r->first = t->start;
		if (t->end > r->last)
			r->last = t->end;
		if (t->calls < r->min_calls)
			r->min_calls = t->calls;
		if (t->calls > r->max_calls)
			r->max_calls = t->calls;
	}
	r->busywait = bw / (double)r->n;
	r->fairness = fairness(r, by_time);
	if (r->walks == 0)
		errx(EXIT_FAIL, "no walk in the timed phase: a longer -D");
	/* Two reads of the clock can be equal: count 1 ns at least. */
	if (r->last <= r->first)
		r->last = r->first + 1;
}

/*
 * The keys pfilbench-ctl prints itself (print_machine(), the kernel's
 * and host's facts), the names they replaced, and those kbench records
 * of a lock run or a host: a module fact of one would override it, for
 * the protocol keeps a key's last value.
 */
static int
own_key(const char *key)
{
	static const char *const keys[] = {
		"backend", "kmod_version", "kmod_release", "head", "hook",
		"hooks", "hook_lock", "threads", "mode", "duration_ms",
		"count", "warmup_ms", "delay_ns", "write_ms", "pin", "pinned",
		"busywait", "busywait_clock_ns", "busywait_measured_ns",
		"wall_ns", "walks", "fairness_min", "nivcsw", "yields_sum",
		"migrations", "placement", "writes", "writes_per_s",
		"write_asked_per_s", "writer_missed_sum", "write_mean_ns",
		"rm_slow_walks_pct", "kmod_check", "kmod_test_lag_ns",
		"kmod_test_fault", "rcu_expedited", "rcu_normal", "cpu_boost",
		"cores", "smt",
		"fairness", "nvcsw", "write_missed",
		"backend_program", "write_hold_ns", "check", "debug_unfair",
		"host", "os", "arch", "ncpu", "cpu_model", "hz", "hz_source",
		"hz_config", "highres", "clock_res_ns", "clocksource",
		"governor", "cmdline", "loadavg", "timer_slack_ns",
		"eventtimer", "eventtimer_periodic",
	};
	static const char *const prefixes[] = { "kernel_", "vuln_", "mit_" };
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strcmp(key, keys[i]) == 0)
			return 1;
	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (strncmp(key, prefixes[i], strlen(prefixes[i])) == 0)
			return 1;
	return 0;
}

/*
 * "fact KEY VALUE": a fact as the module would have it recorded (what
 * its locks are, the grace period it timed, the run's sums).  KEY is a
 * protocol key, none of ours and once; VALUE one word of printable
 * characters.
 */
static void
add_fact(char *kv, int lineno, const char *copy, struct results *r)
{
	static const char keychars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_.-";
	char *value = strchr(kv, ' ');
	const char *p;
	size_t i;

	if (value == NULL || value == kv ||
	    strspn(kv, keychars) != (size_t)(value - kv))
		unexpected(lineno, copy);
	*value++ = '\0';
	for (p = value; *p != '\0'; p++)
		if (*p <= ' ' || *p > '~')
			break;
	if (*value == '\0' || *p != '\0')
		unexpected(lineno, copy);
	if (own_key(kv))
		errx(EXIT_FAIL, "results line %d: fact %s: a key "
		    "pfilbench-ctl records itself", lineno, kv);
	for (i = 0; i < r->nfacts; i++)
		if (strcmp(r->facts[i].key, kv) == 0)
			errx(EXIT_FAIL, "results line %d: fact %s given twice "
			    "(first on line %d)", lineno, kv,
			    r->facts[i].lineno);
	if (r->nfacts == MAXFACTS)
		errx(EXIT_FAIL, "results line %d: more than %d facts", lineno,
		    MAXFACTS);
	r->facts[r->nfacts].key = kv;
	r->facts[r->nfacts].value = value;
	r->facts[r->nfacts].lineno = lineno;
	r->nfacts++;
}

/* One results line that is not a fact. */
static void
add_record(const struct record *rec, const struct kmod_config *c,
    const char *copy, struct results *r)
{
	if (strcmp(rec->w[0], "run") == 0) {
		once(rec, &r->got_run);
		check_run(rec, c, copy);
		if (field_max_opt(rec, "test_lag_ns", COUNT_MAX,
		    &r->test_lag_ns) == 0)
			r->test_lag_ns = 0;
		if (field_opt(rec, "test_fault") != NULL)
			r->test_fault = field_word(rec, "test_fault",
			    "abcdefghijklmnopqrstuvwxyz0123456789_", "a name");
	} else if (strcmp(rec->w[0], "check") == 0) {
		add_check(rec, r);
	} else if (strcmp(rec->w[0], "busywait") == 0) {
		once(rec, &r->got_busywait);
		r->clock_ns = field_max(rec, "clock_ns", COUNT_MAX);
		r->spin_ns = field_max(rec, "spin_ns", COUNT_MAX);
	} else if (strcmp(rec->w[0], "thread") == 0) {
		add_thread(rec, c, r);
	} else if (strcmp(rec->w[0], "writer") == 0) {
		add_writer(rec, c, r);
	} else
		unexpected(rec->lineno, copy);
}

/*
 * The module's results (kmodctl.h), checked against what was asked: a
 * run that another controller started in between is not ours.  What no
 * run of the module prints is refused, naming the line: a number past
 * its bound, a thread or a record twice, a part larger than its whole.
 */
static void
parse_results(char *text, const struct kmod_config *c, struct results *r)
{
	struct record rec;
	char *line, *next, copy[512];
	int lineno = 0;

	memset(r, 0, sizeof(*r));
	if ((r->t = calloc(c->threads, sizeof(*r->t))) == NULL ||
	    (r->seen = calloc(c->threads, 1)) == NULL)
		err(EXIT_FAIL, "memory for %llu results", c->threads);
	for (line = text; *line != '\0'; line = next) {
		lineno++;
		next = line + strcspn(line, "\n");
		if (*next == '\n')
			*next++ = '\0';
		snprintf(copy, sizeof(copy), "%s", line);
		if (strncmp(line, "fact ", 5) == 0) {
			add_fact(line + 5, lineno, copy, r);
			continue;
		}
		split(line, lineno, copy, &rec);
		add_record(&rec, c, copy, r);
	}
	if (!r->got_run)
		errx(EXIT_FAIL, "the module has no results (did another "
		    "controller start a run?)");
	if (r->n != c->threads)
		errx(EXIT_FAIL, "the module reported %zu threads of %llu", r->n,
		    c->threads);
	if (!r->got_busywait)
		errx(EXIT_FAIL, "the module's results have no busywait line");
	if (c->write_ms > 0 && !r->writer)
		errx(EXIT_FAIL, "the module's results have no writer line "
		    "(write_ms %llu)", c->write_ms);
	summarize(r, c->duration_ms > 0);
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

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		PROG_LONGOPTS,
		{ NULL,		0,		NULL, 0 }
	};
	struct kmod_config c;
	struct kmod_info ki;
	struct results r;
	char why[WHYLEN], tag[40], *text;
	int ch, rc, machine = 0, check = 0, list = 0, dry = 0;
	int counted = 0, timed = 0;

	memset(&c, 0, sizeof(c));
	c.threads = 1;
	c.count = 100000;
	c.warmup_ms = 10;
	c.delay_ns = 1000;
	c.hooks = 3;
	c.head = "rm";
	c.hook = "null";
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "cD:d:hH:K:k:mn:PpSst:W:w:",
	    longopts, NULL)) != -1) {
		switch (ch) {
		case PROG_OPT_CHECK:
			dry = 1;
			break;
		case 'c':
			list = 1;
			break;
		case 'h':
			prog_help(usage_text);
			break;
		case 'D':
			c.duration_ms = number(ch, optarg);
			timed = 1;
			break;
		case 'd':
			c.delay_ns = number(ch, optarg);
			break;
		case 'H':
			c.head = lock_name(ch, optarg);
			break;
		case 'K':
			c.hooks = number(ch, optarg);
			break;
		case 'k':
			c.hook = lock_name(ch, optarg);
			break;
		case 'm':
			machine = 1;
			break;
		case 'n':
			c.count = number(ch, optarg);
			counted = 1;
			break;
		case 'P':
			c.pin = 2;
			break;
		case 'p':
			c.pin = 1;
			break;
		case 'S':
			c.shared = 1;
			break;
		case 's':
			check = 1;
			break;
		case 't':
			c.threads = number(ch, optarg);
			break;
		case 'W':
			c.warmup_ms = number(ch, optarg);
			break;
		case 'w':
			c.write_ms = number(ch, optarg);
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
		c.duration_ms = DEFAULT_DURATION_MS;
	if (check)
		return status(EXIT_FAIL);
	if (list)
		return caps();
	if (dry)
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
	if (machine)
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
