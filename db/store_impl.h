/*
 * store_impl.h: what a store backend gives store.c (db/ only).  The
 * ops-table idiom of locktorture and lock_ops.h: store.c dispatches
 * each call of store.h through the table of the store it is given, and
 * chooses the backend by the location store_open() is given.  A new
 * backend fills a struct store_ops, begins its struct store with the
 * table's address (struct store_head), and is named in store.c.
 */
#ifndef KBENCH_STORE_IMPL_H
#define KBENCH_STORE_IMPL_H

#include "db/store.h"

struct store_ops {
	const char	*name;		/* "sqlite" */
	struct store *(*open)(const char *path, unsigned flags, struct strbuf *err, int *why);
	struct store *(*open_stage)(struct strbuf *err);
	void (*close)(struct store *s);
	int (*stage_copy)(struct store *stage, struct store *dst, struct stage_dup *dup);
	const char *(*error)(const struct store *s);
	void (*set_error)(struct store *s, const char *msg);
	const char *(*path)(const struct store *s);
	const char *(*location_public)(const struct store *s);
	struct store *(*open_peer)(const struct store *s, struct strbuf *err);
	int (*writable)(const struct store *s);
	int (*begin)(struct store *s);
	int (*commit)(struct store *s);
	int (*rollback)(struct store *s);
	int (*read_begin)(struct store *s);
	void (*read_end)(struct store *s);
	int (*data_version)(struct store *s, int64_t *v);
	int (*bound_reads)(struct store *s, int64_t base, int64_t per_byte);
	int (*bound_hit)(const struct store *s);
	int (*check_source)(struct store *s, struct strbuf *why);
	void (*release_memory)(struct store *s);
	void (*read_through)(struct store *s);
	int (*run_create)(struct store *s, struct run_info *ri);
	int (*run_finish)(struct store *s, int64_t run_id, const char *status);
	int (*run_by_uuid)(struct store *s, const char *uuid, int64_t *run_id);
	int (*run_delete)(struct store *s, int64_t run_id);
	int (*fact_set)(struct store *s, int64_t run_id, const char *key, const char *value);
	int (*series_get)(struct store *s, int64_t run_id, const struct series_info *si, int64_t *series_id);
	int (*sample_add)(struct store *s, int64_t series_id, int64_t seq, int64_t round, double value, int64_t origin);
	int (*flush)(struct store *s);
	int64_t (*failed_origin)(const struct store *s);
	int (*each_run)(struct store *s, const struct filter *f, run_cb *cb, void *arg);
	int (*each_sample)(struct store *s, const struct filter *f, sample_cb *cb, void *arg);
	int (*each_series)(struct store *s, const struct filter *f, series_cb *cb, void *arg);
	int (*count_uncached)(struct store *s, const struct filter *f, int64_t *n);
	int (*series_samples)(struct store *s, int64_t series_id, struct sample_buf *b);
	int (*series_samples_from)(struct store *s, int64_t series_id,
	    int64_t from, size_t max, struct sample_buf *b);
	int (*series_rounds)(struct store *s, int64_t series_id, double **v, size_t *n, size_t *cap, struct round_spans *rs);
	int (*series_values)(struct store *s, int64_t series_id, double **v, size_t *n, size_t *cap);
	int (*series_shape)(struct store *s, int64_t run_id, const char *name, size_t *n, size_t *nrounds);
	int (*summary_put)(struct store *s, int64_t series_id, const struct series_summary *sum);
	int (*fact_keys)(struct store *s, const struct filter *f, struct strlist *keys);
	int (*series_keys)(struct store *s, const struct filter *f, struct strlist *keys);
	int (*label_exists)(struct store *s, const char *label, int *found);
	int (*nightly_begin)(struct store *s, struct nightly_info *ni);
	int (*nightly_end)(struct store *s, const struct nightly_info *ni);
	int (*each_nightly)(struct store *s, nightly_cb *cb, void *arg);
	int (*nightly_label_taken)(struct store *s, const char *label, int *found);
	int (*lock_named)(struct store *s, const char *name, int *busy);
	int (*lock_held)(struct store *s);
};

struct redacted;

/*
 * Every backend's struct store begins so: its table, and what
 * store_redact() hides (store_common.c).
 */
struct store_head {
	const struct store_ops	*ops;
	struct strlist		 redact_keys;
	struct redacted		*redacted;
	size_t			 nredacted;
};
void	store_head_free(struct store_head *h);

extern const struct store_ops store_sqlite_ops;
#ifdef KBENCH_PG
extern const struct store_ops store_pg_ops;
/* The location without its password (malloc'd), NULL if unreadable. */
char	*store_pg_location_public(const char *location);
/* May it hold a password?  1 (or unreadable: may), else 0. */
int	store_pg_location_secret(const char *location);
#endif

/*
 * filter.c: a filter as SQL.  Appends " AND ..." conditions over the
 * aliases r (run) and, with series_level, s (series) to sql, with a ?
 * for each value, and the values to binds (all bound as text).  Without
 * series_level, a series-key condition selects runs that have at least
 * one such series.  The dialect says how a truth value and a run id
 * compared with text are written.
 */
enum filter_dialect { FILTER_SQLITE, FILTER_PG };
void	filter_sql(const struct filter *f, int series_level,
	    enum filter_dialect dialect, struct strbuf *sql,
	    struct strlist *binds);

/* Make msg the store's error (what store_error() says next). */
void	store_set_error(struct store *s, const char *msg);
/* store_copy.c: store_stage_copy() into another backend's store. */
int	store_copy_across(struct store *stage, struct store *dst,
	    struct stage_dup *dup);

/* store_common.c: what the backends share. */
/* A random (version 4) UUID, from the kernel's generator; -1 and err. */
int	store_make_uuid(char out[37], struct strbuf *err);
/* Append one sample (a value, its values and rounds) to what a reader fills. */
void	sample_buf_push(struct sample_buf *b, int64_t seq, int64_t round,
	    double v);
void	store_values_push(double **v, size_t *n, size_t *cap, double x);
void	round_spans_push(struct round_spans *rs, int64_t round);

#endif
