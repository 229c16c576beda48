/*
 * compare_sequential.c: --sequential, each comparison's rounds read in
 * order through a confidence sequence (sequential.h), as a collector
 * looking after every round would have read them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/compare.h"
#include "analyze/sequential.h"
#include "analyze/stats.h"

/*
 * c's values in round order, into v (room for the smaller side's
 * rounds): of the same run and round when the sides share their runs,
 * else the i-th round of each side.  Returns how many.
 */
static size_t
round_diffs(const struct comparison *c, double *v, int *paired)
{
	const struct group *a = c->a, *b = c->b;
	size_t i = 0, j = 0, n = 0;

	*paired = c->shared == 2;
	if (!*paired) {
		for (n = 0; n < a->nu && n < b->nu; n++)
			v[n] = compare_pair_diff(c, compare_unit_value(c,
			    &a->u[n]), compare_unit_value(c, &b->u[n]));
		return n;
	}
	while (i < a->nu && j < b->nu) {
		if (a->u[i].run == b->u[j].run &&
		    a->u[i].round == b->u[j].round)
			v[n++] = compare_pair_diff(c, compare_unit_value(c,
			    &a->u[i++]), compare_unit_value(c, &b->u[j++]));
		else if (a->u[i].run < b->u[j].run ||
		    (a->u[i].run == b->u[j].run &&
		    a->u[i].round < b->u[j].round))
			i++;
		else
			j++;
	}
	return n;
}

/* A value of the sequence's scale as the change shows it. */
static double
as_change(const struct comparison *c, double x)
{
	return c->scale == SCALE_RATIO ? expm1(x) : x;
}

/* Is a change of this size at least the threshold (percent of A)? */
static int
big_enough(const struct comparison *c, double change, double threshold)
{
	double rel = c->scale == SCALE_RATIO ? fabs(change) :
	    fabs(change) / fabs(c->center_a);

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
	double *v;
	int lower = strcmp(c->a->better, "higher") != 0;

	r->need = seq_min_rounds(alpha1, SEQ_C);
	if (!group_has_rounds(c->a) || !group_has_rounds(c->b)) {
		r->why = "no rounds recorded: nothing to read in order";
		return;
	}
	v = xreallocarray(NULL, cap ? cap : 1, sizeof(*v));
	n = round_diffs(c, v, &r->paired);
	seq_init(&s, alpha1);
	for (t = 0; t < n; t++) {
		seq_add(&s, v[t]);
		if (r->decided_at == 0 && (s.lo > 0 || s.hi < 0) &&
		    s.lo <= s.hi && big_enough(c, as_change(c, s.mean),
		    o->threshold)) {
			r->decided_at = t + 1;
			r->verdict = (s.hi < 0) == lower ? VERDICT_IMPROVED :
			    VERDICT_REGRESSED;
		}
	}
	free(v);
	r->done = 1;
	r->rounds = n;
	r->drift = s.lo > s.hi;
	r->est = n > 0 ? as_change(c, s.mean) : NAN;
	r->lo = as_change(c, s.lo);
	r->hi = as_change(c, s.hi);
	r->p = 1 / s.emax;
	if (n < r->need)
		r->why = "fewer rounds than the sequence needs";
}

int
compare_sequential(struct comparison *c, size_t n,
    const struct compare_opts *o)
{
	double alpha1 = 1 - compare_interval_level(o, compare_tested(c, n)) /
	    100, *p;
	size_t i, m = 0;

	p = calloc(n ? n : 1, sizeof(*p));
	if (p == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		memset(&c[i].seq, 0, sizeof(c[i].seq));
		c[i].seq.verdict = VERDICT_SAME;
		c[i].seq.p = c[i].seq.p_adj = NAN;
		if (c[i].verdict != VERDICT_UNTESTED)
			sequence_of(&c[i], o, alpha1);
		if (c[i].seq.done)
			p[m++] = c[i].seq.p;
	}
	if (o->adjust && m > 1 && stats_holm(p, p, m) != STATS_OK) {
		free(p);
		return -1;
	}
	for (i = 0, m = 0; i < n; i++)
		if (c[i].seq.done)
			c[i].seq.p_adj = p[m++];
	free(p);
	return 0;
}
