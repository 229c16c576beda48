/*
 * trend_confirm.c: which change points are new tonight, confirmed by
 * the runs since they first appeared (see trend.h).  A change point of
 * the newest two runs is often one outlier night: simulated flat
 * histories mailed false regressions at their last nights only.
 * Asking it to hold for a few more runs costs those nights of delay
 * and removes most of them (make bench, section trend, measures both).
 */
#include <stdlib.h>

#include "analyze/stats.h"
#include "analyze/trend.h"

/* Is cp a regression: after worse than before? */
static int
regressed(const struct trend_cp *cp, int worse)
{
	return worse > 0 ? cp->mean_after > cp->mean_before :
	    cp->mean_after < cp->mean_before;
}

/* Does a regression of old[0 .. nold) stand within a point of cp? */
static int
stands(const struct trend_cp *cp, const struct trend_cp *old, size_t nold,
    int worse)
{
	size_t i;

	for (i = 0; i < nold; i++)
		if (old[i].index + 1 >= cp->index &&
		    old[i].index <= cp->index + 1 && regressed(&old[i], worse))
			return 1;
	return 0;
}

/*
 * Does a regression stand within a point of cp in the change points of
 * x[0 .. m)?  1 or 0, or minus a STATS_ error.
 */
static int
stands_in(const double *x, size_t m, const struct trend_opts *o,
    const struct trend_cp *cp, int worse)
{
	struct trend_cp *old = NULL;
	size_t nold = 0;
	int rc;

	if ((rc = trend_detect(x, m, o, &old, &nold)) != STATS_OK)
		return -rc;
	rc = stands(cp, old, nold, worse);
	free(old);
	return rc;
}

/*
 * Did cp's streak of confirm + 1 histories in a row already happen
 * before x[0 .. n - confirm - 1)?  Then it was reported then, and a
 * change point that faded and came back is not news.  It can stand
 * only in histories that reach two points past it.  1, 0 or minus a
 * STATS_ error.
 */
static int
reported_before(const double *x, size_t n, const struct trend_opts *o,
    const struct trend_cp *cp, size_t confirm, int worse)
{
	size_t m, streak = 0, from = cp->index + TREND_MIN_SIZE;
	int rc;

	if (n < confirm + 2)
		return 0;
	for (m = n - confirm - 2; m >= from && m > 0; m--) {
		if ((rc = stands_in(x, m, o, cp, worse)) < 0)
			return rc;
		streak = rc ? streak + 1 : 0;
		if (streak > confirm)
			return 1;
	}
	return 0;
}

/*
 * Whether cp is new tonight: in each of the last confirm + 1 histories,
 * not in the one before, never confirm + 1 in a row earlier.  The
 * cheap tests first: most candidates fail on the first history back.
 */
static int
new_tonight(const double *x, size_t n, const struct trend_opts *o,
    const struct trend_cp *cp, size_t confirm, int worse)
{
	size_t back;
	int rc;

	if (cp->index == 0 || !regressed(cp, worse))
		return 0;
	for (back = 1; back <= confirm + 1; back++) {
		if (back > n)
			break;
		if ((rc = stands_in(x, n - back, o, cp, worse)) < 0)
			return rc;
		if (rc != (back <= confirm))
			return 0;
	}
	if ((rc = reported_before(x, n, o, cp, confirm, worse)) < 0)
		return rc;
	return !rc;
}

int
trend_new_regressions(const double *x, size_t n, const struct trend_opts *o,
    const struct trend_cp *cur, size_t ncur, size_t confirm, int worse,
    char *isnew)
{
	size_t k;
	int rc;

	for (k = 0; k < ncur; k++) {
		if ((rc = new_tonight(x, n, o, &cur[k], confirm, worse)) < 0)
			return -rc;
		isnew[k] = (char)rc;
	}
	return STATS_OK;
}
