/*
 * store_copy.c: a stage copied into a store of another backend (an
 * import into PostgreSQL), through store.h's calls alone: each staged
 * run, its facts, series, samples and cached summaries, written in one
 * transaction of dst, all or nothing, as store_stage_copy() promises.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "db/store_impl.h"

/* Samples a series is copied by (store_samples_copy): 65536 x 24 bytes. */
#define COPY_PART	65536

/* A staged series, held till the run's series are in their order. */
struct staged_series {
	int64_t			id;	/* in the stage */
	struct kvlist		keys;
	char			*unit, *better;
	int			has_summary;
	struct series_summary	summary;
};

struct copy {
	struct store	*stage, *dst;
	struct stage_dup *dup;
	int64_t		 run_id;	/* in dst: the run being copied */
	struct sample_buf b;
	struct staged_series *ss;	/* the run's series */
	size_t		 nss;
	int		 found;		/* a run there already */
};

static int
take_series(const struct series_row *row, void *arg)
{
	struct copy *c = arg;
	struct staged_series *x;
	size_t i;

	c->ss = xreallocarray(c->ss, c->nss + 1, sizeof(*c->ss));
	x = &c->ss[c->nss++];
	memset(x, 0, sizeof(*x));
	x->id = row->id;
	for (i = 0; i < row->keys->n; i++)
		kv_set(&x->keys, row->keys->v[i].key, row->keys->v[i].value);
	x->unit = xstrdup(row->unit);
	x->better = xstrdup(row->better);
	if ((x->has_summary = row->summary != NULL))
		x->summary = *row->summary;
	return 0;
}

static int
by_stage_id(const void *a, const void *b)
{
	const struct staged_series *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static void
staged_free(struct copy *c)
{
	size_t i;

	for (i = 0; i < c->nss; i++) {
		kv_clear(&c->ss[i].keys);
		free(c->ss[i].unit);
		free(c->ss[i].better);
	}
	free(c->ss);
	c->ss = NULL;
	c->nss = 0;
}

/*
 * Copy one series of the run being copied, samples and summary.  The
 * series are made in the stage's order (the input's): readers that list
 * series as they were made (analyze's table) show them as SQLite does.
 */
static int
copy_series(struct copy *c, const struct staged_series *x)
{
	struct series_info si;
	struct store *failed;
	int64_t id, n;

	si.keys = &x->keys;
	si.unit = x->unit;
	si.better = x->better;
	if (store_series_get(c->dst, c->run_id, &si, &id) == -1 ||
	    store_samples_copy(c->stage, x->id, c->dst, id, &c->b, &n,
	    &failed) == -1)
		return -1;
	if (x->has_summary && store_summary_put(c->dst, id, &x->summary) == -1)
		return -1;
	return 0;
}

int
store_samples_copy(struct store *src, int64_t src_id, struct store *dst,
    int64_t dst_id, struct sample_buf *b, int64_t *n, struct store **failed)
{
	int64_t from = INT64_MIN;
	size_t i;

	*n = 0;
	do {
		b->n = 0;
		*failed = src;
		if (store_series_samples_from(src, src_id, from, COPY_PART,
		    b) == -1)
			return -1;
		*failed = dst;
		for (i = 0; i < b->n; i++)
			if (store_sample_add(dst, dst_id, b->seq[i], b->round[i],
			    b->v[i], 0) == -1)
				return -1;
		*n += (int64_t)b->n;
		if (b->n == 0 || b->seq[b->n - 1] == INT64_MAX)
			break;
		from = b->seq[b->n - 1] + 1;
	} while (b->n == COPY_PART);
	*failed = NULL;
	return 0;
}

/* Copy one staged run, unless dst has its uuid (then stop: a dup). */
static int
copy_run(const struct run_row *row, void *arg)
{
	struct copy *c = arg;
	struct run_info ri = row->info;
	struct filter one;
	char id[32];
	int64_t there;
	size_t i;
	int rc;

	if (store_run_by_uuid(c->dst, row->info.uuid, &there) == -1)
		return -1;
	if (there != 0) {
		c->dup->stage_id = row->info.id;
		c->dup->id = there;
		c->dup->uuid = xstrdup(row->info.uuid);
		c->found = 1;
		return STORE_STOP;
	}
	if (store_run_create(c->dst, &ri) == -1)
		return -1;
	c->run_id = ri.id;
	for (i = 0; i < row->facts.n; i++)
		if (store_fact_set(c->dst, ri.id, row->facts.v[i].key,
		    row->facts.v[i].value) == -1)
			return -1;
	memset(&one, 0, sizeof(one));
	one.include_incomplete = 1;
	snprintf(id, sizeof(id), "%lld", (long long)row->info.id);
	strlist_add(&one.runs, id);
	rc = store_each_series(c->stage, &one, take_series, c);
	filter_free(&one);
	if (rc == 0)
		qsort(c->ss, c->nss, sizeof(*c->ss), by_stage_id);
	for (i = 0; rc == 0 && i < c->nss; i++)
		rc = copy_series(c, &c->ss[i]);
	staged_free(c);
	return rc;
}

int
store_copy_across(struct store *stage, struct store *dst,
    struct stage_dup *dup)
{
	struct copy c;
	struct filter all;
	int rc;

	memset(dup, 0, sizeof(*dup));
	memset(&c, 0, sizeof(c));
	memset(&all, 0, sizeof(all));
	all.include_incomplete = 1;
	c.stage = stage;
	c.dst = dst;
	c.dup = dup;
	store_set_error(dst, "");
	store_set_error(stage, "");
	if (store_flush(stage) == -1 || store_begin(dst) == -1)
		goto fail;
	rc = store_each_run(stage, &all, copy_run, &c);
	if (rc == 0 && c.found) {
		store_rollback(dst);
		sample_buf_free(&c.b);
		return 1;
	}
	if (rc == -1 || store_commit(dst) == -1)
		goto fail;
	sample_buf_free(&c.b);
	return 0;
fail:
	sample_buf_free(&c.b);
	/* store_error(stage) says it, whichever store failed. */
	if (*store_error(dst) != '\0')
		store_set_error(stage, store_error(dst));
	store_rollback(dst);
	return -1;
}
