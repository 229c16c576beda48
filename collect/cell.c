/*
 * cell.c: run one benchmark child; see cell.h.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/cell.h"
#include "lib/procs.h"

/* Bytes of a child's stderr kept for the message. */
#define ERR_KEEP	2048

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Keep the child's stderr: its last ERR_KEEP bytes (a failing run says
 * why last), or under --check its first (a refusal comes first, a usage
 * may follow).
 */
static void
keep_err(struct strbuf *kept, const char *buf, size_t n, enum cell_mode mode)
{
	if (mode == CELL_CHECK) {
		if (kept->len < ERR_KEEP)
			sb_add(kept, buf, n < ERR_KEEP - kept->len ? n :
			    ERR_KEEP - kept->len);
		return;
	}
	sb_add(kept, buf, n);
	if (kept->len > 2 * ERR_KEEP) {
		memmove(kept->buf, kept->buf + kept->len - ERR_KEEP, ERR_KEEP);
		kept->len = ERR_KEEP;
		kept->buf[kept->len] = '\0';
	}
}

/* The last (or, first) non-empty line of what was kept, for messages. */
static void
err_line(struct strbuf *kept, int first, struct strbuf *line)
{
	const char *p = sb_str(kept), *stop = p + kept->len, *end;
	size_t n;

	/* By length: a NUL in what the child said must not cut it short. */
	sb_reset(line);
	while (p < stop) {
		for (end = p; end < stop && *end != '\r' && *end != '\n'; end++)
			;
		n = (size_t)(end - p);
		if (n > 0) {
			sb_reset(line);
			/* The child's own words: never raw to a terminal. */
			sb_add_visible_n(line, p, n);
			if (first)
				return;
		}
		for (p = end; p < stop && (*p == '\r' || *p == '\n'); p++)
			;
	}
}

static void
describe_exit(struct strbuf *why, int status, const struct strbuf *line)
{
	if (WIFSIGNALED(status))
		sb_addf(why, "killed by signal %d (%s)", WTERMSIG(status),
		    strsignal(WTERMSIG(status)));
	else
		sb_addf(why, "exited with status %d", WEXITSTATUS(status));
	if (line->len > 0)
		sb_addf(why, ": %s", sb_str(line));
}

/* What cell_run() reads the child's output into. */
struct cell_reading {
	enum cell_mode		 mode;
	struct proto_parser	 pp;
	struct strbuf		 kept;	/* of its stderr */
};

/* Its stdout through the protocol parser (-1: nonsense), stderr kept. */
static int
take_output(void *arg, int is_err, const char *buf, size_t n)
{
	struct cell_reading *cr = arg;

	if (is_err)
		keep_err(&cr->kept, buf, n, cr->mode);
	else if (cr->mode == CELL_PROTOCOL &&
	    proto_feed(&cr->pp, buf, n) == -1)
		return -1;
	return 0;
}

/*
 * Start it, read its stdout (through the protocol parser) and its
 * stderr until both close or the deadline passes.
 */
void
cell_run(char *const *argv, enum cell_mode mode, double timeout_s,
    volatile sig_atomic_t *stop, struct cell_result *r)
{
	struct cell_reading cr;
	struct spawn sp;
	enum spawn_end end;
	int status, killed, bad, sig;
	double start = now_s();

	r->status = -1;
	memset(&cr, 0, sizeof(cr));
	cr.mode = mode;
	proto_init(&cr.pp, &r->out);
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.flags = SPAWN_SIGDFL;
	sp.out_to = sp.err_to = SPAWN_PIPE;
	sp.exec_fail = "cannot run ";
	procs_adopt_orphans();
	if (spawn_start(&sp) == -1) {
		/* pipe() fails with EMFILE or ENFILE, fork() otherwise. */
		sb_addf(&r->why, "%s: %s", errno == EMFILE || errno == ENFILE ?
		    "pipe" : "fork", strerror(errno));
		goto out;
	}
	end = spawn_drain(&sp, timeout_s, stop, take_output, &cr);
	if (end == SPAWN_POLL_FAILED)
		sb_addf(&r->why, "poll: %s", strerror(errno));
	killed = end != SPAWN_ENDED;
	bad = end == SPAWN_REFUSED;
	/* Interrupted, hung, or talking nonsense: stop it, kindly if asked. */
	sig = end == SPAWN_STOPPED ? SIGTERM : killed ? SIGKILL : 0;
	status = spawn_wait(&sp, sig);
	/* What escaped its group (setsid) came to us: it ends here too. */
	procs_end_orphans();
	r->wall_s = now_s() - start;
	if (!killed && status != -1 && WIFEXITED(status))
		r->status = WEXITSTATUS(status);
	err_line(&cr.kept, mode == CELL_CHECK, &r->said);
	if (r->why.len > 0)
		goto out;
	if (stop != NULL && *stop)
		sb_adds(&r->why, "interrupted");
	/* As proto_finish()'s below, but named before a kill or an exit. */
	else if (bad)	/* NOLINTNEXTLINE(bugprone-branch-clone) */
		sb_addf(&r->why, "invalid output: %s", sb_str(&cr.pp.err));
	else if (killed)
		sb_addf(&r->why, "no result after %.0f s: killed (a hang?)",
		    timeout_s);
	else if (!status_ok(status))
		describe_exit(&r->why, status, &r->said);
	else if (mode == CELL_PROTOCOL && proto_finish(&cr.pp) == -1)
		sb_addf(&r->why, "invalid output: %s", sb_str(&cr.pp.err));
out:
	proto_parser_free(&cr.pp);
	sb_free(&cr.kept);
}

void
cell_result_free(struct cell_result *r)
{
	proto_output_free(&r->out);
	sb_free(&r->why);
	sb_free(&r->said);
}
