/*
 * test_store_contract.c: the contract of db/store.h, run against any
 * backend.  Everything goes through store.h (and filter.h, lib/): no
 * SQL, no call of a backend's own, so one set of expectations holds for
 * every backend, and a check that passes on one and fails on another
 * is a bug of that backend, not of the check.
 *
 *	test_store_contract [LOCATION [EMPTY-LOCATION]]
 *
 * LOCATION: a file's path (SQLite) or a PostgreSQL location; without
 * one, a fresh SQLite file in a directory of our own (tests/run.sh runs
 * every unit test so).  EMPTY-LOCATION: a second location holding
 * nothing (a server's fresh database), for the check that opening one
 * without STORE_CREATE fails with STORE_ENOENT: for a file, a missing
 * path is made up when it is not given; for a server, that check is
 * skipped.  KBENCH_TEST_SECRET: the password LOCATION holds, which
 * nothing the store shows may contain.
 *
 * One database for the whole suite.  Every check writes runs under
 * labels of its own, prefixed with a tag unique to this invocation, and
 * reads only through filters that name them: the checks depend neither
 * on each other nor on what else the database holds (a server's may
 * hold another test's runs, or an earlier invocation's).
 */
#include <float.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "db/filter.h"
#include "db/store.h"
#include "lib/kv.h"
#include "lib/strlist.h"
#include "lib/util.h"

#define END	((const char *)NULL)

static char dir[] = "/tmp/kbench-test-contract.XXXXXX";
static char tag[24];		/* this invocation's: every label starts so */
static const char *loc;		/* the suite's location */
static const char *empty_loc;	/* an empty one, or NULL */
static struct store *db;	/* the suite's store */
static struct strbuf enoent_msg;	/* what the refused open said */

/* ---- helpers ---- */

static const char *
path_in_dir(const char *name)
{
	static char buf[2][256];
	static unsigned next;
	char *b = buf[next++ % 2];

	snprintf(b, sizeof(buf[0]), "%s/%s", dir, name);
	return b;
}

/* Random bytes from the kernel; time and pid if it fails us. */
static void
random_bytes(unsigned char *b, size_t n)
{
	FILE *fp = fopen("/dev/urandom", "rb");
	size_t i;

	if (fp == NULL || fread(b, 1, n, fp) != n)
		for (i = 0; i < n; i++)
			b[i] = (unsigned char)(((unsigned long)time(NULL) >>
			    (i % 4 * 8)) ^ (unsigned long)getpid() ^ (i * 131));
	if (fp != NULL)
		fclose(fp);
}

/* A version 4 uuid of our own: a run's given uuid, an unknown one. */
static void
random_uuid(char out[37])
{
	unsigned char b[16];

	random_bytes(b, sizeof(b));
	b[6] = (b[6] & 0x0f) | 0x40;
	b[8] = (b[8] & 0x3f) | 0x80;
	snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
	    "%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3], b[4], b[5],
	    b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
}

/* Is u a version 4 uuid as text (36 characters, lower-case hex)? */
static int
uuid_v4(const char *u)
{
	size_t i;

	if (strlen(u) != 36 || u[14] != '4' || strchr("89ab", u[19]) == NULL)
		return 0;
	for (i = 0; i < 36; i++)
		if (i == 8 || i == 13 || i == 18 || i == 23 ? u[i] != '-' :
		    strchr("0123456789abcdef", u[i]) == NULL)
			return 0;
	return 1;
}

/* "TAG-name": a ring of buffers, for a few labels in one expression. */
static const char *
L(const char *name)
{
	static char ring[8][128];
	static unsigned next;
	char *b = ring[next++ % 8];

	snprintf(b, sizeof(ring[0]), "%s-%s", tag, name);
	return b;
}

/* A label without the tag, for expected texts that do not vary. */
static const char *
untag(const char *label)
{
	size_t n = strlen(tag);

	return strncmp(label, tag, n) == 0 && label[n] == '-' ? label + n + 1 :
	    label;
}

/* Bit for bit: -0.0 is not 0.0, one NaN is itself. */
static int
same_bits(double a, double b)
{
	uint64_t x, y;

	memcpy(&x, &a, sizeof(x));
	memcpy(&y, &b, sizeof(y));
	return x == y;
}

/* "k=v,k=v" */
static void
add_kvs(struct strbuf *sb, const struct kvlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		sb_addf(sb, "%s%s=%s", i ? "," : "", l->v[i].key,
		    l->v[i].value);
}

/* A double as text exactly (hex), NaN as "NaN" whatever its sign. */
static void
add_real(struct strbuf *sb, double v)
{
	if (isnan(v))
		sb_adds(sb, "NaN");
	else
		sb_addf(sb, "%a", v);
}

static int
new_run(struct store *s, const char *label, const char *bench,
    const char *status, const char *started, int64_t *id)
{
	struct run_info ri;

	memset(&ri, 0, sizeof(ri));
	ri.label = label;
	ri.benchmark = bench;
	ri.status = status;
	ri.started_at = started;
	if (store_run_create(s, &ri) == -1) {
		printf("# run_create: %s\n", store_error(s));
		return -1;
	}
	*id = ri.id;
	return 0;
}

/* The series of run keyed by spec ("k=v,k=v"), as store.h wants its keys. */
static int
new_series(struct store *s, int64_t run, const char *spec, const char *unit,
    const char *better, int64_t *id)
{
	struct kvlist keys = KVLIST_INIT;
	struct strlist parts = { NULL, 0 };
	struct series_info si;
	size_t i;
	int rc;

	strlist_split(&parts, spec);
	for (i = 0; i < parts.n; i++)
		kv_parse(&keys, parts.v[i]);
	kv_sort(&keys);
	si.keys = &keys;
	si.unit = unit;
	si.better = better;
	if ((rc = store_series_get(s, run, &si, id)) == -1)
		printf("# series_get: %s\n", store_error(s));
	kv_clear(&keys);
	strlist_free(&parts);
	return rc;
}

/* Samples seq first.. first + n - 1 of a series, of one round, value seq. */
static int
add_samples(struct store *s, int64_t series, int64_t first, int n,
    int64_t round)
{
	int i;

	for (i = 0; i < n; i++)
		if (store_sample_add(s, series, first + i, round,
		    (double)(first + i), 0) == -1) {
			printf("# sample_add: %s\n", store_error(s));
			return -1;
		}
	return 0;
}

/* f emptied, then given the labels named (TAG-name each), END-terminated. */
static void
fset(struct filter *f, int incomplete, ...)
{
	const char *name;
	va_list ap;

	memset(f, 0, sizeof(*f));
	f->include_incomplete = incomplete;
	va_start(ap, incomplete);
	while ((name = va_arg(ap, const char *)) != NULL)
		strlist_add(&f->labels, L(name));
	va_end(ap);
}

static int
count_cb(const struct run_row *row, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

/* How many runs carry label (-1 on an error, said). */
static int
count_runs(struct store *s, const char *label, int incomplete)
{
	struct filter f;
	int n = 0;

	memset(&f, 0, sizeof(f));
	f.include_incomplete = incomplete;
	strlist_add(&f.labels, label);
	if (store_each_run(s, &f, count_cb, &n) == -1) {
		printf("# each_run: %s\n", store_error(s));
		n = -1;
	}
	filter_free(&f);
	return n;
}

/* One run as each_run shows it, copied out of the callback. */
struct run_copy {
	int	n;		/* rows seen */
	char	uuid[64], label[128], status[16], started[48], ended[48];
	char	facts[512];
	int	ended_null;
	int64_t	nsamples, nseries;
};

static int
grab_run(const struct run_row *row, void *arg)
{
	struct run_copy *c = arg;
	struct strbuf facts = STRBUF_INIT;

	c->n++;
	snprintf(c->uuid, sizeof(c->uuid), "%s", row->info.uuid);
	snprintf(c->label, sizeof(c->label), "%s", row->info.label);
	snprintf(c->status, sizeof(c->status), "%s", row->info.status);
	snprintf(c->started, sizeof(c->started), "%s", row->info.started_at);
	c->ended_null = row->info.ended_at == NULL;
	snprintf(c->ended, sizeof(c->ended), "%s",
	    c->ended_null ? "" : row->info.ended_at);
	add_kvs(&facts, &row->facts);
	snprintf(c->facts, sizeof(c->facts), "%s", sb_str(&facts));
	sb_free(&facts);
	c->nsamples = row->nsamples;
	c->nseries = row->nseries;
	return 0;
}

/* The run of id, running or not (c->n 0 when there is none). */
static void
get_run(struct store *s, int64_t id, struct run_copy *c)
{
	struct filter f;
	char text[32];

	memset(c, 0, sizeof(*c));
	memset(&f, 0, sizeof(f));
	f.include_incomplete = 1;
	snprintf(text, sizeof(text), "%lld", (long long)id);
	strlist_add(&f.runs, text);
	if (store_each_run(s, &f, grab_run, c) == -1)
		printf("# each_run: %s\n", store_error(s));
	filter_free(&f);
}

/* ---- 1. opening ---- */

/*
 * STORE_CREATE creates; without it, an empty location (a missing file,
 * a database with no kbench tables) is refused as STORE_ENOENT, the
 * "nothing here yet" a command tells from a broken database, and the
 * refusal makes nothing that a second open would find.
 */
static void
test_open(void)
{
	struct strbuf err = STRBUF_INIT;
	struct store *s;
	int i, why;

	/* The suite's own location, made by main(), opens as it is. */
	s = store_open(loc, 0, &err, &why);
	CHECK(s != NULL && why == 0);
	if (s == NULL)
		printf("# %s\n", sb_str(&err));
	store_close(s);
	if (empty_loc == NULL) {
		printf("skip - opening an empty location without STORE_CREATE:"
		    " no empty server location given (argv[2])\n");
		return;
	}
	for (i = 0; i < 2; i++) {
		sb_reset(&err);
		why = -1;
		s = store_open(empty_loc, 0, &err, &why);
		CHECK(s == NULL && why == STORE_ENOENT);
		CHECK(err.len > 0);
		store_close(s);
	}
	sb_adds(&enoent_msg, sb_str(&err));
	sb_reset(&err);
	s = store_open(empty_loc, STORE_READONLY, &err, &why);
	CHECK(s == NULL && why == STORE_ENOENT);
	store_close(s);
	sb_reset(&err);
	s = store_open(empty_loc, STORE_CREATE, &err, &why);
	CHECK(s != NULL && why == 0);
	if (s == NULL)
		printf("# %s\n", sb_str(&err));
	store_close(s);
	s = store_open(empty_loc, 0, &err, &why);
	CHECK(s != NULL && why == 0);
	store_close(s);
	sb_free(&err);
}

/* ---- 2. runs ---- */

/*
 * A run: a fresh v4 uuid when none is given, a given one kept, found by
 * uuid; finished with its status and end time; a fact set twice keeps
 * its last value.
 */
static void
test_runs(void)
{
	struct run_info ri;
	struct run_copy c;
	char given[37], unknown[37];
	int64_t fresh = 0, kept = 0, found = -1;

	random_uuid(given);
	random_uuid(unknown);
	CHECK(store_begin(db) == 0);
	memset(&ri, 0, sizeof(ri));
	ri.label = L("runs");
	ri.benchmark = "sleep";		/* status NULL: running */
	CHECK(store_run_create(db, &ri) == 0 && ri.id > 0);
	fresh = ri.id;
	ri.uuid = given;
	CHECK(store_run_create(db, &ri) == 0 && ri.id > 0 && ri.id != fresh);
	kept = ri.id;
	CHECK(store_fact_set(db, fresh, "k", "first") == 0);
	CHECK(store_fact_set(db, fresh, "k", "last") == 0);
	CHECK(store_commit(db) == 0);

	get_run(db, fresh, &c);
	CHECK(c.n == 1 && uuid_v4(c.uuid));
	CHECK_STR(c.status, RUN_RUNNING);
	CHECK(c.ended_null && iso8601_valid(c.started));
	CHECK_STR(c.facts, "k=last");
	CHECK(store_run_by_uuid(db, c.uuid, &found) == 0 && found == fresh);
	CHECK(store_run_by_uuid(db, given, &found) == 0 && found == kept);
	get_run(db, kept, &c);
	CHECK_STR(c.uuid, given);
	CHECK(store_run_by_uuid(db, unknown, &found) == 0 && found == 0);

	CHECK(store_begin(db) == 0);
	CHECK(store_run_finish(db, fresh, RUN_COMPLETE) == 0);
	CHECK(store_commit(db) == 0);
	get_run(db, fresh, &c);
	CHECK_STR(c.status, RUN_COMPLETE);
	CHECK(!c.ended_null && iso8601_valid(c.ended));
}

/* A newline in a label would split every table and report it is in. */
static void
test_label_check(void)
{
	struct strbuf why = STRBUF_INIT;
	struct run_info ri;

	CHECK(store_label_check("two\nlines", &why) == -1 && why.len > 0);
	sb_reset(&why);
	CHECK(store_label_check(L("one line"), &why) == 0 && why.len == 0);
	memset(&ri, 0, sizeof(ri));
	ri.label = "two\nlines";
	ri.benchmark = "sleep";
	CHECK(store_run_create(db, &ri) == -1);
	CHECK(count_runs(db, "two\nlines", 1) == 0);
	sb_free(&why);
}

/* ---- 3. series and samples ---- */

/*
 * A series is its run and its keys: asked for twice, one id; asked for
 * with another unit, refused with both named, not made twice.
 */
static void
test_series_identity(void)
{
	struct kvlist keys = KVLIST_INIT;
	struct series_info si = { &keys, "ns", "lower" };
	int64_t run = 0, a = 0, b = -1, other = 0;

	CHECK(store_begin(db) == 0);
	CHECK(new_run(db, L("series"), "sleep", RUN_COMPLETE, NULL, &run) == 0);
	CHECK(new_series(db, run, "k=v", "us", "lower", &a) == 0);
	CHECK(new_series(db, run, "k=v", "us", "lower", &b) == 0 && b == a);
	CHECK(new_series(db, run, "k=w", "us", "lower", &other) == 0 &&
	    other != a);
	kv_set(&keys, "k", "v");
	CHECK(store_series_get(db, run, &si, &b) == -1);
	CHECK_STR(store_error(db), "series 'k=v' has unit 'us' and better "
	    "'lower' already, not 'ns' and 'lower'");
	CHECK(store_commit(db) == 0);
	kv_clear(&keys);
}

/*
 * Values that text would lose: all 17 digits, the largest and the
 * denormals; and -0.0, which comes back as 0.
 */
static const double special[] = {
	0.1 + 0.2,
	-0.0,
	1e308, -1e308,
	4.9406564584124654e-324,	/* 5e-324, the least denormal */
	2.2250738585072009e-308,	/* the largest denormal */
	1e-310,				/* a denormal */
	DBL_MAX, DBL_MIN, -DBL_MIN,
	0.0, 1.0 / 3.0, 123456789012345678.0,
};
#define NSPECIAL	(sizeof(special) / sizeof(special[0]))

/* Past SQLite's batch (64 rows) and PostgreSQL's (32768) a few times. */
#define BIG_N		75010

static double
big_value(size_t i)
{
	/* -0.0 is stored as 0 (store.h), whatever the backend. */
	if (i < NSPECIAL)
		return special[i] == 0 ? 0.0 : special[i];
	return (double)i / 7.0 - 3000.0;
}

/* Rounds 1, 2, 3 of 25000 samples, then 10 of no round. */
static int64_t
big_round(size_t i)
{
	return i < 75000 ? 1 + (int64_t)(i / 25000) : STORE_NO_ROUND;
}

/* The run of the sample checks and its series. */
struct big {
	int64_t	run, big, three, odd;
};

static void
big_fill(struct big *g)
{
	size_t i;
	int rc = 0;

	CHECK(store_begin(db) == 0);
	CHECK(new_run(db, L("samples"), "sleep", RUN_COMPLETE, NULL,
	    &g->run) == 0);
	CHECK(new_series(db, g->run, "m=big", "ns", "lower", &g->big) == 0);
	CHECK(new_series(db, g->run, "m=three", "ns", "lower", &g->three) == 0);
	CHECK(new_series(db, g->run, "m=odd", "ns", "lower", &g->odd) == 0);
	for (i = 0; i < BIG_N && rc == 0; i++) {
		rc = store_sample_add(db, g->big, (int64_t)i, big_round(i),
		    big_value(i), (int64_t)i + 1);
		/* Another series' rows in the same batches. */
		if (rc == 0 && i < 3000)
			rc = store_sample_add(db, g->three, (int64_t)i,
			    1 + (int64_t)i / 1000, (double)i, 0);
	}
	/* Added backwards, read in seq order; -0.0 again; the largest round. */
	for (i = 5; i-- > 0 && rc == 0;)
		rc = store_sample_add(db, g->odd, (int64_t)i, i == 4 ?
		    STORE_ROUND_MAX : STORE_NO_ROUND, -(double)i, 0);
	if (rc == -1)
		printf("# sample_add: %s\n", store_error(db));
	CHECK(rc == 0);
	CHECK(store_commit(db) == 0);
}

/* store_series_samples: every seq, round and value, bit for bit; appended. */
static void
big_check_samples(const struct big *g)
{
	struct sample_buf b;
	size_t i, j, bad = 0;

	memset(&b, 0, sizeof(b));
	/* Twice into one buffer: the second read appends. */
	CHECK(store_series_samples(db, g->big, &b) == 0);
	CHECK(store_series_samples(db, g->big, &b) == 0);
	CHECK(b.n == 2 * BIG_N);
	for (i = 0; i < b.n && b.n == 2 * BIG_N; i++) {
		j = i % BIG_N;
		if (b.seq[i] == (int64_t)j && b.round[i] == big_round(j) &&
		    same_bits(b.v[i], big_value(j)))
			continue;
		if (bad++ < 5)
			printf("# sample %zu: seq %lld round %lld value %a,"
			    " want seq %zu round %lld value %a\n", i,
			    (long long)b.seq[i], (long long)b.round[i], b.v[i],
			    j, (long long)big_round(j), big_value(j));
	}
	CHECK(bad == 0);
	sample_buf_free(&b);
}

/* store_series_values: appended after what *v holds, bit for bit. */
static void
big_check_values(const struct big *g)
{
	double *v = xmalloc(sizeof(*v));
	size_t i, n = 1, cap = 1, bad = 0;

	v[0] = 42.0;
	CHECK(store_series_values(db, g->big, &v, &n, &cap) == 0);
	CHECK(n == BIG_N + 1 && v[0] == 42.0);
	for (i = 0; i + 1 < n && n == BIG_N + 1; i++)
		if (!same_bits(v[i + 1], big_value(i)) && bad++ < 5)
			printf("# value %zu: %a, want %a\n", i, v[i + 1],
			    big_value(i));
	CHECK(bad == 0);
	free(v);
}

/* A series' values and its rounds, run-length; the spans emptied first. */
static void
big_check_rounds(const struct big *g)
{
	struct round_spans rs;
	double *v = NULL;
	size_t i, n = 0, cap = 0, bad = 0;

	rs.v = xmalloc(sizeof(*rs.v));
	rs.n = rs.cap = 1;
	rs.v[0].round = 99;
	rs.v[0].n = 7;
	CHECK(store_series_rounds(db, g->big, &v, &n, &cap, &rs) == 0);
	CHECK(n == BIG_N);
	for (i = 0; i < n && n == BIG_N; i++)
		bad += !same_bits(v[i], big_value(i));
	CHECK(bad == 0);
	CHECK(rs.n == 4 && rs.v[0].round == 1 && rs.v[0].n == 25000 &&
	    rs.v[1].round == 2 && rs.v[1].n == 25000 && rs.v[2].round == 3 &&
	    rs.v[2].n == 25000 && rs.v[3].round == STORE_NO_ROUND &&
	    rs.v[3].n == 10);
	n = 0;
	CHECK(store_series_rounds(db, g->three, &v, &n, &cap, &rs) == 0);
	CHECK(n == 3000 && rs.n == 3 && rs.v[0].n == 1000 &&
	    rs.v[1].n == 1000 && rs.v[2].round == 3 && rs.v[2].n == 1000);
	n = 0;
	CHECK(store_series_rounds(db, g->odd, &v, &n, &cap, &rs) == 0);
	CHECK(n == 5 && same_bits(v[0], 0.0) && v[4] == -4.0);
	CHECK(rs.n == 2 && rs.v[0].round == STORE_NO_ROUND && rs.v[0].n == 4 &&
	    rs.v[1].round == STORE_ROUND_MAX && rs.v[1].n == 1);
	free(v);
	free(rs.v);
}

/* A series' shape by name: samples and distinct rounds (none: 0). */
static void
big_check_shape(const struct big *g)
{
	size_t n = 1, nrounds = 1;

	CHECK(store_series_shape(db, g->run, "m=big", &n, &nrounds) == 0);
	CHECK(n == BIG_N && nrounds == 3);
	CHECK(store_series_shape(db, g->run, "m=three", &n, &nrounds) == 0);
	CHECK(n == 3000 && nrounds == 3);
	CHECK(store_series_shape(db, g->run, "m=odd", &n, &nrounds) == 0);
	CHECK(n == 5 && nrounds == 1);
	CHECK(store_series_shape(db, g->run, "m=none", &n, &nrounds) == 0);
	CHECK(n == 0 && nrounds == 0);
}

/*
 * A duplicate seq in one transaction: the flush fails, names the
 * sample, and gives back the origin passed with the duplicate.
 */
static void
test_dup_flush(void)
{
	int64_t run = 0, sid = 0;
	int found = -1;

	CHECK(store_begin(db) == 0);
	CHECK(new_run(db, L("dup-flush"), "sleep", RUN_COMPLETE, NULL,
	    &run) == 0);
	CHECK(new_series(db, run, "m=d", "us", "lower", &sid) == 0);
	CHECK(add_samples(db, sid, 0, 5, 1) == 0);
	/* Six buffered samples: no batch is full yet. */
	CHECK(store_sample_add(db, sid, 2, 1, 9.0, 4242) == 0);
	CHECK(store_flush(db) == -1);
	CHECK_STR(store_error(db), "sample 2 of this series is there already");
	CHECK(store_failed_origin(db) == 4242);
	CHECK(store_rollback(db) == 0);
	CHECK(store_label_exists(db, L("dup-flush"), &found) == 0 &&
	    found == 0);
}

/*
 * A duplicate in the middle of full batches fails whichever call
 * writes it (an add that fills a batch, or the commit), named with its
 * origin.
 */
static void
test_dup_batch(void)
{
	int64_t run = 0, sid = 0;
	int i, rc = 0;

	CHECK(store_begin(db) == 0);
	CHECK(new_run(db, L("dup-batch"), "sleep", RUN_COMPLETE, NULL,
	    &run) == 0);
	CHECK(new_series(db, run, "m=d", "us", "lower", &sid) == 0);
	for (i = 0; i < 200 && rc == 0; i++)
		rc = store_sample_add(db, sid, i == 150 ? 7 : i, 1, i,
		    1000 + i);
	if (rc == 0)
		rc = store_commit(db);
	CHECK(rc == -1);
	CHECK_STR(store_error(db), "sample 7 of this series is there already");
	CHECK(store_failed_origin(db) == 1150);
	CHECK(store_rollback(db) == 0);
	CHECK(count_runs(db, L("dup-batch"), 1) == 0);
}

/* A duplicate of a committed sample: the commit fails, nothing written. */
static void
test_dup_committed(const struct big *g)
{
	struct sample_buf b;

	memset(&b, 0, sizeof(b));
	CHECK(store_begin(db) == 0);
	CHECK(store_sample_add(db, g->three, 3000, 1, 1.0, 98) == 0);
	CHECK(store_sample_add(db, g->three, 3, 1, 1.0, 99) == 0);
	CHECK(store_commit(db) == -1);
	CHECK_STR(store_error(db), "sample 3 of this series is there already");
	CHECK(store_failed_origin(db) == 99);
	CHECK(store_rollback(db) == 0);
	CHECK(store_series_samples(db, g->three, &b) == 0 && b.n == 3000 &&
	    b.v[3] == 3.0);
	sample_buf_free(&b);
}

static void
test_samples(void)
{
	struct big g;

	memset(&g, 0, sizeof(g));
	big_fill(&g);
	big_check_samples(&g);
	big_check_values(&g);
	big_check_rounds(&g);
	big_check_shape(&g);
	test_dup_flush();
	test_dup_batch();
	test_dup_committed(&g);
}

/* ---- 4. transactions ---- */

/* A rolled-back transaction leaves nothing: no run, no label, no sample. */
static void
test_rollback(void)
{
	struct sample_buf b;
	int64_t run = 0, sid = 0;
	int found = -1;

	memset(&b, 0, sizeof(b));
	CHECK(store_begin(db) == 0);
	CHECK(new_run(db, L("rollback"), "sleep", RUN_COMPLETE, NULL,
	    &run) == 0);
	CHECK(store_fact_set(db, run, "hz", "100") == 0);
	CHECK(new_series(db, run, "m=r", "us", "lower", &sid) == 0);
	CHECK(add_samples(db, sid, 0, 100, 1) == 0);
	CHECK(store_rollback(db) == 0);
	CHECK(count_runs(db, L("rollback"), 1) == 0);
	CHECK(store_label_exists(db, L("rollback"), &found) == 0 && found == 0);
	CHECK(store_series_samples(db, sid, &b) == 0 && b.n == 0);
	sample_buf_free(&b);
}

static struct store *
peer_of(struct store *s)
{
	struct strbuf err = STRBUF_INIT;
	struct store *p = store_open_peer(s, &err);

	if (p == NULL)
		printf("# open_peer: %s\n", sb_str(&err));
	sb_free(&err);
	return p;
}

/* A commit is seen by a second connection; what is not committed is not. */
static void
test_peer_commit(void)
{
	struct store *peer = peer_of(db);
	int64_t run = 0;

	CHECK(peer != NULL && store_writable(peer));
	if (peer == NULL)
		return;
	CHECK(store_begin(db) == 0);
	CHECK(new_run(db, L("peer"), "sleep", RUN_COMPLETE, NULL, &run) == 0);
	CHECK(count_runs(peer, L("peer"), 1) == 0);
	CHECK(store_commit(db) == 0);
	CHECK(count_runs(peer, L("peer"), 1) == 1);
	store_close(peer);
}

/* One write transaction of db: a run of label, committed. */
static void
commit_run(const char *label)
{
	int64_t run = 0;

	CHECK(store_begin(db) == 0);
	CHECK(new_run(db, label, "sleep", RUN_COMPLETE, NULL, &run) == 0);
	CHECK(store_commit(db) == 0);
}

/*
 * store_read_begin() holds one snapshot until store_read_end(): a
 * commit made after it is not seen, whether or not the reader had read
 * anything before the commit.
 */
static void
test_snapshot(void)
{
	struct store *peer = peer_of(db);
	int found = -1;

	CHECK(peer != NULL);
	if (peer == NULL)
		return;
	/* The commit right after read_begin, before the reader reads. */
	CHECK(store_read_begin(peer) == 0);
	commit_run(L("snapshot"));
	CHECK(count_runs(peer, L("snapshot"), 1) == 0);
	CHECK(store_label_exists(peer, L("snapshot"), &found) == 0 &&
	    found == 0);
	store_read_end(peer);
	CHECK(count_runs(peer, L("snapshot"), 1) == 1);

	/* The commit after the reader's first read. */
	CHECK(store_read_begin(peer) == 0);
	CHECK(count_runs(peer, L("snapshot-2"), 1) == 0);
	commit_run(L("snapshot-2"));
	CHECK(count_runs(peer, L("snapshot-2"), 1) == 0);
	store_read_end(peer);
	CHECK(count_runs(peer, L("snapshot-2"), 1) == 1);
	store_close(peer);
}

/*
 * store_data_version() on a peer: unchanged while nobody writes (its
 * own reads, a write transaction rolled back), changed by the other
 * connection's commit.
 */
static void
test_data_version(void)
{
	struct store *peer = peer_of(db);
	int64_t v0 = 0, v1 = -1, v2 = -1, v3 = -1, run = 0;

	CHECK(peer != NULL);
	if (peer == NULL)
		return;
	CHECK(store_data_version(peer, &v0) == 0);
	CHECK(count_runs(peer, L("version"), 1) == 0);
	CHECK(store_data_version(peer, &v1) == 0 && v1 == v0);
	CHECK(store_begin(db) == 0);
	CHECK(new_run(db, L("version-rolled"), "sleep", NULL, NULL, &run) == 0);
	CHECK(store_rollback(db) == 0);
	CHECK(store_data_version(peer, &v1) == 0 && v1 == v0);
	commit_run(L("version"));
	CHECK(store_data_version(peer, &v2) == 0 && v2 != v0);
	CHECK(store_data_version(peer, &v3) == 0 && v3 == v2);
	store_close(peer);
}

/* ---- 5. iterators and filters ---- */

/*
 * The runs of the iterator checks, r1..r5 (fx.r[1..5]):
 *   r1 it-a lock  complete :01 hz=1000  series a=1,B=2,_=3 (1 sample)
 *   r2 it-b sleep complete :02 hz=1000  no series
 *   r3 it-a sleep complete :03 hz=100, z B a _  series m=a (3), m=B (2)
 *   r4 it-b sleep complete :02 hz=250   series m=z (1)
 *   r5 it-b sleep running  :00 hz=1000  no series
 * r4 starts with r2 (after it by id) and before r3 (before it by id);
 * r5, made last, starts first.
 */
struct fixture {
	int64_t	r[6];
	char	uuid[6][64];
	int64_t	sid_a, sid_B, sid_r1;
};
static struct fixture fx;

static const char *
fx_name(int64_t id)
{
	static char buf[32];
	int i;

	for (i = 1; i <= 5; i++)
		if (fx.r[i] == id)
			break;
	if (i <= 5)
		snprintf(buf, sizeof(buf), "r%d", i);
	else
		snprintf(buf, sizeof(buf), "r?%lld", (long long)id);
	return buf;
}

static void
fixture_runs(void)
{
	static const struct {
		const char *label, *bench, *status, *started, *hz;
	} runs[6] = {
		{ NULL, NULL, NULL, NULL, NULL },
		{ "it-a", "lock", RUN_COMPLETE, "2021-03-01T00:00:01.000Z", "1000" },
		{ "it-b", "sleep", RUN_COMPLETE, "2021-03-01T00:00:02.000Z", "1000" },
		{ "it-a", "sleep", RUN_COMPLETE, "2021-03-01T00:00:03.000Z", "100" },
		{ "it-b", "sleep", RUN_COMPLETE, "2021-03-01T00:00:02.000Z", "250" },
		{ "it-b", "sleep", RUN_RUNNING, "2021-03-01T00:00:00.000Z", "1000" },
	};
	int i;

	for (i = 1; i <= 5; i++) {
		CHECK(new_run(db, L(runs[i].label), runs[i].bench,
		    runs[i].status, runs[i].started, &fx.r[i]) == 0);
		CHECK(store_fact_set(db, fx.r[i], "hz", runs[i].hz) == 0);
	}
	/* Keys whose byte order ("B" "_" "a" "z") no locale has. */
	CHECK(store_fact_set(db, fx.r[3], "z", "1") == 0);
	CHECK(store_fact_set(db, fx.r[3], "B", "2") == 0);
	CHECK(store_fact_set(db, fx.r[3], "a", "3") == 0);
	CHECK(store_fact_set(db, fx.r[3], "_", "4") == 0);
}

static void
fixture(void)
{
	struct run_copy c;
	int64_t sid = 0;
	int i;

	CHECK(store_begin(db) == 0);
	fixture_runs();
	CHECK(new_series(db, fx.r[1], "a=1,B=2,_=3", "ns", "higher",
	    &fx.sid_r1) == 0);
	CHECK(store_sample_add(db, fx.sid_r1, 0, STORE_NO_ROUND, 7, 0) == 0);
	/* Made in the order a, B; listed B, a.  Samples added out of order. */
	CHECK(new_series(db, fx.r[3], "m=a", "us", "lower", &fx.sid_a) == 0);
	CHECK(new_series(db, fx.r[3], "m=B", "us", "lower", &fx.sid_B) == 0);
	CHECK(store_sample_add(db, fx.sid_a, 2, 2, 2.5, 0) == 0);
	CHECK(store_sample_add(db, fx.sid_a, 0, 1, 0.5, 0) == 0);
	CHECK(store_sample_add(db, fx.sid_a, 1, 1, 1.5, 0) == 0);
	CHECK(store_sample_add(db, fx.sid_B, 1, STORE_NO_ROUND, 11, 0) == 0);
	CHECK(store_sample_add(db, fx.sid_B, 0, STORE_NO_ROUND, 10, 0) == 0);
	CHECK(new_series(db, fx.r[4], "m=z", "us", "lower", &sid) == 0);
	CHECK(store_sample_add(db, sid, 0, 1, 1, 0) == 0);
	CHECK(store_commit(db) == 0);
	for (i = 1; i <= 5; i++) {
		get_run(db, fx.r[i], &c);
		snprintf(fx.uuid[i], sizeof(fx.uuid[i]), "%s", c.uuid);
	}
}

static int
list_runs(const struct run_row *row, void *arg)
{
	sb_addf(arg, "%s %lld/%lld;", fx_name(row->info.id),
	    (long long)row->nsamples, (long long)row->nseries);
	return 0;
}

/* The runs f selects, as list_runs() says them; f freed. */
static const char *
runs_of(struct filter *f)
{
	static struct strbuf sb;

	sb_reset(&sb);
	if (store_each_run(db, f, list_runs, &sb) == -1) {
		sb_reset(&sb);
		sb_addf(&sb, "(each_run failed: %s)", store_error(db));
	}
	filter_free(f);
	return sb_str(&sb);
}

/* Oldest first (started_at, then id); counts; facts sorted byte-wise. */
static void
test_run_order(void)
{
	struct run_copy c;
	struct filter f;

	fset(&f, 0, "it-a", "it-b", END);
	CHECK_STR(runs_of(&f), "r1 1/1;r2 0/0;r4 1/1;r3 5/2;");
	/* A running run only with include_incomplete. */
	fset(&f, 1, "it-a", "it-b", END);
	CHECK_STR(runs_of(&f), "r5 0/0;r1 1/1;r2 0/0;r4 1/1;r3 5/2;");
	get_run(db, fx.r[3], &c);
	CHECK_STR(c.facts, "B=2,_=4,a=3,hz=100,z=1");
	CHECK_STR(c.label, L("it-a"));
}

/* Filters by label, benchmark and run: an id, a uuid, a prefix of 8. */
static void
test_filter_runs(void)
{
	struct strbuf err = STRBUF_INIT;
	struct filter f;
	char id[32], prefix[16];

	fset(&f, 0, "it-a", END);
	CHECK_STR(runs_of(&f), "r1 1/1;r3 5/2;");
	fset(&f, 0, "it-a", "it-b", END);
	strlist_add(&f.benchmarks, "lock");
	CHECK_STR(runs_of(&f), "r1 1/1;");
	snprintf(id, sizeof(id), "%lld", (long long)fx.r[4]);
	fset(&f, 0, END);
	CHECK(filter_option(&f, FOPT_RUN, id, &err) == 1);
	CHECK_STR(runs_of(&f), "r4 1/1;");
	fset(&f, 0, END);
	CHECK(filter_option(&f, FOPT_RUN, fx.uuid[2], &err) == 1);
	CHECK(filter_option(&f, FOPT_RUN, id, &err) == 1);
	CHECK_STR(runs_of(&f), "r2 0/0;r4 1/1;");
	/* The running run, by uuid: only with include_incomplete. */
	fset(&f, 0, END);
	strlist_add(&f.runs, fx.uuid[5]);
	CHECK_STR(runs_of(&f), "");
	fset(&f, 0, END);
	strlist_add(&f.runs, fx.uuid[5]);
	CHECK(filter_option(&f, FOPT_INCOMPLETE, NULL, &err) == 1);
	CHECK_STR(runs_of(&f), "r5 0/0;");
	/* A prefix of 8 characters selects; of 7, nothing. */
	snprintf(prefix, sizeof(prefix), "%.8s", fx.uuid[3]);
	fset(&f, 0, "it-a", "it-b", END);
	strlist_add(&f.runs, prefix);
	CHECK_STR(runs_of(&f), "r3 5/2;");
	prefix[7] = '\0';
	fset(&f, 0, "it-a", "it-b", END);
	strlist_add(&f.runs, prefix);
	CHECK_STR(runs_of(&f), "");
	CHECK(err.len == 0);
	sb_free(&err);
}

/* --where: a fact, a series key, several values of a key, a conjunction. */
static void
test_filter_where(void)
{
	struct strbuf err = STRBUF_INIT;
	struct filter f;

	fset(&f, 0, "it-a", "it-b", END);
	CHECK(filter_option(&f, FOPT_WHERE, "hz=1000", &err) == 1);
	CHECK_STR(runs_of(&f), "r1 1/1;r2 0/0;");
	fset(&f, 0, "it-a", "it-b", END);
	CHECK(filter_option(&f, FOPT_WHERE, "hz=1000", &err) == 1);
	CHECK(filter_option(&f, FOPT_INCOMPLETE, NULL, &err) == 1);
	CHECK_STR(runs_of(&f), "r5 0/0;r1 1/1;r2 0/0;");
	fset(&f, 0, "it-a", "it-b", END);
	CHECK(filter_option(&f, FOPT_WHERE, "hz=1000", &err) == 1);
	CHECK(filter_option(&f, FOPT_WHERE, "hz=250", &err) == 1);
	CHECK_STR(runs_of(&f), "r1 1/1;r2 0/0;r4 1/1;");
	/* A series key: the runs with such a series. */
	fset(&f, 1, "it-a", "it-b", END);
	CHECK(filter_add_spec(&f, "m=B", "--where", &err) == 1);
	CHECK_STR(runs_of(&f), "r3 5/2;");
	fset(&f, 0, "it-a", "it-b", END);
	CHECK(filter_add_spec(&f, "hz=100,m=z", "--where", &err) == 2);
	CHECK_STR(runs_of(&f), "");
	fset(&f, 0, "it-a", "it-b", END);
	CHECK(filter_add_spec(&f, "hz=250,m=z", "--where", &err) == 2);
	CHECK_STR(runs_of(&f), "r4 1/1;");
	/* A run's own column. */
	fset(&f, 0, "it-a", "it-b", END);
	CHECK(filter_add_spec(&f, "benchmark=lock", "--where", &err) == 1);
	CHECK_STR(runs_of(&f), "r1 1/1;");
	CHECK(err.len == 0);
	sb_free(&err);
}

/* Stop after after rows, with how (STORE_STOP or -1). */
struct stopper {
	int	after, seen, how;
};

static int
run_stop(const struct run_row *row, void *arg)
{
	struct stopper *st = arg;

	return ++st->seen == st->after ? st->how : 0;
}

static int
sample_stop(const struct sample_row *row, void *arg)
{
	return run_stop(NULL, arg);
}

static int
series_stop(const struct series_row *row, void *arg)
{
	return run_stop(NULL, arg);
}

/*
 * A callback stops an iterator with STORE_STOP (0 back, no more rows)
 * or fails it with -1 (-1 back, at once): never an error taken for the
 * end of the rows, nor the end for an error.
 */
static void
test_stop(void)
{
	struct stopper st = { 2, 0, STORE_STOP };
	struct filter f;

	fset(&f, 1, "it-a", "it-b", END);
	CHECK(store_each_run(db, &f, run_stop, &st) == 0 && st.seen == 2);
	st.seen = 0;
	CHECK(store_each_sample(db, &f, sample_stop, &st) == 0 &&
	    st.seen == 2);
	st.seen = 0;
	CHECK(store_each_series(db, &f, series_stop, &st) == 0 &&
	    st.seen == 2);
	st.how = -1;
	st.seen = 0;
	CHECK(store_each_run(db, &f, run_stop, &st) == -1 && st.seen == 2);
	st.seen = 0;
	CHECK(store_each_sample(db, &f, sample_stop, &st) == -1 &&
	    st.seen == 2);
	st.seen = 0;
	CHECK(store_each_series(db, &f, series_stop, &st) == -1 &&
	    st.seen == 2);
	/* And the store still reads after either. */
	filter_free(&f);
	fset(&f, 0, "it-a", END);
	CHECK_STR(runs_of(&f), "r1 1/1;r3 5/2;");
}

static int
list_samples(const struct sample_row *row, void *arg)
{
	struct strbuf *sb = arg;

	sb_addf(sb, "%s %s %lld@%lld %g %s/%s {", fx_name(row->run->info.id),
	    row->series_name, (long long)row->seq, (long long)row->round,
	    row->value, row->unit, row->better);
	add_kvs(sb, row->keys);
	sb_adds(sb, "};");
	return 0;
}

/* Samples by run, then series name (byte-wise), then seq. */
static void
test_each_sample(void)
{
	struct strbuf sb = STRBUF_INIT;
	struct filter f;

	fset(&f, 0, "it-a", END);
	CHECK(store_each_sample(db, &f, list_samples, &sb) == 0);
	CHECK_STR(sb_str(&sb), "r1 B=2,_=3,a=1 0@-1 7 ns/higher {B=2,_=3,a=1};"
	    "r3 m=B 0@-1 10 us/lower {m=B};r3 m=B 1@-1 11 us/lower {m=B};"
	    "r3 m=a 0@1 0.5 us/lower {m=a};r3 m=a 1@1 1.5 us/lower {m=a};"
	    "r3 m=a 2@2 2.5 us/lower {m=a};");
	filter_free(&f);
	/* A series key, at the series' level: that series' samples only. */
	sb_reset(&sb);
	fset(&f, 0, "it-a", END);
	strlist_add(&f.where_keys, "m");
	strlist_add(&f.where_values, "B");
	CHECK(store_each_sample(db, &f, list_samples, &sb) == 0);
	CHECK_STR(sb_str(&sb), "r3 m=B 0@-1 10 us/lower {m=B};"
	    "r3 m=B 1@-1 11 us/lower {m=B};");
	filter_free(&f);
	sb_free(&sb);
}

/* "N median lo hi level", each double to the bit. */
static void
add_summary(struct strbuf *sb, const struct series_summary *m)
{
	sb_addf(sb, "%lld ", (long long)m->n);
	add_real(sb, m->median);
	sb_adds(sb, " ");
	add_real(sb, m->lo);
	sb_adds(sb, " ");
	add_real(sb, m->hi);
	sb_adds(sb, " ");
	add_real(sb, m->level);
}

static int
list_series(const struct series_row *row, void *arg)
{
	struct strbuf *sb = arg;
	const struct series_summary *m = row->summary;

	sb_addf(sb, "%s %s %s/%s {", fx_name(row->run->info.id), row->name,
	    row->unit, row->better);
	add_kvs(sb, row->keys);
	sb_adds(sb, "}");
	if (m != NULL) {
		sb_adds(sb, " n=");
		add_summary(sb, m);
	}
	sb_adds(sb, ";");
	return 0;
}

/* The series of it-a, as list_series() says them. */
static const char *
series_of_a(void)
{
	static struct strbuf sb;
	struct filter f;

	sb_reset(&sb);
	fset(&f, 0, "it-a", END);
	if (store_each_series(db, &f, list_series, &sb) == -1)
		sb_addf(&sb, "(each_series failed: %s)", store_error(db));
	filter_free(&f);
	return sb_str(&sb);
}

/* store_count_uncached() of it-a, or -1. */
static int64_t
uncached_of_a(void)
{
	struct filter f;
	int64_t n;
	int rc;

	fset(&f, 0, "it-a", END);
	rc = store_count_uncached(db, &f, &n);
	filter_free(&f);
	return rc == 0 ? n : -1;
}

/*
 * Cached summaries: none, then one with NaN bounds, then replaced; the
 * series without one, counted as each_series gives them.
 */
static void
test_each_series(void)
{
	struct series_summary m1 = { 3, 1.5, NAN, NAN, NAN };
	struct series_summary m2 = { 3, 1.5, 0.5, 2.5, 96.875 };

	CHECK_STR(series_of_a(), "r1 B=2,_=3,a=1 ns/higher {B=2,_=3,a=1};"
	    "r3 m=B us/lower {m=B};r3 m=a us/lower {m=a};");
	CHECK(uncached_of_a() == 3);
	CHECK(store_begin(db) == 0);
	CHECK(store_summary_put(db, fx.sid_a, &m1) == 0);
	CHECK(store_commit(db) == 0);
	CHECK_STR(series_of_a(), "r1 B=2,_=3,a=1 ns/higher {B=2,_=3,a=1};"
	    "r3 m=B us/lower {m=B};"
	    "r3 m=a us/lower {m=a} n=3 0x1.8p+0 NaN NaN NaN;");
	CHECK(store_begin(db) == 0);
	CHECK(store_summary_put(db, fx.sid_a, &m2) == 0);
	CHECK(store_commit(db) == 0);
	CHECK_STR(series_of_a(), "r1 B=2,_=3,a=1 ns/higher {B=2,_=3,a=1};"
	    "r3 m=B us/lower {m=B};"
	    "r3 m=a us/lower {m=a} n=3 0x1.8p+0 0x1p-1 0x1.4p+1 0x1.838p+6;");
	CHECK(uncached_of_a() == 2);
	/* The cached count is the run's count (it is the true one here). */
	{
		struct filter f;

		fset(&f, 0, "it-a", END);
		CHECK_STR(runs_of(&f), "r1 1/1;r3 5/2;");
	}
}

static void
join(struct strbuf *sb, const struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		sb_addf(sb, "%s%s", i ? "," : "", l->v[i]);
}

/* Keys sorted byte-wise; labels looked up; a filter's unknown label. */
static void
test_keys_labels(void)
{
	struct strbuf sb = STRBUF_INIT, msg = STRBUF_INIT, want = STRBUF_INIT;
	struct strlist keys = { NULL, 0 };
	struct filter f;
	int found = -1;

	fset(&f, 0, "it-a", "it-b", END);
	CHECK(store_fact_keys(db, &f, &keys) == 0);
	join(&sb, &keys);
	CHECK_STR(sb_str(&sb), "B,_,a,hz,z");
	strlist_free(&keys);
	sb_reset(&sb);
	CHECK(store_series_keys(db, &f, &keys) == 0);
	join(&sb, &keys);
	CHECK_STR(sb_str(&sb), "B,_,a,m");
	strlist_free(&keys);
	CHECK(store_check_filter(db, &f, &msg) == 0 && msg.len == 0);
	filter_free(&f);
	CHECK(store_label_exists(db, L("it-a"), &found) == 0 && found == 1);
	CHECK(store_label_exists(db, L("nosuch"), &found) == 0 && found == 0);
	fset(&f, 0, "it-a", "nosuch", END);
	CHECK(store_check_filter(db, &f, &msg) == 1);
	sb_addf(&want, "no run has the label '%s'", L("nosuch"));
	CHECK(strstr(sb_str(&msg), sb_str(&want)) != NULL);
	printf("# check_filter: %s\n", sb_str(&msg));
	filter_free(&f);
	sb_free(&sb);
	sb_free(&msg);
	sb_free(&want);
}

/* ---- 6. a read inside a read ---- */

struct nested {
	struct store	*s;
	struct strbuf	 text;
};

static int
nested_values(const struct series_row *row, void *arg)
{
	struct nested *nd = arg;
	double *v = NULL;
	size_t i, n = 0, cap = 0;

	if (store_series_values(nd->s, row->id, &v, &n, &cap) == -1) {
		printf("# series_values inside each_series: %s\n",
		    store_error(nd->s));
		free(v);
		return -1;
	}
	sb_addf(&nd->text, "%s:", row->name);
	for (i = 0; i < n; i++)
		sb_addf(&nd->text, " %g", v[i]);
	sb_adds(&nd->text, ";");
	free(v);
	return 0;
}

/*
 * A callback of store_each_series() reads the series' values on the
 * same store, as the history of trend does: alone, and inside a read
 * transaction.
 */
static void
test_nested(void)
{
	struct nested nd = { db, STRBUF_INIT };
	struct filter f;
	static const char want[] = "B=2,_=3,a=1: 7;m=B: 10 11;m=a: 0.5 1.5 2.5;";

	fset(&f, 0, "it-a", END);
	CHECK(store_each_series(db, &f, nested_values, &nd) == 0);
	CHECK_STR(sb_str(&nd.text), want);
	sb_reset(&nd.text);
	CHECK(store_read_begin(db) == 0);
	CHECK(store_each_series(db, &f, nested_values, &nd) == 0);
	store_read_end(db);
	CHECK_STR(sb_str(&nd.text), want);
	/* And the store goes on after: a write. */
	commit_run(L("nested"));
	CHECK(count_runs(db, L("nested"), 0) == 1);
	filter_free(&f);
	sb_free(&nd.text);
}

static void
test_iterators(void)
{
	memset(&fx, 0, sizeof(fx));
	fixture();
	test_run_order();
	test_filter_runs();
	test_filter_where();
	test_stop();
	test_each_sample();
	test_each_series();
	test_keys_labels();
}

/* ---- 7. deleting a run ---- */

/* Samples a series holds now (-1 on an error). */
static long
nsamples_of(int64_t sid)
{
	struct sample_buf b;
	long n;

	memset(&b, 0, sizeof(b));
	n = store_series_samples(db, sid, &b) == 0 ? (long)b.n : -1;
	sample_buf_free(&b);
	return n;
}

/*
 * store_run_delete() in a transaction: the run goes with its facts,
 * series, samples and summaries; the run beside it stays whole.
 */
static void
test_run_delete(void)
{
	struct series_summary m = { 100, 49.5, 40, 60, 95.5 };
	struct run_copy c;
	struct filter f;
	int64_t d1 = 0, d2 = 0, s1 = 0, s2 = 0, s3 = 0, there = -1;
	size_t n = 1, nr = 1;

	CHECK(store_begin(db) == 0);
	CHECK(new_run(db, L("delete"), "sleep", RUN_COMPLETE, NULL, &d1) == 0);
	CHECK(new_run(db, L("delete"), "sleep", RUN_COMPLETE, NULL, &d2) == 0);
	CHECK(store_fact_set(db, d1, "hz", "100") == 0);
	CHECK(new_series(db, d1, "m=a", "us", "lower", &s1) == 0);
	CHECK(new_series(db, d1, "m=b", "us", "lower", &s2) == 0);
	CHECK(new_series(db, d2, "m=a", "us", "lower", &s3) == 0);
	CHECK(add_samples(db, s1, 0, 100, 1) == 0);
	CHECK(add_samples(db, s2, 0, 3, STORE_NO_ROUND) == 0);
	CHECK(add_samples(db, s3, 0, 2, 1) == 0);
	CHECK(store_summary_put(db, s1, &m) == 0);
	CHECK(store_commit(db) == 0);
	get_run(db, d1, &c);

	CHECK(store_begin(db) == 0);
	CHECK(store_run_delete(db, d1) == 0);
	CHECK(store_commit(db) == 0);
	CHECK(count_runs(db, L("delete"), 1) == 1);
	CHECK(store_run_by_uuid(db, c.uuid, &there) == 0 && there == 0);
	CHECK(nsamples_of(s1) == 0 && nsamples_of(s2) == 0);
	CHECK(store_series_shape(db, d1, "m=a", &n, &nr) == 0 && n == 0);
	memset(&f, 0, sizeof(f));
	f.include_incomplete = 1;
	strlist_add(&f.runs, c.uuid);
	CHECK_STR(runs_of(&f), "");
	/* The other run: whole. */
	get_run(db, d2, &c);
	CHECK(c.n == 1 && c.nsamples == 2 && c.nseries == 1);
	CHECK(nsamples_of(s3) == 2);
}

/* ---- 8. the nightly log ---- */

static int
list_nightly(const struct nightly_info *ni, void *arg)
{
	struct strbuf *sb = arg;

	if (strcmp(ni->name, L("nightly")) != 0)
		return 0;	/* another test's, or another check's */
	sb_addf(sb, "%s %s %s %ld %s %s %s %s %d/%d %d;", untag(ni->label),
	    ni->config, ni->host, ni->pid, ni->process ? ni->process : "-",
	    ni->started_at, ni->ended_at ? ni->ended_at : "-", ni->status,
	    ni->collections, ni->failed, ni->trend);
	return 0;
}

static const char *
nightlies(void)
{
	static struct strbuf sb;

	sb_reset(&sb);
	if (store_each_nightly(db, list_nightly, &sb) == -1)
		sb_addf(&sb, "(each_nightly failed: %s)", store_error(db));
	return sb_str(&sb);
}

static void
nightly_init(struct nightly_info *ni, const char *label, const char *status,
    const char *process)
{
	memset(ni, 0, sizeof(*ni));
	ni->name = L("nightly");
	ni->label = label;
	ni->config = "/etc/kbench/nightly.conf";
	ni->host = "lab1";
	ni->pid = 4242;
	ni->process = process;
	ni->started_at = "2026-01-02T02:30:00.000Z";
	ni->status = status;
	ni->trend = -1;
}

/* The log's fields back as written: no trend as -1, no process as NULL. */
static void
test_nightly_log(void)
{
	struct nightly_info a, b, c;
	const char *want_a = "n-ok /etc/kbench/nightly.conf lab1 4242 -"
	    " 2026-01-02T02:30:00.000Z";

	nightly_init(&a, L("n-ok"), NIGHTLY_RUNNING, NULL);
	CHECK(store_nightly_begin(db, &a) == 0 && a.id > 0);
	nightly_init(&b, L("n-two"), NIGHTLY_RUNNING, "4242 123456 kbench");
	CHECK(store_nightly_begin(db, &b) == 0 && b.id > a.id);
	nightly_init(&c, L("n-locked"), NIGHTLY_LOCKED_OUT, NULL);
	CHECK(store_nightly_begin(db, &c) == 0 && c.id > b.id);
	{
		struct strbuf want = STRBUF_INIT;

		sb_addf(&want, "%s - running 0/0 -1;n-two /etc/kbench/nightly"
		    ".conf lab1 4242 4242 123456 kbench 2026-01-02T02:30:00.000Z"
		    " - running 0/0 -1;n-locked /etc/kbench/nightly.conf lab1"
		    " 4242 - 2026-01-02T02:30:00.000Z - locked-out 0/0 -1;",
		    want_a);
		CHECK_STR(nightlies(), sb_str(&want));
		sb_free(&want);
	}
	a.ended_at = "2026-01-02T03:00:00.000Z";
	a.status = NIGHTLY_REGRESSION;
	a.collections = 3;
	a.failed = 1;
	a.trend = 1;
	CHECK(store_nightly_end(db, &a) == 0);
	b.ended_at = "2026-01-02T03:10:00.000Z";
	b.status = NIGHTLY_OK;
	b.collections = 2;
	CHECK(store_nightly_end(db, &b) == 0);
	CHECK_STR(nightlies(), "n-ok /etc/kbench/nightly.conf lab1 4242 -"
	    " 2026-01-02T02:30:00.000Z 2026-01-02T03:00:00.000Z regression"
	    " 3/1 1;n-two /etc/kbench/nightly.conf lab1 4242 4242 123456"
	    " kbench 2026-01-02T02:30:00.000Z 2026-01-02T03:10:00.000Z ok 2/0"
	    " -1;n-locked /etc/kbench/nightly.conf lab1 4242 -"
	    " 2026-01-02T02:30:00.000Z - locked-out 0/0 -1;");
}

/* A label is taken by a run or a nightly that ran, not a locked-out one. */
static void
test_nightly_label(void)
{
	int found = -1;

	commit_run(L("n-run"));
	CHECK(store_nightly_label_taken(db, L("n-run"), &found) == 0 &&
	    found == 1);
	CHECK(store_nightly_label_taken(db, L("n-ok"), &found) == 0 &&
	    found == 1);
	CHECK(store_nightly_label_taken(db, L("n-two"), &found) == 0 &&
	    found == 1);
	CHECK(store_nightly_label_taken(db, L("n-locked"), &found) == 0 &&
	    found == 0);
	CHECK(store_nightly_label_taken(db, L("n-none"), &found) == 0 &&
	    found == 0);
	/* A nightly's label is no run's. */
	CHECK(store_label_exists(db, L("n-ok"), &found) == 0 && found == 0);
}

/* ---- 9. redaction ---- */

static int
list_hosts(const struct run_row *row, void *arg)
{
	const char *h = kv_get(&row->facts, "host"), *hz = kv_get(&row->facts,
	    "hz");

	sb_addf(arg, "%s %s;", h ? h : "-", hz ? hz : "-");
	return 0;
}

/*
 * A redacted fact reads as a token, one per value: two runs of one
 * host show as one host; text has the values replaced where they stand
 * as words.  On a peer of its own: redaction is the store handle's.
 */
static void
test_redact(void)
{
	static const char *const hosts[] = { "pi4", "pi4", "rpi5" };
	struct store *p = peer_of(db);
	struct strbuf sb = STRBUF_INIT;
	struct filter f;
	char started[40];
	int64_t run = 0;
	int i;

	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK(store_begin(db) == 0);
	for (i = 0; i < 3; i++) {
		snprintf(started, sizeof(started), "2022-02-0%dT00:00:00.000Z",
		    i + 1);
		CHECK(new_run(db, L("redact"), "sleep", RUN_COMPLETE, started,
		    &run) == 0);
		CHECK(store_fact_set(db, run, "host", hosts[i]) == 0);
		CHECK(store_fact_set(db, run, "hz", "100") == 0);
	}
	CHECK(store_commit(db) == 0);
	store_redact(p, "host");
	fset(&f, 0, "redact", END);
	CHECK(store_each_run(p, &f, list_hosts, &sb) == 0);
	CHECK_STR(sb_str(&sb), "redacted-1 100;redacted-1 100;redacted-2 100;");
	CHECK_STR(store_redacted(p, "host", "rpi5"), "redacted-2");
	CHECK_STR(store_redacted(p, "hz", "100"), "100");
	sb_reset(&sb);
	store_redact_text(p, "kbench collect --meta host=pi4 -d /data/pi4/k.db"
	    " pi4x xpi4 pi4_b rpi5", &sb);
	CHECK_STR(sb_str(&sb), "kbench collect --meta host=redacted-1 -d"
	    " /data/redacted-1/k.db pi4x xpi4 pi4_b redacted-2");
	/* Not redacted on the store that was not asked to. */
	sb_reset(&sb);
	CHECK(store_each_run(db, &f, list_hosts, &sb) == 0);
	CHECK_STR(sb_str(&sb), "pi4 100;pi4 100;rpi5 100;");
	filter_free(&f);
	sb_free(&sb);
	store_close(p);
}

/* ---- 10. staging ---- */

static void
stage_run(struct store *st, int k, const char *status, const char *ended,
    int64_t *id)
{
	struct series_summary m = { 100, 4.95, 4.5, 5.4, 95.3 };
	struct series_summary none = { 5, 2, NAN, NAN, NAN };
	struct run_info ri;
	char label[16], started[40];
	int64_t a = 0, b = 0;
	size_t i;
	int rc = 0;

	snprintf(label, sizeof(label), "stage-%d", k);
	snprintf(started, sizeof(started), "2023-05-01T00:00:0%d.000Z", k);
	memset(&ri, 0, sizeof(ri));
	ri.label = L(label);
	ri.benchmark = "sleep";
	ri.status = status;
	ri.started_at = started;
	ri.ended_at = ended;
	ri.command = "kbench collect sleep --meta host=h1";
	ri.tool_version = "test-1";
	CHECK(store_run_create(st, &ri) == 0);
	*id = ri.id;
	CHECK(store_fact_set(st, ri.id, "hz", k == 1 ? "1000" : "250") == 0);
	CHECK(store_fact_set(st, ri.id, "host", "h1") == 0);
	/* Made z then a: a copy keeps the stage's series, whatever order. */
	CHECK(new_series(st, ri.id, "m=z,usec=10", "us", "lower", &a) == 0);
	CHECK(new_series(st, ri.id, "m=a", "ns", "higher", &b) == 0);
	for (i = 0; i < 100 && rc == 0; i++)
		rc = store_sample_add(st, a, (int64_t)i, 1 + (int64_t)i / 50,
		    (double)i * 0.1, 0);
	for (i = 0; i < NSPECIAL && rc == 0; i++)
		rc = store_sample_add(st, b, (int64_t)i, STORE_NO_ROUND,
		    special[i], 0);
	CHECK(rc == 0);
	if (k == 1) {
		CHECK(store_summary_put(st, a, &m) == 0);
		CHECK(store_summary_put(st, b, &none) == 0);
	}
}

static int
dump_run(const struct run_row *row, void *arg)
{
	const struct run_info *ri = &row->info;

	sb_addf(arg, "%s|%s|%s|%s|%s|%s|%s|%s|{", ri->uuid, untag(ri->label),
	    ri->benchmark, ri->status, ri->started_at,
	    ri->ended_at ? ri->ended_at : "-", ri->command, ri->tool_version);
	add_kvs(arg, &row->facts);
	sb_addf(arg, "}|%lld/%lld\n", (long long)row->nsamples,
	    (long long)row->nseries);
	return 0;
}

static int
dump_sample(const struct sample_row *row, void *arg)
{
	sb_addf(arg, "%s|%s|%s|%s|%lld|%lld|", row->run->info.uuid,
	    row->series_name, row->unit, row->better, (long long)row->seq,
	    (long long)row->round);
	add_real(arg, row->value);
	sb_adds(arg, "\n");
	return 0;
}

static int
dump_series(const struct series_row *row, void *arg)
{
	const struct series_summary *m = row->summary;

	sb_addf(arg, "%s|%s|", row->run->info.uuid, row->name);
	if (m != NULL)
		add_summary(arg, m);
	sb_adds(arg, "\n");
	return 0;
}

/* The staged runs as s holds them: runs, facts, samples, summaries. */
static void
stage_dump(struct store *s, struct strbuf *out)
{
	struct filter f;

	sb_reset(out);
	fset(&f, 1, "stage-1", "stage-2", END);
	if (store_each_run(s, &f, dump_run, out) == -1 ||
	    store_each_sample(s, &f, dump_sample, out) == -1 ||
	    store_each_series(s, &f, dump_series, out) == -1)
		sb_addf(out, "(failed: %s)", store_error(s));
	filter_free(&f);
}

/* Two texts equal; where they part, said. */
static void
check_same(const char *what, const char *got, const char *want)
{
	size_t i;

	for (i = 0; got[i] != '\0' && got[i] == want[i]; i++)
		;
	if (got[i] != want[i])
		printf("# %s: differs at byte %zu: got \"%.80s\", want "
		    "\"%.80s\"\n", what, i, got + i, want + i);
	check_report(got[i] == want[i], __FILE__, __LINE__, what);
}

/*
 * A stage copied into the store whole: runs, facts, samples and
 * summaries as the stage holds them; copied again, it is refused with
 * the run named, and nothing is copied.
 */
static void
test_stage(void)
{
	struct strbuf err = STRBUF_INIT, staged = STRBUF_INIT;
	struct strbuf copied = STRBUF_INIT, again = STRBUF_INIT;
	struct stage_dup dup;
	struct store *st = store_open_stage(&err);
	int64_t ids[2] = { 0, 0 }, there = 0;
	char uuid1[64];

	CHECK(st != NULL);
	if (st == NULL) {
		printf("# open_stage: %s\n", sb_str(&err));
		return;
	}
	CHECK(store_begin(st) == 0);
	stage_run(st, 1, RUN_COMPLETE, "2023-05-01T00:10:00.000Z", &ids[0]);
	stage_run(st, 2, RUN_RUNNING, NULL, &ids[1]);
	CHECK(store_commit(st) == 0);
	stage_dump(st, &staged);
	CHECK(staged.len > 0 && strstr(sb_str(&staged), "failed") == NULL);
	snprintf(uuid1, sizeof(uuid1), "%.36s", sb_str(&staged));

	CHECK(store_stage_copy(st, db, &dup) == 0);
	if (*store_error(st) != '\0')
		printf("# stage_copy: %s\n", store_error(st));
	stage_dump(db, &copied);
	check_same("the copy holds what the stage does", sb_str(&copied),
	    sb_str(&staged));
	free(dup.uuid);

	memset(&dup, 0, sizeof(dup));
	CHECK(store_stage_copy(st, db, &dup) == 1);
	CHECK(dup.uuid != NULL && strcmp(dup.uuid, uuid1) == 0);
	CHECK(store_run_by_uuid(db, uuid1, &there) == 0 && there != 0 &&
	    dup.id == there);
	CHECK(dup.stage_id == ids[0]);
	stage_dump(db, &again);
	check_same("a refused copy copies nothing", sb_str(&again),
	    sb_str(&copied));
	free(dup.uuid);
	store_close(st);
	sb_free(&err);
	sb_free(&staged);
	sb_free(&copied);
	sb_free(&again);
}

/* ---- 11. the location as shown ---- */

/* What others may read never holds the password. */
static void
check_no_secret(const char *secret, const char *what, const char *text)
{
	char m[160];
	int ok = text != NULL && strstr(text, secret) == NULL;

	snprintf(m, sizeof(m), "%s has no password in it", what);
	check_report(ok, __FILE__, __LINE__, m);
}

/*
 * store_location_public(), and every text made from the location (a
 * peer's, an error of the server's, a refused open, a command's word),
 * never holds the password KBENCH_TEST_SECRET names.
 */
static void
test_secret(void)
{
	const char *secret = getenv("KBENCH_TEST_SECRET");
	struct strbuf sb = STRBUF_INIT;
	struct run_copy c;
	struct run_info ri;
	struct filter f;
	struct store *p;

	CHECK(*store_location_public(db) != '\0');
	if (secret == NULL || *secret == '\0') {
		printf("# KBENCH_TEST_SECRET unset: no password to look for\n");
		return;
	}
	check_no_secret(secret, "store_location_public()",
	    store_location_public(db));
	check_no_secret(secret, "store_path()", store_path(db));
	if ((p = peer_of(db)) != NULL)
		check_no_secret(secret, "a peer's public location",
		    store_location_public(p));
	store_close(p);
	/* An error of the database's own: a uuid that is there already. */
	commit_run(L("secret"));
	fset(&f, 1, "secret", END);
	memset(&c, 0, sizeof(c));
	CHECK(store_each_run(db, &f, grab_run, &c) == 0 && c.n == 1);
	filter_free(&f);
	memset(&ri, 0, sizeof(ri));
	ri.label = L("secret");
	ri.benchmark = "sleep";
	ri.uuid = c.uuid;
	CHECK(store_run_create(db, &ri) == -1);
	check_no_secret(secret, "a database error", store_error(db));
	printf("# the database error: %s\n", store_error(db));
	if (enoent_msg.len > 0)
		check_no_secret(secret, "a refused open's message",
		    sb_str(&enoent_msg));
	/* (An option's word, --db=LOCATION, is kbench.c's: t_pg.sh.) */
	store_word_public(loc, &sb);
	check_no_secret(secret, "store_word_public(location)", sb_str(&sb));
	sb_free(&sb);
}

int
main(int argc, char **argv)
{
	struct strbuf err = STRBUF_INIT;
	char cmd[300];
	int why;

	if (argc > 3) {
		fprintf(stderr, "usage: test_store_contract [LOCATION"
		    " [EMPTY-LOCATION]]\n");
		return 2;
	}
	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	{
		unsigned char b[4];

		random_bytes(b, sizeof(b));
		snprintf(tag, sizeof(tag), "ct%02x%02x%02x%02x", b[0], b[1],
		    b[2], b[3]);
	}
	loc = argc > 1 ? argv[1] : xstrdup(path_in_dir("contract.db"));
	empty_loc = argc > 2 ? argv[2] : store_location_is_server(loc) ? NULL :
	    xstrdup(path_in_dir("empty.db"));
	db = store_open(loc, STORE_CREATE, &err, &why);
	CHECK(db != NULL);
	if (db == NULL) {
		printf("# store_open: %s\n", sb_str(&err));
		goto out;
	}
	printf("# the store contract on %s, labels %s-*\n",
	    store_location_public(db), tag);
	test_open();
	test_runs();
	test_label_check();
	test_series_identity();
	test_samples();
	test_rollback();
	test_peer_commit();
	test_snapshot();
	test_data_version();
	test_iterators();
	test_nested();
	test_run_delete();
	test_nightly_log();
	test_nightly_label();
	test_redact();
	test_stage();
	test_secret();
	store_close(db);
out:
	sb_free(&err);
	sb_free(&enoent_msg);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	/* Our own mkdtemp() name: nothing for a shell to misread. */
	if (system(cmd) != 0)	/* NOLINT(cert-env33-c) */
		printf("# could not remove %s\n", dir);
	return check_done();
}
