/*
 * compare_methods.c: the comparison methods, a row each (compare.h):
 * what a method tests, how it estimates the change and its interval.
 * compare_plan.c chooses the row and fills the values it works on.
 */
#include <math.h>
#include <string.h>

#include "analyze/compare.h"

/* ---- two independent sides: samples or rounds ---- */

static void
test_mw(struct comparison *c)
{
	struct stats_mw mw;

	c->p = stats_mannwhitney(c->ua, c->nua, c->ub, c->nub, STATS_MW_AUTO,
	    &mw) == STATS_OK ? mw.p : NAN;
}

static void
test_t(struct comparison *c)
{
	struct stats_ttest tt;
	int err;

	/* The p-value does not depend on the level asked here. */
	err = c->test == TEST_WELCH ?
	    stats_ttest_welch(c->ua, c->nua, c->ub, c->nub, 95, &tt) :
	    stats_ttest_student(c->ua, c->nua, c->ub, c->nub, 95, &tt);
	c->p = err == STATS_OK ? tt.p : NAN;
}

static int
change_hl(struct comparison *c, double level)
{
	return c->scale == SCALE_RATIO ?
	    stats_reldiff_median(c->ua, c->nua, c->ub, c->nub, level,
	    &c->change) :
	    stats_hodges_lehmann(c->ua, c->nua, c->ub, c->nub, level,
	    STATS_HL_SHIFT, &c->change);
}

static int
change_t(struct comparison *c, double level)
{
	struct stats_ttest tt;
	struct stats_ci *ci = &c->change;
	int err;

	if (c->scale == SCALE_RATIO)
		return stats_reldiff_mean(c->ua, c->nua, c->ub, c->nub, level,
		    ci);
	err = c->test == TEST_WELCH ?
	    stats_ttest_welch(c->ua, c->nua, c->ub, c->nub, level, &tt) :
	    stats_ttest_student(c->ua, c->nua, c->ub, c->nub, level, &tt);
	ci->nmin = err == STATS_ETOOFEW ? 2 : 0;
	ci->est = stats_mean(c->ub, c->nub) - stats_mean(c->ua, c->nua);
	ci->lo = tt.lo;
	ci->hi = tt.hi;
	ci->level = err == STATS_OK ? level : NAN;
	return err;
}

/* ---- paired: one difference a round (or run), in ua ---- */

static void
test_signedrank(struct comparison *c)
{
	struct stats_sr sr;

	c->p = stats_signedrank(c->ua, c->nua, STATS_MW_AUTO, &sr) ==
	    STATS_OK ? sr.p : NAN;
}

static void
test_paired_t(struct comparison *c)
{
	struct stats_ttest tt;

	c->p = stats_ttest_one(c->ua, c->nua, 95, &tt) == STATS_OK ? tt.p :
	    NAN;
}

/* Differences of logs back to a relative change: e^x - 1. */
static void
ci_exp(struct stats_ci *ci, int err)
{
	ci->est = expm1(ci->est);
	if (err == STATS_OK) {
		ci->lo = expm1(ci->lo);
		ci->hi = expm1(ci->hi);
	}
}

static int
change_walsh(struct comparison *c, double level)
{
	int err = stats_walsh(c->ua, c->nua, level, &c->change);

	if (c->scale == SCALE_RATIO)
		ci_exp(&c->change, err);
	return err;
}

static int
change_paired_t(struct comparison *c, double level)
{
	struct stats_ttest tt;
	struct stats_ci *ci = &c->change;
	int err = stats_ttest_one(c->ua, c->nua, level, &tt);

	ci->nmin = err == STATS_ETOOFEW ? 2 : 0;
	ci->est = c->nua > 0 ? stats_mean(c->ua, c->nua) : NAN;
	ci->lo = tt.lo;
	ci->hi = tt.hi;
	ci->level = err == STATS_OK ? level : NAN;
	if (c->scale == SCALE_RATIO)
		ci_exp(ci, err);
	return err;
}

/* ---- runs: each run's median (its log on a ratio scale) ---- */

/*
 * The t test of the runs: Welch's (or Student's) when each side has 2
 * runs or more and no floor is given; else one variance pooled from
 * the sources that have one (a side with 2 runs or more, the floor's
 * runs), for both sides.
 */
static int
runs_t(const struct comparison *c, double level, struct stats_ttest *r)
{
	/* One variance for runs of another shape would be the wrong one. */
	if ((c->nua < 2 || c->nub < 2) && c->unlike) {
		r->diff = r->se = r->t = r->df = r->p = NAN;
		r->lo = r->hi = r->spool = NAN;
		return STATS_EDOMAIN;
	}
	if (c->nua >= 2 && c->nub >= 2 && !c->floor.used)
		return c->test == TEST_STUDENT ?
		    stats_ttest_student(c->ua, c->nua, c->ub, c->nub, level, r) :
		    stats_ttest_welch(c->ua, c->nua, c->ub, c->nub, level, r);
	return stats_ttest_pooled(c->ua, c->nua, c->ub, c->nub, c->floor.var,
	    c->floor.used ? (double)(c->floor.runs - 1) : 0, level, r);
}

static void
test_runs(struct comparison *c)
{
	struct stats_ttest tt;

	c->p = runs_t(c, 95, &tt) == STATS_OK ? tt.p : NAN;
}

static int
change_runs(struct comparison *c, double level)
{
	struct stats_ttest tt;
	struct stats_ci *ci = &c->change;
	int err = runs_t(c, level, &tt);

	ci->nmin = err == STATS_ETOOFEW ? 2 : 0;
	ci->est = c->nua > 0 && c->nub > 0 ? stats_mean(c->ub, c->nub) -
	    stats_mean(c->ua, c->nua) : NAN;
	ci->lo = tt.lo;
	ci->hi = tt.hi;
	ci->level = err == STATS_OK ? level : NAN;
	if (c->scale == SCALE_RATIO)
		ci_exp(ci, err);
	return err;
}

/* ---- the table ---- */

#define FAMILY(t)	(1u << (t))
/* What the run-level rows estimate, by scale. */
#define RUNS_ESTIMATORS	{ "ratio of the runs' geometric means",		\
	    "difference of the runs' means" }

const struct cmp_method cmp_methods[] = {
	{ "mann-whitney", "Mann-Whitney U test", "median", 2,
	  { "Hodges-Lehmann ratio", "Hodges-Lehmann shift" },
	  { "Moses'", "Moses'" }, FAMILY(TEST_U), 0, 0, 1, test_mw,
	  change_hl },
	{ "welch", "Welch's t test", "mean", 2,
	  { "ratio of means", "difference of means" },
	  { "Fieller's", "Welch's" }, FAMILY(TEST_WELCH), 0, 0, 0, test_t,
	  change_t },
	{ "student", "Student's t test", "mean", 2,
	  { "ratio of means", "difference of means" },
	  { "Fieller's", "Student's" }, FAMILY(TEST_STUDENT), 0, 0, 0, test_t,
	  change_t },
	{ "signed-rank", "Wilcoxon signed-rank test", "median", 2,
	  { "Hodges-Lehmann ratio of the pairs",
	    "Hodges-Lehmann shift of the pairs" },
	  { "Tukey's", "Tukey's" }, FAMILY(TEST_U), 1, 0, 1, test_signedrank,
	  change_walsh },
	/* Pairs of runs with the U test: a t test of their medians. */
	{ "paired-t", "paired t test", "median", 2,
	  { "geometric mean of the pairs' ratios",
	    "mean of the pairs' differences" },
	  { "Student's", "Student's" }, FAMILY(TEST_U), 1, 1, 1,
	  test_paired_t, change_paired_t },
	/* Pairs of rounds with a t test; pairs of runs with any: too few
	 * for ranks (signed-rank, above, takes the U test's rounds). */
	{ "paired-t", "paired t test", "mean", 2,
	  { "geometric mean of the pairs' ratios",
	    "mean of the pairs' differences" },
	  { "Student's", "Student's" }, FAMILY(TEST_U) | FAMILY(TEST_WELCH) |
	  FAMILY(TEST_STUDENT), 1, 2, 0, test_paired_t, change_paired_t },
	/* Runs: a t test whatever --test, 2 or 3 values a side know no ranks. */
	{ "runs-welch", "Welch's t test", "median", 1,
	  { "ratio of the runs' geometric means",
	    "difference of the runs' medians" },
	  { "Welch's", "Welch's" }, FAMILY(TEST_U), 0, 1, 1, test_runs,
	  change_runs },
	{ "runs-welch", "Welch's t test", "mean", 1,
	  RUNS_ESTIMATORS,
	  { "Welch's", "Welch's" }, FAMILY(TEST_WELCH), 0, 1, 0, test_runs,
	  change_runs },
	{ "runs-student", "Student's t test", "mean", 1,
	  RUNS_ESTIMATORS,
	  { "Student's", "Student's" }, FAMILY(TEST_STUDENT), 0, 1, 0,
	  test_runs, change_runs },
	/*
	 * A side of one run: the variance of a run pooled from the other
	 * side's runs, or a noise floor's (of medians: the U test's).
	 */
	{ "runs-pooled", "Student's t test (one pooled variance)",
	  "median", 1,
	  { "ratio of the runs' geometric means",
	    "difference of the runs' medians" },
	  { "Student's", "Student's" }, FAMILY(TEST_U), 0, 3, 1, test_runs,
	  change_runs },
	{ "runs-pooled", "Student's t test (one pooled variance)", "mean", 1,
	  RUNS_ESTIMATORS,
	  { "Student's", "Student's" }, FAMILY(TEST_WELCH) |
	  FAMILY(TEST_STUDENT), 0, 3, 0, test_runs, change_runs },
	{ NULL, NULL, NULL, 0, { NULL, NULL }, { NULL, NULL }, 0, 0, 0, 0,
	  NULL, NULL }
};

const struct cmp_method *
cmp_method_find(int family, int paired, int runs)
{
	const struct cmp_method *m;

	for (m = cmp_methods; m->name != NULL; m++)
		if ((m->families & FAMILY(family)) && m->paired == paired &&
		    (m->runs == runs || (m->runs == 2 && runs < 2)))
			return m;
	return &cmp_methods[0];
}
