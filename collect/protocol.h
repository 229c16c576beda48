/*
 * protocol.h: how a benchmark program tells kbench what it measured.
 *
 * Benchmark programs (testsleep, lockbench, or anyone's) print, in their
 * machine-readable mode (-m), lines of text on standard output:
 *
 *   kbench-protocol 1
 *   fact KEY VALUE                  a fact of the run: timer_slack_ns 50000
 *   series KEYS UNIT BETTER         what the next samples measure:
 *                                   method=nanosleep,usec=300 us lower
 *   sample VALUE                    one measurement of the last series
 *   end N                           N samples were written in all
 *
 * The first line names the version.  KEY is [A-Za-z0-9_.-]+; a fact's
 * VALUE is the rest of the line (may be empty); KEYS is KEY=VALUE pairs
 * joined by commas, values [A-Za-z0-9_.:+-]+ (the empty list "-" is
 * allowed); UNIT is [A-Za-z0-9_/%]+ ("ns", "us", "calls/s") or "-";
 * BETTER is "lower" or "higher"; VALUE is a finite decimal number.
 * At most PROTO_MAX_SERIES series.
 * A fact is given once (PROTO_MAX_FACTS at most); one named KEY_min,
 * KEY_max or KEY_sum, folded over the cells of a collection, has a
 * decimal number of at most PROTO_MAX_FOLDED as its value.
 * Lines end with '\n', are at most PROTO_MAX_LINE bytes, and anything
 * else (an unknown word, a sample before any series, a missing or wrong
 * "end") makes the whole output invalid: a truncated or garbled output
 * is never half-stored.  Lines starting with '#' are comments.
 */
#ifndef KBENCH_PROTOCOL_H
#define KBENCH_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#include "lib/kv.h"
#include "lib/util.h"

#define PROTO_VERSION	1
#define PROTO_MAX_LINE	4096
/* More samples than this in one output is garbage, not a benchmark. */
#define PROTO_MAX_SAMPLES	(16L * 1024 * 1024)
/* Facts of one output: the programs print under 200. */
#define PROTO_MAX_FACTS		1024
/* Series of one output: a cell measures a few (a thread each). */
#define PROTO_MAX_SERIES	4096
/*
 * A fact named KEY_min, KEY_max or KEY_sum is folded over the cells of a
 * collection (collector.c): its value is a decimal number no larger than
 * this in magnitude, so that sums of integers stay exact.
 */
#define PROTO_MAX_FOLDED	1e15

struct proto_series {
	struct kvlist	 keys;
	char		*unit;
	char		*better;
	double		*v;
	size_t		 n, cap;
};

struct proto_output {
	struct kvlist		 facts;
	struct proto_series	*series;
	size_t			 nseries;
	int			 done;		/* a valid "end" was seen */
	int64_t			 nsamples;
};

/* A parser fed bytes as they come (a pipe from the benchmark child). */
struct proto_parser {
	struct proto_output	*out;
	struct strbuf		 line;
	long			 lineno;
	int			 failed;
	struct strbuf		 err;		/* "line N: ..." */
};

int	proto_folded_key(const char *key);
/* Is s a plain key: [A-Za-z0-9_.-]+ ? */
int	proto_plain_key(const char *s);
void	proto_init(struct proto_parser *p, struct proto_output *out);
/* Feed n bytes; -1 once the output is invalid (p->err says why). */
int	proto_feed(struct proto_parser *p, const char *buf, size_t n);
/* The end of the output: -1 when it is invalid or incomplete. */
int	proto_finish(struct proto_parser *p);
void	proto_parser_free(struct proto_parser *p);
void	proto_output_free(struct proto_output *out);

#endif
