/*
 * store_common.c: what every store backend shares and none of them
 * speaks SQL for: the time and uuids of new runs, the checks of text
 * from outside, series names, and the redaction of published facts
 * (kept in the struct store_head every backend's store begins with).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "db/store_impl.h"

/* A redacted fact value and the token shown instead. */
struct redacted {
	char	*key;
	char	*value;
	char	*token;
};

static struct store_head *
head_of(struct store *s)
{
	return (struct store_head *)(void *)s;
}

void
store_now(char *buf, size_t size)
{
	struct timespec ts;
	struct tm tm;
	char sec[32];

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(sec, sizeof(sec), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf, size, "%s.%03ldZ", sec, ts.tv_nsec / 1000000);
}

int
store_make_uuid(char out[37], struct strbuf *err)
{
	unsigned char b[16];
	int fd;
	ssize_t n;

	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	n = fd == -1 ? -1 : read(fd, b, sizeof(b));
	if (fd != -1)
		close(fd);
	if (n != (ssize_t)sizeof(b)) {
		sb_reset(err);
		sb_addf(err, "/dev/urandom: cannot read: %s",
		    n == -1 ? strerror(errno) : "short read");
		return -1;
	}
	b[6] = (b[6] & 0x0f) | 0x40;
	b[8] = (b[8] & 0x3f) | 0x80;
	snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
	    "%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3], b[4], b[5],
	    b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
	return 0;
}

int
store_text_check(const char *what, const char *s, struct strbuf *why)
{
	size_t n = strlen(s), bad = utf8_check(s, n);

	if (bad == n)
		return 0;
	sb_addf(why, "%s '", what);
	sb_add_visible(why, s);
	sb_addf(why, "': invalid UTF-8 (byte 0x%02x): kbench keeps text as "
	    "UTF-8, as its CSV, JSON and reports are", (unsigned char)s[bad]);
	return -1;
}

int
store_label_check(const char *label, struct strbuf *why)
{
	if (store_text_check("label", label, why) == -1)
		return -1;
	if (!has_control(label))
		return 0;
	sb_adds(why, "label '");
	sb_add_visible(why, label);
	sb_adds(why, "': a control character (newline, tab, escape...) has no "
	    "place in a label");
	return -1;
}

/* Append s with '\', ',' and '=' escaped by a backslash. */
static void
add_name_part(struct strbuf *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == ',' || *s == '=')
			sb_add(out, "\\", 1);
		sb_add(out, s, 1);
	}
}

void
store_series_name(const struct kvlist *keys, struct strbuf *out)
{
	size_t i;

	sb_reset(out);
	for (i = 0; i < keys->n; i++) {
		if (i > 0)
			sb_add(out, ",", 1);
		add_name_part(out, keys->v[i].key);
		sb_add(out, "=", 1);
		add_name_part(out, keys->v[i].value);
	}
}

void
sample_buf_free(struct sample_buf *b)
{
	free(b->seq);
	free(b->round);
	free(b->v);
	memset(b, 0, sizeof(*b));
}

void
sample_buf_push(struct sample_buf *b, int64_t seq, int64_t round, double v)
{
	if (b->n == b->cap) {
		/* 1.5x: large blocks grow by mremap, without a copy. */
		b->cap = b->cap < 64 ? 64 : b->cap + b->cap / 2;
		b->seq = xreallocarray(b->seq, b->cap, sizeof(*b->seq));
		b->round = xreallocarray(b->round, b->cap, sizeof(*b->round));
		b->v = xreallocarray(b->v, b->cap, sizeof(*b->v));
	}
	b->seq[b->n] = seq;
	b->round[b->n] = round;
	b->v[b->n++] = v;
}

void
store_values_push(double **v, size_t *n, size_t *cap, double x)
{
	if (*n == *cap) {
		*cap = *cap < 64 ? 64 : *cap + *cap / 2;
		*v = xreallocarray(*v, *cap, sizeof(**v));
	}
	(*v)[(*n)++] = x;
}

void
round_spans_push(struct round_spans *rs, int64_t round)
{
	if (rs->n > 0 && rs->v[rs->n - 1].round == round) {
		rs->v[rs->n - 1].n++;
		return;
	}
	if (rs->n == rs->cap) {
		rs->cap = rs->cap < 16 ? 16 : 2 * rs->cap;
		rs->v = xreallocarray(rs->v, rs->cap, sizeof(*rs->v));
	}
	rs->v[rs->n].round = round;
	rs->v[rs->n++].n = 1;
}

/* ---- redaction ---- */

void
store_head_free(struct store_head *h)
{
	size_t i;

	for (i = 0; i < h->nredacted; i++) {
		free(h->redacted[i].key);
		free(h->redacted[i].value);
		free(h->redacted[i].token);
	}
	free(h->redacted);
	strlist_free(&h->redact_keys);
}

void
store_redact(struct store *s, const char *key)
{
	struct store_head *h = head_of(s);

	if (!strlist_has(&h->redact_keys, key))
		strlist_add(&h->redact_keys, key);
}

const char *
store_redacted(struct store *s, const char *key, const char *value)
{
	struct store_head *h = head_of(s);
	struct redacted *r;
	size_t i, n = 0;
	char token[32];

	if (!strlist_has(&h->redact_keys, key))
		return value;
	for (i = 0; i < h->nredacted; i++) {
		r = &h->redacted[i];
		if (strcmp(r->key, key) != 0)
			continue;
		if (strcmp(r->value, value) == 0)
			return r->token;
		n++;
	}
	snprintf(token, sizeof(token), "redacted-%zu", n + 1);
	h->redacted = xreallocarray(h->redacted, h->nredacted + 1,
	    sizeof(*h->redacted));
	r = &h->redacted[h->nredacted++];
	r->key = xstrdup(key);
	r->value = xstrdup(value);
	r->token = xstrdup(token);
	return r->token;
}

/* A byte that continues a word: a value inside one is not that value. */
static int
word_byte(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || (unsigned char)c >= 0x80;
}

void
store_redact_text(struct store *s, const char *text, struct strbuf *out)
{
	const struct store_head *h = head_of(s);
	const struct redacted *best;
	size_t i, len, blen;
	const char *p;

	for (p = text; *p != '\0';) {
		/* The longest value standing as a word here. */
		best = NULL;
		blen = 0;
		for (i = 0; i < h->nredacted; i++) {
			len = strlen(h->redacted[i].value);
			if (len == 0 || len <= blen ||
			    strncmp(p, h->redacted[i].value, len) != 0 ||
			    (p > text && word_byte(p[-1]) &&
			    word_byte(p[0])) ||
			    (word_byte(p[len - 1]) && word_byte(p[len])))
				continue;
			best = &h->redacted[i];
			blen = len;
		}
		if (best != NULL) {
			sb_adds(out, best->token);
			p += blen;
		} else
			sb_add(out, p++, 1);
	}
}

void
store_redact_facts(struct store *s, struct kvlist *facts)
{
	struct strbuf shown = STRBUF_INIT;
	size_t i;

	for (i = 0; i < facts->n; i++) {
		sb_reset(&shown);
		store_redact_text(s, facts->v[i].value, &shown);
		if (strcmp(sb_str(&shown), facts->v[i].value) != 0)
			kv_set(facts, facts->v[i].key, sb_str(&shown));
	}
	sb_free(&shown);
}
