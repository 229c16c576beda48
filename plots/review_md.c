/*
 * review_md.c: report.md, GitHub-flavoured Markdown: the charts as
 * relative PNG links, every user-supplied text escaped (table.h), the
 * warnings and the commands in code blocks.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/format.h"
#include "plots/review.h"
#include "lib/table.h"

/* Prose from the text reports, each line escaped. */
static void
md_lines(FILE *out, const char *text)
{
	struct strbuf line = STRBUF_INIT;
	const char *nl;

	for (; *text != '\0'; text = nl + (*nl == '\n')) {
		nl = text + strcspn(text, "\n");
		sb_reset(&line);
		sb_add(&line, text, (size_t)(nl - text));
		md_escape(out, sb_str(&line));
		/* A line of its own, as in the terminal. */
		fputs(*nl == '\n' && nl[1] != '\0' ? "  \n" : "\n", out);
	}
	sb_free(&line);
}

/* A word of a fact; those only on this side in bold. */
static void
md_word(FILE *out, const char *word, size_t len, int marked)
{
	struct strbuf w = STRBUF_INIT;

	sb_add(&w, word, len);
	fputs(marked ? "**" : "", out);
	md_escape(out, sb_str(&w));
	fputs(marked ? "**" : "", out);
	sb_free(&w);
}

static void
md_fact_table(FILE *out, const struct review *rv, size_t first, size_t end)
{
	const struct fact_row *r;
	size_t i;

	fputs("| fact | ", out);
	md_escape(out, rv->an->name_a);
	fputs(" | ", out);
	md_escape(out, rv->an->name_b);
	fputs(" |\n| --- | --- | --- |\n", out);
	for (i = first; i < end; i++) {
		r = &rv->rows[i];
		fputs("| ", out);
		md_escape(out, r->key);
		fputs(" | ", out);
		review_fact_words(out, r->a, r->b, md_word);
		fputs(" | ", out);
		review_fact_words(out, r->b, r->a, md_word);
		fputs(" |\n", out);
	}
}

/*
 * The facts that differ, in a table, their differing words in bold; the
 * rest folded.  Nothing at all when neither side has a fact (data
 * imported from a table).
 */
static void
md_machines(FILE *out, const struct review *rv)
{
	if (rv->nrows == 0)
		return;
	fputs("\n## Machines\n\n", out);
	if (rv->ndiffer > 0) {
		fputs("The facts that differ (a word the other side's value "
		    "lacks in bold):\n\n", out);
		md_fact_table(out, rv, 0, rv->ndiffer);
	} else
		fputs("Both sides ran with the same facts.\n", out);
	if (rv->nrows == rv->ndiffer)
		return;
	fprintf(out, "\n<details><summary>%zu fact%s the same on both "
	    "sides</summary>\n\n", rv->nrows - rv->ndiffer,
	    rv->nrows - rv->ndiffer == 1 ? "" : "s");
	md_fact_table(out, rv, rv->ndiffer, rv->nrows);
	fputs("\n</details>\n", out);
}

void
review_markdown(FILE *out, const struct review *rv)
{
	const struct analysis *an = rv->an;
	struct analysis oneline = *rv->an;
	struct strbuf title = STRBUF_INIT;
	struct table t;
	char *text;
	size_t i;

	/* Prose a line a sentence: Markdown wraps it for the reader. */
	oneline.width = (size_t)-1 / 2;

	fputs("# ", out);
	md_escape(out, rv->title);
	fputs("\n\n**", out);
	md_escape(out, an->name_a);
	fprintf(out, "** (baseline, %zu run%s) vs **", rv->an->prov_a.runs,
	    rv->an->prov_a.runs == 1 ? "" : "s");
	md_escape(out, an->name_b);
	fprintf(out, "** (%zu run%s):\n\n", rv->an->prov_b.runs,
	    rv->an->prov_b.runs == 1 ? "" : "s");
	text = review_part(report_compare_summary, &oneline);
	md_lines(out, text);
	free(text);
	fputs("\n## Comparison\n\n", out);
	report_sides_markdown(out, an);
	report_build_table(&t, an);
	table_print_markdown(&t, out);
	table_free(&t);
	sb_reset(&title);
	method_title(an, &title);
	fputs("\n", out);
	md_escape(out, sb_str(&title));
	fputs(".\n\n", out);
	report_method_markdown(out, an);
	/* What the "!" letters no paragraph names mean, under the table. */
	text = review_part(report_flags_legend, an);
	if (*text != '\0') {
		fputs("\n", out);
		md_code_block(out, "", text);
	}
	free(text);
	if (an->sequential) {
		fputs("\n## Round by round\n\n", out);
		seq_print_markdown(out, an);
	}
	/* Warnings name series and labels: as they are, in a code block. */
	text = review_part(report_warning_lines, an);
	if (*text != '\0') {
		fputs("\n## Warnings\n\n", out);
		md_code_block(out, "", text);
	}
	free(text);
	fputs("\n## Charts\n\n", out);
	for (i = 0; i < rv->ncharts; i++)
		fprintf(out, "![%s](%s.png)\n\n", rv->charts[i].caption,
		    rv->charts[i].name);
	md_machines(out, rv);
	fputs("\n## Reproduce\n\n", out);
	md_code_block(out, "sh", sb_str(&rv->reproduce));
	sb_free(&title);
}
