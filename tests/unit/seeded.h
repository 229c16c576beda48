/*
 * seeded.h: a seeded generator for the simulations of the unit tests and
 * of make bench (xorshift64*: the same draws on every machine), and
 * standard normal draws from it (Box-Muller).
 */
#ifndef KBENCH_SEEDED_H
#define KBENCH_SEEDED_H

#include <math.h>
#include <stdint.h>

static uint64_t seeded_state = 0x9e3779b97f4a7c15ULL;

/* Uniform on (0, 1), never 0 or 1. */
static double
seeded_unif(void)
{
	seeded_state ^= seeded_state >> 12;
	seeded_state ^= seeded_state << 25;
	seeded_state ^= seeded_state >> 27;
	return ((double)((seeded_state * 2685821657736338717ULL) >> 11) +
	    0.5) / 9007199254740992.0;
}

static double
seeded_gauss(void)
{
	return sqrt(-2 * log(seeded_unif())) * cos(2 * M_PI * seeded_unif());
}

#endif
