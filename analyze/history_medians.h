/*
 * history_medians.h: the points of a history that have no cached
 * summary, computed from their samples before trend's (and site's)
 * pass over the series, on every core (history.c's use only).
 */
#ifndef HISTORY_MEDIANS_H
#define HISTORY_MEDIANS_H

#include <stdint.h>

#include "analyze/history.h"
#include "db/store.h"
#include "lib/util.h"

/* One series' point, as its samples make it (pos is not set). */
struct series_point {
	int64_t		id;		/* the series */
	struct hpoint	p;		/* p.n 0: no samples */
};

/* A point from n samples, v sorted on the way: n > 0. */
void	history_point(double *v, size_t n, struct hpoint *p);

/*
 * The points of the series pt[0 .. n) name (their id; each p zeroed),
 * each read from the store and summarized: on s and on up to three
 * more connections (store_open_peer; a peer that cannot be opened
 * leaves the work to the others).  pt is then sorted by id.  0, or -1 and err.
 */
int	history_points_read(struct store *s, struct series_point *pt,
	    size_t n, struct strbuf *err);

#endif
