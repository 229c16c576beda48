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
#include <unistd.h>

#include "db/store_private.h"

/* Copy from to a new file to (mode 0600): 0, or -1 with errno. */
static int
copy_file(const char *from, const char *to)
{
	char buf[65536];
	ssize_t n, w, off;
	int in, out, saved;

	if ((in = open(from, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	if ((out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0600)) == -1) {
		saved = errno;
		close(in);
		errno = saved;
		return -1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		for (off = 0; off < n; off += w)
			if ((w = write(out, buf + off, (size_t)(n - off))) == -1)
				goto fail;
	if (n == -1 || fsync(out) == -1)
		goto fail;
	close(in);
	return close(out);
fail:
	saved = errno;
	close(in);
	close(out);
	errno = saved;
	return -1;
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

void
store_private_remove(char *dir)
{
	static const char *const names[] = { "/db", "/db-wal", "/db-shm",
	    "/db-journal" };
	char *p;
	size_t i;

	if (dir == NULL)
		return;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		p = suffixed(dir, names[i]);
		unlink(p);
		free(p);
	}
	rmdir(dir);
	free(dir);
}

int
store_private_copy(const char *path, char **dir, char **copy,
    struct strbuf *err)
{
	const char *tmp = getenv("TMPDIR");
	char *from, *to;
	int rc;

	*copy = NULL;
	*dir = suffixed(tmp != NULL && *tmp != '\0' ? tmp : "/tmp",
	    "/kbench-ro.XXXXXX");
	if (mkdtemp(*dir) == NULL) {
		sb_addf(err, "%s: its -wal holds commits, and no -shm can be "
		    "made beside it to read them: making a private copy in %s "
		    "failed: %s", path, *dir, strerror(errno));
		free(*dir);
		*dir = NULL;
		return -1;
	}
	*copy = suffixed(*dir, "/db");
	if ((rc = copy_file(path, *copy)) == 0) {
		from = suffixed(path, "-wal");
		to = suffixed(*copy, "-wal");
		rc = copy_file(from, to);
		free(from);
		free(to);
	}
	if (rc == -1) {
		sb_addf(err, "%s: its -wal holds commits, and no -shm can be "
		    "made beside it to read them: copying it into %s failed: %s",
		    path, *dir, strerror(errno));
		store_private_remove(*dir);
		*dir = NULL;
		free(*copy);
		*copy = NULL;
		return -1;
	}
	return 0;
}
