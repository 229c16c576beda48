/*
 * store.c: the store's one entry point (store.h): each call dispatched
 * to the backend of the store it is given (store_impl.h), the backend
 * chosen by the location.  SQLite is db/store_sqlite.c; PostgreSQL is
 * not there yet (issue 29): its locations are refused, said so.
 */
#include <string.h>
#include <strings.h>

#include "db/store_impl.h"

static const struct store_ops *
ops_of(const struct store *s)
{
	return ((const struct store_head *)(const void *)s)->ops;
}

/* libpq's connection keywords that a key=value location starts with. */
static int
conninfo_keyword(const char *p)
{
	static const char *const words[] = { "host=", "hostaddr=", "port=",
	    "dbname=", "user=", "password=", "passfile=", "service=",
	    "sslmode=", "options=", "application_name=", "connect_timeout=" };
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strncmp(p, words[i], strlen(words[i])) == 0)
			return 1;
	return 0;
}

int
store_location_is_server(const char *location)
{
	const char *p;

	if (strncasecmp(location, "postgresql:", 11) == 0 ||
	    strncasecmp(location, "postgres:", 9) == 0)
		return 1;
	/* key=value, separated by blanks: one of libpq's words begins one. */
	for (p = location; *p != '\0'; p++)
		if ((p == location || *(p - 1) == ' ') && conninfo_keyword(p))
			return 1;
	return 0;
}

struct store *
store_open(const char *path, unsigned flags, struct strbuf *err, int *why)
{
	*why = 0;
	if (store_location_is_server(path)) {
		/* Not the location itself: it may hold a password. */
		sb_adds(err, STORE_SERVER_REFUSED);
		return NULL;
	}
	return store_sqlite_ops.open(path, flags, err, why);
}

struct store *
store_open_stage(struct strbuf *err)
{
	return store_sqlite_ops.open_stage(err);
}

void
store_close(struct store *s)
{
	if (s != NULL)
		ops_of(s)->close(s);
}

int
store_stage_copy(struct store *stage, struct store *dst, struct stage_dup *dup)
{
	return ops_of(stage)->stage_copy(stage, dst, dup);
}

const char *
store_error(const struct store *s)
{
	return ops_of(s)->error(s);
}

const char *
store_path(const struct store *s)
{
	return ops_of(s)->path(s);
}

const char *
store_location_public(const struct store *s)
{
	return ops_of(s)->location_public(s);
}

struct store *
store_open_peer(const struct store *s, struct strbuf *err)
{
	return ops_of(s)->open_peer(s, err);
}

int
store_writable(const struct store *s)
{
	return ops_of(s)->writable(s);
}

int
store_begin(struct store *s)
{
	return ops_of(s)->begin(s);
}

int
store_commit(struct store *s)
{
	return ops_of(s)->commit(s);
}

int
store_rollback(struct store *s)
{
	return ops_of(s)->rollback(s);
}

int
store_read_begin(struct store *s)
{
	return ops_of(s)->read_begin(s);
}

void
store_read_end(struct store *s)
{
	ops_of(s)->read_end(s);
}

int
store_data_version(struct store *s, int64_t *v)
{
	return ops_of(s)->data_version(s, v);
}

int
store_bound_reads(struct store *s, int64_t base, int64_t per_byte)
{
	return ops_of(s)->bound_reads(s, base, per_byte);
}

int
store_bound_hit(const struct store *s)
{
	return ops_of(s)->bound_hit(s);
}

void
store_release_memory(struct store *s)
{
	ops_of(s)->release_memory(s);
}

void
store_read_through(struct store *s)
{
	ops_of(s)->read_through(s);
}

int
store_run_create(struct store *s, struct run_info *ri)
{
	return ops_of(s)->run_create(s, ri);
}

int
store_run_finish(struct store *s, int64_t run_id, const char *status)
{
	return ops_of(s)->run_finish(s, run_id, status);
}

int
store_run_by_uuid(struct store *s, const char *uuid, int64_t *run_id)
{
	return ops_of(s)->run_by_uuid(s, uuid, run_id);
}

int
store_run_delete(struct store *s, int64_t run_id)
{
	return ops_of(s)->run_delete(s, run_id);
}

int
store_fact_set(struct store *s, int64_t run_id, const char *key, const char *value)
{
	return ops_of(s)->fact_set(s, run_id, key, value);
}

int
store_series_get(struct store *s, int64_t run_id, const struct series_info *si, int64_t *series_id)
{
	return ops_of(s)->series_get(s, run_id, si, series_id);
}

int
store_sample_add(struct store *s, int64_t series_id, int64_t seq, int64_t round, double value, int64_t origin)
{
	return ops_of(s)->sample_add(s, series_id, seq, round, value, origin);
}

int
store_flush(struct store *s)
{
	return ops_of(s)->flush(s);
}

int64_t
store_failed_origin(const struct store *s)
{
	return ops_of(s)->failed_origin(s);
}

void
store_redact(struct store *s, const char *key)
{
	ops_of(s)->redact(s, key);
}

const char *
store_redacted(struct store *s, const char *key, const char *value)
{
	return ops_of(s)->redacted(s, key, value);
}

void
store_redact_text(struct store *s, const char *text, struct strbuf *out)
{
	ops_of(s)->redact_text(s, text, out);
}

void
store_redact_facts(struct store *s, struct kvlist *facts)
{
	ops_of(s)->redact_facts(s, facts);
}

int
store_each_run(struct store *s, const struct filter *f, run_cb *cb, void *arg)
{
	return ops_of(s)->each_run(s, f, cb, arg);
}

int
store_each_sample(struct store *s, const struct filter *f, sample_cb *cb, void *arg)
{
	return ops_of(s)->each_sample(s, f, cb, arg);
}

int
store_each_series(struct store *s, const struct filter *f, series_cb *cb, void *arg)
{
	return ops_of(s)->each_series(s, f, cb, arg);
}

int
store_series_samples(struct store *s, int64_t series_id, struct sample_buf *b)
{
	return ops_of(s)->series_samples(s, series_id, b);
}

int
store_series_rounds(struct store *s, int64_t series_id, double **v, size_t *n, size_t *cap, struct round_spans *rs)
{
	return ops_of(s)->series_rounds(s, series_id, v, n, cap, rs);
}

int
store_series_values(struct store *s, int64_t series_id, double **v, size_t *n, size_t *cap)
{
	return ops_of(s)->series_values(s, series_id, v, n, cap);
}

int
store_series_shape(struct store *s, int64_t run_id, const char *name, size_t *n, size_t *nrounds)
{
	return ops_of(s)->series_shape(s, run_id, name, n, nrounds);
}

int
store_summary_put(struct store *s, int64_t series_id, const struct series_summary *sum)
{
	return ops_of(s)->summary_put(s, series_id, sum);
}

int
store_fact_keys(struct store *s, const struct filter *f, struct strlist *keys)
{
	return ops_of(s)->fact_keys(s, f, keys);
}

int
store_series_keys(struct store *s, const struct filter *f, struct strlist *keys)
{
	return ops_of(s)->series_keys(s, f, keys);
}

int
store_label_exists(struct store *s, const char *label, int *found)
{
	return ops_of(s)->label_exists(s, label, found);
}

int
store_check_filter(struct store *s, const struct filter *f, struct strbuf *msg)
{
	return ops_of(s)->check_filter(s, f, msg);
}

int
store_nightly_begin(struct store *s, struct nightly_info *ni)
{
	return ops_of(s)->nightly_begin(s, ni);
}

int
store_nightly_end(struct store *s, const struct nightly_info *ni)
{
	return ops_of(s)->nightly_end(s, ni);
}

int
store_each_nightly(struct store *s, nightly_cb *cb, void *arg)
{
	return ops_of(s)->each_nightly(s, cb, arg);
}

int
store_nightly_label_taken(struct store *s, const char *label, int *found)
{
	return ops_of(s)->nightly_label_taken(s, label, found);
}
