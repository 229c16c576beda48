/*
 * chart_sleep.c: measured against requested sleep, log-log, one line per
 * method, one panel per value of the by key (HZ by default), the ideal
 * y = x dashed for reference.  The hero chart of the calloutng data.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "charts.h"

struct point {
	double			 x;
	const struct group	*g;
};

static int
cmp_point(const void *a, const void *b)
{
	double x = ((const struct point *)a)->x, y = ((const struct point *)b)->x;

	return (x > y) - (x < y);
}

int
chart_sleep(const struct plot_ctx *p, struct strbuf *err)
{
	struct point *pts;
	const struct analysis *an = p->an;
	const struct groupset *gs = &an->gs;
	struct chart c;
	struct strbuf plot = STRBUF_INIT, line = STRBUF_INIT;
	struct strbuf drawn = STRBUF_INIT;
	struct strlist lines = { NULL, 0 };
	const char *xkey;
	double lo = INFINITY, hi = -INFINITY, x;
	size_t i, j, k, npanel = gs->byvalues.n, cols, rows;
	int rc;

	if ((xkey = numeric_key(an, gs)) == NULL) {
		sb_adds(err, "no series key holds the requested durations (a "
		    "key whose values are all numbers, such as usec)");
		return -1;
	}
	/* The lines: each distinct name, in row order. */
	for (i = 0; i < gs->n; i++) {
		line_name(gs->g[i], xkey, &line);
		for (j = 0; j < lines.n; j++)
			if (strcmp(lines.v[j], sb_str(&line)) == 0)
				break;
		if (j == lines.n)
			strlist_add(&lines, sb_str(&line));
		parse_double(kv_get(&gs->g[i]->keys, xkey), &x);
		lo = fmin(lo, fmin(x, gs->g[i]->sum.d.median));
		hi = fmax(hi, fmax(x, gs->g[i]->sum.d.median));
	}
	if (!(lo > 0))
		lo = 0.5;
	memset(&c, 0, sizeof(c));
	cols = npanel < 3 ? npanel : 3;
	rows = (npanel + cols - 1) / cols;
	c.width = cols == 1 ? 1200 : 600 * (int)cols;
	c.height = 800 * (int)rows;
	chart_begin(&c, p->dir, p->name, p->formats,
	    "kbench plot sleep: measured vs requested sleep");

	/* The data: one block per panel and line, by x; x, median, CI. */
	pts = xcalloc(gs->n + 1, sizeof(*pts));
	for (k = 0; k < npanel; k++)
		for (j = 0; j < lines.n; j++) {
			size_t np = 0, q;

			for (i = 0; i < gs->n; i++) {
				line_name(gs->g[i], xkey, &line);
				if (strcmp(gs->g[i]->by, gs->byvalues.v[k]) == 0 &&
				    strcmp(sb_str(&line), lines.v[j]) == 0) {
					pts[np].g = gs->g[i];
					parse_double(kv_get(&gs->g[i]->keys, xkey),
					    &pts[np++].x);
				}
			}
			qsort(pts, np, sizeof(*pts), cmp_point);
			sb_addf(&c.gp, "$p%zu_%zu << EOD\n", k, j);
			for (q = 0; q < np; q++) {
				const struct group *g = pts[q].g;

				gp_number(&c.gp, pts[q].x);
				sb_add(&c.gp, " ", 1);
				gp_number(&c.gp, g->sum.d.median);
				sb_add(&c.gp, " ", 1);
				/* No interval, no bar: NaN skips it. */
				gp_number(&c.gp, g->sum.median_err == STATS_OK ?
				    g->sum.median.lo : NAN);
				sb_add(&c.gp, " ", 1);
				gp_number(&c.gp, g->sum.median_err == STATS_OK ?
				    g->sum.median.hi : NAN);
				sb_add(&c.gp, "\n", 1);
			}
			sb_adds(&c.gp, "EOD\n");
		}
	free(pts);
	medians_drawn((const struct group *const *)gs->g, gs->n, an->level,
	    &drawn);
	chart_titles(&c.gp, p, NULL, sb_str(&drawn));
	sb_adds(&c.gp, "set logscale xy\nset format x '%g'\nset format y '%g'\n");
	/* The unit comes from the data: quoted like any user text. */
	sb_reset(&line);
	sb_addf(&line, "requested (%s)", gs->n ? unit_label(gs->g[0]->unit) : "");
	sb_adds(&c.gp, "set xlabel ");
	gp_string(&c.gp, sb_str(&line));
	sb_reset(&line);
	sb_addf(&line, "measured, median (%s)", gs->n ?
	    unit_label(gs->g[0]->unit) : "");
	sb_adds(&c.gp, "\nset ylabel ");
	gp_string(&c.gp, sb_str(&line));
	sb_adds(&c.gp, "\n");
	sb_addf(&c.gp, "set xrange [%g:%g]\nset yrange [%g:%g]\n", lo / 2,
	    hi * 2, lo / 2, hi * 2);
	for (j = 0; j < lines.n; j++)
		sb_addf(&c.gp, "set style line %zu lc rgb '%s' lw 2 pt %zu ps 1.2\n",
		    j + 1, chart_color(j), 5 + j % 8);
	sb_adds(&c.gp, "set style line 100 lc rgb '#999999' dt 2 lw 1.5\n");

	/* The panels, under one title. */
	sb_addf(&plot, "set multiplot layout %zu,%zu title ", rows, cols);
	gp_string(&plot, p->title != NULL ? p->title :
	    "Measured vs requested sleep");
	sb_adds(&plot, " font ',18'\n");
	for (k = 0; k < npanel; k++) {
		sb_adds(&plot, "set title ");
		sb_reset(&line);
		if (*gs->byvalues.v[k] != '\0')
			sb_addf(&line, "%s=%s", an->by, gs->byvalues.v[k]);
		gp_string(&plot, sb_str(&line));
		sb_adds(&plot, "\n");
		/* One legend, on the last panel, where it covers least. */
		/* Below y = x nothing is ever measured: the key goes there. */
		sb_adds(&plot, k + 1 == npanel ? "set key bottom right box opaque "
		    "font ',11'\n" : "unset key\n");
		sb_adds(&plot, "plot x with lines ls 100 title 'requested'");
		/* The line through every median, the bars where they exist. */
		for (j = 0; j < lines.n; j++) {
			sb_addf(&plot, ", \\\n  $p%zu_%zu using 1:2 with "
			    "linespoints ls %zu title ", k, j, j + 1);
			gp_string(&plot, lines.v[j]);
			sb_addf(&plot, ", \\\n  $p%zu_%zu using 1:2:3:4 with "
			    "yerrorbars ls %zu ps 0 notitle", k, j, j + 1);
		}
		sb_adds(&plot, "\n");
	}
	rc = chart_end(&c, sb_str(&plot), err);
	chart_free(&c);
	sb_free(&plot);
	sb_free(&line);
	sb_free(&drawn);
	strlist_free(&lines);
	return rc;
}
