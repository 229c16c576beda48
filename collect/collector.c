/*
 * collector.c: the rounds of a collection; see collector.h.
 *
 * The write lock is taken only to store a finished round, never while
 * a benchmark runs: collectors sharing a database do not wait on each
 * other's measurements.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "collect/cell.h"
#include "collect/collector.h"
#include "collect/hostfacts.h"
#include "collect/protocol.h"
#include "db/valid.h"
#include "lib/procid.h"
#include "lib/signals.h"
#include "lib/strmap.h"

/* Rounds whose load loadavg_rounds keeps: it stays a short fact. */
#define LOAD_ROUNDS_KEPT	100

/*
 * Load a machine may carry beyond its CPUs' count before the numbers
 * suffer: the 1-minute average of runnable threads is noisy at +-0.5.
 */
#define LOAD_SLACK	0.5

struct cell *
collection_add(struct collection *c, char *const *argv, const char *name,
    double est_s, double timeout_s)
{
	struct cell *cell;

	c->cells = xreallocarray(c->cells, c->ncells + 1, sizeof(*c->cells));
	cell = &c->cells[c->ncells++];
	memset(cell, 0, sizeof(*cell));
	cell->argv = argv_copy(argv);
	cell->name = xstrdup(name);
	cell->est_s = est_s;
	cell->timeout_s = timeout_s;
	cell->probe = -1;
	return cell;
}

long
collection_probe(struct collection *c, char *const *argv, double iters,
    double request, double unit_s, int slowest)
{
	struct probe *p;
	size_t i;

	for (i = 0; i < c->nprobes; i++)
		if (argv_equal(c->probes[i].argv, argv))
			return (long)i;
	c->probes = xreallocarray(c->probes, c->nprobes + 1,
	    sizeof(*c->probes));
	p = &c->probes[c->nprobes];
	p->argv = argv_copy(argv);
	p->iters = iters;
	p->request = request;
	p->unit_s = unit_s;
	p->slowest = slowest;
	p->per_iter = NAN;
	p->spawn_s = NAN;
	return (long)c->nprobes++;
}

int
collect_option(struct collection *c, struct collect_opts *o, int opt,
    const char *arg, const char *who)
{
	struct strbuf why = STRBUF_INIT;
	long v;

	switch (opt) {
	case 'l':
		if (store_label_check(arg, &why) == -1) {
			warnx("%s: -l: %s", who, sb_str(&why));
			sb_free(&why);
			return -1;
		}
		o->label = arg;
		return 1;
	case 'q':
		c->quiet = 1;
		return 1;
	case 'v':
		c->verbose = 1;
		return 1;
	case 'r':
		if (parse_long(arg, 1, 100000, &v) == -1) {
			warnx("%s: -r %s: expected a number of rounds from 1 to "
			    "100000", who, arg);
			return -1;
		}
		c->rounds = (int)v;
		c->until.rounds_given = 1;
		return 1;
	case COPT_UNTIL:
	case COPT_MAXROUNDS:
	case COPT_BASELINE:
	case COPT_UNTILWHERE:
		return until_option(&c->until, opt, arg, who);
	case COPT_META:
		/* A fact as import and merge take one: a printable name. */
		if (kv_parse(&o->meta, arg) == -1) {
			sb_adds(&why, "'");
			sb_add_visible(&why, arg);
			sb_adds(&why, "': expected KEY=VALUE");
		} else if (collector_owns(o->meta.v[o->meta.n - 1].key)) {
			/* Faked, it would fool runs; else silently dropped. */
			sb_adds(&why, "'");
			sb_add_visible(&why, o->meta.v[o->meta.n - 1].key);
			sb_adds(&why, "' is a fact kbench records itself");
		} else if (valid_fact(o->meta.v[o->meta.n - 1].key,
		    o->meta.v[o->meta.n - 1].value, &why) == 0)
			return 1;
		warnx("%s: --meta: %s", who, sb_str(&why));
		sb_free(&why);
		return -1;
	case COPT_TIMEOUT:
		if (parse_double(arg, &o->timeout) == -1 || o->timeout <= 0) {
			warnx("%s: --timeout %s: expected seconds > 0", who, arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

void
collection_setup(struct collection *c, const struct collect_opts *o,
    const char *benchmark, const char *command)
{
	struct utsname u;
	size_t i;

	c->label_given = o->label != NULL;
	c->label = xstrdup(o->label != NULL ? o->label :
	    uname(&u) == 0 ? u.release : benchmark);
	c->benchmark = benchmark;
	c->command = command;
	c->seed = (unsigned long)time(NULL) ^ ((unsigned long)getpid() << 16);
	c->busy_cpus = 1;
	hostfacts_collect(&c->facts);
	for (i = 0; i < o->meta.n; i++)
		kv_set(&c->facts, o->meta.v[i].key, o->meta.v[i].value);
}

void
collection_free(struct collection *c)
{
	size_t i;

	for (i = 0; i < c->ncells; i++) {
		argv_free(c->cells[i].argv);
		free(c->cells[i].name);
	}
	for (i = 0; i < c->nprobes; i++)
		argv_free(c->probes[i].argv);
	free(c->cells);
	free(c->probes);
	free(c->label);
	free(c->shape);
	until_free(&c->until);
	c->label = NULL;
	c->shape = NULL;
	kv_clear(&c->facts);
	c->cells = NULL;
	c->ncells = 0;
	c->probes = NULL;
	c->nprobes = 0;
}

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* xorshift64*: the shuffles are reproducible from the recorded seed. */
static unsigned long long
next_rand(unsigned long long *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return *x * 2685821657736338717ULL;
}

static void
shuffle(size_t *order, size_t n, unsigned long long *rng)
{
	size_t i, j, t;

	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = n; i > 1; i--) {
		j = (size_t)(next_rand(rng) % i);
		t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
}

struct progress {
	int	 on;		/* stderr is a terminal, not -q */
	double	 start;
};

static void
show_progress(struct progress *pg, const struct collection *c, int round,
    const size_t *order, size_t k)
{
	struct strbuf sb = STRBUF_INIT;
	const char *name = c->cells[order[k]].name;
	char el[32], eta[32];
	size_t n = strlen(name);

	if (!pg->on)
		return;
	collection_fmt_time(el, sizeof(el), now_s() - pg->start);
	collection_fmt_time(eta, sizeof(eta), collection_left(c, order, k,
	    round));
	/*
	 * The line's own escapes go to descriptor 2 as they are: stderr
	 * escapes everything (stderr_guard.c).  The cell's name, not ours,
	 * escaped here.
	 */
	sb_addf(&sb, "\r\033[K[round %d/%d, cell %zu/%zu] ", round + 1,
	    c->rounds, k + 1, c->ncells);
	sb_add_visible_n(&sb, name, n < 50 ? n : 50);
	sb_addf(&sb, "  elapsed %s  ETA %s", el, eta);
	fflush(stderr);
	if (write(STDERR_FILENO, sb_str(&sb), sb.len) == -1)
		pg->on = 0;
	sb_free(&sb);
}

static void
end_progress(struct progress *pg)
{
	if (pg->on && write(STDERR_FILENO, "\r\033[K", 4) == -1)
		pg->on = 0;
}

/*
 * Facts the collector alone records: its bookkeeping (what kbench runs
 * reads to tell a live run from a dead one, the seed that reproduces the
 * shuffle, the load the warnings read, a round's facts) and the
 * machine's identity.  A program's fact of one of these names is left
 * out; the machine facts a program knows better (timer_slack_ns, the
 * slack it set) are its to give.
 */
static const char *const collector_keys[] = { "collector_pid",
    "collector_process", "shuffle_seed", "loadavg_start", "busy_cpus", "backend",
    "backend_program", "testsleep", "rounds", "loadavg_rounds",
    "loadavg_max", "loadavg", "host", "arch", "os", "ncpu", "cpu_model",
    "kernel_release", "kernel_version", "cmdline", "hz", "hz_source",
    "hz_config", "highres", "clock_res_ns", "clocksource", "governor",
    "stopped_by", "baseline_run", NULL };

int
collector_owns(const char *key)
{
	size_t i;

	for (i = 0; collector_keys[i] != NULL; i++)
		if (strcmp(key, collector_keys[i]) == 0)
			return 1;
	return 0;
}

/* Facts every cell of the first round reported alike are run facts. */
static int
store_child_facts(struct store *s, int64_t run_id, struct cell_result *res,
    size_t n)
{
	const struct kvlist *f0 = &res[0].out.facts;
	const char *v;
	size_t i, j;

	for (i = 0; i < f0->n; i++) {
		if (collector_owns(f0->v[i].key) ||
		    proto_folded_key(f0->v[i].key))
			continue;
		for (j = 1; j < n; j++) {
			v = kv_get(&res[j].out.facts, f0->v[i].key);
			if (v == NULL || strcmp(v, f0->v[i].value) != 0)
				break;
		}
		if (j == n && store_fact_set(s, run_id, f0->v[i].key,
		    f0->v[i].value) == -1)
			return -1;
	}
	return 0;
}

/*
 * Store one finished round (0 the first) in one transaction, in the
 * matrix's order (res[k] is cell order[k]): series are made in the order
 * the user gave the matrix, which is the order kbench analyze shows them
 * in.  Every sample records its round, 1-based as the progress line
 * shows it: the unit a comparison counts in.
 */
static int
store_round(struct store *s, int64_t run_id, int round,
    struct cell_result *res, const size_t *order, size_t n, struct strmap *seqs,
    const struct kvlist *facts)
{
	struct strbuf name = STRBUF_INIT;
	struct series_info si;
	struct cell_result *r;
	int64_t sid, *next;
	size_t i, j, k, cell;

	if (store_begin(s) == -1)
		return -1;
	if (round == 0 && store_child_facts(s, run_id, res, n) == -1)
		goto fail;
	for (i = 0; i < facts->n; i++)
		if (store_fact_set(s, run_id, facts->v[i].key,
		    facts->v[i].value) == -1)
			goto fail;
	for (cell = 0; cell < n; cell++) {
		for (i = 0; order[i] != cell; i++)
			;
		r = &res[i];
		for (j = 0; j < r->out.nseries; j++) {
			struct proto_series *ps = &r->out.series[j];

			si.keys = &ps->keys;
			si.unit = ps->unit;
			si.better = ps->better;
			if (store_series_get(s, run_id, &si, &sid) == -1)
				goto fail;
			/* seq goes on across rounds, per series. */
			store_series_name(&ps->keys, &name);
			if ((next = strmap_get(seqs, sb_str(&name))) == NULL) {
				next = xcalloc(1, sizeof(*next));
				strmap_put(seqs, sb_str(&name), next);
			}
			for (k = 0; k < ps->n; k++)
				if (store_sample_add(s, sid, (*next)++, round + 1,
				    ps->v[k], 0) == -1)
					goto fail;
		}
	}
	if (store_commit(s) == -1)
		goto fail;
	sb_free(&name);
	return 0;
fail:
	store_rollback(s);
	sb_free(&name);
	return -1;
}

/* --until: is the answer known after this round?  Then it stops here. */
static int
until_stops(struct store *s, int64_t run_id, struct collection *c,
    int rounds)
{
	int r;

	if (c->until.mode == UNTIL_NONE || signal_caught)
		return 0;
	r = until_check(&c->until, s, run_id, rounds, !c->quiet &&
	    (c->verbose || isatty(STDERR_FILENO)));
	/* Answered, or never to be: the sides cannot be compared. */
	if (r == 0)
		return 0;
	c->until.stopped = rounds;
	return 1;
}

/* --until: why the run stopped, as its fact stopped_by. */
static int
until_fact(struct store *s, int64_t run_id, const struct collection *c,
    enum status rc)
{
	if (store_begin(s) == -1)
		return -1;
	if (store_fact_set(s, run_id, "stopped_by", until_reason(&c->until,
	    rc == STATUS_INTERRUPTED, rc == STATUS_SYSTEM)) == -1 ||
	    store_commit(s) == -1) {
		store_rollback(s);
		return -1;
	}
	return 0;
}

/* --until: the rounds it took, and those it saved against the cap. */
static void
until_summary(const struct collection *c, int rounds)
{
	const struct until *u = &c->until;
	const char *of = u->where_keys.n > 0 ? " --until-where names" : "";
	int saved = c->rounds - rounds;

	if (u->stopped > 0)
		fprintf(stderr, "kbench collect %s: every series%s %s after %d "
		    "of %d rounds: %d round%s saved\n", c->benchmark, of,
		    u->mode == UNTIL_DECIDED ? "decided" : "within the "
		    "precision", rounds, c->rounds, saved, saved == 1 ? "" :
		    "s");
	else
		fprintf(stderr, "kbench collect %s: the cap: %zu of %zu series%s "
		    "%s after %d rounds\n", c->benchmark, u->decided,
		    u->where_keys.n > 0 ? u->watched : u->nseries, of,
		    u->mode == UNTIL_DECIDED ? "decided" : "within the "
		    "precision", rounds);
}

/*
 * --until's end: the stopped_by fact, the rounds saved said, and the
 * rounds run (not the cap) for the summary.  -1 when the store failed.
 */
static int
until_end(struct store *s, int64_t run_id, struct collection *c,
    enum status rc, int rounds)
{
	if (c->until.mode == UNTIL_NONE)
		return 0;
	if (until_fact(s, run_id, c, rc) == -1)
		return -1;
	if (!c->quiet && rc == STATUS_OK && !c->until.broken)
		until_summary(c, rounds);
	if (c->until.stopped > 0)
		c->rounds = c->until.stopped;
	return 0;
}

static int
finish_run(struct store *s, int64_t run_id, const char *status)
{
	if (store_begin(s) == -1 || store_run_finish(s, run_id, status) == -1 ||
	    store_commit(s) == -1) {
		store_rollback(s);
		return -1;
	}
	return 0;
}

/* The store failed mid-run: said, and the run marked aborted if it can. */
static enum status
db_stopped(struct store *s, int64_t run_id, const struct collection *c,
    int rounds)
{
	warnx("collect: %s", store_error(s));
	/* On a full disk even this may fail: say which. */
	warnx("collect: run %lld stopped; %d of %d rounds kept%s",
	    (long long)run_id, rounds, c->rounds, finish_run(s, run_id,
	    RUN_ABORTED) == 0 ? "" : " (the run could not be marked aborted: "
	    "it shows as running)");
	return STATUS_DB;
}

/*
 * The run in progress, for abort_at_exit(): an exit in its middle (out
 * of memory: err() in xmalloc()) must not leave it "running".
 */
static struct store	*live_store;
static int64_t		 live_run;

static void
abort_at_exit(void)
{
	if (live_store == NULL)
		return;
	store_rollback(live_store);
	warnx("collect: run %lld aborted%s", (long long)live_run,
	    finish_run(live_store, live_run, RUN_ABORTED) == 0 ? "" :
	    " (the run could not be marked aborted: it shows as running)");
	live_store = NULL;
}

/* From the run's creation to its end: 1 on, 0 off. */
static void
guard_run(struct store *s, int64_t run_id, int on)
{
	static int registered;

	if (on && !registered && atexit(abort_at_exit) == 0)
		registered = 1;
	live_store = on ? s : NULL;
	live_run = run_id;
}

/* One line, or with -v a line per cell too. */
static void
print_matrix(const struct collection *c)
{
	char t[32];
	size_t i;

	collection_fmt_time(t, sizeof(t), collection_total(c));
	fprintf(stderr, "kbench collect %s: label %s, %zu cell%s%s%s%s x %s%d "
	    "round%s, about %s%s\n", c->benchmark, c->label, c->ncells,
	    c->ncells == 1 ? "" : "s", c->shape != NULL ? " (" : "",
	    c->shape != NULL ? c->shape : "", c->shape != NULL ? ")" : "",
	    c->until.mode != UNTIL_NONE ? "up to " : "", c->rounds,
	    c->rounds == 1 ? "" : "s", t, c->until.mode == UNTIL_NONE ? "" :
	    ", stopping once every series is answered");
	if (c->verbose)
		for (i = 0; i < c->ncells; i++)
			fprintf(stderr, "  %s\n", c->cells[i].name);
}

/* The 1-minute load average, or NaN where there is none. */
static double
load1(void)
{
	double la[1];

	return getloadavg(la, 1) == 1 ? la[0] : NAN;
}

static long
online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? n : 1;
}

/*
 * The facts a round leaves: the rounds stored so far, its load at the
 * start and end appended to loadavg_rounds (the first LOAD_ROUNDS_KEPT
 * rounds), and the maximum load.
 */
static void
load_facts(struct kvlist *f, struct strbuf *rounds, int round, double start,
    double end, double *max)
{
	char buf[32];

	if (round < LOAD_ROUNDS_KEPT)
		sb_addf(rounds, "%s%.2f/%.2f", rounds->len ? " " : "", start,
		    end);
	*max = fmax(*max, fmax(start, end));
	snprintf(buf, sizeof(buf), "%d", round + 1);
	kv_set(f, "rounds", buf);
	kv_set(f, "loadavg_rounds", sb_str(rounds));
	snprintf(buf, sizeof(buf), "%.2f", *max);
	kv_set(f, "loadavg_max", buf);
}

/* VALUE as a whole number, when it is one (a count: sum it exactly). */
static int
whole_number(const char *value, long long *out)
{
	char *end;

	errno = 0;
	*out = strtoll(value, &end, 10);
	return *value != '\0' && *end == '\0' && errno == 0 ? 0 : -1;
}

/* One folded value: old (NULL: the first) and v, as KEY's suffix says. */
static void
fold_one(struct kvlist *f, const char *key, const char *value)
{
	const char *old = kv_get(f, key);
	char op = key[strlen(key) - 2];		/* _mIn, _mAx, _sUm */
	long long a, b, sum;
	double v, w;
	char buf[40];
	int digits;

	if (old == NULL) {
		kv_set(f, key, value);
		return;
	}
	if (op == 'u' && whole_number(old, &a) == 0 &&
	    whole_number(value, &b) == 0 && !__builtin_add_overflow(a, b, &sum)) {
		snprintf(buf, sizeof(buf), "%lld", sum);
		kv_set(f, key, buf);
		return;
	}
	/* The protocol let only decimal numbers through. */
	if (parse_double(old, &w) == -1 || parse_double(value, &v) == -1)
		return;
	if ((op == 'i' && v >= w) || (op == 'a' && v <= w))
		return;				/* old stands, as written */
	if (op == 'u')
		v += w;
	/*
	 * A whole sum stays whole, so that later counts add exactly; a
	 * fraction in the fewest digits that read back as the same double.
	 */
	if (op == 'u' && v == floor(v) && fabs(v) < 9007199254740992.0)
		snprintf(buf, sizeof(buf), "%.0f", v);
	else
		for (digits = 15; digits <= 17; digits++) {
			snprintf(buf, sizeof(buf), "%.*g", digits, v);
			if (strtod(buf, NULL) == v)
				break;
		}
	kv_set(f, key, op == 'u' ? buf : value);
}

/*
 * Facts a cell measures (a fairness, a count of slow paths) differ from
 * cell to cell, so no one value is the run's; their names say how the
 * run's is made from all cells of all rounds: KEY_min the least, KEY_max
 * the most, KEY_sum the sum (whole numbers exactly).  Into f, folded
 * with what earlier rounds left there.  The protocol refused a value
 * that is not a decimal number; the collector's own facts stay its own.
 */
static void
reduce_facts(struct kvlist *f, const struct cell_result *res, size_t n)
{
	const struct kvlist *cf;
	size_t i, k;

	for (i = 0; i < n; i++) {
		cf = &res[i].out.facts;
		for (k = 0; k < cf->n; k++)
			if (proto_folded_key(cf->v[k].key) &&
			    !collector_owns(cf->v[k].key))
				fold_one(f, cf->v[k].key, cf->v[k].value);
	}
}

/* Say when the machine is busy: before the run, or during it. */
static void
load_warning(const struct collection *c, const char *when, double load,
    double limit)
{
	/* -q (cron): the facts keep it, and kbench analyze says it. */
	if (c->quiet || !(load > limit))
		return;
	warnx("collect %s: the machine was busy %s: load average %.2f on %ld "
	    "CPUs, %d of them for the benchmark; its numbers will be slower "
	    "and noisier (see top(1))", c->benchmark, when, load, online_cpus(),
	    c->busy_cpus);
}

/*
 * The facts the collector records of the run's start, into c->facts:
 * the shuffle's seed, its own pid and identity ("kbench runs" tells a
 * live run from a dead one), the CPUs the benchmark keeps busy (1 to ncpu) and the
 * load before anything of ours runs, with a warning when it is more than
 * the CPUs left free can take.  Returns that load.
 */
static double
start_facts(struct collection *c, long ncpu)
{
	struct strbuf ident = STRBUF_INIT;
	char buf[32];
	double load;

	snprintf(buf, sizeof(buf), "%lu", c->seed);
	kv_set(&c->facts, "shuffle_seed", buf);
	snprintf(buf, sizeof(buf), "%ld", (long)getpid());
	kv_set(&c->facts, "collector_pid", buf);
	/* A pid alone may be another process's after a reboot. */
	if (proc_identity((long)getpid(), &ident) == 0)
		kv_set(&c->facts, "collector_process", sb_str(&ident));
	sb_free(&ident);
	if (c->busy_cpus < 1)
		c->busy_cpus = 1;
	if (c->busy_cpus > ncpu)
		c->busy_cpus = (int)ncpu;
	load = load1();
	snprintf(buf, sizeof(buf), "%.2f", load);
	kv_set(&c->facts, "loadavg_start", buf);
	snprintf(buf, sizeof(buf), "%d", c->busy_cpus);
	kv_set(&c->facts, "busy_cpus", buf);
	load_warning(c, "before the run", load,
	    (double)(ncpu - c->busy_cpus) + LOAD_SLACK);
	return load;
}

/*
 * One round's cells, in the shuffled order, their results in res[k]
 * (k the place in order[]).  A cell that fails ends the round at once:
 * the round is not stored and the run stops, so the cells after it would
 * be run for nothing.  Returns the failed cell's k, or (size_t)-1 when
 * every cell ran; *ran is how many results res holds (to free).
 */
static size_t
run_cells(struct collection *c, struct progress *pg, int round,
    const size_t *order, struct cell_result *res, size_t *ran)
{
	struct cell *cell;
	double t0;
	size_t k;

	for (k = 0; k < c->ncells; k++) {
		show_progress(pg, c, round, order, k);
		cell = &c->cells[order[k]];
		t0 = now_s();
		cell_run(cell->argv, CELL_PROTOCOL, cell->timeout_s,
		    &signal_caught, &res[k]);
		cell->took_s += now_s() - t0;
		cell->ran++;
		if (res[k].why.len > 0) {
			*ran = k + 1;
			return k;
		}
	}
	*ran = k;
	return (size_t)-1;
}

/*
 * The run, running, and its facts, in one transaction: a run is stored
 * with every fact of its start or not at all.  ri->id is its id.  -1 on
 * a database error, the transaction left for the caller to roll back.
 */
static int
create_run(struct store *s, const struct collection *c, struct run_info *ri)
{
	size_t i;

	ri->label = c->label;
	ri->benchmark = c->benchmark;
	ri->status = RUN_RUNNING;
	ri->command = c->command;
	if (store_begin(s) == -1 || store_run_create(s, ri) == -1)
		return -1;
	for (i = 0; i < c->facts.n; i++)
		if (store_fact_set(s, ri->id, c->facts.v[i].key,
		    c->facts.v[i].value) == -1)
			return -1;
	return store_commit(s);
}

/* The first n results freed, and zeroed for the next round's cells. */
static void
free_results(struct cell_result *res, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		cell_result_free(&res[i]);
		memset(&res[i], 0, sizeof(res[i]));
	}
}

/* What the rounds leave behind them. */
struct rounds_done {
	int	stored;		/* rounds stored */
	double	load_max;	/* the highest load average seen */
};

/* What the rounds share: cells' order and results, the facts of each. */
struct round_state {
	struct progress		*pg;
	struct rounds_done	*done;
	unsigned long long	 rng;
	size_t			*order;
	struct cell_result	*res;
	struct strmap		 seqs;
	struct kvlist		 round_facts;
	struct strbuf		 loads;
};

/*
 * One round: its cells run in a new shuffled order, stored when every
 * cell ran.  STATUS_OK to go on (*stop set when --until is satisfied).
 */
static enum status
run_round(struct store *s, struct collection *c, int64_t run_id,
    struct round_state *rs, int round, int *stop)
{
	enum status rc = STATUS_OK;
	double load_round = load1();
	size_t failed, k;

	shuffle(rs->order, c->ncells, &rs->rng);
	failed = run_cells(c, rs->pg, round, rs->order, rs->res, &k);
	end_progress(rs->pg);
	load_facts(&rs->round_facts, &rs->loads, round, load_round, load1(),
	    &rs->done->load_max);
	if (failed == (size_t)-1 && !signal_caught) {
		reduce_facts(&rs->round_facts, rs->res, c->ncells);
		if (store_round(s, run_id, round, rs->res, rs->order,
		    c->ncells, &rs->seqs, &rs->round_facts) == -1)
			rc = STATUS_DB;
		else
			rs->done->stored++;
		if (rc == STATUS_OK && until_stops(s, run_id, c,
		    rs->done->stored))
			*stop = 1;
	} else if (signal_caught)
		rc = STATUS_INTERRUPTED;
	else {
		warnx("collect: cell %s (round %d): %s",
		    c->cells[rs->order[failed]].name, round + 1,
		    sb_str(&rs->res[failed].why));
		rc = STATUS_SYSTEM;
	}
	free_results(rs->res, k);
	return rc;
}

/* The rounds, until all ran, --until is satisfied, or one fails. */
static enum status
run_rounds(struct store *s, struct collection *c, int64_t run_id,
    struct progress *pg, struct rounds_done *done)
{
	struct round_state rs;
	enum status rc = signal_caught ? STATUS_INTERRUPTED : STATUS_OK;
	int round, stop = 0;

	memset(&rs, 0, sizeof(rs));
	rs.pg = pg;
	rs.done = done;
	rs.rng = c->seed ? c->seed : 1;
	rs.order = xcalloc(c->ncells, sizeof(*rs.order));
	rs.res = xcalloc(c->ncells, sizeof(*rs.res));
	for (round = 0; round < c->rounds && rc == STATUS_OK && !stop; round++)
		rc = run_round(s, c, run_id, &rs, round, &stop);
	free(rs.order);
	free(rs.res);
	strmap_free_values(&rs.seqs);
	kv_clear(&rs.round_facts);
	sb_free(&rs.loads);
	return rc;
}

/*
 * The run's end: its status stored (complete, or aborted as rc says) and
 * said, the summary printed.  The exit status.
 */
static enum status
end_run(struct store *s, struct collection *c, int64_t run_id,
    enum status rc, int stored, double took_s, double est_total)
{
	enum status rc_after = STATUS_OK;

	if (rc == STATUS_DB)
		return db_stopped(s, run_id, c, stored);
	/* Rounds kept, the run complete; but what was asked cannot be. */
	if (rc == STATUS_OK && c->until.broken)
		rc_after = STATUS_BAD_INPUT;
	if (until_end(s, run_id, c, rc, stored) == -1 ||
	    finish_run(s, run_id, rc == STATUS_OK ? RUN_COMPLETE :
	    RUN_ABORTED) == -1) {
		warnx("collect: %s", store_error(s));
		store_rollback(s);
		return STATUS_DB;
	}
	if (rc != STATUS_OK)
		warnx("collect: run %lld aborted%s; %d of %d rounds kept",
		    (long long)run_id, rc == STATUS_INTERRUPTED ?
		    " (interrupted)" : "", stored, c->rounds);
	else if (!c->quiet && collection_summary(s, c, run_id, took_s,
	    est_total, stdout) == -1)
		warnx("collect: run %lld complete, but its summary could not be "
		    "read: %s", (long long)run_id, store_error(s));
	return rc == STATUS_OK ? rc_after : rc;
}

enum status
collection_run(struct store *s, struct collection *c)
{
	struct saved_signals saved;
	struct rounds_done done = { 0, 0 };
	struct run_info ri;
	struct progress pg;
	enum status rc;
	double est_total;
	long ncpu = online_cpus();

	memset(&ri, 0, sizeof(ri));
	memset(&pg, 0, sizeof(pg));
	pg.on = !c->quiet && isatty(STDERR_FILENO);
	est_total = collection_total(c);
	if (!c->quiet)
		print_matrix(c);

	done.load_max = start_facts(c, ncpu);

	/*
	 * The handler before the run exists: a signal from here on marks
	 * it aborted.  Before, it ends us with nothing stored.  SIGHUP
	 * too: a closed terminal or ssh aborts the run and its child.
	 */
	signals_catch(NULL, SIGNALS_HUP, &saved);
	if (create_run(s, c, &ri) == -1) {
		signals_restore(&saved);
		warnx("collect: %s", store_error(s));
		store_rollback(s);
		return STATUS_DB;
	}
	guard_run(s, ri.id, 1);
	pg.start = now_s();
	rc = run_rounds(s, c, ri.id, &pg, &done);
	signals_restore(&saved);
	/* Ours is busy_cpus at most: more is someone else's. */
	load_warning(c, "during the run", done.load_max,
	    (double)ncpu + LOAD_SLACK);
	guard_run(s, ri.id, 0);
	return end_run(s, c, ri.id, rc, done.stored, now_s() - pg.start,
	    est_total);
}
