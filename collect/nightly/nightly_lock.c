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
 * directory): one no other user can make first (a directory another
 * user squatted in /tmp would lock the user out for good), and one
 * that cron and a login shell agree on: root's /var/run/kbench-locks
 * (only root writes /var/run), anyone else's HOME/.kbench-locks, HOME
 * from the password database (cron's environment is not the shell's:
 * nor is XDG_RUNTIME_DIR set under cron), or KBENCH_LOCK_DIR (tests).
 * Made by kbench, 0700, and checked to be a directory of the user's,
 * mode 0700, before it is used.  Not
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
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
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
	struct strbuf shown = STRBUF_INIT;
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
	/* One line, whatever the path holds (a newline): lock_ours reads it. */
	sb_add_visible(&shown, conf);
	if (ftruncate(fd, 0) == -1 || dprintf(fd, "pid %ld, started %s, "
	    "config %s\n", (long)getpid(), now, sb_str(&shown)) < 0) {
		sb_addf(why, "lock %s: %s", what, strerror(errno));
		sb_free(&shown);
		close(fd);
		return -1;
	}
	sb_free(&shown);
	return fd;
}

/* Is st the file at path? */
static int
same_file(const struct stat *st, const char *path)
{
	struct stat o;

	return stat(path, &o) == 0 && o.st_dev == st->st_dev &&
	    o.st_ino == st->st_ino;
}

/*
 * May the night write its line over the lock file fd (st), what: not
 * the database, its -wal or -shm, nor the configuration (a "lock" line
 * naming one would have it truncated), and empty or holding kbench's
 * line, "pid N, started T, config C", nothing else.  0, or -1 (why).
 */
static int
lock_ours(int fd, const struct stat *st, const char *what, const char *db,
    const char *conf, struct strbuf *why)
{
	static const char *const sfx[] = { "", "-wal", "-shm" };
	struct strbuf p = STRBUF_INIT;
	char info[1024], *end;
	size_t i;
	ssize_t n;
	int bad = 0;

	for (i = 0; i < 3 && !bad; i++) {
		sb_reset(&p);
		sb_addf(&p, "%s%s", db, sfx[i]);
		if ((bad = same_file(st, sb_str(&p))))
			sb_addf(why, "lock %s: it is the database %s: not "
			    "used as a lock", what, sb_str(&p));
	}
	sb_free(&p);
	if (!bad && (bad = same_file(st, conf)))
		sb_addf(why, "lock %s: it is the configuration %s: not used "
		    "as a lock", what, conf);
	if (bad || st->st_size == 0)
		return bad ? -1 : 0;
	n = st->st_size < (off_t)sizeof(info) ?
	    pread(fd, info, sizeof(info) - 1, 0) : -1;
	info[n > 0 ? n : 0] = '\0';
	if (n > 0 && strncmp(info, "pid ", 4) == 0 &&
	    strtol(info + 4, &end, 10) > 0 &&
	    strncmp(end, ", started ", 10) == 0 &&
	    strstr(end, ", config ") != NULL &&
	    strchr(info, '\n') == info + n - 1)
		return 0;
	sb_addf(why, "lock %s: a file of %jd bytes that is not a kbench lock "
	    "(\"pid N, started T, config C\"): not truncated", what,
	    (intmax_t)st->st_size);
	return -1;
}

/* The lock file at path, opened; ENOENT when create is 0 and it is not. */
static int
open_lock(const char *path, int create, struct strbuf *why)
{
	int fd;

	/*
	 * Never through a symbolic link (one planted where the lock goes
	 * would have root truncate its target), and only a regular file.
	 */
	if ((fd = open(path, O_RDWR | (create ? O_CREAT : 0) | O_NOFOLLOW |
	    O_NONBLOCK | O_CLOEXEC, 0644)) == -1 && (create || errno != ENOENT))
		sb_addf(why, "lock %s: %s", path, errno == ELOOP ? "a symbolic "
		    "link: not followed" : strerror(errno));
	return fd;
}

int
nightly_lock_file(const char *path, const char *db, const char *conf,
    struct strbuf *why, int *busy)
{
	struct stat st;
	int fd;

	*busy = 0;
	if ((fd = open_lock(path, 1, why)) == -1)
		return -1;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    lock_ours(fd, &st, path, db, conf, why) == -1) {
		close(fd);
		return -1;
	}
	return hold(fd, path, conf, why, busy);
}

int
nightly_lock_check(const char *path, const char *db, const char *conf,
    struct strbuf *why)
{
	struct stat st;
	size_t n = strlen(db);
	int fd, rc = 0;

	/* The database not made yet: its name alone tells. */
	if (strncmp(path, db, n) == 0 && (path[n] == '\0' ||
	    strcmp(path + n, "-wal") == 0 || strcmp(path + n, "-shm") == 0)) {
		sb_addf(why, "lock %s: it is the database %s: not used as a "
		    "lock", path, path);
		return -1;
	}
	if ((fd = open_lock(path, 0, why)) == -1)
		return errno == ENOENT && why->len == 0 ? 0 : -1;
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		sb_addf(why, "lock %s: not a regular file", path);
		rc = -1;
	} else
		rc = lock_ours(fd, &st, path, db, conf, why);
	close(fd);
	return rc;
}

/* Where the user's database locks are kept; 0, or -1 (why). */
static int
lock_dir_path(struct strbuf *dir, struct strbuf *why)
{
	const char *env = getenv("KBENCH_LOCK_DIR");
	struct passwd pwd, *pw = NULL;
	char buf[4096];

	if (env != NULL && *env != '\0')
		sb_adds(dir, env);
	else if (geteuid() == 0)
		sb_adds(dir, NIGHTLY_LOCK_DIR_ROOT);
	else if (getpwuid_r(geteuid(), &pwd, buf, sizeof(buf), &pw) == 0 &&
	    pw != NULL && pw->pw_dir != NULL && *pw->pw_dir == '/')
		sb_addf(dir, "%s/.kbench-locks", pw->pw_dir);
	else {
		sb_addf(why, "uid %ld has no home directory in the password "
		    "database: no place for the database locks (set "
		    "KBENCH_LOCK_DIR)", (long)geteuid());
		return -1;
	}
	return 0;
}

/*
 * The user's lock directory dir, made if create, opened and checked:
 * its fd, or -1 (why; ENOENT when not create and it is not there).
 */
static int
lock_dir(const char *dir, int create, struct strbuf *why)
{
	struct stat st;
	uid_t me = geteuid();
	int fd;

	if (create && mkdir(dir, 0700) == -1 && errno != EEXIST) {
		sb_addf(why, "lock directory %s: %s", dir, strerror(errno));
		return -1;
	}
	/* Someone else's there first: not ours to trust. */
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1) {
		if (!create && errno == ENOENT)
			return -1;
		sb_addf(why, "lock directory %s: %s", dir, errno == ELOOP ||
		    errno == ENOTDIR ? "not a directory (a symbolic link?): "
		    "not used" : strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == -1) {
		sb_addf(why, "lock directory %s: %s", dir, strerror(errno));
		close(fd);
		return -1;
	}
	if (st.st_uid != me || (st.st_mode & 077) != 0) {
		sb_addf(why, "lock directory %s: owned by uid %ld, mode %04o: "
		    "expected uid %ld's, mode 0700: not used (remove it)", dir,
		    (long)st.st_uid, (unsigned)(st.st_mode & 07777), (long)me);
		close(fd);
		return -1;
	}
	return fd;
}

int
nightly_lock_dir_check(struct strbuf *why)
{
	struct strbuf dir = STRBUF_INIT;
	int fd = -1;

	errno = 0;
	if (lock_dir_path(&dir, why) == 0 &&
	    (fd = lock_dir(sb_str(&dir), 0, why)) != -1)
		close(fd);
	sb_free(&dir);
	return fd != -1 || (errno == ENOENT && why->len == 0) ? 0 : -1;
}

int
nightly_lock_database(const char *db, const char *conf, struct strbuf *why,
    int *busy)
{
	struct strbuf what = STRBUF_INIT, dir = STRBUF_INIT;
	struct stat st;
	char name[64];
	int dfd, fd = -1;

	*busy = 0;
	/* What the file is: through any link, the same device and inode. */
	if (stat(db, &st) == -1) {
		sb_addf(why, "database %s: %s", db, strerror(errno));
		return -1;
	}
	if (lock_dir_path(&dir, why) == -1 ||
	    (dfd = lock_dir(sb_str(&dir), 1, why)) == -1) {
		sb_free(&dir);
		return -1;
	}
	snprintf(name, sizeof(name), "%ju-%ju", (uintmax_t)st.st_dev,
	    (uintmax_t)st.st_ino);
	sb_addf(&what, "%s/%s, the lock of database %s under any name",
	    sb_str(&dir), name, db);
	fd = openat(dfd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC, 0600);
	close(dfd);
	if (fd == -1)
		sb_addf(why, "lock %s: %s", sb_str(&what), strerror(errno));
	else
		fd = hold(fd, sb_str(&what), conf, why, busy);
	sb_free(&what);
	sb_free(&dir);
	return fd;
}
