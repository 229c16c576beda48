/*
 * stats_ci.c: confidence intervals of one sample: the mean (Student's
 * t) and the median (binomial order statistics).  See stats.h.
 */
#include <math.h>
#include <stdint.h>

#include "analyze/stats.h"

/* A level in percent, strictly inside (0, 100). */
static int
level_ok(double level)
{
	return level > 0 && level < 100;
}

static void
ci_none(struct stats_ci *ci, double est)
{
	ci->est = est;
	ci->lo = ci->hi = ci->level = NAN;
	ci->nmin = 0;
}

int
stats_ci_mean(const double *v, size_t n, double level, struct stats_ci *ci)
{
	double t, h;

	ci_none(ci, n > 0 ? stats_mean(v, n) : NAN);
	if (!level_ok(level))
		return STATS_EINVAL;
	if (n == 0)
		return STATS_EEMPTY;
	/* One value has no spread: no interval, whatever the level. */
	if (n == 1) {
		ci->nmin = 2;
		return STATS_ETOOFEW;
	}
	/* The lower tail (1 - level) / 2 keeps its digits; t > 0. */
	t = -stats_t_quantile((100 - level) / 200, (double)(n - 1));
	h = t * stats_stddev(v, n) / sqrt((double)n);
	ci->lo = ci->est - h;
	ci->hi = ci->est + h;
	ci->level = level;
	return STATS_OK;
}

/*
 * The smallest n for which [x(1), x(n)] covers the median with
 * probability 1 - 2^(1-n) >= level: 2^-n <= alpha / 2.
 */
static size_t
median_nmin(double alpha2)
{
	size_t n = 1;

	while (ldexp(1, -(int)n) > alpha2)
		n++;
	return n;
}

int
stats_ci_median(const double *sorted, size_t n, double level,
    struct stats_ci *ci)
{
	double alpha2;
	uint64_t lo, hi, mid;

	ci_none(ci, stats_median(sorted, n));
	if (!level_ok(level))
		return STATS_EINVAL;
	if (n == 0)
		return STATS_EEMPTY;
	alpha2 = (100 - level) / 200;
	/* Even x(1) .. x(n) misses the median with probability 2^(1-n). */
	if (stats_binom_cdf(0, n, 0.5) > alpha2) {
		ci->nmin = median_nmin(alpha2);
		return STATS_ETOOFEW;
	}
	/*
	 * Largest k in [1, (n + 1) / 2] with P(B <= k - 1) <= alpha / 2:
	 * bisection on k, the CDF being increasing in k.  Invariant:
	 * lo satisfies it, hi does not (or is past the range).
	 */
	lo = 1;
	hi = (n + 1) / 2 + 1;
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (stats_binom_cdf(mid - 1, n, 0.5) <= alpha2)
			lo = mid;
		else
			hi = mid;
	}
	ci->lo = sorted[lo - 1];
	ci->hi = sorted[n - lo];
	ci->level = 100 * (1 - 2 * stats_binom_cdf(lo - 1, n, 0.5));
	return STATS_OK;
}
