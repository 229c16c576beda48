/*
 * benchmarks.c: the table of benchmarks; see benchmark.h.  Each
 * descriptor lives beside its collector (collect_sleep.c...).
 *
 * A build may add one more without editing this file: compiled with
 * -DKBENCH_EXTRA_BENCHMARK=benchmark_NAME and the file that defines it
 * (tests/fixtures/toybench/ builds a kbench with a toy benchmark so).
 */
#include <string.h>

#include "collect/benchmark.h"
#include "lib/util.h"

extern const struct benchmark benchmark_sleep, benchmark_lock;
#ifdef KBENCH_EXTRA_BENCHMARK
extern const struct benchmark KBENCH_EXTRA_BENCHMARK;
#endif

static const struct benchmark *const benchmarks[] = {
	&benchmark_sleep,
	&benchmark_lock,
#ifdef KBENCH_EXTRA_BENCHMARK
	&KBENCH_EXTRA_BENCHMARK,
#endif
};

#define NBENCHMARKS	(sizeof(benchmarks) / sizeof(benchmarks[0]))

const struct benchmark *
benchmark_find(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < NBENCHMARKS; i++)
		if (strcmp(benchmarks[i]->name, name) == 0)
			return benchmarks[i];
	return NULL;
}

const struct benchmark *
benchmark_of_chart(const char *kind)
{
	size_t i;

	for (i = 0; i < NBENCHMARKS; i++)
		if (benchmarks[i]->chart != NULL &&
		    strcmp(benchmarks[i]->chart, kind) == 0)
			return benchmarks[i];
	return NULL;
}

void
benchmark_names(struct strbuf *out, const char *sep, const char *last)
{
	size_t i;

	for (i = 0; i < NBENCHMARKS; i++)
		sb_addf(out, "%s%s", i == 0 ? "" : i + 1 < NBENCHMARKS ?
		    sep : last, benchmarks[i]->name);
}
