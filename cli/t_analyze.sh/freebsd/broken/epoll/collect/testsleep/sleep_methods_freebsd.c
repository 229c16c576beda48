/*
 * sleep_methods_freebsd.c: the FreeBSD-only sleep methods (kqueue,
 * kqueueto) and the OS interface: no timer slack, affinity with
 * cpuset_setaffinity(2).
 *
 * UNCOMPILED HERE: there is no FreeBSD machine in this tree's test
 * setup.  Written against FreeBSD 14's sys/sys/event.h (EV_SET with six
 * arguments, NOTE_USECONDS, EVFILT_TIMER one-shots of 0 allowed) and
 * sys/sys/cpuset.h, kqueue(2), cpuset(2).
 */
#include <sys/param.h>
#include <sys/cpuset.h>
#include <sys/epoll.h>
#include <sys/event.h>
#include <sys/time.h>

#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/testsleep/sleep_methods.h"

#define TIMER_IDENT	1	/* the EVFILT_TIMER's id in our kqueue */

static int
kqueue_setup(struct sleep_ctx *c)
{
	if ((c->fd = kqueue()) == -1)
		return errno;
	return 0;
}

static void
kqueue_fini(struct sleep_ctx *c)
{
	if (c->fd != -1)
		close(c->fd);
	c->fd = -1;
}

/*
 * Register a one-shot EVFILT_TIMER of USEC microseconds and wait for it
 * in the same kevent(2) call, as the original testsleep did.  EV_ONESHOT
 * deletes the knote when it fires, so each call registers a new one.
 * An error in registering comes back as an EV_ERROR event (the event
 * list has room for it) with the errno in data.
 */
static int
sleep_kqueue(struct sleep_ctx *c)
{
	struct kevent change, ev;
	int n;

	EV_SET(&change, TIMER_IDENT, EVFILT_TIMER, EV_ADD | EV_ONESHOT,
	    NOTE_USECONDS, c->usec, NULL);
	if ((n = kevent(c->fd, &change, 1, &ev, 1, NULL)) == -1)
		return errno;
	if (n == 1 && (ev.flags & EV_ERROR) != 0)
		return (int)ev.data;
	return 0;
}

/* An empty change list and a timeout: kevent(2) as a sleep. */
static int
sleep_kqueueto(struct sleep_ctx *c)
{
	struct kevent ev;

	if (kevent(c->fd, NULL, 0, &ev, 1, &c->ts) == -1)
		return errno;
	return 0;
}

const struct sleep_method sleep_methods_os[] = {
	{ "kqueue", "kevent(2) EVFILT_TIMER one-shot, NOTE_USECONDS",
	    sleep_kqueue, kqueue_setup, kqueue_fini },
	{ "kqueueto", "kevent(2) on an empty kqueue, timespec timeout",
	    sleep_kqueueto, kqueue_setup, kqueue_fini },
	{ NULL, NULL, NULL, NULL, NULL }
};

/*
 * No per-thread timer slack on FreeBSD: the closest thing,
 * kern.timecounter.alloweddeviation, is a system-wide percentage.
 */
int
os_timer_slack_get(long *ns)
{
	return ENOTSUP;
}

int
os_timer_slack_set(long ns)
{
	return ENOTSUP;
}

int
os_cpu_usable(long cpu)
{
	cpuset_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return 0;
	CPU_ZERO(&set);
	if (cpuset_getaffinity(CPU_LEVEL_WHICH, CPU_WHICH_PID, -1,
	    sizeof(set), &set) == -1)
		return 0;
	return CPU_ISSET((int)cpu, &set) != 0;
}

int
os_cpu_pin(long cpu)
{
	cpuset_t set;

	CPU_ZERO(&set);
	CPU_SET((int)cpu, &set);
	if (cpuset_setaffinity(CPU_LEVEL_WHICH, CPU_WHICH_PID, -1,
	    sizeof(set), &set) == -1)
		return errno;
	return 0;
}
