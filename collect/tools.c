/*
 * tools.c: see tools.h.
 */
#include <sys/types.h>
#ifdef __FreeBSD__
#include <sys/sysctl.h>
#endif

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/tools.h"
#include "lib/procs.h"

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

/* Keep what a child printed on its standard output, up to a bound. */
static int
take_all(void *arg, int is_err, const char *buf, size_t n)
{
	struct strbuf *text = arg;

	(void)is_err;
	if (text->len + n > TOOL_LIST_MAX)
		return -1;
	sb_add(text, buf, n);
	return 0;
}

/* Its output, line by line, the first field of each into out. */
static void
list_fields(struct strbuf *text, struct strlist *out)
{
	char *line, *next, *tab;

	for (line = text->buf; line != NULL && *line != '\0'; line = next) {
		next = line + strcspn(line, "\n");
		if (*next != '\0')
			*next++ = '\0';
		line[strcspn(line, "\r")] = '\0';
		if ((tab = strchr(line, '\t')) != NULL)
			*tab = '\0';
		if (*line != '\0')
			strlist_add(out, line);
	}
}

int
tool_list(char *const *argv, double timeout_s, struct strlist *out,
    struct strbuf *why)
{
	struct strbuf text = STRBUF_INIT;
	struct spawn sp;
	enum spawn_end end;
	int status;

	if (timeout_s <= 0)
		timeout_s = TOOL_LIST_TIMEOUT_S;
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.out_to = SPAWN_PIPE;
	if (spawn_start(&sp) == -1) {
		sb_addf(why, "cannot run it: %s", strerror(errno));
		return -1;
	}
	end = spawn_drain(&sp, timeout_s, NULL, take_all, &text);
	status = spawn_wait(&sp, end == SPAWN_ENDED ? 0 : SIGKILL);
	if (end == SPAWN_TIMED_OUT)
		sb_addf(why, "no end after %g s: killed", timeout_s);
	else if (end == SPAWN_REFUSED)
		sb_addf(why, "more than %d bytes: killed", TOOL_LIST_MAX);
	else if (end == SPAWN_POLL_FAILED)
		sb_addf(why, "poll: %s", strerror(errno));
	else if (status_ok(status))
		list_fields(&text, out);
	sb_free(&text);
	return end == SPAWN_ENDED && status_ok(status) ? 0 : -1;
}

/* An answer read and thrown away. */
static int
take_none(void *arg, int is_err, const char *buf, size_t n)
{
	(void)arg;
	(void)is_err;
	(void)buf;
	(void)n;
	return 0;
}

int
tool_succeeds(char *const *argv)
{
	struct spawn sp;
	enum spawn_end end;

	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.out_to = SPAWN_PIPE;
	sp.err_to = SPAWN_MERGE;
	if (spawn_start(&sp) == -1)
		return 0;
	/* Read, so that the deadline holds. */
	end = spawn_drain(&sp, TOOL_LIST_TIMEOUT_S, NULL, take_none, NULL);
	return status_ok(spawn_wait(&sp, end == SPAWN_ENDED ? 0 : SIGKILL)) &&
	    end == SPAWN_ENDED;
}
