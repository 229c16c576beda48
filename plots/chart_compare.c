/*
 * chart_compare.c: a forest plot of a comparison: one row per series,
 * the change in percent with its interval, colored by verdict, zero
 * marked and the --threshold band shaded.  What a reviewer wants in one
 * picture.
 */
#include <math.h>
#include <string.h>

#include "charts.h"

static const struct {
	int		 verdict;
	const char	*color;
	const char	*title;
} kinds[] = {
	{ VERDICT_IMPROVED, "#1a9850", "improved" },
	{ VERDICT_REGRESSED, "#d73027", "regressed" },
	{ VERDICT_SAME, "#7f7f7f", "no significant change" },
	{ VERDICT_UNTESTED, "#c7c7c7", "untested (n < 2)" },
};

int
chart_compare(const struct plot_ctx *p, struct strbuf *err)
{
	const struct analysis *an = p->an;
	struct chart c;
	struct strbuf plot = STRBUF_INIT, name = STRBUF_INIT;
	const struct comparison *cmp;
	double lo = 0, hi = 0, y;
	size_t i, k, n = an->ncmp;
	int rc, any = 0;

	memset(&c, 0, sizeof(c));
	c.height = 300 + 34 * (int)n;
	if (c.height < 450)
		c.height = 450;
	if (c.height > 4000)
		c.height = 4000;
	chart_begin(&c, p->dir, p->name, p->formats,
	    "kbench plot compare: the change of each series, with its interval");
	/* One block per verdict: the rows, top to bottom. */
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		sb_addf(&c.gp, "$%s << EOD\n", k == 0 ? "improved" : k == 1 ?
		    "regressed" : k == 2 ? "same" : "untested");
		for (i = 0; i < n; i++) {
			cmp = &an->cmp[i];
			if (cmp->verdict != kinds[k].verdict ||
			    isnan(cmp->change.est))
				continue;
			y = (double)(n - i);
			sb_addf(&c.gp, "%g ", y);
			gp_number(&c.gp, 100 * cmp->change.est);
			sb_add(&c.gp, " ", 1);
			gp_number(&c.gp, 100 * (isnan(cmp->change.lo) ?
			    cmp->change.est : cmp->change.lo));
			sb_add(&c.gp, " ", 1);
			gp_number(&c.gp, 100 * (isnan(cmp->change.hi) ?
			    cmp->change.est : cmp->change.hi));
			sb_add(&c.gp, "\n", 1);
			lo = fmin(lo, 100 * fmin(cmp->change.est,
			    isnan(cmp->change.lo) ? 0 : cmp->change.lo));
			hi = fmax(hi, 100 * fmax(cmp->change.est,
			    isnan(cmp->change.hi) ? 0 : cmp->change.hi));
		}
		sb_adds(&c.gp, "EOD\n");
	}
	sb_reset(&name);
	/* Labels can be long: a title cut at 40 characters a side. */
	sb_addf(&name, "%.40s%s vs %.40s%s (baseline)",
	    an->name_b, strlen(an->name_b) > 40 ? "..." : "", an->name_a,
	    strlen(an->name_a) > 40 ? "..." : "");
	chart_titles(&c.gp, p, sb_str(&name));
	sb_addf(&c.gp, "set xlabel 'change of the %s (%%), %g%% interval; "
	    "%s'\n", an->test == TEST_U ? "median" : "mean", an->level,
	    n > 0 && strcmp(an->cmp[0].a->better, "higher") == 0 ?
	    "higher is better" : "lower is better");
	sb_addf(&c.gp, "set yrange [0.3:%zu.7]\n", n);
	sb_addf(&c.gp, "set xrange [%g:%g]\n", lo - 0.08 * (hi - lo + 1),
	    hi + 0.08 * (hi - lo + 1));
	sb_adds(&c.gp, "set grid noytics\nset ytics scale 0 font ',11' (");
	for (i = 0; i < n; i++) {
		line_name(an->cmp[i].a, NULL, &name);
		sb_adds(&c.gp, i ? ", " : "");
		gp_string(&c.gp, sb_str(&name));
		sb_addf(&c.gp, " %zu", n - i);
	}
	sb_adds(&c.gp, ")\nset xtics format '%+g'\n");
	sb_adds(&c.gp, "set arrow 1 from 0, graph 0 to 0, graph 1 nohead "
	    "lc rgb '#333333' lw 1.5\n");
	if (an->threshold > 0)
		sb_addf(&c.gp, "set object 1 rect from -%g, graph 0 to %g, graph 1 "
		    "fc rgb '#eeeeee' fs solid behind noborder\n", an->threshold,
		    an->threshold);
	/* The key under the axis label, the subtitle under the key. */
	sb_adds(&c.gp, "set key at screen 0.5, character 2.6 center horizontal "
	    "font ',12'\nset bmargin 8\n");
	sb_adds(&plot, "plot ");
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		/* A verdict with no rows would make gnuplot complain. */
		for (i = 0; i < n; i++)
			if (an->cmp[i].verdict == kinds[k].verdict &&
			    !isnan(an->cmp[i].change.est))
				break;
		if (i == n)
			continue;
		sb_addf(&plot, "%s$%s using 2:1:3:4 with xerrorbars pt 7 ps 1.4 "
		    "lw 2 lc rgb '%s' title '%s'", any++ ? ", \\\n  " : "",
		    k == 0 ? "improved" : k == 1 ? "regressed" : k == 2 ? "same" :
		    "untested", kinds[k].color, kinds[k].title);
	}
	if (!any) {
		sb_adds(err, "nothing to draw: no series has a change");
		rc = -1;
		goto out;
	}
	sb_adds(&plot, "\n");
	rc = chart_end(&c, sb_str(&plot), err);
out:
	chart_free(&c);
	sb_free(&plot);
	sb_free(&name);
	return rc;
}
