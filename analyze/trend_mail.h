/*
 * trend_mail.h: the reports kbench trend --new-regressions prints (and
 * nightly -q through it): one per regression the newest run revealed.
 */
#ifndef KBENCH_TREND_MAIL_H
#define KBENCH_TREND_MAIL_H

#include <stdio.h>

#include "db/filter.h"
#include "analyze/history.h"
#include "db/store.h"

/* --confirm's default: runs a new regression must hold on. */
#define MAIL_CONFIRM		2
#define MAIL_CONFIRM_MAX	100
/*
 * The mail's level is the table's (--pvalue) divided by this: a series
 * is looked at every night, and a p-value below 0.001 somewhere in a
 * year of looks is no rare thing (make bench, section trend).
 */
#define MAIL_LEVEL_DIVISOR	10

/*
 * Print to out one report per regression of h that its newest run
 * confirmed: a change point at the mail's level that has stood on the
 * last confirm + 1 runs of its series and was not reported before
 * (trend_new_regressions); their number in *nnew.  f is h's selection
 * (for the commands).  0, or -1 when out of memory.
 */
int	trend_mail_new(FILE *out, struct store *s, const struct history *h,
	    const struct filter *f, size_t confirm, size_t *nnew);

#endif
