/*
 * stats_warn.c: what the analyzer warns about (outliers, a bimodal
 * shape, a noisy series) and how many samples a run would need.  See
 * stats.h.
 */
#include <math.h>
#include <stdint.h>

#include "analyze/stats.h"

#define POWER_MAXIT	100000	/* the scan moves a few steps, tens at most */

/* Values of sorted[] below x (strictly), by bisection. */
static size_t
count_below(const double *sorted, size_t n, double x)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (sorted[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Values of sorted[] above x (strictly). */
static size_t
count_above(const double *sorted, size_t n, double x)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (sorted[mid] <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return n - lo;
}

int
stats_tukey(const double *sorted, size_t n, struct stats_fences *f)
{
	double q1, q3, iqr;

	f->nlow = f->nhigh = 0;
	f->lo = f->hi = NAN;
	if (n == 0)
		return STATS_EEMPTY;
	q1 = stats_quantile(sorted, n, 0.25);
	q3 = stats_quantile(sorted, n, 0.75);
	iqr = q3 - q1;
	f->lo = q1 - 1.5 * iqr;
	f->hi = q3 + 1.5 * iqr;
	f->nlow = count_below(sorted, n, f->lo);
	f->nhigh = count_above(sorted, n, f->hi);
	return STATS_OK;
}

int
stats_shape(const double *v, size_t n, struct stats_shape *s)
{
	double mean, sd, z, z2, m2 = 0, m3 = 0, m4 = 0, g1, g2, dn;
	size_t i;

	s->skew = s->kurt = s->bc = NAN;
	s->bimodal = 0;
	/* G2's correction divides by (n - 2)(n - 3). */
	if (n < 4)
		return STATS_ETOOFEW;
	mean = stats_mean(v, n);
	sd = stats_stddev(v, n);
	/* Constant data have no shape. */
	if (!(sd > 0))
		return STATS_EDOMAIN;
	/*
	 * Standardized moments: dividing by sd first keeps the powers of
	 * the deviations in range whatever the magnitude of the data.
	 */
	for (i = 0; i < n; i++) {
		z = (v[i] - mean) / sd;
		z2 = z * z;
		m2 += z2;
		m3 += z2 * z;
		m4 += z2 * z2;
	}
	dn = (double)n;
	m2 /= dn;
	m3 /= dn;
	m4 /= dn;
	g1 = m3 / pow(m2, 1.5);		/* biased moments: skewness */
	g2 = m4 / (m2 * m2) - 3;	/* and excess kurtosis */
	s->skew = g1 * sqrt(dn * (dn - 1)) / (dn - 2);
	s->kurt = ((dn + 1) * g2 + 6) * (dn - 1) / ((dn - 2) * (dn - 3));
	s->bc = (s->skew * s->skew + 1) /
	    (s->kurt + 3 * (dn - 1) * (dn - 1) / ((dn - 2) * (dn - 3)));
	s->bimodal = s->bc > STATS_BC_WARN;
	return STATS_OK;
}

int
stats_cv_high(const struct stats_desc *d)
{
	return d->cv > STATS_CV_WARN;
}

int
stats_power_n(double cv, double rel, double alpha, double power, size_t *n)
{
	double k, za, zb, ta, tb, want, df;
	size_t cur;
	int it;

	*n = 0;
	if (!(cv >= 0 && isfinite(cv)) || !(rel != 0 && isfinite(rel)) ||
	    !(alpha > 0 && alpha < 1) || !(power > 0 && power < 1))
		return STATS_EINVAL;
	k = 2 * (cv / rel) * (cv / rel);
	za = -stats_normal_quantile(alpha / 2);
	zb = stats_normal_quantile(power);
	want = ceil(k * (za + zb) * (za + zb));
	/* Past 2^53 the count is meaningless anyway; say "huge". */
	if (!(want < 9007199254740992.0)) {
		*n = SIZE_MAX;
		return STATS_OK;
	}
	/* A t test needs two values per side. */
	cur = want < 2 ? 2 : (size_t)want;
	/*
	 * The smallest n with n >= need(n), need(n) being the formula at
	 * df = 2n - 2.  need() falls as n grows and never goes below the
	 * normal answer, so scan up from there: n - need(n) only increases.
	 */
	for (it = 0; it < POWER_MAXIT; it++, cur++) {
		df = 2 * ((double)cur - 1);
		ta = -stats_t_quantile(alpha / 2, df);
		tb = stats_t_quantile(power, df);
		if ((double)cur >= k * (ta + tb) * (ta + tb))
			break;
	}
	*n = cur;
	return STATS_OK;
}
