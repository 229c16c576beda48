/*
 * format_sequential.c: what --sequential adds to a comparison's outputs
 * (compare.h struct seq_result): a line and a table under the fixed
 * comparison's, CSV columns and a JSON object, each from the same
 * numbers.
 */
#include <math.h>
#include <stdio.h>

#include "analyze/analysis.h"
#include "analyze/format.h"
#include "analyze/sequential.h"
#include "db/csvio.h"
#include "lib/json.h"
#include "lib/table.h"

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
	sb_adds(&sb, "Flags (!): ");
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
	putc('}', out);
}
