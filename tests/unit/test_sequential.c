/*
 * test_sequential.c: Lai's confidence sequence (analyze/sequential.c)
 * against values computed without its closed form, and its guarantee
 * (and power) by seeded simulation.
 *
 * The reference values come from tests/unit/ref/ref_sequential.py
 * (Debian's python3-scipy 1.10.1): the mixture e-value as a ratio of two
 * integrals done by scipy's quad, the half-width as the root of that
 * e-value = 1 / alpha by bisection, the first bounded round by scanning
 * the integral far from the data, and the null rates of a simulation
 * with Python's own generator.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analyze/plan_rounds.h"
#include "analyze/sequential.h"
#include "tests/unit/check.h"
#include "tests/unit/seeded.h"

static const double x8[] = { 0.031, -0.012, 0.044, 0.020, 0.008, 0.051,
    -0.003, 0.027 };
static const double x12[] = { 1.5, 0.2, -0.7, 2.1, 1.1, 0.9, -0.4, 1.8,
    0.6, 1.3, 2.4, -0.1 };

/* ref_sequential.py: "evalue0 x8 T" for T = 2..8, "x12" for 2..12. */
static const double ev8[] = { 0.76999555872001491, 0.99561638809181141,
    1.300360425980748, 1.4963407217185127, 2.4693987485210629,
    2.141388228373903, 3.5118946775377275 };
static const double ev12[] = { 1.0330300024990073, 0.70740419448924308,
    0.95572412154326214, 1.3038297244896735, 1.8462197822443873,
    1.3648582534512088, 2.2875103953890252, 3.032180878103989,
    5.2981182452278643, 9.4602184693464828, 8.1243545544716511 };

static double
mean_of(const double *x, size_t n)
{
	double m = 0;
	size_t i;

	for (i = 0; i < n; i++)
		m += x[i];
	return m / (double)n;
}

static double
sq_dev(const double *x, size_t n)
{
	double m = 0, q = 0;
	size_t i;

	for (i = 0; i < n; i++)
		m += x[i];
	m /= (double)n;
	for (i = 0; i < n; i++)
		q += (x[i] - m) * (x[i] - m);
	return q;
}

static void
test_against_integrals(void)
{
	size_t t;

	for (t = 2; t <= 8; t++)
		CHECK_NEAR(seq_evalue(t, mean_of(x8, t), sq_dev(x8, t), SEQ_C),
		    ev8[t - 2], 1e-7);
	for (t = 2; t <= 12; t++)
		CHECK_NEAR(seq_evalue(t, mean_of(x12, t), sq_dev(x12, t),
		    SEQ_C), ev12[t - 2], 1e-7);
	/* Scale-invariant: the same values times 1e150 (no overflow). */
	{
		double big[8];

		for (t = 0; t < 8; t++)
			big[t] = x8[t] * 1e150;
		CHECK_NEAR(seq_evalue(8, mean_of(big, 8), sq_dev(big, 8),
		    SEQ_C), ev8[6], 1e-7);
	}
	CHECK_NEAR(seq_halfwidth(8, sq_dev(x8, 8), 0.05, SEQ_C),
	    0.037362058772430137, 1e-7);
	CHECK_NEAR(seq_halfwidth(8, sq_dev(x8, 8), 0.01, SEQ_C),
	    0.073322871912069404, 1e-7);
	CHECK_NEAR(seq_halfwidth(12, sq_dev(x12, 12), 0.05, SEQ_C),
	    1.0846387566040208, 1e-7);
	CHECK_NEAR(seq_halfwidth(12, sq_dev(x12, 12), 0.01, SEQ_C),
	    1.4769142742065022, 1e-7);
	CHECK(seq_min_rounds(0.05, SEQ_C) == 6);
	CHECK(seq_min_rounds(0.025, SEQ_C) == 7);
	CHECK(seq_min_rounds(0.01, SEQ_C) == 8);
	CHECK(seq_min_rounds(0.001, SEQ_C) == 10);
	CHECK(isinf(seq_halfwidth(5, 1, 0.05, SEQ_C)));
	CHECK(isinf(seq_halfwidth(1, 1, 0.05, SEQ_C)));
	/* Values all alike: no spread, and the interval shrinks to them. */
	CHECK(seq_halfwidth(10, 0, 0.05, SEQ_C) == 0);
	CHECK(seq_evalue(0, 0, 0, SEQ_C) == 1);
	CHECK(seq_evalue(5, 0, 0, SEQ_C) == 1);
}

enum { D_GAUSS, D_T3, D_SKEWDIFF };

/* A round's difference under no change, of the three shapes simulated. */
static double
draw(int dist)
{
	double g = 0, z;
	int i;

	switch (dist) {
	case D_T3:
		for (i = 0; i < 3; i++) {
			z = seeded_gauss();
			g += z * z;
		}
		return seeded_gauss() / sqrt(g / 3);
	case D_SKEWDIFF:
		/* Skewed rounds a side: their difference is symmetric. */
		return exp(0.8 * seeded_gauss()) - exp(0.8 * seeded_gauss());
	default:
		return seeded_gauss();
	}
}

/*
 * Watch nsim series of up to T rounds of shift + sd * draw(): the share
 * ever decided (the interval clear of 0), the median round it took (T+1
 * for undecided), and the share a 95% t test peeked at every round from
 * the 3rd would have called.
 */
static void
watch(int dist, double shift, double sd, size_t T, size_t nsim,
    double *decided, size_t *median, double *naive)
{
	struct seq_state s;
	size_t k, t, *at = calloc(nsim, sizeof(*at)), nd = 0, nn = 0, i, j;
	int peeked;
	size_t tmp;

	for (k = 0; k < nsim; k++) {
		seq_init(&s, 0.05);
		at[k] = T + 1;
		peeked = 0;
		for (t = 1; t <= T; t++) {
			seq_add(&s, shift + sd * draw(dist));
			if (at[k] > T && (s.lo > 0 || s.hi < 0))
				at[k] = t;
			/* t(0.975) for t - 1 df, near enough from t = 3 */
			if (!peeked && t >= 3 && fabs(s.mean) / sqrt(s.m2 /
			    (double)(t - 1) / (double)t) > 1.96 + 2.4 /
			    (double)(t - 1) + 5.0 / ((double)(t - 1) *
			    (double)(t - 1)))
				peeked = 1;
		}
		nd += at[k] <= T;
		nn += peeked;
	}
	/* The median round: an insertion sort will do for these sizes. */
	for (i = 1; i < nsim; i++)
		for (j = i; j > 0 && at[j - 1] > at[j]; j--) {
			tmp = at[j];
			at[j] = at[j - 1];
			at[j - 1] = tmp;
		}
	*decided = (double)nd / (double)nsim;
	*median = at[nsim / 2];
	*naive = (double)nn / (double)nsim;
	free(at);
}

/* The share of nsim series whose intervals ever miss the true mean. */
static double
miscover(int dist, double mean, size_t T, size_t nsim)
{
	struct seq_state s;
	size_t k, t, miss = 0;

	for (k = 0; k < nsim; k++) {
		seq_init(&s, 0.05);
		for (t = 1; t <= T; t++) {
			seq_add(&s, mean + 0.07 * draw(dist));
			if (s.lo > mean || s.hi < mean) {
				miss++;
				break;
			}
		}
	}
	return (double)miss / (double)nsim;
}

/* Coverage at every round at once, over several horizons and shapes. */
static void
test_coverage(void)
{
	static const size_t horizon[] = { 10, 20, 40, 100, 400 };
	char what[120];
	double m;
	size_t i;
	int d;

	seeded_state = 28;
	for (d = D_GAUSS; d <= D_SKEWDIFF; d++)
		for (i = 0; i < sizeof(horizon) / sizeof(horizon[0]); i++) {
			m = miscover(d, 0.05, horizon[i], 2000);
			snprintf(what, sizeof(what), "shape %d, %zu rounds: the "
			    "intervals ever miss +5%% in %.4f (<= 0.05)", d,
			    horizon[i], m);
			check_report(m <= 0.05, __FILE__, __LINE__, what);
		}
}

static void
test_guarantee(void)
{
	/* ref_sequential.py's rates over 4000 series (its own generator). */
	static const double py[] = { 0.02175, 0.01225, 0.00925 };
	static const char *const name[] = { "gauss", "t3", "skewdiff" };
	double dec, naive;
	size_t med;
	char what[160];
	int d;

	seeded_state = 20261202;
	for (d = D_GAUSS; d <= D_SKEWDIFF; d++) {
		watch(d, 0, 1, 40, 4000, &dec, &med, &naive);
		snprintf(what, sizeof(what), "null %s over 40 rounds: decided "
		    "%.4f (python %.4f), <= 0.05; a t test peeked at every "
		    "round: %.3f", name[d], dec, py[d], naive);
		/* 4000 series: a rate's standard error is under 0.0035. */
		check_report(dec <= 0.05 && fabs(dec - py[d]) < 0.012 &&
		    naive > 0.15, __FILE__, __LINE__, what);
	}
	/*
	 * Issue 28's targets: rounds with a CV of 5% a side, independent
	 * (the pairs' difference 7.1%).  Over 40000 series the share
	 * decided is 0.903; 20000 here, whose standard error is 0.002:
	 * held to the target less two of them.
	 */
	watch(D_GAUSS, log(1.05), 0.05 * sqrt(2), 40, 20000, &dec, &med,
	    &naive);
	snprintf(what, sizeof(what), "5%% at CV 5%%: decided %.3f by round "
	    "40 (>= 0.90 - 0.004), median round %zu (<= 30)", dec, med);
	check_report(dec >= 0.896 && med <= 30, __FILE__, __LINE__, what);
	watch(D_GAUSS, log(1.20), 0.05 * sqrt(2), 40, 2000, &dec, &med,
	    &naive);
	snprintf(what, sizeof(what), "20%% at CV 5%%: decided %.3f (all), "
	    "median round %zu (<= 8)", dec, med);
	check_report(dec == 1 && med <= 8, __FILE__, __LINE__, what);
}

/*
 * --plan.  The fixed design's rounds against the same rule computed by
 * scipy 1.10.1's t.ppf (ref_sequential.py's author, by hand:
 * min n >= 2 with n >= (t(1-a/2, n-1) + t(p, n-1))^2 (sd/delta)^2); the
 * sequential design's against this file's own simulation above (5% at
 * a spread of 7.07%: median round 21).
 */
static void
test_plan(void)
{
	size_t at, med;

	CHECK(plan_fixed_rounds(0.05, 0.05, 0.05, 0.8) == 10);
	CHECK(plan_fixed_rounds(0.0707, log(1.05), 0.025, 0.8) == 23);
	CHECK(plan_fixed_rounds(0.01, 0.002, 0.05, 0.9) == 265);
	CHECK(plan_fixed_rounds(0.0431, log(1.05), 0.025, 0.8) == 10);
	CHECK(plan_fixed_rounds(1, 0.001, 0.05, 0.8) == PLAN_ROUNDS_MAX + 1);
	CHECK(plan_sequential_rounds(0.05 * sqrt(2), log(1.05), 0.05, 0.5,
	    400, &at, &med) == 0);
	CHECK(med >= 20 && med <= 22 && at == med);
	CHECK(plan_sequential_rounds(0.05 * sqrt(2), log(1.05), 0.05, 0.9,
	    400, &at, &med) == 0);
	/* seqsim: 90% decided by round 40 (0.903), so about 40. */
	CHECK(at >= 37 && at <= 43);
	/* Beyond its cap: cap + 1. */
	CHECK(plan_sequential_rounds(1, 0.01, 0.05, 0.8, 30, &at, &med) == 0);
	CHECK(at == 31 && med == 31);
}

int
main(void)
{
	test_against_integrals();
	test_coverage();
	test_guarantee();
	test_plan();
	return check_done();
}
