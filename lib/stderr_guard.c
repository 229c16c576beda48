/*
 * stderr_guard.c: the one quoting point for what kbench says on its
 * standard error.
 *
 * A message quotes what it was given (a file name, an option's value, a
 * header of somebody's CSV, a program's listing), and 216 calls of
 * warnx() cannot each be trusted to escape it.  So stderr itself is a
 * stream that escapes: every byte written to it goes out as
 * sb_add_terminal_n() shows it (controls, C1, bidirectional overrides
 * and bytes that are not UTF-8 as \xNN or \uNNNN; newlines and tabs
 * kept), and no escape sequence reaches the terminal whatever the
 * message.  It is line-buffered into a large buffer, so a UTF-8
 * character is cut between two writes only inside a line longer than
 * it.  What must reach the terminal as is (the collector's progress
 * line) is written to descriptor 2 directly.
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "lib/stderr_guard.h"
#include "lib/strmap.h"
#include "lib/util.h"

#define GUARD_BUF	65536

/* Write all of s[0 .. n) to descriptor 2: 0, or -1. */
static int
write_all(const char *s, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(STDERR_FILENO, s, n)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

/* stderr_once(): on, and the lines said while it was. */
static int		once_on;
static struct strmap	once_said = STRMAP_INIT;
static size_t		once_n;

void
stderr_once(int on)
{
	(void)fflush(stderr);
	once_on = on;
}

/* Was this whole line (buf[0 .. n), its newline last) said already? */
static int
said_before(const char *buf, size_t n)
{
	struct strbuf line = STRBUF_INIT;
	int seen;

	if (!once_on || n == 0 || buf[n - 1] != '\n')
		return 0;
	sb_add(&line, buf, n);
	if (!(seen = strmap_get(&once_said, sb_str(&line)) != NULL) &&
	    once_n < STDERR_ONCE_MAX) {
		strmap_put(&once_said, sb_str(&line), &once_said);
		once_n++;
	}
	sb_free(&line);
	return seen;
}

static int
guard_put(const char *buf, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	int rc;

	if (said_before(buf, n))
		return 0;
	sb_add_terminal_n(&sb, buf, n);
	rc = write_all(sb_str(&sb), sb.len);
	sb_free(&sb);
	return rc;
}

#ifdef __linux__
static ssize_t
guard_write(void *cookie, const char *buf, size_t n)
{
	(void)cookie;
	return guard_put(buf, n) == -1 ? -1 : (ssize_t)n;
}

static FILE *
guard_open(void)
{
	cookie_io_functions_t io = { NULL, guard_write, NULL, NULL };

	return fopencookie(NULL, "w", io);
}
#else
static int
guard_write(void *cookie, const char *buf, int n)
{
	(void)cookie;
	return n < 0 || guard_put(buf, (size_t)n) == -1 ? -1 : n;
}

static FILE *
guard_open(void)
{
	return funopen(NULL, NULL, guard_write, NULL, NULL);
}
#endif

void
stderr_guard(void)
{
	static char buf[GUARD_BUF];
	FILE *fp;

	if ((fp = guard_open()) == NULL)
		return;	/* stderr as it was: messages still said */
	if (setvbuf(fp, buf, _IOLBF, sizeof(buf)) != 0) {
		(void)fclose(fp);
		return;
	}
	(void)fflush(stderr);
	stderr = fp;
}
