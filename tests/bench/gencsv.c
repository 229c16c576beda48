/*
 * gencsv: write a canonical kbench CSV of N samples to standard output,
 * for make bench: 10 runs x 100 series (method x usec) x N/1000 samples,
 * values like a sleep latency in microseconds with two decimals.
 *
 * usage: gencsv N          10 runs x 100 series
 *        gencsv -2 N       2 runs ("before", "after") of one series, N/2
 *                          samples each, "after" 1% slower
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long rng = 88172645463325252UL;	/* xorshift64 */

static double
uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

/* Two sides of one series: a noisy latency, "after" 1% slower. */
static int
two_sides(long n)
{
	long i, side;

	printf("run,label,benchmark,status,started,ended,command,version,"
	    "key.method,unit,better,seq,value\n");
	for (side = 0; side < 2; side++)
		for (i = 0; i < n / 2; i++)
			printf("00000000-0000-4000-8000-%012ld,%s,sleep,complete,"
			    "2026-11-0%ldT00:00:00.000Z,,gencsv,0.1.0,nanosleep,"
			    "us,lower,%ld,%.3f\n", side, side ? "after" : "before",
			    side + 1, i, (1 + 0.01 * side) * (350 + 20 * uniform() +
			    10 * uniform() * uniform()));
	return ferror(stdout) ? 1 : 0;
}

int
main(int argc, char **argv)
{
	static const char *const methods[] = {
		"select", "poll", "usleep", "nanosleep", "clock_nanosleep",
		"ppoll", "pselect", "epoll", "timerfd", "syscall"
	};
	static const int usecs[] = { 1, 3, 10, 30, 100, 300, 1000, 3000, 10000, 30000 };
	long n, per, r, m, u, i;
	unsigned long x = 88172645463325252UL;	/* xorshift64: reproducible */

	if (argc == 3 && strcmp(argv[1], "-2") == 0 && (n = atol(argv[2])) >= 2)
		return two_sides(n);
	if (argc != 2 || (n = atol(argv[1])) < 1000) {
		fprintf(stderr, "usage: gencsv N (N >= 1000) | gencsv -2 N\n");
		return 2;
	}
	per = n / 1000;
	printf("run,label,benchmark,status,started,ended,command,version,"
	    "fact.hz,key.method,key.usec,unit,better,seq,value\n");
	for (r = 0; r < 10; r++)
		for (m = 0; m < 10; m++)
			for (u = 0; u < 10; u++)
				for (i = 0; i < per; i++) {
					x ^= x << 13;
					x ^= x >> 7;
					x ^= x << 17;
					printf("00000000-0000-4000-8000-%012ld,"
					    "night-%ld,sleep,complete,"
					    "2026-11-%02ldT00:00:00.000Z,"
					    "2026-11-%02ldT01:00:00.000Z,"
					    "gencsv,0.1.0,%d,%s,%d,us,lower,"
					    "%ld,%.2f\n", r, r, r + 1, r + 1,
					    r % 2 ? 1000 : 250, methods[m],
					    usecs[u], i, usecs[u] + 50 +
					    (double)(x % 100000) / 1000);
				}
	return ferror(stdout) ? 1 : 0;
}
