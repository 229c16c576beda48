/*
 * group.c: gather samples into groups (series x by value), and summarize
 * each group with the statistics of stats.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/group.h"

const char *
run_attribute(const struct run_row *run, const char *key)
{
	static char id[32];

	if (key == NULL)
		return "";
	if (strcmp(key, "label") == 0)
		return run->info.label;
	if (strcmp(key, "benchmark") == 0)
		return run->info.benchmark;
	if (strcmp(key, "status") == 0)
		return run->info.status;
	if (strcmp(key, "uuid") == 0)
		return run->info.uuid;
	if (strcmp(key, "run") == 0) {
		snprintf(id, sizeof(id), "%lld", (long long)run->info.id);
		return id;
	}
	return kv_get(&run->facts, key);
}

static struct group *
group_new(struct groupset *gs, const struct series_row *row, const char *name,
    const char *by, const char *rowv)
{
	struct group *g = xcalloc(1, sizeof(*g));
	const struct kv *k;
	size_t i;

	g->series = xstrdup(name);
	g->by = xstrdup(by);
	g->row = xstrdup(rowv);
	strlist_add_distinct(&gs->rowvalues, rowv);
	g->unit = xstrdup(row->unit);
	g->better = xstrdup(row->better);
	g->order = row->id;
	for (i = 0; i < row->keys->n; i++) {
		k = &row->keys->v[i];
		/* A by series key is the group's column, not its row. */
		if (gs->by_series && strcmp(k->key, gs->by) == 0)
			continue;
		kv_set(&g->keys, k->key, k->value);
		strlist_add_distinct(&gs->keynames, k->key);
	}
	strlist_add_distinct(&gs->byvalues, by);
	if (gs->n == gs->cap) {
		gs->cap = gs->cap ? 2 * gs->cap : 64;
		gs->g = xreallocarray(gs->g, gs->cap, sizeof(*gs->g));
	}
	gs->g[gs->n++] = g;
	strmap_put(&gs->index, sb_str(&gs->key), g);
	return g;
}

struct collect_state {
	struct store		*store;
	struct groupset		*gs;
	struct round_spans	 spans;	/* of the series being read */
};

/*
 * Note a run the first time one of its series is read, and the by value
 * the series went to (a run's series go to several by a series key).
 */
static void
note_run(struct groupset *gs, const struct run_row *run, const char *by)
{
	struct group_run *r;
	size_t i;

	/* Series come run by run: the last one is the one to check. */
	if (gs->nruns > 0 && gs->runs[gs->nruns - 1].id == run->info.id) {
		strlist_add_distinct(&gs->runs[gs->nruns - 1].bys, by);
		return;
	}
	if (gs->nruns == gs->runcap) {
		gs->runcap = gs->runcap ? 2 * gs->runcap : 16;
		gs->runs = xreallocarray(gs->runs, gs->runcap,
		    sizeof(*gs->runs));
	}
	r = &gs->runs[gs->nruns++];
	memset(r, 0, sizeof(*r));
	r->id = run->info.id;
	strlist_add(&r->bys, by);
	r->benchmark = xstrdup(run->info.benchmark);
	for (i = 0; i < run->facts.n; i++)
		kv_set(&r->facts, run->facts.v[i].key, run->facts.v[i].value);
}

/*
 * The series' group name: its canonical name, or without the by key
 * when that is a series key (into gs->name).
 */
static const char *
group_series_name(struct groupset *gs, const struct series_row *row)
{
	struct kvlist rest = { NULL, 0, 0 };
	size_t i;

	if (!gs->by_series)
		return row->name;
	for (i = 0; i < row->keys->n; i++)
		if (strcmp(row->keys->v[i].key, gs->by) != 0)
			kv_set(&rest, row->keys->v[i].key,
			    row->keys->v[i].value);
	store_series_name(&rest, &gs->name);
	kv_clear(&rest);
	return sb_str(&gs->name);
}

/* One series of one run: its values join the group of (series, by). */
static int
add_series(const struct series_row *row, void *arg)
{
	struct collect_state *cs = arg;
	struct groupset *gs = cs->gs;
	const char *by = gs->by_series ? kv_get(row->keys, gs->by) : NULL;
	const char *rowv = run_attribute(row->run, gs->rows);
	const char *name = group_series_name(gs, row);
	struct group *g;
	size_t i, from;

	if (by == NULL)
		by = run_attribute(row->run, gs->by);
	if (by == NULL)
		by = "";
	if (rowv == NULL)
		rowv = "";
	note_run(gs, row->run, by);
	/* Each part after its length: values may hold any byte. */
	sb_reset(&gs->key);
	sb_addf(&gs->key, "%zu:%s %zu:%s", strlen(name), name, strlen(by),
	    by);
	if (gs->rows != NULL)
		sb_addf(&gs->key, " %s", rowv);
	if ((g = strmap_get(&gs->index, sb_str(&gs->key))) == NULL)
		g = group_new(gs, row, name, by, rowv);
	if (row->id < g->order)
		g->order = row->id;
	if (g->last_run != row->run->info.id) {
		g->last_run = row->run->info.id;
		g->nruns++;
	}
	from = g->n;
	if (store_series_rounds(cs->store, row->id, &g->v, &g->n, &g->cap,
	    &cs->spans) == -1)
		return -1;
	/* In the order read, before the rounds' medians reorder them. */
	for (i = from; i < g->n; i++)
		g->plain_sum += g->v[i];
	group_add_run(g, row->run->info.id, from, &cs->spans);
	return 0;
}

int
groups_collect(struct store *s, const struct filter *f, const char *by,
    struct groupset *gs)
{
	struct collect_state cs = { s, gs, { NULL, 0, 0 } };
	int rc;

	gs->by = by;
	rc = store_each_series(s, f, add_series, &cs);
	free(cs.spans.v);
	return rc;
}

/* Numbers compare as numbers ("250" < "1000"), the rest as strings. */
int
natural_cmp(const char *a, const char *b)
{
	double x, y;

	if (parse_double(a, &x) == 0 && parse_double(b, &y) == 0 && x != y)
		return x < y ? -1 : 1;
	return strcmp(a, b);
}

static int
cmp_byvalue(const void *a, const void *b)
{
	return natural_cmp(*(char *const *)a, *(char *const *)b);
}

static int
cmp_group(const void *a, const void *b)
{
	const struct group *x = *(struct group *const *)a;
	const struct group *y = *(struct group *const *)b;

	if (strcmp(x->series, y->series) != 0)
		return x->order < y->order ? -1 : x->order > y->order ? 1 :
		    strcmp(x->series, y->series);
	if (x->rowrank != y->rowrank)
		return x->rowrank < y->rowrank ? -1 : 1;
	return x->byrank < y->byrank ? -1 : x->byrank > y->byrank;
}

static int
cmp_series(const void *a, const void *b)
{
	return strcmp((*(struct group *const *)a)->series,
	    (*(struct group *const *)b)->series);
}

/*
 * Order the values: as order lists them (values it lacks after, in the
 * order they came), else as numbers when all are, else as they came.
 */
static void
order_values(struct strlist *values, const struct strlist *order)
{
	size_t i, k, n = 0;
	double x;
	char *t;

	if (order != NULL && order->n > 0) {
		for (k = 0; k < order->n; k++)
			for (i = n; i < values->n; i++)
				if (strcmp(values->v[i], order->v[k]) == 0) {
					t = values->v[i];
					memmove(values->v + n + 1, values->v + n,
					    (i - n) * sizeof(char *));
					values->v[n++] = t;
					break;
				}
		return;
	}
	for (i = 0; i < values->n; i++)
		if (parse_double(values->v[i], &x) == -1)
			return;
	if (values->n > 0)
		qsort(values->v, values->n, sizeof(char *), cmp_byvalue);
}

static size_t
rank_of(const struct strlist *values, const char *v)
{
	size_t k;

	for (k = 0; k < values->n; k++)
		if (strcmp(values->v[k], v) == 0)
			return k;
	return k;
}

void
groups_sort(struct groupset *gs, const struct strlist *order_by,
    const struct strlist *order_rows)
{
	size_t i, j, k;
	int64_t first;

	/* Every group of a series takes the series' first appearance. */
	qsort(gs->g, gs->n, sizeof(*gs->g), cmp_series);
	for (i = 0; i < gs->n; i = j) {
		first = gs->g[i]->order;
		for (j = i + 1; j < gs->n &&
		    strcmp(gs->g[j]->series, gs->g[i]->series) == 0; j++)
			if (gs->g[j]->order < first)
				first = gs->g[j]->order;
		for (k = i; k < j; k++)
			gs->g[k]->order = first;
	}
	order_values(&gs->byvalues, order_by);
	order_values(&gs->rowvalues, order_rows);
	for (i = 0; i < gs->n; i++) {
		gs->g[i]->byrank = rank_of(&gs->byvalues, gs->g[i]->by);
		gs->g[i]->rowrank = rank_of(&gs->rowvalues, gs->g[i]->row);
	}
	qsort(gs->g, gs->n, sizeof(*gs->g), cmp_group);
	/* No series key at all (an import without --key): nothing to sort,
	 * and qsort() wants a pointer even for none. */
	if (gs->keynames.n > 0)
		qsort(gs->keynames.v, gs->keynames.n, sizeof(char *),
		    cmp_byvalue);
}

static void
summarize(struct group *g, double level)
{
	struct group_summary *s = &g->sum;

	stats_sort(g->v, g->n);
	stats_describe(g->v, g->n, &s->d);
	s->median_err = stats_ci_median(g->v, g->n, level, &s->median);
	s->mean_err = stats_ci_mean(g->v, g->n, level, &s->mean);
	if (g->n > 1 && (s->median_err == STATS_ETOOFEW ||
	    s->mean_err == STATS_ETOOFEW))
		s->warn |= WARN_FEW;
	if (stats_tukey(g->v, g->n, &s->fences) == STATS_OK &&
	    s->fences.nlow + s->fences.nhigh > 0)
		s->warn |= WARN_OUTLIERS;
	if (stats_shape(g->v, g->n, &s->shape) == STATS_OK && s->shape.bimodal)
		s->warn |= WARN_BIMODAL;
	if (stats_cv_high(&s->d))
		s->warn |= WARN_NOISY;
}

int
groups_summarize(struct groupset *gs, double level)
{
	size_t i;

	for (i = 0; i < gs->n; i++) {
		summarize(gs->g[i], level);
		group_runs_done(gs->g[i]);
	}
	return 0;
}

void
groups_free(struct groupset *gs)
{
	size_t i;

	for (i = 0; i < gs->n; i++) {
		free(gs->g[i]->series);
		free(gs->g[i]->by);
		free(gs->g[i]->row);
		free(gs->g[i]->unit);
		free(gs->g[i]->better);
		free(gs->g[i]->v);
		free(gs->g[i]->u);
		free(gs->g[i]->rp);
		kv_clear(&gs->g[i]->keys);
		free(gs->g[i]);
	}
	free(gs->g);
	for (i = 0; i < gs->nruns; i++) {
		strlist_free(&gs->runs[i].bys);
		free(gs->runs[i].benchmark);
		kv_clear(&gs->runs[i].facts);
	}
	free(gs->runs);
	strmap_free(&gs->index);
	strlist_free(&gs->byvalues);
	strlist_free(&gs->rowvalues);
	strlist_free(&gs->keynames);
	sb_free(&gs->key);
	sb_free(&gs->name);
	memset(gs, 0, sizeof(*gs));
}
