/*
 * store_pg_read.c: the PostgreSQL store's readers.  Whatever may be
 * many rows is read through a server-side cursor, PG_FETCH rows a
 * round trip, inside the caller's transaction or one of the iterator's
 * own (REPEATABLE READ: one snapshot, as SQLite's reader has): a year
 * of history streams through in bounded memory, and a callback may
 * read more (a series' values) while its iterator is open.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/store_pg_private.h"

#define PG_FETCH	10000

/* The run columns, in the order run_fill() reads them. */
#define RUN_COLUMNS	"r.id, r.uuid, r.label, r.benchmark, r.status," \
			" r.started_at, r.ended_at, r.command, r.tool_version"

double
pg_real(const char *text)
{
	if (strcmp(text, "NaN") == 0)
		return NAN;
	if (strcmp(text, "Infinity") == 0)
		return INFINITY;
	if (strcmp(text, "-Infinity") == 0)
		return -INFINITY;
	return strtod(text, NULL);
}

int
pg_stream_open(struct pg_stream *c, struct store *s, const char *sql, int n,
    const char *const *params, const char *what)
{
	struct strbuf decl = STRBUF_INIT;
	PGresult *res;

	memset(c, 0, sizeof(*c));
	c->s = s;
	c->what = what;
	if (store_flush(s) == -1 || pg_iter_begin(s) == -1)
		return -1;
	c->open = 1;
	snprintf(c->name, sizeof(c->name), "c%u", ++s->ncursor);
	sb_addf(&decl, "DECLARE %s NO SCROLL CURSOR FOR %s", c->name, sql);
	res = pg_query(s, sb_str(&decl), n, params, what);
	sb_free(&decl);
	if (res == NULL) {
		c->done = 1;
		return -1;
	}
	PQclear(res);
	return 0;
}

int
pg_stream_next(struct pg_stream *c)
{
	char sql[64];

	if (c->res != NULL && ++c->row < c->nrows)
		return 1;
	if (c->done)
		return 0;
	PQclear(c->res);
	snprintf(sql, sizeof(sql), "FETCH %d FROM %s", PG_FETCH, c->name);
	if ((c->res = pg_query_as(c->s, sql, 0, NULL, c->binary,
	    c->what)) == NULL) {
		c->done = 1;
		return -1;
	}
	c->row = 0;
	c->nrows = PQntuples(c->res);
	if (c->nrows < PG_FETCH)
		c->done = 1;
	return c->nrows > 0 ? 1 : 0;
}

void
pg_stream_close(struct pg_stream *c)
{
	char sql[64];
	int ok = PQtransactionStatus(c->s->conn) != PQTRANS_INERROR;

	PQclear(c->res);
	c->res = NULL;
	if (!c->open)
		return;
	if (ok) {
		snprintf(sql, sizeof(sql), "CLOSE %s", c->name);
		PQclear(PQexec(c->s->conn, sql));
	}
	pg_iter_end(c->s, ok);
	c->open = 0;
}

const char *
pg_col(const struct pg_stream *c, int col)
{
	return PQgetvalue(c->res, c->row, col);
}

int
pg_col_null(const struct pg_stream *c, int col)
{
	return PQgetisnull(c->res, c->row, col);
}

/* A binary column's bytes, network order, as a 64-bit number. */
static uint64_t
col_be64(const struct pg_stream *c, int col)
{
	int n = PQgetlength(c->res, c->row, col);

	return pg_be((const unsigned char *)PQgetvalue(c->res, c->row, col),
	    n < 8 ? n : 8);
}

int64_t
pg_col_int(const struct pg_stream *c, int col)
{
	if (!c->binary)
		return strtoll(PQgetvalue(c->res, c->row, col), NULL, 10);
	/* bigint, 8 bytes: the streams' integers are all bigint. */
	return PQgetlength(c->res, c->row, col) == 8 ?
	    (int64_t)col_be64(c, col) : 0;
}

double
pg_col_real(const struct pg_stream *c, int col)
{
	uint64_t bits;
	double v;

	if (pg_col_null(c, col))
		return NAN;
	if (!c->binary)
		return pg_real(pg_col(c, col));
	/* float8: IEEE 754 binary64, network order; the bits kept whole. */
	if (PQgetlength(c->res, c->row, col) != 8)
		return NAN;
	bits = col_be64(c, col);
	memcpy(&v, &bits, sizeof(v));
	return v;
}

/* A round read back: STORE_NO_ROUND for NULL. */
static int64_t
col_round(const struct pg_stream *c, int col)
{
	return pg_col_null(c, col) ? STORE_NO_ROUND : pg_col_int(c, col);
}

/*
 * The filter's SQL with its ? numbered as PostgreSQL's $1::text, $2::text
 * (the heads kbench writes hold no ? of their own).
 */
static void
add_numbered(struct strbuf *out, const char *sql)
{
	const char *p;
	int n = 0;

	for (p = sql; *p != '\0'; p++) {
		if (*p == '?')
			sb_addf(out, "$%d::text", ++n);
		else
			sb_add(out, p, 1);
	}
}

/* head WHERE true, narrowed by f, then tail: numbered, values in binds. */
static void
filtered(struct strbuf *out, const char *head, const struct filter *f,
    int series_level, const char *tail, struct strlist *binds)
{
	struct strbuf sql = STRBUF_INIT;

	sb_adds(&sql, head);
	filter_sql(f, series_level, FILTER_PG, &sql, binds);
	sb_adds(&sql, tail);
	add_numbered(out, sb_str(&sql));
	sb_free(&sql);
}

/* A run row: its columns at first.., its facts (redacted as asked). */
static int
run_fill(struct store *s, PGresult *res, int r, int first,
    struct run_row *row)
{
	char id[PG_INT_BUFSIZE];
	const char *p;
	PGresult *fs;
	int i;

	row->info.id = strtoll(PQgetvalue(res, r, first), NULL, 10);
	row->info.uuid = PQgetvalue(res, r, first + 1);
	row->info.label = PQgetvalue(res, r, first + 2);
	row->info.benchmark = PQgetvalue(res, r, first + 3);
	row->info.status = PQgetvalue(res, r, first + 4);
	row->info.started_at = PQgetvalue(res, r, first + 5);
	row->info.ended_at = PQgetisnull(res, r, first + 6) ? NULL :
	    PQgetvalue(res, r, first + 6);
	row->info.command = PQgetvalue(res, r, first + 7);
	row->info.tool_version = PQgetvalue(res, r, first + 8);
	kv_clear(&row->facts);
	p = pg_int(id, row->info.id);
	if ((fs = pg_query_prepared(s, PG_Q_RUN_FACTS, "SELECT key, value"
	    " FROM run_fact WHERE run_id = $1 ORDER BY key", 1, &p,
	    "reading a run's facts")) == NULL)
		return -1;
	for (i = 0; i < PQntuples(fs); i++)
		kv_set(&row->facts, PQgetvalue(fs, i, 0), store_redacted(s,
		    PQgetvalue(fs, i, 0), PQgetvalue(fs, i, 1)));
	PQclear(fs);
	return 0;
}

int
pg_each_run(struct store *s, const struct filter *f, run_cb *cb, void *arg)
{
	struct strbuf sql = STRBUF_INIT;
	struct strlist binds = { NULL, 0 };
	struct pg_stream c;
	struct run_row row;
	int rc, crc = 0;

	memset(&row, 0, sizeof(row));
	filtered(&sql, "SELECT " RUN_COLUMNS ","
	    " (SELECT sum(coalesce(CASE WHEN m.n BETWEEN 0 AND "
	    SUMMARY_N_MAX_SQL " THEN m.n END, (SELECT count(*) FROM sample x"
	    "  WHERE x.series_id = s.id))) FROM series s LEFT JOIN"
	    "  series_summary m ON m.series_id = s.id WHERE s.run_id = r.id),"
	    " (SELECT count(*) FROM series s WHERE s.run_id = r.id)"
	    " FROM run r WHERE true", f, 0, " ORDER BY r.started_at, r.id",
	    &binds);
	rc = pg_stream_open(&c, s, sb_str(&sql), (int)binds.n,
	    (const char *const *)binds.v, "listing runs");
	while (rc == 0 && crc == 0 && (rc = pg_stream_next(&c)) == 1) {
		rc = run_fill(s, c.res, c.row, 0, &row);
		if (rc == -1)
			break;
		row.nsamples = pg_col_null(&c, 9) ? 0 : pg_col_int(&c, 9);
		row.nseries = pg_col_int(&c, 10);
		crc = cb(&row, arg);
	}
	pg_stream_close(&c);
	kv_clear(&row.facts);
	strlist_free(&binds);
	sb_free(&sql);
	return rc < 0 || crc < 0 ? -1 : 0;
}

/*
 * The walk of pg_each_sample() and pg_each_series(): rows that begin
 * with a run's id and a series' id, then its name, ordered by run and
 * name, each with its run and its series' keys.  Both are read once a
 * run: a query a series would be a round trip each of a year's 73,000.
 */
struct run_walk {
	struct pg_stream c;
	struct strlist	 binds;
	PGresult	*run;	/* the current run's row */
	PGresult	*run_keys; /* its series' keys: id, name, key, value */
	int		 kpos;	/* the first of run_keys not yet passed */
	struct run_row	 row;
	struct kvlist	 keys;
	int64_t		 cur_run, cur_series;
};

static int
walk_open(struct store *s, struct run_walk *w, const char *head,
    const struct filter *f, const char *order, const char *what)
{
	struct strbuf sql = STRBUF_INIT;
	int rc;

	memset(w, 0, sizeof(*w));
	w->cur_run = w->cur_series = -1;
	filtered(&sql, head, f, 1, order, &w->binds);
	rc = pg_stream_open(&w->c, s, sb_str(&sql), (int)w->binds.n,
	    (const char *const *)w->binds.v, what);
	/* Ids, numbers and text: binary text is the text itself. */
	w->c.binary = 1;
	sb_free(&sql);
	return rc;
}

static int
walk_run(struct run_walk *w, int64_t rid)
{
	struct store *s = w->c.s;
	char id[PG_INT_BUFSIZE];
	const char *p = pg_int(id, rid);

	PQclear(w->run);
	if ((w->run = pg_query_prepared(s, PG_Q_RUN, "SELECT " RUN_COLUMNS
	    " FROM run r WHERE r.id = $1", 1, &p, "reading a run")) == NULL)
		return -1;
	if (PQntuples(w->run) != 1)
		return pg_said(s, "run %lld is gone", (long long)rid);
	PQclear(w->run_keys);
	w->kpos = 0;
	/* In the walk's order: names as text COLLATE "C", strcmp's. */
	if ((w->run_keys = pg_query_prepared(s, PG_Q_RUN_KEYS, "SELECT s.id,"
	    " s.name, k.key, k.value FROM series s JOIN series_key k ON"
	    " k.series_id = s.id WHERE s.run_id = $1 ORDER BY s.name, k.key",
	    1, &p,
	    "reading a run's series keys")) == NULL)
		return -1;
	return run_fill(s, w->run, 0, 0, &w->row);
}

/* The keys of series sid, named name: the run's passed up to it. */
static void
walk_keys(struct run_walk *w, int64_t sid, const char *name)
{
	PGresult *ks = w->run_keys;
	int n = PQntuples(ks);

	kv_clear(&w->keys);
	while (w->kpos < n && strcmp(PQgetvalue(ks, w->kpos, 1), name) < 0)
		w->kpos++;
	for (; w->kpos < n; w->kpos++) {
		if (strtoll(PQgetvalue(ks, w->kpos, 0), NULL, 10) != sid)
			break;
		kv_set(&w->keys, PQgetvalue(ks, w->kpos, 2),
		    PQgetvalue(ks, w->kpos, 3));
	}
}

/* The next row, its run and keys read when they change: 1, 0, -1. */
static int
walk_next(struct run_walk *w)
{
	int64_t rid, sid;
	int rc;

	if ((rc = pg_stream_next(&w->c)) != 1)
		return rc;
	rid = pg_col_int(&w->c, 0);
	sid = pg_col_int(&w->c, 1);
	if (rid != w->cur_run) {
		if (walk_run(w, rid) == -1)
			return -1;
		w->cur_run = rid;
	}
	if (sid != w->cur_series) {
		walk_keys(w, sid, pg_col(&w->c, 2));
		w->cur_series = sid;
	}
	return 1;
}

static void
walk_close(struct run_walk *w)
{
	pg_stream_close(&w->c);
	PQclear(w->run);
	PQclear(w->run_keys);
	kv_clear(&w->row.facts);
	kv_clear(&w->keys);
	strlist_free(&w->binds);
}

int
pg_each_sample(struct store *s, const struct filter *f, sample_cb *cb,
    void *arg)
{
	struct strbuf name = STRBUF_INIT, unit = STRBUF_INIT;
	struct strbuf better = STRBUF_INIT;
	struct run_walk w;
	struct sample_row row;
	int rc, crc = 0;

	memset(&row, 0, sizeof(row));
	rc = walk_open(s, &w, "SELECT r.id, s.id, s.name, s.unit, s.better,"
	    " x.seq, x.value, x.round FROM run r JOIN series s ON s.run_id ="
	    " r.id JOIN sample x ON x.series_id = s.id WHERE true", f,
	    " ORDER BY r.id, s.name, x.seq", "reading samples");
	row.run = &w.row;
	row.keys = &w.keys;
	row.series_id = -1;
	while (rc == 0 && crc == 0 && (rc = walk_next(&w)) == 1) {
		rc = 0;
		/* Copied: a callback may keep them while the series lasts. */
		if (w.cur_series != row.series_id) {
			sb_reset(&name);
			sb_adds(&name, pg_col(&w.c, 2));
			sb_reset(&unit);
			sb_adds(&unit, pg_col(&w.c, 3));
			sb_reset(&better);
			sb_adds(&better, pg_col(&w.c, 4));
			row.series_id = w.cur_series;
		}
		row.series_name = sb_str(&name);
		row.unit = sb_str(&unit);
		row.better = sb_str(&better);
		row.seq = pg_col_int(&w.c, 5);
		row.value = pg_col_real(&w.c, 6);
		row.round = col_round(&w.c, 7);
		crc = cb(&row, arg);
	}
	walk_close(&w);
	sb_free(&name);
	sb_free(&unit);
	sb_free(&better);
	return rc < 0 || crc < 0 ? -1 : 0;
}

int
pg_each_series(struct store *s, const struct filter *f, series_cb *cb,
    void *arg)
{
	struct run_walk w;
	struct series_row row;
	struct series_summary sum;
	int64_t n;
	int rc, crc = 0;

	memset(&row, 0, sizeof(row));
	rc = walk_open(s, &w, "SELECT r.id, s.id, s.name, s.unit, s.better,"
	    " m.n, m.median, m.lo, m.hi, m.level FROM run r JOIN series s ON"
	    " s.run_id = r.id LEFT JOIN series_summary m ON m.series_id = s.id"
	    " WHERE true", f, " ORDER BY r.id, s.name", "reading series");
	row.run = &w.row;
	row.keys = &w.keys;
	while (rc == 0 && crc == 0 && (rc = walk_next(&w)) == 1) {
		rc = 0;
		row.id = w.cur_series;
		row.name = pg_col(&w.c, 2);
		row.unit = pg_col(&w.c, 3);
		row.better = pg_col(&w.c, 4);
		row.summary = NULL;
		/* A cached count that cannot be is no cache: computed again. */
		n = pg_col_null(&w.c, 5) ? -1 : pg_col_int(&w.c, 5);
		if (n >= 0 && n <= SUMMARY_N_MAX) {
			sum.n = n;
			sum.median = pg_col_real(&w.c, 6);
			sum.lo = pg_col_real(&w.c, 7);
			sum.hi = pg_col_real(&w.c, 8);
			sum.level = pg_col_real(&w.c, 9);
			row.summary = &sum;
		}
		crc = cb(&row, arg);
	}
	walk_close(&w);
	return rc < 0 || crc < 0 ? -1 : 0;
}

/*
 * A series' samples, whole, by COPY ... TO STDOUT in binary: the server
 * sends them as it reads them while kbench decodes, where a cursor's
 * FETCH waited for each batch, and no result is built a row.  A caller
 * keeps every sample anyway (a series is read into memory whole).
 */
struct copied_row {
	int64_t	seq;
	int64_t	round;		/* STORE_NO_ROUND when NULL */
	double	value;
};
typedef void copied_row_cb(const struct copied_row *row, void *arg);

/* The columns a read asks for: value always, the others when wanted. */
#define ROW_SEQ		0x1
#define ROW_ROUND	0x2

/* One bigint or float8 field: 1, NULL 0, malformed -1; *p past it. */
static int
copy_field8(const unsigned char **p, const unsigned char *end, uint64_t *v)
{
	int32_t len;

	if (end - *p < 4)
		return -1;
	len = (int32_t)(uint32_t)pg_be(*p, 4);
	*p += 4;
	if (len == -1)
		return 0;
	if (len != 8 || end - *p < 8)
		return -1;
	*v = pg_be(*p, 8);
	*p += 8;
	return 1;
}

/* The rows of one COPY message (the first holds the header): 0, or -1. */
static int
series_rows(const unsigned char *p, const unsigned char *end, unsigned cols,
    copied_row_cb *cb, void *arg)
{
	unsigned nf = 1 + !!(cols & ROW_SEQ) + !!(cols & ROW_ROUND);
	struct copied_row row;
	uint64_t seq = 0, round = 0, bits;
	int r = 1;

	while (end - p >= 2) {
		unsigned n = (unsigned)pg_be(p, 2);

		p += 2;
		if (n == 0xffff)	/* the trailer */
			return p == end ? 0 : -1;
		if (n != nf || ((cols & ROW_SEQ) &&
		    copy_field8(&p, end, &seq) != 1) || ((cols & ROW_ROUND) &&
		    (r = copy_field8(&p, end, &round)) == -1) ||
		    copy_field8(&p, end, &bits) != 1)
			return -1;
		row.seq = (int64_t)seq;
		row.round = r == 0 || !(cols & ROW_ROUND) ? STORE_NO_ROUND :
		    (int64_t)round;
		memcpy(&row.value, &bits, sizeof(row.value));
		cb(&row, arg);
	}
	return p == end ? 0 : -1;
}

/* Skip COPY's binary header ("PGCOPY\n\377\r\n\0", flags, extension). */
static const unsigned char *
copy_header_end(const unsigned char *p, const unsigned char *end)
{
	static const char sig[11] = PG_COPY_SIGNATURE;
	uint32_t ext;

	if (end - p < 19 || memcmp(p, sig, sizeof(sig)) != 0)
		return NULL;
	ext = (uint32_t)pg_be(p + 15, 4);
	if ((size_t)(end - p - 19) < ext)
		return NULL;
	return p + 19 + ext;
}

/* Every COPY message of the read, rows to cb: 0, or -1 said. */
static int
series_copy_rows(struct store *s, unsigned cols, copied_row_cb *cb,
    void *arg)
{
	const unsigned char *p, *end;
	char *buf;
	int len, first = 1, bad = 0;
	PGresult *res;

	while ((len = PQgetCopyData(s->conn, &buf, 0)) > 0) {
		p = (const unsigned char *)buf;
		end = p + len;
		if (first && (p = copy_header_end(p, end)) == NULL)
			bad = 1;
		first = 0;
		if (!bad && series_rows(p, end, cols, cb, arg) == -1)
			bad = 1;
		PQfreemem(buf);
	}
	if (len == -2)
		return pg_fail(s, NULL, "reading a series' samples");
	res = PQgetResult(s->conn);
	if (PQresultStatus(res) != PGRES_COMMAND_OK) {
		pg_fail(s, res, "reading a series' samples");
		bad = -1;
	}
	PQclear(res);
	while ((res = PQgetResult(s->conn)) != NULL)
		PQclear(res);
	if (bad == 1)
		return pg_said(s, "reading a series' samples: the server's "
		    "rows are not COPY's binary format");
	return bad;
}

/*
 * A series' rows (the columns cols names, and the value) to cb, in seq
 * order; with range, only those with seq >= range[0], range[1] at most.
 */
static int
series_copy(struct store *s, int64_t series_id, unsigned cols,
    const int64_t *range, copied_row_cb *cb, void *arg)
{
	char id[PG_INT_BUFSIZE], from[PG_INT_BUFSIZE], max[PG_INT_BUFSIZE];
	char sql[256];
	PGresult *res;
	int rc;

	if (store_flush(s) == -1 || pg_iter_begin(s) == -1)
		return -1;
	/* Numbers kbench formats: nothing of a user's spliced. */
	snprintf(sql, sizeof(sql), "COPY (SELECT %s%svalue FROM sample WHERE"
	    " series_id = %s%s%s ORDER BY seq%s%s) TO STDOUT (FORMAT binary)",
	    cols & ROW_SEQ ? "seq, " : "", cols & ROW_ROUND ? "round, " : "",
	    pg_int(id, series_id), range ? " AND seq >= " : "",
	    range ? pg_int(from, range[0]) : "", range ? " LIMIT " : "",
	    range ? pg_int(max, range[1]) : "");
	res = PQexec(s->conn, sql);
	if (PQresultStatus(res) != PGRES_COPY_OUT) {
		pg_fail(s, res, "reading a series' samples");
		PQclear(res);
		pg_iter_end(s, 0);
		return -1;
	}
	PQclear(res);
	rc = series_copy_rows(s, cols, cb, arg);
	pg_iter_end(s, rc == 0);
	return rc;
}

static void
push_sample(const struct copied_row *row, void *arg)
{
	sample_buf_push(arg, row->seq, row->round, row->value);
}

int
pg_series_samples(struct store *s, int64_t series_id, struct sample_buf *b)
{
	return series_copy(s, series_id, ROW_SEQ | ROW_ROUND, NULL,
	    push_sample, b);
}

int
pg_count_uncached(struct store *s, const struct filter *f, int64_t *n)
{
	struct strbuf sql = STRBUF_INIT;
	struct strlist binds = { NULL, 0 };
	PGresult *res;

	*n = 0;
	if (store_flush(s) == -1)
		return -1;
	filtered(&sql, "SELECT count(*) FROM run r JOIN series s ON s.run_id ="
	    " r.id LEFT JOIN series_summary m ON m.series_id = s.id WHERE"
	    " (m.n IS NULL OR m.n NOT BETWEEN 0 AND " SUMMARY_N_MAX_SQL ")",
	    f, 1, "", &binds);
	res = pg_query(s, sb_str(&sql), (int)binds.n,
	    (const char *const *)binds.v, "counting the series without a "
	    "summary");
	strlist_free(&binds);
	sb_free(&sql);
	if (res == NULL)
		return -1;
	*n = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
	PQclear(res);
	return 0;
}

int
pg_series_samples_from(struct store *s, int64_t series_id, int64_t from,
    size_t max, struct sample_buf *b)
{
	int64_t range[2];

	range[0] = from;
	range[1] = max > INT64_MAX ? INT64_MAX : (int64_t)max;
	return series_copy(s, series_id, ROW_SEQ | ROW_ROUND, range,
	    push_sample, b);
}

struct values_out {
	double		 **v;
	size_t		  *n, *cap;
	struct round_spans *rs;
};

static void
push_value(const struct copied_row *row, void *arg)
{
	struct values_out *o = arg;

	store_values_push(o->v, o->n, o->cap, row->value);
	if (o->rs != NULL)
		round_spans_push(o->rs, row->round);
}

int
pg_series_values(struct store *s, int64_t series_id, double **v, size_t *n,
    size_t *cap)
{
	struct values_out o = { v, n, cap, NULL };

	return series_copy(s, series_id, 0, NULL, push_value, &o);
}

int
pg_series_rounds(struct store *s, int64_t series_id, double **v, size_t *n,
    size_t *cap, struct round_spans *rs)
{
	struct values_out o = { v, n, cap, rs };

	rs->n = 0;
	return series_copy(s, series_id, ROW_ROUND, NULL, push_value, &o);
}

int
pg_series_shape(struct store *s, int64_t run_id, const char *name,
    size_t *n, size_t *nrounds)
{
	char id[PG_INT_BUFSIZE];
	const char *p[2];
	PGresult *res;

	*n = *nrounds = 0;
	p[0] = pg_int(id, run_id);
	p[1] = name;
	if ((res = pg_query(s, "SELECT count(*), count(DISTINCT x.round) FROM"
	    " series r JOIN sample x ON x.series_id = r.id WHERE r.run_id = $1"
	    " AND r.name = $2", 2, p, "reading a series' shape")) == NULL)
		return -1;
	*n = (size_t)strtoull(PQgetvalue(res, 0, 0), NULL, 10);
	*nrounds = (size_t)strtoull(PQgetvalue(res, 0, 1), NULL, 10);
	PQclear(res);
	return 0;
}

static int
distinct_strings(struct store *s, const char *head, const struct filter *f,
    int series_level, const char *tail, struct strlist *out)
{
	struct strbuf sql = STRBUF_INIT;
	struct strlist binds = { NULL, 0 };
	PGresult *res;
	int i;

	filtered(&sql, head, f, series_level, tail, &binds);
	res = pg_query(s, sb_str(&sql), (int)binds.n,
	    (const char *const *)binds.v, "listing keys");
	strlist_free(&binds);
	sb_free(&sql);
	if (res == NULL)
		return -1;
	for (i = 0; i < PQntuples(res); i++)
		strlist_add(out, PQgetvalue(res, i, 0));
	PQclear(res);
	return 0;
}

int
pg_fact_keys(struct store *s, const struct filter *f, struct strlist *keys)
{
	return distinct_strings(s, "SELECT DISTINCT fk.key FROM run_fact fk"
	    " JOIN run r ON r.id = fk.run_id WHERE true", f, 0,
	    " ORDER BY fk.key", keys);
}

int
pg_series_keys(struct store *s, const struct filter *f, struct strlist *keys)
{
	return distinct_strings(s, "SELECT DISTINCT sk.key FROM series_key sk"
	    " JOIN series s ON s.id = sk.series_id JOIN run r ON r.id ="
	    " s.run_id WHERE true", f, 1, " ORDER BY sk.key", keys);
}

/* One boolean of a query with one parameter. */
static int
query_bool(struct store *s, const char *sql, const char *param, int *out,
    const char *what)
{
	PGresult *res;

	if ((res = pg_query(s, sql, 1, &param, what)) == NULL)
		return -1;
	*out = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
	PQclear(res);
	return 0;
}

int
pg_label_exists(struct store *s, const char *label, int *found)
{
	return query_bool(s, "SELECT EXISTS (SELECT 1 FROM run WHERE label ="
	    " $1)", label, found, "looking up a label");
}

int
pg_nightly_label_taken(struct store *s, const char *label, int *found)
{
	return query_bool(s, "SELECT EXISTS (SELECT 1 FROM run WHERE label ="
	    " $1) OR EXISTS (SELECT 1 FROM nightly WHERE label = $1 AND status"
	    " NOT IN ('" NIGHTLY_LOCKED_OUT "', '" NIGHTLY_REFUSED "'))", label,
	    found, "looking up a label");
}

int
pg_each_nightly(struct store *s, nightly_cb *cb, void *arg)
{
	struct nightly_info ni;
	struct pg_stream c;
	int rc, crc = 0;

	rc = pg_stream_open(&c, s, "SELECT id, name, label, config, host, pid,"
	    " started_at, ended_at, status, collections, failed, trend, process"
	    " FROM nightly ORDER BY id", 0, NULL, "reading the nightly log");
	while (rc == 0 && crc == 0 && (rc = pg_stream_next(&c)) == 1) {
		rc = 0;
		ni.id = pg_col_int(&c, 0);
		ni.name = pg_col(&c, 1);
		ni.label = pg_col(&c, 2);
		ni.config = pg_col(&c, 3);
		ni.host = pg_col(&c, 4);
		ni.pid = (long)pg_col_int(&c, 5);
		ni.started_at = pg_col(&c, 6);
		ni.ended_at = pg_col_null(&c, 7) ? NULL : pg_col(&c, 7);
		ni.status = pg_col(&c, 8);
		ni.collections = (int)pg_col_int(&c, 9);
		ni.failed = (int)pg_col_int(&c, 10);
		ni.trend = pg_col_null(&c, 11) ? -1 : (int)pg_col_int(&c, 11);
		ni.process = pg_col_null(&c, 12) ? NULL : pg_col(&c, 12);
		crc = cb(&ni, arg);
	}
	pg_stream_close(&c);
	return rc < 0 || crc < 0 ? -1 : 0;
}
