/*
 * cmd_merge.c: kbench merge OTHER.db...: bring the runs of other
 * databases (one per lab machine) into this one, keyed by run uuid.
 *
 * Idempotent: a run already here with the same content is skipped.  A
 * run here with the same uuid but other content is an error naming it,
 * and nothing of the merge is kept (one transaction for all), unless the
 * copy here is still "running": it was merged mid-collection, and the
 * newer copy replaces it.  Content is compared by a digest (FNV-1a) of
 * the run's columns and facts and of every series' samples, read in
 * bulk, to the bit.
 */
#include <err.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbench.h"
#include "store.h"

const char merge_help[] =
    "usage: kbench merge [-q] OTHER.db...\n"
    "\n"
    "Copies every run of each OTHER database (all states) into this one,\n"
    "with its facts (its own host among them), series and samples.  A run\n"
    "already here, by uuid, is skipped when its content is the same and is\n"
    "an error otherwise, unless the copy here is still running (merged during\n"
    "its collection): the newer copy replaces it.  Nothing is merged unless\n"
    "everything can be.\n"
    "   -q, --quiet      no summary on standard error\n";

/* The samples of one series, read in bulk; reused from series to series. */
struct samples {
	int64_t	*seq;
	double	*v;
	size_t	 n, cap;
};

static void
samples_free(struct samples *b)
{
	free(b->seq);
	free(b->v);
}

/* FNV-1a: the digest of a run's content. */
#define FNV_OFFSET	14695981039346656037ULL
#define FNV_PRIME	1099511628211ULL

static void
digest_bytes(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++) {
		*h ^= b[i];
		*h *= FNV_PRIME;
	}
}

/* A string and a separator, so "ab","c" and "a","bc" differ. */
static void
digest_add(uint64_t *h, const char *s)
{
	digest_bytes(h, s, strlen(s));
	*h ^= 0x1f;
	*h *= FNV_PRIME;
}

/* Walking the series of one run: a digest, or a copy into m->dst. */
struct walk {
	struct store	*s;		/* the run's database */
	struct samples	 b;
	uint64_t	 h;		/* the digest so far */
	struct merge	*m;		/* copying: where to */
};

static int
digest_series(const struct series_row *row, void *arg)
{
	struct walk *w = arg;
	size_t i;

	digest_add(&w->h, row->name);
	digest_add(&w->h, row->unit);
	digest_add(&w->h, row->better);
	w->b.n = 0;
	if (store_series_samples(w->s, row->id, &w->b.seq, &w->b.v, &w->b.n,
	    &w->b.cap) == -1)
		return -1;
	/* The raw bytes: every bit of every value counts. */
	for (i = 0; i < w->b.n; i++) {
		digest_bytes(&w->h, &w->b.seq[i], sizeof(w->b.seq[i]));
		digest_bytes(&w->h, &w->b.v[i], sizeof(w->b.v[i]));
	}
	return 0;
}

/* A filter for one run, every state. */
static void
one_run(struct filter *f, const char *uuid)
{
	memset(f, 0, sizeof(*f));
	f->include_incomplete = 1;
	strlist_add(&f->runs, uuid);
}

static int
digest_run(struct store *s, const struct run_row *r, uint64_t *h)
{
	struct walk w;
	struct filter f;
	size_t i;
	int rc;

	memset(&w, 0, sizeof(w));
	w.s = s;
	w.h = FNV_OFFSET;
	digest_add(&w.h, r->info.label);
	digest_add(&w.h, r->info.benchmark);
	digest_add(&w.h, r->info.status);
	digest_add(&w.h, r->info.started_at);
	digest_add(&w.h, r->info.ended_at ? r->info.ended_at : "");
	digest_add(&w.h, r->info.command);
	digest_add(&w.h, r->info.tool_version);
	for (i = 0; i < r->facts.n; i++) {
		digest_add(&w.h, r->facts.v[i].key);
		digest_add(&w.h, r->facts.v[i].value);
	}
	one_run(&f, r->info.uuid);
	rc = store_each_series(s, &f, digest_series, &w);
	filter_free(&f);
	samples_free(&w.b);
	*h = w.h;
	return rc;
}

/* The digest and state of the run with this uuid in s. */
struct digest_job {
	struct store	*s;
	uint64_t	 h;
	int		 running;
	int		 failed;
};

static int
digest_cb(const struct run_row *r, void *arg)
{
	struct digest_job *job = arg;

	job->running = strcmp(r->info.status, RUN_RUNNING) == 0;
	if (digest_run(job->s, r, &job->h) == -1)
		job->failed = 1;
	return 1;
}

static int
digest_uuid(struct store *s, const char *uuid, uint64_t *h, int *running)
{
	struct digest_job job = { s, 0, 0, 0 };
	struct filter f;
	int rc;

	one_run(&f, uuid);
	rc = store_each_run(s, &f, digest_cb, &job);
	filter_free(&f);
	*h = job.h;
	*running = job.running;
	return rc == -1 || job.failed ? -1 : 0;
}

struct merge {
	struct store	*dst, *src;
	const char	*src_path;
	int64_t		 added, updated, skipped, samples;
	int		 rc;
	int64_t		 run_id;	/* the copy being made */
};

/* Copy one series of the source run, its samples in bulk. */
static int
copy_series(const struct series_row *row, void *arg)
{
	struct walk *w = arg;
	struct merge *m = w->m;
	struct series_info si;
	int64_t id;
	size_t i;

	si.keys = row->keys;
	si.unit = row->unit;
	si.better = row->better;
	if (store_series_get(m->dst, m->run_id, &si, &id) == -1)
		return -1;
	w->b.n = 0;
	if (store_series_samples(w->s, row->id, &w->b.seq, &w->b.v, &w->b.n,
	    &w->b.cap) == -1)
		return -1;
	for (i = 0; i < w->b.n; i++)
		if (store_sample_add(m->dst, id, w->b.seq[i], w->b.v[i], 0) == -1)
			return -1;
	m->samples += (int64_t)w->b.n;
	return 0;
}

/* Copy run r of the source, with its facts, series and samples. */
static int
copy_run(struct merge *m, const struct run_row *r)
{
	struct run_info ri;
	struct filter f;
	struct walk w;
	size_t i;
	int rc;

	ri = r->info;
	if (store_run_create(m->dst, &ri) == -1)
		return -1;
	for (i = 0; i < r->facts.n; i++)
		if (store_fact_set(m->dst, ri.id, r->facts.v[i].key,
		    r->facts.v[i].value) == -1)
			return -1;
	memset(&w, 0, sizeof(w));
	w.s = m->src;
	w.m = m;
	m->run_id = ri.id;
	one_run(&f, r->info.uuid);
	rc = store_each_series(m->src, &f, copy_series, &w);
	filter_free(&f);
	samples_free(&w.b);
	return rc;
}

static int
merge_run(const struct run_row *r, void *arg)
{
	struct merge *m = arg;
	uint64_t a, b;
	int64_t id;
	int running;

	if (store_run_by_uuid(m->dst, r->info.uuid, &id) == -1)
		goto dberr;
	if (id != 0) {
		/* The same uuid: the same content, or a conflict. */
		if (digest_run(m->src, r, &a) == -1)
			goto srcerr;
		if (digest_uuid(m->dst, r->info.uuid, &b, &running) == -1)
			goto dberr;
		if (a == b) {
			m->skipped++;
			return 0;
		}
		/*
		 * A run merged while it was still running has grown since:
		 * the newer copy replaces it.  Any other difference is a
		 * conflict.
		 */
		if (!running) {
			warnx("merge: %s: run %s (%s) is here already with other "
			    "content; nothing merged", m->src_path, r->info.uuid,
			    r->info.label);
			m->rc = KB_EXIT_USAGE;
			return 1;
		}
		if (store_run_delete(m->dst, id) == -1)
			goto dberr;
		m->updated++;
	} else
		m->added++;
	if (copy_run(m, r) == -1) {
		warnx("merge: %s", *store_error(m->dst) ? store_error(m->dst) :
		    store_error(m->src));
		m->rc = KB_EXIT_DB;
		return 1;
	}
	return 0;
dberr:
	warnx("merge: %s", store_error(m->dst));
	m->rc = KB_EXIT_DB;
	return 1;
srcerr:
	warnx("merge: %s", store_error(m->src));
	m->rc = KB_EXIT_DB;
	return 1;
}

int
cmd_merge(int argc, char **argv, struct kbench_ctx *ctx)
{
	static const struct option longopts[] = {
		{ "quiet",	no_argument,	NULL, 'q' },
		{ NULL,		0,		NULL, 0 }
	};
	struct merge m;
	struct filter all;
	struct strbuf err = STRBUF_INIT;
	int ch, i, why, quiet = 0;

	memset(&m, 0, sizeof(m));
	memset(&all, 0, sizeof(all));
	all.include_incomplete = 1;
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "q", longopts, NULL)) != -1) {
		if (ch != 'q') {
			fputs(merge_help, stderr);
			return KB_EXIT_USAGE;
		}
		quiet = 1;
	}
	if (optind >= argc) {
		warnx("merge: no database to merge from (kbench merge OTHER.db...)");
		return KB_EXIT_USAGE;
	}
	m.dst = ctx->db;
	if (store_begin(m.dst) == -1) {
		warnx("merge: %s", store_error(m.dst));
		return KB_EXIT_DB;
	}
	for (i = optind; i < argc && m.rc == KB_EXIT_OK; i++) {
		sb_reset(&err);
		m.src_path = argv[i];
		if ((m.src = store_open(argv[i], STORE_READONLY, &err, &why)) == NULL) {
			warnx("merge: %s", sb_str(&err));
			m.rc = why == STORE_ENOENT ? KB_EXIT_USAGE : KB_EXIT_DB;
			break;
		}
		if (store_each_run(m.src, &all, merge_run, &m) == -1 &&
		    m.rc == KB_EXIT_OK) {
			warnx("merge: %s", store_error(m.src));
			m.rc = KB_EXIT_DB;
		}
		store_close(m.src);
	}
	if (m.rc == KB_EXIT_OK && store_commit(m.dst) == -1) {
		warnx("merge: %s", store_error(m.dst));
		m.rc = KB_EXIT_DB;
	}
	if (m.rc != KB_EXIT_OK)
		store_rollback(m.dst);
	else if (!quiet)
		fprintf(stderr, "kbench merge: %lld run%s added, %lld updated "
		    "(%lld samples), %lld already here\n", (long long)m.added,
		    m.added == 1 ? "" : "s", (long long)m.updated,
		    (long long)m.samples,
		    (long long)m.skipped);
	sb_free(&err);
	return m.rc;
}
