/*
 * signals.h: stopping cleanly on SIGINT and SIGTERM (and, for the
 * nightly, SIGHUP): the handler only records which signal came, and the
 * code polls that between steps; a child process gets the defaults back.
 */
#ifndef KBENCH_SIGNALS_H
#define KBENCH_SIGNALS_H

#include <sys/types.h>

#include <signal.h>

/* Catch SIGHUP too (the nightly: a closed terminal stops it cleanly). */
#define SIGNALS_HUP	0x1

/* The actions signals_catch() replaced, for signals_restore(). */
struct saved_signals {
	struct sigaction	old[3];
	int			n;
};

/* The signal caught since signals_catch(), or 0. */
extern volatile sig_atomic_t	signal_caught;

/*
 * Catch SIGINT and SIGTERM (and SIGHUP with SIGNALS_HUP) with handler,
 * or, handler NULL, with one that records the signal in signal_caught
 * and passes it on to the child signals_forward() named.  No SA_RESTART:
 * a blocking call returns EINTR.  Clears signal_caught; saves the old
 * actions in saved unless NULL.  Returns 0, or -1 (errno set).
 */
int	signals_catch(void (*handler)(int), int flags,
	    struct saved_signals *saved);
void	signals_restore(const struct saved_signals *saved);
/* Pass the signals caught on to pid from now on (0: to no one). */
void	signals_forward(pid_t pid);
/*
 * In a child, before exec: SIGINT and SIGTERM (and SIGHUP when caught)
 * back to their defaults, even when our parent ignored them.
 */
void	signals_default(void);
/* "SIGINT", "SIGTERM", "SIGHUP" (what signals_catch() catches); else
 * "a signal". */
const char	*signal_name(int sig);
/*
 * Say "kbench: WHO: stopped by SIGTERM: WHAT" for the signal caught;
 * its exit status, 128 + the signal.
 */
int	signals_stopped(const char *who, const char *what);

#endif
