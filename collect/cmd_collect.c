/*
 * cmd_collect.c: kbench collect KIND: run a benchmark matrix and store
 * every sample.  One file per benchmark (collect_sleep.c...), found
 * through its descriptor (benchmark.h).
 */
#include <err.h>
#include <stdio.h>
#include <string.h>

#include "collect/benchmark.h"
#include "collect/collect.h"
#include "collect/collector.h"
#include "kbench.h"
#include "db/store.h"

const char collect_help[] =
    "usage: kbench collect sleep [-l LABEL] [-r ROUNDS | --until U [--max-rounds N]\n"
    "                            [--baseline RUN] [--until-where K=V]...]\n"
    "                            [-m METHODS] [-u USECS]\n"
    "                            [-n N | -T SECONDS] [--slack NS] [--fifo PRIO]\n"
    "                            [--cpu N] [--timeout S] [--meta K=V]... [-q|-v]\n"
    "       kbench collect lock [-l LABEL] [-r ROUNDS | --until U [--max-rounds N]\n"
    "                           [--baseline RUN] [--until-where K=V]...]\n"
    "                           [--backend user|kmod]\n"
    "                           [-H HEADS] [-k HOOKS] [-t THREADS]\n"
    "                           [--duration MS | -n COUNT] [-D DELAY_NS]\n"
    "                           [-w WRITE_MS] [--pin] [--chain N] [--shared]\n"
    "                           [--timeout S] [--meta K=V]... [-q|-v]\n"
    "\n"
    "Runs the benchmark program once per cell of its matrix, ROUNDS times,\n"
    "the order of the cells shuffled in each round, and stores every sample\n"
    "with the facts of this machine.  Each round is committed as it completes;\n"
    "Ctrl-C or SIGTERM marks the run aborted and keeps the rounds done (exit\n"
    "130 or 143); a benchmark that crashes, hangs or prints garbage aborts the\n"
    "run with a message naming the cell (exit 4).  The 1-minute load average\n"
    "before the run and around every round is kept in the run's facts; a busy\n"
    "machine is said (and said again by kbench analyze).\n"
    "\n"
    "Each cell is first put to its program (PROGRAM --check): one it refuses\n"
    "is a usage error (exit 2) before anything is made.  Then one line gives\n"
    "the matrix and its time, measured by a short probe of each program; at\n"
    "the end, the median of each series on standard output.\n"
    "\n"
    "sleep: how long sleeping USEC microseconds really takes (testsleep).\n"
    "   -l, --label LABEL    the run's label (default: the kernel release)\n"
    "   -r, --rounds N       rounds of the whole matrix (default 5)\n"
    "   --until decided      or: stop the round every series of the two methods\n"
    "                        (-m A,B; lock: two heads, -H A,B) is decided, as\n"
    "                        kbench analyze --run N --compare method=A method=B\n"
    "                        (lock: head=A head=B) --sequential reads the run, at\n"
    "                        95% over its series (Bonferroni), no threshold (fact\n"
    "                        stopped_by: decided, precision, cap, interrupted or\n"
    "                        failed)\n"
    "   --until precision=P% or: the round every interval is within +-P%\n"
    "   --max-rounds N       --until's cap (default 30)\n"
    "   --baseline RUN       --until against a stored run (a label, id or uuid\n"
    "                        naming one complete run), each cell against the\n"
    "                        same cell there, round k against its round k: it\n"
    "                        must have every cell (the cap: its rounds at most)\n"
    "   --until-where K=V    --until waits for these series only (as --where:\n"
    "                        repeated, OR within a key, AND across keys)\n"
    "   -m, --methods LIST   comma-separated methods (default: all of this OS;\n"
    "                        testsleep -l lists them)\n"
    "   -u, --usecs LIST     durations in µs (default 1,300,3000,30000,300000)\n"
    "   -n, --iterations N   sleeps per cell (default: 2000000/USEC, 5 to 1000)\n"
    "   -T, --seconds S      or: seconds per cell\n"
    "   --slack NS           timer slack (Linux prctl PR_SET_TIMERSLACK)\n"
    "   --fifo PRIO          SCHED_FIFO at this priority (needs privilege)\n"
    "   --cpu N              pin the sleeper to CPU N\n"
    "   --timeout S          a cell running longer is a hang (default: ten times\n"
    "                        its expected time, plus 30 s); testsleep -l's\n"
    "                        deadline too (default 30 s)\n"
    "   --meta K=V           a fact of the run (repeatable)\n"
    "   -q, --quiet          no matrix, no probes, no progress line, no load\n"
    "                        warning, no summary\n"
    "   -v, --verbose        the matrix's cells, a line each\n"
    "\n"
    "lock: the pfil hook-chain experiment: THREADS threads walk a chain of\n"
    "three hooks under a HEAD lock, each hook taking its HOOK lock around a\n"
    "busy-wait of DELAY_NS, for a timed phase (every thread stopped together)\n"
    "or COUNT walks each.  One sample per cell per round, on both backends:\n"
    "every walk of every thread over the first start to the last end, in ns\n"
    "per walk (lower is better); fairness_min (fewest walks over most) a fact.\n"
    "   --backend B          user (lockbench: ck, pthread, liburcu locks) or kmod\n"
    "                        (the pfilbench kernel module, through pfilbench-ctl);\n"
    "                        default: kmod when the module is loaded, else user\n"
    "   -H, --heads LIST     head locks (default: user rw,rm,rwsem,rmsem,epoch,\n"
    "                        none; kmod: every head the module lists,\n"
    "                        pfilbench-ctl -c); compare rw,rm (spinning) or\n"
    "                        rwsem,rmsem (sleeping): like with like\n"
    "   -k, --hooks LIST     hook locks (default: user null,mtx,rw,rm,spin; kmod:\n"
    "                        the module's; pairs it refuses are skipped)\n"
    "   -t, --threads LIST   thread counts (default 1,2)\n"
    "   --duration MS        a timed phase of MS ms, every thread stopped\n"
    "                        together (default 100, after a 10 ms warm-up)\n"
    "   -n, --count N        N walks per thread instead: a thread the locks favour\n"
    "                        ends first and a starved one sets the window (with\n"
    "                        --duration too, the duration wins)\n"
    "   -D, --delay NS       busy-wait inside each hook (default 1000, DELAY(1));\n"
    "                        -d here is refused: before the command it is the\n"
    "                        database\n"
    "   -w, --write MS       a writer takes the head lock every MS ms\n"
    "   --pin                pin threads round-robin to CPUs (kmod: one per core)\n"
    "   --chain N            kmod: N hooks on the chain (default 3)\n"
    "   --shared             kmod: one hook lock shared by all hooks (the seed's)\n"
    "   (-l, -r, --until, --max-rounds, --baseline, --until-where, --timeout,\n"
    "   --meta, -q, -v as for sleep)\n";

int
collect_prepare(int argc, char **argv, struct kbench_ctx *ctx,
    struct collection *c)
{
	const struct benchmark *b;
	struct strbuf names = STRBUF_INIT;
	char who[64];
	int rc;

	if (argc >= 1 && (b = benchmark_find(argv[0])) != NULL) {
		if ((rc = b->prepare(argc, argv, ctx, c)) != KB_EXIT_OK)
			return rc;
		snprintf(who, sizeof(who), "collect %s", b->name);
		return until_prepare(&c->until, c, b->interleaved, who) == -1 ?
		    KB_EXIT_USAGE : KB_EXIT_OK;
	}
	if (argc < 1) {
		benchmark_names(&names, "|", "|");
		warnx("collect: which benchmark? kbench collect %s "
		    "(kbench help collect)", sb_str(&names));
	} else {
		benchmark_names(&names, ", ", " or ");
		warnx("collect: unknown benchmark '%s': expected %s", argv[0],
		    sb_str(&names));
	}
	sb_free(&names);
	return KB_EXIT_USAGE;
}

/* Check everything, then open (or create) the database, then run. */
int
cmd_collect(int argc, char **argv, struct kbench_ctx *ctx)
{
	struct collection c;
	struct strbuf err = STRBUF_INIT;
	char who[64];
	int rc, why;

	memset(&c, 0, sizeof(c));
	if ((rc = collect_prepare(argc - 1, argv + 1, ctx, &c)) != KB_EXIT_OK)
		goto out;
	/* Its program refuses a cell: nothing made, not even the file. */
	snprintf(who, sizeof(who), "collect %s", c.benchmark);
	if ((rc = exit_status(collection_check(&c, who))) != KB_EXIT_OK)
		goto out;
	/*
	 * A baseline is in a database already: opened without creating
	 * one (cmd_open_db then keeps it), the store saying why not.
	 */
	if (c.until.baseline != NULL && c.until.mode != UNTIL_NONE &&
	    (ctx->db = store_open(ctx->db_path, 0, &err, &why)) == NULL) {
		warnx("%s: --baseline: %s", who, sb_str(&err));
		rc = why == STORE_ENOENT ? KB_EXIT_USAGE : KB_EXIT_DB;
		goto out;
	}
	if ((rc = cmd_open_db(ctx, "collect")) != KB_EXIT_OK)
		goto out;
	switch (until_baseline(&c.until, ctx->db, &c, who)) {
	case -1:
		rc = KB_EXIT_USAGE;
		goto out;
	case -2:
		rc = KB_EXIT_DB;
		goto out;
	}
	/* The estimate is for eyes: -q (cron) saves the probes' time. */
	if (!c.quiet)
		collection_calibrate(&c);
	rc = exit_status(collection_run(ctx->db, &c));
out:
	collection_free(&c);
	sb_free(&err);
	return rc;
}
