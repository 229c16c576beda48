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

#include "util.h"

enum { CHART_PNG = 1, CHART_SVG = 2 };

struct chart {
	const char	*dir;		/* where NAME.gp, NAME.png, NAME.svg go */
	const char	*name;
	unsigned	 formats;	/* CHART_PNG | CHART_SVG */
	int		 width, height;
	struct strbuf	 gp;		/* the script being written */
};

/* Start a chart: the script's header comment and common settings. */
void	chart_begin(struct chart *c, const char *dir, const char *name,
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
 * it.  Returns 0, or -1 with err set (gnuplot missing: the package named).
 */
int	chart_end(struct chart *c, const char *plot_commands, struct strbuf *err);
void	chart_free(struct chart *c);

#endif
