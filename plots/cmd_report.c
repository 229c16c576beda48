/*
 * cmd_report.c: kbench report --compare A B -o DIR: a review-ready
 * report.md (GitHub Markdown, charts as relative PNG links) and a
 * self-contained report.html (charts inline as SVG), both from the same
 * analysis as kbench analyze.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "charts.h"
#include "json.h"
#include "kbench.h"
#include "table.h"

const char report_help[] =
    "usage: kbench report --compare A B -o DIR [--test u|welch|student]\n"
    "                     [--threshold PCT] [-c LEVEL] [--warnings W] [--title T]\n"
    "                     [filters]\n"
    "\n"
    "Writes DIR/report.md and DIR/report.html (one self-contained page, the\n"
    "charts inline as SVG): the verdict summary, the comparison table, the\n"
    "machine facts of both sides side by side with the differences marked,\n"
    "the warnings, the charts (and their PNG, SVG and gnuplot files in DIR),\n"
    "and the commands that reproduce the collection and the analysis.\n"
    "A and B and the options are those of kbench analyze --compare.\n";

/* Facts noted for provenance, not for comparing machines. */
static const char *const skip_facts[] = {
	"collector_pid", "shuffle_seed", "source", "loadavg", "loadavg_rounds",
	"rounds"
};

struct side_facts {
	struct kvlist	 facts;		/* key -> values, ", " joined */
	struct strlist	 commands;	/* distinct collection commands */
	size_t		 runs;
};

static void
add_value(struct kvlist *l, const char *key, const char *value)
{
	struct strbuf sb = STRBUF_INIT;
	const char *old = kv_get(l, key);

	if (old == NULL) {
		kv_set(l, key, value);
		return;
	}
	/* Several runs, several values: list each once. */
	sb_addf(&sb, ", %s,", old);
	if (strstr(sb_str(&sb), value) == NULL || strlen(value) == 0) {
		sb_reset(&sb);
		sb_addf(&sb, "%s, %s", old, value);
		kv_set(l, key, sb_str(&sb));
	}
	sb_free(&sb);
}

static int
see_run(const struct run_row *r, void *arg)
{
	struct side_facts *sf = arg;
	size_t i, k;

	for (i = 0; i < r->facts.n; i++) {
		for (k = 0; k < sizeof(skip_facts) / sizeof(skip_facts[0]); k++)
			if (strcmp(r->facts.v[i].key, skip_facts[k]) == 0)
				break;
		if (k == sizeof(skip_facts) / sizeof(skip_facts[0]))
			add_value(&sf->facts, r->facts.v[i].key,
			    r->facts.v[i].value);
	}
	for (i = 0; i < sf->commands.n; i++)
		if (strcmp(sf->commands.v[i], r->info.command) == 0)
			break;
	if (i == sf->commands.n && *r->info.command != '\0')
		strlist_add(&sf->commands, r->info.command);
	sf->runs++;
	return 0;
}

static int
side_facts(struct store *s, const struct filter *f, const char *spec,
    struct side_facts *sf)
{
	struct filter fs;
	int rc;

	memset(&fs, 0, sizeof(fs));
	filter_copy(&fs, f);
	rc = analysis_select_side(s, &fs, spec) == -1 ||
	    store_each_run(s, &fs, see_run, sf) == -1 ? -1 : 0;
	kv_sort(&sf->facts);
	filter_free(&fs);
	return rc;
}

/* Both sides' groups as one summary, "by" the side, for overview charts. */
static void
sides_as_groups(const struct analysis *an, struct analysis *ov,
    struct group **g)
{
	size_t i, n = 0;

	memset(ov, 0, sizeof(*ov));
	ov->level = an->level;
	ov->by = "side";
	for (i = 0; i < an->ncmp; i++) {
		g[n++] = (struct group *)an->cmp[i].a;
		g[n++] = (struct group *)an->cmp[i].b;
	}
	ov->gs.g = g;
	ov->gs.n = n;
	strlist_add(&ov->gs.byvalues, an->name_a);
	strlist_add(&ov->gs.byvalues, an->name_b);
	for (i = 0; i < n; i++) {
		free(g[i]->by);
		g[i]->by = xstrdup(i % 2 == 0 ? an->name_a : an->name_b);
	}
	ov->keynames = an->keynames;
}

struct chart_made {
	const char	*name;
	const char	*caption;
};

/* Long facts (a kernel command line) are cut for the table. */
#define FACT_SHOWN	100

/*
 * v cut to at most FACT_SHOWN bytes, "..." after when cut, at a
 * character's boundary: half a UTF-8 sequence would not be text.
 */
static void
cut_fact(char buf[FACT_SHOWN + 4], const char *v)
{
	size_t n = strlen(v);

	if (n > FACT_SHOWN) {
		n = FACT_SHOWN;
		while (n > 0 && ((unsigned char)v[n] & 0xc0) == 0x80)
			n--;
	}
	snprintf(buf, FACT_SHOWN + 4, "%.*s%s", (int)n, v,
	    n < strlen(v) ? "..." : "");
}

static void
md_fact(FILE *out, const char *v, int bold)
{
	char buf[FACT_SHOWN + 4];

	cut_fact(buf, v);
	fputs(bold && *v ? "**" : "", out);
	md_escape(out, buf);
	fputs(bold && *v ? "**" : "", out);
}

static void
html_fact(FILE *out, const char *v)
{
	char buf[FACT_SHOWN + 4];

	cut_fact(buf, v);
	html_escape(out, buf);
}

/*
 * The commands that collected each side and made the report, each one
 * line that sh(1) runs as it was recorded (json.h), the side after it
 * as a comment.
 */
static void
reproduce(struct strbuf *sb, const struct analysis *an,
    const struct side_facts *fa, const struct side_facts *fb,
    const char *cmdline)
{
	const struct side_facts *sf;
	size_t i, k;

	for (k = 0; k < 2; k++) {
		sf = k == 0 ? fa : fb;
		for (i = 0; i < sf->commands.n; i++) {
			command_for_shell(sb, sf->commands.v[i]);
			sb_adds(sb, "    # ");
			sb_add_visible(sb, k == 0 ? an->name_a : an->name_b);
			sb_adds(sb, "\n");
		}
	}
	command_for_shell(sb, cmdline);
	sb_adds(sb, "\n");
}

/* What fp wrote into a memory stream, or "" when memory ran out. */
static char *
captured(FILE *mem, char **text)
{
	if (mem == NULL || fclose(mem) != 0) {
		free(*text);
		*text = xstrdup("");
	}
	return *text;
}

/* Prose from the text reports, each line escaped for Markdown. */
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
		putc('\n', out);
	}
	sb_free(&line);
}

static void
write_md(FILE *out, const struct analysis *an, const char *title,
    const struct chart_made *charts, size_t ncharts,
    const struct side_facts *fa, const struct side_facts *fb,
    const char *cmdline)
{
	struct strbuf cmds = STRBUF_INIT;
	struct table t;
	const char *va, *vb;
	char *text = NULL;
	size_t len = 0, i;
	FILE *mem;

	fputs("# ", out);
	md_escape(out, title);
	fputs("\n\n**", out);
	md_escape(out, an->name_a);
	fprintf(out, "** (baseline, %zu run%s) vs **", fa->runs,
	    fa->runs == 1 ? "" : "s");
	md_escape(out, an->name_b);
	fprintf(out, "** (%zu run%s):\n\n", fb->runs, fb->runs == 1 ? "" : "s");
	if ((mem = open_memstream(&text, &len)) != NULL)
		report_compare_summary(mem, an, "");
	md_lines(out, captured(mem, &text));
	free(text);
	text = NULL;
	fputs("\n## Comparison\n\n", out);
	report_build_table(&t, an);
	table_print_markdown(&t, out);
	table_free(&t);
	fprintf(out, "\n%s on %s, %g%% confidence.\n\n",
	    test_name(an->test), an->test == TEST_U ? "medians" : "means",
	    an->level);
	report_method_markdown(out, an);
	fputs("\n## Charts\n\n", out);
	for (i = 0; i < ncharts; i++)
		fprintf(out, "![%s](%s.png)\n\n", charts[i].caption,
		    charts[i].name);
	fputs("## Machines\n\n| fact | ", out);
	md_escape(out, an->name_a);
	fputs(" | ", out);
	md_escape(out, an->name_b);
	fputs(" |\n| --- | --- | --- |\n", out);
	for (i = 0; i < fa->facts.n + fb->facts.n; i++) {
		const char *key = i < fa->facts.n ? fa->facts.v[i].key :
		    fb->facts.v[i - fa->facts.n].key;

		if (i >= fa->facts.n && kv_get(&fa->facts, key) != NULL)
			continue;
		va = kv_get(&fa->facts, key);
		vb = kv_get(&fb->facts, key);
		if (va == NULL)
			va = "";
		if (vb == NULL)
			vb = "";
		/* Differences in bold: they may explain the change. */
		fputs("| ", out);
		md_fact(out, key, strcmp(va, vb) != 0);
		fputs(" | ", out);
		md_fact(out, va, strcmp(va, vb) != 0);
		fputs(" | ", out);
		md_fact(out, vb, strcmp(va, vb) != 0);
		fputs(" |\n", out);
	}
	/* Warnings name series and labels: as they are, in a code block. */
	if ((mem = open_memstream(&text, &len)) != NULL)
		report_warning_lines(mem, an, "");
	if (*captured(mem, &text) != '\0') {
		fputs("\n## Warnings\n\n", out);
		md_code_block(out, "", text + strspn(text, "\n"));
	}
	free(text);
	fputs("\n## Reproduce\n\n", out);
	reproduce(&cmds, an, fa, fb, cmdline);
	md_code_block(out, "sh", sb_str(&cmds));
	sb_free(&cmds);
}

/*
 * The SVG of a chart, inline: without its XML prolog, and with any byte
 * that is not UTF-8 (gnuplot copies a label's bytes as they are) as
 * U+FFFD, so the page stays valid.
 */
static void
inline_svg(FILE *out, const char *dir, const char *name)
{
	struct strbuf path = STRBUF_INIT, svg = STRBUF_INIT;
	char buf[8192];
	const char *p;
	size_t n, k;
	FILE *fp;

	sb_addf(&path, "%s/%s.svg", dir, name);
	if ((fp = fopen(sb_str(&path), "r")) == NULL) {
		sb_free(&path);
		return;
	}
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		sb_add(&svg, buf, n);
	fclose(fp);
	if ((p = strstr(sb_str(&svg), "<svg")) == NULL)
		p = sb_str(&svg);
	for (n = svg.len - (size_t)(p - sb_str(&svg)); n > 0; p += k, n -= k) {
		k = utf8_check(p, n);
		fwrite(p, 1, k, out);
		if (k < n) {	/* a bad byte */
			fputs("\xef\xbf\xbd", out);
			k++;
		}
	}
	sb_free(&svg);
	sb_free(&path);
}

/*
 * One text part of the analysis (the summary, the method, the warnings),
 * escaped, between open and close; nothing at all when it is empty.  Out
 * of memory, fclose() may leave no text: the part is left out.
 */
static void
html_part(FILE *out, void (*part)(FILE *, const struct analysis *,
    const char *), const struct analysis *an, const char *open,
    const char *close)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem;

	if ((mem = open_memstream(&text, &len)) == NULL)
		return;
	part(mem, an, "");
	if (fclose(mem) == 0 && len > 0) {
		fputs(open, out);
		html_escape(out, text);
		fputs(close, out);
	}
	free(text);
}

static void
write_html(FILE *out, const char *dir, const struct analysis *an,
    const char *title, const struct chart_made *charts, size_t ncharts,
    const struct side_facts *fa, const struct side_facts *fb,
    const char *cmdline)
{
	struct strbuf cmds = STRBUF_INIT;
	struct table t;
	size_t i;
	const char *va, *vb, *key;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<title>", out);
	html_escape(out, title);
	fputs("</title>\n<style>\n"
	    "body { font-family: sans-serif; max-width: 1250px; margin: 2em auto;"
	    " padding: 0 1em; color: #222; }\n"
	    "table { border-collapse: collapse; margin: 1em 0; font-size: 14px; }\n"
	    "th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; }\n"
	    "th { background: #f3f3f3; }\n"
	    "td.num { text-align: right; font-variant-numeric: tabular-nums; }\n"
	    "tr.diff td { background: #fff3cd; font-weight: bold; }\n"
	    "pre { background: #f6f8fa; padding: 1em; overflow-x: auto; }\n"
	    ".summary { font-size: 1.1em; }\n"
	    "figure { margin: 1em 0; } svg { max-width: 100%; height: auto; }\n"
	    "</style>\n</head>\n<body>\n<h1>", out);
	html_escape(out, title);
	fputs("</h1>\n<p class=\"summary\"><b>", out);
	html_escape(out, an->name_a);
	fprintf(out, "</b> (baseline, %zu run%s) vs <b>", fa->runs,
	    fa->runs == 1 ? "" : "s");
	html_escape(out, an->name_b);
	fprintf(out, "</b> (%zu run%s):</p>\n", fb->runs,
	    fb->runs == 1 ? "" : "s");
	html_part(out, report_compare_summary, an, "<pre>", "</pre>\n");
	fputs("<h2>Comparison</h2>\n", out);
	report_build_table(&t, an);
	table_print_html(&t, out);
	table_free(&t);
	html_part(out, report_method_lines, an, "<pre>", "</pre>\n");
	fputs("<h2>Charts</h2>\n", out);
	for (i = 0; i < ncharts; i++) {
		fputs("<figure>\n", out);
		inline_svg(out, dir, charts[i].name);
		fputs("<figcaption>", out);
		html_escape(out, charts[i].caption);
		fputs("</figcaption>\n</figure>\n", out);
	}
	fputs("<h2>Machines</h2>\n<table>\n<tr><th>fact</th><th>", out);
	html_escape(out, an->name_a);
	fputs("</th><th>", out);
	html_escape(out, an->name_b);
	fputs("</th></tr>\n", out);
	for (i = 0; i < fa->facts.n + fb->facts.n; i++) {
		key = i < fa->facts.n ? fa->facts.v[i].key :
		    fb->facts.v[i - fa->facts.n].key;
		if (i >= fa->facts.n && kv_get(&fa->facts, key) != NULL)
			continue;
		va = kv_get(&fa->facts, key);
		vb = kv_get(&fb->facts, key);
		va = va ? va : "";
		vb = vb ? vb : "";
		fprintf(out, "<tr%s><td>", strcmp(va, vb) ? " class=\"diff\"" : "");
		html_escape(out, key);
		fputs("</td><td>", out);
		html_fact(out, va);
		fputs("</td><td>", out);
		html_fact(out, vb);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
	html_part(out, report_warning_lines, an, "<h2>Warnings</h2>\n<pre>",
	    "</pre>\n");
	fputs("<h2>Reproduce</h2>\n<pre>", out);
	reproduce(&cmds, an, fa, fb, cmdline);
	html_escape(out, sb_str(&cmds));
	sb_free(&cmds);
	fputs("</pre>\n</body>\n</html>\n", out);
}

int
cmd_report(int argc, char **argv, struct kbench_ctx *ctx)
{
	enum { OPT_TITLE = 300 };
	static const struct option longopts[] = {
		FILTER_LONGOPTS,
		ANALYSIS_LONGOPTS,
		{ "output",	required_argument, NULL, 'o' },
		{ "title",	required_argument, NULL, OPT_TITLE },
		{ NULL,		0,		   NULL, 0 }
	};
	struct analysis an, ov;
	struct side_facts fa, fb;
	struct plot_ctx pc;
	struct filter f;
	struct chart_made charts[4];
	struct strbuf err = STRBUF_INIT, path = STRBUF_INIT;
	struct strbuf title = STRBUF_INIT, footer = STRBUF_INIT;
	struct outfile of;
	struct group **ovg = NULL;
	const char *dir = NULL, *usertitle = NULL;
	size_t ncharts = 0;
	int ch, rc = KB_EXIT_USAGE;

	analysis_init(&an, "report");
	memset(&ov, 0, sizeof(ov));
	memset(&fa, 0, sizeof(fa));
	memset(&fb, 0, sizeof(fb));
	memset(&pc, 0, sizeof(pc));
	memset(&f, 0, sizeof(f));
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:c:o:", longopts, NULL)) != -1) {
		switch (analysis_option(&an, ch, optarg, argc, argv)) {
		case 1:
			continue;
		case -1:
			goto out;
		}
		switch (ch) {
		case 'o':
			dir = optarg;
			continue;
		case OPT_TITLE:
			usertitle = optarg;
			continue;
		}
		switch (filter_option(&f, ch, optarg, &err)) {
		case 1:
			continue;
		case -1:
			warnx("report: %s", sb_str(&err));
			goto out;
		default:
			fputs(report_help, stderr);
			goto out;
		}
	}
	if (optind < argc) {
		warnx("report: unexpected argument '%s'", argv[optind]);
		goto out;
	}
	if (!an.compare || dir == NULL) {
		warnx("report: --compare A B and -o DIR are required");
		goto out;
	}
	if (mkdir(dir, 0777) == -1 && errno != EEXIST) {
		warn("report: %s", dir);
		rc = KB_EXIT_IO;
		goto out;
	}
	if ((rc = cmd_check_filter(ctx, &f, "report")) != KB_EXIT_OK)
		goto out;
	if ((rc = analysis_run(ctx->db, &f, &an)) != KB_EXIT_OK)
		goto out;
	rc = KB_EXIT_DB;
	if (side_facts(ctx->db, &f, an.name_a, &fa) == -1 ||
	    side_facts(ctx->db, &f, an.name_b, &fb) == -1) {
		warnx("report: %s", store_error(ctx->db));
		goto out;
	}
	sb_addf(&title, "%s", usertitle != NULL ? usertitle : "");
	if (usertitle == NULL)
		sb_addf(&title, "kbench report: %s vs %s", an.name_b, an.name_a);

	/* The charts: the change of every series; the overview of the
	 * benchmark; the distributions when few enough to read. */
	rc = KB_EXIT_IO;
	pc.an = &an;
	pc.dir = dir;
	pc.formats = CHART_PNG | CHART_SVG;
	/* The report's charts say what they draw, as plot's do. */
	chart_runs_footer(&an, &footer);
	pc.subtitle = sb_str(&footer);
	pc.name = "compare";
	if (chart_compare(&pc, &err) == -1)
		goto charterr;
	charts[ncharts].name = "compare";
	charts[ncharts++].caption = "The change of each series, with its "
	    "interval, colored by verdict";
	ovg = xcalloc(2 * an.ncmp + 1, sizeof(*ovg));
	sides_as_groups(&an, &ov, ovg);
	if (an.ncmp > 0 && kv_get(&an.cmp[0].a->keys, "hook") != NULL) {
		/* The lock chart draws a comparison itself, changes and all. */
		pc.name = "lock";
		if (chart_lock(&pc, &err) == -1)
			goto charterr;
		charts[ncharts].name = "lock";
		charts[ncharts++].caption = "ns per chain call by hook and head "
		    "lock, both sides, and the change of each pair";
	} else if (numeric_key(&ov, &ov.gs) != NULL) {
		pc.an = &ov;
		pc.name = "sleep";
		if (chart_sleep(&pc, &err) == -1)
			goto charterr;
		charts[ncharts].name = "sleep";
		charts[ncharts++].caption = "Measured vs requested, both sides";
	}
	pc.an = &an;
	if (2 * an.ncmp <= 12) {
		pc.name = "dist";
		if (chart_dist(&pc, &err) == -1)
			goto charterr;
		charts[ncharts].name = "dist";
		charts[ncharts++].caption = "The distributions of both sides";
	}

	/* Written beside, renamed into place: never through a planted link. */
	sb_addf(&path, "%s/report.md", dir);
	if (outfile_open(&of, sb_str(&path), OUTFILE_OURS, &err) == -1)
		goto fileerr;
	write_md(of.fp, &an, sb_str(&title), charts, ncharts, &fa, &fb,
	    ctx->cmdline);
	if (outfile_close(&of, 1, &err) == -1)
		goto fileerr;
	printf("%s\n", sb_str(&path));
	sb_reset(&path);
	sb_addf(&path, "%s/report.html", dir);
	if (outfile_open(&of, sb_str(&path), OUTFILE_OURS, &err) == -1)
		goto fileerr;
	write_html(of.fp, dir, &an, sb_str(&title), charts, ncharts, &fa, &fb,
	    ctx->cmdline);
	if (outfile_close(&of, 1, &err) == -1)
		goto fileerr;
	printf("%s\n", sb_str(&path));
	rc = KB_EXIT_OK;
	goto out;
fileerr:
	outfile_close(&of, 0, &err);
	warnx("report: %s", sb_str(&err));
	goto out;
charterr:
	warnx("report: %s", sb_str(&err));
out:
	strlist_free(&ov.gs.byvalues);
	free(ovg);
	analysis_free(&an);
	filter_free(&f);
	kv_clear(&fa.facts);
	kv_clear(&fb.facts);
	strlist_free(&fa.commands);
	strlist_free(&fb.commands);
	sb_free(&err);
	sb_free(&path);
	sb_free(&title);
	sb_free(&footer);
	return rc;
}
