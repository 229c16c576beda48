/*
 * trend_mail.h: the reports kbench trend --new-regressions prints (and
 * nightly -q through it): one per regression the newest run revealed.
 */
#ifndef KBENCH_TREND_MAIL_H
#define KBENCH_TREND_MAIL_H

#include <limits.h>
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
 * year of looks is no rare thing.  5: the loosest that kept make bench's
 * targets (section mail; tests/bench/mailsim.c).
 */
#define MAIL_LEVEL_DIVISOR	5

/*
 * Print to out one report per regression of h that its newest night
 * confirmed: a change point of the table, with p below the mail's
 * level, that has stood on the last confirm + 1 runs of its series and
 * was not reported before (trend_new_regressions); their number in
 * *nnew.  f is h's selection (for the commands); last the --last the
 * user gave (h holds more runs: mail_runs_needed()), each night's
 * history then being its last runs.  0, or -1 when out of memory.
 */
int	trend_mail_new(FILE *out, struct store *s, const struct history *h,
	    const struct filter *f, size_t confirm, long last, size_t *nnew);
/*
 * With --last N, the runs the mail must read to judge tonight as each
 * earlier night had it: a change point it follows back lies in
 * tonight's N runs, and the history of a night before it reaches N
 * runs further back.
 */
#define MAIL_RUNS_NEEDED(last, confirm)	\
	((last) > (LONG_MAX - 2 - (long)(confirm)) / 2 ? LONG_MAX : \
	2 * (last) + (long)(confirm) + 2)

#endif
