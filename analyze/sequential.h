/*
 * sequential.h: comparisons that may be looked at after every round.
 *
 * A fixed-n test read after every round and stopped when it says
 * "significant" is wrong far more often than its alpha (a 5% t test
 * peeked at over 40 rounds: about a quarter of A/A series).  A
 * confidence sequence is an interval for every round at once: the
 * chance that any of them misses the true change is at most alpha, so
 * a collection may stop the first round it excludes 0.
 *
 * The sequence here is Lai's (1976) for the mean of Gaussian values of
 * unknown variance, as Wang and Ramdas (2023, "Anytime-valid t-tests and
 * confidence sequences for Gaussian means with unknown variance") give
 * it: a mixture of the mean over N(mu, sigma^2 / c) and of the scale
 * over its invariant prior, a nonnegative martingale under the null of
 * the maximal invariant, so Ville's inequality bounds its crossing of
 * 1/alpha at any round.  The values are one a round: the log ratio of
 * B's round to A's (a difference when values are not all > 0), of the
 * same run and round when the sides share runs (interleaved), else the
 * i-th round of each side in order (a stored baseline: at most as many
 * as it has).  Under no change the two sides' rounds are exchangeable,
 * so each difference is symmetric about 0: the Gaussian assumption is
 * then about the tails alone (tests/unit/test_stats.c simulates skewed
 * and heavy-tailed rounds).
 */
#ifndef KBENCH_SEQUENTIAL_H
#define KBENCH_SEQUENTIAL_H

#include <stddef.h>

/* The mixture's precision: tight from about 10 to 40 rounds. */
#define SEQ_C	2.0

/* One confidence sequence, updated a value at a time. */
struct seq_state {
	size_t	t;		/* values seen */
	double	mean, m2;	/* Welford's running mean and sum of squares */
	double	lo, hi;		/* this round's interval */
	/*
	 * The intersection of every round's: each holds at every round at
	 * once, so when they stop overlapping, no constant mean fits the
	 * values (drift).  Not the interval shown: a run of tied rounds
	 * (no spread) would pin it to a point for good.
	 */
	double	ilo, ihi;
	double	alpha;
	double	emax;		/* the largest e-value at 0 so far */
};

void	seq_init(struct seq_state *s, double alpha);
/* Take one value: the interval of round t, intersected with the last. */
void	seq_add(struct seq_state *s, double x);
/*
 * The half-width of Lai's sequence at t values whose squared deviations
 * from their mean sum to q: +inf while t is too small for any bound.
 */
double	seq_halfwidth(size_t t, double q, double alpha, double c);
/*
 * The mixture's e-value against a mean of 0 after t values of mean m
 * and squared deviations q from it: 1 / e is the round's p-value, and
 * the sequence excludes 0 exactly when e >= 1 / alpha.
 */
double	seq_evalue(size_t t, double m, double q, double c);
/* The fewest values at which the sequence can exclude anything. */
size_t	seq_min_rounds(double alpha, double c);

#endif
