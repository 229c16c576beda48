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

/*
 * Print to out one report per regression change point of h that the
 * same history without its newest run does not have; their number in
 * *nnew.  f is h's selection (for the commands).  0, or -1 when out of
 * memory.
 */
int	trend_mail_new(FILE *out, struct store *s, const struct history *h,
	    const struct filter *f, size_t *nnew);

#endif
