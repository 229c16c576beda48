/*
 * benchmark.h: what kbench knows of each benchmark, in one place.
 *
 * A benchmark is a program speaking protocol.h and a collector that
 * turns kbench collect NAME's options into the program's cells.  Its
 * descriptor, beside its collector (collect_NAME.c), says the rest that
 * other commands need: which facts change its numbers (analyze's pooling
 * check), which chart draws it whole and how that chart groups by
 * default (plot, report).  Series keys, units and the better direction
 * are not repeated here: they come with every sample, from the program.
 *
 * Runs of a benchmark without a descriptor (imported from elsewhere)
 * are analyzed, plotted and reported generically.
 */
#ifndef KBENCH_BENCHMARK_H
#define KBENCH_BENCHMARK_H

#include <stddef.h>

#include "kbench.h"

struct collection;
struct strbuf;

struct benchmark {
	const char	*name;		/* kbench collect NAME; the runs' */
	const char	*program;	/* what runs its cells (by default) */
	/* Run facts that change what it measures (pooling.c), NULL-ended. */
	const char *const *facts;
	const char	*chart;		/* the plot KIND that draws it whole, */
	const char	*by;		/*   and its default --by; or both NULL */
	/* Series keys that chart lays out itself (NULL-ended): no --by. */
	const char *const *laid_out;
	/* The key its matrix interleaves in every round (--until's sides). */
	const char	*interleaved;
	/*
	 * Parse and check kbench collect NAME's arguments (argv[0] is NAME)
	 * and build its cells into c; see collect_prepare() in collect.h.
	 */
	int		(*prepare)(int argc, char **argv,
			    struct kbench_ctx *ctx, struct collection *c);
};

/* The descriptor of the benchmark called name, or NULL (name may be NULL). */
const struct benchmark *benchmark_find(const char *name);
/* The first benchmark drawn whole by chart KIND, or NULL. */
const struct benchmark *benchmark_of_chart(const char *kind);
/*
 * The names of all, for messages: with sep ", " and last " or ",
 * "sleep or lock" ("a, b or c" for three).
 */
void	benchmark_names(struct strbuf *out, const char *sep, const char *last);

#endif
