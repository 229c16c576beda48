/*
 * review_html.c: report.html, one self-contained page: the charts
 * inline as SVG, every user-supplied text escaped, verdicts coloured,
 * the machine facts that differ first and the rest folded.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/format.h"
#include "plots/review.h"
#include "lib/table.h"

static const char style[] =
    "body { font-family: sans-serif; max-width: 1250px; margin: 2em auto;"
    " padding: 0 1em; color: #222; }\n"
    "table { border-collapse: collapse; margin: 1em 0; font-size: 14px; }\n"
    "th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left;"
    " vertical-align: top; }\n"
    "th { background: #f3f3f3; }\n"
    "td.num { text-align: right; font-variant-numeric: tabular-nums; }\n"
    "td.v-improved { background: #d4edda; color: #155724; }\n"
    "td.v-regressed { background: #f8d7da; color: #721c24; }\n"
    "td.v-untested { background: #eeeeee; color: #555; }\n"
    "tr.diff td:first-child { font-weight: bold; }\n"
    "tr.diff td { background: #fff8e1; }\n"
    "td.fact { max-width: 520px; overflow-wrap: anywhere; }\n"
    "mark { background: #ffd54f; padding: 0 2px; }\n"
    "pre { background: #f6f8fa; padding: 1em; overflow-x: auto; }\n"
    "summary { cursor: pointer; margin: 0.5em 0; }\n"
    ".summary { font-size: 1.1em; }\n"
    "figure { margin: 1em 0; } svg { max-width: 100%; height: auto; }\n";

/*
 * The SVG of a chart, inline: without its XML prolog, and with any byte
 * that is not UTF-8 (gnuplot copies a label's bytes as they are) as
 * U+FFFD, so the page stays valid.
 */
static void
inline_svg(FILE *out, const struct odir *dir, const char *name)
{
	struct strbuf path = STRBUF_INIT, svg = STRBUF_INIT, ok = STRBUF_INIT;
	char buf[8192];
	const char *p;
	size_t n;
	FILE *fp;

	sb_addf(&path, "%s.svg", name);
	if ((fp = odir_read(dir, sb_str(&path))) == NULL) {
		sb_free(&path);
		return;
	}
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		sb_add(&svg, buf, n);
	fclose(fp);
	if ((p = strstr(sb_str(&svg), "<svg")) == NULL)
		p = sb_str(&svg);
	sb_add_valid_utf8(&ok, p, svg.len - (size_t)(p - sb_str(&svg)));
	fwrite(sb_str(&ok), 1, ok.len, out);
	sb_free(&ok);
	sb_free(&svg);
	sb_free(&path);
}

/* One part of the analysis, escaped, in a <pre>; nothing when empty. */
static void
html_part(FILE *out, const char *heading,
    void (*part)(FILE *, const struct analysis *, const char *),
    const struct analysis *an)
{
	char *text = review_part(part, an);

	if (*text != '\0') {
		fputs(heading, out);
		fputs("<pre>", out);
		html_escape(out, text);
		fputs("</pre>\n", out);
	}
	free(text);
}

/* A word of a fact; those only on this side marked. */
static void
html_word(FILE *out, const char *word, size_t len, int marked)
{
	struct strbuf w = STRBUF_INIT;

	sb_add(&w, word, len);
	fputs(marked ? "<mark>" : "", out);
	html_escape(out, sb_str(&w));
	fputs(marked ? "</mark>" : "", out);
	sb_free(&w);
}

static void
html_fact_table(FILE *out, const struct review *rv, size_t first,
    size_t end)
{
	const struct fact_row *r;
	size_t i;

	fputs("<table>\n<tr><th>fact</th><th>", out);
	html_escape(out, rv->an->name_a);
	fputs("</th><th>", out);
	html_escape(out, rv->an->name_b);
	fputs("</th></tr>\n", out);
	for (i = first; i < end; i++) {
		r = &rv->rows[i];
		fprintf(out, "<tr%s><td>", r->differ ? " class=\"diff\"" : "");
		html_escape(out, r->key);
		fputs("</td><td class=\"fact\">", out);
		review_fact_words(out, r->a, r->b, html_word);
		fputs("</td><td class=\"fact\">", out);
		review_fact_words(out, r->b, r->a, html_word);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
}

/* The facts that differ, whole; the rest folded; none: no section. */
static void
html_machines(FILE *out, const struct review *rv)
{
	if (rv->nrows == 0)
		return;
	fputs("<h2>Machines</h2>\n", out);
	if (rv->ndiffer > 0) {
		fputs("<p>The facts that differ, a word the other side's value "
		    "lacks <mark>marked</mark>:</p>\n", out);
		html_fact_table(out, rv, 0, rv->ndiffer);
	} else
		fputs("<p>Both sides ran with the same facts.</p>\n", out);
	if (rv->nrows == rv->ndiffer)
		return;
	fprintf(out, "<details>\n<summary>%zu fact%s the same on both "
	    "sides</summary>\n", rv->nrows - rv->ndiffer,
	    rv->nrows - rv->ndiffer == 1 ? "" : "s");
	html_fact_table(out, rv, rv->ndiffer, rv->nrows);
	fputs("</details>\n", out);
}

void
review_html(FILE *out, const struct review *rv)
{
	const struct analysis *an = rv->an;
	struct table t;
	size_t i;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<title>", out);
	html_escape(out, rv->title);
	fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>",
	    style);
	html_escape(out, rv->title);
	fputs("</h1>\n<p class=\"summary\"><b>", out);
	html_escape(out, an->name_a);
	fprintf(out, "</b> (baseline, %zu run%s) vs <b>", rv->an->prov_a.runs,
	    rv->an->prov_a.runs == 1 ? "" : "s");
	html_escape(out, an->name_b);
	fprintf(out, "</b> (%zu run%s):</p>\n", rv->an->prov_b.runs,
	    rv->an->prov_b.runs == 1 ? "" : "s");
	html_part(out, "", report_compare_summary, an);
	fputs("<h2>Comparison</h2>\n", out);
	html_part(out, "", report_sides_lines, an);
	report_build_table(&t, an);
	table_print_html(&t, out);
	table_free(&t);
	html_part(out, "", report_method_lines, an);
	/* What the "!" letters no paragraph names mean, under the table. */
	html_part(out, "", report_flags_legend, an);
	if (an->sequential) {
		html_part(out, "<h2>Round by round</h2>\n", seq_heading, an);
		seq_build_table(&t, an);
		table_print_html(&t, out);
		table_free(&t);
		html_part(out, "", seq_legend, an);
	}
	html_part(out, "<h2>Warnings</h2>\n", report_warning_lines, an);
	fputs("<h2>Charts</h2>\n", out);
	for (i = 0; i < rv->ncharts; i++) {
		fputs("<figure>\n", out);
		inline_svg(out, rv->dir, rv->charts[i].name);
		fputs("<figcaption>", out);
		html_escape(out, rv->charts[i].caption);
		fputs("</figcaption>\n</figure>\n", out);
	}
	html_machines(out, rv);
	fputs("<h2>Reproduce</h2>\n<pre>", out);
	html_escape(out, sb_str(&rv->reproduce));
	fputs("</pre>\n</body>\n</html>\n", out);
}
