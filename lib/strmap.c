/*
 * strmap.c: see strmap.h.  Linear probing, grown at 1/2 load.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strmap.h"
#include "lib/util.h"

static uint64_t
hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

static struct strmap_slot *
find(const struct strmap *m, const char *key)
{
	size_t i;

	for (i = hash(key) & (m->cap - 1); m->slot[i].key != NULL;
	    i = (i + 1) & (m->cap - 1))
		if (strcmp(m->slot[i].key, key) == 0)
			break;
	return &m->slot[i];
}

void *
strmap_get(const struct strmap *m, const char *key)
{
	if (m->cap == 0)
		return NULL;
	return find(m, key)->value;
}

static void
grow(struct strmap *m)
{
	struct strmap_slot *old = m->slot, *s;
	size_t oldcap = m->cap, i;

	m->cap = oldcap ? 2 * oldcap : 64;
	m->slot = xcalloc(m->cap, sizeof(*m->slot));
	for (i = 0; i < oldcap; i++)
		if (old[i].key != NULL) {
			s = find(m, old[i].key);
			*s = old[i];
		}
	free(old);
}

void
strmap_put(struct strmap *m, const char *key, void *value)
{
	struct strmap_slot *s;

	if (2 * (m->n + 1) > m->cap)
		grow(m);
	s = find(m, key);
	if (s->key == NULL) {
		s->key = xstrdup(key);
		m->n++;
	}
	s->value = value;
}

void
strmap_free(struct strmap *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->slot[i].key);
	free(m->slot);
	m->slot = NULL;
	m->cap = m->n = 0;
}

void
strmap_free_values(struct strmap *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->slot[i].value);
	strmap_free(m);
}
