/*
 * site_feed.c: feed.xml, an Atom feed (RFC 4287) of the change points,
 * newest first, the latest SITE_FEED_MAX of them: a feed reader, or a
 * chat bot, learns of a regression the morning after.  Links are
 * relative to the feed (the site's address is not known here); each
 * entry's id is the series and the run, so it stays the same from one
 * build to the next, and <updated> is the run's start: a rebuild that
 * finds the same change points writes the same feed.
 */
#include <string.h>

#include "kbench_exit.h"
#include "analyze/format.h"
#include "plots/site.h"
#include "lib/table.h"

#define SITE_FEED_MAX	100

/*
 * An Atom date: the run's start, "2026-01-31T02:00:00Z" (RFC 3339).  The
 * store writes "YYYY-MM-DDTHH:MM:SS.fffZ"; an import may be shorter (a
 * date alone is midnight, a time without seconds at :00), and what is
 * not a date kbench keeps (an old database's) is the epoch, not text.
 */
static void
atom_date(FILE *fp, const char *started)
{
	size_t n = strlen(started);

	if (!iso8601_valid(started)) {
		fputs("1970-01-01T00:00:00Z", fp);
		return;
	}
	fprintf(fp, "%.10sT%.5s:%.2sZ", started, n >= 16 ? started + 11 :
	    "00:00", n >= 19 && started[16] == ':' ? started + 17 : "00");
}

static void
entry(FILE *fp, const struct site *s, const struct site_cp *c,
    struct strbuf *text)
{
	const struct hseries *hs = s->ser[c->series].hs;
	const struct trend_cp *cp = &hs->cp[c->j];
	const struct hrun *r = &s->h.run[c->run];
	const char *fact = site_run_fact(s, c->run);
	char a[40], b[40];
	int reg = history_regressed(hs, cp);

	sb_reset(text);
	sb_addf(text, "%s ", reg ? "regression" : "improvement");
	if (cp->change == cp->change)	/* not NaN */
		sb_addf(text, "%s ", format_pct(a, sizeof(a), cp->change));
	sb_addf(text, "in %s", site_bench(s, hs));
	if (*site_host(s, hs))
		sb_addf(text, " on %s", site_host(s, hs));
	sb_adds(text, ": ");
	site_keys_text(hs, text);
	fputs("<entry>\n<title>", fp);
	html_escape(fp, sb_str(text));
	fprintf(fp, "</title>\n<id>urn:kbench:change:%s:", s->ser[c->series].id);
	html_escape(fp, r->uuid);
	fprintf(fp, "</id>\n<link href=\"series/%s.html\"/>\n<updated>",
	    s->ser[c->series].id);
	atom_date(fp, r->started);
	fputs("</updated>\n<summary type=\"text\">", fp);
	sb_reset(text);
	sb_addf(text, "The mean of the run medians went from %s to %s %s "
	    "(%s is better) at run %s (%.10s", fmt_num(a, sizeof(a),
	    cp->mean_before), fmt_num(b, sizeof(b), cp->mean_after), hs->unit,
	    hs->better, r->label, r->started);
	if (fact != NULL)
		sb_addf(text, ", %s %s", s->fact != NULL ? s->fact : "kernel",
		    fact);
	sb_addf(text, "); p = %.3g, %zu runs before and %zu after.",
	    cp->p, cp->nbefore, cp->nafter);
	html_escape(fp, sb_str(text));
	fputs("</summary>\n</entry>\n", fp);
}

int
site_feed(struct site *s, struct strbuf *err)
{
	struct strbuf text = STRBUF_INIT;
	struct page pg;
	char id[33];
	size_t i;

	if (page_open(&pg, err) == -1)
		return -1;
	fputs("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	    "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<title>", pg.fp);
	html_escape(pg.fp, s->title);
	/* The feed's id: the site's title, which names what it is of. */
	site_hash(s->title, strlen(s->title), id);
	fprintf(pg.fp, ": change points</title>\n<id>urn:kbench:site:%.16s"
	    "</id>\n", id);
	fputs("<link rel=\"alternate\" href=\"regressions.html\"/>\n"
	    "<author><name>kbench</name></author>\n<generator version=\""
	    KBENCH_VERSION "\">kbench site</generator>\n<updated>", pg.fp);
	if (s->ncp > 0)
		atom_date(pg.fp, s->h.run[s->cp[0].run].started);
	else if (s->h.nrun > 0)
		atom_date(pg.fp, s->h.run[s->h.nrun - 1].started);
	else
		fputs("1970-01-01T00:00:00Z", pg.fp);
	fputs("</updated>\n", pg.fp);
	for (i = 0; i < s->ncp && i < SITE_FEED_MAX; i++)
		entry(pg.fp, s, &s->cp[i], &text);
	fputs("</feed>\n", pg.fp);
	sb_free(&text);
	return page_close(s, &pg, "feed.xml", err);
}
