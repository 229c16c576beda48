/*
 * site.h: kbench site, a static dashboard of every series' history:
 * index.html (every series, a sparkline each, filters), a page per
 * series (its trend chart, its change points, its runs), a page per run
 * (facts, command, series, the comparison with the run before),
 * regressions.html and feed.xml (the change points, newest first).
 *
 * The parts, one job a file:
 *   site_model.c     the history (history.c, a series per benchmark, host
 *                    and keys) and what pages need beyond it: each run's
 *                    facts, its neighbours, its series; file names
 *   site_manifest.c  DIR/.kbench-site: each file's hash, so a page whose
 *                    content did not change is not written again
 *   site_html.c      what every page shares: escaping, head, numbers
 *   site_index.c     index.html (and its sparklines), regressions.html
 *   site_pages.c     the series and run pages
 *   site_feed.c      feed.xml (Atom)
 *   site_compare.c   the comparison pages (kbench report, as children)
 *   site_assets.c    site.css and site.js
 *   cmd_site.c       the command: options, the order of the work
 *
 * File names never come from user text: runs/ID.html (the run's id),
 * series/HASH.html (a hash of benchmark, host and keys), compare/A-B/.
 */
#ifndef KBENCH_SITE_H
#define KBENCH_SITE_H

#include <stdint.h>
#include <stdio.h>

#include "plots/gnuplot.h"
#include "analyze/history.h"
#include "lib/status.h"
#include "lib/kv.h"
#include "lib/strmap.h"
#include "lib/util.h"

/* The history's split: a series is its keys on one benchmark and host. */
#define SITE_ATTR_BENCHMARK	0
#define SITE_ATTR_HOST		1

/* What the site knows of a run beyond struct hrun. */
struct site_run {
	const struct hrun	*hr;
	char			*status, *ended, *command, *version;
	struct kvlist		 facts;
	int64_t			 nsamples;
	long			 prev, next;	/* the runs before and after it of
						   its benchmark and host, -1 */
	int			 compared;	/* compare page with prev made */
	size_t			 label;		/* its label, in s->labels */
	size_t			 npt;		/* its series: the run page
						   finds them (site_pages.c) */
};

struct site_series {
	const struct hseries	*hs;
	char			 id[17];	/* its file name, 16 hex digits */
	size_t			 age;		/* runs since its last change
						   point began, 0 when none */
	int			 chart;		/* its chart is there */
};

/* A change point, for the lists newest first. */
struct site_cp {
	size_t	series;		/* in s->ser */
	size_t	j;		/* in hs->cp */
	size_t	run;		/* where it starts, in h->run */
};

/*
 * The manifest: path -> hash of the file's content or inputs.  Compact,
 * as a site has three files a series and a build holds two manifests
 * (the old one and the one it makes): each entry is its hash (16 bytes)
 * and its path (NUL-ended) in one buffer, listed in the order put and
 * found through a table.  An entry the build keeps from the old manifest
 * is not copied: it is referred to where it is (base).
 */
struct manifest {
	struct strbuf		 arena;	/* its own entries */
	uint32_t		*ref;	/* its entries in the order put:
					   offset in arena, or in base's
					   arena with MANIFEST_BASE set */
	size_t			 n, capref;
	uint32_t		*slot;	/* index in ref + 1, 0: free */
	size_t			 cap;	/* a power of two, or 0 */
	const struct manifest	*base;	/* what it keeps from, or NULL */
};

struct site {
	/* Options. */
	const char		*dir, *title, *fact, *db_path, *argv0;
	int			 jobs, compare, incomplete;
	size_t			 per_page;	/* series a page: index,
						   runs (page_nav) */
	/* The model (site_model.c). */
	struct history		 h;
	struct site_run		*run;		/* parallel to h.run */
	struct site_series	*ser;		/* by benchmark, host, keys */
	size_t			 nser;
	struct site_cp		*cp;		/* newest first */
	size_t			 ncp;
	struct strlist		 labels;	/* distinct, in run order */
	struct strlist		 benchmarks, hosts;	/* distinct, sorted */
	/* DIR and its parts, held open (outdir.h), and DIR's lock. */
	struct odir		 root, series, runs, compare_dir;
	int			 lock;
	/* What was there, and what is now. */
	struct manifest		 old, cur;
	struct strlist		 warnings;	/* for cmd_site to say */
	/* Counters for the summary line. */
	size_t			 npages, nwritten;	/* pages, files */
	size_t			 ncharts, ndrawn, nremoved;
	size_t			 ncompare, ncompared, ncompare_failed;
};

/* Series a page of the index or of a run: then BASE-2.html... */
#define SITE_PAGE_SERIES	1000

struct filter;
struct kbench_ctx;
/*
 * cmd_site.c: the site of ctx's database in dir, as kbench site -o dir
 * makes it with no other option: what a nightly calls after its
 * collections.  The summary line on standard output unless quiet; the
 * errors on standard error.  An exit status (KB_EXIT_*).
 */
int	site_write(struct kbench_ctx *ctx, const char *dir, int quiet);
/* The same for a site whose options are set (s from site_init). */
int	site_make(struct site *s, struct kbench_ctx *ctx,
	    const struct filter *f, int quiet);

/* site_model.c */
void	site_init(struct site *s);
/* Read the history and the runs: STATUS_OK, or a status with err set. */
enum status	site_model(struct site *s, struct store *db,
		    const struct filter *f, struct strbuf *err);
void	site_free(struct site *s);
const char *site_bench(const struct site *s, const struct hseries *hs);
const char *site_host(const struct site *s, const struct hseries *hs);
/* The run's fact shown beside it (--fact, else the kernel), or NULL. */
const char *site_run_fact(const struct site *s, size_t run);
/* "k=v k=v" (or "(no keys)"). */
void	site_keys_text(const struct hseries *hs, struct strbuf *out);

/* site_manifest.c */
#define SITE_MANIFEST	".kbench-site"
/* The 128-bit hash of data, as 32 hex digits in out (33 bytes). */
void	site_hash(const void *data, size_t len, char *out);
/* The lock a build holds on DIR, beside the manifest. */
#define SITE_LOCK	".kbench-site.lock"
/* 1 when dir holds a manifest, 0 when not, -1 on error (err set). */
int	manifest_load(struct manifest *m, const struct odir *dir,
	    struct strbuf *err);
/* Is path in m?  1, with its hash in hash (33 bytes) unless NULL; 0. */
int	manifest_get(const struct manifest *m, const char *path, char *hash);
/* Record path with hash (32 hex digits), replacing what m had for it. */
void	manifest_put(struct manifest *m, const char *path, const char *hash);
int	manifest_save(const struct manifest *m, const struct odir *dir,
	    struct strbuf *err);
void	manifest_free(struct manifest *m);
/*
 * Does DIR/path exist, as the old manifest says with this hash?  Then
 * it is kept (put in the new manifest) and 1 returned.  A page or a
 * script is read back and hashed (something else may have written it);
 * a chart must be a file with something in it, a comparison's
 * directory must hold its report.html.
 */
int	site_unchanged(struct site *s, const char *path, const char *hash);
/*
 * Write DIR/path (through a temporary file, renamed) unless it holds
 * this content already; 0, or -1 with err set.
 */
int	site_put(struct site *s, const char *path, const char *data,
	    size_t len, struct strbuf *err);
/* Remove what the old manifest has and the new one not. */
int	site_prune(struct site *s, struct strbuf *err);

/* site_html.c: pages are written to a memory stream, then site_put. */
struct page {
	FILE	*fp;
	char	*buf;
	size_t	 len;
};
int	page_open(struct page *pg, struct strbuf *err);
int	page_close(struct site *s, struct page *pg, const char *path,
	    struct strbuf *err);
/* The head of a page; root is "" or "../", the way to the top. */
void	page_head(FILE *fp, const struct site *s, const char *title,
	    const char *root);
void	page_foot(FILE *fp, const char *root);
/* A number as the tables print it (fmt_num), escaped. */
void	put_num(FILE *fp, double v);
/* A change "+5.71%", or "-" when it is not a number. */
void	put_change(FILE *fp, double change);
/* A p-value: "1.2e-24", "<1e-300". */
void	put_p(FILE *fp, double p);
/* "2026-01-31" of a run's start. */
void	put_date(FILE *fp, const struct hrun *r);
/* "2026-01-31 02:00 UTC" of a start time. */
void	put_time(FILE *fp, const char *started);
/* A link to a run's page: its label, escaped, and its date. */
void	put_run_link(FILE *fp, const struct hrun *r, const char *root);
/* "regression" / "improvement", with its class. */
void	put_direction(FILE *fp, int regressed);

/*
 * A list too long for one page (the index's series, a run's) is cut in
 * pages of s->per_page: BASE.html, BASE-2.html...  page_name() is page
 * p's (from 0); page_nav() links to all, p marked, when there are two
 * or more.
 */
void	page_name(struct strbuf *out, const char *base, size_t p);
void	page_nav(FILE *fp, const char *base, size_t p, size_t per,
	    size_t total);

/* The pages. */
int	site_index(struct site *s, struct strbuf *err);
int	site_regressions(struct site *s, struct strbuf *err);
int	site_series_pages(struct site *s, struct strbuf *err);
int	site_run_pages(struct site *s, struct strbuf *err);
int	site_feed(struct site *s, struct strbuf *err);
int	site_compares(struct site *s, struct store *db, struct strbuf *err);
int	site_assets(struct site *s, struct strbuf *err);
/* The charts of the series pages, in one batch (site_pages.c). */
int	site_charts(struct site *s, struct strbuf *err);

#endif
