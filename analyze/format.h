/*
 * format.h: the output formats of an analysis (analysis.h): format_text.c
 * prints it as an aligned table or Markdown, format_data.c as CSV or
 * JSON; and the small text helpers those formats share with the rest.
 */
#ifndef KBENCH_FORMAT_H
#define KBENCH_FORMAT_H

#include <stdio.h>

struct analysis;
struct comparison;
struct group;
struct table;
struct strbuf;

/*
 * The version of the JSON output's layout: bump it when a field changes
 * meaning or goes away.  2: a comparison's change may be a difference in
 * the unit ("scale": "shift"), its interval is at "interval_level".  3:
 * each comparison says its unit of evidence ("unit", "n_units",
 * "paired", "between_runs", "method", "runs", "noise_floor"), an
 * interval may be open at 0 ("change_ci_open"), "center" is the
 * centers' kind.
 */
#define REPORT_JSON_SCHEMA	3

void	report_text(FILE *out, const struct analysis *an);
void	report_markdown(FILE *out, const struct analysis *an);
void	report_csv(FILE *out, const struct analysis *an);
void	report_json(FILE *out, const struct analysis *an);

struct table;
/* The table of the text and Markdown formats (and of kbench report). */
void	report_build_table(struct table *t, const struct analysis *an);
/* The key columns' header, and a row's key cells (series' values). */
void	report_key_header(struct table *t, const struct analysis *an);
void	report_key_cells(struct table *t, const struct analysis *an,
	    const struct group *g);
/* A change as the tables write it: "+4.75%", or "+12 ns" (a shift). */
const char *fmt_change(char *buf, size_t size, const struct comparison *c,
	    double v);
/*
 * format_sequential.c (--sequential): the line that says what the
 * sequence is, its table (the same in text, Markdown and HTML), and its
 * CSV columns and JSON object.
 */
void	seq_heading(FILE *out, const struct analysis *an, const char *prefix);
void	seq_build_table(struct table *t, const struct analysis *an);
/* The whole of it as Markdown: heading, table, flags, --plan's part. */
void	seq_print_markdown(FILE *out, const struct analysis *an);
/* --plan: what it says, and its table. */
void	seq_plan_heading(FILE *out, const struct analysis *an,
	    const char *prefix);
void	seq_plan_table(struct table *t, const struct analysis *an);
/* The table's "!" letters that appear, a line each. */
void	seq_legend(FILE *out, const struct analysis *an, const char *prefix);
void	seq_csv_header(FILE *out);
void	seq_csv_cells(FILE *out, const struct comparison *c);
void	seq_json(FILE *out, const struct comparison *c);
/*
 * The lines that say how a comparison decided: what against what, its
 * unit of evidence, the estimator and the level of its interval, and
 * how the verdict is tied to the adjustment.
 */
void	report_method_lines(FILE *out, const struct analysis *an,
	    const char *prefix);
/* The same as a Markdown list, labels escaped. */
void	report_method_markdown(FILE *out, const struct analysis *an);

/*
 * format_method.c.  The ways the rows of a comparison were counted and
 * tested: rows alike in method, unit, pairing and run-to-run model are
 * one use.  u has room for an->ncmp; returns how many.
 */
struct comparison;
struct strlist;
struct method_use {
	const struct comparison	*first;	/* its first row */
	size_t			 rows;
	size_t			 lo, hi;	/* units a side, least and most */
};
size_t	method_uses(const struct analysis *an, struct method_use *u);
/* "A (baseline) vs B: TEST on VALUES, 95% confidence" */
void	method_title(const struct analysis *an, struct strbuf *sb);
/* The lines above a table: unit, test and change of each use; verdict. */
void	method_sentences(const struct analysis *an, struct strlist *lines);
/* Under it: what rows without the run-to-run variation say ("" if none). */
void	method_unmeasured_note(const struct analysis *an, struct strbuf *sb);
/* The noise floors used, named ("" if none). */
void	method_floor_note(const struct analysis *an, struct strbuf *sb);
/* The estimator of the rows of a scale, when they share one. */
const char *method_estimator(const struct analysis *an, int scale);
/* "counted in rounds (5 a side), run-to-run variation unmeasured" */
void	method_unit_brief(const struct analysis *an, struct strbuf *sb);
/* The verdict counts, geometric mean and power note of a comparison. */
void	report_compare_summary(FILE *out, const struct analysis *an,
	    const char *prefix);
/*
 * Above the table: the facts that change results in which the sides
 * differ (pooling.h), a line each; as text, or as a Markdown list.
 */
void	report_sides_lines(FILE *out, const struct analysis *an,
	    const char *prefix);
void	report_sides_markdown(FILE *out, const struct analysis *an);
/* What a text part (one of the above) prints, as a string to free. */
char	*report_part(void (*part)(FILE *, const struct analysis *,
	    const char *), const struct analysis *an);
/* The warnings paragraphs under the table. */
void	report_warning_lines(FILE *out, const struct analysis *an,
	    const char *prefix);
/*
 * One line for the "!" letters no paragraph above explains ("Flags (!):
 * u each sample counted as a unit...; f too few samples..."): u and r
 * when every row has them (the header says it in words), and with
 * --warnings none the groups' letters too.  Analyze's text and Markdown.
 */
void	report_flags_legend(FILE *out, const struct analysis *an,
	    const char *prefix);

/*
 * Print text wrapped at width columns on blanks, the first line after
 * first, the next ones after rest (an indent); a word longer than a line
 * stands alone on its line; controls shown escaped (util.h).
 */
void	text_wrap(FILE *out, size_t width, const char *first,
	    const char *rest, const char *text);

/* The warnings of a group or comparison, as one short phrase each. */
void	report_warnings(const struct group *g, double level, struct strbuf *out);

/*
 * The heading of key column i: the key's name, or "key.NAME" when a
 * column of the table or the CSV (p, verdict, runs...) has that name
 * (buf holds it).
 */
const char *report_key_column(const struct analysis *an, size_t i,
	    struct strbuf *buf);

/* "%.6g", or "-" for NaN. */
const char *fmt_num(char *buf, size_t size, double v);


#endif
