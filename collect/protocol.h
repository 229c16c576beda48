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

void	proto_init(struct proto_parser *p, struct proto_output *out);
/* Feed n bytes; -1 once the output is invalid (p->err says why). */
int	proto_feed(struct proto_parser *p, const char *buf, size_t n);
/* The end of the output: -1 when it is invalid or incomplete. */
int	proto_finish(struct proto_parser *p);
void	proto_parser_free(struct proto_parser *p);
void	proto_output_free(struct proto_output *out);

#endif
