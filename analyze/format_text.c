/*
 * format_text.c: kbench analyze as an aligned table for a terminal (at
 * most ~100 columns for a typical matrix), or as GitHub Markdown.  Both
 * are built from one struct table.  Warnings are printed under the
 * table in words, flagged in the rows by a letter.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "table.h"

const char *
fmt_num(char *buf, size_t size, double v)
{
	if (isnan(v))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.6g", v);
	return buf;
}

/*
 * A sample value (min, max, an odd-n median): itself when it has at most
 * 8 significant digits, as 310001.23 in the seed's table, else 6.
 */
static const char *
fmt_sample(char *buf, size_t size, double v)
{
	int prec;

	if (isnan(v))
		return fmt_num(buf, size, v);
	for (prec = 6; prec <= 8; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return buf;
	}
	return fmt_num(buf, size, v);
}

static const char *
fmt_median(char *buf, size_t size, const struct group *g)
{
	return g->n % 2 == 1 ? fmt_sample(buf, size, g->sum.d.median) :
	    fmt_num(buf, size, g->sum.d.median);
}

/*
 * An interval relative to its center: "-0.5/+0.6%", compact enough for
 * a 100-column terminal; "-" when there is none.  The bounds themselves
 * are in the CSV and JSON output.
 */
static const char *
fmt_relci(char *buf, size_t size, const struct stats_ci *ci, int err,
    double center)
{
	double lo, hi;
	int prec;

	if (err != STATS_OK || isnan(ci->lo) || center == 0) {
		snprintf(buf, size, "-");
		return buf;
	}
	lo = 100 * (ci->lo - center) / fabs(center);
	hi = 100 * (ci->hi - center) / fabs(center);
	prec = fabs(lo) < 0.1 && fabs(hi) < 0.1 ? 3 : fabs(lo) < 1 &&
	    fabs(hi) < 1 ? 2 : 1;
	snprintf(buf, size, "%+.*f/%+.*f%%", prec, lo, prec, hi);
	return buf;
}

static const char *
fmt_pct(char *buf, size_t size, double rel)
{
	if (isnan(rel))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%+.2f%%", 100 * rel);
	return buf;
}

/* Prose lines wrap here: the output reads in a 100-column terminal. */
#define TEXT_WIDTH	100

/*
 * Print text wrapped at TEXT_WIDTH on word boundaries, the first line
 * after first, the next ones after rest (an indent).
 */
static void
print_wrapped(FILE *out, const char *first, const char *rest, const char *text)
{
	const char *p = text, *word, *lead = first;
	size_t col, len;

	fputs(first, out);
	col = strlen(first);
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		word = p;
		while (*p != '\0' && *p != ' ')
			p++;
		len = (size_t)(p - word);
		if (len == 0)
			break;
		if (col > strlen(lead) && col + 1 + len > TEXT_WIDTH) {
			fprintf(out, "\n%s", rest);
			col = strlen(rest);
			lead = rest;
		} else if (col > strlen(lead)) {
			putc(' ', out);
			col++;
		}
		fput_visible(out, word, len);	/* no escape reaches a terminal */
		col += len;
	}
	putc('\n', out);
}

/* One letter per warning, for the row: details follow the table. */
static const char *
flags(char *buf, unsigned warn)
{
	char *p = buf;

	if (warn & WARN_FEW)
		*p++ = 'f';
	if (warn & WARN_OUTLIERS)
		*p++ = 'o';
	if (warn & WARN_BIMODAL)
		*p++ = 'b';
	if (warn & WARN_NOISY)
		*p++ = 'v';
	*p = '\0';
	return buf;
}

void
report_warnings(const struct group *g, double level, struct strbuf *out)
{
	const struct group_summary *s = &g->sum;

	if (s->warn & WARN_FEW)
		sb_addf(out, "%s%zu samples: too few for a %g%% interval (%s needs "
		    "%zu)", out->len ? "; " : "", g->n, level,
		    s->median_err == STATS_ETOOFEW ? "the median's" : "the mean's",
		    s->median_err == STATS_ETOOFEW ? s->median.nmin : s->mean.nmin);
	if (s->warn & WARN_OUTLIERS)
		sb_addf(out, "%s%zu outliers beyond Tukey's fences (%zu low, %zu "
		    "high; kept)", out->len ? "; " : "",
		    s->fences.nlow + s->fences.nhigh, s->fences.nlow,
		    s->fences.nhigh);
	if (s->warn & WARN_BIMODAL)
		sb_addf(out, "%sbimodal? (coefficient %.2f > 5/9): compare "
		    "medians, not means", out->len ? "; " : "", s->shape.bc);
	if (s->warn & WARN_NOISY)
		sb_addf(out, "%sCV %.1f%% > 10%%", out->len ? "; " : "",
		    100 * s->d.cv);
}

/* The key columns of a row: the series' value of each key name. */
static void
key_cells(struct table *t, const struct analysis *an, const struct group *g)
{
	const char *v;
	size_t i;

	for (i = 0; i < an->keynames.n; i++) {
		v = kv_get(&g->keys, an->keynames.v[i]);
		table_set(t, i, "%s", v != NULL ? v : "-");
	}
}

static void
key_header(struct table *t, const struct analysis *an)
{
	size_t i;

	/* Numbers sit close, one blank apart; keys stand two apart. */
	table_gap(t, an->keynames.n ? an->keynames.n : 1);

	for (i = 0; i < an->keynames.n; i++)
		table_set(t, i, "%s", an->keynames.v[i]);
	if (an->keynames.n == 0)
		table_set(t, 0, "series");
}

/* One row per series, every statistic: a single value of the by key. */
static void
summary_full(struct table *t, const struct analysis *an)
{
	static const char *const head[] = {
		"n", "median", "CI median", "mean", "CI mean", "stddev", "CV",
		"p99", "min", "max", "!"
	};
	size_t k = an->keynames.n ? an->keynames.n : 1, i, c;
	char a[80], b[80], f[8];
	const struct group *g;

	table_init(t, k + 11);
	table_row(t);
	key_header(t, an);
	for (c = 0; c < 11; c++) {
		table_set(t, k + c, "%s", head[c]);
		if (c < 10)
			table_align_right(t, k + c);
	}
	/* At n = 1 there is no interval, no spread: no empty columns then. */
	for (c = 2; c < 11; c++)
		if (c != 3 && c != 7 && c != 8 && c != 9)
			table_droppable(t, k + c);
	for (i = 0; i < an->gs.n; i++) {
		g = an->gs.g[i];
		table_row(t);
		key_cells(t, an, g);
		if (an->keynames.n == 0)
			table_set(t, 0, "%s", g->series);
		table_set(t, k, "%zu", g->n);
		table_set(t, k + 1, "%s", fmt_median(a, sizeof(a), g));
		table_set(t, k + 2, "%s", fmt_relci(a, sizeof(a), &g->sum.median,
		    g->sum.median_err, g->sum.d.median));
		table_set(t, k + 3, "%s", fmt_num(a, sizeof(a), g->sum.d.mean));
		if (g->sum.mean_err == STATS_OK && g->sum.d.mean != 0) {
			double half = 100 * (g->sum.mean.hi - g->sum.mean.lo) /
			    2 / fabs(g->sum.d.mean);

			/* Two digits, but never in e-notation. */
			table_set(t, k + 4, half >= 10 ? "+/-%.0f%%" :
			    "+/-%.2g%%", half);
		}
		else
			table_set(t, k + 4, "-");
		table_set(t, k + 5, "%s", fmt_num(a, sizeof(a), g->sum.d.stddev));
		if (isnan(g->sum.d.cv))
			table_set(t, k + 6, "-");
		else
			table_set(t, k + 6, "%.1f%%", 100 * g->sum.d.cv);
		table_set(t, k + 7, "%s", fmt_num(a, sizeof(a), g->sum.d.p99));
		table_set(t, k + 8, "%s", fmt_sample(a, sizeof(a), g->sum.d.min));
		table_set(t, k + 9, "%s", fmt_sample(b, sizeof(b), g->sum.d.max));
		table_set(t, k + 10, "%s", flags(f, g->sum.warn));
	}
}

/* Several values of the by key: a block of n, median, CI per value. */
static void
summary_blocks(struct table *t, const struct analysis *an)
{
	size_t k = an->keynames.n ? an->keynames.n : 1, nv = an->gs.byvalues.n;
	size_t i, j, col;
	char a[80], label[256], f[8];
	const struct group *g, *prev = NULL;

	table_init(t, k + 4 * nv);
	table_row(t);
	key_header(t, an);
	for (j = 0; j < nv; j++) {
		col = k + 4 * j;
		snprintf(label, sizeof(label), "%s=%s", an->by, an->gs.byvalues.v[j]);
		table_span(t, col, 4, label);
		table_set(t, col, "n");
		table_set(t, col + 1, "median");
		table_set(t, col + 2, "CI median");
		table_set(t, col + 3, "!");
		table_align_right(t, col);
		table_align_right(t, col + 1);
		table_align_right(t, col + 2);
		table_droppable(t, col + 2);
		table_droppable(t, col + 3);
		table_gap(t, col);
	}
	for (i = 0; i < an->gs.n; i++) {
		g = an->gs.g[i];
		if (prev == NULL || strcmp(prev->series, g->series) != 0) {
			table_row(t);
			key_cells(t, an, g);
			if (an->keynames.n == 0)
				table_set(t, 0, "%s", g->series);
			/* Absent groups show "-". */
			for (j = 0; j < nv; j++)
				table_set(t, k + 4 * j, "-");
		}
		prev = g;
		for (j = 0; j < nv; j++)
			if (strcmp(an->gs.byvalues.v[j], g->by) == 0)
				break;
		col = k + 4 * j;
		table_set(t, col, "%zu", g->n);
		table_set(t, col + 1, "%s", fmt_median(a, sizeof(a), g));
		table_set(t, col + 2, "%s", fmt_relci(a, sizeof(a), &g->sum.median,
		    g->sum.median_err, g->sum.d.median));
		table_set(t, col + 3, "%s", flags(f, g->sum.warn));
	}
}

static void
compare_table(struct table *t, const struct analysis *an)
{
	size_t k = an->keynames.n ? an->keynames.n : 1, i;
	const struct comparison *c;
	char a[80], b[80], f[8];

	table_init(t, k + 8);
	table_row(t);
	key_header(t, an);
	table_set(t, k, "n");
	table_set(t, k + 1, "%s", an->name_a);
	table_set(t, k + 2, "%s", an->name_b);
	table_set(t, k + 3, "change");
	table_set(t, k + 4, "CI of change");
	table_set(t, k + 5, "p");
	table_set(t, k + 6, "verdict");
	table_set(t, k + 7, "!");
	for (i = 0; i < 6; i++)
		table_align_right(t, k + i);
	table_droppable(t, k + 4);
	table_droppable(t, k + 5);
	table_droppable(t, k + 7);
	for (i = 0; i < an->ncmp; i++) {
		c = &an->cmp[i];
		table_row(t);
		key_cells(t, an, c->a);
		if (an->keynames.n == 0)
			table_set(t, 0, "%s", c->a->series);
		table_set(t, k, "%zu/%zu", c->a->n, c->b->n);
		table_set(t, k + 1, "%s", c->a->n % 2 == 1 && an->test == TEST_U ?
		    fmt_sample(a, sizeof(a), c->center_a) :
		    fmt_num(a, sizeof(a), c->center_a));
		table_set(t, k + 2, "%s", c->b->n % 2 == 1 && an->test == TEST_U ?
		    fmt_sample(a, sizeof(a), c->center_b) :
		    fmt_num(a, sizeof(a), c->center_b));
		table_set(t, k + 3, "%s", fmt_pct(a, sizeof(a), c->change.est));
		if (c->change_err == STATS_OK && !isnan(c->change.lo))
			table_set(t, k + 4, "%s .. %s", fmt_pct(a, sizeof(a),
			    c->change.lo), fmt_pct(b, sizeof(b), c->change.hi));
		else
			table_set(t, k + 4, "-");
		if (isnan(c->p_adj))
			table_set(t, k + 5, "-");
		else if (c->p_adj < 1e-300)
			table_set(t, k + 5, "<1e-300");	/* underflowed: not 0 */
		else
			table_set(t, k + 5, "%.3g", c->p_adj);
		table_set(t, k + 6, "%s", verdict_name(c->verdict));
		table_set(t, k + 7, "%s", flags(f, c->warn));
	}
}

void
report_build_table(struct table *t, const struct analysis *an)
{
	if (an->compare)
		compare_table(t, an);
	else if (an->gs.byvalues.n > 1)
		summary_blocks(t, an);
	else
		summary_full(t, an);
}

/* "method=x,usec=1 [hz=100]" for the warning lines. */
static void
group_name(const struct analysis *an, const struct group *g, const char *side,
    struct strbuf *sb)
{
	sb_reset(sb);
	sb_adds(sb, *g->series ? g->series : "(no keys)");
	if (side != NULL)
		sb_addf(sb, " [%s]", side);
	else if (an->by != NULL && an->gs.byvalues.n > 1)
		sb_addf(sb, " [%s=%s]", an->by, g->by);
}

/* The groups a text report covers: both sides of each comparison. */
static size_t
report_groups(const struct analysis *an, const struct group **g,
    const char **side)
{
	size_t i, n = 0;

	if (!an->compare) {
		for (i = 0; i < an->gs.n; i++) {
			side[n] = NULL;
			g[n++] = an->gs.g[i];
		}
		return n;
	}
	for (i = 0; i < an->ncmp; i++) {
		side[n] = an->name_a;
		g[n++] = an->cmp[i].a;
		side[n] = an->name_b;
		g[n++] = an->cmp[i].b;
	}
	return n;
}

/*
 * The warnings, one paragraph per kind, naming the groups (the first
 * few): latency data has outliers in most groups, and a line per group
 * would bury the table.  CSV and JSON have every group's own warnings.
 */
void
report_warning_lines(FILE *out, const struct analysis *an, const char *prefix)
{
	static const struct {
		unsigned	 bit;
		const char	*what;
	} kinds[] = {
		{ WARN_FEW, "f  too few samples for a %g%% interval" },
		{ WARN_BIMODAL, "b  bimodal? (bimodality coefficient > 5/9): "
		  "compare medians, not means" },
		{ WARN_NOISY, "v  coefficient of variation above 10%%" },
		{ WARN_OUTLIERS, "o  values beyond Tukey's fences (counted, "
		  "kept)" },
	};
	const struct group **g;
	const char **side;
	struct strbuf para = STRBUF_INIT, name = STRBUF_INIT;
	size_t n, i, k, hit, shown, values;
	int any = 0;

	g = xcalloc(2 * (an->gs.n + an->ncmp) + 1, sizeof(*g));
	side = xcalloc(2 * (an->gs.n + an->ncmp) + 1, sizeof(*side));
	n = report_groups(an, g, side);
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		sb_reset(&para);
		sb_addf(&para, kinds[k].what, an->level);
		hit = shown = values = 0;
		for (i = 0; i < n; i++) {
			if (!(g[i]->sum.warn & kinds[k].bit))
				continue;
			values += g[i]->sum.fences.nlow + g[i]->sum.fences.nhigh;
			if (hit++ >= 6)
				continue;
			group_name(an, g[i], side[i], &name);
			sb_addf(&para, "%s%s", shown++ ? ", " : ": ", sb_str(&name));
			if (kinds[k].bit == WARN_FEW)
				sb_addf(&para, " (n %zu, needs %zu)", g[i]->n,
				    g[i]->sum.median_err == STATS_ETOOFEW ?
				    g[i]->sum.median.nmin : g[i]->sum.mean.nmin);
			else if (kinds[k].bit == WARN_BIMODAL)
				sb_addf(&para, " (%.2f)", g[i]->sum.shape.bc);
			else if (kinds[k].bit == WARN_NOISY)
				sb_addf(&para, " (%.1f%%)", 100 * g[i]->sum.d.cv);
			else
				sb_addf(&para, " (%zu)", g[i]->sum.fences.nlow +
				    g[i]->sum.fences.nhigh);
		}
		if (hit == 0)
			continue;
		if (hit > shown)
			sb_addf(&para, ", and %zu more", hit - shown);
		sb_addf(&para, " [%zu of %zu groups]", hit, n);
		if (!any++)
			fprintf(out, "\n%sWarnings:\n", prefix);
		print_wrapped(out, "  ", "     ", sb_str(&para));
	}
	free(g);
	free(side);
	sb_free(&para);
	sb_free(&name);
}

/* The lines around the table: what was compared, how, and the verdicts. */
void
report_compare_summary(FILE *out, const struct analysis *an, const char *prefix)
{
	struct strbuf note = STRBUF_INIT;
	size_t i, nneed = 0;
	double worst = 0;

	sb_addf(&note, "%zu improved, %zu regressed, %zu unchanged (~), %zu "
	    "untested", an->count[VERDICT_IMPROVED],
	    an->count[VERDICT_REGRESSED], an->count[VERDICT_SAME],
	    an->count[VERDICT_UNTESTED]);
	if (!isnan(an->geomean))
		sb_addf(&note, "; geometric mean of %s/%s: %.4g (%+.2f%%)",
		    an->name_b, an->name_a, an->geomean, 100 * (an->geomean - 1));
	print_wrapped(out, prefix, prefix, sb_str(&note));
	if (an->count[VERDICT_UNTESTED] > 0)
		print_wrapped(out, prefix, prefix, "untested: fewer than 2 "
		    "samples on a side, so no test and no interval; the change "
		    "is the ratio of the values.");
	sb_reset(&note);
	/* Power: the largest sample count that "~" rows would have needed. */
	for (i = 0; i < an->ncmp; i++)
		if (an->cmp[i].verdict == VERDICT_SAME &&
		    an->cmp[i].power_n > nneed) {
			nneed = an->cmp[i].power_n;
			worst = fmax(an->cmp[i].a->sum.d.cv, an->cmp[i].b->sum.d.cv);
		}
	if (nneed > 0) {
		sb_addf(&note, "No difference proven is not no difference: to "
		    "detect a %g%% change at CV %.1f%% (the noisiest unchanged "
		    "series), %zu samples per side are needed.",
		    an->threshold > 1 ? an->threshold : 1.0, 100 * worst, nneed);
		print_wrapped(out, prefix, prefix, sb_str(&note));
	}
	sb_free(&note);
}

/* Groups are sorted by series: count the changes. */
static size_t
count_series(const struct groupset *gs)
{
	size_t i, n = 0;

	for (i = 0; i < gs->n; i++)
		if (i == 0 || strcmp(gs->g[i]->series, gs->g[i - 1]->series) != 0)
			n++;
	return n;
}

static void
heading(FILE *out, const struct analysis *an, const char *prefix)
{
	const char *unit = NULL;
	size_t i;
	const struct groupset *gs = an->compare ? &an->ga : &an->gs;

	for (i = 0; i < gs->n; i++)
		if (unit == NULL)
			unit = gs->g[i]->unit;
		else if (strcmp(unit, gs->g[i]->unit) != 0)
			unit = "mixed";
	if (an->compare) {
		fputs(prefix, out);
		fput_visible(out, an->name_a, strlen(an->name_a));
		fputs(" (baseline) vs ", out);
		fput_visible(out, an->name_b, strlen(an->name_b));
		fprintf(out, ": %s on %s, %g%% confidence\n", test_name(an->test),
		    an->test == TEST_U ? "medians" : "means", an->level);
		fprintf(out, "%schange: %s; p %s %zu series; threshold %g%%\n",
		    prefix, an->test == TEST_U ? "Hodges-Lehmann estimate and "
		    "interval" : "ratio of means, Fieller's interval", an->adjust && an->ncmp > 1 ? "Holm-adjusted over" :
		    "unadjusted, over", an->ncmp, an->threshold);
	} else
		fprintf(out, "%s%zu series x %zu %s value%s, %g%% confidence, "
		    "medians with distribution-free intervals\n", prefix,
		    count_series(gs), gs->byvalues.n, an->by,
		    gs->byvalues.n == 1 ? "" : "s", an->level);
	if (unit != NULL && *unit != '\0') {
		fprintf(out, "%sunit: ", prefix);
		fput_visible(out, unit, strlen(unit));
		putc('\n', out);
	}
}

void
report_text(FILE *out, const struct analysis *an)
{
	struct table t;

	heading(out, an, "");
	fputs("\n", out);
	report_build_table(&t, an);
	table_print_text(&t, out, 1);
	table_free(&t);
	if (an->compare) {
		fputs("\n", out);
		report_compare_summary(out, an, "");
	}
	report_warning_lines(out, an, "");
}

void
report_markdown(FILE *out, const struct analysis *an)
{
	struct table t;

	heading(out, an, "");
	fputs("\n", out);
	report_build_table(&t, an);
	table_print_markdown(&t, out);
	table_free(&t);
	if (an->compare) {
		fputs("\n", out);
		report_compare_summary(out, an, "");
	}
	report_warning_lines(out, an, "");
}
