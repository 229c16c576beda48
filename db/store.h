/*
 * store.h: the store, the only code in kbench that speaks SQL: an SQLite
 * file (db/store_sqlite.c, the default) or a PostgreSQL database
 * (db/store_pg.c), chosen by the location store_open() is given; the
 * same promises from both (tests/unit/test_store_contract.c).
 *
 * Every function returns 0 on success and -1 on failure; store_error()
 * then says what failed, with context ("inserting sample 17 of series 3:
 * disk I/O error").  Nothing here exits or prints.
 */
#ifndef KBENCH_STORE_H
#define KBENCH_STORE_H

#include <stdint.h>

#include "db/filter.h"
#include "lib/kv.h"
#include "lib/util.h"

struct store;

/* store_open() flags */
#define STORE_CREATE	0x1	/* create the file when missing */
#define STORE_READONLY	0x2	/* open read-only: never migrates nor writes */
/*
 * For reading: read-only when this process may not write the database
 * (for SQLite, the file, or its directory, where it would make its -wal
 * and -shm files), else read-write (a reader caches summaries).
 */
#define STORE_READER	0x4
/*
 * A server's database without kbench's tables: made by the first write
 * transaction (store_begin), inside it, so a failed or killed import
 * leaves none; until then the store only writes.  Not for SQLite.
 */
#define STORE_CREATE_IN_WRITE	0x8

/* Run states, as stored. */
#define RUN_RUNNING	"running"
#define RUN_COMPLETE	"complete"
#define RUN_ABORTED	"aborted"

/* One run: what the run table holds. */
struct run_info {
	int64_t		 id;		/* filled in by the store */
	const char	*uuid;		/* NULL: the store makes a new one */
	const char	*label;
	const char	*benchmark;
	const char	*status;
	const char	*started_at;	/* ISO 8601 UTC; NULL: now */
	const char	*ended_at;	/* NULL while running */
	const char	*command;
	const char	*tool_version;
};

/* One series of a run: its identifying keys, unit and better direction. */
struct series_info {
	const struct kvlist	*keys;	/* sorted by key (kv_sort) */
	const char		*unit;	/* "us", "ns", ""... */
	const char		*better;	/* "lower" or "higher" */
};

/*
 * Open (and migrate) the database at path.  On failure returns NULL and
 * puts the reason in err; *why is STORE_ENOENT when the file is simply
 * missing, else a database error.  Without STORE_READONLY or
 * STORE_READER, a database this process may not write is refused
 * ("read-only here"), not opened to fail at the first write.
 */
#define STORE_ENOENT	1
struct store	*store_open(const char *path, unsigned flags, struct strbuf *err,
		    int *why);
void		 store_close(struct store *s);

/*
 * Staging, so that a writer reads and checks all its input before it
 * locks the database: a private temporary database (on disk, in
 * $TMPDIR, gone when closed or killed) with kbench's schema, written
 * with the usual functions, then copied into dst by store_stage_copy()
 * in one short transaction.
 */
struct store	*store_open_stage(struct strbuf *err);
/* A run of the stage that dst has already (same uuid). */
struct stage_dup {
	int64_t	 stage_id;	/* its id in the stage */
	int64_t	 id;		/* its id in dst */
	char	*uuid;		/* the caller frees it */
};
/*
 * Copy everything staged into dst, all or nothing: 0; 1 when a run is
 * there already (dup says which; nothing copied); -1 on an error
 * (store_error(stage), naming dst).
 */
int		 store_stage_copy(struct store *stage, struct store *dst,
		    struct stage_dup *dup);
const char	*store_error(const struct store *s);
const char	*store_path(const struct store *s);
/*
 * Is location one of a database server's (a postgresql:// or
 * postgres:// URI, any case, or a libpq key=value string: host=,
 * dbname=, service=...), not a file's path?  Such a location is never
 * made relative to anything, nor echoed.
 */
int		 store_location_is_server(const char *location);
/* What is said of a server location (store_open's refusal). */
#define STORE_SERVER_REFUSED	"a PostgreSQL location: this kbench was " \
	"built without libpq, so it stores in SQLite only (install libpq-dev " \
	"and rebuild; a file so named: ./NAME)"
/*
 * The location as any text that others read may show it (a report, a
 * mail, the site, a log, a stored command): for SQLite the path; a
 * server's would never carry a password.
 */
const char	*store_location_public(const struct store *s);
/*
 * A database's location as others may read it (in the command a run
 * keeps, a report shows): a server's holding a password without it
 * (libpq's reading, key=value); any other as it is.
 */
void		 store_word_public(const char *word, struct strbuf *out);
/*
 * A second connection to the same database, opened as the first was
 * (read-only if it is): for a thread of its own.  NULL and err on
 * failure.
 */
struct store	*store_open_peer(const struct store *s, struct strbuf *err);
/* Was it opened for writing (not STORE_READONLY)? */
int		 store_writable(const struct store *s);

/* The schema version this kbench writes (SQLite's PRAGMA user_version). */
int		 store_schema_version(void);

/*
 * A write transaction: writers queue, one at a time (SQLite's BEGIN
 * IMMEDIATE and busy timeout; a server's transaction advisory lock, 60 s
 * at most); readers do not wait.
 */
int	store_begin(struct store *s);
int	store_commit(struct store *s);
int	store_rollback(struct store *s);
/*
 * A read transaction: everything read until store_read_end() is one
 * snapshot, whatever others commit meanwhile.
 */
int	store_read_begin(struct store *s);
void	store_read_end(struct store *s);
/*
 * Has anyone written since?  A number that changes when another
 * connection commits (SQLite's PRAGMA data_version, a server's counter
 * row): two equal values mean nobody wrote in between.
 */
int	store_data_version(struct store *s, int64_t *v);
/*
 * A database from elsewhere (a merge's source) is read in bounded time:
 * from now on, every statement on s together may take at most base +
 * per_byte * the database's size in bytes SQLite steps (virtual machine
 * instructions), a reading a few dozen times what an honest database of
 * that size needs; past it, the statement fails (store_bound_hit() then
 * says so) rather than running on.  A server bounds nothing here: it runs
 * no code a source could carry, its tables typed by their columns.
 */
int	store_bound_reads(struct store *s, int64_t base, int64_t per_byte);
int	store_bound_hit(const struct store *s);
/*
 * Is s a database kbench wrote?  Its schema objects are exactly those
 * kbench makes (no view, no trigger, no virtual table, no other table,
 * index or column), and every value has its column's type.  0; 1 when
 * not, with why ("a view 'sample', ..."); -1 on a database error.
 */
int	store_check_source(struct store *s, struct strbuf *why);
/*
 * Give back memory held for reading (SQLite's page cache) of a store kept
 * open and done with for now; a server's: nothing to give.
 */
void	store_release_memory(struct store *s);
/*
 * The caller reads the database through once (the history of trend and
 * site): SQLite keeps a small page cache (2 MiB), not the 16 MiB a bulk
 * insert wants; a server streams it through cursors anyway.
 */
void	store_read_through(struct store *s);

/*
 * A label must be text that prints: no control character (a newline
 * would split every table and report it appears in).  0, or -1 with why.
 */
int	store_label_check(const char *label, struct strbuf *why);
/*
 * Text given on the command line (a --meta fact) must be UTF-8, as an
 * imported file's must: else its export could not be imported back.
 * 0, or -1 with why ("WHAT '...': invalid UTF-8 ...").
 */
int	store_text_check(const char *what, const char *s, struct strbuf *why);

/* Writers. */
int	store_run_create(struct store *s, struct run_info *ri);
int	store_run_finish(struct store *s, int64_t run_id, const char *status);
int	store_run_by_uuid(struct store *s, const char *uuid, int64_t *run_id);
/* Delete a run with everything it holds (in the caller's transaction). */
int	store_run_delete(struct store *s, int64_t run_id);
int	store_fact_set(struct store *s, int64_t run_id, const char *key,
	    const char *value);
int	store_series_get(struct store *s, int64_t run_id,
	    const struct series_info *si, int64_t *series_id);
/*
 * Samples are buffered and written SAMPLE_BATCH rows per INSERT: one
 * statement per row would halve the import speed.  A full buffer, a
 * commit, or store_flush() writes them; an error then (a duplicate seq)
 * names the sample, and store_failed_origin() gives back the origin the
 * caller passed with it (a line number; collectors pass 0).  round is the
 * invocation of the benchmark program that made the sample (1, 2, ...),
 * or STORE_NO_ROUND when nobody recorded it: stored as NULL.  Every
 * other double comes back bit for bit, but -0.0 is stored as 0.
 */
#define STORE_NO_ROUND	(-1)
/* The largest round: 2^53 - 1, exact as a double (JSON's numbers). */
#define STORE_ROUND_MAX	INT64_C(9007199254740991)
int	store_sample_add(struct store *s, int64_t series_id, int64_t seq,
	    int64_t round, double value, int64_t origin);
int	store_flush(struct store *s);
int64_t	store_failed_origin(const struct store *s);

/*
 * The series' canonical name: its keys sorted, "k=v,k=v", with '\',
 * ',' and '=' escaped by a backslash.  It identifies a series across runs.
 */
void	store_series_name(const struct kvlist *keys, struct strbuf *out);

/*
 * Readers.  The store_each_*() iterators call a callback per row; it
 * returns 0 to go on, STORE_STOP to stop (the iterator then returns 0),
 * or -1 on an error: the iterator stops and returns -1 at once, and the
 * message is the callback's to leave (in store_error(s) when it failed
 * on s itself).  An error of the iterator's own (a corrupt page, an I/O
 * error) also returns -1: a reader never takes part of the rows for all.
 */
#define STORE_STOP	1

/*
 * Redaction, for outputs to publish: from now on, the value of a fact
 * key read back from s (in a run_row, and so in every analysis, chart
 * and report made from it) is a token, "redacted-1", "redacted-2"...,
 * one per distinct value of that key: a host name or a path is gone,
 * and two runs of one host still show as one host.
 */
void	store_redact(struct store *s, const char *key);
/*
 * The value of the fact key as shown: itself, or its token when key is
 * redacted (for facts read on another connection, as a side thread does).
 */
const char *store_redacted(struct store *s, const char *key,
	    const char *value);
/*
 * text, with every redacted value seen so far replaced by its token
 * where it stands as a word of its own (not inside a longer word): a
 * recorded command with --meta host=pi4 or a path in it.
 */
void	store_redact_text(struct store *s, const char *text,
	    struct strbuf *out);
/*
 * Every value of facts redacted as text (store_redact_text): a redacted
 * host name inside another fact (ip=...:HOST:...) is hidden there too.
 */
void	store_redact_facts(struct store *s, struct kvlist *facts);

/* A run as listed by "kbench runs". */
struct run_row {
	struct run_info	 info;
	struct kvlist	 facts;
	int64_t		 nsamples;
	int64_t		 nseries;
};
typedef int run_cb(const struct run_row *row, void *arg);
/* Call cb for each run the filter selects, oldest first. */
int	store_each_run(struct store *s, const struct filter *f, run_cb *cb,
	    void *arg);

/* One sample with everything the canonical CSV carries. */
struct sample_row {
	const struct run_row	*run;
	int64_t			 series_id;
	const char		*series_name;
	const struct kvlist	*keys;
	const char		*unit;
	const char		*better;
	int64_t			 seq;
	int64_t			 round;		/* or STORE_NO_ROUND */
	double			 value;
};
typedef int sample_cb(const struct sample_row *row, void *arg);
/* Call cb for each sample selected, ordered by run, series, seq. */
int	store_each_sample(struct store *s, const struct filter *f,
	    sample_cb *cb, void *arg);

/*
 * A series' summary, cached for the history of kbench trend: its sample
 * count, median, and the interval of the median at 95% (level: its exact
 * level, 95 or a little above; lo, hi and level NaN when there are too
 * few samples; median NaN when there are none).
 */
struct series_summary {
	int64_t	n;
	double	median, lo, hi, level;
};
/*
 * The most samples a cached summary may count (2^32 - 1): a cache row
 * past it (or below 0) was not written by kbench, and the series is
 * read from its samples instead.  Also a bound of the runs' sums.
 */
#define SUMMARY_N_MAX		4294967295LL
#define SUMMARY_N_MAX_SQL	"4294967295"

/* One series of a run, for readers that want its values in bulk. */
struct series_row {
	const struct run_row	*run;
	int64_t			 id;
	const char		*name;
	const struct kvlist	*keys;
	const char		*unit;
	const char		*better;
	const struct series_summary *summary;	/* cached, or NULL */
};
typedef int series_cb(const struct series_row *row, void *arg);
/*
 * Call cb for each series selected, by run then name; cb may call
 * store_series_values() on it.  The fast way to read many samples.
 */
int	store_each_series(struct store *s, const struct filter *f,
	    series_cb *cb, void *arg);
/*
 * How many series store_each_series() would give without a summary
 * (none cached, or not a count kbench writes), in *n: one aggregate
 * query, so a reader can skip looking for them.  0, or -1 (the error
 * set).
 */
int	store_count_uncached(struct store *s, const struct filter *f,
	    int64_t *n);
/* A series' samples whole: seq, round and value, in seq order. */
struct sample_buf {
	int64_t	*seq;
	int64_t	*round;		/* STORE_NO_ROUND where none */
	double	*v;
	size_t	 n, cap;
};
/* Append the samples of a series to b (grown as needed). */
int	store_series_samples(struct store *s, int64_t series_id,
	    struct sample_buf *b);
/*
 * At most max of them, those with seq >= from, in seq order (a series
 * read a part at a time: memory bounded whatever its length).
 */
int	store_series_samples_from(struct store *s, int64_t series_id,
	    int64_t from, size_t max, struct sample_buf *b);
void	sample_buf_free(struct sample_buf *b);
/*
 * Copy the samples of series src_id of src into series dst_id of dst, a
 * part at a time through b (1.5 MB, whatever the series' length); how
 * many in *n.  0; or -1 with the error in *failed (src or dst).
 */
int	store_samples_copy(struct store *src, int64_t src_id,
	    struct store *dst, int64_t dst_id, struct sample_buf *b,
	    int64_t *n, struct store **failed);
/*
 * A series' rounds as read, run-length: n values in a row of one round
 * (STORE_NO_ROUND: none recorded).  A series of 5 million samples in 5
 * rounds is 5 spans, not 5 million rounds.
 */
struct round_span {
	int64_t	round;
	size_t	n;
};
struct round_spans {
	struct round_span	*v;
	size_t			 n, cap;
};
/*
 * The values of a series in seq order, appended to *v (grown as
 * needed), and their rounds as spans into rs (emptied first).
 */
int	store_series_rounds(struct store *s, int64_t series_id, double **v,
	    size_t *n, size_t *cap, struct round_spans *rs);
/* Append the values of a series, in seq order, to *v (grown as needed). */
int	store_series_values(struct store *s, int64_t series_id, double **v,
	    size_t *n, size_t *cap);

/*
 * The shape of one series of a run, by its name: its samples and the
 * rounds they came from (0: none recorded), or *n 0 when the run has no
 * such series.  Runs alike in shape are alike in how their medians
 * vary (the noise floor's identical runs).
 */
int	store_series_shape(struct store *s, int64_t run_id, const char *name,
	    size_t *n, size_t *nrounds);

/* Cache a series' summary (replacing any). */
int	store_summary_put(struct store *s, int64_t series_id,
	    const struct series_summary *sum);

/* The distinct fact keys and series keys of the selected runs, sorted. */
int	store_fact_keys(struct store *s, const struct filter *f,
	    struct strlist *keys);
int	store_series_keys(struct store *s, const struct filter *f,
	    struct strlist *keys);

/* Does any run carry this label?  *found is 0 or 1. */
int	store_label_exists(struct store *s, const char *label, int *found);

/*
 * Check what a filter names exists: 0 when it does, 1 (with msg set)
 * when a label is unknown, -1 on a database error.
 */
int	store_check_filter(struct store *s, const struct filter *f,
	    struct strbuf *msg);

/*
 * The log of kbench nightly: one row an invocation, written when it
 * starts (status NIGHTLY_RUNNING) and again when it ends.
 */
#define NIGHTLY_RUNNING		"running"
#define NIGHTLY_OK		"ok"
#define NIGHTLY_FAILED		"failed"	/* a collection failed */
#define NIGHTLY_REGRESSION	"regression"	/* the trend check found one */
#define NIGHTLY_INTERRUPTED	"interrupted"	/* by a signal */
#define NIGHTLY_LOCKED_OUT	"locked-out"	/* another held the lock */
#define NIGHTLY_REFUSED		"refused"	/* its configuration, refused */

struct nightly_info {
	int64_t		 id;		/* filled in by the store */
	const char	*name, *label, *config, *host;
	long		 pid;
	const char	*process;	/* proc_identity() of pid, or NULL */
	const char	*started_at, *ended_at;
	const char	*status;
	int		 collections, failed;	/* collections run, and failed */
	int		 trend;		/* the trend check's exit status, -1: none */
};
int	store_nightly_begin(struct store *s, struct nightly_info *ni);
int	store_nightly_end(struct store *s, const struct nightly_info *ni);
typedef int nightly_cb(const struct nightly_info *ni, void *arg);
/* Call cb for each logged nightly, oldest first. */
int	store_each_nightly(struct store *s, nightly_cb *cb, void *arg);
/*
 * Is label taken, by a run or by a nightly that ran (a locked-out or
 * refused one never used its label)?  *found is 0 or 1.
 */
int	store_nightly_label_taken(struct store *s, const char *label,
	    int *found);
/*
 * A lock of this database named name, held until s is closed (so also
 * when the process dies): a server's session advisory lock, which every
 * host that reaches the database meets.  0; or -1, the error set, with
 * *busy 1 when another session holds it.  An SQLite file has none (its
 * nightly locks are files, nightly_lock.c): -1, said.
 */
int	store_lock_named(struct store *s, const char *name, int *busy);
/*
 * Are the locks store_lock_named() took still held: is the connection
 * that took them still the server's?  1; or 0, the error set, when the
 * server ended it (its locks went with it: another session may take
 * them now).  It asks the server: a server that does not answer keeps
 * it waiting, as any query would.  A file's store: 1 (its locks are
 * files).
 */
int	store_lock_held(struct store *s);

/* Time now as ISO 8601 UTC with milliseconds: "2026-11-30T02:43:18.123Z". */
void	store_now(char *buf, size_t size);

#endif
