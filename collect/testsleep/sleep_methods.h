/*
 * sleep_methods.h: the ways testsleep can sleep, and the little it needs
 * from the OS.
 *
 * A method is {name, description, fn} plus an optional setup and fini
 * that run outside the timed region (an epoll or timer descriptor is
 * opened once, not per sleep).  sleep_methods.c holds the portable
 * methods; sleep_methods_linux.c and sleep_methods_freebsd.c add the
 * ones only their kernel has, and implement the os_* functions.  Only
 * the file of the OS being built is compiled.
 */
#ifndef KBENCH_SLEEP_METHODS_H
#define KBENCH_SLEEP_METHODS_H

#include <sys/time.h>

#include <stdint.h>
#include <stdio.h>
#include <time.h>

struct sleep_ctx {
	long		 usec;		/* the request, 0..60000000 */
	struct timespec	 ts;		/* usec as a timespec */
	struct timeval	 tv;		/* usec as a timeval */
	int		 ms;		/* usec rounded up to milliseconds */
	int		 fd;		/* the method's descriptor, or -1 */
	/*
	 * In: the time read just before fn was called.  A method may move
	 * it back to the nominal start of its sleep (clock_nanosleep with
	 * TIMER_ABSTIME: the previous target); the sample is the time read
	 * after fn returned minus start.
	 */
	struct timespec	 start;
	struct timespec	 next;		/* clock_nanosleep: the next target */
};

struct sleep_method {
	const char	*name;
	const char	*desc;
	/* One sleep: 0, or an errno value (EINTR when a signal came). */
	int		(*fn)(struct sleep_ctx *);
	/* Before the first sleep: 0, or an errno value (ENOSYS...). */
	int		(*setup)(struct sleep_ctx *);
	void		(*fini)(struct sleep_ctx *);
};

/* Each table ends with an entry whose name is NULL. */
extern const struct sleep_method sleep_methods_portable[];
extern const struct sleep_method sleep_methods_os[];

/* The method called name, in either table; NULL when there is none. */
const struct sleep_method *sleep_method_find(const char *name);
/* "name<TAB>description" lines, the portable methods first. */
void	sleep_methods_list(FILE *fp);
/* Fill the request's timespec, timeval and ms; fd = -1. */
void	sleep_ctx_init(struct sleep_ctx *c, long usec);

/*
 * The OS interface.  Each returns 0 or an errno value; ENOTSUP means
 * the OS has no such thing (timer slack on FreeBSD).
 */
int	os_timer_slack_get(long *ns);
int	os_timer_slack_set(long ns);
/* 1 when this process may run on cpu (in its current affinity mask). */
int	os_cpu_usable(long cpu);
int	os_cpu_pin(long cpu);

static inline int64_t
ts_ns(const struct timespec *ts)
{
	return (int64_t)ts->tv_sec * 1000000000 + ts->tv_nsec;
}

static inline struct timespec
ns_ts(int64_t ns)
{
	struct timespec ts;

	ts.tv_sec = (time_t)(ns / 1000000000);
	ts.tv_nsec = (long)(ns % 1000000000);
	return ts;
}

#endif
