/*
 * cell.c: run one benchmark child; see cell.h.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/cell.h"

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
	const char *p = sb_str(kept), *end;
	size_t n;

	sb_reset(line);
	while (*p != '\0') {
		n = strcspn(p, "\r\n");
		end = p + n;
		if (n > 0) {
			sb_reset(line);
			sb_add(line, p, n);
			if (first)
				return;
		}
		p = end + strspn(end, "\r\n");
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

/*
 * Fork, exec, read its stdout (through the protocol parser) and its
 * stderr until both close or the deadline passes.
 */
void
cell_run(char *const *argv, enum cell_mode mode, double timeout_s,
    volatile sig_atomic_t *stop, struct cell_result *r)
{
	struct proto_parser pp;
	struct strbuf kept = STRBUF_INIT;
	struct pollfd pfd[2];
	int out[2], err[2], status = 0, open_fds, killed = 0, bad = 0;
	double start = now_s(), deadline = start + timeout_s;
	char buf[65536];
	pid_t pid;
	ssize_t n;
	int i;

	r->status = -1;
	proto_init(&pp, &r->out);
	if (pipe(out) == -1) {
		sb_addf(&r->why, "pipe: %s", strerror(errno));
		goto out;
	}
	if (pipe(err) == -1) {
		sb_addf(&r->why, "pipe: %s", strerror(errno));
		close(out[0]), close(out[1]);
		goto out;
	}
	if ((pid = fork()) == -1) {
		sb_addf(&r->why, "fork: %s", strerror(errno));
		close(out[0]), close(out[1]), close(err[0]), close(err[1]);
		goto out;
	}
	if (pid == 0) {
		dup2(out[1], STDOUT_FILENO);
		dup2(err[1], STDERR_FILENO);
		close(out[0]), close(out[1]), close(err[0]), close(err[1]);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		execv(argv[0], argv);
		dprintf(STDERR_FILENO, "cannot run %s: %s\n", argv[0],
		    strerror(errno));
		_exit(127);
	}
	close(out[1]);
	close(err[1]);
	pfd[0].fd = out[0];
	pfd[1].fd = err[0];
	pfd[0].events = pfd[1].events = POLLIN;
	for (open_fds = 2; open_fds > 0; ) {
		double left = deadline - now_s();
		int sig = stop != NULL && *stop;

		if (sig || left <= 0 || bad) {
			/* Interrupted, hung, or talking nonsense: stop it. */
			kill(pid, sig && !bad && left > 0 ? SIGTERM : SIGKILL);
			killed = 1;
			break;
		}
		if (poll(pfd, 2, (int)(left * 1000) + 1) == -1) {
			if (errno == EINTR)
				continue;
			sb_addf(&r->why, "poll: %s", strerror(errno));
			kill(pid, SIGKILL);
			killed = 1;
			break;
		}
		for (i = 0; i < 2; i++) {
			if (pfd[i].fd < 0 || !(pfd[i].revents & (POLLIN | POLLHUP)))
				continue;
			n = read(pfd[i].fd, buf, sizeof(buf));
			if (n <= 0) {
				if (n == -1 && errno == EINTR)
					continue;
				pfd[i].fd = -1;
				open_fds--;
			} else if (i == 1)
				keep_err(&kept, buf, (size_t)n, mode);
			else if (mode == CELL_PROTOCOL &&
			    proto_feed(&pp, buf, (size_t)n) == -1)
				bad = 1;
		}
	}
	close(out[0]);
	close(err[0]);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	r->wall_s = now_s() - start;
	if (!killed && WIFEXITED(status))
		r->status = WEXITSTATUS(status);
	err_line(&kept, mode == CELL_CHECK, &r->said);
	if (r->why.len > 0)
		goto out;
	if (stop != NULL && *stop)
		sb_adds(&r->why, "interrupted");
	/* As proto_finish()'s below, but named before a kill or an exit. */
	else if (bad)	/* NOLINTNEXTLINE(bugprone-branch-clone) */
		sb_addf(&r->why, "invalid output: %s", sb_str(&pp.err));
	else if (killed)
		sb_addf(&r->why, "no result after %.0f s: killed (a hang?)",
		    timeout_s);
	else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		describe_exit(&r->why, status, &r->said);
	else if (mode == CELL_PROTOCOL && proto_finish(&pp) == -1)
		sb_addf(&r->why, "invalid output: %s", sb_str(&pp.err));
out:
	proto_parser_free(&pp);
	sb_free(&kept);
}

void
cell_result_free(struct cell_result *r)
{
	proto_output_free(&r->out);
	sb_free(&r->why);
	sb_free(&r->said);
}
