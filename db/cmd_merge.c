/*
 * cmd_merge.c: kbench merge OTHER.db...: bring the runs of other
 * databases (one per lab machine) into this one, keyed by run uuid.
 *
 * Idempotent: a run already here with the same content is skipped.  A
 * run here with the same uuid but other content is an error naming it,
 * and nothing of the merge is kept (one transaction for all).  Content
 * is compared by a digest of everything the canonical CSV would carry.
 */
#include <err.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kbench.h"
#include "store.h"

const char merge_help[] =
    "usage: kbench merge [-q] OTHER.db...\n"
    "\n"
    "Copies every run of each OTHER database (all states) into this one,\n"
    "with its facts (its own host among them), series and samples.  A run\n"
    "already here, by uuid, is skipped when its content is the same and is\n"
    "an error otherwise; nothing is merged unless everything can be.\n"
    "   -q, --quiet      no summary on standard error\n";

/* FNV-1a over text: the digest of a run's content. */
static void
digest_add(uint64_t *h, const char *s)
{
	for (; *s; s++) {
		*h ^= (unsigned char)*s;
		*h *= 1099511628211ULL;
	}
	*h ^= 0x1f;
	*h *= 1099511628211ULL;
}

static int
digest_sample(const struct sample_row *row, void *arg)
{
	uint64_t *h = arg;
	char buf[64];

	digest_add(h, row->series_name);
	digest_add(h, row->unit);
	digest_add(h, row->better);
	snprintf(buf, sizeof(buf), "%lld %.17g", (long long)row->seq, row->value);
	digest_add(h, buf);
	return 0;
}

static int
digest_run(struct store *s, const struct run_row *r, uint64_t *h)
{
	struct filter f;
	size_t i;
	int rc;

	*h = 14695981039346656037ULL;
	digest_add(h, r->info.label);
	digest_add(h, r->info.benchmark);
	digest_add(h, r->info.status);
	digest_add(h, r->info.started_at);
	digest_add(h, r->info.ended_at ? r->info.ended_at : "");
	digest_add(h, r->info.command);
	digest_add(h, r->info.tool_version);
	for (i = 0; i < r->facts.n; i++) {
		digest_add(h, r->facts.v[i].key);
		digest_add(h, r->facts.v[i].value);
	}
	memset(&f, 0, sizeof(f));
	f.include_incomplete = 1;
	strlist_add(&f.runs, r->info.uuid);
	rc = store_each_sample(s, &f, digest_sample, h);
	filter_free(&f);
	return rc;
}

/* The digest of the run with this uuid in s. */
struct digest_job {
	struct store	*s;
	uint64_t	 h;
	int		 failed;
};

static int
digest_cb(const struct run_row *r, void *arg)
{
	struct digest_job *job = arg;

	if (digest_run(job->s, r, &job->h) == -1)
		job->failed = 1;
	return 1;
}

static int
digest_uuid(struct store *s, const char *uuid, uint64_t *h)
{
	struct digest_job job = { s, 0, 0 };
	struct filter f;
	int rc;

	memset(&f, 0, sizeof(f));
	f.include_incomplete = 1;
	strlist_add(&f.runs, uuid);
	rc = store_each_run(s, &f, digest_cb, &job);
	filter_free(&f);
	*h = job.h;
	return rc == -1 || job.failed ? -1 : 0;
}

struct merge {
	struct store	*dst, *src;
	const char	*src_path;
	int64_t		 added, skipped, samples;
	int		 rc;
	int64_t		 run_id;	/* the copy being made */
	int64_t		 series_id;
	struct strbuf	 series;	/* its name */
};

static int
copy_sample(const struct sample_row *row, void *arg)
{
	struct merge *m = arg;
	struct series_info si;

	if (m->series_id == 0 || strcmp(sb_str(&m->series), row->series_name) != 0) {
		si.keys = row->keys;
		si.unit = row->unit;
		si.better = row->better;
		if (store_series_get(m->dst, m->run_id, &si, &m->series_id) == -1)
			return -1;
		sb_reset(&m->series);
		sb_adds(&m->series, row->series_name);
	}
	if (store_sample_add(m->dst, m->series_id, row->seq, row->value, 0) == -1)
		return -1;
	m->samples++;
	return 0;
}

static int
merge_run(const struct run_row *r, void *arg)
{
	struct merge *m = arg;
	struct run_info ri;
	struct filter f;
	uint64_t a, b;
	int64_t id;
	size_t i;

	if (store_run_by_uuid(m->dst, r->info.uuid, &id) == -1)
		goto dberr;
	if (id != 0) {
		/* The same uuid: the same content, or a conflict. */
		if (digest_run(m->src, r, &a) == -1)
			goto srcerr;
		if (digest_uuid(m->dst, r->info.uuid, &b) == -1)
			goto dberr;
		if (a != b) {
			warnx("merge: %s: run %s (%s) is here already with other "
			    "content; nothing merged", m->src_path, r->info.uuid,
			    r->info.label);
			m->rc = KB_EXIT_USAGE;
			return 1;
		}
		m->skipped++;
		return 0;
	}
	ri = r->info;
	if (store_run_create(m->dst, &ri) == -1)
		goto dberr;
	for (i = 0; i < r->facts.n; i++)
		if (store_fact_set(m->dst, ri.id, r->facts.v[i].key,
		    r->facts.v[i].value) == -1)
			goto dberr;
	memset(&f, 0, sizeof(f));
	f.include_incomplete = 1;
	strlist_add(&f.runs, r->info.uuid);
	m->run_id = ri.id;
	m->series_id = 0;
	if (store_each_sample(m->src, &f, copy_sample, m) == -1) {
		filter_free(&f);
		warnx("merge: %s", *store_error(m->dst) ? store_error(m->dst) :
		    store_error(m->src));
		m->rc = KB_EXIT_DB;
		return 1;
	}
	filter_free(&f);
	m->added++;
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
		fprintf(stderr, "kbench merge: %lld runs added (%lld samples), "
		    "%lld already here\n", (long long)m.added,
		    (long long)m.samples, (long long)m.skipped);
	sb_free(&err);
	sb_free(&m.series);
	return m.rc;
}
