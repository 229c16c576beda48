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

/* A sleep chart being written. */
struct sleep_chart {
	const struct plot_ctx	 *p;
	const struct chart_groups *gs;
	const char		 *xkey;		/* the requested duration */
	struct strlist		  lines;	/* their names, in row order */
	struct line		 *ln;		/* a panel's, lines.n of them */
	unsigned char		 *bars;		/* BARS(k, j) */
	size_t			  npanel, cols, rows;
	double			  lo, hi;	/* of x and the medians */
	double			  keyband, footband, panel_h;
	struct strbuf		  drawn;	/* the footer */
};

/* Has line j an interval in panel k?  gnuplot warns at a bar of none. */
#define BARS(sc, k, j)	((sc)->bars[(k) * (sc)->lines.n + (j)])

/* The lines: each distinct name, in row order; the range they span. */
static void
sleep_lines(struct sleep_chart *sc)
{
	const struct chart_groups *gs = sc->gs;
	struct strbuf line = STRBUF_INIT;
	double x;
	size_t i;

	sc->lo = INFINITY;
	sc->hi = -INFINITY;
	for (i = 0; i < gs->n; i++) {
		line_name(gs->g[i], sc->xkey, &line);
		if (!strlist_has(&sc->lines, sb_str(&line)))
			strlist_add(&sc->lines, sb_str(&line));
		parse_double(kv_get(&gs->g[i]->keys, sc->xkey), &x);
		sc->lo = fmin(sc->lo, fmin(x, gs->g[i]->sum.d.median));
		sc->hi = fmax(sc->hi, fmax(x, gs->g[i]->sum.d.median));
	}
	if (!(sc->lo > 0))
		sc->lo = 0.5;
	sb_free(&line);
}

/* The grid of panels, the image's size and its bands. */
static void
sleep_layout(struct sleep_chart *sc, struct chart *c)
{
	const struct chart_groups *gs = sc->gs;
	size_t nby = gs->byvalues.n, nrow = gs->rowvalues.n, keyrows;

	sc->npanel = nby * (nrow > 0 ? nrow : 1);
	/* With rows (--rows label): a row of panels per value, as asked. */
	if (gs->rows != NULL) {
		sc->cols = nby;
		sc->rows = nrow;
	} else {
		sc->cols = sc->npanel < 3 ? sc->npanel : 3;
		sc->rows = (sc->npanel + sc->cols - 1) / sc->cols;
	}
	/* The legend's band: up to 5 entries a row (the y = x line too). */
	keyrows = (sc->lines.n + 1 + 4) / 5;
	c->width = sc->cols == 1 ? 1200 : 600 * (int)sc->cols;
	/*
	 * In pixels, so the bands keep their size at any number of rows:
	 * the title on top, then the panels, the legend and the footer.
	 */
	c->height = TITLE_PX + PANEL_PX * (int)sc->rows + 40 * (int)keyrows +
	    40 + FOOTER_PX;
	sc->footband = (double)FOOTER_PX / c->height;
	sc->keyband = sc->footband + (40.0 * (double)keyrows + 40) /
	    c->height;
	sc->panel_h = 1 - sc->keyband - (double)TITLE_PX / c->height;
}

/* Line j of panel k into sc->ln[j], by x, and its data block. */
static void
sleep_block(struct sleep_chart *sc, struct chart *c, size_t k, size_t j)
{
	const struct chart_groups *gs = sc->gs;
	struct line *ln = &sc->ln[j];
	struct strbuf line = STRBUF_INIT;
	const struct group *g;
	size_t i, q;

	ln->n = 0;
	for (i = 0; i < gs->n; i++) {
		line_name(gs->g[i], sc->xkey, &line);
		if (in_panel(gs, i, k) &&
		    strcmp(sb_str(&line), sc->lines.v[j]) == 0) {
			ln->pt[ln->n].g = gs->g[i];
			parse_double(kv_get(&gs->g[i]->keys, sc->xkey),
			    &ln->pt[ln->n++].x);
		}
	}
	qsort(ln->pt, ln->n, sizeof(*ln->pt), cmp_point);
	sb_addf(&c->gp, "$p%zu_%zu << EOD\n", k, j);
	for (q = 0; q < ln->n; q++) {
		g = ln->pt[q].g;
		gp_number(&c->gp, ln->pt[q].x);
		sb_add(&c->gp, " ", 1);
		gp_number(&c->gp, g->sum.d.median);
		/* No interval, no bar: the row has none. */
		if (g->sum.median_err == STATS_OK) {
			BARS(sc, k, j) = 1;
			sb_add(&c->gp, " ", 1);
			gp_number(&c->gp, g->sum.median.lo);
			sb_add(&c->gp, " ", 1);
			gp_number(&c->gp, g->sum.median.hi);
		}
		sb_add(&c->gp, "\n", 1);
	}
	sb_adds(&c->gp, "EOD\n");
	sb_free(&line);
}

/*
 * The data: one block per panel and line, by x: x, median, CI; and the
 * footer, with the lines that coincide.
 */
static void
sleep_data(struct sleep_chart *sc, struct chart *c)
{
	struct strbuf name = STRBUF_INIT, here = STRBUF_INIT;
	struct strbuf same = STRBUF_INIT;
	struct strlist sets = { NULL, 0 }, panels = { NULL, 0 };
	size_t j, k;

	sc->ln = xcalloc(sc->lines.n + 1, sizeof(*sc->ln));
	sc->bars = xcalloc(sc->npanel * sc->lines.n + 1, 1);
	for (j = 0; j < sc->lines.n; j++)
		sc->ln[j].pt = xcalloc(sc->gs->n + 1, sizeof(*sc->ln[j].pt));
	for (k = 0; k < sc->npanel; k++) {
		for (j = 0; j < sc->lines.n; j++)
			sleep_block(sc, c, k, j);
		panel_name(sc->gs, k, &name);
		coincide(sc->ln, sc->lines.n, &sc->lines, &here);
		strlist_add(&sets, sb_str(&here));
		strlist_add(&panels, sb_str(&name));
	}
	coincide_note(&sets, &panels, &same);
	medians_drawn(sc->gs->g, sc->gs->n, sc->gs->level, &sc->drawn);
	if (same.len > 0)
		sb_addf(&sc->drawn, "; one line (within 1%%): %s",
		    sb_str(&same));
	sb_free(&name);
	sb_free(&here);
	sb_free(&same);
	strlist_free(&sets);
	strlist_free(&panels);
}

/*
 * The panels' settings, which open the plot commands (gnuplot plays them
 * once per format: the legend's panel unsets them at the end of the
 * first); the titles and line styles, into the script.
 */
static void
sleep_setup(struct sleep_chart *sc, struct chart *c, struct strbuf *setup)
{
	const struct chart_groups *gs = sc->gs;
	struct strbuf text = STRBUF_INIT;
	size_t j;

	sb_adds(setup, "unset label\nset border\nset tics\nset grid\n"
	    "set logscale xy\nset format x '%g'\nset format y '%g'\n");
	/* The unit comes from the data: quoted like any user text. */
	sb_addf(&text, "requested (%s)", gs->n ? unit_label(gs->g[0]->unit) :
	    "");
	sb_adds(setup, "set xlabel ");
	gp_string(setup, sb_str(&text));
	sb_reset(&text);
	sb_addf(&text, "measured, median (%s)", gs->n ?
	    unit_label(gs->g[0]->unit) : "");
	sb_adds(setup, "\nset ylabel ");
	gp_string(setup, sb_str(&text));
	sb_adds(setup, "\n");
	sb_addf(setup, "set xrange [%g:%g]\nset yrange [%g:%g]\n",
	    sc->lo / 2, sc->hi * 2, sc->lo / 2, sc->hi * 2);
	chart_titles(&c->gp, sc->p, NULL, NULL);
	for (j = 0; j < sc->lines.n; j++)
		sb_addf(&c->gp, "set style line %zu lc rgb '%s' lw 2 dt %zu "
		    "pt %d ps 1.3 * kb_ps\n", j + 1, chart_color(j),
		    j % 5 + 1, point_types[j % NPOINT_TYPES]);
	sb_adds(&c->gp, "set style line 100 lc rgb '#999999' dt 2 lw 1.5\n");
	sb_free(&text);
}

/*
 * The panels, under one title, placed by hand over the legend's band;
 * the line through every median, the bars where they exist.
 */
static void
sleep_panels(struct sleep_chart *sc, const char *setup, struct strbuf *plot)
{
	struct strbuf text = STRBUF_INIT, style = STRBUF_INIT;
	size_t j, k;

	sb_adds(plot, "set multiplot title ");
	gp_string(plot, sc->p->title != NULL ? sc->p->title :
	    "Measured vs requested sleep");
	sb_adds(plot, " font ''.sprintf(',%g', 18 * kb_fs)\nunset key\n");
	sb_adds(plot, setup);
	for (k = 0; k < sc->npanel; k++) {
		sb_addf(plot, "set origin %g, %g\nset size %g, %g\n",
		    (double)(k % sc->cols) / (double)sc->cols, sc->keyband +
		    sc->panel_h * (double)(sc->rows - 1 -
		    panel_row(k, sc->cols)) / (double)sc->rows,
		    1.0 / (double)sc->cols, sc->panel_h / (double)sc->rows);
		sb_adds(plot, "set title ");
		panel_name(sc->gs, k, &text);
		gp_string(plot, sb_str(&text));
		sb_adds(plot, "\nplot x with lines ls 100 notitle");
		for (j = 0; j < sc->lines.n; j++) {
			sb_addf(plot, ", \\\n  $p%zu_%zu using 1:2 with "
			    "linespoints ls %zu notitle", k, j, j + 1);
			if (BARS(sc, k, j)) {
				sb_reset(&text);
				sb_addf(&text, "$p%zu_%zu", k, j);
				sb_reset(&style);
				sb_addf(&style, "ls %zu dt 1", j + 1);
				chart_vbars(plot, sb_str(&text),
				    sb_str(&style));
			}
		}
		sb_adds(plot, "\n");
	}
	sb_free(&text);
	sb_free(&style);
}

/* The legend, a panel of its own drawn last: every line named; the footer. */
static void
sleep_legend(struct sleep_chart *sc, struct strbuf *plot)
{
	size_t j;

	chart_titles(plot, sc->p, NULL, sb_str(&sc->drawn));
	sb_addf(plot, "set origin 0, %g\nset size 1, %g\n"
	    "unset title\nunset border\nunset tics\nunset xlabel\n"
	    "unset ylabel\nunset grid\nunset logscale\n"
	    "set xrange [0:1]\nset yrange [0:1]\n"
	    "set key center center horizontal maxcols 5 width 2 "
	    "font ''.sprintf(',%%g', 13 * kb_fs)\n"
	    "plot NaN with lines ls 100 title 'requested'", sc->footband,
	    sc->keyband - sc->footband);
	for (j = 0; j < sc->lines.n; j++) {
		sb_addf(plot, ", \\\n  NaN with linespoints ls %zu title ",
		    j + 1);
		gp_string(plot, sc->lines.v[j]);
	}
	sb_adds(plot, "\n");
}

enum status
chart_sleep(const struct plot_ctx *p, struct strbuf *err)
{
	struct sleep_chart sc;
	struct chart c;
	struct strbuf plot = STRBUF_INIT, setup = STRBUF_INIT;
	size_t j;
	enum status rc;

	memset(&sc, 0, sizeof(sc));
	sc.p = p;
	sc.gs = p->groups;
	if ((sc.xkey = numeric_key(sc.gs)) == NULL) {
		sb_adds(err, "no series key holds the requested durations (a "
		    "key whose values are all numbers, such as usec)");
		return STATUS_BAD_INPUT;
	}
	sleep_lines(&sc);
	memset(&c, 0, sizeof(c));
	c.batch = p->batch;
	sleep_layout(&sc, &c);
	chart_begin(&c, p->dir, p->name, p->formats,
	    "kbench plot sleep: measured vs requested sleep");
	sleep_data(&sc, &c);
	sleep_setup(&sc, &c, &setup);
	sleep_panels(&sc, sb_str(&setup), &plot);
	sleep_legend(&sc, &plot);
	rc = chart_end(&c, sb_str(&plot), err);
	chart_free(&c);
	for (j = 0; j < sc.lines.n; j++)
		free(sc.ln[j].pt);
	free(sc.ln);
	free(sc.bars);
	sb_free(&sc.drawn);
	strlist_free(&sc.lines);
	sb_free(&plot);
	sb_free(&setup);
	return rc;
}
