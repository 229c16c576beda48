/*
 * plan_rounds.h: kbench analyze --compare A B --plan 5% (issue 28):
 * from a pilot, the rounds needed to decide a change of that size, per
 * series, in a fixed design and with collect --until decided.
 *
 * The spread is the pilot's: the standard deviation sd of its rounds'
 * log ratios (or differences), as --sequential reads them (paired by
 * round when the sides share runs, else the i-th of each side).  A
 * fixed design of n rounds tests their mean with a one-sample t test;
 * the sequential one stops the round Lai's sequence excludes 0, a
 * random round whose distribution depends on delta / sd alone: found by
 * a seeded simulation of Gaussian rounds.
 */
#ifndef KBENCH_PLAN_ROUNDS_H
#define KBENCH_PLAN_ROUNDS_H

#include <stddef.h>

/* Past this many rounds a plan says "more than" (and stops looking). */
#define PLAN_ROUNDS_MAX	5000

/*
 * A fixed design's rounds: the fewest n >= 2 with
 *   n >= (t(1 - alpha/2, n - 1) + t(power, n - 1))^2 (sd / delta)^2,
 * or PLAN_ROUNDS_MAX + 1 beyond it.
 */
size_t	plan_fixed_rounds(double sd, double delta, double alpha,
	    double power);
/*
 * The sequential design's: the round by which a share power of series
 * of that change are decided, and the median round (cap + 1 when later:
 * series are followed to round cap, at most PLAN_ROUNDS_MAX).  0, or -1
 * when memory ran out.
 */
int	plan_sequential_rounds(double sd, double delta, double alpha,
	    double power, size_t cap, size_t *at_power, size_t *median);

#endif
