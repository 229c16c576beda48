/*
 * cmd_report.c: kbench report --compare A B -o DIR: the charts of a
 * comparison, and the documents a reviewer publishes as they are
 * (review.h): report.md, report.html and report.txt, all from the same
 * analysis as kbench analyze.  DIR is filled whole or not at all.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/benchmark.h"
#include "plots/charts.h"
#include "kbench.h"
#include "lib/outdir.h"
#include "plots/review.h"

const char report_help[] =
    "usage: kbench report --compare A B -o DIR [--test u|welch|student]\n"
    "                     [--threshold PCT] [-c LEVEL] [--warnings W]\n"
    "                     [--redact KEY]... [--title T] [filters]\n"
    "\n"
    "Writes into DIR (made with its parents when missing):\n"
    "  report.md    GitHub Markdown, the charts as PNG links\n"
    "  report.html  one self-contained page, the charts inline as SVG\n"
    "  report.txt   plain text of at most 72 columns, for a mailing list\n"
    "               or a commit message\n"
    "and the charts' PNG, SVG and gnuplot files.  Each holds the verdict\n"
    "summary, the comparison table, the warnings, the machine facts that\n"
    "differ between the sides (the rest folded), and the commands that\n"
    "reproduce the collection and the analysis.  Nothing is left in DIR\n"
    "when the report fails.\n"
    "\n"
    "  --redact KEY  show the fact KEY (host, a path...) as redacted-1,\n"
    "                redacted-2... in every file, commands included\n"
    "A and B and the other options are those of kbench analyze --compare.\n";

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

/*
 * The chart that draws the benchmark whole: its descriptor's; without one
 * (imported), the lock chart for lock keys, else the sleep chart.
 */
static const char *
overview_chart(const struct analysis *an)
{
	const struct benchmark *b;

	b = benchmark_find(an->gs.nruns > 0 ? an->gs.runs[0].benchmark : NULL);
	if (b != NULL)
		return b->chart != NULL ? b->chart : "";
	return an->ncmp > 0 && kv_get(&an->cmp[0].a->keys, "hook") != NULL ?
	    "lock" : "sleep";
}

/*
 * The charts of the report into pc->dir: the change of every series; the
 * overview of the benchmark; the distributions when few enough to read.
 * 0, or -1 with why in err.
 */
static int
review_charts(struct review *rv, struct plot_ctx *pc, struct analysis *an,
    struct strbuf *err)
{
	const char *overview;
	struct analysis ov;
	struct group **ovg;
	int rc = -1;

	memset(&ov, 0, sizeof(ov));
	ovg = xcalloc(2 * an->ncmp + 1, sizeof(*ovg));
	pc->an = an;
	pc->name = "compare";
	if (chart_compare(pc, err) == -1)
		goto out;
	rv->charts[rv->ncharts].name = "compare";
	rv->charts[rv->ncharts++].caption = "The change of each series, with "
	    "its interval, colored by verdict";
	sides_as_groups(an, &ov, ovg);
	overview = overview_chart(an);
	if (strcmp(overview, "lock") == 0) {
		/* The lock chart draws a comparison itself, changes and all. */
		pc->name = "lock";
		if (chart_lock(pc, err) == -1)
			goto out;
		rv->charts[rv->ncharts].name = "lock";
		rv->charts[rv->ncharts++].caption = "ns per chain call by hook "
		    "and head lock, both sides, and the change of each pair";
	} else if (strcmp(overview, "sleep") == 0 &&
	    numeric_key(&ov, &ov.gs) != NULL) {
		pc->an = &ov;
		pc->name = "sleep";
		if (chart_sleep(pc, err) == -1)
			goto out;
		rv->charts[rv->ncharts].name = "sleep";
		rv->charts[rv->ncharts++].caption = "Measured vs requested, both "
		    "sides";
	}
	pc->an = an;
	if (2 * an->ncmp <= 12) {
		pc->name = "dist";
		if (chart_dist(pc, err) == -1)
			goto out;
		rv->charts[rv->ncharts].name = "dist";
		rv->charts[rv->ncharts++].caption = "The distributions of both "
		    "sides";
	}
	rc = 0;
out:
	pc->an = an;		/* never left pointing at ov */
	strlist_free(&ov.gs.byvalues);
	free(ovg);
	return rc;
}

/* DIR/NAME, written whole by doc; its final path printed. 0 or -1. */
static int
review_write(const struct review *rv, const struct outdir *od,
    const char *name, void (*doc)(FILE *, const struct review *),
    struct strbuf *err)
{
	struct strbuf path = STRBUF_INIT;
	struct outfile of;
	int rc;

	sb_addf(&path, "%s/%s", od->tmp, name);
	if ((rc = outfile_open(&of, sb_str(&path), OUTFILE_OURS, err)) == 0) {
		doc(of.fp, rv);
		rc = outfile_close(&of, 1, err);
	}
	sb_free(&path);
	return rc;
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
	static const char *const docs[] = { "report.md", "report.html",
	    "report.txt" };
	void (*const writers[])(FILE *, const struct review *) = {
	    review_markdown, review_html, review_text };
	struct analysis an;
	struct review rv;
	struct plot_ctx pc;
	struct filter f;
	struct outdir od;
	struct strbuf err = STRBUF_INIT, title = STRBUF_INIT;
	struct strbuf footer = STRBUF_INIT;
	const char *dir = NULL, *usertitle = NULL;
	size_t i;
	int ch, ok, rc = KB_EXIT_USAGE;

	analysis_init(&an, "report");
	memset(&rv, 0, sizeof(rv));
	memset(&pc, 0, sizeof(pc));
	memset(&f, 0, sizeof(f));
	memset(&od, 0, sizeof(od));
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
		if (cmd_filter_option(&f, ch, optarg, "report", report_help) == 1)
			continue;
		goto out;
	}
	if (optind < argc) {
		warnx("report: unexpected argument '%s'", argv[optind]);
		goto out;
	}
	if (!an.compare || dir == NULL) {
		warnx("report: --compare A B and -o DIR are required");
		goto out;
	}
	if ((rc = cmd_check_filter(ctx, &f, "report")) != KB_EXIT_OK)
		goto out;
	if ((rc = analysis_run(ctx->db, &f, &an)) != KB_EXIT_OK)
		goto out;
	rv.an = &an;
	if (review_sides(&rv, ctx->db, &f, ctx->cmdline) == -1) {
		warnx("report: %s", store_error(ctx->db));
		rc = KB_EXIT_DB;
		goto out;
	}
	if (usertitle != NULL)
		sb_adds(&title, usertitle);
	else
		sb_addf(&title, "kbench report: %s vs %s", an.name_b, an.name_a);
	rv.title = sb_str(&title);

	/* Everything into a directory beside DIR, moved in when complete. */
	rc = KB_EXIT_IO;
	if (outdir_open(&od, dir, &err) == -1) {
		warnx("report: -o %s", sb_str(&err));
		goto out;
	}
	rv.dir = od.tmp;
	pc.dir = od.tmp;
	pc.formats = CHART_PNG | CHART_SVG;
	/* The report's charts say what they draw, as plot's do. */
	chart_runs_footer(&an, &footer);
	pc.subtitle = sb_str(&footer);
	ok = review_charts(&rv, &pc, &an, &err) == 0;
	for (i = 0; ok && i < sizeof(docs) / sizeof(docs[0]); i++)
		ok = review_write(&rv, &od, docs[i], writers[i], &err) == 0;
	if (outdir_close(&od, ok, &err) == -1) {
		warnx("report: %s", sb_str(&err));
		goto out;
	}
	for (i = 0; i < sizeof(docs) / sizeof(docs[0]); i++)
		printf("%s/%s\n", dir, docs[i]);
	rc = KB_EXIT_OK;
out:
	analysis_free(&an);
	review_free(&rv);
	filter_free(&f);
	sb_free(&err);
	sb_free(&title);
	sb_free(&footer);
	return rc;
}
