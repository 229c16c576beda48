/*
 * json.c: see json.h.
 */
#include <math.h>
#include <string.h>

#include "json.h"
#include "util.h"

/*
 * A JSON string.  Bytes that are not UTF-8 (a fact read from a machine,
 * a database written by hand) become U+FFFD: the output is always valid
 * JSON, which must be UTF-8.
 */
void
json_string(FILE *out, const char *s)
{
	const unsigned char *p;
	size_t k, n = strlen(s);

	putc('"', out);
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p >= 0x80) {
			k = utf8_seq((const char *)p, n - (size_t)(p -
			    (const unsigned char *)s));
			if (k == 0)
				fputs("\\ufffd", out);
			else
				fwrite(p, 1, k, out);
			p += k == 0 ? 0 : k - 1;
			continue;
		}
		switch (*p) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\r':
			fputs("\\r", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		default:
			/* Other control characters, and DEL, as \u escapes. */
			if (*p < 0x20 || *p == 0x7f)
				fprintf(out, "\\u%04x", *p);
			else
				putc(*p, out);
		}
	}
	putc('"', out);
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
