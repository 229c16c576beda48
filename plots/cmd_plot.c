/*
 * cmd_plot.c: kbench plot KIND: a chart, its PNG and/or SVG, and the
 * gnuplot script that drew it.  The charts of an analysis here (parse,
 * validate, run); trend's, of a history, in cmd_plot_trend.c; what both
 * share (plot.h) too.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"
#include "collect/benchmark.h"
#include "lib/outdir.h"
#include "lib/signals.h"
#include "plots/plot.h"

const char plot_help[] =
    "usage: kbench plot KIND [--by KEY | --compare A B] [-o DIR]\n"
    "                   [--format png|svg|both] [--title T] [-c LEVEL] [filters]\n"
    "       kbench plot trend [--since DATE] [--last N] [--order-by KEY]\n"
    "                   [--threshold PCT] [--pvalue P] [-o DIR]\n"
    "                   [--format png|svg|both] [--title T] [filters]\n"
    "\n"
    "Draws a chart with gnuplot from kbench analyze's results (trend: from\n"
    "kbench trend's), and writes DIR/KIND.png and/or DIR/KIND.svg with\n"
    "DIR/KIND.gp, the self-contained script (data inline) that drew it:\n"
    "\"gnuplot KIND.gp\" redraws it.\n"
    "Kinds:\n"
    "   sleep     measured vs requested sleep, log-log, a line per method, a\n"
    "             panel per value of --by (default hz), y = x for reference\n"
    "   lock      ns per chain call per hook lock, a bar per head lock, a panel\n"
    "             per thread count (or --compare A B: a bar per side)\n"
    "   compare   --compare A B: the change of every series with its interval,\n"
    "             colored by verdict (a forest plot)\n"
    "   dist      the distributions (ECDF) of the selected groups, overlaid\n"
    "   trend     a panel per series (the first 12): each run's median and its\n"
    "             95% interval in run order, each change point a dashed line\n"
    "             (red: regression, green: improvement) with the change in %\n"
    "             and the means before and after\n"
    "   --rows KEY         sleep: a row of panels per value of KEY (e.g. label:\n"
    "                      two tables, one over the other, in the order given;\n"
    "                      default: label, when the runs have several labels\n"
    "                      and --by is another key)\n"
    "   --axis A           compare: linear, log (the ratio's) or auto (default:\n"
    "                      log when the ratios span more than a decade)\n"
    "   -o DIR             where the files go (default: .)\n"
    "   --format F         png, svg or both (default png)\n"
    "   --title T          the chart's title\n"
    "   --by, -c, --confidence, --compare, --test, --threshold, --unit,\n"
    "   --noise-floor      as for kbench analyze\n"
    "Instead, for trend, as for kbench trend (--threshold is the trend's):\n"
    HISTORY_OPTIONS_HELP
    "Filters: as for kbench runs.\n";

const struct option plot_longopts[] = {
	FILTER_LONGOPTS,
	ANALYSIS_LONGOPTS,
	{ "axis",	required_argument, NULL, POPT_AXIS },
	{ "by",		required_argument, NULL, POPT_BY },
	{ "rows",	required_argument, NULL, POPT_ROWS },
	{ "format",	required_argument, NULL, POPT_FORMAT },
	{ "last",	required_argument, NULL, HOPT_LAST },
	{ "order-by",	required_argument, NULL, HOPT_ORDERBY },
	{ "output",	required_argument, NULL, 'o' },
	{ "pvalue",	required_argument, NULL, HOPT_PVALUE },
	{ "since",	required_argument, NULL, HOPT_SINCE },
	{ "title",	required_argument, NULL, POPT_TITLE },
	{ NULL,		0,		   NULL, 0 }
};

/* The charts of an analysis. */
static const struct {
	const char	*name;
	enum status	 (*draw)(const struct plot_ctx *, struct strbuf *);
} kinds[] = {
	{ "sleep", chart_sleep },
	{ "lock", chart_lock },
	{ "compare", chart_compare },
	{ "dist", chart_dist },
};

/* kbench plot KIND's command line, KIND not trend. */
struct plot_opts {
	const char	*kind;
	enum status	 (*draw)(const struct plot_ctx *, struct strbuf *);
	struct plot_out	 out;
	const char	*by;		/* --by, or NULL: the kind's default */
	struct analysis	 an;
	struct filter	 f;
};

/*
 * What a kind groups by without --by: as the descriptor of the benchmark
 * it draws says (sleep charts by HZ), else by label.
 */
static const char *
default_by(const char *kind)
{
	const struct benchmark *b = benchmark_of_chart(kind);

	return b != NULL ? b->by : "label";
}

/* The series keys the kind's chart lays out itself, or NULL. */
static const char *const *
laid_out(const char *kind)
{
	const struct benchmark *b = benchmark_of_chart(kind);

	return b != NULL ? b->laid_out : NULL;
}

const char *
plot_opt_name(int ch)
{
	const struct option *o;

	for (o = plot_longopts; o->name != NULL; o++)
		if (o->val == ch)
			return o->name;
	return "?";
}

void
plot_out_init(struct plot_out *o)
{
	memset(o, 0, sizeof(*o));
	o->dir = ".";
	o->formats = CHART_PNG;
	o->axis = CHART_AXIS_AUTO;
}

int
plot_out_option(struct plot_out *o, int ch, char *arg)
{
	switch (ch) {
	case 'o':
		o->dir = dir_arg(arg);
		return 1;
	case POPT_TITLE:
		o->title = arg;
		return 1;
	case POPT_FORMAT:
		if (strcmp(arg, "png") == 0)
			o->formats = CHART_PNG;
		else if (strcmp(arg, "svg") == 0)
			o->formats = CHART_SVG;
		else if (strcmp(arg, "both") == 0)
			o->formats = CHART_PNG | CHART_SVG;
		else {
			warnx("plot: --format '%s': expected png, svg or both",
			    arg);
			return -1;
		}
		return 1;
	case POPT_AXIS:
		if (strcmp(arg, "auto") == 0)
			o->axis = CHART_AXIS_AUTO;
		else if (strcmp(arg, "linear") == 0)
			o->axis = CHART_AXIS_LINEAR;
		else if (strcmp(arg, "log") == 0)
			o->axis = CHART_AXIS_LOG;
		else {
			warnx("plot: --axis '%s': expected auto, linear or log",
			    arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

int
plot_out_draw(const struct plot_out *o, struct plot_ctx *pc,
    const char *name,
    enum status (*draw)(const struct plot_ctx *, struct strbuf *))
{
	struct strbuf err = STRBUF_INIT;
	struct saved_signals saved;
	struct odir dir;
	enum status st;
	int rc = KB_EXIT_OK;

	/* Made once the data is known to draw: no empty directory else. */
	if (odir_open(&dir, o->dir, ODIR_CREATE, NULL, &err) == -1) {
		warnx("plot: -o %s", sb_str(&err));
		sb_free(&err);
		return KB_EXIT_IO;
	}
	pc->dir = &dir;
	pc->name = name;
	pc->formats = o->formats;
	pc->title = o->title;
	pc->axis = o->axis;
	sb_reset(&err);
	/* SIGINT, SIGTERM: gnuplot stopped, its private directory gone. */
	signals_catch(NULL, 0, &saved);
	st = draw(pc, &err);
	if (signal_caught)
		rc = signals_stopped("plot", "nothing written");
	else if (st != STATUS_OK) {
		warnx("plot: %s", sb_str(&err));
		rc = exit_status(st);
	} else {
		/* The paths, for scripts and for the user to open. */
		printf("%s/%s.gp\n", o->dir, name);
		if (o->formats & CHART_PNG)
			printf("%s/%s.png\n", o->dir, name);
		if (o->formats & CHART_SVG)
			printf("%s/%s.svg\n", o->dir, name);
	}
	signals_restore(&saved);
	pc->dir = NULL;
	odir_close(&dir);
	sb_free(&err);
	return rc;
}

/* The options; 0, or -1 with the reason said. */
static int
plot_parse(struct plot_opts *o, int argc, char **argv)
{
	int ch;

	getopt_reset();
	while ((ch = getopt_long(argc, argv, PLOT_SHORTOPTS, plot_longopts,
	    NULL)) != -1) {
		switch (ch) {
		case HOPT_LAST:
		case HOPT_ORDERBY:
		case HOPT_PVALUE:
		case HOPT_SINCE:
			warnx("plot: --%s is for plot trend only",
			    plot_opt_name(ch));
			return -1;
		case POPT_BY:
			o->by = optarg;
			continue;
		case POPT_ROWS:
			o->an.rows = optarg;
			continue;
		}
		switch (plot_out_option(&o->out, ch, optarg)) {
		case 1:
			continue;
		case -1:
			return -1;
		}
		if (analysis_cmd_option(&o->an, &o->f, ch, optarg, argc, argv,
		    plot_help) == -1)
			return -1;
	}
	return cmd_no_operands(argc, argv, "plot");
}

/* What the kind needs of the options; 0, or -1 with the reason said. */
static int
plot_validate(struct plot_opts *o)
{
	if (strcmp(o->kind, "compare") == 0 && !o->an.compare) {
		warnx("plot: compare needs --compare A B");
		return -1;
	}
	o->an.by = o->by != NULL ? o->by : default_by(o->kind);
	o->an.laid_out = laid_out(o->kind);
	if (o->an.rows != NULL && strcmp(o->kind, "sleep") != 0) {
		warnx("plot: --rows is for plot sleep");
		return -1;
	}
	return 0;
}

static int
add_label(const struct run_row *row, void *arg)
{
	strlist_add_distinct(arg, row->info.label);
	return 0;
}

/*
 * plot sleep over runs of several labels, split by something else (hz):
 * a row of panels per label, as analyze gives each label its columns.
 * Pooled into one line a method, the labels' differences were hidden.
 * 0, or -1 when the store failed (said).
 */
static int
rows_by_label(struct plot_opts *o, struct kbench_ctx *ctx)
{
	struct strlist labels = { NULL, 0 };
	int rc = 0;

	/* By label, run or uuid, no panel holds two labels already. */
	if (strcmp(o->kind, "sleep") != 0 || o->an.rows != NULL ||
	    o->an.compare || strcmp(o->an.by, "label") == 0 ||
	    strcmp(o->an.by, "run") == 0 || strcmp(o->an.by, "uuid") == 0 ||
	    cmd_check_filter(ctx, &o->f, "plot") != KB_EXIT_OK)
		return 0;	/* a bad filter: the analysis says it */
	if (store_each_run(ctx->db, &o->f, add_label, &labels) == -1) {
		warnx("plot: %s", store_error(ctx->db));
		rc = -1;
	} else if (labels.n > 1)
		o->an.rows = "label";
	strlist_free(&labels);
	return rc;
}

/*
 * plot sleep's x axis is a series key of numbers (usec, or an import's):
 * --by a series key of numbers would leave another number (or none) as
 * the axis.  1 (said) when --by is one.
 */
static int
by_numeric_key(const struct plot_opts *o)
{
	const struct strlist *v = &o->an.gs.byvalues;
	double x;
	size_t i;

	if (strcmp(o->kind, "sleep") != 0 || !o->an.gs.by_series)
		return 0;
	for (i = 0; i < v->n; i++)
		if (parse_double(v->v[i], &x) == -1)
			return 0;
	warnx("plot: --by %s: a series key of numbers, as the chart's x axis "
	    "is; --by takes a run fact or a series key of names (method)",
	    o->an.by);
	return 1;
}

/* The analysis, then its chart. */
static int
plot_run(struct plot_opts *o, struct kbench_ctx *ctx)
{
	struct chart_groups groups;
	struct plot_ctx pc;
	struct strbuf sub = STRBUF_INIT;
	int rc;

	if (rows_by_label(o, ctx) == -1)
		return KB_EXIT_DB;
	if ((rc = analysis_cmd_run(ctx, &o->f, &o->an)) != KB_EXIT_OK)
		return rc;
	if (by_numeric_key(o))
		return KB_EXIT_USAGE;
	memset(&pc, 0, sizeof(pc));
	chart_runs_footer(&o->an, &sub);
	chart_groups_summary(&groups, &o->an);
	pc.an = &o->an;
	pc.groups = &groups;
	pc.subtitle = sb_str(&sub);
	rc = plot_out_draw(&o->out, &pc, o->kind, o->draw);
	chart_groups_free(&groups);
	sb_free(&sub);
	return rc;
}

int
cmd_plot(int argc, char **argv, struct kbench_ctx *ctx)
{
	struct plot_opts o;
	size_t i;
	int rc = KB_EXIT_USAGE;

	if (argc < 2 || argv[1][0] == '-') {
		warnx("plot: which chart? sleep, lock, compare, dist or trend "
		    "(kbench help plot)");
		return KB_EXIT_USAGE;
	}
	if (strcmp(argv[1], "trend") == 0)
		return cmd_plot_trend(argc - 1, argv + 1, ctx);
	memset(&o, 0, sizeof(o));
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(argv[1], kinds[i].name) == 0) {
			o.kind = kinds[i].name;
			o.draw = kinds[i].draw;
		}
	if (o.kind == NULL) {
		warnx("plot: unknown chart '%s': expected sleep, lock, compare, "
		    "dist or trend", argv[1]);
		return KB_EXIT_USAGE;
	}
	analysis_init(&o.an, "plot");
	plot_out_init(&o.out);
	if (plot_parse(&o, argc - 1, argv + 1) == 0 && plot_validate(&o) == 0)
		rc = plot_run(&o, ctx);
	analysis_free(&o.an);
	filter_free(&o.f);
	return rc;
}
