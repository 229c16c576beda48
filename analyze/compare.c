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
estimator_name(const struct comparison *c)
{
	return c->method->estimator[c->scale == SCALE_RATIO ? 0 : 1];
}

const char *
unit_name(int unit)
{
	switch (unit) {
	case UNIT_ROUND:
		return "round";
	case UNIT_RUN:
		return "run";
	}
	return "sample";
}

const char *
between_name(int between)
{
	switch (between) {
	case BETWEEN_UNMEASURED:
		return "unmeasured";
	case BETWEEN_MODELLED:
		return "modelled";
	}
	return "n/a";
}

const char *
compare_samples_why(const struct comparison *c)
{
	if (c->rounded == 2)
		return "--unit sample";
	return c->rounded == 1 ? "no rounds recorded on one side" :
	    "no rounds recorded";
}

const char *
compare_unmeasured_why(const struct comparison *c)
{
	if (c->runs_a == 1 && c->runs_b == 1)
		return "one run a side";
	if (c->unit == UNIT_ROUND && c->runs_a >= 2 && c->runs_b >= 2)
		return "--unit round";
	if (c->unit == UNIT_SAMPLE && c->runs_a >= 2 && c->runs_b >= 2)
		return "--unit sample";
	return "too few runs to model it: 2 a side, or 3 on one, are needed";
}

const char *
compare_values_name(const struct comparison *c)
{
	int med = c->method->medians;

	if (c->paired && c->scale == SCALE_RATIO)
		return c->unit == UNIT_RUN ? (med ?
		    "the log ratios of the runs' medians, in pairs" :
		    "the log ratios of the runs' means, in pairs") : med ?
		    "the log ratios of the rounds' medians, in pairs" :
		    "the log ratios of the rounds' means, in pairs";
	if (c->paired)
		return c->unit == UNIT_RUN ? (med ?
		    "the differences of the runs' medians, in pairs" :
		    "the differences of the runs' means, in pairs") : med ?
		    "the differences of the rounds' medians, in pairs" :
		    "the differences of the rounds' means, in pairs";
	switch (c->unit) {
	case UNIT_ROUND:
		return med ? "the rounds' medians" : "the rounds' means";
	case UNIT_RUN:
		if (c->scale == SCALE_RATIO)
			return med ? "the logs of the runs' medians" :
			    "the logs of the runs' means";
		return med ? "the runs' medians" : "the runs' means";
	}
	return "the samples";
}

void
compare_groups(const struct group *a, const struct group *b,
    const struct compare_opts *o, struct comparison *c)
{
	memset(c, 0, sizeof(*c));
	c->a = a;
	c->b = b;
	c->test = o->test;
	c->warn = a->sum.warn | b->sum.warn;
	c->p = c->p_adj = NAN;
	c->change.est = c->change.lo = c->change.hi = c->change.level = NAN;
	c->change_err = STATS_EEMPTY;
	c->units_change = NAN;
	/*
	 * A ratio needs every value > 0 (the groups are sorted): -10 to -20
	 * is lower, not +100 %, and 0 has no ratio.  Otherwise a shift.
	 */
	c->scale = a->n > 0 && b->n > 0 && a->v[0] > 0 && b->v[0] > 0 ?
	    SCALE_RATIO : SCALE_SHIFT;
	compare_plan(c, o);
	/* The samples' center the method's family speaks of. */
	c->center_a = c->method->medians ? a->sum.d.median : a->sum.d.mean;
	c->center_b = c->method->medians ? b->sum.d.median : b->sum.d.mean;
	c->centers_change = c->scale == SCALE_RATIO ?
	    c->center_b / c->center_a - 1 : c->center_b - c->center_a;
	/* 1.7e308 against -1.7e308: no change a double holds (JSON: null). */
	if (isinf(c->centers_change))
		c->centers_change = NAN;
	if (c->nua < c->method->need || (!c->paired &&
	    c->nub < c->method->need) || a->n < 2 || b->n < 2) {
		c->verdict = VERDICT_UNTESTED;
		return;
	}
	c->method->test_fn(c);
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

const char *
compare_level_text(char *buf, size_t size, double level)
{
	int prec;

	for (prec = 4; prec < 17; prec++) {
		snprintf(buf, size, "%.*g%%", prec, level);
		if (level >= 100 || strtod(buf, NULL) < 100)
			break;
	}
	return buf;
}

double
compare_interval_level(const struct compare_opts *o, size_t m)
{
	if (!o->adjust || m < 2)
		return o->level;
	return 100 - (100 - o->level) / (double)m;
}

/*
 * The change of c and its interval at ci_level, by its method.  The
 * estimate does not depend on the level: every method sets it even when
 * the interval fails.
 */
static void
change_of(struct comparison *c, double ci_level)
{
	struct stats_ci *ci = &c->change;
	int err;

	ci->nmin = 0;
	err = c->method->change_fn(c, ci_level);
	c->change_err = err;
	c->noci = NULL;
	if (isinf(ci->est)) {
		/* 1.7e308 against -1.7e308: no change a double can hold. */
		ci->est = NAN;
		c->change_err = STATS_EDOMAIN;
		c->noci = "the change overflows";
	} else if (err == STATS_OK && !(isfinite(ci->lo) && isfinite(ci->hi))) {
		/* 1e200 against 1e-200: the bounds are not representable. */
		c->change_err = STATS_EDOMAIN;
		c->noci = "its bounds overflow";
	} else if (err == STATS_ETOOFEW && c->unit == UNIT_RUN &&
	    !c->paired)
		c->noci = "a run a side: no run-to-run variation to test "
		    "against (collect 2 or more runs a side, or use "
		    "--noise-floor auto)";
	else if (err == STATS_ETOOFEW)
		c->noci = c->paired ? "too few pairs" : c->unit == UNIT_ROUND ?
		    "too few rounds" : c->unit == UNIT_RUN ? "too few runs" :
		    "too few samples";
	else if (err == STATS_EDOMAIN && c->unit == UNIT_RUN && c->unlike)
		c->noci = "the runs differ in rounds or samples, so no one "
		    "variance of a run serves both sides";
	else if (err == STATS_EDOMAIN)
		c->noci = c->test == TEST_U && c->method->runs != 1 ?
		    "infinite values on both sides, or pairs whose "
		    "difference or ratio is beyond the range of doubles" :
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

/*
 * The change of the medians of the values the estimate is made of: the
 * samples', the rounds' (of each side, or of the pairs' log ratios).
 * NaN for runs: their estimate is a ratio of means.
 */
static double
units_change(const struct comparison *c)
{
	double ma, mb;

	if (c->unit == UNIT_SAMPLE)
		return c->centers_change;
	if (c->unit == UNIT_RUN || c->nua == 0)
		return NAN;
	if (c->paired)
		return c->scale == SCALE_RATIO ?
		    expm1(stats_median(c->ua, c->nua)) :
		    stats_median(c->ua, c->nua);
	if (c->nub == 0)
		return NAN;
	ma = stats_median(c->ua, c->nua);
	mb = stats_median(c->ub, c->nub);
	return c->scale == SCALE_RATIO ? mb / ma - 1 : mb - ma;
}

/*
 * Do the estimate and the change of the medians tell different stories?
 * The medians of what the estimate is made of: of the rounds for a
 * round-level row, whose samples' medians (the centers shown) are
 * another level.
 */
static int
centers_disagree(struct comparison *c)
{
	double e = c->change.est, cc = units_change(c);

	c->units_change = cc;

	int signs;

	if (isnan(e) || isnan(cc))
		return 0;
	/* Signs differ, 0 counting as a sign of its own. */
	signs = (e > 0) != (cc > 0) || (e < 0) != (cc < 0);
	if (c->change_err != STATS_OK)
		return signs;
	/*
	 * With an interval: apart by more than half of it, or of opposite
	 * signs where the interval is clear of 0 (a verdict the medians
	 * contradict).  Two changes of +0.1% and -0.01% inside one interval
	 * around 0 tell the same story.
	 */
	return fabs(e - cc) > (c->change.hi - c->change.lo) / 2 ||
	    (signs && (c->change.lo > 0 || c->change.hi < 0));
}

/* The coefficient of variation of a side's values (not logs). */
static double
values_cv(const double *v, size_t n)
{
	double m;

	if (n < 2)
		return NAN;
	m = stats_mean(v, n);
	return m != 0 ? stats_stddev(v, n) / fabs(m) : NAN;
}

/*
 * The spread of c's values, as a coefficient of variation of one unit a
 * side, for the power note: that of the samples, the rounds, the runs
 * (the standard deviation of their logs, pooled) or the pairs' (that
 * of their log ratios over sqrt 2: stats_power_n() counts two samples).
 */
static double
unit_cv(const struct comparison *c)
{
	double s = 0, df = 0;

	if (c->paired)
		return c->nua >= 2 ? stats_stddev(c->ua, c->nua) / sqrt(2) : NAN;
	if (c->unit == UNIT_SAMPLE)
		return fmax(c->a->sum.d.cv, c->b->sum.d.cv);
	if (c->unit == UNIT_ROUND)
		return fmax(values_cv(c->ua, c->nua), values_cv(c->ub, c->nub));
	if (c->nua >= 2) {
		s += (double)(c->nua - 1) * stats_variance(c->ua, c->nua);
		df += (double)(c->nua - 1);
	}
	if (c->nub >= 2) {
		s += (double)(c->nub - 1) * stats_variance(c->ub, c->nub);
		df += (double)(c->nub - 1);
	}
	if (c->floor.used) {
		s += (double)(c->floor.runs - 1) * c->floor.var;
		df += (double)(c->floor.runs - 1);
	}
	return df > 0 ? sqrt(s / df) : NAN;
}

/*
 * Is the interval clear of 0?  An end exactly at 0 (many tied pairs of
 * values) is open when the tie-corrected test rejects 0 at the level
 * the interval was asked at (raw p below its alpha): then 0 is outside
 * the confidence set the test gives, and the verdict and the interval
 * agree (compare.h).
 */
static int
clear_of_zero(struct comparison *c, double alpha1)
{
	const struct stats_ci *ci = &c->change;

	if (c->change_err != STATS_OK)
		return 0;
	if (ci->lo > 0 || ci->hi < 0)
		return 1;
	if (isnan(c->p) || !(c->p < alpha1) || ci->est == 0 ||
	    (ci->lo != 0 && ci->hi != 0))
		return 0;
	c->open = ci->lo == 0 ? -1 : 1;
	c->notes |= CMP_OPEN;
	return 1;
}

/* The verdict of one tested comparison, its notes and its power. */
static void
verdict_of(struct comparison *c, const struct compare_opts *o, double alpha,
    double alpha1)
{
	double rel, cv;
	int lower, sig, clear;

	sig = c->p_adj < alpha;
	clear = clear_of_zero(c, alpha1);
	if (c->change_err != STATS_OK)
		c->notes |= CMP_NOCI;
	if (sig && clear && compare_relsize(c) * 100 >= o->threshold) {
		lower = strcmp(c->a->better, "higher") != 0;
		c->verdict = (c->change.est < 0) == lower ?
		    VERDICT_IMPROVED : VERDICT_REGRESSED;
		return;
	}
	c->verdict = VERDICT_SAME;
	/* Without an interval, CMP_NOCI is the whole story. */
	if (sig && clear)
		c->notes |= CMP_SMALL;
	else if (sig && c->change_err == STATS_OK)
		c->notes |= CMP_TESTONLY;
	else if (clear)
		c->notes |= CMP_CIONLY;
	/*
	 * How many units would have shown a change this big, at the alpha
	 * each interval is held to.  A percentage of a series that
	 * crosses zero means nothing: none for shifts.
	 */
	if (c->scale != SCALE_RATIO)
		return;
	rel = (o->threshold > 1 ? o->threshold : 1) / 100;
	cv = unit_cv(c);
	c->power_cv = cv;
	if (!isnan(cv) && stats_power_n(cv, rel, alpha1, 0.8,
	    &c->power_n) != STATS_OK)
		c->power_n = 0;
}

/* The notes every comparison carries of its unit. */
static void
unit_notes(struct comparison *c)
{
	if (c->unit == UNIT_SAMPLE)
		c->notes |= CMP_SAMPLES;
	if (c->between == BETWEEN_UNMEASURED)
		c->notes |= CMP_UNMEASURED;
	if (c->unpaired > 0)
		c->notes |= CMP_UNPAIRED;
	if (c->scale == SCALE_SHIFT)
		c->notes |= CMP_SHIFT;
	if (c->test == TEST_U && centers_disagree(c))
		c->notes |= CMP_CENTERS;
}

int
compare_family(struct comparison *c, size_t n, const struct compare_opts *o)
{
	double alpha = 1 - o->level / 100, alpha1, ci_level, *p;
	size_t i, m;

	m = compare_tested(c, n);
	ci_level = compare_interval_level(o, m);
	/* The per-comparison alpha that the intervals (and power) use. */
	alpha1 = 1 - ci_level / 100;
	p = calloc(n ? n : 1, sizeof(*p));
	if (p == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		change_of(&c[i], ci_level);
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
		unit_notes(&c[i]);
		if (c[i].verdict != VERDICT_UNTESTED)
			verdict_of(&c[i], o, alpha, alpha1);
		else if (c[i].unit == UNIT_RUN && c[i].unlike &&
		    c[i].noci != NULL)
			/* Untested for a reason of its own: say which. */
			c[i].notes |= CMP_NOCI;
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
	char lv[40];

	if (c->notes & CMP_SHIFT)
		sb_addf(next(out), "values not all positive: the change is the "
		    "difference B - A in the unit, not a ratio");
	compare_level_text(lv, sizeof(lv), ci_level);
	if (c->notes & CMP_SAMPLES)
		sb_addf(next(out), "%s: samples assumed independent",
		    compare_samples_why(c));
	if (c->notes & CMP_UNMEASURED)
		sb_addf(next(out), "run-to-run variation unmeasured (%s): the "
		    "interval does not cover it", compare_unmeasured_why(c));
	if (c->notes & CMP_UNPAIRED)
		sb_addf(next(out), "%zu round%s of one side only, left out of the "
		    "pairs", c->unpaired, c->unpaired == 1 ? "" : "s");
	if (c->notes & CMP_NOCI) {
		if (c->change_err == STATS_ETOOFEW && c->change.nmin > 0 &&
		    c->noci != NULL && strncmp(c->noci, "too few", 7) == 0)
			sb_addf(next(out), "no %s interval of the change: %s "
			    "(needs %zu %s)", lv, c->noci, c->change.nmin,
			    c->paired ? "pairs" : "a side");
		else
			sb_addf(next(out), "no %s interval of the change: %s",
			    lv, c->noci);
	}
	if (c->notes & CMP_TESTONLY)
		sb_addf(next(out), "p %.3g < %g but the %s interval includes 0: "
		    "not called", c->p_adj, alpha, lv);
	if (c->notes & CMP_CIONLY)
		sb_addf(next(out), "the %s interval excludes 0 but p %.3g >= %g: "
		    "not called", lv, c->p_adj, alpha);
	if (c->notes & CMP_SMALL)
		sb_addf(next(out), "significant, but smaller than the threshold of %g%%",
		    o->threshold);
	if (c->notes & CMP_CENTERS)
		sb_addf(next(out), "the Hodges-Lehmann estimate and the change of the "
		    "medians disagree (skewed or multimodal data)");
	if (c->notes & CMP_OPEN)
		sb_addf(next(out), "the interval's %s end is 0 itself (tied values), "
		    "which the test rejects (p %.3g < %.3g): that end is open",
		    c->open < 0 ? "lower" : "upper", c->p, 1 - ci_level / 100);
}
