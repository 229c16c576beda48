/*
 * outstage.c: kbench report's directory, filled beside its final place
 * and moved in whole (outdir.h: struct outdir).
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/outdir.h"

/*
 * Remove the parents outdir_open() made, innermost first: rmdir() keeps
 * any that something else has filled meanwhile, and removes nothing but
 * an empty directory.
 */
static void
unmake_parents(struct outdir *od)
{
	char *p, *up;

	if (od->made == NULL)
		return;
	for (p = odir_parent_of(od->path); rmdir(p) == 0 &&
	    strcmp(p, od->made) != 0; p = up) {
		up = odir_parent_of(p);
		free(p);
	}
	free(p);
}

static void
outdir_init(struct outdir *od)
{
	memset(od, 0, sizeof(*od));
	od->parent.fd = od->final.fd = od->stage.fd = -1;
	od->parent.up = od->final.up = od->stage.up = -1;
}

static void
outdir_free(struct outdir *od)
{
	odir_close(&od->parent);
	odir_close(&od->final);
	odir_close(&od->stage);
	free(od->path);
	free(od->made);
	outdir_init(od);
}

/* The last name of path ("" for "/"). */
static const char *
last_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL ? slash + 1 : path;
}

int
outdir_open(struct outdir *od, const char *path, struct strbuf *err)
{
	struct strbuf prefix = STRBUF_INIT;
	struct stat st;
	char *up;
	const char *name;
	size_t n;
	int rc;

	outdir_init(od);
	od->path = xstrdup(path);
	n = strlen(od->path);
	while (n > 1 && od->path[n - 1] == '/')
		od->path[--n] = '\0';
	name = last_name(od->path);
	up = odir_parent_of(od->path);
	rc = odir_open(&od->parent, up, ODIR_CREATE, &od->made, err);
	free(up);
	if (rc == 0 && (*name == '\0' ||
	    fstatat(od->parent.fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0)) {
		/* Inside it: the files are then renamed on one file system. */
		rc = odir_open(&od->final, od->path, 0, NULL, err);
		if (rc == 0)
			rc = odir_private(&od->final, ".kbench-tmp-", &od->stage,
			    err);
	} else if (rc == 0) {
		sb_addf(&prefix, "%s" ODIR_TMP_DIR, name);
		rc = odir_private(&od->parent, sb_str(&prefix), &od->stage, err);
		sb_free(&prefix);
	}
	if (rc == -1) {
		unmake_parents(od);
		outdir_free(od);
	}
	return rc;
}

/*
 * The stage renamed to path, with a new directory's mode (and its
 * set-group-ID bit), then path looked at: in a parent others can write,
 * the stage could have been swapped for a directory of theirs.
 */
static int
stage_to_place(struct outdir *od, struct strbuf *err)
{
	mode_t mask = umask(0);
	struct stat mine, there;
	const char *name = last_name(od->path);

	umask(mask);
	if (fstat(od->stage.fd, &mine) == -1 ||
	    fchmod(od->stage.fd, (0777 & ~mask) | (mine.st_mode & S_ISGID)) ==
	    -1 || renameat(od->parent.fd, od->stage.name, od->parent.fd,
	    name) == -1 ||
	    fstatat(od->parent.fd, name, &there, AT_SYMLINK_NOFOLLOW) == -1) {
		sb_addf(err, "%s: %s", od->path, strerror(errno));
		return -1;
	}
	if (there.st_dev != mine.st_dev || there.st_ino != mine.st_ino) {
		sb_addf(err, "%s: replaced by another directory while written: "
		    "not ours any more", od->path);
		return -1;
	}
	return 0;
}

int
outdir_close(struct outdir *od, int ok, struct strbuf *err)
{
	int rc = 0;

	if (od->stage.fd == -1)
		return -1;
	if (ok && od->final.fd != -1)
		rc = odir_adopt(&od->stage, &od->final, err);
	else if (ok)
		rc = stage_to_place(od, err);
	if (!ok || rc == -1) {
		odir_discard(&od->stage);
		unmake_parents(od);
	}
	outdir_free(od);
	return ok ? rc : -1;
}
