/*
 * kmodctl.h: how pfilbench-ctl drives the pfilbench kernel module.
 * kmodctl.c holds what is the same on every OS; the controls are reached
 * by one file per OS (kmodctl_os.h is between them):
 *
 *   kmodctl_linux.c    /sys/kernel/pfilbench/<name>    (kmod/linux)
 *   kmodctl_freebsd.c  sysctl debug.pfilbench.<name>   (kmod/freebsd)
 *
 * The module has the same controls on both: the configuration of the
 * next run (threads, count, duration_ms, warmup_ms, delay_ns, hooks,
 * shared, head, hook, write_ms, pin, tag), start, stop, state, wait,
 * results, caps, kernel, error, version, release.  Everything
 * above this interface (options, output, the kbench protocol) is in
 * pfilbench_ctl.c, and the reading of the results in results.c: both
 * are shared.
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

/*
 * The next run.  head and hook are names the module lists in its
 * capabilities (kmod_caps()); tag names the run, so that the controller
 * that started it, and no other, takes its results as its own.
 */
struct kmod_config {
	unsigned long long	 threads;
	unsigned long long	 count;		/* walks per thread */
	unsigned long long	 duration_ms;	/* timed phase, 0: count walks */
	unsigned long long	 warmup_ms;	/* warm-up before it */
	unsigned long long	 delay_ns;	/* busy-wait in each hook */
	unsigned long long	 hooks;		/* hooks on the chain */
	int			 shared;	/* one hook lock for all hooks */
	unsigned long long	 write_ms;	/* writer period, 0: none */
	int			 pin;		/* 0 no, 1 cores, 2 SMT first */
	const char		*head;
	const char		*hook;
	const char		*tag;		/* [A-Za-z0-9_.:-]{1,39} */
};

struct kmod_info {
	char	version[32];		/* the module's: "2.0" */
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
 * last run is not done.  One line each, key value pairs, the first
 * naming the line:
 *
 *   run ID tag T head H hook K hooks N shared S threads T count N
 *       duration_ms D warmup_ms M delay_ns D write_ms W pin P
 *       [test_lag_ns L test_fault F]			(Linux)
 *   busywait clock clock_ns C spin_ns S
 *   thread I cpu C bound B core P.C calls N start_ns S end_ns E
 *       busywait_ns W nvcsw V nivcsw U migrations M slow_walks L
 *       at_first_end A [yields Y]			(yields: FreeBSD)
 *   writer 0 cpu C bound B writes N ns T start_ns S end_ns E missed M
 *   check C violations V readers R writer W hooks H settle N	(Linux)
 *   fact KEY VALUE		(Linux: one each, the last lines)
 *
 * Times are ns since the timed phase began, on one clock for every
 * thread (ktime_get_ns() on Linux, sbinuptime() on FreeBSD).
 * at_first_end is a thread's walks when the first thread ended (count
 * mode's fairness); yields FreeBSD's kern_yield() batches, which its
 * nvcsw also counts.  The modules' own comments above their results
 * handlers say the rest (kmod/linux/pfilbench.c pb_format_results,
 * kmod/freebsd/pfilbench.c pb_sysctl_results).
 */
int	kmod_results(char **text, char *why, size_t len);

/*
 * What the module runs, "key value..." lines (heads, hooks, refused
 * head:hook pairs, delay_max_ns...), and the kernel's facts that change
 * lock timings ("preempt full", "hz 250", "lockdep no"...), in *text as
 * kmod_results() does.
 */
int	kmod_caps(char **text, char *why, size_t len);
int	kmod_kernel(char **text, char *why, size_t len);

/*
 * Facts of this machine that the module cannot see and that change
 * kernel numbers (CPU vulnerabilities and their mitigations, turbo
 * boost): fact(key, value) for each one found.
 */
void	kmod_host_facts(void (*fact)(const char *key, const char *value));

#endif
