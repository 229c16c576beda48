/*
 * table.h: a table of text cells, printed aligned for a terminal or as
 * GitHub-flavoured Markdown.  The first row is the header.
 */
#ifndef KBENCH_TABLE_H
#define KBENCH_TABLE_H

#include <stddef.h>
#include <stdio.h>

struct table_span {
	size_t	 first, n;	/* columns */
	char	*label;
};

struct table {
	size_t			 ncols;
	char			**cell;		/* nrows x ncols, NULL = "" */
	size_t			 nrows, cap;
	unsigned char		*right;		/* per column: right-aligned */
	unsigned char		*droppable;	/* per column: hidden when its
						   data cells are all "" or "-" */
	unsigned char		*gap;		/* per column: one more blank
						   before it */
	struct table_span	*span;		/* labels over column blocks */
	size_t			 nspan;
	const char		**cls;		/* nrows x ncols: an HTML class
						   (a literal), NULL = none */
	unsigned char		*exact;		/* nrows x ncols: the cell is its
						   value, not a rounding of it */
};

void	table_init(struct table *t, size_t ncols);
/* Start a new row; the header is row 0. */
void	table_row(struct table *t);
/* Set column col of the last row. */
void	table_set(struct table *t, size_t col, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
void	table_align_right(struct table *t, size_t col);
/*
 * Give column col of the last row an HTML class (a string literal, or
 * one that outlives t): a verdict cell coloured by its verdict.
 */
void	table_class(struct table *t, size_t col, const char *cls);
/* Hide col when it holds nothing: no warnings, no intervals at n = 1. */
void	table_droppable(struct table *t, size_t col);
/*
 * Mark col of the last row as its value written out exactly (12.5 of
 * 12.5, not 123457 of 123456.789): table_decimals() may pad it.
 */
void	table_exact(struct table *t, size_t col);
/*
 * Write the exact data cells of columns col .. col + n - 1 that are
 * plain decimals ("-12.5") with as many decimals as the exact one with
 * most (12.5 beside 3.125: 12.500), where that keeps a cell within 8
 * significant digits; a cell that rounds its value stays as it is.
 * Call once the columns are filled.
 */
void	table_decimals(struct table *t, size_t col, size_t n);
/* One more blank before col: keys apart from numbers. */
void	table_gap(struct table *t, size_t col);
/* A label over columns first .. first + n - 1 (a --by block). */
void	table_span(struct table *t, size_t first, size_t n, const char *label);
/* Aligned columns, separated by sep spaces, no trailing blanks. */
void	table_print_text(const struct table *t, FILE *out, int sep);
/* A GFM table; a span's label prefixes its columns' headers. */
void	table_print_markdown(const struct table *t, FILE *out);
/* An HTML <table>, every cell escaped; a span becomes a header row. */
void	table_print_html(const struct table *t, FILE *out);
/*
 * Write s as Markdown text that renders as itself, in a paragraph or a
 * table cell: markup, raw HTML, entities and autolinks escaped, newlines
 * as blanks.
 */
void	md_escape(FILE *out, const char *s);
/*
 * The same for a line of its own (after a hard break, in a list item):
 * a marker that would start a list or a heading there escaped too.
 */
void	md_escape_line(FILE *out, const char *s);
/*
 * A fenced code block of text (lines as they are), its fence longer
 * than any run of backticks in text, so nothing in it can close it.
 */
void	md_code_block(FILE *out, const char *info, const char *text);
/*
 * Write s with &, <, >, " and ' escaped for HTML (and XML) text and
 * attributes; bytes that are not UTF-8 and control characters (but tab,
 * newline and return) as U+FFFD.
 */
void	html_escape(FILE *out, const char *s);
void	table_free(struct table *t);

#endif
