/*
 * store.c: the SQLite store.  Prepare once, bind every value, step,
 * reset, check: sqlite's own shell is the model.  Errors are kept in
 * s->err with their context, for the command to print.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "kbench_exit.h"
#include "db/schema.h"
#include "db/store.h"
#include "db/store_private.h"
#include "db/store_impl.h"

/* Long enough for a collector waiting on a concurrent one's commit. */
#define BUSY_TIMEOUT_MS	60000

/* Rows per multi-row INSERT: past ~50 the gain flattens. */
#define SAMPLE_BATCH	64

struct pending_sample {
	int64_t	series_id;
	int64_t	seq;
	int64_t	round;		/* STORE_NO_ROUND: NULL */
	double	value;
	int64_t	origin;
};

struct store {
	struct store_head head;		/* first: store_impl.h */
	sqlite3		*db;
	char		*path;
	struct strbuf	 err;
	int		 empty;		/* read-only, and no schema yet */
	struct strbuf	 name;		/* scratch: a series name */
	/* Samples not yet inserted, and where a failed one came from. */
	struct pending_sample pending[SAMPLE_BATCH];
	size_t		 npending;
	int64_t		 failed_origin;
	/* Statements of the write path, prepared on first use. */
	sqlite3_stmt	*ins_sample;
	sqlite3_stmt	*ins_samples;	/* SAMPLE_BATCH rows */
	sqlite3_stmt	*sel_series;
	sqlite3_stmt	*ins_series;
	sqlite3_stmt	*ins_series_key;
	sqlite3_stmt	*ins_fact;
	sqlite3_stmt	*sel_values;
	sqlite3_stmt	*ins_summary;
	sqlite3_stmt	*sel_samples_from;
	sqlite3_stmt	*sel_rounds;
	sqlite3_stmt	*sel_shape;
	int		 readonly;
	int		 in_txn;	/* between store_begin() and its end */
	struct odir	*copy_dir;	/* a private copy read (store_rocopy.c) */
	/* store_bound_reads(): the SQLite steps left, the whole bound. */
	int64_t		 steps_left, steps_bound;
	int		 bound_hit;
};

static void	 bind_text(sqlite3_stmt *st, int i, const char *v);
static const char *col_text(sqlite3_stmt *st, int i);

static int
vfail_at(struct store *s, const char *path, const char *fmt, va_list ap)
{
	char buf[512];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	sb_reset(&s->err);
	if (s->bound_hit)
		sb_addf(&s->err, "%s: %s: more than %lld SQLite steps, the bound "
		    "for a database of its size: a crafted database?", path, buf,
		    (long long)s->steps_bound);
	else
		sb_addf(&s->err, "%s: %s: %s", path, buf, sqlite3_errmsg(s->db));
	return -1;
}

/* Record "PATH: context: sqlite's message" as the error; returns -1. */
static int
fail(struct store *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int
fail(struct store *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail_at(s, s->path, fmt, ap);
	va_end(ap);
	return -1;
}

/* The same, naming another file that s's connection has attached. */
static int
fail_at(struct store *s, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int
fail_at(struct store *s, const char *path, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail_at(s, path, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * Inside a transaction, a write may go on only while the transaction is
 * there: on SQLITE_FULL, IOERR or NOMEM SQLite may roll it back by
 * itself, and every later statement would then commit on its own (a
 * partial run marked complete).  0, or -1 with the error set.
 */
static int
txn_alive(struct store *s)
{
	if (!s->in_txn || !sqlite3_get_autocommit(s->db))
		return 0;
	sb_reset(&s->err);
	sb_addf(&s->err, "%s: the transaction was rolled back by an earlier "
	    "error: nothing more is written", s->path);
	return -1;
}

static int
exec(struct store *s, const char *sql, const char *what)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return fail(s, "%s", what);
	return 0;
}

static int
prepare(struct store *s, sqlite3_stmt **stmt, const char *sql)
{
	if (*stmt != NULL)
		return 0;
	if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, stmt,
	    NULL) != SQLITE_OK)
		return fail(s, "preparing \"%.60s\"", sql);
	return 0;
}

/* Step a statement that returns no row, and reset it for the next use. */
static int
step_done(struct store *s, sqlite3_stmt *stmt, const char *what)
{
	int rc = sqlite3_step(stmt);

	sqlite3_reset(stmt);
	sqlite3_clear_bindings(stmt);
	if (rc != SQLITE_DONE)
		return fail(s, "%s", what);
	return 0;
}

static int
pragma_int(struct store *s, const char *sql, int *out)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return fail(s, "%s", sql);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return fail(s, "%s", sql);
	return 0;
}

/* Bring the schema up to date, or refuse a database from the future. */
static int
migrate(struct store *s, int readonly)
{
	static const char state[] = "SELECT (SELECT user_version FROM"
	    " pragma_user_version), (SELECT application_id FROM"
	    " pragma_application_id), (SELECT count(*) FROM sqlite_schema)";
	sqlite3_stmt *st = NULL;
	int version = 0, appid = 0, ntables = 0, v, rc;
	char sql[64];

	/*
	 * One statement, one snapshot: read one by one, another process's
	 * migration could commit between them (its tables, not yet its
	 * application_id: "not kbench's").
	 */
	if (sqlite3_prepare_v2(s->db, state, -1, &st, NULL) != SQLITE_OK)
		return fail(s, "reading the schema version");
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		version = sqlite3_column_int(st, 0);
		appid = sqlite3_column_int(st, 1);
		ntables = sqlite3_column_int(st, 2);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return fail(s, "reading the schema version");
	if (appid != SCHEMA_APPLICATION_ID && (appid != 0 || ntables > 0)) {
		sb_reset(&s->err);
		sb_addf(&s->err, "%s: an SQLite database, but not kbench's "
		    "(application_id %d, %d schema objects)", s->path, appid,
		    ntables);
		return -1;
	}
	if (version > schema_version()) {
		sb_reset(&s->err);
		sb_addf(&s->err, "%s: schema version %d is newer than this "
		    "kbench (%s) knows (%d): upgrade kbench", s->path, version,
		    KBENCH_VERSION, schema_version());
		return -1;
	}
	if (version == schema_version())
		return 0;
	if (readonly && version == 0 && ntables == 0) {
		/*
		 * Nothing in it yet: a file another kbench is creating (its
		 * schema not committed), or an empty one.  Nothing to read,
		 * as when there is no database.
		 */
		sb_reset(&s->err);
		sb_addf(&s->err, "%s: an empty database, no kbench data in it "
		    "yet (another kbench may be creating it)", s->path);
		s->empty = 1;
		return -1;
	}
	if (readonly) {
		sb_reset(&s->err);
		sb_addf(&s->err, "%s: schema version %d needs migrating to %d, "
		    "and the database is opened read-only", s->path, version,
		    schema_version());
		return -1;
	}
	if (store_begin(s) == -1)
		return -1;
	/* Another process may have migrated while we waited for the lock. */
	if (pragma_int(s, "PRAGMA user_version", &version) == -1)
		goto fail;
	for (v = version; v < schema_version(); v++) {
		if (sqlite3_exec(s->db, schema_migration(v), NULL, NULL,
		    NULL) != SQLITE_OK) {
			fail(s, "migrating schema %d to %d", v, v + 1);
			goto fail;
		}
	}
	snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", schema_version());
	if (exec(s, sql, "setting user_version") == -1)
		goto fail;
	snprintf(sql, sizeof(sql), "PRAGMA application_id = %d",
	    SCHEMA_APPLICATION_ID);
	if (exec(s, sql, "setting application_id") == -1)
		goto fail;
	return store_commit(s);
fail:
	store_rollback(s);
	return -1;
}

/*
 * A read-only database whose -shm file we may not create, and with no
 * commit in a -wal, is read as "immutable": the URI form of path with
 * that parameter.
 */
static char *
immutable_uri(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	const unsigned char *p;

	sb_adds(&sb, "file:");
	for (p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("/-._~", *p) != NULL)
			sb_add(&sb, (const char *)p, 1);
		else
			sb_addf(&sb, "%%%02X", *p);
	}
	sb_adds(&sb, "?immutable=1");
	return sb.buf;
}

/*
 * WAL mode, once for all (the file remembers it).  The switch of a new
 * database writes its header with a read transaction open, so SQLite
 * returns SQLITE_BUSY at once, without the busy handler, when another
 * process is making the same switch: wait and retry, as the handler
 * would have.
 */
static int
set_wal(struct store *s)
{
	struct timespec pause = { 0, 5 * 1000000 };
	long waited;
	int rc;

	for (waited = 0; ; waited += 5) {
		rc = sqlite3_exec(s->db, "PRAGMA journal_mode = WAL", NULL, NULL,
		    NULL);
		if (rc == SQLITE_OK)
			return 0;
		if ((rc & 0xff) != SQLITE_BUSY || waited >= BUSY_TIMEOUT_MS)
			return fail(s, "setting WAL mode");
		nanosleep(&pause, NULL);
	}
}

/*
 * A read-only database SQLite cannot open as it is: no -shm can be made
 * beside it.  "immutable" reads the main file alone, right only when no
 * commit waits in its -wal; else a private copy (store_rocopy.c), or,
 * with a -shm there (a writer may be at work), a refusal that says why.
 */
static int
open_without_shm(struct store *s, const char *path)
{
	char *uri, *copy;
	int rc;

	switch (store_wal_state(path)) {
	case STORE_WAL_NONE:
		uri = immutable_uri(path);
		rc = sqlite3_open_v2(uri, &s->db, SQLITE_OPEN_READONLY |
		    SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, NULL);
		free(uri);
		return rc;
	case STORE_WAL_SHM:
		sb_addf(&s->err, "%s: its -wal holds commits, and its -shm "
		    "cannot be opened: read without them it would show only "
		    "part of the database; read it as a user who may open "
		    "%s-shm, or copy the database with its -wal (not the -shm) "
		    "to a directory of yours", path, path);
		return SQLITE_CANTOPEN;
	default:
		if (store_private_copy(path, &s->copy_dir, &copy, &s->err) == -1)
			return SQLITE_CANTOPEN;
		/* Read-write: the copy is ours, and SQLite makes its -shm. */
		rc = sqlite3_open_v2(copy, &s->db, SQLITE_OPEN_READWRITE |
		    SQLITE_OPEN_NOMUTEX, NULL);
		free(copy);
		return rc;
	}
}

static int
open_db_as(struct store *s, const char *path, int readonly)
{
	int rc;

	/* NOMUTEX: one thread per connection, so SQLite's own locks are waste. */
	rc = sqlite3_open_v2(path, &s->db, SQLITE_OPEN_NOMUTEX | (readonly ?
	    SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE),
	    NULL);
	if (rc != SQLITE_OK || !readonly)
		return rc;
	/* A writer's commit is no reason to fall back to "immutable". */
	sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
	if (sqlite3_exec(s->db, "SELECT count(*) FROM sqlite_schema", NULL,
	    NULL, NULL) == SQLITE_OK ||
	    (sqlite3_errcode(s->db) & 0xff) == SQLITE_NOTADB)
		return SQLITE_OK;
	sqlite3_close(s->db);
	s->db = NULL;
	return open_without_shm(s, path);
}

/*
 * "file:..." is a URI to an SQLite built to read them: another file
 * than the one stat() and the companions' check looked at.  "./file:..."
 * is that file.
 */
static int
open_db(struct store *s, const char *path, int readonly)
{
	struct strbuf dot = STRBUF_INIT;
	int rc;

	if (strncmp(path, "file:", 5) != 0)
		return open_db_as(s, path, readonly);
	sb_addf(&dot, "./%s", path);
	rc = open_db_as(s, sb_str(&dot), readonly);
	sb_free(&dot);
	return rc;
}

/*
 * Could the owner of companion c have written database db itself?  Its
 * owner, root, or one its mode lets write: else c is a stranger's, and
 * SQLite would replay the commits in it as the database's own.
 */
static int
writer_of(const struct stat *c, const struct stat *db)
{
	return c->st_uid == db->st_uid || c->st_uid == 0 ||
	    (db->st_mode & S_IWOTH) != 0 ||
	    ((db->st_mode & S_IWGRP) != 0 && c->st_gid == db->st_gid);
}

/*
 * The files SQLite opens beside database path (db its stat), when
 * there, are regular files (a FIFO planted as the -wal would hold the
 * first read forever) of someone who may write the database (one
 * another user planted in a shared directory would be read, and
 * checkpointed, into it).  0, or -1 with err set.
 */
static int
companions_trusted(const char *path, const struct stat *db,
    struct strbuf *err)
{
	static const char *const suffix[] = { "-wal", "-shm", "-journal" };
	struct strbuf name = STRBUF_INIT;
	struct stat sb;
	size_t i;
	int rc = 0;

	for (i = 0; i < sizeof(suffix) / sizeof(suffix[0]) && rc == 0; i++) {
		sb_reset(&name);
		sb_addf(&name, "%s%s", path, suffix[i]);
		if (stat(sb_str(&name), &sb) == -1)
			continue;
		rc = -1;
		if (!S_ISREG(sb.st_mode))
			sb_addf(err, "%s: not a regular file, as a database's "
			    "%s is", sb_str(&name), suffix[i]);
		else if (db != NULL && !writer_of(&sb, db))
			sb_addf(err, "%s: owned by uid %ld, who may not write "
			    "the database (uid %ld's): its commits would be "
			    "taken as the database's; remove it if it is not "
			    "yours", sb_str(&name), (long)sb.st_uid,
			    (long)db->st_uid);
		else
			rc = 0;
	}
	sb_free(&name);
	return rc;
}

/* An open that failed: its error into err, the store closed; NULL. */
static struct store *
open_failed(struct store *s, struct strbuf *err)
{
	sb_adds(err, sb_str(&s->err));
	store_close(s);
	return NULL;
}

/*
 * Can this process write the database and make its -wal and -shm files
 * beside it?  When not, a reader opens it read-only: read-write, SQLite
 * would try to create them and fail, and a reader needs neither.
 */
static int
writable_here(const char *path)
{
	struct strbuf dir = STRBUF_INIT;
	/* SQLite puts them beside the file a symbolic link leads to. */
	char *real = realpath(path, NULL);
	const char *slash;
	int ok;

	if (real != NULL)
		path = real;
	slash = strrchr(path, '/');
	if (access(path, W_OK) == -1) {
		free(real);
		return 0;
	}
	if (slash == NULL)
		sb_adds(&dir, ".");
	else
		sb_add(&dir, path, slash == path ? 1 : (size_t)(slash - path));
	ok = access(sb_str(&dir), W_OK) == 0;
	sb_free(&dir);
	free(real);
	return ok;
}

/*
 * The permission policy: STORE_READER opens read-only what this process
 * may not write; a writer is refused it.  The flags to open with, or
 * -1 (said into err).
 */
static int
access_policy(const char *path, unsigned flags, struct strbuf *err)
{
	if (flags & STORE_READONLY)
		return (int)flags;
	if (flags & STORE_READER)
		return !writable_here(path) && access(path, R_OK) == 0 ?
		    (int)(flags | STORE_READONLY) : (int)flags;
	if (access(path, F_OK) == 0 && access(path, W_OK) == -1) {
		sb_addf(err, "%s: the database is read-only here (no write "
		    "permission)", path);
		return -1;
	}
	return (int)flags;
}

static struct store *
sq_open(const char *path, unsigned flags, struct strbuf *err, int *why)
{
	struct store *s;
	struct stat sb;
	int readonly, there, policy;

	*why = 0;
	if ((policy = access_policy(path, flags, err)) == -1)
		return NULL;
	flags = (unsigned)policy;
	readonly = (flags & STORE_READONLY) != 0;
	if (!(there = stat(path, &sb) == 0)) {
		if (errno == ENOENT && !(flags & STORE_CREATE)) {
			sb_addf(err, "%s: no such database (kbench import or "
			    "kbench collect creates one; -d PATH chooses "
			    "another)", path);
			*why = STORE_ENOENT;
			return NULL;
		}
	} else if (!S_ISREG(sb.st_mode)) {
		/* A FIFO would hold the open forever, a device read as one. */
		sb_addf(err, "%s: not a regular file, as a database is", path);
		return NULL;
	}
	if (companions_trusted(path, there ? &sb : NULL, err) == -1)
		return NULL;
	s = xcalloc(1, sizeof(*s));
	s->head.ops = &store_sqlite_ops;
	s->path = xstrdup(path);
	s->readonly = readonly;
	if (open_db(s, path, readonly) != SQLITE_OK) {
		if (s->err.len == 0)
			fail(s, "cannot open");
		goto fail;
	}
	sqlite3_extended_result_codes(s->db, 1);
	sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
	/* The first read of the file: say plainly when it is no database. */
	if (sqlite3_exec(s->db, "SELECT count(*) FROM sqlite_schema", NULL, NULL,
	    NULL) != SQLITE_OK) {
		if ((sqlite3_errcode(s->db) & 0xff) == SQLITE_NOTADB) {
			sb_addf(err, "%s: not an SQLite database", path);
			store_close(s);
			return NULL;
		}
		fail(s, "cannot read");
		goto fail;
	}
	if (exec(s, "PRAGMA foreign_keys = ON", "enabling foreign keys") == -1)
		goto fail;
	if (!readonly && (set_wal(s) == -1 ||
	    /* FULL: a commit survives a power loss, and costs one fsync. */
	    exec(s, "PRAGMA synchronous = FULL", "setting synchronous") == -1))
		goto fail;
	/* 16 MiB of page cache: room for the b-tree paths of a bulk insert. */
	if (exec(s, "PRAGMA cache_size = -16384", "setting cache size") == -1)
		goto fail;
	if (migrate(s, readonly) == -1) {
		if (s->empty)
			*why = STORE_ENOENT;
		goto fail;
	}
	return s;
fail:
	return open_failed(s, err);
}

static struct store *
sq_open_stage(struct strbuf *err)
{
	struct store *s = xcalloc(1, sizeof(*s));

	s->head.ops = &store_sqlite_ops;
	s->path = xstrdup("the staging area (a temporary file in $TMPDIR)");
	/* "": a private database on disk, deleted when closed (or killed). */
	if (sqlite3_open_v2("", &s->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		fail(s, "cannot open");
		goto fail;
	}
	sqlite3_extended_result_codes(s->db, 1);
	sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
	/*
	 * Never read by another: no fsync, and the journal in memory.  Not
	 * none: a multi-row INSERT that fails (a seq twice) must undo its
	 * rows, or the row-by-row retry names a row it left behind.
	 */
	if (exec(s, "PRAGMA journal_mode = MEMORY", "setting the journal") == -1 ||
	    exec(s, "PRAGMA synchronous = OFF", "setting synchronous") == -1 ||
	    exec(s, "PRAGMA foreign_keys = ON", "enabling foreign keys") == -1 ||
	    exec(s, "PRAGMA cache_size = -16384", "setting cache size") == -1 ||
	    migrate(s, 0) == -1)
		goto fail;
	return s;
fail:
	return open_failed(s, err);
}

/* Run one statement of the copy, its offsets bound as ?1 and ?2. */
static int
stage_step(struct store *st, const char *dst, const char *sql,
    int64_t roff, int64_t soff, const char *what)
{
	sqlite3_stmt *q = NULL;
	int rc;

	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return fail_at(st, dst, "preparing the copy of %s", what);
	if (sqlite3_bind_parameter_count(q) >= 1)
		sqlite3_bind_int64(q, 1, roff);
	if (sqlite3_bind_parameter_count(q) >= 2)
		sqlite3_bind_int64(q, 2, soff);
	rc = sqlite3_step(q);
	sqlite3_finalize(q);
	if (rc != SQLITE_DONE)
		return fail_at(st, dst, "copying %s", what);
	return 0;
}

/*
 * The copy, table by table, every id moved past the largest there: the
 * destination is locked, so nobody takes those ids meanwhile.  The
 * column lists are the schema's (schema.c): a migration that adds a
 * column adds it here.
 */
static const struct {
	const char	*what;
	const char	*sql;
} stage_copy[] = {
	{ "the runs", "INSERT INTO dst.run (id, uuid, label, benchmark, status,"
	  " started_at, ended_at, command, tool_version) SELECT id + ?1, uuid,"
	  " label, benchmark, status, started_at, ended_at, command,"
	  " tool_version FROM main.run ORDER BY id" },
	{ "the run facts", "INSERT INTO dst.run_fact (run_id, key, value)"
	  " SELECT run_id + ?1, key, value FROM main.run_fact" },
	{ "the series", "INSERT INTO dst.series (id, run_id, name, unit, better)"
	  " SELECT id + ?2, run_id + ?1, name, unit, better FROM main.series"
	  " ORDER BY id" },
	{ "the series keys", "INSERT INTO dst.series_key (series_id, key, value)"
	  " SELECT series_id + ?2, key, value FROM main.series_key" },
	{ "the samples", "INSERT INTO dst.sample (series_id, seq, round,"
	  " value) SELECT series_id + ?2, seq, round, value FROM main.sample" },
	{ "the series summaries", "INSERT INTO dst.series_summary (series_id, n,"
	  " median, lo, hi, level) SELECT series_id + ?2, n, median, lo, hi,"
	  " level FROM main.series_summary" },
};

static int
sq_stage_copy(struct store *st, struct store *dst, struct stage_dup *dup)
{
	const char *path = dst->path;
	const char *file = sqlite3_db_filename(dst->db, "main");
	sqlite3_stmt *q = NULL;
	int64_t roff = 0, soff = 0;
	size_t i;
	int rc, ret = -1;

	memset(dup, 0, sizeof(*dup));
	if (store_flush(st) == -1)
		return -1;
	if (sqlite3_prepare_v2(st->db, "ATTACH DATABASE ? AS dst", -1, &q,
	    NULL) != SQLITE_OK)
		return fail_at(st, path, "preparing to attach");
	bind_text(q, 1, file != NULL && *file != '\0' ? file : path);
	rc = sqlite3_step(q);
	sqlite3_finalize(q);
	if (rc != SQLITE_DONE)
		return fail_at(st, path, "attaching");
	q = NULL;
	if (sqlite3_exec(st->db, "PRAGMA dst.synchronous = FULL; BEGIN IMMEDIATE",
	    NULL, NULL, NULL) != SQLITE_OK) {
		fail_at(st, path, "starting a write transaction");
		goto out;
	}
	/* A run here already, by uuid: named, nothing copied. */
	if (sqlite3_prepare_v2(st->db, "SELECT s.id, s.uuid, d.id FROM main.run s"
	    " JOIN dst.run d ON d.uuid = s.uuid ORDER BY s.id LIMIT 1", -1, &q,
	    NULL) != SQLITE_OK) {
		fail_at(st, path, "preparing the run lookup");
		goto out;
	}
	if ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		dup->stage_id = sqlite3_column_int64(q, 0);
		dup->uuid = xstrdup(col_text(q, 1));
		dup->id = sqlite3_column_int64(q, 2);
		ret = 1;
		goto out;
	}
	if (rc != SQLITE_DONE) {
		fail_at(st, path, "looking up the runs");
		goto out;
	}
	sqlite3_finalize(q);
	if (sqlite3_prepare_v2(st->db, "SELECT (SELECT coalesce(max(id), 0) FROM"
	    " dst.run), (SELECT coalesce(max(id), 0) FROM dst.series)", -1, &q,
	    NULL) != SQLITE_OK || sqlite3_step(q) != SQLITE_ROW) {
		fail_at(st, path, "reading the last ids");
		goto out;
	}
	roff = sqlite3_column_int64(q, 0);
	soff = sqlite3_column_int64(q, 1);
	for (i = 0; i < sizeof(stage_copy) / sizeof(stage_copy[0]); i++)
		if (stage_step(st, path, stage_copy[i].sql, roff, soff,
		    stage_copy[i].what) == -1)
			goto out;
	if (sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		fail_at(st, path, "committing");
		goto out;
	}
	ret = 0;
out:
	sqlite3_finalize(q);
	if (!sqlite3_get_autocommit(st->db))
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_exec(st->db, "DETACH DATABASE dst", NULL, NULL, NULL);
	return ret;
}

static void
sq_close(struct store *s)
{
	if (s == NULL)
		return;
	sqlite3_finalize(s->ins_sample);
	sqlite3_finalize(s->ins_samples);
	sqlite3_finalize(s->sel_series);
	sqlite3_finalize(s->ins_series);
	sqlite3_finalize(s->ins_series_key);
	sqlite3_finalize(s->ins_fact);
	sqlite3_finalize(s->sel_values);
	sqlite3_finalize(s->ins_summary);
	sqlite3_finalize(s->sel_samples_from);
	sqlite3_finalize(s->sel_rounds);
	sqlite3_finalize(s->sel_shape);
	sqlite3_close(s->db);
	store_private_remove(s->copy_dir);
	sb_free(&s->err);
	sb_free(&s->name);
	free(s->path);
	store_head_free(&s->head);
	free(s);
}

sqlite3 *
store_sqlite(struct store *s)
{
	return s->db;
}

int
store_failed(struct store *s, const char *what)
{
	return fail(s, "%s", what);
}

/* SQLite's progress handler: every PROGRESS_STEPS steps of a statement. */
#define PROGRESS_STEPS	10000

static int
count_steps(void *arg)
{
	struct store *s = arg;

	s->steps_left -= PROGRESS_STEPS;
	if (s->steps_left >= 0)
		return 0;
	s->bound_hit = 1;
	return 1;	/* the statement ends, SQLITE_INTERRUPT */
}

static int
sq_bound_reads(struct store *s, int64_t base, int64_t per_byte)
{
	int pages = 0, page_size = 0;

	if (pragma_int(s, "PRAGMA page_count", &pages) == -1 ||
	    pragma_int(s, "PRAGMA page_size", &page_size) == -1)
		return -1;
	s->steps_bound = base + per_byte * (int64_t)pages * page_size;
	s->steps_left = s->steps_bound;
	sqlite3_progress_handler(s->db, PROGRESS_STEPS, count_steps, s);
	return 0;
}

static int
sq_bound_hit(const struct store *s)
{
	return s->bound_hit;
}

static void
sq_set_error(struct store *s, const char *msg)
{
	char *copy = xstrdup(msg);	/* msg may be s's own error */

	sb_reset(&s->err);
	sb_adds(&s->err, copy);
	free(copy);
}

static const char *
sq_error(const struct store *s)
{
	return sb_str(&s->err);
}

static const char *
sq_path(const struct store *s)
{
	return s->path;
}

static const char *
sq_location_public(const struct store *s)
{
	return s->path;
}

static struct store *
sq_open_peer(const struct store *s, struct strbuf *err)
{
	const char *copy = sqlite3_db_filename(s->db, "main");
	struct store *p;
	int why;

	if (s->copy_dir == NULL || copy == NULL || *copy == '\0')
		return store_open(s->path, s->readonly ? STORE_READONLY : 0,
		    err, &why);
	/*
	 * A private copy of a read-only WAL database (store_rocopy.c) is
	 * read again, not copied again: one copy however many threads read
	 * (a year's database is 1.5 GB).  Named as the database it is.
	 */
	if ((p = store_open(copy, STORE_READONLY, err, &why)) != NULL) {
		free(p->path);
		p->path = xstrdup(s->path);
	}
	return p;
}

static int
sq_writable(const struct store *s)
{
	return !s->readonly;
}

int
store_schema_version(void)
{
	return schema_version();
}

static int
sq_begin(struct store *s)
{
	if (exec(s, "BEGIN IMMEDIATE", "starting a write transaction") == -1)
		return -1;
	s->in_txn = 1;
	s->failed_origin = 0;
	return 0;
}

static int
sq_commit(struct store *s)
{
	if (store_flush(s) == -1 || txn_alive(s) == -1)
		return -1;
	if (exec(s, "COMMIT", "committing") == -1)
		return -1;
	s->in_txn = 0;
	return 0;
}

static int
sq_read_begin(struct store *s)
{
	/* BEGIN alone takes no snapshot: the first read does. */
	return exec(s, "BEGIN; SELECT count(*) FROM sqlite_schema",
	    "starting a read transaction");
}

static void
sq_read_end(struct store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
}

static void
sq_release_memory(struct store *s)
{
	sqlite3_db_release_memory(s->db);
}

static void
sq_read_through(struct store *s)
{
	/* Only the cache's size: nothing to say if it fails. */
	(void)sqlite3_exec(s->db, "PRAGMA cache_size = -2048", NULL, NULL,
	    NULL);
}

static int
sq_data_version(struct store *s, int64_t *v)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (sqlite3_prepare_v2(s->db, "PRAGMA data_version", -1, &st, NULL) !=
	    SQLITE_OK)
		return fail(s, "reading data_version");
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return fail(s, "reading data_version");
	return 0;
}

static int
sq_rollback(struct store *s)
{
	s->npending = 0;
	s->in_txn = 0;
	/* Keep the error that made us roll back, not rollback's own. */
	if (sqlite3_get_autocommit(s->db))
		return 0;
	return sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL) == SQLITE_OK ?
	    0 : -1;
}



static void
bind_text(sqlite3_stmt *st, int i, const char *v)
{
	if (v == NULL)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_text(st, i, v, -1, SQLITE_STATIC);
}



static int
sq_run_create(struct store *s, struct run_info *ri)
{
	sqlite3_stmt *st = NULL;
	char uuid[37], now[40];
	int rc;

	sb_reset(&s->err);
	if (store_label_check(ri->label, &s->err) == -1 || txn_alive(s) == -1)
		return -1;
	if (ri->uuid == NULL) {
		if (store_make_uuid(uuid, &s->err) == -1)
			return -1;
	}
	store_now(now, sizeof(now));
	if (sqlite3_prepare_v2(s->db, "INSERT INTO run (uuid, label, benchmark,"
	    " status, started_at, ended_at, command, tool_version)"
	    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", -1, &st, NULL) != SQLITE_OK)
		return fail(s, "preparing run insert");
	bind_text(st, 1, ri->uuid ? ri->uuid : uuid);
	bind_text(st, 2, ri->label);
	bind_text(st, 3, ri->benchmark);
	bind_text(st, 4, ri->status ? ri->status : RUN_RUNNING);
	bind_text(st, 5, ri->started_at ? ri->started_at : now);
	bind_text(st, 6, ri->ended_at);
	bind_text(st, 7, ri->command ? ri->command : "");
	bind_text(st, 8, ri->tool_version ? ri->tool_version :
	    KBENCH_VERSION);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return fail(s, "creating run '%s'", ri->label);
	ri->id = sqlite3_last_insert_rowid(s->db);
	return 0;
}

static int
sq_run_finish(struct store *s, int64_t run_id, const char *status)
{
	sqlite3_stmt *st = NULL;
	char now[40];

	if (txn_alive(s) == -1)
		return -1;
	store_now(now, sizeof(now));
	if (sqlite3_prepare_v2(s->db, "UPDATE run SET status = ?, ended_at = ?"
	    " WHERE id = ?", -1, &st, NULL) != SQLITE_OK)
		return fail(s, "preparing run update");
	bind_text(st, 1, status);
	bind_text(st, 2, now);
	sqlite3_bind_int64(st, 3, run_id);
	if (step_done(s, st, "marking the run") == -1) {
		sqlite3_finalize(st);
		return -1;
	}
	sqlite3_finalize(st);
	return 0;
}

static int
sq_run_by_uuid(struct store *s, const char *uuid, int64_t *run_id)
{
	sqlite3_stmt *st = NULL;
	int rc;

	*run_id = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT id FROM run WHERE uuid = ?", -1,
	    &st, NULL) != SQLITE_OK)
		return fail(s, "preparing run lookup");
	bind_text(st, 1, uuid);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*run_id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return fail(s, "looking up run %s", uuid);
	return 0;
}

static int
sq_fact_set(struct store *s, int64_t run_id, const char *key,
    const char *value)
{
	if (txn_alive(s) == -1)
		return -1;
	if (prepare(s, &s->ins_fact, "INSERT OR REPLACE INTO run_fact"
	    " (run_id, key, value) VALUES (?, ?, ?)") == -1)
		return -1;
	sqlite3_bind_int64(s->ins_fact, 1, run_id);
	bind_text(s->ins_fact, 2, key);
	bind_text(s->ins_fact, 3, value);
	return step_done(s, s->ins_fact, "setting a run fact");
}


static int
sq_series_get(struct store *s, int64_t run_id, const struct series_info *si,
    int64_t *series_id)
{
	int rc;
	size_t i;

	store_series_name(si->keys, &s->name);
	if (prepare(s, &s->sel_series, "SELECT id, unit, better FROM series"
	    " WHERE run_id = ? AND name = ?") == -1)
		return -1;
	sqlite3_bind_int64(s->sel_series, 1, run_id);
	bind_text(s->sel_series, 2, sb_str(&s->name));
	rc = sqlite3_step(s->sel_series);
	if (rc == SQLITE_ROW) {
		const char *unit = (const char *)sqlite3_column_text(s->sel_series, 1);
		const char *better = (const char *)sqlite3_column_text(s->sel_series, 2);
		int same = strcmp(unit, si->unit) == 0 &&
		    strcmp(better, si->better) == 0;

		*series_id = sqlite3_column_int64(s->sel_series, 0);
		if (!same) {
			sb_reset(&s->err);
			sb_addf(&s->err, "series '%s' has unit '%s' and better "
			    "'%s' already, not '%s' and '%s'", sb_str(&s->name),
			    unit, better, si->unit, si->better);
		}
		sqlite3_reset(s->sel_series);
		return same ? 0 : -1;
	}
	sqlite3_reset(s->sel_series);
	if (rc != SQLITE_DONE)
		return fail(s, "looking up series '%s'", sb_str(&s->name));
	if (txn_alive(s) == -1)
		return -1;

	if (prepare(s, &s->ins_series, "INSERT INTO series (run_id, name, unit,"
	    " better) VALUES (?, ?, ?, ?)") == -1 ||
	    prepare(s, &s->ins_series_key, "INSERT INTO series_key (series_id,"
	    " key, value) VALUES (?, ?, ?)") == -1)
		return -1;
	sqlite3_bind_int64(s->ins_series, 1, run_id);
	bind_text(s->ins_series, 2, sb_str(&s->name));
	bind_text(s->ins_series, 3, si->unit);
	bind_text(s->ins_series, 4, si->better);
	if (step_done(s, s->ins_series, "creating a series") == -1)
		return -1;
	*series_id = sqlite3_last_insert_rowid(s->db);
	for (i = 0; i < si->keys->n; i++) {
		sqlite3_bind_int64(s->ins_series_key, 1, *series_id);
		bind_text(s->ins_series_key, 2, si->keys->v[i].key);
		bind_text(s->ins_series_key, 3, si->keys->v[i].value);
		if (step_done(s, s->ins_series_key, "storing a series key") == -1)
			return -1;
	}
	return 0;
}

/* A sample's round: NULL when it has none. */
static void
bind_round(sqlite3_stmt *st, int i, int64_t round)
{
	if (round == STORE_NO_ROUND)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_int64(st, i, round);
}

/* A round read back: STORE_NO_ROUND for NULL. */
static int64_t
col_round(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? STORE_NO_ROUND :
	    sqlite3_column_int64(st, i);
}

/* Insert one pending sample alone; a duplicate is named. */
static int
insert_one(struct store *s, const struct pending_sample *p)
{
	int rc;

	if (prepare(s, &s->ins_sample, "INSERT INTO sample (series_id, seq,"
	    " round, value) VALUES (?, ?, ?, ?)") == -1)
		return -1;
	sqlite3_bind_int64(s->ins_sample, 1, p->series_id);
	sqlite3_bind_int64(s->ins_sample, 2, p->seq);
	bind_round(s->ins_sample, 3, p->round);
	sqlite3_bind_double(s->ins_sample, 4, p->value);
	rc = sqlite3_step(s->ins_sample);
	sqlite3_reset(s->ins_sample);
	if (rc == SQLITE_DONE)
		return 0;
	s->failed_origin = p->origin;
	if (rc == SQLITE_CONSTRAINT_PRIMARYKEY) {
		sb_reset(&s->err);
		sb_addf(&s->err, "sample %lld of this series is there already",
		    (long long)p->seq);
		return -1;
	}
	return fail(s, "storing sample %lld", (long long)p->seq);
}

static int
sq_flush(struct store *s)
{
	struct strbuf sql = STRBUF_INIT;
	size_t i, n = s->npending;
	int rc;

	s->npending = 0;
	if (n > 0 && txn_alive(s) == -1)
		return -1;
	if (n < SAMPLE_BATCH) {
		for (i = 0; i < n; i++)
			if (insert_one(s, &s->pending[i]) == -1)
				return -1;
		return 0;
	}
	if (s->ins_samples == NULL) {
		sb_adds(&sql, "INSERT INTO sample (series_id, seq, round, value)"
		    " VALUES (?, ?, ?, ?)");
		for (i = 1; i < SAMPLE_BATCH; i++)
			sb_adds(&sql, ", (?, ?, ?, ?)");
		rc = prepare(s, &s->ins_samples, sb_str(&sql));
		sb_free(&sql);
		if (rc == -1)
			return -1;
	}
	for (i = 0; i < n; i++) {
		sqlite3_bind_int64(s->ins_samples, 4 * (int)i + 1,
		    s->pending[i].series_id);
		sqlite3_bind_int64(s->ins_samples, 4 * (int)i + 2,
		    s->pending[i].seq);
		bind_round(s->ins_samples, 4 * (int)i + 3, s->pending[i].round);
		sqlite3_bind_double(s->ins_samples, 4 * (int)i + 4,
		    s->pending[i].value);
	}
	rc = sqlite3_step(s->ins_samples);
	sqlite3_reset(s->ins_samples);
	if (rc == SQLITE_DONE)
		return 0;
	fail(s, "storing %zu samples", n);
	/*
	 * The statement undid itself: redo row by row to name the culprit,
	 * unless SQLite rolled the whole transaction back (a full disk):
	 * the rows would then commit one by one, on their own.
	 */
	if (s->in_txn && sqlite3_get_autocommit(s->db))
		return -1;
	for (i = 0; i < n; i++)
		if (insert_one(s, &s->pending[i]) == -1)
			return -1;
	return -1;
}

static int
sq_sample_add(struct store *s, int64_t series_id, int64_t seq,
    int64_t round, double value, int64_t origin)
{
	struct pending_sample *p = &s->pending[s->npending++];

	p->series_id = series_id;
	p->seq = seq;
	p->round = round;
	p->value = value;
	p->origin = origin;
	return s->npending == SAMPLE_BATCH ? store_flush(s) : 0;
}

static int64_t
sq_failed_origin(const struct store *s)
{
	return s->failed_origin;
}

/* Prepare sql and bind the filter's values, all as text. */
static int
prepare_filtered(struct store *s, const char *sql, const struct strlist *binds,
    sqlite3_stmt **st)
{
	size_t i;

	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK)
		return fail(s, "preparing a query");
	for (i = 0; i < binds->n; i++)
		bind_text(*st, (int)i + 1, binds->v[i]);
	return 0;
}

static const char *
col_text(sqlite3_stmt *st, int i)
{
	const char *v = (const char *)sqlite3_column_text(st, i);

	return v != NULL ? v : "";
}

/* A REAL column; NULL reads as NaN. */
static double
col_real(sqlite3_stmt *st, int i)
{
	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return NAN;
	return sqlite3_column_double(st, i);
}





/* The run columns, in the order run_row_fill() reads them. */
#define RUN_COLUMNS	"r.id, r.uuid, r.label, r.benchmark, r.status," \
			" r.started_at, r.ended_at, r.command, r.tool_version"

/*
 * Fill row from the columns at first..first+8 and load its facts.  The
 * strings point into st's row: valid until the next step.
 */
static int
run_row_fill(struct store *s, sqlite3_stmt *st, int first, struct run_row *row)
{
	static const char sql[] =
	    "SELECT key, value FROM run_fact WHERE run_id = ? ORDER BY key";
	sqlite3_stmt *fs = NULL;
	int rc;

	row->info.id = sqlite3_column_int64(st, first);
	row->info.uuid = col_text(st, first + 1);
	row->info.label = col_text(st, first + 2);
	row->info.benchmark = col_text(st, first + 3);
	row->info.status = col_text(st, first + 4);
	row->info.started_at = col_text(st, first + 5);
	row->info.ended_at = (const char *)sqlite3_column_text(st, first + 6);
	row->info.command = col_text(st, first + 7);
	row->info.tool_version = col_text(st, first + 8);
	kv_clear(&row->facts);
	if (sqlite3_prepare_v2(s->db, sql, -1, &fs, NULL) != SQLITE_OK)
		return fail(s, "preparing fact query");
	sqlite3_bind_int64(fs, 1, row->info.id);
	while ((rc = sqlite3_step(fs)) == SQLITE_ROW)
		kv_set(&row->facts, col_text(fs, 0), store_redacted(s, col_text(fs, 0),
		    col_text(fs, 1)));
	sqlite3_finalize(fs);
	if (rc != SQLITE_DONE)
		return fail(s, "reading the facts of run %lld",
		    (long long)row->info.id);
	return 0;
}

static int
sq_each_run(struct store *s, const struct filter *f, run_cb *cb, void *arg)
{
	struct strbuf sql = STRBUF_INIT;
	struct strlist binds = { NULL, 0 };
	struct run_row row;
	sqlite3_stmt *st = NULL;
	int rc, crc = 0, ret = -1;

	memset(&row, 0, sizeof(row));
	if (store_flush(s) == -1)
		return -1;
	/*
	 * A series' count from its cached summary when it has one that
	 * can be (store_each_series: a count from 0 to SUMMARY_N_MAX; a
	 * tampered one would overflow the sum).
	 */
	sb_adds(&sql, "SELECT " RUN_COLUMNS ","
	    " (SELECT sum(coalesce(CASE WHEN m.n BETWEEN 0 AND "
	    SUMMARY_N_MAX_SQL " THEN m.n END, (SELECT count(*) FROM sample x"
	    "  WHERE x.series_id = s.id))) FROM series s LEFT JOIN"
	    "  series_summary m ON m.series_id = s.id WHERE s.run_id = r.id),"
	    " (SELECT count(*) FROM series s WHERE s.run_id = r.id)"
	    " FROM run r WHERE 1");
	filter_sql(f, 0, FILTER_SQLITE, &sql, &binds);
	sb_adds(&sql, " ORDER BY r.started_at, r.id");
	if (prepare_filtered(s, sb_str(&sql), &binds, &st) == -1)
		goto out;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (run_row_fill(s, st, 0, &row) == -1)
			goto out;
		row.nsamples = sqlite3_column_int64(st, 9);
		row.nseries = sqlite3_column_int64(st, 10);
		if ((crc = cb(&row, arg)) != 0)
			break;
	}
	if (crc < 0)	/* the callback's error: it has said what */
		goto out;
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		fail(s, "listing runs");
		goto out;
	}
	ret = 0;
out:
	sqlite3_finalize(st);
	kv_clear(&row.facts);
	strlist_free(&binds);
	sb_free(&sql);
	return ret;
}

/* Load the keys of a series into keys. */
static int
series_keys_load(struct store *s, sqlite3_stmt *ks, int64_t series_id,
    struct kvlist *keys)
{
	int rc;

	kv_clear(keys);
	sqlite3_bind_int64(ks, 1, series_id);
	while ((rc = sqlite3_step(ks)) == SQLITE_ROW)
		kv_set(keys, col_text(ks, 0), col_text(ks, 1));
	sqlite3_reset(ks);
	if (rc != SQLITE_DONE)
		return fail(s, "reading the keys of series %lld",
		    (long long)series_id);
	return 0;
}

/*
 * The walk store_each_sample() and store_each_series() share: a query
 * whose rows begin with a run's id and a series' id, ordered by run,
 * and with each row its run (read once a run) and its series' keys
 * (once a series).
 */
struct run_cursor {
	struct store	*s;
	const char	*what;		/* "samples", "series": for errors */
	sqlite3_stmt	*st, *rs, *ks;
	struct strlist	 binds;		/* st's values: bound, not copied */
	struct run_row	 run;
	struct kvlist	 keys;
	int64_t		 cur_run, cur_series;
};

/*
 * Open c on "SELECT <columns> FROM ... WHERE 1" (head) narrowed by f
 * and ordered by order; query and what name it in errors.  Returns 0,
 * or -1 (close it all the same).
 */
static int
cursor_open(struct store *s, struct run_cursor *c, const char *head,
    const struct filter *f, const char *order, const char *query,
    const char *what)
{
	struct strbuf sql = STRBUF_INIT;
	int ret = -1;

	memset(c, 0, sizeof(*c));
	c->s = s;
	c->what = what;
	c->cur_run = c->cur_series = -1;
	if (store_flush(s) == -1)
		return -1;
	sb_adds(&sql, head);
	filter_sql(f, 1, FILTER_SQLITE, &sql, &c->binds);
	sb_adds(&sql, order);
	if (prepare_filtered(s, sb_str(&sql), &c->binds, &c->st) == -1)
		goto out;
	if (sqlite3_prepare_v2(s->db, "SELECT " RUN_COLUMNS " FROM run r"
	    " WHERE r.id = ?", -1, &c->rs, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(s->db, "SELECT key, value FROM series_key"
	    " WHERE series_id = ? ORDER BY key", -1, &c->ks, NULL) !=
	    SQLITE_OK) {
		fail(s, "preparing %s", query);
		goto out;
	}
	ret = 0;
out:
	sb_free(&sql);
	return ret;
}

/*
 * Step to the next row, reading its run and its series' keys when they
 * change: 1, 0 at the end, -1 on an error.
 */
static int
cursor_next(struct run_cursor *c)
{
	int64_t rid, sid;
	int rc;

	if ((rc = sqlite3_step(c->st)) != SQLITE_ROW) {
		if (rc == SQLITE_DONE)
			return 0;
		return fail(c->s, "reading %s", c->what);
	}
	rid = sqlite3_column_int64(c->st, 0);
	sid = sqlite3_column_int64(c->st, 1);
	if (rid != c->cur_run) {
		sqlite3_reset(c->rs);
		sqlite3_bind_int64(c->rs, 1, rid);
		if (sqlite3_step(c->rs) != SQLITE_ROW)
			return fail(c->s, "reading run %lld", (long long)rid);
		if (run_row_fill(c->s, c->rs, 0, &c->run) == -1)
			return -1;
		c->cur_run = rid;
	}
	if (sid != c->cur_series) {
		if (series_keys_load(c->s, c->ks, sid, &c->keys) == -1)
			return -1;
		c->cur_series = sid;
	}
	return 1;
}

static void
cursor_close(struct run_cursor *c)
{
	sqlite3_finalize(c->st);
	sqlite3_finalize(c->rs);
	sqlite3_finalize(c->ks);
	kv_clear(&c->run.facts);
	kv_clear(&c->keys);
	strlist_free(&c->binds);
}

static int
sq_each_sample(struct store *s, const struct filter *f, sample_cb *cb,
    void *arg)
{
	struct strbuf name = STRBUF_INIT;
	struct strbuf unit = STRBUF_INIT, better = STRBUF_INIT;
	struct run_cursor c;
	struct sample_row row;
	int rc, crc = 0;

	/* Runs, then each run's series in name order, then samples by seq:
	 * the order of the indexes, so SQLite never sorts the samples. */
	if ((rc = cursor_open(s, &c, "SELECT r.id, s.id, s.name, s.unit,"
	    " s.better, x.seq, x.value, x.round FROM run r JOIN series s"
	    " ON s.run_id = r.id JOIN sample x ON x.series_id = s.id WHERE 1",
	    f, " ORDER BY r.id, s.name, x.seq", "sample query", "samples")) ==
	    0) {
		row.run = &c.run;
		row.keys = &c.keys;
		row.series_id = -1;
	}
	while (rc == 0 && crc == 0 && (rc = cursor_next(&c)) == 1) {
		rc = 0;
		/* Copied: a callback may keep them while the series lasts. */
		if (c.cur_series != row.series_id) {
			sb_reset(&name);
			sb_adds(&name, col_text(c.st, 2));
			sb_reset(&unit);
			sb_adds(&unit, col_text(c.st, 3));
			sb_reset(&better);
			sb_adds(&better, col_text(c.st, 4));
			row.series_id = c.cur_series;
		}
		row.series_name = sb_str(&name);
		row.unit = sb_str(&unit);
		row.better = sb_str(&better);
		row.seq = sqlite3_column_int64(c.st, 5);
		row.value = sqlite3_column_double(c.st, 6);
		row.round = col_round(c.st, 7);
		crc = cb(&row, arg);
	}
	cursor_close(&c);
	sb_free(&name);
	sb_free(&unit);
	sb_free(&better);
	return rc < 0 || crc < 0 ? -1 : 0;
}

static int
distinct_strings(struct store *s, struct strbuf *sql, struct strlist *binds,
    struct strlist *out, const char *what)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (prepare_filtered(s, sb_str(sql), binds, &st) == -1)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		strlist_add(out, col_text(st, 0));
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return fail(s, "listing %s", what);
	return 0;
}

static int
sq_fact_keys(struct store *s, const struct filter *f, struct strlist *keys)
{
	struct strbuf sql = STRBUF_INIT;
	struct strlist binds = { NULL, 0 };
	int ret;

	sb_adds(&sql, "SELECT DISTINCT fk.key FROM run_fact fk"
	    " JOIN run r ON r.id = fk.run_id WHERE 1");
	filter_sql(f, 0, FILTER_SQLITE, &sql, &binds);
	sb_adds(&sql, " ORDER BY fk.key");
	ret = distinct_strings(s, &sql, &binds, keys, "fact keys");
	strlist_free(&binds);
	sb_free(&sql);
	return ret;
}

static int
sq_series_keys(struct store *s, const struct filter *f, struct strlist *keys)
{
	struct strbuf sql = STRBUF_INIT;
	struct strlist binds = { NULL, 0 };
	int ret;

	sb_adds(&sql, "SELECT DISTINCT sk.key FROM series_key sk"
	    " JOIN series s ON s.id = sk.series_id"
	    " JOIN run r ON r.id = s.run_id WHERE 1");
	filter_sql(f, 1, FILTER_SQLITE, &sql, &binds);
	sb_adds(&sql, " ORDER BY sk.key");
	ret = distinct_strings(s, &sql, &binds, keys, "series keys");
	strlist_free(&binds);
	sb_free(&sql);
	return ret;
}

static int
sq_label_exists(struct store *s, const char *label, int *found)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (sqlite3_prepare_v2(s->db, "SELECT 1 FROM run WHERE label = ?"
	    " LIMIT 1", -1, &st, NULL) != SQLITE_OK)
		return fail(s, "preparing label lookup");
	bind_text(st, 1, label);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return fail(s, "looking up label '%s'", label);
	*found = rc == SQLITE_ROW;
	return 0;
}

static int
sq_each_series(struct store *s, const struct filter *f, series_cb *cb,
    void *arg)
{
	struct run_cursor c;
	struct series_row row;
	struct series_summary sum;
	int rc, crc = 0;

	if ((rc = cursor_open(s, &c, "SELECT r.id, s.id, s.name, s.unit,"
	    " s.better, m.n, m.median, m.lo, m.hi, m.level FROM run r"
	    " JOIN series s ON s.run_id = r.id"
	    " LEFT JOIN series_summary m ON m.series_id = s.id WHERE 1",
	    f, " ORDER BY r.id, s.name", "series query", "series")) == 0) {
		row.run = &c.run;
		row.keys = &c.keys;
	}
	while (rc == 0 && crc == 0 && (rc = cursor_next(&c)) == 1) {
		rc = 0;
		row.id = c.cur_series;
		row.name = col_text(c.st, 2);
		row.unit = col_text(c.st, 3);
		row.better = col_text(c.st, 4);
		row.summary = NULL;
		/* A cached count that cannot be is no cache: computed again. */
		if (sqlite3_column_type(c.st, 5) != SQLITE_NULL &&
		    sqlite3_column_int64(c.st, 5) >= 0 &&
		    sqlite3_column_int64(c.st, 5) <= SUMMARY_N_MAX) {
			sum.n = sqlite3_column_int64(c.st, 5);
			sum.median = col_real(c.st, 6);
			sum.lo = col_real(c.st, 7);
			sum.hi = col_real(c.st, 8);
			sum.level = col_real(c.st, 9);
			row.summary = &sum;
		}
		crc = cb(&row, arg);
	}
	cursor_close(&c);
	return rc < 0 || crc < 0 ? -1 : 0;
}

static int
sq_series_samples_from(struct store *s, int64_t series_id, int64_t from,
    size_t max, struct sample_buf *b)
{
	int rc;

	if (prepare(s, &s->sel_samples_from, "SELECT seq, round, value FROM"
	    " sample WHERE series_id = ? AND seq >= ? ORDER BY seq LIMIT ?")
	    == -1)
		return -1;
	sqlite3_bind_int64(s->sel_samples_from, 1, series_id);
	sqlite3_bind_int64(s->sel_samples_from, 2, from);
	sqlite3_bind_int64(s->sel_samples_from, 3,
	    max > INT64_MAX ? INT64_MAX : (int64_t)max);
	while ((rc = sqlite3_step(s->sel_samples_from)) == SQLITE_ROW)
		sample_buf_push(b, sqlite3_column_int64(s->sel_samples_from, 0),
		    col_round(s->sel_samples_from, 1),
		    sqlite3_column_double(s->sel_samples_from, 2));
	sqlite3_reset(s->sel_samples_from);
	if (rc != SQLITE_DONE)
		return fail(s, "reading the samples of series %lld",
		    (long long)series_id);
	return 0;
}

/* The series of each_series without a summary it would give. */
static int
sq_count_uncached(struct store *s, const struct filter *f, int64_t *n)
{
	struct strbuf sql = STRBUF_INIT;
	struct strlist binds = { NULL, 0 };
	sqlite3_stmt *st = NULL;
	int rc = -1;

	*n = 0;
	if (store_flush(s) == -1)
		return -1;
	sb_adds(&sql, "SELECT count(*) FROM run r JOIN series s ON s.run_id ="
	    " r.id LEFT JOIN series_summary m ON m.series_id = s.id WHERE"
	    " (m.n IS NULL OR m.n NOT BETWEEN 0 AND " SUMMARY_N_MAX_SQL ")");
	filter_sql(f, 1, FILTER_SQLITE, &sql, &binds);
	if (prepare_filtered(s, sb_str(&sql), &binds, &st) == -1)
		goto out;
	if (sqlite3_step(st) != SQLITE_ROW) {
		fail(s, "counting the series without a summary");
		goto out;
	}
	*n = sqlite3_column_int64(st, 0);
	rc = 0;
out:
	sqlite3_finalize(st);
	strlist_free(&binds);
	sb_free(&sql);
	return rc;
}

/* The whole series: from the smallest seq, with no limit. */
static int
sq_series_samples(struct store *s, int64_t series_id, struct sample_buf *b)
{
	return sq_series_samples_from(s, series_id, INT64_MIN, SIZE_MAX, b);
}

static int
sq_run_delete(struct store *s, int64_t run_id)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (txn_alive(s) == -1)
		return -1;
	/* sample has no foreign key (see schema.c): delete its rows first. */
	if (sqlite3_prepare_v2(s->db, "DELETE FROM sample WHERE series_id IN"
	    " (SELECT id FROM series WHERE run_id = ?1);"
	    , -1, &st, NULL) != SQLITE_OK)
		return fail(s, "preparing a run's deletion");
	sqlite3_bind_int64(st, 1, run_id);
	rc = step_done(s, st, "deleting a run's samples");
	sqlite3_finalize(st);
	if (rc == -1)
		return -1;
	if (sqlite3_prepare_v2(s->db, "DELETE FROM run WHERE id = ?", -1, &st,
	    NULL) != SQLITE_OK)
		return fail(s, "preparing a run's deletion");
	sqlite3_bind_int64(st, 1, run_id);
	rc = step_done(s, st, "deleting a run");
	sqlite3_finalize(st);
	return rc;
}

static int
sq_series_values(struct store *s, int64_t series_id, double **v, size_t *n,
    size_t *cap)
{
	int rc;

	if (prepare(s, &s->sel_values, "SELECT value FROM sample"
	    " WHERE series_id = ? ORDER BY seq") == -1)
		return -1;
	sqlite3_bind_int64(s->sel_values, 1, series_id);
	while ((rc = sqlite3_step(s->sel_values)) == SQLITE_ROW)
		store_values_push(v, n, cap,
		    sqlite3_column_double(s->sel_values, 0));
	sqlite3_reset(s->sel_values);
	if (rc != SQLITE_DONE)
		return fail(s, "reading the samples of series %lld",
		    (long long)series_id);
	return 0;
}

static int
sq_series_rounds(struct store *s, int64_t series_id, double **v,
    size_t *n, size_t *cap, struct round_spans *rs)
{
	int rc;

	if (prepare(s, &s->sel_rounds, "SELECT value, round FROM sample"
	    " WHERE series_id = ? ORDER BY seq") == -1)
		return -1;
	rs->n = 0;
	sqlite3_bind_int64(s->sel_rounds, 1, series_id);
	while ((rc = sqlite3_step(s->sel_rounds)) == SQLITE_ROW) {
		store_values_push(v, n, cap,
		    sqlite3_column_double(s->sel_rounds, 0));
		round_spans_push(rs, col_round(s->sel_rounds, 1));
	}
	sqlite3_reset(s->sel_rounds);
	if (rc != SQLITE_DONE)
		return fail(s, "reading the samples of series %lld",
		    (long long)series_id);
	return 0;
}

static int
sq_series_shape(struct store *s, int64_t run_id, const char *name,
    size_t *n, size_t *nrounds)
{
	int rc;

	*n = *nrounds = 0;
	if (prepare(s, &s->sel_shape, "SELECT count(*), count(DISTINCT"
	    " x.round) FROM series r JOIN sample x ON x.series_id = r.id"
	    " WHERE r.run_id = ? AND r.name = ?") == -1)
		return -1;
	sqlite3_bind_int64(s->sel_shape, 1, run_id);
	bind_text(s->sel_shape, 2, name);
	if ((rc = sqlite3_step(s->sel_shape)) == SQLITE_ROW) {
		*n = (size_t)sqlite3_column_int64(s->sel_shape, 0);
		*nrounds = (size_t)sqlite3_column_int64(s->sel_shape, 1);
	}
	sqlite3_reset(s->sel_shape);
	if (rc != SQLITE_ROW)
		return fail(s, "reading the shape of series '%s' of run %lld",
		    name, (long long)run_id);
	return 0;
}

/* Bind a double, NaN as NULL (SQLite would store NaN as NULL anyway). */
static void
bind_real(sqlite3_stmt *st, int i, double v)
{
	if (isnan(v))
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_double(st, i, v);
}

static int
sq_summary_put(struct store *s, int64_t series_id,
    const struct series_summary *sum)
{
	if (txn_alive(s) == -1)
		return -1;
	if (prepare(s, &s->ins_summary, "INSERT OR REPLACE INTO series_summary"
	    " (series_id, n, median, lo, hi, level) VALUES (?, ?, ?, ?, ?, ?)")
	    == -1)
		return -1;
	sqlite3_bind_int64(s->ins_summary, 1, series_id);
	sqlite3_bind_int64(s->ins_summary, 2, sum->n);
	bind_real(s->ins_summary, 3, sum->median);
	bind_real(s->ins_summary, 4, sum->lo);
	bind_real(s->ins_summary, 5, sum->hi);
	bind_real(s->ins_summary, 6, sum->level);
	return step_done(s, s->ins_summary, "caching a series summary");
}

/* ---- the nightly log ---- */

static int
sq_nightly_begin(struct store *s, struct nightly_info *ni)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (sqlite3_prepare_v2(s->db, "INSERT INTO nightly (name, label, config,"
	    " host, pid, started_at, status, process)"
	    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", -1,
	    &st, NULL) != SQLITE_OK)
		return fail(s, "preparing the nightly log");
	bind_text(st, 1, ni->name);
	bind_text(st, 2, ni->label);
	bind_text(st, 3, ni->config);
	bind_text(st, 4, ni->host);
	sqlite3_bind_int64(st, 5, ni->pid);
	bind_text(st, 6, ni->started_at);
	bind_text(st, 7, ni->status);
	bind_text(st, 8, ni->process);
	rc = step_done(s, st, "logging the nightly's start");
	sqlite3_finalize(st);
	if (rc == 0)
		ni->id = sqlite3_last_insert_rowid(s->db);
	return rc;
}

static int
sq_nightly_end(struct store *s, const struct nightly_info *ni)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (sqlite3_prepare_v2(s->db, "UPDATE nightly SET ended_at = ?,"
	    " status = ?, collections = ?, failed = ?, trend = ?"
	    " WHERE id = ?", -1, &st, NULL) != SQLITE_OK)
		return fail(s, "preparing the nightly log");
	bind_text(st, 1, ni->ended_at);
	bind_text(st, 2, ni->status);
	sqlite3_bind_int(st, 3, ni->collections);
	sqlite3_bind_int(st, 4, ni->failed);
	if (ni->trend >= 0)
		sqlite3_bind_int(st, 5, ni->trend);
	else
		sqlite3_bind_null(st, 5);
	sqlite3_bind_int64(st, 6, ni->id);
	rc = step_done(s, st, "logging the nightly's end");
	sqlite3_finalize(st);
	return rc;
}

static int
sq_nightly_label_taken(struct store *s, const char *label, int *found)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (sqlite3_prepare_v2(s->db, "SELECT EXISTS (SELECT 1 FROM run WHERE"
	    " label = ?1) OR EXISTS (SELECT 1 FROM nightly WHERE label = ?1"
	    " AND status NOT IN ('" NIGHTLY_LOCKED_OUT "', '" NIGHTLY_REFUSED
	    "'))", -1, &st,
	    NULL) != SQLITE_OK)
		return fail(s, "preparing the nightly label lookup");
	bind_text(st, 1, label);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*found = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return fail(s, "looking up label '%s'", label);
	return 0;
}

static int
sq_each_nightly(struct store *s, nightly_cb *cb, void *arg)
{
	struct nightly_info ni;
	sqlite3_stmt *st = NULL;
	int rc, crc = 0;

	if (sqlite3_prepare_v2(s->db, "SELECT id, name, label, config, host, pid,"
	    " started_at, ended_at, status, collections, failed, trend, process"
	    " FROM nightly ORDER BY id", -1, &st, NULL) != SQLITE_OK)
		return fail(s, "preparing the nightly log query");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		ni.id = sqlite3_column_int64(st, 0);
		ni.name = col_text(st, 1);
		ni.label = col_text(st, 2);
		ni.config = col_text(st, 3);
		ni.host = col_text(st, 4);
		ni.pid = (long)sqlite3_column_int64(st, 5);
		ni.started_at = col_text(st, 6);
		ni.ended_at = sqlite3_column_type(st, 7) == SQLITE_NULL ? NULL :
		    col_text(st, 7);
		ni.status = col_text(st, 8);
		ni.collections = sqlite3_column_int(st, 9);
		ni.failed = sqlite3_column_int(st, 10);
		ni.trend = sqlite3_column_type(st, 11) == SQLITE_NULL ? -1 :
		    sqlite3_column_int(st, 11);
		ni.process = sqlite3_column_type(st, 12) == SQLITE_NULL ? NULL :
		    col_text(st, 12);
		if ((crc = cb(&ni, arg)) != 0)
			break;
	}
	if (crc < 0) {
		sqlite3_finalize(st);
		return -1;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		sqlite3_finalize(st);
		return fail(s, "reading the nightly log");
	}
	sqlite3_finalize(st);
	return 0;
}


/* The SQLite backend, as store.c dispatches to it. */
/* A file's locks are files (nightly_lock.c): none here. */
static int
sq_lock_named(struct store *s, const char *name, int *busy)
{
	sb_reset(&s->err);
	sb_addf(&s->err, "%s: no lock '%s' in an SQLite database (its locks "
	    "are files)", s->path, name);
	return -1;
}

/* Nor one to lose: a file's locks are held by their descriptors. */
static int
sq_lock_held(struct store *s)
{
	return 1;
}

const struct store_ops store_sqlite_ops = {
	.name = "sqlite",
	.open = sq_open,
	.open_stage = sq_open_stage,
	.close = sq_close,
	.stage_copy = sq_stage_copy,
	.error = sq_error,
	.set_error = sq_set_error,
	.path = sq_path,
	.location_public = sq_location_public,
	.open_peer = sq_open_peer,
	.writable = sq_writable,
	.begin = sq_begin,
	.commit = sq_commit,
	.rollback = sq_rollback,
	.read_begin = sq_read_begin,
	.read_end = sq_read_end,
	.data_version = sq_data_version,
	.bound_reads = sq_bound_reads,
	.bound_hit = sq_bound_hit,
	.check_source = sq_check_source,
	.release_memory = sq_release_memory,
	.read_through = sq_read_through,
	.run_create = sq_run_create,
	.run_finish = sq_run_finish,
	.run_by_uuid = sq_run_by_uuid,
	.run_delete = sq_run_delete,
	.fact_set = sq_fact_set,
	.series_get = sq_series_get,
	.sample_add = sq_sample_add,
	.flush = sq_flush,
	.failed_origin = sq_failed_origin,
	.each_run = sq_each_run,
	.each_sample = sq_each_sample,
	.each_series = sq_each_series,
	.series_samples = sq_series_samples,
	.count_uncached = sq_count_uncached,
	.series_samples_from = sq_series_samples_from,
	.series_rounds = sq_series_rounds,
	.series_values = sq_series_values,
	.series_shape = sq_series_shape,
	.summary_put = sq_summary_put,
	.fact_keys = sq_fact_keys,
	.series_keys = sq_series_keys,
	.label_exists = sq_label_exists,
	.nightly_begin = sq_nightly_begin,
	.nightly_end = sq_nightly_end,
	.each_nightly = sq_each_nightly,
	.nightly_label_taken = sq_nightly_label_taken,
	.lock_named = sq_lock_named,
	.lock_held = sq_lock_held,
};
