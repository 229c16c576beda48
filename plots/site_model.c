/*
 * site_model.c: what the site's pages are made of.  The history comes
 * from history.c, split by benchmark and host (the same keys on two
 * machines are two histories); this adds what the pages show beyond it:
 * each run's facts and command, its neighbours of the same benchmark and
 * host, its series; the series in the index's order with their file
 * names; the change points newest first; the labels for the filter.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/group.h"
#include "plots/site.h"

void
site_init(struct site *s)
{
	memset(s, 0, sizeof(*s));
	history_init(&s->h);
	/* SITE_ATTR_BENCHMARK, SITE_ATTR_HOST */
	strlist_add(&s->h.split, "benchmark");
	strlist_add(&s->h.split, "host");
	s->jobs = 2;
	s->per_page = SITE_PAGE_SERIES;
	s->compare = 1;
	s->root.fd = s->series.fd = s->runs.fd = s->compare_dir.fd = -1;
	s->root.up = s->series.up = s->runs.up = s->compare_dir.up = -1;
	s->lock = -1;
	s->cur.base = &s->old;	/* what a build keeps is not copied */
}

const char *
site_bench(const struct site *s, const struct hseries *hs)
{
	return hs->attr[SITE_ATTR_BENCHMARK];
}

const char *
site_host(const struct site *s, const struct hseries *hs)
{
	return hs->attr[SITE_ATTR_HOST];
}

const char *
site_run_fact(const struct site *s, size_t run)
{
	if (s->fact != NULL)
		return kv_get(&s->run[run].facts, s->fact);
	return s->h.run[run].kernel;
}

void
site_keys_text(const struct hseries *hs, struct strbuf *out)
{
	size_t k;

	for (k = 0; k < hs->keys.n; k++)
		sb_addf(out, "%s%s=%s", k ? " " : "", hs->keys.v[k].key,
		    hs->keys.v[k].value);
	if (hs->keys.n == 0)
		sb_adds(out, "(no keys)");
}

/* ---- the runs ---- */

/* A run's id and its place in the history, to find it by id. */
struct idpos {
	int64_t	id;
	size_t	pos;
};

static int
cmp_idpos(const void *a, const void *b)
{
	const struct idpos *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

struct details {
	struct site	*s;
	struct idpos	*byid;
};

static int
take_details(const struct run_row *row, void *arg)
{
	struct details *d = arg;
	struct site_run *r;
	struct idpos key = { 0, 0 }, *hit;
	size_t i;

	key.id = row->info.id;
	if ((hit = bsearch(&key, d->byid, d->s->h.nrun, sizeof(*d->byid),
	    cmp_idpos)) == NULL)
		return 0;	/* not in the history: --last, --since */
	r = &d->s->run[hit->pos];
	r->status = xstrdup(row->info.status);
	r->ended = xstrdup(row->info.ended_at != NULL ? row->info.ended_at :
	    "");
	r->command = xstrdup(row->info.command);
	r->version = xstrdup(row->info.tool_version);
	r->nsamples = row->nsamples;
	for (i = 0; i < row->facts.n; i++)
		kv_set(&r->facts, row->facts.v[i].key, row->facts.v[i].value);
	return 0;
}

/*
 * A key for "the same benchmark and host": each value length-prefixed,
 * so that no two pairs make the same key.
 */
static void
pair_key(struct strbuf *k, const char *const *attr)
{
	sb_reset(k);
	sb_addf(k, "%zu:%s%zu:%s", strlen(attr[SITE_ATTR_BENCHMARK]),
	    attr[SITE_ATTR_BENCHMARK], strlen(attr[SITE_ATTR_HOST]),
	    attr[SITE_ATTR_HOST]);
}

/* Each run's neighbours of the same benchmark and host, in run order. */
static void
link_runs(struct site *s)
{
	struct strmap last = STRMAP_INIT;
	struct strbuf k = STRBUF_INIT;
	struct site_run *prev;
	size_t i;

	for (i = 0; i < s->h.nrun; i++) {
		pair_key(&k, s->h.run[i].attr);
		prev = strmap_get(&last, sb_str(&k));
		s->run[i].prev = prev != NULL ? (long)(prev - s->run) : -1;
		if (prev != NULL)
			prev->next = (long)i;
		strmap_put(&last, sb_str(&k), &s->run[i]);
	}
	strmap_free(&last);
	sb_free(&k);
}

static int
load_runs(struct site *s, struct store *db, const struct filter *f,
    struct strbuf *err)
{
	struct details d;
	size_t i;
	int rc = 0;

	s->run = xcalloc(s->h.nrun + 1, sizeof(*s->run));
	d.s = s;
	d.byid = xcalloc(s->h.nrun + 1, sizeof(*d.byid));
	for (i = 0; i < s->h.nrun; i++) {
		s->run[i].hr = &s->h.run[i];
		s->run[i].prev = s->run[i].next = -1;
		d.byid[i].id = s->h.run[i].id;
		d.byid[i].pos = i;
	}
	qsort(d.byid, s->h.nrun, sizeof(*d.byid), cmp_idpos);
	if (store_each_run(db, f, take_details, &d) == -1) {
		sb_adds(err, store_error(db));
		rc = -1;
	}
	free(d.byid);
	for (i = 0; i < s->h.nrun; i++)	/* a run gone meanwhile */
		if (s->run[i].status == NULL) {
			s->run[i].status = xstrdup("");
			s->run[i].ended = xstrdup("");
			s->run[i].command = xstrdup("");
			s->run[i].version = xstrdup("");
		}
	link_runs(s);
	return rc;
}

/* ---- the series ---- */

static int
cmp_ser(const void *a, const void *b)
{
	const struct hseries *x = ((const struct site_series *)a)->hs;
	const struct hseries *y = ((const struct site_series *)b)->hs;
	int c;

	if ((c = strcmp(x->attr[SITE_ATTR_BENCHMARK],
	    y->attr[SITE_ATTR_BENCHMARK])) != 0)
		return c;
	if ((c = strcmp(x->attr[SITE_ATTR_HOST], y->attr[SITE_ATTR_HOST])) != 0)
		return c;
	if ((c = natural_cmp(x->name, y->name)) != 0)
		return c;
	return strcmp(x->name, y->name);
}

/*
 * The 64-bit FNV-1a hash of the series' identity, mixed (MurmurHash3's
 * finalizer), salted: 16 hex digits.
 */
static void
series_id(const struct hseries *hs, unsigned salt, char *out)
{
	const char *part[3];
	uint64_t h = 14695981039346656037ULL;
	size_t i;
	const unsigned char *p;

	part[0] = hs->attr[SITE_ATTR_BENCHMARK];
	part[1] = hs->attr[SITE_ATTR_HOST];
	part[2] = hs->name;
	for (i = 0; i < 3; i++) {
		/* Each part and its end: ("ab", "c") is not ("a", "bc"). */
		for (p = (const unsigned char *)part[i]; ; p++) {
			h ^= *p;
			h *= 1099511628211ULL;
			if (*p == '\0')
				break;
		}
	}
	h ^= salt;
	h *= 1099511628211ULL;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}

/*
 * Give each series its file name.  Two series whose hashes meet (2^-64
 * by chance, or keys chosen to) must not share a page: the later one in
 * the index's order is salted until its name is free.
 */
static void
name_series(struct site *s)
{
	struct strmap taken = STRMAP_INIT;
	unsigned salt;
	size_t i;

	for (i = 0; i < s->nser; i++) {
		salt = 0;
		do
			series_id(s->ser[i].hs, salt++, s->ser[i].id);
		while (strmap_get(&taken, s->ser[i].id) != NULL);
		strmap_put(&taken, s->ser[i].id, &s->ser[i]);
	}
	strmap_free(&taken);
}

static int
cmp_cp(const void *a, const void *b)
{
	const struct site_cp *x = a, *y = b;

	if (x->run != y->run)
		return x->run > y->run ? -1 : 1;	/* newest first */
	if (x->series != y->series)
		return x->series < y->series ? -1 : 1;
	return x->j < y->j ? -1 : x->j > y->j;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
load_series(struct site *s)
{
	const struct hseries *hs;
	size_t i, j, k, n = 0;

	s->ser = xcalloc(s->h.ns + 1, sizeof(*s->ser));
	s->nser = s->h.ns;
	for (i = 0; i < s->nser; i++) {
		s->ser[i].hs = s->h.s[i];
		/* Held to the end: no room to grow (a series' points were
		   up to twice what they need). */
		if (s->h.s[i]->cap > s->h.s[i]->npt && s->h.s[i]->npt > 0) {
			s->h.s[i]->pt = xreallocarray(s->h.s[i]->pt,
			    s->h.s[i]->npt, sizeof(*s->h.s[i]->pt));
			s->h.s[i]->cap = s->h.s[i]->npt;
		}
	}
	qsort(s->ser, s->nser, sizeof(*s->ser), cmp_ser);
	name_series(s);
	s->cp = xcalloc(s->h.ncp + 1, sizeof(*s->cp));
	for (i = 0; i < s->nser; i++) {
		hs = s->ser[i].hs;
		strlist_add_distinct(&s->benchmarks, site_bench(s, hs));
		strlist_add_distinct(&s->hosts, site_host(s, hs));
		for (k = 0; k < hs->npt; k++)
			s->run[hs->pt[k].pos].npt++;
		if (hs->ncp > 0)
			s->ser[i].age = hs->npt - hs->cp[hs->ncp - 1].index;
		for (j = 0; j < hs->ncp; j++) {
			s->cp[n].series = i;
			s->cp[n].j = j;
			s->cp[n++].run = hs->pt[hs->cp[j].index].pos;
		}
	}
	s->ncp = n;
	if (n > 0)
		qsort(s->cp, n, sizeof(*s->cp), cmp_cp);
	if (s->benchmarks.n > 0)
		qsort(s->benchmarks.v, s->benchmarks.n, sizeof(char *), cmp_str);
	if (s->hosts.n > 0)
		qsort(s->hosts.v, s->hosts.n, sizeof(char *), cmp_str);
}

/* The labels, each once, in run order: the index's label filter. */
static void
load_labels(struct site *s)
{
	struct strmap first = STRMAP_INIT;	/* label -> its first run */
	const struct site_run *r;
	size_t i;

	for (i = 0; i < s->h.nrun; i++) {
		if ((r = strmap_get(&first, s->h.run[i].label)) != NULL) {
			s->run[i].label = r->label;
			continue;
		}
		s->run[i].label = s->labels.n;
		strlist_add(&s->labels, s->h.run[i].label);
		strmap_put(&first, s->h.run[i].label, &s->run[i]);
	}
	strmap_free(&first);
}

enum status
site_model(struct site *s, struct store *db, const struct filter *f,
    struct strbuf *err)
{
	enum status st;

	if ((st = history_load(&s->h, db, f, err)) != STATUS_OK)
		return st;
	if (load_runs(s, db, f, err) == -1)
		return STATUS_DB;
	load_series(s);
	load_labels(s);
	return STATUS_OK;
}

void
site_free(struct site *s)
{
	size_t i;

	for (i = 0; s->run != NULL && i < s->h.nrun; i++) {
		free(s->run[i].status);
		free(s->run[i].ended);
		free(s->run[i].command);
		free(s->run[i].version);
		kv_clear(&s->run[i].facts);
	}
	free(s->run);
	free(s->ser);
	free(s->cp);
	strlist_free(&s->labels);
	strlist_free(&s->benchmarks);
	strlist_free(&s->hosts);
	strlist_free(&s->warnings);
	manifest_free(&s->old);
	manifest_free(&s->cur);
	history_free(&s->h);
	odir_close(&s->root);
	odir_close(&s->series);
	odir_close(&s->runs);
	odir_close(&s->compare_dir);
	if (s->lock != -1)
		close(s->lock);
	s->lock = -1;
}
