/*
 * gnuplot.h: writing gnuplot scripts safely, and running gnuplot.
 *
 * Every chart is a self-contained script, its data inline as datablocks,
 * written beside the PNG/SVG it draws so a reviewer can restyle it and
 * run "gnuplot NAME.gp" again.  Text from user data (labels, methods,
 * facts) only ever appears inside single-quoted strings, where gnuplot
 * expands nothing (no backquotes, no @macros, no escapes), with the
 * terminal in noenhanced mode (no ^ _ @ & markup): a label is drawn as
 * written and never executed.
 */
#ifndef KBENCH_GNUPLOT_H
#define KBENCH_GNUPLOT_H

#include "lib/outdir.h"
#include "lib/status.h"
#include "lib/util.h"

enum { CHART_PNG = 1, CHART_SVG = 2 };

/*
 * Charts drawn later, many to a gnuplot: starting one costs 0.1 to 0.3 s,
 * more than drawing a small chart.  chart_end() queues a chart's script
 * here when its chart has a batch; chart_batch_run() draws them.
 */
struct chart_job {
	const struct odir *dir;	/* NAME.gp and its outputs go there */
	char	*name;
	unsigned formats;	/* CHART_PNG | CHART_SVG */
	char	*script;	/* the whole script, as NAME.gp holds it */
	int	 skip;		/* set by the caller: not to be drawn */
	int	 failed;	/* set by chart_batch_run() */
};

struct chart_batch {
	struct chart_job	*job;
	size_t			 n, cap;
};

struct chart {
	const struct odir *dir;		/* where NAME.gp, NAME.png, NAME.svg go */
	const char	*name;
	unsigned	 formats;	/* CHART_PNG | CHART_SVG */
	int		 width, height;
	struct strbuf	 gp;		/* the script being written */
	struct chart_batch *batch;	/* non-NULL: chart_end() queues */
};

/* Start a chart: the script's header comment and common settings. */
void	chart_begin(struct chart *c, const struct odir *dir, const char *name,
	    unsigned formats, const char *what);
/* Append s as a gnuplot single-quoted string literal. */
void	gp_string(struct strbuf *sb, const char *s);
/* Append a number gnuplot reads back exactly; NaN as the missing "NaN". */
void	gp_number(struct strbuf *sb, double v);
/*
 * " font ',SIZE'" and " ps SIZE", scaled for the terminal: write every
 * font size and point size of a chart through these, so the PNG and the
 * SVG look alike.
 */
void	gp_font(struct strbuf *sb, double size);
void	gp_ps(struct strbuf *sb, double size);
/*
 * The plotting commands are in c->gp after chart_begin().  chart_end()
 * wraps them once per output format, writes NAME.gp and runs gnuplot on
 * it.  Returns STATUS_OK, or with err set STATUS_SYSTEM (the script
 * could not be written, gnuplot failed) or STATUS_NO_GNUPLOT (the
 * package named).
 */
enum status	chart_end(struct chart *c, const char *plot_commands,
		    struct strbuf *err);
void	chart_free(struct chart *c);

/*
 * Write NAME.gp of every job not skipped and draw them, at most jobs
 * gnuplots at once, each given up to CHART_BATCH_MAX scripts in a row
 * with "reset session" between them (datablocks and variables would
 * otherwise leak from one chart into the next).  Returns 0, or -1 with
 * err set and job->failed on the jobs of each gnuplot that failed
 * (those before the failing script may be drawn, none is trusted).
 */
#define CHART_BATCH_MAX	100
int	chart_batch_run(struct chart_batch *b, int jobs, struct strbuf *err);
void	chart_batch_free(struct chart_batch *b);

#endif
