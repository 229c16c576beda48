/*
 * fuzz_protocol.c: libFuzzer harness for the parser of benchmark
 * output, "kbench-protocol 1" (collect/protocol.c).
 *
 * The input, less its first byte, is a child's standard output.  It is
 * fed to proto_feed() as the collector's reads deliver it, in pieces of
 * a size the first byte chooses (1 to 255 bytes, or all at once for 0),
 * stopping at the first error as the collector does; proto_finish()
 * follows when the feed succeeded.  The limits are the parser's own
 * (PROTO_MAX_LINE, PROTO_MAX_SAMPLES), as in the collector.  An accepted
 * output is then checked against what the collector relies on when it
 * stores it: the sample counts add up, every series has a unit, a
 * direction and sorted, distinct keys.
 *
 * Run: make fuzz (both harnesses), or by hand:
 *	make build/fuzz/fuzz_protocol
 *	build/fuzz/fuzz_protocol -dict=tests/fuzz/protocol.dict \
 *	    -max_len=65536 DIR tests/fuzz/corpus/protocol
 * Reproduce a crash: build/fuzz/fuzz_protocol build/fuzz/fuzz_protocol-crash-...
 */
#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collect/protocol.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What the collector takes for granted in an output proto_finish() passed. */
static void
check_output(const struct proto_output *out)
{
	const struct proto_series *ps;
	int64_t total = 0;
	size_t i, j;

	if (!out->done)
		errx(1, "accepted without \"end\"");
	for (i = 0; i < out->nseries; i++) {
		ps = &out->series[i];
		if (ps->unit == NULL || ps->better == NULL)
			errx(1, "series %zu: no unit or better", i);
		if (strcmp(ps->better, "lower") != 0 &&
		    strcmp(ps->better, "higher") != 0)
			errx(1, "series %zu: better '%s'", i, ps->better);
		for (j = 1; j < ps->keys.n; j++)
			if (strcmp(ps->keys.v[j - 1].key, ps->keys.v[j].key) >= 0)
				errx(1, "series %zu: keys unsorted or twice", i);
		for (j = 0; j < ps->n; j++)
			if (!isfinite(ps->v[j]))
				errx(1, "series %zu: sample %zu not finite", i, j);
		total += (int64_t)ps->n;
	}
	if (total != out->nsamples)
		errx(1, "%lld samples in series, %lld counted",
		    (long long)total, (long long)out->nsamples);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct proto_parser p;
	struct proto_output out;
	size_t chunk, i, n;
	int rc = 0;

	if (size == 0)
		return 0;
	chunk = data[0];
	data++, size--;
	proto_init(&p, &out);
	for (i = 0; i < size && rc == 0; i += n) {
		n = chunk == 0 || size - i < chunk ? size - i : chunk;
		rc = proto_feed(&p, (const char *)data + i, n);
	}
	if (rc == 0)
		rc = proto_finish(&p);
	if (rc == 0)
		check_output(&out);
	else if (p.err.len == 0)
		errx(1, "rejected with no message");
	proto_parser_free(&p);
	proto_output_free(&out);
	return 0;
}
