/*
 * charts.c: helpers shared by the chart builders.
 */
#include <string.h>

#include "charts.h"

const char *
numeric_key(const struct analysis *an, const struct groupset *gs)
{
	const char *v;
	double x;
	size_t k, i;

	for (k = 0; k < an->keynames.n; k++) {
		for (i = 0; i < gs->n; i++) {
			v = kv_get(&gs->g[i]->keys, an->keynames.v[k]);
			if (v == NULL || parse_double(v, &x) == -1)
				break;
		}
		if (i == gs->n && gs->n > 0)
			return an->keynames.v[k];
	}
	return NULL;
}

/* The values of g's keys, blank-separated, but skip and those in skipl. */
static void
values_but(const struct group *g, const char *skip,
    const struct strlist *skipl, struct strbuf *out)
{
	size_t i;

	sb_reset(out);
	for (i = 0; i < g->keys.n; i++) {
		if ((skip != NULL && strcmp(g->keys.v[i].key, skip) == 0) ||
		    (skipl != NULL && strlist_has(skipl, g->keys.v[i].key)))
			continue;
		if (out->len > 0)
			sb_add(out, " ", 1);
		sb_adds(out, g->keys.v[i].value);
	}
	if (out->len == 0)
		sb_adds(out, *g->series ? g->series : "all");
}

void
line_name(const struct group *g, const char *skip, struct strbuf *out)
{
	values_but(g, skip, NULL, out);
}

void
row_name(const struct analysis *an, const struct group *g, struct strbuf *out)
{
	values_but(g, NULL, &an->sidekeys, out);
}

void
chart_titles(struct strbuf *gp, const struct plot_ctx *p,
    const char *default_title, const char *drawn)
{
	struct strbuf foot = STRBUF_INIT;

	sb_adds(gp, "set encoding utf8\n");
	if (default_title != NULL) {
		sb_adds(gp, "set title ");
		gp_string(gp, p->title != NULL ? p->title : default_title);
		sb_adds(gp, " font ',18'\n");
	}
	if (p->subtitle != NULL)
		sb_adds(&foot, p->subtitle);
	if (drawn != NULL && *drawn != '\0')
		sb_addf(&foot, "%s%s", foot.len > 0 ? "; " : "", drawn);
	if (foot.len > 0) {
		sb_adds(gp, "set label 1 ");
		gp_string(gp, sb_str(&foot));
		sb_adds(gp, " at screen 0.5, screen 0.015 center font ',11' "
		    "textcolor rgb '#555555'\n");
	}
	sb_free(&foot);
	sb_adds(gp, "set grid lc rgb '#dddddd'\n"
	    "set border lc rgb '#444444'\n"
	    "set bmargin 6\n");
}

void
medians_drawn(const struct group *const *g, size_t n, double level,
    struct strbuf *out)
{
	size_t i, with = 0, single = 0, nmin = 0;

	for (i = 0; i < n; i++) {
		if (g[i]->sum.median_err == STATS_OK)
			with++;
		else if (g[i]->sum.median_err == STATS_ETOOFEW)
			nmin = g[i]->sum.median.nmin;
		single += g[i]->n <= 1;
	}
	if (with == n)
		sb_addf(out, "%g%% intervals of the median", level);
	else if (single == n)
		sb_adds(out, "single values, no intervals");
	else if (with == 0)
		sb_addf(out, "medians without intervals (n < %zu)", nmin);
	else if (nmin > 0)
		sb_addf(out, "%g%% intervals of the median where n >= %zu",
		    level, nmin);
	else
		sb_addf(out, "%g%% intervals of the median where there is one",
		    level);
}

const char *
unit_label(const char *unit)
{
	return strcmp(unit, "us") == 0 ? "\xc2\xb5s" : unit;
}

/* Colors that stay apart on white (ColorBrewer Dark2, then Paired). */
const char *
chart_color(size_t i)
{
	static const char *const palette[] = {
		"#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e",
		"#e6ab02", "#a6761d", "#666666", "#1f78b4", "#b2df8a",
		"#fb9a99", "#cab2d6"
	};

	return palette[i % (sizeof(palette) / sizeof(palette[0]))];
}
