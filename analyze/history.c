/*
 * history.c: the history of each series, run by run, from the store (with
 * the summary cache), and its change points (trend.c).  See history.h.
 */
#include <err.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/group.h"
#include "analyze/history.h"
#include "analyze/history_medians.h"

/* A run's id and its place in the history: pass 2 looks runs up. */
struct idpos {
	int64_t	id;
	size_t	pos;
};

/* A summary computed in pass 2, to store once the pass is over. */
struct pending {
	int64_t			id;
	struct series_summary	sum;
};

/*
 * The series by identity, while pass 2 reads them: name and split values
 * are interned, so a series is found by its strings' addresses, with no
 * key of its own to build or keep.
 */
struct series_index {
	struct hseries	**slot;		/* NULL: free */
	size_t		  cap, n;	/* cap: a power of two, or 0 */
};

struct history_priv {
	struct store	*store;
	struct idpos	*byid;		/* the runs sorted by id */
	struct series_index index;
	double		*v;		/* one series' samples */
	size_t		 nv, capv;
	struct series_point *read;	/* points made before pass 2, by id */
	size_t		 nread, capread;
	struct pending	*pend;
	size_t		 npend, cappend;
};

void
history_init(struct history *h)
{
	static const struct trend_opts defaults = TREND_OPTS_INIT;

	memset(h, 0, sizeof(*h));
	h->opts = defaults;
	h->priv = xcalloc(1, sizeof(*h->priv));
}

/* ---- options ---- */

int
history_option(struct history *h, int ch, const char *arg, const char *who)
{
	double x;

	switch (ch) {
	case HOPT_LAST:
		if (parse_long(arg, 1, LONG_MAX, &h->last) == -1) {
			warnx("%s: --last %s: expected a number of runs >= 1",
			    who, arg);
			return -1;
		}
		return 1;
	case HOPT_ORDERBY:
		if (*arg == '\0') {
			warnx("%s: --order-by needs a KEY: a run fact, or "
			    "label, benchmark, uuid, run", who);
			return -1;
		}
		/* The default order, named. */
		h->order_by = strcmp(arg, "started") == 0 ? NULL : arg;
		return 1;
	case HOPT_PVALUE:
		if (parse_double(arg, &x) == -1 || !(x > 0 && x < 1)) {
			warnx("%s: --pvalue %s: expected a p-value between 0 "
			    "and 1", who, arg);
			return -1;
		}
		h->opts.pvalue = x;
		h->pvalue_text = arg;
		return 1;
	case HOPT_SINCE:
		if (!iso8601_valid(arg)) {
			warnx("%s: --since %s: expected an ISO 8601 date, "
			    "YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS] (UTC)", who, arg);
			return -1;
		}
		h->since = arg;
		return 1;
	case HOPT_THRESHOLD:
		if (parse_double(arg, &x) == -1 || x < 0) {
			warnx("%s: --threshold %s: expected a percentage >= 0",
			    who, arg);
			return -1;
		}
		h->opts.threshold = x / 100;
		h->threshold_text = arg;
		return 1;
	}
	return 0;
}

/* ---- pass 1: the runs ---- */

static int
take_run(const struct run_row *row, void *arg)
{
	struct history *h = arg;
	struct hrun *r;
	const char *key = NULL, *kernel, *v;
	size_t i;

	if (h->since != NULL && strcmp(row->info.started_at, h->since) < 0)
		return 0;
	if (h->order_by != NULL &&
	    (key = run_attribute(row, h->order_by)) == NULL) {
		h->nmissing++;
		return 0;
	}
	if (h->nrun == h->caprun) {
		h->caprun = h->caprun ? 2 * h->caprun : 64;
		h->run = xreallocarray(h->run, h->caprun, sizeof(*h->run));
	}
	r = &h->run[h->nrun++];
	r->id = row->info.id;
	r->uuid = xstrdup(row->info.uuid);
	r->label = xstrdup(row->info.label);
	r->started = xstrdup(row->info.started_at);
	if ((kernel = kv_get(&row->facts, "kernel_git")) == NULL)
		kernel = kv_get(&row->facts, "kernel_release");
	r->kernel = kernel != NULL ? xstrdup(kernel) : NULL;
	r->host = (v = kv_get(&row->facts, "host")) != NULL ? xstrdup(v) : NULL;
	r->hz = (v = kv_get(&row->facts, "hz")) != NULL ? xstrdup(v) : NULL;
	r->key = key != NULL ? xstrdup(key) : NULL;
	r->num = NAN;
	r->attr = h->split.n > 0 ? xcalloc(h->split.n, sizeof(*r->attr)) :
	    NULL;
	for (i = 0; i < h->split.n; i++) {
		v = run_attribute(row, h->split.v[i]);
		r->attr[i] = strpool_intern(&h->strings, v != NULL ? v : "");
	}
	r->settled = strcmp(row->info.status, RUN_RUNNING) != 0;
	return 0;
}

/*
 * By the --order-by value (numbers when num is set, all or none are),
 * then by start time and id, as the store lists runs.
 */
static int
cmp_run(const void *a, const void *b)
{
	const struct hrun *x = a, *y = b;
	int c;

	if (x->key != NULL && y->key != NULL) {
		if (!isnan(x->num) && !isnan(y->num)) {
			if (x->num != y->num)
				return x->num < y->num ? -1 : 1;
		} else if ((c = strcmp(x->key, y->key)) != 0)
			return c;
	}
	if ((c = strcmp(x->started, y->started)) != 0)
		return c;
	return x->id < y->id ? -1 : x->id > y->id;
}

static void
run_free(struct hrun *r)
{
	free(r->attr);	/* its strings are the pool's */
	free(r->uuid);
	free(r->label);
	free(r->started);
	free(r->kernel);
	free(r->host);
	free(r->hz);
	free(r->key);
}

static int
cmp_idpos(const void *a, const void *b)
{
	const struct idpos *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* Order the runs, keep the last N, and index them by id. */
static void
order_runs(struct history *h)
{
	size_t i, drop;
	double x;

	if (h->order_by != NULL) {
		for (i = 0; i < h->nrun; i++)
			if (parse_double(h->run[i].key, &x) == -1)
				break;
		if (i == h->nrun)
			for (i = 0; i < h->nrun; i++)
				parse_double(h->run[i].key, &h->run[i].num);
	}
	if (h->nrun > 0)	/* qsort() wants a pointer even for none */
		qsort(h->run, h->nrun, sizeof(*h->run), cmp_run);
	if (h->last > 0 && h->nrun > (size_t)h->last) {
		drop = h->nrun - (size_t)h->last;
		for (i = 0; i < drop; i++)
			run_free(&h->run[i]);
		memmove(h->run, h->run + drop, (size_t)h->last * sizeof(*h->run));
		h->nrun = (size_t)h->last;
	}
	h->priv->byid = xcalloc(h->nrun ? h->nrun : 1, sizeof(*h->priv->byid));
	for (i = 0; i < h->nrun; i++) {
		h->priv->byid[i].id = h->run[i].id;
		h->priv->byid[i].pos = i;
	}
	qsort(h->priv->byid, h->nrun, sizeof(*h->priv->byid), cmp_idpos);
}

/* The run's place in h->run, or -1 when it is not in the history. */
static long
find_run(const struct history *h, int64_t id)
{
	size_t lo = 0, hi = h->nrun, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (h->priv->byid[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < h->nrun && h->priv->byid[lo].id == id)
		return (long)h->priv->byid[lo].pos;
	return -1;
}

/* ---- pass 2: each run's median, per series ---- */

/* The index's place for a series of this name and run's split values. */
static size_t
index_hash(const struct history *h, const char *name, const char **attr)
{
	uint64_t x = (uintptr_t)name;
	size_t i;

	for (i = 0; i < h->split.n; i++)
		x = (x ^ (uintptr_t)attr[i]) * 1099511628211ULL;
	/* MurmurHash3's finalizer: addresses differ in their middle bits. */
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return (size_t)x;
}

/* The slot of the series (name, attr), or the free one where it goes. */
static struct hseries **
index_find(const struct history *h, const char *name, const char **attr)
{
	const struct series_index *ix = &h->priv->index;
	struct hseries *hs;
	size_t i;

	for (i = index_hash(h, name, attr) & (ix->cap - 1);
	    (hs = ix->slot[i]) != NULL; i = (i + 1) & (ix->cap - 1))
		if (hs->name == name && (h->split.n == 0 ||
		    memcmp(hs->attr, attr, h->split.n * sizeof(*attr)) == 0))
			break;
	return &ix->slot[i];
}

/* Twice the slots, at most half of them used. */
static void
index_grow(struct history *h)
{
	struct series_index *ix = &h->priv->index;
	struct hseries **old = ix->slot;
	size_t oldcap = ix->cap, i;

	ix->cap = oldcap ? 2 * oldcap : 64;
	ix->slot = xcalloc(ix->cap, sizeof(*ix->slot));
	for (i = 0; i < oldcap; i++)
		if (old[i] != NULL)
			*index_find(h, old[i]->name, old[i]->attr) = old[i];
	free(old);
}

/*
 * A new series: one block with its split values, its keys in an array
 * of their own, every string the pool's.
 */
static struct hseries *
series_new(struct history *h, const struct series_row *row, const char *name,
    const struct hrun *r)
{
	struct hseries *hs;
	const char *key;
	size_t i, j;

	hs = xcalloc(1, sizeof(*hs) + h->split.n * sizeof(*hs->attr));
	hs->attr = (const char **)(hs + 1);
	for (i = 0; i < h->split.n; i++)
		hs->attr[i] = r->attr[i];
	hs->name = name;
	hs->unit = strpool_intern(&h->strings, row->unit);
	hs->better = strpool_intern(&h->strings, row->better);
	hs->first = row->id;
	if (row->keys->n > 0)
		hs->keys.v = xcalloc(row->keys->n, sizeof(*hs->keys.v));
	hs->keys.n = hs->keys.cap = row->keys->n;
	for (i = 0; i < row->keys->n; i++) {
		key = strpool_intern(&h->strings, row->keys->v[i].key);
		/* The pool's: kvlist's strings are not const, these are. */
		hs->keys.v[i].key = (char *)key;
		hs->keys.v[i].value = (char *)strpool_intern(&h->strings,
		    row->keys->v[i].value);
		for (j = 0; j < h->keynames.n; j++)
			if (strcmp(h->keynames.v[j], key) == 0)
				break;
		if (j == h->keynames.n)
			strlist_add(&h->keynames, key);
	}
	if (h->ns == h->caps) {
		h->caps = h->caps ? 2 * h->caps : 32;
		h->s = xreallocarray(h->s, h->caps, sizeof(*h->s));
	}
	h->s[h->ns++] = hs;
	if (2 * (h->priv->index.n + 1) > h->priv->index.cap)
		index_grow(h);
	*index_find(h, name, hs->attr) = hs;
	h->priv->index.n++;
	return hs;
}

/*
 * A new point of series hs at run place pos.  Room for a few points at
 * first, then doubled: a million series of one run each are a million
 * points, not 64 million.
 */
static struct hpoint *
point_new(struct hseries *hs, uint32_t pos)
{
	struct hpoint *p;

	if (hs->npt == hs->cap) {
		hs->cap = hs->cap ? 2 * hs->cap : 1;
		hs->pt = xreallocarray(hs->pt, hs->cap, sizeof(*hs->pt));
	}
	p = &hs->pt[hs->npt++];
	memset(p, 0, sizeof(*p));
	p->pos = pos;
	return p;
}

/* The point from its cached summary. */
static void
point_from_cache(struct hpoint *p, const struct series_summary *m)
{
	p->n = (size_t)m->n;
	p->median = m->median;
	if (isnan(m->lo) || isnan(m->hi) || isnan(m->level)) {
		p->ci_err = STATS_ETOOFEW;
		return;
	}
	p->ci_err = STATS_OK;
	p->lo = m->lo;
	p->hi = m->hi;
	p->level = m->level;
}

/* Remember a computed summary (p NULL: no samples), to store after the pass. */
static void
pend(struct history_priv *hp, int64_t id, const struct hpoint *p)
{
	struct pending *q;

	if (hp->npend == hp->cappend) {
		hp->cappend = hp->cappend ? 2 * hp->cappend : 64;
		hp->pend = xreallocarray(hp->pend, hp->cappend,
		    sizeof(*hp->pend));
	}
	q = &hp->pend[hp->npend++];
	q->id = id;
	q->sum.n = p != NULL ? (int64_t)p->n : 0;
	q->sum.median = p != NULL ? p->median : NAN;
	q->sum.lo = p != NULL && p->ci_err == STATS_OK ? p->lo : NAN;
	q->sum.hi = p != NULL && p->ci_err == STATS_OK ? p->hi : NAN;
	q->sum.level = p != NULL && p->ci_err == STATS_OK ? p->level : NAN;
}

/* Note a series of the history whose point is not cached. */
static int
note_uncached(const struct series_row *row, void *arg)
{
	struct history *h = arg;
	struct history_priv *hp = h->priv;

	if (row->summary != NULL || find_run(h, row->run->info.id) < 0)
		return 0;
	if (hp->nread == hp->capread) {
		hp->capread = hp->capread ? 2 * hp->capread : 64;
		hp->read = xreallocarray(hp->read, hp->capread,
		    sizeof(*hp->read));
	}
	memset(&hp->read[hp->nread], 0, sizeof(*hp->read));
	hp->read[hp->nread++].id = row->id;
	return 0;
}

/*
 * The points not cached, made from their samples before pass 2, by
 * history_points_read() on every core.  0, or -1 with the store's error.
 */
static int
points_read(struct history *h, struct store *s, const struct filter *f,
    struct strbuf *err)
{
	int64_t n;

	/* All cached (a warm trend): no pass for none (a server's is 1 s). */
	if (store_count_uncached(s, f, &n) == -1) {
		sb_adds(err, store_error(s));
		return -1;
	}
	if (n == 0)
		return 0;
	if (store_each_series(s, f, note_uncached, h) == -1) {
		sb_adds(err, store_error(s));
		return -1;
	}
	return history_points_read(s, h->priv->read, h->priv->nread, err);
}

/* The point made before pass 2 for this series, or NULL. */
static const struct hpoint *
point_made(const struct history_priv *hp, int64_t id)
{
	size_t lo = 0, hi = hp->nread, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (hp->read[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < hp->nread && hp->read[lo].id == id ? &hp->read[lo].p :
	    NULL;
}

/*
 * One series of one run makes one point: from the cache, else from its
 * samples, read in bulk (and then cached, when the run can no longer
 * grow: complete or aborted).
 */
static int
take_series(const struct series_row *row, void *arg)
{
	struct history *h = arg;
	struct history_priv *hp = h->priv;
	struct hseries *hs;
	struct hpoint *p, computed = { 0 };
	const struct hpoint *made = NULL;
	const char *name;
	long pos;

	if ((pos = find_run(h, row->run->info.id)) < 0)
		return 0;
	if (row->summary != NULL && row->summary->n == 0)
		return 0;
	if (row->summary == NULL && (made = point_made(hp, row->id)) == NULL) {
		hp->nv = 0;	/* a series new since the points were read */
		if (store_series_values(hp->store, row->id, &hp->v, &hp->nv,
		    &hp->capv) == -1)
			return -1;
		if (hp->nv > 0)	/* else computed.n stays 0: no point */
			history_point(hp->v, hp->nv, &computed);
		made = &computed;
	}
	if (row->summary == NULL && made->n == 0) {
		if (h->run[pos].settled)	/* no point, and cached as none */
			pend(hp, row->id, NULL);
		return 0;
	}
	name = strpool_intern(&h->strings, row->name);
	if (hp->index.cap == 0 ||
	    (hs = *index_find(h, name, h->run[pos].attr)) == NULL)
		hs = series_new(h, row, name, &h->run[pos]);
	if (row->id < hs->first)
		hs->first = row->id;
	if (row->summary != NULL) {
		point_from_cache(point_new(hs, (uint32_t)pos), row->summary);
		h->ncached++;
		return 0;
	}
	p = point_new(hs, (uint32_t)pos);
	*p = *made;
	p->pos = (uint32_t)pos;
	h->ncomputed++;
	if (h->run[pos].settled)
		pend(hp, row->id, p);
	return 0;
}

static int
cmp_point(const void *a, const void *b)
{
	const struct hpoint *x = a, *y = b;

	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static int
cmp_series(const void *a, const void *b)
{
	const struct hseries *x = *(struct hseries *const *)a;
	const struct hseries *y = *(struct hseries *const *)b;

	if (x->first != y->first)
		return x->first < y->first ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int
cmp_keyname(const void *a, const void *b)
{
	return natural_cmp(*(char *const *)a, *(char *const *)b);
}

int
history_regressed(const struct hseries *hs, const struct trend_cp *cp)
{
	if (strcmp(hs->better, "higher") == 0)
		return cp->mean_after < cp->mean_before;
	return cp->mean_after > cp->mean_before;
}

/* Order each history and find its change points. */
static int
detect(struct history *h)
{
	struct hseries *hs;
	double *x = NULL;
	size_t i, k, cap = 0;
	int rc = 0;

	qsort(h->s, h->ns, sizeof(*h->s), cmp_series);
	if (h->keynames.n > 0)
		qsort(h->keynames.v, h->keynames.n, sizeof(char *),
		    cmp_keyname);
	for (i = 0; i < h->ns && rc == 0; i++) {
		hs = h->s[i];
		qsort(hs->pt, hs->npt, sizeof(*hs->pt), cmp_point);
		if (hs->npt > cap) {
			cap = hs->npt;
			x = xreallocarray(x, cap, sizeof(*x));
		}
		for (k = 0; k < hs->npt; k++)
			x[k] = hs->pt[k].median;
		if (trend_detect(x, hs->npt, &h->opts, &hs->cp, &hs->ncp) !=
		    STATS_OK)
			rc = -1;
		for (k = 0; k < hs->ncp; k++) {
			h->ncp++;
			if (history_regressed(hs, &hs->cp[k]))
				h->nreg++;
			else
				h->nimp++;
		}
	}
	free(x);
	return rc;
}
/* Store the summaries computed in pass 2, in one transaction. */
static void
store_pending(struct history *h)
{
	struct history_priv *hp = h->priv;
	size_t i;

	if (hp->npend == 0 || !store_writable(hp->store))
		return;
	if (store_begin(hp->store) == -1)
		goto fail;
	for (i = 0; i < hp->npend; i++)
		if (store_summary_put(hp->store, hp->pend[i].id,
		    &hp->pend[i].sum) == -1) {
			sb_adds(&h->cache_err, store_error(hp->store));
			store_rollback(hp->store);
			return;
		}
	if (store_commit(hp->store) == -1)
		goto fail;
	h->nstored = hp->npend;
	return;
fail:
	sb_adds(&h->cache_err, store_error(hp->store));
	store_rollback(hp->store);
}

/* What only pass 2 needs: gone before the pages are made. */
static void
priv_pass2_free(struct history_priv *hp)
{
	free(hp->byid);
	free(hp->index.slot);
	free(hp->v);
	free(hp->pend);
	free(hp->read);
	hp->read = NULL;
	hp->nread = hp->capread = 0;
	hp->byid = NULL;
	hp->index.slot = NULL;
	hp->v = NULL;
	hp->pend = NULL;
	hp->index.cap = hp->index.n = hp->capv = hp->nv = 0;
	hp->cappend = hp->npend = 0;
}

enum status
history_load(struct history *h, struct store *s, const struct filter *f,
    struct strbuf *err)
{
	h->priv->store = s;
	store_read_through(s);
	if (store_each_run(s, f, take_run, h) == -1) {
		sb_adds(err, store_error(s));
		return STATUS_DB;
	}
	if (h->order_by != NULL && h->nrun == 0 && h->nmissing > 0) {
		sb_addf(err, "--order-by %s: no run in the selection has it (a "
		    "run fact, or label, benchmark, uuid, run)", h->order_by);
		return STATUS_BAD_INPUT;
	}
	order_runs(h);
	if (h->nrun > UINT32_MAX) {	/* a point's run is 32 bits */
		sb_addf(err, "more than %lu runs in the selection",
		    (unsigned long)UINT32_MAX);
		return STATUS_BAD_INPUT;
	}
	if (h->nrun > 0 && points_read(h, s, f, err) == -1)
		return STATUS_DB;
	if (h->nrun > 0 && store_each_series(s, f, take_series, h) == -1) {
		sb_adds(err, store_error(s));
		return STATUS_DB;
	}
	store_pending(h);
	priv_pass2_free(h->priv);
	if (h->ns == 0) {
		sb_adds(err, "no samples match the selection");
		return STATUS_BAD_INPUT;
	}
	if (detect(h) == -1) {
		sb_adds(err, "out of memory");
		return STATUS_SYSTEM;
	}
	return STATUS_OK;
}

const struct hrun *
history_cp_run(const struct history *h, const struct hseries *hs,
    const struct trend_cp *cp)
{
	return &h->run[hs->pt[cp->index].pos];
}

void
history_free(struct history *h)
{
	size_t i;

	for (i = 0; i < h->nrun; i++)
		run_free(&h->run[i]);
	free(h->run);
	for (i = 0; i < h->ns; i++) {	/* its strings are the pool's */
		free(h->s[i]->keys.v);
		free(h->s[i]->pt);
		free(h->s[i]->cp);
		free(h->s[i]);
	}
	free(h->s);
	strlist_free(&h->keynames);
	strlist_free(&h->split);
	sb_free(&h->cache_err);
	strpool_free(&h->strings);
	if (h->priv != NULL) {
		priv_pass2_free(h->priv);
		free(h->priv);
	}
	memset(h, 0, sizeof(*h));
}
