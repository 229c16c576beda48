/*
 * charts.c: helpers shared by the chart builders.
 */
#include <stdlib.h>
#include <string.h>

#include "plots/charts.h"

const char *
numeric_key(const struct chart_groups *cg)
{
	const char *v;
	double x;
	size_t k, i;

	for (k = 0; k < cg->keynames->n; k++) {
		for (i = 0; i < cg->n; i++) {
			v = kv_get(&cg->g[i]->keys, cg->keynames->v[k]);
			if (v == NULL || parse_double(v, &x) == -1)
				break;
		}
		if (i == cg->n && cg->n > 0)
			return cg->keynames->v[k];
	}
	return NULL;
}

static void
chart_groups_alloc(struct chart_groups *cg, const struct analysis *an,
    size_t n)
{
	memset(cg, 0, sizeof(*cg));
	cg->g = xcalloc(n + 1, sizeof(*cg->g));
	cg->by = xcalloc(n + 1, sizeof(*cg->by));
	cg->keynames = &an->keynames;
	cg->level = an->level;
}

void
chart_groups_summary(struct chart_groups *cg, const struct analysis *an)
{
	const struct groupset *gs = &an->gs;
	size_t i;

	chart_groups_alloc(cg, an, gs->n);
	for (i = 0; i < gs->n; i++) {
		cg->g[i] = gs->g[i];
		cg->by[i] = gs->g[i]->by;
	}
	cg->n = gs->n;
	cg->bykey = an->by;
	for (i = 0; i < gs->byvalues.n; i++)
		strlist_add(&cg->byvalues, gs->byvalues.v[i]);
	cg->rows = an->rows;
	for (i = 0; i < gs->rowvalues.n; i++)
		strlist_add(&cg->rowvalues, gs->rowvalues.v[i]);
}

void
chart_groups_sides(struct chart_groups *cg, const struct analysis *an)
{
	size_t i;

	chart_groups_alloc(cg, an, 2 * an->ncmp);
	for (i = 0; i < an->ncmp; i++) {
		cg->g[cg->n] = an->cmp[i].a;
		cg->by[cg->n++] = an->name_a;
		cg->g[cg->n] = an->cmp[i].b;
		cg->by[cg->n++] = an->name_b;
	}
	cg->bykey = "side";
	strlist_add(&cg->byvalues, an->name_a);
	strlist_add(&cg->byvalues, an->name_b);
}

void
chart_groups_free(struct chart_groups *cg)
{
	free(cg->g);
	free(cg->by);
	strlist_free(&cg->byvalues);
	strlist_free(&cg->rowvalues);
	memset(cg, 0, sizeof(*cg));
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
	/* No key (an import without --key): the series' name; every key
	 * skipped (plot sleep --by method): one line, the same in each panel. */
	if (out->len == 0)
		sb_adds(out, g->keys.n == 0 && *g->series ? g->series : "all");
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

/* The distinct values of key among the runs of gs, ", "-joined. */
static void
run_values(const struct groupset *gs, const char *key, struct strbuf *out)
{
	struct strlist seen = { NULL, 0 };
	const char *v;
	size_t i;

	sb_reset(out);
	for (i = 0; i < gs->nruns; i++) {
		v = kv_get(&gs->runs[i].facts, key);
		if (v == NULL || strlist_has(&seen, v))
			continue;
		strlist_add(&seen, v);
		if (seen.n <= 3)
			sb_addf(out, "%s%s", seen.n > 1 ? ", " : "", v);
	}
	if (seen.n > 3) {
		sb_reset(out);
		sb_addf(out, "%zu values", seen.n);
	}
	strlist_free(&seen);
}

/*
 * A footer's description of the runs drawn: "host vm; kernel 6.1.0; HZ
 * 250; 12 runs; 20 to 40 samples per point"; for a comparison, a fact that
 * differs between the sides is given per side ("host: before pi, after
 * vm"), and the runs are counted per side.  Only the runs the analysis
 * read: never the rest of the database.
 */
void
chart_runs_footer(const struct analysis *an, struct strbuf *out)
{
	static const struct {
		const char	*key, *name;
	} facts[] = {
		{ "host", "host" }, { "kernel_release", "kernel" }, { "hz", "HZ" },
	};
	const struct groupset *gs[3] = { &an->gs, &an->ga, &an->gb };
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	size_t i, k, nmin = (size_t)-1, nmax = 0;

	for (i = 0; i < sizeof(facts) / sizeof(facts[0]); i++) {
		run_values(an->compare ? &an->ga : &an->gs, facts[i].key, &a);
		run_values(an->compare ? &an->gb : &an->gs, facts[i].key, &b);
		if (a.len == 0 && b.len == 0)
			continue;
		if (strcmp(sb_str(&a), sb_str(&b)) == 0)
			sb_addf(out, "%s%s %s", out->len ? "; " : "",
			    facts[i].name, sb_str(&a));
		else
			sb_addf(out, "%s%s: %s %s, %s %s", out->len ? "; " : "",
			    facts[i].name, an->name_a, a.len ? sb_str(&a) : "-",
			    an->name_b, b.len ? sb_str(&b) : "-");
	}
	if (an->compare)
		sb_addf(out, "%s%s: %zu run%s, %s: %zu run%s", out->len ? "; " :
		    "", an->name_a, an->ga.nruns, an->ga.nruns == 1 ? "" : "s",
		    an->name_b, an->gb.nruns, an->gb.nruns == 1 ? "" : "s");
	else
		sb_addf(out, "%s%zu run%s", out->len ? "; " : "", an->gs.nruns,
		    an->gs.nruns == 1 ? "" : "s");
	for (k = 0; k < 3; k++)
		for (i = 0; i < gs[k]->n; i++) {
			if (gs[k]->g[i]->n < nmin)
				nmin = gs[k]->g[i]->n;
			if (gs[k]->g[i]->n > nmax)
				nmax = gs[k]->g[i]->n;
		}
	/* Samples, whatever the comparison counts in (it says its unit). */
	if (nmax > 0 && nmin == nmax)
		sb_addf(out, "; %zu sample%s %s", nmin, nmin == 1 ? "" : "s",
		    an->compare ? "a side" : "per point");
	else if (nmax > 0)
		sb_addf(out, "; %zu to %zu samples %s", nmin, nmax, an->compare ?
		    "a side" : "per point");
	sb_free(&a);
	sb_free(&b);
}

/* A footer line holds this much: 1200 pixels of an 11-point font. */
#define FOOTER_COLUMNS	150

/*
 * The footer as a gnuplot string expression, cut at "; " into lines of
 * FOOTER_COLUMNS at most: 'one; two'."\n".'three'.  Returns the lines.
 */
static int
footer_lines(struct strbuf *gp, const char *text)
{
	struct strbuf line = STRBUF_INIT;
	const char *p = text, *next;
	size_t len;
	int lines = 1;

	while (*p != '\0') {
		next = strstr(p, "; ");
		len = next != NULL ? (size_t)(next - p) : strlen(p);
		if (line.len > 0 && line.len + 2 + len > FOOTER_COLUMNS) {
			gp_string(gp, sb_str(&line));
			sb_adds(gp, ".\"\\n\".");
			sb_reset(&line);
			lines++;
		} else if (line.len > 0)
			sb_adds(&line, "; ");
		sb_add(&line, p, len);
		p += len;
		if (next != NULL)
			p += 2;
	}
	gp_string(gp, sb_str(&line));
	sb_free(&line);
	return lines;
}

void
chart_titles(struct strbuf *gp, const struct plot_ctx *p,
    const char *default_title, const char *drawn)
{
	struct strbuf foot = STRBUF_INIT;
	int lines;

	sb_adds(gp, "set encoding utf8\n");
	if (default_title != NULL) {
		sb_adds(gp, "set title ");
		gp_string(gp, p->title != NULL ? p->title : default_title);
		sb_adds(gp, " font ''.sprintf(',%g', 18 * kb_fs)\n");
	}
	if (p->subtitle != NULL)
		sb_adds(&foot, p->subtitle);
	if (drawn != NULL && *drawn != '\0')
		sb_addf(&foot, "%s%s", foot.len > 0 ? "; " : "", drawn);
	lines = 0;
	if (foot.len > 0) {
		sb_adds(gp, "set label 1 ");
		lines = footer_lines(gp, sb_str(&foot));
		/* Its last line above the bottom edge, whatever the height. */
		sb_addf(gp, " at screen 0.5, screen 0 center offset 0, %.1f "
		    "font ''.sprintf(',%%g', 11 * kb_fs) "
		    "textcolor rgb '#555555'\n", 0.2 + (double)lines);
	}
	/* What stands above the footer (a key, the x label) goes up a line
	 * a footer line: kb_foot says how many. */
	sb_addf(gp, "kb_foot = %d\n", lines);
	sb_free(&foot);
	/* Error bars through their point, no white disc behind it. */
	sb_adds(gp, "unset pointintervalbox\n");
	sb_adds(gp, "set grid lc rgb '#dddddd'\n"
	    "set border lc rgb '#444444'\n"
	    "set bmargin 5 + kb_foot\n");
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

void
chart_vbars(struct strbuf *plot, const char *block, const char *style)
{
	sb_addf(plot, ", \\\n  %s using 1:3:(0):($4 - $3) with vectors heads "
	    "size screen 0.004,90 %s notitle", block, style);
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
