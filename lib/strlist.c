/*
 * strlist.c: a list of strings, owned: the options' lists (labels,
 * --where keys, heads and hooks), the values met so far.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/strlist.h"
#include "lib/util.h"

/*
 * Room doubles when n reaches a power of two, so that a list of n
 * strings costs O(n) copying, not O(n^2) (an import's 100,000 run
 * origins), with no capacity field to keep.
 */
void
strlist_add(struct strlist *l, const char *s)
{
	if ((l->n & (l->n - 1)) == 0)
		l->v = xreallocarray(l->v, l->n ? 2 * l->n : 1, sizeof(*l->v));
	l->v[l->n++] = xstrdup(s);
}

int
strlist_has(const struct strlist *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return 1;
	return 0;
}

void
strlist_split(struct strlist *l, const char *s)
{
	char *copy = xstrdup(s), *tok, *save;

	for (tok = strtok_r(copy, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save))
		strlist_add(l, tok);
	free(copy);
}

void
strlist_free(struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

void
strlist_add_distinct(struct strlist *l, const char *s)
{
	if (s != NULL && !strlist_has(l, s))
		strlist_add(l, s);
}

size_t
strlist_index(const struct strlist *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return i;
	return l->n;
}
