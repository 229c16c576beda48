/*
 * site_pages.c: a page per series (its trend chart, its change points,
 * every run's median) and a page per run (what it was, how it was run,
 * its series, its neighbours and the comparison with the one before).
 *
 * The charts are chart_trend()'s, one series each, queued and drawn in
 * one gnuplot batch (gnuplot.h); a chart is drawn again only when its
 * script changed, which is when its data did.
 */
#include <stdlib.h>
#include <string.h>

#include "plots/charts.h"
#include "kbench_exit.h"
#include "plots/site.h"
#include "lib/table.h"

static const char *
plural(size_t n)
{
	return n == 1 ? "" : "s";
}

/* "lock on lab-a", or "lock" without a host. */
static void
where_text(const struct site *s, const struct hseries *hs, struct strbuf *out)
{
	sb_adds(out, *site_bench(s, hs) ? site_bench(s, hs) : "(no benchmark)");
	if (*site_host(s, hs))
		sb_addf(out, " on %s", site_host(s, hs));
}

/* ---- the charts ---- */

/*
 * The history of one series alone: its runs only (the chart's tics and
 * its footer's dates are its own), the strings borrowed from h.
 */
static void
sub_history(const struct history *h, const struct hseries *hs,
    struct history *sub, struct hseries *one, struct hseries **onep)
{
	size_t k;

	memset(sub, 0, sizeof(*sub));
	sub->order_by = h->order_by;
	sub->opts = h->opts;
	sub->run = xcalloc(hs->npt, sizeof(*sub->run));
	*one = *hs;
	one->pt = xcalloc(hs->npt, sizeof(*one->pt));
	for (k = 0; k < hs->npt; k++) {
		sub->run[k] = h->run[hs->pt[k].pos];
		one->pt[k] = hs->pt[k];
		one->pt[k].pos = k;
	}
	sub->nrun = hs->npt;
	*onep = one;
	sub->s = onep;
	sub->ns = 1;
}

/*
 * A script whose text is not all UTF-8 (a label's bytes, copied), with
 * each bad byte as U+FFFD: then so is its SVG, which an <img> shows
 * only when it is valid XML, and the script the page links to.
 */
static void
script_scrub(struct chart_job *j)
{
	struct strbuf ok = STRBUF_INIT;
	size_t n = strlen(j->script);

	if (utf8_check(j->script, n) == n)
		return;
	sb_add_valid_utf8(&ok, j->script, n);
	free(j->script);
	j->script = xstrdup(sb_str(&ok));
	sb_free(&ok);
}

/*
 * The charts are queued and drawn a window of series at a time: a
 * script is a few KiB, and 1e5 of them held at once were most of the
 * site's memory.  CHART_BATCH_MAX a gnuplot, s->jobs gnuplots a window.
 */
#define CHART_WINDOW(s)	((size_t)CHART_BATCH_MAX * (size_t)(s)->jobs)

/* Queue the charts of series from .. to - 1; 0, or -1 with err set. */
static int
queue_charts(struct site *s, struct chart_batch *b, size_t from, size_t to,
    struct strbuf *err)
{
	struct strbuf title = STRBUF_INIT, foot = STRBUF_INIT;
	struct history sub;
	struct hseries one, *onep;
	struct plot_ctx pc;
	size_t i;
	int rc = 0;

	memset(&pc, 0, sizeof(pc));
	pc.dir = &s->series;
	pc.formats = CHART_SVG;
	pc.batch = b;
	for (i = from; i < to && rc == 0; i++) {
		sub_history(&s->h, s->ser[i].hs, &sub, &one, &onep);
		sb_reset(&title);
		where_text(s, s->ser[i].hs, &title);
		sb_adds(&title, ", run by run");
		sb_reset(&foot);
		trend_footer(&sub, &foot);
		pc.title = sb_str(&title);
		pc.subtitle = sb_str(&foot);
		pc.name = s->ser[i].id;
		pc.hist = &sub;
		rc = chart_trend(&pc, err) == STATUS_OK ? 0 : -1;
		free(sub.run);
		free(one.pt);
	}
	sb_free(&title);
	sb_free(&foot);
	return rc;
}

/* "series/ID.svg" and "series/ID.gp" of a chart job. */
static void
chart_paths(const struct chart_job *j, struct strbuf *svg, struct strbuf *gp)
{
	sb_reset(svg);
	sb_reset(gp);
	sb_addf(svg, "series/%s.svg", j->name);
	sb_addf(gp, "series/%s.gp", j->name);
}

/*
 * The charts of series from .. to - 1: queued, drawn, recorded.  0; -1
 * when some failed to draw (err says which: the rest go on); -2 when
 * they could not be queued.
 */
static int
chart_window(struct site *s, size_t from, size_t to, struct strbuf *err)
{
	struct strbuf svg = STRBUF_INIT, gp = STRBUF_INIT;
	struct chart_batch b;
	char (*hash)[33];
	size_t i;
	int rc;

	memset(&b, 0, sizeof(b));
	if (queue_charts(s, &b, from, to, err) == -1) {
		chart_batch_free(&b);
		return -2;
	}
	hash = xcalloc(b.n + 1, sizeof(*hash));
	for (i = 0; i < b.n; i++) {
		script_scrub(&b.job[i]);
		site_hash(b.job[i].script, strlen(b.job[i].script), hash[i]);
		chart_paths(&b.job[i], &svg, &gp);
		b.job[i].skip = site_unchanged(s, sb_str(&svg), hash[i]) &&
		    site_unchanged(s, sb_str(&gp), hash[i]);
		s->ncharts++;
	}
	rc = chart_batch_run(&b, s->jobs, err);
	for (i = 0; i < b.n; i++) {
		s->ser[from + i].chart = !b.job[i].failed;
		if (b.job[i].skip || b.job[i].failed)
			continue;
		chart_paths(&b.job[i], &svg, &gp);
		manifest_put(&s->cur, sb_str(&svg), hash[i]);
		manifest_put(&s->cur, sb_str(&gp), hash[i]);
		s->ndrawn++;
	}
	free(hash);
	chart_batch_free(&b);
	sb_free(&svg);
	sb_free(&gp);
	return rc;
}

int
site_charts(struct site *s, struct strbuf *err)
{
	size_t from, to;
	int rc = 0, w;

	for (from = 0; from < s->nser; from = to) {
		to = s->nser - from > CHART_WINDOW(s) ? from +
		    CHART_WINDOW(s) : s->nser;
		if ((w = chart_window(s, from, to, err)) == -2)
			return -1;
		if (w == -1)
			rc = -1;
	}
	return rc;
}

/* ---- a series' page ---- */

static void
cp_table(FILE *fp, const struct site *s, const struct hseries *hs)
{
	const struct trend_cp *cp;
	const struct hrun *r;
	const char *fact;
	size_t j, run;

	if (hs->ncp == 0) {
		fprintf(fp, "<p>None: the mean of the run medians did not "
		    "move (E-Divisive means, p &lt; %g).</p>\n",
		    s->h.opts.pvalue);
		return;
	}
	fputs("<table class=\"sortable\">\n<thead><tr><th>run</th>"
	    "<th>date</th><th>", fp);
	html_escape(fp, s->fact != NULL ? s->fact : "kernel");
	fputs("</th><th class=\"num\">before</th><th class=\"num\">after</th>"
	    "<th class=\"num\">change</th><th class=\"num\">p</th>"
	    "<th>direction</th></tr></thead>\n<tbody>\n", fp);
	for (j = hs->ncp; j-- > 0; ) {
		cp = &hs->cp[j];
		run = hs->pt[cp->index].pos;
		r = &s->h.run[run];
		fputs("<tr><td>", fp);
		put_run_link(fp, r, "../");
		fprintf(fp, " <small>(%zu of %zu)</small></td><td>",
		    cp->index + 1, hs->npt);
		put_date(fp, r);
		fputs("</td><td>", fp);
		fact = site_run_fact(s, run);
		html_escape(fp, fact != NULL ? fact : "-");
		fputs("</td><td class=\"num\">", fp);
		put_num(fp, cp->mean_before);
		fprintf(fp, " <small>(%zu runs)</small></td><td class=\"num\">",
		    cp->nbefore);
		put_num(fp, cp->mean_after);
		fprintf(fp, " <small>(%zu runs)</small></td><td class=\"num %s\">",
		    cp->nafter, history_regressed(hs, cp) ? "reg" : "imp");
		put_change(fp, cp->change);
		fprintf(fp, "</td><td class=\"num\" data-v=\"%.17g\">", cp->p);
		put_p(fp, cp->p);
		fputs("</td><td>", fp);
		put_direction(fp, history_regressed(hs, cp));
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n", fp);
}

/* The change point of hs that starts at its point k, or NULL. */
static const struct trend_cp *
cp_at(const struct hseries *hs, size_t k)
{
	size_t j;

	for (j = 0; j < hs->ncp; j++)
		if (hs->cp[j].index == k)
			return &hs->cp[j];
	return NULL;
}

/* A median and its interval, as cells. */
static void
median_cells(FILE *fp, const struct hpoint *p)
{
	fprintf(fp, "<td class=\"num\">%zu</td><td class=\"num\">", p->n);
	put_num(fp, p->median);
	fputs("</td><td class=\"num\">", fp);
	if (p->ci_err == STATS_OK) {
		put_num(fp, p->lo);
		fputs(" .. ", fp);
		put_num(fp, p->hi);
	} else
		fputs("-", fp);
	fputs("</td>", fp);
}

static void
runs_table(FILE *fp, const struct site *s, const struct hseries *hs)
{
	const struct trend_cp *cp;
	const struct hpoint *p;
	const char *fact;
	size_t k;

	fprintf(fp, "<details open>\n<summary>All %zu run%s, newest first"
	    "</summary>\n<table class=\"sortable\">\n<thead><tr><th>run</th>"
	    "<th>date</th><th>", hs->npt, plural(hs->npt));
	html_escape(fp, s->fact != NULL ? s->fact : "kernel");
	fputs("</th><th class=\"num\">n</th><th class=\"num\">median</th>"
	    "<th class=\"num nosort\">95% interval</th><th>change point</th>"
	    "</tr></thead>\n<tbody>\n", fp);
	for (k = hs->npt; k-- > 0; ) {
		p = &hs->pt[k];
		fputs("<tr><td>", fp);
		put_run_link(fp, &s->h.run[p->pos], "../");
		fputs("</td><td>", fp);
		put_date(fp, &s->h.run[p->pos]);
		fputs("</td><td>", fp);
		fact = site_run_fact(s, p->pos);
		html_escape(fp, fact != NULL ? fact : "-");
		fputs("</td>", fp);
		median_cells(fp, p);
		fputs("<td>", fp);
		if ((cp = cp_at(hs, k)) != NULL) {
			put_direction(fp, history_regressed(hs, cp));
			fputs(" ", fp);
			put_change(fp, cp->change);
		}
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n</details>\n", fp);
}

static int
series_page(struct site *s, size_t i, struct strbuf *err)
{
	const struct hseries *hs = s->ser[i].hs;
	const struct hpoint *last = &hs->pt[hs->npt - 1];
	struct strbuf title = STRBUF_INIT, keys = STRBUF_INIT;
	struct strbuf path = STRBUF_INIT;
	struct page pg;
	int rc;

	if (page_open(&pg, err) == -1)
		return -1;
	site_keys_text(hs, &keys);
	where_text(s, hs, &title);
	sb_addf(&title, ": %s", sb_str(&keys));
	page_head(pg.fp, s, sb_str(&title), "../");
	fputs("<h1>", pg.fp);
	html_escape(pg.fp, sb_str(&keys));
	fputs("</h1>\n<p class=\"lead\">Benchmark <b>", pg.fp);
	html_escape(pg.fp, site_bench(s, hs));
	fputs("</b>", pg.fp);
	if (*site_host(s, hs)) {
		fputs(" on host <b>", pg.fp);
		html_escape(pg.fp, site_host(s, hs));
		fputs("</b>", pg.fp);
	}
	fprintf(pg.fp, "; %zu run%s, ", hs->npt, plural(hs->npt));
	put_date(pg.fp, &s->h.run[hs->pt[0].pos]);
	fputs(" to ", pg.fp);
	put_date(pg.fp, &s->h.run[last->pos]);
	fputs("; the latest median ", pg.fp);
	put_num(pg.fp, last->median);
	fputs(" ", pg.fp);
	html_escape(pg.fp, hs->unit);
	fputs(" (", pg.fp);
	html_escape(pg.fp, hs->better);
	fprintf(pg.fp, " is better); %zu change point%s.</p>\n", hs->ncp,
	    plural(hs->ncp));
	if (s->ser[i].chart) {
		fprintf(pg.fp, "<figure><img src=\"%s.svg\" alt=\"", s->ser[i].id);
		html_escape(pg.fp, sb_str(&keys));
		fprintf(pg.fp, ": each run's median and its 95%% interval, the "
		    "change points marked\"><figcaption>Each run's median with "
		    "its 95%% interval; a dashed line where the mean moved, "
		    "red for a regression, green for an improvement "
		    "(<a href=\"%s.gp\">the gnuplot script</a>).</figcaption>"
		    "</figure>\n", s->ser[i].id);
	} else
		fputs("<p class=\"warn\">The chart could not be drawn (see "
		    "kbench site's messages).</p>\n", pg.fp);
	fputs("<h2>Change points</h2>\n", pg.fp);
	cp_table(pg.fp, s, hs);
	fputs("<h2>Runs</h2>\n", pg.fp);
	runs_table(pg.fp, s, hs);
	page_foot(pg.fp, "../");
	sb_addf(&path, "series/%s.html", s->ser[i].id);
	rc = page_close(s, &pg, sb_str(&path), err);
	sb_free(&title);
	sb_free(&keys);
	sb_free(&path);
	return rc;
}

int
site_series_pages(struct site *s, struct strbuf *err)
{
	size_t i;

	for (i = 0; i < s->nser; i++)
		if (series_page(s, i, err) == -1)
			return -1;
	return 0;
}

/* ---- a run's page ---- */

/* Previous, next, and the comparison with the previous. */
static void
run_nav(FILE *fp, const struct site *s, size_t i)
{
	const struct site_run *r = &s->run[i];

	fputs("<nav class=\"runs\">", fp);
	if (r->prev >= 0) {
		fputs("<a rel=\"prev\" href=\"", fp);
		fprintf(fp, "%lld.html\">&larr; previous: ",
		    (long long)s->h.run[r->prev].id);
		html_escape(fp, s->h.run[r->prev].label);
		fputs("</a>", fp);
		if (r->compared)
			fprintf(fp, " <a class=\"compare\" href=\"../compare/"
			    "%lld-%lld/report.html\">compare with previous</a>",
			    (long long)s->h.run[r->prev].id,
			    (long long)r->hr->id);
		else
			fputs(" <span class=\"muted\">(no comparison page)"
			    "</span>", fp);
	} else
		fputs("<span class=\"muted\">the first run of its benchmark "
		    "and host</span>", fp);
	if (r->next >= 0) {
		fprintf(fp, " <a rel=\"next\" href=\"%lld.html\">next: ",
		    (long long)s->h.run[r->next].id);
		html_escape(fp, s->h.run[r->next].label);
		fputs(" &rarr;</a>", fp);
	} else
		fputs(" <span class=\"muted\">the latest run</span>", fp);
	fputs("</nav>\n", fp);
}

static void
kv_row(FILE *fp, const char *k, const char *v)
{
	fputs("<tr><th>", fp);
	html_escape(fp, k);
	fputs("</th><td>", fp);
	html_escape(fp, v);
	fputs("</td></tr>\n", fp);
}

/*
 * The run's series, in the index's order.  No list a run is kept (1e5
 * series a run, held to the end): at[j] is series j's next point, and
 * the runs' pages are made in run order, as its points are.
 */
static void
run_series(FILE *fp, const struct site *s, size_t i, size_t p, size_t *at)
{
	const struct site_run *r = &s->run[i];
	const struct hseries *hs;
	const struct trend_cp *cp;
	struct strbuf keys = STRBUF_INIT, base = STRBUF_INIT;
	size_t j, k, n = 0;

	sb_addf(&base, "%lld", (long long)r->hr->id);
	fprintf(fp, "<h2>Series</h2>\n<p>%zu series; each run's median and the "
	    "distribution-free 95%% interval of the median.</p>\n", r->npt);
	page_nav(fp, sb_str(&base), p, s->per_page, r->npt);
	fprintf(fp, "<table class=\"sortable\">\n<thead><tr><th>series</th>"
	    "<th class=\"num\">n</th><th class=\"num\">median</th>"
	    "<th class=\"num nosort\">95%% interval</th><th>unit</th>"
	    "<th>change point</th></tr></thead>\n<tbody>\n");
	for (j = 0; j < s->nser; j++) {
		hs = s->ser[j].hs;
		while (at[j] < hs->npt && hs->pt[at[j]].pos < i)
			at[j]++;
		if (at[j] == hs->npt || hs->pt[at[j]].pos != i)
			continue;
		/* Page p's series only. */
		if (n++ / s->per_page != p)
			continue;
		k = at[j];
		sb_reset(&keys);
		site_keys_text(hs, &keys);
		fprintf(fp, "<tr><td><a href=\"../series/%s.html\">",
		    s->ser[j].id);
		html_escape(fp, sb_str(&keys));
		fputs("</a></td>", fp);
		median_cells(fp, &hs->pt[k]);
		fputs("<td>", fp);
		html_escape(fp, hs->unit);
		fputs("</td><td>", fp);
		if ((cp = cp_at(hs, k)) != NULL) {
			put_direction(fp, history_regressed(hs, cp));
			fputs(" ", fp);
			put_change(fp, cp->change);
		}
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n", fp);
	page_nav(fp, sb_str(&base), p, s->per_page, r->npt);
	sb_free(&keys);
	sb_free(&base);
}

static int
run_page(struct site *s, size_t i, size_t p, size_t *at, struct strbuf *err)
{
	const struct site_run *r = &s->run[i];
	const struct hrun *hr = r->hr;
	struct strbuf title = STRBUF_INIT, path = STRBUF_INIT;
	char buf[32];
	struct page pg;
	size_t k;
	int rc;

	if (page_open(&pg, err) == -1)
		return -1;
	sb_addf(&title, "Run %lld: %s", (long long)hr->id, hr->label);
	page_head(pg.fp, s, sb_str(&title), "../");
	fputs("<h1>Run ", pg.fp);
	html_escape(pg.fp, hr->label);
	fputs("</h1>\n<p class=\"lead\">", pg.fp);
	html_escape(pg.fp, *hr->attr[SITE_ATTR_BENCHMARK] ?
	    hr->attr[SITE_ATTR_BENCHMARK] : "(no benchmark)");
	if (*hr->attr[SITE_ATTR_HOST]) {
		fputs(" on ", pg.fp);
		html_escape(pg.fp, hr->attr[SITE_ATTR_HOST]);
	}
	fputs(", ", pg.fp);
	put_time(pg.fp, hr->started);
	fputs("</p>\n", pg.fp);
	run_nav(pg.fp, s, i);
	fputs("<table class=\"facts\">\n", pg.fp);
	snprintf(buf, sizeof(buf), "%lld", (long long)hr->id);
	kv_row(pg.fp, "id", buf);
	kv_row(pg.fp, "uuid", hr->uuid);
	kv_row(pg.fp, "label", hr->label);
	kv_row(pg.fp, "benchmark", hr->attr[SITE_ATTR_BENCHMARK]);
	kv_row(pg.fp, "status", r->status);
	kv_row(pg.fp, "started", hr->started);
	kv_row(pg.fp, "ended", r->ended);
	snprintf(buf, sizeof(buf), "%lld", (long long)r->nsamples);
	kv_row(pg.fp, "samples", buf);
	kv_row(pg.fp, "kbench", r->version);
	fputs("</table>\n<h2>Command</h2>\n<pre class=\"cmd\">", pg.fp);
	html_escape(pg.fp, *r->command ? r->command : "(none recorded)");
	fputs("</pre>\n", pg.fp);
	run_series(pg.fp, s, i, p, at);
	fprintf(pg.fp, "<h2>Facts</h2>\n<table class=\"facts\">\n");
	for (k = 0; k < r->facts.n; k++)
		kv_row(pg.fp, r->facts.v[k].key, r->facts.v[k].value);
	if (r->facts.n == 0)
		fputs("<tr><td>none recorded</td></tr>\n", pg.fp);
	fputs("</table>\n", pg.fp);
	page_foot(pg.fp, "../");
	sb_reset(&title);
	sb_addf(&title, "runs/%lld", (long long)hr->id);
	page_name(&path, sb_str(&title), p);
	rc = page_close(s, &pg, sb_str(&path), err);
	sb_free(&title);
	sb_free(&path);
	return rc;
}

int
site_run_pages(struct site *s, struct strbuf *err)
{
	size_t i, p, *at;
	int rc = 0;

	at = xcalloc(s->nser + 1, sizeof(*at));
	for (i = 0; i < s->h.nrun && rc == 0; i++) {
		p = 0;
		do
			rc = run_page(s, i, p, at, err);
		while (rc == 0 && ++p * s->per_page < s->run[i].npt);
	}
	free(at);
	return rc;
}
