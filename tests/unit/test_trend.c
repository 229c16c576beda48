/*
 * test_trend.c: the change-point detection of analyze/trend.c on
 * synthetic histories (steps in Gaussian noise from a fixed-seed
 * generator), pinned against R where a number can be.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "analyze/stats.h"
#include "analyze/trend.h"

/* xorshift64 (Marsaglia 2003) and Box-Muller: the same numbers anywhere. */
static uint64_t rng_state;

static void
rng_seed(uint64_t seed)
{
	/* Any seed but 0; a multiplier spreads small seeds over the bits. */
	rng_state = (seed + 1) * 0x9E3779B97F4A7C15ULL;
}

static double
rng_uniform(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	/* 53 bits, in (0, 1): log() below never sees 0. */
	return ((double)(rng_state >> 11) + 0.5) * 0x1p-53;
}

static double
rng_gauss(void)
{
	double u = rng_uniform(), v = rng_uniform();

	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/*
 * n nights around level 100 with relative noise sd; from night at1 on
 * the level is multiplied by 1 + step1, from at2 on by 1 + step2 too.
 */
static void
history(double *x, size_t n, double sd, size_t at1, double step1, size_t at2,
    double step2)
{
	size_t i;
	double level;

	for (i = 0; i < n; i++) {
		level = 100;
		if (i >= at1)
			level *= 1 + step1;
		if (i >= at2)
			level *= 1 + step2;
		x[i] = level * (1 + sd * rng_gauss());
	}
}

static struct trend_cp *
detect(const double *x, size_t n, const struct trend_opts *o, size_t *ncp)
{
	struct trend_cp *cp;

	if (trend_detect(x, n, o, &cp, ncp) != STATS_OK) {
		*ncp = 0;
		return NULL;
	}
	return cp;
}

static int
near(size_t got, size_t want, size_t tol)
{
	return got + tol >= want && got <= want + tol;
}

/* Q(tau) from its definition, O(n^2) per split: the reference. */
static double
qhat_direct(const double *x, size_t n, size_t tau)
{
	double between = 0, wl = 0, wr = 0, t = (double)tau, s = (double)(n - tau);
	size_t i, j;

	for (i = 0; i < tau; i++)
		for (j = tau; j < n; j++)
			between += fabs(x[i] - x[j]);
	for (i = 0; i < tau; i++)
		for (j = i + 1; j < tau; j++)
			wl += fabs(x[i] - x[j]);
	for (i = tau; i < n; i++)
		for (j = i + 1; j < n; j++)
			wr += fabs(x[i] - x[j]);
	return t * s / (double)n * (2 * between / (t * s) -
	    wl / (t * (t - 1) / 2) - wr / (s * (s - 1) / 2));
}

static void
test_energy_statistic(void)
{
	/* R 4.2.2, from the definition (tests/unit/test_trend.c's history):
	 * Q <- function(x, tau) { a <- x[1:tau]; b <- x[-(1:tau)];
	 *   tau * length(b) / length(x) * (2 * sum(abs(outer(a, b, "-"))) /
	 *   (tau * length(b)) - sum(abs(outer(a, a, "-"))) / 2 /
	 *   choose(tau, 2) - sum(abs(outer(b, b, "-"))) / 2 /
	 *   choose(length(b), 2)) }
	 * over tau = 2 .. n - 2: the maximum 9.6545454545454543 at 5 for x,
	 * 10.666666666666668 at 3 for y (ties across the split). */
	static const double x[] = { 10.2, 9.8, 10.1, 10.4, 9.9, 12.3, 12.0,
	    12.6, 11.8, 12.2, 12.1 };
	static const double y[] = { 1, 1, 1, 5, 5, 1, 5, 5, 5 };
	static const double z[] = { 7, 7, 7, 7, 7, 7 };
	double v[80], q, qd, qbest;
	size_t tau, best, n, k, i, bad = 0;

	CHECK(trend_best_split(x, 11, 2, &tau, &q) == STATS_OK);
	CHECK(tau == 5);
	CHECK_NEAR(q, 9.6545454545454543, 1e-13);
	CHECK(trend_best_split(y, 9, 2, &tau, &q) == STATS_OK);
	CHECK(tau == 3);
	CHECK_NEAR(q, 10.666666666666668, 1e-13);
	/* Constant: every Q is exactly 0, the first split wins. */
	CHECK(trend_best_split(z, 6, 2, &tau, &q) == STATS_OK);
	CHECK(tau == 2 && q == 0);
	CHECK(trend_best_split(x, 3, 2, &tau, &q) == STATS_ETOOFEW);
	CHECK(trend_best_split(x, 11, 1, &tau, &q) == STATS_EINVAL);

	/* The running sums over ranks against the definition, 200 times. */
	rng_seed(7);
	for (k = 0; k < 200; k++) {
		n = 4 + k % 76;
		history(v, n, 0.03, n / 3, 0.02 * (double)(k % 5), n, 0);
		/* Some far values too: a tail, as latency has. */
		for (i = 0; i < n; i += 7)
			v[i] *= 1 + (double)(k % 3);
		qbest = -INFINITY;
		best = 0;
		for (i = 2; i + 2 <= n; i++)
			if ((qd = qhat_direct(v, n, i)) > qbest) {
				qbest = qd;
				best = i;
			}
		if (trend_best_split(v, n, 2, &tau, &q) != STATS_OK ||
		    tau != best || fabs(q - qbest) > 1e-9 * fabs(qbest))
			bad++;
	}
	CHECK(bad == 0);
}

static void
test_reference_pvalue(void)
{
	/* R 4.2.2: t.test(x[1:5], x[6:11], var.equal = TRUE)$p.value is
	 * 3.1271450415438089e-07, x as in test_energy_statistic. */
	static const double x[] = { 10.2, 9.8, 10.1, 10.4, 9.9, 12.3, 12.0,
	    12.6, 11.8, 12.2, 12.1 };
	struct trend_opts o = TREND_OPTS_INIT;
	struct trend_cp *cp;
	size_t ncp;

	cp = detect(x, 11, &o, &ncp);
	CHECK(ncp == 1);
	if (ncp == 1) {
		CHECK(cp[0].index == 5);
		CHECK(cp[0].nbefore == 5 && cp[0].nafter == 6);
		CHECK_NEAR(cp[0].p, 3.1271450415438089e-07, 1e-9);
		CHECK_NEAR(cp[0].mean_before, 10.08, 1e-14);
		CHECK_NEAR(cp[0].mean_after, 12.166666666666666, 1e-14);
		CHECK_NEAR(cp[0].change, 12.166666666666666 / 10.08 - 1, 1e-13);
	}
	free(cp);
}

static void
test_step(void)
{
	struct trend_opts o = TREND_OPTS_INIT;
	struct trend_cp *cp, *again;
	double x[100], big[100], tiny[100];
	size_t ncp, n2, i;

	/* +5% at night 40 of 100, 2% Gaussian noise. */
	rng_seed(1);
	history(x, 100, 0.02, 40, 0.05, 100, 0);
	cp = detect(x, 100, &o, &ncp);
	CHECK(ncp == 1);
	if (ncp == 1) {
		CHECK(near(cp[0].index, 40, 1));
		CHECK(cp[0].p < 0.001);
		CHECK(cp[0].change > 0.035 && cp[0].change < 0.065);
		CHECK(cp[0].nbefore == 30 && cp[0].nafter == 30);
		CHECK(cp[0].mean_after > cp[0].mean_before);
	}
	/* The same data, the same answer, to the bit. */
	again = detect(x, 100, &o, &n2);
	CHECK(n2 == ncp && (ncp == 0 || memcmp(cp, again, ncp * sizeof(*cp)) == 0));
	free(again);
	/* A scale changes nothing but the means. */
	for (i = 0; i < 100; i++) {
		big[i] = x[i] * 1e9;
		tiny[i] = x[i] * 1e-9;
	}
	again = detect(big, 100, &o, &n2);
	CHECK(n2 == ncp && (n2 == 0 || again[0].index == cp[0].index));
	free(again);
	again = detect(tiny, 100, &o, &n2);
	CHECK(n2 == ncp && (n2 == 0 || again[0].index == cp[0].index));
	free(again);
	/* --threshold: a 5% change is below 10%, above 3%. */
	o.threshold = 0.10;
	again = detect(x, 100, &o, &n2);
	CHECK(n2 == 0 && again == NULL);
	free(again);
	o.threshold = 0.03;
	again = detect(x, 100, &o, &n2);
	CHECK(n2 == 1 && again != NULL && again[0].index == cp[0].index);
	free(again);
	free(cp);

	/* A step down is found as well (this seed's noise puts it at 38). */
	o.threshold = 0;
	rng_seed(2);
	history(x, 100, 0.02, 40, -0.05, 100, 0);
	cp = detect(x, 100, &o, &ncp);
	CHECK(ncp == 1 && near(cp[0].index, 40, 2) && cp[0].change < 0);
	free(cp);
}

static void
test_flat(void)
{
	struct trend_opts o = TREND_OPTS_INIT;
	struct trend_cp *cp;
	double x[100];
	size_t ncp;

	rng_seed(1);
	history(x, 100, 0.02, 100, 0, 100, 0);
	cp = detect(x, 100, &o, &ncp);
	CHECK(ncp == 0 && cp == NULL);
	free(cp);
}

/*
 * Over 1000 seeds: how often a flat history shows a change, how often
 * the +5% step at 40 is found at 40 +/- 1.  The split is chosen where
 * the data differ most, so its p-value is smaller than that of a test
 * chosen beforehand: at p < 0.001, about 3% of flat histories of 100
 * show one (28 of these 1000 seeds; Otava shares this).  The step in 2%
 * noise (2.5 sd) is always found, within 1 of night 40 in 94% (938).
 */
static void
test_rates(void)
{
	struct trend_opts o = TREND_OPTS_INIT;
	struct trend_cp *cp;
	double x[100];
	size_t ncp, k, seed, flat = 0, hit = 0, found = 0;

	for (seed = 1000; seed < 2000; seed++) {
		rng_seed(seed);
		history(x, 100, 0.02, 100, 0, 100, 0);
		cp = detect(x, 100, &o, &ncp);
		flat += ncp > 0;
		free(cp);
		history(x, 100, 0.02, 40, 0.05, 100, 0);
		cp = detect(x, 100, &o, &ncp);
		found += ncp > 0;
		for (k = 0; k < ncp; k++)
			if (near(cp[k].index, 40, 1)) {
				hit++;
				break;
			}
		free(cp);
	}
	printf("# flat: %zu of 1000 with a change point; step: %zu found, "
	    "%zu at 40 +/- 1\n", flat, found, hit);
	/* At most 1% of flat histories cry wolf (5% before calibration). */
	CHECK(flat <= 10);
	CHECK(found == 1000);
	CHECK(hit >= 900);
}

/*
 * A year of nights, as make bench's history: 1000 flat series, 1000
 * with a 5% step at night 200 in 2% noise.  The location of a step of
 * 2.5 standard deviations is within a night in ~94% of series, the most
 * any estimator gets; within two in ~98%.
 */
static void
test_rates_year(void)
{
	struct trend_opts o = TREND_OPTS_INIT;
	struct trend_cp *cp;
	double *x = malloc(365 * sizeof(*x));
	size_t ncp, k, seed, flat = 0, hit = 0, hit2 = 0, found = 0;

	if (x == NULL) {
		CHECK(x != NULL);
		return;
	}
	for (seed = 5000; seed < 6000; seed++) {
		rng_seed(seed);
		history(x, 365, 0.02, 365, 0, 365, 0);
		cp = detect(x, 365, &o, &ncp);
		flat += ncp > 0;
		free(cp);
		history(x, 365, 0.02, 200, 0.05, 365, 0);
		cp = detect(x, 365, &o, &ncp);
		found += ncp > 0;
		for (k = 0; k < ncp; k++)
			if (near(cp[k].index, 200, 1)) {
				hit++;
				break;
			}
		for (k = 0; k < ncp; k++)
			if (near(cp[k].index, 200, 2)) {
				hit2++;
				break;
			}
		free(cp);
	}
	printf("# a year: flat: %zu of 1000 with a change point; 5%% step in "
	    "2%% noise: %zu found, %zu at night 200 +/- 1, %zu +/- 2\n", flat,
	    found, hit, hit2);
	CHECK(flat <= 10);
	CHECK(found == 1000);
	CHECK(hit >= 900);
	CHECK(hit2 >= 950);
	free(x);
}

static void
test_two_steps(void)
{
	struct trend_opts o = TREND_OPTS_INIT;
	struct trend_cp *cp;
	double x[100];
	size_t ncp, seed, k, both = 0, extra = 0;
	int f30, f70;

	/* +5% at 30, then -5% at 70 (a regression, then its fix). */
	rng_seed(3);
	history(x, 100, 0.02, 30, 0.05, 70, -0.05);
	cp = detect(x, 100, &o, &ncp);
	CHECK(ncp == 2);
	if (ncp == 2) {
		CHECK(near(cp[0].index, 30, 1) && cp[0].change > 0);
		CHECK(near(cp[1].index, 70, 1) && cp[1].change < 0);
	}
	free(cp);
	/* A staircase: +5% at 35, +5% more at 65. */
	rng_seed(5);
	history(x, 100, 0.02, 35, 0.05, 65, 0.05);
	cp = detect(x, 100, &o, &ncp);
	CHECK(ncp == 2);
	if (ncp == 2) {
		CHECK(near(cp[0].index, 35, 1) && cp[0].change > 0);
		CHECK(near(cp[1].index, 65, 1) && cp[1].change > 0);
		/* Each tested between its neighbours: 30 before the second. */
		CHECK(cp[1].nbefore == 30 && cp[1].nafter == 30);
	}
	free(cp);
	/*
	 * Over 1000 seeds: both within 2 in 93% (931), within 1 in 83%
	 * (each step 91%, as above); a third, spurious one in 5% (49): each
	 * half is searched again, and chosen splits test small.
	 */
	for (seed = 100; seed < 1100; seed++) {
		rng_seed(seed);
		history(x, 100, 0.02, 30, 0.05, 70, -0.05);
		cp = detect(x, 100, &o, &ncp);
		for (k = 0, f30 = f70 = 0; k < ncp; k++) {
			f30 |= near(cp[k].index, 30, 2);
			f70 |= near(cp[k].index, 70, 2);
		}
		both += f30 && f70;
		extra += ncp > 2;
		free(cp);
	}
	printf("# two steps: both found within 2 for %zu of 1000 seeds, more "
	    "than 2 change points for %zu\n", both, extra);
	CHECK(both >= 900);
	CHECK(extra <= 80);
}

static void
test_short(void)
{
	struct trend_opts o = TREND_OPTS_INIT;
	struct trend_cp *cp;
	double x[16];
	size_t ncp;

	/* 16 nights, shorter than a window: +5% at 8 in 1% noise. */
	rng_seed(5);
	history(x, 16, 0.01, 8, 0.05, 16, 0);
	cp = detect(x, 16, &o, &ncp);
	CHECK(ncp == 1);
	if (ncp == 1) {
		CHECK(near(cp[0].index, 8, 1));
		CHECK(cp[0].nbefore + cp[0].nafter == 16);
	}
	free(cp);
	/* The window is cut at both ends of a longer history too. */
	rng_seed(6);
	history(x, 16, 0.01, 4, 0.10, 16, 0);
	cp = detect(x, 16, &o, &ncp);
	CHECK(ncp == 1 && near(cp[0].index, 4, 1));
	free(cp);
}

static void
test_constant(void)
{
	struct trend_opts o = TREND_OPTS_INIT;
	struct trend_cp *cp;
	double x[100], step[40];
	size_t ncp, n, i;
	int nan = 0;

	for (i = 0; i < 100; i++)
		x[i] = 42.5;
	for (n = 0; n <= 100; n++) {
		cp = detect(x, n, &o, &ncp);
		if (ncp != 0 || cp != NULL)
			nan = 1;
		free(cp);
	}
	CHECK(nan == 0);
	for (i = 0; i < 100; i++)
		x[i] = 0;
	cp = detect(x, 100, &o, &ncp);
	CHECK(ncp == 0 && cp == NULL);
	free(cp);

	/* A clean step: p is 0, the numbers exact, nothing NaN. */
	for (i = 0; i < 40; i++)
		step[i] = i < 20 ? 1 : 2;
	cp = detect(step, 40, &o, &ncp);
	CHECK(ncp == 1);
	if (ncp == 1) {
		CHECK(cp[0].index == 20);
		CHECK(cp[0].p == 0);
		CHECK(cp[0].mean_before == 1 && cp[0].mean_after == 2);
		CHECK(cp[0].change == 1);
		CHECK(cp[0].nbefore == 20 && cp[0].nafter == 20);
	}
	free(cp);
	/* From a mean of 0 the ratio is undefined: NaN, and still found. */
	for (i = 0; i < 40; i++)
		step[i] = i < 20 ? 0 : 1;
	o.threshold = 0.5;
	cp = detect(step, 40, &o, &ncp);
	CHECK(ncp == 1 && cp[0].index == 20 && isnan(cp[0].change));
	free(cp);
	/* Fewer than 4 points have no change point, whatever they are. */
	for (n = 0; n < 4; n++) {
		cp = detect(step + 18, n, &o, &ncp);
		CHECK(ncp == 0 && cp == NULL);
		free(cp);
	}
}

static void
test_bad_options(void)
{
	struct trend_opts o = TREND_OPTS_INIT;
	struct trend_cp *cp;
	double x[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	size_t ncp;

	o.pvalue = 0;
	CHECK(trend_detect(x, 8, &o, &cp, &ncp) == STATS_EINVAL);
	o.pvalue = 1;
	CHECK(trend_detect(x, 8, &o, &cp, &ncp) == STATS_EINVAL);
	o.pvalue = 0.001;
	o.window = 1;
	CHECK(trend_detect(x, 8, &o, &cp, &ncp) == STATS_EINVAL);
	o.window = TREND_WINDOW;
	o.threshold = -0.01;
	CHECK(trend_detect(x, 8, &o, &cp, &ncp) == STATS_EINVAL);
	o.threshold = NAN;
	CHECK(trend_detect(x, 8, &o, &cp, &ncp) == STATS_EINVAL);
	CHECK(cp == NULL && ncp == 0);
}

/*
 * Watch x night by night as the nightly does, under rule r: the nights
 * (history lengths) on which trend_new_regressions reports something,
 * in nights[], their number returned (at most max).
 */
static size_t
watch_nights(const double *x, size_t n, const struct trend_mail_rule *r,
    size_t *nights, size_t max)
{
	struct trend_opts o = TREND_OPTS_INIT;
	struct trend_cp *cp;
	size_t m, k, ncp, nmail = 0;

	for (m = 1; m <= n; m++) {
		CHECK(trend_new_regressions(x, m, &o, r, &cp, &ncp) ==
		    STATS_OK);
		for (k = 0; k < ncp; k++)
			if (nmail < max)
				nights[nmail++] = m;
		free(cp);
	}
	return nmail;
}

/* watch_nights() with the whole history each night. */
static size_t
mail_nights(const double *x, size_t n, double level, size_t confirm,
    int worse, size_t *nights, size_t max)
{
	struct trend_mail_rule r = { level, confirm, worse, NULL };

	return watch_nights(x, n, &r, nights, max);
}

/* watch_nights() at --confirm 2, each history its last points only. */
static size_t
mail_nights_last(const double *x, size_t n, size_t last, size_t *nights,
    size_t max)
{
	struct trend_mail_rule r = { 0.0001, 2, 1, NULL };
	size_t m, from[64];

	for (m = 0; m <= n && m < 64; m++)
		from[m] = m > last ? m - last : 0;
	r.from = from;
	return watch_nights(x, n, &r, nights, max);
}

/*
 * The nightly's mail (analyze/trend_confirm.c): a clear step (10% in
 * 1% noise) at night 31 is found with two nights after it (a history
 * of 32) and reported once, confirm nights later; an improvement never;
 * "higher is better" turns a fall into the regression.
 */
static void
test_new_regressions(void)
{
	double x[60], down[60], ramp[80];
	size_t nights[8], n, i, confirm;

	rng_seed(3);
	history(x, 60, 0.01, 30, 0.10, 60, 0);
	for (confirm = 0; confirm <= 3; confirm++) {
		n = mail_nights(x, 60, 0.0001, confirm, 1, nights, 8);
		CHECK(n == 1 && nights[0] == 32 + confirm);
	}
	/* The same step is an improvement when higher is better. */
	n = mail_nights(x, 60, 0.0001, 2, -1, nights, 8);
	CHECK(n == 0);
	for (i = 0; i < 60; i++)
		down[i] = 200 - x[i];
	n = mail_nights(down, 60, 0.0001, 2, -1, nights, 8);
	CHECK(n == 1 && nights[0] == 34);
	n = mail_nights(down, 60, 0.0001, 2, 1, nights, 8);
	CHECK(n == 0);
	/* One outlier night in a flat history: the newest night alone
	   mails it (the false mail of issue 28), two more runs do not. */
	for (i = 0; i < 60; i++)
		x[i] = 100 + (i % 3) * 0.5;
	x[40] = 130;
	CHECK(mail_nights(x, 60, 0.0001, 2, 1, nights, 8) == 0);
	CHECK(mail_nights(x, 60, 0.0001, 0, 1, nights, 8) == 1);
	/* A rise over 10 nights: the table splits it in steps; its first
	   is mailed once, four nights in, though the split moves; the
	   others are steps of their own (make bench counts them). */
	rng_seed(4);
	for (i = 0; i < 80; i++)
		ramp[i] = 100 * (1 + 0.10 * (i < 30 ? 0 : i >= 39 ? 1 :
		    (double)(i - 29) / 10)) * (1 + 0.01 * rng_gauss());
	for (confirm = 0; confirm <= 2; confirm++) {
		n = mail_nights(ramp, 80, 0.0001, confirm, 1, nights, 8);
		CHECK(n >= 1 && n <= 3 - (confirm == 2) &&
		    nights[0] == 34 + confirm);
	}
	/* --last 20: each night's history its last 20 points; the step is
	   mailed on the same night, once. */
	rng_seed(3);
	history(x, 60, 0.01, 30, 0.10, 60, 0);
	CHECK(mail_nights_last(x, 60, 20, nights, 8) == 1 &&
	    nights[0] == 34);
}

int
main(void)
{
	test_energy_statistic();
	test_reference_pvalue();
	test_step();
	test_flat();
	test_rates();
	test_rates_year();
	test_two_steps();
	test_short();
	test_constant();
	test_bad_options();
	test_new_regressions();
	return check_done();
}
