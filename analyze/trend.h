/*
 * trend.h: change points in a history of measurements, as a pure
 * function: an array of doubles (one per run, in run order) in, the
 * places where its level changed out.  No I/O, no SQL, no global state;
 * the same data always give the same answer (no random permutations).
 *
 * The method is E-Divisive means as Hunter and Apache Otava use it:
 *
 * 1. Split, top down.  Over a segment, find the split tau that maximizes
 *    the energy statistic of Matteson & James (2014), alpha = 1:
 *      Q(tau) = tau s / m * (2/(tau s) sum|x_i - y_j|
 *               - sum_{i<k} |x_i - x_k| / C(tau, 2)
 *               - sum_{j<k} |y_j - y_k| / C(s, 2))
 *    with x the tau points before the split, y the s = m - tau after,
 *    each side at least TREND_MIN_SIZE points.  Test it with Student's
 *    two-sample t test (pooled variance) between the window of at most
 *    window points before it and the window after it, both inside the
 *    segment.  The split is the best of the segment's, so its p-value is
 *    multiplied by the number of effectively independent places it was
 *    chosen among, 2 x (segment length) / window (Bonferroni): without
 *    that, 5% of flat series of a year's nights raised a false alarm.
 *    When p < the split level (10 x pvalue below 0.05, as Otava's first
 *    pass), keep it and split both halves again.
 * 2. Merge, bottom up (Otava's merge()).  Recompute every change point's
 *    test with windows bounded by its neighbours; while one fails
 *    (p >= pvalue, or |mean after / mean before - 1| < threshold),
 *    drop the weakest (largest p, else smallest change) and recompute
 *    its two neighbours.
 *
 * Cost: O(m log m) per segment (the pairwise sums come from running
 * sums over ranks, a Fenwick tree), so O(n log n) per level of splits.
 */
#ifndef KBENCH_TREND_H
#define KBENCH_TREND_H

#include <stddef.h>

#define TREND_WINDOW	30	/* points each side of a change for its test */
#define TREND_MIN_SIZE	2	/* points each side of a split (the t test) */
#define TREND_PVALUE	0.001

struct trend_opts {
	double	pvalue;		/* accept a change when p < pvalue, (0, 1) */
	double	threshold;	/* and |after / before - 1| >= this (0.05 = 5%) */
	size_t	window;		/* points each side for the test, >= 2 */
};
#define TREND_OPTS_INIT	{ TREND_PVALUE, 0.0, TREND_WINDOW }

struct trend_cp {
	size_t	index;		/* the first point after the change */
	size_t	nbefore;	/* the test's windows: x[index - nbefore, */
	size_t	nafter;		/*   index) and x[index, index + nafter) */
	double	mean_before, mean_after;
	double	change;		/* mean_after / mean_before - 1; NaN if the
				   mean before is 0 */
	double	p;		/* Student's t test, two-sided, times the
				   places the split was chosen among */
};

/*
 * The change points of x[0 .. n), ascending by index, in *cp (NULL when
 * none; the caller frees it) and their number in *ncp.  Fewer than
 * 2 * TREND_MIN_SIZE points have none.  Returns STATS_OK, STATS_EINVAL
 * (options out of range) or STATS_ENOMEM.  x must hold no NaN.
 */
int	trend_detect(const double *x, size_t n, const struct trend_opts *o,
	    struct trend_cp **cp, size_t *ncp);

/*
 * The split of x[0 .. n) with the largest Q above, each side at least
 * minsize points (>= 2): *tau is the size of the first part (the first
 * of equal maxima), *q its Q.  STATS_ETOOFEW when n < 2 minsize.
 * Allocates (STATS_ENOMEM).
 */
int	trend_best_split(const double *x, size_t n, size_t minsize, size_t *tau,
	    double *q);

/* What makes a change point a regression to mail (trend_new_regressions). */
struct trend_mail_rule {
	double		 level;		/* its p below this */
	size_t		 confirm;	/* held on this many runs more */
	int		 worse;		/* +1: a rise is a regression; -1 a fall */
	const size_t	*from;		/* from[m]: the first point of the
					   history of m points (--last: a
					   window); NULL: 0 */
};

/*
 * The regressions of the history x[0 .. n) (from its first point, as
 * r says) to report tonight, into *out (the caller frees) and *nout:
 * its change points with p below r->level that stand, give or take
 * TREND_MIN_SIZE points and followed night by night, in the change
 * points of each of the histories of n - 1, ..., n - confirm points
 * and not in that of n - confirm - 1, nor confirm + 1 histories in a
 * row before: they appeared confirm runs ago and held on every run
 * since.  With confirm 0, those the history without its newest point
 * lacks.  A regression is thus reported once, on the night it has held
 * confirm more runs.  Indices are into x.  Returns STATS_OK, STATS_EINVAL
 * (options) or STATS_ENOMEM.
 */
int	trend_new_regressions(const double *x, size_t n,
	    const struct trend_opts *o, const struct trend_mail_rule *r,
	    struct trend_cp **out, size_t *nout);

#endif
