/*
 * test_csv.c: the importer's two CSV paths agree.  Plain lines are split
 * by kbench itself, the rest by libcsv; random files must import to the
 * same samples (rounds and all), or fail with the same message, either
 * way.  And the fast decimal parser gives strtod's double, bit for bit.
 */
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "db/csvio.h"
#include "db/store.h"

static char dir[] = "/tmp/kbench-test-csv.XXXXXX";
static unsigned long rng = 0x9e3779b97f4a7c15UL;

static unsigned long
next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static int
dump(const struct sample_row *row, void *arg)
{
	struct strbuf *sb = arg;

	sb_addf(sb, "[%s|%lld|%lld|%.17g]\n", row->series_name,
	    (long long)row->seq, (long long)row->round, row->value);
	return 0;
}

/*
 * Import path in a fresh database, with the round in column round_col
 * (NULL: none); the samples (or the error) in out.
 */
static void
import_one(const char *path, const char *round_col, int libcsv_only, int n,
    struct strbuf *out)
{
	struct import_opts o;
	struct import_totals t;
	struct strbuf err = STRBUF_INIT, db = STRBUF_INIT;
	struct filter f;
	struct store *s;
	int why;

	memset(&o, 0, sizeof(o));
	memset(&t, 0, sizeof(t));
	memset(&f, 0, sizeof(f));
	o.value_col = "v";
	strlist_add(&o.key_cols, "a");
	strlist_add(&o.key_cols, "b");
	o.round_col = round_col;
	o.libcsv_only = libcsv_only;
	sb_addf(&db, "%s/%d-%d.db", dir, n, libcsv_only);
	s = store_open(sb_str(&db), STORE_CREATE, &err, &why);
	if (s == NULL) {
		sb_addf(out, "open: %s", sb_str(&err));
		goto out;
	}
	store_begin(s);
	if (csv_import(s, path, &o, &t, &err) != CSV_OK)
		sb_addf(out, "error: %s", sb_str(&err));
	else {
		store_commit(s);
		store_each_sample(s, &f, dump, out);
	}
	store_close(s);
out:
	strlist_free(&o.key_cols);
	import_totals_free(&t);
	sb_free(&err);
	sb_free(&db);
}

/*
 * Import path both ways: 1 when they agree (else said, 0); *clean
 * counts the files that imported.
 */
static int
paths_agree(const char *path, const char *round_col, int n, int *clean)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	int same;

	import_one(path, round_col, 0, n, &a);
	import_one(path, round_col, 1, n, &b);
	if (!(same = strcmp(sb_str(&a), sb_str(&b)) == 0))
		printf("# %s differs:\n# fast:   %.300s\n# libcsv: %.300s\n",
		    path, sb_str(&a), sb_str(&b));
	if (strncmp(sb_str(&a), "error", 5) != 0)
		(*clean)++;
	sb_free(&a);
	sb_free(&b);
	return same;
}

static void
test_paths_agree(void)
{
	/* Mostly plain text, with the characters that matter to CSV. */
	static const char alphabet[] = "xxxxyz  \t,,,\n\n\"\r";
	struct strbuf path = STRBUF_INIT;
	FILE *fp;
	int n, i, len, same = 0, fast_ok = 0;

	for (n = 0; n < 300; n++) {
		sb_reset(&path);
		sb_addf(&path, "%s/%d.csv", dir, n);
		fp = fopen(sb_str(&path), "w");
		fputs("a,b,v\n", fp);
		/* Rows "key,key,number": clean files, padded ones, noisy ones. */
		len = 1 + (int)(next_rand() % 40);
		for (i = 0; i < len; i++) {
			static const char *const keys[] = {
				"x", "y", " x", "x ", "\tx", "\"x\"", "\"a,b\"",
				"\"q\"\"q\"", "\"l\nl\"", ""
			};
			int nkeys = n % 3 == 0 ? 2 : 10;

			fprintf(fp, "%s,%s,%lu.%lu%s", keys[next_rand() % nkeys],
			    keys[next_rand() % nkeys], next_rand() % 1000,
			    next_rand() % 100, n % 5 == 4 ? "\r\n" : "\n");
			if (n % 3 == 2 && next_rand() % 8 == 0)
				fputc(alphabet[next_rand() % (sizeof(alphabet) - 1)], fp);
		}
		fclose(fp);
		same += paths_agree(sb_str(&path), NULL, n, &fast_ok);
	}
	CHECK(same == 300);
	/* The test means something only if some files import cleanly. */
	printf("# %d of 300 random files imported cleanly\n", fast_ok);
	CHECK(fast_ok >= 100);
	sb_free(&path);
}

/*
 * Files with a round column (quoted or not, blanks around, empty, not a
 * number, going back): both paths take the same rounds or refuse with
 * the same message.
 */
static void
test_rounds_agree(void)
{
	static const char *const rounds[] = {
		"1", "2", "3", "\"4\"", " 5 ", "\" 6\"", "", "1.5", "007",
		"9007199254740991", "9007199254740992"
	};
	struct strbuf path = STRBUF_INIT;
	FILE *fp;
	int n, i, len, r, same = 0, clean = 0;

	for (n = 0; n < 200; n++) {
		sb_reset(&path);
		sb_addf(&path, "%s/r%d.csv", dir, n);
		fp = fopen(sb_str(&path), "w");
		fputs("a,b,r,v\n", fp);
		len = 1 + (int)(next_rand() % 20);
		/* Half the files: rounds 1, 2, 3 in order, so some import. */
		for (i = 0, r = 1; i < len; i++) {
			if (n % 2 == 0 && r < 3 && next_rand() % 4 == 0)
				r++;
			fprintf(fp, "x,%s,%s,%d%s", next_rand() % 2 ? "y" : "z",
			    n % 2 == 0 ? rounds[r - 1] : rounds[next_rand() %
			    (sizeof(rounds) / sizeof(rounds[0]))], i,
			    n % 3 == 0 ? "\r\n" : "\n");
		}
		fclose(fp);
		same += paths_agree(sb_str(&path), "r", 1000 + n, &clean);
	}
	CHECK(same == 200);
	printf("# %d of 200 files with rounds imported cleanly\n", clean);
	CHECK(clean >= 100);
	sb_free(&path);
}

static void
test_fast_decimal(void)
{
	char buf[64];
	double got, want;
	int i, bad = 0;

	for (i = 0; i < 200000; i++) {
		unsigned long r = next_rand();
		int digits = 1 + (int)(r % 17), dot = (int)((r >> 8) % (digits + 1));
		int k, pos = 0;

		if ((r >> 16) & 1)
			buf[pos++] = '-';
		for (k = 0; k < digits; k++) {
			if (k == dot && k > 0)
				buf[pos++] = '.';
			buf[pos++] = (char)('0' + next_rand() % 10);
		}
		buf[pos] = '\0';
		want = strtod(buf, NULL);
		/* Bit for bit, as meant: -0 is not 0 here. */
		if (parse_double(buf, &got) != 0 ||	/* NOLINTNEXTLINE */
		    memcmp(&got, &want, sizeof(got)) != 0) {
			if (bad++ < 5)
				printf("# %s: got %.17g, strtod %.17g\n", buf, got, want);
		}
	}
	CHECK(bad == 0);
}

/*
 * A file streamed under a server's write lock (regular_only): one that
 * is, or has become, a FIFO or an empty file is refused at once; a
 * FIFO is not waited on (nobody writes to this one).
 */
static void
test_regular_only(void)
{
	struct import_opts o;
	struct import_totals t;
	struct strbuf err = STRBUF_INIT, path = STRBUF_INIT, want = STRBUF_INIT;
	struct store *s;
	FILE *f;

	memset(&o, 0, sizeof(o));
	memset(&t, 0, sizeof(t));
	o.value_col = "v";
	o.regular_only = 1;
	s = store_open_stage(&err);
	CHECK(s != NULL && store_begin(s) == 0);
	sb_addf(&path, "%s/fifo.csv", dir);
	CHECK(mkfifo(sb_str(&path), 0600) == 0);
	CHECK(csv_import(s, sb_str(&path), &o, &t, &err) == CSV_EINPUT);
	sb_addf(&want, "%s: no longer a regular file with data (it changed "
	    "while kbench imported)", sb_str(&path));
	CHECK_STR(sb_str(&err), sb_str(&want));
	sb_reset(&err);
	sb_reset(&path);
	sb_reset(&want);
	sb_addf(&path, "%s/empty.csv", dir);
	f = fopen(sb_str(&path), "w");
	CHECK(f != NULL && fclose(f) == 0);
	CHECK(csv_import(s, sb_str(&path), &o, &t, &err) == CSV_EINPUT);
	sb_addf(&want, "%s: no longer a regular file with data (it changed "
	    "while kbench imported)", sb_str(&path));
	CHECK_STR(sb_str(&err), sb_str(&want));
	store_close(s);
	import_totals_free(&t);
	sb_free(&err);
	sb_free(&path);
	sb_free(&want);
}

int
main(void)
{
	char cmd[300];

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_fast_decimal();
	test_paths_agree();
	test_rounds_agree();
	test_regular_only();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	/* Our own mkdtemp() name: nothing for a shell to misread. */
	if (system(cmd) != 0)	/* NOLINT(cert-env33-c) */
		printf("# could not remove %s\n", dir);
	return check_done();
}
