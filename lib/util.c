/*
 * util.c: see util.h.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

#define EXIT_NOMEM	4	/* KB_EXIT_IO: util.c does not include kbench.h */

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		err(EXIT_NOMEM, "malloc %zu bytes", n);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (p == NULL)
		err(EXIT_NOMEM, "calloc %zu x %zu bytes", nmemb, size);
	return p;
}

void *
xreallocarray(void *p, size_t nmemb, size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size) {
		errno = ENOMEM;
		err(EXIT_NOMEM, "realloc %zu x %zu bytes", nmemb, size);
	}
	p = realloc(p, nmemb * size != 0 ? nmemb * size : 1);
	if (p == NULL)
		err(EXIT_NOMEM, "realloc %zu x %zu bytes", nmemb, size);
	return p;
}

char *
xstrdup(const char *s)
{
	char *p = strdup(s);

	if (p == NULL)
		err(EXIT_NOMEM, "strdup");
	return p;
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (p == NULL)
		err(EXIT_NOMEM, "strndup");
	return p;
}

/*
 * Clinger's fast path: a decimal of at most 15 digits and no exponent is
 * m / 10^k with m and 10^k both exact doubles (m < 2^53, k <= 22), so the
 * one IEEE division is correctly rounded: the same double strtod gives.
 * Returns -1 for anything else, which strtod then handles.
 */
static int
parse_decimal_fast(const char *s, double *out)
{
	static const double pow10[] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15
	};
	const char *p = s;
	uint64_t m = 0;
	int neg = 0, digits = 0, frac = 0, dot = 0;

	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	for (; *p != '\0'; p++) {
		if (*p >= '0' && *p <= '9') {
			if (++digits > 15)
				return -1;
			m = m * 10 + (uint64_t)(*p - '0');
			frac += dot;
		} else if (*p == '.' && !dot)
			dot = 1;
		else
			return -1;
	}
	if (digits == 0)
		return -1;
	*out = (double)m / pow10[frac];
	if (neg)
		*out = -*out;
	return 0;
}

int
parse_double(const char *s, double *out)
{
	char *end;
	double v;

	if (parse_decimal_fast(s, out) == 0)
		return 0;

	/* strtod skips leading space and takes "nan", "inf", "0x1p3": refuse them. */
	if (*s == '\0' || *s == ' ' || *s == '\t')
		return -1;
	if (strpbrk(s, "xXnNiI") != NULL)
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (*end != '\0' || !isfinite(v))
		return -1;
	/* ERANGE on underflow gives a denormal or 0: keep it; overflow is inf above. */
	*out = v;
	return 0;
}

int
parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (*s == '\0' || *s == ' ' || *s == '\t')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (*end != '\0' || errno == ERANGE || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

char *
format_double(char *buf, size_t size, double v)
{
	int prec;

	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return buf;
}

static void
sb_grow(struct strbuf *sb, size_t more)
{
	size_t need = sb->len + more + 1;

	if (need <= sb->cap)
		return;
	sb->cap = sb->cap ? sb->cap : 64;
	while (sb->cap < need)
		sb->cap *= 2;
	sb->buf = xreallocarray(sb->buf, sb->cap, 1);
}

void
sb_add(struct strbuf *sb, const char *s, size_t n)
{
	sb_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void
sb_adds(struct strbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void
sb_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	sb_grow(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

void
sb_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf != NULL)
		sb->buf[0] = '\0';
}

void
sb_free(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

const char *
sb_str(const struct strbuf *sb)
{
	return sb->buf != NULL ? sb->buf : "";
}

void
getopt_reset(void)
{
#if defined(__FreeBSD__) || defined(__APPLE__) || defined(__NetBSD__) || defined(__OpenBSD__)
	extern int optreset;

	optreset = 1;
	optind = 1;
#else
	optind = 0;	/* glibc: 0 also resets its internal state */
#endif
}

int
finish_stdout(const char *progname)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		warn("%s: writing to standard output", progname);
		return EXIT_NOMEM;
	}
	return 0;
}
