/*
 * sleep_methods.c: the sleep methods every POSIX system has, and the
 * lookup over this table and the OS's (see sleep_methods.h).
 *
 * Each fn makes exactly one call into the kernel (two for none: zero),
 * so a sample is that call plus one clock read.  Timeouts are rebuilt
 * from the context on every call because select(2) on Linux writes the
 * time left back into its timeval.
 */
#include <sys/select.h>
#include <sys/time.h>

#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/testsleep/sleep_methods.h"

/* The return of a call that reports errors in errno: 0 or that errno. */
static int
errno_of(int ret)
{
	return ret == -1 ? errno : 0;
}

static int
sleep_select(struct sleep_ctx *c)
{
	struct timeval tv = c->tv;

	return errno_of(select(0, NULL, NULL, NULL, &tv));
}

/* Milliseconds, rounded up: a 1 us request sleeps at least 1 ms. */
static int
sleep_poll(struct sleep_ctx *c)
{
	return errno_of(poll(NULL, 0, c->ms));
}

static int
sleep_usleep(struct sleep_ctx *c)
{
	return errno_of(usleep((useconds_t)c->usec));
}

static int
sleep_nanosleep(struct sleep_ctx *c)
{
	return errno_of(nanosleep(&c->ts, NULL));
}

/*
 * Periodic absolute sleeps, as cyclictest does: each target is the
 * previous one plus USEC, and the sample runs from the previous target
 * (the nominal start of this period) to the wake-up: USEC plus this
 * wake-up's latency, without drift.  A wake-up later than a whole period
 * skips the missed targets (cyclictest does the same), so the next
 * target is always ahead of the time read before the call.
 */
static int
abs_setup(struct sleep_ctx *c)
{
	struct timespec now;

	if (clock_gettime(CLOCK_MONOTONIC, &now) == -1)
		return errno;
	c->next = ns_ts(ts_ns(&now) + ts_ns(&c->ts));
	return 0;
}

static int
sleep_abs(struct sleep_ctx *c)
{
	int64_t now = ts_ns(&c->start), next = ts_ns(&c->next);
	int64_t period = ts_ns(&c->ts);
	int e;

	if (period == 0)
		next = now;		/* USEC 0: a target already reached */
	else if (next <= now)		/* late: skip whole missed periods */
		next += ((now - next) / period + 1) * period;
	c->next = ns_ts(next);
	c->start = ns_ts(next - period);
	/* clock_nanosleep returns the error; it does not set errno. */
	e = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &c->next, NULL);
	c->next = ns_ts(next + period);
	return e;
}

/*
 * The baseline: one trivial system call.  getppid() enters the kernel
 * every time: neither glibc nor FreeBSD's libc caches it (getpid() is
 * the one glibc used to cache, before 2.25).
 */
static int
sleep_syscall(struct sleep_ctx *c)
{
	(void)getppid();
	return 0;
}

/* Nothing: the sample is the harness, two clock reads and a call. */
static int
sleep_none(struct sleep_ctx *c)
{
	return 0;
}

const struct sleep_method sleep_methods_portable[] = {
	{ "select", "select(2), no descriptors, timeval timeout",
	    sleep_select, NULL, NULL },
	{ "poll", "poll(2), no descriptors, timeout in ms rounded up",
	    sleep_poll, NULL, NULL },
	{ "usleep", "usleep(3)", sleep_usleep, NULL, NULL },
	{ "nanosleep", "nanosleep(2), relative", sleep_nanosleep, NULL, NULL },
	{ "clock_nanosleep",
	    "clock_nanosleep(2) TIMER_ABSTIME CLOCK_MONOTONIC, periodic targets",
	    sleep_abs, abs_setup, NULL },
	{ "syscall", "getppid(2): the cost of a system call, USEC ignored",
	    sleep_syscall, NULL, NULL },
	{ "none", "nothing: the cost of the two clock reads",
	    sleep_none, NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

const struct sleep_method *
sleep_method_find(const char *name)
{
	const struct sleep_method *m;

	for (m = sleep_methods_portable; m->name != NULL; m++)
		if (strcmp(m->name, name) == 0)
			return m;
	for (m = sleep_methods_os; m->name != NULL; m++)
		if (strcmp(m->name, name) == 0)
			return m;
	return NULL;
}

void
sleep_methods_list(FILE *fp)
{
	const struct sleep_method *m;

	for (m = sleep_methods_portable; m->name != NULL; m++)
		fprintf(fp, "%s\t%s\n", m->name, m->desc);
	for (m = sleep_methods_os; m->name != NULL; m++)
		fprintf(fp, "%s\t%s\n", m->name, m->desc);
}

void
sleep_ctx_init(struct sleep_ctx *c, long usec)
{
	memset(c, 0, sizeof(*c));
	c->usec = usec;
	c->ts.tv_sec = usec / 1000000;
	c->ts.tv_nsec = (usec % 1000000) * 1000;
	c->tv.tv_sec = usec / 1000000;
	c->tv.tv_usec = usec % 1000000;
	/* usec <= 60000000, so ms <= 60000 fits an int. */
	c->ms = (int)((usec + 999) / 1000);
	c->fd = -1;
}
