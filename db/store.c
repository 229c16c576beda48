/*
 * store.c: the store's one entry point (store.h): each call dispatched
 * to the backend of the store it is given (store_impl.h), the backend
 * chosen by the location: a server's (PostgreSQL, db/store_pg.c, when
 * kbench is built with libpq), else a file's (SQLite,
 * db/store_sqlite.c).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "db/store_impl.h"

/* What separates libpq's key=value words. */
#define BLANKS	" \t\n\r\f\v"

static const struct store_ops *
ops_of(const struct store *s)
{
	return ((const struct store_head *)(const void *)s)->ops;
}

/*
 * Does p start "KEYWORD =", KEYWORD one of libpq's connection keywords
 * (PostgreSQL 15's, and 16's load_balance_hosts)?
 */
static int
conninfo_keyword(const char *p)
{
	static const char *const words[] = { "application_name",
	    "channel_binding", "client_encoding", "connect_timeout", "dbname",
	    "fallback_application_name", "gssencmode", "gsslib", "host",
	    "hostaddr", "keepalives", "keepalives_count", "keepalives_idle",
	    "keepalives_interval", "krbsrvname", "load_balance_hosts",
	    "options", "passfile", "password", "port", "replication",
	    "requirepeer", "requiressl", "service", "ssl_max_protocol_version",
	    "ssl_min_protocol_version", "sslcert", "sslcompression", "sslcrl",
	    "sslcrldir", "sslkey", "sslmode", "sslpassword", "sslrootcert",
	    "sslsni", "target_session_attrs", "tcp_user_timeout", "user" };
	size_t i, n = strspn(p, "abcdefghijklmnopqrstuvwxyz_");

	if (p[n + strspn(p + n, BLANKS)] != '=')
		return 0;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == n && strncmp(p, words[i], n) == 0)
			return 1;
	return 0;
}

int
store_location_is_server(const char *location)
{
	const char *p = location + strspn(location, BLANKS);

	/* Blanks first: libpq cannot read it, but it is no file name. */
	if (strncasecmp(p, "postgresql:", 11) == 0 ||
	    strncasecmp(p, "postgres:", 9) == 0)
		return 1;
	/* key=value words, separated by blanks: one of them libpq's. */
	for (p = location; *p != '\0'; p++)
		if ((p == location || strchr(BLANKS, p[-1]) != NULL) &&
		    conninfo_keyword(p))
			return 1;
	return 0;
}

void
store_word_public(const char *word, struct strbuf *out)
{
	char *shown = NULL;
	int secret = store_location_is_server(word);

	/* A server's location with no password is kept as written. */
#ifdef KBENCH_PG
	if (secret && (secret = store_pg_location_secret(word)) != 0)
		shown = store_pg_location_public(word);
#endif
	if (!secret) {
		sb_adds(out, word);
		return;
	}
	sb_adds(out, shown != NULL ? shown : "(a PostgreSQL location, not shown)");
	free(shown);
}

struct store *
store_open(const char *path, unsigned flags, struct strbuf *err, int *why)
{
	*why = 0;
	/* -d=LOCATION: getopt leaves the '='; said, not echoed. */
	if (path[0] == '=' && store_location_is_server(path + 1)) {
		sb_adds(err, "'=' and a PostgreSQL location (not repeated: it "
		    "may hold a password): write -d LOCATION or --db=LOCATION");
		*why = STORE_ENOENT;
		return NULL;
	}
	if (store_location_is_server(path)) {
#ifdef KBENCH_PG
		return store_pg_ops.open(path, flags, err, why);
#else
		/* Not the location itself: it may hold a password. */
		sb_adds(err, STORE_SERVER_REFUSED);
		return NULL;
#endif
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
	/* Another backend's store is written through its own calls. */
	if (ops_of(dst) != ops_of(stage))
		return store_copy_across(stage, dst, dup);
	return ops_of(stage)->stage_copy(stage, dst, dup);
}

const char *
store_error(const struct store *s)
{
	return ops_of(s)->error(s);
}

void
store_set_error(struct store *s, const char *msg)
{
	ops_of(s)->set_error(s, msg);
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
store_check_source(struct store *s, struct strbuf *why)
{
	return ops_of(s)->check_source(s, why);
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
	/*
	 * -0.0 is stored as 0: a REAL column in SQLite keeps an integral
	 * value as an integer, so one backend could not keep the sign and
	 * both must give back the same numbers.  (value == 0 holds for both.)
	 */
	if (value == 0)
		value = 0;
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
store_series_samples_from(struct store *s, int64_t series_id, int64_t from,
    size_t max, struct sample_buf *b)
{
	return ops_of(s)->series_samples_from(s, series_id, from, max, b);
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
	size_t i;
	int found = 0;

	/* A label nobody has is a typo to say, not an empty result. */
	for (i = 0; i < f->labels.n; i++) {
		if (store_label_exists(s, f->labels.v[i], &found) == -1)
			return -1;
		if (!found) {
			sb_addf(msg, "no run has the label '%s' (kbench runs "
			    "lists them)", f->labels.v[i]);
			return 1;
		}
	}
	return 0;
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

int
store_lock_named(struct store *s, const char *name, int *busy)
{
	*busy = 0;
	return ops_of(s)->lock_named(s, name, busy);
}

int
store_count_uncached(struct store *s, const struct filter *f, int64_t *n)
{
	return ops_of(s)->count_uncached(s, f, n);
}

int
store_lock_held(struct store *s)
{
	return ops_of(s)->lock_held(s);
}
