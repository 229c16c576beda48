/*
 * site_manifest.c: DIR/.kbench-site, what a site build wrote: one line a
 * file (or a comparison's directory), "HASH PATH", the hash of the file's
 * content, or of the inputs of what is costly to make (a chart: its
 * gnuplot script; a comparison: its two runs).  The next build writes
 * only what hashes otherwise, or is missing, and removes what it no
 * longer makes: after one more night, the index, the series that moved
 * and two run pages, not the whole site.
 *
 * The manifest is read back as untrusted: a path is a name kbench makes
 * (letters, digits, '.', '-', '_', '/', no "..", not absolute), or the
 * manifest is refused; and whatever it names is removed through DIR's
 * descriptor, beneath it, never through a link (outdir.h), so a
 * tampered manifest, or a link planted in DIR, cannot make kbench remove
 * anything outside DIR.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kbench_exit.h"
#include "plots/site.h"

#define MANIFEST_HEAD	"kbench-site 1\n"
/* A line is a hash, a space and a path of at most 200 bytes. */
#define MANIFEST_LINE_MAX	256
/* A page of ours is well under this; a bigger file is not read back. */
#define SITE_PAGE_MAX		(256L * 1024 * 1024)
#define HASH_LEN	32

static uint64_t
mix64(uint64_t h)
{
	/* MurmurHash3's finalizer: every bit of h moves every bit out. */
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

/*
 * Two independent 64-bit hashes (FNV-1a; a rotate-multiply), each mixed
 * with the length: enough to tell a changed page from the same one.
 */
void
site_hash(const void *data, size_t len, char *out)
{
	const unsigned char *p = data;
	uint64_t a = 14695981039346656037ULL, b = 0x9e3779b97f4a7c15ULL;
	size_t i;

	for (i = 0; i < len; i++) {
		a = (a ^ p[i]) * 1099511628211ULL;
		b = ((b << 5 | b >> 59) ^ p[i]) * 0x9e3779b97f4a7c15ULL;
	}
	snprintf(out, HASH_LEN + 1, "%016llx%016llx",
	    (unsigned long long)mix64(a ^ len),
	    (unsigned long long)mix64(b + len));
}

/*
 * A path kbench makes, and nothing else: a file at the top, a file in
 * series/ or runs/, or a comparison's directory, compare/A-B/ (pruning
 * removes a directory's files: a manifest naming series/ or a folder of
 * the user's would have them removed).
 */
static int
safe_path(const char *p)
{
	const char *c, *slash;
	size_t top;

	if (*p == '\0' || *p == '/' || *p == '.' || strlen(p) > 200 ||
	    strstr(p, "..") != NULL || strstr(p, "//") != NULL)
		return 0;
	for (c = p; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		    (*c >= '0' && *c <= '9') || *c == '.' || *c == '-' ||
		    *c == '_' || *c == '/'))
			return 0;
	if ((slash = strchr(p, '/')) == NULL)
		return 1;
	top = (size_t)(slash - p);
	c = slash + 1;
	if (*c == '\0' || *c == '.')
		return 0;
	if (top == 7 && strncmp(p, "compare", top) == 0)
		return strchr(c, '/') == c + strlen(c) - 1;
	return ((top == 6 && strncmp(p, "series", top) == 0) ||
	    (top == 4 && strncmp(p, "runs", top) == 0)) &&
	    strchr(c, '/') == NULL;
}

static int
hex_hash(const char *h, size_t n)
{
	size_t i;

	if (n != HASH_LEN)
		return 0;
	for (i = 0; i < n; i++)
		if (!((h[i] >= '0' && h[i] <= '9') || (h[i] >= 'a' && h[i] <= 'f')))
			return 0;
	return 1;
}

/* FNV-1a of a path: its place in the table. */
static size_t
path_hash(const char *p)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	return (size_t)mix64(h);
}

/* The entry at offset o: its hash, then its path. */
#define ENTRY_PATH(m, o)	((m)->arena.buf + (o) + HASH_LEN + 1)

/* The slot of path: its entry's, or the free one where it would go. */
static size_t *
find_slot(const struct manifest *m, const char *path)
{
	size_t i;

	/* A used slot is an entry in the arena: none while it is empty. */
	for (i = path_hash(path) & (m->cap - 1); m->slot[i] != 0 &&
	    m->arena.buf != NULL; i = (i + 1) & (m->cap - 1))
		if (strcmp(ENTRY_PATH(m, m->slot[i] - 1), path) == 0)
			break;
	return &m->slot[i];
}

/* Twice the slots, at most half of them used. */
static void
grow(struct manifest *m)
{
	size_t *old = m->slot, oldcap = m->cap, i;

	m->cap = m->cap ? 2 * m->cap : 64;
	m->slot = xcalloc(m->cap, sizeof(*m->slot));
	for (i = 0; i < oldcap; i++)
		if (old[i] != 0)
			*find_slot(m, ENTRY_PATH(m, old[i] - 1)) = old[i];
	free(old);
}

void
manifest_put(struct manifest *m, const char *path, const char *hash)
{
	size_t *slot;

	if (2 * (m->n + 1) > m->cap)
		grow(m);
	slot = find_slot(m, path);
	if (*slot != 0) {
		memcpy(m->arena.buf + *slot - 1, hash, HASH_LEN);
		return;
	}
	*slot = m->arena.len + 1;
	sb_add(&m->arena, hash, HASH_LEN);
	sb_add(&m->arena, "", 1);
	sb_add(&m->arena, path, strlen(path) + 1);
	m->n++;
}

/* The entry after offset o (from 0), or -1 after the last: *path set. */
static long
next_entry(const struct manifest *m, size_t *o, const char **path)
{
	size_t at = *o;

	if (at >= m->arena.len)
		return -1;
	*path = ENTRY_PATH(m, at);
	*o = at + HASH_LEN + 1 + strlen(*path) + 1;
	return (long)at;
}

const char *
manifest_get(const struct manifest *m, const char *path)
{
	size_t *slot;

	if (m->cap == 0 || *(slot = find_slot(m, path)) == 0)
		return NULL;
	return m->arena.buf + *slot - 1;
}

int
manifest_load(struct manifest *m, const struct odir *dir, struct strbuf *err)
{
	struct strbuf path = STRBUF_INIT;
	char *line = NULL, *sp;
	size_t cap = 0, lineno = 0;
	ssize_t n;
	FILE *fp;
	int rc = 1;

	sb_addf(&path, "%s/%s", dir->path, SITE_MANIFEST);
	if ((fp = odir_read(dir, SITE_MANIFEST)) == NULL) {
		rc = errno == ENOENT ? 0 : -1;
		if (rc == -1)
			sb_addf(err, "%s: %s", sb_str(&path), errno == EINVAL ?
			    "not a regular file" : strerror(errno));
		sb_free(&path);
		return rc;
	}
	while ((n = getline_max(&line, &cap, fp, MANIFEST_LINE_MAX)) != -1) {
		lineno++;
		if (n == -2)
			goto bad;
		if (lineno == 1) {
			if (strcmp(line, MANIFEST_HEAD) != 0)
				goto bad;
			continue;
		}
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		if ((sp = strchr(line, ' ')) == NULL ||
		    !hex_hash(line, (size_t)(sp - line)) || !safe_path(sp + 1))
			goto bad;
		*sp = '\0';
		manifest_put(m, sp + 1, line);
	}
	if (ferror(fp)) {
		sb_addf(err, "%s: %s", sb_str(&path), strerror(errno));
		rc = -1;
	}
	goto out;
bad:
	sb_addf(err, "%s: line %zu: not a manifest kbench site wrote; remove "
	    "the directory, or choose another", sb_str(&path), lineno);
	rc = -1;
out:
	fclose(fp);
	free(line);
	sb_free(&path);
	return rc;
}

int
manifest_save(const struct manifest *m, const struct odir *dir,
    struct strbuf *err)
{
	struct outfile of;
	const char *path;
	size_t o = 0;
	long at;
	int rc;

	if ((rc = odir_create(dir, SITE_MANIFEST, &of, err)) == 0) {
		fputs(MANIFEST_HEAD, of.fp);
		while ((at = next_entry(m, &o, &path)) != -1)
			fprintf(of.fp, "%s %s\n", m->arena.buf + at, path);
	}
	return outfile_close(&of, rc == 0, err) == -1 ? -1 : rc;
}

void
manifest_free(struct manifest *m)
{
	sb_free(&m->arena);
	free(m->slot);
	memset(m, 0, sizeof(*m));
}

/* Does path end with ext? */
static int
ends_with(const char *path, const char *ext)
{
	size_t n = strlen(path), k = strlen(ext);

	return n >= k && strcmp(path + n - k, ext) == 0;
}

/* Is DIR/path what the manifest says it is (site_unchanged)? */
static int
still_there(const struct site *s, const char *path, const char *hash)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	char buf[8192], now[HASH_LEN + 1];
	size_t n;
	FILE *fp;
	int rc;

	/*
	 * What is not hashed (a chart, a comparison) is kept only as a
	 * file of ours: not one somebody else put in its place.
	 */
	if (ends_with(path, "/")) {
		sb_addf(&sb, "%sreport.html", path);
		rc = odir_stat(&s->root, sb_str(&sb), &st) == 0 &&
		    S_ISREG(st.st_mode) && st.st_uid == geteuid();
	} else if (ends_with(path, ".svg") || ends_with(path, ".png"))
		rc = odir_stat(&s->root, path, &st) == 0 &&
		    S_ISREG(st.st_mode) && st.st_size > 0 &&
		    st.st_uid == geteuid();
	else if (odir_stat(&s->root, path, &st) == -1 ||
	    st.st_size > SITE_PAGE_MAX ||
	    (fp = odir_read(&s->root, path)) == NULL)
		rc = 0;	/* a page that big is not one of ours: written again */
	else {
		while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
			sb_add(&sb, buf, n);
		rc = !ferror(fp);
		fclose(fp);
		site_hash(sb_str(&sb), sb.len, now);
		rc = rc && strcmp(now, hash) == 0;
	}
	sb_free(&sb);
	return rc;
}

int
site_unchanged(struct site *s, const char *path, const char *hash)
{
	const char *old = manifest_get(&s->old, path);

	if (old == NULL || strcmp(old, hash) != 0 ||
	    !still_there(s, path, hash))
		return 0;
	manifest_put(&s->cur, path, hash);
	return 1;
}

int
site_put(struct site *s, const char *path, const char *data, size_t len,
    struct strbuf *err)
{
	struct outfile of;
	char hash[HASH_LEN + 1];
	int rc;

	site_hash(data, len, hash);
	s->npages++;
	if (site_unchanged(s, path, hash))
		return 0;
	/* Beside, then renamed: no half page, no planted link followed. */
	if ((rc = odir_create(&s->root, path, &of, err)) == 0 &&
	    fwrite(data, 1, len, of.fp) != len)
		rc = -1;
	if (outfile_close(&of, rc == 0, err) == -1)
		rc = -1;
	if (rc == 0) {
		manifest_put(&s->cur, path, hash);
		s->nwritten++;
	}
	return rc;
}

int
site_prune(struct site *s, struct strbuf *err)
{
	struct strbuf why = STRBUF_INIT;
	const char *p;
	size_t o = 0;
	int rc = 0;

	while (next_entry(&s->old, &o, &p) != -1) {
		if (manifest_get(&s->cur, p) != NULL)
			continue;
		/* Beneath DIR's descriptor: a link is removed, not followed. */
		sb_reset(&why);
		if (odir_remove(&s->root, p, &why) == -1) {
			sb_addf(err, "%s%s", err->len ? "\n" : "", sb_str(&why));
			rc = -1;
			continue;
		}
		s->nremoved++;
	}
	sb_free(&why);
	return rc;
}
