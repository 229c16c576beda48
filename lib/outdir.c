/*
 * outdir.c: see outdir.h.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/outdir.h"

/* path without its trailing slashes ("/" stays "/"). */
static char *
trimmed(const char *path)
{
	char *p = xstrdup(path);
	size_t n = strlen(p);

	while (n > 1 && p[n - 1] == '/')
		p[--n] = '\0';
	return p;
}

/* Make one directory; an existing one is fine, anything else is not. */
static int
mkdir_one(const char *path, struct strbuf *err)
{
	struct stat st;

	if (mkdir(path, 0777) == 0)
		return 0;
	if (errno == EEXIST && stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return 0;
		sb_addf(err, "%s: not a directory", path);
		return -1;
	}
	sb_addf(err, "%s: %s", path, strerror(errno));
	return -1;
}

int
mkdir_p(const char *path, struct strbuf *err)
{
	char *p = trimmed(path), *slash;
	int rc = 0;

	/* Each parent in turn: "a", "a/b", then "a/b/c". */
	for (slash = p + 1; rc == 0 && (slash = strchr(slash, '/')) != NULL;
	    slash++) {
		*slash = '\0';
		rc = mkdir_one(p, err);
		*slash = '/';
	}
	if (rc == 0)
		rc = mkdir_one(p, err);
	free(p);
	return rc;
}

/* The parent of path, "." when it has none. */
static char *
parent_of(const char *path)
{
	char *p = xstrdup(path), *slash = strrchr(p, '/');

	if (slash == NULL) {
		free(p);
		return xstrdup(".");
	}
	if (slash == p)
		slash[1] = '\0';
	else
		*slash = '\0';
	return p;
}

int
mkdir_parent(const char *path, struct strbuf *err)
{
	char *parent = parent_of(path);
	int rc = mkdir_p(parent, err);

	free(parent);
	return rc;
}

/* The outermost missing directory on the way to path, or NULL. */
static char *
first_missing(const char *path)
{
	struct stat st;
	char *p = xstrdup(path), *up;

	if (stat(p, &st) == 0) {
		free(p);
		return NULL;
	}
	for (;;) {
		up = parent_of(p);
		if (strcmp(up, p) == 0 || stat(up, &st) == 0) {
			free(up);
			return p;
		}
		free(p);
		p = up;
	}
}

/*
 * Remove the parents outdir_open() made, innermost first: rmdir() keeps
 * any that something else has filled meanwhile.
 */
static void
unmake_parents(struct outdir *od)
{
	char *p, *up;

	if (od->made == NULL)
		return;
	for (p = parent_of(od->path); rmdir(p) == 0 &&
	    strcmp(p, od->made) != 0; p = up) {
		up = parent_of(p);
		free(p);
	}
	free(p);
	free(od->made);
	od->made = NULL;
}

int
outdir_open(struct outdir *od, const char *path, struct strbuf *err)
{
	struct strbuf tmp = STRBUF_INIT;
	struct stat st;
	char *parent;

	memset(od, 0, sizeof(*od));
	od->path = trimmed(path);
	if (stat(od->path, &st) == 0) {
		if (!S_ISDIR(st.st_mode)) {
			sb_addf(err, "%s: not a directory", od->path);
			goto fail;
		}
		/* Inside it: the files are then renamed on one file system. */
		od->existed = 1;
		sb_addf(&tmp, "%s/.kbench-tmp-XXXXXX", od->path);
	} else {
		parent = parent_of(od->path);
		od->made = first_missing(parent);
		if (mkdir_p(parent, err) == -1) {
			free(parent);
			unmake_parents(od);
			goto fail;
		}
		free(parent);
		sb_addf(&tmp, "%s.tmp-XXXXXX", od->path);
	}
	if (mkdtemp(tmp.buf) == NULL) {
		sb_addf(err, "%s: %s", sb_str(&tmp), strerror(errno));
		sb_free(&tmp);
		unmake_parents(od);
		goto fail;
	}
	od->tmp = tmp.buf;
	return 0;
fail:
	free(od->path);
	od->path = NULL;
	return -1;
}

/*
 * Rename (to) or remove (to == NULL) every entry of dir, then remove
 * dir.  Stops at the first failure, said in err.
 */
static int
empty_dir(const char *dir, const char *to, struct strbuf *err)
{
	struct strbuf from = STRBUF_INIT, dst = STRBUF_INIT;
	struct dirent *de;
	DIR *d;
	int rc = 0;

	if ((d = opendir(dir)) == NULL) {
		sb_addf(err, "%s: %s", dir, strerror(errno));
		return -1;
	}
	/* cppcheck-suppress readdirCalled ; readdir_r is deprecated */
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		sb_reset(&from);
		sb_addf(&from, "%s/%s", dir, de->d_name);
		if (to == NULL) {
			if (unlink(sb_str(&from)) == -1) {
				sb_addf(err, "%s: %s", sb_str(&from),
				    strerror(errno));
				rc = -1;
			}
			continue;
		}
		sb_reset(&dst);
		sb_addf(&dst, "%s/%s", to, de->d_name);
		if (rename(sb_str(&from), sb_str(&dst)) == -1) {
			sb_addf(err, "%s: %s", sb_str(&dst), strerror(errno));
			rc = -1;
		}
	}
	closedir(d);
	sb_free(&from);
	sb_free(&dst);
	if (rc == 0 && rmdir(dir) == -1) {
		sb_addf(err, "%s: %s", dir, strerror(errno));
		rc = -1;
	}
	return rc;
}

int
outdir_close(struct outdir *od, int ok, struct strbuf *err)
{
	mode_t mask;
	int rc = 0;

	if (od->tmp == NULL)
		return -1;
	if (ok && od->existed)
		rc = empty_dir(od->tmp, od->path, err);
	else if (ok) {
		/* mkdtemp() made it 0700: as mkdir would have. */
		mask = umask(0);
		umask(mask);
		if (chmod(od->tmp, 0777 & ~mask) == -1 ||
		    rename(od->tmp, od->path) == -1) {
			sb_addf(err, "%s: %s", od->path, strerror(errno));
			rc = -1;
		}
	}
	if (!ok || rc == -1) {
		empty_dir(od->tmp, NULL, err);
		unmake_parents(od);
	}
	free(od->made);
	free(od->tmp);
	free(od->path);
	memset(od, 0, sizeof(*od));
	return ok ? rc : -1;
}
