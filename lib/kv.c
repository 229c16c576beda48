/*
 * kv.c: see kv.h.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/kv.h"
#include "lib/util.h"

void
kv_set(struct kvlist *l, const char *key, const char *value)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (strcmp(l->v[i].key, key) == 0) {
			free(l->v[i].value);
			l->v[i].value = xstrdup(value);
			return;
		}
	}
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->v = xreallocarray(l->v, l->cap, sizeof(*l->v));
	}
	l->v[l->n].key = xstrdup(key);
	l->v[l->n].value = xstrdup(value);
	l->n++;
}

const char *
kv_get(const struct kvlist *l, const char *key)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i].key, key) == 0)
			return l->v[i].value;
	return NULL;
}

static int
cmp_kv(const void *a, const void *b)
{
	return strcmp(((const struct kv *)a)->key, ((const struct kv *)b)->key);
}

void
kv_sort(struct kvlist *l)
{
	if (l->n > 1)
		qsort(l->v, l->n, sizeof(*l->v), cmp_kv);
}

void
kv_clear(struct kvlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].key);
		free(l->v[i].value);
	}
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

int
kv_parse(struct kvlist *l, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char *key;

	if (eq == NULL || eq == arg)
		return -1;
	key = xmalloc((size_t)(eq - arg) + 1);
	memcpy(key, arg, (size_t)(eq - arg));
	key[eq - arg] = '\0';
	kv_set(l, key, eq + 1);
	free(key);
	return 0;
}
