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

#include <err.h>
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
#define HASH_BYTES	(HASH_LEN / 2)
/* A manifest's ref to an entry of its base (struct manifest). */
#define MANIFEST_BASE	0x80000000U

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

/* The 16 bytes of a hash of 32 hex digits (site_hash's, or checked). */
static void
hash_bytes(const char *hex, unsigned char *out)
{
	size_t i;
	int hi, lo;

	for (i = 0; i < HASH_BYTES; i++) {
		hi = hex[2 * i] <= '9' ? hex[2 * i] - '0' : hex[2 * i] - 'a' + 10;
		lo = hex[2 * i + 1] <= '9' ? hex[2 * i + 1] - '0' :
		    hex[2 * i + 1] - 'a' + 10;
		out[i] = (unsigned char)(hi << 4 | lo);
	}
}

static void
hash_hex(const unsigned char *b, char *out)
{
	static const char digit[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < HASH_BYTES; i++) {
		out[2 * i] = digit[b[i] >> 4];
		out[2 * i + 1] = digit[b[i] & 15];
	}
	out[HASH_LEN] = '\0';
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

/* An entry (its hash, then its path), in m's arena or in its base's. */
static const unsigned char *
entry(const struct manifest *m, uint32_t ref)
{
	if (ref & MANIFEST_BASE)
		return (const unsigned char *)m->base->arena.buf +
		    (ref & ~MANIFEST_BASE);
	return (const unsigned char *)m->arena.buf + ref;
}

#define ENTRY_PATH(e)	((const char *)(e) + HASH_BYTES)

/* The slot of path: its entry's, or the free one where it would go. */
static uint32_t *
find_slot(const struct manifest *m, const char *path)
{
	size_t i;

	for (i = path_hash(path) & (m->cap - 1); m->slot[i] != 0;
	    i = (i + 1) & (m->cap - 1))
		if (strcmp(ENTRY_PATH(entry(m, m->ref[m->slot[i] - 1])),
		    path) == 0)
			break;
	return &m->slot[i];
}

/* Twice the slots, at most half of them used. */
static void
grow(struct manifest *m)
{
	uint32_t *old = m->slot;
	size_t oldcap = m->cap, i;

	m->cap = m->cap ? 2 * m->cap : 64;
	m->slot = xcalloc(m->cap, sizeof(*m->slot));
	for (i = 0; i < oldcap; i++)
		if (old[i] != 0)
			*find_slot(m, ENTRY_PATH(entry(m, m->ref[old[i] - 1]))) =
			    old[i];
	free(old);
}

/* A new entry of m's own: its ref. */
static uint32_t
own_entry(struct manifest *m, const char *path, const unsigned char *hash)
{
	size_t len = strlen(path) + 1;
	uint32_t at = (uint32_t)m->arena.len;

	/* Offsets are 31 bits: 2 GiB of entries, some 15 million series. */
	if (m->arena.len + HASH_BYTES + len > MANIFEST_BASE)
		errx(KB_EXIT_IO, "site: the manifest is over 2 GiB");
	sb_add(&m->arena, (const char *)hash, HASH_BYTES);
	sb_add(&m->arena, path, len);
	return at;
}

/* Add ref (an entry of path) to m, or put it in place of path's. */
static void
put_ref(struct manifest *m, const char *path, uint32_t ref)
{
	uint32_t *slot;

	if (2 * (m->n + 1) > m->cap)
		grow(m);
	slot = find_slot(m, path);
	if (*slot != 0) {
		m->ref[*slot - 1] = ref;
		return;
	}
	if (m->n == m->capref) {
		m->capref = m->capref ? 2 * m->capref : 64;
		m->ref = xreallocarray(m->ref, m->capref, sizeof(*m->ref));
	}
	m->ref[m->n++] = ref;
	*slot = (uint32_t)m->n;
}

void
manifest_put(struct manifest *m, const char *path, const char *hash)
{
	unsigned char b[HASH_BYTES];
	uint32_t *slot;
	unsigned char *own;

	hash_bytes(hash, b);
	if (m->cap > 0 && *(slot = find_slot(m, path)) != 0 &&
	    !(m->ref[*slot - 1] & MANIFEST_BASE)) {
		/* Its own entry already: the new hash in place. */
		own = (unsigned char *)m->arena.buf + m->ref[*slot - 1];
		memcpy(own, b, HASH_BYTES);
		return;
	}
	put_ref(m, path, own_entry(m, path, b));
}

/* Keep path's entry of the base manifest, without a copy. */
static void
manifest_keep(struct manifest *m, const char *path)
{
	const uint32_t *slot;

	if (m->base == NULL || m->base->cap == 0 ||
	    *(slot = find_slot(m->base, path)) == 0)
		return;
	put_ref(m, path, m->base->ref[*slot - 1] | MANIFEST_BASE);
}

/* The k-th entry put (k < m->n): its path, and its hash in hex. */
static const char *
nth_entry(const struct manifest *m, size_t k, char *hash)
{
	const unsigned char *e = entry(m, m->ref[k]);

	hash_hex(e, hash);
	return ENTRY_PATH(e);
}

int
manifest_get(const struct manifest *m, const char *path, char *hash)
{
	const uint32_t *slot;

	if (m->cap == 0 || *(slot = find_slot(m, path)) == 0)
		return 0;
	if (hash != NULL)
		hash_hex(entry(m, m->ref[*slot - 1]), hash);
	return 1;
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
	} else if (lineno == 0)	/* ours always has its head line */
		goto bad;
	goto out;
bad:
	if (lineno == 0)
		sb_addf(err, "%s: empty", sb_str(&path));
	else
		sb_addf(err, "%s: line %zu", sb_str(&path), lineno);
	sb_adds(err, ": not a manifest kbench site wrote; remove the "
	    "directory, or choose another");
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
	char hash[HASH_LEN + 1];
	size_t k;
	int rc;

	if ((rc = odir_create(dir, SITE_MANIFEST, &of, err)) == 0) {
		fputs(MANIFEST_HEAD, of.fp);
		for (k = 0; k < m->n; k++) {
			path = nth_entry(m, k, hash);
			fprintf(of.fp, "%s %s\n", hash, path);
		}
	}
	return outfile_close(&of, rc == 0, err) == -1 ? -1 : rc;
}

void
manifest_free(struct manifest *m)
{
	sb_free(&m->arena);
	free(m->ref);
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
	char old[HASH_LEN + 1];

	if (!manifest_get(&s->old, path, old) || strcmp(old, hash) != 0 ||
	    !still_there(s, path, hash))
		return 0;
	manifest_keep(&s->cur, path);
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
	char hash[HASH_LEN + 1];
	size_t k;
	int rc = 0;

	for (k = 0; k < s->old.n; k++) {
		p = nth_entry(&s->old, k, hash);
		if (manifest_get(&s->cur, p, NULL))
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
