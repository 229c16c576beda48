/*
 * table.c: see table.h.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/table.h"
#include "lib/util.h"

void
table_init(struct table *t, size_t ncols)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	t->right = xcalloc(ncols, 1);
	t->droppable = xcalloc(ncols, 1);
	t->gap = xcalloc(ncols, 1);
}

void
table_row(struct table *t)
{
	if (t->nrows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->cell = xreallocarray(t->cell, t->cap * t->ncols, sizeof(char *));
		t->cls = xreallocarray(t->cls, t->cap * t->ncols,
		    sizeof(*t->cls));
		t->exact = xreallocarray(t->exact, t->cap * t->ncols, 1);
	}
	memset(t->cell + t->nrows * t->ncols, 0, t->ncols * sizeof(char *));
	memset(t->cls + t->nrows * t->ncols, 0, t->ncols * sizeof(*t->cls));
	memset(t->exact + t->nrows * t->ncols, 0, t->ncols);
	t->nrows++;
}

void
table_set(struct table *t, size_t col, const char *fmt, ...)
{
	char **c = &t->cell[(t->nrows - 1) * t->ncols + col];
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	free(*c);
	*c = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(*c, (size_t)n + 1, fmt, ap);
	va_end(ap);
	if (needs_visible(*c)) {
		sb_add_visible(&sb, *c);
		free(*c);
		*c = sb.buf;
	}
}

void
table_align_right(struct table *t, size_t col)
{
	t->right[col] = 1;
}

void
table_exact(struct table *t, size_t col)
{
	t->exact[(t->nrows - 1) * t->ncols + col] = 1;
}

void
table_class(struct table *t, size_t col, const char *cls)
{
	t->cls[(t->nrows - 1) * t->ncols + col] = cls;
}

void
table_droppable(struct table *t, size_t col)
{
	t->droppable[col] = 1;
}

/* Decimals of a plain decimal number ("-12.50": 2), else -1. */
static int
plain_decimals(const char *s, int *sig)
{
	const char *p = s, *dot = NULL;
	int lead = 1;

	*sig = 0;
	if (*p == '-')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	for (; *p != '\0'; p++) {
		if (*p == '.' && dot == NULL)
			dot = p;
		else if (!isdigit((unsigned char)*p))
			return -1;
		else if (*p != '0' || !lead) {
			lead = 0;
			(*sig)++;
		}
	}
	return dot == NULL ? 0 : (int)(p - dot - 1);
}

/* A cell's most significant digits once padded: as fmt_sample's limit. */
#define TABLE_DECIMALS_SIG	8

void
table_decimals(struct table *t, size_t col, size_t n)
{
	size_t r, k, i, len;
	int d, most = 0, sig;
	char *c;

	for (r = 1; r < t->nrows; r++)
		for (k = col; k < col + n; k++) {
			i = r * t->ncols + k;
			if (t->cell[i] != NULL && t->exact[i] &&
			    (d = plain_decimals(t->cell[i], &sig)) > most)
				most = d;
		}
	for (r = 1; r < t->nrows; r++)
		for (k = col; k < col + n; k++) {
			i = r * t->ncols + k;
			c = t->cell[i];
			if (c == NULL || !t->exact[i] ||
			    (d = plain_decimals(c, &sig)) < 0 || d == most ||
			    sig + most - d > TABLE_DECIMALS_SIG)
				continue;
			len = strlen(c);
			c = xreallocarray(c, len + (size_t)(most - d) + 2, 1);
			if (d == 0)
				c[len++] = '.';
			memset(c + len, '0', (size_t)(most - d));
			c[len + (size_t)(most - d)] = '\0';
			t->cell[i] = c;
		}
}

void
table_gap(struct table *t, size_t col)
{
	t->gap[col] = 1;
}

void
table_span(struct table *t, size_t first, size_t n, const char *label)
{
	struct strbuf sb = STRBUF_INIT;

	t->span = xreallocarray(t->span, t->nspan + 1, sizeof(*t->span));
	t->span[t->nspan].first = first;
	t->span[t->nspan].n = n;
	if (needs_visible(label)) {
		sb_add_visible(&sb, label);
		t->span[t->nspan].label = sb.buf;
	} else
		t->span[t->nspan].label = xstrdup(label);
	t->nspan++;
}

static const char *
cell(const struct table *t, size_t row, size_t col)
{
	const char *c = t->cell[row * t->ncols + col];

	return c != NULL ? c : "";
}

/*
 * Which columns are shown: a droppable one only when a data cell has
 * text.  Worked out once per print, in one pass over the cells: asked
 * per cell, it made a table of 100,000 rows quadratic.
 */
static unsigned char *
shown_columns(const struct table *t)
{
	unsigned char *vis = xcalloc(t->ncols ? t->ncols : 1, 1);
	const char *c;
	size_t r, col;

	for (col = 0; col < t->ncols; col++)
		vis[col] = !t->droppable[col];
	for (r = 1; r < t->nrows; r++)
		for (col = 0; col < t->ncols; col++) {
			if (vis[col])
				continue;
			c = cell(t, r, col);
			if (*c != '\0' && strcmp(c, "-") != 0)
				vis[col] = 1;
		}
	return vis;
}

/* Display width: UTF-8 continuation bytes take no column. */
static size_t
width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

static void
pad(FILE *out, size_t n)
{
	while (n-- > 0)
		putc(' ', out);
}

/* Width of columns first .. first + n - 1 as printed, separators included. */
static size_t
block_width(const struct table *t, const unsigned char *vis, const size_t *w,
    size_t first, size_t n, int sep)
{
	size_t c, bw = 0, shown = 0;

	for (c = first; c < first + n; c++)
		if (vis[c])
			bw += w[c] + (shown++ > 0 ? (size_t)sep +
			    t->gap[c] : 0);
	return bw;
}

/* The line of span labels, each centred over its block. */
static void
print_spans(const struct table *t, const unsigned char *vis, const size_t *w,
    FILE *out, int sep)
{
	struct strbuf line = STRBUF_INIT;
	size_t c, i, bw, lw, left, at = 0;
	int first = 1;

	for (c = 0, i = 0; c < t->ncols; c++) {
		if (!vis[c])
			continue;
		if (!first)
			at += (size_t)sep + t->gap[c];
		first = 0;
		if (i < t->nspan && c == t->span[i].first) {
			bw = block_width(t, vis, w, c, t->span[i].n, sep);
			lw = width(t->span[i].label);
			left = bw > lw ? (bw - lw) / 2 : 0;
			while (line.len < at + left)
				sb_add(&line, " ", 1);
			sb_adds(&line, t->span[i].label);
			at += bw;
			c += t->span[i].n - 1;
			i++;
		} else
			at += w[c];
	}
	fprintf(out, "%s\n", sb_str(&line));
	sb_free(&line);
}

void
table_print_text(const struct table *t, FILE *out, int sep)
{
	size_t *w = xcalloc(t->ncols, sizeof(*w)), r, c, i, bw, cw, last;
	unsigned char *vis = shown_columns(t);
	int shown;

	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < t->ncols; c++)
			if (width(cell(t, r, c)) > w[c])
				w[c] = width(cell(t, r, c));
	/* A span's label wider than its columns widens the last of them. */
	for (i = 0; i < t->nspan; i++) {
		bw = block_width(t, vis, w, t->span[i].first, t->span[i].n, sep);
		if (width(t->span[i].label) > bw)
			for (c = t->span[i].first + t->span[i].n; c-- > t->span[i].first; )
				if (vis[c]) {
					w[c] += width(t->span[i].label) - bw;
					break;
				}
	}
	if (t->nspan > 0)
		print_spans(t, vis, w, out, sep);
	for (r = 0; r < t->nrows; r++) {
		/* No trailing blanks: stop after the last non-empty cell. */
		for (last = t->ncols; last > 0 && (*cell(t, r, last - 1) == '\0' ||
		    !vis[last - 1]); last--)
			;
		for (c = 0, shown = 0; c < last; c++) {
			if (!vis[c])
				continue;
			cw = width(cell(t, r, c));
			if (shown++ > 0)
				pad(out, (size_t)sep + t->gap[c]);
			if (t->right[c])
				pad(out, w[c] - cw);
			fputs(cell(t, r, c), out);
			if (!t->right[c] && c + 1 < last)
				pad(out, w[c] - cw);
		}
		putc('\n', out);
	}
	free(w);
	free(vis);
}

/*
 * Text for Markdown, inline: it must render as itself, whatever it holds.
 * Every character that can start markup is escaped by a backslash (any
 * ASCII punctuation may be, in CommonMark): emphasis, code, links and
 * images, raw HTML and entities, table pipes, headings; the ':' of
 * "://" so that no "http://" becomes a link, and the '.' of "www."
 * likewise (GFM's autolinks).  An e-mail address would still become a mailto: link: a
 * zero-width space (U+200B) before its '@' keeps it text.  Newlines are
 * blanks; other controls are shown as \xNN.
 */
/*
 * If s starts an invisible or reordering code point, write it as its
 * \uXXXX (after prefix: Markdown needs the backslash escaped) and say
 * how many bytes it took; else 0.
 */
static size_t
put_invisible(FILE *out, const char *s, const char *prefix)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned long c;
	size_t k;

	if ((unsigned char)*s < 0xc2 ||
	    (k = invisible_seq(s, strnlen(s, 4), &c)) == 0)
		return 0;
	sb_add_code_point(&sb, c);
	fprintf(out, "%s%s", prefix, sb_str(&sb));
	sb_free(&sb);
	return k;
}

static void
md_text(FILE *out, const char *s)
{
	const char *start = s;
	size_t k;

	for (; *s; s++) {
		if ((k = put_invisible(out, s, "\\")) > 0) {
			/* Invisible or reordering: its code point, shown. */
			s += k - 1;
			continue;
		}
		if ((strchr("\\`*_[]<>|~#&", *s) != NULL && *s != '\0') ||
		    (*s == ':' && s[1] == '/'))
			fprintf(out, "\\%c", *s);
		else if (*s == '.' && s > start && (s[-1] == 'w' || s[-1] == 'W'))
			fputs("\\.", out);
		else if (*s == '@')
			fputs("&#8203;@", out);
		else if (*s == '\n' || *s == '\r')
			putc(' ', out);
		else if ((unsigned char)*s < 0x20 || *s == 0x7f)
			fprintf(out, "\\\\x%02x", (unsigned char)*s);
		else
			putc(*s, out);
	}
}

/* A cell for Markdown, after its span's label. */
static void
md_cell(FILE *out, const char *prefix, const char *s)
{
	if (prefix != NULL && *prefix != '\0') {
		md_text(out, prefix);
		putc(' ', out);
	}
	md_text(out, s);
}

void
table_print_markdown(const struct table *t, FILE *out)
{
	const char *prefix;
	unsigned char *vis = shown_columns(t);
	size_t r, c, i;

	for (r = 0; r < t->nrows; r++) {
		putc('|', out);
		for (c = 0; c < t->ncols; c++) {
			if (!vis[c])
				continue;
			prefix = NULL;
			for (i = 0; r == 0 && i < t->nspan; i++)
				if (c >= t->span[i].first &&
				    c < t->span[i].first + t->span[i].n)
					prefix = t->span[i].label;
			putc(' ', out);
			md_cell(out, prefix, cell(t, r, c));
			fputs(" |", out);
		}
		putc('\n', out);
		if (r == 0) {
			putc('|', out);
			for (c = 0; c < t->ncols; c++)
				if (vis[c])
					fputs(t->right[c] ? " ---: |" : " --- |", out);
			putc('\n', out);
		}
	}
	free(vis);
}

void
md_escape(FILE *out, const char *s)
{
	md_text(out, s);
}

void
md_escape_line(FILE *out, const char *s)
{
	size_t digits = strspn(s, "0123456789");

	/*
	 * What starts a block at the start of a line: a list item ("- ",
	 * "+ ", "1. ", "1) "), a setext underline ("===", "---"), and
	 * blanks before them.  The marker escaped, the rest as text.
	 */
	while (*s == ' ')
		putc(*s++, out);
	if (*s == '-' || *s == '+' || *s == '=')
		putc('\\', out);
	else if (digits > 0 && (s[digits] == '.' || s[digits] == ')')) {
		fprintf(out, "%.*s\\", (int)digits, s);
		s += digits;
	}
	md_text(out, s);
}

void
md_code_block(FILE *out, const char *info, const char *text)
{
	size_t run = 0, longest = 0, n;
	const char *p;

	/* A fence longer than any run of backticks inside: none closes it. */
	for (p = text; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	for (n = longest < 3 ? 3 : longest + 1; n > 0; n--)
		putc('`', out);
	fprintf(out, "%s\n%s", info, text);
	if (*text != '\0' && text[strlen(text) - 1] != '\n')
		putc('\n', out);
	for (n = longest < 3 ? 3 : longest + 1; n > 0; n--)
		putc('`', out);
	putc('\n', out);
}

void
html_escape(FILE *out, const char *s)
{
	const char *start = s;
	size_t k, n = strlen(s);

	for (; *s; s++)
		switch (*s) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&#39;", out);
			break;
		default:
			/*
			 * A control character (but tab, newline, return) is
			 * no character of HTML or XML 1.0: U+FFFD too.
			 */
			if ((unsigned char)*s < 0x20 && *s != '\t' &&
			    *s != '\n' && *s != '\r') {
				fputs("\xef\xbf\xbd", out);
				break;
			}
			if ((unsigned char)*s < 0x80) {
				putc(*s, out);
				break;
			}
			/* Not UTF-8: U+FFFD, the page stays valid. */
			if ((k = utf8_seq(s, n - (size_t)(s - start))) == 0)
				fputs("\xef\xbf\xbd", out);
			else if (put_invisible(out, s, "") > 0) {
				/* A right-to-left override would reorder the
				 * page's text: its code point, as text shows it. */
				s += k - 1;
			} else {
				fwrite(s, 1, k, out);
				s += k - 1;
			}
		}
}

void
table_print_html(const struct table *t, FILE *out)
{
	unsigned char *vis = shown_columns(t);
	size_t r, c, i;

	fputs("<table>\n", out);
	if (t->nspan > 0) {
		fputs("<tr>", out);
		for (c = 0, i = 0; c < t->ncols; c++) {
			if (!vis[c])
				continue;
			if (i < t->nspan && c == t->span[i].first) {
				size_t n = 0, k;

				for (k = c; k < c + t->span[i].n; k++)
					n += vis[k];
				fprintf(out, "<th colspan=\"%zu\">", n);
				html_escape(out, t->span[i].label);
				fputs("</th>", out);
				c += t->span[i].n - 1;
				i++;
			} else
				fputs("<th></th>", out);
		}
		fputs("</tr>\n", out);
	}
	for (r = 0; r < t->nrows; r++) {
		fputs("<tr>", out);
		for (c = 0; c < t->ncols; c++) {
			if (!vis[c])
				continue;
			fputs(r == 0 ? "<th" : "<td", out);
			if (t->right[c] || t->cls[r * t->ncols + c] != NULL)
				fprintf(out, " class=\"%s%s%s\"",
				    t->right[c] ? "num" : "",
				    t->right[c] && t->cls[r * t->ncols + c] ?
				    " " : "", t->cls[r * t->ncols + c] ?
				    t->cls[r * t->ncols + c] : "");
			putc('>', out);
			html_escape(out, cell(t, r, c));
			fprintf(out, "</%s>", r == 0 ? "th" : "td");
		}
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
	free(vis);
}

void
table_free(struct table *t)
{
	size_t i;

	for (i = 0; i < t->nrows * t->ncols; i++)
		free(t->cell[i]);
	free(t->cell);
	free(t->cls);
	free(t->exact);
	free(t->right);
	free(t->droppable);
	free(t->gap);
	for (i = 0; i < t->nspan; i++)
		free(t->span[i].label);
	free(t->span);
	memset(t, 0, sizeof(*t));
}
