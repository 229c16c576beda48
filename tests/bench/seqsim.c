/*
 * seqsim.c: issue 28's calibration and time-to-verdict table for make
 * bench: series of rounds with a CV of 5% a side (their log ratio's
 * spread 7.1%), watched round by round for 40 rounds through Lai's
 * confidence sequence (analyze/sequential.c) and, beside it, through a
 * 95% t test looked at after every round from the 3rd (the naive way).
 *
 * usage: seqsim [NSIM]   (default 40000 series a row)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "analyze/sequential.h"
#include "tests/unit/seeded.h"

#define ROUNDS	40

static int
cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* t(0.975) for df degrees of freedom: a series good to 1% from df 2. */
static double
t975(double df)
{
	return 1.96 + 2.4 / df + 5.0 / (df * df);
}

static void
row(double change, size_t nsim)
{
	struct seq_state s;
	size_t k, t, nd = 0, nn = 0, *at = calloc(nsim, sizeof(*at));
	int naive;

	for (k = 0; k < nsim; k++) {
		seq_init(&s, 0.05);
		at[k] = ROUNDS + 1;
		naive = 0;
		for (t = 1; t <= ROUNDS; t++) {
			seq_add(&s, log1p(change) + 0.05 * sqrt(2) * seeded_gauss());
			if (at[k] > ROUNDS && (s.lo > 0 || s.hi < 0))
				at[k] = t;
			if (t >= 3 && fabs(s.mean) / sqrt(s.m2 / (double)(t - 1) /
			    (double)t) > t975((double)(t - 1)))
				naive = 1;
		}
		nd += at[k] <= ROUNDS;
		nn += naive;
	}
	qsort(at, nsim, sizeof(*at), cmp_size);
	printf("   %+5.0f%%   %8.2f%%   %8.2f%%", 100 * change,
	    100.0 * (double)nd / (double)nsim, 100.0 * (double)nn /
	    (double)nsim);
	if (at[nsim / 2] <= ROUNDS)
		printf("   %6zu   %6zu   %6zu\n", at[nsim / 10], at[nsim / 2],
		    at[nsim * 9 / 10] <= ROUNDS ? at[nsim * 9 / 10] : 0);
	else
		printf("        -        -        -\n");
	free(at);
}

int
main(int argc, char **argv)
{
	size_t nsim = argc > 1 ? strtoul(argv[1], NULL, 10) : 40000;

	printf("   %zu series a row, 40 rounds, CV 5%% a side, alpha 0.05;"
	    " a fixed design uses all 40\n", nsim);
	printf("   change  decided   t test peeked   rounds to decide: "
	    "p10 median p90 (0: later than 40)\n");
	row(0, nsim);
	row(0.02, nsim);
	row(0.05, nsim);
	row(0.10, nsim);
	row(0.20, nsim);
	return 0;
}
