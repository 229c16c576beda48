/*
 * compare.h: baseline against new, series by series, with one verdict
 * rule for every number a comparison shows.
 *
 * The center is the median with the U test (the default), the mean with
 * the t tests.  The change is one estimator, whatever the level:
 *
 *   test    scale "ratio" (every value of both     scale "shift" (any value
 *           sides > 0): B / A - 1, 0.05 = +5 %     <= 0): B - A, in the unit
 *   U       Hodges-Lehmann ratio, Moses' interval  Hodges-Lehmann shift
 *   t       ratio of means, Fieller's interval     difference of means,
 *                                                  Welch's/Student's interval
 *
 * A ratio of values that are not all positive means nothing (a baseline
 * at -10 "doubling" to -20 is lower, not +100 %), so those rows are
 * differences, flagged.  Intervals are asked at the simultaneous level
 * that matches the adjustment of the p-values: with Holm over m tested
 * series, each interval is at 1 - alpha / m (Bonferroni), so that every
 * interval that excludes 0 also passes Holm.  A verdict (improved,
 * regressed) needs both: the interval clear of 0 and the adjusted p below
 * alpha, and a change of at least the threshold.  Every row where the
 * interval and the verdict could look at odds carries a note (CMP_*)
 * that the output explains.
 */
#ifndef KBENCH_COMPARE_H
#define KBENCH_COMPARE_H

#include <stddef.h>

#include "analyze/group.h"

enum test_kind { TEST_U, TEST_WELCH, TEST_STUDENT };

enum verdict {
	VERDICT_SAME,		/* no significant change beyond the threshold */
	VERDICT_IMPROVED,
	VERDICT_REGRESSED,
	VERDICT_UNTESTED	/* a side has fewer than 2 samples */
};

enum change_scale {
	SCALE_RATIO,		/* change = B / A - 1 */
	SCALE_SHIFT		/* change = B - A, in the series' unit */
};

/* Notes on a comparison: a letter in the "!" column, a line under it. */
#define CMP_SHIFT	0x01	/* a: values not all > 0: a difference */
#define CMP_NOCI	0x02	/* n: no interval of the change (noci says why) */
#define CMP_TESTONLY	0x04	/* i: p < alpha but the interval holds 0 */
#define CMP_CIONLY	0x08	/* i: the interval excludes 0, p >= alpha */
#define CMP_SMALL	0x10	/* t: significant, smaller than the threshold */
#define CMP_CENTERS	0x20	/* m: estimate and centers' change disagree */

struct comparison {
	const struct group	*a, *b;
	double			 center_a, center_b;
	int			 scale;		/* SCALE_* */
	/* center_b / center_a - 1, or center_b - center_a (SCALE_SHIFT). */
	double			 centers_change;
	/*
	 * The change: est is the estimator above, set whenever both sides
	 * have a sample and never dependent on the level; lo, hi and
	 * level hold when change_err is STATS_OK (the interval at the
	 * simultaneous level; level its real coverage).
	 */
	struct stats_ci		 change;
	int			 change_err;
	const char		*noci;		/* why there is no interval */
	double			 p;		/* NaN when untested */
	double			 p_adj;		/* Holm-adjusted, or = p */
	int			 verdict;
	size_t			 power_n;	/* per side, to detect the change
						   asked; 0 when not computed */
	unsigned		 warn;		/* both groups' WARN_* */
	unsigned		 notes;		/* CMP_* */
};

/* The parameters of the family of comparisons, and what follows. */
struct compare_opts {
	int	test;		/* TEST_* */
	double	level;		/* confidence, percent */
	double	threshold;	/* percent */
	int	adjust;		/* Holm, and Bonferroni-level intervals */
};

/*
 * Compare group b against baseline a: the centers, the scale and the
 * p-value.  The change and the verdict come with compare_family().
 */
void	compare_groups(const struct group *a, const struct group *b, int test,
	    struct comparison *c);

/*
 * The number of tested comparisons (a p-value) among n: the m of the
 * adjustment and of the simultaneous level.
 */
size_t	compare_tested(const struct comparison *c, size_t n);

/*
 * The level each interval is asked at: 100 - (100 - level) / m when
 * adjusting over m > 1 tests, else level.
 */
double	compare_interval_level(const struct compare_opts *o, size_t m);

/*
 * For the n comparisons as one family: the change and its interval at
 * compare_interval_level(), the Holm-adjusted p-values, the verdicts,
 * the notes, and for those not proven different the samples per side
 * that would detect a change of max(threshold, 1) percent at the
 * per-comparison alpha.  Returns 0, or -1 when memory ran out.
 */
int	compare_family(struct comparison *c, size_t n,
	    const struct compare_opts *o);

/*
 * The geometric mean of center_b / center_a over the ratio-scale pairs,
 * computed as the mean of log(center_b) - log(center_a), so that it is
 * finite whenever it is representable; NaN if there is none.
 */
double	compare_geomean(const struct comparison *c, size_t n);

/* The relative size of the change, for the threshold: |change| / |A|. */
double	compare_relsize(const struct comparison *c);

const char *verdict_name(int verdict);
const char *test_name(int test);
/* "Hodges-Lehmann", "ratio of means"...: the estimator of a scale. */
const char *estimator_name(int test, int scale);

/*
 * The notes of c, as phrases joined by "; " (for CSV and JSON); ci_level
 * is the level its interval was asked at.
 */
void	compare_note_text(const struct comparison *c,
	    const struct compare_opts *o, double ci_level, struct strbuf *out);

#endif
