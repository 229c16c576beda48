/*
 * ministat.h: FreeBSD ministat(1)'s report, as a pure formatter.
 *
 * Given up to seven sorted samples, print what the current FreeBSD
 * ministat prints for them, byte for byte: the legend, the ASCII plot,
 * the table of vitals and, for every set after the first, Student's t
 * test against the first.  Byte for byte means FreeBSD's arithmetic too:
 * the mean is its plain sum in input order over n, the variance its
 * plain two-pass sum over the sorted values; on ill-conditioned data
 * (1e9 +/- 1e-3) that differs from kbench analyze's exact sums in the
 * 8th digit, and analyze is the one to believe.  No file reading here (cmd_ministat.c does
 * that); no exit(); the only allocation is the plot's, freed on return.
 */
#ifndef KBENCH_MINISTAT_H
#define KBENCH_MINISTAT_H

#include <stddef.h>
#include <stdio.h>

#define MINISTAT_MAX_SETS	7	/* symbols x + * % # @ O */
#define MINISTAT_MIN_N		2	/* for a standard deviation */
#define MINISTAT_NCONF		6	/* 80 90 95 98 99 99.5 */
#define MINISTAT_CONF_DEFAULT	2	/* 95% */
#define MINISTAT_WIDTH_DEFAULT	74
#define MINISTAT_WIDTH_MIN	2	/* min and max in distinct columns */
#define MINISTAT_WIDTH_MAX	10000

/*
 * One data set: values sorted ascending (stats_sort), all finite, and
 * their plain left-to-right sum in the order they were read, which is
 * how ministat sums them (stats_plain_sum() before sorting).
 */
struct ministat_set {
	const char	*name;		/* shown in the legend */
	const double	*values;
	size_t		 n;
	double		 sum;		/* sum in input order, rounded as read */
};


struct ministat_opts {
	int	confidx;	/* -c: index into ministat_levels[] */
	int	width;		/* -w: plot width in columns */
	int	no_plot;	/* -A: statistics and tests, no plot */
	int	stats_only;	/* -n: statistics only: no plot, no test */
	int	quiet;		/* -q: no legend, no table header */
	int	separate;	/* -s: one avg/median/stddev bar per set */
};

/* ministat's defaults: 95%, width 74, everything shown. */
#define MINISTAT_OPTS_INIT \
	{ MINISTAT_CONF_DEFAULT, MINISTAT_WIDTH_DEFAULT, 0, 0, 0, 0 }

/* The confidence levels of the t table, in percent: 80 ... 99.5. */
extern const double ministat_levels[MINISTAT_NCONF];

/* The index of level pct (exactly 80, 90, 95, 98, 99 or 99.5), or -1. */
int	ministat_level_index(double pct);

/*
 * ministat's critical t for df degrees of freedom (df >= 1; past 100 the
 * infinite row) at level index confidx, as its table holds it.  NaN for
 * a bad argument.
 */
double	ministat_student_t(long df, int confidx);

/* One row of the table. */
struct ministat_vitals {
	size_t	n;
	double	min, max, median, avg, stddev;
};

void	ministat_vitals(const struct ministat_set *s,
	    struct ministat_vitals *v);

/*
 * Set ds against the reference rs, pooled two-sample Student's t, as
 * ministat computes it.  significant is |diff| > err.
 */
struct ministat_diff {
	double	t;		/* critical value used */
	double	diff;		/* avg(ds) - avg(rs) */
	double	err;		/* t * pooled s * sqrt(1/n1 + 1/n2) */
	double	pct;		/* diff in percent of avg(rs) */
	double	pct_err;	/* its +/-, from both variances */
	double	spool;		/* pooled standard deviation */
	int	significant;
};

void	ministat_compare(const struct ministat_set *ds,
	    const struct ministat_set *rs, int confidx,
	    struct ministat_diff *d);

/*
 * Print the report to out.  Returns 0; or -1 with errno EINVAL when
 * nsets is 0 or above MINISTAT_MAX_SETS, a set has fewer than
 * MINISTAT_MIN_N values, is not sorted or holds a NaN or infinity, or
 * opts is out of range (nothing is printed then); or -1 when writing to
 * out failed.
 */
int	ministat_print(FILE *out, const struct ministat_set *sets,
	    size_t nsets, const struct ministat_opts *opts);

#endif
