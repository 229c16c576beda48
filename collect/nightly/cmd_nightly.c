/*
 * cmd_nightly.c: kbench nightly: run the collections of a configuration
 * file (nightly.h) under one label, then check the trend, for cron or a
 * systemd timer.
 *
 * Each collection and the trend check run as child processes (kbench
 * collect, kbench trend), so one that crashes or hangs loses nothing of
 * the others: every collection commits its rounds as it goes, and the
 * next one starts anyway.  Two flock(2) locks (nightly_lock.c), of the
 * lock file and of the database itself under any name, keep two
 * nightlies from overlapping; they are close-on-exec (a fact command
 * that leaves a background process behind must not keep them), the
 * nightly holds them while it waits for its children, and the kernel
 * drops them however it ends (no stale lock to clean up after a
 * crash).  Each invocation
 * is logged in the database (the nightly table: --list shows it), the
 * one locked out by another too, and one whose configuration is refused
 * when its database is there.  Two nights of one day get distinct
 * labels: the pattern's, then LABEL.2, LABEL.3... chosen under the lock.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/benchmark.h"
#include "collect/collect.h"
#include "collect/collector.h"
#include "kbench.h"
#include "collect/nightly/nightly.h"
#include "db/store.h"
#include "lib/table.h"
#include "collect/tools.h"
#include "lib/procid.h"
#include "lib/procs.h"
#include "lib/signals.h"

const char nightly_help[] =
    "usage: kbench nightly [-f CONF] [--fail-on-regression] [-n] [-q]\n"
    "       kbench [-d DB] nightly --list [-f CONF]\n"
    "\n"
    "Runs the collections of the configuration file CONF (default ./kbench.conf)\n"
    "under one label (by default nightly-YYYY-MM-DD, local time; a second night\n"
    "of the same day gets nightly-YYYY-MM-DD.2, then .3...), each run with the\n"
    "fact nightly=NAME and the file's facts, then the trend check: kbench trend\n"
    "--where nightly=NAME with the file's trend options.  A lock keeps two\n"
    "nightlies of the same database (on a PostgreSQL server: of the same NAME)\n"
    "from overlapping: a second one exits at once, status 75, saying who holds\n"
    "it.  A collection that fails does not stop the others.  Every invocation\n"
    "is logged in the database, the one locked out too, and one refused for\n"
    "its configuration.\n"
    "   -f, --config CONF      the configuration (see kbench(1), NIGHTLY)\n"
    "   --fail-on-regression   exit 1 when the trend check finds a regression\n"
    "   -n, --dry-run          check CONF and print what would run, run nothing\n"
    "                          but its fact commands (a bad fact is told now)\n"
    "   -q, --quiet            for cron: nothing on standard output when all\n"
    "                          went well; a report of each regression the night\n"
    "                          confirmed (kbench trend --new-regressions: held\n"
    "                          on --confirm 2 more nights), once;\n"
    "                          errors on standard error\n"
    "   --list                 the log of past nightlies: of CONF's database\n"
    "                          with -f, else of kbench's (-d, $KBENCH_DB); dead:\n"
    "                          running, but its process is gone from this host;\n"
    "                          collected: the collections that succeeded of all;\n"
    "                          trend: the trend check's result (ok, regression,\n"
    "                          exit N: it failed; -: not run)\n"
    "The file is checked before anything runs, a dry run too: its collect lines\n"
    "by kbench collect's own parser; one that others may write is refused.\n"
    "Exit status: 0 all went well; 1 a regression (with --fail-on-regression);\n"
    "2 a bad configuration; 3 database error; 4 a collection, the trend check\n"
    "or the site failed; 75 another nightly holds the lock (EX_TEMPFAIL: try again later);\n"
    "130/143 interrupted.\n";

/* A fact command that runs longer than this is killed and left out. */
#define FACT_TIMEOUT_S	60
/*
 * The longest fact a fact command may print: a longer first line is
 * left out, not cut (a cut value is a wrong one, and may split a
 * UTF-8 character).
 */
#define FACT_MAX	4096

enum { OPT_FAIL = 300, OPT_LIST };

/* Local time now, as "HH:MM:SS", for the progress lines. */
static const char *
clock_now(char *buf, size_t size)
{
	time_t t = time(NULL);
	struct tm tm;

	strftime(buf, size, "%H:%M:%S", localtime_r(&t, &tm));
	return buf;
}

/* What a quiet child printed, now that it failed: to our stdout. */
static void
copy_out(FILE *f)
{
	char buf[BUFSIZ];
	size_t n;

	rewind(f);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, stdout);
	fflush(stdout);
}

/*
 * Run argv with our stdout (or, quiet, a temporary file: shown only when
 * it fails, with a status above ok_max) and our stderr, passing our
 * signals on; its exit status as a shell reports it (128 + signal when
 * killed), or -1 when it could not be started.
 */
static int
run_child(char *const *argv, int quiet, int ok_max)
{
	struct spawn sp;
	FILE *out = NULL;
	int status;

	if (quiet && (out = tmpfile()) == NULL)
		return -1;
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	/* Our group: kbench collect, on our terminal, ends its own. */
	sp.flags = SPAWN_SIGDFL | SPAWN_OUR_GROUP;
	sp.exec_fail = "kbench: nightly: ";
	if (out != NULL) {
		sp.out_to = SPAWN_FD;
		sp.out_fd = fileno(out);
	}
	if (spawn_start(&sp) == -1) {
		if (out != NULL)
			fclose(out);
		return -1;
	}
	signals_forward(sp.pid);
	if (signal_caught)	/* it came before the child was named */
		kill(sp.pid, signal_caught);
	status = status_code(spawn_wait(&sp, 0));
	signals_forward(0);
	if (out != NULL) {
		if (status < 0 || status > ok_max)
			copy_out(out);
		fclose(out);
	}
	return status;
}

/*
 * A fact command's output, its first FACT_MAX + 1 bytes: enough to
 * tell a first line that is too long; the rest is read and dropped.
 */
static int
take_fact(void *arg, int is_err, const char *buf, size_t n)
{
	struct strbuf *out = arg;

	(void)is_err;
	if (out->len <= FACT_MAX)
		sb_add(out, buf, n < FACT_MAX + 1 - out->len ? n :
		    FACT_MAX + 1 - out->len);
	return 0;
}

/*
 * Run a fact command (sh -c, in the configuration's directory dir) and
 * take the first line of its output; 0, or -1 with why set (it failed,
 * printed nothing, hung, or printed what kbench collect would refuse:
 * a line over FACT_MAX bytes, or not UTF-8).
 */
static int
fact_command(const char *cmd, const char *dir, struct strbuf *out,
    struct strbuf *why)
{
	char *argv[] = { (char *)"/bin/sh", (char *)"-c", (char *)cmd, NULL };
	struct spawn sp;
	enum spawn_end end;
	int status;
	size_t len;

	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.dir = dir;
	sp.out_to = SPAWN_PIPE;
	if (spawn_start(&sp) == -1) {
		sb_addf(why, "cannot run /bin/sh: %s", strerror(errno));
		return -1;
	}
	end = spawn_drain(&sp, FACT_TIMEOUT_S, &signal_caught, take_fact, out);
	status = spawn_wait(&sp, end == SPAWN_ENDED ? 0 : SIGKILL);
	if (end == SPAWN_TIMED_OUT) {
		sb_addf(why, "still running after %d s: killed", FACT_TIMEOUT_S);
		return -1;
	}
	if (end == SPAWN_STOPPED) {
		sb_adds(why, "interrupted: killed");
		return -1;
	}
	if (status == -1 || WIFSIGNALED(status)) {
		sb_addf(why, "killed by signal %d",
		    status == -1 ? 0 : WTERMSIG(status));
		return -1;
	}
	if (WEXITSTATUS(status) != 0) {
		sb_addf(why, "exit status %d", WEXITSTATUS(status));
		return -1;
	}
	/* The first line, trimmed. */
	if (out->len == 0) {
		sb_adds(why, "printed nothing");
		return -1;
	}
	for (len = 0; len < out->len && out->buf[len] != '\r' &&
	    out->buf[len] != '\n'; len++)
		;
	if (len > FACT_MAX) {
		sb_addf(why, "its first line is over %d bytes", FACT_MAX);
		return -1;
	}
	/* Not cut at it: text holds no NUL, as invalid UTF-8 is refused. */
	if (memchr(out->buf, '\0', len) != NULL) {
		sb_adds(why, "printed a NUL byte");
		return -1;
	}
	while (len > 0 && (sb_str(out)[len - 1] == ' ' ||
	    sb_str(out)[len - 1] == '\t'))
		len--;
	out->buf[len] = '\0';
	out->len = len;
	if (len == 0) {
		sb_adds(why, "printed nothing");
		return -1;
	}
	return store_text_check("printed", sb_str(out), why);
}

/* The nightly being carried out. */
struct nightly {
	struct nightly_conf	 conf;
	const char		*db;		/* the database path */
	char			*db_shown;	/* as said: no password */
	int			 server;	/* db is a server's */
	char			*lock;		/* the lock file path, or NULL */
	char			 base[256];	/* the label pattern, expanded */
	char			 label[272];	/* base, or base.SEQ */
	char			 self[PATH_MAX];	/* kbench itself */
	struct strlist		 metas;		/* "--meta", "K=V", ... */
	int			 fail_on_regression, dry_run, quiet;
};

/* The most nights of one label pattern: base, then base.2 to base.999. */
#define LABEL_SEQ_MAX	999

/*
 * A line of progress: on stdout, unless quiet.  A line that reports a
 * failure goes to stderr when quiet (cron mails it), else to stdout
 * with the rest, in order.
 */
static void
say(const struct nightly *n, int failure, const char *fmt, ...)
{
	va_list ap;
	FILE *out = stdout;

	if (n->quiet) {
		if (!failure)
			return;
		out = stderr;
	}
	va_start(ap, fmt);
	fputs("kbench nightly: ", out);
	vfprintf(out, fmt, ap);
	va_end(ap);
	fflush(out);
}

/*
 * Expand the label pattern with the local time now, and check it as
 * kbench collect will: a label it refuses would fail every night.
 */
static int
make_label(struct nightly *n, struct strbuf *err)
{
	struct strbuf why = STRBUF_INIT;
	time_t t = time(NULL);
	struct tm tm;
	size_t len;

	len = strftime(n->base, sizeof(n->base), n->conf.label,
	    localtime_r(&t, &tm));
	sb_addf(err, "%s:%d: ", n->conf.path, n->conf.label_line);
	if (len == 0) {
		sb_addf(err, "label '%s' makes an empty or too long label",
		    n->conf.label);
		return -1;
	}
	if (store_label_check(n->base, &why) == -1) {
		sb_adds(err, "label '");
		sb_add_visible(err, n->conf.label);
		sb_addf(err, "' makes %s", sb_str(&why));
		sb_free(&why);
		return -1;
	}
	sb_reset(err);
	snprintf(n->label, sizeof(n->label), "%s", n->base);
	return 0;
}

/*
 * The night's label: the pattern's, or, when a run or an earlier night
 * has it (two nights of one day), the first of base.2, base.3... that
 * none has.  s NULL: no database yet, the pattern's.  0, or -1 with err.
 */
static int
choose_label(struct nightly *n, struct store *s, struct strbuf *err)
{
	int seq, taken = 1;

	snprintf(n->label, sizeof(n->label), "%s", n->base);
	for (seq = 1; s != NULL && seq <= LABEL_SEQ_MAX; seq++) {
		if (seq > 1)
			snprintf(n->label, sizeof(n->label), "%s.%d", n->base,
			    seq);
		if (store_nightly_label_taken(s, n->label, &taken) == -1) {
			sb_adds(err, store_error(s));
			return -1;
		}
		if (!taken)
			return 0;
	}
	if (s == NULL)
		return 0;
	sb_adds(err, n->conf.path);
	if (n->conf.label_line > 0)
		sb_addf(err, ":%d", n->conf.label_line);
	sb_addf(err, ": labels %s to %s.%d are all taken: a label pattern "
	    "with the time (%%H%%M) tells more nights apart", n->base, n->base,
	    LABEL_SEQ_MAX);
	return -1;
}

/*
 * A --baseline in the database as tonight will find it: there, one
 * complete run with every cell (until_baseline), read only.
 */
static int
check_baseline(struct nightly *n, struct collection *c, const char *who)
{
	struct strbuf err = STRBUF_INIT;
	struct store *s;
	int why, rc;

	if (c->until.baseline == NULL || c->until.mode == UNTIL_NONE)
		return KB_EXIT_OK;
	if ((s = store_open(n->db, STORE_READONLY, &err, &why)) == NULL) {
		warnx("%s: --baseline: %s", who, why == STORE_ENOENT ?
		    "no database yet: the baseline is a run in it" :
		    sb_str(&err));
		sb_free(&err);
		return why == STORE_ENOENT ? KB_EXIT_USAGE : KB_EXIT_DB;
	}
	/* Tonight's label, not the collector's default. */
	free(c->label);
	c->label = xstrdup(n->label);
	rc = until_baseline(&c->until, s, c, who);
	store_close(s);
	sb_free(&err);
	return rc == 0 ? KB_EXIT_OK : rc == -1 ? KB_EXIT_USAGE : KB_EXIT_DB;
}

/*
 * Each collect line through kbench collect's own parser and checks (its
 * options, methods, locks, tools, and each cell put to its program with
 * --check), as the night would run it, before
 * anything runs: a line refused at 2 a.m. is a night lost.  KB_EXIT_OK,
 * or KB_EXIT_USAGE after saying which line (the collector says why).
 */
static int
check_collections(struct nightly *n, struct kbench_ctx *ctx)
{
	const struct nightly_collect *k;
	struct collection c;
	struct strbuf who = STRBUF_INIT;
	char **argv;
	size_t i, j;
	int rc = KB_EXIT_OK;

	for (i = 0; i < n->conf.ncollect && rc == KB_EXIT_OK; i++) {
		k = &n->conf.collect[i];
		sb_reset(&who);
		sb_addf(&who, "kbench collect %s", k->kind);
		argv = xcalloc(k->args.n + 2, sizeof(*argv));
		argv[0] = (char *)sb_str(&who);
		for (j = 0; j < k->args.n; j++)
			argv[j + 1] = k->args.v[j];
		memset(&c, 0, sizeof(c));
		c.check_only = 1;
		rc = benchmark_find(k->kind)->prepare((int)k->args.n + 1, argv,
		    ctx, &c);
		/* And as kbench collect does: --until, the cells' programs. */
		if (rc == KB_EXIT_OK) {
			sb_reset(&who);
			sb_addf(&who, "collect %s", k->kind);
			rc = until_prepare(&c.until, &c,
			    benchmark_find(k->kind)->interleaved, sb_str(&who)) ==
			    -1 ? KB_EXIT_USAGE : exit_status(collection_check(&c,
			    sb_str(&who)));
			if (rc == KB_EXIT_OK)
				rc = check_baseline(n, &c, sb_str(&who));
		}
		if (rc != KB_EXIT_OK)
			warnx("nightly: %s:%d: collect %s: kbench collect refuses "
			    "this line (above): every night would fail", n->conf.path,
			    k->line, k->kind);
		else if (c.label_given) {
			warnx("nightly: %s:%d: collect %s: -l/--label: the nightly "
			    "sets the label (the label keyword)", n->conf.path,
			    k->line, k->kind);
			rc = KB_EXIT_USAGE;
		}
		if (rc != KB_EXIT_OK && rc != KB_EXIT_USAGE)
			rc = KB_EXIT_USAGE;
		collection_free(&c);
		free(argv);
	}
	sb_free(&who);
	return rc;
}

/* The facts of every run: nightly=NAME, the file's, and its commands'. */
static void
make_facts(struct nightly *n)
{
	struct strbuf kv = STRBUF_INIT, out = STRBUF_INIT, why = STRBUF_INIT;
	struct strbuf dir = STRBUF_INIT;
	const struct nightly_fact *f;
	const char *slash = strrchr(n->conf.path, '/');
	size_t i;

	if (slash == NULL)
		sb_adds(&dir, ".");
	else if (slash == n->conf.path)
		sb_adds(&dir, "/");
	else
		sb_add(&dir, n->conf.path, (size_t)(slash - n->conf.path));

	strlist_add(&n->metas, "--meta");
	sb_addf(&kv, "nightly=%s", n->conf.name);
	strlist_add(&n->metas, sb_str(&kv));
	/* Interrupted: the night ends, no more of them is started. */
	for (i = 0; i < n->conf.nfacts && !signal_caught; i++) {
		f = &n->conf.facts[i];
		sb_reset(&kv);
		/* A dry run too: a fact that would be left out is told now. */
		if (!f->is_command)
			sb_addf(&kv, "%s=%s", f->key, f->value);
		else {
			sb_reset(&out);
			sb_reset(&why);
			if (fact_command(f->value, sb_str(&dir), &out,
			    &why) == -1) {
				warnx("nightly: %s:%d: fact-command %s: %s: the "
				    "fact is left out", n->conf.path, f->line,
				    f->key, sb_str(&why));
				continue;
			}
			sb_addf(&kv, "%s=%s", f->key, sb_str(&out));
		}
		strlist_add(&n->metas, "--meta");
		strlist_add(&n->metas, sb_str(&kv));
	}
	sb_free(&kv);
	sb_free(&out);
	sb_free(&why);
	sb_free(&dir);
}

/* kbench --db DB CMD [KIND] ARGS...: a NULL-terminated argv. */
static char **
child_argv(const struct nightly *n, const char *cmd, const char *kind,
    const struct strlist *pre, const struct strlist *args)
{
	char **v;
	size_t i, k = 0;

	v = xcalloc(8 + (pre ? pre->n : 0) + args->n, sizeof(*v));
	v[k++] = (char *)n->self;
	/* A server's location is in KBENCH_DB: an argv is anyone's (ps). */
	if (!n->server) {
		v[k++] = (char *)"--db";
		v[k++] = (char *)n->db;
	}
	v[k++] = (char *)cmd;
	if (kind != NULL)
		v[k++] = (char *)kind;
	for (i = 0; pre != NULL && i < pre->n; i++)
		v[k++] = pre->v[i];
	for (i = 0; i < args->n; i++)
		v[k++] = args->v[i];
	v[k] = NULL;
	return v;
}

/* Run (or, dry, print) one collection; 0 when it succeeded. */
static int
run_collection(struct nightly *n, size_t i)
{
	const struct nightly_collect *k = &n->conf.collect[i];
	struct strlist pre = { NULL, 0 };
	struct strbuf line = STRBUF_INIT;
	char **argv, t[16];
	size_t j;
	time_t start;
	int rc;

	strlist_add(&pre, "--label");
	strlist_add(&pre, n->label);
	for (j = 0; j < n->metas.n; j++)
		strlist_add(&pre, n->metas.v[j]);
	/* Quiet: its matrix, load warnings and "complete" line too. */
	if (n->quiet)
		strlist_add(&pre, "-q");
	argv = child_argv(n, "collect", k->kind, &pre, &k->args);
	sb_shell_quote(&line, argv);
	say(n, 0, "[%zu/%zu] %s collect %s (line %d): %s\n", i + 1,
	    n->conf.ncollect, n->dry_run ? "would run" : clock_now(t, sizeof(t)),
	    k->kind, k->line, sb_str(&line));
	rc = 0;
	if (!n->dry_run) {
		start = time(NULL);
		rc = run_child(argv, n->quiet, 0);
		if (rc == 0)
			say(n, 0, "[%zu/%zu] %s collect %s: ok in %lld s\n",
			    i + 1, n->conf.ncollect, clock_now(t, sizeof(t)),
			    k->kind, (long long)(time(NULL) - start));
		else
			say(n, 1, "[%zu/%zu] %s collect %s (line %d): FAILED "
			    "(%s %d) after %lld s\n", i + 1, n->conf.ncollect,
			    clock_now(t, sizeof(t)), k->kind, k->line, rc == -1 ?
			    "cannot run, errno" : "exit status", rc == -1 ?
			    errno : rc, (long long)(time(NULL) - start));
	}
	free(argv);
	strlist_free(&pre);
	sb_free(&line);
	return rc;
}

/*
 * The trend line through kbench trend's own parser, before anything
 * runs: refused at night, every night's check would fail.
 */
static int
check_trend(struct nightly *n)
{
	char **argv = xcalloc(n->conf.trend_args.n + 2, sizeof(*argv));
	size_t i;
	int rc;

	argv[0] = "trend";
	for (i = 0; i < n->conf.trend_args.n; i++)
		argv[i + 1] = n->conf.trend_args.v[i];
	rc = trend_args_check((int)n->conf.trend_args.n + 1, argv);
	free(argv);
	if (rc == 0)
		return KB_EXIT_OK;
	warnx("nightly: %s:%d: trend: kbench trend refuses this line (above): "
	    "every night's trend check would fail", n->conf.path,
	    n->conf.trend_line);
	return KB_EXIT_USAGE;
}

/* The trend check: its exit status (1: a regression), -1: not run. */
static int
run_trend(struct nightly *n)
{
	struct strlist pre = { NULL, 0 };
	struct strbuf line = STRBUF_INIT, kv = STRBUF_INIT;
	char **argv, t[16];
	int rc = 0;

	sb_addf(&kv, "nightly=%s", n->conf.name);
	strlist_add(&pre, "--where");
	strlist_add(&pre, sb_str(&kv));
	strlist_add(&pre, "--fail-on-regression");
	argv = child_argv(n, "trend", NULL, &pre, &n->conf.trend_args);
	sb_shell_quote(&line, argv);
	say(n, 0, "%s trend check: %s\n", n->dry_run ? "would run" :
	    clock_now(t, sizeof(t)), sb_str(&line));
	/* Quiet, a regression is no failure: the mail below tells it. */
	if (!n->dry_run)
		rc = run_child(argv, n->quiet, KB_EXIT_REGRESSION);
	free(argv);
	sb_free(&line);
	if (n->quiet && !n->dry_run && (rc == 0 || rc == KB_EXIT_REGRESSION)) {
		/*
		 * The mail: one report per regression tonight's run confirmed,
		 * on stdout as it is; nothing on a night without one.
		 */
		strlist_free(&pre);
		strlist_add(&pre, "--where");
		strlist_add(&pre, sb_str(&kv));
		strlist_add(&pre, "--new-regressions");
		argv = child_argv(n, "trend", NULL, &pre, &n->conf.trend_args);
		if (run_child(argv, 0, 0) != 0)
			rc = KB_EXIT_IO;
		free(argv);
	}
	strlist_free(&pre);
	sb_free(&kv);
	return rc;
}

/*
 * The dashboard, when the file names one: kbench site of this nightly's
 * runs into its DIR, refreshed (only what changed is written).  Its exit
 * status, or 0 when there is none.
 */
static int
run_site(struct nightly *n)
{
	struct strlist pre = { NULL, 0 }, none = { NULL, 0 };
	struct strbuf line = STRBUF_INIT, kv = STRBUF_INIT;
	char **argv, t[16];
	int rc = 0;

	if (n->conf.site == NULL)
		return 0;
	sb_addf(&kv, "nightly=%s", n->conf.name);
	strlist_add(&pre, "-o");
	strlist_add(&pre, n->conf.site);
	strlist_add(&pre, "--where");
	strlist_add(&pre, sb_str(&kv));
	argv = child_argv(n, "site", NULL, &pre, &none);
	sb_shell_quote(&line, argv);
	say(n, 0, "%s site: %s\n", n->dry_run ? "would run" :
	    clock_now(t, sizeof(t)), sb_str(&line));
	if (!n->dry_run)
		rc = run_child(argv, n->quiet, 0);
	free(argv);
	strlist_free(&pre);
	sb_free(&line);
	sb_free(&kv);
	return rc;
}

/* --list: the nightly log, oldest first. */
static int
log_row(const struct nightly_info *ni, void *arg)
{
	struct table *t = arg;

	table_row(t);
	table_set(t, 0, "%lld", (long long)ni->id);
	table_set(t, 1, "%s", ni->name);
	table_set(t, 2, "%s", ni->label);
	table_set(t, 3, "%.19s", ni->started_at);
	table_set(t, 4, "%.19s", ni->ended_at != NULL ? ni->ended_at : "-");
	/*
	 * Running, but its process is gone (kill -9, a crash), or its pid
	 * is another process's (a reboot, another pid namespace): dead.
	 */
	table_set(t, 5, "%s", strcmp(ni->status, NIGHTLY_RUNNING) == 0 &&
	    process_dead(ni->host, ni->pid, ni->process) ? "dead" :
	    ni->status);
	table_set(t, 6, "%d/%d", ni->collections - ni->failed,
	    ni->collections);
	/* The trend check's exit status, in words. */
	if (ni->trend == KB_EXIT_OK)
		table_set(t, 7, "ok");
	else if (ni->trend == KB_EXIT_REGRESSION)
		table_set(t, 7, "regression");
	else if (ni->trend > 0)
		table_set(t, 7, "exit %d", ni->trend);
	else
		table_set(t, 7, "-");
	table_set(t, 8, "%s", ni->host);
	return 0;
}

static int
list_log(const char *db)
{
	static const char *const head[] = { "id", "name", "label", "started",
	    "ended", "status", "collected", "trend", "host" };
	struct strbuf err = STRBUF_INIT;
	struct store *s;
	struct table t;
	size_t i;
	int why, rc = KB_EXIT_OK;

	if ((s = cmd_read_db(db, &err, &why)) == NULL) {
		warnx("nightly: %s", sb_str(&err));
		sb_free(&err);
		return why == STORE_ENOENT ? KB_EXIT_USAGE : KB_EXIT_DB;
	}
	table_init(&t, 9);
	table_row(&t);
	for (i = 0; i < 9; i++)
		table_set(&t, i, "%s", head[i]);
	table_align_right(&t, 0);
	if (store_each_nightly(s, log_row, &t) == -1) {
		warnx("nightly: %s", store_error(s));
		rc = KB_EXIT_DB;
	} else if (t.nrows <= 1)
		printf("no nightly has run on %s\n", store_location_public(s));
	else
		table_print_text(&t, stdout, 1);
	table_free(&t);
	store_close(s);
	return rc;
}

/* This invocation's row of the log, started now. */
static void
log_info(const struct nightly *n, struct nightly_info *ni, const char *status)
{
	static char host[256], now[40];
	static struct strbuf self = STRBUF_INIT;

	if (gethostname(host, sizeof(host)) == -1)
		snprintf(host, sizeof(host), "?");
	host[sizeof(host) - 1] = '\0';
	store_now(now, sizeof(now));
	memset(ni, 0, sizeof(*ni));
	ni->name = n->conf.name;
	ni->label = n->label;
	ni->config = n->conf.path;
	ni->host = host;
	ni->pid = (long)getpid();
	sb_reset(&self);
	ni->process = proc_identity(ni->pid, &self) == 0 ? sb_str(&self) :
	    NULL;
	ni->started_at = now;
	ni->status = status;
	ni->trend = -1;
}

/*
 * May a night that holds no lock of the database log that it did not
 * start?  Not through a hard link: its name has its own -wal, which a
 * night writing through another name does not see, and a write through
 * it would lose that night's.  (SQLite resolves symbolic links itself.)
 * 1, or 0, said why.
 */
static int
may_log_unlocked(const struct nightly *n)
{
	struct stat st;

	if (n->server)
		return 1;	/* one database, whatever names it */
	if (stat(n->db, &st) == -1) {
		if (errno == ENOENT)
			return 1;
		warnx("nightly: not logged: %s: %s", n->db, strerror(errno));
		return 0;
	}
	if (st.st_nlink == 1)
		return 1;
	warnx("nightly: not logged: %s has %ju names (hard links): a write "
	    "through this one while another night writes would be lost",
	    n->db, (uintmax_t)st.st_nlink);
	return 0;
}

/*
 * A nightly that did not start (locked out, or its configuration
 * refused) is logged all the same, begun and ended at once, with the
 * pattern's label (it chose none; the raw pattern when that would not
 * expand): 0, or -1 with err set.  create 0: only in a database that is
 * there (a refused file may name the wrong one).  Never through a
 * database's hard link (may_log_unlocked()).
 */
static int
log_refused(struct nightly *n, const char *status, int create,
    struct strbuf *err)
{
	struct nightly_info ni;
	struct store *s;
	int why, rc = 0;

	if (!may_log_unlocked(n))
		return 0;
	if ((s = store_open(n->db, create ? STORE_CREATE : 0, err, &why)) ==
	    NULL)
		return why == STORE_ENOENT && !create ? 0 : -1;
	log_info(n, &ni, status);
	if (n->label[0] == '\0')
		ni.label = n->conf.label;
	ni.ended_at = ni.started_at;
	if (store_nightly_begin(s, &ni) == -1 ||
	    store_nightly_end(s, &ni) == -1) {
		sb_adds(err, store_error(s));
		rc = -1;
	}
	store_close(s);
	return rc;
}

/*
 * A dry run's label: as the night would choose it now, when the
 * database is there to say which are taken.  A server is opened as the
 * night would (to write): one that refuses it (not reached, a password
 * wrong, a role that may only read) fails the dry run, exit 3, as it
 * would the night.  KB_EXIT_OK or that.
 */
static int
dry_run_label(struct nightly *n)
{
	struct strbuf err = STRBUF_INIT;
	struct store *s;
	int why, rc = KB_EXIT_OK;

	s = n->server ? store_open(n->db, 0, &err, &why) :
	    cmd_read_db(n->db, &err, &why);
	if (s == NULL && why != STORE_ENOENT && n->server) {
		warnx("nightly: %s", sb_str(&err));
		rc = KB_EXIT_DB;
	} else if (s == NULL) {
		if (why != STORE_ENOENT)
			warnx("nightly: %s: the night's label may take a "
			    "sequence (.2, .3...) not shown here", sb_str(&err));
	} else {
		if (choose_label(n, s, &err) == -1)
			warnx("nightly: %s", sb_str(&err));
		store_close(s);
	}
	sb_free(&err);
	return rc;
}

/*
 * A dry run's locks, taken by none: a lock file the night would refuse
 * (the configuration's mistake, 2), a lock directory it could not use
 * (4).  KB_EXIT_OK, or the status, said.
 */
static int
dry_run_locks(const struct nightly *n)
{
	struct strbuf err = STRBUF_INIT;
	int rc = KB_EXIT_OK;

	if (n->lock != NULL &&
	    nightly_lock_check(n->lock, n->db, n->conf.path, &err) == -1)
		rc = KB_EXIT_USAGE;
	else if (!n->server && nightly_lock_dir_check(&err) == -1)
		rc = KB_EXIT_IO;
	if (rc != KB_EXIT_OK)
		warnx("nightly: %s", sb_str(&err));
	sb_free(&err);
	return rc;
}

/*
 * The database, made if it is not there yet (the first night): a lock
 * of what the file is needs the file.  0, or -1 with err set.
 */
static int
make_db(const struct nightly *n, struct strbuf *err)
{
	struct stat st;
	struct store *s;
	int why;

	if (n->server || stat(n->db, &st) == 0 || errno != ENOENT)
		return 0;	/* a server's: made by the store's open */
	if ((s = store_open(n->db, STORE_CREATE, err, &why)) == NULL)
		return -1;
	store_close(s);
	return 0;
}

/*
 * A night's start: its lock file, the database's own lock, then, under
 * both, the store opened, the night's label chosen and its start
 * logged.  KB_EXIT_OK with the store in *sp and the locks in lockfd[];
 * else the exit status, said and logged (locked out: KB_EXIT_TEMPFAIL).
 */
static int
begin_night(struct nightly *n, struct nightly_info *ni, struct store **sp,
    int lockfd[2])
{
	struct strbuf err = STRBUF_INIT, lock = STRBUF_INIT;
	struct store *s = NULL;
	int why, busy = 0, rc = KB_EXIT_DB;

	if (n->lock != NULL && (lockfd[0] = nightly_lock_file(n->lock, n->db,
	    n->conf.path, &err, &busy)) == -1)
		goto refused;
	signals_catch(NULL, SIGNALS_HUP, NULL);
	if (make_db(n, &err) == -1)
		goto failed;
	if (!n->server && (lockfd[1] = nightly_lock_database(n->db,
	    n->conf.path, &err, &busy)) == -1)
		goto refused;
	if ((s = store_open(n->db, STORE_CREATE, &err, &why)) == NULL)
		goto failed;
	/*
	 * A server's own lock of this nightly (by its name: the lab's other
	 * hosts' nights go on), held by this connection till the night ends.
	 */
	sb_reset(&lock);
	sb_addf(&lock, "nightly '%s'", n->conf.name);
	if (n->server && store_lock_named(s, sb_str(&lock), &busy) == -1) {
		sb_adds(&err, store_error(s));
		store_close(s);
		s = NULL;
		goto refused;
	}
	/*
	 * On a server, nights of other names choose labels too: the choice
	 * and its log row in one write transaction, which they queue for.
	 * (A file's lock keeps every other night out already.)
	 */
	if (n->server && store_begin(s) == -1) {
		sb_adds(&err, store_error(s));
		goto failed;
	}
	if (choose_label(n, s, &err) == -1)
		goto failed;
	log_info(n, ni, NIGHTLY_RUNNING);
	if (store_nightly_begin(s, ni) == -1 ||
	    (n->server && store_commit(s) == -1)) {
		sb_adds(&err, store_error(s));
		goto failed;
	}
	*sp = s;
	sb_free(&err);
	sb_free(&lock);
	return KB_EXIT_OK;
refused:
	warnx("nightly: %s", sb_str(&err));
	sb_reset(&err);
	if (log_refused(n, busy ? NIGHTLY_LOCKED_OUT : NIGHTLY_FAILED, 1,
	    &err) == -1)
		warnx("nightly: not logged: %s", sb_str(&err));
	rc = busy ? KB_EXIT_TEMPFAIL : KB_EXIT_IO;
	goto out;
failed:
	warnx("nightly: %s", sb_str(&err));
	if (s != NULL)
		store_close(s);
	if (lockfd[1] != -1)
		close(lockfd[1]);
out:
	if (lockfd[0] != -1)
		close(lockfd[0]);
	sb_free(&err);
	sb_free(&lock);
	/* Locked out: cron's next night will do (sysexits). */
	return rc;
}

/*
 * On a server the night's lock lives with its connection: once the
 * server ends that (a restart, an administrator, a network that drops
 * it), another night of this name may start.  0 while it holds; 1 lost,
 * said (after what, in when).
 */
static int
lock_lost(struct nightly *n, struct store *s, const char *when)
{
	char t[16];

	if (!n->server || n->dry_run || store_lock_held(s) == 1)
		return 0;
	say(n, 1, "%s %s: the lock of this nightly is lost %s (%s): another "
	    "night of this name may start; this one stops\n",
	    clock_now(t, sizeof(t)), n->conf.name, when, store_error(s));
	return 1;
}

/*
 * The night's work: the collections, the trend check, the site, each
 * while the lock holds (*lost when it went).  The trend check's status
 * in *trend (-1: not run), the site's in *site.
 */
static void
night_work(struct nightly *n, struct store *s, struct nightly_info *ni,
    int *trend, int *site, int *lost)
{
	struct strbuf when = STRBUF_INIT;
	size_t i;

	*trend = -1;
	*site = 0;
	*lost = 0;
	for (i = 0; i < n->conf.ncollect && !signal_caught && !*lost; i++) {
		ni->collections++;
		if (run_collection(n, i) != 0)
			ni->failed++;
		sb_reset(&when);
		sb_addf(&when, "after collection %zu of %zu", i + 1,
		    n->conf.ncollect);
		*lost = lock_lost(n, s, sb_str(&when));
	}
	if (!signal_caught && !*lost) {
		*trend = run_trend(n);
		*lost = lock_lost(n, s, "after the trend check");
	}
	if (!signal_caught && !*lost && *trend >= 0) {
		*site = run_site(n);
		*lost = lock_lost(n, s, "after the site");
	}
	sb_free(&when);
}

/*
 * The night's end into the log; through a new connection when the
 * night's own was lost, or is found dead now (the server may end it
 * after the last look).  0, or -1 said.
 */
static int
log_end(struct nightly *n, struct store **s, const struct nightly_info *ni,
    int lost)
{
	struct strbuf err = STRBUF_INIT;
	int why;

	if (!lost && store_nightly_end(*s, ni) == 0)
		return 0;
	if (!lost && !(n->server && store_lock_held(*s) == 0)) {
		warnx("nightly: %s", store_error(*s));
		return -1;
	}
	store_close(*s);
	if ((*s = store_open(n->db, 0, &err, &why)) == NULL ||
	    store_nightly_end(*s, ni) == -1) {
		warnx("nightly: not logged: %s", *s == NULL ? sb_str(&err) :
		    store_error(*s));
		sb_free(&err);
		return -1;
	}
	sb_free(&err);
	return 0;
}

static int
carry_out(struct nightly *n, struct kbench_ctx *ctx)
{
	struct strbuf err = STRBUF_INIT;
	struct nightly_info ni;
	struct store *s = NULL;
	char now[40], t[16];
	int lockfd[2] = { -1, -1 }, rc = KB_EXIT_OK, trend, site, lost;

	memset(&ni, 0, sizeof(ni));
	if (make_label(n, &err) == -1) {
		warnx("nightly: %s", sb_str(&err));
		rc = KB_EXIT_USAGE;
	} else if ((rc = check_collections(n, ctx)) == KB_EXIT_OK)
		rc = check_trend(n);
	if (rc != KB_EXIT_OK) {
		/* A night lost to its configuration shows in --list. */
		sb_reset(&err);
		if (!n->dry_run && log_refused(n, NIGHTLY_REFUSED, 0, &err) == -1)
			warnx("nightly: not logged: %s", sb_str(&err));
		sb_free(&err);
		return KB_EXIT_USAGE;
	}
	if (n->dry_run) {
		if ((rc = dry_run_locks(n)) != KB_EXIT_OK) {
			sb_free(&err);
			return rc;
		}
		if ((rc = dry_run_label(n)) != KB_EXIT_OK) {
			sb_free(&err);
			return rc;
		}
	} else {
		if ((rc = begin_night(n, &ni, &s, lockfd)) != KB_EXIT_OK) {
			sb_free(&err);
			return rc;
		}
	}
	say(n, 0, "%s %s: %s, label %s, database %s, lock %s\n", n->dry_run ?
	    "dry run of" : clock_now(t, sizeof(t)), n->conf.name, n->conf.path,
	    n->label, n->db_shown, n->lock != NULL ? n->lock :
	    "the server's, of this nightly's name");
	make_facts(n);
	night_work(n, s, &ni, &trend, &site, &lost);
	if (n->dry_run) {
		sb_free(&err);
		return KB_EXIT_OK;
	}
	ni.trend = trend;
	if (signal_caught) {
		ni.status = NIGHTLY_INTERRUPTED;
		rc = 128 + signal_caught;
	} else if (lost) {
		ni.status = NIGHTLY_FAILED;
		rc = KB_EXIT_DB;
	} else if (ni.failed > 0 || site != 0 ||
	    (trend != 0 && trend != KB_EXIT_REGRESSION)) {
		ni.status = NIGHTLY_FAILED;
		rc = KB_EXIT_IO;
	} else if (trend == KB_EXIT_REGRESSION) {
		ni.status = NIGHTLY_REGRESSION;
		rc = n->fail_on_regression ? KB_EXIT_REGRESSION : KB_EXIT_OK;
	} else
		ni.status = NIGHTLY_OK;
	store_now(now, sizeof(now));
	ni.ended_at = now;
	if (log_end(n, &s, &ni, lost) == -1 && rc == KB_EXIT_OK)
		rc = KB_EXIT_DB;
	/* A regression is told by its mail, not by this line. */
	say(n, strcmp(ni.status, NIGHTLY_OK) != 0 &&
	    strcmp(ni.status, NIGHTLY_REGRESSION) != 0, "%s %s: %s; %d of %d "
	    "collection%s failed; trend check: %s\n", clock_now(t, sizeof(t)),
	    n->conf.name, ni.status,
	    ni.failed, ni.collections, ni.collections == 1 ? "" : "s",
	    trend == -1 ? "not run" : trend == 0 ? "no regression" :
	    trend == KB_EXIT_REGRESSION ? "a regression" : "failed");
	if (site != 0)
		say(n, 1, "%s %s: kbench site -o %s failed (above)\n",
		    clock_now(t, sizeof(t)), n->conf.name, n->conf.site);
	store_close(s);
	if (lockfd[1] != -1)
		close(lockfd[1]);
	if (lockfd[0] != -1)
		close(lockfd[0]);
	sb_free(&err);
	return rc;
}

int
cmd_nightly(int argc, char **argv, struct kbench_ctx *ctx)
{
	static const struct option longopts[] = {
		{ "config",	required_argument, NULL, 'f' },
		{ "dry-run",	no_argument,	   NULL, 'n' },
		{ "fail-on-regression", no_argument, NULL, OPT_FAIL },
		{ "list",	no_argument,	   NULL, OPT_LIST },
		{ "quiet",	no_argument,	   NULL, 'q' },
		{ NULL,		0,		   NULL, 0 }
	};
	struct nightly n;
	struct strbuf err = STRBUF_INIT;
	const char *conf = NULL;
	int ch, list = 0, rc;

	memset(&n, 0, sizeof(n));
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "f:nq", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			conf = optarg;
			break;
		case 'n':
			n.dry_run = 1;
			break;
		case 'q':
			n.quiet = 1;
			break;
		case OPT_FAIL:
			n.fail_on_regression = 1;
			break;
		case OPT_LIST:
			list = 1;
			break;
		default:
			fputs(nightly_help, stderr);
			return KB_EXIT_USAGE;
		}
	}
	if (optind < argc) {
		warnx("nightly: unexpected argument '%s'", argv[optind]);
		return KB_EXIT_USAGE;
	}
	/* The log alone needs no configuration: kbench's -d will do. */
	if (list && conf == NULL)
		return list_log(ctx->db_path);
	if ((rc = nightly_conf_read(conf != NULL ? conf : "kbench.conf",
	    &n.conf, &err)) != 0) {
		warnx("nightly: %s", sb_str(&err));
		sb_free(&err);
		return rc == -2 ? KB_EXIT_IO : KB_EXIT_USAGE;
	}
	n.db = n.conf.database != NULL ? n.conf.database : ctx->db_path;
	/* Before its name is printed, made a lock's or passed on. */
	n.server = store_location_is_server(n.db);
	store_word_public(n.db, &err);
	n.db_shown = xstrdup(sb_str(&err));
	sb_reset(&err);
	if (list) {
		rc = list_log(n.db);
		goto out;
	}
	if (n.server && setenv("KBENCH_DB", n.db, 1) == -1) {
		warn("nightly: setenv KBENCH_DB");
		rc = KB_EXIT_IO;
		goto out;
	}
	/* A server has no file to put a lock beside: its own lock will do. */
	if (n.conf.lock != NULL)
		n.lock = xstrdup(n.conf.lock);
	else if (!n.server) {
		sb_addf(&err, "%s.nightly.lock", n.db);
		n.lock = xstrdup(sb_str(&err));
		sb_reset(&err);
	}
	if (self_path(ctx->argv0, n.self, sizeof(n.self)) == -1) {
		warnx("nightly: cannot find kbench's own path to run its "
		    "collections");
		rc = KB_EXIT_IO;
		goto out;
	}
	rc = carry_out(&n, ctx);
out:
	nightly_conf_free(&n.conf);
	strlist_free(&n.metas);
	free(n.lock);
	free(n.db_shown);
	sb_free(&err);
	return rc;
}
