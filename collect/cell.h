/*
 * cell.h: run one benchmark child, a cell of a collection or the
 * question asked of its program before (--check, a calibration probe),
 * and say what came of it.
 */
#ifndef KBENCH_CELL_H
#define KBENCH_CELL_H

#include <signal.h>

#include "collect/protocol.h"
#include "lib/util.h"

/* What the child's standard output is. */
enum cell_mode {
	CELL_PROTOCOL,		/* the kbench protocol, parsed into out */
	CELL_CHECK		/* nothing of use: its verdict is its status */
};

/* What one child did. */
struct cell_result {
	struct proto_output	out;
	struct strbuf		why;	/* empty when it succeeded */
	int			status;	/* its exit status; -1: killed, or
					   not run */
	struct strbuf		said;	/* the last line of its stderr; with
					   CELL_CHECK the first */
	double			wall_s;	/* from fork to its end */
};

/*
 * Run argv (argv[0] a path) and wait for it, at most timeout_s seconds:
 * then it is killed (a hang).  With stop set (a signal handler's flag)
 * it is stopped too.  why says what went wrong: a crash, an exit
 * status other than 0 with the last line of its stderr, a hang, an
 * invalid output.
 */
void	cell_run(char *const *argv, enum cell_mode mode, double timeout_s,
	    volatile sig_atomic_t *stop, struct cell_result *r);
void	cell_result_free(struct cell_result *r);

#endif
