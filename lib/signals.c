/*
 * signals.c: see signals.h.
 */
#include <err.h>
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "lib/signals.h"

volatile sig_atomic_t		signal_caught;
/* The child to pass a caught signal on to, or 0. */
static volatile sig_atomic_t	forward_to;
static int			caught_hup;
/* What signals_catch() catches, in order; SIGHUP only when asked. */
static const int		stop_sigs[] = { SIGINT, SIGTERM, SIGHUP };
#define NSTOP	(int)(sizeof(stop_sigs) / sizeof(stop_sigs[0]))

static void
on_signal(int sig)
{
	signal_caught = sig;
	if (forward_to > 0)
		kill((pid_t)forward_to, sig);
}

int
signals_catch(void (*handler)(int), int flags, struct saved_signals *saved)
{
	struct sigaction sa;
	int i, n = (flags & SIGNALS_HUP) ? 3 : 2, e;

	signal_caught = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler != NULL ? handler : on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < n; i++)
		if (sigaction(stop_sigs[i], &sa,
		    saved != NULL ? &saved->old[i] : NULL) == -1) {
			e = errno;
			if (saved != NULL) {
				saved->n = i;
				signals_restore(saved);
			}
			errno = e;
			return -1;
		}
	if (saved != NULL)
		saved->n = n;
	caught_hup = n == 3;
	return 0;
}

void
signals_restore(const struct saved_signals *saved)
{
	int i;

	for (i = 0; i < saved->n && i < NSTOP; i++)
		sigaction(stop_sigs[i], &saved->old[i], NULL);
}

void
signals_forward(pid_t pid)
{
	forward_to = pid;
}

void
signals_default(void)
{
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if (caught_hup)
		signal(SIGHUP, SIG_DFL);
}

const char *
signal_name(int sig)
{
	switch (sig) {
	case SIGINT:
		return "SIGINT";
	case SIGTERM:
		return "SIGTERM";
	case SIGHUP:
		return "SIGHUP";
	default:
		return "a signal";
	}
}

int
signals_stopped(const char *who, const char *what)
{
	warnx("%s: stopped by %s: %s", who, signal_name(signal_caught), what);
	return 128 + signal_caught;
}
