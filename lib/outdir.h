/*
 * outdir.h: the one writer of output trees.  Every file kbench writes
 * under a directory it was given (plot -o, report -o, site -o, export
 * -o, the charts gnuplot draws) is created, renamed and removed here,
 * through descriptors, never by path:
 *
 *  - the directory the user named is opened once (a symbolic link on
 *    the way is followed only when it is the user's own or root's: in a
 *    shared directory, a link someone else planted is how root's files
 *    get clobbered);
 *  - everything beneath it is opened relative to it, one name at a time,
 *    with O_NOFOLLOW: a link planted inside is never followed;
 *  - a file is written under a temporary name made with O_EXCL and
 *    renamed over its own name in the same directory: no half file, and
 *    a link planted at the name is replaced, not written through;
 *  - only what is found beneath the directory is removed: files and
 *    links (a link's target is never touched), and directories kbench
 *    made, emptied of their files.
 *
 * Programs that write by name (gnuplot) run in a private directory made
 * here (0700, ours, checked through its descriptor); what they wrote is
 * then moved into place.  tests/cli/t_writer.sh checks that no other
 * code creates, renames or removes files.
 */
#ifndef KBENCH_OUTDIR_H
#define KBENCH_OUTDIR_H

#include <sys/stat.h>

#include <dirent.h>
#include <stdio.h>

#include "lib/util.h"

/* A directory held open. */
struct odir {
	int	 fd;		/* O_DIRECTORY, close-on-exec; -1: none */
	char	*path;		/* as named, for messages */
	/* A private directory's (odir_private): where it is, its name. */
	int	 up;
	char	*name;
};

#define ODIR_CREATE	0x1	/* make what is missing (mode 0777 & ~umask) */

/*
 * Open the directory path (made, with its parents, under ODIR_CREATE).
 * 0, or -1 with "PATH: why" in err.  *made (when not NULL) is set to
 * the outermost directory this call made, or NULL.
 */
int	odir_open(struct odir *d, const char *path, unsigned flags,
	    char **made, struct strbuf *err);
/*
 * Open d's subdirectory rel ("series", "compare/3-4"), each name beneath
 * the last, never through a link.  0, or -1 with err set (errno kept:
 * ENOENT when it is missing and not ODIR_CREATE).
 */
int	odir_sub(const struct odir *d, const char *rel, unsigned flags,
	    struct odir *sub, struct strbuf *err);
void	odir_close(struct odir *d);
/* d's entries, from the first (closedir() it). */
DIR	*odir_list(const struct odir *d);
/* d/rel's status, not following a link: 0, or -1 with errno set. */
int	odir_stat(const struct odir *d, const char *rel, struct stat *st);
/* d/rel open to read, a regular file only: NULL with errno set. */
FILE	*odir_read(const struct odir *d, const char *rel);
/*
 * Remove d/rel: a file or a link (never what it points to); with a
 * trailing '/', a directory, its files first (anything else in it keeps
 * it).  Missing is fine.  0, or -1 with err set.
 */
int	odir_remove(const struct odir *d, const char *rel, struct strbuf *err);
/*
 * A new directory in d, named prefix and six random characters, 0700,
 * checked to be ours through its descriptor.  0, or -1 with err set.
 */
int	odir_private(const struct odir *d, const char *prefix,
	    struct odir *priv, struct strbuf *err);
/*
 * Move the regular files of priv into dst, replacing what has their
 * names (every name checked first: a directory at one of them moves
 * none), then remove priv with anything else left in it.  0, or -1 with
 * err set; priv is removed either way.
 */
int	odir_adopt(struct odir *priv, const struct odir *dst, struct strbuf *err);
/* Remove priv and what is in it. */
void	odir_discard(struct odir *priv);
/*
 * Until called again with NULL: a SIGHUP, SIGINT, SIGTERM or SIGPIPE
 * left at its default (a reader killed by "| head", a Ctrl-C) first
 * removes priv's files named in files (NULL-terminated; only these, as
 * a handler may not list a directory) and priv itself, then kills us as
 * it would have.  One private directory at a time.
 */
void	odir_discard_at_signal(const struct odir *priv,
	    const char *const *files);
/*
 * Remove what an interrupted kbench left in d, when it is ours: its
 * temporary files (NAME.kbtmp.XXXXXX) and directories, mode 0700
 * (NAME.kbtmp-XXXXXX, .kbench-tmp-XXXXXX, .kbench-gp.XXXXXX).  The
 * number removed.
 */
size_t	odir_sweep(const struct odir *d);
/*
 * Take the lock d/name: a regular file of ours, mode 0600 (one another
 * user made is replaced: who can open it could hold it), never opened
 * through a link, locked with flock; -1 with err set, *busy when another
 * kbench holds it.  Its descriptor.
 */
int	odir_lock(const struct odir *d, const char *name, int *busy,
	    struct strbuf *err);

/* The tags of temporaries: NAME.kbtmp.XXXXXX, NAME.kbtmp-XXXXXX. */
#define ODIR_TMP_FILE	".kbtmp."
#define ODIR_TMP_DIR	".kbtmp-"
/* Is at/name the link was (same inode, owner), still a link? */
int	link_unchanged(int at, const char *name, const struct stat *was);
/* base and six random characters: a temporary's name to try. */
char	*odir_tmp_name(const char *base);
/* The directory path is in, "." when it has none. */
char	*odir_parent_of(const char *path);

/*
 * Make path and its missing parents (mode 0777 less the umask).  0 when
 * it is a directory now; -1 with "PATH: why" in err (a part that is a
 * file: "PATH: not a directory").
 */
int	mkdir_p(const char *path, struct strbuf *err);
/* mkdir_p() of the directory a file path is in (export -o a/b.csv). */
int	mkdir_parent(const char *path, struct strbuf *err);

/*
 * An output file.  Written under a temporary name made with O_EXCL
 * beside it, renamed into place on success: a failed write leaves no
 * half file and a link planted at the name is never written through.
 * outfile_open(), for a name the user gave: a new name or a regular
 * file is written that way; anything else the user names (a device such
 * as /dev/null, a FIFO, a symbolic link of theirs) is written as it is,
 * never replaced; a link made by another user is refused.
 * odir_create(): a name kbench chose (report.md, chart.gp, runs/3.html)
 * beneath d, always written beside and renamed over.  Errors go into err as "PATH: why".
 */
struct outfile {
	char	*path;		/* for messages */
	char	*name, *tmp;	/* in dirfd; tmp NULL: written directly */
	int	 dirfd;
	FILE	*fp;
};
int	outfile_open(struct outfile *of, const char *path, struct strbuf *err);
int	odir_create(const struct odir *d, const char *rel, struct outfile *of,
	    struct strbuf *err);
/*
 * Close; ok: keep it (rename into place), else remove the temporary.
 * A write that failed ("PATH: No space left on device") is said in err
 * either way, and fails the close.
 */
int	outfile_close(struct outfile *of, int ok, struct strbuf *err);

/*
 * A directory filled beside its final place (kbench report -o): files go
 * into a new private directory (inside path when it exists, else beside
 * it), and outdir_close() moves them into path when all went well (the
 * whole directory renamed into place when path did not exist), or
 * removes them.  A failed report leaves nothing: no half-written file,
 * no empty directory.
 */
struct outdir {
	struct odir	 parent;	/* path's parent, when path is new */
	struct odir	 final;		/* path, when it existed */
	struct odir	 stage;		/* where the files are written */
	char		*path;		/* where the files end */
	char		*made;		/* the outermost parent made, or NULL */
};
int	outdir_open(struct outdir *od, const char *path, struct strbuf *err);
/*
 * Keep (ok) or drop the files.  0, or -1 with "PATH: why" in err; then
 * nothing is left of the temporary directory.
 */
int	outdir_close(struct outdir *od, int ok, struct strbuf *err);

#endif
