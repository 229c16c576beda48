/*
 * cmd_import.c: kbench import: CSV files into the database, all of them
 * in one transaction, so a bad file leaves the database as it was.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "csvio.h"
#include "kbench.h"

const char import_help[] =
    "usage: kbench import [-q] FILE...\n"
    "       kbench import --value COL [--key COL]... [--run-by COL]...\n"
    "                     [-b BENCH] [-l LABEL] [--unit U] [--better lower|higher]\n"
    "                     [--meta K=V]... [-q] FILE...\n"
    "\n"
    "Reads CSV files (\"-\" is standard input) into the database.  Without\n"
    "--value the files must be kbench's canonical CSV, as kbench export\n"
    "writes it.  With --value, any CSV with a header line:\n"
    "   --value COL      the column holding the sample value (a number)\n"
    "   --key COL        a column identifying the series (repeatable)\n"
    "   --run-by COL     rows with distinct values here become separate runs,\n"
    "                    and the value a run fact; a column named 'label'\n"
    "                    gives the run's label (repeatable)\n"
    "   -b, --benchmark BENCH   the benchmark name (default: import)\n"
    "   -l, --label LABEL       the label of every run (default: the file's name)\n"
    "   --unit U         the unit of the values (e.g. us, ns)\n"
    "   --better lower|higher   which way is better (default: lower)\n"
    "   --meta K=V       a fact of every run created (repeatable)\n"
    "   -q, --quiet      no summary on standard error\n"
    "\n"
    "Nothing is stored unless every file imports cleanly.  Example:\n"
    "   kbench import -b sleep --run-by label --run-by hz --key method \\\n"
    "       --key requested_us --value measured_us examples/calloutng-rpi.csv\n";

enum { OPT_VALUE = 256, OPT_KEY, OPT_RUNBY, OPT_UNIT, OPT_BETTER, OPT_META };

int
cmd_import(int argc, char **argv, struct kbench_ctx *ctx)
{
	static const struct option longopts[] = {
		{ "benchmark",	required_argument, NULL, 'b' },
		{ "better",	required_argument, NULL, OPT_BETTER },
		{ "key",	required_argument, NULL, OPT_KEY },
		{ "label",	required_argument, NULL, 'l' },
		{ "meta",	required_argument, NULL, OPT_META },
		{ "quiet",	no_argument,	   NULL, 'q' },
		{ "run-by",	required_argument, NULL, OPT_RUNBY },
		{ "unit",	required_argument, NULL, OPT_UNIT },
		{ "value",	required_argument, NULL, OPT_VALUE },
		{ NULL,		0,		   NULL, 0 }
	};
	struct import_opts o;
	struct import_totals t;
	struct strbuf err = STRBUF_INIT;
	enum csv_status st = CSV_OK;
	int ch, i, quiet = 0, rc = KB_EXIT_USAGE;
	size_t j;

	memset(&o, 0, sizeof(o));
	memset(&t, 0, sizeof(t));
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:l:q", longopts, NULL)) != -1) {
		switch (ch) {
		case 'b':
			o.benchmark = optarg;
			break;
		case 'l':
			o.label = optarg;
			break;
		case 'q':
			quiet = 1;
			break;
		case OPT_BETTER:
			if (strcmp(optarg, "lower") != 0 &&
			    strcmp(optarg, "higher") != 0) {
				warnx("import: --better '%s': expected lower or "
				    "higher", optarg);
				goto out;
			}
			o.better = optarg;
			break;
		case OPT_KEY:
			strlist_add(&o.key_cols, optarg);
			break;
		case OPT_META:
			if (kv_parse(&o.meta, optarg) == -1) {
				warnx("import: --meta '%s': expected KEY=VALUE",
				    optarg);
				goto out;
			}
			break;
		case OPT_RUNBY:
			strlist_add(&o.runby_cols, optarg);
			break;
		case OPT_UNIT:
			o.unit = optarg;
			break;
		case OPT_VALUE:
			o.value_col = optarg;
			break;
		default:
			fputs(import_help, stderr);
			goto out;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		warnx("import: no FILE given (\"-\" reads standard input)");
		goto out;
	}
	if (o.value_col == NULL && (o.key_cols.n || o.runby_cols.n ||
	    o.benchmark || o.label || o.unit || o.better || o.meta.n)) {
		warnx("import: --key, --run-by, -b, -l, --unit, --better and "
		    "--meta describe other people's CSV: they need --value COL");
		goto out;
	}
	for (j = 0; j < o.runby_cols.n; j++)
		if (strcmp(o.runby_cols.v[j], "label") == 0 && o.label != NULL) {
			warnx("import: -l and --run-by label both set the "
			    "label: choose one");
			goto out;
		}
	o.command = ctx->cmdline;

	if (store_begin(ctx->db) == -1) {
		warnx("import: %s", store_error(ctx->db));
		rc = KB_EXIT_DB;
		goto out;
	}
	for (i = 0; i < argc && st == CSV_OK; i++)
		st = csv_import(ctx->db, argv[i], &o, &t, &err);
	if (st == CSV_OK && store_commit(ctx->db) == -1) {
		sb_adds(&err, store_error(ctx->db));
		st = CSV_EDB;
	}
	if (st != CSV_OK) {
		store_rollback(ctx->db);
		warnx("import: %s; nothing imported", sb_str(&err));
		rc = st == CSV_EINPUT ? KB_EXIT_USAGE :
		    st == CSV_EDB ? KB_EXIT_DB : KB_EXIT_IO;
		goto out;
	}
	if (!quiet)
		fprintf(stderr, "kbench import: %lld samples in %lld runs "
		    "into %s\n", (long long)t.samples, (long long)t.runs,
		    store_path(ctx->db));
	rc = KB_EXIT_OK;
out:
	strlist_free(&o.key_cols);
	strlist_free(&o.runby_cols);
	kv_clear(&o.meta);
	sb_free(&err);
	return rc;
}
