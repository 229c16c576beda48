/*
 * nightly_conf.c: read and check the configuration of kbench nightly
 * (the format is in nightly.h).  Every error names the file and line:
 * a mistake found at 2 a.m. by cron is a night lost, so everything that
 * can be checked before the night is checked here.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/benchmark.h"
#include "collect/collector.h"
#include "collect/nightly/nightly.h"
#include "db/store.h"

/* A character of a fact key or a configuration name. */
static int
name_char(int ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	    (ch >= '0' && ch <= '9') || ch == '_' || ch == '-' || ch == '.';
}

static int
valid_name(const char *s)
{
	if (*s == '\0')
		return 0;
	for (; *s != '\0'; s++)
		if (!name_char((unsigned char)*s))
			return 0;
	return 1;
}

int
nightly_split(const char *s, struct strlist *out, struct strbuf *err)
{
	struct strbuf arg = STRBUF_INIT;
	char q;

	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || *s == '#')
			break;
		sb_reset(&arg);
		while (*s != '\0' && *s != ' ' && *s != '\t') {
			if (*s == '\'' || *s == '"') {
				q = *s++;
				while (*s != '\0' && *s != q) {
					if (q == '"' && *s == '\\' &&
					    strchr("\"\\$`", s[1]) != NULL &&
					    s[1] != '\0')
						s++;
					sb_add(&arg, s++, 1);
				}
				if (*s != q) {
					sb_addf(err, "unterminated %c quote", q);
					sb_free(&arg);
					return -1;
				}
				s++;
			} else if (*s == '\\') {
				if (s[1] == '\0') {
					sb_adds(err, "a backslash at the end");
					sb_free(&arg);
					return -1;
				}
				sb_add(&arg, s + 1, 1);
				s += 2;
			} else
				sb_add(&arg, s++, 1);
		}
		strlist_add(out, sb_str(&arg));
	}
	sb_free(&arg);
	return 0;
}

/*
 * Does s end inside a comment (a "#" starting a word, outside quotes,
 * as nightly_split() and sh(1) see one)?  A backslash after it is the
 * comment's ("# see C:\"), not a continuation.
 */
static int
in_comment(const char *s)
{
	int word = 1;
	char q = '\0';

	for (; *s != '\0'; s++) {
		if (q != '\0') {
			if (*s == q)
				q = '\0';
			else if (q == '"' && *s == '\\' && s[1] != '\0')
				s++;
		} else if (*s == ' ' || *s == '\t')
			word = 1;
		else if (*s == '#' && word)
			return 1;
		else {
			word = 0;
			if (*s == '\'' || *s == '"')
				q = *s;
			else if (*s == '\\' && s[1] != '\0')
				s++;
		}
	}
	return 0;
}

/* dir of the configuration file + "/" + p, unless p is absolute. */
static char *
relative_to(const char *conf, const char *p)
{
	struct strbuf sb = STRBUF_INIT;
	const char *slash = strrchr(conf, '/');

	if (*p == '/' || slash == NULL)
		return xstrdup(p);
	sb_add(&sb, conf, (size_t)(slash - conf) + 1);
	sb_adds(&sb, p);
	return sb.buf;
}

/* The reader's state: where it is, for messages. */
struct reader {
	const char	*path;
	int		 line;
	struct strbuf	*err;
};

static int
bad(struct reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int
bad(struct reader *r, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	/* The file's own text is in it: shown, never acted on. */
	sb_add_visible(r->err, r->path);
	sb_addf(r->err, ":%d: ", r->line);
	sb_add_visible(r->err, buf);
	return -1;
}

/* A keyword that takes one value, given once. */
static int
single(struct reader *r, const char *kw, struct strlist *args, char **dst)
{
	if (*dst != NULL)
		return bad(r, "%s given twice", kw);
	if (args->n != 1)
		return bad(r, "%s takes one value (quote it if it has blanks), "
		    "got %zu", kw, args->n);
	if (*args->v[0] == '\0')
		return bad(r, "%s is empty", kw);
	*dst = xstrdup(args->v[0]);
	return 0;
}

static struct nightly_fact *
fact_new(struct nightly_conf *c, int line)
{
	struct nightly_fact *f;

	c->facts = xreallocarray(c->facts, c->nfacts + 1, sizeof(*c->facts));
	f = &c->facts[c->nfacts++];
	memset(f, 0, sizeof(*f));
	f->line = line;
	return f;
}

static int
fact_key_ok(struct reader *r, const struct nightly_conf *c, const char *key)
{
	size_t i;

	if (!valid_name(key))
		return bad(r, "fact key '%s': expected letters, digits, '_', "
		    "'-' or '.'", key);
	if (strcmp(key, "nightly") == 0)
		return bad(r, "fact key 'nightly' is kbench's own (the "
		    "configuration's name)");
	if (collector_owns(key))
		return bad(r, "fact key '%s' is a fact kbench records itself",
		    key);
	for (i = 0; i < c->nfacts; i++)
		if (strcmp(c->facts[i].key, key) == 0)
			return bad(r, "fact %s given twice (first on line %d)",
			    key, c->facts[i].line);
	return 0;
}

/* fact KEY=VALUE */
static int
take_fact(struct reader *r, struct nightly_conf *c, struct strlist *args)
{
	struct nightly_fact *f;
	const char *eq;
	char *key;
	int rc;

	if (args->n != 1 || (eq = strchr(args->v[0], '=')) == NULL)
		return bad(r, "fact: expected KEY=VALUE (quote it if it has "
		    "blanks)");
	key = xstrdup(args->v[0]);
	key[eq - args->v[0]] = '\0';
	if ((rc = fact_key_ok(r, c, key)) == 0) {
		f = fact_new(c, r->line);
		f->key = key;
		f->value = xstrdup(eq + 1);
		return 0;
	}
	free(key);
	return rc;
}

/* fact-command KEY COMMAND...: the command is the rest of the line, raw. */
static int
take_fact_command(struct reader *r, struct nightly_conf *c, const char *rest)
{
	struct nightly_fact *f;
	const char *p = rest;
	size_t n;
	char *key;

	n = strcspn(p, " \t");
	key = xstrndup(p, n);
	p += n;
	p += strspn(p, " \t");
	if (*key == '\0' || *p == '\0' || *p == '#') {
		free(key);
		return bad(r, "fact-command: expected KEY COMMAND");
	}
	if (fact_key_ok(r, c, key) == -1) {
		free(key);
		return -1;
	}
	f = fact_new(c, r->line);
	f->key = key;
	f->value = xstrdup(p);
	f->is_command = 1;
	return 0;
}

/*
 * Options the nightly sets itself, refused in trend lines: getopt_long
 * takes any unambiguous abbreviation ("--lab=X" is --label).  The
 * collect lines go through the collector's own parser (cmd_nightly.c).
 */
static int
own_option(struct reader *r, const char *kw, const char *arg)
{
	size_t n = strcspn(arg, "=");

	if (strcmp(arg, "-l") == 0 || (strncmp(arg, "--", 2) == 0 && n > 2 &&
	    strncmp(arg + 2, "label", n - 2) == 0 && n - 2 <= 5))
		return bad(r, "%s: %s: the nightly sets the label (the label "
		    "keyword)", kw, arg);
	if (strncmp(arg, "--db", 4) == 0)
		return bad(r, "%s: %s: the nightly sets the database (the "
		    "database keyword)", kw, arg);
	return 0;
}

/* collect KIND ARGS... */
static int
take_collect(struct reader *r, struct nightly_conf *c, struct strlist *args)
{
	struct nightly_collect *k;
	struct strbuf names = STRBUF_INIT;
	size_t i;
	int rc;

	if (args->n == 0 || benchmark_find(args->v[0]) == NULL) {
		benchmark_names(&names, ", ", " or ");
		rc = bad(r, "collect: expected %s, then kbench collect's "
		    "options, got '%s'", sb_str(&names), args->n ?
		    args->v[0] : "");
		sb_free(&names);
		return rc;
	}
	for (i = 1; i < args->n; i++)
		if (own_option(r, "collect", args->v[i]) == -1)
			return -1;
	c->collect = xreallocarray(c->collect, c->ncollect + 1,
	    sizeof(*c->collect));
	k = &c->collect[c->ncollect++];
	memset(k, 0, sizeof(*k));
	k->kind = xstrdup(args->v[0]);
	k->line = r->line;
	for (i = 1; i < args->n; i++)
		strlist_add(&k->args, args->v[i]);
	return 0;
}

/* One logical line: KEYWORD REST. */
static int
take_line(struct reader *r, struct nightly_conf *c, char *s, int *seen_trend)
{
	struct strlist args = { NULL, 0 };
	struct strbuf why = STRBUF_INIT;
	const char *rest;
	char *kw;
	size_t n, i;
	int rc = -1;

	s += strspn(s, " \t");
	if (*s == '\0' || *s == '#')
		return 0;
	n = strcspn(s, " \t");
	kw = xstrndup(s, n);
	rest = s + n + strspn(s + n, " \t");
	if (strcmp(kw, "fact-command") == 0) {
		rc = take_fact_command(r, c, rest);
		goto out;
	}
	if (nightly_split(rest, &args, &why) == -1) {
		bad(r, "%s: %s", kw, sb_str(&why));
		goto out;
	}
	if (strcmp(kw, "name") == 0) {
		if ((rc = single(r, kw, &args, &c->name)) == 0 &&
		    !valid_name(c->name))
			rc = bad(r, "name '%s': expected letters, digits, '_', "
			    "'-' or '.'", c->name);
	} else if (strcmp(kw, "database") == 0)
		rc = single(r, kw, &args, &c->database);
	else if (strcmp(kw, "label") == 0) {
		rc = single(r, kw, &args, &c->label);
		c->label_line = r->line;
	}
	else if (strcmp(kw, "lock") == 0)
		rc = single(r, kw, &args, &c->lock);
	else if (strcmp(kw, "site") == 0)
		rc = single(r, kw, &args, &c->site);
	else if (strcmp(kw, "fact") == 0)
		rc = take_fact(r, c, &args);
	else if (strcmp(kw, "collect") == 0)
		rc = take_collect(r, c, &args);
	else if (strcmp(kw, "trend") == 0) {
		if (*seen_trend)
			rc = bad(r, "trend given twice");
		else {
			rc = 0;
			*seen_trend = 1;
			c->trend_line = r->line;
			for (i = 0; i < args.n && rc == 0; i++)
				rc = own_option(r, "trend", args.v[i]);
			for (i = 0; i < args.n && rc == 0; i++)
				strlist_add(&c->trend_args, args.v[i]);
		}
	} else
		rc = bad(r, "unknown keyword '%s' (expected name, database, "
		    "label, lock, fact, fact-command, collect, trend or site)",
		    kw);
out:
	free(kw);
	strlist_free(&args);
	sb_free(&why);
	return rc;
}

/*
 * The file's commands run as whoever runs kbench nightly, root often: as
 * cron and sudo do, refuse a file that someone else could have written.
 * 0, or -1 with why.
 */
static int
trusted(const char *path, int fd, struct strbuf *err)
{
	struct stat st;
	uid_t me = geteuid();

	if (fstat(fd, &st) == -1) {
		sb_addf(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (st.st_mode & S_IWOTH) {
		sb_addf(err, "%s: mode %04o: anyone may write it, and its "
		    "commands would run as uid %ld: not run (chmod o-w %s)",
		    path, (unsigned)(st.st_mode & 07777), (long)me, path);
		return -1;
	}
	if (st.st_uid != me && st.st_uid != 0) {
		sb_addf(err, "%s: owned by uid %ld, not by you (uid %ld) nor "
		    "root: its commands would run as you: not run", path,
		    (long)st.st_uid, (long)me);
		return -1;
	}
	if ((st.st_mode & S_IWGRP) && st.st_uid != 0) {
		sb_addf(err, "%s: mode %04o: its group (gid %ld) may write it, "
		    "and it is not root's: not run (chmod g-w %s)", path,
		    (unsigned)(st.st_mode & 07777), (long)st.st_gid, path);
		return -1;
	}
	return 0;
}

/*
 * The configuration opened and checked before a byte is read: not
 * blocking in open(2) (a FIFO with no writer would hang before the
 * check; it then reads as empty), blocking again to read (a pipe, as
 * -f /dev/stdin, must wait for its writer).  The stream, or NULL (err).
 */
static FILE *
open_conf(const char *path, struct strbuf *err)
{
	FILE *fp;
	int fd, fl;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1) {
		sb_addf(err, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (trusted(path, fd, err) == -1) {
		close(fd);
		return NULL;
	}
	if ((fl = fcntl(fd, F_GETFL)) == -1 ||
	    fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) == -1 ||
	    (fp = fdopen(fd, "r")) == NULL) {
		sb_addf(err, "%s: %s", path, strerror(errno));
		close(fd);
		return NULL;
	}
	return fp;
}

/* The base name of path without ".conf": the default name. */
static char *
default_name(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base != NULL ? base + 1 : path;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".conf") == 0)
		n -= 5;
	return xstrndup(base, n);
}

int
nightly_conf_read(const char *path, struct nightly_conf *c, struct strbuf *err)
{
	struct reader r = { path, 0, err };
	struct strbuf logical = STRBUF_INIT;
	char *line = NULL, *p;
	size_t cap = 0, len;
	ssize_t n;
	int rc = 0, seen_trend = 0, phys = 0;
	FILE *fp;

	memset(c, 0, sizeof(*c));
	c->path = xstrdup(path);
	if ((fp = open_conf(path, err)) == NULL) {
		nightly_conf_free(c);
		return -1;
	}
	/* Room for the longest line and its CRLF, and one byte to tell. */
	while (rc == 0 &&
	    (n = getline_max(&line, &cap, fp, NIGHTLY_LINE_MAX + 2)) != -1) {
		/* A line cut short by a read error is not taken. */
		if (ferror(fp))
			break;
		phys++;
		/* Messages name the first line of a continued line. */
		if (sb_str(&logical)[0] == '\0')
			r.line = phys;
		len = n < 0 ? 0 : (size_t)n;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		/* A continued line is bounded as a whole, its ends not counted. */
		if (n == -2 || logical.len + len > NIGHTLY_LINE_MAX) {
			rc = bad(&r, "line longer than %d bytes",
			    NIGHTLY_LINE_MAX);
			break;
		}
		if (memchr(line, '\0', len) != NULL) {
			r.line = phys;
			rc = bad(&r, "a NUL byte: not a text file");
			break;
		}
		/*
		 * A comment line is dropped whole, within a continued line
		 * too: its trailing backslash ("# see C:\") continues nothing.
		 */
		if (line[strspn(line, " \t")] == '#')
			continue;
		/* A trailing backslash continues the line, not a comment's. */
		sb_adds(&logical, line);
		if (len > 0 && line[len - 1] == '\\') {
			logical.buf[logical.len - 1] = '\0';
			if (!in_comment(sb_str(&logical))) {
				logical.buf[logical.len - 1] = ' ';
				continue;
			}
			logical.buf[logical.len - 1] = '\\';
		}
		p = xstrdup(sb_str(&logical));
		sb_reset(&logical);
		rc = take_line(&r, c, p, &seen_trend);
		free(p);
	}
	/* Not the end of the file: nothing of it is used. */
	if (rc == 0 && ferror(fp)) {
		sb_addf(err, "%s: %s", path, strerror(errno));
		rc = -2;
	}
	fclose(fp);
	free(line);
	if (rc == 0 && sb_str(&logical)[0] != '\0')
		rc = bad(&r, "the file ends in a backslash");
	sb_free(&logical);
	if (rc == 0 && c->ncollect == 0) {
		sb_addf(err, "%s: no collect line: nothing to run (collect "
		    "sleep ... or collect lock ...)", path);
		rc = -1;
	}
	if (rc != 0) {
		nightly_conf_free(c);
		return rc;
	}
	if (c->name == NULL) {
		c->name = default_name(path);
		if (!valid_name(c->name)) {
			sb_add_visible(err, path);
			sb_adds(err, ": the file's name makes the nightly's name '");
			sb_add_visible(err, c->name);
			sb_adds(err, "', not letters, digits, '_', '-' or '.': "
			    "give it a name line");
			nightly_conf_free(c);
			return -1;
		}
	}
	if (c->label == NULL)
		c->label = xstrdup(NIGHTLY_LABEL);
	if (c->database != NULL) {
		/* A server's location is no path (store.h). */
		p = store_location_is_server(c->database) ?
		    xstrdup(c->database) : relative_to(path, c->database);
		free(c->database);
		c->database = p;
	}
	if (c->lock != NULL) {
		p = relative_to(path, c->lock);
		free(c->lock);
		c->lock = p;
	}
	if (c->site != NULL) {
		p = relative_to(path, c->site);
		free(c->site);
		c->site = p;
	}
	return 0;
}

void
nightly_conf_free(struct nightly_conf *c)
{
	size_t i;

	free(c->path);
	free(c->name);
	free(c->database);
	free(c->label);
	free(c->lock);
	free(c->site);
	for (i = 0; i < c->nfacts; i++) {
		free(c->facts[i].key);
		free(c->facts[i].value);
	}
	free(c->facts);
	for (i = 0; i < c->ncollect; i++) {
		free(c->collect[i].kind);
		strlist_free(&c->collect[i].args);
	}
	free(c->collect);
	strlist_free(&c->trend_args);
	memset(c, 0, sizeof(*c));
}
