/*
 * procs.h: running child processes, a few at once, each one's output
 * kept for its error message: gnuplot on a batch of charts, kbench
 * report on a pair of runs.
 */
#ifndef KBENCH_PROCS_H
#define KBENCH_PROCS_H

#include <stddef.h>

#include "lib/util.h"

/* What a child's output is kept of: the first bytes, where errors are. */
#define PROC_OUT_MAX	4096

struct proc {
	char *const	*argv;		/* argv[0] is looked up on PATH */
	const char	*dir;		/* run in this directory, or NULL */
	struct strbuf	 out;		/* stdout and stderr, merged, the
					   first PROC_OUT_MAX bytes */
	int		 status;	/* as waitpid() gives it; -1 when it
					   could not be started (errno in
					   start_errno) */
	int		 start_errno;
};

/*
 * Run p[0 .. n), at most maxpar at once, in order.  A child that cannot
 * chdir exits 126, one whose program is not found 127.  Returns 0, or -1
 * when waiting for them failed (errno set): each p->status says how it
 * ended.
 */
int	procs_run(struct proc *p, size_t n, int maxpar);
/* Did it exit 0? */
int	proc_ok(const struct proc *p);
void	procs_free(struct proc *p, size_t n);

#endif
