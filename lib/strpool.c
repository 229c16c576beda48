/*
 * strpool.c: see strpool.h.  The strings are packed into chunks of
 * STRPOOL_CHUNK bytes (a longer string gets a chunk of its own) and found
 * through an open-addressing table of pointers (FNV-1a, linear probing,
 * grown at 1/2 load): a string costs its bytes and two pointers of table.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strpool.h"
#include "lib/util.h"

#define STRPOOL_CHUNK	(64 * 1024)

struct strpool_chunk {
	struct strpool_chunk	*prev;
	size_t			 size;	/* bytes of data[] */
	char			 data[];
};

static uint64_t
hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

/* The slot holding s, or the free one where it would go. */
static const char **
find(const struct strpool *p, const char *s)
{
	size_t i;

	for (i = hash(s) & (p->cap - 1); p->slot[i] != NULL;
	    i = (i + 1) & (p->cap - 1))
		if (strcmp(p->slot[i], s) == 0)
			break;
	return &p->slot[i];
}

static void
grow(struct strpool *p)
{
	const char **old = p->slot;
	size_t oldcap = p->cap, i;

	p->cap = oldcap ? 2 * oldcap : 64;
	p->slot = xcalloc(p->cap, sizeof(*p->slot));
	for (i = 0; i < oldcap; i++)
		if (old[i] != NULL)
			*find(p, old[i]) = old[i];
	free(old);
}

/* Room for len bytes: in the newest chunk, else in a new one. */
static char *
take(struct strpool *p, size_t len)
{
	struct strpool_chunk *c;
	size_t size;

	if (p->chunk == NULL || p->chunk->size - p->used < len) {
		size = len > STRPOOL_CHUNK / 4 ? len : STRPOOL_CHUNK;
		c = xmalloc(sizeof(*c) + size);
		c->size = size;
		if (size == len && p->chunk != NULL) {
			/* A big string's own chunk: keep filling the other. */
			c->prev = p->chunk->prev;
			p->chunk->prev = c;
			return c->data;
		}
		c->prev = p->chunk;
		p->chunk = c;
		p->used = 0;
	}
	p->used += len;
	return p->chunk->data + p->used - len;
}

const char *
strpool_intern(struct strpool *p, const char *s)
{
	const char **slot;
	size_t len;
	char *copy;

	if (2 * (p->n + 1) > p->cap)
		grow(p);
	slot = find(p, s);
	if (*slot != NULL)
		return *slot;
	len = strlen(s) + 1;
	copy = take(p, len);
	memcpy(copy, s, len);
	p->n++;
	return *slot = copy;
}

size_t
strpool_bytes(const struct strpool *p)
{
	const struct strpool_chunk *c;
	size_t n = p->cap * sizeof(*p->slot);

	for (c = p->chunk; c != NULL; c = c->prev)
		n += sizeof(*c) + c->size;
	return n;
}

void
strpool_free(struct strpool *p)
{
	struct strpool_chunk *c, *prev;

	for (c = p->chunk; c != NULL; c = prev) {
		prev = c->prev;
		free(c);
	}
	free(p->slot);
	memset(p, 0, sizeof(*p));
}
