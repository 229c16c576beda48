/*
 * test_store.c: the store API: schema and migrations, runs, facts,
 * series identity, samples, transactions and filtered reads.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "check.h"
#include "db/filter.h"
#include "db/schema.h"
#include "db/store.h"
#ifdef KBENCH_PG
#include "db/pg_lib.h"
#endif

static char dir[] = "/tmp/kbench-test-store.XXXXXX";

static const char *
path_in_dir(const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s/%s", dir, name);
	return buf;
}

static int
sql_int(const char *path, const char *q)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	int v = -1;

	if (sqlite3_open(path, &db) != SQLITE_OK)
		return -1;
	if (sqlite3_prepare_v2(db, q, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			v = sqlite3_column_int(st, 0);
		sqlite3_finalize(st);
	}
	sqlite3_close(db);
	return v;
}

static struct store *
open_new(const char *name)
{
	struct strbuf err = STRBUF_INIT;
	struct store *s;
	int why;

	s = store_open(path_in_dir(name), STORE_CREATE, &err, &why);
	if (s == NULL)
		printf("# open: %s\n", sb_str(&err));
	sb_free(&err);
	return s;
}

static void
test_schema(void)
{
	struct strbuf err = STRBUF_INIT;
	struct store *s;
	const char *p;
	int why;

	s = open_new("schema.db");
	CHECK(s != NULL);
	store_close(s);
	p = path_in_dir("schema.db");
	CHECK(sql_int(p, "PRAGMA user_version") == schema_version());
	CHECK(sql_int(p, "PRAGMA application_id") == SCHEMA_APPLICATION_ID);
	CHECK(sql_int(p, "SELECT count(*) FROM sqlite_schema WHERE name = 'sample'") == 1);
	/* journal_mode is persistent in WAL mode. */
	CHECK(sql_int(p, "SELECT journal_mode = 'wal' FROM pragma_journal_mode") == 1);

	/* Missing without STORE_CREATE. */
	s = store_open(path_in_dir("missing.db"), 0, &err, &why);
	CHECK(s == NULL && why == STORE_ENOENT);
	CHECK(access(path_in_dir("missing.db"), F_OK) == -1);

	/* From the future. */
	sb_reset(&err);
	sql_int(p, "PRAGMA user_version = 77");
	s = store_open(p, 0, &err, &why);
	CHECK(s == NULL && why == 0);
	CHECK(strstr(sb_str(&err), "schema version 77 is newer") != NULL);
	sb_free(&err);
}

/* Run SQL on a database file directly; 0 on success. */
static int
sql_exec(const char *path, const char *q)
{
	sqlite3 *db;
	int rc;

	if (sqlite3_open(path, &db) != SQLITE_OK)
		return -1;
	rc = sqlite3_exec(db, q, NULL, NULL, NULL);
	sqlite3_close(db);
	return rc == SQLITE_OK ? 0 : -1;
}

/*
 * A database of schema 1 (as kbench 0.1 wrote it, from migration 0 of
 * schema.c) with one run: opened read-write, it is migrated to the
 * current schema and keeps its run; opened read-only, it is refused by
 * name rather than misread.
 */
static void
test_migration(void)
{
	struct strbuf err = STRBUF_INIT;
	struct store *s;
	const char *p = path_in_dir("v1.db");
	char setup[128];
	int why;

	CHECK(sql_exec(p, schema_migration(0)) == 0);
	snprintf(setup, sizeof(setup), "PRAGMA user_version = 1;"
	    "PRAGMA application_id = %d;", SCHEMA_APPLICATION_ID);
	CHECK(sql_exec(p, setup) == 0);
	CHECK(sql_exec(p, "INSERT INTO run (uuid, label, benchmark, status,"
	    " started_at) VALUES ('u1', 'old', 'sleep', 'complete',"
	    " '2026-01-01T00:00:00Z')") == 0);
	s = store_open(p, STORE_READONLY, &err, &why);
	CHECK(s == NULL);
	CHECK(strstr(sb_str(&err), "schema version 1 needs migrating to") != NULL);
	sb_reset(&err);
	s = store_open(p, 0, &err, &why);
	CHECK(s != NULL);
	store_close(s);
	CHECK(sql_int(p, "PRAGMA user_version") == schema_version());
	CHECK(schema_version() >= 2);
	CHECK(sql_int(p, "SELECT count(*) FROM sqlite_schema WHERE name IN"
	    " ('series_summary', 'nightly')") == 2);
	CHECK(sql_int(p, "SELECT count(*) FROM run WHERE label = 'old'") == 1);
	sb_free(&err);
}

/*
 * A database of schema 2, its nightly log holding one night: migrated,
 * the night keeps its id and fields, and a locked-out or refused
 * nightly (schema 3) can be logged.
 */
static void
test_migration_nightly(void)
{
	struct strbuf err = STRBUF_INIT;
	struct store *s;
	const char *p = path_in_dir("v2.db");
	char setup[128];
	int why;

	CHECK(sql_exec(p, schema_migration(0)) == 0);
	CHECK(sql_exec(p, schema_migration(1)) == 0);
	snprintf(setup, sizeof(setup), "PRAGMA user_version = 2;"
	    "PRAGMA application_id = %d;", SCHEMA_APPLICATION_ID);
	CHECK(sql_exec(p, setup) == 0);
	CHECK(sql_exec(p, "INSERT INTO nightly (id, name, label, config, host,"
	    " pid, started_at, ended_at, status, collections, failed, trend)"
	    " VALUES (7, 'lab', 'nightly-2026-01-01', '/etc/k.conf', 'h', 42,"
	    " '2026-01-01T02:30:00Z', '2026-01-01T03:00:00Z', 'regression',"
	    " 2, 1, 1)") == 0);
	CHECK(sql_exec(p, "INSERT INTO nightly (name, label, config, host, pid,"
	    " started_at, status) VALUES ('lab', 'x', 'c', 'h', 1, 't',"
	    " 'locked-out')") == -1);
	s = store_open(p, 0, &err, &why);
	CHECK(s != NULL);
	store_close(s);
	CHECK(schema_version() >= 3);
	CHECK(sql_int(p, "SELECT count(*) FROM nightly WHERE id = 7 AND"
	    " name = 'lab' AND label = 'nightly-2026-01-01' AND config ="
	    " '/etc/k.conf' AND host = 'h' AND pid = 42 AND started_at ="
	    " '2026-01-01T02:30:00Z' AND ended_at = '2026-01-01T03:00:00Z' AND"
	    " status = 'regression' AND collections = 2 AND failed = 1 AND"
	    " trend = 1") == 1);
	CHECK(sql_int(p, "SELECT count(*) FROM nightly") == 1);
	CHECK(sql_exec(p, "INSERT INTO nightly (name, label, config, host, pid,"
	    " started_at, status) VALUES ('lab', 'x', 'c', 'h', 1, 't',"
	    " 'locked-out'), ('lab', 'x', 'c', 'h', 1, 't', 'refused')") == 0);
	CHECK(sql_int(p, "SELECT max(id) FROM nightly") == 9);
	sb_free(&err);
}

static int
collect_rounds(const struct sample_row *row, void *arg)
{
	struct strbuf *sb = arg;

	sb_addf(sb, "%lld@%lld;", (long long)row->seq, (long long)row->round);
	return 0;
}

/*
 * A database of schema 3 (before rounds), a series of two samples in it:
 * migrated, its samples have no round (NULL, read as STORE_NO_ROUND by
 * every reader), and a sample added with a round reads back with it.
 */
static void
test_migration_rounds(void)
{
	struct strbuf err = STRBUF_INIT, got = STRBUF_INIT;
	struct sample_buf b;
	struct filter f;
	struct store *s;
	const char *p = path_in_dir("v3.db");
	char setup[128];
	double *v = NULL;
	struct round_spans rs = { NULL, 0, 0 };
	size_t n = 0, cap = 0;
	int i, why;

	for (i = 0; i < 3; i++)
		CHECK(sql_exec(p, schema_migration(i)) == 0);
	snprintf(setup, sizeof(setup), "PRAGMA user_version = 3;"
	    "PRAGMA application_id = %d;", SCHEMA_APPLICATION_ID);
	CHECK(sql_exec(p, setup) == 0);
	CHECK(sql_exec(p, "INSERT INTO sample (series_id, seq, round, value)"
	    " VALUES (1, 0, 1, 1.0)") == -1);	/* no such column yet */
	CHECK(sql_exec(p, "INSERT INTO run (id, uuid, label, benchmark, status,"
	    " started_at) VALUES (1, 'u3', 'old', 'sleep', 'complete',"
	    " '2026-01-01T00:00:00Z');"
	    "INSERT INTO series (id, run_id, name, unit, better) VALUES"
	    " (1, 1, 'm=x', 'us', 'lower');"
	    "INSERT INTO series_key VALUES (1, 'm', 'x');"
	    "INSERT INTO sample (series_id, seq, value) VALUES (1, 0, 1.5),"
	    " (1, 1, 2.5)") == 0);
	s = store_open(p, 0, &err, &why);
	CHECK(s != NULL);
	if (s == NULL)
		goto out;
	CHECK(sql_int(p, "PRAGMA user_version") == schema_version());
	CHECK(schema_version() >= 4);
	CHECK(sql_int(p, "SELECT count(*) FROM sample WHERE round IS NULL") == 2);
	CHECK(store_series_rounds(s, 1, &v, &n, &cap, &rs) == 0);
	CHECK(n == 2 && v[0] == 1.5 && v[1] == 2.5);
	CHECK(rs.n == 1 && rs.v[0].round == STORE_NO_ROUND && rs.v[0].n == 2);
	memset(&b, 0, sizeof(b));
	CHECK(store_series_samples(s, 1, &b) == 0);
	CHECK(b.n == 2 && b.seq[1] == 1 && b.round[0] == STORE_NO_ROUND &&
	    b.round[1] == STORE_NO_ROUND);

	/* A new sample with a round, another without, and the largest. */
	CHECK(store_begin(s) == 0);
	CHECK(store_sample_add(s, 1, 2, 7, 3.5, 0) == 0);
	CHECK(store_sample_add(s, 1, 3, STORE_NO_ROUND, 4.5, 0) == 0);
	CHECK(store_sample_add(s, 1, 4, STORE_ROUND_MAX, 5.5, 0) == 0);
	CHECK(store_commit(s) == 0);
	n = 0;
	CHECK(store_series_rounds(s, 1, &v, &n, &cap, &rs) == 0);
	CHECK(n == 5 && v[2] == 3.5);
	/* Spans: (none) x2, 7, (none), the largest. */
	CHECK(rs.n == 4 && rs.v[0].n == 2 && rs.v[1].round == 7 &&
	    rs.v[1].n == 1 && rs.v[2].round == STORE_NO_ROUND &&
	    rs.v[3].round == STORE_ROUND_MAX && rs.v[3].n == 1);
	b.n = 0;
	CHECK(store_series_samples(s, 1, &b) == 0);
	CHECK(b.n == 5 && b.seq[2] == 2 && b.round[2] == 7 && b.v[2] == 3.5);
	memset(&f, 0, sizeof(f));
	CHECK(store_each_sample(s, &f, collect_rounds, &got) == 0);
	CHECK_STR(sb_str(&got), "0@-1;1@-1;2@7;3@-1;4@9007199254740991;");
	CHECK(sql_int(p, "SELECT count(*) FROM sample WHERE round IS NULL") == 3);
	sample_buf_free(&b);
	store_close(s);
out:
	free(v);
	free(rs.v);
	sb_free(&got);
	sb_free(&err);
}

static int
count_sample(const struct sample_row *row, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

static int
collect_names(const struct sample_row *row, void *arg)
{
	struct strbuf *sb = arg;

	sb_addf(sb, "%s/%s/%lld=%g;", row->run->info.label, row->series_name,
	    (long long)row->seq, row->value);
	return 0;
}

/* Stop after *arg rows, with -1 (an error) or STORE_STOP. */
struct stopper {
	int	after, seen, how;
};

static int
stop_after(const struct sample_row *row, void *arg)
{
	struct stopper *st = arg;

	return ++st->seen == st->after ? st->how : 0;
}

static int
series_stop_after(const struct series_row *row, void *arg)
{
	struct stopper *st = arg;

	return ++st->seen == st->after ? st->how : 0;
}

static int
run_stop_after(const struct run_row *row, void *arg)
{
	struct stopper *st = arg;

	return ++st->seen == st->after ? st->how : 0;
}

static void
make_run(struct store *s, const char *label, const char *status,
    const char *hz, int64_t *run_id)
{
	struct run_info ri;

	memset(&ri, 0, sizeof(ri));
	ri.label = label;
	ri.benchmark = "sleep";
	ri.status = status;
	CHECK(store_run_create(s, &ri) == 0);
	CHECK(store_fact_set(s, ri.id, "hz", hz) == 0);
	*run_id = ri.id;
}

static void
test_runs_and_samples(void)
{
	struct kvlist keys = KVLIST_INIT, odd = KVLIST_INIT;
	struct series_info si = { &keys, "us", "lower" };
	struct strbuf name = STRBUF_INIT, got = STRBUF_INIT;
	struct filter f;
	struct store *s = open_new("runs.db");
	int64_t r1, r2, r3, s1, s1again, s2, s3;
	int n, rc;

	CHECK(s != NULL);
	if (s == NULL)
		return;
	CHECK(store_begin(s) == 0);
	make_run(s, "before", RUN_COMPLETE, "100", &r1);
	make_run(s, "after", RUN_COMPLETE, "1000", &r2);
	make_run(s, "after", RUN_ABORTED, "1000", &r3);
	kv_set(&keys, "method", "nanosleep");
	kv_set(&keys, "usec", "300");
	kv_sort(&keys);
	CHECK(store_series_get(s, r1, &si, &s1) == 0);
	CHECK(store_series_get(s, r1, &si, &s1again) == 0 && s1again == s1);
	CHECK(store_series_get(s, r2, &si, &s2) == 0 && s2 != s1);
	CHECK(store_series_get(s, r3, &si, &s3) == 0);
	/* Same keys, other unit: refused with both named. */
	si.unit = "ns";
	CHECK(store_series_get(s, r1, &si, &s1again) == -1);
	CHECK(strstr(store_error(s), "has unit 'us'") != NULL);
	si.unit = "us";

	CHECK(store_sample_add(s, s1, 0, STORE_NO_ROUND, 1.5, 0) == 0);
	CHECK(store_sample_add(s, s1, 1, STORE_NO_ROUND, 2.5, 0) == 0);
	CHECK(store_sample_add(s, s2, 0, STORE_NO_ROUND, 3.5, 0) == 0);
	CHECK(store_sample_add(s, s3, 0, STORE_NO_ROUND, 9.5, 0) == 0);
	CHECK(store_sample_add(s, s1, 1, STORE_NO_ROUND, 7, 42) == 0);
	/* Buffered: the duplicate shows at the flush, with its origin. */
	CHECK(store_flush(s) == -1);
	CHECK_STR(store_error(s), "sample 1 of this series is there already");
	CHECK(store_failed_origin(s) == 42);
	CHECK(store_commit(s) == 0);

	/* Escaping in series names: ',', '=' and '\' cannot be confused. */
	kv_set(&odd, "a,b", "x=y");
	kv_set(&odd, "c", "\\");
	store_series_name(&odd, &name);
	CHECK_STR(sb_str(&name), "a\\,b=x\\=y,c=\\\\");

	/* Reads: complete runs only by default. */
	memset(&f, 0, sizeof(f));
	n = 0;
	CHECK(store_each_sample(s, &f, count_sample, &n) == 0);
	CHECK(n == 3);
	f.include_incomplete = 1;
	n = 0;
	CHECK(store_each_sample(s, &f, count_sample, &n) == 0);
	CHECK(n == 4);
	f.include_incomplete = 0;
	strlist_add(&f.where_keys, "hz");
	strlist_add(&f.where_values, "100");
	CHECK(store_each_sample(s, &f, collect_names, &got) == 0);
	CHECK_STR(sb_str(&got), "before/method=nanosleep,usec=300/0=1.5;"
	    "before/method=nanosleep,usec=300/1=2.5;");
	filter_free(&f);
	memset(&f, 0, sizeof(f));
	strlist_add(&f.labels, "after");
	strlist_add(&f.where_keys, "method");
	strlist_add(&f.where_values, "nanosleep");
	sb_reset(&got);
	CHECK(store_each_sample(s, &f, collect_names, &got) == 0);
	CHECK_STR(sb_str(&got), "after/method=nanosleep,usec=300/0=3.5;");
	filter_free(&f);

	/*
	 * A callback stops the iteration with STORE_STOP (0 back) or fails
	 * it with -1 (-1 back, at once): an error is never taken for the
	 * end of the rows.
	 */
	memset(&f, 0, sizeof(f));
	f.include_incomplete = 1;
	{
		struct stopper st = { 2, 0, STORE_STOP };

		CHECK(store_each_sample(s, &f, stop_after, &st) == 0 &&
		    st.seen == 2);
		st.seen = 0;
		st.how = -1;
		CHECK(store_each_sample(s, &f, stop_after, &st) == -1 &&
		    st.seen == 2);
		st.seen = 0;
		st.after = 1;
		CHECK(store_each_series(s, &f, series_stop_after, &st) == -1 &&
		    st.seen == 1);
		st.seen = 0;
		CHECK(store_each_run(s, &f, run_stop_after, &st) == -1 &&
		    st.seen == 1);
		st.seen = 0;
		st.how = STORE_STOP;
		CHECK(store_each_run(s, &f, run_stop_after, &st) == 0 &&
		    st.seen == 1);
	}
	filter_free(&f);

	/* A full batch with a duplicate in the middle: the duplicate is named. */
	CHECK(store_begin(s) == 0);
	rc = 0;
	for (n = 0; n < 200 && rc == 0; n++)
		rc = store_sample_add(s, s3, 100 + (n == 150 ? 0 : n),
		    STORE_NO_ROUND, n, 1000 + n);
	CHECK(rc == -1 && n == 192);
	CHECK(store_failed_origin(s) == 1150);
	CHECK(store_rollback(s) == 0);

	/* A rolled-back transaction leaves nothing. */
	CHECK(store_begin(s) == 0);
	CHECK(store_sample_add(s, s1, 5, STORE_NO_ROUND, 5, 0) == 0);
	CHECK(store_rollback(s) == 0);
	memset(&f, 0, sizeof(f));
	n = 0;
	CHECK(store_each_sample(s, &f, count_sample, &n) == 0 && n == 3);

	/* A value that needs all 17 digits comes back exactly. */
	CHECK(store_begin(s) == 0);
	CHECK(store_sample_add(s, s2, 1, STORE_NO_ROUND, 0.1 + 0.2, 0) == 0);
	CHECK(store_commit(s) == 0);
	store_close(s);
	CHECK(sql_int(path_in_dir("runs.db"),
	    "SELECT value = 0.1 + 0.2 FROM sample WHERE seq = 1 AND series_id = 2") == 1);

	kv_clear(&keys);
	kv_clear(&odd);
	sb_free(&name);
	sb_free(&got);
}

/* A run of 5,000 samples, for the reads of test_bounded_reads(). */
static void
fill_for_bound(const char *name)
{
	struct kvlist keys = KVLIST_INIT;
	struct series_info si = { &keys, "us", "lower" };
	struct store *s = open_new(name);
	int64_t r, id;
	int i;

	if (s == NULL)
		return;
	CHECK(store_begin(s) == 0);
	make_run(s, "bound", RUN_COMPLETE, "1", &r);
	kv_set(&keys, "m", "x");
	CHECK(store_series_get(s, r, &si, &id) == 0);
	for (i = 0; i < 5000; i++)
		store_sample_add(s, id, i, STORE_NO_ROUND, i, 0);
	CHECK(store_commit(s) == 0);
	kv_clear(&keys);
	store_close(s);
}

static int
count_run(const struct run_row *r, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

/*
 * A source's reads, bounded: past the bound a read fails and says why;
 * within it, it reads all.  And a database kbench made passes the
 * source check.
 */
static void
test_bounded_reads(void)
{
	struct strbuf err = STRBUF_INIT, why = STRBUF_INIT;
	struct sample_buf b;
	struct filter f;
	struct store *s;
	int why_open, n = 0;

	memset(&b, 0, sizeof(b));

	fill_for_bound("bound.db");
	memset(&f, 0, sizeof(f));
	f.include_incomplete = 1;
	s = store_open(path_in_dir("bound.db"), STORE_READONLY, &err, &why_open);
	CHECK(s != NULL);
	if (s == NULL)
		return;
	CHECK(store_check_source(s, &why) == 0);
	CHECK_STR(sb_str(&why), "");
	CHECK(store_bound_reads(s, 1000, 0) == 0);
	CHECK(store_series_samples(s, 1, &b) == -1);
	CHECK(store_bound_hit(s) == 1);
	CHECK_STR(store_error(s), path_in_dir("bound.db: reading the samples "
	    "of series 1: more than 1000 SQLite steps, the bound for a "
	    "database of its size: a crafted database?"));
	store_close(s);
	b.n = 0;
	s = store_open(path_in_dir("bound.db"), STORE_READONLY, &err, &why_open);
	CHECK(s != NULL && store_bound_reads(s, 100000000, 200) == 0);
	CHECK(s != NULL && store_each_run(s, &f, count_run, &n) == 0 && n == 1);
	CHECK(s != NULL && store_series_samples(s, 1, &b) == 0 && b.n == 5000);
	CHECK(s != NULL && store_bound_hit(s) == 0);
	store_close(s);
	sample_buf_free(&b);
	sb_free(&err);
	sb_free(&why);
}

/*
 * The store's own policy and peers (issue 29): a peer of a read-only
 * connection is read-only too, of a writer a writer; the public
 * location of an SQLite store is its path; STORE_READER opens what this
 * process may write read-write (root may write anything: the refusal
 * of a file it may not is t_cli's, run as another user).
 */
static void
test_peers(void)
{
	struct strbuf err = STRBUF_INIT;
	struct store *s, *p;
	const char *path = path_in_dir("peer.db");
	int why;

	s = store_open(path, STORE_CREATE, &err, &why);
	CHECK(s != NULL);
	if (s == NULL)
		return;
	CHECK_STR(store_location_public(s), path);
	p = store_open_peer(s, &err);
	CHECK(p != NULL && store_writable(p));
	store_close(p);
	store_close(s);
	s = store_open(path, STORE_READONLY, &err, &why);
	CHECK(s != NULL && !store_writable(s));
	p = s != NULL ? store_open_peer(s, &err) : NULL;
	CHECK(p != NULL && !store_writable(p));
	store_close(p);
	store_close(s);
	s = store_open(path, STORE_READER, &err, &why);
	CHECK(s != NULL && store_writable(s) == (access(path, W_OK) == 0));
	store_close(s);
	CHECK(store_open(path_in_dir("none.db"), STORE_READER, &err, &why) ==
	    NULL && why == STORE_ENOENT);
	sb_free(&err);
}

#ifdef KBENCH_PG
/*
 * libpq is loaded when a location needs it: a library that is not there
 * or is not libpq is said, and the one that is loads once.
 */
static void
test_pg_lib(void)
{
	struct strbuf err = STRBUF_INIT;

	CHECK(pg_lib_open("libkbench-none.so.9", &err) == -1);
	CHECK(strstr(sb_str(&err), "the PostgreSQL store needs libpq, and "
	    "it cannot be loaded (libkbench-none.so.9: cannot open") != NULL ||
	    strstr(sb_str(&err), "Shared object \"libkbench-none.so.9\"") !=
	    NULL);
	CHECK(strstr(sb_str(&err), "install it (Debian: libpq5") != NULL);
	sb_reset(&err);
	/* The C library is there, and has no PQclear. */
	CHECK(pg_lib_open("libc.so.6", &err) == -1);
	/* Named by the file the loader found. */
	CHECK(strstr(sb_str(&err), "/libc.so.6 has no PQclear: not libpq, or "
	    "one older than kbench needs (9.0)") != NULL);
	sb_reset(&err);
	CHECK(pg_lib_load(&err) == 0 && pg_lib.PQconnectdb != NULL);
	CHECK(pg_lib_load(&err) == 0 && err.len == 0);
	sb_free(&err);
}
#endif

int
main(void)
{
	char cmd[300];

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_schema();
	test_migration();
	test_migration_nightly();
	test_migration_rounds();
	test_runs_and_samples();
	test_bounded_reads();
	test_peers();
#ifdef KBENCH_PG
	test_pg_lib();
#endif
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	/* Our own mkdtemp() name: nothing for a shell to misread. */
	if (system(cmd) != 0)	/* NOLINT(cert-env33-c) */
		printf("# could not remove %s\n", dir);
	return check_done();
}
