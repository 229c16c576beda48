/*
 * json.c: see json.h.
 */
#include <math.h>
#include <string.h>

#include "lib/json.h"
#include "lib/util.h"

/* Code point c as JSON's \uXXXX, a surrogate pair past U+FFFF. */
static void
json_code_point(struct strbuf *sb, unsigned long c)
{
	if (c <= 0xffff)
		sb_addf(sb, "\\u%04lx", c);
	else
		sb_addf(sb, "\\u%04lx\\u%04lx", 0xd800 + ((c - 0x10000) >> 10),
		    0xdc00 + ((c - 0x10000) & 0x3ff));
}

/*
 * A JSON string.  Bytes that are not UTF-8 (a fact read from a machine,
 * a database written by hand) become U+FFFD: the output is always valid
 * JSON, which must be UTF-8.  Controls, C1 ones and invisible or
 * reordering code points (U+202E...) as \u escapes: the same string,
 * and nothing a terminal acts on when the JSON is shown on one.
 */
void
sb_json_string(struct strbuf *sb, const char *s)
{
	const unsigned char *p;
	unsigned long c = 0;
	size_t k, n = strlen(s);

	sb_add(sb, "\"", 1);
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p >= 0x80) {
			k = utf8_seq((const char *)p, n - (size_t)(p -
			    (const unsigned char *)s));
			if (k == 0)
				sb_adds(sb, "\\ufffd");
			else if ((k == 2 && p[0] == 0xc2 && p[1] <= 0x9f) ||
			    invisible_seq((const char *)p, k, &c) == k)
				/* C1, or invisible: as \u, never raw. */
				json_code_point(sb, k == 2 && p[0] == 0xc2 &&
				    p[1] <= 0x9f ? p[1] : c);
			else
				sb_add(sb, (const char *)p, k);
			p += k == 0 ? 0 : k - 1;
			continue;
		}
		switch (*p) {
		case '"':
			sb_adds(sb, "\\\"");
			break;
		case '\\':
			sb_adds(sb, "\\\\");
			break;
		case '\n':
			sb_adds(sb, "\\n");
			break;
		case '\r':
			sb_adds(sb, "\\r");
			break;
		case '\t':
			sb_adds(sb, "\\t");
			break;
		default:
			/* Other control characters, and DEL, as \u escapes. */
			if (*p < 0x20 || *p == 0x7f)
				sb_addf(sb, "\\u%04x", *p);
			else
				sb_add(sb, (const char *)p, 1);
		}
	}
	sb_add(sb, "\"", 1);
}

void
json_string(FILE *out, const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	sb_json_string(&sb, s);
	fwrite(sb_str(&sb), 1, sb.len, out);
	sb_free(&sb);
}

void
json_argv(struct strbuf *sb, int argc, char *const *argv)
{
	int i;

	sb_add(sb, "[", 1);
	for (i = 0; i < argc; i++) {
		if (i > 0)
			sb_add(sb, ",", 1);
		sb_json_string(sb, argv[i]);
	}
	sb_add(sb, "]", 1);
}

static const char *
skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

/* Four hex digits at p, or -1. */
static long
hex4(const char *p)
{
	long v = 0;
	int i;

	for (i = 0; i < 4; i++, p++) {
		v <<= 4;
		if (*p >= '0' && *p <= '9')
			v |= *p - '0';
		else if (*p >= 'a' && *p <= 'f')
			v |= *p - 'a' + 10;
		else if (*p >= 'A' && *p <= 'F')
			v |= *p - 'A' + 10;
		else
			return -1;
	}
	return v;
}

/* Code point c as UTF-8. */
static void
sb_add_utf8(struct strbuf *sb, long c)
{
	char b[4];

	if (c < 0x80) {
		b[0] = (char)c;
		sb_add(sb, b, 1);
	} else if (c < 0x800) {
		b[0] = (char)(0xc0 | (c >> 6));
		b[1] = (char)(0x80 | (c & 0x3f));
		sb_add(sb, b, 2);
	} else if (c < 0x10000) {
		b[0] = (char)(0xe0 | (c >> 12));
		b[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		b[2] = (char)(0x80 | (c & 0x3f));
		sb_add(sb, b, 3);
	} else {
		b[0] = (char)(0xf0 | (c >> 18));
		b[1] = (char)(0x80 | ((c >> 12) & 0x3f));
		b[2] = (char)(0x80 | ((c >> 6) & 0x3f));
		b[3] = (char)(0x80 | (c & 0x3f));
		sb_add(sb, b, 4);
	}
}

/* One JSON string at *pp (after its opening quote) into sb; 0 or -1. */
static int
json_string_parse(const char **pp, struct strbuf *sb)
{
	const char *p = *pp;
	long c, lo;

	for (;;) {
		if ((unsigned char)*p < 0x20)	/* the end, or a raw control */
			return -1;
		if (*p == '"')
			break;
		if (*p != '\\') {
			sb_add(sb, p++, 1);
			continue;
		}
		p++;
		switch (*p) {
		case '"': case '\\': case '/':
			sb_add(sb, p, 1);
			break;
		case 'b':
			sb_adds(sb, "\b");
			break;
		case 'f':
			sb_adds(sb, "\f");
			break;
		case 'n':
			sb_adds(sb, "\n");
			break;
		case 'r':
			sb_adds(sb, "\r");
			break;
		case 't':
			sb_adds(sb, "\t");
			break;
		case 'u':
			if ((c = hex4(p + 1)) <= 0)	/* a NUL has no place */
				return -1;
			p += 4;
			if (c >= 0xdc00 && c <= 0xdfff)
				return -1;
			if (c >= 0xd800 && c <= 0xdbff) {
				if (p[1] != '\\' || p[2] != 'u' ||
				    (lo = hex4(p + 3)) < 0xdc00 || lo > 0xdfff)
					return -1;
				c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
				p += 6;
			}
			sb_add_utf8(sb, c);
			break;
		default:
			return -1;
		}
		p++;
	}
	*pp = p + 1;
	return 0;
}

char **
json_argv_parse(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	char **v = xcalloc(1, sizeof(*v));
	const char *p = skip_blanks(s);
	size_t n = 0;

	if (*p++ != '[')
		goto bad;
	p = skip_blanks(p);
	if (*p == ']')
		p++;
	else
		for (;;) {
			if (*p++ != '"')
				goto bad;
			sb_reset(&sb);
			if (json_string_parse(&p, &sb) == -1 ||
			    memchr(sb_str(&sb), '\0', sb.len) != NULL)
				goto bad;
			v = xreallocarray(v, n + 2, sizeof(*v));
			v[n++] = xstrdup(sb_str(&sb));
			v[n] = NULL;
			p = skip_blanks(p);
			if (*p == ']') {
				p++;
				break;
			}
			if (*p++ != ',')
				goto bad;
			p = skip_blanks(p);
		}
	if (*skip_blanks(p) != '\0' || utf8_check(s, strlen(s)) != strlen(s))
		goto bad;
	sb_free(&sb);
	return v;
bad:
	sb_free(&sb);
	argv_free(v);
	return NULL;
}

void
command_for_shell(struct strbuf *sb, const char *stored)
{
	char **v;

	if ((v = json_argv_parse(stored)) != NULL && v[0] != NULL) {
		sb_shell_quote(sb, v);
		argv_free(v);
		return;
	}
	argv_free(v);
	/* Text of an older kbench, split at blanks: a comment, never run. */
	sb_adds(sb, "# ");
	sb_add_visible(sb, stored);
}

const char *
json_numtext(char *buf, size_t size, double v)
{
	if (isnan(v) || isinf(v))
		return "null";
	return format_double(buf, size, v);
}

void
json_num(FILE *out, const char *name, double v)
{
	char buf[40];

	fprintf(out, ",\"%s\":%s", name, json_numtext(buf, sizeof(buf), v));
}

void
json_str(FILE *out, const char *name, const char *s)
{
	fprintf(out, ",\"%s\":", name);
	if (s != NULL)
		json_string(out, s);
	else
		fputs("null", out);
}

void
json_kv_object(FILE *out, const struct kvlist *l)
{
	size_t i;

	putc('{', out);
	for (i = 0; i < l->n; i++) {
		if (i > 0)
			putc(',', out);
		json_string(out, l->v[i].key);
		putc(':', out);
		json_string(out, l->v[i].value);
	}
	putc('}', out);
}
