/*
 * chart_trend.c: the history of each series, a panel per series: each
 * run's median with its 95% interval, in run order, and the change
 * points history.c found, each a dashed line just before the first run
 * after it (red: a regression, green: an improvement) labelled with the
 * change, and the means its test compared drawn as steps over the two
 * windows.  What a nightly job shows beside "kbench trend".
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plots/charts.h"

#define COLOR_REG	"#d73027"	/* as chart_compare's verdicts */
#define COLOR_IMP	"#1a9850"
#define COLOR_RUN	"#1f78b4"
#define TIC_CHARS	24	/* longer tic texts are cut (not nightly-2026-12-01) */
#define TAG_FIRST	10	/* arrow and label tags; 1 is the subtitle */

/*
 * The layout, in pixels.  Fixed margins, not gnuplot's own: every panel's
 * axes line up, so a run sits at the same x in each, and the room for
 * the legend (top) and the axis label and subtitle (bottom) is known.
 */
#define PX_TOP		135	/* title, legend, the first panel's title */
#define PX_BOX		330	/* a panel's plot box */
#define PX_GAP		115	/* between rows: the tics, the next title */
#define PX_BOTTOM	140	/* the tics, the axis label, the subtitle */
#define PX_LEFT		135	/* the y tics and label */
#define PX_RIGHT	35
#define PX_XGAP		145	/* between columns: the next y tics and label */

/* What the x tics show of each run. */
struct tics {
	int	label;		/* the run label (unique in the history) */
	int	date;		/* the start date (not the same for all) */
	size_t	step;		/* a regular tic every step runs */
};

/*
 * A point's x: its place among the series' own runs, 1..npt.  A run of
 * another benchmark (or one without this series) leaves no gap.
 */
static double
run_x(size_t k)
{
	return (double)k + 1;
}

/* Where a change point's line goes: between the runs either side of it. */
static double
cp_x(const struct trend_cp *cp)
{
	return (run_x(cp->index - 1) + run_x(cp->index)) / 2;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int
labels_unique(const struct history *h)
{
	const char **v;
	size_t i;
	int uniq = 1;

	v = xcalloc(h->nrun + 1, sizeof(*v));
	for (i = 0; i < h->nrun; i++)
		v[i] = h->run[i].label;
	qsort(v, h->nrun, sizeof(*v), cmp_str);
	for (i = 1; i < h->nrun && uniq; i++)
		uniq = strcmp(v[i - 1], v[i]) != 0;
	free(v);
	return uniq;
}

/*
 * The first line of a run's tic: its --order-by value, else its label
 * when labels tell runs apart, else nothing (the date alone, or when the
 * dates are all one, the run's id).
 */
static const char *
tic_first(const struct history *h, const struct tics *t, const struct hrun *r)
{
	if (h->order_by != NULL)
		return r->key;
	return t->label ? r->label : NULL;
}

/*
 * The last TIC_CHARS bytes of s, never from inside a UTF-8 sequence: the
 * end of a label is what tells nightly runs apart (a number, a date, a
 * hash), their beginning is the same.
 */
static void
tic_cut(struct strbuf *sb, const char *s)
{
	size_t n = strlen(s);

	if (n <= TIC_CHARS) {
		sb_adds(sb, s);
		return;
	}
	s += n - TIC_CHARS;
	while (((unsigned char)*s & 0xc0) == 0x80)
		s++;
	sb_adds(sb, "...");
	sb_adds(sb, s);
}

/*
 * The tic of run r: 'first' . "\n" . 'date', a string expression, since
 * a single-quoted string (the only safe one for user text) holds no
 * newline.
 */
static void
tic_text(struct strbuf *gp, const struct history *h, const struct tics *t,
    const struct hrun *r)
{
	struct strbuf s = STRBUF_INIT;
	const char *first = tic_first(h, t, r);
	int date = t->date && (first == NULL || strncmp(first, r->started,
	    10) != 0);

	if (first != NULL) {
		tic_cut(&s, first);
		gp_string(gp, sb_str(&s));
	}
	if (first != NULL && date)
		sb_adds(gp, " . \"\\n\" . ");
	if (date) {
		sb_reset(&s);
		sb_addf(&s, "%.10s", r->started);
		gp_string(gp, sb_str(&s));
	}
	if (first == NULL && !date) {
		/* Same labels, same day: the run id tells them apart. */
		sb_reset(&s);
		sb_addf(&s, "run %lld", (long long)r->id);
		gp_string(gp, sb_str(&s));
	}
	sb_free(&s);
}

/*
 * Decide what the tics show and how many fit: about 8 pixels a
 * character at the tics' 11-point font, two of room between tics, and
 * a step of 1, 2 or 5 times a power of ten.
 */
static void
tics_plan(const struct history *h, struct tics *t, int plotw)
{
	static const size_t mult[] = { 1, 2, 5 };
	size_t i, len = 1, n, fit, p10 = 1, most = 0;
	const char *first;

	t->label = labels_unique(h);
	/* The panels' x runs over their own points: the longest sets it. */
	for (i = 0; i < h->ns; i++)
		most = h->s[i]->npt > most ? h->s[i]->npt : most;
	t->date = h->nrun > 0 && strncmp(h->run[0].started,
	    h->run[h->nrun - 1].started, 10) != 0;
	for (i = 0; i < h->nrun; i++) {
		if ((first = tic_first(h, t, &h->run[i])) != NULL) {
			n = strlen(first);
			len = n > len ? n : len;
		}
	}
	if (!t->label && !t->date && h->order_by == NULL)
		len = 10;	/* "run 12345" */
	if (len > TIC_CHARS)
		len = TIC_CHARS + 3;
	if (t->date && len < 10)
		len = 10;
	fit = (size_t)plotw / (8 * (len + 2));
	if (fit < 2)
		fit = 2;
	for (i = 0;; i++) {
		if (i > 0 && i % 3 == 0)
			p10 *= 10;
		t->step = mult[i % 3] * p10;
		if ((most + t->step - 1) / t->step <= fit)
			break;
	}
}

/*
 * The panel's tics: the first run and every step-th after it, and the
 * first run after each change point, where it takes the place of any
 * regular tic too close to it.
 */
static void
panel_tics(struct strbuf *gp, const struct history *h, const struct tics *t,
    const struct hseries *hs)
{
	size_t k, cpk, j;
	int any = 0, skip;

	sb_adds(gp, "set xtics (");
	for (k = 0; k < hs->npt; k += t->step) {
		for (skip = 0, j = 0; j < hs->ncp && !skip; j++) {
			cpk = hs->cp[j].index;
			skip = (k > cpk ? k - cpk : cpk - k) < t->step;
		}
		if (skip)
			continue;
		sb_adds(gp, any++ ? ", " : "");
		tic_text(gp, h, t, &h->run[hs->pt[k].pos]);
		sb_addf(gp, " %zu", k + 1);
	}
	for (j = 0; j < hs->ncp; j++) {
		k = hs->cp[j].index;
		sb_adds(gp, any++ ? ", " : "");
		tic_text(gp, h, t, &h->run[hs->pt[k].pos]);
		sb_addf(gp, " %zu", k + 1);
	}
	sb_addf(gp, ")\nset xrange [0.5:%zu.5]\n", hs->npt);
}

/* The change points of hs that are regressions (reg) or improvements. */
static size_t
count_cp(const struct hseries *hs, int reg)
{
	size_t j, n = 0;

	for (j = 0; j < hs->ncp; j++)
		if (history_regressed(hs, &hs->cp[j]) == reg)
			n++;
	return n;
}

/*
 * The panel's data: x median lo hi; the steps of the means, a block per
 * verdict, only when there are some (gnuplot warns of an empty one).
 */
static void
panel_data(struct strbuf *gp, size_t i, const struct hseries *hs)
{
	const struct hpoint *pt;
	const struct trend_cp *cp;
	size_t k, j;
	int reg;

	sb_addf(gp, "$s%zu << EOD\n", i);
	for (k = 0; k < hs->npt; k++) {
		pt = &hs->pt[k];
		sb_addf(gp, "%zu ", k + 1);
		gp_number(gp, pt->median);
		/* No interval, no bar: the row stops at the median. */
		if (pt->ci_err == STATS_OK) {
			sb_add(gp, " ", 1);
			gp_number(gp, pt->lo);
			sb_add(gp, " ", 1);
			gp_number(gp, pt->hi);
		}
		sb_add(gp, "\n", 1);
	}
	sb_adds(gp, "EOD\n");
	/* A blank line between segments: "with lines" does not join them. */
	for (reg = 1; reg >= 0; reg--) {
		if (count_cp(hs, reg) == 0)
			continue;
		sb_addf(gp, "$s%zu_%s << EOD\n", i, reg ? "reg" : "imp");
		for (j = 0; j < hs->ncp; j++) {
			cp = &hs->cp[j];
			if (history_regressed(hs, cp) != reg)
				continue;
			gp_number(gp, run_x(cp->index - cp->nbefore));
			sb_add(gp, " ", 1);
			gp_number(gp, cp->mean_before);
			sb_add(gp, "\n", 1);
			gp_number(gp, cp_x(cp));
			sb_add(gp, " ", 1);
			gp_number(gp, cp->mean_before);
			sb_add(gp, "\n\n", 2);
			gp_number(gp, cp_x(cp));
			sb_add(gp, " ", 1);
			gp_number(gp, cp->mean_after);
			sb_add(gp, "\n", 1);
			gp_number(gp, run_x(cp->index + cp->nafter - 1));
			sb_add(gp, " ", 1);
			gp_number(gp, cp->mean_after);
			sb_add(gp, "\n\n", 2);
		}
		sb_adds(gp, "EOD\n");
	}
}

/* Has any point of hs an interval?  gnuplot warns at bars of none. */
static int
has_ci(const struct hseries *hs)
{
	size_t k;

	for (k = 0; k < hs->npt; k++)
		if (hs->pt[k].ci_err == STATS_OK)
			return 1;
	return 0;
}

/* The y range: every interval, with room above for the labels and key. */
static void
panel_yrange(struct strbuf *gp, const struct hseries *hs)
{
	double lo = INFINITY, hi = -INFINITY, span;
	size_t k;

	for (k = 0; k < hs->npt; k++) {
		lo = fmin(lo, hs->pt[k].ci_err == STATS_OK ? hs->pt[k].lo :
		    hs->pt[k].median);
		hi = fmax(hi, hs->pt[k].ci_err == STATS_OK ? hs->pt[k].hi :
		    hs->pt[k].median);
	}
	span = hi - lo;
	if (!(span > 0))	/* one point, or a flat line: a visible band */
		span = fabs(hi) > 0 ? fabs(hi) / 10 : 1;
	sb_adds(gp, "set yrange [");
	gp_number(gp, lo - 0.08 * span);
	sb_adds(gp, ":");
	gp_number(gp, hi + 0.35 * span);
	sb_adds(gp, "]\n");
}

/* Each change point: its dashed line and its label, "+5.7%". */
static void
panel_marks(struct strbuf *gp, const struct hseries *hs)
{
	const struct trend_cp *cp;
	const char *color;
	char pct[40];
	double x;
	size_t j;

	for (j = 0; j < hs->ncp; j++) {
		cp = &hs->cp[j];
		color = history_regressed(hs, cp) ? COLOR_REG : COLOR_IMP;
		x = cp_x(cp);
		/* x is a whole run or a half: %.1f, never %g's 1e+06. */
		sb_addf(gp, "set arrow %zu from %.1f, graph 0 to %.1f, graph 1 "
		    "nohead dt 2 lw 2 lc rgb '%s' front\n", TAG_FIRST + j, x, x,
		    color);
		sb_addf(gp, "set label %zu ", TAG_FIRST + j);
		if (isnan(cp->change))
			sb_adds(gp, "'change'");
		else
			sb_addf(gp, "'%s'", format_pct(pct, sizeof(pct),
			    cp->change));
		/* Right of the line, but left of it near the right edge. */
		if (x > 0.8 * (double)hs->npt)
			sb_addf(gp, " at %.1f, graph 0.93 right offset char -0.6, 0",
			    x);
		else
			sb_addf(gp, " at %.1f, graph 0.93 left offset char 0.6, 0",
			    x);
		sb_addf(gp, " textcolor rgb '%s' "
		    "font ''.sprintf(',%%g', 13 * kb_fs) front\n", color);
	}
}

/*
 * "k=v k=v (lower is better)": the keys as written, not hs->name, which
 * escapes quotes and backslashes for the store.
 */
static void
panel_title(struct strbuf *sb, const struct hseries *hs)
{
	size_t k;

	sb_reset(sb);
	for (k = 0; k < hs->keys.n; k++)
		sb_addf(sb, "%s%s=%s", k ? " " : "", hs->keys.v[k].key,
		    hs->keys.v[k].value);
	if (hs->keys.n == 0)
		sb_adds(sb, "(no keys)");
	sb_addf(sb, " (%s is better)", hs->better);
}

/*
 * The legend, above the panels, drawn by hand: gnuplot's key keeps to
 * one panel's width and wraps.  A slot of 360 pixels an entry, its
 * sample then its text; tags 2 to 4 (1 is the subtitle).  Drawn with
 * the first panel only, and removed after it.
 */
static void
legend(struct strbuf *gp, double w, double ht, size_t nreg, size_t nimp)
{
	static const struct {
		const char	*text, *style;
	} entry[] = {
		{ "median of a run, 95% interval", "lc rgb '" COLOR_RUN "' lw 1" },
		{ "regression: mean before | after", "lc rgb '" COLOR_REG "' lw 3" },
		{ "improvement: mean before | after", "lc rgb '" COLOR_IMP "' lw 3" },
	};
	double x, y = 1 - 62 / ht;
	size_t i, n = 1 + (nreg > 0) + (nimp > 0), slot = 0;

	for (i = 0; i < 3; i++) {
		if ((i == 1 && nreg == 0) || (i == 2 && nimp == 0))
			continue;
		x = (w - 360.0 * (double)n) / 2 + 360.0 * (double)slot++;
		sb_addf(gp, "set arrow %zu from screen %.4f, screen %.4f to "
		    "screen %.4f, screen %.4f nohead %s\n", i + 2, x / w, y,
		    (x + 36) / w, y, entry[i].style);
		sb_addf(gp, "set label %zu '%s' at screen %.4f, screen %.4f "
		    "left font ''.sprintf(',%%g', 12 * kb_fs)", i + 2, entry[i].text, (x + 46) / w, y);
		if (i == 0)	/* the run's point, on its sample line */
			sb_addf(gp, "\nset label 5 '' at screen %.4f, screen "
			    "%.4f point pt 7 ps 0.6 * kb_ps lc rgb '%s'", (x + 18) / w, y,
			    COLOR_RUN);
		sb_adds(gp, "\n");
	}
}

/* By start time, then id: the order the store lists runs in. */
static int
cmp_started(const void *a, const void *b)
{
	const struct hrun *x = *(const struct hrun *const *)a;
	const struct hrun *y = *(const struct hrun *const *)b;
	int c;

	if ((c = strcmp(x->started, y->started)) != 0)
		return c;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* "; HZ 100, 1000" ("what" and up to 3 values), or "; 5 HZs". */
static void
describe(struct strbuf *sb, const char *what, const struct strlist *l)
{
	size_t i;

	if (l->n == 0)
		return;
	if (sb->len > 0)
		sb_adds(sb, "; ");
	if (l->n > 3) {
		sb_addf(sb, "%zu %ss", l->n, what);
		return;
	}
	sb_addf(sb, "%s ", what);
	for (i = 0; i < l->n; i++)
		sb_addf(sb, "%s%s", i ? ", " : "", l->v[i]);
}

void
trend_subtitle(const struct history *h, struct strbuf *out)
{
	struct strlist host = { NULL, 0 }, hz = { NULL, 0 };
	const struct hrun **run;
	size_t i;

	/* Each value once, in the order of the runs' start. */
	run = xcalloc(h->nrun + 1, sizeof(*run));
	for (i = 0; i < h->nrun; i++)
		run[i] = &h->run[i];
	qsort(run, h->nrun, sizeof(*run), cmp_started);
	for (i = 0; i < h->nrun; i++) {
		strlist_add_distinct(&host, run[i]->host);
		strlist_add_distinct(&hz, run[i]->hz);
	}
	describe(out, "host", &host);
	describe(out, "HZ", &hz);
	trend_footer(h, out);
	free(run);
	strlist_free(&host);
	strlist_free(&hz);
}

void
trend_footer(const struct history *h, struct strbuf *out)
{
	size_t i, j, nmin = (size_t)-1, nmax = 0, with = 0, pts = 0, need;

	sb_addf(out, "%s%zu run%s by %s", out->len ? "; " : "", h->nrun,
	    h->nrun == 1 ? "" : "s", h->order_by != NULL ? h->order_by :
	    "start time");
	if (h->order_by == NULL && h->nrun > 0 && strncmp(h->run[0].started,
	    h->run[h->nrun - 1].started, 10) != 0)
		sb_addf(out, ", %.10s to %.10s", h->run[0].started,
		    h->run[h->nrun - 1].started);
	else if (h->order_by == NULL && h->nrun > 0)
		sb_addf(out, ", %.10s", h->run[0].started);
	for (i = 0; i < h->ns && i < TREND_MAX_PANELS; i++)
		for (j = 0; j < h->s[i]->npt; j++) {
			if (h->s[i]->pt[j].n < nmin)
				nmin = h->s[i]->pt[j].n;
			if (h->s[i]->pt[j].n > nmax)
				nmax = h->s[i]->pt[j].n;
		}
	if (nmax > 0 && nmin == nmax)
		sb_addf(out, "; n = %zu per point", nmin);
	else if (nmax > 0)
		sb_addf(out, "; n = %zu to %zu per point", nmin, nmax);
	/* What the bars are: as for the other charts, said honestly. */
	for (i = 0; i < h->ns && i < TREND_MAX_PANELS; i++)
		for (j = 0; j < h->s[i]->npt; j++) {
			with += h->s[i]->pt[j].ci_err == STATS_OK;
			pts++;
		}
	/* The smallest n whose [min, max] covers: stats_ci_median's nmin. */
	need = (size_t)ceil(log2(2 / (1 - HISTORY_LEVEL / 100.0)));
	if (with == pts)
		sb_addf(out, "; %d%% intervals of the median", HISTORY_LEVEL);
	else if (with == 0)
		sb_addf(out, "; medians without intervals (n < %zu)", need);
	else
		sb_addf(out, "; %d%% intervals of the median where n >= %zu",
		    HISTORY_LEVEL, need);
	sb_addf(out, "; change points: E-Divisive, p < %g", h->opts.pvalue);
	if (h->opts.threshold > 0)
		sb_addf(out, ", at least %g%%", 100 * h->opts.threshold);
}

enum status
chart_trend(const struct plot_ctx *p, struct strbuf *err)
{
	const struct history *h = p->hist;
	const struct hseries *hs;
	struct chart c;
	struct strbuf plot = STRBUF_INIT, s = STRBUF_INIT;
	struct tics t;
	size_t i, j, npanel, cols, rows, nreg = 0, nimp = 0;
	double w, ht;
	enum status rc;
	int plotw;

	if (h == NULL || h->ns == 0) {
		sb_adds(err, "nothing to draw");
		return STATUS_BAD_INPUT;
	}
	npanel = h->ns < TREND_MAX_PANELS ? h->ns : TREND_MAX_PANELS;
	for (i = 0; i < npanel; i++)
		for (j = 0; j < h->s[i]->ncp; j++) {
			if (history_regressed(h->s[i], &h->s[i]->cp[j]))
				nreg++;
			else
				nimp++;
		}
	/* Histories are wide: one column up to 3 panels, then two. */
	cols = npanel <= 3 ? 1 : 2;
	rows = (npanel + cols - 1) / cols;
	memset(&c, 0, sizeof(c));
	c.batch = p->batch;
	c.width = cols == 1 ? 1400 : 1800;
	c.height = PX_TOP + (int)rows * PX_BOX + ((int)rows - 1) * PX_GAP +
	    PX_BOTTOM;
	w = c.width;
	ht = c.height;
	plotw = (c.width - PX_LEFT - PX_RIGHT - ((int)cols - 1) * PX_XGAP) /
	    (int)cols;
	chart_begin(&c, p->dir, p->name, p->formats,
	    "kbench plot trend: each series' history and its change points");
	for (i = 0; i < npanel; i++)
		panel_data(&c.gp, i, h->s[i]);
	chart_titles(&c.gp, p, NULL, NULL);
	tics_plan(h, &t, plotw);
	sb_adds(&c.gp, "set xtics font ''.sprintf(',%g', 11 * kb_fs) nomirror\n"
	    "set bars small\n"
	    "unset key\n");
	sb_addf(&c.gp, "set style line 1 lc rgb '%s' lw 1 pt 7 ps 0.6 * kb_ps\n"
	    "set style line 2 lc rgb '%s' lw 3\n"
	    "set style line 3 lc rgb '%s' lw 3\n", COLOR_RUN, COLOR_REG,
	    COLOR_IMP);

	sb_addf(&plot, "set multiplot layout %zu,%zu title ", rows, cols);
	gp_string(&plot, p->title != NULL ? p->title :
	    "History of each series, run by run");
	sb_addf(&plot, " font ''.sprintf(',%%g', 18 * kb_fs) margins %.4f, %.4f, %.4f, %.4f "
	    "spacing "
	    "%.4f, %.4f\n", PX_LEFT / w, 1 - PX_RIGHT / w, PX_BOTTOM / ht,
	    1 - PX_TOP / ht, PX_XGAP / w, PX_GAP / ht);
	for (i = 0; i < npanel; i++) {
		hs = h->s[i];
		/* The axis label under the bottom row only. */
		if (i + cols >= npanel) {
			sb_reset(&s);
			sb_addf(&s, "run, by %s", h->order_by != NULL ?
			    h->order_by : "start time");
			sb_adds(&plot, "set xlabel ");
			gp_string(&plot, sb_str(&s));
			sb_adds(&plot, " offset 0, -0.4\n");
		} else
			sb_adds(&plot, "unset xlabel\n");
		sb_adds(&plot, "set title ");
		panel_title(&s, hs);
		gp_string(&plot, sb_str(&s));
		sb_adds(&plot, "\nset ylabel ");
		sb_reset(&s);
		sb_addf(&s, "median%s%s%s", *hs->unit ? " (" : "",
		    unit_label(hs->unit), *hs->unit ? ")" : "");
		gp_string(&plot, sb_str(&s));
		sb_adds(&plot, "\n");
		panel_yrange(&plot, hs);
		panel_tics(&plot, h, &t, hs);
		panel_marks(&plot, hs);
		if (i == 0)
			legend(&plot, w, ht, nreg, nimp);
		sb_addf(&plot, "plot $s%zu using 1:2 with linespoints ls 1 "
		    "notitle", i);
		if (has_ci(hs)) {
			sb_reset(&s);
			sb_addf(&s, "$s%zu", i);
			chart_vbars(&plot, sb_str(&s), "ls 1");
		}
		if (count_cp(hs, 1) > 0)
			sb_addf(&plot, ", \\\n  $s%zu_reg with lines ls 2 notitle",
			    i);
		if (count_cp(hs, 0) > 0)
			sb_addf(&plot, ", \\\n  $s%zu_imp with lines ls 3 notitle",
			    i);
		sb_adds(&plot, "\n");
		/* Drawn once: this panel's marks and the legend go. */
		for (j = 0; j < hs->ncp; j++)
			sb_addf(&plot, "unset arrow %zu\nunset label %zu\n",
			    TAG_FIRST + j, TAG_FIRST + j);
		if (i == 0)
			sb_adds(&plot, "unset arrow 2\nunset arrow 3\nunset arrow 4\n"
			    "unset label 2\nunset label 3\nunset label 4\n"
			    "unset label 5\n");
	}
	rc = chart_end(&c, sb_str(&plot), err);
	chart_free(&c);
	sb_free(&plot);
	sb_free(&s);
	return rc;
}
