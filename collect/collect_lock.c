/*
 * collect_lock.c: kbench collect lock: the pfil lock experiment, head
 * lock x hook lock x threads, round after round.
 *
 * A backend is a program speaking the benchmark protocol with the same
 * options: lockbench (user space) or pfilbench-ctl, which drives the
 * pfilbench kernel module through its control files (kmod/).  Adding a
 * backend is one entry in the table below and one program.
 */
#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "collect/benchmark.h"
#include "collect/collect.h"
#include "collect/collector.h"
#include "kbench.h"
#include "collect/tools.h"

static int	collect_lock_prepare(int, char **, struct kbench_ctx *,
		    struct collection *);

/* The lock benchmark: the pfil hook chain, head x hook lock x threads. */
const struct benchmark benchmark_lock = {
	.name = "lock",
	.program = "lockbench",		/* or pfilbench-ctl: --backend */
	.facts = (const char *const[]){ "backend", "delay_ns", "write_ms",
	    "write_hold_ns", "mode", "count", "pinned", "busywait", "hooks",
	    "hook_lock", "duration_ms", "warmup_ms", "check", "debug_unfair",
	    "kmod_check", "kmod_test_lag_ns", "kmod_test_fault",
	    "rcu_expedited", "rcu_normal",
	    "kernel_preempt", "kernel_hz", "kernel_lockdep", "kernel_kasan",
	    "kernel_witness", "kernel_invariants", "kernel_retpoline",
	    "kernel_mitigations", "vuln_spectre_v2", "cpu_boost", NULL },
	.chart = "lock",
	.by = "label",
	.laid_out = (const char *const[]){ "head", "hook", "threads", NULL },
	.interleaved = "head",
	.prepare = collect_lock_prepare,
};

/* Chain calls a thread of a probe makes: milliseconds of work. */
#define PROBE_CALLS	1000

/*
 * The timed phase when neither -n nor --duration is given: every thread
 * stops together, so a thread the lock favours cannot finish early and
 * leave a starved one to set the window (a count turns unfairness into
 * cost).  The programs warm up this long before it (their -W default).
 */
#define DEFAULT_DURATION_MS	"100"
#define WARMUP_S		0.010

/* Options its programs spell otherwise, for their messages. */
static const char *const lock_aliases[] = { "-d", "--delay", NULL, NULL };

struct lock_backend {
	const char	*name;
	const char	*program;
	const char	*heads;		/* what it knows, comma-separated */
	const char	*hooks;
	const char	*about;
	int		 ask;		/* ask the program: -c (kmod_caps) */
};

static const struct lock_backend backends[] = {
	{ "user", "lockbench", "rw,rm,rwsem,rmsem,epoch,none",
	  "null,mtx,rw,rm,spin",
	  "ck_rwlock, ck_brlock, pthread locks, liburcu, in user space", 0 },
	{ "kmod", "pfilbench-ctl", NULL, NULL,
	  "the kernel's own locks, in pfilbench.ko", 1 },
};

/*
 * What the backend runs.  The kernel module says it itself
 * (`pfilbench-ctl -c`: head=H, hook=K, refused=H:K, delay_max_ns=N...),
 * so that the rule of which hook lock may be taken under which head,
 * which differs between Linux and FreeBSD, lives in the module alone.
 */
struct lock_caps {
	char		*heads, *hooks;	/* comma lists */
	struct strlist	 refused;	/* "head:hook" */
	long		 delay_max;	/* ns */
	long		 hooks_max;	/* --chain */
	long		 duration_max;	/* ms */
};

static void
caps_free(struct lock_caps *k)
{
	free(k->heads);
	free(k->hooks);
	strlist_free(&k->refused);
}

/* Append ",item" (or "item") to a malloc'd comma list. */
static void
comma_add(char **list, const char *item)
{
	size_t n = *list != NULL ? strlen(*list) : 0;
	char *p = xreallocarray(*list, n + strlen(item) + 2, 1);

	snprintf(p + n, strlen(item) + 2, "%s%s", n > 0 ? "," : "", item);
	*list = p;
}

static int
caps_get(const struct lock_backend *be, const char *prog, double timeout_s,
    struct lock_caps *k)
{
	struct strbuf why = STRBUF_INIT;
	struct strlist l = { NULL, 0 };
	char *argv[3], *eq;
	long v;
	size_t i;

	memset(k, 0, sizeof(*k));
	k->delay_max = 1000000000L;
	k->hooks_max = 64;
	k->duration_max = 3600000;
	if (!be->ask) {
		k->heads = xstrdup(be->heads);
		k->hooks = xstrdup(be->hooks);
		return 0;
	}
	argv[0] = (char *)prog;
	argv[1] = "-c";
	argv[2] = NULL;
	if (tool_list(argv, timeout_s, &l, &why) == -1) {
		strlist_free(&l);
		if (why.len > 0)
			warnx("collect lock: %s -c: %s", prog, sb_str(&why));
		else
			warnx("collect lock: %s -c: cannot ask the %s backend "
			    "what it runs (is pfilbench.ko loaded?)", prog,
			    be->name);
		sb_free(&why);
		return -1;
	}
	for (i = 0; i < l.n; i++) {
		if ((eq = strchr(l.v[i], '=')) == NULL)
			continue;
		*eq++ = '\0';
		if (strcmp(l.v[i], "head") == 0)
			comma_add(&k->heads, eq);
		else if (strcmp(l.v[i], "hook") == 0)
			comma_add(&k->hooks, eq);
		else if (strcmp(l.v[i], "refused") == 0)
			strlist_add(&k->refused, eq);
		else if (strcmp(l.v[i], "delay_max_ns") == 0 &&
		    parse_long(eq, 0, 1000000000L, &v) == 0)
			k->delay_max = v;
		else if (strcmp(l.v[i], "hooks_max") == 0 &&
		    parse_long(eq, 1, 64, &v) == 0)
			k->hooks_max = v;
		else if (strcmp(l.v[i], "duration_max_ms") == 0 &&
		    parse_long(eq, 1, 3600000, &v) == 0)
			k->duration_max = v;
	}
	strlist_free(&l);
	if (k->heads == NULL || k->hooks == NULL) {
		warnx("collect lock: %s -c: no heads or hooks listed", prog);
		caps_free(k);
		return -1;
	}
	return 0;
}

/* Can this hook lock be taken under this head? */
static int
pair_ok(const struct lock_caps *k, const char *head, const char *hook)
{
	char pair[256];

	snprintf(pair, sizeof(pair), "%s:%s", head, hook);
	return !strlist_has(&k->refused, pair);
}

static const struct lock_backend *
find_backend(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(backends) / sizeof(backends[0]); i++)
		if (strcmp(backends[i].name, name) == 0)
			return &backends[i];
	return NULL;
}

/* Is the kernel module loaded?  pfilbench-ctl -s answers with its status. */
static int
kmod_loaded(const char *argv0)
{
	char *prog = tool_path(argv0, "pfilbench-ctl");
	char *argv[] = { prog, (char *)"-s", NULL };
	int loaded;

	if (prog == NULL)
		return 0;
	loaded = tool_succeeds(argv);
	free(prog);
	return loaded;
}

/* Every item of l must be in the comma list known. */
static int
check_kinds(const struct strlist *l, const char *known, const char *what,
    const struct lock_backend *be)
{
	struct strlist k = { NULL, 0 };
	size_t i, j;
	int ok = 1;

	strlist_split(&k, known);
	for (i = 0; i < l->n && ok; i++) {
		for (j = 0; j < k.n; j++)
			if (strcmp(l->v[i], k.v[j]) == 0)
				break;
		if (j == k.n) {
			warnx("collect lock: unknown %s lock '%s' for the %s "
			    "backend (it knows %s)", what, l->v[i], be->name, known);
			ok = 0;
		}
	}
	strlist_free(&k);
	return ok ? 0 : -1;
}

/* Its own long options. */
enum { OPT_BACKEND = 300, OPT_PIN, OPT_CHAIN, OPT_SHARED, OPT_DURATION };

/* kbench collect lock's options, as parsed. */
struct lock_opts {
	struct collect_opts	 co;
	const struct lock_backend *be;		/* NULL: by the module */
	struct strlist		 heads, hooks, threads;
	const char		*delay;		/* -D as given */
	/* Or NULL: -n, --duration; with neither, DEFAULT_DURATION_MS. */
	const char		*count, *duration;
	const char		*write_ms, *chain;	/* or NULL */
	int			 pin, shared;
	char			*prog;		/* the backend's path */
	struct lock_caps	 caps;		/* what it runs */
};

/* One option of collect lock's own (collect_take_fn). */
static int
lock_take(void *opts, int ch, const char *arg)
{
	struct lock_opts *o = opts;

	switch (ch) {
	case 'd':
		/*
		 * Before the command -d is the database; here it was once the
		 * busy-wait.  Either guess loses someone's data or an hour:
		 * say both and take neither.
		 */
		warnx("collect lock: -d %s: -d is ambiguous here: for the "
		    "database, put it before the command (kbench -d FILE "
		    "collect lock) or use --db FILE; for the busy-wait in "
		    "each hook, use -D NS or --delay NS", arg);
		return COLLECT_BAD;
	/* The program owns the limits of -D and -n: --check asks it. */
	case 'D':
		return collect_number(&o->delay, arg, LONG_MIN, LONG_MAX,
		    "collect lock: --delay",
		    "a busy-wait in ns, a whole number");
	case 'n':
		return collect_number(&o->count, arg, LONG_MIN, LONG_MAX,
		    "collect lock: -n", "calls per thread, a whole number");
	case 'w':
		return collect_number(&o->write_ms, arg, 1, 3600000,
		    "collect lock: -w",
		    "a writer period in ms from 1 to 3600000");
	case OPT_CHAIN:
		return collect_number(&o->chain, arg, 1, 64,
		    "collect lock: --chain", "a number of hooks from 1 to 64");
	case OPT_DURATION:
		return collect_number(&o->duration, arg, 1, 3600000,
		    "collect lock: --duration",
		    "a timed phase in ms from 1 to 3600000");
	case 'H':
		return collect_list(&o->heads, arg, "collect lock: -H");
	case 'k':
		return collect_list(&o->hooks, arg, "collect lock: -k");
	case 't':
		return collect_list(&o->threads, arg, "collect lock: -t");
	case OPT_BACKEND:
		if ((o->be = find_backend(arg)) == NULL) {
			struct strbuf t = STRBUF_INIT;

			collect_arg_text(&t, arg);
			warnx("collect lock: --backend %s: expected user or "
			    "kmod", sb_str(&t));
			sb_free(&t);
			return COLLECT_BAD;
		}
		break;
	case OPT_PIN:
		o->pin = 1;
		break;
	case OPT_SHARED:
		o->shared = 1;
		break;
	default:
		return COLLECT_UNKNOWN;
	}
	return COLLECT_TAKEN;
}

/* The backend's limits (its capabilities) on the options given. */
static int
check_limits(const struct lock_opts *o)
{
	const struct lock_caps *k = &o->caps;

	if (strtol(o->delay, NULL, 10) > k->delay_max) {
		warnx("collect lock: --delay %s: the %s backend busy-waits at most "
		    "%ld ns in a hook", o->delay, o->be->name, k->delay_max);
		return -1;
	}
	if (o->chain != NULL && strtol(o->chain, NULL, 10) > k->hooks_max) {
		warnx("collect lock: --chain %s: the %s backend chains at most "
		    "%ld hooks", o->chain, o->be->name, k->hooks_max);
		return -1;
	}
	if (o->duration != NULL &&
	    strtol(o->duration, NULL, 10) > k->duration_max) {
		warnx("collect lock: --duration %s: the %s backend runs at most "
		    "%ld ms", o->duration, o->be->name, k->duration_max);
		return -1;
	}
	return 0;
}

/*
 * The backend (the module's when none was named), its program and what
 * it runs, the options against them; the defaults filled in.
 * KB_EXIT_OK or the exit status after saying why.
 */
static int
lock_validate(struct lock_opts *o, const struct kbench_ctx *ctx)
{
	long v;
	size_t i;

	/* The kernel's own locks when the module is there. */
	if (o->be == NULL)
		o->be = find_backend(kmod_loaded(ctx->argv0) ? "kmod" : "user");
	if (!o->be->ask && (o->chain != NULL || o->shared)) {
		warnx("collect lock: --chain and --shared are the kernel "
		    "module's (--backend kmod); lockbench has 3 hooks, each "
		    "with its own lock");
		return KB_EXIT_USAGE;
	}
	if (o->count == NULL && o->duration == NULL)
		o->duration = DEFAULT_DURATION_MS;
	if ((o->prog = tool_path(ctx->argv0, o->be->program)) == NULL) {
		warnx("collect lock: %s (the %s backend) not found beside kbench "
		    "nor on PATH", o->be->program, o->be->name);
		return KB_EXIT_IO;
	}
	/* A backend that cannot say what it runs cannot run: refused (2). */
	if (caps_get(o->be, o->prog, o->co.timeout, &o->caps) == -1 || check_limits(o) == -1)
		return KB_EXIT_USAGE;
	if (o->heads.n == 0)
		strlist_split(&o->heads, o->caps.heads);
	if (o->hooks.n == 0)
		strlist_split(&o->hooks, o->caps.hooks);
	if (o->threads.n == 0)
		strlist_split(&o->threads, "1,2");
	if (check_kinds(&o->heads, o->caps.heads, "head", o->be) == -1 ||
	    check_kinds(&o->hooks, o->caps.hooks, "hook", o->be) == -1)
		return KB_EXIT_USAGE;
	/* As the number prints: "01" and "+1" would run the cell of 1 twice. */
	for (i = 0; i < o->threads.n; i++)
		if (parse_long(o->threads.v[i], 1, 1024, &v) == -1 ||
		    !collect_plain_number(o->threads.v[i])) {
			warnx("collect lock: -t: '%s' is not a thread count from "
			    "1 to 1024", o->threads.v[i]);
			return KB_EXIT_USAGE;
		}
	return KB_EXIT_OK;
}

/*
 * The CPUs a cell keeps busy (its threads, and the writer), and a note
 * when threads must share CPUs.
 */
static void
lock_busy_cpus(struct collection *c, const struct lock_opts *o, long ncpu)
{
	long nthreads;
	size_t i;

	for (i = 0; i < o->threads.n; i++) {
		nthreads = strtol(o->threads.v[i], NULL, 10);
		if (nthreads + (o->write_ms != NULL) > c->busy_cpus)
			c->busy_cpus = (int)nthreads + (o->write_ms != NULL);
		if (c->check_only)
			continue;
		if (nthreads > ncpu)
			warnx("collect lock: -t %ld on %ld online CPUs: threads "
			    "share CPUs, and a lock holder preempted makes "
			    "the others wait; those cells measure the "
			    "scheduler too", nthreads, ncpu);
		else if (o->pin && o->write_ms != NULL && nthreads >= ncpu)
			warnx("collect lock: --pin -w with -t %ld on %ld CPUs: "
			    "no CPU is left for the writer, which shares one "
			    "with a reader", nthreads, ncpu);
	}
}

/*
 * The program's argv for a head, a hook and a thread count; count_at is
 * where -n's value is (a probe puts its own there), or -1.
 */
static void
lock_argv(char **argv, const struct lock_opts *o, const char *head,
    const char *hook, const char *threads, int *count_at)
{
	int a = 0;

	/* Room: 20 words and the NULL, in lock_cell's cell_argv[28]. */
	argv[a++] = o->prog;
	argv[a++] = "-m";
	argv[a++] = "-t";
	argv[a++] = (char *)threads;
	*count_at = -1;
	if (o->count != NULL) {
		argv[a++] = "-n";
		*count_at = a;
		argv[a++] = (char *)o->count;
	}
	/* The programs' -D is the timed phase; kbench's is the busy-wait. */
	if (o->duration != NULL) {
		argv[a++] = "-D";
		argv[a++] = (char *)o->duration;
	}
	argv[a++] = "-d";
	argv[a++] = (char *)o->delay;
	argv[a++] = "-H";
	argv[a++] = (char *)head;
	argv[a++] = "-k";
	argv[a++] = (char *)hook;
	if (o->write_ms != NULL) {
		argv[a++] = "-w";
		argv[a++] = (char *)o->write_ms;
	}
	if (o->pin)
		argv[a++] = "-p";
	if (o->chain != NULL) {
		argv[a++] = "-K";
		argv[a++] = (char *)o->chain;
	}
	if (o->shared)
		argv[a++] = "-S";
	argv[a] = NULL;
}

/* The cell of a head, a hook and a thread count, and its probe. */
static void
lock_cell(struct collection *c, const struct lock_opts *o, long ncpu,
    const char *head, const char *hook, const char *threads)
{
	char *cell_argv[28], name[256], probe_count[32];
	struct cell *cell;
	long ncount, nprobe, nthreads;
	double est;
	int count_at;

	lock_argv(cell_argv, o, head, hook, threads, &count_at);
	snprintf(name, sizeof(name), "head=%s,hook=%s,threads=%s", head, hook,
	    threads);
	nthreads = strtol(threads, NULL, 10);
	/*
	 * A timed phase lasts what it says, after its warm-up: no probe.
	 */
	if (o->duration != NULL) {
		est = WARMUP_S + strtol(o->duration, NULL, 10) / 1e3;
		collection_add(c, cell_argv, name, est, o->co.timeout > 0 ?
		    o->co.timeout : 10 * est + 30);
		return;
	}
	/*
	 * A count: each thread's walks, three hooks a chain (or --chain) of
	 * busy-waits plus ~300 ns of overhead, threads sharing CPUs taking
	 * turns.  The sample is ns per walk of all threads together, so the
	 * cell's time is count x threads of them, its probe's a few walks a
	 * thread.
	 */
	ncount = strtol(o->count, NULL, 10);
	est = WARMUP_S + ncount *
	    ((o->chain != NULL ? strtol(o->chain, NULL, 10) : 3) *
	    (double)strtol(o->delay, NULL, 10) + 300) / 1e9 *
	    (nthreads > ncpu ? (double)nthreads / ncpu : 1);
	cell = collection_add(c, cell_argv, name, est,
	    o->co.timeout > 0 ? o->co.timeout : 10 * est * nthreads + 30);
	nprobe = ncount < PROBE_CALLS ? ncount : PROBE_CALLS;
	snprintf(probe_count, sizeof(probe_count), "%ld", nprobe);
	cell_argv[count_at] = probe_count;
	cell->iters = (double)ncount * nthreads;
	cell->probe = collection_probe(c, cell_argv,
	    (double)nprobe * nthreads, 0, 1e-9, 1);
}

/* Does the backend take this hook lock under this head?  Said when not. */
static int
lock_pair(const struct collection *c, const struct lock_opts *o,
    const char *head, const char *hook)
{
	if (pair_ok(&o->caps, head, hook))
		return 1;
	if (!c->quiet && !c->check_only)
		fprintf(stderr, "kbench collect lock: skipping hook %s under "
		    "head %s: the module refuses it (on Linux: it may sleep, "
		    "and the head's read side is atomic)\n", hook, head);
	return 0;
}

/*
 * The matrix: every head and hook pair the backend takes, at every
 * thread count.  KB_EXIT_OK, or KB_EXIT_USAGE when no pair is left.
 */
static int
lock_cells(struct collection *c, const struct lock_opts *o,
    const struct kbench_ctx *ctx)
{
	char shape[256];
	long ncpu;
	size_t i, j, k;

	snprintf(shape, sizeof(shape), "%zu head%s x %zu hook%s x %zu thread "
	    "count%s", o->heads.n, o->heads.n == 1 ? "" : "s", o->hooks.n,
	    o->hooks.n == 1 ? "" : "s", o->threads.n,
	    o->threads.n == 1 ? "" : "s");
	collect_begin(c, &o->co, ctx, &benchmark_lock, o->be->program,
	    lock_aliases, shape);
	kv_set(&c->facts, "backend", o->be->name);
	kv_set(&c->facts, "backend_program", o->prog);
	ncpu = sysconf(_SC_NPROCESSORS_ONLN) > 0 ?
	    sysconf(_SC_NPROCESSORS_ONLN) : 1;
	lock_busy_cpus(c, o, ncpu);
	for (i = 0; i < o->heads.n; i++)
		for (j = 0; j < o->hooks.n; j++) {
			if (!lock_pair(c, o, o->heads.v[i], o->hooks.v[j]))
				continue;
			for (k = 0; k < o->threads.n; k++)
				lock_cell(c, o, ncpu, o->heads.v[i],
				    o->hooks.v[j], o->threads.v[k]);
		}
	if (c->ncells == 0) {
		warnx("collect lock: no head and hook pair the %s backend can "
		    "run", o->be->name);
		return KB_EXIT_USAGE;
	}
	return KB_EXIT_OK;
}

static int
collect_lock_prepare(int argc, char **argv, struct kbench_ctx *ctx,
    struct collection *c)
{
	static const struct option longopts[] = {
		COLLECT_LONGOPTS,
		{ "backend",	required_argument, NULL, OPT_BACKEND },
		{ "chain",	required_argument, NULL, OPT_CHAIN },
		{ "count",	required_argument, NULL, 'n' },
		{ "delay",	required_argument, NULL, 'D' },
		{ "duration",	required_argument, NULL, OPT_DURATION },
		{ "heads",	required_argument, NULL, 'H' },
		{ "hooks",	required_argument, NULL, 'k' },
		{ "pin",	no_argument,	   NULL, OPT_PIN },
		{ "shared",	no_argument,	   NULL, OPT_SHARED },
		{ "threads",	required_argument, NULL, 't' },
		{ "write",	required_argument, NULL, 'w' },
		{ NULL,		0,		   NULL, 0 }
	};
	struct lock_opts o;
	int rc = KB_EXIT_USAGE;

	memset(&o, 0, sizeof(o));
	o.delay = "1000";
	if (collect_parse(c, &o.co, &benchmark_lock, argc, argv,
	    "d:D:H:k:l:n:qr:t:vw:", longopts, lock_take, &o) == 0 &&
	    (rc = lock_validate(&o, ctx)) == KB_EXIT_OK)
		rc = lock_cells(c, &o, ctx);
	caps_free(&o.caps);
	strlist_free(&o.heads);
	strlist_free(&o.hooks);
	strlist_free(&o.threads);
	kv_clear(&o.co.meta);
	free(o.prog);
	return rc;
}
