/*
 * trend_confirm.c: which change points are new tonight, confirmed by
 * the runs since they first appeared (see trend.h).  A change point of
 * the newest two runs is often one outlier night: simulated flat
 * histories mailed false regressions at their last nights only.
 * Asking it to hold for a few more runs, at a stricter level, costs
 * those nights of delay and removes most of them (make bench, section
 * mail, measures both).
 *
 * A change point is followed back night by night: on each earlier
 * history, the regression nearest to where it stood the night after,
 * within TREND_MIN_SIZE runs (a run more moves a split by one or two,
 * and a slow rise keeps moving it).  Each earlier history is detected
 * once a series, however many change points ask for it.
 */
#include <stdlib.h>

#include "analyze/stats.h"
#include "analyze/trend.h"

/* The change points of each earlier history, detected when first asked. */
struct memo {
	const double			*x;
	const struct trend_opts		*o;
	const struct trend_mail_rule	*r;
	struct trend_cp			**cp;	/* [m]: of the history of m */
	size_t				*ncp;
	char				*done;
};

/* Is cp a regression the mail may report: worse after, p < level? */
static int
mailable(const struct trend_cp *cp, const struct trend_mail_rule *r)
{
	if (!(cp->p < r->level))
		return 0;
	return r->worse > 0 ? cp->mean_after > cp->mean_before :
	    cp->mean_after < cp->mean_before;
}

/* The first point of the history of m points: all, or its --last. */
static size_t
first_point(const struct trend_mail_rule *r, size_t m)
{
	return r->from != NULL ? r->from[m] : 0;
}

/* The history of m points' change points, indices into x; -STATS_ error. */
static int
history_at(struct memo *mm, size_t m)
{
	size_t lo = first_point(mm->r, m), k;
	int rc;

	if (mm->done[m])
		return 0;
	if ((rc = trend_detect(mm->x + lo, m - lo, mm->o, &mm->cp[m],
	    &mm->ncp[m])) != STATS_OK)
		return -rc;
	for (k = 0; k < mm->ncp[m]; k++)
		mm->cp[m][k].index += lo;
	mm->done[m] = 1;
	return 0;
}

/*
 * Where a mailable regression of the history of m points stands within
 * TREND_MIN_SIZE of idx (the nearest), into *at: 1; 0 when none; minus
 * a STATS_ error.
 */
static int
stands(struct memo *mm, size_t m, size_t idx, size_t *at)
{
	const struct trend_cp *c;
	size_t k, d, best = (size_t)-1;
	int rc;

	if ((rc = history_at(mm, m)) < 0)
		return rc;
	for (k = 0; k < mm->ncp[m]; k++) {
		c = &mm->cp[m][k];
		d = c->index > idx ? c->index - idx : idx - c->index;
		if (d <= TREND_MIN_SIZE && d < best && mailable(c, mm->r)) {
			best = d;
			*at = c->index;
		}
	}
	return best != (size_t)-1;
}

/*
 * Did the change point at idx (followed back from the history of m + 1
 * points) stand on confirm + 1 histories in a row before?  Then it was
 * reported then.  1, 0 or minus a STATS_ error.
 */
static int
reported_before(struct memo *mm, size_t m, size_t idx, size_t confirm)
{
	size_t streak = 0, at;
	int rc;

	for (; m >= idx + TREND_MIN_SIZE && m >= 2 * TREND_MIN_SIZE; m--) {
		if ((rc = stands(mm, m, idx, &at)) < 0)
			return rc;
		streak = rc ? streak + 1 : 0;
		if (rc)
			idx = at;
		if (streak > confirm)
			return 1;
	}
	return 0;
}

/*
 * Is cp new tonight (history of n points): standing on each of the
 * last confirm + 1 histories, not on the one before, never confirm + 1
 * in a row earlier?  1, 0 or minus a STATS_ error.
 */
static int
new_tonight(struct memo *mm, size_t n, const struct trend_cp *cp)
{
	size_t back, idx = cp->index, confirm = mm->r->confirm;
	int rc;

	if (cp->index == first_point(mm->r, n) || !mailable(cp, mm->r))
		return 0;
	for (back = 1; back <= confirm + 1; back++) {
		if (back > n - 2 * TREND_MIN_SIZE)
			return back > confirm;	/* no history that far back */
		if ((rc = stands(mm, n - back, idx, &idx)) < 0)
			return rc;
		if (rc != (back <= confirm))
			return 0;
	}
	if ((rc = reported_before(mm, n - confirm - 2, idx, confirm)) < 0)
		return rc;
	return !rc;
}

int
trend_new_regressions(const double *x, size_t n, const struct trend_opts *o,
    const struct trend_mail_rule *r, struct trend_cp **out, size_t *nout)
{
	struct memo mm = { x, o, r, NULL, NULL, NULL };
	struct trend_cp cand;
	size_t k, m;
	int rc = 0;

	*out = NULL;
	*nout = 0;
	if (n < 2 * TREND_MIN_SIZE)
		return STATS_OK;
	mm.cp = calloc(n + 1, sizeof(*mm.cp));
	mm.ncp = calloc(n + 1, sizeof(*mm.ncp));
	mm.done = calloc(n + 1, 1);
	if (mm.cp == NULL || mm.ncp == NULL || mm.done == NULL)
		rc = -STATS_ENOMEM;
	if (rc == 0)
		rc = history_at(&mm, n);
	/* Room for all of tonight's: the new ones are some of them. */
	if (rc == 0 && mm.ncp[n] > 0 && (mm.cp[n] == NULL ||
	    (*out = malloc(mm.ncp[n] * sizeof(**out))) == NULL))
		rc = -STATS_ENOMEM;
	for (k = 0; rc == 0 && *out != NULL && k < mm.ncp[n]; k++) {
		cand = mm.cp[n][k];
		if ((rc = new_tonight(&mm, n, &cand)) == 1) {
			(*out)[(*nout)++] = cand;
			rc = 0;
		}
	}
	for (m = 0; mm.cp != NULL && m <= n; m++)
		free(mm.cp[m]);
	free(mm.cp);
	free(mm.ncp);
	free(mm.done);
	if (rc < 0) {
		free(*out);
		*out = NULL;
		*nout = 0;
	}
	return -rc;
}
