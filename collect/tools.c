/*
 * tools.c: see tools.h.
 */
#include <sys/types.h>
#ifdef __FreeBSD__
#include <sys/sysctl.h>
#endif
#include <sys/wait.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/tools.h"

static char *
executable(const char *dir, size_t dirlen, const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	sb_add(&sb, dir, dirlen);
	sb_addf(&sb, "/%s", name);
	if (access(sb_str(&sb), X_OK) == 0)
		return sb.buf;
	sb_free(&sb);
	return NULL;
}

int
self_path(const char *argv0, char *self, size_t size)
{
	ssize_t n;
#ifdef __FreeBSD__
	int mib[4] = { CTL_KERN, KERN_PROC, KERN_PROC_PATHNAME, -1 };
	size_t len = size;

	if (sysctl(mib, 4, self, &len, NULL, 0) == 0 && len > 1)
		return 0;
#endif
	n = readlink("/proc/self/exe", self, size - 1);
	if (n > 0) {
		self[n] = '\0';
		return 0;
	}
	if (argv0 != NULL && strchr(argv0, '/') != NULL && size >= PATH_MAX &&
	    realpath(argv0, self) != NULL)
		return 0;
	self[0] = '\0';
	return -1;
}

char *
tool_path(const char *argv0, const char *name)
{
	char self[PATH_MAX], *slash, *p;
	const char *env = getenv("KBENCH_LIBEXEC"), *path, *colon;

	if (env != NULL && *env != '\0')
		return executable(env, strlen(env), name);
	/* Beside kbench itself (build/ or PREFIX/bin). */
	self_path(argv0, self, sizeof(self));
	if ((slash = strrchr(self, '/')) != NULL &&
	    (p = executable(self, (size_t)(slash - self), name)) != NULL)
		return p;
	if ((path = getenv("PATH")) == NULL)
		return NULL;
	for (;;) {
		colon = strchr(path, ':');
		p = executable(path, colon ? (size_t)(colon - path) : strlen(path),
		    name);
		if (p != NULL || colon == NULL)
			return p;
		path = colon + 1;
	}
}

pid_t
tool_spawn(char *const *argv, const char *dir, int *outfd)
{
	int fds[2];
	pid_t pid;

	if (pipe(fds) == -1)
		return -1;
	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) == -1) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		close(fds[1]);
		if (dir != NULL && chdir(dir) == -1) {
			fprintf(stderr, "kbench: %s: %s\n", dir, strerror(errno));
			_exit(127);
		}
		execv(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	*outfd = fds[0];
	return pid;
}

int
tool_list(char *const *argv, struct strlist *out)
{
	char line[1024], *tab;
	FILE *fp;
	int fd, status;
	pid_t pid;

	if ((pid = tool_spawn(argv, NULL, &fd)) == -1)
		return -1;
	if ((fp = fdopen(fd, "r")) == NULL) {
		close(fd);
		waitpid(pid, &status, 0);
		return -1;
	}
	while (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		if ((tab = strchr(line, '\t')) != NULL)
			*tab = '\0';
		if (*line != '\0')
			strlist_add(out, line);
	}
	fclose(fp);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}
