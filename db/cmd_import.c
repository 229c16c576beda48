/*
 * cmd_import.c: kbench import: CSV files into the database, all of them
 * or nothing, so a bad file leaves the database as it was.
 *
 * The files are read into a staging database first (store_open_stage()),
 * then copied into the real one in one short transaction: a slow input
 * (a pipe, a network file system) never holds the write lock, so the
 * collectors sharing the database do not wait on it.  Into a server,
 * regular files stream straight in (import_streams() says why).
 */
#include <sys/stat.h>

#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/csvio.h"
#include "kbench.h"

const char import_help[] =
    "usage: kbench import [-q] FILE...\n"
    "       kbench import --value COL [--key COL]... [--run-by COL]...\n"
    "                     [--round-by COL] [-b BENCH] [-l LABEL] [--unit U]\n"
    "                     [--better lower|higher] [--meta K=V]... [-q] FILE...\n"
    "\n"
    "Reads CSV files (\"-\" is standard input) into the database.  Without\n"
    "--value the files must be kbench's canonical CSV, as kbench export\n"
    "writes it (its round column, if any, gives each sample's round).  With\n"
    "--value, any CSV with a header line:\n"
    "   --value COL      the column holding the sample value (a number)\n"
    "   --key COL        a column identifying the series (repeatable)\n"
    "   --run-by COL     rows with distinct values here become separate runs,\n"
    "                    and the value a run fact; a column named 'label'\n"
    "                    gives the run's label (repeatable)\n"
    "   --round-by COL   the column holding each sample's round, the\n"
    "                    invocation of the benchmark that made it: a whole\n"
    "                    number from 0 to 2^53-1 on every row (default: no\n"
    "                    rounds, each sample its own unit)\n"
    "   -b, --benchmark BENCH   the benchmark name (default: import)\n"
    "   -l, --label LABEL       the label of every run (default: the file's name)\n"
    "   --unit U         the unit of the values (e.g. us, ns)\n"
    "   --better lower|higher   which way is better (default: lower)\n"
    "   --meta K=V       a fact of every run created (repeatable)\n"
    "   -q, --quiet      no summary on standard error\n"
    "\n"
    "Rounds, either form: a run's samples all have one or none has; in a\n"
    "series, in file order, a round once left never comes back (1,1,2,2,3,\n"
    "not 1,2,1), and a later round's seqs are above an earlier round's.\n"
    "\n"
    "Nothing is stored unless every file imports cleanly: they are read into a\n"
    "staging database in $TMPDIR first, then copied in one short transaction\n"
    "(into a PostgreSQL server, files stream in one transaction; standard\n"
    "input is staged).\n"
    "Example:\n"
    "   kbench import -b sleep --run-by label --run-by hz --key method \\\n"
    "       --key usec --value measured_us examples/calloutng-rpi.csv\n";

enum {
	OPT_VALUE = 256, OPT_KEY, OPT_RUNBY, OPT_ROUNDBY, OPT_UNIT, OPT_BETTER,
	OPT_META
};

/*
 * The --round-by column is the rounds and nothing else: a value that is
 * its own round, or a round that splits runs or series, is a mistake.
 * -1 (said) when another option names it.
 */
static int
round_col_taken(const struct import_opts *o)
{
	const char *r = o->round_col, *what = NULL;
	size_t i;

	if (r == NULL)
		return 0;
	if (o->value_col != NULL && strcmp(r, o->value_col) == 0)
		what = "the --value column";
	for (i = 0; i < o->key_cols.n && what == NULL; i++)
		if (strcmp(r, o->key_cols.v[i]) == 0)
			what = "a --key column";
	for (i = 0; i < o->runby_cols.n && what == NULL; i++)
		if (strcmp(r, o->runby_cols.v[i]) == 0)
			what = "a --run-by column";
	if (what == NULL)
		return 0;
	warnx("import: --round-by %s is %s too: the column of the rounds "
	    "holds nothing else", r, what);
	return -1;
}

/* The exit status of a csv_import() failure, said ("nothing imported"). */
static int
import_failed(enum csv_status st, const struct strbuf *err)
{
	warnx("import: %s; nothing imported", sb_str(err));
	return st == CSV_EINPUT ? KB_EXIT_USAGE :
	    st == CSV_EDB ? KB_EXIT_DB : KB_EXIT_IO;
}

/*
 * Straight into the database, or staged first?  Into a server, files
 * stream in one transaction: the server inserts while kbench parses,
 * and parsing a file is no slower than copying a stage, so the write
 * lock is held no longer.  Only regular files with data (not /proc's,
 * which may block), and only into a server that opens (a database
 * without kbench's tables gets them inside the import's transaction: a
 * failed import makes none); else staged, as every input into a SQLite
 * file is, so that a bad file is said before a server's trouble and the
 * lock waits for nobody's slow input.  Not
 * into SQLite, though streaming there is faster too (1.5 x): its lock
 * is the whole file's, held while kbench parses, and an import stopped
 * (^Z) or starved made the collectors that share a lab's file fail
 * after their 60 s wait (issue 30's attacker).  Yes:
 * ctx->db is open.  No, the server tried: why it would not open is kept
 * in open_err, said once the input is read (not a second connection,
 * which a host that is down would make the user wait for twice).
 */
static int
import_streams(struct kbench_ctx *ctx, int argc, char **argv,
    struct strbuf *open_err)
{
	struct stat sb;
	int i, why;

	if (!store_location_is_server(ctx->db_path))
		return 0;
	for (i = 0; i < argc; i++)
		if (strcmp(argv[i], "-") == 0 || stat(argv[i], &sb) == -1 ||
		    !S_ISREG(sb.st_mode) || sb.st_size == 0)
			return 0;
	/* A database without kbench's tables: made inside the import's
	 * transaction, so that a failed import makes none. */
	ctx->db = store_open(ctx->db_path, STORE_CREATE_IN_WRITE, open_err,
	    &why);
	return ctx->db != NULL;
}

/* The files into the database, in one transaction. */
static int
import_streamed(struct kbench_ctx *ctx, int argc, char **argv,
    const struct import_opts *o, struct import_totals *t)
{
	struct strbuf err = STRBUF_INIT;
	enum csv_status st = CSV_OK;
	int i, rc;

	if ((rc = cmd_open_db(ctx, "import")) != KB_EXIT_OK)
		return rc;
	if (store_begin(ctx->db) == -1) {
		warnx("import: %s; nothing imported", store_error(ctx->db));
		return KB_EXIT_DB;
	}
	for (i = 0; i < argc && st == CSV_OK; i++)
		st = csv_import(ctx->db, argv[i], o, t, &err);
	if (st == CSV_OK && store_commit(ctx->db) == -1) {
		sb_adds(&err, store_error(ctx->db));
		st = CSV_EDB;
	}
	rc = KB_EXIT_OK;
	if (st != CSV_OK) {
		store_rollback(ctx->db);
		rc = import_failed(st, &err);
	}
	sb_free(&err);
	return rc;
}

/*
 * The files into a stage, then the stage copied into the database in
 * one short transaction (a run there already stops it).
 */
static int
import_staged(struct kbench_ctx *ctx, int argc, char **argv,
    const struct import_opts *o, struct import_totals *t,
    const struct strbuf *open_err)
{
	struct strbuf err = STRBUF_INIT;
	struct stage_dup dup;
	struct store *stage;
	enum csv_status st = CSV_OK;
	int i, rc = KB_EXIT_OK;

	if ((stage = store_open_stage(&err)) == NULL ||
	    store_begin(stage) == -1) {
		warnx("import: %s", stage != NULL ? store_error(stage) :
		    sb_str(&err));
		rc = KB_EXIT_IO;
		goto out;
	}
	for (i = 0; i < argc && st == CSV_OK; i++)
		st = csv_import(stage, argv[i], o, t, &err);
	if (st == CSV_OK && store_commit(stage) == -1) {
		sb_adds(&err, store_error(stage));
		st = CSV_ESYS;
	}
	if (st != CSV_OK) {
		rc = import_failed(st, &err);
		goto out;
	}
	/* All read and checked: now the database, created if need be. */
	if (open_err->len > 0) {
		warnx("import: %s", sb_str(open_err));	/* as cmd_open_db */
		rc = KB_EXIT_DB;
		goto out;
	}
	if ((rc = cmd_open_db(ctx, "import")) != KB_EXIT_OK)
		goto out;
	switch (store_stage_copy(stage, ctx->db, &dup)) {
	case 1:
		warnx("import: %s: run %s is in the database already (id "
		    "%lld); nothing imported", dup.stage_id > 0 &&
		    (size_t)dup.stage_id <= t->origins.n ?
		    t->origins.v[dup.stage_id - 1] : "?", dup.uuid,
		    (long long)dup.id);
		free(dup.uuid);
		rc = KB_EXIT_USAGE;
		break;
	case -1:
		warnx("import: %s; nothing imported", store_error(stage));
		rc = KB_EXIT_DB;
		break;
	}
out:
	store_close(stage);
	sb_free(&err);
	return rc;
}

/* The options into o (the words of import's --help): 0, or -1 said. */
static int
parse_options(int argc, char **argv, struct import_opts *o, int *quiet)
{
	static const struct option longopts[] = {
		{ "benchmark",	required_argument, NULL, 'b' },
		{ "better",	required_argument, NULL, OPT_BETTER },
		{ "key",	required_argument, NULL, OPT_KEY },
		{ "label",	required_argument, NULL, 'l' },
		{ "meta",	required_argument, NULL, OPT_META },
		{ "quiet",	no_argument,	   NULL, 'q' },
		{ "round-by",	required_argument, NULL, OPT_ROUNDBY },
		{ "run-by",	required_argument, NULL, OPT_RUNBY },
		{ "unit",	required_argument, NULL, OPT_UNIT },
		{ "value",	required_argument, NULL, OPT_VALUE },
		{ NULL,		0,		   NULL, 0 }
	};
	int ch, nroundby = 0;

	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:l:q", longopts, NULL)) != -1) {
		switch (ch) {
		case 'b':
			o->benchmark = optarg;
			break;
		case 'l':
			o->label = optarg;
			break;
		case 'q':
			*quiet = 1;
			break;
		case OPT_BETTER:
			if (strcmp(optarg, "lower") != 0 &&
			    strcmp(optarg, "higher") != 0) {
				warnx("import: --better '%s': expected lower or "
				    "higher", optarg);
				return -1;
			}
			o->better = optarg;
			break;
		case OPT_KEY:
			strlist_add(&o->key_cols, optarg);
			break;
		case OPT_META:
			if (kv_parse(&o->meta, optarg) == -1) {
				warnx("import: --meta '%s': expected KEY=VALUE",
				    optarg);
				return -1;
			}
			break;
		case OPT_ROUNDBY:
			/* Counted: comparing round_col to NULL would tell the
			 * analyzer optarg may be NULL. */
			if (nroundby++ > 0) {
				warnx("import: --round-by given twice: a sample "
				    "has one round");
				return -1;
			}
			o->round_col = optarg;
			break;
		case OPT_RUNBY:
			strlist_add(&o->runby_cols, optarg);
			break;
		case OPT_UNIT:
			o->unit = optarg;
			break;
		case OPT_VALUE:
			o->value_col = optarg;
			break;
		default:
			fputs(import_help, stderr);
			return -1;
		}
	}
	return 0;
}

/*
 * The options that go together, and the texts they store (what the
 * command line stores must read back from an export): 0, or -1 said.
 */
static int
check_options(const struct import_opts *o, int nfiles, struct strbuf *err)
{
	size_t j;

	if (nfiles == 0) {
		warnx("import: no FILE given (\"-\" reads standard input)");
		return -1;
	}
	if (o->value_col == NULL && o->round_col != NULL) {
		warnx("import: --round-by needs --value COL: a canonical file "
		    "(no --value) carries its own round column");
		return -1;
	}
	if (round_col_taken(o) == -1)
		return -1;
	if (o->value_col == NULL && (o->key_cols.n || o->runby_cols.n ||
	    o->benchmark || o->label || o->unit || o->better || o->meta.n)) {
		warnx("import: --key, --run-by, -b, -l, --unit, --better and "
		    "--meta describe other people's CSV: they need --value COL");
		return -1;
	}
	if ((o->label != NULL && store_label_check(o->label, err) == -1) ||
	    (o->benchmark != NULL && store_text_check("-b", o->benchmark,
	    err) == -1) ||
	    (o->unit != NULL && store_text_check("--unit", o->unit, err) == -1))
		goto bad;
	for (j = 0; j < o->meta.n; j++)
		if (store_text_check("--meta", o->meta.v[j].key, err) == -1 ||
		    store_text_check("--meta", o->meta.v[j].value, err) == -1)
			goto bad;
	for (j = 0; j < o->runby_cols.n; j++)
		if (strcmp(o->runby_cols.v[j], "label") == 0 && o->label != NULL) {
			warnx("import: -l and --run-by label both set the "
			    "label: choose one");
			return -1;
		}
	return 0;
bad:
	warnx("import: %s", sb_str(err));
	return -1;
}

int
cmd_import(int argc, char **argv, struct kbench_ctx *ctx)
{
	struct import_opts o;
	struct import_totals t;
	struct strbuf err = STRBUF_INIT;
	int quiet = 0, rc = KB_EXIT_USAGE;

	memset(&o, 0, sizeof(o));
	memset(&t, 0, sizeof(t));
	if (parse_options(argc, argv, &o, &quiet) == -1)
		goto out;
	argc -= optind;
	argv += optind;
	if (check_options(&o, argc, &err) == -1)
		goto out;
	o.command = ctx->cmdline;
	o.regular_only = import_streams(ctx, argc, argv, &err);
	rc = o.regular_only ? import_streamed(ctx, argc, argv, &o, &t) :
	    import_staged(ctx, argc, argv, &o, &t, &err);
	if (rc == KB_EXIT_OK && !quiet)
		fprintf(stderr, "kbench import: %lld samples in %lld runs "
		    "into %s\n", (long long)t.samples, (long long)t.runs,
		    store_location_public(ctx->db));
out:
	import_totals_free(&t);
	strlist_free(&o.key_cols);
	strlist_free(&o.runby_cols);
	kv_clear(&o.meta);
	sb_free(&err);
	return rc;
}
