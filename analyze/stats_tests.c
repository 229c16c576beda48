/*
 * stats_tests.c: comparisons of means (Student's and Welch's t, the
 * relative difference of means by Fieller's theorem) and the
 * Holm-Bonferroni adjustment.  See stats.h.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analyze/stats.h"
#include "analyze/stats_int.h"

enum { T_STUDENT, T_WELCH };

/* Two-sided p-value of t with df degrees of freedom, from the lower tail. */
static double
t_pvalue(double t, double df)
{
	double p = 2 * stats_t_cdf(-fabs(t), df);

	return p > 1 ? 1 : p;
}

/*
 * The standard error and df of mean(b) - mean(a).  Every square is taken
 * of a ratio to the larger of the two, so standard deviations near
 * 1e-300 or 1e300 neither underflow nor overflow.
 */
static void
t_se_df(double sa, size_t na, double sb, size_t nb, int kind,
    double *se, double *df, double *spool)
{
	double ea, eb, m, ua, ub;

	*spool = NAN;
	if (kind == T_STUDENT) {
		m = fmax(sa, sb);
		*df = (double)(na + nb - 2);
		/* Both samples constant: no spread to pool. */
		if (m == 0)
			*spool = 0;
		else
			*spool = m * sqrt(((na - 1) * (sa / m) * (sa / m) +
			    (nb - 1) * (sb / m) * (sb / m)) / *df);
		*se = *spool * sqrt(1.0 / na + 1.0 / nb);
		return;
	}
	ea = sa / sqrt((double)na);
	eb = sb / sqrt((double)nb);
	*se = hypot(ea, eb);
	m = fmax(ea, eb);
	/* Both constant: Welch-Satterthwaite is 0/0; take the pooled df. */
	if (m == 0) {
		*df = (double)(na + nb - 2);
		return;
	}
	ua = (ea / m) * (ea / m);
	ub = (eb / m) * (eb / m);
	*df = (ua + ub) * (ua + ub) / (ua * ua / (na - 1) + ub * ub / (nb - 1));
}

/* Also the one-sample t of stats_paired.c (see stats_int.h). */
void
stats_t_finish(struct stats_ttest *r, double level)
{
	double h;

	if (r->se == 0) {
		/* No spread at all: the difference is certain, or nil. */
		r->t = r->diff == 0 ? 0 : copysign(INFINITY, r->diff);
		r->p = r->diff == 0 ? 1 : 0;
		r->lo = r->hi = r->diff;
		return;
	}
	r->t = r->diff / r->se;
	r->p = t_pvalue(r->t, r->df);
	h = -stats_t_quantile((100 - level) / 200, r->df) * r->se;
	r->lo = r->diff - h;
	r->hi = r->diff + h;
}

static int
ttest(const double *a, size_t na, const double *b, size_t nb, double level,
    int kind, struct stats_ttest *r)
{
	r->diff = r->se = r->t = r->df = r->p = NAN;
	r->lo = r->hi = r->spool = NAN;
	if (!(level > 0 && level < 100))
		return STATS_EINVAL;
	if (na == 0 || nb == 0)
		return STATS_EEMPTY;
	if (na < 2 || nb < 2)
		return STATS_ETOOFEW;
	r->diff = stats_mean(b, nb) - stats_mean(a, na);
	t_se_df(stats_stddev(a, na), na, stats_stddev(b, nb), nb, kind,
	    &r->se, &r->df, &r->spool);
	stats_t_finish(r, level);
	return STATS_OK;
}

int
stats_ttest_student(const double *a, size_t na, const double *b, size_t nb,
    double level, struct stats_ttest *r)
{
	return ttest(a, na, b, nb, level, T_STUDENT, r);
}

int
stats_ttest_welch(const double *a, size_t na, const double *b, size_t nb,
    double level, struct stats_ttest *r)
{
	return ttest(a, na, b, nb, level, T_WELCH, r);
}

int
stats_ttest_pooled(const double *a, size_t na, const double *b, size_t nb,
    double var, double df, double level, struct stats_ttest *r)
{
	double ss = 0, dfs = 0;

	r->diff = r->se = r->t = r->df = r->p = NAN;
	r->lo = r->hi = r->spool = NAN;
	if (!(level > 0 && level < 100) || !(df >= 0) || (df > 0 && !(var >= 0)))
		return STATS_EINVAL;
	if (na == 0 || nb == 0)
		return STATS_EEMPTY;
	/* Sums of squares from the variances: (n - 1) s^2 each. */
	if (na >= 2) {
		ss += (double)(na - 1) * stats_variance(a, na);
		dfs += (double)(na - 1);
	}
	if (nb >= 2) {
		ss += (double)(nb - 1) * stats_variance(b, nb);
		dfs += (double)(nb - 1);
	}
	if (df > 0) {
		ss += df * var;
		dfs += df;
	}
	if (dfs == 0)
		return STATS_ETOOFEW;
	r->diff = stats_mean(b, nb) - stats_mean(a, na);
	r->spool = sqrt(ss / dfs);
	r->df = dfs;
	r->se = r->spool * sqrt(1 / (double)na + 1 / (double)nb);
	stats_t_finish(r, level);
	return STATS_OK;
}

int
stats_reldiff_mean(const double *a, size_t na, const double *b, size_t nb,
    double level, struct stats_ci *ci)
{
	double ma, mb, rho, ea, eb, va, vb, df, t, g, h;

	ci->est = ci->lo = ci->hi = ci->level = NAN;
	ci->nmin = 0;
	if (!(level > 0 && level < 100))
		return STATS_EINVAL;
	if (na == 0 || nb == 0)
		return STATS_EEMPTY;
	ma = stats_mean(a, na);
	mb = stats_mean(b, nb);
	/* A ratio to a zero baseline is undefined. */
	if (ma == 0)
		return STATS_EDOMAIN;
	rho = mb / ma;
	ci->est = rho - 1;
	if (na < 2 || nb < 2) {
		ci->nmin = 2;
		return STATS_ETOOFEW;
	}
	/*
	 * Work in units of |mean(a)|: ea, eb are the standard errors of
	 * the two means divided by it, so nothing over- or underflows.
	 */
	ea = stats_stddev(a, na) / fabs(ma) / sqrt((double)na);
	eb = stats_stddev(b, nb) / fabs(ma) / sqrt((double)nb);
	va = ea * ea;
	vb = eb * eb;
	/* Welch-Satterthwaite df of var(mb - rho ma) = vb + rho^2 va. */
	if (vb + rho * rho * va == 0) {
		/* Both samples constant: the ratio is known exactly. */
		ci->lo = ci->hi = ci->est;
		ci->level = level;
		return STATS_OK;
	}
	df = (vb + rho * rho * va) * (vb + rho * rho * va) /
	    (vb * vb / (nb - 1) + rho * rho * rho * rho * va * va / (na - 1));
	t = -stats_t_quantile((100 - level) / 200, df);
	/*
	 * g >= 1: mean(a) is not significantly different from 0 and the
	 * Fieller set is unbounded (or the whole line).
	 */
	g = t * t * va;
	if (g >= 1)
		return STATS_EDOMAIN;
	/*
	 * Roots of (1 - g) rho^2 - 2 rho^ rho + rho^^2 - t^2 vb = 0,
	 * rho^ = mb / ma: (rho^ -/+ t sqrt(vb (1 - g) + rho^^2 va)) / (1 - g).
	 */
	h = t * sqrt(vb * (1 - g) + rho * rho * va);
	ci->lo = (rho - h) / (1 - g) - 1;
	ci->hi = (rho + h) / (1 - g) - 1;
	ci->level = level;
	return STATS_OK;
}

struct holm_item {
	double	p;
	size_t	i;
};

static int
cmp_holm(const void *x, const void *y)
{
	const struct holm_item *a = x, *b = y;

	if (a->p != b->p)
		return a->p < b->p ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

int
stats_holm(const double *p, double *adj, size_t m)
{
	struct holm_item *it;
	size_t i, k, nv = 0;
	double run = 0, v;

	if (m == 0)
		return STATS_OK;
	if (m > SIZE_MAX / sizeof(*it))
		return STATS_ENOMEM;
	it = malloc(m * sizeof(*it));
	if (it == NULL)
		return STATS_ENOMEM;
	for (i = 0; i < m; i++) {
		if (isnan(p[i]))
			continue;
		it[nv].p = p[i];
		it[nv].i = i;
		nv++;
	}
	qsort(it, nv, sizeof(*it), cmp_holm);
	for (i = 0; i < m; i++)
		if (isnan(p[i]))
			adj[i] = NAN;
	/*
	 * Step down: the k-th smallest is multiplied by nv - k (0-based),
	 * then made monotone with a running maximum and capped at 1.
	 */
	for (k = 0; k < nv; k++) {
		v = (nv - k) * it[k].p;
		if (v > run)
			run = v;
		adj[it[k].i] = run < 1 ? run : 1;
	}
	free(it);
	return STATS_OK;
}
