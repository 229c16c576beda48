/*
 * procs.c: see procs.h.
 */
#include <sys/types.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#ifdef __FreeBSD__
#include <sys/procctl.h>
#endif
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
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

/* In the child: /dev/null, opened with mode, onto fd. */
static int
onto_null(int fd, int mode)
{
	int null, rc;

	if ((null = open("/dev/null", mode | O_CLOEXEC)) == -1)
		return -1;
	rc = onto(null, fd);
	if (null != fd)
		close(null);
	return rc;
}

/* In the child: make fd (stdout or stderr) what io says. */
static int
redirect(int fd, enum spawn_io io, int pipe_w, int out_fd)
{
	switch (io) {
	case SPAWN_PIPE:
		return onto(pipe_w, fd);
	case SPAWN_FD:
		return onto(out_fd, fd);
	case SPAWN_MERGE:
		return dup2(STDOUT_FILENO, fd) == -1 ? -1 : 0;
	case SPAWN_NULL:
		return onto_null(fd, O_WRONLY);
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
	/*
	 * Its own group: what it leaves behind is killed with it.  Off our
	 * terminal's foreground group a read of it would stop the child
	 * (SIGTTIN) and hang us: its stdin is /dev/null (none of our
	 * children reads one).
	 */
	if (!(s->flags & SPAWN_OUR_GROUP) && (setpgid(0, 0) == -1 ||
	    onto_null(STDIN_FILENO, O_RDONLY) == -1))
		_exit(127);
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
	/* Both sides set it: a kill(-pid) may come before the child runs. */
	if (!(s->flags & SPAWN_OUR_GROUP))
		(void)setpgid(s->pid, s->pid);
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

/* A SIGCHLD has only to interrupt ppoll(). */
static void
on_child(int sig)
{
	(void)sig;
}

/* Has s's child exited?  It is left unreaped: its group stays its own. */
static int
child_exited(const struct spawn *s)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, (id_t)s->pid, &si, WEXITED | WNOHANG | WNOWAIT) == -1)
		return errno != EINTR;
	return si.si_pid != 0;
}

/* What spawn_drain() reads: its pipes, and when it stops. */
struct drain {
	struct pollfd	 pfd[2];
	int		 open_fds;
	double		 deadline;	/* 0: none */
	int		 exited;	/* the child, not what it left */
};

/* Read what ppoll() found: 1 when take() refused some. */
static int
drain_read(struct drain *d,
    int (*take)(void *arg, int is_err, const char *buf, size_t n), void *arg)
{
	char buf[65536];
	ssize_t n;
	int i, refused = 0;

	for (i = 0; i < 2; i++) {
		if (d->pfd[i].fd < 0 ||
		    !(d->pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		n = read(d->pfd[i].fd, buf, sizeof(buf));
		if (n > 0) {
			if (take(arg, i, buf, (size_t)n) == -1)
				refused = 1;
		} else if (n == 0 || errno != EINTR) {
			d->pfd[i].fd = -1;
			d->open_fds--;
		}
	}
	return refused;
}

/*
 * Until its pipes close and it has exited, the deadline passes or *stop
 * is set.  A child that closed its pipes but runs on is waited for as
 * long as one that talks.
 */
static enum spawn_end
drain_loop(struct spawn *s, struct drain *d, volatile sig_atomic_t *stop,
    const sigset_t *wait_mask,
    int (*take)(void *arg, int is_err, const char *buf, size_t n), void *arg)
{
	struct timespec ts, *tsp;
	double left;

	for (;;) {
		/*
		 * It exited, but something it started holds its pipes: what
		 * it wrote is there to read, and no more is waited for.
		 */
		if (!d->exited && child_exited(s)) {
			d->exited = 1;
			d->deadline = now_s() + SPAWN_EXIT_GRACE_S;
		}
		if (d->exited && d->open_fds == 0)
			return SPAWN_ENDED;
		tsp = NULL;
		if (d->deadline > 0) {
			if ((left = d->deadline - now_s()) <= 0)
				return d->exited ? SPAWN_ENDED : SPAWN_TIMED_OUT;
			ts.tv_sec = (time_t)left;
			ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
			tsp = &ts;
		}
		if (stop != NULL && *stop)
			return SPAWN_STOPPED;
		/* Closed pipes are -1 here: ppoll() skips them. */
		if (ppoll(d->pfd, 2, tsp, wait_mask) == -1) {
			if (errno == EINTR)
				continue;
			return SPAWN_POLL_FAILED;
		}
		/* The round is read to its end: the other pipe's last words. */
		if (drain_read(d, take, arg))
			return SPAWN_REFUSED;
	}
}

enum spawn_end
spawn_drain(struct spawn *s, double timeout_s, volatile sig_atomic_t *stop,
    int (*take)(void *arg, int is_err, const char *buf, size_t n), void *arg)
{
	struct sigaction sa, old_sa;
	sigset_t held, old_mask, wait_mask;
	struct drain d;
	enum spawn_end end;
	int i, e;

	memset(&d, 0, sizeof(d));
	d.pfd[0].fd = s->out;
	d.pfd[1].fd = s->err;
	for (i = 0; i < 2; i++) {
		d.pfd[i].events = POLLIN;
		if (d.pfd[i].fd != -1)
			d.open_fds++;
	}
	if (timeout_s > 0)
		d.deadline = now_s() + timeout_s;
	/*
	 * SIGCHLD blocked but in ppoll(): the child's exit wakes us, and
	 * one that came before is pending, not lost.  So are the signals
	 * that set *stop, unless they were blocked already.
	 */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_child;
	sa.sa_flags = SA_NOCLDSTOP;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, &old_sa);
	sigemptyset(&held);
	sigaddset(&held, SIGCHLD);
	sigaddset(&held, SIGINT);
	sigaddset(&held, SIGTERM);
	sigaddset(&held, SIGHUP);
	sigprocmask(SIG_BLOCK, &held, &old_mask);
	wait_mask = old_mask;
	sigdelset(&wait_mask, SIGCHLD);
	end = drain_loop(s, &d, stop, &wait_mask, take, arg);
	e = errno;
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	sigaction(SIGCHLD, &old_sa, NULL);
	errno = e;
	return end;
}

/* sig to s's group, or to s alone when it has none of its own. */
static void
signal_child(const struct spawn *s, int sig)
{
	if ((s->flags & SPAWN_OUR_GROUP) || kill(-s->pid, sig) == -1)
		kill(s->pid, sig);
}

/* Wait up to secs for s to exit (left unreaped): 1 when it did. */
static int
exited_within(const struct spawn *s, double secs)
{
	struct timespec tick = { 0, 20 * 1000 * 1000 };
	double end = now_s() + secs;

	while (!child_exited(s)) {
		if (now_s() >= end)
			return 0;
		nanosleep(&tick, NULL);
	}
	return 1;
}

int
spawn_wait(struct spawn *s, int sig)
{
	siginfo_t si;
	int status;

	if (sig != 0) {
		signal_child(s, sig);
		/*
		 * A stopped child (SIGTTIN, SIGSTOP) would never act on it,
		 * one that ignores it would never end: SIGCONT, a grace,
		 * then SIGKILL.
		 */
		if (sig != SIGKILL) {
			signal_child(s, SIGCONT);
			if (!exited_within(s, s->grace_s > 0 ? s->grace_s :
			    SPAWN_KILL_GRACE_S))
				signal_child(s, SIGKILL);
		}
	}
	close_fd(&s->out);
	close_fd(&s->err);
	if (!(s->flags & SPAWN_OUR_GROUP)) {
		/*
		 * Its exit, not yet reaped (its pid, the group's id, is no
		 * one else's): then what it left behind is ended.
		 */
		while (waitid(P_PID, (id_t)s->pid, &si, WEXITED | WNOWAIT) ==
		    -1 && errno == EINTR)
			;
		kill(-s->pid, SIGTERM);
		kill(-s->pid, SIGKILL);
	}
	while (waitpid(s->pid, &status, 0) == -1)
		if (errno != EINTR)
			return -1;
	return status;
}

void
procs_adopt_orphans(void)
{
#if defined(__linux__)
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#elif defined(__FreeBSD__)
	(void)procctl(P_PID, getpid(), PROC_REAP_ACQUIRE, NULL);
#endif
}

#ifdef __linux__
/*
 * Kill and reap the children /proc lists for one of our threads: how
 * many there were.
 */
static int
end_children_of(const char *tid)
{
	char path[sizeof("/proc/self/task//children") + NAME_MAX];
	char *word = NULL, *end;
	size_t cap = 0;
	FILE *f;
	long pid;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/self/task/%s/children", tid);
	if ((f = fopen(path, "re")) == NULL)
		return 0;
	/* "PID PID ... ": words apart by spaces. */
	while (getdelim(&word, &cap, ' ', f) > 0) {
		errno = 0;
		pid = strtol(word, &end, 10);
		if (errno != 0 || end == word || pid <= 0)
			continue;
		/* A session leader it made (setsid): its group with it. */
		if (getpgid((pid_t)pid) == (pid_t)pid)
			kill(-(pid_t)pid, SIGKILL);
		kill((pid_t)pid, SIGKILL);
		while (waitpid((pid_t)pid, NULL, 0) == -1 && errno == EINTR)
			;
		n++;
	}
	free(word);
	fclose(f);
	return n;
}
#endif

void
procs_end_orphans(void)
{
#if defined(__linux__)
	struct dirent *de;
	DIR *d;
	int n, rounds;

	/* Each one killed hands us its own children: again, a bounded time. */
	for (rounds = 0; rounds < 100; rounds++) {
		if ((d = opendir("/proc/self/task")) == NULL)
			return;
		n = 0;
		/* cppcheck-suppress readdirCalled ; one thread: readdir_r is deprecated */
		while ((de = readdir(d)) != NULL)
			if (de->d_name[0] != '.')
				n += end_children_of(de->d_name);
		closedir(d);
		if (n == 0)
			return;
	}
#elif defined(__FreeBSD__)
	struct procctl_reaper_kill rk;

	memset(&rk, 0, sizeof(rk));
	rk.rk_sig = SIGKILL;
	if (procctl(P_PID, getpid(), PROC_REAP_KILL, &rk) == -1)
		return;
	/* All killed: each is reaped, and what it leaves comes to us. */
	while (waitpid(-1, NULL, 0) != -1 || errno == EINTR)
		;
#endif
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
	s->grace_s = p->grace_s;
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
		for (k = 0; k < slots && !signal_caught; k++)
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
		if (running == 0 || signal_caught)
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
	/*
	 * Stopped (or poll failed): do not leave children behind unreaped,
	 * nor running on when we were told to stop.
	 */
	for (k = 0; k < slots; k++)
		if (pfd[k].fd != -1)
			p[which[k]].status = spawn_wait(&sp[k],
			    signal_caught ? SIGTERM : 0);
	for (; signal_caught && next < n; next++)
		p[next].start_errno = EINTR;
	free(pfd);
	free(sp);
	free(which);
	if (signal_caught) {
		errno = EINTR;
		return -1;
	}
	return rc;
}

void
procs_free(struct proc *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sb_free(&p[i].out);
}
