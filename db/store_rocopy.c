/*
 * store_rocopy.c: reading a WAL database that cannot have its -shm.
 *
 * A read-only copy of a WAL database (a backup, a snapshot, a read-only
 * directory or mount) may hold commits in its -wal that the main file
 * has not yet.  SQLite reads them through the -shm index; when that
 * cannot be made beside it, the only way SQLite offers is "immutable",
 * which reads the main file alone: half the runs, and nothing said.  So
 * such a database and its -wal are copied into a private directory
 * (mkdtemp, mode 0700, in $TMPDIR), where SQLite makes its -shm, and the
 * copy is read; the directory is removed when the store is closed.  No
 * writer can be at work meanwhile: a writer holds the -shm, and there
 * is none.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "db/store_private.h"
#include "lib/outdir.h"

/*
 * Is there room in dir for size bytes?  A sparse or huge file would
 * otherwise fill $TMPDIR before the copy failed: 0, or -1 with err set.
 */
static int
room_for(const char *from, off_t size, const struct odir *dir,
    struct strbuf *err)
{
	struct statvfs vfs;
	unsigned long long avail;

	if (fstatvfs(dir->fd, &vfs) == -1)
		return 0;	/* Unknown: the writes will say. */
	avail = (unsigned long long)vfs.f_bavail * vfs.f_frsize;
	if ((unsigned long long)size <= avail)
		return 0;
	sb_addf(err, "%s: %lld bytes to copy, only %llu free in %s", from,
	    (long long)size, avail, dir->path);
	return -1;
}

/*
 * Copy from, a regular file, into a new file name in dir (outdir.h's
 * writer, so mode 0666 & ~umask inside a 0700 directory): 0, or -1 with
 * err set.  O_NONBLOCK: a FIFO planted as the -wal is refused, not
 * waited on.
 */
static int
copy_file(const char *from, const struct odir *dir, const char *name,
    struct strbuf *err)
{
	struct outfile of;
	struct stat st;
	char buf[65536];
	ssize_t n = 0;
	int in, rc;

	if ((in = open(from, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) == -1) {
		sb_addf(err, "%s: %s", from, strerror(errno));
		return -1;
	}
	if (fstat(in, &st) == -1)
		st.st_mode = 0;
	if (!S_ISREG(st.st_mode)) {
		sb_addf(err, "%s: %s", from, st.st_mode == 0 ?
		    strerror(errno) : "not a regular file");
		close(in);
		return -1;
	}
	if (room_for(from, st.st_size, dir, err) == -1) {
		close(in);
		return -1;
	}
	if ((rc = odir_create(dir, name, &of, err)) == 0) {
		while ((n = read(in, buf, sizeof(buf))) > 0)
			if (fwrite(buf, 1, (size_t)n, of.fp) != (size_t)n)
				break;
		/* A failed write: outfile_close() says why. */
		if (n == -1)
			sb_addf(err, "%s: %s", from, strerror(errno));
		rc = n == 0 ? 0 : -1;
	}
	close(in);
	return outfile_close(&of, rc == 0, err) == -1 ? -1 : rc;
}

/* path with a suffix, allocated. */
static char *
suffixed(const char *path, const char *suffix)
{
	struct strbuf sb = STRBUF_INIT;

	sb_addf(&sb, "%s%s", path, suffix);
	return sb.buf;
}

int
store_wal_state(const char *path)
{
	struct stat st;
	char *wal = suffixed(path, "-wal"), *shm = suffixed(path, "-shm");
	int state = STORE_WAL_NONE;

	if (stat(wal, &st) == 0 && st.st_size > 0)
		state = access(shm, F_OK) == 0 ? STORE_WAL_SHM : STORE_WAL_NO_SHM;
	free(wal);
	free(shm);
	return state;
}

/* What the copy's directory holds: ours, and SQLite's beside it. */
static const char *const copy_files[] = {
	"db", "db-wal", "db-shm", "db-journal", NULL
};

void
store_private_remove(struct odir *dir)
{
	if (dir == NULL)
		return;
	odir_discard_at_signal(NULL, NULL);
	odir_discard(dir);
	free(dir);
}

int
store_private_copy(const char *path, struct odir **dir, char **copy,
    struct strbuf *err)
{
	struct strbuf why = STRBUF_INIT;
	const char *tmp = getenv("TMPDIR");
	struct odir top;
	char *from;
	int rc;

	*copy = NULL;
	*dir = xcalloc(1, sizeof(**dir));
	(*dir)->fd = (*dir)->up = -1;
	tmp = tmp != NULL && *tmp != '\0' ? tmp : "/tmp";
	rc = odir_open(&top, tmp, 0, NULL, &why);
	if (rc == 0) {
		rc = odir_private(&top, "kbench-ro.", *dir, &why);
		odir_close(&top);
	}
	if (rc == 0 && (rc = copy_file(path, *dir, "db", &why)) == 0) {
		from = suffixed(path, "-wal");
		rc = copy_file(from, *dir, "db-wal", &why);
		free(from);
	}
	if (rc == -1) {
		sb_addf(err, "%s: its -wal holds commits, and no -shm can be "
		    "made beside it to read them: a private copy in %s failed: "
		    "%s", path, tmp, sb_str(&why));
		store_private_remove(*dir);
		*dir = NULL;
		sb_free(&why);
		return -1;
	}
	/* A reader killed by "| head" or Ctrl-C leaves no copy behind. */
	odir_discard_at_signal(*dir, copy_files);
	*copy = suffixed((*dir)->path, "/db");
	sb_free(&why);
	return 0;
}
