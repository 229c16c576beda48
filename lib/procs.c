/*
 * procs.c: see procs.h.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/procs.h"

/* Start p with its output on a pipe: its pid, or -1 (errno set). */
static pid_t
start(const struct proc *p, int *fd)
{
	int fds[2], e;
	pid_t pid;

	if (pipe(fds) == -1)
		return -1;
	if ((pid = fork()) == -1) {
		e = errno;
		close(fds[0]);
		close(fds[1]);
		errno = e;
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		close(fds[1]);
		if (p->dir != NULL && chdir(p->dir) == -1)
			_exit(126);
		execvp(p->argv[0], p->argv);
		_exit(127);
	}
	close(fds[1]);
	*fd = fds[0];
	return pid;
}

/* Wait for pid: its status, or -1 when it cannot be had. */
static int
reap(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR)
			return -1;
	return status;
}

int
proc_ok(const struct proc *p)
{
	return p->status != -1 && WIFEXITED(p->status) &&
	    WEXITSTATUS(p->status) == 0;
}

int
procs_run(struct proc *p, size_t n, int maxpar)
{
	struct pollfd *pfd;
	pid_t *pid;
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
	pid = xcalloc(slots, sizeof(*pid));
	which = xcalloc(slots, sizeof(*which));
	for (k = 0; k < slots; k++)
		pfd[k].fd = -1;
	for (i = 0; i < n; i++)
		p[i].status = -1;
	for (;;) {
		for (k = 0; k < slots; k++)
			while (pfd[k].fd == -1 && next < n) {
				which[k] = next++;
				pid[k] = start(&p[which[k]], &pfd[k].fd);
				if (pid[k] == -1) {
					p[which[k]].start_errno = errno;
					continue;
				}
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
			close(pfd[k].fd);
			pfd[k].fd = -1;
			p[which[k]].status = reap(pid[k]);
			running--;
		}
	}
	/* poll failed: do not leave children behind unreaped. */
	for (k = 0; k < slots; k++)
		if (pfd[k].fd != -1) {
			close(pfd[k].fd);
			p[which[k]].status = reap(pid[k]);
		}
	free(pfd);
	free(pid);
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
