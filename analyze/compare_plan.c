/*
 * compare_plan.c: how a comparison counts (compare.h): its unit, whether
 * its sides pair round by round, what it says of the run-to-run
 * variation, and so its method; then the values that method works on.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/compare.h"

/* Runs of one side: 0 none shared, 1 some, 2 the same runs exactly. */
static int
runs_shared(const struct group *a, const struct group *b)
{
	size_t i = 0, j = 0, common = 0;

	/* Both in run id order (store_each_series reads runs so). */
	while (i < a->nrp && j < b->nrp) {
		if (a->rp[i].run == b->rp[j].run) {
			common++;
			i++;
			j++;
		} else if (a->rp[i].run < b->rp[j].run)
			i++;
		else
			j++;
	}
	if (common == 0)
		return 0;
	return common == a->nrp && common == b->nrp ? 2 : 1;
}

/* What a unit contributes: its median, or its mean (the t tests). */
double
compare_unit_value(const struct comparison *c, const struct group_unit *u)
{
	return c->method->medians ? u->median : u->mean;
}

static double
run_value(const struct comparison *c, const struct group_runpart *r)
{
	double v = c->method->medians ? r->median : r->mean;

	return c->scale == SCALE_RATIO ? log(v) : v;
}

/* A value of B against one of A: the log ratio, or the difference. */
double
compare_pair_diff(const struct comparison *c, double a, double b)
{
	return c->scale == SCALE_RATIO ? log(b) - log(a) : b - a;
}

/* Each side's rounds as values, sorted. */
static void
values_rounds(struct comparison *c)
{
	size_t i;

	c->ua = xreallocarray(NULL, c->a->nu ? c->a->nu : 1, sizeof(double));
	c->ub = xreallocarray(NULL, c->b->nu ? c->b->nu : 1, sizeof(double));
	for (i = 0; i < c->a->nu; i++)
		c->ua[i] = compare_unit_value(c, &c->a->u[i]);
	for (i = 0; i < c->b->nu; i++)
		c->ub[i] = compare_unit_value(c, &c->b->u[i]);
	c->nua = c->a->nu;
	c->nub = c->b->nu;
	c->owned = 1;
	stats_sort(c->ua, c->nua);
	stats_sort(c->ub, c->nub);
}

/* Each side's runs as values (logs on a ratio scale). */
static void
values_runs(struct comparison *c)
{
	size_t i;

	c->ua = xreallocarray(NULL, c->a->nrp ? c->a->nrp : 1, sizeof(double));
	c->ub = xreallocarray(NULL, c->b->nrp ? c->b->nrp : 1, sizeof(double));
	for (i = 0; i < c->a->nrp; i++)
		c->ua[i] = run_value(c, &c->a->rp[i]);
	for (i = 0; i < c->b->nrp; i++)
		c->ub[i] = run_value(c, &c->b->rp[i]);
	c->nua = c->a->nrp;
	c->nub = c->b->nrp;
	c->owned = 1;
	stats_sort(c->ua, c->nua);
	stats_sort(c->ub, c->nub);
}

/*
 * The differences of the rounds both sides have (same run, same round),
 * sorted, into ua; the rounds of one side only are counted in
 * c->unpaired.  By run when the unit is the run.
 */
static void
values_pairs(struct comparison *c)
{
	const struct group *a = c->a, *b = c->b;
	size_t i = 0, j = 0, n = 0, cap;
	int runs = c->unit == UNIT_RUN;
	size_t na = runs ? a->nrp : a->nu, nb = runs ? b->nrp : b->nu;
	int64_t ra, rb, ka, kb;

	cap = na < nb ? na : nb;
	c->ua = xreallocarray(NULL, cap ? cap : 1, sizeof(double));
	while (i < na && j < nb) {
		ra = runs ? a->rp[i].run : a->u[i].run;
		rb = runs ? b->rp[j].run : b->u[j].run;
		ka = runs ? 0 : a->u[i].round;
		kb = runs ? 0 : b->u[j].round;
		if (ra == rb && ka == kb) {
			c->ua[n++] = runs ?
			    compare_pair_diff(c, c->method->medians ? a->rp[i].median :
			    a->rp[i].mean, c->method->medians ? b->rp[j].median :
			    b->rp[j].mean) :
			    compare_pair_diff(c, compare_unit_value(c, &a->u[i]),
			    compare_unit_value(c, &b->u[j]));
			i++;
			j++;
		} else if (ra < rb || (ra == rb && ka < kb))
			i++;
		else
			j++;
	}
	c->nua = c->nub = n;
	c->unpaired = na + nb - 2 * n;
	c->owned = 1;
	stats_sort(c->ua, c->nua);
}

/* The units a side the outputs show: pairs, runs, rounds or samples. */
static void
count_units(struct comparison *c)
{
	c->nu_a = c->paired ? c->nua : c->unit == UNIT_RUN ? c->runs_a :
	    c->nua;
	c->nu_b = c->paired ? c->nua : c->unit == UNIT_RUN ? c->runs_b :
	    c->nub;
}

static void plan(struct comparison *, const struct compare_opts *);

/*
 * The unit and the pairing the sides allow (compare.h), then the method
 * of the --test family for them, and its values.
 */
void
compare_plan(struct comparison *c, const struct compare_opts *o)
{
	plan(c, o);
	count_units(c);
}

static void
plan(struct comparison *c, const struct compare_opts *o)
{
	const struct group *a = c->a, *b = c->b;
	int shared = runs_shared(a, b);
	int rounds = group_has_rounds(a) && group_has_rounds(b);
	int runs_ok;

	c->runs_a = a->nrp;
	c->runs_b = b->nrp;
	c->rounded = group_has_rounds(a) + group_has_rounds(b);
	c->shared = shared;
	c->between = shared == 2 ? BETWEEN_NA : BETWEEN_UNMEASURED;
	if (o->unit != UNIT_ASK_SAMPLE && shared == 2 && (rounds ||
	    o->unit == UNIT_ASK_RUN)) {
		c->paired = 1;
		c->unit = o->unit == UNIT_ASK_RUN ? UNIT_RUN : UNIT_ROUND;
		c->method = cmp_method_find(o->test, 1, c->unit == UNIT_RUN);
		values_pairs(c);
		if (c->nua > 0 || c->unit == UNIT_RUN)
			return;
		/* Rounds that never meet: no pair, so independent. */
		free(c->ua);
		c->ua = NULL;
		c->paired = 0;
		c->unpaired = 0;
	}
	/*
	 * Run-to-run variation estimated with a degree of freedom or two:
	 * each side's own (Welch), or one side's for both, which needs the
	 * runs alike in shape (a median of 2 rounds moves more than one of
	 * 10: one variance would not serve both).
	 */
	c->unlike = !group_runs_alike(a, b);
	runs_ok = (c->runs_a >= 2 && c->runs_b >= 2) || ((c->runs_a >= 3 ||
	    c->runs_b >= 3) && !c->unlike);
	if (shared != 2 && (o->unit == UNIT_ASK_RUN ||
	    (o->unit == UNIT_ASK_AUTO && runs_ok))) {
		c->unit = UNIT_RUN;
		/* --unit run of a run a side: nothing to model it from. */
		c->between = c->runs_a >= 2 || c->runs_b >= 2 ?
		    BETWEEN_MODELLED : BETWEEN_UNMEASURED;
		c->method = cmp_method_find(o->test, 0, c->runs_a >= 2 &&
		    c->runs_b >= 2 ? 1 : 3);
		values_runs(c);
		return;
	}
	c->unit = rounds && o->unit != UNIT_ASK_SAMPLE ? UNIT_ROUND :
	    UNIT_SAMPLE;
	c->method = cmp_method_find(o->test, 0, 0);
	if (c->unit == UNIT_ROUND)
		values_rounds(c);
	else {
		/* The groups' own samples, sorted by groups_summarize(). */
		c->ua = a->v;
		c->nua = a->n;
		c->ub = b->v;
		c->nub = b->n;
		c->owned = 0;
	}
}

int
compare_floor_wanted(const struct comparison *c, const struct compare_opts *o)
{
	/* Rows that leave the runs out, or pool a variance from one side. */
	return !c->paired && (c->between == BETWEEN_UNMEASURED ||
	    c->method->runs == 3) && !c->floor.used &&
	    c->runs_a >= 1 && c->runs_b >= 1 && c->a->n >= 2 &&
	    c->b->n >= 2 &&
	    (o->unit == UNIT_ASK_AUTO || o->unit == UNIT_ASK_RUN) &&
	    o->test == TEST_U;
}

void
compare_use_floor(struct comparison *c, const struct compare_opts *o,
    const struct noise_floor *nf)
{
	if (nf->runs < 3 || !compare_floor_wanted(c, o))
		return;
	if (c->owned) {
		free(c->ua);
		free(c->ub);
	}
	c->ua = c->ub = NULL;
	c->floor = *nf;
	c->floor.used = 1;
	c->unit = UNIT_RUN;
	c->between = BETWEEN_MODELLED;
	c->method = cmp_method_find(o->test, 0, 3);
	values_runs(c);
	count_units(c);
	c->method->test_fn(c);
	c->verdict = isnan(c->p) ? VERDICT_UNTESTED : VERDICT_SAME;
}

void
compare_free(struct comparison *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i].owned) {
			free(c[i].ua);
			free(c[i].ub);
			c[i].ua = c[i].ub = NULL;
		}
}
