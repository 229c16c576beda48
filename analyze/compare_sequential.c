/*
 * compare_sequential.c: --sequential, each comparison's rounds read in
 * order through a confidence sequence (sequential.h), as a collector
 * looking after every round would have read them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/compare.h"
#include "analyze/plan_rounds.h"
#include "analyze/sequential.h"
#include "analyze/stats.h"

/*
 * c's values in round order, into v, and A's round of each into va (room
 * for the smaller side's rounds): of the same run and round when the
 * sides share their runs, else (or when those rounds never meet) the
 * i-th round of each side.  Returns how many.
 */
static size_t
round_diffs(const struct comparison *c, double *v, double *va, int *paired)
{
	const struct group *a = c->a, *b = c->b;
	size_t i = 0, j = 0, n = 0;

	*paired = c->shared == 2;
	while (*paired && i < a->nu && j < b->nu) {
		if (a->u[i].run == b->u[j].run &&
		    a->u[i].round == b->u[j].round) {
			va[n] = compare_unit_value(c, &a->u[i++]);
			v[n] = compare_pair_diff(c, va[n],
			    compare_unit_value(c, &b->u[j++]));
			n++;
		} else if (a->u[i].run < b->u[j].run ||
		    (a->u[i].run == b->u[j].run &&
		    a->u[i].round < b->u[j].round))
			i++;
		else
			j++;
	}
	if (n > 0)
		return n;
	*paired = 0;
	for (n = 0; n < a->nu && n < b->nu; n++) {
		va[n] = compare_unit_value(c, &a->u[n]);
		v[n] = compare_pair_diff(c, va[n], compare_unit_value(c,
		    &b->u[n]));
	}
	return n;
}

/* A value of the sequence's scale as the change shows it. */
static double
as_change(const struct comparison *c, double x)
{
	return c->scale == SCALE_RATIO && !isinf(x) ? expm1(x) : x;
}

/*
 * Is a change of this size at least the threshold?  A percent of A, as
 * A's rounds read so far have it (a shift): a collection stopping there
 * knows no more.
 */
static int
big_enough(const struct comparison *c, double change, double a_mean,
    double threshold)
{
	double rel = c->scale == SCALE_RATIO ? fabs(change) :
	    fabs(change) / fabs(a_mean);

	return !(rel * 100 < threshold);
}

/* Round by round, at alpha1: the first round the interval clears 0. */
static void
sequence_of(struct comparison *c, const struct compare_opts *o,
    double alpha1)
{
	struct seq_result *r = &c->seq;
	struct seq_state s;
	size_t n, t, cap = c->a->nu < c->b->nu ? c->a->nu : c->b->nu;
	double *v, *va, asum = 0;
	int lower = strcmp(c->a->better, "higher") != 0;

	if (!group_has_rounds(c->a) || !group_has_rounds(c->b)) {
		r->why = "no rounds recorded";
		return;
	}
	/* Runs as the unit: what differs between runs, rounds cannot see. */
	if (c->unit == UNIT_RUN && c->shared != 2) {
		r->why = "the runs are the unit";
		return;
	}
	v = xreallocarray(NULL, cap ? cap : 1, sizeof(*v));
	va = xreallocarray(NULL, cap ? cap : 1, sizeof(*va));
	n = round_diffs(c, v, va, &r->paired);
	seq_init(&s, alpha1);
	for (t = 0; t < n; t++) {
		seq_add(&s, v[t]);
		asum += va[t];
		if (r->decided_at == 0 && (s.lo > 0 || s.hi < 0) &&
		    big_enough(c, as_change(c, s.mean), asum / (double)(t + 1),
		    o->threshold)) {
			r->decided_at = t + 1;
			r->verdict = (s.hi < 0) == lower ? VERDICT_IMPROVED :
			    VERDICT_REGRESSED;
		}
	}
	free(v);
	free(va);
	r->done = 1;
	r->rounds = n;
	r->drift = s.ilo > s.ihi;
	r->unmeasured = c->shared != 2;
	r->est = n > 0 ? as_change(c, s.mean) : NAN;
	r->lo = as_change(c, s.lo);
	r->hi = as_change(c, s.hi);
	r->p = 1 / s.emax;
	r->sd = n > 1 ? sqrt(s.m2 / (double)(n - 1)) : NAN;
}

/*
 * --plan: the rounds c would need to decide a change of o->plan (a
 * ratio, or that share of A's center for a difference) at the power
 * asked, from the spread of its rounds.
 */
static int
plan_of(struct comparison *c, const struct compare_opts *o, double alpha1)
{
	struct seq_result *r = &c->seq;
	double delta = c->scale == SCALE_RATIO ? log1p(o->plan) :
	    o->plan * fabs(c->center_a);

	if (!r->done || !(r->sd > 0) || !(delta > 0))
		return 0;
	r->plan_fixed = plan_fixed_rounds(r->sd, delta, alpha1, o->power);
	if (r->plan_fixed > PLAN_ROUNDS_MAX) {
		r->plan_seq = r->plan_median = PLAN_ROUNDS_MAX + 1;
		return 0;
	}
	/* Four times the fixed design's: past that, "more than" will do. */
	return plan_sequential_rounds(r->sd, delta, alpha1, o->power,
	    4 * r->plan_fixed + 50, &r->plan_seq, &r->plan_median);
}

int
compare_sequential(struct comparison *c, size_t n,
    const struct compare_opts *o)
{
	size_t i, m = compare_tested(c, n);
	double alpha1 = 1 - compare_interval_level(o, m) / 100;
	size_t need = seq_min_rounds(alpha1, SEQ_C);

	for (i = 0; i < n; i++) {
		memset(&c[i].seq, 0, sizeof(c[i].seq));
		c[i].seq.verdict = VERDICT_SAME;
		c[i].seq.p = c[i].seq.p_adj = NAN;
		c[i].seq.need = need;
		sequence_of(&c[i], o, alpha1);
		/* Bonferroni, as the level: decided is p_adj < alpha. */
		if (c[i].seq.done)
			c[i].seq.p_adj = o->adjust && m > 1 ?
			    fmin(1, c[i].seq.p * (double)m) : c[i].seq.p;
		if (o->plan > 0 && plan_of(&c[i], o, alpha1) == -1)
			return -1;
	}
	return 0;
}
