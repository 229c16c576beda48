/*
 * rng.h: a small seeded generator (xorshift64*) for simulations whose
 * results must be the same on every machine and every run: --plan's,
 * and the unit tests' and make bench's.  The state is the caller's.
 */
#ifndef KBENCH_RNG_H
#define KBENCH_RNG_H

#include <math.h>
#include <stdint.h>

/* Uniform on (0, 1), never 0 or 1. */
static inline double
rng_unif(uint64_t *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return ((double)((*x * 2685821657736338717ULL) >> 11) + 0.5) /
	    9007199254740992.0;
}

/* Standard normal (Box-Muller; the second value is not kept). */
static inline double
rng_gauss(uint64_t *x)
{
	double u = rng_unif(x);

	return sqrt(-2 * log(u)) * cos(2 * M_PI * rng_unif(x));
}

#endif
