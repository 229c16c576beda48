/*
 * store_pg_private.h: the PostgreSQL backend's own (db/store_pg*.c).
 * One connection a struct store; every value sent as a parameter, never
 * spliced into SQL; reads of many rows through a server-side cursor
 * (struct pg_stream) so a year of history streams in bounded memory.
 */
#ifndef KBENCH_STORE_PG_PRIVATE_H
#define KBENCH_STORE_PG_PRIVATE_H

#include "db/pg_lib.h"

#include "db/store_impl.h"
#include "lib/strmap.h"

/* What a connection is inside of. */
enum pg_txn {
	PG_TXN_NONE,	/* autocommit */
	PG_TXN_WRITE,	/* store_begin(): the write lock is held */
	PG_TXN_READ,	/* store_read_begin(): one snapshot */
	PG_TXN_ITER	/* one an iterator opened for its cursor */
};

struct pg_pending;

/* The queries prepared once a connection (pg_query_prepared). */
enum pg_prepared {
	PG_Q_RUN,		/* a run's row, by id */
	PG_Q_RUN_FACTS,		/* its facts */
	PG_Q_RUN_KEYS,		/* its series' keys */
	PG_NPREPARED
};

struct store {
	struct store_head head;		/* first: store_impl.h */
	PGconn		*conn;
	char		*location;	/* as given: may hold a password */
	char		*public;	/* without one (store_location_public) */
	struct strbuf	 err;
	struct strbuf	 name;		/* scratch: a series name */
	int		 readonly;
	enum pg_txn	 txn;
	int		 iter_depth;	/* iterators open in a PG_TXN_ITER */
	unsigned	 ncursor;	/* cursors declared: names c1, c2... */
	/* Samples not yet sent (a COPY a batch), and their origins. */
	struct pg_pending *pending;
	size_t		 npending;
	struct strbuf	 copy;
	int		 copy_open;	/* a COPY FROM STDIN is under way */
	/* No tables yet: made by the first write (STORE_CREATE_IN_WRITE). */
	int		 create_pending;
	int		 schema_held;	/* its schema lock, for that write */
	unsigned	 prepared;	/* 1 << enum pg_prepared: done */
	/*
	 * The series this write transaction looked up or made, by "RUN
	 * NAME": a file whose rows alternate between series asked the
	 * server once a row.  Only inside the transaction (the write lock
	 * keeps other writers out), emptied at its end.
	 */
	struct strmap	 series_seen;
	int64_t		 failed_origin;
	int		 cancelled;	/* the last error: a cancel (57014) */
	/* Rows this write transaction added: ANALYZE after a big commit. */
	int64_t		 added_samples;
	int64_t		 added_summaries;
};

/* store_pg.c */
/* "LOCATION: what: the server's message" as the error; -1. */
/* The error "LOCATION: message" (no server's words): -1. */
int	pg_said(struct store *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int	pg_fail(struct store *s, const PGresult *res, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * Run sql with n text parameters (NULL is SQL NULL): the result when it
 * is rows or done, else NULL with the error said ("LOCATION: what: ...").
 */
PGresult *pg_query(struct store *s, const char *sql, int n,
	    const char *const *params, const char *what);
/* The same, its rows in binary (1) or text (0). */
PGresult *pg_query_as(struct store *s, const char *sql, int n,
	    const char *const *params, int binary, const char *what);
int	pg_exec(struct store *s, const char *sql, const char *what);
/*
 * pg_query() of a query run once a run (a year's: 365 times), prepared
 * the first time on this connection as statement id.
 */
PGresult *pg_query_prepared(struct store *s, enum pg_prepared id,
	    const char *sql, int n, const char *const *params,
	    const char *what);
/* An iterator's transaction: one of its own when none is open. */
int	pg_iter_begin(struct store *s);
void	pg_iter_end(struct store *s, int ok);
/* A big-endian unsigned number of bytes (<= 8) bytes: binary rows, COPY. */
uint64_t pg_be(const unsigned char *p, int bytes);
/* COPY's binary signature, 11 bytes with its NUL (header: 19 bytes). */
#define PG_COPY_SIGNATURE	"PGCOPY\n\377\r\n"
/* "12345" */
#define PG_INT_BUFSIZE	24
const char *pg_int(char buf[PG_INT_BUFSIZE], int64_t v);

/* store_pg_schema.c */
int	pg_migrate(struct store *s, unsigned flags, int *why);
int	pg_schema_lock(struct store *s);
void	pg_schema_unlock(struct store *s);
/* The tables made in the write transaction open (create_pending). */
int	pg_migrate_in_write(struct store *s);
int	pg_check_source(struct store *s, struct strbuf *why);

/* store_pg_read.c: the readers, as the ops table names them. */
int	pg_each_run(struct store *s, const struct filter *f, run_cb *cb,
	    void *arg);
int	pg_each_sample(struct store *s, const struct filter *f, sample_cb *cb,
	    void *arg);
int	pg_each_series(struct store *s, const struct filter *f, series_cb *cb,
	    void *arg);
int	pg_count_uncached(struct store *s, const struct filter *f,
	    int64_t *n);
int	pg_series_samples_from(struct store *s, int64_t series_id,
	    int64_t from, size_t max, struct sample_buf *b);
int	pg_series_samples(struct store *s, int64_t series_id,
	    struct sample_buf *b);
int	pg_series_values(struct store *s, int64_t series_id, double **v,
	    size_t *n, size_t *cap);
int	pg_series_rounds(struct store *s, int64_t series_id, double **v,
	    size_t *n, size_t *cap, struct round_spans *rs);
int	pg_series_shape(struct store *s, int64_t run_id, const char *name,
	    size_t *n, size_t *nrounds);
int	pg_fact_keys(struct store *s, const struct filter *f,
	    struct strlist *keys);
int	pg_series_keys(struct store *s, const struct filter *f,
	    struct strlist *keys);
int	pg_label_exists(struct store *s, const char *label, int *found);
int	pg_nightly_label_taken(struct store *s, const char *label, int *found);
int	pg_each_nightly(struct store *s, nightly_cb *cb, void *arg);

/* A cursor read in batches. */
struct pg_stream {
	struct store	*s;
	const char	*what;
	char		 name[16];
	PGresult	*res;	/* the batch */
	int		 row, nrows;
	int		 done, open;
	int		 binary; /* rows in binary: numbers not printed, parsed */
};
int	pg_stream_open(struct pg_stream *c, struct store *s, const char *sql,
	    int n, const char *const *params, const char *what);
/* The next row (its index in c->res): 1, 0 at the end, -1 on error. */
int	pg_stream_next(struct pg_stream *c);
void	pg_stream_close(struct pg_stream *c);
const char *pg_col(const struct pg_stream *c, int col);
int64_t	pg_col_int(const struct pg_stream *c, int col);
double	pg_col_real(const struct pg_stream *c, int col);	/* NULL: NaN */
int	pg_col_null(const struct pg_stream *c, int col);
double	pg_real(const char *text);

#endif
