/*
 * results.c: the reader of the pfilbench module's results text
 * (results.h), and vis() for every message that shows the module's text.
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/pfilbench-ctl/kmodctl.h"
#include "collect/pfilbench-ctl/results.h"
#include "lib/util.h"

#define MAXWORDS	64

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

/* A results line: key value pairs, the first naming the record. */
struct record {
	char	*w[MAXWORDS];
	size_t	 n;
	int	 lineno;
};

/*
 * The first max bytes of s (the module's text) as a terminal may be
 * shown it: controls and bytes that are not UTF-8 as \xNN
 * (sb_add_visible_n()).  Up to four in one message.
 */
const char *
vis_n(const char *s, size_t max)
{
	static struct strbuf sb[4];
	static unsigned int k;
	struct strbuf *b = &sb[k++ % 4];

	sb_reset(b);
	sb_add_visible_n(b, s, strnlen(s, max));
	return sb_str(b);
}

const char *
vis(const char *s)
{
	return vis_n(s, SIZE_MAX);
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

/* The value of key in a record, or exit: the module always prints it. */
static const char *
field(const struct record *r, const char *key)
{
	const char *v = field_opt(r, key);

	if (v == NULL)
		errx(EXIT_FAIL, "results line %d (%s): no %s", r->lineno,
		    vis(r->w[0]), key);
	return v;
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
void
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
