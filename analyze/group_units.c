/*
 * group_units.c: a group's rounds and runs, the units a comparison
 * counts in (see compare.h): each round's median and mean, each run's
 * median, kept as the samples are read, run by run.
 */
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

/*
 * Rounds as collect and import leave them come in order (a round, once
 * left, never comes back); anything else is put in round order here,
 * values of one round kept together.
 */
static void
order_by_round(double *v, int64_t *round, size_t n)
{
	struct tagged *t;
	size_t i;

	for (i = 1; i < n && round[i - 1] <= round[i]; i++)
		;
	if (i >= n)
		return;
	t = xreallocarray(NULL, n, sizeof(*t));
	for (i = 0; i < n; i++) {
		t[i].round = round[i];
		t[i].v = v[i];
	}
	qsort(t, n, sizeof(*t), cmp_tagged);
	for (i = 0; i < n; i++) {
		round[i] = t[i].round;
		v[i] = t[i].v;
	}
	free(t);
}

static void
add_unit(struct group *g, int64_t run, int64_t round, double *v, size_t n)
{
	struct group_unit *u;

	if (g->nu == g->ucap) {
		g->ucap = g->ucap ? 2 * g->ucap : 16;
		g->u = xreallocarray(g->u, g->ucap, sizeof(*g->u));
	}
	u = &g->u[g->nu++];
	u->run = run;
	u->round = round;
	u->n = n;
	u->mean = stats_mean(v, n);
	u->median = stats_median_select(v, n);
}

void
group_add_run(struct group *g, int64_t run, double *v, int64_t *round,
    size_t n)
{
	struct group_runpart *rp;
	size_t i, j, nrounds = 0;
	int all = n > 0;

	if (n == 0)
		return;
	for (i = 0; i < n && all; i++)
		all = round[i] != STORE_NO_ROUND;
	if (all) {
		order_by_round(v, round, n);
		for (i = 0; i < n; i = j) {
			for (j = i + 1; j < n && round[j] == round[i]; j++)
				;
			add_unit(g, run, round[i], v + i, j - i);
			nrounds++;
		}
	} else
		g->unrounded += n;
	if (g->nrp == g->rpcap) {
		g->rpcap = g->rpcap ? 2 * g->rpcap : 8;
		g->rp = xreallocarray(g->rp, g->rpcap, sizeof(*g->rp));
	}
	rp = &g->rp[g->nrp++];
	rp->run = run;
	rp->n = n;
	rp->nrounds = nrounds;
	rp->mean = stats_mean(v, n);
	rp->median = stats_median_select(v, n);
}

int
group_has_rounds(const struct group *g)
{
	return g->n > 0 && g->unrounded == 0;
}
