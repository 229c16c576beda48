/*
 * pooling.h: runs pooled into one side of a comparison (or one group of
 * a summary) that differ in a fact that changes results.
 *
 * Samples of one series pool across the runs of a side: five "before"
 * runs are one group.  When those runs ran at HZ 100, 250 and 1000, the
 * pool mixes three distributions and every comparison of it says "~"
 * for the wrong reason.  The facts that matter are the machine's (host,
 * kernel, HZ, clock source, governor...) and those a benchmark declares
 * (testsleep's scheduling policy, the lock benchmark's backend, delay
 * and pinning); other facts (a shuffle seed, a pid) differ by design.
 */
#ifndef KBENCH_POOLING_H
#define KBENCH_POOLING_H

#include <stddef.h>

#include "analyze/group.h"

/* One fact with more than one value among the runs of one pool. */
struct pooled_fact {
	char		*pool;		/* the side, or the by value */
	char		*key;
	struct strlist	 values;	/* distinct, "(none)" for a run without */
	size_t		 nruns;		/* runs in the pool */
};

/* One fact the two sides of a comparison hold different values of. */
struct side_fact {
	char		*key;
	struct strlist	 a, b;		/* each side's distinct values */
};

struct pooling {
	struct pooled_fact	*f;
	size_t			 n;
	struct strlist		 load;	/* what the load facts say, a line each */
	struct side_fact	*sides;
	size_t			 nsides;
};

/* 1 when key is a fact that changes results of benchmark. */
int	pooling_sensitive(const char *benchmark, const char *key);
/*
 * The same and the kernel's configuration (hz, highres, clocksource,
 * governor, cpu_boost, kernel_*, vuln_*), its version (the build) and
 * the boot command line: what two runs must share to be identical runs
 * (the noise floor's).
 */
int	pooling_config(const char *benchmark, const char *key);

/*
 * Add to out the sensitive facts that differ among the runs of gs: all
 * of them as one pool named side, or (side NULL) per value of gs->by.
 */
void	pooling_check(const struct groupset *gs, const char *side,
	    struct pooling *out);
/*
 * The load the runs of a comparison's sides ran under (the facts kbench
 * collect records): runs on a busy machine (a load average above the
 * CPUs the benchmark left free at the start, or above ncpu during the
 * run), and sides whose load at the start differs by a CPU or more.
 * Lines into out->load.
 */
void	pooling_load(const struct groupset *a, const char *name_a,
	    const struct groupset *b, const char *name_b, struct pooling *out);
/*
 * The facts that change results (the kernel's configuration: HZ,
 * preemption model, lock debugging, mitigations, the CPU governor and
 * boost; the machine's; the benchmark's options its descriptor lists,
 * such as delay_ns or write_ms) in which side a differs from side b,
 * each side's runs having it: the difference measured includes them.
 * kernel_release and kernel_version differ by design.  A fact a side's
 * name fixes (--compare kernel_hz=250 ...) is compared on purpose and
 * left out.  Into out->sides.
 */
void	pooling_sides(const struct groupset *a, const char *name_a,
	    const struct groupset *b, const char *name_b, struct pooling *out);
void	pooling_free(struct pooling *p);

#endif
