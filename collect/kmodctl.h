/*
 * kmodctl.h: how pfilbench-ctl drives the pfilbench kernel module; one
 * implementation per OS:
 *
 *   kmodctl_linux.c    /sys/kernel/pfilbench/<name>    (kmod/linux)
 *   kmodctl_freebsd.c  sysctl debug.pfilbench.<name>   (kmod/freebsd)
 *
 * The module has the same controls on both: the configuration of the
 * next run (threads, count, delay_ns, head, hook, write_ms, pin), start,
 * stop, state, wait, results, error, version, release.  Everything
 * above this interface (options, output, the kbench protocol) is in
 * pfilbench_ctl.c and is shared.
 *
 * Functions return 0 or a negative errno value, and never exit.  Those
 * taking `why` put a one-line reason there on failure (no newline, at
 * most `len` bytes with the NUL), worded for a user: the module's own
 * `error` text when it has one.  The errno values that mean something:
 *
 *   -ENOENT   the module is not loaded
 *   -EACCES   not permitted (the controls are root's)
 *   -EINVAL   the module refused the configuration (a bad value, an
 *             unknown lock, a sleeping hook under an atomic head...)
 *   -EBUSY    a run is in progress
 *   -EINTR    kmod_wait() saw *stop set
 *   -EIO      kmod_wait(): the run ended in error
 */
#ifndef KBENCH_KMODCTL_H
#define KBENCH_KMODCTL_H

#include <signal.h>
#include <stddef.h>

enum kmod_state { KMOD_IDLE, KMOD_RUNNING, KMOD_DONE, KMOD_ERROR };

/* The next run.  head and hook are names: "rw", "rm", "epoch", "none";
 * "null", "mtx", "rw", "rwsem", "rm", "spin". */
struct kmod_config {
	unsigned long long	 threads;
	unsigned long long	 count;		/* walks per thread */
	unsigned long long	 delay_ns;	/* busy-wait in each hook */
	unsigned long long	 write_ms;	/* writer period, 0: none */
	int			 pin;		/* bind to CPUs */
	const char		*head;
	const char		*hook;
};

struct kmod_info {
	char	version[32];		/* the module's: "1.0" */
	char	release[128];		/* its kernel's release */
};

/* Is the module loaded, and what is it doing?  *state is set on success. */
int	kmod_state(enum kmod_state *state, char *why, size_t len);
int	kmod_info(struct kmod_info *info, char *why, size_t len);

/* Set every field of the next run's configuration.  The module checks
 * the syntax of each value here and the whole at kmod_start(). */
int	kmod_configure(const struct kmod_config *cfg, char *why, size_t len);
int	kmod_start(char *why, size_t len);

/*
 * Block until the run in progress ends, without polling in a loop:
 * Linux poll()s the `state` file, which the module sysfs_notify()s;
 * FreeBSD reads a sysctl that sleeps.  0: the run is done, its results
 * are ready.  -EIO: it ended in error (stopped, a thread could not be
 * made; why says so), or no run was started.  -ENOENT: the module went
 * away.  The caller's SIGINT and SIGTERM handlers set *stop (installed
 * without SA_RESTART): then return -EINTR at once; no signal may be lost
 * between testing *stop and going to sleep.
 */
int	kmod_wait(volatile sig_atomic_t *stop, char *why, size_t len);
/* Stop the run in progress (its state becomes error); harmless when idle. */
int	kmod_stop(void);

/*
 * The results of the last done run, as the module prints them, in
 * *text (malloc'd, NUL-terminated, the caller frees it); empty when the
 * last run is not done.  One line each:
 *
 *   run ID head H hook K threads T count N delay_ns D write_ms W pin P
 *   thread I cpu C calls N ns T     one per thread, I = 0 .. T-1
 *   writer cpu C writes N ns T      only with write_ms > 0
 *
 * A thread's ns is its whole loop of N walks of the chain (ktime_get_ns
 * on Linux, nanouptime on FreeBSD); the writer's is the time it spent in
 * its N write sections.  cpu is where the thread finished.
 */
int	kmod_results(char **text, char *why, size_t len);

#endif
