/*
 * format_text.c: kbench analyze as an aligned table for a terminal (at
 * most ~100 columns for a typical matrix), or as GitHub Markdown.  Both
 * are built from one struct table.  Warnings are printed under the
 * table in words, flagged in the rows by a letter.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"
#include "analyze/format.h"
#include "lib/table.h"

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

/* The decimals fmt_sample() writes v with; -1 in exponent form. */
static int
sample_decimals(double v)
{
	char buf[64];
	const char *dot;

	fmt_sample(buf, sizeof(buf), v);
	if (strpbrk(buf, "eEin") != NULL)
		return -1;
	dot = strchr(buf, '.');
	return dot == NULL ? 0 : (int)strlen(dot + 1);
}

/* Does text write v out (to the last few bits a midpoint may lose)? */
static int
text_is(const char *text, double v)
{
	double x = strtod(text, NULL);

	return x == v || fabs(x - v) <= 1e-12 * fabs(v);
}

/*
 * g's sample median v: an odd count's is a sample (fmt_sample); an even
 * count's, the midpoint of two, with their decimals or one more (22.309
 * beside 15.8155 of 15.815 and 15.816; 10000.5 of 10000 and 10001): the
 * value itself, never a rounding that could hide which way a change
 * goes.  Beyond that (or any other center): fmt_num()'s 6 digits.
 */
static const char *
fmt_median_of(char *buf, size_t size, const struct group *g, double v)
{
	int da, db, d, most;

	if (g->n % 2 == 1 && v == g->sum.d.median)
		return fmt_sample(buf, size, v);
	if (g->n == 0 || isnan(v) || v != g->sum.d.median)
		return fmt_num(buf, size, v);
	da = sample_decimals(g->v[g->n / 2 - 1]);
	db = sample_decimals(g->v[g->n / 2]);
	if (da < 0 || db < 0)
		return fmt_num(buf, size, v);
	most = da > db ? da : db;
	for (d = most; d <= most + 1; d++) {
		snprintf(buf, size, "%.*f", d, v);
		if (text_is(buf, v))
			return buf;
	}
	return fmt_num(buf, size, v);
}

/*
 * Set a numeric cell, marked exact when its text is its value: the
 * columns' decimals are evened out among those (table_decimals()).
 */
static void
set_number(struct table *t, size_t col, const char *text, double v)
{
	table_set(t, col, "%s", text);
	if (text_is(text, v))
		table_exact(t, col);
}

static const char *
fmt_median(char *buf, size_t size, const struct group *g)
{
	return fmt_median_of(buf, size, g, g->sum.d.median);
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

/*
 * A change as the table shows it: "+5.12%" for a ratio, "-3.2 us" for a
 * difference in the unit; "-" when there is none.
 */
const char *
fmt_change(char *buf, size_t size, const struct comparison *c, double v)
{
	if (isnan(v))
		snprintf(buf, size, "-");
	else if (c->scale == SCALE_RATIO)
		format_pct(buf, size, v);
	else if (*c->a->unit != '\0')
		snprintf(buf, size, "%+.4g %s", v, c->a->unit);
	else
		snprintf(buf, size, "%+.4g", v);
	return buf;
}

void
text_wrap(FILE *out, size_t width, const char *first, const char *rest,
    const char *text)
{
	struct strbuf word = STRBUF_INIT;
	const char *p = text, *start, *w;
	size_t col, len, wcols, room, cut, cutw;
	int fresh = 1;	/* nothing on this line but its lead */

	fputs(first, out);
	col = display_width(first, strlen(first));
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		start = p;
		while (*p != '\0' && *p != ' ')
			p++;
		if (p == start)
			break;
		/* Measured as shown: an escape takes its columns. */
		sb_reset(&word);
		sb_add_visible_n(&word, start, (size_t)(p - start));
		w = sb_str(&word);
		len = word.len;
		wcols = display_width(w, len);
		if (!fresh && col + 1 + wcols > width) {
			fprintf(out, "\n%s", rest);
			col = display_width(rest, strlen(rest));
			fresh = 1;
		} else if (!fresh) {
			putc(' ', out);
			col++;
		}
		/* A word wider than a line: cut between its characters. */
		while (col + wcols > width && len > 0) {
			room = width > col ? width - col : 0;
			cut = display_prefix(w, len, room, &cutw);
			if (cut == 0 && fresh)
				cut = display_prefix(w, len, cutw + 2, &cutw);
			if (cut > 0)
				fwrite(w, 1, cut, out);
			fprintf(out, "\n%s", rest);
			col = display_width(rest, strlen(rest));
			w += cut;
			len -= cut;
			wcols -= cutw;
			fresh = 1;
		}
		fwrite(w, 1, len, out);
		col += wcols;
		fresh = 0;
	}
	putc('\n', out);
	sb_free(&word);
}

/*
 * One letter per warning, for the row: details follow the table.  The
 * groups' (f o b v), then a comparison's notes (a n i t m u r p z).
 */
static const char *
flags(char *buf, unsigned warn, unsigned notes)
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
	if (notes & CMP_SHIFT)
		*p++ = 'a';
	if (notes & CMP_NOCI)
		*p++ = 'n';
	if (notes & (CMP_TESTONLY | CMP_CIONLY))
		*p++ = 'i';
	if (notes & CMP_SMALL)
		*p++ = 't';
	if (notes & CMP_CENTERS)
		*p++ = 'm';
	if (notes & CMP_SAMPLES)
		*p++ = 'u';
	if (notes & CMP_UNMEASURED)
		*p++ = 'r';
	if (notes & CMP_UNPAIRED)
		*p++ = 'p';
	if (notes & CMP_OPEN)
		*p++ = 'z';
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
void
report_key_cells(struct table *t, const struct analysis *an, const struct group *g)
{
	const char *v;
	size_t i;

	for (i = 0; i < an->keynames.n; i++) {
		v = kv_get(&g->keys, an->keynames.v[i]);
		table_set(t, i, "%s", v != NULL ? v : "-");
	}
}

const char *
report_key_column(const struct analysis *an, size_t i, struct strbuf *buf)
{
	/* Every column name the tables and the CSV give their numbers. */
	static const char *const taken[] = { "series", "unit", "better",
	    "n_a", "n_b", "center_a", "center_b", "scale", "estimator",
	    "change", "change_lo", "change_hi", "interval_level",
	    "interval_coverage", "interval_open", "centers_change", "p",
	    "p_adjusted", "verdict", "power_n", "notes", "warnings_a",
	    "warnings_b", "evidence_unit", "n_units_a", "n_units_b", "paired",
	    "between_runs", "test_method", "runs_a", "runs_b",
	    "noise_floor_runs", "noise_floor_pct", "noise_floor_used",
	    "sides_facts", "runs", "n", "rounds", "pairs", "!", "min", "max",
	    "mean", "median", "stddev", "cv", "warnings", NULL };
	const char *key = an->keynames.v[i];
	const char *const *t;

	for (t = taken; *t != NULL; t++)
		if (strcmp(*t, key) == 0 || strncmp(key, "key.", 4) == 0)
			break;
	if (*t == NULL && (!an->compare || (strcmp(key, an->name_a) != 0 &&
	    strcmp(key, an->name_b) != 0) ) && (an->compare ||
	    an->by == NULL || strcmp(key, an->by) != 0))
		return key;
	/* A key named like a column ("p", "verdict"): key.p, apart. */
	sb_reset(buf);
	sb_addf(buf, "key.%s", key);
	return sb_str(buf);
}

void
report_key_header(struct table *t, const struct analysis *an)
{
	struct strbuf name = STRBUF_INIT;
	size_t i;

	/* Numbers sit close, one blank apart; keys stand two apart. */
	table_gap(t, an->keynames.n ? an->keynames.n : 1);

	for (i = 0; i < an->keynames.n; i++)
		table_set(t, i, "%s", report_key_column(an, i, &name));
	if (an->keynames.n == 0)
		table_set(t, 0, "series");
	sb_free(&name);
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
	char a[80], b[80], f[16];
	const struct group *g;

	table_init(t, k + 11);
	table_row(t);
	report_key_header(t, an);
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
		report_key_cells(t, an, g);
		if (an->keynames.n == 0)
			table_set(t, 0, "%s", g->series);
		table_set(t, k, "%zu", g->n);
		set_number(t, k + 1, fmt_median(a, sizeof(a), g), g->sum.d.median);
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
		set_number(t, k + 8, fmt_sample(a, sizeof(a), g->sum.d.min),
		    g->sum.d.min);
		set_number(t, k + 9, fmt_sample(b, sizeof(b), g->sum.d.max),
		    g->sum.d.max);
		table_set(t, k + 10, "%s", flags(f, g->sum.warn, 0));
	}
	/* Samples and their medians: as many decimals as the data has. */
	table_decimals(t, k + 1, 1);
	table_decimals(t, k + 8, 2);
}

/* Several values of the by key: a block of n, median, CI per value. */
static void
summary_blocks(struct table *t, const struct analysis *an)
{
	size_t k = an->keynames.n ? an->keynames.n : 1, nv = an->gs.byvalues.n;
	size_t i, j, col;
	char a[80], label[256], f[16];
	const struct group *g, *prev = NULL;

	table_init(t, k + 4 * nv);
	table_row(t);
	report_key_header(t, an);
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
			report_key_cells(t, an, g);
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
		set_number(t, col + 1, fmt_median(a, sizeof(a), g),
		    g->sum.d.median);
		table_set(t, col + 2, "%s", fmt_relci(a, sizeof(a), &g->sum.median,
		    g->sum.median_err, g->sum.d.median));
		table_set(t, col + 3, "%s", flags(f, g->sum.warn, 0));
	}
	for (j = 0; j < nv; j++)
		table_decimals(t, k + 4 * j + 1, 1);
}

/*
 * The n column's heading: what every row counts (rounds, runs, pairs,
 * samples), or "n" when rows count differently and each cell says.
 */
static const char *
n_heading(const struct analysis *an, int *mixed)
{
	static const char *const word[] = { "n", "rounds", "runs" };
	size_t i;

	*mixed = 0;
	for (i = 1; i < an->ncmp; i++)
		if (an->cmp[i].unit != an->cmp[0].unit ||
		    an->cmp[i].paired != an->cmp[0].paired)
			*mixed = 1;
	if (*mixed || an->ncmp == 0)
		return "n";
	return an->cmp[0].paired ? "pairs" : word[an->cmp[0].unit];
}

/* "5/5", "12" (pairs), "5/5 rounds" (mixed). */
static const char *
n_cell(char *buf, size_t size, const struct comparison *c, int mixed)
{
	static const char *const word[] = { " samples", " rounds", " runs" };

	if (c->paired)
		snprintf(buf, size, "%zu%s", c->nu_a, mixed ? " pairs" : "");
	else
		snprintf(buf, size, "%zu/%zu%s", c->nu_a, c->nu_b, mixed ?
		    word[c->unit] : "");
	return buf;
}

/* "-1.2% .. +3.4%", an open end at 0 as ">0" or "<0". */
static const char *
fmt_interval(char *buf, size_t size, const struct comparison *c)
{
	char lo[40], hi[40];

	if (c->change_err != STATS_OK) {
		snprintf(buf, size, "-");
		return buf;
	}
	if (c->open < 0)
		snprintf(lo, sizeof(lo), ">0");
	else
		fmt_change(lo, sizeof(lo), c, c->change.lo);
	if (c->open > 0)
		snprintf(hi, sizeof(hi), "<0");
	else
		fmt_change(hi, sizeof(hi), c, c->change.hi);
	snprintf(buf, size, "%s .. %s", lo, hi);
	return buf;
}

/* A center: a median as fmt_median_of() writes it, a mean in 6 digits. */
static const char *
fmt_center(char *buf, size_t size, const struct comparison *c,
    const struct group *g, double v)
{
	return c->method->medians ? fmt_median_of(buf, size, g, v) :
	    fmt_num(buf, size, v);
}

/* The change column's heading: its estimator, when every row has one. */
static const char *
change_heading(const struct analysis *an)
{
	const struct cmp_method *m;
	size_t i;

	if (an->ncmp == 0)
		return "change";
	m = an->cmp[0].method;
	for (i = 1; i < an->ncmp; i++)
		if (strcmp(an->cmp[i].method->name, m->name) != 0)
			return "change";
	if (m->runs == 1 || m->runs == 3)
		return "change (runs)";
	return m->medians ? "change (HL)" : "change (means)";
}

static void
compare_table(struct table *t, const struct analysis *an)
{
	size_t k = an->keynames.n ? an->keynames.n : 1, i;
	const struct comparison *c;
	char a[80], b[96], f[16];
	int mixed;

	table_init(t, k + 8);
	table_row(t);
	report_key_header(t, an);
	table_set(t, k, "%s", n_heading(an, &mixed));
	table_set(t, k + 1, "%s", an->name_a);
	table_set(t, k + 2, "%s", an->name_b);
	table_set(t, k + 3, "%s", change_heading(an));
	table_set(t, k + 4, "%s CI", compare_level_text(a, sizeof(a), an->ci_level));
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
		report_key_cells(t, an, c->a);
		if (an->keynames.n == 0)
			table_set(t, 0, "%s", c->a->series);
		table_set(t, k, "%s", n_cell(a, sizeof(a), c, mixed));
		set_number(t, k + 1, fmt_center(a, sizeof(a), c, c->a,
		    c->center_a), c->center_a);
		set_number(t, k + 2, fmt_center(a, sizeof(a), c, c->b,
		    c->center_b), c->center_b);
		table_set(t, k + 3, "%s", fmt_change(a, sizeof(a), c,
		    c->change.est));
		table_set(t, k + 4, "%s", fmt_interval(b, sizeof(b), c));
		if (isnan(c->p_adj))
			table_set(t, k + 5, "-");
		else if (c->p_adj < 1e-300)
			table_set(t, k + 5, "<1e-300");	/* underflowed: not 0 */
		else
			table_set(t, k + 5, "%.3g", c->p_adj);
		table_set(t, k + 6, "%s", verdict_name(c->verdict));
		/* report.html colours it: "v-improved", "v-regressed"... */
		table_class(t, k + 6, c->verdict == VERDICT_IMPROVED ?
		    "v-improved" : c->verdict == VERDICT_REGRESSED ?
		    "v-regressed" : c->verdict == VERDICT_UNTESTED ?
		    "v-untested" : "v-same");
		table_set(t, k + 7, "%s", flags(f, c->warn, c->notes));
	}
	/* Both sides' centers alike: 10000.0 beside 10000.5. */
	table_decimals(t, k + 1, 2);
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

/* Has every row of the comparison this note? */
static int
all_rows(const struct analysis *an, unsigned bit)
{
	size_t i;

	for (i = 0; i < an->ncmp; i++)
		if (!(an->cmp[i].notes & bit))
			return 0;
	return 1;
}

/* What a row's note of kind bit adds after its name: "(p 0.03)"... */
static void
note_detail(struct strbuf *para, const struct comparison *c, unsigned bit)
{
	char a[80], b[80];

	if (bit == CMP_NOCI && c->change_err == STATS_ETOOFEW &&
	    c->change.nmin > 0)
		sb_addf(para, " (needs %zu %s)", c->change.nmin, c->paired ?
		    "pairs" : c->unit == UNIT_ROUND ? "rounds a side" :
		    c->unit == UNIT_RUN ? "runs a side" : "a side");
	else if (bit == CMP_NOCI)
		sb_addf(para, " (%s)", c->noci);
	else if (bit == CMP_TESTONLY || bit == CMP_CIONLY)
		sb_addf(para, " (p %.3g)", c->p_adj);
	else if (bit == CMP_CENTERS)
		sb_addf(para, " (%s, medians %s)", fmt_change(a, sizeof(a), c,
		    c->change.est), fmt_change(b, sizeof(b), c, c->units_change));
	else if (bit == CMP_UNPAIRED)
		sb_addf(para, " (%zu)", c->unpaired);
	else if (bit == CMP_OPEN)
		sb_addf(para, " (p %.3g)", c->p);
}

/* The first few names of a kind, then how many more: a paragraph. */
#define NAMES_SHOWN	6

/*
 * The comparisons' notes, one paragraph per kind, naming the series:
 * whatever makes a row's verdict, interval or estimate look at odds
 * with the rest of it is said here, in one line.
 */
static int
compare_note_lines(FILE *out, const struct analysis *an, const char *prefix,
    int any)
{
	static const struct {
		unsigned	 bit;
		const char	*what;
	} kinds[] = {
		{ CMP_SHIFT, "a  a difference B - A in the unit, not a ratio: "
		  "the values are not all positive, and a ratio of them "
		  "would say nothing" },
		{ CMP_NOCI, "n  no %s interval of the change, so no verdict" },
		{ CMP_TESTONLY, "i  p < %g, but the %s interval includes 0, so "
		  "no verdict (Holm's step-down is less strict than the "
		  "intervals' Bonferroni level; ties and the t tests' "
		  "approximations can part them too)" },
		{ CMP_CIONLY, "i  the %s interval excludes 0, but p >= %g, so no "
		  "verdict (ties and the tests' approximations can part them)" },
		{ CMP_SMALL, "t  significant, but smaller than the threshold "
		  "of %g%%" },
		{ CMP_CENTERS, "m  the Hodges-Lehmann estimate and the change of "
		  "the medians (of the samples, rounds or pairs it is made of) "
		  "disagree (in sign, or by more than half the interval): skewed "
		  "or multimodal data, see kbench plot dist" },
		{ CMP_SAMPLES, "u  each sample counted as a unit of its own, as "
		  "if independent (no rounds recorded, or --unit sample; "
		  "samples of one invocation are not: p and the interval are "
		  "too confident)" },
		{ CMP_UNMEASURED, "r  run-to-run variation unmeasured: the "
		  "interval covers the rounds of these runs, not another run" },
		{ CMP_UNPAIRED, "p  rounds of one side only, left out of the "
		  "pairs" },
		{ CMP_OPEN, "z  the interval ends at 0 itself (tied values), "
		  "which the tie-corrected test rejects at the interval's level: "
		  "that end is open (>0 or <0), and 0 is outside it" },
	};
	struct strbuf para = STRBUF_INIT, name = STRBUF_INIT;
	const struct comparison *c;
	char lv[32];
	double alpha = 1 - an->level / 100;
	size_t i, k, hit, shown;
	size_t shown_max = an->warnings == WARNINGS_FULL ? (size_t)-1 :
	    NAMES_SHOWN;

	compare_level_text(lv, sizeof(lv), an->ci_level);
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		sb_reset(&para);
		switch (kinds[k].bit) {
		case CMP_NOCI:
			sb_addf(&para, kinds[k].what, lv);
			break;
		case CMP_TESTONLY:
			sb_addf(&para, kinds[k].what, alpha, lv);
			break;
		case CMP_CIONLY:
			sb_addf(&para, kinds[k].what, lv, alpha);
			break;
		case CMP_SMALL:
			sb_addf(&para, kinds[k].what, an->threshold);
			break;
		default:
			sb_adds(&para, kinds[k].what);
		}
		/* Of every row, the unit is the header's to say. */
		if ((kinds[k].bit & (CMP_SAMPLES | CMP_UNMEASURED)) &&
		    an->warnings != WARNINGS_FULL &&
		    all_rows(an, kinds[k].bit))
			continue;
		for (hit = shown = i = 0; i < an->ncmp; i++) {
			c = &an->cmp[i];
			if (!(c->notes & kinds[k].bit) || hit++ >= shown_max)
				continue;
			group_name(an, c->a, NULL, &name);
			sb_addf(&para, "%s%s", shown++ ? ", " : ": ", sb_str(&name));
			note_detail(&para, c, kinds[k].bit);
		}
		if (hit == 0)
			continue;
		if (hit > shown)
			sb_addf(&para, ", and %zu more", hit - shown);
		sb_addf(&para, " [%zu of %zu series]", hit, an->ncmp);
		if (!any++)
			fprintf(out, "\n%sWarnings:\n", prefix);
		text_wrap(out, an->width, "  ", "     ", sb_str(&para));
	}
	sb_free(&para);
	sb_free(&name);
	return any;
}

/* "a, b" */
static void
sb_addlist(struct strbuf *sb, const struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		sb_addf(sb, "%s%s", i ? ", " : "", l->v[i]);
}

/*
 * The facts that change results in which the sides differ (HZ, timer
 * slack, preemption, a benchmark's delay...), a line a fact, above the
 * table: a change of -99% between --delay 1000 and --delay 0 is the
 * delay's.
 */
/* "delay_ns: 1000 in A, 0 in B": fact i of the sides'. */
static void
side_fact_line(const struct analysis *an, size_t i, struct strbuf *line)
{
	const struct side_fact *sf = &an->pooled.sides[i];

	sb_reset(line);
	sb_addf(line, "%s: ", sf->key);
	sb_addlist(line, &sf->a);
	sb_addf(line, " in %s, ", an->name_a);
	sb_addlist(line, &sf->b);
	sb_addf(line, " in %s", an->name_b);
}

void
report_sides_lines(FILE *out, const struct analysis *an, const char *prefix)
{
	struct strbuf line = STRBUF_INIT;
	size_t i;

	if (an->pooled.nsides == 0)
		return;
	text_wrap(out, an->width, prefix, prefix, "The sides differ in facts "
	    "that change results (the change measured includes them):");
	for (i = 0; i < an->pooled.nsides; i++) {
		side_fact_line(an, i, &line);
		text_wrap(out, an->width, "  ", "    ", sb_str(&line));
	}
	putc('\n', out);
	sb_free(&line);
}

/* The same for Markdown: a list, every name and value escaped. */
void
report_sides_markdown(FILE *out, const struct analysis *an)
{
	struct strbuf line = STRBUF_INIT;
	size_t i;

	if (an->pooled.nsides == 0)
		return;
	fputs("The sides differ in facts that change results (the change "
	    "measured includes them):\n\n", out);
	for (i = 0; i < an->pooled.nsides; i++) {
		side_fact_line(an, i, &line);
		fputs("- ", out);
		md_escape_line(out, sb_str(&line));
		fputs("\n", out);
	}
	fputs("\n", out);
	sb_free(&line);
}

/*
 * Runs pooled into one side (or group) that differ in a fact that
 * changes results: say which, with their values, and how to compare
 * like with like.
 */
static void
pooling_lines(FILE *out, const struct analysis *an, const char *prefix)
{
	struct strbuf line = STRBUF_INIT;
	const struct pooled_fact *pf;
	const char *v[2] = { NULL, NULL };
	size_t i, j;

	if (an->pooled.load.n > 0) {
		fprintf(out, "\n%sLoad:\n", prefix);
		for (i = 0; i < an->pooled.load.n; i++)
			text_wrap(out, an->width, "  ", "    ", an->pooled.load.v[i]);
	}
	if (an->pooled.n == 0)
		return;
	fprintf(out, "\n%sPooled runs differ in facts that change results:\n",
	    prefix);
	for (i = 0; i < an->pooled.n; i++) {
		pf = &an->pooled.f[i];
		sb_reset(&line);
		sb_addf(&line, "%s%s%s: %zu runs with %s ", an->compare ? "" :
		    an->by, an->compare ? "" : "=", pf->pool, pf->nruns, pf->key);
		for (j = 0; j < pf->values.n; j++)
			sb_addf(&line, "%s%s", j ? ", " : "", pf->values.v[j]);
		text_wrap(out, an->width, "  ", "    ", sb_str(&line));
	}
	/* A suggestion with real values: "(none)" is no --where value. */
	pf = &an->pooled.f[0];
	for (j = 0, i = 0; i < pf->values.n && j < 2; i++)
		if (strcmp(pf->values.v[i], "(none)") != 0)
			v[j++] = pf->values.v[i];
	sb_reset(&line);
	sb_adds(&line, "Compare like with like: ");
	if (j > 0)
		sb_addf(&line, "within one value (--where %s=%s), or ", pf->key,
		    v[0]);
	if (an->compare && j == 2)
		sb_addf(&line, "along the fact (--compare %s=%s %s=%s).", pf->key,
		    v[0], pf->key, v[1]);
	else
		sb_addf(&line, "split by it (--by %s).", pf->key);
	text_wrap(out, an->width, "  ", "    ", sb_str(&line));
	sb_free(&line);
}

/* The groups' warnings: the letter of the "!" column, and what it means. */
static const struct warn_kind {
	unsigned	 bit;
	const char	*what;	/* "L  text", a %g for the level */
} warn_kinds[] = {
	{ WARN_FEW, "f  too few samples for a %g%% interval" },
	{ WARN_BIMODAL, "b  bimodal? (bimodality coefficient > 5/9): "
	  "compare medians, not means" },
	{ WARN_NOISY, "v  coefficient of variation above 10%%" },
	{ WARN_OUTLIERS, "o  values beyond Tukey's fences (counted, kept)" },
};
#define NWARN_KINDS	(sizeof(warn_kinds) / sizeof(warn_kinds[0]))

/*
 * The letters the table shows that no paragraph names, one line: u and
 * r when the header says them in words; with --warnings none the groups'
 * too ("Flags (!): f too few samples for a 95% interval; v ...").
 */
static void
flags_legend_of(FILE *out, const struct analysis *an, const char *prefix,
    const struct group **g, size_t n)
{
	/* Said by the header when every row has them: no note of their own. */
	static const struct {
		unsigned	 bit;
		const char	*what;
	} header_said[] = {
		{ CMP_SAMPLES, "u each sample counted as a unit (the header's "
		  "unit of evidence)" },
		{ CMP_UNMEASURED, "r run-to-run variation unmeasured (the "
		  "header)" },
	};
	struct strbuf line = STRBUF_INIT, what = STRBUF_INIT;
	size_t i, k;

	for (k = 0; an->compare && k < sizeof(header_said) /
	    sizeof(header_said[0]); k++)
		if (an->warnings != WARNINGS_FULL && an->ncmp > 0 &&
		    all_rows(an, header_said[k].bit))
			sb_addf(&line, "%s%s", line.len ? "; " : "Flags (!): ",
			    header_said[k].what);
	for (k = 0; an->warnings == WARNINGS_NONE && k < NWARN_KINDS; k++) {
		for (i = 0; i < n && !(g[i]->sum.warn & warn_kinds[k].bit); i++)
			;
		if (i == n)
			continue;
		sb_reset(&what);
		sb_addf(&what, warn_kinds[k].what, an->level);
		/* The letter and the words, without the advice after ":". */
		what.len = strcspn(what.buf, ":");
		what.buf[what.len] = '\0';
		sb_addf(&line, "%s%c %s", line.len ? "; " : "Flags (!): ",
		    what.buf[0], what.buf + 3);
	}
	if (line.len > 0) {
		fprintf(out, "\n%s", prefix);
		text_wrap(out, an->width, "", "  ", sb_str(&line));
	}
	sb_free(&line);
	sb_free(&what);
}

void
report_flags_legend(FILE *out, const struct analysis *an, const char *prefix)
{
	const struct group **g;
	const char **side;
	size_t n;

	g = xcalloc(2 * (an->gs.n + an->ncmp) + 1, sizeof(*g));
	side = xcalloc(2 * (an->gs.n + an->ncmp) + 1, sizeof(*side));
	n = report_groups(an, g, side);
	flags_legend_of(out, an, prefix, g, n);
	free(g);
	free(side);
}

/*
 * The warnings, one paragraph per kind, naming the groups (the first
 * few): latency data has outliers in most groups, and a line per group
 * would bury the table.  CSV and JSON have every group's own warnings.
 */
void
report_warning_lines(FILE *out, const struct analysis *an, const char *prefix)
{
	const struct warn_kind *kinds = warn_kinds;
	const struct group **g;
	const char **side;
	struct strbuf para = STRBUF_INIT, name = STRBUF_INIT;
	size_t n, i, k, hit, shown, values;
	size_t shown_max = an->warnings == WARNINGS_FULL ? (size_t)-1 :
	    NAMES_SHOWN;
	int any = 0;

	if (an->compare)
		any = compare_note_lines(out, an, prefix, any);
	/* --warnings none: the notes above explain verdicts; no more. */
	if (an->warnings == WARNINGS_NONE) {
		sb_free(&para);
		sb_free(&name);
		return;
	}
	g = xcalloc(2 * (an->gs.n + an->ncmp) + 1, sizeof(*g));
	side = xcalloc(2 * (an->gs.n + an->ncmp) + 1, sizeof(*side));
	n = report_groups(an, g, side);
	for (k = 0; k < NWARN_KINDS; k++) {
		sb_reset(&para);
		sb_addf(&para, kinds[k].what, an->level);
		hit = shown = values = 0;
		for (i = 0; i < n; i++) {
			if (!(g[i]->sum.warn & kinds[k].bit))
				continue;
			values += g[i]->sum.fences.nlow + g[i]->sum.fences.nhigh;
			if (hit++ >= shown_max)
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
		text_wrap(out, an->width, "  ", "     ", sb_str(&para));
	}
	pooling_lines(out, an, prefix);
	free(g);
	free(side);
	sb_free(&para);
	sb_free(&name);
}

/* Past this, a count of units is no plan: the note says so instead. */
#define POWER_MAX	10000

/*
 * The power note: "No difference proven is not no difference", with the
 * units the noisiest unchanged series would need, counted as the row
 * counts (rounds, runs, pairs; samples, with the rounds they make).
 */
static void
power_note(const struct analysis *an, struct strbuf *note)
{
	static const char *const word[] = { "samples", "rounds", "runs" };
	const struct comparison *c, *w = NULL;
	double per_round;
	char lv[40];
	size_t i, have;

	/* Rows that had the units to see such a change need no note. */
	for (i = 0; i < an->ncmp; i++) {
		c = &an->cmp[i];
		if (c->verdict == VERDICT_SAME && c->power_n > 0 &&
		    c->power_n > (c->nu_a < c->nu_b ? c->nu_a : c->nu_b) &&
		    (w == NULL || c->power_n > w->power_n))
			w = c;
	}
	if (w == NULL)
		return;
	sb_addf(note, "No difference proven is not no difference: to detect a "
	    "%g%% change at CV %.2g%% (of %s, the noisiest unchanged series) "
	    "with 80%% power", an->threshold > 1 ? an->threshold : 1.0,
	    100 * w->power_cv, compare_values_name(w));
	if (an->ci_level != an->level)
		sb_addf(note, " at the %s level each row is held to",
		    compare_level_text(lv, sizeof(lv), an->ci_level));
	have = w->nu_a < w->nu_b ? w->nu_a : w->nu_b;
	if (w->power_n > POWER_MAX) {
		sb_addf(note, ", more than %d %s %s would be needed: at this "
		    "spread such a change is out of reach; find out why the "
		    "series is so noisy first (kbench plot dist).", POWER_MAX,
		    w->paired ? "pairs" : word[w->unit], w->paired ? "" :
		    "a side");
		return;
	}
	sb_addf(note, ", %zu %s%s are needed (%zu here)", w->power_n, w->paired ?
	    "pairs" : word[w->unit], w->paired ? "" : " a side", have);
	/* Samples: in the unit the user collects in, rounds. */
	per_round = w->unit == UNIT_SAMPLE && an->rounds_a > 0 &&
	    an->rounds_b > 0 ? fmin((double)w->a->n / (double)an->rounds_a,
	    (double)w->b->n / (double)an->rounds_b) : 0;
	if (per_round > 0 && w->power_n > have)
		sb_addf(note, ": about %.0f rounds at %g sample%s a round",
		    ceil((double)w->power_n / per_round), per_round,
		    per_round == 1 ? "" : "s");
	sb_adds(note, ".");
	/* What to do about it, in rounds, per series. */
	if (an->plan == 0 && w->unit != UNIT_SAMPLE)
		sb_addf(note, "  --plan %g%% says, series by series, the rounds "
		    "to collect, fixed or with collect --until decided.",
		    an->threshold > 1 ? an->threshold : 1.0);
}

/* The lines around the table: what was compared, how, and the verdicts. */
void
report_compare_summary(FILE *out, const struct analysis *an, const char *prefix)
{
	struct strbuf note = STRBUF_INIT;
	char a[40];

	sb_addf(&note, "%zu improved, %zu regressed, %zu unchanged (~), %zu "
	    "untested", an->count[VERDICT_IMPROVED],
	    an->count[VERDICT_REGRESSED], an->count[VERDICT_SAME],
	    an->count[VERDICT_UNTESTED]);
	if (!isnan(an->geomean))
		/* Of the centers, not of the change column: say which. */
		sb_addf(&note, "; geometric mean of the %ss' ratios %s/%s: %.4g "
		    "(%s)", an->cmp[0].method->centre, an->name_b, an->name_a,
		    an->geomean, format_pct(a, sizeof(a), an->geomean - 1));
	text_wrap(out, an->width, prefix, prefix, sb_str(&note));
	if (an->count[VERDICT_UNTESTED] > 0)
		text_wrap(out, an->width, prefix, prefix, "untested: fewer units "
		    "on a side than the test needs (2 samples, rounds or pairs; "
		    "for runs, 2 a side or a variance from elsewhere), so no test "
		    "and no interval; the change is the estimate from the values "
		    "there are.");
	sb_reset(&note);
	method_unmeasured_note(an, &note);
	if (note.len > 0)
		text_wrap(out, an->width, prefix, prefix, sb_str(&note));
	sb_reset(&note);
	method_floor_note(an, &note);
	if (note.len > 0)
		text_wrap(out, an->width, prefix, prefix, sb_str(&note));
	sb_reset(&note);
	power_note(an, &note);
	if (note.len > 0)
		text_wrap(out, an->width, prefix, prefix, sb_str(&note));
	sb_free(&note);
}

void
report_method_lines(FILE *out, const struct analysis *an, const char *prefix)
{
	struct strlist lines = { NULL, 0 };
	struct strbuf title = STRBUF_INIT;
	size_t i;

	method_title(an, &title);
	text_wrap(out, an->width, prefix, prefix, sb_str(&title));
	sb_free(&title);
	method_sentences(an, &lines);
	for (i = 0; i < lines.n; i++)
		text_wrap(out, an->width, prefix, prefix, lines.v[i]);
	strlist_free(&lines);
}

void
report_method_markdown(FILE *out, const struct analysis *an)
{
	struct strlist lines = { NULL, 0 };
	size_t i;

	method_sentences(an, &lines);
	for (i = 0; i < lines.n; i++) {
		fputs("- ", out);
		md_escape_line(out, lines.v[i]);
		fputs("\n", out);
	}
	strlist_free(&lines);
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
	struct strbuf first = STRBUF_INIT;

	for (i = 0; i < gs->n; i++)
		if (unit == NULL)
			unit = gs->g[i]->unit;
		else if (strcmp(unit, gs->g[i]->unit) != 0)
			unit = "mixed";
	if (an->compare)
		report_method_lines(out, an, prefix);
	else {
		fprintf(out, "%s%zu series x %zu %s value%s, %g%% confidence, "
		    "medians with distribution-free intervals\n", prefix,
		    count_series(gs), gs->byvalues.n, an->by,
		    gs->byvalues.n == 1 ? "" : "s", an->level);
		/*
		 * Of the samples: how well these runs' medians are known,
		 * not what another run would give (that is --compare's).
		 */
		text_wrap(out, an->width, prefix, prefix, "intervals of the "
		    "samples pooled: they do not cover round-to-round or "
		    "run-to-run variation (a comparison does: --compare)");
	}
	if (unit != NULL && *unit != '\0') {
		fprintf(out, "%sunit: ", prefix);
		fput_visible(out, unit, strlen(unit));
		putc('\n', out);
	}
	sb_free(&first);
}

/* A cell of the table, "" for none. */
static const char *
cell_at(const struct table *t, size_t r, size_t c)
{
	const char *v = t->cell[r * t->ncols + c];

	return v != NULL ? v : "";
}

/* The widest line the aligned table would print. */
static size_t
table_width(const struct table *t)
{
	char *text = NULL, *p, *nl;
	size_t len = 0, w = 0;
	FILE *mem;

	if ((mem = open_memstream(&text, &len)) == NULL)
		return 0;
	table_print_text(t, mem, 1);
	if (fclose(mem) != 0) {
		free(text);
		return 0;
	}
	for (p = text; p != NULL && *p != '\0'; p = nl != NULL ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		w = len > w ? len : w;
	}
	free(text);
	return w;
}

/*
 * The table a row a block, for narrow text (a mail, a commit message):
 * the row's keys and its verdict (or its first value) on a line, then
 * every other cell as "header value", wrapped.  The cells are the
 * table's own, so the numbers are those of every other format.
 */
static void
table_blocks(FILE *out, const struct analysis *an, const struct table *t)
{
	struct strbuf head = STRBUF_INIT, rest = STRBUF_INIT;
	size_t nk = an->keynames.n ? an->keynames.n : 1, r, c;
	const char *h, *v;

	for (r = 1; r < t->nrows; r++) {
		sb_reset(&head);
		sb_reset(&rest);
		for (c = 0; c < nk; c++)
			sb_addf(&head, "%s%s=%s", c ? " " : "", cell_at(t, 0, c),
			    cell_at(t, r, c));
		for (c = nk; c < t->ncols; c++) {
			h = cell_at(t, 0, c);
			v = cell_at(t, r, c);
			if (*v == '\0')
				continue;
			if (strcmp(h, "verdict") == 0)
				sb_addf(&head, ": %s", v);
			else if (strcmp(h, "!") == 0)
				sb_addf(&head, " [%s]", v);
			else
				sb_addf(&rest, "%s%s %s", rest.len ? "; " : "", h,
				    v);
		}
		text_wrap(out, an->width, "", "  ", sb_str(&head));
		text_wrap(out, an->width, "  ", "  ", sb_str(&rest));
	}
	sb_free(&head);
	sb_free(&rest);
}

void
report_text(FILE *out, const struct analysis *an)
{
	struct table t;

	heading(out, an, "");
	fputs("\n", out);
	report_sides_lines(out, an, "");
	report_build_table(&t, an);
	/* Too wide for the width asked for: a block a row. */
	if (an->narrow && table_width(&t) > an->width)
		table_blocks(out, an, &t);
	else
		table_print_text(&t, out, 1);
	table_free(&t);
	if (an->compare && an->sequential) {
		fputs("\n", out);
		seq_heading(out, an, "");
		seq_build_table(&t, an);
		if (an->narrow && table_width(&t) > an->width)
			table_blocks(out, an, &t);
		else
			table_print_text(&t, out, 1);
		table_free(&t);
		seq_legend(out, an, "");
		if (an->plan > 0) {
			fputs("\n", out);
			seq_plan_heading(out, an, "");
			seq_plan_table(&t, an);
			table_print_text(&t, out, 1);
			table_free(&t);
		}
	}
	if (an->compare) {
		fputs("\n", out);
		report_compare_summary(out, an, "");
	}
	report_warning_lines(out, an, "");
	report_flags_legend(out, an, "");
}

char *
report_part(void (*part)(FILE *, const struct analysis *, const char *),
    const struct analysis *an)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem;

	if ((mem = open_memstream(&text, &len)) == NULL)
		return xstrdup("");
	part(mem, an, "");
	if (fclose(mem) != 0) {
		free(text);
		return xstrdup("");
	}
	return text;
}

/* The heading's lines, each escaped (labels, units), a hard break after. */
static void
heading_markdown(FILE *out, const struct analysis *an)
{
	char *text = report_part(heading, an), *p, *nl;

	for (p = text; *p != '\0'; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p) - 1;
		*nl = '\0';
		md_escape_line(out, p);
		fputs(*p != '\0' ? "  \n" : "\n", out);
	}
	free(text);
}

/* The text under the table: as it is, in a fence nothing can close. */
static void
under_table(FILE *out, const struct analysis *an, const char *prefix)
{
	if (an->compare) {
		fputs("\n", out);
		report_compare_summary(out, an, prefix);
	}
	report_warning_lines(out, an, prefix);
	report_flags_legend(out, an, prefix);
}

void
report_markdown(FILE *out, const struct analysis *an)
{
	struct table t;
	char *text;

	heading_markdown(out, an);
	fputs("\n", out);
	report_sides_markdown(out, an);
	report_build_table(&t, an);
	table_print_markdown(&t, out);
	table_free(&t);
	if (an->compare && an->sequential) {
		fputs("\n", out);
		seq_print_markdown(out, an);
	}
	/* Series, labels and facts in it: a code block shows them as text. */
	text = report_part(under_table, an);
	if (text[strspn(text, "\n")] != '\0') {
		fputs("\n", out);
		md_code_block(out, "", text + strspn(text, "\n"));
	}
	free(text);
}
