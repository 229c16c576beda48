/*
 * stats.h: the statistics of kbench, as pure functions.
 *
 * No I/O, no SQL, no global state: arrays of doubles in, numbers out.
 * Functions that take "sorted" want the values in ascending order
 * (stats_sort).  Only the functions that say so allocate memory; they
 * free it before they return.  Errors are returned, never exit()ed:
 * functions returning int return STATS_OK (0) or one of the STATS_E*
 * codes below.  NaN must not occur in the data (the store refuses it).
 *
 * Files: stats.c (sorting, descriptive statistics), stats_sum.c (exact
 * sums: the mean, variance and standard deviation), stats_dist.c
 * (distributions), stats_ci.c (one-sample intervals), stats_tests.c
 * (t tests, ratio of means, Holm), stats_rank.c (Mann-Whitney),
 * stats_hl.c (Hodges-Lehmann), stats_paired.c (the signed-rank test,
 * Walsh averages, the one-sample t), stats_warn.c (outliers, bimodality,
 * CV, power).
 */
#ifndef KBENCH_STATS_H
#define KBENCH_STATS_H

#include <stddef.h>
#include <stdint.h>

enum {
	STATS_OK = 0,
	STATS_EINVAL,	/* an argument is out of its domain (a level...) */
	STATS_EEMPTY,	/* no samples */
	STATS_ETOOFEW,	/* too few samples for this level: see nmin */
	STATS_EDOMAIN,	/* the data do not suit the method (see each) */
	STATS_ENOMEM	/* an allocation failed */
};

/* A short English description of a STATS_* code. */
const char *stats_strerror(int err);

/* ---- stats.c: sorting and descriptive statistics ---- */

/*
 * Sort ascending, in place.  Allocates one scratch buffer of n doubles
 * (plus 16 KiB of counters) for an LSD radix sort, a byte at a time, on
 * the IEEE-754 bit patterns (sign bit flipped for positives, all bits
 * for negatives), freed before return; digits that all values share are
 * skipped.  When that allocation fails, or for n < 1024, it sorts in
 * place (qsort, insertion sort) instead.  -0.0 and +0.0 are equal and
 * may come in either order.
 */
void	stats_sort(double *v, size_t n);

/* ---- stats_sum.c: sums, mean, variance ---- */

/*
 * The sum, exact then rounded to nearest: the values are added into an
 * expansion (doubles whose bits do not overlap) that holds the exact sum
 * whatever the order and the cancellation.  A sum past DBL_MAX is
 * +/-inf; an infinity or NaN in the data gives the plain sum.
 */
double	stats_sum(const double *v, size_t n);

/*
 * The plain left-to-right sum, one rounding per value: what naive tools
 * compute (ministat reproduces it); never for kbench's own statistics.
 */
double	stats_plain_sum(const double *v, size_t n);

/*
 * Arithmetic mean; NaN for n == 0.  The exact sum divided by n with one
 * correction step: within 1 ulp of the exact mean (checked against exact
 * rational arithmetic on 1e5 and 1e7 values in several orders, in
 * tests/unit/test_stats.c).  A sum past DBL_MAX is redone on the values
 * scaled by 2^-64, so the mean of values near DBL_MAX is right too.
 */
double	stats_mean(const double *v, size_t n);

/*
 * Sample variance and standard deviation (divisor n - 1): the squared
 * deviations from the mean, each deviation exact and each square exact
 * (as a pair of doubles), summed with their rounding errors, less
 * n (mean - m)^2 for the last-place error of the computed mean m.  Within
 * 2 ulps of the exact value in the tests above, any order.  Scaled by a
 * power of two when the deviations are so small or large that their
 * squares would underflow or overflow (so the stddev of values near
 * 1e-300 is right, while the variance itself may honestly underflow).
 * NaN for n < 2.
 */
double	stats_variance(const double *v, size_t n);
double	stats_stddev(const double *v, size_t n);

/* Median: the middle value, or the mean of the two middle ones. */
double	stats_median(const double *sorted, size_t n);
/*
 * The same of values in any order, in O(n) on average (selection; the
 * values are reordered, not sorted).  NaN for n == 0.
 */
double	stats_median_select(double *v, size_t n);

/*
 * Quantile q in [0, 1] by linear interpolation between order statistics
 * (Hyndman & Fan type 7, R's default): h = (n - 1) q,
 * x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h]).
 */
double	stats_quantile(const double *sorted, size_t n, double q);

struct stats_desc {
	size_t	n;
	double	min, max, median, mean;
	double	stddev;		/* divisor n - 1; NaN when n < 2 */
	double	cv;		/* stddev / |mean|; NaN if n < 2 or mean 0 */
	double	p1, p5, p25, p75, p90, p95, p99, p999;	/* type 7 */
};

/*
 * Fill *d.  STATS_EEMPTY for n == 0 (n = 0 and every other field NaN);
 * for n == 1 every field is that value except stddev and cv (NaN).
 */
int	stats_describe(const double *sorted, size_t n, struct stats_desc *d);

/* ---- stats_dist.c: distributions ---- */

/*
 * Regularized incomplete beta I_x(a, b), a > 0, b > 0, 0 <= x <= 1, by
 * the continued fraction (modified Lentz) on the side where it converges,
 * with the prefactor x^a (1-x)^b / B(a, b) computed in the log domain
 * (Stirling differences for large a and b); for b = 1/2 and a >= 15
 * (Student's t) near x = 1, where the fraction cancels, an asymptotic
 * expansion in incomplete gammas instead.  Agrees with R's pbeta to
 * 1e-12 relative on a grid with a, b up to 5e5 (1e-14 typically); the
 * weak spot left is a > 1e5 with 1 <= b <= 100 and x within a few
 * standard deviations of the mean, up to 3e-10.  NaN on bad arguments.
 */
double	stats_ibeta(double a, double b, double x);

/*
 * Student's t CDF P(T <= t) for df > 0 (not only integers), from
 * stats_ibeta(); the lower tail for t < 0 keeps its relative accuracy
 * (1e-13 against R's pt), so two-sided p-values are 2 P(T <= -|t|).
 */
double	stats_t_cdf(double t, double df);

/*
 * Student's t quantile: the t with P(T <= t) = p, 0 < p < 1, df > 0.
 * Closed forms for df 1 and 2; otherwise Newton's method on the tail
 * probability (from stats_ibeta), kept inside a bisection bracket, to
 * full double precision: within 4e-15 of 40-digit references for df 1
 * to 1e7 and levels 80 to 99.9 %.  Pass the small tail (0.0005, not
 * 0.9995) for full precision.  -inf / +inf for p 0 / 1, NaN on bad
 * arguments.  df > 1e12 is treated as the normal distribution.
 */
double	stats_t_quantile(double p, double df);

/*
 * Standard normal CDF, from erfc() with the rounding of its argument
 * corrected in the lower tail (relative accuracy 1e-15 down to 1e-308).
 */
double	stats_normal_cdf(double x);

/*
 * Standard normal quantile by Wichura's AS 241 (PPND16), relative error
 * about 1e-16, which needs no refinement step.
 */
double	stats_normal_quantile(double p);

/* Binomial CDF P(X <= k) for X ~ Bin(n, p), from I_{1-p}(n - k, k + 1). */
double	stats_binom_cdf(uint64_t k, uint64_t n, double p);

/* ---- stats_ci.c: confidence intervals of one sample ---- */

/*
 * A confidence interval.  est is the point estimate whenever it exists
 * (also on STATS_ETOOFEW), else NaN.  On STATS_OK, lo <= est <= hi hold
 * the interval and level the confidence (percent) it really has: the
 * requested level for t intervals, the coverage (>= the requested one)
 * of order-statistic intervals, exact or from the normal approximation
 * where the method uses it.  On any error lo = hi = level = NaN; on
 * STATS_ETOOFEW nmin is the smallest n (for two-sample intervals: of
 * each sample, both that size) for which an interval exists at the
 * requested level, else nmin is 0.
 */
struct stats_ci {
	double	est;
	double	lo, hi;
	double	level;
	size_t	nmin;
};

/*
 * Mean +/- t(1 - alpha/2, n - 1) s / sqrt(n), level in (0, 100).
 * n == 1: STATS_ETOOFEW, nmin 2.
 */
int	stats_ci_mean(const double *v, size_t n, double level,
	    struct stats_ci *ci);

/*
 * Distribution-free interval of the median: [x(k), x(n+1-k)] (1-based
 * order statistics) with the largest k such that P(B <= k-1) <= alpha/2,
 * B ~ Bin(n, 1/2), computed exactly (incomplete beta) for every n: no
 * normal approximation is needed.  level returns 100 (1 - 2 P(B <= k-1)).
 * STATS_ETOOFEW when even [min, max] falls short: n < log2(2 / alpha).
 */
int	stats_ci_median(const double *sorted, size_t n, double level,
	    struct stats_ci *ci);

/* ---- stats_tests.c: t tests, ratio of means, multiple testing ---- */

struct stats_ttest {
	double	diff;		/* mean(b) - mean(a) */
	double	se;		/* standard error of diff */
	double	t;		/* diff / se */
	double	df;		/* na + nb - 2, or Welch's */
	double	p;		/* two-sided p-value */
	double	lo, hi;		/* interval of diff at the level */
	double	spool;		/* pooled stddev; NaN for Welch */
};

/*
 * Student's t with pooled variance (ministat's test) and Welch's t.
 * a is the baseline, b the new sample; level in (0, 100).  Both need
 * na >= 2 and nb >= 2 (STATS_ETOOFEW).  When se is 0 (both samples
 * constant): t = 0, p = 1 for equal means, t = +/-inf, p = 0 otherwise;
 * Welch's df is then na + nb - 2.
 */
int	stats_ttest_student(const double *a, size_t na, const double *b,
	    size_t nb, double level, struct stats_ttest *r);
int	stats_ttest_welch(const double *a, size_t na, const double *b,
	    size_t nb, double level, struct stats_ttest *r);

/*
 * Student's t with a variance pooled from every source that has one: a
 * and b when they hold 2 values or more, and an outside estimate var
 * with df degrees of freedom (df 0: none) of the same variance, as a
 * history of runs gives one: S = (ss_a + ss_b + df var) / (df_a + df_b
 * + df), se = sqrt(S (1/na + 1/nb)), t on df_a + df_b + df.  So a side
 * of one value can be tested against another when the variance is
 * known from elsewhere.  na and nb >= 1 (STATS_EEMPTY); no degree of
 * freedom at all: STATS_ETOOFEW.  With df 0 and both sides >= 2 it is
 * stats_ttest_student() (to rounding: its variance is summed from the
 * variances, not the standard deviations).  se 0 as above.
 */
int	stats_ttest_pooled(const double *a, size_t na, const double *b,
	    size_t nb, double var, double df, double level,
	    struct stats_ttest *r);

/*
 * Relative difference of means, mean(b) / mean(a) - 1, with Fieller's
 * interval for the ratio of two independent means (unequal variances):
 * the rho with (mb - rho ma)^2 <= t^2 (sb^2/nb + rho^2 sa^2/na), t at
 * the Welch-Satterthwaite df of that variance at the estimated ratio.
 * Fieller's interval is exact under normality and, unlike the delta
 * method, asymmetric as a ratio should be.  STATS_ETOOFEW if na or nb
 * < 2; STATS_EDOMAIN (est still set when mean(a) != 0) when mean(a) is
 * not significantly different from 0 at this level: the interval would
 * be unbounded.
 */
int	stats_reldiff_mean(const double *a, size_t na, const double *b,
	    size_t nb, double level, struct stats_ci *ci);

/*
 * Holm-Bonferroni step-down adjustment of m p-values: adj may be p.
 * Adjusted values are monotone in the order of the raw ones and capped
 * at 1.  NaN entries stay NaN and do not count in m (as R's p.adjust).
 * Allocates m indices (STATS_ENOMEM).
 */
int	stats_holm(const double *p, double *adj, size_t m);

/* ---- stats_rank.c: the Mann-Whitney U test ---- */

enum { STATS_MW_AUTO, STATS_MW_EXACT, STATS_MW_NORMAL };

/* Below this size on both sides, STATS_MW_AUTO computes exact p-values. */
#define STATS_MW_EXACT_MAX	50

struct stats_mw {
	double	u;	/* U of a: pairs a > b + ties / 2 (R's W) */
	double	z;	/* normal score, tie and continuity corrected */
	double	p;	/* two-sided p-value */
	int	exact;	/* 1: p is the exact permutation p-value */
	int	ties;	/* 1: some values are tied */
};

/*
 * Mann-Whitney U test, two-sided, on sorted samples.  STATS_MW_AUTO is
 * exact when na < 50 and nb < 50, ties or not, as the permutation
 * distribution of the midrank sum (a dynamic program over the pooled
 * midranks; p = P(|S - E S| >= |s - E S|), which is not twice a tail
 * when ties make the distribution asymmetric); otherwise the normal
 * approximation with the tie correction of the variance and a 0.5
 * continuity correction (R's wilcox.test(correct = TRUE)).  When every
 * value is tied, p = 1.  STATS_MW_EXACT refuses (STATS_EINVAL) sizes
 * whose table would pass 2^22 cells (about 100 + 100 values), with p
 * NaN.  Allocates (exact only).
 */
int	stats_mannwhitney(const double *a, size_t na, const double *b,
	    size_t nb, int mode, struct stats_mw *r);

/*
 * The critical value of U for an interval: the largest k with
 * P(U <= k - 1) <= alpha2 (0 < alpha2 < 1/2), U the Mann-Whitney
 * statistic for sizes na, nb without ties; 0 when there is none.  Exact
 * when na < 50 and nb < 50, else from the normal approximation with
 * continuity correction.  *cover gets 1 - 2 P(U <= k - 1) (NaN when k is
 * 0).  Allocates (exact only).
 */
int	stats_mw_crit(size_t na, size_t nb, double alpha2, uint64_t *k,
	    double *cover);

/* ---- stats_hl.c: the Hodges-Lehmann estimate ---- */

enum { STATS_HL_SHIFT, STATS_HL_RATIO };

/*
 * Hodges-Lehmann estimate of b against a with Moses' distribution-free
 * interval, on sorted samples.  STATS_HL_SHIFT: the median of the na nb
 * differences b[j] - a[i]; STATS_HL_RATIO: the median of the ratios
 * b[j] / a[i] (the shift of the logarithms, needs every value > 0, else
 * STATS_EDOMAIN; for an even count, the geometric mean of the middle
 * two).  The interval is [D(k), D(na nb + 1 - k)] with the largest k such
 * that P(U <= k - 1) <= alpha / 2, from the exact distribution of U
 * (ties ignored) when na < 50 and nb < 50, else from the normal
 * approximation with continuity correction; level returns its coverage.
 *
 * The differences are never stored: an exact selection in the implicit
 * matrix, sorted along rows and columns (Monahan 1984), of the median
 * and the ends of the interval together.  Rounds narrow a bracket of
 * values between two pivots from a stratified sample of it (Floyd-
 * Rivest), placed around the wanted ranks; a staircase walk counts the
 * values below each in O(na + nb), comparing the data with thresholds
 * and computing only the few values too close to them (the counts are
 * exact), and samples the values between the pivots for the next round,
 * or gathers them all when few enough to select from.  The three ranks
 * share the first rounds, then go on apart.  For small samples that is
 * all na nb values at once.  A fixed-seed generator drives the sampling:
 * the result is exact whatever the seed, only the time depends on it.
 * Each walk is shared by two threads (pthreads) when the smaller sample
 * has 131072 values or more; the result does not depend on them.
 * Memory: (na + nb) / 4 doubles (at least 1024, at most na nb), freed
 * before return (STATS_ENOMEM); each sample at most UINT32_MAX values
 * (STATS_EINVAL).  Infinities at the same end of both samples make NaN
 * differences (or ratios): STATS_EDOMAIN.  Finite values whose
 * differences overflow (or ratios leave the normal range) are ranked by
 * their computed values, all gathered, up to 65536 pairs (or na + nb);
 * past that STATS_EDOMAIN, not a wrong answer.  5M x 5M values: 0.27 s with
 * the 2 cores of the CI machine; 1000 x 1000: 0.3 ms.
 */
int	stats_hodges_lehmann(const double *a, size_t na, const double *b,
	    size_t nb, double level, int kind, struct stats_ci *ci);

/*
 * Relative difference of medians: the STATS_HL_RATIO estimate and
 * interval minus 1 (0.05 is +5 %).  Same errors.
 */
int	stats_reldiff_median(const double *a, size_t na, const double *b,
	    size_t nb, double level, struct stats_ci *ci);

/* ---- stats_paired.c: one sample of differences (paired sides) ---- */

struct stats_sr {
	double	v;	/* V: the sum of the midranks of the positive d (R's V) */
	double	z;	/* normal score, tie and continuity corrected */
	double	p;	/* two-sided p-value */
	size_t	n;	/* nonzero differences, the ones ranked */
	int	exact;	/* 1: p is the exact permutation p-value */
	int	ties;	/* 1: some |d| are tied (zeros not counted) */
};

/*
 * Wilcoxon's signed-rank test of the differences d (any order) against
 * 0, two-sided.  Zeros (-0 too) are dropped (Wilcoxon's convention, R's
 * and scipy's default) and the |d| ranked with midranks; infinities are
 * the largest magnitudes (+inf and -inf tie).  STATS_MW_AUTO is exact
 * when fewer than STATS_MW_EXACT_MAX differences are nonzero, ties or
 * not: the permutation distribution of the signed midrank sum (each
 * sign + or - with probability 1/2), by a dynamic program over doubled
 * midranks, p = P(|V - E V| >= |v - E V|) decided on those integers;
 * otherwise the normal approximation with the tie correction of the
 * variance and a 0.5 continuity correction toward the mean (R's
 * wilcox.test(d, correct = TRUE)); z is that score in either case.
 * When no difference is nonzero, p = 1.  STATS_MW_EXACT refuses
 * (STATS_EINVAL, p NaN, the other fields set) past 2047 nonzero
 * differences, whose table would pass 2^22 cells; it takes a second or
 * so near that size, and p-values below 2^-1000 may underflow there.
 * STATS_EEMPTY for n == 0.  Allocates n doubles (twice while sorting),
 * and the table when exact.
 */
int	stats_signedrank(const double *d, size_t n, int mode,
	    struct stats_sr *r);

/*
 * The critical value of V for an interval: the largest k with
 * P(V <= k - 1) <= alpha2 (0 < alpha2 < 1/2, else STATS_EINVAL), V the
 * signed-rank statistic of n untied nonzero differences; 0 when there is
 * none (while exact: 2^-n > alpha2).  Exact when n < STATS_MW_EXACT_MAX
 * (R's qsignrank), else from the normal approximation with continuity
 * correction, k = floor(n (n + 1) / 4 + 1/2 + z(alpha2) sigma).  *cover
 * gets 1 - 2 P(V <= k - 1) (NaN when k is 0).  STATS_EEMPTY for n == 0.
 * Allocates (exact only).
 */
int	stats_sr_crit(size_t n, double alpha2, uint64_t *k, double *cover);

/*
 * The one-sample Hodges-Lehmann estimate of sorted differences d: the
 * median of the N = n (n + 1) / 2 Walsh averages (d[i] + d[j]) / 2,
 * i <= j, each rounded once (no overflow near DBL_MAX, and (x + y) / 2
 * itself below it); for an even N the mean of the middle two, rounded
 * once.  Tukey's distribution-free interval [W(k), W(N + 1 - k)], k from
 * stats_sr_crit() at alpha / 2, as R's wilcox.test(conf.int = TRUE,
 * exact = TRUE) for n < 50 (past that R interpolates its own normal
 * interval; these stay order statistics); zeros are kept: they are
 * data about the location.  level returns its coverage.  The averages
 * are never all stored: each order statistic wanted is bracketed
 * between probes, values whose counts of averages at or below them (a
 * two-pointer walk over d, O(n)) fall on either side of its rank,
 * placed by interpolation of the counts or by bisection of the bit
 * patterns (at most 64 of these); the bracket's ends are averages, and
 * when few are left inside they are gathered and sorted.  Exact
 * whatever the data; 0.1 to 0.2 s for n = 1e6.  Memory: max(2 n, 65536)
 * doubles (at most N), twice while sorting them (STATS_ENOMEM).
 * STATS_ETOOFEW (est still set, nmin the smallest n with an interval)
 * when n is too small for the level; STATS_EEMPTY for n == 0;
 * STATS_EINVAL for n > UINT32_MAX, or when the walk finds the data not
 * sorted (it may not notice); infinities of both signs: STATS_EDOMAIN
 * (one sign is fine: the averages with it are infinite).
 */
int	stats_walsh(const double *sorted, size_t n, double level,
	    struct stats_ci *ci);

/*
 * The one-sample t test of d against 0 (a paired t test of its pairs'
 * differences): diff the mean, se = s / sqrt(n), t, df n - 1, the
 * two-sided p and the interval of the mean at the level (spool NaN).
 * STATS_ETOOFEW for n < 2 (every field NaN), STATS_EEMPTY for n == 0;
 * se 0 as the two-sample tests say: t = 0, p = 1 for a zero mean, t =
 * +/-inf, p = 0 otherwise, and lo = hi = the mean.
 */
int	stats_ttest_one(const double *d, size_t n, double level,
	    struct stats_ttest *r);

/* ---- stats_warn.c: warnings and planning ---- */

#define STATS_CV_WARN		0.10		/* CV above this: noisy */
#define STATS_BC_WARN		(5.0 / 9.0)	/* BC above this: bimodal? */

struct stats_fences {
	double	lo, hi;		/* q1 - 1.5 IQR, q3 + 1.5 IQR, type 7 */
	size_t	nlow, nhigh;	/* counts < lo and > hi: never dropped */
};

/* Tukey's fences.  STATS_EEMPTY for n == 0. */
int	stats_tukey(const double *sorted, size_t n, struct stats_fences *f);

struct stats_shape {
	double	skew;		/* G1, adjusted Fisher-Pearson */
	double	kurt;		/* G2, adjusted excess kurtosis */
	double	bc;		/* (G1^2 + 1) / (G2 + 3 (n-1)^2 /
				   ((n-2)(n-3))) */
	int	bimodal;	/* bc > STATS_BC_WARN */
};

/*
 * Sample skewness, kurtosis and the bimodality coefficient (SAS's
 * definition).  STATS_ETOOFEW for n < 4; STATS_EDOMAIN (fields NaN, not
 * bimodal) when every value is equal.
 */
int	stats_shape(const double *v, size_t n, struct stats_shape *s);

/* 1 when d->cv > STATS_CV_WARN, 0 otherwise (also when cv is NaN). */
int	stats_cv_high(const struct stats_desc *d);

/*
 * Samples per side to detect a relative change rel (0.01 = 1 %) of the
 * mean by a two-sided two-sample t test at level alpha with the given
 * power, when both sides have coefficient of variation cv: the smallest
 * n >= 2 with
 *   n >= 2 (t(1 - alpha/2, 2n - 2) + t(power, 2n - 2))^2 (cv / rel)^2
 * (Snedecor & Cochran's approximation of the noncentral t; it may ask
 * one sample less than R's power.t.test; it agrees on ceil() of R's n in
 * the tests).  SIZE_MAX when past 2^53.  STATS_EINVAL unless cv >= 0,
 * rel != 0, 0 < alpha < 1, 0 < power < 1.
 */
int	stats_power_n(double cv, double rel, double alpha, double power,
	    size_t *n);

#endif
