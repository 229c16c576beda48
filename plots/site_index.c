/*
 * site_index.c: index.html, every series in a table per benchmark (by
 * host, then keys), each with a sparkline of its run medians drawn here
 * as a small inline SVG (no gnuplot: 200 of them would cost a minute),
 * its latest value and its last change point; and regressions.html,
 * every change point, newest first.  Both have the same filters
 * (site.js): benchmark, host, label, "a change in the last N runs",
 * "regressions only"; and sortable columns.  Without JavaScript the
 * tables are whole, in their default order.
 *
 * What the filters read is in each row's data- attributes: data-b and
 * data-h (benchmark, host, escaped like any text), data-l (the labels of
 * its runs as index ranges into the page's <datalist>: "0-59"), data-age
 * (runs since its last change point began) and data-dir (reg or imp).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/group.h"
#include "kbench_exit.h"
#include "plots/site.h"
#include "lib/table.h"

/* The sparkline: pixels, and the most points it draws (bucket means). */
#define SPARK_W		120
#define SPARK_H		32
#define SPARK_PAD	2
#define SPARK_MAX	120
#define SPARK_SPAN	0.2	/* the least height, of the level: +-10% */

static const char *
plural(size_t n)
{
	return n == 1 ? "" : "s";
}

/* The x of point k of n in the sparkline. */
static double
spark_x(double k, size_t n)
{
	if (n < 2)
		return SPARK_W / 2.0;
	return SPARK_PAD + k * (SPARK_W - 2 * SPARK_PAD) / (double)(n - 1);
}

static void
sparkline(FILE *fp, const struct hseries *hs)
{
	double v[SPARK_MAX], at[SPARK_MAX], lo = INFINITY, hi = -INFINITY, y, x;
	double mid, span;
	size_t nb, b, k, from, to;
	const struct trend_cp *cp;

	nb = hs->npt < SPARK_MAX ? hs->npt : SPARK_MAX;
	/* Bucket b: points [b npt / nb, (b + 1) npt / nb), their mean. */
	for (b = 0; b < nb; b++) {
		from = b * hs->npt / nb;
		to = (b + 1) * hs->npt / nb;
		v[b] = 0;
		for (k = from; k < to; k++)
			v[b] += hs->pt[k].median;
		v[b] /= (double)(to - from);
		at[b] = (double)(from + to - 1) / 2;
		lo = fmin(lo, v[b]);
		hi = fmax(hi, v[b]);
	}
	/*
	 * The height spans at least SPARK_SPAN of the level, centred: a
	 * -6.6% step is a third of it, not a crash from top to bottom.
	 */
	mid = (hi + lo) / 2;
	span = fmax(hi - lo, SPARK_SPAN * fabs(mid));
	lo = mid - span / 2;
	hi = mid + span / 2;
	fprintf(fp, "<svg class=\"spark\" width=\"%d\" height=\"%d\" viewBox="
	    "\"0 0 %d %d\" role=\"img\" aria-label=\"%zu run medians, the "
	    "height at least %g%% of their level\">", SPARK_W, SPARK_H, SPARK_W,
	    SPARK_H, hs->npt, 100 * SPARK_SPAN);
	/* (hs->cp is set when ncp > 0; the analyzer cannot tell.) */
	for (k = 0; hs->cp != NULL && k < hs->ncp; k++) {
		cp = &hs->cp[k];
		x = spark_x((double)cp->index - 0.5, hs->npt);
		fprintf(fp, "<line class=\"%s\" x1=\"%.1f\" x2=\"%.1f\" y1=\"0\" "
		    "y2=\"%d\"/>", history_regressed(hs, cp) ? "reg" : "imp", x,
		    x, SPARK_H);
	}
	fputs("<polyline points=\"", fp);
	for (b = 0; b < nb; b++) {
		/* A flat history: a line through the middle. */
		y = hi > lo ? SPARK_H - SPARK_PAD - (v[b] - lo) / (hi - lo) *
		    (SPARK_H - 2 * SPARK_PAD) : SPARK_H / 2.0;
		fprintf(fp, "%s%.1f,%.1f", b ? " " : "", spark_x(at[b],
		    hs->npt), y);
	}
	fputs("\"/>", fp);
	if (nb > 0)
		fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\"/>",
		    spark_x(at[nb - 1], hs->npt), hi > lo ? SPARK_H - SPARK_PAD -
		    (v[nb - 1] - lo) / (hi - lo) * (SPARK_H - 2 * SPARK_PAD) :
		    SPARK_H / 2.0);
	fputs("</svg>", fp);
}

static int
cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* data-l: the labels of the runs of hs, as ranges "0-3,7". */
static void
label_ranges(FILE *fp, const struct site *s, const struct hseries *hs)
{
	size_t *ix, k, n = 0, start;

	ix = xcalloc(hs->npt + 1, sizeof(*ix));
	for (k = 0; k < hs->npt; k++)
		ix[k] = s->run[hs->pt[k].pos].label;
	qsort(ix, hs->npt, sizeof(*ix), cmp_size);
	for (k = 0; k < hs->npt; k = start) {
		for (start = k + 1; start < hs->npt && ix[start] <= ix[start -
		    1] + 1; start++)
			;
		fprintf(fp, "%s%zu", n++ ? "," : "", ix[k]);
		if (ix[start - 1] != ix[k])
			fprintf(fp, "-%zu", ix[start - 1]);
	}
	free(ix);
}

/* A filter's choice among values: "all", then each (blank: none). */
static void
filter_select(FILE *fp, const char *name, const char *id,
    const struct strlist *values, const char *none)
{
	size_t i;

	fprintf(fp, "<label>%s <select id=\"%s\"><option>all</option>", name,
	    id);
	for (i = 0; i < values->n; i++) {
		fputs("<option value=\"", fp);
		html_escape(fp, values->v[i]);
		fputs("\">", fp);
		html_escape(fp, *values->v[i] ? values->v[i] : none);
		fputs("</option>", fp);
	}
	fputs("</select></label>\n", fp);
}

/* The filters, and the labels they choose from. */
static void
filters(FILE *fp, const struct site *s, const char *what)
{
	size_t i;

	fputs("<form class=\"filters\" id=\"filters\">\n", fp);
	if (s->benchmarks.n > 1)
		filter_select(fp, "benchmark", "f-bench", &s->benchmarks,
		    "(no benchmark)");
	if (s->hosts.n > 1)
		filter_select(fp, "host", "f-host", &s->hosts, "(no host)");
	fputs("<label>label <input id=\"f-label\" list=\"labels\" "
	    "placeholder=\"any\" size=\"16\"></label>\n"
	    "<label>a change in the last <input id=\"f-recent\" type=\"number\" "
	    "min=\"1\" size=\"4\"> runs</label>\n"
	    "<label><input id=\"f-reg\" type=\"checkbox\"> regressions only"
	    "</label>\n", fp);
	fprintf(fp, "<output id=\"f-count\" data-what=\"%s\"></output>\n"
	    "</form>\n<datalist id=\"labels\">", what);
	for (i = 0; i < s->labels.n; i++) {
		fputs("<option value=\"", fp);
		html_escape(fp, s->labels.v[i]);
		fputs("\"></option>", fp);
	}
	fputs("</datalist>\n", fp);
}

/* The data- attributes the filters read. */
static void
row_data(FILE *fp, const struct site *s, const struct hseries *hs)
{
	fputs(" data-b=\"", fp);
	html_escape(fp, site_bench(s, hs));
	fputs("\" data-h=\"", fp);
	html_escape(fp, site_host(s, hs));
	fputs("\"", fp);
}

/* The key names of a benchmark's series, naturally sorted. */
static int
cmp_natural(const void *a, const void *b)
{
	return natural_cmp(*(char *const *)a, *(char *const *)b);
}

static void
section_keys(const struct site *s, size_t first, size_t end,
    struct strlist *keys)
{
	const struct hseries *hs;
	size_t i, k;

	for (i = first; i < end; i++) {
		hs = s->ser[i].hs;
		for (k = 0; k < hs->keys.n; k++)
			if (!strlist_has(keys, hs->keys.v[k].key))
				strlist_add(keys, hs->keys.v[k].key);
	}
	if (keys->n > 0)
		qsort(keys->v, keys->n, sizeof(char *), cmp_natural);
}

static void
series_row(FILE *fp, const struct site *s, size_t i,
    const struct strlist *keys, int hosts)
{
	const struct hseries *hs = s->ser[i].hs;
	const struct hpoint *last = &hs->pt[hs->npt - 1];
	const struct trend_cp *cp = hs->ncp ? &hs->cp[hs->ncp - 1] : NULL;
	const char *v;
	size_t k;

	fputs("<tr", fp);
	row_data(fp, s, hs);
	fputs(" data-l=\"", fp);
	label_ranges(fp, s, hs);
	fputs("\"", fp);
	if (cp != NULL)
		fprintf(fp, " data-age=\"%zu\" data-dir=\"%s\"", s->ser[i].age,
		    history_regressed(hs, cp) ? "reg" : "imp");
	fputs(">", fp);
	if (hosts) {
		fputs("<td>", fp);
		html_escape(fp, *site_host(s, hs) ? site_host(s, hs) : "-");
		fputs("</td>", fp);
	}
	/* The keys: the first links to the series' page. */
	for (k = 0; k < keys->n || k == 0; k++) {
		v = k < keys->n ? kv_get(&hs->keys, keys->v[k]) : "(no keys)";
		fputs("<td>", fp);
		if (k == 0)
			fprintf(fp, "<a href=\"series/%s.html\">", s->ser[i].id);
		html_escape(fp, v != NULL ? v : "-");
		if (k == 0)
			fputs("</a>", fp);
		fputs("</td>", fp);
	}
	fputs("<td title=\"", fp);
	html_escape(fp, hs->better);
	fputs(" is better\">", fp);
	html_escape(fp, hs->unit);
	fprintf(fp, "</td><td class=\"num\">%zu</td><td>", hs->npt);
	sparkline(fp, hs);
	fputs("</td><td class=\"num\"", fp);
	if (last->ci_err == STATS_OK) {
		fputs(" title=\"95% interval ", fp);
		put_num(fp, last->lo);
		fputs(" .. ", fp);
		put_num(fp, last->hi);
		fputs("\"", fp);
	}
	fputs(">", fp);
	put_num(fp, last->median);
	fputs("</td><td>", fp);
	put_run_link(fp, &s->h.run[last->pos], "");
	fputs(" ", fp);
	put_date(fp, &s->h.run[last->pos]);
	fputs("</td>", fp);
	if (cp == NULL) {
		fputs("<td>-</td><td class=\"num\" data-v=\"\">-</td>"
		    "<td class=\"num\" data-v=\"\">-</td></tr>\n", fp);
		return;
	}
	fputs("<td>", fp);
	put_run_link(fp, history_cp_run(&s->h, hs, cp), "");
	fputs(" ", fp);
	put_date(fp, history_cp_run(&s->h, hs, cp));
	fprintf(fp, "</td><td class=\"num %s\" title=\"%s\" data-v=\"%.17g\">",
	    history_regressed(hs, cp) ? "reg" : "imp",
	    history_regressed(hs, cp) ? "regression" : "improvement",
	    isnan(cp->change) ? 0 : 100 * cp->change);
	put_change(fp, cp->change);
	/* The word too: the colour alone says nothing to some readers. */
	fprintf(fp, " <small>%s</small></td><td class=\"num\">%zu</td></tr>\n",
	    history_regressed(hs, cp) ? "regression" : "improvement",
	    s->ser[i].age);
}

/* One benchmark's table: series first .. end - 1. */
static void
section(FILE *fp, const struct site *s, size_t first, size_t end)
{
	const char *bench = site_bench(s, s->ser[first].hs);
	struct strlist keys = { NULL, 0 };
	size_t i, k;
	int hosts = 0;

	for (i = first; i < end; i++)
		hosts |= *site_host(s, s->ser[i].hs) != '\0';
	section_keys(s, first, end, &keys);
	fputs("<section class=\"bench\" data-b=\"", fp);
	html_escape(fp, bench);
	fputs("\">\n<h2>", fp);
	html_escape(fp, *bench ? bench : "(no benchmark)");
	fprintf(fp, " <small>%zu series</small></h2>\n"
	    "<table class=\"sortable filtered\">\n<thead><tr>", end - first);
	if (hosts)
		fputs("<th>host</th>", fp);
	for (k = 0; k < keys.n; k++) {
		fputs("<th>", fp);
		html_escape(fp, keys.v[k]);
		fputs("</th>", fp);
	}
	if (keys.n == 0)
		fputs("<th>series</th>", fp);
	fputs("<th>unit</th><th class=\"num\">runs</th>"
	    "<th class=\"nosort\">history</th><th class=\"num\">latest</th>"
	    "<th>last run</th><th>last change</th><th class=\"num\">change</th>"
	    "<th class=\"num\">runs since</th></tr></thead>\n<tbody>\n", fp);
	for (i = first; i < end; i++)
		series_row(fp, s, i, &keys, hosts);
	fputs("</tbody>\n</table>\n</section>\n", fp);
	strlist_free(&keys);
}

/* "60 runs, 2026-01-01 to 2026-03-01" */
static void
span(FILE *fp, const struct site *s)
{
	fprintf(fp, "%zu run%s", s->h.nrun, plural(s->h.nrun));
	if (s->h.nrun == 0)
		return;
	fputs(", ", fp);
	put_date(fp, &s->h.run[0]);
	if (strncmp(s->h.run[0].started, s->h.run[s->h.nrun - 1].started,
	    10) != 0) {
		fputs(" to ", fp);
		put_date(fp, &s->h.run[s->h.nrun - 1]);
	}
}

/* Index page p: series p per_page .. (p + 1) per_page - 1. */
static int
index_page(struct site *s, size_t p, struct strbuf *err)
{
	struct strbuf name = STRBUF_INIT;
	struct page pg;
	size_t i, first, end;
	int rc;

	first = p * s->per_page;
	end = s->nser - first > s->per_page ? first + s->per_page : s->nser;
	if (page_open(&pg, err) == -1)
		return -1;
	page_head(pg.fp, s, s->title, "");
	fputs("<h1>", pg.fp);
	html_escape(pg.fp, s->title);
	fprintf(pg.fp, "</h1>\n<p class=\"lead\">%zu series over ", s->nser);
	span(pg.fp, s);
	fprintf(pg.fp, "; <a href=\"regressions.html\">%zu change point%s</a>: "
	    "%zu regression%s, %zu improvement%s.  A value is a run's median; "
	    "click a series for its history, a column's head to sort.</p>\n",
	    s->h.ncp, plural(s->h.ncp), s->h.nreg, plural(s->h.nreg),
	    s->h.nimp, plural(s->h.nimp));
	filters(pg.fp, s, "series");
	page_nav(pg.fp, "index", p, s->per_page, s->nser);
	for (i = first + 1; i <= end; i++)
		if (i == end || strcmp(site_bench(s, s->ser[i].hs),
		    site_bench(s, s->ser[first].hs)) != 0) {
			section(pg.fp, s, first, i);
			first = i;
		}
	page_nav(pg.fp, "index", p, s->per_page, s->nser);
	page_foot(pg.fp, "");
	page_name(&name, "index", p);
	rc = page_close(s, &pg, sb_str(&name), err);
	sb_free(&name);
	return rc;
}

/*
 * index.html, and index-2.html... when there are more than per_page
 * series: one page of 1e5 rows would be tens of MB, and held whole.
 */
int
site_index(struct site *s, struct strbuf *err)
{
	size_t p = 0;

	do
		if (index_page(s, p, err) == -1)
			return -1;
	while (++p * s->per_page < s->nser);
	return 0;
}

int
site_regressions(struct site *s, struct strbuf *err)
{
	struct strbuf keys = STRBUF_INIT;
	const struct site_cp *c;
	const struct hseries *hs;
	const struct trend_cp *cp;
	const struct hrun *r;
	const char *fact;
	struct page pg;
	size_t i;
	int reg, hosts;

	if (page_open(&pg, err) == -1)
		return -1;
	page_head(pg.fp, s, "Change points", "");
	fprintf(pg.fp, "<h1>Change points</h1>\n<p class=\"lead\">%zu change "
	    "point%s (%zu regression%s, %zu improvement%s) in %zu series over ",
	    s->h.ncp, plural(s->h.ncp), s->h.nreg, plural(s->h.nreg),
	    s->h.nimp, plural(s->h.nimp), s->nser);
	span(pg.fp, s);
	fprintf(pg.fp, ", newest first: where the mean of a series' run "
	    "medians moved (E-Divisive means; Student's t on up to %zu runs "
	    "a side, p &lt; %g", s->h.opts.window, s->h.opts.pvalue);
	if (s->h.opts.threshold > 0)
		fprintf(pg.fp, ", at least %g%%", 100 * s->h.opts.threshold);
	fputs(").</p>\n", pg.fp);
	filters(pg.fp, s, "change points");
	hosts = s->hosts.n > 1 || (s->hosts.n == 1 && *s->hosts.v[0]);
	fprintf(pg.fp, "<table class=\"sortable filtered\">\n<thead><tr>"
	    "<th>date</th><th>run</th><th>benchmark</th>%s<th>series</th><th>",
	    hosts ? "<th>host</th>" : "");
	html_escape(pg.fp, s->fact != NULL ? s->fact : "kernel");
	fputs("</th><th class=\"num\">before</th><th class=\"num\">after</th>"
	    "<th class=\"num\">change</th><th class=\"num\">p</th>"
	    "<th>direction</th></tr></thead>\n<tbody>\n", pg.fp);
	for (i = 0; i < s->ncp; i++) {
		c = &s->cp[i];
		hs = s->ser[c->series].hs;
		cp = &hs->cp[c->j];
		r = &s->h.run[c->run];
		reg = history_regressed(hs, cp);
		fputs("<tr", pg.fp);
		row_data(pg.fp, s, hs);
		fprintf(pg.fp, " data-l=\"%zu\" data-age=\"%zu\" data-dir=\"%s\">"
		    "<td>", s->run[c->run].label, hs->npt - cp->index,
		    reg ? "reg" : "imp");
		put_date(pg.fp, r);
		fputs("</td><td>", pg.fp);
		put_run_link(pg.fp, r, "");
		fputs("</td><td>", pg.fp);
		html_escape(pg.fp, site_bench(s, hs));
		if (hosts) {
			fputs("</td><td>", pg.fp);
			html_escape(pg.fp, *site_host(s, hs) ? site_host(s, hs) :
			    "-");
		}
		fprintf(pg.fp, "</td><td><a href=\"series/%s.html\">",
		    s->ser[c->series].id);
		sb_reset(&keys);
		site_keys_text(hs, &keys);
		html_escape(pg.fp, sb_str(&keys));
		fputs("</a></td><td>", pg.fp);
		fact = site_run_fact(s, c->run);
		html_escape(pg.fp, fact != NULL ? fact : "-");
		fputs("</td><td class=\"num\">", pg.fp);
		put_num(pg.fp, cp->mean_before);
		fputs("</td><td class=\"num\">", pg.fp);
		put_num(pg.fp, cp->mean_after);
		fprintf(pg.fp, "</td><td class=\"num %s\" data-v=\"%.17g\">",
		    reg ? "reg" : "imp", isnan(cp->change) ? 0 :
		    100 * cp->change);
		put_change(pg.fp, cp->change);
		fprintf(pg.fp, "</td><td class=\"num\" data-v=\"%.17g\">",
		    cp->p);
		put_p(pg.fp, cp->p);
		fputs("</td><td>", pg.fp);
		put_direction(pg.fp, reg);
		fputs("</td></tr>\n", pg.fp);
	}
	fputs("</tbody>\n</table>\n", pg.fp);
	if (s->ncp == 0)
		fputs("<p>None.</p>\n", pg.fp);
	page_foot(pg.fp, "");
	sb_free(&keys);
	return page_close(s, &pg, "regressions.html", err);
}
