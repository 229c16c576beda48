/*
 * kbench: statistics and charts for kernel micro-benchmarks.
 *
 * main() parses the global options, finds the command in the table
 * below (git.c's shape), opens the store for the commands that need it,
 * runs the handler, and checks that standard output was really written.
 */
#include <err.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/filter.h"
#include "lib/json.h"
#include "kbench.h"
#include "db/store.h"
#include "lib/signals.h"
#include "lib/stderr_guard.h"
#include "lib/util.h"

/*
 * Command flags.  A reader's database is opened before its handler runs;
 * a writer opens (or creates) it itself with cmd_open_db(), once its
 * input is read and checked: a failed import or merge leaves no empty
 * database behind, and holds no lock while it reads.
 */
#define CMD_DB_READ	0x1	/* opens an existing database */
#define CMD_DB_WRITE	0x2	/* opens or creates it: cmd_open_db() */

struct command {
	const char	*name;
	cmd_fn		*fn;
	const char	*help;		/* synopsis and options */
	const char	*summary;	/* one line for "kbench help" */
	unsigned	 flags;
};

/* Sorted by name; "kbench help" lists them in this order. */
static const struct command commands[] = {
	{ "analyze", cmd_analyze, analyze_help,
	  "statistics per series, or compare a baseline and a new side",
	  CMD_DB_READ },
	{ "collect", cmd_collect, collect_help,
	  "run a benchmark matrix and store every sample", CMD_DB_WRITE },
	{ "export", cmd_export, export_help,
	  "write samples as canonical CSV or as ministat files", CMD_DB_READ },
	{ "facts", cmd_facts, facts_help,
	  "print the facts of this machine that runs record", 0 },
	{ "import", cmd_import, import_help,
	  "read CSV files into the database", CMD_DB_WRITE },
	{ "merge", cmd_merge, merge_help,
	  "bring the runs of other databases into this one", CMD_DB_WRITE },
	{ "ministat", cmd_ministat, ministat_help,
	  "FreeBSD's ministat(1), byte for byte, on plain files", 0 },
	{ "nightly", cmd_nightly, nightly_help,
	  "run a configuration's collections and the trend check, from cron",
	  0 },
	{ "plot", cmd_plot, plot_help,
	  "draw a chart with gnuplot: sleep, lock, compare, dist, trend", CMD_DB_READ },
	{ "report", cmd_report, report_help,
	  "a review-ready Markdown and HTML report of a comparison",
	  CMD_DB_READ },
	{ "runs", cmd_runs, runs_help,
	  "list the runs in the database", CMD_DB_READ },
	{ "site", cmd_site, site_help,
	  "a static dashboard: every series' history, runs, change points",
	  CMD_DB_READ },
	{ "trend", cmd_trend, trend_help,
	  "change points in each series' history, run by run", CMD_DB_READ },
};
#define NCOMMANDS	(sizeof(commands) / sizeof(commands[0]))

static const char usage_text[] =
    "usage: kbench [-d PATH] COMMAND [options] [args]\n"
    "       kbench help [COMMAND]\n"
    "       kbench --version\n";

static void
list_commands(FILE *out)
{
	size_t i;

	fputs(usage_text, out);
	fputs("\nCommands:\n", out);
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(out, "   %-10s %s\n", commands[i].name,
		    commands[i].summary);
	fputs("\nOptions:\n"
	    "   -d, --db PATH   the database (default: $KBENCH_DB, else ./kbench.db);\n"
	    "                   --db may also follow the command\n"
	    "   -h, --help      this list; kbench help COMMAND for one command\n"
	    "   -V, --version   print the version\n"
	    "\nExit status: 0 success, 1 a significant regression "
	    "(--fail-on-regression),\n2 usage or input error, 3 database "
	    "error, 4 system error.  See kbench(1).\n", out);
}

int
exit_status(enum status st)
{
	switch (st) {
	case STATUS_OK:
		return KB_EXIT_OK;
	case STATUS_BAD_INPUT:
		return KB_EXIT_USAGE;
	case STATUS_DB:
		return KB_EXIT_DB;
	case STATUS_INTERRUPTED:
		return 128 + signal_caught;
	case STATUS_SYSTEM:
	case STATUS_NO_GNUPLOT:
		break;
	}
	return KB_EXIT_IO;
}

int
cmd_filter_option(struct filter *f, int ch, const char *arg, const char *cmd,
    const char *help)
{
	struct strbuf err = STRBUF_INIT;
	int rc = filter_option(f, ch, arg, &err);

	if (rc == -1)
		warnx("%s: %s", cmd, sb_str(&err));
	else if (rc == 0)
		fputs(help, stderr);
	sb_free(&err);
	return rc == 1 ? 1 : -1;
}

int
cmd_no_operands(int argc, char **argv, const char *cmd)
{
	if (optind < argc) {
		warnx("%s: unexpected argument '%s'", cmd, argv[optind]);
		return -1;
	}
	return 0;
}

int
cmd_check_filter(struct kbench_ctx *ctx, const struct filter *f, const char *cmd)
{
	struct strbuf msg = STRBUF_INIT;
	int rc = KB_EXIT_OK;

	switch (store_check_filter(ctx->db, f, &msg)) {
	case 1:
		warnx("%s: %s", cmd, sb_str(&msg));
		rc = KB_EXIT_USAGE;
		break;
	case -1:
		warnx("%s: %s", cmd, store_error(ctx->db));
		rc = KB_EXIT_DB;
		break;
	}
	sb_free(&msg);
	return rc;
}

int
cmd_open_db(struct kbench_ctx *ctx, const char *cmd)
{
	struct strbuf err = STRBUF_INIT;
	int why;

	if (ctx->db != NULL)
		return KB_EXIT_OK;
	if ((ctx->db = store_open(ctx->db_path, STORE_CREATE, &err, &why)) ==
	    NULL) {
		warnx("%s: %s", cmd, sb_str(&err));
		sb_free(&err);
		return KB_EXIT_DB;
	}
	return KB_EXIT_OK;
}

struct store *
cmd_read_db(const char *path, struct strbuf *err, int *why)
{
	return store_open(path, STORE_READER, err, why);
}

static const struct command *
find_command(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static int
help(const char *name)
{
	const struct command *cmd;

	if (name == NULL) {
		list_commands(stdout);
		return finish_stdout("kbench") ? KB_EXIT_IO : KB_EXIT_OK;
	}
	if ((cmd = find_command(name)) == NULL) {
		warnx("help: '%s' is not a kbench command (kbench help lists "
		    "them)", name);
		return KB_EXIT_USAGE;
	}
	fputs(cmd->help, stdout);
	return finish_stdout("kbench") ? KB_EXIT_IO : KB_EXIT_OK;
}

/*
 * Take "--db PATH" and "--db=PATH" out of a command's arguments (before
 * any "--"), so the database can be named after the command too.
 */
static int
take_db_option(int *argc, char **argv, const char **db_path)
{
	int i, j, n;

	for (i = 1; i < *argc && strcmp(argv[i], "--") != 0; ) {
		if (strcmp(argv[i], "--db") == 0) {
			if (i + 1 >= *argc) {
				warnx("%s: --db needs a PATH", argv[0]);
				return -1;
			}
			*db_path = argv[i + 1];
			n = 2;
		} else if (strncmp(argv[i], "--db=", 5) == 0) {
			*db_path = argv[i] + 5;
			n = 1;
		} else {
			i++;
			continue;
		}
		for (j = i; j + n <= *argc; j++)
			argv[j] = argv[j + n];
		*argc -= n;
	}
	return 0;
}

/*
 * "kbench CMD --help", "kbench CMD -h", and "kbench collect lock --help",
 * "kbench plot trend --help": --help anywhere before "--" is a request
 * for the command's help, on stdout, exit 0.
 */
static int
wants_help(int argc, char **argv)
{
	int i;

	if (argc >= 2 && strcmp(argv[1], "-h") == 0)
		return 1;
	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--help") == 0)
			return 1;
	return 0;
}

static int
run_command(const struct command *cmd, int argc, char **argv,
    struct kbench_ctx *ctx)
{
	struct strbuf err = STRBUF_INIT;
	int rc, why;

	if (wants_help(argc, argv))
		return help(cmd->name);
	if (take_db_option(&argc, argv, &ctx->db_path) == -1)
		return KB_EXIT_USAGE;
	if (cmd->flags & CMD_DB_READ) {
		ctx->db = cmd_read_db(ctx->db_path, &err, &why);
		if (ctx->db == NULL) {
			warnx("%s: %s", cmd->name, sb_str(&err));
			sb_free(&err);
			return why == STORE_ENOENT ? KB_EXIT_USAGE : KB_EXIT_DB;
		}
	}
	rc = cmd->fn(argc, argv, ctx);
	store_close(ctx->db);
	ctx->db = NULL;
	sb_free(&err);
	if (finish_stdout("kbench") != 0 && rc == KB_EXIT_OK)
		rc = KB_EXIT_IO;
	return rc;
}

/* argv as a JSON array, every word as others may read it. */
/* Is w kbench's global --db, or getopt's abbreviation of it? */
static int
global_db_long(const char *w, const char **value)
{
	const char *eq = strchr(w, '=');
	size_t n = eq != NULL ? (size_t)(eq - w) : strlen(w);

	*value = eq != NULL ? eq + 1 : NULL;
	return n >= 3 && n <= 4 && strncmp(w, "--db", n) == 0;
}

/*
 * Where each word of argv names a database, at[i] the offset of the
 * location in argv[i] (-1: it names none): kbench's -d X, -dX, --db X,
 * --db=X (and --d, --d=X) before the command; --db X, --db=X after it
 * (run_command takes them out); merge's sources.  Only these are made
 * public in the command stored: a label "password=2026" is a label.
 * Returns whether the command names its own database (-d or --db).
 */
static int
db_words(int argc, char **argv, int *at)
{
	const char *v;
	int i, named = 0, merge = 0;

	for (i = 0; i < argc; i++)
		at[i] = -1;
	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "-d") == 0 ||
		    (global_db_long(argv[i], &v) && v == NULL)) {
			if (i + 1 < argc)
				at[++i] = 0;
		} else if (strncmp(argv[i], "-d", 2) == 0)
			at[i] = 2;
		else if (global_db_long(argv[i], &v))
			at[i] = (int)(v - argv[i]);
		named |= at[i] != -1;
	}
	if (i < argc)
		merge = strcmp(argv[i], "merge") == 0;
	for (i++; i < argc; i++) {
		if (strcmp(argv[i], "--db") == 0) {
			if (i + 1 < argc)
				at[++i] = 0;
			named = 1;
		} else if (strncmp(argv[i], "--db=", 5) == 0) {
			at[i] = 5;
			named = 1;
		} else if (merge && argv[i][0] != '-')
			at[i] = 0;	/* a source: not this database */
	}
	return named;
}

/* argv[i] with the location at at (if any) made public. */
static void
word_public(const char *word, int at, struct strbuf *out)
{
	if (at < 0) {
		sb_adds(out, word);
		return;
	}
	sb_add(out, word, (size_t)at);
	store_word_public(word + at, out);
}

/*
 * argv as a JSON array, every word as others may read it.  A server's
 * location taken from KBENCH_DB (a site's report children, a nightly's
 * collections get it so, never in argv), when the command names no
 * database itself, is said as "-d PUBLIC" after "kbench": a Reproduce
 * line then says where the runs are, and no password.
 */
static void
command_public(struct strbuf *out, int argc, char **argv)
{
	struct strbuf *words = xcalloc((size_t)argc + 1, sizeof(*words));
	const char **shown = xcalloc((size_t)argc + 3, sizeof(*shown));
	int *at = xcalloc((size_t)argc + 1, sizeof(*at));
	const char *env = getenv("KBENCH_DB");
	struct strbuf envsb = STRBUF_INIT;
	int i, n = 0, named = db_words(argc, argv, at);

	for (i = 0; i < argc; i++) {
		word_public(argv[i], at[i], &words[i]);
		shown[n++] = sb_str(&words[i]);
		if (i == 0 && !named && env != NULL &&
		    store_location_is_server(env)) {
			store_word_public(env, &envsb);
			shown[n++] = "-d";
			shown[n++] = sb_str(&envsb);
		}
	}
	json_argv(out, n, (char *const *)shown);
	for (i = 0; i < argc; i++)
		sb_free(&words[i]);
	sb_free(&envsb);
	free(words);
	free(shown);
	free(at);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db",		required_argument, NULL, 'd' },
		{ "help",	no_argument,	   NULL, 'h' },
		{ "version",	no_argument,	   NULL, 'V' },
		{ NULL,		0,		   NULL, 0 }
	};
	struct kbench_ctx ctx;
	struct strbuf cmdline = STRBUF_INIT;
	const struct command *cmd;
	char *argv0;
	int ch, rc;

	/*
	 * Past a file size limit (ulimit -f), write(2) fails with EFBIG and
	 * SQLite reports it like any I/O error, rolling back; the default
	 * SIGXFSZ would kill us mid-transaction and say nothing.
	 */
	signal(SIGXFSZ, SIG_IGN);
	stderr_guard();
	memset(&ctx, 0, sizeof(ctx));
	ctx.progname = "kbench";
	ctx.argv0 = argv[0];
	/*
	 * As the run table keeps it: argv, as a JSON array (json.h), with no
	 * password of a database server's location in it.
	 */
	argv0 = argv[0];
	argv[0] = (char *)"kbench";
	command_public(&cmdline, argc, argv);
	argv[0] = argv0;
	ctx.cmdline = sb_str(&cmdline);
	ctx.db_path = getenv("KBENCH_DB");
	if (ctx.db_path == NULL || *ctx.db_path == '\0')
		ctx.db_path = "kbench.db";

	/* "+": stop at the command name; its options are its own. */
	while ((ch = getopt_long(argc, argv, "+d:hV", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			ctx.db_path = optarg;
			break;
		case 'h':
			rc = help(NULL);
			goto out;
		case 'V':
			printf("kbench %s\n", KBENCH_VERSION);
			rc = finish_stdout("kbench") ? KB_EXIT_IO : KB_EXIT_OK;
			goto out;
		default:
			fputs(usage_text, stderr);
			rc = KB_EXIT_USAGE;
			goto out;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		fputs(usage_text, stderr);
		fputs("(kbench help lists the commands)\n", stderr);
		rc = KB_EXIT_USAGE;
	} else if (strcmp(argv[0], "help") == 0)
		rc = help(argc > 1 ? argv[1] : NULL);
	else if ((cmd = find_command(argv[0])) == NULL) {
		warnx("'%s' is not a kbench command (kbench help lists them)",
		    argv[0]);
		rc = KB_EXIT_USAGE;
	} else
		rc = run_command(cmd, argc, argv, &ctx);
out:
	sb_free(&cmdline);
	return rc;
}
