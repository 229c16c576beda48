/*
 * noise_floor.c: --noise-floor auto.  Two sides of a run each cannot
 * say how much a series moves between runs; a database that holds other
 * runs of the same series on the same host and configuration can.
 *
 * The identical runs of a baseline run are the runs of the selection
 * whose benchmark and every fact that changes results (pooling.h: the
 * machine's, the kernel's, the benchmark's options) are the baseline's,
 * the runs of both sides left out.  Their medians (from the summary
 * cache where trend left them) give the floor: the sample variance of
 * the medians' logs, with runs - 1 degrees of freedom, which the run-
 * level t test pools as the variance of one run (compare_methods.c).
 * Three runs at least (2 degrees of freedom): fewer say too little.
 */
#include <err.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"
#include "analyze/history.h"
#include "analyze/pooling.h"

/* The runs like the baseline run, found by store_each_run(). */
struct like_runs {
	const struct group_run	*base;
	const struct analysis	*an;
	struct strmap		 ids;	/* "id" -> (void *)1 */
	size_t			 n;
};

static int
in_side(const struct groupset *gs, int64_t id)
{
	size_t i;

	for (i = 0; i < gs->nruns; i++)
		if (gs->runs[i].id == id)
			return 1;
	return 0;
}

/* Do a and b hold the same value of every fact that changes results? */
static int
same_config(const char *benchmark, const struct kvlist *a,
    const struct kvlist *b)
{
	const char *v;
	size_t i;

	for (i = 0; i < a->n; i++)
		if (pooling_config(benchmark, a->v[i].key) &&
		    ((v = kv_get(b, a->v[i].key)) == NULL ||
		    strcmp(v, a->v[i].value) != 0))
			return 0;
	for (i = 0; i < b->n; i++)
		if (pooling_config(benchmark, b->v[i].key) &&
		    kv_get(a, b->v[i].key) == NULL)
			return 0;
	return 1;
}

static int
take_like(const struct run_row *row, void *arg)
{
	struct like_runs *lr = arg;
	char id[32];

	if (strcmp(row->info.benchmark, lr->base->benchmark) != 0 ||
	    in_side(&lr->an->ga, row->info.id) ||
	    in_side(&lr->an->gb, row->info.id) ||
	    !same_config(row->info.benchmark, &lr->base->facts, &row->facts))
		return 0;
	snprintf(id, sizeof(id), "%lld", (long long)row->info.id);
	strmap_put(&lr->ids, id, (void *)1);
	lr->n++;
	return 0;
}

/* The baseline run of a comparison: side A's only run. */
static const struct group_run *
base_run(const struct analysis *an, const struct comparison *c)
{
	size_t i;

	for (i = 0; i < an->ga.nruns; i++)
		if (an->ga.runs[i].id == c->a->rp[0].run)
			return &an->ga.runs[i];
	return NULL;
}

/*
 * The floor of one series in the history h, over the runs like: those
 * whose series is of the sides' shape too (as many rounds, about as
 * many samples: a median of 2 rounds of 150 moves more than one of 10
 * rounds of 30).  0, or -1 with store_error(s).
 */
static int
series_floor(struct store *s, const struct history *h,
    const struct like_runs *lr, const struct comparison *c,
    struct noise_floor *nf)
{
	const struct group_runpart *base = &c->a->rp[0];
	const struct hseries *hs = NULL;
	const struct hpoint *pt;
	double *y;
	size_t i, k = 0, n, nrounds;
	char id[32];

	memset(nf, 0, sizeof(*nf));
	/* Sides whose runs are unlike each other: no floor serves both. */
	if (!group_runs_alike(c->a, c->b)) {
		nf->unlike = 1;
		return 0;
	}
	for (i = 0; i < h->ns && hs == NULL; i++)
		if (strcmp(h->s[i]->name, c->a->series) == 0)
			hs = h->s[i];
	if (hs == NULL || hs->npt == 0)
		return 0;
	y = xreallocarray(NULL, hs->npt, sizeof(*y));
	for (i = 0; i < hs->npt; i++) {
		pt = &hs->pt[i];
		snprintf(id, sizeof(id), "%lld", (long long)h->run[pt->pos].id);
		if (strmap_get(&lr->ids, id) == NULL || isnan(pt->median) ||
		    (c->scale == SCALE_RATIO && !(pt->median > 0)))
			continue;
		if (store_series_shape(s, h->run[pt->pos].id, c->a->series, &n,
		    &nrounds) == -1) {
			free(y);
			return -1;
		}
		if (!group_like_shape(n, nrounds, base->n, base->nrounds))
			continue;
		y[k++] = c->scale == SCALE_RATIO ? log(pt->median) : pt->median;
	}
	nf->runs = k;
	if (k >= 2) {
		nf->var = stats_variance(y, k);
		/* A percentage of a center near 0 says nothing: NaN. */
		nf->sd_pct = c->scale == SCALE_RATIO ?
		    100 * expm1(sqrt(nf->var)) : NAN;
	}
	free(y);
	return 0;
}

/*
 * The selection narrowed to runs like base: its benchmark and its facts
 * that change results.  Never wider than f: base itself is in f, so its
 * values pass whatever f asks of the same keys.
 */
static void
like_filter(const struct analysis *an, const struct filter *f,
    const struct group_run *base, struct filter *out)
{
	size_t i;

	filter_copy(out, f);
	strlist_add(&out->benchmarks, base->benchmark);
	/* A redacted fact reads as its token: only take_like() knows it. */
	for (i = 0; i < base->facts.n; i++)
		if (pooling_config(base->benchmark, base->facts.v[i].key) &&
		    !strlist_has(&an->redact, base->facts.v[i].key) &&
		    out->where_keys.n < FILTER_MAX_KEYS) {
			strlist_add(&out->where_keys, base->facts.v[i].key);
			strlist_add(&out->where_values, base->facts.v[i].value);
		}
}

/* Floors for the comparisons whose baseline is run base. */
static enum status
floors_of_run(struct store *s, const struct filter *f, struct analysis *an,
    const struct group_run *base, const struct compare_opts *o)
{
	struct like_runs lr;
	struct filter fl;
	struct history h;
	struct strbuf err = STRBUF_INIT;
	struct noise_floor nf;
	enum status st = STATUS_OK;
	size_t i;

	memset(&lr, 0, sizeof(lr));
	memset(&fl, 0, sizeof(fl));
	lr.base = base;
	lr.an = an;
	like_filter(an, f, base, &fl);
	history_init(&h);
	if (store_each_run(s, &fl, take_like, &lr) == -1) {
		warnx("%s: %s", an->cmdname, store_error(s));
		st = STATUS_DB;
	} else if (lr.n > 0 && (st = history_load(&h, s, &fl, &err)) !=
	    STATUS_OK)
		warnx("%s: --noise-floor: %s", an->cmdname, sb_str(&err));
	for (i = 0; st == STATUS_OK && i < an->ncmp; i++) {
		if (!compare_floor_wanted(&an->cmp[i], o) ||
		    base_run(an, &an->cmp[i]) != base)
			continue;
		memset(&nf, 0, sizeof(nf));
		if (lr.n > 0 && series_floor(s, &h, &lr, &an->cmp[i], &nf) ==
		    -1) {
			warnx("%s: %s", an->cmdname, store_error(s));
			st = STATUS_DB;
			break;
		}
		if (lr.n == 0)
			nf.unlike = !group_runs_alike(an->cmp[i].a,
			    an->cmp[i].b);
		/* Said even when too few to serve: how many there were. */
		an->cmp[i].floor = nf;
		compare_use_floor(&an->cmp[i], o, &nf);
	}
	history_free(&h);
	strmap_free(&lr.ids);
	filter_free(&fl);
	sb_free(&err);
	return st;
}

enum status
noise_floor_apply(struct store *s, const struct filter *f,
    struct analysis *an)
{
	struct compare_opts o = analysis_compare_opts(an);
	const struct group_run *base, *done = NULL;
	enum status st = STATUS_OK;
	size_t i;

	if (!an->noise_floor)
		return STATUS_OK;
	/* Runs of the baseline side, one history each (usually one). */
	for (i = 0; st == STATUS_OK && i < an->ncmp; i++) {
		if (!compare_floor_wanted(&an->cmp[i], &o) ||
		    (base = base_run(an, &an->cmp[i])) == NULL || base == done)
			continue;
		st = floors_of_run(s, f, an, base, &o);
		done = base;
	}
	return st;
}
