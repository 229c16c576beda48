/*
 * format_data.c: kbench analyze for programs: CSV (one row per group or
 * comparison, every number at full precision) and JSON (documented in
 * docs/statistics.md; "schema_version" changes when a field does).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db/csvio.h"
#include "lib/json.h"
#include "analyze/analysis.h"
#include "analyze/format.h"

static void
csv_keys(FILE *out, const struct analysis *an, const struct group *g)
{
	const char *v;
	size_t i;

	csv_put_field(out, g->series);
	for (i = 0; i < an->keynames.n; i++) {
		putc(',', out);
		v = kv_get(&g->keys, an->keynames.v[i]);
		csv_put_field(out, v != NULL ? v : "");
	}
}

static void
csv_key_header(FILE *out, const struct analysis *an)
{
	struct strbuf name = STRBUF_INIT;
	size_t i;

	fputs("series", out);
	for (i = 0; i < an->keynames.n; i++) {
		putc(',', out);
		csv_put_field(out, report_key_column(an, i, &name));
	}
	sb_free(&name);
}

static void
csv_ci(FILE *out, const struct stats_ci *ci, int err)
{
	csv_put_num(out, err == STATS_OK ? ci->lo : NAN);
	csv_put_num(out, err == STATS_OK ? ci->hi : NAN);
}

static void
csv_warn(FILE *out, const struct group *g, double level)
{
	struct strbuf w = STRBUF_INIT;

	report_warnings(g, level, &w);
	putc(',', out);
	csv_put_field(out, sb_str(&w));
	sb_free(&w);
}

static void json_strlist(FILE *out, const struct strlist *l);

/* [{"fact":..,"a":[..],"b":[..]}...]: the facts the sides differ in. */
static void
json_sides_facts(FILE *out, const struct analysis *an)
{
	size_t i;

	putc('[', out);
	for (i = 0; i < an->pooled.nsides; i++) {
		fputs(i ? ",{\"fact\":" : "{\"fact\":", out);
		json_string(out, an->pooled.sides[i].key);
		fputs(",\"a\":", out);
		json_strlist(out, &an->pooled.sides[i].a);
		fputs(",\"b\":", out);
		json_strlist(out, &an->pooled.sides[i].b);
		putc('}', out);
	}
	putc(']', out);
}

/*
 * The same as a CSV field: JSON text (a value may hold commas, "vs"
 * and semicolons; JSON says where each ends), as the JSON output has it.
 */
static void
csv_sides_facts(const struct analysis *an, struct strbuf *out)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem;

	if ((mem = open_memstream(&text, &len)) == NULL)
		return;
	json_sides_facts(mem, an);
	if (fclose(mem) == 0)
		sb_add(out, text, len);
	free(text);
}

/* One row of a comparison's CSV; sides is the sides_facts field. */
static void
csv_compare_row(FILE *out, const struct analysis *an,
    const struct comparison *c, const struct compare_opts *o,
    const char *sides)
{
	struct strbuf w = STRBUF_INIT;

	csv_keys(out, an, c->a);
	putc(',', out);
	csv_put_field(out, c->a->unit);
	fprintf(out, ",%s,%zu,%zu", c->a->better, c->a->n, c->b->n);
	csv_put_num(out, c->center_a);
	csv_put_num(out, c->center_b);
	fprintf(out, ",%s,", c->scale == SCALE_RATIO ? "ratio" : "shift");
	csv_put_field(out, estimator_name(c));
	csv_put_num(out, c->change.est);
	csv_ci(out, &c->change, c->change_err);
	csv_put_num(out, an->ci_level);
	csv_put_num(out, c->change_err == STATS_OK ? c->change.level : NAN);
	fprintf(out, ",%s", c->open < 0 ? "lo" : c->open > 0 ? "hi" : "");
	csv_put_num(out, c->centers_change);
	csv_put_num(out, c->p);
	csv_put_num(out, c->p_adj);
	fprintf(out, ",%s,", verdict_name(c->verdict));
	if (c->power_n > 0)
		fprintf(out, "%zu", c->power_n);
	compare_note_text(c, o, an->ci_level, &w);
	putc(',', out);
	csv_put_field(out, sb_str(&w));
	csv_warn(out, c->a, an->level);
	csv_warn(out, c->b, an->level);
	fprintf(out, ",%s,%zu,%zu,%s,%s,%s,%zu,%zu,%zu", unit_name(c->unit),
	    c->nu_a, c->nu_b, c->paired ? "true" : "false",
	    between_name(c->between), c->method->name, c->runs_a, c->runs_b,
	    c->floor.runs);
	csv_put_num(out, c->floor.runs >= 2 ? c->floor.sd_pct : NAN);
	fprintf(out, ",%s,", c->floor.used ? "true" : "false");
	csv_put_field(out, sides);
	if (an->sequential)
		seq_csv_cells(out, c);
	putc('\n', out);
	sb_free(&w);
}

/* The summary CSV's columns after the keys and the by column. */
#define SUMMARY_COLUMNS ",unit,better,runs,n,min,max,mean,mean_lo,mean_hi," \
	"median,median_lo,median_hi,stddev,cv,p1,p5,p25,p75,p90,p95,p99," \
	"p99.9,outliers_low,outliers_high,bimodality,warnings"

/* Is name one of SUMMARY_COLUMNS, or "series", or a key's "key."? */
static int
in_columns(const char *name)
{
	const char *p = SUMMARY_COLUMNS, *end;
	size_t n = strlen(name);

	if (strcmp(name, "series") == 0 || strncmp(name, "key.", 4) == 0 ||
	    strncmp(name, "by.", 3) == 0)
		return 1;
	/* Column by column: each after its comma. */
	for (; *p == ','; p = end) {
		end = strchr(p + 1, ',');
		if (end == NULL)
			end = p + strlen(p);
		if ((size_t)(end - p - 1) == n && strncmp(p + 1, name, n) == 0)
			return 1;
	}
	return 0;
}

void
report_csv(FILE *out, const struct analysis *an)
{
	const struct group *g;
	struct compare_opts o;
	struct strbuf sides = STRBUF_INIT;
	size_t i;

	csv_key_header(out, an);
	if (an->compare) {
		fputs(",unit,better,n_a,n_b,center_a,center_b,scale,estimator,"
		    "change,change_lo,change_hi,interval_level,interval_coverage,"
		    "interval_open,centers_change,p,p_adjusted,verdict,power_n,"
		    "notes,warnings_a,warnings_b,evidence_unit,n_units_a,"
		    "n_units_b,paired,between_runs,test_method,runs_a,runs_b,"
		    "noise_floor_runs,noise_floor_pct,noise_floor_used,"
		    "sides_facts", out);
		if (an->sequential)
			seq_csv_header(out);
		putc('\n', out);
		csv_sides_facts(an, &sides);
		o = analysis_compare_opts(an);
		for (i = 0; i < an->ncmp; i++)
			csv_compare_row(out, an, &an->cmp[i], &o, sb_str(&sides));
		sb_free(&sides);
		return;
	}
	fputs(",", out);
	/* A by key named like a column (a series key "unit"): by.unit. */
	if (in_columns(an->by))
		fputs("by.", out);
	csv_put_field(out, an->by);
	fputs(SUMMARY_COLUMNS "\n", out);
	for (i = 0; i < an->gs.n; i++) {
		g = an->gs.g[i];
		csv_keys(out, an, g);
		putc(',', out);
		csv_put_field(out, g->by);
		putc(',', out);
		csv_put_field(out, g->unit);
		fprintf(out, ",%s,%zu,%zu", g->better, g->nruns, g->n);
		csv_put_num(out, g->sum.d.min);
		csv_put_num(out, g->sum.d.max);
		csv_put_num(out, g->sum.d.mean);
		csv_ci(out, &g->sum.mean, g->sum.mean_err);
		csv_put_num(out, g->sum.d.median);
		csv_ci(out, &g->sum.median, g->sum.median_err);
		csv_put_num(out, g->sum.d.stddev);
		csv_put_num(out, g->sum.d.cv);
		csv_put_num(out, g->sum.d.p1);
		csv_put_num(out, g->sum.d.p5);
		csv_put_num(out, g->sum.d.p25);
		csv_put_num(out, g->sum.d.p75);
		csv_put_num(out, g->sum.d.p90);
		csv_put_num(out, g->sum.d.p95);
		csv_put_num(out, g->sum.d.p99);
		csv_put_num(out, g->sum.d.p999);
		fprintf(out, ",%zu,%zu", g->sum.fences.nlow, g->sum.fences.nhigh);
		csv_put_num(out, g->sum.shape.bc);
		csv_warn(out, g, an->level);
		putc('\n', out);
	}
}

/*
 * ,"name":{"lo":..,"hi":..,"level":..} or null: an interval whose bounds
 * are not finite numbers is no interval (JSON has no infinity).
 */
static void
json_interval(FILE *out, const char *name, const struct stats_ci *ci, int err)
{
	char lo[40], hi[40], lv[40];

	fprintf(out, ",\"%s\":", name);
	if (err != STATS_OK || !isfinite(ci->lo) || !isfinite(ci->hi))
		fputs("null", out);
	else
		fprintf(out, "{\"lo\":%s,\"hi\":%s,\"level\":%s}",
		    json_numtext(lo, sizeof(lo), ci->lo),
		    json_numtext(hi, sizeof(hi), ci->hi),
		    json_numtext(lv, sizeof(lv), ci->level));
}

static void
json_group(FILE *out, const struct group *g, double level)
{
	struct strbuf w = STRBUF_INIT;
	char buf[40];

	fputs("{\"series\":", out);
	json_string(out, g->series);
	fputs(",\"keys\":", out);
	json_kv_object(out, &g->keys);
	fputs(",\"by\":", out);
	json_string(out, g->by);
	fputs(",\"unit\":", out);
	json_string(out, g->unit);
	fprintf(out, ",\"better\":\"%s\",\"runs\":%zu,\"n\":%zu", g->better,
	    g->nruns, g->n);
	json_num(out, "min", g->sum.d.min);
	json_num(out, "max", g->sum.d.max);
	json_num(out, "mean", g->sum.d.mean);
	json_interval(out, "mean_ci", &g->sum.mean, g->sum.mean_err);
	json_num(out, "median", g->sum.d.median);
	json_interval(out, "median_ci", &g->sum.median, g->sum.median_err);
	json_num(out, "stddev", g->sum.d.stddev);
	json_num(out, "cv", g->sum.d.cv);
	fprintf(out, ",\"percentiles\":{\"p1\":%s",
	    json_numtext(buf, sizeof(buf), g->sum.d.p1));
	json_num(out, "p5", g->sum.d.p5);
	json_num(out, "p25", g->sum.d.p25);
	json_num(out, "p75", g->sum.d.p75);
	json_num(out, "p90", g->sum.d.p90);
	json_num(out, "p95", g->sum.d.p95);
	json_num(out, "p99", g->sum.d.p99);
	json_num(out, "p99.9", g->sum.d.p999);
	fprintf(out, "},\"outliers\":{\"low\":%zu,\"high\":%zu}",
	    g->sum.fences.nlow, g->sum.fences.nhigh);
	json_num(out, "bimodality", g->sum.shape.bc);
	report_warnings(g, level, &w);
	fputs(",\"warnings\":", out);
	json_string(out, sb_str(&w));
	putc('}', out);
	sb_free(&w);
}

/* ["a","b"] */
static void
json_strlist(FILE *out, const struct strlist *l)
{
	size_t i;

	putc('[', out);
	for (i = 0; i < l->n; i++) {
		if (i)
			putc(',', out);
		json_string(out, l->v[i]);
	}
	putc(']', out);
}

/* ,"pooling":[{"pool":..,"fact":..,"runs":..,"values":[..]}...] */
static void
json_pooling(FILE *out, const struct analysis *an)
{
	const struct pooled_fact *pf;
	size_t i;

	fputs(",\"pooling\":[", out);
	for (i = 0; i < an->pooled.n; i++) {
		pf = &an->pooled.f[i];
		fputs(i ? ",{\"pool\":" : "{\"pool\":", out);
		json_string(out, pf->pool);
		json_str(out, "fact", pf->key);
		fprintf(out, ",\"runs\":%zu,\"values\":", pf->nruns);
		json_strlist(out, &pf->values);
		putc('}', out);
	}
	fputs("],\"load\":[", out);
	for (i = 0; i < an->pooled.load.n; i++) {
		if (i)
			putc(',', out);
		json_string(out, an->pooled.load.v[i]);
	}
	fputs("],\"sides_facts\":", out);
	json_sides_facts(out, an);
}

/*
 * ,"method":..,"unit":..,"n_units":[A,B],"paired":..,"between_runs":..,
 * "runs":[A,B],"noise_floor":null|{"runs":N,"sd_pct":X,"used":B}
 */
static void
json_unit(FILE *out, const struct comparison *c)
{
	json_str(out, "method", c->method->name);
	json_str(out, "unit", unit_name(c->unit));
	fprintf(out, ",\"n_units\":[%zu,%zu],\"paired\":%s", c->nu_a, c->nu_b,
	    c->paired ? "true" : "false");
	json_str(out, "between_runs", between_name(c->between));
	fprintf(out, ",\"runs\":[%zu,%zu]", c->runs_a, c->runs_b);
	if (c->paired)
		fprintf(out, ",\"unpaired_rounds\":%zu", c->unpaired);
	if (c->floor.runs == 0) {
		fputs(",\"noise_floor\":null", out);
		return;
	}
	fprintf(out, ",\"noise_floor\":{\"runs\":%zu", c->floor.runs);
	json_num(out, "sd_pct", c->floor.runs >= 2 ? c->floor.sd_pct : NAN);
	/* A difference's floor is in the unit: a percent of ~0 says nothing. */
	json_num(out, "sd", c->floor.runs >= 2 && c->scale == SCALE_SHIFT ?
	    sqrt(c->floor.var) : NAN);
	fprintf(out, ",\"used\":%s}", c->floor.used ? "true" : "false");
}

void
report_json(FILE *out, const struct analysis *an)
{
	const struct comparison *c;
	struct compare_opts o = analysis_compare_opts(an);
	struct strbuf w = STRBUF_INIT;
	char buf[40];
	size_t i;

	fprintf(out, "{\"schema_version\":%d,\"kind\":\"%s\",\"level\":%s",
	    REPORT_JSON_SCHEMA, an->compare ? "compare" : "summary",
	    json_numtext(buf, sizeof(buf), an->level));
	if (!an->compare) {
		fputs(",\"by\":", out);
		json_string(out, an->by);
		json_pooling(out, an);
		fputs(",\"groups\":[", out);
		for (i = 0; i < an->gs.n; i++) {
			fputs(i ? ",\n" : "\n", out);
			json_group(out, an->gs.g[i], an->level);
		}
		fputs("]}\n", out);
		return;
	}
	fputs(",\"baseline\":", out);
	json_string(out, an->name_a);
	fputs(",\"new\":", out);
	json_string(out, an->name_b);
	fprintf(out, ",\"test\":\"%s\",\"center\":\"%s\",\"holm\":%s",
	    an->test == TEST_U ? "u" : an->test == TEST_WELCH ? "welch" :
	    "student", an->ncmp > 0 ? an->cmp[0].method->centre : "median",
	    an->adjust && an->ncmp > 1 ? "true" : "false");
	fprintf(out, ",\"unit_asked\":\"%s\",\"noise_floor\":\"%s\"",
	    an->unit == UNIT_ASK_SAMPLE ? "sample" : an->unit == UNIT_ASK_ROUND ?
	    "round" : an->unit == UNIT_ASK_RUN ? "run" : "auto",
	    an->noise_floor ? "auto" : "off");
	json_num(out, "threshold_pct", an->threshold);
	fprintf(out, ",\"tested\":%zu", an->ntested);
	json_num(out, "interval_level", an->ci_level);
	fputs(",\"sides_differ_in\":[", out);
	for (i = 0; i < an->sidekeys.n; i++) {
		if (i)
			putc(',', out);
		json_string(out, an->sidekeys.v[i]);
	}
	fputs("]", out);
	fputs(",\"verdict_rule\":\"the interval excludes 0 (an end at 0 that "
	    "change_ci_open names excludes it), p_adjusted < 1 - level/100, "
	    "and the change is at least threshold_pct\"", out);
	json_pooling(out, an);
	fprintf(out, ",\"summary\":{\"improved\":%zu,\"regressed\":%zu,"
	    "\"unchanged\":%zu,\"untested\":%zu", an->count[VERDICT_IMPROVED],
	    an->count[VERDICT_REGRESSED], an->count[VERDICT_SAME],
	    an->count[VERDICT_UNTESTED]);
	json_num(out, "geomean_ratio", an->geomean);
	fputs("},\"comparisons\":[", out);
	for (i = 0; i < an->ncmp; i++) {
		c = &an->cmp[i];
		fputs(i ? ",\n" : "\n", out);
		fprintf(out, "{\"verdict\":\"%s\"", verdict_name(c->verdict));
		json_num(out, "center_a", c->center_a);
		json_num(out, "center_b", c->center_b);
		fprintf(out, ",\"scale\":\"%s\"", c->scale == SCALE_RATIO ?
		    "ratio" : "shift");
		json_str(out, "estimator", estimator_name(c));
		json_num(out, "change", c->change.est);
		json_interval(out, "change_ci", &c->change, c->change_err);
		if (c->open != 0)
			fprintf(out, ",\"change_ci_open\":\"%s\"", c->open < 0 ?
			    "lo" : "hi");
		else
			fputs(",\"change_ci_open\":null", out);
		json_unit(out, c);
		json_num(out, "centers_change", c->centers_change);
		sb_reset(&w);
		compare_note_text(c, &o, an->ci_level, &w);
		json_str(out, "notes", sb_str(&w));
		json_num(out, "p", c->p);
		json_num(out, "p_adjusted", c->p_adj);
		if (c->power_n > 0)
			fprintf(out, ",\"power_n\":%zu", c->power_n);
		else
			fputs(",\"power_n\":null", out);
		if (an->sequential)
			seq_json(out, c);
		fputs(",\"a\":", out);
		json_group(out, c->a, an->level);
		fputs(",\"b\":", out);
		json_group(out, c->b, an->level);
		putc('}', out);
	}
	fputs("]}\n", out);
	sb_free(&w);
}
