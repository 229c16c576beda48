/*
 * cmd_plot_trend.c: kbench plot trend: a panel per series, each run's
 * median in run order and the change points, from history.c's history
 * (as kbench trend prints it), not from an analysis.  Same command line
 * as the other kinds (plot.h): the options of an analysis are refused by
 * name, and --threshold is the trend's.
 */
#include <err.h>
#include <getopt.h>
#include <string.h>

#include "analyze/analysis.h"
#include "analyze/history.h"
#include "plots/plot.h"

struct plot_trend_opts {
	struct plot_out	 out;
	const char	*rows;		/* refused: sleep's */
	struct history	 h;
	struct filter	 f;
};

/* The options; 0, or -1 with the reason said. */
static int
trend_parse(struct plot_trend_opts *o, int argc, char **argv)
{
	int ch;

	getopt_reset();
	while ((ch = getopt_long(argc, argv, PLOT_SHORTOPTS, plot_longopts,
	    NULL)) != -1) {
		switch (ch) {
		case AOPT_COMPARE:
		case AOPT_CONFIDENCE:
		case AOPT_NOADJUST:
		case AOPT_TEST:
		case POPT_BY:
			/* Refused, not ignored: the chart would not be what
			 * was asked. */
			warnx("plot: trend: --%s does not apply (kbench help "
			    "plot)", plot_opt_name(ch));
			return -1;
		case AOPT_THRESHOLD:
			ch = HOPT_THRESHOLD;	/* as in kbench trend */
			break;
		case POPT_ROWS:
			o->rows = optarg;
			continue;
		}
		switch (history_option(&o->h, ch, optarg, "plot")) {
		case 1:
			continue;
		case -1:
			return -1;
		}
		switch (plot_out_option(&o->out, ch, optarg)) {
		case 1:
			continue;
		case -1:
			return -1;
		}
		if (cmd_filter_option(&o->f, ch, optarg, "plot", plot_help) ==
		    -1)
			return -1;
	}
	if (cmd_no_operands(argc, argv, "plot") == -1)
		return -1;
	if (o->rows != NULL) {
		warnx("plot: --rows is for plot sleep");
		return -1;
	}
	return 0;
}

/*
 * Load the history and say what it leaves out: runs without the
 * --order-by key, and the series past the first TREND_MAX_PANELS, which
 * the chart does not draw (by count, on stderr).
 */
static int
trend_load(struct kbench_ctx *ctx, struct plot_trend_opts *o)
{
	struct history *h = &o->h;
	int rc;

	if ((rc = history_cmd_load(ctx, &o->f, h, "plot")) != KB_EXIT_OK)
		return rc;
	if (h->ns > TREND_MAX_PANELS)
		warnx("plot: trend: %zu series, the first %d drawn, %zu left "
		    "out: narrow the selection with --where", h->ns,
		    TREND_MAX_PANELS, h->ns - TREND_MAX_PANELS);
	return KB_EXIT_OK;
}

int
cmd_plot_trend(int argc, char **argv, struct kbench_ctx *ctx)
{
	struct plot_trend_opts o;
	struct plot_ctx pc;
	struct strbuf sub = STRBUF_INIT;
	int rc = KB_EXIT_USAGE;

	memset(&o, 0, sizeof(o));
	plot_out_init(&o.out);
	history_init(&o.h);
	if (trend_parse(&o, argc, argv) == 0 &&
	    (rc = trend_load(ctx, &o)) == KB_EXIT_OK) {
		/* A history, not an analysis: pc.an stays NULL. */
		memset(&pc, 0, sizeof(pc));
		trend_subtitle(&o.h, &sub);
		pc.hist = &o.h;
		pc.subtitle = sb_str(&sub);
		rc = plot_out_draw(&o.out, &pc, "trend", chart_trend);
	}
	history_free(&o.h);
	filter_free(&o.f);
	sb_free(&sub);
	return rc;
}
