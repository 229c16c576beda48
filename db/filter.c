/*
 * filter.c: the shared selection options, and their SQL.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/filter.h"
#include "db/store_impl.h"

/* Values given to the filter options, all told. */
static size_t
filter_values(const struct filter *f)
{
	return f->labels.n + f->runs.n + f->benchmarks.n + f->where_values.n;
}

/* Is key a --where key already? */
static int
where_key_known(const struct filter *f, const char *key, size_t len)
{
	size_t i;

	for (i = 0; i < f->where_keys.n; i++)
		if (strlen(f->where_keys.v[i]) == len &&
		    strncmp(f->where_keys.v[i], key, len) == 0)
			return 1;
	return 0;
}

/* How many different --where keys. */
static size_t
where_distinct(const struct filter *f)
{
	size_t i, j, n = 0;

	for (i = 0; i < f->where_keys.n; i++) {
		for (j = 0; j < i; j++)
			if (strcmp(f->where_keys.v[j], f->where_keys.v[i]) == 0)
				break;
		n += j == i;
	}
	return n;
}

/* A key a conjunction's part may name: no blank, no '=' (a word). */
static int
key_word(const char *p, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (p[i] == ' ' || p[i] == '\t')
			return 0;
	return 1;
}

/*
 * spec cut at its commas, "\," left whole (a literal comma): the parts,
 * each with its "\," made ",", in parts.
 */
static void
split_commas(const char *spec, struct strlist *parts)
{
	struct strbuf part = STRBUF_INIT;
	const char *p;

	for (p = spec; ; p++) {
		if (*p == '\\' && p[1] == ',') {
			sb_add(&part, ",", 1);
			p++;
		} else if (*p == ',' || *p == '\0') {
			strlist_add(parts, sb_str(&part));
			sb_reset(&part);
			if (*p == '\0')
				break;
		} else
			sb_add(&part, p, 1);
	}
	sb_free(&part);
}

/*
 * A conjunction: two parts or more, each KEY=VALUE with KEY a word
 * ("console=ttyS0,115200 root=/dev/vda1" is one value: "115200 root"
 * is no key).
 */
static int
is_conjunction(const struct strlist *parts)
{
	const char *eq;
	size_t i;

	if (parts->n < 2)
		return 0;
	for (i = 0; i < parts->n; i++)
		if ((eq = strchr(parts->v[i], '=')) == NULL ||
		    !key_word(parts->v[i], (size_t)(eq - parts->v[i])))
			return 0;
	return 1;
}

void
filter_spec_parts(const char *spec, struct strlist *keys,
    struct strlist *values)
{
	struct strlist parts = { NULL, 0 }, whole = { NULL, 0 };
	const struct strlist *use;
	char *eq;
	size_t i;

	split_commas(spec, &parts);
	use = &parts;
	if (!is_conjunction(&parts)) {
		/* One KEY=VALUE, its commas (and "\," as ",") in the value. */
		struct strbuf one = STRBUF_INIT;

		for (i = 0; i < parts.n; i++)
			sb_addf(&one, "%s%s", i ? "," : "", parts.v[i]);
		strlist_add(&whole, sb_str(&one));
		sb_free(&one);
		use = &whole;
	}
	for (i = 0; i < use->n; i++) {
		if ((eq = strchr(use->v[i], '=')) == NULL || eq == use->v[i])
			continue;	/* a label or a run */
		*eq = '\0';
		strlist_add(keys, use->v[i]);
		strlist_add(values, eq + 1);
		*eq = '=';
	}
	strlist_free(&parts);
	strlist_free(&whole);
}

static void
add_escaped(struct strbuf *sb, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == ',')
			sb_add(sb, "\\", 1);
		sb_add(sb, s, 1);
	}
}

void
filter_part_text(struct strbuf *sb, const char *key, const char *value)
{
	add_escaped(sb, key);
	sb_add(sb, "=", 1);
	add_escaped(sb, value);
}

/*
 * Text to select by is UTF-8, as everything stored is: a value that is
 * not could match nothing, and one backend would refuse it (PostgreSQL),
 * so it is refused here, the same on every one.
 */
static int
filter_text_check(const char *opt, const char *text, struct strbuf *err)
{
	struct strbuf why = STRBUF_INIT;

	if (store_text_check(opt, text, &why) == 0)
		return 0;
	sb_adds(err, sb_str(&why));
	sb_free(&why);
	return -1;
}

/* One KEY=VALUE part of a selection, within the bounds. */
static int
where_add(struct filter *f, const char *key, const char *value,
    const char *opt, struct strbuf *err)
{
	if (filter_values(f) >= FILTER_MAX_VALUES) {
		sb_addf(err, "%smore than %d filter values (--label, --run, "
		    "-b, --where) in all", strcmp(opt, "--where") == 0 ? "" :
		    "--compare: with its sides' parts, ", FILTER_MAX_VALUES);
		return -1;
	}
	if (filter_text_check(opt, key, err) == -1 ||
	    filter_text_check(opt, value, err) == -1)
		return -1;
	if (!where_key_known(f, key, strlen(key)) &&
	    where_distinct(f) >= FILTER_MAX_KEYS) {
		sb_addf(err, "%s '%s=%s': more than %d different keys", opt, key,
		    value, FILTER_MAX_KEYS);
		return -1;
	}
	strlist_add(&f->where_keys, key);
	strlist_add(&f->where_values, value);
	return 0;
}

int
filter_add_spec(struct filter *f, const char *spec, const char *opt,
    struct strbuf *err)
{
	struct strlist keys = { NULL, 0 }, values = { NULL, 0 };
	size_t i;
	int rc = 0;

	filter_spec_parts(spec, &keys, &values);
	for (i = 0; i < keys.n && rc == 0; i++)
		rc = where_add(f, keys.v[i], values.v[i], opt, err);
	if (rc == 0)
		rc = (int)keys.n;
	strlist_free(&keys);
	strlist_free(&values);
	return rc;
}

int
filter_option(struct filter *f, int opt, const char *arg, struct strbuf *err)
{
	const char *eq;

	/*
	 * Bounds, so that the SQL stays within SQLite's limits (expression
	 * depth 1000, bound values): refused here as a usage error, not
	 * met there as a database one.
	 */
	if ((opt == FOPT_LABEL || opt == FOPT_RUN || opt == FOPT_BENCHMARK) &&
	    filter_values(f) >= FILTER_MAX_VALUES) {
		sb_addf(err, "more than %d filter values (--label, --run, -b, "
		    "--where) in all", FILTER_MAX_VALUES);
		return -1;
	}
	switch (opt) {
	case FOPT_LABEL:
		if (filter_text_check("--label", arg, err) == -1)
			return -1;
		strlist_add(&f->labels, arg);
		return 1;
	case FOPT_RUN:
		if (filter_text_check("--run", arg, err) == -1)
			return -1;
		if (*arg == '\0') {
			sb_addf(err, "--run: empty run id");
			return -1;
		}
		if (f->runs.n >= FILTER_MAX_RUNS) {
			sb_addf(err, "--run: more than %d runs", FILTER_MAX_RUNS);
			return -1;
		}
		strlist_add(&f->runs, arg);
		return 1;
	case FOPT_BENCHMARK:
		if (filter_text_check("-b", arg, err) == -1)
			return -1;
		strlist_add(&f->benchmarks, arg);
		return 1;
	case FOPT_INCOMPLETE:
		f->include_incomplete = 1;
		return 1;
	case FOPT_WHERE:
		eq = strchr(arg, '=');
		if (eq == NULL || eq == arg) {
			sb_addf(err, "--where '%s': expected KEY=VALUE", arg);
			return -1;
		}
		/* "method=nanosleep,usec=3000": both, as --compare reads it. */
		return filter_add_spec(f, arg, "--where", err) == -1 ? -1 : 1;
	}
	return 0;
}

void
filter_free(struct filter *f)
{
	strlist_free(&f->labels);
	strlist_free(&f->runs);
	strlist_free(&f->benchmarks);
	strlist_free(&f->where_keys);
	strlist_free(&f->where_values);
}

static void
strlist_copy(struct strlist *dst, const struct strlist *src)
{
	size_t i;

	memset(dst, 0, sizeof(*dst));
	for (i = 0; i < src->n; i++)
		strlist_add(dst, src->v[i]);
}

void
filter_copy(struct filter *dst, const struct filter *src)
{
	strlist_copy(&dst->labels, &src->labels);
	strlist_copy(&dst->runs, &src->runs);
	strlist_copy(&dst->benchmarks, &src->benchmarks);
	strlist_copy(&dst->where_keys, &src->where_keys);
	strlist_copy(&dst->where_values, &src->where_values);
	dst->include_incomplete = src->include_incomplete;
}

/* " IN (?, ?, ?)" for n values. */
static void
add_in(struct strbuf *sql, size_t n)
{
	size_t i;

	sb_adds(sql, " IN (");
	for (i = 0; i < n; i++)
		sb_adds(sql, i ? ", ?" : "?");
	sb_adds(sql, ")");
}

static void
add_list(struct strbuf *sql, struct strlist *binds, const char *column,
    const struct strlist *values)
{
	size_t i;

	if (values->n == 0)
		return;
	sb_addf(sql, " AND %s", column);
	add_in(sql, values->n);
	for (i = 0; i < values->n; i++)
		strlist_add(binds, values->v[i]);
}

/* The run table's own columns that --where may name. */
static const char *
run_column(const char *key)
{
	static const char *const cols[][2] = {
		{ "benchmark", "r.benchmark" },
		{ "label", "r.label" },
		{ "status", "r.status" },
		{ "uuid", "r.uuid" },
	};
	size_t i;

	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++)
		if (strcmp(key, cols[i][0]) == 0)
			return cols[i][1];
	return NULL;
}

/* One --where key with all the values given for it. */
static void
add_where_key(struct strbuf *sql, struct strlist *binds, int series_level,
    const struct filter *f, const char *key)
{
	const char *col = run_column(key);
	size_t i, n = 0, pass;

	for (i = 0; i < f->where_keys.n; i++)
		if (strcmp(f->where_keys.v[i], key) == 0)
			n++;
	if (col != NULL) {
		sb_addf(sql, " AND %s", col);
		add_in(sql, n);
	} else {
		sb_adds(sql, " AND (EXISTS (SELECT 1 FROM run_fact f"
		    " WHERE f.run_id = r.id AND f.key = ? AND f.value");
		add_in(sql, n);
		if (series_level)
			sb_adds(sql, ") OR EXISTS (SELECT 1 FROM series_key k"
			    " WHERE k.series_id = s.id AND k.key = ? AND k.value");
		else
			sb_adds(sql, ") OR EXISTS (SELECT 1 FROM series s2"
			    " JOIN series_key k ON k.series_id = s2.id"
			    " WHERE s2.run_id = r.id AND k.key = ? AND k.value");
		add_in(sql, n);
		sb_adds(sql, "))");
	}
	/* Values in the order of the placeholders: once, or twice (fact, key). */
	for (pass = 0; pass < (col != NULL ? 1u : 2u); pass++) {
		if (col == NULL)
			strlist_add(binds, key);
		for (i = 0; i < f->where_keys.n; i++)
			if (strcmp(f->where_keys.v[i], key) == 0)
				strlist_add(binds, f->where_values.v[i]);
	}
}

/*
 * One --run: an id (digits, leading zeros or not), a whole uuid, or a
 * uuid prefix of 8 or more characters; the same on every backend, and
 * each term one an index answers (the range, before the prefix's exact
 * test: a stage of 100,000 runs is copied a run at a time).
 */
static void
add_run_match(struct strbuf *sql, struct strlist *binds,
    enum filter_dialect dialect, const char *arg)
{
	struct strbuf hi = STRBUF_INIT;
	char id[24];
	size_t n = strlen(arg);

	sb_adds(sql, "(r.uuid = ?");
	strlist_add(binds, arg);
	if (n > 0 && n <= 18 && strspn(arg, "0123456789") == n) {
		snprintf(id, sizeof(id), "%lld", strtoll(arg, NULL, 10));
		sb_adds(sql, dialect == FILTER_PG ?
		    " OR r.id = CAST(? AS bigint)" : " OR r.id = ?");
		strlist_add(binds, id);
	}
	if (n >= 8) {
		/* Every uuid character is below 0x7f: [p, p"\x7f") holds p*. */
		sb_adds(&hi, arg);
		sb_add(&hi, "\x7f", 1);
		sb_addf(sql, " OR (r.uuid >= ? AND r.uuid < ? AND"
		    " substr(r.uuid, 1, %zu) = ?)", n);
		strlist_add(binds, arg);
		strlist_add(binds, sb_str(&hi));
		strlist_add(binds, arg);
	}
	sb_adds(sql, ")");
	sb_free(&hi);
}

void
filter_sql(const struct filter *f, int series_level,
    enum filter_dialect dialect, struct strbuf *sql, struct strlist *binds)
{
	size_t i, j;

	if (!f->include_incomplete)
		sb_adds(sql, " AND r.status = 'complete'");
	add_list(sql, binds, "r.label", &f->labels);
	add_list(sql, binds, "r.benchmark", &f->benchmarks);
	if (f->runs.n > 0) {
		sb_adds(sql, " AND (");
		for (i = 0; i < f->runs.n; i++) {
			if (i > 0)
				sb_adds(sql, " OR ");
			add_run_match(sql, binds, dialect, f->runs.v[i]);
		}
		sb_adds(sql, ")");
	}
	for (i = 0; i < f->where_keys.n; i++) {
		/* Each distinct key once, at its first occurrence. */
		for (j = 0; j < i; j++)
			if (strcmp(f->where_keys.v[j], f->where_keys.v[i]) == 0)
				break;
		if (j == i)
			add_where_key(sql, binds, series_level, f,
			    f->where_keys.v[i]);
	}
}
