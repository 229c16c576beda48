/*
 * strpool.h: interned strings, for the models that hold a string a row
 * by the hundred thousand (the history's series names, units, key names
 * and values).  Each distinct string is kept once, in large chunks, with
 * no malloc header of its own; equal strings share one copy, so two
 * interned strings are equal exactly when their pointers are.  The
 * strings live until strpool_free(), all together.
 */
#ifndef KBENCH_STRPOOL_H
#define KBENCH_STRPOOL_H

#include <stddef.h>

struct strpool_chunk;

struct strpool {
	const char		**slot;	/* the strings, by hash; NULL: free */
	size_t			  cap;	/* a power of two, or 0 */
	size_t			  n;
	struct strpool_chunk	 *chunk;	/* the newest, where the
						   next string goes */
	size_t			  used;	/* bytes used of it */
};
#define STRPOOL_INIT	{ NULL, 0, 0, NULL, 0 }

/* The pool's copy of s (made when it has none); never NULL. */
const char	*strpool_intern(struct strpool *p, const char *s);
/* The number of distinct strings and the bytes the pool holds. */
size_t		 strpool_bytes(const struct strpool *p);
void		 strpool_free(struct strpool *p);

#endif
