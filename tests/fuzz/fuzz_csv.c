/*
 * fuzz_csv.c: libFuzzer harness for kbench import (db/csv_import.c).
 *
 * The input, less its first byte, is written to a file ($TMPDIR, else
 * /dev/shm) and imported by csv_import(), the function kbench import
 * calls, into an in-memory store opened once; each input's transaction
 * is rolled back, so every input meets the same empty database.  The
 * first byte B chooses the options: optsets[(((B - '0') & 0xff) >> 1) %
 * 9], the canonical form (0) or a mapped one (--value, --key, --run-by,
 * -l, --unit, --better, --meta, --round-by), and with B & 1 no
 * plain-line fast path.  The seeds start with the readable '0' + 2 * SET
 * + (B & 1): '0' to '?' for sets 0 to 7 (as when there were 8 and the
 * set was (B >> 1) % 8), '@' and 'A' for set 8.  make fuzz builds
 * csv_import.c with a 64-byte READ_CHUNK, so lines are split across
 * reads as large files split them.
 *
 * Run: make fuzz (both harnesses), or by hand:
 *	make build/fuzz/fuzz_csv
 *	build/fuzz/fuzz_csv -dict=tests/fuzz/csv.dict -max_len=65536 \
 *	    DIR tests/fuzz/corpus/csv
 * Reproduce a crash: build/fuzz/fuzz_csv build/fuzz/fuzz_csv-crash-...
 */
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/csvio.h"

int	LLVMFuzzerInitialize(int *argc, char ***argv);
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One option set: the mapped form when value is set. */
struct optset {
	const char	*value;
	const char	*keys[3];
	const char	*runby[3];
	const char	*label;
	const char	*unit;
	const char	*better;
	const char	*meta;
	const char	*round;
};

/*
 * The column names are those of the seed corpus (examples/calloutng-
 * rpi.csv and the canonical header) and the dictionary, so that the
 * fuzzer can reach the rows past the header.
 */
static const struct optset optsets[] = {
	{ NULL, { NULL }, { NULL }, NULL, NULL, NULL, NULL, NULL },
	{ "measured_us", { "method", "requested_us" }, { "label", "hz" },
	    NULL, "us", NULL, NULL, NULL },
	{ "value", { NULL }, { NULL }, "x", NULL, "higher", "k=v", NULL },
	{ "value", { "key" }, { "label" }, NULL, "ns", "lower", NULL, NULL },
	{ "v", { "method" }, { "run", "label" }, NULL, NULL, NULL, "a=", NULL },
	{ "value", { "value" }, { "value" }, NULL, NULL, NULL, NULL, NULL },
	{ "seq", { "key.method" }, { "run" }, "l", "%", "higher", NULL, NULL },
	{ "v", { "k", "k" }, { "r", "r" }, NULL, NULL, NULL, NULL, NULL },
	{ "v", { "k" }, { "label" }, NULL, NULL, NULL, NULL, "round" },
};
#define NOPTSETS	(sizeof(optsets) / sizeof(optsets[0]))

static struct store *db;
static char path[1024];
static int fd = -1;

static void
cleanup(void)
{
	if (fd != -1)
		unlink(path);
	store_close(db);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct strbuf msg = STRBUF_INIT;
	const char *dir;
	int why;

	if ((db = store_open(":memory:", STORE_CREATE, &msg, &why)) == NULL)
		errx(1, "store_open: %s", sb_str(&msg));
	sb_free(&msg);
	/* Rewriting a file on a disk costs more than the import: tmpfs. */
	if ((dir = getenv("TMPDIR")) == NULL)
		dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	snprintf(path, sizeof(path), "%s/fuzz_csv.XXXXXX", dir);
	if ((fd = mkstemp(path)) == -1)
		err(1, "mkstemp %s", path);
	atexit(cleanup);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct optset *os;
	struct import_opts o;
	struct import_totals t;
	struct strbuf msg = STRBUF_INIT;
	enum csv_status st;
	size_t i;

	if (size == 0)
		return 0;
	os = &optsets[((uint8_t)(data[0] - '0') >> 1) % NOPTSETS];
	data++, size--;
	if (ftruncate(fd, 0) == -1 ||
	    (size > 0 && pwrite(fd, data, size, 0) != (ssize_t)size))
		err(1, "writing %s", path);

	memset(&o, 0, sizeof(o));
	memset(&t, 0, sizeof(t));
	o.libcsv_only = data[-1] & 1;
	o.command = "fuzz_csv";
	if (os->value != NULL) {
		o.value_col = os->value;
		for (i = 0; i < 3 && os->keys[i] != NULL; i++)
			strlist_add(&o.key_cols, os->keys[i]);
		for (i = 0; i < 3 && os->runby[i] != NULL; i++)
			strlist_add(&o.runby_cols, os->runby[i]);
		o.label = os->label;
		o.unit = os->unit;
		o.better = os->better;
		o.round_col = os->round;
		if (os->meta != NULL && kv_parse(&o.meta, os->meta) == -1)
			errx(1, "bad meta %s", os->meta);
	}

	if (store_begin(db) == -1)
		errx(1, "store_begin: %s", store_error(db));
	st = csv_import(db, path, &o, &t, &msg);
	/* What kbench import promises: an error says where and why. */
	if (st != CSV_OK && msg.len == 0)
		errx(1, "csv_import failed (%d) with no message", (int)st);
	if (st == CSV_OK && t.samples == 0)
		errx(1, "csv_import succeeded with no sample");
	if (st == CSV_ESYS)
		errx(1, "csv_import: %s", sb_str(&msg));
	store_rollback(db);

	import_totals_free(&t);
	strlist_free(&o.key_cols);
	strlist_free(&o.runby_cols);
	kv_clear(&o.meta);
	sb_free(&msg);
	return 0;
}
