/*
 * strlist.h: a list of strings, each a copy the list owns.  Zeroed is
 * empty ({ NULL, 0 }); strlist_free() empties it again.
 */
#ifndef KBENCH_STRLIST_H
#define KBENCH_STRLIST_H

#include <stddef.h>

struct strlist {
	char	**v;
	size_t	  n;
};

void	strlist_add(struct strlist *l, const char *s);
/* Add s unless it is there already (or NULL): the values in order met. */
void	strlist_add_distinct(struct strlist *l, const char *s);
/* 1 when s is one of l's strings. */
int	strlist_has(const struct strlist *l, const char *s);
/* The index of s in l, or l->n when it is not there. */
size_t	strlist_index(const struct strlist *l, const char *s);
/* Add each comma-separated item of s (empty items skipped). */
void	strlist_split(struct strlist *l, const char *s);
void	strlist_free(struct strlist *l);

#endif
