/*
 * outdir.h: output directories (plot -o, export -o, report -o), made
 * with their parents as mkdir -p makes them, and a report's written
 * whole or not at all.
 */
#ifndef KBENCH_OUTDIR_H
#define KBENCH_OUTDIR_H

#include "lib/util.h"

/*
 * Make path and its missing parents (mode 0777 less the umask).  0 when
 * it is a directory now; -1 with "PATH: why" in err (a part that is a
 * file: "PATH: not a directory").
 */
int	mkdir_p(const char *path, struct strbuf *err);
/* mkdir_p() of the directory a file path is in (export -o a/b.csv). */
int	mkdir_parent(const char *path, struct strbuf *err);

/*
 * A directory filled beside its final place: files go into dir.tmp (a
 * new directory next to path), and outdir_close() moves them into path
 * when all went well (the whole directory renamed into place when path
 * did not exist), or removes them.  A failed report leaves nothing: no
 * half-written file, no empty directory.
 */
struct outdir {
	char	*path;		/* where the files end */
	char	*tmp;		/* where they are written */
	char	*made;		/* the outermost parent made, or NULL */
	int	 existed;	/* path was a directory already */
};
int	outdir_open(struct outdir *od, const char *path, struct strbuf *err);
/*
 * Keep (ok) or drop the files.  0, or -1 with "PATH: why" in err; then
 * nothing is left of the temporary directory.
 */
int	outdir_close(struct outdir *od, int ok, struct strbuf *err);

#endif
