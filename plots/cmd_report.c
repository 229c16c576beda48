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

#include "analyze/analysis.h"
#include "collect/benchmark.h"
#include "kbench.h"
#include "lib/outdir.h"
#include "lib/signals.h"
#include "plots/charts.h"
#include "plots/review.h"

const char report_help[] =
    "usage: kbench report --compare A B -o DIR [--test u|welch|student]\n"
    "                     [--unit U] [--noise-floor auto|off]\n"
    "                     [--threshold PCT] [--sequential] [-c LEVEL]\n"
    "                     [--warnings W]\n"
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
    "  --title T     the report's title\n"
    "  -c, --confidence LEVEL\n"
    "                as for kbench analyze --compare, and so are A and B,\n"
    "                --test, --unit, --noise-floor, --threshold, --warnings,\n"
    "                --sequential (a section \"Round by round\")\n";

/*
 * The overview of the benchmark compared, beside the forest plot: the
 * chart its descriptor names, or for imported runs (no descriptor) the
 * lock chart for series with a hook key, else the sleep chart.  The lock
 * chart draws both sides and each change itself; the sleep chart draws
 * both sides, a panel each, when the series have a numeric key.  NULL:
 * no overview.
 */
static const char *
overview_kind(const struct analysis *an, const struct chart_groups *sides)
{
	const struct benchmark *b;
	const char *kind;

	b = benchmark_find(an->gs.nruns > 0 ? an->gs.runs[0].benchmark : NULL);
	if (b != NULL)
		kind = b->chart;
	else if (an->ncmp > 0 && kv_get(&an->cmp[0].a->keys, "hook") != NULL)
		kind = "lock";
	else
		kind = "sleep";
	if (kind != NULL && strcmp(kind, "sleep") == 0 &&
	    numeric_key(sides) == NULL)
		return NULL;
	return kind;
}

/* Draw one chart of the report into pc->dir and list it; 0 or -1. */
static int
add_chart(struct review *rv, struct plot_ctx *pc, const char *name,
    enum status (*draw)(const struct plot_ctx *, struct strbuf *),
    const char *caption, struct strbuf *err)
{
	pc->name = name;
	if (draw(pc, err) != STATUS_OK)
		return -1;
	rv->charts[rv->ncharts].name = name;
	rv->charts[rv->ncharts++].caption = caption;
	return 0;
}

/*
 * The charts of the report into pc->dir: the change of every series; the
 * overview of the benchmark; the distributions when few enough to read;
 * drawn by one gnuplot.  0, or -1 with why in err.
 */
static int
review_charts(struct review *rv, struct plot_ctx *pc,
    const struct analysis *an, struct strbuf *err)
{
	struct chart_groups sides;
	struct chart_batch batch;
	const char *overview;
	int rc = -1;

	memset(&batch, 0, sizeof(batch));
	chart_groups_sides(&sides, an);
	pc->an = an;
	pc->groups = &sides;
	/* All in one gnuplot: starting one costs more than a small chart. */
	pc->batch = &batch;
	overview = overview_kind(an, &sides);
	if (add_chart(rv, pc, "compare", chart_compare, "The change of each "
	    "series, with its interval, colored by verdict", err) == -1)
		goto out;
	if (overview != NULL && strcmp(overview, "lock") == 0 &&
	    add_chart(rv, pc, "lock", chart_lock, "ns per chain call by hook "
	    "and head lock, both sides, and the change of each pair", err) ==
	    -1)
		goto out;
	if (overview != NULL && strcmp(overview, "sleep") == 0 &&
	    add_chart(rv, pc, "sleep", chart_sleep, "Measured vs requested, "
	    "both sides", err) == -1)
		goto out;
	if (2 * an->ncmp <= 12 && add_chart(rv, pc, "dist", chart_dist,
	    "The distributions of both sides", err) == -1)
		goto out;
	rc = chart_batch_run(&batch, 1, err);
out:
	pc->groups = NULL;	/* never left pointing at sides, batch */
	pc->batch = NULL;
	chart_batch_free(&batch);
	chart_groups_free(&sides);
	return rc;
}

/* DIR/NAME, written whole by doc; its final path printed. 0 or -1. */
static int
review_write(const struct review *rv, const struct outdir *od,
    const char *name, void (*doc)(FILE *, const struct review *),
    struct strbuf *err)
{
	struct outfile of;
	int rc;

	if ((rc = odir_create(&od->stage, name, &of, err)) == 0)
		doc(of.fp, rv);
	return outfile_close(&of, rc == 0, err) == -1 ? -1 : rc;
}

/* kbench report's command line. */
struct report_opts {
	const char	*dir;		/* -o */
	const char	*title;		/* --title, or NULL */
	struct analysis	 an;
	struct filter	 f;
};

/* The options; 0, or -1 with the reason said. */
static int
report_parse(struct report_opts *o, int argc, char **argv)
{
	enum { OPT_TITLE = 300 };
	static const struct option longopts[] = {
		FILTER_LONGOPTS,
		ANALYSIS_LONGOPTS,
		ANALYSIS_SEQUENTIAL_LONGOPT,
		{ "output",	required_argument, NULL, 'o' },
		{ "title",	required_argument, NULL, OPT_TITLE },
		{ NULL,		0,		   NULL, 0 }
	};
	int ch;

	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:c:o:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			o->dir = dir_arg(optarg);
			continue;
		case OPT_TITLE:
			o->title = optarg;
			continue;
		}
		if (analysis_cmd_option(&o->an, &o->f, ch, optarg, argc, argv,
		    report_help) == -1)
			return -1;
	}
	if (cmd_no_operands(argc, argv, "report") == -1)
		return -1;
	if (!o->an.compare || o->dir == NULL) {
		warnx("report: --compare A B and -o DIR are required");
		return -1;
	}
	return 0;
}

/*
 * The analysis with its provenance, then the charts and the documents
 * into a directory beside DIR, moved in when complete.
 */
static int
report_run(struct report_opts *o, struct kbench_ctx *ctx)
{
	static const char *const docs[] = { "report.md", "report.html",
	    "report.txt" };
	void (*const writers[])(FILE *, const struct review *) = {
	    review_markdown, review_html, review_text };
	struct review rv;
	struct plot_ctx pc;
	struct outdir od;
	struct strbuf err = STRBUF_INIT, title = STRBUF_INIT;
	struct strbuf footer = STRBUF_INIT;
	size_t i;
	int ok, commit, rc;

	memset(&rv, 0, sizeof(rv));
	memset(&pc, 0, sizeof(pc));
	memset(&od, 0, sizeof(od));
	o->an.provenance = 1;
	if ((rc = analysis_cmd_run(ctx, &o->f, &o->an)) != KB_EXIT_OK)
		goto out;
	if (signal_caught)
		goto stopped;
	rv.an = &o->an;
	review_sides(&rv, ctx->cmdline);
	if (o->title != NULL)
		sb_adds(&title, o->title);
	else
		/* In the body's order: the baseline first. */
		sb_addf(&title, "kbench report: %s vs %s", o->an.name_a,
		    o->an.name_b);
	rv.title = sb_str(&title);

	rc = KB_EXIT_IO;
	if (outdir_open(&od, o->dir, &err) == -1) {
		warnx("report: -o %s", sb_str(&err));
		goto out;
	}
	rv.dir = &od.stage;
	pc.dir = &od.stage;
	pc.formats = CHART_PNG | CHART_SVG;
	/* The report's charts say what they draw, as plot's do. */
	chart_runs_footer(&o->an, &footer);
	pc.subtitle = sb_str(&footer);
	ok = review_charts(&rv, &pc, &o->an, &err) == 0;
	for (i = 0; ok && i < sizeof(docs) / sizeof(docs[0]); i++)
		ok = review_write(&rv, &od, docs[i], writers[i], &err) == 0;
	/* Stopped before it is moved in: nothing; after, it is whole. */
	commit = ok && !signal_caught;
	if (outdir_close(&od, commit, &err) == -1 || !commit) {
		if (signal_caught)
			goto stopped;
		warnx("report: %s", sb_str(&err));
		goto out;
	}
	for (i = 0; i < sizeof(docs) / sizeof(docs[0]); i++)
		printf("%s/%s\n", o->dir, docs[i]);
	rc = KB_EXIT_OK;
	goto out;
stopped:
	/* Its gnuplot stopped too (procs_run), the staging removed. */
	rc = signals_stopped("report", "nothing written");
out:
	review_free(&rv);
	sb_free(&err);
	sb_free(&title);
	sb_free(&footer);
	return rc;
}

int
cmd_report(int argc, char **argv, struct kbench_ctx *ctx)
{
	struct report_opts o;
	struct saved_signals saved;
	int rc = KB_EXIT_USAGE;

	memset(&o, 0, sizeof(o));
	analysis_init(&o.an, "report");
	if (report_parse(&o, argc, argv) == 0) {
		/* SIGINT, SIGTERM: stopped cleanly, nothing left behind. */
		signals_catch(NULL, 0, &saved);
		rc = report_run(&o, ctx);
		signals_restore(&saved);
	}
	analysis_free(&o.an);
	filter_free(&o.f);
	return rc;
}
