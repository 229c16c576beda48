/*
 * charts.h: the kinds of chart kbench plot draws, each from the results
 * of analysis.c (medians, intervals, comparisons) or, for trend, of
 * history.c (each run's median, the change points), never from raw SQL.
 */
#ifndef KBENCH_CHARTS_H
#define KBENCH_CHARTS_H

#include "plots/gnuplot.h"
#include "analyze/history.h"
#include "analyze/analysis.h"

/* A trend chart draws the first 12 series: more panels are unreadable. */
#define TREND_MAX_PANELS	12

/* The forest plot's axis: linear or log when the changes span a decade. */
enum { CHART_AXIS_AUTO, CHART_AXIS_LINEAR, CHART_AXIS_LOG };

/*
 * The groups a chart of panels draws (sleep), each in the panel of its
 * by value.  A summary's groups carry their own (chart_groups_summary);
 * report's overview of a comparison puts each side in a panel of its own
 * (chart_groups_sides), and leaves the analysis as it is.
 */
struct chart_groups {
	const struct group	**g;
	const char		**by;		/* g[i]'s by value: its panel */
	size_t			  n;
	const char		 *bykey;	/* "hz", "label"; "side" */
	struct strlist		  byvalues;	/* the panels, in order */
	const char		 *rows;		/* a second key, or NULL */
	struct strlist		  rowvalues;	/* its values, in order */
	const struct strlist	 *keynames;	/* series key columns */
	double			  level;	/* of the medians' intervals */
};

/* The groups of a summary (an->gs), each by its own by value. */
void	chart_groups_summary(struct chart_groups *cg, const struct analysis *an);
/* Both sides of a comparison, by side: a panel for an->name_a, one for b. */
void	chart_groups_sides(struct chart_groups *cg, const struct analysis *an);
void	chart_groups_free(struct chart_groups *cg);

struct plot_ctx {
	const struct analysis	*an;		/* NULL for trend */
	const struct chart_groups *groups;	/* sleep's */
	const struct history	*hist;		/* trend only, else NULL */
	const struct odir	*dir;		/* where the chart goes */
	const char		*name;		/* file name without extension */
	unsigned		 formats;	/* CHART_PNG | CHART_SVG */
	const char		*title;		/* NULL: the chart's own */
	const char		*subtitle;	/* machine facts and n */
	int			 axis;		/* CHART_AXIS_*: compare */
	struct chart_batch	*batch;		/* non-NULL: queue, draw later */
};

/* Measured vs requested sleep, log-log, a panel per by value. */
enum status	chart_sleep(const struct plot_ctx *p, struct strbuf *err);
/* ns per chain call per hook lock, bars per head lock, a panel per thread count. */
enum status	chart_lock(const struct plot_ctx *p, struct strbuf *err);
/* A forest plot of the changes of a comparison, colored by verdict. */
enum status	chart_compare(const struct plot_ctx *p, struct strbuf *err);
/* Distributions (ECDF) of the groups, overlaid. */
enum status	chart_dist(const struct plot_ctx *p, struct strbuf *err);
/* Each series' history, its change points marked, a panel per series. */
enum status	chart_trend(const struct plot_ctx *p, struct strbuf *err);
/*
 * What a trend chart of h draws, for its footer: "60 runs by start time,
 * 2026-01-01 to 2026-03-01; n = 10 per point; 95% intervals of the
 * median; change points: E-Divisive, p < 0.001" (after "; " when out
 * holds something already).
 */
void	trend_footer(const struct history *h, struct strbuf *out);
/*
 * The trend chart's whole footer: the hosts and HZ of the runs drawn
 * ("host vm; HZ 1000"; no kernel: a history has many), then
 * trend_footer()'s.
 */
void	trend_subtitle(const struct history *h, struct strbuf *out);

/* Helpers shared by the charts (charts.c). */

/* The key whose values are numbers in every group: the x axis; or NULL. */
const char *numeric_key(const struct chart_groups *cg);
/* A group's keys but skip, "v1 v2": the name of a line. */
void	line_name(const struct group *g, const char *skip, struct strbuf *out);
/*
 * The runs an analysis drew, for a footer: host, kernel and HZ (per side
 * where the sides differ), runs and samples per point.
 */
void	chart_runs_footer(const struct analysis *an, struct strbuf *out);
/* A comparison's row: the keys' values but those the sides fix. */
void	row_name(const struct analysis *an, const struct group *g,
	    struct strbuf *out);
/*
 * Append ", BLOCK using ... notitle": vertical interval bars of the rows
 * "x median lo hi" of a datablock, capped lines in style (rows without
 * lo and hi draw none).  gnuplot's yerrorbars leave a gap at the point.
 */
void	chart_vbars(struct strbuf *plot, const char *block, const char *style);
/* The i-th color of the charts' palette, "#rrggbb". */
const char *chart_color(size_t i);
/* A unit for an axis label: "us" is shown as µs. */
const char *unit_label(const char *unit);
/*
 * The common preamble: title (none when default_title is NULL: a
 * multiplot has its own), the footer (the subtitle, then what the chart
 * draws: "95% intervals of the median where n >= 6"), grid, fonts.
 */
void	chart_titles(struct strbuf *gp, const struct plot_ctx *p,
	    const char *default_title, const char *drawn);
/*
 * What the error bars of these groups' medians are, for the footer: all
 * intervals, some (where n is large enough), or none (single values).
 */
void	medians_drawn(const struct group *const *g, size_t n, double level,
	    struct strbuf *out);

#endif
