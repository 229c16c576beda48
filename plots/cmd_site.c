/*
 * cmd_site.c: kbench site -o DIR: a static dashboard of every series'
 * history (site.h has the parts).  One command line, so that a nightly
 * can end with it: kbench -d DB site -o DIR [filters].
 *
 * The order of the work: the model (the history and the runs), the
 * comparisons and the charts (children: they decide what the pages link
 * to), the pages, then the files the site no longer has are removed and
 * the manifest written last, so an interrupted build is redone next time
 * where it did not finish.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kbench.h"
#include "lib/signals.h"
#include "plots/site.h"

const char site_help[] =
    "usage: kbench site -o DIR [--title T] [--fact KEY] [--no-compare] [--jobs N]\n"
    "                   [--since DATE] [--last N] [--order-by KEY] [--threshold PCT]\n"
    "                   [--pvalue P] [filters]\n"
    "\n"
    "Writes a static, self-contained site into DIR: index.html (every series,\n"
    "by benchmark, host and keys, with a sparkline, its latest value and last\n"
    "change point; filters and sortable columns), a page per series (its trend\n"
    "chart, as kbench plot trend draws it, its change points and runs), a page\n"
    "per run (facts, command, series, the runs before and after it and the\n"
    "comparison with the one before, kbench report's page), regressions.html\n"
    "and feed.xml (Atom): the change points, newest first.  No server, nothing\n"
    "loaded from elsewhere: open DIR/index.html, or serve DIR as it is.\n"
    "Run again on the same DIR, it writes only what changed (DIR/.kbench-site\n"
    "keeps a hash of each file): after one more night, the index, the series\n"
    "and the runs it moved, one comparison.  A series is its keys on one\n"
    "benchmark and host.\n"
    "   -o, --output DIR   the site (made if missing; an existing DIR must be\n"
    "                      empty or a site kbench wrote)\n"
    "   --title T          the site's title (default \"kbench\")\n"
    "   --fact KEY         the run fact shown beside each run (default: the\n"
    "                      kernel: kernel_git, else kernel_release)\n"
    "   --no-compare       make no comparison pages (keep those made before)\n"
    "   --jobs N           gnuplots and kbench reports at once (default 2)\n"
    HISTORY_OPTIONS_HELP
    "Filters: as for kbench runs; only complete runs unless --incomplete.\n";

enum {
	OPT_FACT = 300,
	OPT_JOBS,
	OPT_NOCOMPARE,
	OPT_TITLE
};

/*
 * Is the directory d empty, but for the lock and what an interrupted
 * kbench left (odir_sweep)?  1, 0, or -1 with errno set.
 */
static int
dir_empty(const struct odir *d)
{
	struct dirent *e;
	DIR *dir;
	int empty = 1;

	if ((dir = odir_list(d)) == NULL)
		return -1;
	/* cppcheck-suppress readdirCalled ; one thread: readdir_r is deprecated */
	while ((e = readdir(dir)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
		    strcmp(e->d_name, SITE_LOCK) != 0) {
			empty = 0;
			break;
		}
	closedir(dir);
	return empty;
}

/*
 * DIR held open and locked, what an interrupted build left swept, the
 * manifest read.  An exit status.
 */
static int
open_site(struct site *s, struct strbuf *err)
{
	int busy;

	if (odir_open(&s->root, s->dir, ODIR_CREATE, NULL, err) == -1)
		return KB_EXIT_IO;
	/* One build at a time: two would each trust the other's manifest. */
	if ((s->lock = odir_lock(&s->root, SITE_LOCK, &busy, err)) == -1)
		return busy ? KB_EXIT_TEMPFAIL : KB_EXIT_IO;
	odir_sweep(&s->root);
	switch (manifest_load(&s->old, &s->root, err)) {
	case -1:
		return KB_EXIT_USAGE;
	case 0:
		/* Never write, nor later remove, into what is not ours. */
		if (dir_empty(&s->root) != 1) {
			sb_addf(err, "%s: not empty, and not a site kbench wrote "
			    "(no %s): choose a new or empty directory", s->dir,
			    SITE_MANIFEST);
			return KB_EXIT_USAGE;
		}
		/*
		 * The manifest first: a first build that is killed is then
		 * a site kbench wrote, and the next one resumes it.
		 */
		if (manifest_save(&s->old, &s->root, err) == -1)
			return KB_EXIT_IO;
	}
	return KB_EXIT_OK;
}

/*
 * DIR and its subdirectories (never through a link planted in DIR),
 * and the manifest of the site already there.  An exit status.
 */
static int
prepare(struct site *s)
{
	static const char *const sub[] = { "series", "runs", "compare" };
	struct odir *subdir[] = { &s->series, &s->runs, &s->compare_dir };
	struct strbuf err = STRBUF_INIT;
	size_t i;
	int rc;

	if ((rc = open_site(s, &err)) != KB_EXIT_OK) {
		warnx("site: %s", sb_str(&err));
		sb_free(&err);
		return rc;
	}
	for (i = 0; i < sizeof(sub) / sizeof(sub[0]); i++) {
		if (odir_sub(&s->root, sub[i], ODIR_CREATE, subdir[i],
		    &err) == -1) {
			warnx("site: %s", sb_str(&err));
			sb_free(&err);
			return KB_EXIT_IO;
		}
		odir_sweep(subdir[i]);
	}
	sb_free(&err);
	return KB_EXIT_OK;
}

/*
 * A build that failed, or a signal stopped: said; the manifest is not
 * saved, so the next build makes again what this one may not have
 * finished (each file it wrote is whole).  An exit status.
 */
static int
stopped(struct site *s, struct strbuf *err)
{
	struct strbuf who = STRBUF_INIT;
	int rc;

	if (!signal_caught) {
		warnx("site: %s", sb_str(err));
		return KB_EXIT_IO;
	}
	sb_addf(&who, "site: %s", s->dir);
	rc = signals_stopped(sb_str(&who), "the next build finishes it");
	sb_free(&who);
	return rc;
}

/* The pages, then the pruning and the manifest.  An exit status. */
static int
build(struct site *s, struct kbench_ctx *ctx)
{
	static int (*const pages[])(struct site *, struct strbuf *) = {
		site_series_pages, site_run_pages, site_index,
		site_regressions, site_feed, site_assets
	};
	struct strbuf err = STRBUF_INIT;
	size_t i;
	int rc = KB_EXIT_OK;

	if (site_compares(s, ctx->db, &err) == -1 || signal_caught) {
		rc = stopped(s, &err);
		goto out;
	}
	for (i = 0; i < s->warnings.n; i++)
		warnx("site: warning: %s", s->warnings.v[i]);
	/* A chart that fails leaves its page without it: the rest goes on. */
	if (site_charts(s, &err) == -1 && !signal_caught) {
		warnx("site: %s", sb_str(&err));
		sb_reset(&err);
		rc = KB_EXIT_IO;
	}
	if (signal_caught) {
		rc = stopped(s, &err);
		goto out;
	}
	for (i = 0; i < sizeof(pages) / sizeof(pages[0]); i++)
		if (pages[i](s, &err) == -1 || signal_caught) {
			rc = stopped(s, &err);
			goto out;
		}
	if (site_prune(s, &err) == -1) {
		warnx("site: %s", sb_str(&err));
		sb_reset(&err);
		rc = KB_EXIT_IO;
	}
	if (signal_caught) {
		rc = stopped(s, &err);
		goto out;
	}
	if (manifest_save(&s->cur, &s->root, &err) == -1) {
		warnx("site: %s", sb_str(&err));
		rc = KB_EXIT_IO;
	}
out:
	sb_free(&err);
	return rc;
}

int
cmd_site(int argc, char **argv, struct kbench_ctx *ctx)
{
	static const struct option longopts[] = {
		FILTER_LONGOPTS,
		HISTORY_LONGOPTS,
		{ "fact",	required_argument, NULL, OPT_FACT },
		{ "jobs",	required_argument, NULL, OPT_JOBS },
		{ "no-compare",	no_argument,	   NULL, OPT_NOCOMPARE },
		{ "output",	required_argument, NULL, 'o' },
		{ "title",	required_argument, NULL, OPT_TITLE },
		{ NULL,		0,		   NULL, 0 }
	};
	struct site s;
	struct filter f;
	struct strbuf err = STRBUF_INIT;
	long jobs;
	int ch, rc = KB_EXIT_USAGE;

	site_init(&s);
	memset(&f, 0, sizeof(f));
	s.title = "kbench";
	s.db_path = ctx->db_path;
	s.argv0 = ctx->argv0;
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:o:", longopts, NULL)) != -1) {
		switch (history_option(&s.h, ch, optarg, "site")) {
		case 1:
			continue;
		case -1:
			goto out;
		}
		switch (ch) {
		case 'o':
			s.dir = dir_arg(optarg);
			continue;
		case OPT_FACT:
			if (*optarg == '\0') {
				warnx("site: --fact needs a KEY: a run fact");
				goto out;
			}
			s.fact = optarg;
			continue;
		case OPT_JOBS:
			if (parse_long(optarg, 1, 64, &jobs) == -1) {
				warnx("site: --jobs %s: expected a number from 1 "
				    "to 64", optarg);
				goto out;
			}
			s.jobs = (int)jobs;
			continue;
		case OPT_NOCOMPARE:
			s.compare = 0;
			continue;
		case OPT_TITLE:
			s.title = optarg;
			continue;
		}
		if (cmd_filter_option(&f, ch, optarg, "site", site_help) == 1)
			continue;
		goto out;
	}
	if (cmd_no_operands(argc, argv, "site") == -1)
		goto out;
	if (s.dir == NULL || *s.dir == '\0') {
		warnx("site: -o DIR is required: where the site goes");
		goto out;
	}
	s.incomplete = f.include_incomplete;
	if ((rc = cmd_check_filter(ctx, &f, "site")) != KB_EXIT_OK)
		goto out;
	rc = site_make(&s, ctx, &f, 0);
out:
	site_free(&s);
	filter_free(&f);
	sb_free(&err);
	return rc;
}

int
site_make(struct site *s, struct kbench_ctx *ctx, const struct filter *f,
    int quiet)
{
	struct strbuf err = STRBUF_INIT;
	struct saved_signals saved;
	const char *env;
	long per;
	int rc;

	/* The tests' small index pages: a site of many pages in a few series. */
	if ((env = getenv("KBENCH_SITE_PAGE")) != NULL) {
		if (parse_long(env, 1, LONG_MAX, &per) == -1) {
			warnx("site: KBENCH_SITE_PAGE=%s: expected a number of "
			    "series from 1", env);
			return KB_EXIT_USAGE;
		}
		s->per_page = (size_t)per;
	}
	if ((rc = prepare(s)) != KB_EXIT_OK)
		goto out;
	if ((rc = exit_status(site_model(s, ctx->db, f, &err))) != KB_EXIT_OK) {
		warnx("site: %s", sb_str(&err));
		goto out;
	}
	/* SIGINT, SIGTERM: its children stopped (procs_run), then it. */
	signals_catch(NULL, 0, &saved);
	if (s->h.order_by != NULL && s->h.nmissing > 0)
		warnx("site: --order-by %s: %zu run%s without it left out",
		    s->h.order_by, s->h.nmissing, s->h.nmissing == 1 ? "" : "s");
	if (*sb_str(&s->h.cache_err) != '\0')
		warnx("site: warning: run summaries not cached: %s",
		    sb_str(&s->h.cache_err));
	rc = build(s, ctx);
	signals_restore(&saved);
	/* Not when stopped (128 + the signal): it said so. */
	if (!quiet && rc < 128)
		printf("%s/index.html: %zu series, %zu runs, %zu change point%s; "
		    "wrote %zu of %zu pages, drew %zu of %zu charts, made %zu "
		    "of %zu comparisons, removed %zu files\n", s->dir, s->nser,
		    s->h.nrun, s->h.ncp, s->h.ncp == 1 ? "" : "s", s->nwritten,
		    s->npages, s->ndrawn, s->ncharts, s->ncompared, s->ncompare,
		    s->nremoved);
out:
	sb_free(&err);
	return rc;
}

int
site_write(struct kbench_ctx *ctx, const char *dir, int quiet)
{
	struct site s;
	struct filter f;
	int rc;

	site_init(&s);
	memset(&f, 0, sizeof(f));
	s.dir = dir;
	s.title = "kbench";
	s.db_path = ctx->db_path;
	s.argv0 = ctx->argv0;
	rc = site_make(&s, ctx, &f, quiet);
	site_free(&s);
	return rc;
}
