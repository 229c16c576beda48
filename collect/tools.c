/*
 * tools.c: see tools.h.
 */
#include <sys/wait.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools.h"

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

char *
tool_path(const char *argv0, const char *name)
{
	char self[PATH_MAX], *slash, *p;
	const char *env = getenv("KBENCH_LIBEXEC"), *path, *colon;
	ssize_t n;

	if (env != NULL && *env != '\0')
		return executable(env, strlen(env), name);
	/* Beside kbench itself: /proc/self/exe on Linux, else argv[0]. */
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0)
		self[n] = '\0';
	else if (argv0 == NULL || strchr(argv0, '/') == NULL ||
	    realpath(argv0, self) == NULL)
		self[0] = '\0';
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

int
tool_list(char *const *argv, struct strlist *out)
{
	struct strbuf cmd = STRBUF_INIT;
	char line[1024], *tab;
	FILE *fp;
	int fds[2], status;
	pid_t pid;

	if (pipe(fds) == -1)
		return -1;
	if ((pid = fork()) == -1) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		close(fds[1]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	if ((fp = fdopen(fds[0], "r")) == NULL) {
		close(fds[0]);
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
	sb_free(&cmd);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}
