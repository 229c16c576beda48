/*
 * protocol.c: parse a benchmark program's machine-readable output (see
 * protocol.h).  Strict: the first thing wrong makes the whole output
 * invalid, and says which line and why.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "collect/protocol.h"

void
proto_init(struct proto_parser *p, struct proto_output *out)
{
	memset(p, 0, sizeof(*p));
	memset(out, 0, sizeof(*out));
	p->out = out;
}

static int
bad(struct proto_parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int
bad(struct proto_parser *p, const char *fmt, ...)
{
	va_list ap;
	char buf[256];

	if (p->failed)
		return -1;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	p->failed = 1;
	/* buf quotes the child's own text: never raw to a terminal. */
	sb_addf(&p->err, "line %ld: ", p->lineno);
	sb_add_visible(&p->err, buf);
	return -1;
}

static int
in_set(const char *s, size_t n, const char *extra)
{
	size_t i;
	char c;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++) {
		c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr(extra, c) != NULL))
			return 0;
	}
	return 1;
}

#define KEY_CHARS	"_.-"
#define VALUE_CHARS	"_.:+-"
#define UNIT_CHARS	"_/%"

/* "k=v,k=v" (or "-" for none) into keys. */
static int
parse_keys(struct proto_parser *p, char *s, struct kvlist *keys)
{
	char *pair, *eq, *save;

	if (strcmp(s, "-") == 0)
		return 0;
	for (pair = strtok_r(s, ",", &save); pair != NULL;
	    pair = strtok_r(NULL, ",", &save)) {
		if ((eq = strchr(pair, '=')) == NULL ||
		    !in_set(pair, (size_t)(eq - pair), KEY_CHARS) ||
		    !in_set(eq + 1, strlen(eq + 1), VALUE_CHARS))
			return bad(p, "series: '%.40s' is not KEY=VALUE", pair);
		*eq = '\0';
		if (kv_get(keys, pair) != NULL)
			return bad(p, "series: key '%.40s' twice", pair);
		kv_set(keys, pair, eq + 1);
	}
	kv_sort(keys);
	return 0;
}

static int
do_series(struct proto_parser *p, char *args)
{
	struct proto_output *out = p->out;
	struct proto_series *ps;
	char *keys, *unit, *better, *extra, *save;

	keys = strtok_r(args, " ", &save);
	unit = strtok_r(NULL, " ", &save);
	better = strtok_r(NULL, " ", &save);
	extra = strtok_r(NULL, " ", &save);
	if (keys == NULL || unit == NULL || better == NULL || extra != NULL)
		return bad(p, "series: expected KEYS UNIT BETTER");
	if (strcmp(unit, "-") != 0 && !in_set(unit, strlen(unit), UNIT_CHARS))
		return bad(p, "series: unit '%.40s' is not [A-Za-z0-9_/%%]+", unit);
	if (strcmp(better, "lower") != 0 && strcmp(better, "higher") != 0)
		return bad(p, "series: better '%.40s': expected lower or higher",
		    better);
	if (out->nseries >= PROTO_MAX_SERIES)
		return bad(p, "more than %d series", PROTO_MAX_SERIES);
	out->series = xreallocarray(out->series, out->nseries + 1,
	    sizeof(*out->series));
	ps = &out->series[out->nseries++];
	memset(ps, 0, sizeof(*ps));
	ps->unit = xstrdup(strcmp(unit, "-") == 0 ? "" : unit);
	ps->better = xstrdup(better);
	return parse_keys(p, keys, &ps->keys);
}

int
proto_plain_key(const char *s)
{
	return in_set(s, strlen(s), KEY_CHARS);
}

/* Is KEY one the collector folds over cells (KEY_min, _max, _sum)? */
int
proto_folded_key(const char *key)
{
	size_t len = strlen(key);

	return len > 4 && (strcmp(key + len - 4, "_min") == 0 ||
	    strcmp(key + len - 4, "_max") == 0 ||
	    strcmp(key + len - 4, "_sum") == 0);
}

/*
 * "fact KEY VALUE": once per key (a second would silently replace the
 * first), and a folded one's value a plain decimal number.
 */
static int
do_fact(struct proto_parser *p, char *args)
{
	struct proto_output *out = p->out;
	const char *value = "";
	char *sp;
	double v;

	if ((sp = strchr(args, ' ')) != NULL) {
		*sp = '\0';
		value = sp + 1;
	}
	if (!in_set(args, strlen(args), KEY_CHARS))
		return bad(p, "fact: '%.40s' is not a key", args);
	if (kv_get(&out->facts, args) != NULL)
		return bad(p, "fact %.40s: given twice", args);
	if (out->facts.n >= PROTO_MAX_FACTS)
		return bad(p, "more than %d facts", PROTO_MAX_FACTS);
	if (proto_folded_key(args) && (!in_set(value, strlen(value), ".+-") ||
	    parse_double(value, &v) == -1 || fabs(v) > PROTO_MAX_FOLDED))
		return bad(p, "fact %.40s: '%.40s' is not a decimal number from "
		    "-1e15 to 1e15 (a _min, _max or _sum fact is folded over "
		    "the cells)", args, value);
	kv_set(&out->facts, args, value);
	return 0;
}

static int
do_sample(struct proto_parser *p, char *args)
{
	struct proto_output *out = p->out;
	struct proto_series *ps;
	double v;

	if (out->nseries == 0)
		return bad(p, "sample before any series");
	if (parse_double(args, &v) == -1)
		return bad(p, "sample: '%.40s' is not a finite number", args);
	if (out->nsamples >= PROTO_MAX_SAMPLES)
		return bad(p, "more than %ld samples", PROTO_MAX_SAMPLES);
	ps = &out->series[out->nseries - 1];
	if (ps->n == ps->cap) {
		ps->cap = ps->cap ? 2 * ps->cap : 256;
		ps->v = xreallocarray(ps->v, ps->cap, sizeof(*ps->v));
	}
	ps->v[ps->n++] = v;
	out->nsamples++;
	return 0;
}

/* One complete line, without its '\n'. */
static int
do_line(struct proto_parser *p, char *line)
{
	struct proto_output *out = p->out;
	char *word = line, *args, *sp;
	long n;

	if (p->lineno == 1) {
		if (strcmp(line, "kbench-protocol 1") != 0)
			return bad(p, "expected \"kbench-protocol %d\", got "
			    "\"%.40s\"", PROTO_VERSION, line);
		return 0;
	}
	if (out->done)
		return bad(p, "output after \"end\"");
	if (*line == '#')
		return 0;
	if ((sp = strchr(line, ' ')) != NULL) {
		*sp = '\0';
		args = sp + 1;
	} else
		args = line + strlen(line);
	if (strcmp(word, "sample") == 0)
		return do_sample(p, args);
	if (strcmp(word, "fact") == 0)
		return do_fact(p, args);
	if (strcmp(word, "series") == 0)
		return do_series(p, args);
	if (strcmp(word, "end") == 0) {
		if (parse_long(args, 0, PROTO_MAX_SAMPLES, &n) == -1)
			return bad(p, "end: '%.40s' is not a count", args);
		if (n != out->nsamples)
			return bad(p, "end: %ld samples announced, %lld read", n,
			    (long long)out->nsamples);
		out->done = 1;
		return 0;
	}
	return bad(p, "unknown line \"%.40s\"", word);
}

int
proto_feed(struct proto_parser *p, const char *buf, size_t n)
{
	const char *nl, *end = buf + n;

	while (buf < end && !p->failed) {
		nl = memchr(buf, '\n', (size_t)(end - buf));
		if (nl == NULL) {
			sb_add(&p->line, buf, (size_t)(end - buf));
			if (p->line.len > PROTO_MAX_LINE) {
				p->lineno++;
				return bad(p, "longer than %d bytes",
				    PROTO_MAX_LINE);
			}
			break;
		}
		sb_add(&p->line, buf, (size_t)(nl - buf));
		buf = nl + 1;
		p->lineno++;
		if (p->line.len > PROTO_MAX_LINE)
			return bad(p, "longer than %d bytes", PROTO_MAX_LINE);
		if (memchr(p->line.buf, '\0', p->line.len) != NULL)
			return bad(p, "a NUL byte");
		do_line(p, p->line.buf);
		sb_reset(&p->line);
	}
	return p->failed ? -1 : 0;
}

int
proto_finish(struct proto_parser *p)
{
	if (p->failed)
		return -1;
	if (p->line.len > 0) {
		p->lineno++;
		return bad(p, "the last line has no newline (truncated?)");
	}
	if (p->lineno == 0) {
		p->lineno = 1;
		return bad(p, "no output at all");
	}
	if (!p->out->done) {
		p->lineno++;
		return bad(p, "no \"end\" line: the output is incomplete");
	}
	return 0;
}

void
proto_parser_free(struct proto_parser *p)
{
	sb_free(&p->line);
	sb_free(&p->err);
}

void
proto_output_free(struct proto_output *out)
{
	size_t i;

	for (i = 0; i < out->nseries; i++) {
		kv_clear(&out->series[i].keys);
		free(out->series[i].unit);
		free(out->series[i].better);
		free(out->series[i].v);
	}
	free(out->series);
	kv_clear(&out->facts);
	memset(out, 0, sizeof(*out));
}
