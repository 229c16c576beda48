/*
 * cmd_merge.c: kbench merge OTHER.db...: bring the runs of other
 * databases (one per lab machine) into this one, keyed by run uuid.
 *
 * Idempotent: a run already here with the same content is skipped.  A
 * run here with the same uuid but other content is an error naming it,
 * and nothing of the merge is kept, unless the copy here is still
 * "running" (it was merged mid-collection) and the new one is complete
 * or aborted, or running and holding all of it: then the new one
 * replaces it.  Content is compared by a digest (FNV-1a) of the run's
 * columns and facts and of every series' samples, read in bulk, to the
 * bit; each text goes in as its length, then its bytes, so that no
 * byte in a text (a crafted 0x1f) can move where one ends.  Never
 * stored: computed anew from both copies at each merge.
 *
 * A source comes from elsewhere: before anything is read from it, its
 * schema must be the one kbench makes (store_check_source()), its reads
 * are bounded in SQLite steps, and each run, fact, series and sample is
 * checked by import's rules (db/valid.h).  One that fails them refuses
 * the merge, naming the source, the run and the value.  A run is matched by its whole uuid, never by --run's rules (a
 * row id, a uuid prefix): "night-1" is not a prefix of "night-10" here.
 *
 * Two phases, so that the write lock is held for the copy only: first
 * every source is read and checked against the others and against this
 * database (one snapshot each), and a conflict refuses the merge with
 * nothing locked; then, under the lock, the runs are copied, checked
 * again first only if this database changed in between.
 */
#include <err.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kbench.h"
#include "db/store.h"
#include "db/valid.h"
#include "lib/strmap.h"

/*
 * The bound of a source's reads, in SQLite steps: a merge reads each
 * sample a few times, some ten steps each, so this is many times what an
 * honest source needs, and ends a crafted one's endless query.
 */
#define READ_STEPS_BASE		INT64_C(100000000)
#define READ_STEPS_PER_BYTE	200

const char merge_help[] =
    "usage: kbench merge [-q] OTHER.db...\n"
    "\n"
    "Copies every run of each OTHER database (all states) into this one,\n"
    "with its facts (its own host among them), series and samples.  A run\n"
    "already here, by its whole uuid, is skipped when its content is the same\n"
    "and is an error otherwise, unless the copy here is still running (merged\n"
    "during its collection) and the new one is complete, aborted, or running\n"
    "with all the samples of the copy here: the new one replaces it.  Nothing\n"
    "is merged unless everything can be.\n"
    "   -q, --quiet      no summary on standard error\n";

/* The samples of one series, read in bulk; reused from series to series. */

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

/*
 * A string as its length, then its bytes: "a\x1fb","c" and "a","b\x1fc"
 * differ, whatever bytes they hold.  NULL is a length no string has.
 */
static void
digest_add(uint64_t *h, const char *s)
{
	uint64_t n = s != NULL ? strlen(s) : UINT64_MAX;

	digest_bytes(h, &n, sizeof(n));
	if (s != NULL)
		digest_bytes(h, s, n);
}

/* A filter for the run of this whole uuid, every state. */
static void
one_run(struct filter *f, const char *uuid)
{
	memset(f, 0, sizeof(*f));
	f->include_incomplete = 1;
	strlist_add(&f->where_keys, "uuid");
	strlist_add(&f->where_values, uuid);
}

/* One copy of a run: which database holds it, and what it is. */
struct copy {
	struct store	*s;
	const char	*path;
	int64_t		 id;
	char		*uuid, *label, *benchmark, *status, *started, *ended;
	char		*command, *version;
	struct kvlist	 facts;
	uint64_t	 h;		/* the digest of all of it, */
	int		 hashed;	/* once computed */
	int		 check;		/* a source's: by valid.h's rules */
	struct strbuf	 bad;		/* how it breaks them */
};

static void
copy_free(struct copy *c)
{
	free(c->uuid);
	free(c->label);
	free(c->benchmark);
	free(c->status);
	free(c->started);
	free(c->ended);
	free(c->command);
	free(c->version);
	kv_clear(&c->facts);
	sb_free(&c->bad);
	memset(c, 0, sizeof(*c));
}

static int
running(const struct copy *c)
{
	return strcmp(c->status, RUN_RUNNING) == 0;
}

/*
 * Is a series' name the one its keys make, as every writer stores it?
 * The copy is made from the keys: two series of one run named apart but
 * with the same keys would become one.  0, or -1 with why.
 */
static int
series_named(const struct series_row *row, struct strbuf *why)
{
	struct strbuf name = STRBUF_INIT;
	int rc = 0;

	store_series_name(row->keys, &name);
	if (strcmp(sb_str(&name), row->name) != 0) {
		sb_adds(why, "its name is not the one its keys make ('");
		sb_add_visible(why, sb_str(&name));
		sb_adds(why, "')");
		rc = -1;
	}
	sb_free(&name);
	return rc;
}

/* A source's series and its samples, by import's rules: 0 or -1 (c->bad). */
static int
series_valid(struct copy *c, const struct series_row *row,
    const struct sample_buf *b)
{
	struct series_info si;
	struct strbuf why = STRBUF_INIT;
	size_t i;

	si.keys = row->keys;
	si.unit = row->unit;
	si.better = row->better;
	i = b->n;
	if (valid_series(&si, &why) == 0 && series_named(row, &why) == 0) {
		for (i = 0; i < b->n && valid_sample(b->seq[i], b->round[i],
		    b->v[i], &why) == 0; i++)
			;
		if (i == b->n) {
			sb_free(&why);
			return 0;
		}
	}
	sb_adds(&c->bad, ", series '");
	sb_add_visible(&c->bad, row->name);
	sb_adds(&c->bad, "'");
	if (i < b->n)
		sb_addf(&c->bad, ", sample %lld", (long long)b->seq[i]);
	sb_addf(&c->bad, ": %s", sb_str(&why));
	sb_free(&why);
	return -1;
}

static int
digest_series(const struct series_row *row, void *arg)
{
	struct copy *c = ((void **)arg)[0];
	struct sample_buf *b = ((void **)arg)[1];
	size_t i;

	digest_add(&c->h, row->name);
	digest_add(&c->h, row->unit);
	digest_add(&c->h, row->better);
	b->n = 0;
	if (store_series_samples(c->s, row->id, b) == -1)
		return -1;
	if (c->check && series_valid(c, row, b) == -1)
		return -1;
	/* The raw bytes: every bit of every value counts, and its round. */
	for (i = 0; i < b->n; i++) {
		digest_bytes(&c->h, &b->seq[i], sizeof(b->seq[i]));
		digest_bytes(&c->h, &b->round[i], sizeof(b->round[i]));
		digest_bytes(&c->h, &b->v[i], sizeof(b->v[i]));
	}
	return 0;
}

/* Fill c from a run row of its store, and digest all of it. */
/* Fill c from a run row of its store. */
static void
copy_take(struct copy *c, const struct run_row *r)
{
	size_t i;

	c->id = r->info.id;
	c->uuid = xstrdup(r->info.uuid);
	c->label = xstrdup(r->info.label);
	c->benchmark = xstrdup(r->info.benchmark);
	c->status = xstrdup(r->info.status);
	c->started = xstrdup(r->info.started_at);
	c->ended = r->info.ended_at != NULL ? xstrdup(r->info.ended_at) : NULL;
	c->command = xstrdup(r->info.command);
	c->version = xstrdup(r->info.tool_version);
	for (i = 0; i < r->facts.n; i++)
		kv_set(&c->facts, r->facts.v[i].key, r->facts.v[i].value);
}

/*
 * The digest of all of c, computed the first time it is asked for (a
 * copy here is read only when a source has its uuid).  0, or -1 (the
 * store's error).
 */
static int
copy_digest(struct copy *c)
{
	struct sample_buf b;
	struct filter f;
	void *arg[2];
	size_t i;
	int rc;

	if (c->hashed)
		return 0;
	c->h = FNV_OFFSET;
	digest_add(&c->h, c->label);
	digest_add(&c->h, c->benchmark);
	digest_add(&c->h, c->status);
	digest_add(&c->h, c->started);
	digest_add(&c->h, c->ended);
	digest_add(&c->h, c->command);
	digest_add(&c->h, c->version);
	for (i = 0; i < c->facts.n; i++) {
		digest_add(&c->h, c->facts.v[i].key);
		digest_add(&c->h, c->facts.v[i].value);
	}
	memset(&b, 0, sizeof(b));
	arg[0] = c;
	arg[1] = &b;
	one_run(&f, c->uuid);
	rc = store_each_series(c->s, &f, digest_series, arg);
	filter_free(&f);
	sample_buf_free(&b);
	c->hashed = rc == 0;
	return rc;
}

/* Do a and b hold the same run, to the bit?  1, 0, or -1 (*failed's). */
static int
same_copy(struct copy *a, struct copy *b, struct store **failed)
{
	if (copy_digest(a) == -1) {
		*failed = a->s;
		return -1;
	}
	if (copy_digest(b) == -1) {
		*failed = b->s;
		return -1;
	}
	return a->h == b->h;
}

static int
copy_take_cb(const struct run_row *r, void *arg)
{
	copy_take(arg, r);
	return STORE_STOP;
}

/* The copy of the run of this uuid in c->s: 1, 0 when none, -1. */
static int
copy_find(struct copy *c, const char *uuid)
{
	struct filter f;
	int rc;

	one_run(&f, uuid);
	rc = store_each_run(c->s, &f, copy_take_cb, c);
	filter_free(&f);
	if (rc == -1)
		return -1;
	return c->uuid != NULL;
}

/* The series of a run, by name, for the superset check. */
struct sinfo {
	int64_t	 id;
	char	*unit, *better;
};

struct superset {
	const struct copy	*big, *small;
	struct strmap		 series;	/* name -> struct sinfo */
	struct sample_buf		 a, b;
	int			 yes;
	struct store		*failed;	/* where an error happened */
};

static int
index_series(const struct series_row *row, void *arg)
{
	struct superset *ss = arg;
	struct sinfo *si = xcalloc(1, sizeof(*si));

	si->id = row->id;
	si->unit = xstrdup(row->unit);
	si->better = xstrdup(row->better);
	strmap_put(&ss->series, row->name, si);
	return 0;
}

/* The same double to the bit (0.0 is not -0.0, a NaN is itself). */
static int
same_bits(double x, double y)
{
	uint64_t a, b;

	memcpy(&a, &x, sizeof(a));
	memcpy(&b, &y, sizeof(b));
	return a == b;
}

/* Is every sample of this series of the small copy in the big one? */
static int
series_within(const struct series_row *row, void *arg)
{
	struct superset *ss = arg;
	struct sinfo *si = strmap_get(&ss->series, row->name);
	size_t i, j;

	if (si == NULL || strcmp(si->unit, row->unit) != 0 ||
	    strcmp(si->better, row->better) != 0) {
		ss->yes = 0;
		return STORE_STOP;
	}
	ss->a.n = ss->b.n = 0;
	if (store_series_samples(ss->big->s, si->id, &ss->a) == -1) {
		ss->failed = ss->big->s;
		return -1;
	}
	if (store_series_samples(ss->small->s, row->id, &ss->b) == -1) {
		ss->failed = ss->small->s;
		return -1;
	}
	/* Both in seq order: a walk of the big one finds the small's. */
	for (i = j = 0; j < ss->b.n; j++) {
		while (i < ss->a.n && ss->a.seq[i] < ss->b.seq[j])
			i++;
		if (i == ss->a.n || ss->a.seq[i] != ss->b.seq[j] ||
		    ss->a.round[i] != ss->b.round[j] ||
		    !same_bits(ss->a.v[i], ss->b.v[j])) {
			ss->yes = 0;
			return STORE_STOP;
		}
	}
	return 0;
}

/*
 * Does big hold all of small: the same run columns, every fact of small
 * with its value, every series with its unit and direction and every
 * sample of it, seq and value to the bit?  1 or 0, or -1 on an error
 * (store_error() of *failed says it).
 */
static int
holds_all(const struct copy *big, const struct copy *small,
    struct store **failed)
{
	struct superset ss;
	struct filter f;
	const char *v;
	size_t i;
	int rc;

	if (strcmp(big->label, small->label) != 0 ||
	    strcmp(big->benchmark, small->benchmark) != 0 ||
	    strcmp(big->started, small->started) != 0 ||
	    strcmp(big->command, small->command) != 0 ||
	    strcmp(big->version, small->version) != 0)
		return 0;
	for (i = 0; i < small->facts.n; i++)
		if ((v = kv_get(&big->facts, small->facts.v[i].key)) == NULL ||
		    strcmp(v, small->facts.v[i].value) != 0)
			return 0;
	memset(&ss, 0, sizeof(ss));
	ss.big = big;
	ss.small = small;
	ss.yes = 1;
	one_run(&f, big->uuid);
	rc = store_each_series(big->s, &f, index_series, &ss);
	filter_free(&f);
	if (rc == -1) {
		*failed = big->s;
		goto out;
	}
	one_run(&f, small->uuid);
	rc = store_each_series(small->s, &f, series_within, &ss);
	filter_free(&f);
	if (rc == -1)
		*failed = ss.failed;
out:
	for (i = 0; i < ss.series.cap; i++)
		if (ss.series.slot[i].value != NULL) {
			struct sinfo *si = ss.series.slot[i].value;

			free(si->unit);
			free(si->better);
			free(si);
		}
	strmap_free(&ss.series);
	sample_buf_free(&ss.a);
	sample_buf_free(&ss.b);
	return rc == -1 ? -1 : ss.yes;
}

/* What becomes of a run of the sources. */
enum action { ADD, REPLACE, SKIP };

struct item {
	struct copy	 c;		/* the copy to merge (in a source) */
	enum action	 action;
	int64_t		 here;		/* REPLACE: its id in this database */
};

struct merge {
	struct kbench_ctx *ctx;
	struct store	**src;
	size_t		 nsrc, cur;	/* the source being read */
	struct item	**items;	/* in the order met */
	size_t		 nitems;
	struct strmap	 by_uuid;	/* uuid -> item */
	int64_t		 added, updated, skipped, samples;
	int		 rc;
};

/*
 * A database failed (s says how): said, and the merge's status is 3, or
 * 2 when a source's reads ran past their bound (its content's fault).
 */
static void
db_failed(struct merge *m, struct store *s)
{
	warnx("merge: %s", store_error(s));
	m->rc = store_bound_hit(s) ? KB_EXIT_USAGE : KB_EXIT_DB;
}

/* A source that is not what kbench writes: why, and the status 2. */
static void
refused(struct merge *m, const char *path, const char *why)
{
	warnx("merge: %s: %s; nothing merged", path, why);
	m->rc = KB_EXIT_USAGE;
}

/* A source's run and its facts, by import's rules: 0, or -1 (c->bad). */
static int
run_valid(struct copy *c, const struct run_row *r)
{
	struct strbuf why = STRBUF_INIT;
	size_t i;
	int rc;

	rc = valid_run(&r->info, &why);
	for (i = 0; i < r->facts.n && rc == 0; i++)
		rc = valid_fact(r->facts.v[i].key, r->facts.v[i].value, &why);
	if (rc == -1)
		sb_addf(&c->bad, ": %s", sb_str(&why));
	sb_free(&why);
	return rc;
}

/* Refuse c's source, naming the run ("run UUID (LABEL)") and c->bad. */
static void
refused_run(struct merge *m, const struct copy *c)
{
	struct strbuf why = STRBUF_INIT;

	sb_adds(&why, "run ");
	sb_add_visible(&why, c->uuid);
	sb_adds(&why, " (");
	sb_add_visible(&why, c->label);
	sb_addf(&why, ")%s", sb_str(&c->bad));
	refused(m, c->path, sb_str(&why));
	sb_free(&why);
}

/*
 * May new replace old?  Only a running old, and only by a finished new
 * or a running one that holds all of it: an older snapshot never
 * replaces a newer one.  1, 0, or -1 on an error (said).
 */
static int
may_replace(struct merge *m, const struct copy *old, const struct copy *new)
{
	struct store *failed = NULL;
	int rc;

	if (!running(old))
		return 0;
	if (!running(new))
		return 1;
	if ((rc = holds_all(new, old, &failed)) == -1)
		db_failed(m, failed);
	return rc;
}

/* Phase 1, each run of each source: a plan, or a conflict named. */
static int
plan_run(const struct run_row *r, void *arg)
{
	struct merge *m = arg;
	struct store *failed = NULL;
	struct copy c;
	struct item *it;
	int rc;

	memset(&c, 0, sizeof(c));
	c.s = m->src[m->cur];
	c.path = store_location_public(c.s);	/* no password, ever */
	c.check = 1;
	copy_take(&c, r);
	/*
	 * Every sample of the sources is read now, before this database is
	 * made or locked: a source that cannot be read (a corrupted page)
	 * or breaks import's rules fails the merge here, nothing touched.
	 */
	if (run_valid(&c, r) == -1 || copy_digest(&c) == -1) {
		if (c.bad.len > 0)
			refused_run(m, &c);
		else
			db_failed(m, c.s);
		copy_free(&c);
		return -1;
	}
	if ((it = strmap_get(&m->by_uuid, c.uuid)) == NULL) {
		it = xcalloc(1, sizeof(*it));
		it->c = c;
		m->items = xreallocarray(m->items, m->nitems + 1,
		    sizeof(*m->items));
		m->items[m->nitems++] = it;
		strmap_put(&m->by_uuid, it->c.uuid, it);
		return 0;
	}
	/* The same run in two sources: one copy, the newer, or a conflict. */
	if ((rc = same_copy(&it->c, &c, &failed)) == 1) {
		m->skipped++;
		copy_free(&c);
		return 0;
	}
	if (rc == -1) {
		db_failed(m, failed);
		copy_free(&c);
		return -1;
	}
	if ((rc = may_replace(m, &it->c, &c)) == 1) {
		copy_free(&it->c);
		it->c = c;
		m->skipped++;
		return 0;
	}
	if (rc == 0) {
		warnx("merge: %s: run %s (%s) is in %s too, with other content; "
		    "nothing merged", c.path, c.uuid, c.label, it->c.path);
		m->rc = KB_EXIT_USAGE;
	}
	copy_free(&c);
	return -1;
}

/* Each planned run against this database: add, replace, skip, refuse. */
static int
check_here(struct merge *m)
{
	struct store *db = m->ctx->db, *failed = NULL;
	struct copy here;
	struct item *it;
	size_t i;
	int rc;

	for (i = 0; i < m->nitems; i++) {
		it = m->items[i];
		it->action = ADD;
		memset(&here, 0, sizeof(here));
		here.s = db;
		if ((rc = copy_find(&here, it->c.uuid)) == -1) {
			db_failed(m, db);
			return -1;
		}
		if (rc == 0)
			continue;
		it->here = here.id;
		if ((rc = same_copy(&here, &it->c, &failed)) == -1) {
			db_failed(m, failed);
			copy_free(&here);
			return -1;
		}
		if (rc == 1)
			it->action = SKIP;
		else if ((rc = may_replace(m, &here, &it->c)) == 1)
			it->action = REPLACE;
		else {
			if (rc == 0) {
				warnx("merge: %s: run %s (%s) is here already "
				    "with other content%s; nothing merged",
				    it->c.path, it->c.uuid, it->c.label,
				    running(&here) ? " (a running copy is "
				    "replaced only by a finished one, or by a "
				    "running one holding all of it)" : "");
				m->rc = KB_EXIT_USAGE;
			}
			copy_free(&here);
			return -1;
		}
		copy_free(&here);
	}
	return 0;
}

/* Copying one run: where to, and what went wrong where. */
struct copying {
	struct store	*src, *dst;
	int64_t		 run_id;
	struct sample_buf	 b;
	struct store	*failed;
	int64_t		 samples;
};

/* Copy one series of the source run, its samples a part at a time. */
static int
copy_series(const struct series_row *row, void *arg)
{
	struct copying *w = arg;
	struct series_info si;
	int64_t id, n;

	si.keys = row->keys;
	si.unit = row->unit;
	si.better = row->better;
	w->failed = w->dst;
	if (store_series_get(w->dst, w->run_id, &si, &id) == -1 ||
	    store_samples_copy(w->src, row->id, w->dst, id, &w->b, &n,
	    &w->failed) == -1)
		return -1;
	w->samples += n;
	w->failed = w->src;	/* the walk goes on reading the source */
	return 0;
}

/* Copy the run of item it, with its facts, series and samples. */
static int
copy_run(struct merge *m, const struct item *it)
{
	struct run_info ri;
	struct copying w;
	struct filter f;
	size_t i;
	int rc = -1;

	memset(&w, 0, sizeof(w));
	w.src = it->c.s;
	w.dst = w.failed = m->ctx->db;
	if (it->action == REPLACE && store_run_delete(w.dst, it->here) == -1)
		goto out;
	/* The run row as it is in the source, ended_at included. */
	memset(&f, 0, sizeof(f));
	one_run(&f, it->c.uuid);
	memset(&ri, 0, sizeof(ri));
	ri.uuid = it->c.uuid;
	ri.label = it->c.label;
	ri.benchmark = it->c.benchmark;
	ri.status = it->c.status;
	ri.started_at = it->c.started;
	ri.ended_at = it->c.ended;
	ri.command = it->c.command;
	ri.tool_version = it->c.version;
	if ((rc = store_run_create(w.dst, &ri)) == 0) {
		for (i = 0; i < it->c.facts.n && rc == 0; i++)
			rc = store_fact_set(w.dst, ri.id, it->c.facts.v[i].key,
			    it->c.facts.v[i].value);
		w.run_id = ri.id;
		w.failed = w.src;
		if (rc == 0)
			rc = store_each_series(w.src, &f, copy_series, &w);
	}
	filter_free(&f);
out:
	if (rc == -1) {
		db_failed(m, w.failed);
	}
	m->samples += w.samples;
	sample_buf_free(&w.b);
	store_release_memory(w.src);
	return rc;
}

static void
merge_free(struct merge *m)
{
	size_t i;

	for (i = 0; i < m->nitems; i++) {
		copy_free(&m->items[i]->c);
		free(m->items[i]);
	}
	free(m->items);
	strmap_free(&m->by_uuid);
	for (i = 0; i < m->nsrc; i++)
		store_close(m->src[i]);
	free(m->src);
}

/*
 * One source, in one snapshot: its schema kbench's, its reads bounded,
 * then each run planned.  0, or -1: said when m->rc is set, else the
 * store's error.
 */
static int
read_source(struct merge *m, struct store *s, const struct filter *all)
{
	struct strbuf why = STRBUF_INIT;
	int rc;

	if (store_bound_reads(s, READ_STEPS_BASE, READ_STEPS_PER_BYTE) == -1 ||
	    store_read_begin(s) == -1 ||
	    (rc = store_check_source(s, &why)) == -1) {
		sb_free(&why);
		return -1;
	}
	if (rc == 1) {
		refused(m, store_location_public(s), sb_str(&why));
		sb_free(&why);
		return -1;
	}
	sb_free(&why);
	return store_each_run(s, all, plan_run, m);
}

/* Phase 1: read every source, in one snapshot each, and plan. */
static int
read_sources(struct merge *m, char **paths, size_t n)
{
	struct strbuf err = STRBUF_INIT;
	struct filter all;
	int why;

	memset(&all, 0, sizeof(all));
	all.include_incomplete = 1;
	m->src = xcalloc(n, sizeof(*m->src));
	for (m->cur = 0; m->cur < n; m->cur++) {
		sb_reset(&err);
		if ((m->src[m->cur] = store_open(paths[m->cur], STORE_READONLY,
		    &err, &why)) == NULL) {
			warnx("merge: %s", sb_str(&err));
			m->rc = why == STORE_ENOENT ? KB_EXIT_USAGE : KB_EXIT_DB;
			break;
		}
		m->nsrc++;
		if (read_source(m, m->src[m->cur], &all) == -1 &&
		    m->rc == KB_EXIT_OK)
			db_failed(m, m->src[m->cur]);
		/* Open till the copy (its snapshot), but not its cache. */
		store_release_memory(m->src[m->cur]);
		if (m->rc != KB_EXIT_OK)
			break;
	}
	sb_free(&err);
	return m->rc == KB_EXIT_OK ? 0 : -1;
}

int
cmd_merge(int argc, char **argv, struct kbench_ctx *ctx)
{
	static const struct option longopts[] = {
		{ "quiet",	no_argument,	NULL, 'q' },
		{ NULL,		0,		NULL, 0 }
	};
	struct merge m;
	int64_t before = -1, now = -1;
	size_t i;
	int ch, quiet = 0, existed;

	memset(&m, 0, sizeof(m));
	m.ctx = ctx;
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
	/* 1. The sources, then this database as it is now: no lock yet. */
	if (read_sources(&m, argv + optind, (size_t)(argc - optind)) == -1)
		goto out;
	existed = store_location_is_server(ctx->db_path) ||
	    access(ctx->db_path, F_OK) == 0;
	if (existed) {
		if ((m.rc = cmd_open_db(ctx, "merge")) != KB_EXIT_OK)
			goto out;
		if (store_read_begin(ctx->db) == -1 ||
		    store_data_version(ctx->db, &before) == -1) {
			db_failed(&m, ctx->db);
			goto out;
		}
		if (check_here(&m) == -1)
			goto out;
		store_read_end(ctx->db);
	}
	/* 2. The lock; the check again only if another wrote meanwhile. */
	if ((m.rc = cmd_open_db(ctx, "merge")) != KB_EXIT_OK)
		goto out;
	if (store_begin(ctx->db) == -1 ||
	    store_data_version(ctx->db, &now) == -1) {
		db_failed(&m, ctx->db);
		goto out;
	}
	if ((!existed || now != before) && check_here(&m) == -1)
		goto out;
	for (i = 0; i < m.nitems && m.rc == KB_EXIT_OK; i++) {
		switch (m.items[i]->action) {
		case SKIP:
			m.skipped++;
			continue;
		case REPLACE:
			m.updated++;
			break;
		case ADD:
			m.added++;
			break;
		}
		if (copy_run(&m, m.items[i]) == -1)
			break;
	}
	if (m.rc == KB_EXIT_OK && store_commit(ctx->db) == -1) {
		db_failed(&m, ctx->db);
	}
out:
	if (ctx->db != NULL)
		store_rollback(ctx->db);
	if (m.rc == KB_EXIT_OK && !quiet)
		fprintf(stderr, "kbench merge: %lld run%s added, %lld updated "
		    "(%lld samples), %lld already here\n", (long long)m.added,
		    m.added == 1 ? "" : "s", (long long)m.updated,
		    (long long)m.samples, (long long)m.skipped);
	merge_free(&m);
	return m.rc;
}
