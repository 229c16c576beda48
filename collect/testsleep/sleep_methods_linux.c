/*
 * sleep_methods_linux.c: the Linux-only sleep methods (ppoll, pselect,
 * epoll, epoll_pwait2, timerfd) and the OS interface: timer slack with
 * prctl(2), affinity with sched_setaffinity(2).
 */
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>

#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/testsleep/sleep_methods.h"

/* glibc has had the epoll_pwait2() wrapper since 2.35. */
#if defined(__GLIBC__) && \
    (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
#define HAVE_EPOLL_PWAIT2	1
#endif

static int
errno_of(int ret)
{
	return ret == -1 ? errno : 0;
}

static int
sleep_ppoll(struct sleep_ctx *c)
{
	return errno_of(ppoll(NULL, 0, &c->ts, NULL));
}

static int
sleep_pselect(struct sleep_ctx *c)
{
	return errno_of(pselect(0, NULL, NULL, NULL, &c->ts, NULL));
}

/* An epoll instance with nothing in it: its wait can only time out. */
static int
epoll_setup(struct sleep_ctx *c)
{
	if ((c->fd = epoll_create1(EPOLL_CLOEXEC)) == -1)
		return errno;
	return 0;
}

static void
fd_fini(struct sleep_ctx *c)
{
	if (c->fd != -1)
		close(c->fd);
	c->fd = -1;
}

/* Milliseconds, rounded up, as poll. */
static int
sleep_epoll(struct sleep_ctx *c)
{
	struct epoll_event ev;

	return errno_of(epoll_wait(c->fd, &ev, 1, c->ms));
}

/*
 * epoll_pwait2(2), Linux 5.11: a timespec timeout.  Without the libc
 * wrapper, the system call itself, whose timeout is the kernel's
 * struct __kernel_timespec (64-bit fields on every architecture).
 * Kernel headers too old to name it: ENOSYS, as an old kernel says.
 */
static int
pwait2(int fd, const struct timespec *ts)
{
	struct epoll_event ev;
#ifdef HAVE_EPOLL_PWAIT2
	return errno_of(epoll_pwait2(fd, &ev, 1, ts, NULL));
#elif defined(SYS_epoll_pwait2)
	struct { int64_t tv_sec; long long tv_nsec; } kts;

	kts.tv_sec = ts->tv_sec;
	kts.tv_nsec = ts->tv_nsec;
	return errno_of((int)syscall(SYS_epoll_pwait2, fd, &ev, 1, &kts,
	    NULL, (size_t)0));
#else
	(void)fd;
	(void)ts;
	(void)ev;
	return ENOSYS;
#endif
}

/* Ask once, with a zero timeout, so a kernel without it fails early. */
static int
pwait2_setup(struct sleep_ctx *c)
{
	static const struct timespec zero = { 0, 0 };
	int e;

	if ((e = epoll_setup(c)) != 0)
		return e;
	if ((e = pwait2(c->fd, &zero)) != 0)
		fd_fini(c);
	return e;
}

static int
sleep_pwait2(struct sleep_ctx *c)
{
	return pwait2(c->fd, &c->ts);
}

static int
timerfd_setup(struct sleep_ctx *c)
{
	if ((c->fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC)) == -1)
		return errno;
	return 0;
}

/*
 * Arm a relative one-shot timer and read(2) until it expires.  A zero
 * it_value disarms the timer (the read would block for ever), so USEC 0
 * arms it for 1 ns.
 */
static int
sleep_timerfd(struct sleep_ctx *c)
{
	struct itimerspec its;
	uint64_t expirations;

	memset(&its, 0, sizeof(its));
	its.it_value = c->ts;
	if (c->usec == 0)
		its.it_value.tv_nsec = 1;
	if (timerfd_settime(c->fd, 0, &its, NULL) == -1)
		return errno;
	if (read(c->fd, &expirations, sizeof(expirations)) == -1)
		return errno;
	return 0;
}

const struct sleep_method sleep_methods_os[] = {
	{ "ppoll", "ppoll(2), no descriptors, timespec timeout",
	    sleep_ppoll, NULL, NULL },
	{ "pselect", "pselect(2), no descriptors, timespec timeout",
	    sleep_pselect, NULL, NULL },
	{ "epoll", "epoll_wait(2) on an empty set, timeout in ms rounded up",
	    sleep_epoll, epoll_setup, fd_fini },
	{ "epoll_pwait2",
	    "epoll_pwait2(2) on an empty set, timespec timeout (Linux 5.11)",
	    sleep_pwait2, pwait2_setup, fd_fini },
	{ "timerfd", "timerfd_settime(2) relative one-shot, then read(2)",
	    sleep_timerfd, timerfd_setup, fd_fini },
	{ NULL, NULL, NULL, NULL, NULL }
};

/*
 * PR_GET_TIMERSLACK returns the slack as prctl's int result; testsleep
 * sets at most 1 s, and the default is 50 us, so it fits.
 */
int
os_timer_slack_get(long *ns)
{
	int v;

	if ((v = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0)) == -1)
		return errno;
	*ns = v;
	return 0;
}

/* 0 restores the thread's default slack (prctl(2)). */
int
os_timer_slack_set(long ns)
{
	if (prctl(PR_SET_TIMERSLACK, (unsigned long)ns, 0, 0, 0) == -1)
		return errno;
	return 0;
}

int
os_cpu_usable(long cpu)
{
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return 0;
	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) == -1)
		return 0;
	return CPU_ISSET((int)cpu, &set) != 0;
}

int
os_cpu_pin(long cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET((int)cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) == -1)
		return errno;
	return 0;
}
