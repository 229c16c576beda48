/*
 * format_method.c: how a comparison counted and decided, in words: the
 * lines above its table (unit of evidence, test, change, verdict rule)
 * and the note on the run-to-run variation under it.  One source for
 * the text and Markdown tables, kbench report and the charts, so all
 * say the same.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"
#include "analyze/format.h"

/* Do two rows count and test alike (one "use" of a method)? */
static int
same_use(const struct comparison *x, const struct comparison *y)
{
	return x->method == y->method && x->unit == y->unit &&
	    x->paired == y->paired && x->between == y->between &&
	    x->floor.used == y->floor.used && x->shared == y->shared &&
	    x->rounded == y->rounded;
}

size_t
method_uses(const struct analysis *an, struct method_use *u)
{
	size_t i, k, n = 0;

	for (i = 0; i < an->ncmp; i++) {
		for (k = 0; k < n; k++)
			if (same_use(u[k].first, &an->cmp[i]))
				break;
		if (k == n) {
			u[n].first = &an->cmp[i];
			u[n].rows = 0;
			u[n].lo = u[n].hi = an->cmp[i].nu_a;
			n++;
		}
		u[k].rows++;
		u[k].lo = an->cmp[i].nu_a < u[k].lo ? an->cmp[i].nu_a : u[k].lo;
		u[k].hi = an->cmp[i].nu_a > u[k].hi ? an->cmp[i].nu_a : u[k].hi;
		u[k].lo = an->cmp[i].nu_b < u[k].lo ? an->cmp[i].nu_b : u[k].lo;
		u[k].hi = an->cmp[i].nu_b > u[k].hi ? an->cmp[i].nu_b : u[k].hi;
	}
	return n;
}

/* "5 a side", "4 to 5 a side", "5 pairs". */
static void
counts(struct strbuf *sb, const struct method_use *u)
{
	if (u->lo == u->hi)
		sb_addf(sb, "%zu", u->lo);
	else
		sb_addf(sb, "%zu to %zu", u->lo, u->hi);
	sb_adds(sb, !u->first->paired ? " a side" : u->hi == 1 ? " pair" :
	    " pairs");
}

/* The "unit of evidence:" sentence of one use. */
static void
unit_sentence(const struct method_use *u, struct strbuf *sb)
{
	const struct comparison *c = u->first;

	sb_addf(sb, "unit of evidence: the %s", unit_name(c->unit));
	if (c->paired)
		sb_adds(sb, ", in pairs");
	sb_adds(sb, " (");
	counts(sb, u);
	if (c->unit == UNIT_ROUND)
		sb_addf(sb, ": one invocation of the benchmark each, counted as "
		    "its samples' %s", c->method->medians ? "median" : "mean");
	else if (c->unit == UNIT_RUN)
		sb_addf(sb, ": one collection each, counted as its samples' %s",
		    c->method->medians ? "median" : "mean");
	sb_adds(sb, ")");
	if (c->unit == UNIT_SAMPLE)
		sb_addf(sb, ": %s, samples assumed independent",
		    compare_samples_why(c));
	if (c->paired)
		sb_adds(sb, "; the sides ran in the same rounds, so what a "
		    "round shares with its pair cancels");
	else if (c->floor.used)
		sb_addf(sb, "; run-to-run variation modelled from the history: "
		    "identical runs of the baseline's host and configuration "
		    "(--noise-floor auto)");
	else if (c->between == BETWEEN_MODELLED)
		sb_adds(sb, "; run-to-run variation modelled");
	else if (c->between == BETWEEN_UNMEASURED)
		sb_addf(sb, "; run-to-run variation unmeasured (%s): the "
		    "intervals do not cover it", compare_unmeasured_why(c));
	else if (!c->paired)
		sb_adds(sb, "; the sides share their runs");
	if (c->shared == 1)
		sb_adds(sb, "; the sides share some of their runs, counted as "
		    "if independent");
}

/*
 * The "test: ...; change: ..." sentence of one use; the test is in the
 * title when it is the only one.
 */
static void
test_sentence(const struct analysis *an, const struct method_use *u,
    int alone, struct strbuf *sb)
{
	const struct comparison *c = u->first;
	char lv[32];

	compare_level_text(lv, sizeof(lv), an->ci_level);
	if (!alone)
		sb_addf(sb, "test: %s on %s; ", c->method->test,
		    compare_values_name(c));
	sb_addf(sb, "change: the %s of %s/%s - 1, with %s %s interval",
	    c->method->estimator[0], an->name_b, an->name_a,
	    c->method->interval[0], lv);
	if (an->adjust && an->ntested > 1)
		sb_addf(sb, " (%g%% simultaneous over %zu series, Bonferroni)",
		    an->level, an->ntested);
}

void
method_title(const struct analysis *an, struct strbuf *sb)
{
	struct method_use *u = xcalloc(an->ncmp + 1, sizeof(*u));
	size_t n = method_uses(an, u);

	sb_addf(sb, "%s (baseline) vs %s", an->name_a, an->name_b);
	if (n == 1)
		sb_addf(sb, ": %s on %s", u[0].first->method->test,
		    compare_values_name(u[0].first));
	sb_addf(sb, ", %g%% confidence", an->level);
	free(u);
}

/* Does a row give its change as a difference (SCALE_SHIFT)? */
static const struct comparison *
first_shift(const struct analysis *an)
{
	size_t i;

	for (i = 0; i < an->ncmp; i++)
		if (an->cmp[i].scale == SCALE_SHIFT)
			return &an->cmp[i];
	return NULL;
}

void
method_sentences(const struct analysis *an, struct strlist *lines)
{
	struct method_use *u = xcalloc(an->ncmp + 1, sizeof(*u));
	struct strbuf sb = STRBUF_INIT;
	const struct comparison *sh = first_shift(an);
	size_t n = method_uses(an, u), k;

	for (k = 0; k < n; k++) {
		sb_reset(&sb);
		if (n > 1)
			sb_addf(&sb, "[%zu series] ", u[k].rows);
		unit_sentence(&u[k], &sb);
		strlist_add(lines, sb_str(&sb));
		sb_reset(&sb);
		if (n > 1)
			sb_addf(&sb, "[%zu series] ", u[k].rows);
		test_sentence(an, &u[k], n == 1, &sb);
		strlist_add(lines, sb_str(&sb));
	}
	if (sh != NULL) {
		sb_reset(&sb);
		sb_addf(&sb, "rows flagged a: the %s %s - %s in the series' unit "
		    "(a ratio means nothing across 0)", sh->method->estimator[1],
		    an->name_b, an->name_a);
		strlist_add(lines, sb_str(&sb));
	}
	sb_reset(&sb);
	sb_addf(&sb, "verdict: the interval excludes 0 and p < %g",
	    1 - an->level / 100);
	if (an->adjust && an->ntested > 1)
		sb_addf(&sb, " after Holm's adjustment over %zu series",
		    an->ntested);
	else
		sb_adds(&sb, " (unadjusted)");
	sb_addf(&sb, "; threshold %g%%", an->threshold);
	strlist_add(lines, sb_str(&sb));
	sb_free(&sb);
	free(u);
}

/*
 * Under the table, when some rows leave the run-to-run variation out:
 * what their intervals say, and how to measure what they do not.
 */
void
method_unmeasured_note(const struct analysis *an, struct strbuf *sb)
{
	size_t i, n = 0, floor = 0, one = 0, unlike = 0;

	for (i = 0; i < an->ncmp; i++)
		if (an->cmp[i].between == BETWEEN_UNMEASURED) {
			n++;
			one += an->cmp[i].runs_a == 1 && an->cmp[i].runs_b == 1;
			unlike += an->cmp[i].floor.unlike;
			if (an->cmp[i].floor.runs > floor)
				floor = an->cmp[i].floor.runs;
		}
	if (n == 0)
		return;
	sb_addf(sb, "Run-to-run variation: %zu of %zu series compare %s, so "
	    "their intervals say how well these runs are known, not whether "
	    "another run would differ (two runs of one setup often differ by "
	    "more).  To measure it, collect 2 or more runs a side, alternated "
	    "in time (before, after, before, after)", n, an->ncmp,
	    one == n ? "one run a side" : "too few runs to model it");
	if (!an->noise_floor)
		sb_adds(sb, ", or add --noise-floor auto to take it from "
		    "identical runs in the database");
	else if (unlike == n)
		sb_adds(sb, "; --noise-floor auto: the sides' runs differ in "
		    "rounds or samples, so no history of identical runs serves "
		    "both");
	else
		sb_addf(sb, "; --noise-floor auto found %s%zu identical run%s "
		    "(the same benchmark, host and configuration, these series "
		    "in as many rounds and about as many samples), 3 are needed",
		    floor > 0 ? "at most " : "", floor, floor == 1 ? "" : "s");
	sb_adds(sb, ".");
}

/*
 * One row's floor: "+-2.1%" of a ratio, "+-3.2 ns" of a shift (a
 * percentage of a center near 0 says nothing).
 */
static void
floor_text(const struct comparison *c, struct strbuf *sb)
{
	if (c->scale == SCALE_RATIO)
		sb_addf(sb, "+-%.2g%%", c->floor.sd_pct);
	else
		sb_addf(sb, "+-%.4g%s%s", sqrt(c->floor.var),
		    *c->a->unit ? " " : "", c->a->unit);
}

/* "method=x,usec=1 +-2.1% (12 runs)": the series' floors, named. */
void
method_floor_note(const struct analysis *an, struct strbuf *sb)
{
	struct strbuf lo = STRBUF_INIT, hi = STRBUF_INIT, list = STRBUF_INIT;
	const struct comparison *c, *clo = NULL, *chi = NULL;
	size_t i, n = 0;

	for (i = 0; i < an->ncmp; i++) {
		c = &an->cmp[i];
		if (!c->floor.used)
			continue;
		sb_addf(&list, "%s %s ", n++ ? ";" : ":", *c->a->series ?
		    c->a->series : "(no keys)");
		floor_text(c, &list);
		sb_addf(&list, " (%zu runs)", c->floor.runs);
		if (c->scale != SCALE_RATIO)
			continue;
		if (clo == NULL || c->floor.sd_pct < clo->floor.sd_pct)
			clo = c;
		if (chi == NULL || c->floor.sd_pct > chi->floor.sd_pct)
			chi = c;
	}
	if (n > 0) {
		sb_addf(sb, "Noise floor: %zu series move%s between identical "
		    "runs on this host%s", n, n == 1 ? "s" : "", clo != NULL ?
		    " by" : "");
		if (clo != NULL) {
			floor_text(clo, &lo);
			floor_text(chi, &hi);
			/* As printed: "+-3% to +-3%" is one figure. */
			if (strcmp(sb_str(&lo), sb_str(&hi)) == 0)
				sb_addf(sb, " %s", sb_str(&lo));
			else
				sb_addf(sb, " %s to %s", sb_str(&lo), sb_str(&hi));
		}
		sb_addf(sb, " (one standard deviation of a run's median)%s.",
		    sb_str(&list));
	}
	sb_free(&lo);
	sb_free(&hi);
	sb_free(&list);
}

const char *
method_estimator(const struct analysis *an, int scale)
{
	const char *name = NULL;
	size_t i;

	for (i = 0; i < an->ncmp; i++) {
		if (an->cmp[i].scale != scale)
			continue;
		if (name == NULL)
			name = an->cmp[i].method->estimator[scale == SCALE_RATIO ?
			    0 : 1];
		else if (strcmp(name, an->cmp[i].method->estimator[scale ==
		    SCALE_RATIO ? 0 : 1]) != 0)
			return "estimate (as the table's row)";
	}
	return name != NULL ? name : "estimate";
}

void
method_unit_brief(const struct analysis *an, struct strbuf *sb)
{
	struct method_use *u = xcalloc(an->ncmp + 1, sizeof(*u));
	const struct comparison *c;
	size_t n = method_uses(an, u);

	if (n != 1) {
		sb_adds(sb, "units of evidence as the table's rows say");
		free(u);
		return;
	}
	c = u[0].first;
	sb_addf(sb, "counted in %s (", c->paired ? "pairs of rounds" :
	    c->unit == UNIT_ROUND ? "rounds" : c->unit == UNIT_RUN ? "runs" :
	    "samples");
	counts(sb, &u[0]);
	sb_adds(sb, ")");
	if (c->unit == UNIT_SAMPLE)
		sb_addf(sb, ", %s", compare_samples_why(c));
	if (c->between == BETWEEN_UNMEASURED)
		sb_adds(sb, ", run-to-run variation unmeasured");
	else if (c->between == BETWEEN_MODELLED)
		sb_addf(sb, ", run-to-run variation modelled%s", c->floor.used ?
		    " (noise floor)" : "");
	free(u);
}
