/*
 * status.h: how an operation of a mid layer (the analysis, the history,
 * the collector, gnuplot) ended.  The layer says what went wrong, in its
 * message; the command handler turns the status into an exit status
 * (kbench.h's exit_status()): no layer below the handlers chooses one.
 */
#ifndef KBENCH_STATUS_H
#define KBENCH_STATUS_H

enum status {
	STATUS_OK = 0,
	STATUS_BAD_INPUT,	/* the user's: nothing matches, an unknown name */
	STATUS_DB,		/* the database could not be read or written */
	STATUS_SYSTEM,		/* I/O, memory, a child that failed */
	STATUS_NO_GNUPLOT,	/* gnuplot is not installed */
	STATUS_INTERRUPTED	/* SIGINT or SIGTERM (signal_caught) */
};

#endif
