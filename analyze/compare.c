/*
 * compare.c: see compare.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

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

void
compare_groups(const struct group *a, const struct group *b, int test,
    double level, struct comparison *c)
{
	struct stats_ttest tt;
	struct stats_mw mw;
	int err;

	memset(c, 0, sizeof(*c));
	c->a = a;
	c->b = b;
	c->warn = a->sum.warn | b->sum.warn;
	c->p = c->p_adj = NAN;
	c->center_a = test == TEST_U ? a->sum.d.median : a->sum.d.mean;
	c->center_b = test == TEST_U ? b->sum.d.median : b->sum.d.mean;
	/* The point estimate of the change, whatever happens to the rest. */
	c->change.est = c->center_a != 0 ? c->center_b / c->center_a - 1 : NAN;
	c->change.lo = c->change.hi = NAN;
	if (a->n < 2 || b->n < 2) {
		c->verdict = VERDICT_UNTESTED;
		c->change_err = STATS_ETOOFEW;
		return;
	}
	if (test == TEST_U) {
		err = stats_mannwhitney(a->v, a->n, b->v, b->n, STATS_MW_AUTO, &mw);
		c->p = err == STATS_OK ? mw.p : NAN;
		c->change_err = stats_reldiff_median(a->v, a->n, b->v, b->n,
		    level, &c->change);
	} else {
		err = test == TEST_WELCH ?
		    stats_ttest_welch(a->v, a->n, b->v, b->n, level, &tt) :
		    stats_ttest_student(a->v, a->n, b->v, b->n, level, &tt);
		c->p = err == STATS_OK ? tt.p : NAN;
		c->change_err = stats_reldiff_mean(a->v, a->n, b->v, b->n,
		    level, &c->change);
	}
	/* Without an interval (values <= 0, a mean near 0) keep the plain
	 * ratio of the centers as the estimate. */
	if (c->change_err != STATS_OK) {
		c->change.est = c->center_a != 0 ?
		    c->center_b / c->center_a - 1 : NAN;
		c->change.lo = c->change.hi = NAN;
	}
	c->verdict = isnan(c->p) ? VERDICT_UNTESTED : VERDICT_SAME;
}

int
compare_verdicts(struct comparison *c, size_t n, double level,
    double threshold, int adjust)
{
	double alpha = 1 - level / 100, *p, rel, cv;
	size_t i;
	int lower;

	p = xcalloc(n ? n : 1, sizeof(*p));
	for (i = 0; i < n; i++)
		p[i] = c[i].p;
	if (adjust && n > 1 && stats_holm(p, p, n) != STATS_OK) {
		free(p);
		return -1;
	}
	for (i = 0; i < n; i++) {
		c[i].p_adj = p[i];
		if (c[i].verdict == VERDICT_UNTESTED)
			continue;
		if (c[i].p_adj < alpha && !isnan(c[i].change.est) &&
		    fabs(c[i].change.est) * 100 >= threshold) {
			lower = strcmp(c[i].a->better, "higher") != 0;
			c[i].verdict = (c[i].change.est < 0) == lower ?
			    VERDICT_IMPROVED : VERDICT_REGRESSED;
			continue;
		}
		c[i].verdict = VERDICT_SAME;
		/* How many samples would have shown a change this big. */
		rel = (threshold > 1 ? threshold : 1) / 100;
		cv = c[i].a->sum.d.cv > c[i].b->sum.d.cv ? c[i].a->sum.d.cv :
		    c[i].b->sum.d.cv;
		if (!isnan(cv) && stats_power_n(cv, rel, alpha, 0.8,
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
		if (c[i].center_a > 0 && c[i].center_b > 0) {
			sum += log(c[i].center_b / c[i].center_a);
			k++;
		}
	return k > 0 ? exp(sum / k) : NAN;
}
