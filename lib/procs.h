/*
 * procs.h: running child processes, the one place kbench forks.
 *
 * spawn_start() starts one with its standard output and error where
 * asked (ours, a pipe, /dev/null, a file) and, in a group of its own,
 * its stdin from /dev/null; spawn_drain() reads its pipes
 * until they close, a deadline passes or we are told to stop, and
 * spawn_wait() reaps it.  procs_run() runs a batch, a few at once, each
 * one's output kept for its error message: gnuplot on a batch of charts,
 * kbench report on a pair of runs.
 */
#ifndef KBENCH_PROCS_H
#define KBENCH_PROCS_H

#include <sys/types.h>

#include <signal.h>
#include <stddef.h>

#include "lib/util.h"

/* Where a child's standard output or error goes. */
enum spawn_io {
	SPAWN_INHERIT,		/* ours */
	SPAWN_PIPE,		/* a pipe we read: spawn.out or spawn.err */
	SPAWN_NULL,		/* /dev/null */
	SPAWN_FD,		/* the descriptor spawn.out_fd (stdout only) */
	SPAWN_MERGE		/* where stdout goes (stderr only) */
};

/* spawn.flags */
#define SPAWN_SEARCH	0x1	/* look argv[0] up on PATH */
#define SPAWN_SIGDFL	0x2	/* signals_default() in the child */
/*
 * In our process group, not one of its own: a kbench child on our
 * terminal, whose Ctrl-C is ours.  Without it, what a child leaves
 * behind is ended with it (spawn_wait()).
 */
#define SPAWN_OUR_GROUP	0x4

/*
 * Seconds spawn_drain() reads on once the child has exited, while what
 * it left behind holds its pipes.
 */
#define SPAWN_EXIT_GRACE_S	0.5

/*
 * Seconds spawn_wait() gives a child it sent a signal other than
 * SIGKILL (with SIGCONT) to end, before SIGKILL.
 */
#define SPAWN_KILL_GRACE_S	2.0

struct spawn {
	char *const	*argv;
	const char	*dir;		/* run in this directory, or NULL */
	const int	*dir_fd;	/* or this one, held open (a private
					   directory of outdir.h), or NULL */
	int		 flags;
	enum spawn_io	 out_to, err_to;
	int		 out_fd;	/* with out_to SPAWN_FD */
	/*
	 * Written to the child's stderr, before argv[0] and the error,
	 * when it cannot be run; NULL: nothing.
	 */
	const char	*exec_fail;
	/*
	 * Seconds spawn_wait() gives it after a signal, before SIGKILL;
	 * 0: SPAWN_KILL_GRACE_S.  A kbench child that stops children of its
	 * own needs longer than they get.
	 */
	double		 grace_s;
	/* Set by spawn_start(): */
	pid_t		 pid;
	int		 out, err;	/* our ends of the pipes, or -1 */
};

/*
 * Start s.  A child that cannot chdir exits 126, one that cannot exec
 * 127.  Returns 0, or -1 (errno set, nothing left open).
 */
int	spawn_start(struct spawn *s);

/* Why spawn_drain() returned. */
enum spawn_end {
	SPAWN_ENDED,		/* its pipes closed, or it exited and
				   SPAWN_EXIT_GRACE_S passed */
	SPAWN_STOPPED,		/* *stop was set */
	SPAWN_TIMED_OUT,	/* the deadline passed */
	SPAWN_REFUSED,		/* take() returned -1 */
	SPAWN_POLL_FAILED	/* poll() failed (errno set) */
};

/*
 * Read s's pipes, handing each piece to take (is_err: it came from
 * stderr) until both close and the child has exited, *stop (if not
 * NULL) is set, timeout_s seconds pass (<= 0: no limit) or take returns
 * -1.  It does not kill the child or close the pipes: spawn_wait() does.
 */
enum spawn_end	spawn_drain(struct spawn *s, double timeout_s,
		    volatile sig_atomic_t *stop,
		    int (*take)(void *arg, int is_err, const char *buf, size_t n),
		    void *arg);

/*
 * Close the pipes left, send sig (unless 0) to s's group and reap s:
 * its status as waitpid() gives it, or -1.  A sig other than SIGKILL
 * comes with SIGCONT, and SIGKILL follows after s->grace_s.
 * Once it has exited, what is left of its group gets SIGTERM, then
 * SIGKILL.  With sig 0 it waits for the exit without limit.
 */
int	spawn_wait(struct spawn *s, int sig);

/*
 * Make us the reaper of what our children leave behind, a child that
 * left its group (setsid) included: Linux's PR_SET_CHILD_SUBREAPER,
 * FreeBSD's PROC_REAP_ACQUIRE; elsewhere nothing.
 */
void	procs_adopt_orphans(void);
/*
 * Kill (SIGKILL) and reap every child of ours, adopted ones and theirs:
 * call it only when none of ours is meant to be running.
 */
void	procs_end_orphans(void);

/* A status as a shell reports it: the exit code, 128 + a signal; -1. */
int	status_code(int status);
/* Did the status say exit 0? */
int	status_ok(int status);

/* What a child's output is kept of: the first bytes, where errors are. */
#define PROC_OUT_MAX	4096

struct proc {
	char *const	*argv;		/* argv[0] is looked up on PATH */
	const char	*dir;		/* run in this directory, or NULL */
	const int	*dir_fd;	/* or this one (struct spawn's) */
	struct strbuf	 out;		/* stdout and stderr, merged, the
					   first PROC_OUT_MAX bytes */
	int		 status;	/* as waitpid() gives it; -1 when it
					   could not be started (errno in
					   start_errno) */
	int		 start_errno;
	double		 grace_s;	/* struct spawn's; 0: the default */
};

/*
 * Run p[0 .. n), at most maxpar at once, in order.  Returns 0, or -1
 * when waiting for them failed (errno set): each p->status says how it
 * ended.  A signal signals_catch() caught stops it: those running get
 * SIGTERM (spawn_wait()), the rest do not start (status -1, start_errno
 * EINTR), and it returns -1 with errno EINTR.
 */
int	procs_run(struct proc *p, size_t n, int maxpar);
/* Did it exit 0? */
int	proc_ok(const struct proc *p);
void	procs_free(struct proc *p, size_t n);

#endif
