/*
 * stats_dist.c: the distributions the analyzer needs: incomplete beta,
 * Student's t, normal, binomial.  See stats.h.
 *
 * References: Numerical Recipes 3rd ed., 6.4 (incomplete beta by a
 * continued fraction, modified Lentz, 5.2); Didonato & Morris, TOMS 708
 * (the prefactor in deviance form for large a and b); Wichura, AS 241
 * (normal quantile).
 */
#include <float.h>
#include <math.h>
#include <stdint.h>

#include "analyze/stats.h"

#define LN_SQRT_2PI	0.918938533204672741780329736406	/* ln sqrt(2 pi) */
#define CF_MAXIT	1000000	/* needs ~ sqrt(max(a, b)) terms */
#define CF_TINY		1e-300	/* Lentz: stands for a zero denominator */
#define STIRLING_MIN	10	/* Stirling's series is exact to 3e-17 from here */
#define T_NORMAL_DF	1e12	/* t beyond this df: normal (rel. diff. < 1e-11) */
#define QUANT_MAXIT	200
#define HALF_MIN	15	/* I_x(a, 1/2) by expansion from this a ... */
#define HALF_XMIN	0.36787944117144233	/* ... and x >= 1/e (w0 <= 1) */
#define PI		3.141592653589793238462643383280	/* M_PI is not C11 */
#define SQRT_PI		1.772453850905516027298167483341	/* sqrt(pi) */
#define SQRT1_2_HI	0.70710678118654757	/* 1/sqrt(2) rounded, */
#define SQRT1_2_LO	(-4.8336466567264565e-17)	/* and the rest */

/*
 * Stirling's remainder w(x) = lgamma(x) - ((x - 1/2) ln x - x + ln sqrt(2 pi))
 * for x >= STIRLING_MIN: seven terms of the asymptotic series, the next
 * one is below 3e-17.
 */
static double
stirling_rem(double x)
{
	double r = 1 / x, r2 = r * r;

	return r * (1.0 / 12 - r2 * (1.0 / 360 - r2 * (1.0 / 1260 -
	    r2 * (1.0 / 1680 - r2 * (1.0 / 1188 - r2 * (691.0 / 360360 -
	    r2 / 156))))));
}

/*
 * ln B(a, b) when min(a, b) < STIRLING_MIN (the case lprefactor() does
 * not cover: t's b = 1/2, small binomials).  lgamma(a) + lgamma(b) -
 * lgamma(a + b) cancels badly when the other one is large (lgamma(5e5)
 * is 6e6 for a result near -6): there the Stirling terms of the large
 * ones are combined by hand so only small numbers are added.
 */
/*
 * lgamma() sets the global signgam: analyze --compare reads its two
 * sides in two threads, so the reentrant one (glibc, FreeBSD); every
 * argument here is positive, the sign is not used.
 */
static double
lgam(double x)
{
	int sign;

	return lgamma_r(x, &sign);
}

static double
lbeta(double a, double b)
{
	double p = fmin(a, b), q = fmax(a, b), r = p / (p + q);

	if (q >= STIRLING_MIN)
		return lgam(p) + stirling_rem(q) - stirling_rem(p + q) +
		    p - p * log(p + q) + (q - 0.5) * log1p(-r);
	return lgam(p) + lgam(q) - lgam(p + q);
}

/*
 * u - ln(1 + u), u > -1, without the cancellation of log1p(u) - u near
 * 0: with r = u / (2 + u), ln(1 + u) = 2 atanh r, so the difference is
 * u r - 2 (r^3/3 + r^5/5 + ...), |r| <= 1/3 for |u| <= 1/2.
 */
static double
rlog1(double u)
{
	double r, t, term, sum;
	int k;

	if (fabs(u) > 0.5)
		return u - log1p(u);
	r = u / (2 + u);
	t = r * r;
	sum = 0;
	term = 1;
	for (k = 3; k < 80; k += 2) {
		sum += term / k;
		term *= t;
		if (term < DBL_EPSILON / 4)
			break;
	}
	return u * r - 2 * r * t * sum;
}

/*
 * ln(x^a y^b / B(a, b)), y = 1 - x given separately so that neither
 * loses digits near 1.  For a, b >= STIRLING_MIN (TOMS 708's brcomp):
 * around x0 = a / (a + b) the linear terms cancel exactly, leaving
 * -a rlog1(u) - b rlog1(v) + ln sqrt(ab / (2 pi (a + b))) - (w(a) +
 * w(b) - w(a + b)), with u = (x - x0) / x0 and v = (y - y0) / y0.
 */
static double
lprefactor(double a, double b, double x, double y)
{
	double lx, ly, u, v, s;

	if (a >= STIRLING_MIN && b >= STIRLING_MIN) {
		s = x * b - y * a;	/* (a + b) (x - x0), one rounding */
		u = s / a;
		v = -s / b;
		return -a * rlog1(u) - b * rlog1(v) +
		    0.5 * log(a / (a + b) * b) - LN_SQRT_2PI -
		    (stirling_rem(a) + stirling_rem(b) - stirling_rem(a + b));
	}
	/* ln of a number near 1 from its small complement: log1p. */
	lx = x > 0.5 ? log1p(-y) : log(x);
	ly = y > 0.5 ? log1p(-x) : log(y);
	return a * lx + b * ly - lbeta(a, b);
}

/*
 * The continued fraction of I_x(a, b) (NR 6.4.5) by the modified Lentz
 * method; converges quickly for x < (a + 1) / (a + b + 2).
 */
static double
betacf(double a, double b, double x)
{
	double qab = a + b, qap = a + 1, qam = a - 1;
	double c = 1, d, h, aa, del;
	long m, m2;

	d = 1 - qab * x / qap;
	/* Lentz: a zero denominator is replaced by a tiny one. */
	if (fabs(d) < CF_TINY)
		d = CF_TINY;
	d = 1 / d;
	h = d;
	for (m = 1; m <= CF_MAXIT; m++) {
		m2 = 2 * m;
		aa = m * (b - m) * x / ((qam + m2) * (a + m2));
		d = 1 + aa * d;
		if (fabs(d) < CF_TINY)
			d = CF_TINY;
		c = 1 + aa / c;
		if (fabs(c) < CF_TINY)
			c = CF_TINY;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
		d = 1 + aa * d;
		if (fabs(d) < CF_TINY)
			d = CF_TINY;
		c = 1 + aa / c;
		if (fabs(c) < CF_TINY)
			c = CF_TINY;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) <= DBL_EPSILON)
			break;
	}
	return h;
}

/* I_x(a, b) by the continued fraction, prefactor included. */
static double
ibeta_cf(double a, double b, double x, double y)
{
	return exp(lprefactor(a, b, x, y)) * betacf(a, b, x) / a;
}

/*
 * I_x(a, 1/2) for large a, where the continued fraction loses digits
 * (3e-10 at a = 5e6: its first denominators cancel when x is near 1).
 * With s = e^-w, I_x(a, b) B(a, b) = int_w0^inf e^-Tw w^(b-1)
 * f(w)^(b-1) dw, w0 = -ln x, T = a + (b-1)/2, f(w) = sinh(w/2)/(w/2).
 * Expanding f^(b-1) = sum d_k w^2k term by term gives
 * sum d_k Gamma(b + 2k, T w0) / T^(b + 2k) (the idea of TOMS 708's
 * BGRAT), here for b = 1/2, where Gamma(1/2, u) = sqrt(pi) erfc(sqrt u)
 * and Gamma(s + 1, u) = s Gamma(s, u) + u^s e^-u (all terms positive).
 * The series of f has radius 2 pi: with w0 <= 1 and T >= 14.75 the terms
 * fall at least 40-fold each, so HALF_NCOEF terms reach 1e-22.
 */
static const double half_coef[] = {	/* d_k of f(w)^(-1/2) in w^2k */
	1,				/* 1 */
	-0.02083333333333333333333333,	/* -1/48 */
	0.000390625,			/* 1/2560 */
	-0.000007879670965608465608465608,	/* -61/7741440 */
	1.696766579172178130511464e-7,	/* 1261/7431782400 */
	-3.805064191721906565656566e-9,	/* -79/20761804800 */
	8.748377596315407304060578e-11,	/* 66643/761775532277760 */
	-2.044523359411973817583971e-12,
	4.833351797967704408318764e-14,
	-1.152434101767385923873422e-15,
	2.766052043599370042286319e-17,
	-6.674281950891659951210811e-19,
	1.617455077181579888154273e-20,
	-3.933977920091380015498509e-22,
	9.597634062586046691301201e-24,
};
#define HALF_NCOEF	(sizeof(half_coef) / sizeof(half_coef[0]))

static double
ibeta_half(double a, double x, double y)
{
	double t = a - 0.25, u, su, g, pw, s, tp, sum, term;
	size_t k;

	u = t * (x > 0.5 ? -log1p(-y) : -log(x));
	su = sqrt(u);
	g = SQRT_PI * erfc(su);		/* Gamma(1/2, u) */
	pw = su * exp(-u);		/* u^s e^-u, s = 1/2 */
	s = 0.5;
	tp = 1;
	sum = g;
	for (k = 1; k < HALF_NCOEF; k++) {
		g = s * g + pw;
		pw *= u;
		s += 1;
		g = s * g + pw;
		pw *= u;
		s += 1;
		tp /= t * t;
		term = half_coef[k] * g * tp;
		sum += term;
		if (fabs(term) <= DBL_EPSILON / 8 * sum)
			break;
	}
	return exp(-0.5 * log(t) - lbeta(a, 0.5)) * sum;
}

/*
 * I_x(a, b) and its complement 1 - I_x(a, b) = I_y(b, a), y = 1 - x.
 * The side that is computed directly is the accurate one; the other is
 * 1 minus it, so the direct side is chosen to be the smaller one where
 * that matters.
 */
static void
ibeta_pair(double a, double b, double x, double y, double *ip, double *jp)
{
	if (x <= 0 || y <= 0) {
		*ip = x <= 0 ? 0 : 1;
		*jp = 1 - *ip;
		return;
	}
	/*
	 * b = 1/2 and large a (Student's t with df >= 2 HALF_MIN), x near
	 * 1: the expansion; past the median the complement I_y(1/2, a),
	 * whose fraction is then well-conditioned (y < 1.5 / (a + 2.5)).
	 */
	if (b == 0.5 && a >= HALF_MIN && x >= HALF_XMIN) {
		*ip = ibeta_half(a, x, y);
		*jp = *ip > 0.5 ? ibeta_cf(0.5, a, y, x) : 1 - *ip;
		*ip = *ip > 0.5 ? 1 - *jp : *ip;
		return;
	}
	if (a == 0.5 && b >= HALF_MIN && y >= HALF_XMIN) {
		*jp = ibeta_half(b, y, x);
		*ip = *jp > 0.5 ? ibeta_cf(0.5, b, x, y) : 1 - *jp;
		*jp = *jp > 0.5 ? 1 - *ip : *jp;
		return;
	}
	if (x < (a + 1) / (a + b + 2)) {
		*ip = ibeta_cf(a, b, x, y);
		*jp = 1 - *ip;
	} else {
		*jp = ibeta_cf(b, a, y, x);
		*ip = 1 - *jp;
	}
}

double
stats_ibeta(double a, double b, double x)
{
	double i, j;

	if (!(a > 0 && b > 0 && x >= 0 && x <= 1) || isinf(a) || isinf(b))
		return NAN;
	ibeta_pair(a, b, x, 1 - x, &i, &j);
	return i;
}

/*
 * P(T > |t|) and P(0 < T < |t|) for Student's t with df degrees of
 * freedom: 1/2 I_x(df/2, 1/2) and 1/2 I_y(1/2, df/2) with
 * x = df / (df + t^2), y = t^2 / (df + t^2), each formed without
 * overflow (t^2 for huge t) or the rounding of 1 - x.
 */
static void
t_tails(double t, double df, double *upper, double *center)
{
	double x, y, r, i, j;

	t = fabs(t);
	if (t > 1) {
		r = df / t / t;
		x = r / (1 + r);
		y = 1 / (1 + r);
	} else {
		r = t * t / df;
		x = 1 / (1 + r);
		y = r / (1 + r);
	}
	ibeta_pair(df / 2, 0.5, x, y, &i, &j);
	*upper = i / 2;
	*center = j / 2;
}

/*
 * Phi(x) = erfc(z) / 2, z = -x / sqrt 2.  Far in the lower tail erfc
 * magnifies the rounding of z by 2 z^2 (1e-12 relative at x = -37):
 * there the rounding d = z - fl(z) is recovered with an fma and a
 * two-part 1/sqrt 2, and erfc(fl(z) + d) = erfc(fl(z)) e^(-2 z d) to
 * first order (the next term is below 1e-25).
 */
double
stats_normal_cdf(double x)
{
	double z, d;

	if (isnan(x))
		return NAN;
	z = -x * SQRT1_2_HI;
	if (z < 1)
		return 0.5 * erfc(z);
	d = fma(-x, SQRT1_2_HI, -z) - x * SQRT1_2_LO;
	return 0.5 * erfc(z) * exp(-2 * z * d);
}

double
stats_t_cdf(double t, double df)
{
	double up, ce;

	if (isnan(t) || !(df > 0))
		return NAN;
	if (df > T_NORMAL_DF)
		return stats_normal_cdf(t);
	if (isinf(t))
		return t > 0 ? 1 : 0;
	t_tails(t, df, &up, &ce);
	return t < 0 ? up : 0.5 + ce;
}

/*
 * Wichura's AS 241 (PPND16) for the lower tail p in (0, 1): relative
 * accuracy about 1e-16.  The tails take p itself (never 1 - p), so
 * callers pass the small tail probability for full precision.
 */
static double
as241(double p)
{
	double q = p - 0.5, r, val;

	if (fabs(q) <= 0.425) {
		r = 0.180625 - q * q;
		return q * (((((((2509.0809287301226727 * r +
		    33430.575583588128105) * r + 67265.770927008700853) * r +
		    45921.953931549871457) * r + 13731.693765509461125) * r +
		    1971.5909503065514427) * r + 133.14166789178437745) * r +
		    3.387132872796366608) /
		    (((((((5226.495278852854561 * r +
		    28729.085735721942674) * r + 39307.89580009271061) * r +
		    21213.794301586595867) * r + 5394.1960214247511077) * r +
		    687.1870074920579083) * r + 42.313330701600911252) * r + 1);
	}
	r = sqrt(-log(q < 0 ? p : 1 - p));
	if (r <= 5) {
		r -= 1.6;
		val = (((((((7.7454501427834140764e-4 * r +
		    0.0227238449892691845833) * r + 0.24178072517745061177) *
		    r + 1.27045825245236838258) * r + 3.64784832476320460504) *
		    r + 5.7694972214606914055) * r + 4.6303378461565452959) *
		    r + 1.42343711074968357734) /
		    (((((((1.05075007164441684324e-9 * r +
		    5.475938084995344946e-4) * r + 0.0151986665636164571966) *
		    r + 0.14810397642748007459) * r + 0.68976733498510000455) *
		    r + 1.6763848301838038494) * r + 2.05319162663775882187) *
		    r + 1);
	} else {
		r -= 5;
		val = (((((((2.01033439929228813265e-7 * r +
		    2.71155556874348757815e-5) * r + 0.0012426609473880784386) *
		    r + 0.026532189526576123093) * r + 0.29656057182850489123) *
		    r + 1.7848265399172913358) * r + 5.4637849111641143699) *
		    r + 6.6579046435011037772) /
		    (((((((2.04426310338993978564e-15 * r +
		    1.4215117583164458887e-7) * r + 1.8463183175100546818e-5) *
		    r + 7.868691311456132591e-4) * r + 0.0148753612908506148525)
		    * r + 0.13692988092273580531) * r +
		    0.59983220655588793769) * r + 1);
	}
	return q < 0 ? -val : val;
}

double
stats_normal_quantile(double p)
{
	if (isnan(p) || p < 0 || p > 1)
		return NAN;
	if (p == 0)
		return -INFINITY;
	if (p == 1)
		return INFINITY;
	return as241(p);
}

/* Student's t density, ln-domain so large df neither over- nor underflows. */
static double
t_pdf(double t, double df)
{
	return exp(-lbeta(df / 2, 0.5) - 0.5 * log(df) -
	    (df + 1) / 2 * log1p(t / df * t));
}

/*
 * The t > 0 with P(T > t) = q, 0 < q < 1/2.  Newton's method on the tail
 * (or, when q is near 1/2, on the centre P(0 < T < t) = 1/2 - q, which
 * keeps its digits there), started from Fisher's expansion around the
 * normal quantile and confined to a bracket [lo, hi] that every
 * evaluation narrows; a step leaving it is replaced by bisection.
 */
static double
t_upper_quantile(double q, double df)
{
	double z, z2, t, lo, hi, up, ce, f, step, tn;
	int it, central = q > 0.25;

	if (df == 1)	/* Cauchy: t = cot(pi q) = tan(pi (1/2 - q)) */
		return central ? tan(PI * (0.5 - q)) : 1 / tan(PI * q);
	if (df == 2)	/* P(T > t) = (1 - t / sqrt(2 + t^2)) / 2 */
		return 2 * (0.5 - q) / sqrt(2 * q * (1 - q));
	z = -as241(q);
	z2 = z * z;
	t = z + z * (z2 + 1) / (4 * df) +
	    z * ((5 * z2 + 16) * z2 + 3) / (96 * df * df) +
	    z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / (384 * df * df * df);
	/* The expansion is poor for small df far in the tail. */
	if (!(t > 0) || !isfinite(t))
		t = z > 0 ? z : 1;
	lo = 0;
	hi = INFINITY;
	for (it = 0; it < QUANT_MAXIT; it++) {
		t_tails(t, df, &up, &ce);
		/* f > 0: t is too small */
		f = central ? (0.5 - q) - ce : up - q;
		if (f == 0)
			return t;
		if (f > 0)
			lo = t;
		else
			hi = t;
		step = f / t_pdf(t, df);
		tn = t + step;
		if (!(tn > lo && tn < hi)) {
			/*
			 * Outside the bracket: bisect, geometrically when
			 * it spans decades.
			 */
			if (isinf(hi))
				tn = 2 * t;
			else if (lo > 0 && hi > 4 * lo)
				tn = sqrt(lo) * sqrt(hi);
			else
				tn = lo + (hi - lo) / 2;
		}
		if (fabs(tn - t) <= 2 * DBL_EPSILON * tn ||
		    (isfinite(hi) && hi - lo <= 2 * DBL_EPSILON * hi))
			return tn;
		t = tn;
	}
	return t;
}

double
stats_t_quantile(double p, double df)
{
	double t;

	if (isnan(p) || p < 0 || p > 1 || !(df > 0))
		return NAN;
	if (p == 0)
		return -INFINITY;
	if (p == 1)
		return INFINITY;
	if (p == 0.5)
		return 0;
	if (df > T_NORMAL_DF)
		return as241(p);
	/* 1 - p is exact for p >= 1/2. */
	t = t_upper_quantile(p < 0.5 ? p : 1 - p, df);
	return p < 0.5 ? -t : t;
}

double
stats_binom_cdf(uint64_t k, uint64_t n, double p)
{
	double i, j;

	if (!(p >= 0 && p <= 1))
		return NAN;
	if (k >= n)
		return 1;
	/* P(X <= k) = I_{1-p}(n - k, k + 1) */
	ibeta_pair((double)(n - k), (double)k + 1, 1 - p, p, &i, &j);
	return i;
}
