/*
 * busywait.c: see busywait.h.
 *
 * No PAUSE (cpu_relax) in the spins: under a hypervisor with pause-loop
 * exiting, a tight PAUSE loop longer than a few microseconds traps to
 * the host and the wait becomes as long as the host likes.  A clock
 * read between two checks is spacing enough for a sibling thread.
 */
#include <stdint.h>
#include <time.h>

#include "collect/lockbench/busywait.h"

#define CLOCK_SLOW_NS	100.0	/* a clock this slow is not spun on */
#define THRESHOLD_MIN	50	/* ns: below this, always the loop */
#define CLOCK_READS	1000	/* reads per round when timing the clock */
#define ROUNDS		5
#define LOOP_ROUND_NS	1000000	/* 1 ms: a calibration round at least */
#define PROBE_NS	1000	/* the wait whose overshoot is measured */

/*
 * Written once by busywait_calibrate() before the threads exist, read
 * only afterwards: read-mostly data that every CPU keeps a copy of.
 */
static double	bw_loops_per_ns = 1.0;
static int64_t	bw_threshold = INT64_MAX;	/* uncalibrated: the loop */
static int64_t	bw_clock_comp;

static inline int64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * n iterations of a loop the compiler may not shorten: the asm claims
 * to change n, so each iteration must run.  About one cycle each.
 */
static void
spin_loop(uint64_t n)
{
	while (n > 0) {
		n--;
		__asm__ __volatile__("" : "+r" (n));
	}
}

int
busywait_calibrate(struct busywait_cal *cal)
{
	struct timespec ts;
	int64_t t0, t1, best;
	uint64_t n;
	double over;
	int i, r;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) == -1)
		return -1;

	/* One clock read: the fastest of ROUNDS rounds (the others were disturbed). */
	best = INT64_MAX;
	for (r = 0; r < ROUNDS; r++) {
		t0 = now_ns();
		for (i = 0; i < CLOCK_READS; i++)
			(void)now_ns();
		t1 = now_ns();
		if (t1 - t0 < best)
			best = t1 - t0;
	}
	/* CLOCK_READS + 1 reads lie between t0 and t1. */
	cal->clock_ns = (double)best / (CLOCK_READS + 1);

	/* The loop: grow a round to LOOP_ROUND_NS, then keep the fastest. */
	n = 1 << 14;
	for (;;) {
		t0 = now_ns();
		spin_loop(n);
		t1 = now_ns();
		if (t1 - t0 >= LOOP_ROUND_NS || n >= UINT64_MAX / 4)
			break;
		n *= 2;
	}
	best = t1 - t0;
	for (r = 1; r < ROUNDS; r++) {
		t0 = now_ns();
		spin_loop(n);
		t1 = now_ns();
		if (t1 - t0 < best)
			best = t1 - t0;
	}
	/* best >= LOOP_ROUND_NS / 2 > 0: no division by zero. */
	bw_loops_per_ns = (double)n / (double)best;
	cal->loops_per_us = bw_loops_per_ns * 1000;

	if (cal->clock_ns > CLOCK_SLOW_NS) {
		bw_threshold = INT64_MAX;
	} else {
		bw_threshold = (int64_t)(8 * cal->clock_ns + 0.5);
		if (bw_threshold < THRESHOLD_MIN)
			bw_threshold = THRESHOLD_MIN;
	}
	/*
	 * A clock wait overshoots: the read that fixes its start, the read
	 * that ends it (half a read late on average) and the call.  Measure
	 * by how much, without compensation, and take that off each
	 * deadline from now on; at most a few reads, whatever the noise.
	 */
	bw_clock_comp = 0;
	if (bw_threshold != INT64_MAX) {
		over = busywait_measure(PROBE_NS) - PROBE_NS;
		if (over > 4 * cal->clock_ns)
			over = 4 * cal->clock_ns;
		bw_clock_comp = over > 0 ? (int64_t)(over + 0.5) : 0;
	}
	cal->clock_comp_ns = bw_clock_comp;
	cal->threshold_ns = bw_threshold;
	return 0;
}

const char *
busywait_method(int64_t ns)
{
	if (ns == 0)
		return "none";
	return ns >= bw_threshold ? "clock" : "loop";
}

void
busywait(int64_t ns)
{
	int64_t end;

	if (ns <= 0)
		return;
	if (ns < bw_threshold) {
		spin_loop((uint64_t)((double)ns * bw_loops_per_ns + 0.5));
		return;
	}
	end = now_ns() + ns - bw_clock_comp;
	while (now_ns() < end)
		continue;
}

double
busywait_measure(int64_t ns)
{
	int64_t t0, t1, best;
	long batch, i;
	int r, rounds;

	/* About 5 ms a round, 3 rounds; one call when a wait is 10 ms. */
	batch = (long)(5000000 / (ns > 10 ? ns : 10));
	if (batch < 1)
		batch = 1;
	rounds = ns >= 10000000 ? 1 : 3;
	best = INT64_MAX;
	for (r = 0; r < rounds; r++) {
		t0 = now_ns();
		for (i = 0; i < batch; i++)
			busywait(ns);
		t1 = now_ns();
		if (t1 - t0 < best)
			best = t1 - t0;
	}
	return (double)best / (double)batch;
}
