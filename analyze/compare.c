/*
 * compare.c: see compare.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/compare.h"

const char *
verdict_name(int verdict)
{
	switch (verdict) {
	case VERDICT_IMPROVED:
		return "improved";
	case VERDICT_REGRESSED:
		return "regressed";
	case VERDICT_UNTESTED:
		return "untested";
	}
	return "~";
}

const char *
test_name(int test)
{
	switch (test) {
	case TEST_WELCH:
		return "Welch's t test";
	case TEST_STUDENT:
		return "Student's t test";
	}
	return "Mann-Whitney U test";
}

const char *
estimator_name(int test, int scale)
{
	if (test == TEST_U)
		return scale == SCALE_RATIO ? "Hodges-Lehmann ratio" :
		    "Hodges-Lehmann shift";
	return scale == SCALE_RATIO ? "ratio of means" : "difference of means";
}

void
compare_groups(const struct group *a, const struct group *b, int test,
    struct comparison *c)
{
	struct stats_ttest tt;
	struct stats_mw mw;
	int err;

	memset(c, 0, sizeof(*c));
	c->a = a;
	c->b = b;
	c->warn = a->sum.warn | b->sum.warn;
	c->p = c->p_adj = NAN;
	c->change.est = c->change.lo = c->change.hi = c->change.level = NAN;
	c->change_err = STATS_EEMPTY;
	c->center_a = test == TEST_U ? a->sum.d.median : a->sum.d.mean;
	c->center_b = test == TEST_U ? b->sum.d.median : b->sum.d.mean;
	/*
	 * A ratio needs every value > 0 (the groups are sorted): -10 to -20
	 * is lower, not +100 %, and 0 has no ratio.  Otherwise a shift.
	 */
	c->scale = a->n > 0 && b->n > 0 && a->v[0] > 0 && b->v[0] > 0 ?
	    SCALE_RATIO : SCALE_SHIFT;
	c->centers_change = c->scale == SCALE_RATIO ?
	    c->center_b / c->center_a - 1 : c->center_b - c->center_a;
	if (a->n < 2 || b->n < 2) {
		c->verdict = VERDICT_UNTESTED;
		return;
	}
	if (test == TEST_U) {
		err = stats_mannwhitney(a->v, a->n, b->v, b->n, STATS_MW_AUTO, &mw);
		c->p = err == STATS_OK ? mw.p : NAN;
	} else {
		/* The p-value does not depend on the level asked here. */
		err = test == TEST_WELCH ?
		    stats_ttest_welch(a->v, a->n, b->v, b->n, 95, &tt) :
		    stats_ttest_student(a->v, a->n, b->v, b->n, 95, &tt);
		c->p = err == STATS_OK ? tt.p : NAN;
	}
	c->verdict = isnan(c->p) ? VERDICT_UNTESTED : VERDICT_SAME;
}

size_t
compare_tested(const struct comparison *c, size_t n)
{
	size_t i, m = 0;

	for (i = 0; i < n; i++)
		if (!isnan(c[i].p))
			m++;
	return m;
}

double
compare_interval_level(const struct compare_opts *o, size_t m)
{
	if (!o->adjust || m < 2)
		return o->level;
	return 100 - (100 - o->level) / (double)m;
}

/*
 * The change of c and its interval at ci_level, by the estimator of its
 * test and scale.  The estimate does not depend on the level: every
 * method below sets it even when the interval fails.
 */
static void
change_of(struct comparison *c, int test, double ci_level)
{
	const struct group *a = c->a, *b = c->b;
	struct stats_ttest tt;
	struct stats_ci *ci = &c->change;
	int err;

	if (test == TEST_U)
		err = c->scale == SCALE_RATIO ?
		    stats_reldiff_median(a->v, a->n, b->v, b->n, ci_level, ci) :
		    stats_hodges_lehmann(a->v, a->n, b->v, b->n, ci_level,
		    STATS_HL_SHIFT, ci);
	else if (c->scale == SCALE_RATIO)
		err = stats_reldiff_mean(a->v, a->n, b->v, b->n, ci_level, ci);
	else {
		err = test == TEST_WELCH ?
		    stats_ttest_welch(a->v, a->n, b->v, b->n, ci_level, &tt) :
		    stats_ttest_student(a->v, a->n, b->v, b->n, ci_level, &tt);
		ci->nmin = 0;
		ci->est = b->sum.d.mean - a->sum.d.mean;
		ci->lo = tt.lo;
		ci->hi = tt.hi;
		ci->level = err == STATS_OK ? ci_level : NAN;
		if (err == STATS_ETOOFEW)
			ci->nmin = 2;
	}
	c->change_err = err;
	c->noci = NULL;
	if (err == STATS_OK && !(isfinite(ci->lo) && isfinite(ci->hi))) {
		/* 1e200 against 1e-200: the bounds are not representable. */
		c->change_err = STATS_EDOMAIN;
		c->noci = "its bounds overflow";
	} else if (err == STATS_ETOOFEW)
		c->noci = "too few samples";
	else if (err == STATS_EDOMAIN)
		c->noci = test == TEST_U ? "infinite values on both sides" :
		    "the baseline's mean is not clear of 0 at this level, so "
		    "Fieller's interval is unbounded";
	else if (err != STATS_OK)
		c->noci = stats_strerror(err);
	if (c->change_err != STATS_OK)
		ci->lo = ci->hi = ci->level = NAN;
}

double
compare_relsize(const struct comparison *c)
{
	double r;

	if (c->scale == SCALE_RATIO)
		return fabs(c->change.est);
	if (c->change.est == 0)
		return 0;
	/* A shift from a center of 0 is infinitely large, relatively. */
	r = fabs(c->change.est) / fabs(c->center_a);
	return isnan(r) ? 0 : r;
}

/* Do the estimate and the change of the centers tell different stories? */
static int
centers_disagree(const struct comparison *c)
{
	double e = c->change.est, cc = c->centers_change;

	if (isnan(e) || isnan(cc))
		return 0;
	/* Signs differ, 0 counting as a sign of its own. */
	if ((e > 0) != (cc > 0) || (e < 0) != (cc < 0))
		return 1;
	return c->change_err == STATS_OK &&
	    fabs(e - cc) > (c->change.hi - c->change.lo) / 2;
}

int
compare_family(struct comparison *c, size_t n, const struct compare_opts *o)
{
	double alpha = 1 - o->level / 100, alpha1, ci_level, *p, rel, cv;
	size_t i, m;
	int lower, sig, clear;

	m = compare_tested(c, n);
	ci_level = compare_interval_level(o, m);
	/* The per-comparison alpha that the intervals (and power) use. */
	alpha1 = 1 - ci_level / 100;
	p = calloc(n ? n : 1, sizeof(*p));
	if (p == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		change_of(&c[i], o->test, ci_level);
		/* No test, no interval: only the estimate of what there is. */
		if (c[i].verdict == VERDICT_UNTESTED &&
		    c[i].change_err == STATS_OK) {
			c[i].change_err = STATS_ETOOFEW;
			c[i].change.lo = c[i].change.hi = NAN;
			c[i].change.level = NAN;
		}
		p[i] = c[i].p;
	}
	if (o->adjust && m > 1 && stats_holm(p, p, n) != STATS_OK) {
		free(p);
		return -1;
	}
	for (i = 0; i < n; i++) {
		c[i].p_adj = p[i];
		if (c[i].scale == SCALE_SHIFT)
			c[i].notes |= CMP_SHIFT;
		if (o->test == TEST_U && centers_disagree(&c[i]))
			c[i].notes |= CMP_CENTERS;
		if (c[i].verdict == VERDICT_UNTESTED)
			continue;
		sig = c[i].p_adj < alpha;
		clear = c[i].change_err == STATS_OK &&
		    (c[i].change.lo > 0 || c[i].change.hi < 0);
		if (c[i].change_err != STATS_OK)
			c[i].notes |= CMP_NOCI;
		if (sig && clear && compare_relsize(&c[i]) * 100 >= o->threshold) {
			lower = strcmp(c[i].a->better, "higher") != 0;
			c[i].verdict = (c[i].change.est < 0) == lower ?
			    VERDICT_IMPROVED : VERDICT_REGRESSED;
			continue;
		}
		c[i].verdict = VERDICT_SAME;
		/* Without an interval, CMP_NOCI is the whole story. */
		if (sig && clear)
			c[i].notes |= CMP_SMALL;
		else if (sig && c[i].change_err == STATS_OK)
			c[i].notes |= CMP_TESTONLY;
		else if (clear)
			c[i].notes |= CMP_CIONLY;
		/*
		 * How many samples would have shown a change this big, at
		 * the alpha each interval is held to.  A percentage of a
		 * series that crosses zero means nothing: none for shifts.
		 */
		if (c[i].scale != SCALE_RATIO)
			continue;
		rel = (o->threshold > 1 ? o->threshold : 1) / 100;
		cv = fmax(c[i].a->sum.d.cv, c[i].b->sum.d.cv);
		if (!isnan(cv) && stats_power_n(cv, rel, alpha1, 0.8,
		    &c[i].power_n) != STATS_OK)
			c[i].power_n = 0;
	}
	free(p);
	return 0;
}

double
compare_geomean(const struct comparison *c, size_t n)
{
	double sum = 0;
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (c[i].scale == SCALE_RATIO && c[i].center_a > 0 &&
		    c[i].center_b > 0) {
			/* Logs first: 1e200 / 1e-200 would overflow. */
			sum += log(c[i].center_b) - log(c[i].center_a);
			k++;
		}
	return k > 0 ? exp(sum / (double)k) : NAN;
}

/* Phrases are joined by "; ". */
static struct strbuf *
next(struct strbuf *out)
{
	if (out->len > 0)
		sb_adds(out, "; ");
	return out;
}

void
compare_note_text(const struct comparison *c, const struct compare_opts *o,
    double ci_level, struct strbuf *out)
{
	double alpha = 1 - o->level / 100;

	if (c->notes & CMP_SHIFT)
		sb_addf(next(out), "values not all positive: the change is the "
		    "difference B - A in the unit, not a ratio");
	if (c->notes & CMP_NOCI) {
		if (c->change_err == STATS_ETOOFEW && c->change.nmin > 0)
			sb_addf(next(out), "no %.4g%% interval of the change: too few "
			    "samples (needs %zu a side)", ci_level,
			    c->change.nmin);
		else
			sb_addf(next(out), "no %.4g%% interval of the change: %s",
			    ci_level, c->noci);
	}
	if (c->notes & CMP_TESTONLY)
		sb_addf(next(out), "p %.3g < %g but the %.4g%% interval includes 0: "
		    "not called", c->p_adj, alpha, ci_level);
	if (c->notes & CMP_CIONLY)
		sb_addf(next(out), "the %.4g%% interval excludes 0 but p %.3g >= %g: "
		    "not called", ci_level, c->p_adj, alpha);
	if (c->notes & CMP_SMALL)
		sb_addf(next(out), "significant, but smaller than the threshold of %g%%",
		    o->threshold);
	if (c->notes & CMP_CENTERS)
		sb_addf(next(out), "the Hodges-Lehmann estimate and the change of the "
		    "medians disagree (skewed or multimodal data)");
}
