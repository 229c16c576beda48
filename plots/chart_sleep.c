/*
 * chart_sleep.c: measured against requested sleep, log-log, one line per
 * method, one panel per value of the by key (HZ by default), the ideal
 * y = x dashed for reference.  The hero chart of the calloutng data.
 *
 * The legend has a band of its own under the panels (a key inside a
 * panel hides lines: the syscall line runs along the bottom right).
 * Every line has its own colour, point type and dash pattern, so lines
 * that coincide stay apart where they can, and the footer says which
 * coincide exactly where they cannot.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plots/charts.h"

struct point {
	double			 x;
	const struct group	*g;
};

/* A panel's line: its points by x. */
struct line {
	struct point	*pt;
	size_t		 n;
};

/* Has the line an interval in panel k?  gnuplot warns at a bar of none. */
#define BARS(k, j)	bars[(k) * lines.n + (j)]

/* Point types that stay apart in black and white: filled, then open. */
static const int point_types[] = { 5, 7, 9, 11, 13, 4, 6, 8, 10, 12, 1, 2 };
#define NPOINT_TYPES	(sizeof(point_types) / sizeof(point_types[0]))

static int
cmp_point(const void *a, const void *b)
{
	double x = ((const struct point *)a)->x, y = ((const struct point *)b)->x;

	return (x > y) - (x < y);
}

/*
 * Lines closer than this everywhere (relative) are one line on a log
 * scale: 1% is a pixel of a decade 700 pixels tall.
 */
#define SAME_LINE	0.01

/* The heights of the bands of the image, in pixels. */
#define TITLE_PX	60
#define PANEL_PX	700
#define FOOTER_PX	40

/* Same x, and medians within SAME_LINE of each other, point for point. */
static int
same_line(const struct line *a, const struct line *b)
{
	double ma, mb;
	size_t i;

	if (a->n != b->n || a->n == 0)
		return 0;
	for (i = 0; i < a->n; i++) {
		ma = a->pt[i].g->sum.d.median;
		mb = b->pt[i].g->sum.d.median;
		if (a->pt[i].x != b->pt[i].x ||
		    !(fabs(ma - mb) <= SAME_LINE * fmax(fabs(ma), fabs(mb))))
			return 0;
	}
	return 1;
}

/*
 * The lines that coincide in panel k, for the footer: "select = poll =
 * usleep (hz=100)".
 */
static void
coincide(const struct line *ln, size_t nlines, const struct strlist *names,
    struct strbuf *out)
{
	size_t i, j, n;
	unsigned char *done = xcalloc(nlines + 1, 1);

	sb_reset(out);
	for (i = 0; i < nlines; i++) {
		if (done[i])
			continue;
		for (n = 0, j = i + 1; j < nlines; j++)
			if (!done[j] && same_line(&ln[i], &ln[j])) {
				if (n++ == 0)
					sb_addf(out, "%s%s", out->len ? "; " : "",
					    names->v[i]);
				sb_addf(out, " = %s", names->v[j]);
				done[j] = 1;
			}
	}
	free(done);
}

/*
 * The footer's note of lines that coincide: each distinct set once,
 * with the panels it holds in ("every panel", their names, or how many
 * when the names would not fit).
 */
static void
coincide_note(const struct strlist *sets, const struct strlist *panels,
    struct strbuf *out)
{
	struct strbuf where = STRBUF_INIT;
	size_t i, j, n;

	for (i = 0; i < sets->n; i++) {
		if (*sets->v[i] == '\0')
			continue;
		for (j = 0; j < i; j++)
			if (strcmp(sets->v[j], sets->v[i]) == 0)
				break;
		if (j < i)	/* said with its first panel */
			continue;
		sb_reset(&where);
		for (n = 0, j = i; j < sets->n; j++)
			if (strcmp(sets->v[j], sets->v[i]) == 0)
				sb_addf(&where, "%s%s", n++ ? ", " : "",
				    panels->v[j]);
		sb_addf(out, "%s%s", out->len ? "; " : "", sets->v[i]);
		if (n == sets->n && n > 1)
			sb_adds(out, " (every panel)");
		else if (where.len <= 40 && sets->n > 1)
			sb_addf(out, " (%s)", sb_str(&where));
		else if (sets->n > 1)
			sb_addf(out, " (%zu of %zu panels)", n, sets->n);
	}
	sb_free(&where);
}

/*
 * Panel k: by value k % nby of row k / nby (rows, when --rows is given,
 * are values of the second key: the seed's two tables, one over the
 * other).
 */
/* The row (from the top) of panel k in a grid of cols columns. */
static size_t
panel_row(size_t k, size_t cols)
{
	return k / cols;
}

static int
in_panel(const struct chart_groups *cg, size_t i, size_t k)
{
	size_t nby = cg->byvalues.n;

	return strcmp(cg->by[i], cg->byvalues.v[k % nby]) == 0 &&
	    (cg->rows == NULL ||
	    strcmp(cg->g[i]->row, cg->rowvalues.v[k / nby]) == 0);
}

/* "hz=100", or with rows "label=unpatched, hz=100". */
static void
panel_name(const struct chart_groups *cg, size_t k, struct strbuf *out)
{
	const char *byv = cg->byvalues.v[k % cg->byvalues.n];

	sb_reset(out);
	if (cg->rows != NULL)
		sb_addf(out, "%s=%s", cg->rows, cg->rowvalues.v[k /
		    cg->byvalues.n]);
	if (*byv != '\0')
		sb_addf(out, "%s%s=%s", out->len ? ", " : "", cg->bykey, byv);
}

enum status
chart_sleep(const struct plot_ctx *p, struct strbuf *err)
{
	const struct chart_groups *gs = p->groups;
	struct chart c;
	struct strbuf plot = STRBUF_INIT, line = STRBUF_INIT;
	struct strbuf drawn = STRBUF_INIT, same = STRBUF_INIT;
	struct strbuf here = STRBUF_INIT;
	struct strbuf setup = STRBUF_INIT;
	struct strlist lines = { NULL, 0 };
	struct line *ln = NULL;
	unsigned char *bars;
	const char *xkey;
	double lo = INFINITY, hi = -INFINITY, x, keyband, footband, panel_h;
	size_t i, j, k, q, nby = gs->byvalues.n, nrow = gs->rowvalues.n;
	size_t npanel = nby * (nrow > 0 ? nrow : 1), cols, rows, keyrows;
	struct strlist sets = { NULL, 0 }, panels = { NULL, 0 };
	enum status rc;

	if ((xkey = numeric_key(gs)) == NULL) {
		sb_adds(err, "no series key holds the requested durations (a "
		    "key whose values are all numbers, such as usec)");
		return STATUS_BAD_INPUT;
	}
	/* The lines: each distinct name, in row order. */
	for (i = 0; i < gs->n; i++) {
		line_name(gs->g[i], xkey, &line);
		if (!strlist_has(&lines, sb_str(&line)))
			strlist_add(&lines, sb_str(&line));
		parse_double(kv_get(&gs->g[i]->keys, xkey), &x);
		lo = fmin(lo, fmin(x, gs->g[i]->sum.d.median));
		hi = fmax(hi, fmax(x, gs->g[i]->sum.d.median));
	}
	if (!(lo > 0))
		lo = 0.5;
	memset(&c, 0, sizeof(c));
	c.batch = p->batch;
	/* With rows (--rows label): a row of panels per value, as asked. */
	if (gs->rows != NULL) {
		cols = nby;
		rows = nrow;
	} else {
		cols = npanel < 3 ? npanel : 3;
		rows = (npanel + cols - 1) / cols;
	}
	/* The legend's band: up to 5 entries a row (the y = x line too). */
	keyrows = (lines.n + 1 + 4) / 5;
	c.width = cols == 1 ? 1200 : 600 * (int)cols;
	/*
	 * In pixels, so the bands keep their size at any number of rows:
	 * the title on top, then the panels, the legend and the footer.
	 */
	c.height = TITLE_PX + PANEL_PX * (int)rows + 40 * (int)keyrows + 40 +
	    FOOTER_PX;
	footband = (double)FOOTER_PX / c.height;
	keyband = footband + (40.0 * (double)keyrows + 40) / c.height;
	panel_h = 1 - keyband - (double)TITLE_PX / c.height;
	chart_begin(&c, p->dir, p->name, p->formats,
	    "kbench plot sleep: measured vs requested sleep");

	/* The data: one block per panel and line, by x: x, median, CI. */
	ln = xcalloc(lines.n + 1, sizeof(*ln));
	bars = xcalloc(npanel * lines.n + 1, 1);
	for (j = 0; j < lines.n; j++)
		ln[j].pt = xcalloc(gs->n + 1, sizeof(*ln[j].pt));
	for (k = 0; k < npanel; k++) {
		for (j = 0; j < lines.n; j++) {
			ln[j].n = 0;
			for (i = 0; i < gs->n; i++) {
				line_name(gs->g[i], xkey, &line);
				if (in_panel(gs, i, k) &&
				    strcmp(sb_str(&line), lines.v[j]) == 0) {
					ln[j].pt[ln[j].n].g = gs->g[i];
					parse_double(kv_get(&gs->g[i]->keys, xkey),
					    &ln[j].pt[ln[j].n++].x);
				}
			}
			qsort(ln[j].pt, ln[j].n, sizeof(*ln[j].pt), cmp_point);
			sb_addf(&c.gp, "$p%zu_%zu << EOD\n", k, j);
			for (q = 0; q < ln[j].n; q++) {
				const struct group *g = ln[j].pt[q].g;

				gp_number(&c.gp, ln[j].pt[q].x);
				sb_add(&c.gp, " ", 1);
				gp_number(&c.gp, g->sum.d.median);
				/* No interval, no bar: the row has none. */
				if (g->sum.median_err == STATS_OK) {
					BARS(k, j) = 1;
					sb_add(&c.gp, " ", 1);
					gp_number(&c.gp, g->sum.median.lo);
					sb_add(&c.gp, " ", 1);
					gp_number(&c.gp, g->sum.median.hi);
				}
				sb_add(&c.gp, "\n", 1);
			}
			sb_adds(&c.gp, "EOD\n");
		}
		panel_name(gs, k, &line);
		coincide(ln, lines.n, &lines, &here);
		strlist_add(&sets, sb_str(&here));
		strlist_add(&panels, sb_str(&line));
	}
	coincide_note(&sets, &panels, &same);
	medians_drawn(gs->g, gs->n, gs->level,
	    &drawn);
	if (same.len > 0)
		sb_addf(&drawn, "; one line (within 1%%): %s", sb_str(&same));
	/*
	 * The panels' settings open the plot commands, which gnuplot plays
	 * once per format: the legend's panel unsets them at the end of the
	 * first.  The footer is the legend panel's alone.
	 */
	sb_adds(&setup, "unset label\nset border\nset tics\nset grid\n"
	    "set logscale xy\nset format x '%g'\nset format y '%g'\n");
	/* The unit comes from the data: quoted like any user text. */
	sb_reset(&line);
	sb_addf(&line, "requested (%s)", gs->n ? unit_label(gs->g[0]->unit) : "");
	sb_adds(&setup, "set xlabel ");
	gp_string(&setup, sb_str(&line));
	sb_reset(&line);
	sb_addf(&line, "measured, median (%s)", gs->n ?
	    unit_label(gs->g[0]->unit) : "");
	sb_adds(&setup, "\nset ylabel ");
	gp_string(&setup, sb_str(&line));
	sb_adds(&setup, "\n");
	sb_addf(&setup, "set xrange [%g:%g]\nset yrange [%g:%g]\n", lo / 2,
	    hi * 2, lo / 2, hi * 2);
	chart_titles(&c.gp, p, NULL, NULL);
	for (j = 0; j < lines.n; j++)
		sb_addf(&c.gp, "set style line %zu lc rgb '%s' lw 2 dt %zu pt %d "
		    "ps 1.3 * kb_ps\n", j + 1, chart_color(j), j % 5 + 1,
		    point_types[j % NPOINT_TYPES]);
	sb_adds(&c.gp, "set style line 100 lc rgb '#999999' dt 2 lw 1.5\n");

	/*
	 * The panels, under one title, placed by hand over the legend's
	 * band; the legend is a panel of its own, drawn last.
	 */
	sb_adds(&plot, "set multiplot title ");
	gp_string(&plot, p->title != NULL ? p->title :
	    "Measured vs requested sleep");
	sb_adds(&plot, " font ''.sprintf(',%g', 18 * kb_fs)\nunset key\n");
	sb_adds(&plot, sb_str(&setup));
	for (k = 0; k < npanel; k++) {
		sb_addf(&plot, "set origin %g, %g\nset size %g, %g\n",
		    (double)(k % cols) / (double)cols, keyband + panel_h *
		    (double)(rows - 1 - panel_row(k, cols)) / (double)rows,
		    1.0 / (double)cols, panel_h / (double)rows);
		sb_adds(&plot, "set title ");
		panel_name(gs, k, &line);
		gp_string(&plot, sb_str(&line));
		sb_adds(&plot, "\nplot x with lines ls 100 notitle");
		/* The line through every median, the bars where they exist. */
		for (j = 0; j < lines.n; j++) {
			sb_addf(&plot, ", \\\n  $p%zu_%zu using 1:2 with "
			    "linespoints ls %zu notitle", k, j, j + 1);
			if (BARS(k, j)) {
				sb_reset(&line);
				sb_addf(&line, "$p%zu_%zu", k, j);
				sb_reset(&here);
				sb_addf(&here, "ls %zu dt 1", j + 1);
				chart_vbars(&plot, sb_str(&line), sb_str(&here));
			}
		}
		sb_adds(&plot, "\n");
	}
	/* The legend: nothing drawn, every line named; and the footer. */
	chart_titles(&plot, p, NULL, sb_str(&drawn));
	sb_addf(&plot, "set origin 0, %g\nset size 1, %g\n"
	    "unset title\nunset border\nunset tics\nunset xlabel\n"
	    "unset ylabel\nunset grid\nunset logscale\n"
	    "set xrange [0:1]\nset yrange [0:1]\n"
	    "set key center center horizontal maxcols 5 width 2 "
	    "font ''.sprintf(',%%g', 13 * kb_fs)\n"
	    "plot NaN with lines ls 100 title 'requested'", footband,
	    keyband - footband);
	for (j = 0; j < lines.n; j++) {
		sb_addf(&plot, ", \\\n  NaN with linespoints ls %zu title ",
		    j + 1);
		gp_string(&plot, lines.v[j]);
	}
	sb_adds(&plot, "\n");
	rc = chart_end(&c, sb_str(&plot), err);
	chart_free(&c);
	for (j = 0; j < lines.n; j++)
		free(ln[j].pt);
	free(ln);
	free(bars);
	sb_free(&plot);
	sb_free(&line);
	sb_free(&drawn);
	sb_free(&same);
	sb_free(&here);
	strlist_free(&sets);
	strlist_free(&panels);
	sb_free(&setup);
	strlist_free(&lines);
	return rc;
}
