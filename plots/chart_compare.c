/*
 * chart_compare.c: a forest plot of a comparison: one row per series,
 * the change with its interval, colored by verdict, zero marked and the
 * --threshold band shaded.  What a reviewer wants in one picture, with
 * the same numbers as the table: the estimator and the interval level
 * are the table's, named on the axis; a row without an interval is a
 * hollow point with no bar; rows whose change is a difference in the unit
 * (values not all positive) get a panel of their own under the ratios.
 */
#include <math.h>
#include <string.h>

#include "analyze/format.h"
#include "plots/charts.h"

static const struct {
	int		 verdict;
	const char	*name;		/* the datablock's */
	const char	*color;
	const char	*title;
} kinds[] = {
	{ VERDICT_IMPROVED, "improved", "#1a9850", "improved" },
	{ VERDICT_REGRESSED, "regressed", "#d73027", "regressed" },
	{ VERDICT_SAME, "same", "#7f7f7f", "no significant change" },
	{ VERDICT_UNTESTED, "untested", "#c7c7c7", "untested (n < 2)" },
};

#define NKINDS	(sizeof(kinds) / sizeof(kinds[0]))

/* A row of one panel: drawn when it has a finite change. */
static int
in_panel(const struct comparison *c, int scale)
{
	return c->scale == scale && isfinite(c->change.est);
}

/* The value drawn: percent for ratios, the unit for differences. */
static double
shown(const struct comparison *c, double v)
{
	return c->scale == SCALE_RATIO ? 100 * v : v;
}

/*
 * The datablocks of one panel: per verdict, the rows with an interval
 * ($P_KIND: y est lo hi) and those without ($P_KIND_n: y est).  *lo and
 * *hi get the x range; returns the number of rows.
 */
static size_t
panel_data(struct strbuf *gp, const struct analysis *an, int scale,
    const char *panel, double *lo, double *hi)
{
	const struct comparison *c;
	size_t i, k, n = 0, row;
	int ci;

	for (i = 0; i < an->ncmp; i++)
		n += in_panel(&an->cmp[i], scale);
	for (k = 0; k < NKINDS; k++)
		for (ci = 1; ci >= 0; ci--) {
			sb_addf(gp, "$%s_%s%s << EOD\n", panel, kinds[k].name,
			    ci ? "" : "_n");
			for (row = 0, i = 0; i < an->ncmp; i++) {
				c = &an->cmp[i];
				if (!in_panel(c, scale))
					continue;
				row++;
				if (c->verdict != kinds[k].verdict ||
				    (c->change_err == STATS_OK) != ci)
					continue;
				sb_addf(gp, "%zu ", n + 1 - row);
				gp_number(gp, shown(c, c->change.est));
				*lo = fmin(*lo, shown(c, c->change.est));
				*hi = fmax(*hi, shown(c, c->change.est));
				if (ci) {
					sb_add(gp, " ", 1);
					gp_number(gp, shown(c, c->change.lo));
					sb_add(gp, " ", 1);
					gp_number(gp, shown(c, c->change.hi));
					*lo = fmin(*lo, shown(c, c->change.lo));
					*hi = fmax(*hi, shown(c, c->change.hi));
				}
				sb_add(gp, "\n", 1);
			}
			sb_adds(gp, "EOD\n");
		}
	return n;
}

/*
 * Does a row of this panel (scale -1: of any) have this verdict, with an
 * interval (ci 1), without (0), or either (-1)?
 */
static int
any_row(const struct analysis *an, int scale, int verdict, int ci)
{
	const struct comparison *c;
	size_t i;

	for (i = 0; i < an->ncmp; i++) {
		c = &an->cmp[i];
		if ((scale < 0 ? isfinite(c->change.est) : in_panel(c, scale)) &&
		    c->verdict == verdict &&
		    (ci < 0 || (c->change_err == STATS_OK) == ci))
			return 1;
	}
	return 0;
}

/*
 * The x axis: linear, its tics from nice steps; or (logx, ratios only)
 * the log of the ratio B / A, its tics at 1, 2, 5 x 10^k, both labelled
 * as changes in percent, "0" at no change.  lo and hi are in percent.
 */
static void
x_axis(struct strbuf *plot, int logx, double lo, double hi, int percent)
{
	static const double mant[] = { 1, 2, 5 };
	double step, t, r, rlo, rhi;
	int e, k, n = 0;
	long tic;

	sb_adds(plot, "unset logscale x\nset xtics (");
	if (logx) {
		rlo = 1 + lo / 100;
		rhi = 1 + hi / 100;
		for (e = (int)floor(log10(rlo)) - 1; e <= (int)ceil(log10(rhi));
		    e++)
			for (k = 0; k < 3; k++) {
				r = mant[k] * pow(10, e);
				if (r < rlo / 1.2 || r > rhi * 1.2)
					continue;
				if (fabs(r - 1) < 1e-12)
					sb_addf(plot, "%s'0' 1", n++ ? ", " : "");
				else
					/* A tic label is a format: %% is a %. */
					sb_addf(plot, "%s'%+g%%%%' %g", n++ ? ", " :
					    "", 100 * (r - 1), r);
			}
		sb_addf(plot, ")\nset logscale x\nset xrange [%g:%g]\n",
		    rlo / 1.2, rhi * 1.2);
		return;
	}
	if (!(hi > lo))
		hi = lo + 1;
	/* A step of 1, 2 or 5 x 10^k giving 4 to 10 tics. */
	step = pow(10, floor(log10((hi - lo) / 5)));
	if ((hi - lo) / step > 20)
		step *= 5;
	else if ((hi - lo) / step > 10)
		step *= 2;
	/* Count tics in integers: a float counter accumulates error. */
	for (tic = (long)ceil(lo / step); (t = (double)tic * step) <= hi +
	    step / 2; tic++) {
		if (fabs(t) < step / 1e6)
			sb_addf(plot, "%s'0' 0", n++ ? ", " : "");
		else
			sb_addf(plot, percent ? "%s'%+g' %g" : "%s'%g' %g",
			    n++ ? ", " : "", t, t);
	}
	sb_addf(plot, ")\nset xrange [%g:%g]\n", lo - 0.08 * (hi - lo),
	    hi + 0.08 * (hi - lo));
}

/* The settings and the plot command of one panel. */
static void
panel_plot(struct strbuf *plot, const struct analysis *an, int scale,
    const char *panel, size_t n, double lo, double hi, const char *xlabel,
    int key, int logx)
{
	struct strbuf name = STRBUF_INIT;
	size_t i, k, row;
	int any = 0, ci;
	/* Under a log axis, the percent data drawn as ratios. */
	const char *x = logx ? "(1 + $2 / 100)" : "2";
	const char *xlo = logx ? "(1 + $3 / 100)" : "3";
	const char *xhi = logx ? "(1 + $4 / 100)" : "4";

	sb_adds(plot, "set xlabel ");
	gp_string(plot, xlabel);
	sb_addf(plot, "\nset yrange [0.3:%zu.7]\n", n);
	x_axis(plot, logx, lo, hi, scale == SCALE_RATIO);
	sb_adds(plot, "set ytics scale 0 font ''.sprintf(',%g', 11 * kb_fs) (");
	for (row = 0, i = 0; i < an->ncmp; i++) {
		if (!in_panel(&an->cmp[i], scale))
			continue;
		row_name(an, an->cmp[i].a, &name);
		sb_adds(plot, row ? ", " : "");
		gp_string(plot, sb_str(&name));
		sb_addf(plot, " %zu", n - row++);
	}
	sb_adds(plot, ")\n");
	/* Zero: where "no change" is (a ratio of 1 on a log axis). */
	sb_addf(plot, "set arrow 1 from %d, graph 0 to %d, graph 1 nohead "
	    "lc rgb '#333333' lw 1.5\nunset object 1\n", logx, logx);
	if (scale == SCALE_RATIO && an->threshold > 0)
		sb_addf(plot, "set object 1 rect from %g, graph 0 to %g, graph "
		    "1 fc rgb '#eeeeee' fs solid noborder behind\n",
		    logx ? 1 - an->threshold / 100 : -an->threshold,
		    logx ? 1 + an->threshold / 100 : an->threshold);
	sb_adds(plot, key ? "set key at screen 0.5, character 2.8 + kb_foot "
	    "center horizontal font ''.sprintf(',%g', 12 * kb_fs)\n" :
	    "unset key\n");
	sb_adds(plot, "plot ");
	for (k = 0; k < NKINDS; k++) {
		for (ci = 1; ci >= 0; ci--) {
			/* A verdict with no rows would make gnuplot complain. */
			if (!any_row(an, scale, kinds[k].verdict, ci))
				continue;
			sb_addf(plot, "%s$%s_%s%s using %s:1", any++ ?
			    ", \\\n  " : "", panel, kinds[k].name,
			    ci ? "" : "_n", x);
			if (ci)
				sb_addf(plot, ":%s:%s", xlo, xhi);
			sb_addf(plot, " with %s lw 2 lc rgb '%s' ", ci ?
			    "xerrorbars pt 7 ps 1.4 * kb_ps" :
			    "points pt 6 ps 1.6 * kb_ps", kinds[k].color);
			if (key && (ci || !any_row(an, scale, kinds[k].verdict, 1)))
				sb_addf(plot, "title '%s'", kinds[k].title);
			else
				sb_adds(plot, "notitle");
		}
		/*
		 * The key is the last panel's: a verdict drawn only in
		 * another panel gets an entry with nothing to draw.
		 */
		if (key && !any_row(an, scale, kinds[k].verdict, -1) &&
		    any_row(an, -1, kinds[k].verdict, -1))
			sb_addf(plot, "%sNaN with points pt 7 ps 1.4 * kb_ps lc rgb '%s' "
			    "title '%s'", any++ ? ", \\\n  " : "",
			    kinds[k].color, kinds[k].title);
	}
	sb_adds(plot, "\n");
	sb_free(&name);
}

/*
 * A side's name in a title or an axis label, as much as a line holds
 * beside the other's: a kernel's label can be 70 characters.
 */
#define SIDE_SHOWN	30
#define SIDE_IN_AXIS	20	/* beside the estimator's name */

static const char *
short_side(const char *name, struct strbuf *sb)
{
	sb_reset(sb);
	if (strlen(name) <= SIDE_IN_AXIS)
		return name;
	sb_addf(sb, "%.*s...", SIDE_IN_AXIS, name);
	return sb_str(sb);
}

/* The panels' rows and ranges: ratios ("r") and differences ("s"). */
struct cmp_panels {
	size_t	 nr, ns;
	double	 rlo, rhi, slo, shi;
	int	 logx;
};

/*
 * The footer: what the bars are, and what has none (after a note the
 * caller may have put there).
 */
static void
compare_footer(const struct analysis *an, struct strbuf *drawn)
{
	size_t i, noci = 0, skipped = 0, open = 0;
	char lv[40];

	for (i = 0; i < an->ncmp; i++) {
		noci += an->cmp[i].change_err != STATS_OK;
		open += an->cmp[i].open != 0;
		skipped += !isfinite(an->cmp[i].change.est);
	}
	sb_addf(drawn, "%s intervals", compare_level_text(lv, sizeof(lv),
	    an->ci_level));
	if (an->ci_level != an->level)
		sb_addf(drawn, " (%g%% simultaneous, Bonferroni over %zu)",
		    an->level, an->ntested);
	if (noci > 0)
		sb_addf(drawn, "; hollow: no interval (%zu)", noci);
	if (open > 0)
		sb_addf(drawn, "; %zu interval%s open at 0 (the end at 0 is "
		    "excluded: tied values)", open, open == 1 ? "" : "s");
	if (skipped > 0)
		sb_addf(drawn, "; %zu not drawn (no finite change)", skipped);
	sb_adds(drawn, "; ");
	method_unit_brief(an, drawn);
}

/* The unit of the differences: the series', or "mixed units". */
static const char *
shift_unit(const struct analysis *an)
{
	const char *unit = NULL;
	size_t i;

	for (i = 0; i < an->ncmp; i++)
		if (an->cmp[i].scale == SCALE_SHIFT && unit == NULL)
			unit = an->cmp[i].a->unit;
		else if (an->cmp[i].scale == SCALE_SHIFT &&
		    strcmp(unit, an->cmp[i].a->unit) != 0)
			unit = "mixed units";
	return unit;
}

/*
 * The plot: the ratios' panel, the differences', or both stacked, each
 * as tall as its rows need (c->height grows for them); title the
 * chart's title when both.
 */
static void
compare_plot(const struct plot_ctx *p, const struct cmp_panels *pn,
    const char *title, struct chart *c, struct strbuf *plot)
{
	const struct analysis *an = p->an;
	struct strbuf xlabel = STRBUF_INIT;
	struct strbuf sa = STRBUF_INIT, sb = STRBUF_INIT;
	double hpx = 0, top, split = 0;
	int both = pn->nr > 0 && pn->ns > 0;

	if (both) {
		hpx = 70 + 34 * (double)(pn->nr + pn->ns + 2) + 2 * 90 + 90;
		if (hpx > c->height)
			c->height = (int)hpx;
		hpx = c->height;
		sb_adds(plot, "set multiplot title ");
		gp_string(plot, p->title != NULL ? p->title : title);
		sb_adds(plot, " font ''.sprintf(',%g', 18 * kb_fs)\n");
		top = 1 - 70 / hpx;
		split = top - 34 * (double)(pn->nr + 1) / hpx;
		sb_addf(plot, "set tmargin at screen %g\nset bmargin at screen "
		    "%g\n", top, split);
	} else
		sb_adds(&c->gp, "set bmargin 7 + kb_foot\n");
	if (pn->nr > 0) {
		sb_addf(&xlabel, "change (%%): %s of %s/%s - 1; %s%s",
		    method_estimator(an, SCALE_RATIO), short_side(an->name_b,
		    &sb), short_side(an->name_a, &sa), strcmp(an->cmp[0].a->better,
		    "higher") == 0 ? "higher is better" : "lower is better",
		    pn->logx ? " (log scale of the ratio)" : "");
		panel_plot(plot, an, SCALE_RATIO, "r", pn->nr, pn->rlo,
		    pn->rhi, sb_str(&xlabel), pn->ns == 0, pn->logx);
	}
	if (pn->ns > 0) {
		sb_reset(&xlabel);
		sb_addf(&xlabel, "difference (%s): %s of %s - %s (values not all "
		    "positive)", unit_label(shift_unit(an)), method_estimator(an,
		    SCALE_SHIFT), short_side(an->name_b, &sb),
		    short_side(an->name_a, &sa));
		if (both)
			sb_addf(plot, "set tmargin at screen %g\nset bmargin at "
			    "screen %g\n", split - 90 / hpx, 180 / hpx);
		panel_plot(plot, an, SCALE_SHIFT, "s", pn->ns, pn->slo, pn->shi,
		    sb_str(&xlabel), 1, 0);
	}
	if (both)
		sb_adds(plot, "unset multiplot\n");
	sb_free(&xlabel);
	sb_free(&sa);
	sb_free(&sb);
}

enum status
chart_compare(const struct plot_ctx *p, struct strbuf *err)
{
	const struct analysis *an = p->an;
	struct chart c;
	struct cmp_panels pn;
	struct strbuf plot = STRBUF_INIT, name = STRBUF_INIT;
	struct strbuf drawn = STRBUF_INIT;
	enum status rc = STATUS_BAD_INPUT;

	memset(&c, 0, sizeof(c));
	memset(&pn, 0, sizeof(pn));
	c.batch = p->batch;
	/*
	 * Pixels: 34 a row, 90 for a panel's tics and axis label, 70 for
	 * the title, 90 for the key and the footer.
	 */
	c.height = 300 + 34 * (int)an->ncmp;
	if (c.height < 450)
		c.height = 450;
	if (c.height > 4000)
		c.height = 4000;
	chart_begin(&c, p->dir, p->name, p->formats,
	    "kbench plot compare: the change of each series, with its interval");
	pn.nr = panel_data(&c.gp, an, SCALE_RATIO, "r", &pn.rlo, &pn.rhi);
	pn.ns = panel_data(&c.gp, an, SCALE_SHIFT, "s", &pn.slo, &pn.shi);
	if (pn.nr + pn.ns == 0) {
		sb_adds(err, "nothing to draw: no series has a change");
		goto out;
	}
	/*
	 * A log axis of the ratio when the ratios span more than a decade
	 * (+3000% beside +4.9%), or when asked; never with a ratio of 0
	 * (a -100% bound), which has no logarithm.
	 */
	pn.logx = p->axis == CHART_AXIS_LOG || (p->axis == CHART_AXIS_AUTO &&
	    (1 + pn.rhi / 100) > 10 * (1 + pn.rlo / 100));
	if (pn.logx && !(1 + pn.rlo / 100 > 0)) {
		pn.logx = 0;
		sb_adds(&drawn, "; linear axis: an interval reaches -100%");
	}
	compare_footer(an, &drawn);
	/* Baseline first, as analyze's and report's titles. */
	sb_addf(&name, "%.*s%s (baseline) vs %.*s%s", SIDE_SHOWN,
	    an->name_a, strlen(an->name_a) > SIDE_SHOWN ? "..." : "",
	    SIDE_SHOWN, an->name_b, strlen(an->name_b) > SIDE_SHOWN ? "..." :
	    "");
	chart_titles(&c.gp, p, pn.nr > 0 && pn.ns > 0 ? NULL : sb_str(&name),
	    sb_str(&drawn));
	sb_adds(&c.gp, "set grid noytics\n");
	compare_plot(p, &pn, sb_str(&name), &c, &plot);
	rc = chart_end(&c, sb_str(&plot), err);
out:
	chart_free(&c);
	sb_free(&plot);
	sb_free(&name);
	sb_free(&drawn);
	return rc;
}
