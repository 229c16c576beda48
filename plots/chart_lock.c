/*
 * chart_lock.c: the mtx/rw/rm chart the 2007 pfil thread should have
 * had: ns per chain call (median, with its interval) for each hook lock,
 * one panel per thread count.  A bar per head lock (and per label); with
 * --compare a bar per side, and above each pair the change with its
 * interval, colored by verdict: the seed's "rm hook: ~35% +/- 5", with
 * the numbers of the comparison table.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/format.h"
#include "plots/charts.h"

/* One bar: a group at a panel (threads), an x (hook) and a bar slot. */
struct bar {
	const struct group	*g;
	size_t			 panel, hook, slot;
};

struct lock_layout {
	struct strlist	 threads, hooks, slots;	/* panels, x, bars */
	struct bar	*bar;
	size_t		 nbar;
	double		 width;			/* of one bar, in x units */
};


/*
 * The slot (legend entry) of a group: its head lock, and where needed its
 * side or by value; a comparison along the head is named by its sides.
 */
static void
slot_name(const struct analysis *an, const struct group *g, const char *side,
    struct strbuf *out)
{
	sb_reset(out);
	if (side != NULL && strlist_has(&an->sidekeys, "head"))
		sb_adds(out, side);
	else if (side != NULL)
		sb_addf(out, "head %s, %s", kv_get(&g->keys, "head"), side);
	else if (an->gs.byvalues.n > 1)
		sb_addf(out, "head %s, %s", kv_get(&g->keys, "head"), g->by);
	else
		sb_addf(out, "head %s", kv_get(&g->keys, "head"));
}

/* Place a group; -1 with err set when it is not a lock series. */
static int
place(struct lock_layout *L, const struct analysis *an, const struct group *g,
    const char *side, struct strbuf *name, struct strbuf *err)
{
	struct bar *b;

	if (kv_get(&g->keys, "head") == NULL || kv_get(&g->keys, "hook") ==
	    NULL || kv_get(&g->keys, "threads") == NULL) {
		sb_addf(err, "series '%s' is not a lock series (keys head, hook, "
		    "threads): select -b lock", g->series);
		return -1;
	}
	strlist_add_distinct(&L->threads, kv_get(&g->keys, "threads"));
	strlist_add_distinct(&L->hooks, kv_get(&g->keys, "hook"));
	slot_name(an, g, side, name);
	strlist_add_distinct(&L->slots, sb_str(name));
	L->bar = xreallocarray(L->bar, L->nbar + 1, sizeof(*L->bar));
	b = &L->bar[L->nbar++];
	b->g = g;
	b->panel = strlist_index(&L->threads, kv_get(&g->keys, "threads"));
	b->hook = strlist_index(&L->hooks, kv_get(&g->keys, "hook"));
	b->slot = strlist_index(&L->slots, sb_str(name));
	return 0;
}

/* Has a bar of panel t and slot b an interval?  Else draw no bars. */
static int
slot_has_ci(const struct lock_layout *L, size_t t, size_t b)
{
	size_t k;

	for (k = 0; k < L->nbar; k++)
		if (L->bar[k].panel == t && L->bar[k].slot == b &&
		    L->bar[k].g->sum.median_err == STATS_OK)
			return 1;
	return 0;
}

static double
bar_x(const struct lock_layout *L, const struct bar *b)
{
	return (double)b->hook + ((double)b->slot -
	    (double)(L->slots.n - 1) / 2) * L->width;
}

/* The top of a bar: its interval's, or its median. */
static double
bar_top(const struct group *g)
{
	return g->sum.median_err == STATS_OK ? g->sum.median.hi :
	    g->sum.d.median;
}

/*
 * The change of each comparison over its pair of bars: "-35.2%" and its
 * interval, or "-35.2% (no interval)", in the verdict's color.
 */
static void
change_labels(struct strbuf *gp, const struct lock_layout *L,
    const struct analysis *an, size_t panel, int *tag)
{
	const struct comparison *c;
	const struct bar *ba, *bb;
	struct strbuf text = STRBUF_INIT;
	char pct[40];
	size_t i, k;

	for (i = 0; i < an->ncmp; i++) {
		c = &an->cmp[i];
		ba = bb = NULL;
		for (k = 0; k < L->nbar; k++) {
			if (L->bar[k].g == c->a)
				ba = &L->bar[k];
			if (L->bar[k].g == c->b)
				bb = &L->bar[k];
		}
		if (ba == NULL || bb == NULL || ba->panel != panel ||
		    isnan(c->change.est))
			continue;
		/*
		 * Only numbers of ours in the text: a double-quoted string,
		 * so that \n breaks the line.
		 */
		sb_reset(&text);
		/* One decimal, as its interval below, down to 1%; under it
		   two digits ("+0.0%" said nothing). */
		if (c->scale == SCALE_RATIO && fabs(c->change.est) >= 0.01)
			sb_addf(&text, "%+.1f%%", 100 * c->change.est);
		else if (c->scale == SCALE_RATIO)
			sb_adds(&text, format_pct(pct, sizeof(pct),
			    c->change.est));
		else
			sb_addf(&text, "%+.4g", c->change.est);
		if (c->change_err == STATS_OK && c->scale == SCALE_RATIO)
			/* Whole percents past 100: neighbours' labels fit. */
			sb_addf(&text, "\\n[%+.*f, %+.*f]",
			    fabs(c->change.lo) < 1 ? 1 : 0, 100 * c->change.lo,
			    fabs(c->change.hi) < 1 ? 1 : 0, 100 * c->change.hi);
		else if (c->change_err == STATS_OK)
			sb_addf(&text, "\\n[%+.4g, %+.4g]", c->change.lo,
			    c->change.hi);
		else
			sb_adds(&text, "\\nno interval");
		sb_addf(gp, "set label %d \"%s\" at ", (*tag)++, sb_str(&text));
		gp_number(gp, (bar_x(L, ba) + bar_x(L, bb)) / 2);
		sb_adds(gp, ", ");
		gp_number(gp, fmax(bar_top(ba->g), bar_top(bb->g)));
		sb_addf(gp, " center offset 0, 2 "
		    "font ''.sprintf(',%%g', 11 * kb_fs) textcolor rgb '%s'\n",
		    c->verdict == VERDICT_IMPROVED ? "#1a9850" :
		    c->verdict == VERDICT_REGRESSED ? "#d73027" : "#555555");
	}
	sb_free(&text);
}

/*
 * The groups drawn into g (both sides of each comparison, or every
 * group), *n of them, each placed in L.  0, or -1 with err set.
 */
static int
lock_place(struct lock_layout *L, const struct analysis *an,
    const struct group **g, size_t *n, struct strbuf *err)
{
	struct strbuf name = STRBUF_INIT;
	size_t i;
	int rc = -1;

	*n = 0;
	for (i = 0; an->compare && i < an->ncmp; i++) {
		g[(*n)++] = an->cmp[i].a;
		g[(*n)++] = an->cmp[i].b;
		if (place(L, an, an->cmp[i].a, an->name_a, &name, err) == -1 ||
		    place(L, an, an->cmp[i].b, an->name_b, &name, err) == -1)
			goto out;
	}
	for (i = 0; !an->compare && i < an->gs.n; i++) {
		g[(*n)++] = an->gs.g[i];
		if (place(L, an, an->gs.g[i], NULL, &name, err) == -1)
			goto out;
	}
	rc = 0;
out:
	sb_free(&name);
	return rc;
}

/*
 * One block per panel and slot: x, median, lo, hi per hook.  Bars are
 * boxes at computed offsets (not a gnuplot histogram, which needs an
 * interval for every bar): a median without an interval has NaN bounds,
 * and no error bar.
 */
static void
lock_data(const struct lock_layout *L, struct strbuf *gp)
{
	const struct group *h;
	size_t t, b, k;

	for (t = 0; t < L->threads.n; t++)
		for (b = 0; b < L->slots.n; b++) {
			sb_addf(gp, "$t%zu_%zu << EOD\n", t, b);
			for (k = 0; k < L->nbar; k++) {
				h = L->bar[k].g;
				if (L->bar[k].panel != t || L->bar[k].slot != b)
					continue;
				gp_number(gp, bar_x(L, &L->bar[k]));
				sb_add(gp, " ", 1);
				gp_number(gp, h->sum.d.median);
				sb_add(gp, " ", 1);
				gp_number(gp, h->sum.median_err == STATS_OK ?
				    h->sum.median.lo : NAN);
				sb_add(gp, " ", 1);
				gp_number(gp, h->sum.median_err == STATS_OK ?
				    h->sum.median.hi : NAN);
				sb_add(gp, "\n", 1);
			}
			sb_adds(gp, "EOD\n");
		}
}

/*
 * The bars' style and the axes: one scale for every panel (1 and 2
 * threads compare at a glance), a tic per hook lock.
 */
static void
lock_axes(const struct lock_layout *L, const struct analysis *an,
    const struct group *first, struct strbuf *gp)
{
	struct strbuf label = STRBUF_INIT;
	double ymax = 0;
	size_t k;

	for (k = 0; k < L->nbar; k++)
		ymax = fmax(ymax, bar_top(L->bar[k].g));
	sb_addf(gp, "set style fill solid 0.85 border -1\n"
	    "set boxwidth %g\n"
	    "set ylabel ", 0.9 * L->width);
	sb_addf(&label, "%s per chain call, median (%s is better)",
	    unit_label(first->unit), first->better);
	gp_string(gp, sb_str(&label));
	sb_addf(gp, "\nset xlabel 'hook lock'\n"
	    "set xrange [-0.6:%g]\n"
	    "set yrange [0:%g]\n"
	    "set key top left Left reverse box opaque width 1 "
	    "font ''.sprintf(',%%g', 13 * kb_fs)\n"
	    "set xtics scale 0 font ''.sprintf(',%%g', 14 * kb_fs) (",
	    (double)L->hooks.n - 0.4, ymax * (an->compare ? 1.35 : 1.15));
	for (k = 0; k < L->hooks.n; k++) {
		sb_adds(gp, k ? ", " : "");
		gp_string(gp, L->hooks.v[k]);
		sb_addf(gp, " %zu", k);
	}
	sb_adds(gp, ")\n");
	sb_free(&label);
}

/* The panels, a thread count each, rows x cols under one title. */
static void
lock_panels(const struct lock_layout *L, const struct plot_ctx *p,
    const char *drawn, size_t rows, size_t cols, struct strbuf *plot)
{
	const struct analysis *an = p->an;
	struct strbuf name = STRBUF_INIT;
	size_t t, b;
	int tag = 10;

	sb_addf(plot, "set multiplot layout %zu,%zu title ", rows, cols);
	gp_string(plot, p->title != NULL ? p->title :
	    "pfil hook chain: cost per call by hook lock and head lock");
	sb_adds(plot, " font ''.sprintf(',%g', 18 * kb_fs)\n");
	for (t = 0; t < L->threads.n; t++) {
		/*
		 * The previous panel's change labels go (the script is played
		 * once per format, so the last panel's too), the footer back.
		 */
		sb_adds(plot, "unset label\n");
		chart_titles(plot, p, NULL, drawn);
		sb_adds(plot, "set title ");
		sb_reset(&name);
		sb_addf(&name, "%s thread%s", L->threads.v[t],
		    strcmp(L->threads.v[t], "1") == 0 ? "" : "s");
		gp_string(plot, sb_str(&name));
		sb_adds(plot, " font ''.sprintf(',%g', 15 * kb_fs)\n");
		if (an->compare)
			change_labels(plot, L, an, t, &tag);
		sb_adds(plot, t == 0 ? "set key\n" : "unset key\n");
		sb_adds(plot, "plot ");
		for (b = 0; b < L->slots.n; b++) {
			sb_addf(plot, "%s$t%zu_%zu using 1:2 with boxes lc rgb "
			    "'%s' title ", b ? ", \\\n  " : "", t, b,
			    chart_color(b));
			gp_string(plot, L->slots.v[b]);
			sb_reset(&name);
			sb_addf(&name, "$t%zu_%zu", t, b);
			if (slot_has_ci(L, t, b))
				chart_vbars(plot, sb_str(&name),
				    "lc rgb '#333333' lw 1.5");
		}
		sb_adds(plot, "\n");
	}
	sb_free(&name);
}

enum status
chart_lock(const struct plot_ctx *p, struct strbuf *err)
{
	const struct analysis *an = p->an;
	const struct group **g;
	struct lock_layout L;
	struct strbuf plot = STRBUF_INIT, drawn = STRBUF_INIT;
	struct chart c;
	size_t n, cols, rows;
	char lv[40];
	enum status rc = STATUS_BAD_INPUT;

	memset(&L, 0, sizeof(L));
	memset(&c, 0, sizeof(c));
	c.batch = p->batch;
	g = xcalloc(2 * an->ncmp + an->gs.n + 1, sizeof(*g));
	if (lock_place(&L, an, g, &n, err) == -1)
		goto out;
	if (n == 0 || L.threads.n == 0) {
		sb_adds(err, "nothing to draw");
		goto out;
	}
	/* Two panels a row at most: it stays readable in a report. */
	cols = L.threads.n < 2 ? L.threads.n : 2;
	rows = (L.threads.n + cols - 1) / cols;
	c.width = cols == 1 ? 1100 : 650 * (int)cols;
	c.height = (an->compare ? 720 : 640) * (int)rows + 60;
	L.width = 0.8 / (double)L.slots.n;
	chart_begin(&c, p->dir, p->name, p->formats,
	    "kbench plot lock: ns per chain call, by hook lock and head lock");
	lock_data(&L, &c.gp);
	medians_drawn(g, n, an->level, &drawn);
	if (an->compare) {
		sb_addf(&drawn, "; above: the change, %s interval, ",
		    compare_level_text(lv, sizeof(lv), an->ci_level));
		method_unit_brief(an, &drawn);
	}
	chart_titles(&c.gp, p, NULL, sb_str(&drawn));
	lock_axes(&L, an, g[0], &c.gp);
	lock_panels(&L, p, sb_str(&drawn), rows, cols, &plot);
	rc = chart_end(&c, sb_str(&plot), err);
out:
	chart_free(&c);
	free(g);
	free(L.bar);
	strlist_free(&L.threads);
	strlist_free(&L.hooks);
	strlist_free(&L.slots);
	sb_free(&plot);
	sb_free(&drawn);
	return rc;
}
