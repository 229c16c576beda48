/*
 * format_sequential.c: what --sequential adds to a comparison's outputs
 * (compare.h struct seq_result): a line and a table under the fixed
 * comparison's, CSV columns and a JSON object, each from the same
 * numbers.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analyze/analysis.h"
#include "analyze/format.h"
#include "analyze/plan_rounds.h"
#include "analyze/sequential.h"
#include "db/csvio.h"
#include "lib/json.h"
#include "lib/table.h"

/* A planned count: "24", or ">5000" past where the plan looked. */
static const char *
plan_count(char *buf, size_t size, size_t n, size_t beyond)
{
	if (n == 0)
		snprintf(buf, size, "-");
	else if (n >= beyond)
		snprintf(buf, size, ">%zu", beyond - 1);
	else
		snprintf(buf, size, "%zu", n);
	return buf;
}

/* How far the sequential plan of c looked: its cap + 1. */
static size_t
plan_beyond(const struct comparison *c)
{
	size_t cap = 4 * c->seq.plan_fixed + 50;

	return (cap < PLAN_ROUNDS_MAX ? cap : PLAN_ROUNDS_MAX) + 1;
}

/* "name":N, or null past where the plan looked. */
static void
plan_json(FILE *out, const char *name, size_t n, size_t beyond)
{
	if (n >= beyond)
		fprintf(out, "\"%s\":null", name);
	else
		fprintf(out, "\"%s\":%zu", name, n);
}

void
seq_heading(FILE *out, const struct analysis *an, const char *prefix)
{
	char lvl[32];
	struct strbuf sb = STRBUF_INIT;

	sb_addf(&sb, "Round by round (--sequential): Lai's confidence "
	    "sequence of the mean log ratio of the rounds (a difference where "
	    "values are not all positive), of one run and round when the "
	    "sides share runs, else the i-th of each; %s at every round at "
	    "once, p Bonferroni-adjusted alike; decided: after how many "
	    "rounds it first excluded 0, where a collection looking after "
	    "every round could have stopped.",
	    compare_level_text(lvl, sizeof(lvl), an->ci_level));
	text_wrap(out, an->width, prefix, prefix, sb_str(&sb));
	sb_free(&sb);
}

/* Is the interval bounded (enough rounds), and shown? */
static int
seq_bounded(const struct comparison *c)
{
	return c->seq.done && isfinite(c->seq.lo) && isfinite(c->seq.hi);
}

/* The interval after the last round: "-6.1% .. -3.2%", or "-". */
static const char *
seq_interval(char *buf, size_t size, const struct comparison *c)
{
	char lo[40], hi[40];

	if (!seq_bounded(c))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%s .. %s", fmt_change(lo, sizeof(lo), c,
		    c->seq.lo), fmt_change(hi, sizeof(hi), c, c->seq.hi));
	return buf;
}

/* "after 7", or why it was not decided. */
static const char *
seq_decided(char *buf, size_t size, const struct comparison *c)
{
	if (c->seq.decided_at > 0)
		snprintf(buf, size, "after %zu", c->seq.decided_at);
	else if (!c->seq.done)
		snprintf(buf, size, "- (%s)", c->seq.why != NULL ? c->seq.why :
		    "untested");
	else if (c->seq.rounds < c->seq.need)
		snprintf(buf, size, "- (needs %zu)", c->seq.need);
	else
		snprintf(buf, size, "-");
	return buf;
}

/* The "!" letters: r run-to-run unmeasured, d drift. */
static const char *
seq_flags(char *buf, size_t size, const struct comparison *c)
{
	snprintf(buf, size, "%s%s", c->seq.unmeasured ? "r" : "",
	    c->seq.drift ? "d" : "");
	return buf;
}

void
seq_legend(FILE *out, const struct analysis *an, const char *prefix)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, r = 0, d = 0;

	for (i = 0; i < an->ncmp; i++) {
		r += an->cmp[i].seq.unmeasured;
		d += an->cmp[i].seq.drift;
	}
	sb_adds(&sb, "Flags (!) of this table: ");
	if (r > 0)
		sb_adds(&sb, "r the sides are different runs: what differs "
		    "between runs is not in the interval (interleave them, as "
		    "collect -H rw,rm does)");
	if (d > 0)
		sb_addf(&sb, "%sd the rounds' intervals stopped overlapping: "
		    "the change moved while it was collected, and the sequence "
		    "assumes it constant", r > 0 ? "; " : "");
	if (r + d > 0)
		text_wrap(out, an->width, prefix, prefix, sb_str(&sb));
	sb_free(&sb);
}

void
seq_build_table(struct table *t, const struct analysis *an)
{
	static const char *const head[] = { "rounds", "change", "interval",
	    "p", "decided", "verdict", "!" };
	size_t k = an->keynames.n ? an->keynames.n : 1, i, j;
	const struct comparison *c;
	char a[96];

	table_init(t, k + 7);
	table_row(t);
	report_key_header(t, an);
	for (j = 0; j < 7; j++) {
		table_set(t, k + j, "%s", head[j]);
		if (j < 4)
			table_align_right(t, k + j);
	}
	table_droppable(t, k + 6);
	for (i = 0; i < an->ncmp; i++) {
		c = &an->cmp[i];
		table_row(t);
		report_key_cells(t, an, c->a);
		if (an->keynames.n == 0)
			table_set(t, 0, "%s", c->a->series);
		table_set(t, k, "%zu", c->seq.rounds);
		table_set(t, k + 1, "%s", fmt_change(a, sizeof(a), c,
		    c->seq.done && c->seq.rounds > 0 ? c->seq.est : NAN));
		table_set(t, k + 2, "%s", seq_interval(a, sizeof(a), c));
		if (isnan(c->seq.p_adj))
			table_set(t, k + 3, "-");
		else
			table_set(t, k + 3, "%.3g", c->seq.p_adj);
		table_set(t, k + 4, "%s", seq_decided(a, sizeof(a), c));
		table_set(t, k + 5, "%s", c->seq.decided_at > 0 ?
		    verdict_name(c->seq.verdict) : "~");
		table_class(t, k + 5, c->seq.decided_at == 0 ? "v-same" :
		    c->seq.verdict == VERDICT_IMPROVED ? "v-improved" :
		    "v-regressed");
		table_set(t, k + 6, "%s", seq_flags(a, sizeof(a), c));
	}
}

/* Text that wraps as a paragraph of Markdown, then a blank line. */
static void
md_part(FILE *out, void (*part)(FILE *, const struct analysis *,
    const char *), const struct analysis *an)
{
	char *text = report_part(part, an);

	md_escape(out, text);
	fputs("\n\n", out);
	free(text);
}

void
seq_print_markdown(FILE *out, const struct analysis *an)
{
	struct table t;
	char *text;

	md_part(out, seq_heading, an);
	seq_build_table(&t, an);
	table_print_markdown(&t, out);
	table_free(&t);
	text = report_part(seq_legend, an);
	if (*text != '\0') {
		fputs("\n", out);
		md_code_block(out, "", text);
	}
	free(text);
	if (an->plan > 0) {
		fputs("\n", out);
		md_part(out, seq_plan_heading, an);
		seq_plan_table(&t, an);
		table_print_markdown(&t, out);
		table_free(&t);
	}
}

void
seq_csv_header(FILE *out)
{
	fputs(",seq_rounds,seq_change,seq_lo,seq_hi,seq_p_adjusted,"
	    "seq_decided_at,seq_verdict,seq_paired,seq_drift,"
	    "seq_runs_unmeasured", out);
}

void
seq_csv_cells(FILE *out, const struct comparison *c)
{
	fprintf(out, ",%zu", c->seq.rounds);
	csv_put_num(out, c->seq.done && c->seq.rounds > 0 ? c->seq.est : NAN);
	csv_put_num(out, seq_bounded(c) ? c->seq.lo : NAN);
	csv_put_num(out, seq_bounded(c) ? c->seq.hi : NAN);
	csv_put_num(out, c->seq.p_adj);
	if (c->seq.decided_at > 0)
		fprintf(out, ",%zu,%s", c->seq.decided_at,
		    verdict_name(c->seq.verdict));
	else
		fputs(",,~", out);
	fprintf(out, ",%s,%s,%s", c->seq.paired ? "true" : "false",
	    c->seq.drift ? "true" : "false", c->seq.unmeasured ? "true" :
	    "false");
}

/* A bound of the interval: a number, or null while unbounded. */
static void
json_bound(FILE *out, double v)
{
	char buf[40];

	fputs(json_numtext(buf, sizeof(buf), v), out);
}

void
seq_json(FILE *out, const struct comparison *c)
{
	fputs(",\"sequential\":{\"decided_at\":", out);
	if (c->seq.decided_at > 0)
		fprintf(out, "%zu", c->seq.decided_at);
	else
		fputs("null", out);
	fprintf(out, ",\"verdict\":\"%s\"", c->seq.decided_at > 0 ?
	    verdict_name(c->seq.verdict) : "~");
	json_num(out, "change", c->seq.done && c->seq.rounds > 0 ?
	    c->seq.est : NAN);
	fputs(",\"interval\":", out);
	if (seq_bounded(c)) {
		putc('[', out);
		json_bound(out, c->seq.lo);
		putc(',', out);
		json_bound(out, c->seq.hi);
		putc(']', out);
	} else
		fputs("null", out);
	fprintf(out, ",\"rounds\":%zu,\"needs_rounds\":%zu", c->seq.rounds,
	    c->seq.need);
	json_num(out, "p", c->seq.p);
	json_num(out, "p_adjusted", c->seq.p_adj);
	fprintf(out, ",\"paired\":%s,\"drift\":%s,\"runs_unmeasured\":%s",
	    c->seq.paired ? "true" : "false", c->seq.drift ? "true" : "false",
	    c->seq.unmeasured ? "true" : "false");
	json_str(out, "not_computed", c->seq.done ? NULL : c->seq.why != NULL ?
	    c->seq.why : "untested");
	if (c->seq.plan_fixed > 0) {
		json_num(out, "sd", c->seq.sd);
		fputs(",\"plan\":{", out);
		plan_json(out, "fixed_rounds", c->seq.plan_fixed,
		    PLAN_ROUNDS_MAX + 1);
		putc(',', out);
		plan_json(out, "sequential_rounds", c->seq.plan_seq,
		    plan_beyond(c));
		putc(',', out);
		plan_json(out, "sequential_median", c->seq.plan_median,
		    plan_beyond(c));
		putc('}', out);
	}
	putc('}', out);
}

void
seq_plan_table(struct table *t, const struct analysis *an)
{
	size_t k = an->keynames.n ? an->keynames.n : 1, i;
	const struct comparison *c;
	char a[64];

	table_init(t, k + 4);
	table_row(t);
	report_key_header(t, an);
	table_set(t, k, "spread");
	table_set(t, k + 1, "fixed");
	table_set(t, k + 2, "--until (%g%%)", 100 * an->power);
	table_set(t, k + 3, "median");
	for (i = 0; i < 4; i++)
		table_align_right(t, k + i);
	for (i = 0; i < an->ncmp; i++) {
		c = &an->cmp[i];
		table_row(t);
		report_key_cells(t, an, c->a);
		if (an->keynames.n == 0)
			table_set(t, 0, "%s", c->a->series);
		if (c->seq.plan_fixed == 0) {
			table_set(t, k, "-");
			continue;
		}
		table_set(t, k, "%s", fmt_change(a, sizeof(a), c,
		    c->scale == SCALE_RATIO ? expm1(c->seq.sd) : c->seq.sd));
		table_set(t, k + 1, "%s", plan_count(a, sizeof(a),
		    c->seq.plan_fixed, PLAN_ROUNDS_MAX + 1));
		table_set(t, k + 2, "%s", plan_count(a, sizeof(a),
		    c->seq.plan_seq, plan_beyond(c)));
		table_set(t, k + 3, "%s", plan_count(a, sizeof(a),
		    c->seq.plan_median, plan_beyond(c)));
	}
}

void
seq_plan_heading(FILE *out, const struct analysis *an, const char *prefix)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, fixed = 0, seq = 0, med = 0, n = 0, beyond = 0;
	const struct comparison *c;
	char a[32], b[32], m[32], pct[32];

	for (i = 0; i < an->ncmp; i++) {
		c = &an->cmp[i];
		if (c->seq.plan_fixed == 0)
			continue;
		n++;
		if (c->seq.plan_fixed > fixed)
			fixed = c->seq.plan_fixed;
		if (c->seq.plan_seq > seq) {
			seq = c->seq.plan_seq;
			beyond = plan_beyond(c);
		}
		if (c->seq.plan_median > med)
			med = c->seq.plan_median;
	}
	snprintf(pct, sizeof(pct), "%g%%", 100 * an->plan);
	sb_addf(&sb, "Plan (--plan %s, power %g%%): the rounds each series "
	    "needs to decide a change of %s, from the spread of its rounds "
	    "here (sd of their log ratios; \"fixed\": a design of that many "
	    "rounds, tested once; \"--until\": the round by which collect "
	    "--until decided has decided %g%% of such series, \"median\" half "
	    "of them).", pct, 100 * an->power, pct, 100 * an->power);
	if (n > 0)
		sb_addf(&sb, "  For every series: %s rounds in a fixed design, or "
		    "--until decided --max-rounds %s (half of them by round "
		    "%s).", plan_count(a, sizeof(a), fixed, PLAN_ROUNDS_MAX + 1),
		    plan_count(b, sizeof(b), seq, beyond), plan_count(m,
		    sizeof(m), med, beyond));
	text_wrap(out, an->width, prefix, prefix, sb_str(&sb));
	sb_free(&sb);
}
