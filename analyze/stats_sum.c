/*
 * stats_sum.c: the sum, mean, variance and standard deviation, accurate
 * to an ulp or two whatever the order and the number of the values.  See
 * stats.h for the contract.
 *
 * A plain left-to-right sum loses a rounding error per value: on 1e7
 * latency-like values the mean was off by up to 340 ulps and the
 * standard deviation by up to 694.  Here:
 *
 * - A sum is first accumulated in double-double (the running sum and
 *   the sum of its exact rounding errors, Knuth's TwoSum), by blocks of
 *   DD_BLOCK values, together with a rigorous bound on what that can
 *   still be off by.  On data without heavy cancellation (latencies,
 *   throughputs: one sign) the bound is 2^-80 of the sum or less, and
 *   the result is the exact sum for every practical purpose.
 * - When the bound is not that small (values of both signs that cancel),
 *   the sum is redone exactly: in an expansion, doubles of increasing
 *   magnitude whose bits do not overlap and whose exact sum is the exact
 *   sum of everything added (Shewchuk, "Adaptive precision floating-point
 *   arithmetic", 1997, with zero elimination).
 * - The squared deviations are all >= 0, a sum without cancellation: each
 *   deviation is taken exactly (TwoSum), squared exactly (Dekker), and the
 *   squares summed in blocked double-double.  The last-place error of the
 *   computed mean is then taken off with S1 = sum (x - m) = S - n m,
 *   computed from the sum above (exactly, when it matters).
 *
 * Everything here needs IEEE double arithmetic rounded to nearest, each
 * operation rounded on its own: no x87 extended precision, no -ffast-math,
 * and no contraction of a * b + c into an fma (GCC turns contraction off
 * in ISO C modes such as -std=c11, which the Makefile uses).
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "analyze/stats.h"

/* Values per block of a double-double sum: the error terms stay small. */
#define DD_BLOCK	4096

/*
 * The fast sum is kept when its error bound is below 2^-DD_TRUST of the
 * sum: far under half an ulp, so the rounded result is the exact sum's.
 */
#define DD_TRUST	64

/*
 * Terms an expansion keeps.  Nonoverlapping terms halve at least from
 * one to the next, so when they run out the two smallest are merged: the
 * rounding that costs is 2^-80 of the sum or less.  Real data use 2-4.
 */
#define XSUM_TERMS	40

/*
 * Squared deviations stay clear of overflow and of gradual underflow
 * while the largest one is within 2^-480 .. 2^480; beyond, scale.
 */
#define SS_SAFE_EXP	480

/* A sum that overflows is redone on the values times 2^-SUM_SCALE. */
#define SUM_SCALE	64

/* A sum of values times 2^-scale, as hi + lo, within err of exact. */
struct total {
	double	hi, lo, err;
	int	scale;
	int	finite;		/* 0: the data hold an infinity or NaN */
};

struct xsum {
	double	t[XSUM_TERMS];	/* increasing magnitude, nonoverlapping */
	size_t	n;
	int	overflow;	/* a term became inf or NaN */
};

/* s + e == a + b exactly, s the rounded sum (Knuth's TwoSum). */
static inline void
two_sum(double a, double b, double *s, double *e)
{
	double bb;

	*s = a + b;
	bb = *s - a;
	*e = (a - (*s - bb)) + (b - bb);
}

/*
 * p + e == a * a exactly for |a| < 2^995 (Dekker's product with
 * Veltkamp's split, which needs no fma: libm's is a slow software
 * routine on CPUs without one).
 */
static inline void
two_square(double a, double *p, double *e)
{
	double c = 134217729.0 * a, hi = c - (c - a), lo = a - hi; /* 2^27+1 */

	*p = a * a;
	*e = ((hi * hi - *p) + 2 * hi * lo) + lo * lo;
}

static void
xsum_add(struct xsum *x, double v)
{
	size_t i, k = 0;
	double s, e;

	for (i = 0; i < x->n; i++) {
		two_sum(v, x->t[i], &s, &e);
		if (e != 0)
			x->t[k++] = e;
		v = s;
	}
	if (!isfinite(v))
		x->overflow = 1;
	if (k == XSUM_TERMS) {
		x->t[1] += x->t[0];
		memmove(x->t, x->t + 1, (--k) * sizeof(x->t[0]));
	}
	x->t[k++] = v;
	x->n = k;
}

/*
 * The exact sum rounded to nearest (ties to even), and in *rest what it
 * leaves, to about an ulp of itself: the sum is the result + *rest.
 */
static double
xsum_round(const struct xsum *x, double *rest)
{
	double hi, lo = 0, y, s;
	size_t i = x->n, j;

	*rest = 0;
	if (i == 0)
		return 0;
	hi = x->t[--i];
	/* From the top down, until a term leaves a rounding error. */
	while (i > 0) {
		y = x->t[--i];
		s = hi + y;
		lo = y - (s - hi);
		hi = s;
		if (lo != 0)
			break;
	}
	/*
	 * A tie (lo exactly half an ulp of hi) went to even; the terms
	 * below, when they lean the way of lo, make it round away instead.
	 */
	if (i > 0 && ((lo < 0 && x->t[i - 1] < 0) ||
	    (lo > 0 && x->t[i - 1] > 0))) {
		y = 2 * lo;
		s = hi + y;
		if (s - hi == y) {
			hi = s;
			lo -= y;
		}
	}
	for (*rest = lo, j = 0; j < i; j++)
		*rest += x->t[j];
	return hi;
}

/*
 * The fast sum: blocked double-double.  t->err bounds |hi + lo - exact|:
 * the lo of a block sums its k <= DD_BLOCK exact errors with k roundings
 * (each within eps of the partial sums, so within k eps sum |e|), and
 * the blocks' totals are added the same way, two roundings each.
 */
static void
dd_total(const double *v, size_t n, struct total *t)
{
	double H = 0, L = 0, be = 0, bo = 0, hi, lo, eb, s, e;
	size_t i, j, end, nb = 0;

	for (i = 0; i < n; i = end) {
		end = n - i > DD_BLOCK ? i + DD_BLOCK : n;
		hi = lo = eb = 0;
		for (j = i; j < end; j++) {
			two_sum(hi, v[j], &s, &e);
			hi = s;
			lo += e;
			eb += fabs(e);
		}
		be += eb;
		two_sum(H, hi, &s, &e);
		H = s;
		L += e + lo;
		bo += fabs(e) + fabs(lo);
		nb++;
	}
	t->hi = H;
	t->lo = L;
	t->scale = 0;
	t->finite = isfinite(H) && isfinite(L);
	/* 1.01: room for the roundings of the bound's own sums. */
	t->err = 1.01 * DBL_EPSILON * ((n < DD_BLOCK ? (double)n : DD_BLOCK) *
	    be + 2 * (double)nb * bo);
}

/*
 * The exact sum: an expansion, rounded, the rest to an ulp of itself.
 * A running sum past DBL_MAX is redone on the values scaled by a power
 * of two (exact, but for values below 2^-1010 whose digits then fall
 * off); an infinity or NaN in the data leaves t->finite 0.
 */
static void
exact_total(const double *v, size_t n, struct total *t)
{
	struct xsum x;
	size_t i;

	memset(&x, 0, sizeof(x));
	memset(t, 0, sizeof(*t));
	t->finite = 1;
	for (i = 0; i < n; i++)
		xsum_add(&x, v[i]);
	if (x.overflow) {
		for (i = 0; i < n; i++)
			if (!isfinite(v[i])) {
				t->finite = 0;
				return;
			}
		t->scale = SUM_SCALE;
		memset(&x, 0, sizeof(x));
		for (i = 0; i < n; i++)
			xsum_add(&x, ldexp(v[i], -SUM_SCALE));
	}
	t->hi = xsum_round(&x, &t->lo);
	/* What rest is off by, below an ulp of itself: no part of a sum. */
	t->err = 0;
}

/* The sum, fast when that is exact enough, else exactly. */
static void
total(const double *v, size_t n, struct total *t)
{
	dd_total(v, n, t);
	if (t->finite && t->err <= ldexp(fabs(t->hi), -DD_TRUST))
		return;
	exact_total(v, n, t);
}

double
stats_plain_sum(const double *v, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += v[i];
	return s;
}

/*
 * (hi + lo) / n, nearly always correctly rounded: q and the remainder of
 * the division, hi - q n, are exact (an fma, once per mean).
 */
static double
div_n(double hi, double lo, size_t n)
{
	double dn = (double)n, q = hi / dn;

	if (!isfinite(q) || q == 0)
		return q + lo / dn;
	return q + (fma(-q, dn, hi) + lo) / dn;
}

double
stats_sum(const double *v, size_t n)
{
	struct total t;

	total(v, n, &t);
	if (!t.finite)
		return stats_plain_sum(v, n);
	if (t.scale != 0)	/* out of range: +/-inf */
		return ldexp(t.hi, t.scale);
	return t.hi + t.lo;
}

double
stats_mean(const double *v, size_t n)
{
	struct total t;

	if (n == 0)
		return NAN;
	total(v, n, &t);
	if (!t.finite)
		return stats_plain_sum(v, n) / (double)n;
	return ldexp(div_n(t.hi, t.lo, n), t.scale);
}

/*
 * Sum of the squared deviations from m, times 2^(-2e): each deviation
 * exact (d + de == v[i] - m), scaled by 2^-e, squared exactly, and the
 * squares summed in blocked double-double.  *dmax gets the largest |d|
 * (unscaled).
 */
static double
sumsq_dev(const double *v, size_t n, double m, int e, double *dmax)
{
	double d, de, p, pe, H = 0, L = 0, hi, lo, s, se, big = 0;
	size_t i, j, end;

	for (i = 0; i < n; i = end) {
		end = n - i > DD_BLOCK ? i + DD_BLOCK : n;
		hi = lo = 0;
		for (j = i; j < end; j++) {
			two_sum(v[j], -m, &d, &de);
			if (fabs(d) > big)
				big = fabs(d);
			if (e != 0) {
				d = ldexp(d, -e);
				de = ldexp(de, -e);
			}
			/* (d + de)^2 = d^2 + 2 d de + de^2 (under an ulp). */
			two_square(d, &p, &pe);
			two_sum(hi, p, &s, &se);
			hi = s;
			lo += se + (pe + 2 * d * de);
		}
		two_sum(H, hi, &s, &se);
		H = s;
		L += se + lo;
	}
	*dmax = big;
	return H + L;
}

/* S1 = S - n m, from the sum t (in its scale), and its error bound. */
static double
dev_sum(const struct total *t, double m, size_t n, double *err)
{
	double dn = (double)n, ms = ldexp(m, -t->scale), p, pe, s, e;

	p = dn * ms;
	pe = fma(dn, ms, -p);	/* p + pe == n m exactly */
	two_sum(t->hi, -p, &s, &e);
	*err = ldexp(t->err, t->scale);
	return ldexp(s + ((e + t->lo) - pe), t->scale);
}

/*
 * Sum of squared deviations from the mean, as ss * 2^(2 * *ep): the
 * squares of the deviations from the computed mean m, less n (mean - m)^2
 * = S1^2 / n for m's last-place error.  S1 comes from the fast sum unless
 * its error bound could move the result by 2^-DD_TRUST, then from the
 * exact one.  When the largest deviation is outside 2^+-SS_SAFE_EXP, the
 * deviations are scaled by an exact power of two.
 */
static double
dev_sumsq(const double *v, size_t n, int *ep)
{
	struct total t;
	double m, ss, s1, s1err, dmax;
	int e;

	*ep = 0;
	total(v, n, &t);
	if (!t.finite)
		return NAN;
	m = ldexp(div_n(t.hi, t.lo, n), t.scale);
	ss = sumsq_dev(v, n, m, 0, &dmax);
	/* All equal: nothing to rescue. */
	if (dmax == 0)
		return 0;
	if (!isfinite(dmax))
		return NAN;
	e = ilogb(dmax);
	if (e <= -SS_SAFE_EXP || e >= SS_SAFE_EXP) {
		ss = sumsq_dev(v, n, m, e, &dmax);
		*ep = e;
	}
	s1 = ldexp(dev_sum(&t, m, n, &s1err), -*ep);
	s1err = ldexp(s1err, -*ep);
	/* The correction's own error, 2 |S1| err / n, must not show. */
	if (s1err > 0 && 2 * fabs(s1) * (s1err / (double)n) >
	    ldexp(ss, -DD_TRUST)) {
		exact_total(v, n, &t);
		s1 = ldexp(dev_sum(&t, m, n, &s1err), -*ep);
	}
	return ss - s1 * (s1 / (double)n);
}

/* The variance as v * 2^(2 * *ep): ss / (n - 1), scaled. */
static double
variance_scaled(const double *v, size_t n, int *ep)
{
	return dev_sumsq(v, n, ep) / (double)(n - 1);
}

double
stats_variance(const double *v, size_t n)
{
	int e;
	double var;

	if (n < 2)
		return NAN;
	var = variance_scaled(v, n, &e);
	return ldexp(var, 2 * e);
}

double
stats_stddev(const double *v, size_t n)
{
	int e;
	double var;

	if (n < 2)
		return NAN;
	var = variance_scaled(v, n, &e);
	return ldexp(sqrt(var), e);
}
