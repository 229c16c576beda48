/*
 * group_units.c: a group's rounds and runs, the units a comparison
 * counts in (see compare.h): each round's median and mean, each run's
 * median and mean, kept as the samples are read, run by run, in place
 * in the group's own values (which groups_summarize() sorts after).
 */
#include <math.h>
#include <stdlib.h>

#include "analyze/group.h"

struct tagged {
	int64_t	round;
	double	v;
};

static int
cmp_tagged(const void *x, const void *y)
{
	const struct tagged *a = x, *b = y;

	return a->round < b->round ? -1 : a->round > b->round;
}

static void
add_unit(struct group *g, int64_t run, int64_t round, double *v, size_t n)
{
	struct group_unit *u;

	if (g->nu == g->ucap) {
		g->ucap = g->ucap ? 2 * g->ucap : 4;
		g->u = xreallocarray(g->u, g->ucap, sizeof(*g->u));
	}
	u = &g->u[g->nu++];
	u->run = run;
	u->round = round;
	u->n = n;
	u->mean = stats_mean(v, n);
	u->median = stats_median_select(v, n);
}

/*
 * Rounds whose spans come back to a round already left (a database
 * edited by hand: import and collect never write them): the values put
 * in round order first, each round's together.
 */
static size_t
units_unordered(struct group *g, int64_t run, double *v,
    const struct round_spans *sp)
{
	struct tagged *t;
	size_t i, j, k, n = 0, units = 0;

	for (i = 0; i < sp->n; i++)
		n += sp->v[i].n;
	t = xreallocarray(NULL, n, sizeof(*t));
	for (i = k = 0; i < sp->n; i++)
		for (j = 0; j < sp->v[i].n; j++, k++) {
			t[k].round = sp->v[i].round;
			t[k].v = v[k];
		}
	qsort(t, n, sizeof(*t), cmp_tagged);
	for (k = 0; k < n; k++)
		v[k] = t[k].v;
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && t[j].round == t[i].round; j++)
			;
		add_unit(g, run, t[i].round, v + i, j - i);
		units++;
	}
	free(t);
	return units;
}

/* The rounds of one run's values, a unit each; how many. */
static size_t
add_units(struct group *g, int64_t run, double *v,
    const struct round_spans *sp)
{
	size_t i, off = 0;

	for (i = 1; i < sp->n; i++)
		if (sp->v[i].round <= sp->v[i - 1].round)
			return units_unordered(g, run, v, sp);
	/* As collect and import leave them: a span a round, in order. */
	for (i = 0; i < sp->n; i++) {
		add_unit(g, run, sp->v[i].round, v + off, sp->v[i].n);
		off += sp->v[i].n;
	}
	return sp->n;
}

static void
runpart_fill(struct group_runpart *rp, double *v)
{
	rp->mean = stats_mean(v, rp->n);
	rp->median = stats_median_select(v, rp->n);
}

void
group_add_run(struct group *g, int64_t run, size_t from,
    const struct round_spans *spans)
{
	struct group_runpart *rp;
	double *v = g->v + from;
	size_t i, n = g->n - from, nrounds = 0;
	int all = n > 0;

	if (n == 0)
		return;
	for (i = 0; i < spans->n && all; i++)
		all = spans->v[i].round != STORE_NO_ROUND;
	if (all)
		nrounds = add_units(g, run, v, spans);
	else
		g->unrounded += n;
	/*
	 * The first run part waited (alone, the group's summary gives its
	 * median and mean): a second one comes, so now.  Its values are
	 * still g->v[0..), in place.
	 */
	if (g->nrp == 1)
		runpart_fill(&g->rp[0], g->v);
	if (g->nrp == g->rpcap) {
		g->rpcap = g->rpcap ? 2 * g->rpcap : 1;
		g->rp = xreallocarray(g->rp, g->rpcap, sizeof(*g->rp));
	}
	rp = &g->rp[g->nrp++];
	rp->run = run;
	rp->n = n;
	rp->nrounds = nrounds;
	rp->median = rp->mean = NAN;
	if (g->nrp > 1)
		runpart_fill(rp, v);
}

void
group_runs_done(struct group *g)
{
	if (g->nrp == 1) {
		g->rp[0].median = g->sum.d.median;
		g->rp[0].mean = g->sum.d.mean;
	}
}

int
group_like_shape(size_t n, size_t nrounds, size_t base_n, size_t base_rounds)
{
	/* A median's variance goes as 1/n: within a quarter, 2 at least. */
	return nrounds == base_rounds && n >= 2 && base_n >= 2 &&
	    4 * n >= 3 * base_n && 3 * n <= 4 * base_n;
}

int
group_runs_alike(const struct group *a, const struct group *b)
{
	const struct group_runpart *base;
	size_t i;

	if (a->nrp == 0)
		return 0;
	base = &a->rp[0];
	for (i = 0; i < a->nrp; i++)
		if (!group_like_shape(a->rp[i].n, a->rp[i].nrounds, base->n,
		    base->nrounds))
			return 0;
	for (i = 0; i < b->nrp; i++)
		if (!group_like_shape(b->rp[i].n, b->rp[i].nrounds, base->n,
		    base->nrounds))
			return 0;
	return 1;
}

int
group_has_rounds(const struct group *g)
{
	return g->n > 0 && g->unrounded == 0;
}
