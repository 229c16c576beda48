/*
 * kbench_exit.h: what kbench shows the world, and nothing else: its
 * version and its exit statuses.  A leaf: lib/ and the layers include
 * it for the version (or, lib/util.c, for the status of running out of
 * memory); only the command handlers choose an exit status, mapping a
 * mid layer's enum status (lib/status.h) through exit_status().
 */
#ifndef KBENCH_EXIT_H
#define KBENCH_EXIT_H

#define KBENCH_VERSION	"0.1.0"

/*
 * Exit status, documented in kbench(1) and docs/architecture.md.  1 is kept for
 * "a comparison found a significant regression" (--fail-on-regression).
 */
#define KB_EXIT_OK		0
#define KB_EXIT_REGRESSION	1
#define KB_EXIT_USAGE		2	/* bad option, malformed input, unknown label */
#define KB_EXIT_DB		3	/* database error: cannot open, corrupt, too new */
#define KB_EXIT_IO		4	/* system error: I/O, memory, a child that failed */
#define KB_EXIT_TEMPFAIL	75	/* try again later: another nightly holds
					   its lock (sysexits' EX_TEMPFAIL) */

#endif
