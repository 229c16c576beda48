/*
 * kv.h: an ordered list of key=value string pairs: run facts, series keys,
 * --where selectors.  Small (tens of pairs), so lookups are linear.
 */
#ifndef KBENCH_KV_H
#define KBENCH_KV_H

#include <stddef.h>

struct kv {
	char	*key;
	char	*value;
};

struct kvlist {
	struct kv	*v;
	size_t		 n;
	size_t		 cap;
};
#define KVLIST_INIT	{ NULL, 0, 0 }

/* Set key to value, replacing an earlier value of the same key. */
void		 kv_set(struct kvlist *l, const char *key, const char *value);
const char	*kv_get(const struct kvlist *l, const char *key);
/* Sort by key (strcmp), for a canonical order. */
void		 kv_sort(struct kvlist *l);
void		 kv_clear(struct kvlist *l);
/*
 * Split "KEY=VALUE" into l; -1 when there is no '=' or the key is empty.
 */
int		 kv_parse(struct kvlist *l, const char *arg);

#endif
