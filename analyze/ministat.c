/*
 * ministat.c: FreeBSD ministat(1)'s report.  See ministat.h.
 *
 * The output reproduces the current FreeBSD ministat (usr.bin/ministat,
 * the 2020 code) byte for byte: the printf formats, the arithmetic in the
 * order it does it (a plain sum in input order, a plain two-pass
 * variance over the sorted values: so the last digit of a %g agrees even
 * where that arithmetic is off in the 8th), the t table, and
 * the plot's quirks, each marked "ministat quirk" below.  The code is
 * kbench's own.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/ministat.h"
#include "analyze/stats.h"
#include "lib/util.h"

#define NSTUDENT	100	/* rows of the t table: df 1 .. 100 */

const double ministat_levels[MINISTAT_NCONF] = { 80, 90, 95, 98, 99, 99.5 };

/*
 * Critical values of Student's t, the table ministat embeds.  Its source
 * is the NIST/SEMATECH e-Handbook of Statistical Methods, section 1.3.6.7.2
 * "Critical values of the Student's t distribution", whose columns are the
 * one-sided upper tail probabilities 0.10, 0.05, 0.025, 0.01, 0.005 and
 * 0.001, i.e. the two-sided levels 80, 90, 95, 98, 99 and 99.8%.
 *
 * ministat quirk, kept: it labels the last column "99.5%", yet the values
 * are the two-sided 99.8% ones (qt(0.999, df), not qt(0.9975, df)), so
 * "-c 99.5" is stricter than it says.  The values are NIST's, rounded to
 * three decimals (df 1 at 99.8% reads 318.313 where R's qt(0.999, 1) is
 * 318.309); the unit test pins them against R.
 */
static const double t_table[NSTUDENT][MINISTAT_NCONF] = {
	/*   80%     90%     95%     98%     99%   "99.5%" */
	{ 3.078,  6.314, 12.706, 31.821, 63.657, 318.313 },	/* df 1 */
	{ 1.886,  2.920,  4.303,  6.965,  9.925,  22.327 },
	{ 1.638,  2.353,  3.182,  4.541,  5.841,  10.215 },
	{ 1.533,  2.132,  2.776,  3.747,  4.604,   7.173 },
	{ 1.476,  2.015,  2.571,  3.365,  4.032,   5.893 },	/* df 5 */
	{ 1.440,  1.943,  2.447,  3.143,  3.707,   5.208 },
	{ 1.415,  1.895,  2.365,  2.998,  3.499,   4.782 },
	{ 1.397,  1.860,  2.306,  2.896,  3.355,   4.499 },
	{ 1.383,  1.833,  2.262,  2.821,  3.250,   4.296 },
	{ 1.372,  1.812,  2.228,  2.764,  3.169,   4.143 },	/* df 10 */
	{ 1.363,  1.796,  2.201,  2.718,  3.106,   4.024 },
	{ 1.356,  1.782,  2.179,  2.681,  3.055,   3.929 },
	{ 1.350,  1.771,  2.160,  2.650,  3.012,   3.852 },
	{ 1.345,  1.761,  2.145,  2.624,  2.977,   3.787 },
	{ 1.341,  1.753,  2.131,  2.602,  2.947,   3.733 },	/* df 15 */
	{ 1.337,  1.746,  2.120,  2.583,  2.921,   3.686 },
	{ 1.333,  1.740,  2.110,  2.567,  2.898,   3.646 },
	{ 1.330,  1.734,  2.101,  2.552,  2.878,   3.610 },
	{ 1.328,  1.729,  2.093,  2.539,  2.861,   3.579 },
	{ 1.325,  1.725,  2.086,  2.528,  2.845,   3.552 },	/* df 20 */
	{ 1.323,  1.721,  2.080,  2.518,  2.831,   3.527 },
	{ 1.321,  1.717,  2.074,  2.508,  2.819,   3.505 },
	{ 1.319,  1.714,  2.069,  2.500,  2.807,   3.485 },
	{ 1.318,  1.711,  2.064,  2.492,  2.797,   3.467 },
	{ 1.316,  1.708,  2.060,  2.485,  2.787,   3.450 },	/* df 25 */
	{ 1.315,  1.706,  2.056,  2.479,  2.779,   3.435 },
	{ 1.314,  1.703,  2.052,  2.473,  2.771,   3.421 },
	{ 1.313,  1.701,  2.048,  2.467,  2.763,   3.408 },
	{ 1.311,  1.699,  2.045,  2.462,  2.756,   3.396 },
	{ 1.310,  1.697,  2.042,  2.457,  2.750,   3.385 },	/* df 30 */
	{ 1.309,  1.696,  2.040,  2.453,  2.744,   3.375 },
	{ 1.309,  1.694,  2.037,  2.449,  2.738,   3.365 },
	{ 1.308,  1.692,  2.035,  2.445,  2.733,   3.356 },
	{ 1.307,  1.691,  2.032,  2.441,  2.728,   3.348 },
	{ 1.306,  1.690,  2.030,  2.438,  2.724,   3.340 },	/* df 35 */
	{ 1.306,  1.688,  2.028,  2.434,  2.719,   3.333 },
	{ 1.305,  1.687,  2.026,  2.431,  2.715,   3.326 },
	{ 1.304,  1.686,  2.024,  2.429,  2.712,   3.319 },
	{ 1.304,  1.685,  2.023,  2.426,  2.708,   3.313 },
	{ 1.303,  1.684,  2.021,  2.423,  2.704,   3.307 },	/* df 40 */
	{ 1.303,  1.683,  2.020,  2.421,  2.701,   3.301 },
	{ 1.302,  1.682,  2.018,  2.418,  2.698,   3.296 },
	{ 1.302,  1.681,  2.017,  2.416,  2.695,   3.291 },
	{ 1.301,  1.680,  2.015,  2.414,  2.692,   3.286 },
	{ 1.301,  1.679,  2.014,  2.412,  2.690,   3.281 },	/* df 45 */
	{ 1.300,  1.679,  2.013,  2.410,  2.687,   3.277 },
	{ 1.300,  1.678,  2.012,  2.408,  2.685,   3.273 },
	{ 1.299,  1.677,  2.011,  2.407,  2.682,   3.269 },
	{ 1.299,  1.677,  2.010,  2.405,  2.680,   3.265 },
	{ 1.299,  1.676,  2.009,  2.403,  2.678,   3.261 },	/* df 50 */
	{ 1.298,  1.675,  2.008,  2.402,  2.676,   3.258 },
	{ 1.298,  1.675,  2.007,  2.400,  2.674,   3.255 },
	{ 1.298,  1.674,  2.006,  2.399,  2.672,   3.251 },
	{ 1.297,  1.674,  2.005,  2.397,  2.670,   3.248 },
	{ 1.297,  1.673,  2.004,  2.396,  2.668,   3.245 },	/* df 55 */
	{ 1.297,  1.673,  2.003,  2.395,  2.667,   3.242 },
	{ 1.297,  1.672,  2.002,  2.394,  2.665,   3.239 },
	{ 1.296,  1.672,  2.002,  2.392,  2.663,   3.237 },
	{ 1.296,  1.671,  2.001,  2.391,  2.662,   3.234 },
	{ 1.296,  1.671,  2.000,  2.390,  2.660,   3.232 },	/* df 60 */
	{ 1.296,  1.670,  2.000,  2.389,  2.659,   3.229 },
	{ 1.295,  1.670,  1.999,  2.388,  2.657,   3.227 },
	{ 1.295,  1.669,  1.998,  2.387,  2.656,   3.225 },
	{ 1.295,  1.669,  1.998,  2.386,  2.655,   3.223 },
	{ 1.295,  1.669,  1.997,  2.385,  2.654,   3.220 },	/* df 65 */
	{ 1.295,  1.668,  1.997,  2.384,  2.652,   3.218 },
	{ 1.294,  1.668,  1.996,  2.383,  2.651,   3.216 },
	{ 1.294,  1.668,  1.995,  2.382,  2.650,   3.214 },
	{ 1.294,  1.667,  1.995,  2.382,  2.649,   3.213 },
	{ 1.294,  1.667,  1.994,  2.381,  2.648,   3.211 },	/* df 70 */
	{ 1.294,  1.667,  1.994,  2.380,  2.647,   3.209 },
	{ 1.293,  1.666,  1.993,  2.379,  2.646,   3.207 },
	{ 1.293,  1.666,  1.993,  2.379,  2.645,   3.206 },
	{ 1.293,  1.666,  1.993,  2.378,  2.644,   3.204 },
	{ 1.293,  1.665,  1.992,  2.377,  2.643,   3.202 },	/* df 75 */
	{ 1.293,  1.665,  1.992,  2.376,  2.642,   3.201 },
	{ 1.293,  1.665,  1.991,  2.376,  2.641,   3.199 },
	{ 1.292,  1.665,  1.991,  2.375,  2.640,   3.198 },
	{ 1.292,  1.664,  1.990,  2.374,  2.640,   3.197 },
	{ 1.292,  1.664,  1.990,  2.374,  2.639,   3.195 },	/* df 80 */
	{ 1.292,  1.664,  1.990,  2.373,  2.638,   3.194 },
	{ 1.292,  1.664,  1.989,  2.373,  2.637,   3.193 },
	{ 1.292,  1.663,  1.989,  2.372,  2.636,   3.191 },
	{ 1.292,  1.663,  1.989,  2.372,  2.636,   3.190 },
	{ 1.292,  1.663,  1.988,  2.371,  2.635,   3.189 },	/* df 85 */
	{ 1.291,  1.663,  1.988,  2.370,  2.634,   3.188 },
	{ 1.291,  1.663,  1.988,  2.370,  2.634,   3.187 },
	{ 1.291,  1.662,  1.987,  2.369,  2.633,   3.185 },
	{ 1.291,  1.662,  1.987,  2.369,  2.632,   3.184 },
	{ 1.291,  1.662,  1.987,  2.368,  2.632,   3.183 },	/* df 90 */
	{ 1.291,  1.662,  1.986,  2.368,  2.631,   3.182 },
	{ 1.291,  1.662,  1.986,  2.368,  2.630,   3.181 },
	{ 1.291,  1.661,  1.986,  2.367,  2.630,   3.180 },
	{ 1.291,  1.661,  1.986,  2.367,  2.629,   3.179 },
	{ 1.291,  1.661,  1.985,  2.366,  2.629,   3.178 },	/* df 95 */
	{ 1.290,  1.661,  1.985,  2.366,  2.628,   3.177 },
	{ 1.290,  1.661,  1.985,  2.365,  2.627,   3.176 },
	{ 1.290,  1.661,  1.984,  2.365,  2.627,   3.175 },
	{ 1.290,  1.660,  1.984,  2.365,  2.626,   3.175 },
	{ 1.290,  1.660,  1.984,  2.364,  2.626,   3.174 },	/* df 100 */
};

/* Past df 100 ministat uses the normal quantiles, NIST's "infinity" row. */
static const double t_inf[MINISTAT_NCONF] =
	{ 1.282,  1.645,  1.960,  2.326,  2.576,   3.090 };

/* The plot's symbols: index 1..7 is the set, any other an overlap (OR). */
static const char symbol[MINISTAT_MAX_SETS + 1] =
	{ ' ', 'x', '+', '*', '%', '#', '@', 'O' };

int
ministat_level_index(double pct)
{
	int i;

	for (i = 0; i < MINISTAT_NCONF; i++)
		if (pct == ministat_levels[i])
			return i;
	return -1;
}

double
ministat_student_t(long df, int confidx)
{
	if (df < 1 || confidx < 0 || confidx >= MINISTAT_NCONF)
		return NAN;
	if (df > NSTUDENT)
		return t_inf[confidx];
	return t_table[df - 1][confidx];
}

/* ministat's Avg(): its running sum over n. */
static double
ms_avg(const struct ministat_set *s)
{
	return s->sum / (double)s->n;
}

/*
 * ministat's Var(): the squared deviations from its Avg() summed plainly
 * over the sorted values, over n - 1.  No compensation: that is the
 * point (see ministat.h).
 */
static double
ms_var(const struct ministat_set *s)
{
	double a = ms_avg(s), syy = 0;
	size_t i;

	for (i = 0; i < s->n; i++)
		syy += (s->values[i] - a) * (s->values[i] - a);
	return syy / ((double)s->n - 1.0);
}

void
ministat_vitals(const struct ministat_set *s, struct ministat_vitals *v)
{
	v->n = s->n;
	v->min = s->values[0];
	v->max = s->values[s->n - 1];
	v->median = stats_median(s->values, s->n);
	v->avg = ms_avg(s);
	v->stddev = sqrt(ms_var(s));
}

void
ministat_compare(const struct ministat_set *ds, const struct ministat_set *rs,
    int confidx, struct ministat_diff *d)
{
	double n1, n2, v1, v2, a1, a2, df, re;

	n1 = (double)ds->n;
	n2 = (double)rs->n;
	v1 = ms_var(ds);
	v2 = ms_var(rs);
	a1 = ms_avg(ds);
	a2 = ms_avg(rs);
	df = n1 + n2 - 2;		/* >= 2: both n >= MINISTAT_MIN_N */

	/*
	 * The operations below are ministat's, in its order, so that the %g
	 * output agrees to the last digit.
	 */
	d->t = ministat_student_t(df > NSTUDENT ? NSTUDENT + 1 : (long)df,
	    confidx);
	d->spool = sqrt(((n1 - 1) * v1 + (n2 - 1) * v2) / df);
	d->diff = a1 - a2;
	d->err = d->t * (d->spool * sqrt(1.0 / n1 + 1.0 / n2));

	/*
	 * The "+/-" of the percentage (the 2020 formula): the relative error
	 * of the ratio avg(ds)/avg(rs), with the variance of ds scaled by
	 * (avg(ds)/avg(rs))^2, not merely err * 100 / avg(rs) as before.
	 */
	re = (n1 - 1) * v1 + (n2 - 1) * v2 * (a1 * a1) / (a2 * a2);
	re *= (n1 + n2) / (n1 * n2 * (n1 + n2 - 2.0));
	re = d->t * sqrt(re);
	/* avg(rs) == 0 gives inf or nan, printed as such, as ministat does. */
	d->pct = d->diff * 100 / a2;
	d->pct_err = re * 100 / a2;
	d->significant = fabs(d->diff) > d->err;
}

/*
 * The plot: a grid of point rows (row 0 unused, row 1 at the bottom) and
 * one line of avg/median/stddev bars, or one per set with -s.
 */
struct plot {
	int		 width;
	double		 min, max, span, dx, x0;
	int		 height;	/* grid rows in use, with row 0 */
	unsigned char	*grid;		/* height x width set masks */
	char		*bars[MINISTAT_MAX_SETS];
};

/*
 * The column of value v: (v - x0) / dx truncated, which lies in
 * [0, width - 1] for v between min and max since x0 is half a column
 * left of min.  The clamp only catches non-finite arithmetic (a span
 * that overflowed to inf makes it NaN), where ministat's int conversion
 * was undefined.
 */
static int
plot_col(const struct plot *pl, double v)
{
	double f = (v - pl->x0) / pl->dx;

	if (!(f >= 0))
		return 0;
	if (f >= pl->width)
		return pl->width - 1;
	return (int)f;
}

static void
plot_extend(struct plot *pl, double v)
{
	/* A NaN (the stddev of one value) compares false: ignored. */
	if (v < pl->min)
		pl->min = v;
	if (v > pl->max)
		pl->max = v;
}

static void
plot_add(struct plot *pl, const struct ministat_set *s, int setno,
    int separate)
{
	struct ministat_vitals v;
	char *bar;
	size_t i;
	int col, last, run, maxrun, rows, lo, hi, c;

	ministat_vitals(s, &v);

	/* How high the tallest stack of equal columns is. */
	maxrun = 1;
	run = 0;
	last = -1;
	for (i = 0; i < s->n; i++) {
		col = plot_col(pl, s->values[i]);
		run = col == last ? run + 1 : 1;
		last = col;
		if (run > maxrun)
			maxrun = run;
	}
	rows = maxrun + 1;
	if (rows > pl->height) {
		pl->grid = xreallocarray(pl->grid, (size_t)rows,
		    (size_t)pl->width);
		memset(pl->grid + (size_t)pl->height * pl->width, 0,
		    (size_t)(rows - pl->height) * pl->width);
	}
	/*
	 * ministat quirk, kept: the height becomes this set's, even when it
	 * is lower than an earlier set's, so a later set with shorter stacks
	 * hides the top of an earlier set's (and a still later, taller set
	 * finds those rows cleared).  Only the plot is affected.
	 */
	pl->height = rows;

	run = 0;
	last = -1;
	for (i = 0; i < s->n; i++) {
		col = plot_col(pl, s->values[i]);
		run = col == last ? run + 1 : 1;
		last = col;
		pl->grid[(size_t)run * pl->width + col] |= setno;
	}

	bar = pl->bars[separate ? setno - 1 : 0];
	if (!isnan(v.stddev)) {
		lo = plot_col(pl, v.avg - v.stddev);
		hi = plot_col(pl, v.avg + v.stddev);
		bar[hi] = '|';
		bar[lo] = '|';
		for (c = lo + 1; c < hi; c++)
			if (bar[c] == '\0')
				bar[c] = '_';
	}
	bar[plot_col(pl, v.median)] = 'M';
	bar[plot_col(pl, v.avg)] = 'A';
}

static void
plot_rule(FILE *out, int width)
{
	int c;

	putc('+', out);
	for (c = 0; c < width; c++)
		putc('-', out);
	fputs("+\n", out);
}

static void
print_plot(FILE *out, const struct ministat_set *sets, size_t nsets,
    const struct ministat_opts *opts)
{
	struct plot pl;
	struct ministat_vitals v;
	size_t i, nbars;
	int row, c;

	memset(&pl, 0, sizeof(pl));
	pl.width = opts->width;
	pl.min = 999e99;
	pl.max = -999e99;
	for (i = 0; i < nsets; i++) {
		ministat_vitals(&sets[i], &v);
		plot_extend(&pl, v.min);
		plot_extend(&pl, v.max);
		plot_extend(&pl, v.avg - v.stddev);
		plot_extend(&pl, v.avg + v.stddev);
	}
	pl.span = pl.max - pl.min;
	if (pl.span == 0) {
		fputs("[no plot, span is zero width]\n", out);
		return;
	}
	pl.dx = pl.span / (pl.width - 1.0);
	pl.x0 = pl.min - .5 * pl.dx;

	nbars = opts->separate ? nsets : 1;
	for (i = 0; i < nbars; i++)
		pl.bars[i] = xcalloc((size_t)pl.width, 1);
	for (i = 0; i < nsets; i++)
		plot_add(&pl, &sets[i], (int)i + 1, opts->separate);

	plot_rule(out, pl.width);
	for (row = pl.height - 1; row >= 1; row--) {
		putc('|', out);
		for (c = 0; c < pl.width; c++)
			putc(symbol[(unsigned char)
			    pl.grid[(size_t)row * pl.width + c]], out);
		fputs("|\n", out);
	}
	for (i = 0; i < nbars; i++) {
		putc('|', out);
		for (c = 0; c < pl.width; c++)
			putc(pl.bars[i][c] != '\0' ? pl.bars[i][c] : ' ', out);
		fputs("|\n", out);
		free(pl.bars[i]);
	}
	plot_rule(out, pl.width);
	free(pl.grid);
}

static void
print_vitals(FILE *out, const struct ministat_set *s, int setno)
{
	struct ministat_vitals v;

	ministat_vitals(s, &v);
	fprintf(out, "%c %3zu %13.8g %13.8g %13.8g %13.8g %13.8g\n",
	    symbol[setno], v.n, v.min, v.max, v.median, v.avg, v.stddev);
}

static void
print_compare(FILE *out, const struct ministat_set *ds,
    const struct ministat_set *rs, int confidx)
{
	struct ministat_diff d;
	double level = ministat_levels[confidx];

	ministat_compare(ds, rs, confidx, &d);
	if (!d.significant) {
		fprintf(out, "No difference proven at %.1f%% confidence\n",
		    level);
		return;
	}
	fprintf(out, "Difference at %.1f%% confidence\n", level);
	fprintf(out, "\t%g +/- %g\n", d.diff, d.err);
	fprintf(out, "\t%g%% +/- %g%%\n", d.pct, d.pct_err);
	fprintf(out, "\t(Student's t, pooled s = %g)\n", d.spool);
}

static int
valid_input(const struct ministat_set *sets, size_t nsets,
    const struct ministat_opts *opts)
{
	size_t i, j;

	if (nsets == 0 || nsets > MINISTAT_MAX_SETS)
		return 0;
	if (opts->confidx < 0 || opts->confidx >= MINISTAT_NCONF ||
	    opts->width < MINISTAT_WIDTH_MIN ||
	    opts->width > MINISTAT_WIDTH_MAX)
		return 0;
	for (i = 0; i < nsets; i++) {
		if (sets[i].n < MINISTAT_MIN_N || sets[i].values == NULL)
			return 0;
		/* Sorted and finite: "!(a <= b)" also catches a NaN. */
		for (j = 0; j < sets[i].n; j++)
			if (!isfinite(sets[i].values[j]) ||
			    (j > 0 && !(sets[i].values[j - 1] <=
			    sets[i].values[j])))
				return 0;
	}
	return 1;
}

int
ministat_print(FILE *out, const struct ministat_set *sets, size_t nsets,
    const struct ministat_opts *opts)
{
	size_t i;

	if (!valid_input(sets, nsets, opts)) {
		errno = EINVAL;
		return -1;
	}

	if (!opts->quiet)
		for (i = 0; i < nsets; i++) {
			/* A file's name, a fact's value: shown, not acted on. */
			fprintf(out, "%c ", symbol[i + 1]);
			if (sets[i].name != NULL)
				fput_visible(out, sets[i].name,
				    strlen(sets[i].name));
			putc('\n', out);
		}
	if (!opts->stats_only && !opts->no_plot)
		print_plot(out, sets, nsets, opts);
	if (!opts->quiet)
		fputs("    N           Min           Max        Median"
		    "           Avg        Stddev\n", out);
	for (i = 0; i < nsets; i++) {
		print_vitals(out, &sets[i], (int)i + 1);
		/* Each set after the first against the first. */
		if (i > 0 && !opts->stats_only)
			print_compare(out, &sets[i], &sets[0], opts->confidx);
	}
	return ferror(out) ? -1 : 0;
}
