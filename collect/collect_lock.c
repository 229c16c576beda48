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

#include "collect/collect.h"
#include "collect/collector.h"
#include "kbench.h"
#include "collect/tools.h"

/* Chain calls a thread of a probe makes: milliseconds of work. */
#define PROBE_CALLS	1000

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
	{ "user", "lockbench", "rw,rm,epoch,none", "null,mtx,rw,rm,spin",
	  "pthread locks, ck_brlock, liburcu, in user space", 0 },
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
caps_get(const struct lock_backend *be, const char *prog,
    struct lock_caps *k)
{
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
	if (tool_list(argv, &l) == -1) {
		strlist_free(&l);
		warnx("collect lock: %s -c: cannot ask the %s backend what it "
		    "runs (is pfilbench.ko loaded?)", prog, be->name);
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

int
collect_lock_prepare(int argc, char **argv, struct kbench_ctx *ctx,
    struct collection *c)
{
	enum { OPT_BACKEND = 300, OPT_PIN, OPT_CHAIN, OPT_SHARED,
	    OPT_DURATION };
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
	const struct lock_backend *be = NULL;
	struct strlist heads = { NULL, 0 }, hooks = { NULL, 0 };
	struct strlist threads = { NULL, 0 };
	struct collect_opts co;
	const char *count = "100000", *delay = "1000";
	const char *write_ms = NULL, *chain = NULL, *duration = NULL;
	struct lock_caps caps;
	char *prog = NULL, *cell_argv[28], name[256], probe_count[32];
	struct cell *cell;
	long nprobe;
	double est;
	long v, ncount, ndelay, nthreads, ncpu;
	size_t i, j, k;
	int ch, a, pin = 0, shared = 0, rc = KB_EXIT_USAGE;

	memset(&caps, 0, sizeof(caps));
	memset(&co, 0, sizeof(co));
	c->rounds = 5;
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "d:D:H:k:l:n:qr:t:vw:", longopts,
	    NULL)) != -1) {
		switch (collect_option(c, &co, ch, optarg, "collect lock")) {
		case 1:
			continue;
		case -1:
			goto out;
		}
		switch (ch) {
		case 'd':
			/*
			 * Before the command -d is the database; here it was
			 * once the busy-wait.  Either guess loses someone's
			 * data or an hour: say both and take neither.
			 */
			warnx("collect lock: -d %s: -d is ambiguous here: for the "
			    "database, put it before the command (kbench -d FILE "
			    "collect lock) or use --db FILE; for the busy-wait in "
			    "each hook, use -D NS or --delay NS", optarg);
			goto out;
		case 'D':
			if (parse_long(optarg, LONG_MIN, LONG_MAX, &v) == -1) {
				warnx("collect lock: --delay %s: expected a busy-wait "
				    "in ns, a whole number", optarg);
				goto out;
			}
			delay = optarg;
			break;
		case 'H':
			strlist_split(&heads, optarg);
			break;
		case 'k':
			strlist_split(&hooks, optarg);
			break;
		case 'n':
			/* The program owns the limits: --check asks it. */
			if (parse_long(optarg, LONG_MIN, LONG_MAX, &v) == -1) {
				warnx("collect lock: -n %s: expected calls per "
				    "thread, a whole number", optarg);
				goto out;
			}
			count = optarg;
			break;
		case 't':
			strlist_split(&threads, optarg);
			break;
		case 'w':
			if (parse_long(optarg, 1, 3600000, &v) == -1) {
				warnx("collect lock: -w %s: expected a writer period "
				    "in ms from 1 to 3600000", optarg);
				goto out;
			}
			write_ms = optarg;
			break;
		case OPT_BACKEND:
			if ((be = find_backend(optarg)) == NULL) {
				warnx("collect lock: --backend %s: expected user or "
				    "kmod", optarg);
				goto out;
			}
			break;
		case OPT_PIN:
			pin = 1;
			break;
		case OPT_CHAIN:
			if (parse_long(optarg, 1, 64, &v) == -1) {
				warnx("collect lock: --chain %s: expected a number "
				    "of hooks from 1 to 64", optarg);
				goto out;
			}
			chain = optarg;
			break;
		case OPT_SHARED:
			shared = 1;
			break;
		case OPT_DURATION:
			if (parse_long(optarg, 1, 3600000, &v) == -1) {
				warnx("collect lock: --duration %s: expected a timed "
				    "phase in ms from 1 to 3600000", optarg);
				goto out;
			}
			duration = optarg;
			break;
		default:
			if (!c->check_only)
				fputs(collect_help, stderr);
			goto out;
		}
	}
	if (optind < argc) {
		warnx("collect lock: unexpected argument '%s'", argv[optind]);
		goto out;
	}
	/* The kernel's own locks when the module is there. */
	if (be == NULL)
		be = find_backend(kmod_loaded(ctx->argv0) ? "kmod" : "user");
	if (!be->ask && (chain != NULL || shared || duration != NULL)) {
		warnx("collect lock: --chain, --shared and --duration are the "
		    "kernel module's (--backend kmod); lockbench has 3 hooks, "
		    "each with its own lock, and counts walks");
		goto out;
	}
	if ((prog = tool_path(ctx->argv0, be->program)) == NULL) {
		warnx("collect lock: %s (the %s backend) not found beside kbench "
		    "nor on PATH", be->program, be->name);
		rc = KB_EXIT_IO;
		goto out;
	}
	/* A backend that cannot say what it runs cannot run: refused (2). */
	if (caps_get(be, prog, &caps) == -1)
		goto out;
	if (strtol(delay, NULL, 10) > caps.delay_max) {
		warnx("collect lock: --delay %s: the %s backend busy-waits at most "
		    "%ld ns in a hook", delay, be->name, caps.delay_max);
		goto out;
	}
	if (chain != NULL && strtol(chain, NULL, 10) > caps.hooks_max) {
		warnx("collect lock: --chain %s: the %s backend chains at most "
		    "%ld hooks", chain, be->name, caps.hooks_max);
		goto out;
	}
	if (duration != NULL && strtol(duration, NULL, 10) > caps.duration_max) {
		warnx("collect lock: --duration %s: the %s backend runs at most "
		    "%ld ms", duration, be->name, caps.duration_max);
		goto out;
	}
	if (heads.n == 0)
		strlist_split(&heads, caps.heads);
	if (hooks.n == 0)
		strlist_split(&hooks, caps.hooks);
	if (threads.n == 0)
		strlist_split(&threads, "1,2");
	if (check_kinds(&heads, caps.heads, "head", be) == -1 ||
	    check_kinds(&hooks, caps.hooks, "hook", be) == -1)
		goto out;
	for (i = 0; i < threads.n; i++)
		if (parse_long(threads.v[i], 1, 1024, &v) == -1) {
			warnx("collect lock: -t: '%s' is not a thread count from "
			    "1 to 1024", threads.v[i]);
			goto out;
		}
	collection_setup(c, &co, "lock", ctx->cmdline);
	kv_set(&c->facts, "backend", be->name);
	kv_set(&c->facts, "backend_program", prog);
	ncount = strtol(count, NULL, 10);
	ndelay = strtol(delay, NULL, 10);
	nprobe = ncount < PROBE_CALLS ? ncount : PROBE_CALLS;
	snprintf(probe_count, sizeof(probe_count), "%ld", nprobe);
	c->program = be->program;
	c->aliases = lock_aliases;
	snprintf(name, sizeof(name), "%zu head%s x %zu hook%s x %zu thread "
	    "count%s", heads.n, heads.n == 1 ? "" : "s", hooks.n,
	    hooks.n == 1 ? "" : "s", threads.n, threads.n == 1 ? "" : "s");
	c->shape = xstrdup(name);
	ncpu = sysconf(_SC_NPROCESSORS_ONLN) > 0 ?
	    sysconf(_SC_NPROCESSORS_ONLN) : 1;
	/* The CPUs a cell keeps busy: its threads, and the writer. */
	for (i = 0; i < threads.n; i++) {
		nthreads = strtol(threads.v[i], NULL, 10);
		if (nthreads + (write_ms != NULL) > c->busy_cpus)
			c->busy_cpus = (int)nthreads + (write_ms != NULL);
		if (c->check_only)
			continue;
		if (nthreads > ncpu)
			warnx("collect lock: -t %ld on %ld online CPUs: threads "
			    "share CPUs, and a lock holder preempted makes "
			    "the others wait; those cells measure the "
			    "scheduler too", nthreads, ncpu);
		else if (pin && write_ms != NULL && nthreads >= ncpu)
			warnx("collect lock: --pin -w with -t %ld on %ld CPUs: "
			    "no CPU is left for the writer, which shares one "
			    "with a reader", nthreads, ncpu);
	}
	for (i = 0; i < heads.n; i++)
		for (j = 0; j < hooks.n; j++) {
			if (!pair_ok(&caps, heads.v[i], hooks.v[j])) {
				if (!c->quiet && !c->check_only)
					fprintf(stderr, "kbench collect lock: "
					    "skipping hook %s under head %s: the "
					    "module refuses it (on Linux: it may "
					    "sleep, and the head's read side is "
					    "atomic)\n", hooks.v[j], heads.v[i]);
				continue;
			}
			for (k = 0; k < threads.n; k++) {
				a = 0;
				cell_argv[a++] = prog;
				cell_argv[a++] = "-m";
				cell_argv[a++] = "-t";
				cell_argv[a++] = threads.v[k];
				cell_argv[a++] = "-n";
				cell_argv[a++] = (char *)count;
				cell_argv[a++] = "-d";
				cell_argv[a++] = (char *)delay;
				cell_argv[a++] = "-H";
				cell_argv[a++] = heads.v[i];
				cell_argv[a++] = "-k";
				cell_argv[a++] = hooks.v[j];
				if (write_ms != NULL) {
					cell_argv[a++] = "-w";
					cell_argv[a++] = (char *)write_ms;
				}
				if (pin)
					cell_argv[a++] = "-p";
				if (chain != NULL) {
					cell_argv[a++] = "-K";
					cell_argv[a++] = (char *)chain;
				}
				if (shared)
					cell_argv[a++] = "-S";
				if (duration != NULL) {
					cell_argv[a++] = "-D";
					cell_argv[a++] = (char *)duration;
				}
				cell_argv[a] = NULL;
				snprintf(name, sizeof(name), "head=%s,hook=%s,"
				    "threads=%s", heads.v[i], hooks.v[j],
				    threads.v[k]);
				/* Worst case: every call serialised on one lock,
				 * three hooks a chain (or --chain), plus ~300 ns
				 * of overhead; or the fixed duration. */
				nthreads = strtol(threads.v[k], NULL, 10);
				est = ncount * ((chain != NULL ? strtol(chain,
				    NULL, 10) : 3) * (double)ndelay + 300) / 1e9 *
				    (nthreads > ncpu ? (double)nthreads / ncpu : 1);
				if (duration != NULL)
					est = strtol(duration, NULL, 10) / 1e3;
				cell = collection_add(c, cell_argv, name, est,
				    co.timeout > 0 ? co.timeout : 10 * est * nthreads + 30);
				/*
				 * Its probe: the same cell, a few calls (a
				 * timed phase needs none: it lasts what it says).
				 */
				if (duration != NULL)
					continue;
				cell_argv[5] = probe_count;
				cell->iters = (double)ncount;
				cell->probe = collection_probe(c, cell_argv,
				    (double)nprobe, 0, 1e-9, 1);
			}
		}
	if (c->ncells == 0) {
		warnx("collect lock: no head and hook pair the %s backend can "
		    "run", be->name);
		rc = KB_EXIT_USAGE;
		goto out;
	}
	rc = KB_EXIT_OK;
out:
	caps_free(&caps);
	strlist_free(&heads);
	strlist_free(&hooks);
	strlist_free(&threads);
	kv_clear(&co.meta);
	free(prog);
	return rc;
}
