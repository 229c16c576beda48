/*
 * stats_int.h: the pieces that analyze/stats*.c share among themselves.
 * Not an interface: nothing outside those files includes it.
 */
#ifndef KBENCH_STATS_INT_H
#define KBENCH_STATS_INT_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/stats.h"

/* ---- stats_rank.c: ranks and their null distributions ---- */

/*
 * Exact tables of a null distribution have at most this many cells:
 * 32 MiB of doubles.
 */
#define STATS_EXACT_MAXCELLS	(1u << 22)

/*
 * Walk two sorted samples as one: the rank sum of a with midranks, and
 * sum (t^3 - t) over the tie groups.  Exact in doubles while the rank
 * sums stay below 2^52 (n up to about 6e7 on each side).
 */
void	stats_rank_merge(const double *a, size_t na, const double *b,
	    size_t nb, double *ra, double *tiesum);

/*
 * Doubled midranks (integers) of the pooled sample, into
 * w[0..na+nb-1] (ascending), and the doubled rank sum of a.
 */
uint64_t stats_rank_doubled(const double *a, size_t na, const double *b,
	    size_t nb, unsigned *w);

/* The doubled ranks 2, 4, .. 2 n of n untied values, malloc'ed. */
unsigned *stats_rank_untied(size_t n);

/*
 * The normal approximation of a rank statistic: d its distance from its
 * mean, sigma its standard deviation.  *z gets (d - cc) / sigma with the
 * continuity correction cc = 0.5 sign(d) (R's correct = TRUE), 0 when
 * sigma is 0; *p the two-sided p-value.
 */
void	stats_rank_normal(double d, double sigma, double *z, double *p);

/*
 * The two-sided p-value from a table cnt[0..smax] of counts (or
 * probabilities) of a doubled rank statistic S: the share of the mass
 * with |S - mu2| >= dobs, decided on the integers.
 */
double	stats_rank_tail(const double *cnt, size_t smax, int64_t mu2,
	    int64_t dobs);

/*
 * The critical value from the table cnt[0..smax] of a doubled rank
 * statistic whose value u sits at cnt[base + 2 u]: the largest k with
 * P(U <= k - 1) <= alpha2 and the coverage 1 - 2 P(U <= k - 1); k 0 and
 * the coverage untouched when there is none.
 */
void	stats_rank_crit_exact(const double *cnt, size_t smax, size_t base,
	    double alpha2, uint64_t *k, double *cover);

/*
 * The same from the normal approximation of U (mean mu, standard
 * deviation sigma) with continuity correction.
 */
void	stats_rank_crit_normal(double mu, double sigma, double alpha2,
	    uint64_t *k, double *cover);

/* ---- stats_tests.c ---- */

/*
 * The rest of a t test from r->diff, r->se and r->df: t, the two-sided
 * p and the interval at the level; se 0 (no spread) makes t 0 and p 1
 * for a zero diff, t +/-inf and p 0 otherwise, and a zero-width interval.
 */
void	stats_t_finish(struct stats_ttest *r, double level);

#endif
