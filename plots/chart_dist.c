/*
 * chart_dist.c: the distribution of each group as an empirical CDF,
 * overlaid: where bimodality and long tails show.  Each curve is drawn
 * from 201 quantiles, never from millions of points.
 */
#include <math.h>
#include <string.h>

#include "plots/charts.h"

#define MAX_CURVES	12
#define NQUANT		200

enum status
chart_dist(const struct plot_ctx *p, struct strbuf *err)
{
	const struct analysis *an = p->an;
	const struct group *g[MAX_CURVES];
	const char *side[MAX_CURVES];
	struct chart c;
	struct strbuf plot = STRBUF_INIT, name = STRBUF_INIT;
	double lo = INFINITY, hi = -INFINITY;
	size_t i, j, n = 0, total;
	enum status rc;

	total = an->compare ? 2 * an->ncmp : an->gs.n;
	if (total > MAX_CURVES) {
		sb_addf(err, "%zu distributions are too many to overlay (at most "
		    "%d): narrow the selection with --where", total, MAX_CURVES);
		return STATUS_BAD_INPUT;
	}
	for (i = 0; an->compare && i < an->ncmp; i++) {
		g[n] = an->cmp[i].a;
		side[n++] = an->name_a;
		g[n] = an->cmp[i].b;
		side[n++] = an->name_b;
	}
	for (i = 0; !an->compare && i < an->gs.n; i++) {
		g[n] = an->gs.g[i];
		side[n++] = NULL;
	}
	memset(&c, 0, sizeof(c));
	c.batch = p->batch;
	chart_begin(&c, p->dir, p->name, p->formats,
	    "kbench plot dist: the distributions, as empirical CDFs");
	for (i = 0; i < n; i++) {
		sb_addf(&c.gp, "$g%zu << EOD\n", i);
		for (j = 0; j <= NQUANT; j++) {
			double q = (double)j / NQUANT;

			gp_number(&c.gp, stats_quantile(g[i]->v, g[i]->n, q));
			sb_addf(&c.gp, " %g\n", q);
		}
		sb_adds(&c.gp, "EOD\n");
		lo = fmin(lo, g[i]->sum.d.min);
		hi = fmax(hi, g[i]->sum.d.max);
	}
	chart_titles(&c.gp, p, "Distribution of each group",
	    "empirical distribution functions of the samples");
	/* A long tail squeezes everything else: log x when it spans decades. */
	if (lo > 0 && hi / lo > 50)
		sb_adds(&c.gp, "set logscale x\nset format x '%g'\n");
	sb_addf(&name, "value (%s)", n ? unit_label(g[0]->unit) : "");
	sb_adds(&c.gp, "set xlabel ");
	gp_string(&c.gp, sb_str(&name));
	sb_adds(&c.gp, "\nset ylabel 'fraction of samples at or below'\n"
	    "set yrange [0:1]\n");
	sb_adds(&c.gp, "set key bottom right box opaque "
	    "font ''.sprintf(',%g', 11 * kb_fs)\n");
	sb_adds(&plot, "plot ");
	for (i = 0; i < n; i++) {
		line_name(g[i], NULL, &name);
		if (side[i] != NULL)
			sb_addf(&name, " [%s]", side[i]);
		else if (an->by != NULL && an->gs.byvalues.n > 1)
			sb_addf(&name, " [%s=%s]", an->by, g[i]->by);
		sb_addf(&name, " (n %zu)", g[i]->n);
		sb_addf(&plot, "%s$g%zu using 1:2 with lines lw 2 lc rgb '%s'%s "
		    "title ", i ? ", \\\n  " : "", i, chart_color(i),
		    side[i] != NULL && i % 2 == 0 ? " dt 2" : "");
		gp_string(&plot, sb_str(&name));
	}
	sb_adds(&plot, "\n");
	rc = chart_end(&c, sb_str(&plot), err);
	chart_free(&c);
	sb_free(&plot);
	sb_free(&name);
	return rc;
}
