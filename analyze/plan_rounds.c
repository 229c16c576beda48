/*
 * plan_rounds.c: the rounds a change needs (plan_rounds.h).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analyze/plan_rounds.h"
#include "analyze/sequential.h"
#include "analyze/stats.h"
#include "lib/rng.h"

/* Series simulated for a sequential plan: its quantiles to about 1%. */
#define PLAN_SIMS	2000

size_t
plan_fixed_rounds(double sd, double delta, double alpha, double power)
{
	double k = (sd / delta) * (sd / delta), t;
	size_t n;

	for (n = 2; n <= PLAN_ROUNDS_MAX; n++) {
		t = stats_t_quantile(1 - alpha / 2, (double)(n - 1)) +
		    stats_t_quantile(power, (double)(n - 1));
		if ((double)n >= t * t * k)
			return n;
	}
	return PLAN_ROUNDS_MAX + 1;
}

static int
cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

int
plan_sequential_rounds(double sd, double delta, double alpha, double power,
    size_t cap, size_t *at_power, size_t *median)
{
	struct seq_state s;
	uint64_t rng = 0x2545f4914f6cdd1dULL;	/* a plan is the same every run */
	size_t *at, k, t, q;
	/* Scale-free: rounds of mean delta / sd, spread 1. */
	double e = fabs(delta) / sd;

	if (cap > PLAN_ROUNDS_MAX)
		cap = PLAN_ROUNDS_MAX;
	if ((at = calloc(PLAN_SIMS, sizeof(*at))) == NULL)
		return -1;
	for (k = 0; k < PLAN_SIMS; k++) {
		seq_init(&s, alpha);
		at[k] = cap + 1;
		for (t = 1; t <= cap; t++) {
			seq_add(&s, e + rng_gauss(&rng));
			if (s.lo > 0 || s.hi < 0) {
				at[k] = t;
				break;
			}
		}
	}
	qsort(at, PLAN_SIMS, sizeof(*at), cmp_size);
	q = (size_t)ceil(power * PLAN_SIMS);
	*at_power = at[q > 0 ? q - 1 : 0];
	*median = at[PLAN_SIMS / 2 - 1];
	free(at);
	return 0;
}
