/*
 * strmap.h: a string -> pointer hash map (open addressing, FNV-1a), for
 * the lookups that run once per row: groups by series, runs by uuid.
 */
#ifndef KBENCH_STRMAP_H
#define KBENCH_STRMAP_H

#include <stddef.h>

struct strmap_slot {
	char	*key;
	void	*value;
};

struct strmap {
	struct strmap_slot	*slot;
	size_t			 cap;	/* a power of two, or 0 */
	size_t			 n;
};
#define STRMAP_INIT	{ NULL, 0, 0 }

/* The value stored under key, or NULL. */
void	*strmap_get(const struct strmap *m, const char *key);
/* Store value under key (a copy of key is kept), replacing any other. */
void	 strmap_put(struct strmap *m, const char *key, void *value);
/* Free the keys and the table; the values are the caller's. */
void	 strmap_free(struct strmap *m);
/* The same, each value free()d first (values from malloc). */
void	 strmap_free_values(struct strmap *m);

#endif
