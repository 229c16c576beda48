/*
 * review_text.c: report.txt, plain text for a mailing list or a commit
 * message, where FreeBSD and Linux reviews happen: at most
 * REVIEW_TEXT_WIDTH columns (the table a block a row when wider), no
 * images, controls shown escaped, the commands still valid sh.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/format.h"
#include "plots/review.h"

/* Words only on one side in brackets: "[highres=off]". */
static void
text_word(FILE *out, const char *word, size_t len, int marked)
{
	fprintf(out, "%s%.*s%s", marked ? "[" : "", (int)len, word,
	    marked ? "]" : "");
}

/* key, then each side's value under it, wrapped. */
static void
text_fact(FILE *out, const struct fact_row *r)
{
	struct strbuf first = STRBUF_INIT;
	char *v = NULL;
	size_t len = 0, k;
	FILE *mem;

	text_wrap(out, REVIEW_TEXT_WIDTH, "  ", "    ", r->key);
	for (k = 0; k < 2; k++) {
		if ((mem = open_memstream(&v, &len)) == NULL)
			break;
		review_fact_words(mem, k == 0 ? r->a : r->b, k == 0 ? r->b : r->a,
		    text_word);
		if (fclose(mem) == 0) {
			sb_reset(&first);
			sb_addf(&first, "    %s: ", k == 0 ? "A" : "B");
			text_wrap(out, REVIEW_TEXT_WIDTH, sb_str(&first),
			    "       ", *v != '\0' ? v : "-");
		}
		free(v);
		v = NULL;
	}
	sb_free(&first);
}

static void
text_machines(FILE *out, const struct review *rv)
{
	size_t i;

	if (rv->nrows == 0)
		return;
	fputs("\nMachines\n", out);
	if (rv->ndiffer == 0)
		fputs("  Both sides ran with the same facts.\n", out);
	else
		text_wrap(out, REVIEW_TEXT_WIDTH, "  ", "  ", "The facts that "
		    "differ (A the baseline, B the other side; a word the other "
		    "side's value lacks in [brackets]):");
	for (i = 0; i < rv->ndiffer; i++)
		text_fact(out, &rv->rows[i]);
	if (rv->nrows > rv->ndiffer)
		fprintf(out, "  %zu %sfact%s the same on both sides "
		    "(report.html lists them).\n", rv->nrows - rv->ndiffer,
		    rv->ndiffer > 0 ? "other " : "",
		    rv->nrows - rv->ndiffer == 1 ? " is" : "s are");
}

/*
 * The length of the sh word at p (outside quotes, a blank ends it):
 * POSIX single quotes hold anything but a quote, double quotes (around
 * sb_shell_quote's "$(printf '...')") anything but a double quote, a
 * backslash outside single quotes quotes the next byte.
 */
static size_t
sh_word(const char *p)
{
	const char *q = p;
	int sq = 0, dq = 0;

	for (; *q != '\0' && *q != '\n' && (sq || dq || *q != ' '); q++)
		if (*q == '\'' && !dq)
			sq = !sq;
		else if (*q == '"' && !sq)
			dq = !dq;
		else if (!sq && *q == '\\' && q[1] != '\0')
			q++;
	return (size_t)(q - p);
}

/*
 * A command line of the reproduce block, wrapped between its words with
 * " \" at the end of the line (a word itself is never cut: sh would not
 * read it back); its "# side" comment on a line before it.
 */
static void
text_command(FILE *out, const char *line, size_t n)
{
	const char *p = line, *end = line + n, *comment = NULL;
	struct strbuf text = STRBUF_INIT;
	size_t col = 0, len;

	/* The comment: the first word that starts with '#'. */
	for (p = line; p < end; p += len) {
		p += strspn(p, " ");
		if (p >= end)
			break;
		if (*p == '#') {
			comment = p;
			break;
		}
		len = sh_word(p);
	}
	if (comment != NULL) {
		/* Wrapped, every line still a comment. */
		sb_add(&text, comment, (size_t)(end - comment));
		text_wrap(out, REVIEW_TEXT_WIDTH, "", "#   ", sb_str(&text));
		sb_free(&text);
		end = comment;
	}
	for (p = line; p < end; p += len) {
		p += strspn(p, " ");
		if (p >= end)
			break;
		len = sh_word(p);
		if (col > 0 && col + 1 + len + 2 > REVIEW_TEXT_WIDTH) {
			fputs(" \\\n   ", out);
			col = 3;
		}
		fprintf(out, "%s%.*s", col > 0 ? " " : "", (int)len, p);
		col += (col > 0) + len;
	}
	if (col > 0)
		putc('\n', out);
}

void
review_text(FILE *out, const struct review *rv)
{
	struct analysis narrow = *rv->an;
	struct strbuf sb = STRBUF_INIT;
	const char *p, *nl;
	size_t i, na = rv->an->prov_a.runs, nb = rv->an->prov_b.runs;

	narrow.width = REVIEW_TEXT_WIDTH;
	narrow.narrow = 1;
	text_wrap(out, REVIEW_TEXT_WIDTH, "", "", rv->title);
	sb_addf(&sb, "A: %s (baseline, %zu run%s); B: %s (%zu run%s)",
	    narrow.name_a, na, na == 1 ? "" : "s", narrow.name_b, nb,
	    nb == 1 ? "" : "s");
	text_wrap(out, REVIEW_TEXT_WIDTH, "", "", sb_str(&sb));
	fputs("\n", out);
	report_text(out, &narrow);
	text_machines(out, rv);
	if (rv->ncharts > 0) {
		fputs("\nCharts (beside this file)\n", out);
		for (i = 0; i < rv->ncharts; i++) {
			sb_reset(&sb);
			sb_addf(&sb, "%s.png: %s", rv->charts[i].name,
			    rv->charts[i].caption);
			text_wrap(out, REVIEW_TEXT_WIDTH, "  ", "    ",
			    sb_str(&sb));
		}
	}
	fputs("\nReproduce\n", out);
	for (p = sb_str(&rv->reproduce); *p != '\0'; p = nl + (*nl != '\0')) {
		nl = p + strcspn(p, "\n");
		text_command(out, p, (size_t)(nl - p));
	}
	sb_free(&sb);
}
