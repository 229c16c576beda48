/*
 * cmd_trend.c: kbench trend: per series, the history of its runs (each
 * run's median) and the change points in it (trend.h), as an aligned
 * table, CSV, JSON (with the whole history) or Markdown.
 *
 * Two passes over the store.  The runs first (store_each_run): --since,
 * the order (start time or --order-by KEY) and --last choose the runs
 * of the history, without reading a sample.  Then the samples of those
 * runs only, a series at a time in bulk (store_each_series and
 * store_series_values, as group.c reads them), each reduced at once to
 * its median and interval.  The medians are computed on every call: a
 * cache table of per-run medians would belong in db/ and is not there.
 */
#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"
#include "group.h"
#include "json.h"
#include "kbench.h"
#include "report.h"
#include "table.h"
#include "trend.h"

const char trend_help[] =
    "usage: kbench trend [--since DATE] [--last N] [--order-by KEY] [--threshold PCT]\n"
    "                    [--pvalue P] [--fail-on-regression] [--format FMT] [filters]\n"
    "\n"
    "Per series, its history: one point per run, the run's median (and its\n"
    "distribution-free 95% interval), in run order; and the change points in\n"
    "it, by E-Divisive means as Hunter and Apache Otava find them: binary\n"
    "segmentation on the energy statistic, each split tested by Student's t on\n"
    "up to 30 runs each side.  Deterministic: no random permutations.\n"
    "   --since DATE     only runs started on or after DATE (UTC, ISO 8601:\n"
    "                    2026-01-31 or 2026-01-31T12:00)\n"
    "   --last N         only the last N runs, in the order below\n"
    "   --order-by KEY   order runs by a run fact (or label, benchmark, uuid, run),\n"
    "                    as numbers when every value is one, else as text (ISO\n"
    "                    dates sort right); runs without KEY are left out\n"
    "                    (default: started, the start time)\n"
    "   --threshold PCT  report changes of the mean of at least PCT percent\n"
    "                    (default 0)\n"
    "   --pvalue P       accept a change when p < P (default 0.001)\n"
    "   --format FMT     text (default), csv, json (also every run's median),\n"
    "                    markdown\n"
    "   --fail-on-regression   exit 1 when a change point is a regression\n"
    "Filters: as for kbench runs; only complete runs unless --incomplete.\n";

/* The confidence level of each run's median interval (JSON only). */
#define RUN_LEVEL	95

enum {
	OPT_FAIL = 300,
	OPT_FORMAT,
	OPT_LAST,
	OPT_ORDERBY,
	OPT_PVALUE,
	OPT_SINCE,
	OPT_THRESHOLD
};

enum { FMT_TEXT, FMT_CSV, FMT_JSON, FMT_MARKDOWN };

/* A run of the history. */
struct hrun {
	int64_t	 id;
	char	*uuid, *label, *started;
	char	*kernel;	/* kernel_git, else kernel_release, or NULL */
	char	*key;		/* its --order-by value */
	double	 num;		/* key as a number when every key is one,
				   else NaN */
};

/* A run's id and its place in the history: pass 2 looks runs up. */
struct idpos {
	int64_t	id;
	size_t	pos;
};

/* One run of one series: the median of its samples. */
struct hpoint {
	size_t		 pos;		/* the run, in tr->run */
	size_t		 n;
	double		 median;
	struct stats_ci	 ci;
	int		 ci_err;
};

struct hseries {
	char		*name, *unit, *better;
	struct kvlist	 keys;
	int64_t		 first;		/* lowest series id: the output order */
	struct hpoint	*pt;
	size_t		 npt, cap;
	struct trend_cp	*cp;
	size_t		 ncp;
};

struct trend {
	/* Options. */
	const char		*since, *order_by;
	long			 last;		/* 0: every run */
	struct trend_opts	 opts;
	/* The runs of the history, in order, and sorted by id. */
	struct hrun		*run;
	size_t			 nrun, caprun, nmissing;
	struct idpos		*byid;
	/* The series. */
	struct store		*store;
	struct hseries		**s;
	size_t			 ns, caps;
	struct strmap		 index;		/* name -> series */
	struct strlist		 keynames;
	double			*v;		/* one series' samples */
	size_t			 nv, capv;
	size_t			 ncp, nreg, nimp;
};

/* ---- options ---- */

static int
parse_format(const char *arg)
{
	static const char *const names[] = { "text", "csv", "json", "markdown" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(arg, names[i]) == 0)
			return (int)i;
	return -1;
}

/* n digits at s, and nothing else counted. */
static int
digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/*
 * An ISO 8601 date, maybe with a time, as the store writes them
 * (YYYY-MM-DD[THH:MM[:SS[.fff]]][Z]): strings of that shape compare in
 * time order, so --since compares them to started_at as text.
 */
static int
iso_date(const char *s)
{
	int month, day;

	if (strlen(s) < 10 || !digits(s, 4) || s[4] != '-' ||
	    !digits(s + 5, 2) || s[7] != '-' || !digits(s + 8, 2))
		return 0;
	month = (s[5] - '0') * 10 + (s[6] - '0');
	day = (s[8] - '0') * 10 + (s[9] - '0');
	if (month < 1 || month > 12 || day < 1 || day > 31)
		return 0;
	s += 10;
	if (*s == '\0')
		return 1;
	if (*s != 'T' || !digits(s + 1, 2) || s[3] != ':' || !digits(s + 4, 2) ||
	    s[1] > '2' || s[4] > '5')
		return 0;
	s += 6;
	if (*s == ':') {
		if (!digits(s + 1, 2) || s[1] > '5')
			return 0;
		s += 3;
		if (*s == '.') {
			if (!digits(s + 1, 1))
				return 0;
			for (s++; *s >= '0' && *s <= '9'; s++)
				;
		}
	}
	if (*s == 'Z')
		s++;
	return *s == '\0';
}

/* ---- pass 1: the runs ---- */

static int
take_run(const struct run_row *row, void *arg)
{
	struct trend *tr = arg;
	struct hrun *r;
	const char *key = NULL, *kernel;

	if (tr->since != NULL && strcmp(row->info.started_at, tr->since) < 0)
		return 0;
	if (tr->order_by != NULL &&
	    (key = run_attribute(row, tr->order_by)) == NULL) {
		tr->nmissing++;
		return 0;
	}
	if (tr->nrun == tr->caprun) {
		tr->caprun = tr->caprun ? 2 * tr->caprun : 64;
		tr->run = xreallocarray(tr->run, tr->caprun, sizeof(*tr->run));
	}
	r = &tr->run[tr->nrun++];
	r->id = row->info.id;
	r->uuid = xstrdup(row->info.uuid);
	r->label = xstrdup(row->info.label);
	r->started = xstrdup(row->info.started_at);
	if ((kernel = kv_get(&row->facts, "kernel_git")) == NULL)
		kernel = kv_get(&row->facts, "kernel_release");
	r->kernel = kernel != NULL ? xstrdup(kernel) : NULL;
	r->key = key != NULL ? xstrdup(key) : NULL;
	r->num = NAN;
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
	free(r->uuid);
	free(r->label);
	free(r->started);
	free(r->kernel);
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
order_runs(struct trend *tr)
{
	size_t i, drop;
	double x;

	if (tr->order_by != NULL) {
		for (i = 0; i < tr->nrun; i++)
			if (parse_double(tr->run[i].key, &x) == -1)
				break;
		if (i == tr->nrun)
			for (i = 0; i < tr->nrun; i++)
				parse_double(tr->run[i].key, &tr->run[i].num);
	}
	if (tr->nrun > 0)	/* qsort() wants a pointer even for none */
		qsort(tr->run, tr->nrun, sizeof(*tr->run), cmp_run);
	if (tr->last > 0 && tr->nrun > (size_t)tr->last) {
		drop = tr->nrun - (size_t)tr->last;
		for (i = 0; i < drop; i++)
			run_free(&tr->run[i]);
		memmove(tr->run, tr->run + drop, (size_t)tr->last * sizeof(*tr->run));
		tr->nrun = (size_t)tr->last;
	}
	tr->byid = xcalloc(tr->nrun ? tr->nrun : 1, sizeof(*tr->byid));
	for (i = 0; i < tr->nrun; i++) {
		tr->byid[i].id = tr->run[i].id;
		tr->byid[i].pos = i;
	}
	qsort(tr->byid, tr->nrun, sizeof(*tr->byid), cmp_idpos);
}

/* The run's place in tr->run, or -1 when it is not in the history. */
static long
find_run(const struct trend *tr, int64_t id)
{
	size_t lo = 0, hi = tr->nrun, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (tr->byid[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < tr->nrun && tr->byid[lo].id == id)
		return (long)tr->byid[lo].pos;
	return -1;
}

/* ---- pass 2: each run's median, per series ---- */

static struct hseries *
series_new(struct trend *tr, const struct series_row *row)
{
	struct hseries *hs = xcalloc(1, sizeof(*hs));
	size_t i, j;

	hs->name = xstrdup(row->name);
	hs->unit = xstrdup(row->unit);
	hs->better = xstrdup(row->better);
	hs->first = row->id;
	for (i = 0; i < row->keys->n; i++) {
		kv_set(&hs->keys, row->keys->v[i].key, row->keys->v[i].value);
		for (j = 0; j < tr->keynames.n; j++)
			if (strcmp(tr->keynames.v[j], row->keys->v[i].key) == 0)
				break;
		if (j == tr->keynames.n)
			strlist_add(&tr->keynames, row->keys->v[i].key);
	}
	if (tr->ns == tr->caps) {
		tr->caps = tr->caps ? 2 * tr->caps : 32;
		tr->s = xreallocarray(tr->s, tr->caps, sizeof(*tr->s));
	}
	tr->s[tr->ns++] = hs;
	strmap_put(&tr->index, row->name, hs);
	return hs;
}

/* One series of one run: its samples, read in bulk, make one point. */
static int
take_series(const struct series_row *row, void *arg)
{
	struct trend *tr = arg;
	struct hseries *hs;
	struct hpoint *p;
	struct stats_desc d;
	long pos;

	if ((pos = find_run(tr, row->run->info.id)) < 0)
		return 0;
	tr->nv = 0;
	if (store_series_values(tr->store, row->id, &tr->v, &tr->nv,
	    &tr->capv) == -1)
		return -1;
	if (tr->nv == 0)
		return 0;
	if ((hs = strmap_get(&tr->index, row->name)) == NULL)
		hs = series_new(tr, row);
	if (row->id < hs->first)
		hs->first = row->id;
	if (hs->npt == hs->cap) {
		hs->cap = hs->cap ? 2 * hs->cap : 64;
		hs->pt = xreallocarray(hs->pt, hs->cap, sizeof(*hs->pt));
	}
	p = &hs->pt[hs->npt++];
	stats_sort(tr->v, tr->nv);
	stats_describe(tr->v, tr->nv, &d);
	p->pos = (size_t)pos;
	p->n = tr->nv;
	p->median = d.median;
	p->ci_err = stats_ci_median(tr->v, tr->nv, RUN_LEVEL, &p->ci);
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

/* A regression: the mean moved away from the better side. */
static int
regressed(const struct hseries *hs, const struct trend_cp *cp)
{
	if (strcmp(hs->better, "higher") == 0)
		return cp->mean_after < cp->mean_before;
	return cp->mean_after > cp->mean_before;
}

/* Order each history and find its change points. */
static int
detect(struct trend *tr)
{
	struct hseries *hs;
	double *x = NULL;
	size_t i, k, cap = 0;
	int rc = 0;

	qsort(tr->s, tr->ns, sizeof(*tr->s), cmp_series);
	if (tr->keynames.n > 0)
		qsort(tr->keynames.v, tr->keynames.n, sizeof(char *),
		    cmp_keyname);
	for (i = 0; i < tr->ns && rc == 0; i++) {
		hs = tr->s[i];
		qsort(hs->pt, hs->npt, sizeof(*hs->pt), cmp_point);
		if (hs->npt > cap) {
			cap = hs->npt;
			x = xreallocarray(x, cap, sizeof(*x));
		}
		for (k = 0; k < hs->npt; k++)
			x[k] = hs->pt[k].median;
		if (trend_detect(x, hs->npt, &tr->opts, &hs->cp, &hs->ncp) !=
		    STATS_OK)
			rc = -1;
		for (k = 0; k < hs->ncp; k++) {
			tr->ncp++;
			if (regressed(hs, &hs->cp[k]))
				tr->nreg++;
			else
				tr->nimp++;
		}
	}
	free(x);
	return rc;
}

/* ---- output ---- */

static const struct hrun *
cp_run(const struct trend *tr, const struct hseries *hs,
    const struct trend_cp *cp)
{
	return &tr->run[hs->pt[cp->index].pos];
}

/* Show the --order-by value in a column of its own? */
static int
order_column(const struct trend *tr)
{
	return tr->order_by != NULL && strcmp(tr->order_by, "label") != 0;
}

static const char *
plural(size_t n, const char *s)
{
	return n == 1 ? "" : s;
}

static void
heading(FILE *out, const struct trend *tr)
{
	const char *unit = NULL;
	size_t i;

	fprintf(out, "%zu series over %zu run%s by %s; a point is a run's "
	    "median\n", tr->ns, tr->nrun, plural(tr->nrun, "s"),
	    tr->order_by != NULL ? tr->order_by : "start time");
	fprintf(out, "change points: E-Divisive means, Student's t on <= %zu "
	    "runs a side, p < %g, threshold %g%%\n", tr->opts.window,
	    tr->opts.pvalue, 100 * tr->opts.threshold);
	for (i = 0; i < tr->ns; i++)
		if (unit == NULL)
			unit = tr->s[i]->unit;
		else if (strcmp(unit, tr->s[i]->unit) != 0)
			unit = "mixed";
	if (unit != NULL && *unit != '\0')
		fprintf(out, "unit: %s\n", unit);
}

static void
summary(FILE *out, const struct trend *tr)
{
	fprintf(out, "%zu series, %zu change point%s (%zu regression%s, %zu "
	    "improvement%s)\n", tr->ns, tr->ncp, plural(tr->ncp, "s"), tr->nreg,
	    plural(tr->nreg, "s"), tr->nimp, plural(tr->nimp, "s"));
}

/* One row per change point: the text and Markdown formats. */
static void
build_table(struct table *t, const struct trend *tr)
{
	size_t k = tr->keynames.n ? tr->keynames.n : 1, c, i, j;
	const struct hseries *hs;
	const struct trend_cp *cp;
	const struct hrun *r;
	const char *v;
	char a[80];
	int oc = order_column(tr);

	table_init(t, k + 9 + (size_t)oc);
	table_row(t);
	for (i = 0; i < tr->keynames.n; i++)
		table_set(t, i, "%s", tr->keynames.v[i]);
	if (tr->keynames.n == 0)
		table_set(t, 0, "series");
	table_gap(t, k);
	c = k;
	table_set(t, c, "at");
	table_align_right(t, c++);
	table_set(t, c++, "date");
	table_set(t, c++, "label");
	table_set(t, c, "kernel");
	table_droppable(t, c++);
	if (oc)
		table_set(t, c++, "%s", tr->order_by);
	table_set(t, c, "before");
	table_align_right(t, c++);
	table_set(t, c, "after");
	table_align_right(t, c++);
	table_set(t, c, "change");
	table_align_right(t, c++);
	table_set(t, c, "p");
	table_align_right(t, c++);
	table_set(t, c, "direction");
	for (i = 0; i < tr->ns; i++) {
		hs = tr->s[i];
		for (j = 0; j < hs->ncp; j++) {
			cp = &hs->cp[j];
			r = cp_run(tr, hs, cp);
			table_row(t);
			for (c = 0; c < tr->keynames.n; c++) {
				v = kv_get(&hs->keys, tr->keynames.v[c]);
				table_set(t, c, "%s", v != NULL ? v : "-");
			}
			if (tr->keynames.n == 0)
				table_set(t, 0, "%s", *hs->name ? hs->name :
				    "(no keys)");
			c = k;
			table_set(t, c++, "%zu/%zu", cp->index + 1, hs->npt);
			table_set(t, c++, "%.10s", r->started);
			table_set(t, c++, "%s", r->label);
			table_set(t, c++, "%s", r->kernel != NULL ? r->kernel : "-");
			if (oc)
				table_set(t, c++, "%s", r->key);
			table_set(t, c++, "%s", fmt_num(a, sizeof(a),
			    cp->mean_before));
			table_set(t, c++, "%s", fmt_num(a, sizeof(a),
			    cp->mean_after));
			if (isnan(cp->change))
				table_set(t, c++, "-");
			else
				table_set(t, c++, "%+.2f%%", 100 * cp->change);
			if (cp->p < 1e-300)	/* underflowed, or a clean step */
				table_set(t, c++, "<1e-300");
			else
				table_set(t, c++, "%.3g", cp->p);
			table_set(t, c, "%s", regressed(hs, cp) ? "regression" :
			    "improvement");
		}
	}
}

static void
print_table(FILE *out, const struct trend *tr, int markdown)
{
	struct table t;

	heading(out, tr);
	putc('\n', out);
	if (tr->ncp > 0) {
		build_table(&t, tr);
		if (markdown)
			table_print_markdown(&t, out);
		else
			table_print_text(&t, out, 1);
		table_free(&t);
		putc('\n', out);
	}
	summary(out, tr);
}

/* ,number at full precision; nothing for NaN. */
static void
csv_num(FILE *out, double v)
{
	char buf[40];

	putc(',', out);
	if (!isnan(v))
		fputs(format_double(buf, sizeof(buf), v), out);
}

static void
csv_str(FILE *out, const char *s)
{
	putc(',', out);
	if (s != NULL)
		csv_put_field(out, s);
}

/* One row per change point, every number at full precision. */
static void
print_csv(FILE *out, const struct trend *tr)
{
	const struct hseries *hs;
	const struct trend_cp *cp;
	const struct hrun *r;
	size_t i, j, c;

	fputs("series", out);
	for (c = 0; c < tr->keynames.n; c++)
		csv_str(out, tr->keynames.v[c]);
	fputs(",unit,better,position,runs,run,uuid,label,started,kernel,"
	    "order,mean_before,mean_after,n_before,n_after,change,p,direction\n",
	    out);
	for (i = 0; i < tr->ns; i++) {
		hs = tr->s[i];
		for (j = 0; j < hs->ncp; j++) {
			cp = &hs->cp[j];
			r = cp_run(tr, hs, cp);
			csv_put_field(out, hs->name);
			for (c = 0; c < tr->keynames.n; c++)
				csv_str(out, kv_get(&hs->keys, tr->keynames.v[c]));
			csv_str(out, hs->unit);
			fprintf(out, ",%s,%zu,%zu,%lld", hs->better, cp->index + 1,
			    hs->npt, (long long)r->id);
			csv_str(out, r->uuid);
			csv_str(out, r->label);
			csv_str(out, r->started);
			csv_str(out, r->kernel);
			csv_str(out, r->key);
			csv_num(out, cp->mean_before);
			csv_num(out, cp->mean_after);
			fprintf(out, ",%zu,%zu", cp->nbefore, cp->nafter);
			csv_num(out, cp->change);
			csv_num(out, cp->p);
			fprintf(out, ",%s\n", regressed(hs, cp) ? "regression" :
			    "improvement");
		}
	}
}

/* ,"name":number, or null for NaN and infinities. */
static void
json_num(FILE *out, const char *name, double v)
{
	char buf[40];

	fprintf(out, ",\"%s\":%s", name, isnan(v) || isinf(v) ? "null" :
	    format_double(buf, sizeof(buf), v));
}

/* ,"name":"string", or null. */
static void
json_str(FILE *out, const char *name, const char *s)
{
	fprintf(out, ",\"%s\":", name);
	if (s != NULL)
		json_string(out, s);
	else
		fputs("null", out);
}

/* The run's fields, after a first field already written. */
static void
json_run(FILE *out, const struct trend *tr, const struct hrun *r)
{
	fprintf(out, ",\"run\":%lld", (long long)r->id);
	json_str(out, "uuid", r->uuid);
	json_str(out, "label", r->label);
	json_str(out, "started", r->started);
	json_str(out, "kernel", r->kernel);
	if (tr->order_by != NULL)
		json_str(out, "order", r->key);
}

static void
json_series(FILE *out, const struct trend *tr, const struct hseries *hs)
{
	const struct trend_cp *cp;
	const struct hpoint *p;
	char lo[40], hi[40], lv[40];
	size_t i;

	fputs("{\"series\":", out);
	json_string(out, hs->name);
	fputs(",\"keys\":{", out);
	for (i = 0; i < hs->keys.n; i++) {
		if (i > 0)
			putc(',', out);
		json_string(out, hs->keys.v[i].key);
		putc(':', out);
		json_string(out, hs->keys.v[i].value);
	}
	putc('}', out);
	json_str(out, "unit", hs->unit);
	fprintf(out, ",\"better\":\"%s\",\"runs\":%zu,\"change_points\":[",
	    hs->better, hs->npt);
	for (i = 0; i < hs->ncp; i++) {
		cp = &hs->cp[i];
		fprintf(out, "%s{\"position\":%zu", i ? "," : "", cp->index + 1);
		json_run(out, tr, cp_run(tr, hs, cp));
		json_num(out, "mean_before", cp->mean_before);
		json_num(out, "mean_after", cp->mean_after);
		fprintf(out, ",\"n_before\":%zu,\"n_after\":%zu", cp->nbefore,
		    cp->nafter);
		json_num(out, "change", cp->change);
		json_num(out, "p", cp->p);
		fprintf(out, ",\"direction\":\"%s\"}", regressed(hs, cp) ?
		    "regression" : "improvement");
	}
	fputs("],\"history\":[", out);
	for (i = 0; i < hs->npt; i++) {
		p = &hs->pt[i];
		fprintf(out, "%s\n{\"n\":%zu", i ? "," : "", p->n);
		json_run(out, tr, &tr->run[p->pos]);
		json_num(out, "median", p->median);
		fputs(",\"median_ci\":", out);
		if (p->ci_err != STATS_OK)
			fputs("null", out);
		else
			fprintf(out, "{\"lo\":%s,\"hi\":%s,\"level\":%s}",
			    format_double(lo, sizeof(lo), p->ci.lo),
			    format_double(hi, sizeof(hi), p->ci.hi),
			    format_double(lv, sizeof(lv), p->ci.level));
		putc('}', out);
	}
	fputs("]}", out);
}

static void
print_json(FILE *out, const struct trend *tr)
{
	size_t i;

	fprintf(out, "{\"schema_version\":%d,\"kind\":\"trend\"",
	    REPORT_JSON_SCHEMA);
	json_str(out, "order_by", tr->order_by != NULL ? tr->order_by :
	    "started");
	json_str(out, "since", tr->since);
	if (tr->last > 0)
		fprintf(out, ",\"last\":%ld", tr->last);
	else
		fputs(",\"last\":null", out);
	fprintf(out, ",\"method\":\"e-divisive\",\"test\":\"student\","
	    "\"window\":%zu", tr->opts.window);
	json_num(out, "pvalue", tr->opts.pvalue);
	json_num(out, "threshold_pct", 100 * tr->opts.threshold);
	fprintf(out, ",\"level\":%d,\"runs\":%zu", RUN_LEVEL, tr->nrun);
	fprintf(out, ",\"summary\":{\"series\":%zu,\"change_points\":%zu,"
	    "\"regressions\":%zu,\"improvements\":%zu},\"series\":[", tr->ns,
	    tr->ncp, tr->nreg, tr->nimp);
	for (i = 0; i < tr->ns; i++) {
		fputs(i ? ",\n" : "\n", out);
		json_series(out, tr, tr->s[i]);
	}
	fputs("]}\n", out);
}

static void
trend_free(struct trend *tr)
{
	size_t i;

	for (i = 0; i < tr->nrun; i++)
		run_free(&tr->run[i]);
	free(tr->run);
	free(tr->byid);
	for (i = 0; i < tr->ns; i++) {
		free(tr->s[i]->name);
		free(tr->s[i]->unit);
		free(tr->s[i]->better);
		kv_clear(&tr->s[i]->keys);
		free(tr->s[i]->pt);
		free(tr->s[i]->cp);
		free(tr->s[i]);
	}
	free(tr->s);
	strmap_free(&tr->index);
	strlist_free(&tr->keynames);
	free(tr->v);
}

/* ---- the command ---- */

static int
trend_option(struct trend *tr, int ch, const char *arg)
{
	double x;

	switch (ch) {
	case OPT_LAST:
		if (parse_long(arg, 1, LONG_MAX, &tr->last) == -1) {
			warnx("trend: --last %s: expected a number of runs >= 1",
			    arg);
			return -1;
		}
		return 1;
	case OPT_ORDERBY:
		if (*arg == '\0') {
			warnx("trend: --order-by needs a KEY: a run fact, or "
			    "label, benchmark, uuid, run");
			return -1;
		}
		/* The default order, named. */
		tr->order_by = strcmp(arg, "started") == 0 ? NULL : arg;
		return 1;
	case OPT_PVALUE:
		if (parse_double(arg, &x) == -1 || !(x > 0 && x < 1)) {
			warnx("trend: --pvalue %s: expected a p-value between 0 "
			    "and 1", arg);
			return -1;
		}
		tr->opts.pvalue = x;
		return 1;
	case OPT_SINCE:
		if (!iso_date(arg)) {
			warnx("trend: --since %s: expected an ISO 8601 date, "
			    "YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS] (UTC)", arg);
			return -1;
		}
		tr->since = arg;
		return 1;
	case OPT_THRESHOLD:
		if (parse_double(arg, &x) == -1 || x < 0) {
			warnx("trend: --threshold %s: expected a percentage >= 0",
			    arg);
			return -1;
		}
		tr->opts.threshold = x / 100;
		return 1;
	}
	return 0;
}

int
cmd_trend(int argc, char **argv, struct kbench_ctx *ctx)
{
	static const struct option longopts[] = {
		FILTER_LONGOPTS,
		{ "fail-on-regression", no_argument, NULL, OPT_FAIL },
		{ "format",	required_argument, NULL, OPT_FORMAT },
		{ "last",	required_argument, NULL, OPT_LAST },
		{ "order-by",	required_argument, NULL, OPT_ORDERBY },
		{ "pvalue",	required_argument, NULL, OPT_PVALUE },
		{ "since",	required_argument, NULL, OPT_SINCE },
		{ "threshold",	required_argument, NULL, OPT_THRESHOLD },
		{ NULL,		0,		   NULL, 0 }
	};
	static const struct trend_opts defaults = TREND_OPTS_INIT;
	struct trend tr;
	struct filter f;
	struct strbuf err = STRBUF_INIT;
	int ch, format = FMT_TEXT, fail_on_regression = 0, rc = KB_EXIT_USAGE;

	memset(&tr, 0, sizeof(tr));
	memset(&f, 0, sizeof(f));
	tr.opts = defaults;
	tr.store = ctx->db;
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:", longopts, NULL)) != -1) {
		switch (trend_option(&tr, ch, optarg)) {
		case 1:
			continue;
		case -1:
			goto out;
		}
		switch (ch) {
		case OPT_FAIL:
			fail_on_regression = 1;
			continue;
		case OPT_FORMAT:
			if ((format = parse_format(optarg)) < 0) {
				warnx("trend: --format '%s': expected text, csv, "
				    "json or markdown", optarg);
				goto out;
			}
			continue;
		}
		switch (filter_option(&f, ch, optarg, &err)) {
		case 1:
			continue;
		case -1:
			warnx("trend: %s", sb_str(&err));
			goto out;
		default:
			fputs(trend_help, stderr);
			goto out;
		}
	}
	if (optind < argc) {
		warnx("trend: unexpected argument '%s'", argv[optind]);
		goto out;
	}
	if ((rc = cmd_check_filter(ctx, &f, "trend")) != KB_EXIT_OK)
		goto out;
	rc = KB_EXIT_USAGE;	/* the errors that follow are usage errors */
	if (store_each_run(ctx->db, &f, take_run, &tr) == -1) {
		warnx("trend: %s", store_error(ctx->db));
		rc = KB_EXIT_DB;
		goto out;
	}
	if (tr.order_by != NULL && tr.nmissing > 0) {
		if (tr.nrun == 0) {
			warnx("trend: --order-by %s: no run in the selection has "
			    "it (a run fact, or label, benchmark, uuid, run)",
			    tr.order_by);
			goto out;
		}
		warnx("trend: --order-by %s: %zu run%s without it left out",
		    tr.order_by, tr.nmissing, plural(tr.nmissing, "s"));
	}
	order_runs(&tr);
	if (tr.nrun > 0 &&
	    store_each_series(ctx->db, &f, take_series, &tr) == -1) {
		warnx("trend: %s", store_error(ctx->db));
		rc = KB_EXIT_DB;
		goto out;
	}
	if (tr.ns == 0) {
		warnx("trend: no samples match the selection");
		goto out;
	}
	if (detect(&tr) == -1) {
		warnx("trend: out of memory");
		rc = KB_EXIT_IO;
		goto out;
	}
	switch (format) {
	case FMT_CSV:
		print_csv(stdout, &tr);
		break;
	case FMT_JSON:
		print_json(stdout, &tr);
		break;
	case FMT_MARKDOWN:
		print_table(stdout, &tr, 1);
		break;
	default:
		print_table(stdout, &tr, 0);
	}
	rc = KB_EXIT_OK;
	if (fail_on_regression && tr.nreg > 0)
		rc = KB_EXIT_REGRESSION;
out:
	trend_free(&tr);
	filter_free(&f);
	sb_free(&err);
	return rc;
}
