/*
 * cmd_collect.c: kbench collect KIND: run a benchmark matrix and store
 * every sample.  One file per kind (collect_sleep.c...).
 */
#include <err.h>
#include <stdio.h>
#include <string.h>

#include "collect.h"
#include "kbench.h"

const char collect_help[] =
    "usage: kbench collect sleep [-l LABEL] [-r ROUNDS] [-m METHODS] [-u USECS]\n"
    "                            [-n N | -T SECONDS] [--slack NS] [--fifo PRIO]\n"
    "                            [--cpu N] [--timeout S] [--meta K=V]... [-q]\n"
    "\n"
    "Runs the benchmark program once per cell of its matrix, ROUNDS times,\n"
    "the order of the cells shuffled in each round, and stores every sample\n"
    "with the facts of this machine.  Each round is committed as it completes;\n"
    "Ctrl-C or SIGTERM marks the run aborted and keeps the rounds done (exit\n"
    "130 or 143); a benchmark that crashes, hangs or prints garbage aborts the\n"
    "run with a message naming the cell (exit 4).\n"
    "\n"
    "sleep: how long sleeping USEC microseconds really takes (testsleep).\n"
    "   -l, --label LABEL    the run's label (default: the kernel release)\n"
    "   -r, --rounds N       rounds of the whole matrix (default 5)\n"
    "   -m, --methods LIST   comma-separated methods (default: all of this OS;\n"
    "                        testsleep -l lists them)\n"
    "   -u, --usecs LIST     durations in µs (default 1,300,3000,30000,300000)\n"
    "   -n, --iterations N   sleeps per cell (default: 2000000/USEC, 5 to 1000)\n"
    "   -T, --seconds S      or: seconds per cell\n"
    "   --slack NS           timer slack (Linux prctl PR_SET_TIMERSLACK)\n"
    "   --fifo PRIO          SCHED_FIFO at this priority (needs privilege)\n"
    "   --cpu N              pin the sleeper to CPU N\n"
    "   --timeout S          a cell running longer is a hang (default: ten times\n"
    "                        its expected time, plus 30 s)\n"
    "   --meta K=V           a fact of the run (repeatable)\n"
    "   -q, --quiet          no matrix, no progress line\n";

int
cmd_collect(int argc, char **argv, struct kbench_ctx *ctx)
{
	if (argc < 2) {
		warnx("collect: which benchmark? kbench collect sleep (kbench "
		    "help collect)");
		return KB_EXIT_USAGE;
	}
	if (strcmp(argv[1], "sleep") == 0)
		return collect_sleep(argc - 1, argv + 1, ctx);
	warnx("collect: unknown benchmark '%s': expected sleep", argv[1]);
	return KB_EXIT_USAGE;
}
