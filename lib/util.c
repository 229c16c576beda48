/*
 * util.c: see util.h.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kbench_exit.h"
#include "lib/util.h"

/* Out of memory is a system error, for the tools as for kbench. */
#define EXIT_NOMEM	KB_EXIT_IO

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
dir_arg(char *arg)
{
	size_t n = strlen(arg);

	while (n > 1 && arg[n - 1] == '/')
		arg[--n] = '\0';
	return arg;
}

char *
format_pct(char *buf, size_t size, double v)
{
	double x, y;
	int prec;

	if (v == 0)
		v = 0;	/* -0 too: "+0.00%" */
	x = fabs(100 * v);
	if (isnan(v))
		snprintf(buf, size, "-");
	/* %.2f of 2e91% would be 94 digits, and cut. */
	else if (x >= 1e6)
		snprintf(buf, size, "%+.3g%%", 100 * v);
	else if (x >= 1 || x == 0)
		snprintf(buf, size, "%+.2f%%", 100 * v);
	else if (x < 1e-9)
		snprintf(buf, size, "%+.2g%%", 100 * v);
	else {
		prec = 1 - (int)floor(log10(x));
		snprintf(buf, size, "%+.*f%%", prec, 100 * v);
		/* Rounded up to the next decade (0.0099991 to 0.0100): one
		   digit fewer keeps two ("0.010"). */
		y = fabs(strtod(buf, NULL));
		if (y >= 1)
			snprintf(buf, size, "%+.2f%%", 100 * v);
		else if (prec > 0 && floor(log10(y)) > floor(log10(x)))
			snprintf(buf, size, "%+.*f%%", prec - 1, 100 * v);
	}
	return buf;
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

size_t
utf8_seq(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len, i;
	unsigned long c;

	if (n == 0)
		return 0;
	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		len = 2;
		c = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3;
		c = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4;
		c = p[0] & 0x07;
	} else
		return 0;	/* a continuation byte, 0xc0, 0xc1, 0xf5.. */
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	/* Overlong forms, UTF-16 surrogates, beyond U+10FFFF. */
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	return len;
}

size_t
utf8_check(const char *s, size_t n)
{
	size_t i = 0, k;
	uint64_t w;

	while (i < n) {
		/* ASCII eight bytes at a time: most text is. */
		if (i + 8 <= n) {
			memcpy(&w, s + i, 8);
			if ((w & 0x8080808080808080ULL) == 0) {
				i += 8;
				continue;
			}
		}
		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		if ((k = utf8_seq(s + i, n - i)) == 0)
			return i;
		i += k;
	}
	return n;
}

void
sb_add_valid_utf8(struct strbuf *sb, const char *s, size_t n)
{
	size_t k;

	for (; n > 0; s += k, n -= k) {
		k = utf8_check(s, n);
		sb_add(sb, s, k);
		if (k < n) {	/* a bad byte */
			sb_adds(sb, "\xef\xbf\xbd");
			k++;
		}
	}
}

/* A C1 control (U+0080 to U+009F) is 0xc2 0x80 to 0xc2 0x9f in UTF-8. */
static int
is_c1(const unsigned char *p)
{
	return p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f;
}

/* The code point of a k-byte UTF-8 sequence utf8_seq() accepted. */
static unsigned long
utf8_code_point(const unsigned char *p, size_t k)
{
	unsigned long c;
	size_t i;

	c = k == 1 ? p[0] : k == 2 ? p[0] & 0x1f : k == 3 ? p[0] & 0x0f :
	    p[0] & 0x07;
	for (i = 1; i < k; i++)
		c = c << 6 | (p[i] & 0x3f);
	return c;
}

/*
 * Characters that print as nothing yet change what a line shows: the
 * soft hyphen (U+00AD), the Arabic letter mark (U+061C), the Mongolian
 * vowel separator (U+180E), the zero-width ones (U+200B-200F), the line
 * and paragraph separators and the bidirectional embeddings and
 * overrides (U+2028-202E), the word joiner, invisible operators,
 * bidirectional isolates and deprecated format controls (U+2060-206F),
 * the byte order mark (U+FEFF), the interlinear annotations
 * (U+FFF9-FFFB), the tags (U+E0000-E007F).  A right-to-left override in
 * a series name reorders the row it is in ("Trojan Source").
 */
size_t
invisible_seq(const char *s, size_t n, unsigned long *cp)
{
	size_t k = utf8_seq(s, n);
	unsigned long c;

	if (k < 2)
		return 0;
	c = utf8_code_point((const unsigned char *)s, k);
	if (c == 0xad || c == 0x61c || c == 0x180e ||
	    (c >= 0x200b && c <= 0x200f) || (c >= 0x2028 && c <= 0x202e) ||
	    (c >= 0x2060 && c <= 0x206f) || c == 0xfeff ||
	    (c >= 0xfff9 && c <= 0xfffb) || (c >= 0xe0000 && c <= 0xe007f)) {
		*cp = c;
		return k;
	}
	return 0;
}

void
sb_add_code_point(struct strbuf *sb, unsigned long c)
{
	if (c <= 0xffff)
		sb_addf(sb, "\\u%04lx", c);
	else
		sb_addf(sb, "\\U%08lx", c);
}

int
has_control(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long c;

	for (; *p; p++)
		if (*p < 0x20 || *p == 0x7f || is_c1(p) ||
		    (*p >= 0xc2 && invisible_seq((const char *)p,
		    strnlen((const char *)p, 4), &c) > 0))
			return 1;
	return 0;
}

int
needs_visible(const char *s)
{
	return has_control(s) || utf8_check(s, strlen(s)) != strlen(s);
}

/* sb_add_visible_n(), or with lines 1, sb_add_terminal_n(). */
static void
add_visible(struct strbuf *sb, const char *s, size_t n, int lines)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long c;
	size_t i = 0, k;

	while (i < n) {
		if (p[i] == '\n' && !lines)
			sb_adds(sb, "\\n");
		else if (p[i] == '\t' && !lines)
			sb_adds(sb, "\\t");
		else if ((p[i] < 0x20 && p[i] != '\n' && p[i] != '\t') ||
		    p[i] == 0x7f)
			sb_addf(sb, "\\x%02x", p[i]);
		else if (p[i] >= 0x80) {
			/* A C1 control or a byte that is not UTF-8: its bytes. */
			k = utf8_seq(s + i, n - i);
			if (k == 0 || (k == 2 && is_c1(p + i))) {
				for (k = k ? k : 1; k > 0; k--, i++)
					sb_addf(sb, "\\x%02x", p[i]);
				continue;
			}
			if (invisible_seq(s + i, n - i, &c) > 0) {
				/* The code point, as C writes it. */
				sb_add_code_point(sb, c);
				i += k;
				continue;
			}
			sb_add(sb, s + i, k);
			i += k;
			continue;
		} else
			sb_add(sb, s + i, 1);
		i++;
	}
}

void
sb_add_visible_n(struct strbuf *sb, const char *s, size_t n)
{
	add_visible(sb, s, n, 0);
}

void
sb_add_terminal_n(struct strbuf *sb, const char *s, size_t n)
{
	add_visible(sb, s, n, 1);
}

void
sb_add_visible(struct strbuf *sb, const char *s)
{
	sb_add_visible_n(sb, s, strlen(s));
}

/* The code point of the UTF-8 sequence s[0 .. k). */
static unsigned long
utf8_code(const unsigned char *s, size_t k)
{
	static const unsigned char lead_mask[] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
	unsigned long c = s[0] & lead_mask[k];
	size_t i;

	for (i = 1; i < k; i++)
		c = c << 6 | (s[i] & 0x3f);
	return c;
}

/*
 * Columns a code point takes on a terminal, without the locale's
 * wcwidth(): 0 for combining marks, 2 for the East Asian Wide and
 * Fullwidth blocks (Unicode 15's EastAsianWidth.txt, W and F), else 1.
 */
static int
code_point_width(unsigned long c)
{
	static const unsigned long zero[][2] = {
		{ 0x0300, 0x036f }, { 0x0483, 0x0489 }, { 0x0591, 0x05bd },
		{ 0x0610, 0x061a }, { 0x064b, 0x065f }, { 0x0e31, 0x0e3a },
		{ 0x1ab0, 0x1aff }, { 0x1dc0, 0x1dff }, { 0x20d0, 0x20ff },
		{ 0xfe00, 0xfe0f }, { 0xfe20, 0xfe2f }, { 0x200b, 0x200f },
	};
	static const unsigned long wide[][2] = {
		{ 0x1100, 0x115f }, { 0x231a, 0x231b }, { 0x2329, 0x232a },
		{ 0x2e80, 0x303e }, { 0x3041, 0x33ff }, { 0x3400, 0x4dbf },
		{ 0x4e00, 0x9fff }, { 0xa000, 0xa4cf }, { 0xa960, 0xa97f },
		{ 0xac00, 0xd7a3 }, { 0xf900, 0xfaff }, { 0xfe10, 0xfe19 },
		{ 0xfe30, 0xfe6f }, { 0xff00, 0xff60 }, { 0xffe0, 0xffe6 },
		{ 0x1f300, 0x1f64f }, { 0x1f900, 0x1f9ff }, { 0x20000, 0x2fffd },
		{ 0x30000, 0x3fffd },
	};
	size_t i;

	for (i = 0; i < sizeof(zero) / sizeof(zero[0]); i++)
		if (c >= zero[i][0] && c <= zero[i][1])
			return 0;
	for (i = 0; i < sizeof(wide) / sizeof(wide[0]); i++)
		if (c >= wide[i][0] && c <= wide[i][1])
			return 2;
	return 1;
}

size_t
display_prefix(const char *s, size_t n, size_t cols, size_t *width)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, w = 0;
	int cw;

	while (i < n) {
		k = p[i] < 0x80 ? 1 : utf8_seq(s + i, n - i);
		cw = k <= 1 ? 1 : code_point_width(utf8_code(p + i, k));
		k = k == 0 ? 1 : k;
		if (w + (size_t)cw > cols)
			break;
		w += (size_t)cw;
		i += k;
	}
	if (width != NULL)
		*width = w;
	return i;
}

size_t
display_width(const char *s, size_t n)
{
	size_t w;

	display_prefix(s, n, (size_t)-1, &w);
	return w;
}

void
fput_visible(FILE *out, const char *s, size_t n)
{
	struct strbuf sb = STRBUF_INIT;

	sb_add_visible_n(&sb, s, n);
	fwrite(sb_str(&sb), 1, sb.len, out);
	sb_free(&sb);
}

/*
 * How many bytes at p would act on the terminal a command is shown on
 * (a control but newline and tab, an invisible code point, a byte that
 * is not UTF-8), or 0.
 */
static size_t
shell_unsafe(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;
	unsigned long c;
	size_t n = strnlen(p, 4);

	if (*u < 0x20)
		return *u == '\n' || *u == '\t' ? 0 : 1;
	if (*u == 0x7f)
		return 1;
	if (*u < 0x80)
		return 0;
	if (utf8_seq(p, n) == 0)
		return 1;
	if (is_c1(u))
		return 2;
	return invisible_seq(p, n, &c);
}

/*
 * Those bytes inside '...', as POSIX sh can give them back: the quote
 * closed, "$(printf '\ooo...')" (octal: no newline among them, so the
 * substitution strips nothing), the quote reopened.
 */
static void
shell_printf_bytes(struct strbuf *sb, const char *p, size_t k)
{
	size_t j;

	sb_adds(sb, "'\"$(printf '");
	for (j = 0; j < k; j++)
		sb_addf(sb, "\\%03o", (unsigned char)p[j]);
	sb_adds(sb, "')\"'");
}

void
sb_shell_quote(struct strbuf *sb, char *const *argv)
{
	const char *p;
	size_t i, k;

	for (i = 0; argv[i] != NULL; i++) {
		if (i > 0)
			sb_adds(sb, " ");
		/* A first word with '=' would be an assignment. */
		if (*argv[i] != '\0' && strspn(argv[i], "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,/=:%+@") ==
		    strlen(argv[i]) && (i > 0 || strchr(argv[i], '=') == NULL)) {
			sb_adds(sb, argv[i]);
			continue;
		}
		/* Inside '...' nothing is special but the quote itself. */
		sb_adds(sb, "'");
		for (p = argv[i]; *p != '\0'; p += k)
			if ((k = shell_unsafe(p)) > 0)
				shell_printf_bytes(sb, p, k);
			else if (*p == '\'') {
				sb_adds(sb, "'\\''");
				k = 1;
			} else {
				/* A whole character (shell_unsafe: it is UTF-8). */
				k = (unsigned char)*p < 0x80 ? 1 :
				    utf8_seq(p, strnlen(p, 4));
				sb_add(sb, p, k);
			}
		sb_adds(sb, "'");
	}
}

int
process_gone(const char *host, long pid)
{
	char me[256];

	if (host == NULL || pid <= 0 || gethostname(me, sizeof(me)) != 0)
		return 0;
	me[sizeof(me) - 1] = '\0';
	return strcmp(host, me) == 0 && kill((pid_t)pid, 0) == -1 &&
	    errno == ESRCH;
}

void
argv_free(char **v)
{
	size_t i;

	for (i = 0; v != NULL && v[i] != NULL; i++)
		free(v[i]);
	free(v);
}

char **
argv_copy(char *const *v)
{
	char **copy;
	size_t n, i;

	for (n = 0; v[n] != NULL; n++)
		;
	copy = xcalloc(n + 1, sizeof(*copy));
	for (i = 0; i < n; i++)
		copy[i] = xstrdup(v[i]);
	return copy;
}

int
argv_equal(char *const *a, char *const *b)
{
	size_t i;

	for (i = 0; a[i] != NULL && b[i] != NULL; i++)
		if (strcmp(a[i], b[i]) != 0)
			return 0;
	return a[i] == NULL && b[i] == NULL;
}

/* n digits at s, and nothing else counted. */
static int
digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/*
 * An ISO 8601 date, maybe with a time, as the store writes them
 * (YYYY-MM-DD[THH:MM[:SS[.fff]]][Z]), and one the calendar has: strings
 * of that shape compare in time order, so --since compares them to
 * started_at as text.  No offset: every time kbench keeps is UTC.
 */
/* The days of a month of the proleptic Gregorian calendar. */
static int
month_days(int year, int month)
{
	static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
	    30, 31 };

	if (month == 2 && year % 4 == 0 && (year % 100 != 0 || year % 400 == 0))
		return 29;
	return days[month - 1];
}

/* Two digits at s as a number. */
static int
two(const char *s)
{
	return (s[0] - '0') * 10 + (s[1] - '0');
}

int
iso8601_valid(const char *s)
{
	int year, month, day;

	if (strlen(s) < 10 || !digits(s, 4) || s[4] != '-' ||
	    !digits(s + 5, 2) || s[7] != '-' || !digits(s + 8, 2))
		return 0;
	year = two(s) * 100 + two(s + 2);
	month = two(s + 5);
	day = two(s + 8);
	/* A day the calendar has: no February 31, no 29th but in leap years. */
	if (month < 1 || month > 12 || day < 1 || day > month_days(year, month))
		return 0;
	s += 10;
	if (*s == '\0')
		return 1;
	/* Hours 00 to 23, minutes and seconds 00 to 59. */
	if (*s != 'T' || !digits(s + 1, 2) || s[3] != ':' || !digits(s + 4, 2) ||
	    two(s + 1) > 23 || s[4] > '5')
		return 0;
	s += 6;
	if (*s == ':') {
		if (!digits(s + 1, 2) || s[1] > '5')
			return 0;
		s += 3;
		if (*s == '.') {
			if (!digits(s + 1, 1))
				return 0;
			for (s++; *s >= '0' && *s <= '9'; s++)
				;
		}
	}
	if (*s == 'Z')
		s++;
	return *s == '\0';
}

/*
 * getline() that reads no more than max bytes of a line: the length,
 * -1 at the end (or an error: ferror), -2 for a longer line.
 */
ssize_t
getline_max(char **line, size_t *cap, FILE *fp, size_t max)
{
	size_t n = 0;
	int c;

	if (*cap < max + 1) {
		*line = xreallocarray(*line, max + 1, 1);
		*cap = max + 1;
	}
	while ((c = getc(fp)) != EOF) {
		if (n == max)
			return -2;
		(*line)[n++] = (char)c;
		if (c == '\n')
			break;
	}
	(*line)[n] = '\0';
	return n == 0 && c == EOF ? -1 : (ssize_t)n;
}
