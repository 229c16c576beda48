/*
 * site_html.c: what the site's pages share: each is written into memory
 * (so that its hash decides whether the file is written at all), user
 * text is escaped one way everywhere (html_escape: & < > " ' as
 * entities, bytes that are not UTF-8 and control characters as U+FFFD,
 * valid in HTML text, attributes and XML alike), and every page has the
 * same head, stylesheet, script and navigation.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kbench_exit.h"
#include "analyze/format.h"
#include "plots/site.h"
#include "lib/table.h"

int
page_open(struct page *pg, struct strbuf *err)
{
	pg->buf = NULL;
	pg->len = 0;
	if ((pg->fp = open_memstream(&pg->buf, &pg->len)) == NULL) {
		sb_addf(err, "open_memstream: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int
page_close(struct site *s, struct page *pg, const char *path,
    struct strbuf *err)
{
	int rc;

	if ((ferror(pg->fp) | fclose(pg->fp)) != 0) {
		sb_addf(err, "%s: out of memory", path);
		free(pg->buf);
		return -1;
	}
	rc = site_put(s, path, pg->buf, pg->len, err);
	free(pg->buf);
	pg->buf = NULL;
	return rc;
}

void
page_head(FILE *fp, const struct site *s, const char *title, const char *root)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<title>", fp);
	html_escape(fp, title);
	fputs("</title>\n", fp);
	fprintf(fp, "<link rel=\"stylesheet\" href=\"%ssite.css\">\n"
	    "<link rel=\"alternate\" type=\"application/atom+xml\" "
	    "title=\"Change points\" href=\"%sfeed.xml\">\n"
	    "<script src=\"%ssite.js\" defer></script>\n"
	    "</head>\n<body>\n<header class=\"top\"><a class=\"home\" "
	    "href=\"%sindex.html\">", root, root, root, root);
	html_escape(fp, s->title);
	fprintf(fp, "</a> <a href=\"%sindex.html\">series</a> "
	    "<a href=\"%sregressions.html\">change points</a> "
	    "<a href=\"%sfeed.xml\">feed</a></header>\n<main>\n", root, root,
	    root);
}

void
page_foot(FILE *fp, const char *root)
{
	fprintf(fp, "</main>\n<footer>Written by kbench %s (kbench site): "
	    "every value is a run's median; change points by E-Divisive "
	    "means and Student's t.</footer>\n</body>\n</html>\n",
	    KBENCH_VERSION);
}

void
put_num(FILE *fp, double v)
{
	char buf[40];

	fputs(fmt_num(buf, sizeof(buf), v), fp);
}

void
put_change(FILE *fp, double change)
{
	char buf[40];

	fputs(format_pct(buf, sizeof(buf), change), fp);
}

void
put_p(FILE *fp, double p)
{
	if (p < 1e-300)		/* underflowed, or a clean step */
		fputs("&lt;1e-300", fp);
	else
		fprintf(fp, "%.3g", p);
}

void
put_date(FILE *fp, const struct hrun *r)
{
	char buf[11];

	snprintf(buf, sizeof(buf), "%.10s", r->started);
	html_escape(fp, buf);
}

void
put_time(FILE *fp, const char *started)
{
	char buf[32];

	/* "2026-01-31T02:00:00.000Z", as the store writes it. */
	if (strlen(started) >= 16 && started[10] == 'T')
		snprintf(buf, sizeof(buf), "%.10s %.5s UTC", started,
		    started + 11);
	else
		snprintf(buf, sizeof(buf), "%.24s", started);
	html_escape(fp, buf);
}

void
put_run_link(FILE *fp, const struct hrun *r, const char *root)
{
	fprintf(fp, "<a href=\"%sruns/%lld.html\">", root, (long long)r->id);
	html_escape(fp, r->label);
	fputs("</a>", fp);
}

void
put_direction(FILE *fp, int regressed)
{
	fprintf(fp, "<span class=\"%s\">%s</span>", regressed ? "reg" : "imp",
	    regressed ? "regression" : "improvement");
}

void
page_name(struct strbuf *out, const char *base, size_t p)
{
	sb_reset(out);
	if (p == 0)
		sb_addf(out, "%s.html", base);
	else
		sb_addf(out, "%s-%zu.html", base, p + 1);
}

void
page_nav(FILE *fp, const char *base, size_t p, size_t per, size_t total)
{
	struct strbuf name = STRBUF_INIT;
	size_t q, to, npages = (total + per - 1) / per;

	if (npages < 2)
		return;
	fprintf(fp, "<nav class=\"pages\">page %zu of %zu:", p + 1, npages);
	for (q = 0; q < npages; q++) {
		to = total - q * per > per ? (q + 1) * per : total;
		page_name(&name, base, q);
		if (q == p)
			fprintf(fp, " <b>%zu-%zu</b>", q * per + 1, to);
		else
			fprintf(fp, " <a href=\"%s\">%zu-%zu</a>", sb_str(&name),
			    q * per + 1, to);
	}
	fputs("</nav>\n", fp);
	sb_free(&name);
}
