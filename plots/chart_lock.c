/*
 * chart_lock.c: the mtx/rw/rm chart the 2007 pfil thread should have
 * had: ns per chain call (median, with its interval) for each hook lock,
 * a bar per head lock (and per label, or per side of --compare), one
 * panel per thread count.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "charts.h"

static void
add_distinct(struct strlist *l, const char *v)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i], v) == 0)
			return;
	strlist_add(l, v);
}

/* The bar a group belongs to: its head lock, and where needed its side. */
static void
bar_name(const struct analysis *an, const struct group *g, const char *side,
    struct strbuf *out)
{
	sb_reset(out);
	sb_adds(out, kv_get(&g->keys, "head"));
	if (side != NULL)
		sb_addf(out, " %s", side);
	else if (an->gs.byvalues.n > 1)
		sb_addf(out, " %s", g->by);
}

int
chart_lock(const struct plot_ctx *p, struct strbuf *err)
{
	const struct analysis *an = p->an;
	const struct group **g;
	const char **side;
	struct strlist threads = { NULL, 0 }, hooks = { NULL, 0 };
	struct strlist bars = { NULL, 0 };
	struct strbuf plot = STRBUF_INIT, name = STRBUF_INIT;
	struct strbuf drawn = STRBUF_INIT;
	struct chart c;
	size_t i, n = 0, t, h, b, k, total, cols, rows;
	double ymax = 0, bw;
	int rc = -1;

	total = an->compare ? 2 * an->ncmp : an->gs.n;
	g = xcalloc(total + 1, sizeof(*g));
	side = xcalloc(total + 1, sizeof(*side));
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
	for (i = 0; i < n; i++) {
		if (kv_get(&g[i]->keys, "head") == NULL ||
		    kv_get(&g[i]->keys, "hook") == NULL ||
		    kv_get(&g[i]->keys, "threads") == NULL) {
			sb_addf(err, "series '%s' is not a lock series (keys head, "
			    "hook, threads): select -b lock", g[i]->series);
			goto out;
		}
		add_distinct(&threads, kv_get(&g[i]->keys, "threads"));
		add_distinct(&hooks, kv_get(&g[i]->keys, "hook"));
		bar_name(an, g[i], side[i], &name);
		add_distinct(&bars, sb_str(&name));
	}
	if (n == 0) {
		sb_adds(err, "nothing to draw");
		goto out;
	}
	memset(&c, 0, sizeof(c));
	cols = threads.n < 3 ? threads.n : 3;
	rows = (threads.n + cols - 1) / cols;
	c.width = cols == 1 ? 1200 : 700 * (int)cols;
	c.height = 800 * (int)rows;
	chart_begin(&c, p->dir, p->name, p->formats,
	    "kbench plot lock: ns per chain call, by hook lock and head lock");
	/*
	 * One block per thread count and bar: x, median, lo, hi per hook.
	 * Bars are drawn as boxes at computed offsets (not as a gnuplot
	 * histogram, which needs an interval for every bar): a median with
	 * no interval gets NaN bounds, and no error bar.
	 */
	bw = 0.8 / (double)bars.n;
	for (t = 0; t < threads.n; t++)
		for (b = 0; b < bars.n; b++) {
			sb_addf(&c.gp, "$t%zu_%zu << EOD\n", t, b);
			for (h = 0; h < hooks.n; h++) {
				const struct group *hit = NULL;

				for (k = 0; k < n; k++) {
					bar_name(an, g[k], side[k], &name);
					if (strcmp(kv_get(&g[k]->keys, "threads"),
					    threads.v[t]) == 0 &&
					    strcmp(kv_get(&g[k]->keys, "hook"),
					    hooks.v[h]) == 0 &&
					    strcmp(sb_str(&name), bars.v[b]) == 0)
						hit = g[k];
				}
				if (hit == NULL)
					continue;
				gp_number(&c.gp, (double)h + ((double)b -
				    (double)(bars.n - 1) / 2) * bw);
				sb_add(&c.gp, " ", 1);
				gp_number(&c.gp, hit->sum.d.median);
				sb_add(&c.gp, " ", 1);
				gp_number(&c.gp, hit->sum.median_err == STATS_OK ?
				    hit->sum.median.lo : NAN);
				sb_add(&c.gp, " ", 1);
				gp_number(&c.gp, hit->sum.median_err == STATS_OK ?
				    hit->sum.median.hi : NAN);
				sb_add(&c.gp, "\n", 1);
			}
			sb_adds(&c.gp, "EOD\n");
		}
	medians_drawn(g, n, an->level, &drawn);
	chart_titles(&c.gp, p, NULL, sb_str(&drawn));
	/*
	 * One scale for every panel: 1 and 2 threads compare at a glance.
	 * No g[k] is NULL: the analyzer guesses so from "hit" above.
	 * NOLINTBEGIN(clang-analyzer-core.NullDereference)
	 */
	for (k = 0; k < n; k++)
		ymax = fmax(ymax, g[k]->sum.median_err == STATS_OK ?
		    g[k]->sum.median.hi : g[k]->sum.d.median);
	/* NOLINTEND(clang-analyzer-core.NullDereference) */
	sb_addf(&c.gp, "set style fill solid 0.85 border -1\n"
	    "set boxwidth %g\n"
	    "set ylabel 'ns per chain call, median (lower is better)'\n"
	    "set xlabel 'hook lock'\n"
	    "set xrange [-0.6:%g]\n"
	    "set yrange [0:%g]\n"
	    "set key top left box opaque font ',11'\n"
	    "set xtics scale 0 (", 0.9 * bw, (double)hooks.n - 0.4, ymax * 1.15);
	for (h = 0; h < hooks.n; h++) {
		sb_adds(&c.gp, h ? ", " : "");
		gp_string(&c.gp, hooks.v[h]);
		sb_addf(&c.gp, " %zu", h);
	}
	sb_adds(&c.gp, ")\n");
	sb_addf(&plot, "set multiplot layout %zu,%zu title ", rows, cols);
	gp_string(&plot, p->title != NULL ? p->title :
	    "pfil hook chain: cost per call by hook lock and head lock");
	sb_adds(&plot, " font ',18'\n");
	for (t = 0; t < threads.n; t++) {
		sb_adds(&plot, "set title ");
		sb_reset(&name);
		sb_addf(&name, "%s thread%s", threads.v[t],
		    strcmp(threads.v[t], "1") == 0 ? "" : "s");
		gp_string(&plot, sb_str(&name));
		sb_adds(&plot, t == 0 ? "\nset key\n" : "\nunset key\n");
		sb_adds(&plot, "plot ");
		for (b = 0; b < bars.n; b++) {
			sb_addf(&plot, "%s$t%zu_%zu using 1:2 with boxes lc rgb "
			    "'%s' title ", b ? ", \\\n  " : "", t, b,
			    chart_color(b));
			sb_reset(&name);
			sb_addf(&name, "head %s", bars.v[b]);
			gp_string(&plot, sb_str(&name));
			sb_addf(&plot, ", \\\n  $t%zu_%zu using 1:2:3:4 with "
			    "yerrorbars lc rgb '#333333' lw 1.5 ps 0 notitle", t,
			    b);
		}
		sb_adds(&plot, "\n");
	}
	rc = chart_end(&c, sb_str(&plot), err);
	chart_free(&c);
out:
	free(g);
	free(side);
	strlist_free(&threads);
	strlist_free(&hooks);
	strlist_free(&bars);
	sb_free(&plot);
	sb_free(&name);
	sb_free(&drawn);
	return rc;
}
