/*
 * nightly_lock.c: the locks that keep two nightlies of one database
 * apart (nightly.h).
 *
 * Two: the lock file the configuration names (by default beside the
 * database, DATABASE.nightly.lock), and the lock of the database file
 * itself, whatever path names it.  The first alone is taken by a name:
 * a symbolic or a hard link to the same database names another lock,
 * and two nights would run at once under one label.  The second is
 * named by the database's device and inode, in a directory of the user's
 * own that does not depend on where the database is or how it is
 * called (a lock beside the database misses a hard link in another
 * directory): /tmp/kbench-locks-UID, 0700, made by kbench and checked
 * to be a directory of the user's, mode 0700, before it is used.  Not
 * the database file itself: SQLite holds POSIX locks on it, which
 * flock(2) locks meet on some systems (FreeBSD), and closing any
 * descriptor of it drops SQLite's.  Not a row of the store either: in
 * WAL mode each name of a hard-linked database has its own -wal and
 * -shm, so a transaction through one name does not exclude one through
 * another.  Both are flock(2) locks, close-on-exec: the kernel drops
 * them when the nightly ends, however it ends, so a stale one cannot
 * lock out the nights after it.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "collect/nightly/nightly.h"
#include "db/store.h"

/*
 * Hold the lock file fd (shown as what in messages), writing who holds
 * it, or say who does.  fd, or -1 (fd closed) with why set.
 */
static int
hold(int fd, const char *what, const char *conf, struct strbuf *why,
    int *busy)
{
	struct stat st;
	char info[512], now[40];
	ssize_t n;

	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		sb_addf(why, "lock %s: not a regular file", what);
		close(fd);
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) == -1) {
		if (errno != EWOULDBLOCK) {
			sb_addf(why, "lock %s: %s", what, strerror(errno));
			close(fd);
			return -1;
		}
		*busy = 1;
		n = pread(fd, info, sizeof(info) - 1, 0);
		info[n > 0 ? n : 0] = '\0';
		info[strcspn(info, "\n")] = '\0';
		sb_addf(why, "another kbench nightly holds %s (", what);
		sb_add_visible(why, *info ? info : "no details");
		sb_adds(why, "): not starting");
		close(fd);
		return -1;
	}
	store_now(now, sizeof(now));
	if (ftruncate(fd, 0) == -1 || dprintf(fd, "pid %ld, started %s, "
	    "config %s\n", (long)getpid(), now, conf) < 0) {
		sb_addf(why, "lock %s: %s", what, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

int
nightly_lock_file(const char *path, const char *conf, struct strbuf *why,
    int *busy)
{
	int fd;

	*busy = 0;
	/*
	 * Never through a symbolic link (one planted where the lock goes
	 * would have root truncate its target), and only a regular file.
	 */
	if ((fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC, 0644)) == -1) {
		sb_addf(why, "lock %s: %s", path, errno == ELOOP ? "a symbolic "
		    "link: not followed" : strerror(errno));
		return -1;
	}
	return hold(fd, path, conf, why, busy);
}

/* The user's lock directory, opened and checked: its fd, or -1 (why). */
static int
lock_dir(char *dir, size_t size, struct strbuf *why)
{
	struct stat st;
	uid_t me = geteuid();
	int fd;

	snprintf(dir, size, "%s-%ld", NIGHTLY_LOCK_DIR, (long)me);
	if (mkdir(dir, 0700) == -1 && errno != EEXIST) {
		sb_addf(why, "lock directory %s: %s", dir, strerror(errno));
		return -1;
	}
	/* Someone else's there first: not ours to trust. */
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1) {
		sb_addf(why, "lock directory %s: %s", dir, errno == ELOOP ||
		    errno == ENOTDIR ? "not a directory (a symbolic link?): "
		    "not used" : strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == -1 || st.st_uid != me ||
	    (st.st_mode & 077) != 0) {
		sb_addf(why, "lock directory %s: owned by uid %ld, mode %04o: "
		    "expected uid %ld's, mode 0700: not used (remove it)", dir,
		    (long)st.st_uid, (unsigned)(st.st_mode & 07777), (long)me);
		close(fd);
		return -1;
	}
	return fd;
}

int
nightly_lock_database(const char *db, const char *conf, struct strbuf *why,
    int *busy)
{
	struct strbuf what = STRBUF_INIT;
	struct stat st;
	char dir[64], name[64];
	int dfd, fd;

	*busy = 0;
	/* What the file is: through any link, the same device and inode. */
	if (stat(db, &st) == -1) {
		sb_addf(why, "database %s: %s", db, strerror(errno));
		return -1;
	}
	if ((dfd = lock_dir(dir, sizeof(dir), why)) == -1)
		return -1;
	snprintf(name, sizeof(name), "%ju-%ju", (uintmax_t)st.st_dev,
	    (uintmax_t)st.st_ino);
	sb_addf(&what, "%s/%s, the lock of database %s under any name", dir,
	    name, db);
	fd = openat(dfd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC, 0600);
	close(dfd);
	if (fd == -1)
		sb_addf(why, "lock %s: %s", sb_str(&what), strerror(errno));
	else
		fd = hold(fd, sb_str(&what), conf, why, busy);
	sb_free(&what);
	return fd;
}
