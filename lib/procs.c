/*
 * procs.c: see procs.h.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/procs.h"
#include "lib/signals.h"

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
close_fd(int *fd)
{
	if (*fd != -1)
		close(*fd);
	*fd = -1;
}

/*
 * In the child: from onto to, inherited.  Every descriptor is opened
 * close-on-exec; dup2() clears the flag, but not when from is to already.
 */
static int
onto(int from, int to)
{
	if (from == to)
		return fcntl(to, F_SETFD, 0) == -1 ? -1 : 0;
	return dup2(from, to) == -1 ? -1 : 0;
}

/* In the child: make fd (stdout or stderr) what io says. */
static int
redirect(int fd, enum spawn_io io, int pipe_w, int out_fd)
{
	int null, rc;

	switch (io) {
	case SPAWN_PIPE:
		return onto(pipe_w, fd);
	case SPAWN_FD:
		return onto(out_fd, fd);
	case SPAWN_MERGE:
		return dup2(STDOUT_FILENO, fd) == -1 ? -1 : 0;
	case SPAWN_NULL:
		if ((null = open("/dev/null", O_WRONLY | O_CLOEXEC)) == -1)
			return -1;
		rc = onto(null, fd);
		if (null != fd)
			close(null);
		return rc;
	case SPAWN_INHERIT:
		break;
	}
	return 0;
}

/* The child's side of spawn_start(): never returns. */
static void __attribute__((__noreturn__))
exec_child(const struct spawn *s, int *op, int *ep)
{
	int e;

	close_fd(&op[0]);
	close_fd(&ep[0]);
	if (redirect(STDOUT_FILENO, s->out_to, op[1], s->out_fd) == -1 ||
	    redirect(STDERR_FILENO, s->err_to, ep[1], -1) == -1)
		_exit(127);
	if (op[1] > STDERR_FILENO)
		close(op[1]);
	if (ep[1] > STDERR_FILENO)
		close(ep[1]);
	if (s->flags & SPAWN_SIGDFL)
		signals_default();
	if ((s->dir != NULL && chdir(s->dir) == -1) ||
	    (s->dir_fd != NULL && fchdir(*s->dir_fd) == -1))
		_exit(126);
	/* Only 0, 1, 2: nothing kbench was given, nor anything it opened. */
	closefrom(STDERR_FILENO + 1);
	if (s->flags & SPAWN_SEARCH)
		execvp(s->argv[0], s->argv);
	else
		execv(s->argv[0], s->argv);
	e = errno;
	if (s->exec_fail != NULL)
		dprintf(STDERR_FILENO, "%s%s: %s\n", s->exec_fail, s->argv[0],
		    strerror(e));
	_exit(127);
}

int
spawn_start(struct spawn *s)
{
	int op[2] = { -1, -1 }, ep[2] = { -1, -1 }, e;

	s->out = s->err = -1;
	if ((s->out_to == SPAWN_PIPE && pipe2(op, O_CLOEXEC) == -1) ||
	    (s->err_to == SPAWN_PIPE && pipe2(ep, O_CLOEXEC) == -1))
		goto fail;
	/* What we printed must not come out twice, or after the child's. */
	fflush(stdout);
	fflush(stderr);
	if ((s->pid = fork()) == -1)
		goto fail;
	if (s->pid == 0)
		exec_child(s, op, ep);
	close_fd(&op[1]);
	close_fd(&ep[1]);
	s->out = op[0];
	s->err = ep[0];
	return 0;
fail:
	e = errno;
	close_fd(&op[0]);
	close_fd(&op[1]);
	close_fd(&ep[0]);
	close_fd(&ep[1]);
	s->pid = -1;
	errno = e;
	return -1;
}

enum spawn_end
spawn_drain(struct spawn *s, double timeout_s, volatile sig_atomic_t *stop,
    int (*take)(void *arg, int is_err, const char *buf, size_t n), void *arg)
{
	struct pollfd pfd[2];
	double deadline = now_s() + timeout_s, left;
	char buf[65536];
	ssize_t n;
	int i, open_fds = 0, ms, refused = 0;

	pfd[0].fd = s->out;
	pfd[1].fd = s->err;
	for (i = 0; i < 2; i++) {
		pfd[i].events = POLLIN;
		if (pfd[i].fd != -1)
			open_fds++;
	}
	while (open_fds > 0) {
		ms = -1;
		if (timeout_s > 0) {
			if ((left = deadline - now_s()) <= 0)
				return SPAWN_TIMED_OUT;
			ms = (int)(left * 1000) + 1;
		}
		if (stop != NULL && *stop)
			return SPAWN_STOPPED;
		if (poll(pfd, 2, ms) == -1) {
			if (errno == EINTR)
				continue;
			return SPAWN_POLL_FAILED;
		}
		for (i = 0; i < 2; i++) {
			if (pfd[i].fd < 0 ||
			    !(pfd[i].revents & (POLLIN | POLLHUP)))
				continue;
			n = read(pfd[i].fd, buf, sizeof(buf));
			if (n > 0) {
				if (take(arg, i, buf, (size_t)n) == -1)
					refused = 1;
			} else if (n == 0 || errno != EINTR) {
				pfd[i].fd = -1;
				open_fds--;
			}
		}
		/* The round is read to its end: the other pipe's last words. */
		if (refused)
			return SPAWN_REFUSED;
	}
	return SPAWN_ENDED;
}

int
spawn_wait(struct spawn *s, int sig)
{
	int status;

	if (sig != 0)
		kill(s->pid, sig);
	close_fd(&s->out);
	close_fd(&s->err);
	while (waitpid(s->pid, &status, 0) == -1)
		if (errno != EINTR)
			return -1;
	return status;
}

int
status_code(int status)
{
	if (status == -1)
		return -1;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

int
status_ok(int status)
{
	return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int
proc_ok(const struct proc *p)
{
	return status_ok(p->status);
}

/* Start p with its output, merged, on a pipe: 0, or -1 (errno set). */
static int
proc_start(struct proc *p, struct spawn *s)
{
	memset(s, 0, sizeof(*s));
	s->argv = p->argv;
	s->dir = p->dir;
	s->dir_fd = p->dir_fd;
	s->flags = SPAWN_SEARCH;
	s->out_to = SPAWN_PIPE;
	s->err_to = SPAWN_MERGE;
	return spawn_start(s);
}

int
procs_run(struct proc *p, size_t n, int maxpar)
{
	struct pollfd *pfd;
	struct spawn *sp;
	size_t *which, i, k, next = 0, slots;
	char buf[1024];
	ssize_t got;
	int rc = 0, running = 0;

	slots = maxpar < 1 ? 1 : (size_t)maxpar;
	if (slots > n)
		slots = n;
	if (slots == 0)
		return 0;
	pfd = xcalloc(slots, sizeof(*pfd));
	sp = xcalloc(slots, sizeof(*sp));
	which = xcalloc(slots, sizeof(*which));
	for (k = 0; k < slots; k++)
		pfd[k].fd = -1;
	for (i = 0; i < n; i++)
		p[i].status = -1;
	for (;;) {
		for (k = 0; k < slots; k++)
			while (pfd[k].fd == -1 && next < n) {
				which[k] = next++;
				if (proc_start(&p[which[k]], &sp[k]) == -1) {
					p[which[k]].start_errno = errno;
					continue;
				}
				pfd[k].fd = sp[k].out;
				pfd[k].events = POLLIN;
				running++;
			}
		if (running == 0)
			break;
		for (k = 0; k < slots; k++)
			pfd[k].revents = 0;
		if (poll(pfd, slots, -1) == -1) {
			if (errno == EINTR)
				continue;
			rc = -1;
			break;
		}
		for (k = 0; k < slots; k++) {
			if (pfd[k].fd == -1 || pfd[k].revents == 0)
				continue;
			got = read(pfd[k].fd, buf, sizeof(buf));
			if (got > 0) {
				if (p[which[k]].out.len < PROC_OUT_MAX)
					sb_add(&p[which[k]].out, buf, (size_t)got);
				continue;
			}
			if (got == -1 && errno == EINTR)
				continue;
			/* The end of its output: wait for it. */
			pfd[k].fd = -1;
			p[which[k]].status = spawn_wait(&sp[k], 0);
			running--;
		}
	}
	/* poll failed: do not leave children behind unreaped. */
	for (k = 0; k < slots; k++)
		if (pfd[k].fd != -1)
			p[which[k]].status = spawn_wait(&sp[k], 0);
	free(pfd);
	free(sp);
	free(which);
	return rc;
}

void
procs_free(struct proc *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sb_free(&p[i].out);
}
