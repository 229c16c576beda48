/*
 * busywait.h: a calibrated busy-wait, the user-space DELAY(9)/ndelay().
 *
 * busywait(ns) spins, never sleeps, for about ns nanoseconds.  Waits of
 * at least the threshold spin on CLOCK_MONOTONIC, as FreeBSD's DELAY()
 * and Linux's delay_tsc() spin on the TSC: the length is defined by the
 * clock, not by the speed of a loop, so neither frequency changes nor a
 * busy hyperthread sibling stretch it.  Shorter waits, where one clock
 * read would be a large part of the wait, count down a loop whose speed
 * was measured by busywait_calibrate().  When reading the clock is slow
 * (a clock source without a vDSO path: a system call per read), every
 * wait uses the loop.
 */
#ifndef KBENCH_BUSYWAIT_H
#define KBENCH_BUSYWAIT_H

#include <stdint.h>

#define BUSYWAIT_MAX_NS	1000000000LL	/* one second: more is a typo */

struct busywait_cal {
	double	 clock_ns;	/* the cost of one clock_gettime() */
	double	 loops_per_us;	/* loop iterations per microsecond */
	int64_t	 threshold_ns;	/* waits this long or longer use the clock */
	int64_t	 clock_comp_ns;	/* taken off a clock wait's deadline */
};

/*
 * Measure the clock and the loop; call once, before any busywait() and
 * before the threads that call it are created.  -1 when the monotonic
 * clock cannot be read.
 */
int		 busywait_calibrate(struct busywait_cal *cal);
/* "clock" or "loop": how a wait of ns nanoseconds is made. */
const char	*busywait_method(int64_t ns);
/* Spin for ns nanoseconds, 0 <= ns <= BUSYWAIT_MAX_NS; 0 returns at once. */
void		 busywait(int64_t ns);
/* The mean length in ns of busywait(ns), measured over about 20 ms. */
double		 busywait_measure(int64_t ns);

#endif
