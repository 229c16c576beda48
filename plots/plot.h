/*
 * plot.h: what kbench plot's two paths share: cmd_plot.c draws the
 * charts of an analysis (sleep, lock, compare, dist), cmd_plot_trend.c
 * the trend chart of a history.  One command line for both: the options,
 * the output options (-o, --format, --title) and how a chart is written.
 */
#ifndef KBENCH_PLOT_H
#define KBENCH_PLOT_H

#include <getopt.h>

#include "kbench.h"
#include "plots/charts.h"

extern const char plot_help[];

/* plot's own long options (the others: analysis.h's, history.h's). */
enum { POPT_BY = 300, POPT_FORMAT, POPT_TITLE, POPT_AXIS, POPT_ROWS };
/*
 * Every option of either path: the other path's are refused by name
 * ("--last is for plot trend only"), not left to getopt.
 */
extern const struct option plot_longopts[];
#define PLOT_SHORTOPTS	"b:c:o:"
/* An option's name, for the errors: "last". */
const char *plot_opt_name(int ch);

/* Where a chart goes, and how. */
struct plot_out {
	const char	*dir;		/* -o (default .) */
	unsigned	 formats;	/* CHART_PNG | CHART_SVG */
	const char	*title;		/* NULL: the chart's own */
	int		 axis;		/* CHART_AXIS_*: compare */
};

void	plot_out_init(struct plot_out *o);
/* -o, --format, --title, --axis: 1 taken, 0 not one of them, -1 bad (said). */
int	plot_out_option(struct plot_out *o, int ch, char *arg);
/*
 * Make o->dir, draw the chart NAME into it and print the paths written.
 * Returns a kbench exit status, the reason said.
 */
int	plot_out_draw(const struct plot_out *o, struct plot_ctx *pc,
	    const char *name, enum status (*draw)(const struct plot_ctx *,
	    struct strbuf *));

/* kbench plot trend (argv[0] is "trend"). */
int	cmd_plot_trend(int argc, char **argv, struct kbench_ctx *ctx);

#endif
