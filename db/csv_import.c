/*
 * csv_import.c: read CSV (canonical or mapped) into the store.
 *
 * Lines are read in 64 KiB chunks.  A line with no quote and no lone CR
 * is split on commas here, exactly as libcsv splits it (blanks around a
 * field trimmed): that is nearly every line kbench export writes, and
 * five times faster than libcsv's byte-at-a-time state machine.  From
 * the first line that needs real CSV parsing to the end of the file,
 * libcsv parses, fed one physical line at a time so that errors can name
 * their line.  Either way each record's fields land in im->f.
 *
 * Consecutive rows of one series are the common case: a row whose run
 * and series columns equal the previous row's costs a number parse and
 * a buffered sample insert, nothing more.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <csv.h>

#include "db/csvio.h"
#include "lib/strmap.h"

/* The fixed columns of the canonical form, in order. */
static const char *const canon_head[] = {
	"run", "label", "benchmark", "status", "started", "ended", "command",
	"version"
};
/* And the last ones: unit, better, round, seq, value... */
static const char *const canon_tail[] = {
	"unit", "better", "round", "seq", "value"
};
/* ... or, from a kbench before rounds (schema 3), no round column. */
static const char *const canon_tail_old[] = { "unit", "better", "seq", "value" };
#define NHEAD		8
#define NTAIL		5
#define NTAIL_OLD	4

/* No such column: the file has no rounds. */
#define NO_COLUMN	((size_t)-1)

/*
 * Bytes read at a time: large enough that system calls do not show.  The
 * fuzzer builds with a tiny one, so that its lines cross chunks.
 */
#ifndef READ_CHUNK
#define READ_CHUNK	(1024 * 1024)
#endif

/* A line longer than this goes to libcsv, which bounds each field. */
#define MAX_PLAIN_LINE	(4 * CSV_MAX_FIELD)

/* A field of the current record: NUL-terminated, owned or not. */
struct field {
	char	*p;
	size_t	 len;
};

/*
 * A run of this file, by its run columns: its id, and whether its rows
 * have rounds (line: the first row's; round: its round, or
 * STORE_NO_ROUND).
 */
struct run_seen {
	int64_t	 id;
	long	 line;
	int64_t	 round;
};

/*
 * A series of this file: the seq of its next row (mapped), and where its
 * rounds are, to keep them in order: the last row's round and line, the
 * highest seq so far (top), and the highest seq of the rounds before the
 * last one (floor; its line 0 while there is none).
 */
struct series_seen {
	int64_t	 next_seq;
	int64_t	 round;
	long	 line;
	int64_t	 top, floor;
	long	 top_line, floor_line;
};

/* A field's own copy: libcsv's fields, and the previous row's. */
struct copy {
	char	*p;
	size_t	 len;
	size_t	 cap;
};

struct importer {
	struct store		*s;
	const char		*path;
	const struct import_opts *o;
	struct import_totals	*t;
	struct strbuf		*err;
	enum csv_status		 status;	/* the first error, sticky */
	int			 flush_said;	/* fail() stored the samples before */

	struct csv_parser	 csv;
	int			 use_libcsv;	/* from here to the end */
	struct strbuf		 carry;		/* a line split across chunks */
	long			 line;		/* physical line being read */
	long			 rec_line;	/* where the record began */
	long			 next_rec_line;	/* after the last record */
	int			 rec_started;

	struct field		*f;		/* the record's fields */
	struct copy		*own;		/* libcsv's copies of them */
	size_t			 nf, capf;
	char			**hdr;		/* header names */
	size_t			 nhdr;
	int			 have_header;
	int64_t			 nrows;		/* data rows of this file */

	/* The columns that identify the run and the series, and their
	 * values in the previous row. */
	size_t			*run_cols, nrun_cols;
	size_t			*series_cols, nseries_cols;
	struct copy		*prev_run, *prev_series;
	/* Canonical: where the facts and keys are, and the tail begins. */
	size_t			 fact_first, nfacts, key_first, nkeys, tail;
	/* Where the value, the seq (canonical) and the round are; the
	 * round column NO_COLUMN when the file has none. */
	size_t			 value_col, seq_col, round_col;

	int64_t			 run_id;
	struct run_seen		*run;		/* run_id's */
	int64_t			 series_id;
	/* Hashed, not a list: a file of a million one-row runs is no
	 * reason for a million-squared string compares. */
	struct strmap		 seen_runs;	/* signature -> run_seen */
	struct strmap		 seen_uuids;	/* canonical: uuid -> run_seen */
	/* Every series of the file is new (a canonical run already in the
	 * database is refused), so their ids are dense from the first. */
	int64_t			 series_base;	/* the first series made */
	struct series_seen	*series;	/* by id - series_base */
	size_t			 nseries;
	struct kvlist		 keys;		/* scratch */
	struct strbuf		 sig;		/* scratch */
	struct strbuf		 shown;		/* scratch: a cell in a message */
};

static void
fail(struct importer *im, enum csv_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The error, with "FILE:LINE: " in front: im's first and only. */
static void
error_set(struct importer *im, enum csv_status st, const char *msg)
{
	im->status = st;
	/* The file's name and its text are in it: shown, never acted on. */
	sb_add_visible(im->err, im->path);
	if (im->rec_line > 0)
		sb_addf(im->err, ":%ld", im->rec_line);
	sb_adds(im->err, ": ");
	sb_add_visible(im->err, msg);
}

/*
 * A sample the store refused: one of the input's (a seq twice: its line
 * named, exit 2), or the store's own failure (a server gone: exit 3).
 */
static void
sample_failed(struct importer *im)
{
	int64_t origin = store_failed_origin(im->s);

	if (im->status != CSV_OK)
		return;
	im->rec_line = origin;
	error_set(im, origin != 0 ? CSV_EINPUT : CSV_EDB, store_error(im->s));
}

/*
 * Record the first error.  The first in the file: the samples before
 * it, still in the store's buffer, are stored first, and one of them
 * that fails (a seq twice) is said instead.
 */
static void
fail(struct importer *im, enum csv_status st, const char *fmt, ...)
{
	va_list ap;
	char buf[1024];

	if (im->status != CSV_OK)
		return;
	if (!im->flush_said) {
		im->flush_said = 1;
		if (store_flush(im->s) == -1) {
			sample_failed(im);
			return;
		}
	}
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	error_set(im, st, buf);
}

/*
 * A store call that failed.  A server may refuse a sample sent before it
 * only now (its COPY ended to let this call run): that sample's line is
 * said, as the SQLite store says it at the sample.
 */
static void
fail_db(struct importer *im, const char *what)
{
	if (store_failed_origin(im->s) != 0)
		sample_failed(im);
	else if (what == NULL)
		fail(im, CSV_EDB, "%s", store_error(im->s));
	else
		fail(im, CSV_EDB, "%s: %s", what, store_error(im->s));
}

static void
copy_set(struct copy *c, const char *data, size_t len)
{
	if (c->cap < len + 1) {
		c->cap = len + 1 < 32 ? 32 : len + 1;
		c->p = xreallocarray(c->p, c->cap, 1);
	}
	if (data != NULL)	/* libcsv's empty field: NULL, length 0 */
		memcpy(c->p, data, len);
	c->p[len] = '\0';
	c->len = len;
}

/*
 * Room for one more field in the record, or NULL (failed) when there are
 * more than the header's: a line of ten billion commas stops at once
 * instead of filling memory.
 */
static inline struct field *
next_field(struct importer *im)
{
	/* One test on the hot path: nhdr is 0 until the header is read. */
	if (im->nf >= im->nhdr && im->nf >= (im->have_header ? im->nhdr :
	    CSV_MAX_COLUMNS)) {
		if (im->have_header)
			fail(im, CSV_EINPUT, "more than %zu fields, expected %zu "
			    "as in the header", im->nhdr, im->nhdr);
		else
			fail(im, CSV_EINPUT, "more than %d columns in the header",
			    CSV_MAX_COLUMNS);
		return NULL;
	}
	if (im->nf == im->capf) {
		im->capf = im->capf ? 2 * im->capf : 16;
		im->f = xreallocarray(im->f, im->capf, sizeof(*im->f));
		im->own = xreallocarray(im->own, im->capf, sizeof(*im->own));
		memset(im->own + im->nf, 0, (im->capf - im->nf) *
		    sizeof(*im->own));
	}
	return &im->f[im->nf++];
}

/* Text is kept as UTF-8: say where a file is not, and what converts it. */
static void
bad_utf8(struct importer *im, size_t column, unsigned char byte)
{
	fail(im, CSV_EINPUT, "column %zu: invalid UTF-8 (byte 0x%02x): kbench "
	    "keeps text as UTF-8 (iconv -f latin1 -t utf-8 converts a Latin-1 "
	    "file)", column, byte);
}

/* Append a field that must be copied (libcsv reuses its buffer). */
static void
add_field_copy(struct importer *im, const char *data, size_t len)
{
	struct field *fd;
	struct copy *c;

	if (data != NULL && memchr(data, '\0', len) != NULL) {
		fail(im, CSV_EINPUT, "column %zu: a NUL byte in the field",
		    im->nf + 1);
		return;
	}
	if (data != NULL && utf8_check(data, len) != len) {
		bad_utf8(im, im->nf + 1, (unsigned char)data[utf8_check(data, len)]);
		return;
	}
	if ((fd = next_field(im)) == NULL)
		return;
	c = &im->own[im->nf - 1];
	copy_set(c, data, len);
	fd->p = c->p;
	fd->len = len;
}

/* The column named name, or NO_COLUMN. */
static size_t
column_index(struct importer *im, const char *name)
{
	size_t i;

	for (i = 0; i < im->nhdr; i++)
		if (strcmp(im->hdr[i], name) == 0)
			return i;
	return NO_COLUMN;
}

static void
missing_column(struct importer *im, const char *option, const char *name)
{
	struct strbuf cols = STRBUF_INIT;
	size_t i;

	for (i = 0; i < im->nhdr; i++)
		sb_addf(&cols, "%s%s", i ? ", " : "", im->hdr[i]);
	fail(im, CSV_EINPUT, "%s %s: no such column in the header (columns: %s)",
	    option, name, sb_str(&cols));
	sb_free(&cols);
}

static int
has_prefix(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Do the last n columns of the header read names[0 .. n)? */
static int
tail_is(const struct importer *im, const char *const *names, size_t n)
{
	size_t i;

	if (im->nhdr < NHEAD + n)
		return 0;
	for (i = 0; i < n; i++)
		if (strcmp(im->hdr[im->nhdr - n + i], names[i]) != 0)
			return 0;
	return 1;
}

/*
 * Is the header the canonical one, of now or from before rounds?  Sets
 * the fact and key ranges and where the tail begins.
 */
static int
header_is_canonical(struct importer *im)
{
	size_t i;

	if (tail_is(im, canon_tail, NTAIL))
		im->tail = im->nhdr - NTAIL;
	else if (tail_is(im, canon_tail_old, NTAIL_OLD))
		im->tail = im->nhdr - NTAIL_OLD;
	else
		return 0;
	for (i = 0; i < NHEAD; i++)
		if (strcmp(im->hdr[i], canon_head[i]) != 0)
			return 0;
	im->fact_first = NHEAD;
	for (i = NHEAD; i < im->tail && has_prefix(im->hdr[i], "fact."); i++)
		;
	im->nfacts = i - NHEAD;
	im->key_first = i;
	for (; i < im->tail && has_prefix(im->hdr[i], "key."); i++)
		;
	im->nkeys = i - im->key_first;
	return i == im->tail;
}

/* Canonical: the run is columns 0..7 and the facts; the series the keys,
 * unit and better. */
static void
canonical_columns(struct importer *im)
{
	size_t i;

	im->nrun_cols = NHEAD + im->nfacts;
	im->run_cols = xcalloc(im->nrun_cols, sizeof(size_t));
	for (i = 0; i < im->nrun_cols; i++)
		im->run_cols[i] = i;
	im->nseries_cols = im->nkeys + 2;
	im->series_cols = xcalloc(im->nseries_cols, sizeof(size_t));
	for (i = 0; i < im->nseries_cols; i++)
		im->series_cols[i] = im->key_first + i;
	im->value_col = im->nhdr - 1;
	im->seq_col = im->nhdr - 2;
	im->round_col = im->nhdr - im->tail == NTAIL ? im->tail + 2 : NO_COLUMN;
}

/* Mapped: the --round-by column (one: repeated_column() saw to that). */
static int
round_column(struct importer *im)
{
	const char *name = im->o->round_col;

	if (name == NULL)
		return 0;
	if ((im->round_col = column_index(im, name)) == NO_COLUMN) {
		missing_column(im, "--round-by", name);
		return -1;
	}
	return 0;
}

/* Mapped: the columns named by --value, --run-by, --key and --round-by. */
static int
mapped_columns(struct importer *im)
{
	const struct strlist *runby = &im->o->runby_cols, *key = &im->o->key_cols;
	size_t i;

	if ((im->value_col = column_index(im, im->o->value_col)) == NO_COLUMN) {
		missing_column(im, "--value", im->o->value_col);
		return -1;
	}
	im->nrun_cols = runby->n;
	im->run_cols = xcalloc(runby->n, sizeof(size_t));
	for (i = 0; i < runby->n; i++)
		if ((im->run_cols[i] = column_index(im, runby->v[i])) ==
		    NO_COLUMN) {
			missing_column(im, "--run-by", runby->v[i]);
			return -1;
		}
	im->nseries_cols = key->n;
	im->series_cols = xcalloc(key->n, sizeof(size_t));
	for (i = 0; i < key->n; i++)
		if ((im->series_cols[i] = column_index(im, key->v[i])) ==
		    NO_COLUMN) {
			missing_column(im, "--key", key->v[i]);
			return -1;
		}
	return round_column(im);
}

/*
 * A name twice in the header: which of the two a row's value is taken
 * from would fold two series (or two hosts) into one.  An empty name
 * names nothing, and may repeat.  0, or -1 with the failure recorded.
 */
static int
repeated_column(struct importer *im)
{
	struct strmap seen;
	size_t i, *first;
	int rc = 0;

	memset(&seen, 0, sizeof(seen));
	first = xcalloc(im->nhdr + 1, sizeof(*first));
	for (i = 0; i < im->nhdr && rc == 0; i++) {
		if (*im->hdr[i] == '\0')
			continue;
		if (strmap_get(&seen, im->hdr[i]) != NULL) {
			fail(im, CSV_EINPUT, "column %zu '%.100s' repeats column "
			    "%zu: a column name once only", i + 1, im->hdr[i],
			    *(size_t *)strmap_get(&seen, im->hdr[i]));
			rc = -1;
			continue;
		}
		first[i] = i + 1;
		strmap_put(&seen, im->hdr[i], &first[i]);
	}
	strmap_free(&seen);
	free(first);
	return rc;
}

static void
take_header(struct importer *im)
{
	size_t i;

	im->nhdr = im->nf;
	im->hdr = xcalloc(im->nhdr, sizeof(*im->hdr));
	for (i = 0; i < im->nf; i++)
		im->hdr[i] = xstrdup(im->f[i].p);
	im->have_header = 1;
	if (repeated_column(im) == -1)
		return;
	if (im->o->value_col != NULL) {
		if (mapped_columns(im) == -1)
			return;
	} else if (header_is_canonical(im))
		canonical_columns(im);
	else {
		fail(im, CSV_EINPUT, "not kbench's canonical CSV (its header "
		    "starts run,label,benchmark,... and ends unit,better,round,"
		    "seq,value); for other CSV name the value column with "
		    "--value COL");
		return;
	}
	im->prev_run = xcalloc(im->nrun_cols + 1, sizeof(struct copy));
	im->prev_series = xcalloc(im->nseries_cols + 1, sizeof(struct copy));
}

/* Parse column col of the record as a finite number. */
static int
field_number(struct importer *im, size_t col, double *v)
{
	const char *s = im->f[col].p;

	if (*s == '\0') {
		fail(im, CSV_EINPUT, "column '%s' is empty, expected a number",
		    im->hdr[col]);
		return -1;
	}
	if (parse_double(s, v) == -1) {
		fail(im, CSV_EINPUT, "column '%s': '%.40s' is not a finite "
		    "decimal number", im->hdr[col], s);
		return -1;
	}
	return 0;
}

/* Do the columns cols hold what prev holds?  Copy them there if not. */
static int
same_columns(struct importer *im, const size_t *cols, size_t n,
    struct copy *prev)
{
	const struct field *fd;
	size_t i;

	for (i = 0; i < n; i++) {
		fd = &im->f[cols[i]];
		if (fd->len != prev[i].len || (fd->len > 0 &&
		    memcmp(fd->p, prev[i].p, fd->len) != 0))
			break;
	}
	if (i == n)
		return 1;
	for (i = 0; i < n; i++)
		copy_set(&prev[i], im->f[cols[i]].p, im->f[cols[i]].len);
	return 0;
}

/*
 * The run's columns, each as "LENGTH:BYTES": no separator is safe, a
 * hostile file may hold any byte but NUL, and "a\x1fb","c" must not
 * pass for "a","b\x1fc" (the rows of one run for another's).
 */
static const char *
run_signature(struct importer *im)
{
	size_t i;

	sb_reset(&im->sig);
	for (i = 0; i < im->nrun_cols; i++) {
		sb_addf(&im->sig, "%zu:", im->f[im->run_cols[i]].len);
		sb_add(&im->sig, im->f[im->run_cols[i]].p,
		    im->f[im->run_cols[i]].len);
	}
	return sb_str(&im->sig);
}

/* Remember the run of key (a new one: no row yet). */
static struct run_seen *
remember_run(struct strmap *m, const char *key, int64_t id)
{
	struct run_seen *r;

	if ((r = strmap_get(m, key)) == NULL) {
		r = xmalloc(sizeof(*r));
		strmap_put(m, key, r);
	}
	r->id = id;
	r->line = 0;
	r->round = STORE_NO_ROUND;
	return r;
}

static struct run_seen *
seen_run(const struct strmap *m, const char *key)
{
	return strmap_get(m, key);
}

/* A refusal by valid.h's rules: the file's fault, said as input. */
static int
invalid(struct importer *im, struct strbuf *why)
{
	fail(im, CSV_EINPUT, "%s", sb_str(why));
	sb_free(why);
	return -1;
}

static int
set_fact(struct importer *im, const char *key, const char *value)
{
	struct strbuf why = STRBUF_INIT;

	if (valid_fact(key, value, &why) == -1)
		return invalid(im, &why);
	if (store_fact_set(im->s, im->run_id, key, value) == -1) {
		fail_db(im, "storing a run fact");
		return -1;
	}
	return 0;
}

/* A label that does not print is the file's fault: say so, as input. */
static int
label_bad(struct importer *im, const char *label)
{
	struct strbuf why = STRBUF_INIT;

	if (store_label_check(label, &why) == 0)
		return 0;
	invalid(im, &why);
	return 1;
}

/* Canonical: make the run of this record (columns 0..7, the facts). */
static int
canonical_new_run(struct importer *im)
{
	struct strbuf why = STRBUF_INIT;
	struct run_info ri;
	const char *uuid = im->f[0].p;
	const char *made;
	int64_t existing;
	size_t i;

	memset(&ri, 0, sizeof(ri));
	ri.uuid = uuid;
	ri.label = im->f[1].p;
	ri.benchmark = im->f[2].p;
	ri.status = im->f[3].p;
	ri.started_at = im->f[4].p;
	ri.ended_at = im->f[5].len ? im->f[5].p : NULL;
	ri.command = im->f[6].p;
	ri.tool_version = im->f[7].p;
	/* The rules merge applies to a source's runs too. */
	if (valid_run(&ri, &why) == -1)
		return invalid(im, &why);
	if (seen_run(&im->seen_uuids, uuid) != NULL) {
		fail(im, CSV_EINPUT, "run %s: a run column or fact differs "
		    "from an earlier row of the same run", uuid);
		return -1;
	}
	if (store_run_by_uuid(im->s, uuid, &existing) == -1) {
		fail_db(im, "looking up a run");
		return -1;
	}
	/* Made by this import (an earlier file, or a file given twice):
	 * its id is this import's own, in no database. */
	if (existing != 0 && (made = strmap_get(&im->t->made, uuid)) != NULL) {
		fail(im, CSV_EINPUT, "run %s is in this import already (%s): "
		    "a run is imported once", uuid, made);
		return -1;
	}
	if (existing != 0) {
		fail(im, CSV_EINPUT, "run %s is in the database already (id "
		    "%lld)", uuid, (long long)existing);
		return -1;
	}
	if (store_run_create(im->s, &ri) == -1) {
		fail_db(im, "creating a run");
		return -1;
	}
	im->run_id = ri.id;
	/* An empty fact cell means the run has no such fact. */
	for (i = 0; i < im->nfacts; i++)
		if (im->f[im->fact_first + i].len > 0 &&
		    set_fact(im, im->hdr[im->fact_first + i] + strlen("fact."),
		    im->f[im->fact_first + i].p) == -1)
			return -1;
	/* The uuid alone too, so a later row with other run columns is caught. */
	remember_run(&im->seen_uuids, uuid, im->run_id);
	return 0;
}

void
import_totals_free(struct import_totals *t)
{
	strlist_free(&t->origins);
	strmap_free_values(&t->made);
	memset(t, 0, sizeof(*t));
}

/* Mapped: make the run of this record, split by the --run-by columns. */
static int
mapped_new_run(struct importer *im)
{
	struct run_info ri;
	const char *label = im->o->label, *base, *col;
	char now[40];
	size_t i;

	for (i = 0; i < im->o->runby_cols.n; i++)
		if (strcmp(im->o->runby_cols.v[i], "label") == 0)
			label = im->f[im->run_cols[i]].p;
	base = strrchr(im->path, '/') ? strrchr(im->path, '/') + 1 : im->path;
	if (label == NULL)
		label = base;
	if (*label == '\0') {
		fail(im, CSV_EINPUT, "column 'label' is empty");
		return -1;
	}
	if (label_bad(im, label))
		return -1;
	memset(&ri, 0, sizeof(ri));
	ri.label = label;
	ri.benchmark = im->o->benchmark ? im->o->benchmark : "import";
	ri.status = RUN_COMPLETE;
	store_now(now, sizeof(now));
	ri.started_at = now;
	ri.ended_at = now;
	ri.command = im->o->command;
	if (store_run_create(im->s, &ri) == -1) {
		fail_db(im, "creating a run");
		return -1;
	}
	im->run_id = ri.id;
	if (set_fact(im, "source", base) == -1)
		return -1;
	for (i = 0; i < im->o->meta.n; i++)
		if (set_fact(im, im->o->meta.v[i].key, im->o->meta.v[i].value) == -1)
			return -1;
	for (i = 0; i < im->o->runby_cols.n; i++) {
		col = im->o->runby_cols.v[i];
		if (strcmp(col, "label") != 0 &&
		    set_fact(im, col, im->f[im->run_cols[i]].p) == -1)
			return -1;
	}
	return 0;
}

/* Point im->run_id at this record's run, making it when it is new. */
static int
find_run(struct importer *im)
{
	const char *sig;

	if (im->run_id != 0 && same_columns(im, im->run_cols, im->nrun_cols,
	    im->prev_run))
		return 0;
	if (im->run_id == 0)
		same_columns(im, im->run_cols, im->nrun_cols, im->prev_run);
	im->series_id = 0;
	sig = run_signature(im);
	/* A run this import made already: its rows came back. */
	if ((im->run = seen_run(&im->seen_runs, sig)) != NULL) {
		im->run_id = im->run->id;
		return 0;
	}
	if ((im->o->value_col == NULL ? canonical_new_run(im) :
	    mapped_new_run(im)) == -1)
		return -1;
	im->t->runs++;
	/* Where it began: a run that turns out to be there already is named
	 * by its line (the import is staged; see cmd_import.c), and so is a
	 * canonical run met again in a later file of this import. */
	sb_reset(&im->sig);
	sb_addf(&im->sig, "%s:%ld", im->path, im->rec_line);
	if ((size_t)im->run_id == im->t->origins.n + 1)
		strlist_add(&im->t->origins, sb_str(&im->sig));
	if (im->o->value_col == NULL)
		strmap_put(&im->t->made, im->f[0].p, xstrdup(sb_str(&im->sig)));
	im->run = remember_run(&im->seen_runs, run_signature(im), im->run_id);
	return 0;
}

/* Point im->series_id at this record's series, making it when new. */
static int
find_series(struct importer *im)
{
	struct strbuf why = STRBUF_INIT;
	struct series_info si;
	const char *unit, *better;
	size_t i, col;

	if (im->series_id != 0 && same_columns(im, im->series_cols,
	    im->nseries_cols, im->prev_series))
		return 0;
	if (im->series_id == 0)
		same_columns(im, im->series_cols, im->nseries_cols,
		    im->prev_series);
	kv_clear(&im->keys);
	if (im->o->value_col == NULL) {
		unit = im->f[im->tail].p;
		better = im->f[im->tail + 1].p;
		/* An empty key cell: this series has no such key. */
		for (i = 0; i < im->nkeys; i++) {
			col = im->key_first + i;
			if (im->f[col].len > 0)
				kv_set(&im->keys, im->hdr[col] + strlen("key."),
				    im->f[col].p);
		}
	} else {
		unit = im->o->unit ? im->o->unit : "";
		better = im->o->better ? im->o->better : "lower";
		for (i = 0; i < im->o->key_cols.n; i++)
			kv_set(&im->keys, im->o->key_cols.v[i],
			    im->f[im->series_cols[i]].p);
	}
	kv_sort(&im->keys);
	si.keys = &im->keys;
	si.unit = unit;
	si.better = better;
	if (valid_series(&si, &why) == -1)
		return invalid(im, &why);
	if (store_series_get(im->s, im->run_id, &si, &im->series_id) == -1) {
		fail_db(im, NULL);
		return -1;
	}
	return 0;
}

/* What this file has told of the series of the record so far. */
static struct series_seen *
series_seen(struct importer *im)
{
	size_t slot, n;

	if (im->series_base == 0)
		im->series_base = im->series_id;
	slot = (size_t)(im->series_id - im->series_base);
	if (slot >= im->nseries) {
		/* By half again: a file of a million series is no reason
		 * for a million reallocations. */
		n = slot + slot / 2 + 64;
		im->series = xreallocarray(im->series, n, sizeof(*im->series));
		memset(im->series + im->nseries, 0, (n - im->nseries) *
		    sizeof(*im->series));
		im->nseries = n;
	}
	return &im->series[slot];
}

/*
 * A cell as a message shows it: controls escaped (no escape sequence
 * reaches the terminal), and only its first 40 bytes, then "...".
 */
static const char *
shown(struct importer *im, size_t col)
{
	const struct field *fd = &im->f[col];

	sb_reset(&im->shown);
	sb_add_visible_n(&im->shown, fd->p, fd->len < 40 ? fd->len : 40);
	if (fd->len > 40)
		sb_adds(&im->shown, "...");
	return sb_str(&im->shown);
}

/*
 * The record's round: STORE_NO_ROUND when the file has no round column
 * or, canonical, the cell is empty (none was recorded).  Digits only: no
 * sign, no blank, no exponent; at most STORE_ROUND_MAX.
 */
static int
field_round(struct importer *im, int64_t *round)
{
	const struct field *fd;
	int64_t v = 0;
	size_t i;

	*round = STORE_NO_ROUND;
	if (im->round_col == NO_COLUMN)
		return 0;
	fd = &im->f[im->round_col];
	if (fd->len == 0 && im->o->value_col == NULL)
		return 0;
	if (fd->len == 0) {
		fail(im, CSV_EINPUT, "column '%s' is empty, expected a round (a "
		    "whole number from 0 to %lld)", im->hdr[im->round_col],
		    (long long)STORE_ROUND_MAX);
		return -1;
	}
	for (i = 0; i < fd->len && fd->p[i] >= '0' && fd->p[i] <= '9' &&
	    v <= STORE_ROUND_MAX; i++)
		v = 10 * v + (fd->p[i] - '0');
	if (i < fd->len || v > STORE_ROUND_MAX) {
		fail(im, CSV_EINPUT, "column '%s': '%s' is not a whole number "
		    "from 0 to %lld", im->hdr[im->round_col], shown(im,
		    im->round_col), (long long)STORE_ROUND_MAX);
		return -1;
	}
	*round = v;
	return 0;
}

/* Every sample of a run has a round, or none has. */
static int
run_rounds_alike(struct importer *im, int64_t round)
{
	struct run_seen *r = im->run;
	const char *col = im->hdr[im->round_col];

	if (r->line == 0) {
		r->line = im->rec_line;
		r->round = round;
		return 0;
	}
	if ((r->round == STORE_NO_ROUND) == (round == STORE_NO_ROUND))
		return 0;
	if (round == STORE_NO_ROUND)
		fail(im, CSV_EINPUT, "column '%s' is empty, but line %ld of the "
		    "same run has round %lld: every sample of a run has a round, "
		    "or none has", col, r->line, (long long)r->round);
	else
		fail(im, CSV_EINPUT, "column '%s': '%s', but line %ld of the "
		    "same run has none: every sample of a run has a round, or "
		    "none has", col, shown(im, im->round_col), r->line);
	return -1;
}

/*
 * A series' rounds are invocations in the order they ran: in file
 * order, a round once left never comes back; and a later round's seqs
 * are above an earlier round's, so that seq order (export's) has them
 * in order too.
 */
static int
series_rounds_ordered(struct importer *im, struct series_seen *ss,
    int64_t seq, int64_t round)
{
	if (ss->line != 0 && round < ss->round) {
		fail(im, CSV_EINPUT, "column '%s': '%s' after round %lld (line "
		    "%ld) of the same series: a series' rounds never go back "
		    "(each is an invocation of the benchmark, in the order they "
		    "ran)", im->hdr[im->round_col], shown(im, im->round_col),
		    (long long)ss->round, ss->line);
		return -1;
	}
	if (ss->line == 0 || round > ss->round) {
		ss->floor = ss->top;
		ss->floor_line = ss->top_line;
		ss->round = round;
	}
	if (ss->floor_line != 0 && seq < ss->floor) {
		fail(im, CSV_EINPUT, "column 'seq': '%lld' in round %lld, below "
		    "seq %lld of an earlier round (line %ld): a series' rounds "
		    "follow its seq order", (long long)seq, (long long)round,
		    (long long)ss->floor, ss->floor_line);
		return -1;
	}
	if (ss->top_line == 0 || seq > ss->top) {
		ss->top = seq;
		ss->top_line = im->rec_line;
	}
	ss->line = im->rec_line;
	return 0;
}

static void
data_record(struct importer *im)
{
	struct strbuf why = STRBUF_INIT;
	struct series_seen *ss;
	int64_t round;
	long seq = 0;
	double v;

	im->nrows++;
	if (im->o->value_col == NULL &&
	    parse_long(im->f[im->seq_col].p, 0, LONG_MAX, &seq) == -1) {
		fail(im, CSV_EINPUT, "column 'seq': '%.40s' is not a whole "
		    "number >= 0", im->f[im->seq_col].p);
		return;
	}
	if (field_number(im, im->value_col, &v) == -1 ||
	    field_round(im, &round) == -1)
		return;
	if (find_run(im) == -1 || find_series(im) == -1)
		return;
	ss = series_seen(im);
	/* Mapped imports number each series' rows 0, 1, 2... in file order. */
	if (im->o->value_col != NULL)
		seq = ss->next_seq++;
	if (im->round_col != NO_COLUMN && (run_rounds_alike(im, round) == -1 ||
	    (round != STORE_NO_ROUND &&
	    series_rounds_ordered(im, ss, seq, round) == -1)))
		return;
	/* Parsed as these rules say; checked by them too, as merge does. */
	if (valid_sample(seq, round, v, &why) == -1) {
		invalid(im, &why);
		return;
	}
	if (store_sample_add(im->s, im->series_id, seq, round, v,
	    im->rec_line) == -1) {
		sample_failed(im);
		return;
	}
	im->t->samples++;
}

/* A whole record has been read into im->f. */
static void
end_record(struct importer *im)
{
	if (im->status != CSV_OK)
		goto next;
	if (!im->have_header)
		take_header(im);
	else if (im->nf != im->nhdr)
		fail(im, CSV_EINPUT, "%zu fields, expected %zu as in the header",
		    im->nf, im->nhdr);
	else
		data_record(im);
next:
	im->nf = 0;
	im->rec_started = 0;
	im->next_rec_line = im->line + 1;
}

/* libcsv's callbacks. */
static void
on_field(void *data, size_t len, void *arg)
{
	struct importer *im = arg;

	if (im->status != CSV_OK)
		return;
	if (!im->rec_started) {
		im->rec_started = 1;
		im->rec_line = im->line;
	}
	add_field_copy(im, data, len);
}

static void
on_record(int c, void *arg)
{
	end_record(arg);
}

/* libcsv grows a field's buffer through this: refuse absurd fields. */
static void *
bounded_realloc(void *p, size_t n)
{
	if (n > CSV_MAX_FIELD + 4096)
		return NULL;
	return realloc(p, n);
}

/* Feed buf to libcsv one line at a time, counting lines. */
static void
feed_libcsv(struct importer *im, const char *buf, size_t len)
{
	const char *nl, *end = buf + len;
	size_t n;

	while (buf < end && im->status == CSV_OK) {
		nl = memchr(buf, '\n', (size_t)(end - buf));
		n = nl != NULL ? (size_t)(nl - buf) + 1 : (size_t)(end - buf);
		if (csv_parse(&im->csv, buf, n, on_field, on_record, im) != n) {
			im->rec_line = im->line;
			if (csv_error(&im->csv) == CSV_ENOMEM)
				fail(im, CSV_EINPUT, "a field longer than %d "
				    "bytes", CSV_MAX_FIELD);
			else
				fail(im, CSV_EINPUT, "malformed CSV: %s",
				    csv_strerror(csv_error(&im->csv)));
			return;
		}
		buf += n;
		if (nl != NULL)
			im->line++;
	}
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/*
 * One physical line (with its '\n', if any).  Split it here, in place,
 * when it is plain; otherwise hand it and all after it to libcsv.  This
 * is the loop that sees every byte of a large import.
 */
static void
plain_line(struct importer *im, char *line, size_t len)
{
	char *end = line + len, *p, *a, *b;
	struct field *fd;
	size_t off, col;

	if (end > line && end[-1] == '\n')
		end--;
	if (end > line && end[-1] == '\r')
		end--;
	if (end == line)
		goto done;		/* an empty line is no record, as in libcsv */
	/* Quotes, a lone CR, a NUL: libcsv from here on (it reports NULs). */
	if (memchr(line, '"', (size_t)(end - line)) != NULL ||
	    memchr(line, '\r', (size_t)(end - line)) != NULL ||
	    memchr(line, '\0', (size_t)(end - line)) != NULL)
		goto libcsv;
	for (p = line; p < end && is_blank(*p); p++)
		;
	if (p == end)
		goto libcsv;	/* only blanks: libcsv decides */
	im->rec_line = im->line;
	if ((off = utf8_check(line, (size_t)(end - line))) !=
	    (size_t)(end - line)) {
		for (p = line, col = 1; p < line + off; p++)
			col += *p == ',';
		bad_utf8(im, col, (unsigned char)line[off]);
		goto done;
	}
	for (a = p = line; ; p++) {
		if (p < end && *p != ',')
			continue;
		/* A field ends at p: trim blanks as libcsv does. */
		for (b = p; b > a && is_blank(b[-1]); b--)
			;
		while (a < b && is_blank(*a))
			a++;
		if ((size_t)(b - a) > CSV_MAX_FIELD) {
			fail(im, CSV_EINPUT, "a field longer than %d bytes",
			    CSV_MAX_FIELD);
			goto done;
		}
		if ((fd = next_field(im)) == NULL)
			goto done;
		fd->p = a;
		fd->len = (size_t)(b - a);
		if (p == end) {
			*b = '\0';	/* over '\r', '\n', or the carry's own NUL */
			break;
		}
		*b = '\0';
		a = p + 1;
	}
	end_record(im);
done:
	im->line++;
	return;
libcsv:
	im->use_libcsv = 1;
	feed_libcsv(im, line, len);
}

/* A chunk of the file. */
static void
feed(struct importer *im, char *buf, size_t len)
{
	char *end = buf + len, *nl;

	while (buf < end && im->status == CSV_OK) {
		if (im->use_libcsv) {
			feed_libcsv(im, buf, (size_t)(end - buf));
			return;
		}
		nl = memchr(buf, '\n', (size_t)(end - buf));
		if (nl == NULL) {
			/* The line goes on in the next chunk. */
			sb_add(&im->carry, buf, (size_t)(end - buf));
			if (im->carry.len > MAX_PLAIN_LINE) {
				im->use_libcsv = 1;
				feed_libcsv(im, im->carry.buf, im->carry.len);
				sb_reset(&im->carry);
			}
			return;
		}
		if (im->carry.len > 0) {
			sb_add(&im->carry, buf, (size_t)(nl - buf) + 1);
			plain_line(im, im->carry.buf, im->carry.len);
			sb_reset(&im->carry);
		} else
			plain_line(im, buf, (size_t)(nl - buf) + 1);
		buf = nl + 1;
	}
}

/* The end of the file: the last line, libcsv's open record. */
static void
finish(struct importer *im)
{
	long open_line;

	if (im->status == CSV_OK && im->carry.len > 0 && !im->use_libcsv)
		plain_line(im, im->carry.buf, im->carry.len);
	if (im->status == CSV_OK && im->use_libcsv) {
		/* libcsv may end the open record: keep where it began. */
		open_line = im->rec_started ? im->rec_line : im->next_rec_line;
		if (csv_fini(&im->csv, on_field, on_record, im) != 0 &&
		    im->status == CSV_OK) {
			im->rec_line = open_line;
			fail(im, CSV_EINPUT, "unterminated quoted field at the "
			    "end of the file");
		}
	}
	if (im->status != CSV_OK)
		return;
	im->rec_line = 0;
	if (!im->have_header)
		fail(im, CSV_EINPUT, "empty file: expected a header line");
	else if (im->nrows == 0)
		fail(im, CSV_EINPUT, "no data rows after the header");
	else if (store_flush(im->s) == -1)
		sample_failed(im);
}

static void
importer_free(struct importer *im)
{
	size_t i;

	for (i = 0; i < im->capf; i++)
		free(im->own[i].p);
	free(im->own);
	free(im->f);
	for (i = 0; i < im->nhdr; i++)
		free(im->hdr[i]);
	free(im->hdr);
	for (i = 0; im->prev_run != NULL && i < im->nrun_cols; i++)
		free(im->prev_run[i].p);
	for (i = 0; im->prev_series != NULL && i < im->nseries_cols; i++)
		free(im->prev_series[i].p);
	free(im->prev_run);
	free(im->prev_series);
	free(im->run_cols);
	free(im->series_cols);
	free(im->series);
	sb_free(&im->carry);
	sb_free(&im->sig);
	sb_free(&im->shown);
	strmap_free_values(&im->seen_runs);
	strmap_free_values(&im->seen_uuids);
	kv_clear(&im->keys);
	csv_free(&im->csv);
}

/*
 * Open path to read.  regular_only (a file streamed while the write
 * lock is held): what is not, or no longer, a regular file with data is
 * refused, and opening a FIFO put in its place does not block.
 */
static enum csv_status
open_input(const char *path, int regular_only, FILE **fp, struct strbuf *err)
{
	struct stat sb;
	int fd, e;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC |
	    (regular_only ? O_NONBLOCK : 0))) == -1) {
		e = errno;
		sb_addf(err, "%s: cannot open: %s", path, strerror(e));
		return e == ENOENT || e == EISDIR ? CSV_EINPUT : CSV_ESYS;
	}
	if (regular_only && (fstat(fd, &sb) == -1 || !S_ISREG(sb.st_mode) ||
	    sb.st_size == 0)) {
		close(fd);
		sb_addf(err, "%s: no longer a regular file with data (it "
		    "changed while kbench imported)", path);
		return CSV_EINPUT;
	}
	if ((*fp = fdopen(fd, "r")) == NULL) {
		e = errno;
		close(fd);
		sb_addf(err, "%s: cannot open: %s", path, strerror(e));
		return CSV_ESYS;
	}
	return CSV_OK;
}

enum csv_status
csv_import(struct store *s, const char *path, const struct import_opts *o,
    struct import_totals *t, struct strbuf *err)
{
	struct importer im;
	FILE *fp;
	char *buf;
	size_t n, skip;
	int first = 1;
	enum csv_status st;

	memset(&im, 0, sizeof(im));
	im.s = s;
	im.path = path;
	im.o = o;
	im.t = t;
	im.err = err;
	im.line = 1;
	im.next_rec_line = 1;
	im.round_col = NO_COLUMN;
	im.use_libcsv = o->libcsv_only;
	if (strcmp(path, "-") == 0) {
		fp = stdin;
		im.path = "(stdin)";
	} else if ((st = open_input(path, o->regular_only, &fp, err)) !=
	    CSV_OK)
		return st;
	if (csv_init(&im.csv, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		sb_addf(err, "%s: cannot start the CSV parser", path);
		if (fp != stdin)
			fclose(fp);
		return CSV_ESYS;
	}
	csv_set_realloc_func(&im.csv, bounded_realloc);
	buf = xmalloc(READ_CHUNK);
	while (im.status == CSV_OK && (n = fread(buf, 1, READ_CHUNK, fp)) > 0) {
		skip = 0;
		/* A UTF-8 byte order mark is not part of the first column name. */
		if (first && n >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
			skip = 3;
		first = 0;
		feed(&im, buf + skip, n - skip);
	}
	if (ferror(fp))
		fail(&im, CSV_ESYS, "read error: %s", strerror(errno));
	finish(&im);
	free(buf);
	if (fp != stdin)
		fclose(fp);
	st = im.status;
	importer_free(&im);
	return st;
}
