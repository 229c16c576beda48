/*
 * compare.h: baseline against new, series by series.
 *
 * The center is the median with the U test (the default), the mean with
 * the t tests.  The change is relative: 0.05 is +5 %, B against A, with
 * its confidence interval (Hodges-Lehmann ratio of medians with the U
 * test, Fieller's ratio of means with the t tests).
 */
#ifndef KBENCH_COMPARE_H
#define KBENCH_COMPARE_H

#include <stddef.h>

#include "group.h"

enum test_kind { TEST_U, TEST_WELCH, TEST_STUDENT };

enum verdict {
	VERDICT_SAME,		/* no significant change beyond the threshold */
	VERDICT_IMPROVED,
	VERDICT_REGRESSED,
	VERDICT_UNTESTED	/* a side has fewer than 2 samples */
};

struct comparison {
	const struct group	*a, *b;
	double			 center_a, center_b;
	struct stats_ci		 change;	/* est always set when centers are */
	int			 change_err;	/* STATS_OK: the interval holds */
	double			 p;		/* NaN when untested */
	double			 p_adj;		/* Holm-adjusted, or = p */
	int			 verdict;
	size_t			 power_n;	/* per side, to detect the change
						   asked; 0 when not computed */
	unsigned		 warn;		/* both groups' WARN_* */
};

/* Compare group b against baseline a at level (percent). */
void	compare_groups(const struct group *a, const struct group *b, int test,
	    double level, struct comparison *c);

/*
 * Adjust the p-values of the n comparisons (Holm, when adjust and n > 1)
 * and set each verdict: significant at level and |change| >= threshold
 * (percent), in the direction of the series' better side.  For those not
 * proven different, the samples per side needed to detect a change of
 * max(threshold, 1) percent.  Returns 0, or -1 when memory ran out.
 */
int	compare_verdicts(struct comparison *c, size_t n, double level,
	    double threshold, int adjust);

/* The geometric mean of center_b / center_a over positive pairs; NaN if none. */
double	compare_geomean(const struct comparison *c, size_t n);

const char *verdict_name(int verdict);
const char *test_name(int test);

#endif
