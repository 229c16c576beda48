/*
 * store_pg.c: the PostgreSQL store (libpq): the connection and its
 * location, transactions, and the writers.  The readers are
 * store_pg_read.c, the schema store_pg_schema.c.
 *
 * Promises kept as SQLite's are: a write transaction holds one
 * advisory lock, so writers queue (as behind BEGIN IMMEDIATE) while
 * readers, on their snapshot, never wait; an error aborts the whole
 * transaction, so nothing half-written is ever committed.  The location
 * given may hold a password: it is kept here and never said; what is
 * said is store_location_public(), the location without it.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kbench_exit.h"
#include "db/store_pg_private.h"

/* How long a writer waits for another (or any lock) before it fails. */
#define PG_LOCK_TIMEOUT	"60s"
/* The advisory lock key of write transactions: "kbwr" */
#define PG_WRITE_LOCK	"1801615218"
/* Samples a COPY message: 50 bytes each (binary), 1.6 MB. */
#define PG_BATCH	32768
/*
 * Samples a COPY at most.  Its messages go as their batches fill, so the
 * server inserts one while kbench parses the next (a COPY a batch kept
 * one of them idle: 2.5 M samples streamed in 4.7 s, not 5.2, the mean
 * of three pairs); the origins of its rows are kept to name a duplicate
 * (24 bytes each, 6 MiB).
 */
#define PG_COPY_ROWS	(8 * PG_BATCH)

struct pg_pending {
	int64_t	series_id, seq, origin;
};

static int	copy_end(struct store *s, const char *abort);
static void	series_seen_clear(struct store *s);
static int	copy_failed(struct store *s, const PGresult *res, size_t n);

const char *
pg_int(char buf[PG_INT_BUFSIZE], int64_t v)
{
	snprintf(buf, PG_INT_BUFSIZE, "%lld", (long long)v);
	return buf;
}

/*
 * The server's message, on one line ("ERROR:  x\nDETAIL: y" is two) and
 * with nothing a terminal would act on: a server is another machine.
 */
static void
add_message(struct strbuf *sb, const char *m)
{
	struct strbuf line = STRBUF_INIT;
	const char *p;

	for (p = m; *p != '\0'; p++) {
		if (*p == '\n') {
			while (p[1] == ' ' || p[1] == '\t')
				p++;
			if (p[1] != '\0')
				sb_adds(&line, "; ");
			continue;
		}
		sb_add(&line, p, 1);
	}
	sb_add_visible(sb, sb_str(&line));
	sb_free(&line);
}

/* s's error: "LOCATION: " and fmt's text. */
static void
said(struct store *s, const char *fmt, va_list ap)
{
	char buf[512];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	sb_reset(&s->err);
	sb_addf(&s->err, "%s: %s", s->public, buf);
}

int
pg_said(struct store *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	said(s, fmt, ap);
	va_end(ap);
	return -1;
}

int
pg_fail(struct store *s, const PGresult *res, const char *fmt, ...)
{
	const char *primary = NULL, *state;
	va_list ap;

	va_start(ap, fmt);
	said(s, fmt, ap);
	va_end(ap);
	sb_adds(&s->err, ": ");
	s->cancelled = 0;
	if (res != NULL) {
		primary = PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY);
		state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
		s->cancelled = state != NULL && strcmp(state, "57014") == 0;
	}
	if (primary != NULL)
		add_message(&s->err, primary);
	else
		add_message(&s->err, PQerrorMessage(s->conn));
	return -1;
}

/* res when it is rows or done, else NULL with the error said. */
static PGresult *
query_result(struct store *s, PGresult *res, const char *what)
{
	ExecStatusType st = PQresultStatus(res);

	if (st == PGRES_TUPLES_OK || st == PGRES_COMMAND_OK)
		return res;
	pg_fail(s, res, "%s", what);
	PQclear(res);
	return NULL;
}

PGresult *
pg_query_as(struct store *s, const char *sql, int n,
    const char *const *params, int binary, const char *what)
{
	PGresult *res;

	if (s->copy_open && store_flush(s) == -1)
		return NULL;
	res = PQexecParams(s->conn, sql, n, NULL, params, NULL, NULL, binary);
	return query_result(s, res, what);
}

PGresult *
pg_query(struct store *s, const char *sql, int n, const char *const *params,
    const char *what)
{
	return pg_query_as(s, sql, n, params, 0, what);
}

/*
 * Planning a run's small queries took as long as running them (0.7 ms
 * of 1.4 for its series' keys), 3 a run: a generic plan, made once.
 */
PGresult *
pg_query_prepared(struct store *s, enum pg_prepared id, const char *sql,
    int n, const char *const *params, const char *what)
{
	char name[16];
	PGresult *res;

	if (s->copy_open && store_flush(s) == -1)
		return NULL;
	snprintf(name, sizeof(name), "kbench_q%d", (int)id);
	if (!(s->prepared & (1u << id))) {
		res = PQprepare(s->conn, name, sql, n, NULL);
		if (PQresultStatus(res) != PGRES_COMMAND_OK) {
			pg_fail(s, res, "%s", what);
			PQclear(res);
			return NULL;
		}
		PQclear(res);
		s->prepared |= 1u << id;
	}
	res = PQexecPrepared(s->conn, name, n, params, NULL, NULL, 0);
	return query_result(s, res, what);
}

int
pg_exec(struct store *s, const char *sql, const char *what)
{
	PGresult *res;
	ExecStatusType st;

	if (s->copy_open && store_flush(s) == -1)
		return -1;
	/* PQexec: several statements at once (a migration). */
	res = PQexec(s->conn, sql);
	st = PQresultStatus(res);
	if (st == PGRES_TUPLES_OK || st == PGRES_COMMAND_OK) {
		PQclear(res);
		return 0;
	}
	pg_fail(s, res, "%s", what);
	PQclear(res);
	return -1;
}

/* One libpq value as key=value takes it: quoted when it must be. */
static void
add_conninfo_value(struct strbuf *sb, const char *v)
{
	const char *p;

	if (*v != '\0' && strpbrk(v, " \t\n\\'") == NULL) {
		sb_adds(sb, v);
		return;
	}
	sb_add(sb, "'", 1);
	for (p = v; *p != '\0'; p++) {
		if (*p == '\\' || *p == '\'')
			sb_add(sb, "\\", 1);
		sb_add(sb, p, 1);
	}
	sb_add(sb, "'", 1);
}

/*
 * The location as others may read it: libpq's own reading of it, every
 * setting but the passwords, as key=value (itself a location -d takes:
 * the password then comes from PGPASSWORD, ~/.pgpass or a service file).
 * NULL when libpq cannot read it (its message, which may quote the
 * location, is not repeated).
 */
/*
 * The location as libpq takes it: a URI's scheme in lower case (a
 * scheme is case-blind, RFC 3986; libpq's reading of it is not).
 */
static char *
normalized(const char *location)
{
	char *v = xstrdup(location);
	size_t i;

	if (strncasecmp(v, "postgresql:", 11) == 0 ||
	    strncasecmp(v, "postgres:", 9) == 0)
		for (i = 0; v[i] != ':'; i++)
			v[i] = (char)tolower((unsigned char)v[i]);
	return v;
}

char *
store_pg_location_public(const char *location)
{
	PQconninfoOption *opts, *o;
	struct strbuf sb = STRBUF_INIT;
	struct strbuf err = STRBUF_INIT;
	char *msg = NULL, *loc;

	if (pg_lib_load(&err) == -1) {
		sb_free(&err);
		return NULL;
	}
	loc = normalized(location);
	opts = PQconninfoParse(loc, &msg);
	free(loc);
	if (opts == NULL) {
		PQfreemem(msg);
		return NULL;
	}
	for (o = opts; o->keyword != NULL; o++) {
		if (o->val == NULL || strcmp(o->keyword, "password") == 0 ||
		    strcmp(o->keyword, "sslpassword") == 0)
			continue;
		if (sb.len > 0)
			sb_add(&sb, " ", 1);
		sb_addf(&sb, "%s=", o->keyword);
		add_conninfo_value(&sb, o->val);
	}
	PQconninfoFree(opts);
	if (sb.len == 0)
		sb_adds(&sb, "dbname=''");
	if (has_control(sb_str(&sb))) {
		/* Said in messages: nothing a terminal would act on. */
		struct strbuf vis = STRBUF_INIT;

		sb_add_visible(&vis, sb_str(&sb));
		sb_free(&sb);
		return vis.buf;
	}
	return sb.buf;
}

int
store_pg_location_secret(const char *location)
{
	PQconninfoOption *opts, *o;
	struct strbuf err = STRBUF_INIT;
	char *msg = NULL, *loc;
	int secret = 0;

	/* Without libpq to read it, any location may hold one. */
	if (pg_lib_load(&err) == -1) {
		sb_free(&err);
		return 1;
	}
	loc = normalized(location);
	opts = PQconninfoParse(loc, &msg);
	if (opts == NULL) {
		/*
		 * Unreadable ("user=John Smith", a label): a password is
		 * feared where one could be, a URI's user:password@ or a
		 * password keyword.
		 */
		PQfreemem(msg);
		secret = strcasestr(loc, "password") != NULL ||
		    (strstr(loc, "://") != NULL && strchr(loc, '@') != NULL);
		free(loc);
		return secret;
	}
	free(loc);
	for (o = opts; o->keyword != NULL; o++)
		if (o->val != NULL && (strcmp(o->keyword, "password") == 0 ||
		    strcmp(o->keyword, "sslpassword") == 0))
			secret = 1;
	PQconninfoFree(opts);
	return secret;
}

/* Notices ("table exists, skipping") are not kbench's to print. */
static void
quiet_notice(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

/* May this connection's role write (read)?  1, 0, or -1. */
static int
may_write(struct store *s)
{
	PGresult *res;
	int yes;

	if ((res = pg_query(s, "SELECT has_table_privilege('run', 'INSERT')"
	    " AND has_table_privilege('series_summary', 'INSERT')"
	    " AND NOT current_setting('transaction_read_only')::boolean", 0,
	    NULL, "reading the role's privileges")) == NULL)
		return -1;
	yes = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
	PQclear(res);
	return yes;
}

/*
 * The session as kbench wants it, whatever the role's or the database's
 * defaults: UTF-8, exact doubles, queued writers that wait 60 s at most,
 * no JIT (LLVM compiled kbench's short queries for longer than they ran:
 * 0.2 s of a warm trend's 1 s),
 * no statement or idle timeout (a merge's source waits while the
 * destination works), read committed writers (the write lock orders
 * them; a stricter default would fail them), and kbench's tables made
 * and found in public, not in a schema someone put before it
 * (pg_catalog, unnamed, is searched first).
 */
static int
session_setup(struct store *s)
{
	PGresult *res;
	int utf8;

	PQsetNoticeProcessor(s->conn, quiet_notice, NULL);
	if (pg_exec(s, "SET client_encoding = 'UTF8';"
	    " SET extra_float_digits = 3;"
	    " SET lock_timeout = '" PG_LOCK_TIMEOUT "';"
	    " SET statement_timeout = 0;"
	    " SET idle_in_transaction_session_timeout = 0;"
	    " SELECT set_config(name, '0', false) FROM pg_settings"
	    "  WHERE name = 'idle_session_timeout';"
	    " SET default_transaction_isolation = 'read committed';"
	    " SELECT set_config(name, 'off', false) FROM pg_settings"
	    "  WHERE name = 'jit';"
	    " SET search_path = public; SET TIME ZONE 'UTC'",
	    "setting up the session") == -1)
		return -1;
	/* SQL_ASCII keeps any byte: kbench's text is UTF-8, checked. */
	if ((res = pg_query(s, "SELECT current_setting('server_encoding') ="
	    " 'UTF8'", 0, NULL, "reading the database's encoding")) == NULL)
		return -1;
	utf8 = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
	PQclear(res);
	if (utf8)
		return 0;
	return pg_said(s, "the database's encoding is not UTF8 (kbench's "
	    "text is UTF-8: createdb -E UTF8)");
}

static struct store *
pg_open(const char *location, unsigned flags, struct strbuf *err, int *why)
{
	struct store *s;
	int w;

	*why = 0;
	if (pg_lib_load(err) == -1)
		return NULL;
	s = xcalloc(1, sizeof(*s));
	s->head.ops = &store_pg_ops;
	s->location = normalized(location);
	if ((s->public = store_pg_location_public(location)) == NULL) {
		sb_adds(err, "a PostgreSQL location that libpq cannot read "
		    "(not repeated here: it may hold a password); see "
		    "kbench(1), LOCATIONS");
		goto fail;
	}
	s->conn = PQconnectdb(s->location);
	if (PQstatus(s->conn) != CONNECTION_OK) {
		pg_fail(s, NULL, "cannot connect");
		sb_adds(err, sb_str(&s->err));
		goto fail;
	}
	if (session_setup(s) == -1 || pg_migrate(s, flags, why) == -1 ||
	    (w = s->create_pending ? 1 : may_write(s)) == -1)
		goto fail_said;
	s->readonly = (flags & STORE_READONLY) != 0 || !w;
	if (!w && !(flags & (STORE_READONLY | STORE_READER))) {
		sb_addf(err, "%s: the database is read-only here (this role "
		    "may not write kbench's tables)", s->public);
		goto fail;
	}
	if (s->readonly && pg_exec(s, "SET default_transaction_read_only = on",
	    "opening read-only") == -1)
		goto fail_said;
	return s;
fail_said:
	sb_adds(err, sb_str(&s->err));
fail:
	store_close(s);
	return NULL;
}

static void
pg_close(struct store *s)
{
	PQfinish(s->conn);
	free(s->location);
	free(s->public);
	free(s->pending);
	strmap_free_values(&s->series_seen);
	sb_free(&s->err);
	sb_free(&s->name);
	sb_free(&s->copy);
	store_head_free(&s->head);
	free(s);
}

static void
pg_set_error(struct store *s, const char *msg)
{
	char *copy = xstrdup(msg);	/* msg may be s's own error */

	sb_reset(&s->err);
	sb_adds(&s->err, copy);
	free(copy);
}

static const char *
pg_error(const struct store *s)
{
	return sb_str(&s->err);
}

static const char *
pg_public(const struct store *s)
{
	return s->public;
}

static struct store *
pg_open_peer(const struct store *s, struct strbuf *err)
{
	int why;

	return store_open(s->location, s->readonly ? STORE_READONLY :
	    STORE_READER, err, &why);
}

static int
pg_writable(const struct store *s)
{
	return !s->readonly;
}

/* ---- transactions ---- */

/* analyze_grown's failure: -1 for a cancel (the error kept), else 0. */
static int
analyze_failed(struct store *s)
{
	if (s->cancelled)
		return -1;
	sb_reset(&s->err);
	return 0;
}

/*
 * The planner's statistics of a table a write grew by a tenth or more
 * (and by 1000 rows), made before its commit: with the old ones a series
 * of 5 M samples just imported was estimated at 43 thousand rows and
 * read by a bitmap scan and a sort on disk (2.1 s, not 0.8), and a
 * summary cache refilled after being emptied was joined as if empty (a
 * warm trend of 80-97 s, not 1).  Autovacuum does it a minute later at
 * best, and after its VACUUM of the whole table.  Inside the transaction
 * ANALYZE counts its rows, and no autovacuum can be at them yet: one at
 * the table's older rows is cancelled by the server when it holds us up
 * a second (deadlock_timeout); another lock holds us 2 s at most, and
 * no cost delay an administrator set for VACUUM slows it.  In a
 * savepoint: whatever fails here, the write goes on whole, but for a
 * cancel (pg_cancel_backend, SQLSTATE 57014), which fails it as it
 * would have failed its COPY: -1, said.  A role that does not own the
 * table gets a warning (quiet_notice), not an error.
 */
static int
analyze_grown(struct store *s, const char *table, int64_t added)
{
	const char *p[1] = { table };
	PGresult *res;
	double known;
	char sql[64];
	int ok;

	if (added < 1000)
		return 0;
	if (pg_exec(s, "SAVEPOINT kbench_analyze; SET LOCAL lock_timeout ="
	    " '2s'; SET LOCAL vacuum_cost_delay = 0", "refreshing statistics")
	    == -1)
		return analyze_failed(s);
	res = pg_query(s, "SELECT reltuples FROM pg_class WHERE oid ="
	    " to_regclass($1)", 1, p, "reading a table's size");
	ok = res != NULL && PQntuples(res) == 1;
	/* The rows the statistics know of: -1 before the first ANALYZE. */
	known = ok ? strtod(PQgetvalue(res, 0, 0), NULL) : 0;
	PQclear(res);
	/* table is one of kbench's names, not a user's. */
	snprintf(sql, sizeof(sql), "ANALYZE %s", table);
	if (ok && (known <= 0 || (double)added >= known / 10))
		ok = pg_exec(s, sql, "refreshing a table's statistics") == 0;
	if (ok && pg_exec(s, "SET LOCAL lock_timeout = '" PG_LOCK_TIMEOUT
	    "'; RELEASE SAVEPOINT kbench_analyze", "refreshing statistics")
	    == 0)
		return 0;
	PQclear(PQexec(s->conn, "ROLLBACK TO SAVEPOINT kbench_analyze"));
	return analyze_failed(s);
}

static int	pg_rollback(struct store *s);

/* The schema lock a first write took (STORE_CREATE_IN_WRITE), given back. */
static void
schema_release(struct store *s)
{
	if (!s->schema_held)
		return;
	s->schema_held = 0;
	pg_schema_unlock(s);
}

static int
pg_begin(struct store *s)
{
	if (s->txn != PG_TXN_NONE)
		return pg_said(s, "a write transaction inside another");
	if (s->create_pending) {
		if (pg_schema_lock(s) == -1)
			return -1;
		s->schema_held = 1;
	}
	if (pg_exec(s, "BEGIN ISOLATION LEVEL READ COMMITTED",
	    "starting a write transaction") == -1) {
		pg_rollback(s);
		return -1;
	}
	s->txn = PG_TXN_WRITE;
	s->added_samples = s->added_summaries = 0;
	s->failed_origin = 0;
	series_seen_clear(s);
	/* Writers queue here, readers never: lock_timeout bounds the wait. */
	if (pg_exec(s, "SELECT pg_advisory_xact_lock(" PG_WRITE_LOCK ")",
	    "waiting for another writer") == -1 ||
	    (s->create_pending && pg_migrate_in_write(s) == -1)) {
		pg_rollback(s);
		return -1;
	}
	return 0;
}

static int
pg_commit(struct store *s)
{
	if (store_flush(s) == -1)
		return -1;
	if (analyze_grown(s, "sample", s->added_samples) == -1 ||
	    analyze_grown(s, "series_summary", s->added_summaries) == -1)
		return -1;
	if (pg_exec(s, "UPDATE kbench_data_version SET v = v + 1",
	    "counting the write") == -1 ||
	    pg_exec(s, "COMMIT", "committing") == -1)
		return -1;
	s->txn = PG_TXN_NONE;
	series_seen_clear(s);
	s->create_pending = 0;
	schema_release(s);
	return 0;
}

static int
pg_rollback(struct store *s)
{
	if (s->copy_open)
		(void)copy_end(s, "kbench: rolled back");
	series_seen_clear(s);
	s->npending = 0;
	sb_reset(&s->copy);
	if (s->txn != PG_TXN_NONE) {
		s->txn = PG_TXN_NONE;
		s->iter_depth = 0;
		/* Keep the error that made us roll back, not rollback's own. */
		PQclear(PQexec(s->conn, "ROLLBACK"));
	}
	/* The tables it made are gone with it: the next write makes them. */
	schema_release(s);
	return 0;
}

static int
pg_read_begin(struct store *s)
{
	if (s->txn != PG_TXN_NONE)
		return 0;
	/*
	 * The snapshot is taken by a transaction's first query, not by
	 * BEGIN: take it now, so that what is written after this call is not
	 * seen (SQLite's reader keeps its snapshot from here too).
	 */
	if (pg_exec(s, "BEGIN ISOLATION LEVEL REPEATABLE READ; SELECT 1",
	    "starting a read transaction") == -1)
		return -1;
	s->txn = PG_TXN_READ;
	return 0;
}

static void
pg_read_end(struct store *s)
{
	if (s->txn != PG_TXN_READ)
		return;
	PQclear(PQexec(s->conn, "COMMIT"));
	s->txn = PG_TXN_NONE;
}

int
pg_iter_begin(struct store *s)
{
	if (s->txn == PG_TXN_ITER) {
		s->iter_depth++;
		return 0;
	}
	if (s->txn != PG_TXN_NONE)
		return 0;
	if (pg_exec(s, "BEGIN ISOLATION LEVEL REPEATABLE READ",
	    "starting a read") == -1)
		return -1;
	s->txn = PG_TXN_ITER;
	s->iter_depth = 1;
	return 0;
}

void
pg_iter_end(struct store *s, int ok)
{
	if (s->txn != PG_TXN_ITER || --s->iter_depth > 0)
		return;
	PQclear(PQexec(s->conn, ok ? "COMMIT" : "ROLLBACK"));
	s->txn = PG_TXN_NONE;
}

static int
pg_data_version(struct store *s, int64_t *v)
{
	PGresult *res;

	if ((res = pg_query(s, "SELECT v FROM kbench_data_version", 0, NULL,
	    "reading the data version")) == NULL)
		return -1;
	*v = PQntuples(res) > 0 ? strtoll(PQgetvalue(res, 0, 0), NULL, 10) : 0;
	PQclear(res);
	return 0;
}

/*
 * A merge's source is bounded in SQLite steps against a crafted file; a
 * server runs no code a source brings, so nothing is bounded here.
 */
static int
pg_bound_reads(struct store *s, int64_t base, int64_t per_byte)
{
	return 0;
}

static int
pg_bound_hit(const struct store *s)
{
	return 0;
}

/* The server keeps the cache: nothing of the client's to give back. */
static void
pg_no_cache(struct store *s)
{
}

/* ---- writers ---- */

/* An INSERT ... RETURNING id: the new row's id in *id.  0, or -1. */
static int
pg_insert_id(struct store *s, const char *sql, int n, const char *const *p,
    const char *what, int64_t *id)
{
	PGresult *res = pg_query(s, sql, n, p, what);

	if (res == NULL)
		return -1;
	*id = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
	PQclear(res);
	return 0;
}

static int
pg_run_create(struct store *s, struct run_info *ri)
{
	const char *p[8];
	char uuid[37], now[40];

	sb_reset(&s->err);
	if (store_label_check(ri->label, &s->err) == -1)
		return -1;
	if (ri->uuid == NULL && store_make_uuid(uuid, &s->err) == -1)
		return -1;
	store_now(now, sizeof(now));
	p[0] = ri->uuid ? ri->uuid : uuid;
	p[1] = ri->label;
	p[2] = ri->benchmark;
	p[3] = ri->status ? ri->status : RUN_RUNNING;
	p[4] = ri->started_at ? ri->started_at : now;
	p[5] = ri->ended_at;
	p[6] = ri->command ? ri->command : "";
	p[7] = ri->tool_version ? ri->tool_version : KBENCH_VERSION;
	return pg_insert_id(s, "INSERT INTO run (uuid, label, benchmark,"
	    " status, started_at, ended_at, command, tool_version) VALUES ($1,"
	    " $2, $3, $4, $5, $6, $7, $8) RETURNING id", 8, p, "creating a run",
	    &ri->id);
}

/* Run sql with n parameters for its effect alone. */
static int
pg_do(struct store *s, const char *sql, int n, const char *const *p,
    const char *what)
{
	PGresult *res = pg_query(s, sql, n, p, what);

	PQclear(res);
	return res == NULL ? -1 : 0;
}

static int
pg_run_finish(struct store *s, int64_t run_id, const char *status)
{
	char id[PG_INT_BUFSIZE], now[40];
	const char *p[3];

	store_now(now, sizeof(now));
	p[0] = status;
	p[1] = now;
	p[2] = pg_int(id, run_id);
	return pg_do(s, "UPDATE run SET status = $1, ended_at = $2 WHERE id = $3",
	    3, p, "marking the run");
}

static int
pg_run_by_uuid(struct store *s, const char *uuid, int64_t *run_id)
{
	PGresult *res;

	*run_id = 0;
	if ((res = pg_query(s, "SELECT id FROM run WHERE uuid = $1", 1, &uuid,
	    "looking up a run")) == NULL)
		return -1;
	if (PQntuples(res) > 0)
		*run_id = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
	PQclear(res);
	return 0;
}

static int
pg_run_delete(struct store *s, int64_t run_id)
{
	char id[PG_INT_BUFSIZE];
	const char *p = pg_int(id, run_id);

	/* Its series go with it, and the ids this write knew of them. */
	series_seen_clear(s);
	/* sample has no foreign key (store_pg_schema.c): its rows first. */
	if (pg_do(s, "DELETE FROM sample WHERE series_id IN (SELECT id FROM"
	    " series WHERE run_id = $1)", 1, &p, "deleting a run's samples") ==
	    -1)
		return -1;
	return pg_do(s, "DELETE FROM run WHERE id = $1", 1, &p,
	    "deleting a run");
}

static int
pg_fact_set(struct store *s, int64_t run_id, const char *key,
    const char *value)
{
	char id[PG_INT_BUFSIZE];
	const char *p[3];

	p[0] = pg_int(id, run_id);
	p[1] = key;
	p[2] = value;
	return pg_do(s, "INSERT INTO run_fact (run_id, key, value) VALUES ($1,"
	    " $2, $3) ON CONFLICT (run_id, key) DO UPDATE SET value ="
	    " excluded.value", 3, p, "setting a run fact");
}

/* The series' keys, stored under its new id. */
static int
series_keys_put(struct store *s, const char *id, const struct kvlist *keys)
{
	const char *p[3];
	size_t i;

	p[0] = id;
	for (i = 0; i < keys->n; i++) {
		p[1] = keys->v[i].key;
		p[2] = keys->v[i].value;
		if (pg_do(s, "INSERT INTO series_key (series_id, key, value)"
		    " VALUES ($1, $2, $3)", 3, p, "storing a series key") == -1)
			return -1;
	}
	return 0;
}

static int	series_lookup(struct store *s, int64_t run_id,
		    const struct series_info *si, int64_t *series_id);

/* A series seen in this write transaction: its id, unit and better. */
struct series_seen {
	int64_t	 id;
	char	*unit, *better;		/* in the same allocation */
};

/* The most kept: 65536 series, some 6 MiB. */
#define PG_SERIES_SEEN_MAX	65536

static void
series_seen_clear(struct store *s)
{
	strmap_free_values(&s->series_seen);
	memset(&s->series_seen, 0, sizeof(s->series_seen));
}

/* "RUN NAME": the key of s->series_seen, in buf. */
static const char *
series_seen_key(struct store *s, int64_t run_id, struct strbuf *buf)
{
	sb_reset(buf);
	sb_addf(buf, "%lld ", (long long)run_id);
	sb_adds(buf, sb_str(&s->name));
	return sb_str(buf);
}

static void
series_seen_put(struct store *s, const char *key, int64_t id,
    const char *unit, const char *better)
{
	size_t lu = strlen(unit) + 1, lb = strlen(better) + 1;
	struct series_seen *v;

	if (s->series_seen.n >= PG_SERIES_SEEN_MAX)
		series_seen_clear(s);
	v = xmalloc(sizeof(*v) + lu + lb);
	v->id = id;
	v->unit = (char *)(v + 1);
	v->better = v->unit + lu;
	memcpy(v->unit, unit, lu);
	memcpy(v->better, better, lb);
	strmap_put(&s->series_seen, key, v);
}

/* A series with another unit or better than asked: -1, said. */
static int
series_differs(struct store *s, const char *unit, const char *better,
    const struct series_info *si)
{
	if (strcmp(unit, si->unit) == 0 && strcmp(better, si->better) == 0)
		return 0;
	sb_reset(&s->err);
	sb_addf(&s->err, "series '%s' has unit '%s' and better '%s' already, "
	    "not '%s' and '%s'", sb_str(&s->name), unit, better, si->unit,
	    si->better);
	return -1;
}

static int
pg_series_get(struct store *s, int64_t run_id, const struct series_info *si,
    int64_t *series_id)
{
	struct strbuf key = STRBUF_INIT;
	const struct series_seen *seen = NULL;
	int in_write = s->txn == PG_TXN_WRITE, ret;

	store_series_name(si->keys, &s->name);
	if (in_write)
		seen = strmap_get(&s->series_seen,
		    series_seen_key(s, run_id, &key));
	if (seen != NULL) {
		*series_id = seen->id;
		ret = series_differs(s, seen->unit, seen->better, si);
	} else if ((ret = series_lookup(s, run_id, si, series_id)) == 0 &&
	    in_write)
		series_seen_put(s, sb_str(&key), *series_id, si->unit,
		    si->better);
	sb_free(&key);
	return ret;
}

/* The series from the server, made when it is not there. */
static int
series_lookup(struct store *s, int64_t run_id, const struct series_info *si,
    int64_t *series_id)
{
	char rid[PG_INT_BUFSIZE];
	const char *p[4];
	PGresult *res;
	int ret;

	p[0] = pg_int(rid, run_id);
	p[1] = sb_str(&s->name);
	p[2] = si->unit;
	p[3] = si->better;
	if ((res = pg_query(s, "SELECT id, unit, better FROM series WHERE"
	    " run_id = $1 AND name = $2", 2, p, "looking up a series")) == NULL)
		return -1;
	if (PQntuples(res) > 0) {
		*series_id = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
		ret = series_differs(s, PQgetvalue(res, 0, 1),
		    PQgetvalue(res, 0, 2), si);
		PQclear(res);
		return ret;
	}
	PQclear(res);
	if ((res = pg_query(s, "INSERT INTO series (run_id, name, unit, better)"
	    " VALUES ($1, $2, $3, $4) RETURNING id", 4, p,
	    "creating a series")) == NULL)
		return -1;
	*series_id = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
	ret = series_keys_put(s, PQgetvalue(res, 0, 0), si->keys);
	PQclear(res);
	return ret;
}

/*
 * Samples go by COPY's binary format: neither side prints or parses a
 * double (printing "%.17g" and the server's float8in were most of an
 * import's time), and a value arrives as the very bits it left with.
 * Each row: 4 fields, each its length and its bytes, big-endian.
 */
/* The signature, then flags and extension length 0 (the array's zeros). */
static const char copy_header[19] = PG_COPY_SIGNATURE;

uint64_t
pg_be(const unsigned char *p, int bytes)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < bytes; i++)
		v = v << 8 | p[i];
	return v;
}

static void
add_be(struct strbuf *sb, uint64_t v, int bytes)
{
	char b[8];
	int i;

	for (i = 0; i < bytes; i++)
		b[i] = (char)(v >> (8 * (bytes - 1 - i)));
	sb_add(sb, b, (size_t)bytes);
}

static void
add_int8_field(struct strbuf *sb, int64_t v)
{
	add_be(sb, 8, 4);
	add_be(sb, (uint64_t)v, 8);
}

/*
 * A COPY the connection failed under (a server that ended it, a restart):
 * the server's own words when it said any before it went, else libpq's.
 */
static int
copy_lost(struct store *s)
{
	size_t n = s->npending;
	PGresult *res;
	int said = 0;

	pg_fail(s, NULL, "storing %zu samples", n);
	s->copy_open = 0;
	s->npending = 0;
	while ((res = PQgetResult(s->conn)) != NULL) {
		if (!said && PQresultStatus(res) == PGRES_FATAL_ERROR &&
		    PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY) != NULL) {
			pg_fail(s, res, "storing %zu samples", n);
			said = 1;
		}
		PQclear(res);
	}
	return -1;
}

/* The rows in s->copy to the server, its COPY started if need be. */
static int
copy_send(struct store *s)
{
	PGresult *res;
	int ok;

	if (!s->copy_open) {
		res = PQexec(s->conn, "COPY sample (series_id, seq, round,"
		    " value) FROM STDIN (FORMAT binary)");
		ok = PQresultStatus(res) == PGRES_COPY_IN;
		if (!ok)
			pg_fail(s, res, "storing %zu samples", s->npending);
		PQclear(res);
		if (!ok) {
			s->npending = 0;
			sb_reset(&s->copy);
			return -1;
		}
		s->copy_open = 1;
	}
	ok = PQputCopyData(s->conn, sb_str(&s->copy), (int)s->copy.len) == 1;
	sb_reset(&s->copy);
	return ok ? 0 : copy_lost(s);
}

/* The open COPY ended: its result, 0 or -1 said (a duplicate named). */
static int
copy_end(struct store *s, const char *abort)
{
	size_t n = s->npending;
	PGresult *res;
	int ret = 0;

	s->npending = 0;
	s->copy_open = 0;
	/* Aborted (a rollback): the error that made us roll back stays. */
	if (PQputCopyEnd(s->conn, abort) != 1)
		ret = abort != NULL ? -1 :
		    pg_fail(s, NULL, "storing %zu samples", n);
	while ((res = PQgetResult(s->conn)) != NULL) {
		if (ret == 0 && abort == NULL &&
		    PQresultStatus(res) != PGRES_COMMAND_OK)
			ret = copy_failed(s, res, n);
		PQclear(res);
	}
	return ret;
}

static int
pg_sample_add(struct store *s, int64_t series_id, int64_t seq,
    int64_t round, double value, int64_t origin)
{
	struct pg_pending *p;
	uint64_t bits;

	if (s->pending == NULL)
		s->pending = xreallocarray(NULL, PG_COPY_ROWS,
		    sizeof(*s->pending));
	if (s->npending == 0)
		sb_add(&s->copy, copy_header, sizeof(copy_header));
	p = &s->pending[s->npending++];
	s->added_samples++;
	p->series_id = series_id;
	p->seq = seq;
	p->origin = origin;
	add_be(&s->copy, 4, 2);
	add_int8_field(&s->copy, series_id);
	add_int8_field(&s->copy, seq);
	if (round == STORE_NO_ROUND)
		add_be(&s->copy, 0xffffffffu, 4);	/* -1: NULL */
	else
		add_int8_field(&s->copy, round);
	memcpy(&bits, &value, sizeof(bits));
	add_be(&s->copy, 8, 4);
	add_be(&s->copy, bits, 8);
	if (s->npending == PG_COPY_ROWS)
		return store_flush(s);
	return s->npending % PG_BATCH == 0 ? copy_send(s) : 0;
}

/*
 * The key of a unique violation's DETAIL, "Key (series_id, seq)=(3, 17)
 * already exists." (in English: a server speaking another language
 * gives its own message instead, and the sample is not named).
 */
static int
dup_key(const char *detail, long long *sid, long long *seq)
{
	static const char head[] = "Key (series_id, seq)=(";
	char *end;

	if (strncmp(detail, head, sizeof(head) - 1) != 0)
		return -1;
	errno = 0;
	*sid = strtoll(detail + sizeof(head) - 1, &end, 10);
	if (errno != 0 || strncmp(end, ", ", 2) != 0)
		return -1;
	*seq = strtoll(end + 2, &end, 10);
	return errno != 0 || *end != ')' ? -1 : 0;
}

/*
 * The row of the COPY the server refused, from its CONTEXT "COPY sample,
 * line N" (N counts rows in the binary format; the words may be in the
 * server's language, the number last): 0 when not said.
 */
static size_t
copy_row(const PGresult *res)
{
	static const char head[] = "COPY sample, ";
	const char *ctx = PQresultErrorField(res, PG_DIAG_CONTEXT);
	const char *p;
	unsigned long long row;

	if (ctx == NULL || (p = strstr(ctx, head)) == NULL)
		return 0;
	p += sizeof(head) - 1;
	while (*p != '\0' && *p != '\n' && !isdigit((unsigned char)*p))
		p++;
	if (!isdigit((unsigned char)*p))
		return 0;
	errno = 0;
	row = strtoull(p, NULL, 10);
	return errno != 0 || row > SIZE_MAX ? 0 : (size_t)row;
}

/*
 * A COPY that failed on a duplicate names the sample, as SQLite's does:
 * the row the server names, else the first of its key (a key thrice in
 * one COPY: the second is the duplicate, and the server names it).
 */
static int
copy_failed(struct store *s, const PGresult *res, size_t n)
{
	const char *state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
	const char *detail = PQresultErrorField(res, PG_DIAG_MESSAGE_DETAIL);
	long long sid, seq;
	size_t i, row = copy_row(res);

	s->failed_origin = 0;
	if (state == NULL || strcmp(state, "23505") != 0 || detail == NULL ||
	    dup_key(detail, &sid, &seq) == -1)
		return pg_fail(s, res, "storing %zu samples", n);
	if (row >= 1 && row <= n && s->pending[row - 1].series_id == sid &&
	    s->pending[row - 1].seq == seq)
		s->failed_origin = s->pending[row - 1].origin;
	else
		for (i = 0; i < n && s->failed_origin == 0; i++)
			if (s->pending[i].series_id == sid &&
			    s->pending[i].seq == seq)
				s->failed_origin = s->pending[i].origin;
	sb_reset(&s->err);
	sb_addf(&s->err, "sample %lld of this series is there already", seq);
	return -1;
}

static int
pg_flush(struct store *s)
{
	if (s->npending == 0)
		return 0;
	add_be(&s->copy, 0xffffu, 2);	/* the trailer: -1 fields */
	if (copy_send(s) == -1)
		return -1;
	return copy_end(s, NULL);
}

static int64_t
pg_failed_origin(const struct store *s)
{
	return s->failed_origin;
}

/* A double as a parameter: NULL for NaN (no interval). */
static const char *
real_param(char *buf, size_t size, double v)
{
	if (isnan(v))
		return NULL;
	snprintf(buf, size, "%.17g", v);
	return buf;
}

static int
pg_summary_put(struct store *s, int64_t series_id,
    const struct series_summary *sum)
{
	char id[PG_INT_BUFSIZE], n[PG_INT_BUFSIZE], r[4][32];
	const char *p[6];

	p[0] = pg_int(id, series_id);
	p[1] = pg_int(n, sum->n);
	p[2] = real_param(r[0], sizeof(r[0]), sum->median);
	p[3] = real_param(r[1], sizeof(r[1]), sum->lo);
	p[4] = real_param(r[2], sizeof(r[2]), sum->hi);
	p[5] = real_param(r[3], sizeof(r[3]), sum->level);
	s->added_summaries++;
	return pg_do(s, "INSERT INTO series_summary (series_id, n, median, lo,"
	    " hi, level) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT"
	    " (series_id) DO UPDATE SET n = excluded.n, median ="
	    " excluded.median, lo = excluded.lo, hi = excluded.hi, level ="
	    " excluded.level", 6, p, "caching a series summary");
}

/* ---- the nightly log ---- */

static int
pg_nightly_begin(struct store *s, struct nightly_info *ni)
{
	char pid[PG_INT_BUFSIZE];
	const char *p[8];

	p[0] = ni->name;
	p[1] = ni->label;
	p[2] = ni->config;
	p[3] = ni->host;
	p[4] = pg_int(pid, ni->pid);
	p[5] = ni->started_at;
	p[6] = ni->status;
	p[7] = ni->process;
	return pg_insert_id(s, "INSERT INTO nightly (name, label, config,"
	    " host, pid, started_at, status, process) VALUES ($1, $2, $3, $4,"
	    " $5, $6, $7, $8) RETURNING id", 8, p, "logging the nightly's start",
	    &ni->id);
}

static int
pg_nightly_end(struct store *s, const struct nightly_info *ni)
{
	char c[PG_INT_BUFSIZE], f[PG_INT_BUFSIZE], t[PG_INT_BUFSIZE];
	char id[PG_INT_BUFSIZE];
	const char *p[6];

	p[0] = ni->ended_at;
	p[1] = ni->status;
	p[2] = pg_int(c, ni->collections);
	p[3] = pg_int(f, ni->failed);
	p[4] = ni->trend >= 0 ? pg_int(t, ni->trend) : NULL;
	p[5] = pg_int(id, ni->id);
	return pg_do(s, "UPDATE nightly SET ended_at = $1, status = $2,"
	    " collections = $3, failed = $4, trend = $5 WHERE id = $6", 6, p,
	    "logging the nightly's end");
}

/* The PostgreSQL backend, as store.c dispatches to it. */
/*
 * A session advisory lock keyed by name's hash (hashtextextended: the
 * same key on every host), taken without waiting: held until the
 * connection ends, as a process's end ends it.
 */
static int
pg_lock_named(struct store *s, const char *name, int *busy)
{
	const char *p = name;
	PGresult *res;
	int got;

	if ((res = pg_query(s, "SELECT pg_try_advisory_lock("
	    "hashtextextended('kbench ' || $1, 0))", 1, &p,
	    "taking a lock")) == NULL)
		return -1;
	got = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
	PQclear(res);
	if (got)
		return 0;
	*busy = 1;
	return pg_said(s, "another session holds the lock of %s", name);
}

/*
 * A session lock lives as long as its connection: one that answers
 * holds it still.
 */
static int
pg_lock_held(struct store *s)
{
	if (PQstatus(s->conn) != CONNECTION_OK) {
		pg_said(s, "the server ended the connection");
		return 0;
	}
	return pg_exec(s, "SELECT 1", "asking whether the connection is "
	    "alive") == 0;
}

const struct store_ops store_pg_ops = {
	.name = "postgresql",
	.open = pg_open,
	.open_stage = NULL,		/* the stage is SQLite's */
	.close = pg_close,
	.stage_copy = NULL,		/* nor is it ever a stage */
	.error = pg_error,
	.set_error = pg_set_error,
	.path = pg_public,
	.location_public = pg_public,
	.open_peer = pg_open_peer,
	.writable = pg_writable,
	.begin = pg_begin,
	.commit = pg_commit,
	.rollback = pg_rollback,
	.read_begin = pg_read_begin,
	.read_end = pg_read_end,
	.data_version = pg_data_version,
	.bound_reads = pg_bound_reads,
	.bound_hit = pg_bound_hit,
	.check_source = pg_check_source,
	.release_memory = pg_no_cache,
	.read_through = pg_no_cache,
	.run_create = pg_run_create,
	.run_finish = pg_run_finish,
	.run_by_uuid = pg_run_by_uuid,
	.run_delete = pg_run_delete,
	.fact_set = pg_fact_set,
	.series_get = pg_series_get,
	.sample_add = pg_sample_add,
	.flush = pg_flush,
	.failed_origin = pg_failed_origin,
	.each_run = pg_each_run,
	.each_sample = pg_each_sample,
	.each_series = pg_each_series,
	.series_samples = pg_series_samples,
	.count_uncached = pg_count_uncached,
	.series_samples_from = pg_series_samples_from,
	.series_rounds = pg_series_rounds,
	.series_values = pg_series_values,
	.series_shape = pg_series_shape,
	.summary_put = pg_summary_put,
	.fact_keys = pg_fact_keys,
	.series_keys = pg_series_keys,
	.label_exists = pg_label_exists,
	.nightly_begin = pg_nightly_begin,
	.nightly_end = pg_nightly_end,
	.each_nightly = pg_each_nightly,
	.nightly_label_taken = pg_nightly_label_taken,
	.lock_named = pg_lock_named,
	.lock_held = pg_lock_held,
};
