/*
 * outdir.c: output directories held open (outdir.h): opening them and
 * what is beneath them, private directories, removing.  outfile.c
 * writes the files.
 */
#include <sys/types.h>
#include <sys/file.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/outdir.h"
#include "lib/strlist.h"

#define DIR_FLAGS	(O_RDONLY | O_DIRECTORY | O_CLOEXEC)

/* O_NOFOLLOW on a link: ELOOP on Linux, EMLINK on FreeBSD. */
static int
is_link_errno(int e)
{
	return e == ELOOP || e == EMLINK;
}

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

/* "DIR/rel", for messages. */
static char *
path_in(const struct odir *d, const char *rel)
{
	struct strbuf sb = STRBUF_INIT;

	sb_addf(&sb, "%s/%s", d->path, rel);
	return sb.buf;
}

static void
odir_init(struct odir *d)
{
	d->fd = d->up = -1;
	d->path = d->name = NULL;
}

void
odir_close(struct odir *d)
{
	if (d->fd != -1)
		close(d->fd);
	if (d->up != -1)
		close(d->up);
	free(d->path);
	free(d->name);
	odir_init(d);
}

/*
 * The entries of the directory fd, from the first: a copy of the
 * descriptor shares its offset, which another listing left at the end.
 */
static DIR *
list_fd(int fd)
{
	DIR *d;
	int dfd;

	if ((dfd = fcntl(fd, F_DUPFD_CLOEXEC, 0)) == -1)
		return NULL;
	if ((d = fdopendir(dfd)) == NULL) {
		close(dfd);
		return NULL;
	}
	rewinddir(d);
	return d;
}

DIR *
odir_list(const struct odir *d)
{
	return list_fd(d->fd);
}

int
link_unchanged(int at, const char *name, const struct stat *was)
{
	struct stat now;

	return fstatat(at, name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISLNK(now.st_mode) && now.st_dev == was->st_dev &&
	    now.st_ino == was->st_ino && now.st_uid == was->st_uid;
}

/*
 * One step of the user's path: name in dir at, made when missing (and
 * create); a link is followed only when its owner is us or root.  Its
 * descriptor, or -1 with err set ("SOFAR: why").
 */
static int
step_user(int at, const char *name, const char *sofar, int create,
    int *made, struct strbuf *err)
{
	struct stat st;
	int fd;

	*made = 0;
	if ((fd = openat(at, name, DIR_FLAGS | O_NOFOLLOW)) != -1)
		return fd;
	if (errno == ENOENT && create) {
		if (mkdirat(at, name, 0777) == 0)
			*made = 1;
		else if (errno != EEXIST)
			goto fail;
		if ((fd = openat(at, name, DIR_FLAGS | O_NOFOLLOW)) != -1)
			return fd;
	}
	if ((is_link_errno(errno) || errno == ENOTDIR) &&
	    fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISLNK(st.st_mode)) {
		if (st.st_uid != geteuid() && st.st_uid != 0) {
			sb_addf(err, "%s: a symbolic link made by uid %ld, not "
			    "by you: not followed", sofar, (long)st.st_uid);
			return -1;
		}
		/*
		 * Followed, then the link looked at again: one swapped for
		 * another user's meanwhile is not taken.
		 */
		if ((fd = openat(at, name, DIR_FLAGS)) != -1) {
			if (link_unchanged(at, name, &st))
				return fd;
			close(fd);
			sb_addf(err, "%s: a symbolic link replaced while "
			    "followed: not taken", sofar);
			return -1;
		}
	}
fail:
	if (errno == ENOTDIR || is_link_errno(errno))
		sb_addf(err, "%s: not a directory", sofar);
	else
		sb_addf(err, "%s: %s", sofar, strerror(errno));
	return -1;
}

int
odir_open(struct odir *d, const char *path, unsigned flags, char **made,
    struct strbuf *err)
{
	char *p = trimmed(path), *name, *slash;
	int at, fd, just_made;

	odir_init(d);
	if (made != NULL)
		*made = NULL;
	if (*p == '\0') {
		sb_adds(err, "an empty path: expected a directory");
		free(p);
		return -1;
	}
	at = *p == '/' ? open("/", DIR_FLAGS) : openat(AT_FDCWD, ".", DIR_FLAGS);
	/* Each name in turn: "a", then "b" in it, then "c". */
	for (name = p; at != -1 && *name != '\0'; name = slash) {
		while (*name == '/')
			name++;
		if ((slash = strchr(name, '/')) != NULL)
			*slash = '\0';
		fd = step_user(at, name, p, (flags & ODIR_CREATE) != 0, &just_made, err);
		if (just_made && made != NULL && *made == NULL)
			*made = xstrdup(p);
		close(at);
		at = fd;
		if (slash == NULL)
			break;
		*slash++ = '/';
	}
	free(p);
	if (at == -1) {
		if (made != NULL) {
			free(*made);
			*made = NULL;
		}
		return -1;
	}
	d->fd = at;
	d->path = trimmed(path);
	return 0;
}

/* A name of one step beneath: no "", ".", "..". */
static int
plain_name(const char *name)
{
	return *name != '\0' && strcmp(name, ".") != 0 &&
	    strcmp(name, "..") != 0;
}

/* name in at, a directory, never a link; made when missing (create). */
static int
step_beneath(int at, const char *name, int create)
{
	int fd;

	if (!plain_name(name)) {
		errno = EINVAL;
		return -1;
	}
	if ((fd = openat(at, name, DIR_FLAGS | O_NOFOLLOW)) != -1 ||
	    errno != ENOENT || !create)
		return fd;
	if (mkdirat(at, name, 0777) == -1 && errno != EEXIST)
		return -1;
	return openat(at, name, DIR_FLAGS | O_NOFOLLOW);
}

int
odir_sub(const struct odir *d, const char *rel, unsigned flags,
    struct odir *sub, struct strbuf *err)
{
	char *p = trimmed(rel), *name, *slash;
	int at, fd, e = errno;

	odir_init(sub);
	at = fcntl(d->fd, F_DUPFD_CLOEXEC, 0);
	for (name = p; at != -1; name = slash + 1) {
		if ((slash = strchr(name, '/')) != NULL)
			*slash = '\0';
		fd = step_beneath(at, name, (flags & ODIR_CREATE) != 0);
		e = errno;
		close(at);
		at = fd;
		if (slash == NULL)
			break;
		*slash = '/';
	}
	if (at == -1) {
		if (e == ENOTDIR || is_link_errno(e))
			sb_addf(err, "%s/%s: not a directory kbench made (a link "
			    "or a file): not followed", d->path, p);
		else
			sb_addf(err, "%s/%s: %s", d->path, p, strerror(e));
		free(p);
		errno = e;
		return -1;
	}
	sub->fd = at;
	sub->path = path_in(d, p);
	free(p);
	return 0;
}

/*
 * rel split at its last '/': the directory it is in, opened beneath d
 * into *in (a copy of d's descriptor when rel has none), and its name.
 * NULL with errno set.
 */
static const char *
split_rel(const struct odir *d, const char *rel, struct odir *in)
{
	struct strbuf sb = STRBUF_INIT, ignored = STRBUF_INIT;
	const char *slash = strrchr(rel, '/');
	int rc, e;

	odir_init(in);
	if (slash == NULL) {
		in->fd = fcntl(d->fd, F_DUPFD_CLOEXEC, 0);
		in->path = xstrdup(d->path);
		return in->fd == -1 ? NULL : rel;
	}
	sb_add(&sb, rel, (size_t)(slash - rel));
	rc = odir_sub(d, sb_str(&sb), 0, in, &ignored);
	e = errno;
	sb_free(&sb);
	sb_free(&ignored);
	errno = e;
	return rc == -1 ? NULL : slash + 1;
}

int
odir_stat(const struct odir *d, const char *rel, struct stat *st)
{
	struct odir in;
	const char *name;
	int rc = -1, e;

	if ((name = split_rel(d, rel, &in)) != NULL)
		rc = fstatat(in.fd, name, st, AT_SYMLINK_NOFOLLOW);
	e = errno;
	odir_close(&in);
	errno = e;
	return rc;
}

FILE *
odir_read(const struct odir *d, const char *rel)
{
	struct odir in;
	struct stat st;
	const char *name;
	FILE *fp = NULL;
	int fd = -1, e;

	if ((name = split_rel(d, rel, &in)) != NULL &&
	    (fd = openat(in.fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
	    O_NONBLOCK)) != -1) {
		if (fstat(fd, &st) == -1)
			;
		else if (!S_ISREG(st.st_mode))
			errno = EINVAL;
		else
			fp = fdopen(fd, "r");
	} else if (fd == -1 && is_link_errno(errno))
		errno = EINVAL;
	e = errno;
	if (fp == NULL && fd != -1)
		close(fd);
	odir_close(&in);
	errno = e;
	return fp;
}

/*
 * Remove the files and links of the directory fd (never what a link
 * points to); a directory in it is kept.  0, or -1 with errno set.
 */
static int
empty_files(int fd)
{
	struct dirent *e;
	struct stat st;
	DIR *d;
	int rc = 0, saved = 0;

	if ((d = list_fd(fd)) == NULL)
		return -1;
	/* cppcheck-suppress readdirCalled ; one thread: readdir_r is deprecated */
	while ((e = readdir(d)) != NULL) {
		if (!plain_name(e->d_name) ||
		    fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == -1 ||
		    S_ISDIR(st.st_mode))
			continue;
		if (unlinkat(fd, e->d_name, 0) == -1 && errno != ENOENT) {
			saved = errno;
			rc = -1;
		}
	}
	closedir(d);
	errno = saved;
	return rc;
}

/* Remove the directory name in in: its files, then it. */
static int
remove_tree_dir(int in, const char *name)
{
	int fd, rc;

	if ((fd = openat(in, name, DIR_FLAGS | O_NOFOLLOW)) == -1)
		return -1;
	rc = empty_files(fd);
	close(fd);
	if (rc == 0)
		rc = unlinkat(in, name, AT_REMOVEDIR);
	return rc;
}

/* Why a removal failed, said once. */
static int
remove_failed(const struct odir *d, const char *rel, const char *why,
    struct strbuf *err)
{
	sb_addf(err, "%s/%s: %s", d->path, rel, why != NULL ? why :
	    strerror(errno));
	return -1;
}

int
odir_remove(const struct odir *d, const char *rel, struct strbuf *err)
{
	size_t n = strlen(rel);
	char *p = trimmed(rel);
	struct odir in;
	struct stat st;
	const char *name;
	int rc = 0;

	if ((name = split_rel(d, p, &in)) == NULL) {
		/* Where it was is gone, or is not ours to go through. */
		if (errno != ENOENT)
			rc = remove_failed(d, rel, is_link_errno(errno) ||
			    errno == ENOTDIR ? "a link or a file on the way: "
			    "not followed" : NULL, err);
	} else if (fstatat(in.fd, name, &st, AT_SYMLINK_NOFOLLOW) == -1) {
		if (errno != ENOENT)
			rc = remove_failed(d, rel, NULL, err);
	} else if (n > 0 && rel[n - 1] == '/') {
		if (!S_ISDIR(st.st_mode))
			rc = remove_failed(d, rel, "not a directory kbench "
			    "made: kept", err);
		else if (remove_tree_dir(in.fd, name) == -1)
			rc = remove_failed(d, rel, NULL, err);
	} else if (S_ISDIR(st.st_mode))
		rc = remove_failed(d, rel, "a directory, not a file kbench "
		    "made: kept", err);
	else if (unlinkat(in.fd, name, 0) == -1 && errno != ENOENT)
		rc = remove_failed(d, rel, NULL, err);
	odir_close(&in);
	free(p);
	return rc;
}

/* Six characters for a temporary name, new at each call. */
static void
random_suffix(char out[7])
{
	static const char abc[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	static uint64_t state;
	struct timespec ts;
	uint64_t x;
	int i;

	if (state == 0) {
		clock_gettime(CLOCK_REALTIME, &ts);
		state = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 20 ^
		    (uint64_t)getpid() << 40;
	}
	/* splitmix64: a name an O_EXCL creation then makes sure of. */
	x = (state += 0x9e3779b97f4a7c15ULL);
	x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ x >> 27) * 0x94d049bb133111ebULL;
	x ^= x >> 31;
	for (i = 0; i < 6; i++, x /= 62)
		out[i] = abc[x % 62];
	out[6] = '\0';
}

char *
odir_tmp_name(const char *base)
{
	struct strbuf sb = STRBUF_INIT;
	char sfx[7];

	random_suffix(sfx);
	sb_addf(&sb, "%s%s", base, sfx);
	return sb.buf;
}

int
odir_private(const struct odir *d, const char *prefix, struct odir *priv,
    struct strbuf *err)
{
	struct stat st;
	char *name = NULL;
	int tries, fd = -1;

	odir_init(priv);
	for (tries = 0; tries < 100; tries++) {
		free(name);
		name = odir_tmp_name(prefix);
		if (mkdirat(d->fd, name, 0700) == 0) {
			fd = openat(d->fd, name, DIR_FLAGS | O_NOFOLLOW);
			break;
		}
		if (errno != EEXIST)
			break;
	}
	/*
	 * Opened without following, then checked: ours, and 0700 whatever
	 * the umask, so nobody else can put a file (or a link) in it.
	 */
	/* The set-group-ID bit kept: the files then get DIR's group. */
	if (fd == -1 || fstat(fd, &st) == -1 ||
	    (st.st_uid != geteuid() && (errno = EPERM)) ||
	    fchmod(fd, 0700 | (st.st_mode & S_ISGID)) == -1) {
		sb_addf(err, "%s/%s: %s", d->path, name, strerror(errno));
		if (fd != -1)
			close(fd);
		/* Made, and not opened (a umask of 0777): not left. */
		if (tries < 100 && errno != EEXIST && fd == -1)
			unlinkat(d->fd, name, AT_REMOVEDIR);
		free(name);
		return -1;
	}
	priv->fd = fd;
	priv->up = fcntl(d->fd, F_DUPFD_CLOEXEC, 0);
	priv->name = name;
	priv->path = path_in(d, name);
	return 0;
}

void
odir_discard(struct odir *priv)
{
	struct stat st, here;

	if (priv->fd == -1)
		return;
	empty_files(priv->fd);
	/* By name, only while the name is still this directory. */
	if (priv->up != -1 && priv->name != NULL &&
	    fstat(priv->fd, &st) == 0 &&
	    fstatat(priv->up, priv->name, &here, AT_SYMLINK_NOFOLLOW) == 0 &&
	    here.st_dev == st.st_dev && here.st_ino == st.st_ino)
		unlinkat(priv->up, priv->name, AT_REMOVEDIR);
	odir_close(priv);
}

/* odir_discard_at_signal()'s directory, and the signals it took. */
static const int discard_signals[] = { SIGHUP, SIGINT, SIGTERM, SIGPIPE };
static struct {
	int			 fd, up;
	const char		*name;
	const char *const	*files;
	int			 taken[sizeof(discard_signals) /
				    sizeof(discard_signals[0])];
} at_signal = { -1, -1, NULL, NULL, { 0 } };

/* Only async-signal-safe calls: unlinkat, fstat, fstatat, raise. */
static void
discard_on_signal(int sig)
{
	struct stat st, here;
	size_t i;

	for (i = 0; at_signal.files[i] != NULL; i++)
		unlinkat(at_signal.fd, at_signal.files[i], 0);
	if (fstat(at_signal.fd, &st) == 0 &&
	    fstatat(at_signal.up, at_signal.name, &here,
	    AT_SYMLINK_NOFOLLOW) == 0 && here.st_dev == st.st_dev &&
	    here.st_ino == st.st_ino)
		unlinkat(at_signal.up, at_signal.name, AT_REMOVEDIR);
	(void)signal(sig, SIG_DFL);
	(void)raise(sig);
}

void
odir_discard_at_signal(const struct odir *priv, const char *const *files)
{
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(discard_signals) / sizeof(discard_signals[0]);
	    i++) {
		if (priv == NULL) {
			if (at_signal.taken[i])
				signal(discard_signals[i], SIG_DFL);
			at_signal.taken[i] = 0;
			continue;
		}
		/* Never over a handler of the caller's own. */
		if (sigaction(discard_signals[i], NULL, &old) == -1 ||
		    old.sa_handler != SIG_DFL)
			continue;
		at_signal.fd = priv->fd;
		at_signal.up = priv->up;
		at_signal.name = priv->name;
		at_signal.files = files;
		sa.sa_handler = discard_on_signal;
		at_signal.taken[i] = sigaction(discard_signals[i], &sa,
		    NULL) == 0;
	}
}

/*
 * The regular files of fd, into names; every one checked against dst
 * (a directory at its name: -1 with err set, nothing moved yet).
 */
static int
adoptable(int fd, const struct odir *dst, struct strlist *names,
    struct strbuf *err)
{
	struct dirent *e;
	struct stat st;
	DIR *d;
	int rc = 0;

	if ((d = list_fd(fd)) == NULL) {
		sb_addf(err, "%s: %s", dst->path, strerror(errno));
		return -1;
	}
	/* cppcheck-suppress readdirCalled ; one thread: readdir_r is deprecated */
	while (rc == 0 && (e = readdir(d)) != NULL) {
		if (!plain_name(e->d_name) ||
		    fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == -1 ||
		    !S_ISREG(st.st_mode))
			continue;
		if (fstatat(dst->fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISDIR(st.st_mode)) {
			sb_addf(err, "%s/%s: a directory, where kbench writes a "
			    "file: nothing moved", dst->path, e->d_name);
			rc = -1;
		} else
			strlist_add(names, e->d_name);
	}
	closedir(d);
	return rc;
}

int
odir_adopt(struct odir *priv, const struct odir *dst, struct strbuf *err)
{
	struct strlist names;
	size_t i;
	int rc;

	memset(&names, 0, sizeof(names));
	rc = adoptable(priv->fd, dst, &names, err);
	for (i = 0; rc == 0 && i < names.n; i++)
		if (renameat(priv->fd, names.v[i], dst->fd, names.v[i]) == -1) {
			sb_addf(err, "%s/%s: %s", dst->path, names.v[i],
			    strerror(errno));
			rc = -1;
		}
	strlist_free(&names);
	odir_discard(priv);
	return rc;
}

/* Does name end with tag and six characters of a temporary? */
static int
tmp_tagged(const char *name, const char *tag)
{
	size_t n = strlen(name), k = strlen(tag);

	return n >= k + 6 && strncmp(name + n - 6 - k, tag, k) == 0 &&
	    strchr(name + n - 6, '.') == NULL;
}

/*
 * What kbench makes for a while and renames or removes: outfile's
 * NAME.kbtmp.XXXXXX, a report's NAME.kbtmp-XXXXXX and .kbench-tmp-XXXXXX,
 * gnuplot's .kbench-gp.XXXXXX (the directories 0700, as made).
 */
static int
is_temporary(const char *name, const struct stat *st)
{
	if (S_ISREG(st->st_mode))
		return tmp_tagged(name, ODIR_TMP_FILE);
	return S_ISDIR(st->st_mode) && (st->st_mode & 0777) == 0700 &&
	    (tmp_tagged(name, ODIR_TMP_DIR) ||
	    (strncmp(name, ".kbench-", 8) == 0 &&
	    (tmp_tagged(name, ".kbench-gp.") ||
	    tmp_tagged(name, ".kbench-tmp-"))));
}

size_t
odir_sweep(const struct odir *d)
{
	struct odir priv;
	struct dirent *e;
	struct stat st;
	size_t n = 0;
	DIR *dir;

	if ((dir = list_fd(d->fd)) == NULL)
		return 0;
	/* cppcheck-suppress readdirCalled ; one thread: readdir_r is deprecated */
	while ((e = readdir(dir)) != NULL) {
		if (!plain_name(e->d_name) ||
		    fstatat(d->fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == -1 ||
		    st.st_uid != geteuid() || !is_temporary(e->d_name, &st))
			continue;
		if (S_ISREG(st.st_mode)) {
			n += unlinkat(d->fd, e->d_name, 0) == 0;
			continue;
		}
		if (!S_ISDIR(st.st_mode))
			continue;
		odir_init(&priv);
		if ((priv.fd = openat(d->fd, e->d_name, DIR_FLAGS |
		    O_NOFOLLOW)) == -1)
			continue;
		priv.up = fcntl(d->fd, F_DUPFD_CLOEXEC, 0);
		priv.name = xstrdup(e->d_name);
		odir_discard(&priv);
		n++;
	}
	closedir(dir);
	return n;
}

/* name in d, a lock file of ours: its descriptor, or -1 (err set). */
static int
lock_open(const struct odir *d, const char *name, struct strbuf *err)
{
	struct stat st;
	int fd, tries;

	for (tries = 0; tries < 2; tries++) {
		if ((fd = openat(d->fd, name, O_RDWR | O_CREAT | O_NOFOLLOW |
		    O_NONBLOCK | O_CLOEXEC, 0600)) == -1) {
			sb_addf(err, "%s/%s: %s", d->path, name,
			    is_link_errno(errno) ? "a symbolic link: not "
			    "followed" : strerror(errno));
			return -1;
		}
		if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
			sb_addf(err, "%s/%s: not a regular file", d->path, name);
			close(fd);
			return -1;
		}
		if (st.st_uid == geteuid())
			return fd;
		/*
		 * Another user's (who could hold it for ever): removed, and
		 * made again, ours.
		 */
		close(fd);
		if (unlinkat(d->fd, name, 0) == -1)
			break;
	}
	sb_addf(err, "%s/%s: a lock made by another user, and it cannot be "
	    "removed", d->path, name);
	return -1;
}

int
odir_lock(const struct odir *d, const char *name, int *busy,
    struct strbuf *err)
{
	int fd;

	*busy = 0;
	if ((fd = lock_open(d, name, err)) == -1)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB) == -1) {
		*busy = errno == EWOULDBLOCK;
		sb_addf(err, "%s/%s: %s", d->path, name, *busy ? "another "
		    "kbench is writing here" : strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

int
mkdir_p(const char *path, struct strbuf *err)
{
	struct odir d;

	if (odir_open(&d, path, ODIR_CREATE, NULL, err) == -1)
		return -1;
	odir_close(&d);
	return 0;
}

/* The parent of path, "." when it has none. */
char *
odir_parent_of(const char *path)
{
	char *p = trimmed(path), *slash = strrchr(p, '/');

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
	char *parent = odir_parent_of(path);
	int rc = mkdir_p(parent, err);

	free(parent);
	return rc;
}
