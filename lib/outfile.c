/*
 * outfile.c: the files of output trees (outdir.h): written under a
 * temporary name in their directory's descriptor and renamed over their
 * name.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/outdir.h"

/*
 * A new temporary beside name in dirfd: O_CREAT|O_EXCL|O_NOFOLLOW, so
 * nothing planted under its name is followed, with the mode a plain
 * creation gives (0666 less the umask).
 */
static int
outfile_tmp(struct outfile *of, struct strbuf *err)
{
	struct strbuf base = STRBUF_INIT;
	int fd = -1, tries;

	sb_addf(&base, "%s" ODIR_TMP_FILE, of->name);
	for (tries = 0; fd == -1 && tries < 100; tries++) {
		free(of->tmp);
		of->tmp = odir_tmp_name(sb_str(&base));
		fd = openat(of->dirfd, of->tmp, O_WRONLY | O_CREAT | O_EXCL |
		    O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0666);
		if (fd == -1 && errno != EEXIST)
			break;
	}
	sb_free(&base);
	if (fd == -1 || (of->fp = fdopen(fd, "w")) == NULL) {
		sb_addf(err, "%s: %s", of->path, strerror(errno));
		if (fd != -1) {
			close(fd);
			unlinkat(of->dirfd, of->tmp, 0);
		}
		free(of->tmp);
		of->tmp = NULL;
		return -1;
	}
	return 0;
}

/* of set up to write name in dirfd (a copy of it); path for messages. */
static void
outfile_init(struct outfile *of, int dirfd, const char *name,
    const char *path)
{
	memset(of, 0, sizeof(*of));
	of->dirfd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
	of->name = xstrdup(name);
	of->path = xstrdup(path);
}

int
odir_create(const struct odir *d, const char *rel, struct outfile *of,
    struct strbuf *err)
{
	struct strbuf path = STRBUF_INIT, up = STRBUF_INIT;
	const char *slash = strrchr(rel, '/');
	struct odir in;
	int rc = 0;

	sb_addf(&path, "%s/%s", d->path, rel);
	in.fd = -1;
	if (slash != NULL) {
		/* Its directory, beneath d, never through a link. */
		sb_add(&up, rel, (size_t)(slash - rel));
		rc = odir_sub(d, sb_str(&up), 0, &in, err);
	}
	outfile_init(of, rc == 0 && slash != NULL ? in.fd : d->fd,
	    slash != NULL ? slash + 1 : rel, sb_str(&path));
	if (slash != NULL && rc == 0)
		odir_close(&in);
	sb_free(&path);
	sb_free(&up);
	if (rc == -1)
		return -1;
	if (of->dirfd == -1) {
		sb_addf(err, "%s: %s", of->path, strerror(errno));
		return -1;
	}
	return outfile_tmp(of, err);
}

/*
 * Open what lstat saw as st at the name, written as it is: a FIFO or a
 * device not followed (O_NOFOLLOW: one swapped for a link fails), a
 * link of the user's or root's followed and looked at again after.
 * Either way, what was opened must still be what was seen.
 */
static int
open_in_place(struct outfile *of, const struct stat *st)
{
	struct stat now;
	int fd, flags = O_WRONLY | O_NOCTTY | O_CLOEXEC;

	if (!S_ISLNK(st->st_mode))
		flags |= O_NOFOLLOW;
	else
		flags |= O_CREAT;
	if ((fd = openat(of->dirfd, of->name, flags, 0666)) == -1)
		return -1;
	if (S_ISLNK(st->st_mode) ? !link_unchanged(of->dirfd, of->name, st) :
	    fstat(fd, &now) == -1 || now.st_dev != st->st_dev ||
	    now.st_ino != st->st_ino) {
		close(fd);
		errno = EAGAIN;
		return -1;
	}
	return fd;
}

/* A name the user gave that is not a regular file: written as it is. */
static int
outfile_in_place(struct outfile *of, const struct stat *st,
    struct strbuf *err)
{
	struct stat now;
	int fd;

	if (S_ISDIR(st->st_mode)) {
		sb_addf(err, "%s: a directory, not a file", of->path);
		return -1;
	}
	/*
	 * A link, FIFO or device the user named is used, unless someone
	 * else made it: in a shared directory, that is how a file of
	 * root's is clobbered, or root kept waiting on a FIFO.
	 */
	if (st->st_uid != geteuid() && st->st_uid != 0) {
		sb_addf(err, "%s: a %s made by uid %ld, not by you: not %s",
		    of->path, S_ISLNK(st->st_mode) ? "symbolic link" :
		    S_ISFIFO(st->st_mode) ? "FIFO" : "special file",
		    (long)st->st_uid, S_ISLNK(st->st_mode) ? "followed" :
		    "written");
		return -1;
	}
	if ((fd = open_in_place(of, st)) == -1) {
		sb_addf(err, "%s: %s", of->path, errno == EAGAIN ?
		    "replaced while opened: not written" : strerror(errno));
		return -1;
	}
	if ((fstat(fd, &now) == 0 && S_ISREG(now.st_mode) &&
	    ftruncate(fd, 0) == -1) || (of->fp = fdopen(fd, "w")) == NULL) {
		sb_addf(err, "%s: %s", of->path, strerror(errno));
		close(fd);
		return -1;
	}
	return 0;
}

int
outfile_open(struct outfile *of, const char *path, struct strbuf *err)
{
	struct odir parent;
	struct stat st;
	char *up = odir_parent_of(path);
	const char *name = strrchr(path, '/');
	int rc;

	name = name != NULL ? name + 1 : path;
	memset(of, 0, sizeof(*of));
	of->dirfd = -1;
	if (*name == '\0') {
		sb_addf(err, "%s: a directory, not a file", path);
		free(up);
		return -1;
	}
	rc = odir_open(&parent, up, 0, NULL, err);
	free(up);
	if (rc == -1)
		return -1;
	outfile_init(of, parent.fd, name, path);
	odir_close(&parent);
	if (of->dirfd == -1) {
		sb_addf(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstatat(of->dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == -1) {
		if (errno != ENOENT) {
			sb_addf(err, "%s: %s", path, strerror(errno));
			return -1;
		}
		return outfile_tmp(of, err);
	}
	if (S_ISREG(st.st_mode))
		return outfile_tmp(of, err);
	return outfile_in_place(of, &st, err);
}

/*
 * The temporary renamed over its name, then the name looked at: in a
 * directory others can write, one could have swapped the temporary for
 * a file of theirs.  0, or -1 with errno set (EAGAIN: swapped).
 */
static int
rename_checked(struct outfile *of, int fd)
{
	struct stat mine, there;

	if (fstat(fd, &mine) == -1 ||
	    renameat(of->dirfd, of->tmp, of->dirfd, of->name) == -1)
		return -1;
	if (fstatat(of->dirfd, of->name, &there, AT_SYMLINK_NOFOLLOW) == -1)
		return -1;
	if (there.st_dev != mine.st_dev || there.st_ino != mine.st_ino) {
		errno = EAGAIN;
		return -1;
	}
	return 0;
}

int
outfile_close(struct outfile *of, int ok, struct strbuf *err)
{
	int e = 0, swapped;

	if (of->fp != NULL) {
		/*
		 * The first failed write's error, else the last one's: a
		 * full disk says so here.
		 */
		if (ferror(of->fp))
			e = errno != 0 ? errno : EIO;
		else {
			errno = 0;
			if (fflush(of->fp) != 0 || ferror(of->fp))
				e = errno != 0 ? errno : EIO;
		}
		if (e == 0 && ok && of->tmp != NULL &&
		    rename_checked(of, fileno(of->fp)) == -1) {
			swapped = errno == EAGAIN;
			sb_addf(err, "%s: %s", of->path, swapped ? "replaced "
			    "by another file while written: not ours any more" :
			    strerror(errno));
			ok = 0;
			if (swapped) {
				/* Renamed away: nothing of ours to remove. */
				free(of->tmp);
				of->tmp = NULL;
			}
		}
		if (fclose(of->fp) != 0 && e == 0)
			e = errno;
		of->fp = NULL;
		/* Said even when the caller gave up: it is why, often. */
		if (e != 0) {
			sb_addf(err, "%s: %s", of->path, strerror(e));
			ok = 0;
		}
	} else
		ok = 0;
	if (!ok && of->tmp != NULL && of->dirfd != -1)
		unlinkat(of->dirfd, of->tmp, 0);
	if (of->dirfd != -1)
		close(of->dirfd);
	free(of->path);
	free(of->name);
	free(of->tmp);
	memset(of, 0, sizeof(*of));
	of->dirfd = -1;
	return ok ? 0 : -1;
}
