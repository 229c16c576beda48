/*
 * test_protocol.c: the benchmark output parser, on good output and on
 * truncated, garbled and hostile output, fed whole and byte by byte.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "collect/protocol.h"

static const char good[] =
    "kbench-protocol 1\n"
    "fact timer_slack_ns 50000\n"
    "fact cmd testsleep -m 300 nanosleep\n"
    "fact empty\n"
    "# a comment\n"
    "series method=nanosleep,usec=300 us lower\n"
    "sample 354.125\n"
    "sample 355\n"
    "series - calls/s higher\n"
    "sample 1e6\n"
    "end 3\n";

/* Parse text whole (chunk 0) or in chunks of that many bytes. */
static int
parse(const char *text, size_t len, size_t chunk, struct proto_output *out,
    struct strbuf *err)
{
	struct proto_parser p;
	size_t i, n;
	int rc = 0;

	proto_init(&p, out);
	for (i = 0; i < len && rc == 0; i += n) {
		n = chunk == 0 || len - i < chunk ? len - i : chunk;
		rc = proto_feed(&p, text + i, n);
	}
	if (rc == 0)
		rc = proto_finish(&p);
	sb_reset(err);
	sb_adds(err, sb_str(&p.err));
	proto_parser_free(&p);
	return rc;
}

static void
test_good(void)
{
	struct proto_output out;
	struct strbuf err = STRBUF_INIT;
	size_t chunk;

	for (chunk = 0; chunk < 4; chunk++) {
		CHECK(parse(good, strlen(good), chunk, &out, &err) == 0);
		CHECK(out.nseries == 2 && out.nsamples == 3 && out.done);
		CHECK_STR(kv_get(&out.facts, "timer_slack_ns"), "50000");
		CHECK_STR(kv_get(&out.facts, "cmd"), "testsleep -m 300 nanosleep");
		CHECK_STR(kv_get(&out.facts, "empty"), "");
		CHECK(out.series[0].n == 2 && out.series[0].v[0] == 354.125);
		CHECK_STR(kv_get(&out.series[0].keys, "usec"), "300");
		CHECK_STR(out.series[0].unit, "us");
		CHECK(out.series[1].keys.n == 0 && out.series[1].v[0] == 1e6);
		CHECK_STR(out.series[1].better, "higher");
		proto_output_free(&out);
	}
	sb_free(&err);
}

/* Each bad output is refused with this message. */
static void
test_bad(void)
{
	static const struct {
		const char	*text;
		const char	*err;
	} cases[] = {
		{ "", "line 1: no output at all" },
		{ "kbench-protocol 2\n", "line 1: expected \"kbench-protocol 1\", got \"kbench-protocol 2\"" },
		{ "hello\n", "line 1: expected \"kbench-protocol 1\", got \"hello\"" },
		{ "kbench-protocol 1\n", "line 2: no \"end\" line: the output is incomplete" },
		{ "kbench-protocol 1\nseries a=b us lower\nsample 1\n",
		  "line 4: no \"end\" line: the output is incomplete" },
		{ "kbench-protocol 1\nseries a=b us lower\nsample 1\nend 1",
		  "line 4: the last line has no newline (truncated?)" },
		{ "kbench-protocol 1\nsample 1\n", "line 2: sample before any series" },
		{ "kbench-protocol 1\nseries a=b us lower\nsample nan\n",
		  "line 3: sample: 'nan' is not a finite number" },
		{ "kbench-protocol 1\nseries a=b us lower\nsample 1e999\n",
		  "line 3: sample: '1e999' is not a finite number" },
		{ "kbench-protocol 1\nseries a=b us lower\nsample\n",
		  "line 3: sample: '' is not a finite number" },
		{ "kbench-protocol 1\nseries a=b us lower\nsample 1\nend 2\n",
		  "line 4: end: 2 samples announced, 1 read" },
		{ "kbench-protocol 1\nend 0\nfact a b\n", "line 3: output after \"end\"" },
		{ "kbench-protocol 1\nrm -rf /\n", "line 2: unknown line \"rm\"" },
		{ "kbench-protocol 1\nseries a=b us sideways\n",
		  "line 2: series: better 'sideways': expected lower or higher" },
		{ "kbench-protocol 1\nseries a=b\n", "line 2: series: expected KEYS UNIT BETTER" },
		{ "kbench-protocol 1\nseries a=b us lower extra\n",
		  "line 2: series: expected KEYS UNIT BETTER" },
		{ "kbench-protocol 1\nseries a;b=c us lower\n",
		  "line 2: series: 'a;b=c' is not KEY=VALUE" },
		{ "kbench-protocol 1\nseries a=$(x) us lower\n",
		  "line 2: series: 'a=$(x)' is not KEY=VALUE" },
		{ "kbench-protocol 1\nseries a=1,a=2 us lower\n",
		  "line 2: series: key 'a' twice" },
		{ "kbench-protocol 1\nseries a=1 \"us\" lower\n",
		  "line 2: series: unit '\"us\"' is not [A-Za-z0-9_/%]+" },
		{ "kbench-protocol 1\nfact a\"b c\n", "line 2: fact: 'a\"b' is not a key" },
	};
	struct proto_output out;
	struct strbuf err = STRBUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK(parse(cases[i].text, strlen(cases[i].text), 0, &out, &err) == -1);
		CHECK_STR(sb_str(&err), cases[i].err);
		proto_output_free(&out);
		/* Byte by byte: the same verdict. */
		CHECK(parse(cases[i].text, strlen(cases[i].text), 1, &out, &err) == -1);
		CHECK_STR(sb_str(&err), cases[i].err);
		proto_output_free(&out);
	}
	sb_free(&err);
}

static void
test_hostile(void)
{
	struct proto_output out;
	struct strbuf err = STRBUF_INIT;
	char *big;
	size_t n = 3 * PROTO_MAX_LINE;
	static const char nul[] = "kbench-protocol 1\nfact a b\0c\n";

	/* A line with no end: refused once it passes the limit, unbuffered. */
	big = malloc(n);
	memcpy(big, "kbench-protocol 1\n", 18);
	memset(big + 18, 'x', n - 18);
	CHECK(parse(big, n, 4096, &out, &err) == -1);
	CHECK_STR(sb_str(&err), "line 2: longer than 4096 bytes");
	proto_output_free(&out);
	free(big);
	CHECK(parse(nul, sizeof(nul) - 1, 0, &out, &err) == -1);
	CHECK_STR(sb_str(&err), "line 2: a NUL byte");
	proto_output_free(&out);
	sb_free(&err);
}

int
main(void)
{
	test_good();
	test_bad();
	test_hostile();
	return check_done();
}
