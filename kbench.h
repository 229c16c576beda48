/*
 * kbench.h: what every command handler needs: exit codes (and the
 * mapping of a status to one), the context the dispatcher hands over,
 * and the handlers of the command table.
 */
#ifndef KBENCH_H
#define KBENCH_H

#include "kbench_exit.h"
#include "lib/status.h"

/*
 * The exit status of a mid layer's status: the one place that maps
 * them (STATUS_INTERRUPTED: 128 + the signal, as a shell says).
 */
int	exit_status(enum status st);

struct store;

struct kbench_ctx {
	const char	*progname;	/* "kbench" */
	const char	*db_path;	/* -d / $KBENCH_DB / ./kbench.db */
	const char	*argv0;		/* how kbench was run: finds its tools */
	const char	*cmdline;	/* the command line as the run table keeps
					   it: argv, a JSON array (json.h) */
	struct store	*db;		/* open when the command has CMD_NEED_DB */
};

/*
 * Open the database for writing, creating it when missing, for a command
 * of flag CMD_DB_WRITE (the dispatcher leaves it to the handler, to call
 * once its input is checked): KB_EXIT_OK, or the exit status after
 * saying why ("CMD: PATH: ...").
 */
int	cmd_open_db(struct kbench_ctx *ctx, const char *cmd);

struct strbuf;
/*
 * Open a database to read, as a command of flag CMD_DB_READ has it
 * opened: read-write (migrated when older) where this process may write
 * it and its directory, else read-only.  NULL with err and *why set, as
 * store_open() leaves them.
 */
struct store	*cmd_read_db(const char *path, struct strbuf *err, int *why);

struct filter;
/*
 * Check that what a command's filter names exists: KB_EXIT_OK, or the
 * exit status after saying why ("CMD: no run has the label 'x'").
 */
int	cmd_check_filter(struct kbench_ctx *ctx, const struct filter *f,
	    const char *cmd);
/*
 * The last case of a command's option loop: a filter option (1), or,
 * said on stderr, a bad filter value or an unknown option (the usage,
 * help, then -1).
 */
int	cmd_filter_option(struct filter *f, int ch, const char *arg,
	    const char *cmd, const char *help);
/*
 * After a command's option loop: 0 when no operand is left in argv, else
 * -1, said ("CMD: unexpected argument 'x'").
 */
int	cmd_no_operands(int argc, char **argv, const char *cmd);

/* One command: argv[0] is the command's name; returns an exit status. */
typedef int cmd_fn(int argc, char **argv, struct kbench_ctx *ctx);

cmd_fn	cmd_analyze;
cmd_fn	cmd_collect;
cmd_fn	cmd_export;
cmd_fn	cmd_facts;
cmd_fn	cmd_import;
cmd_fn	cmd_merge;
cmd_fn	cmd_ministat;
cmd_fn	cmd_nightly;
cmd_fn	cmd_plot;
cmd_fn	cmd_report;
cmd_fn	cmd_runs;
cmd_fn	cmd_site;
cmd_fn	cmd_trend;

/* Each command's help: its synopsis and options, as kbench(1) has them. */
extern const char analyze_help[];
extern const char collect_help[];
extern const char export_help[];
extern const char facts_help[];
extern const char import_help[];
extern const char merge_help[];
extern const char ministat_help[];
extern const char nightly_help[];
extern const char plot_help[];
extern const char report_help[];
extern const char runs_help[];
extern const char site_help[];
extern const char trend_help[];
/* kbench trend's options, parsed as it would (a nightly's trend line):
   0, or -1 with the reason said. */
int	trend_args_check(int argc, char **argv);

#endif
