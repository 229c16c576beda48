/*
 * seeded.h: lib/rng.h with one state for a whole test or bench program,
 * seeded here (seeded_state may be set again between simulations).
 */
#ifndef KBENCH_SEEDED_H
#define KBENCH_SEEDED_H

#include "lib/rng.h"

static uint64_t seeded_state = 0x9e3779b97f4a7c15ULL;

static double
seeded_gauss(void)
{
	return rng_gauss(&seeded_state);
}

#endif
