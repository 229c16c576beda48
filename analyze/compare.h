/*
 * compare.h: baseline against new, series by series, with one verdict
 * rule for every number a comparison shows.
 *
 * The unit of evidence.  Samples inside one invocation of a benchmark
 * program (a round) share its caches, placement and minute: they are not
 * replicates, and neither are the rounds of one run (one collection, one
 * boot) against another run's.  A comparison counts in the level at
 * which its two sides were executed apart (compare_plan()):
 *
 *   sides in the same runs, rounds recorded   paired by round: one
 *     (--compare head=rw head=rm)             difference a round
 *   sides in different runs, each side with   the run: each run's median
 *     2 or more runs (or one side with 3 or   (the run-to-run variation
 *     more, or a history: --noise-floor)      modelled)
 *   sides in different runs, a run a side     the round: each round's
 *                                             median (the run-to-run
 *                                             variation unmeasured, said)
 *   no rounds recorded, or --unit sample      the sample (said)
 *
 * A comparison method is a row of a table (struct cmp_method in
 * compare_methods.c): its test, its estimator and interval, what values
 * it takes.  The center shown is the median of the samples with the rank
 * tests, the mean with the t tests; the change is the method's
 * estimator, whatever the level:
 *
 *   method         values           scale "ratio" (every value > 0):
 *                                   B / A - 1, 0.05 = +5 %; "shift":
 *                                   B - A, in the unit
 *   mann-whitney   samples/rounds   Hodges-Lehmann ratio / shift, Moses'
 *   welch,student  samples/rounds   ratio of means (Fieller) / difference
 *   signed-rank    round pairs      Hodges-Lehmann of the log ratios
 *                                   (Walsh averages, Tukey's interval)
 *   paired-t       round pairs      mean log ratio, Student's t
 *   runs-t         runs             ratio of the runs' geometric means,
 *                                   Welch's t on the logs of their
 *                                   medians (pooled when one side or a
 *                                   history gives the variance)
 *
 * A ratio of values that are not all positive means nothing (a baseline
 * at -10 "doubling" to -20 is lower, not +100 %), so those rows are
 * differences, flagged.  Intervals are asked at the simultaneous level
 * that matches the adjustment of the p-values: with Holm over m tested
 * series, each interval is at 1 - alpha / m (Bonferroni), so that every
 * interval that excludes 0 also passes Holm.  A verdict (improved,
 * regressed) needs both: the interval clear of 0 and the adjusted p below
 * alpha, and a change of at least the threshold.  An interval that ends
 * exactly at 0 (ties: many pairs of equal values) excludes it when the
 * tie-corrected test rejects 0 at the interval's level: that end is
 * open.  Every row where the interval and the verdict could look at odds
 * carries a note (CMP_*) that the output explains.
 */
#ifndef KBENCH_COMPARE_H
#define KBENCH_COMPARE_H

#include <stddef.h>

#include "analyze/group.h"

enum test_kind { TEST_U, TEST_WELCH, TEST_STUDENT };

/* The level a comparison counts its evidence in. */
enum unit_kind {
	UNIT_SAMPLE,	/* each sample: no rounds recorded, or --unit sample */
	UNIT_ROUND,	/* each round's median (its mean with the t tests) */
	UNIT_RUN	/* each run's median */
};

/* --unit: the level asked for; auto is the one the sides allow. */
enum unit_ask { UNIT_ASK_AUTO, UNIT_ASK_SAMPLE, UNIT_ASK_ROUND, UNIT_ASK_RUN };

/* What the intervals cover of the variation between runs. */
enum between_kind {
	BETWEEN_NA,		/* the sides share their runs: it cancels */
	BETWEEN_UNMEASURED,	/* not covered: a run a side */
	BETWEEN_MODELLED	/* covered: the runs are the unit */
};

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
#define CMP_SAMPLES	0x40	/* u: samples as the unit (none are rounds) */
#define CMP_UNMEASURED	0x80	/* r: run-to-run variation not covered */
#define CMP_OPEN	0x100	/* z: an interval end at 0, open (ties) */
#define CMP_UNPAIRED	0x200	/* p: rounds of one side only, left out */

struct cmp_method;

/*
 * A comparison read round by round (--sequential): where its confidence
 * sequence stood after its last round, and when it first excluded 0.
 */
struct seq_result {
	int		 done;		/* computed (else why says why not) */
	const char	*why;
	size_t		 rounds;	/* values: pairs of rounds */
	size_t		 need;		/* the fewest it can decide with */
	size_t		 decided_at;	/* rounds (pairs) read then; 0: not */
	int		 verdict;	/* VERDICT_*: taken at decided_at */
	int		 paired;	/* same run and round; else in order */
	int		 drift;		/* the intervals stopped overlapping */
	int		 unmeasured;	/* sides in different runs: their
					   run-to-run variation not covered */
	double		 est;		/* the change after the last round */
	double		 lo, hi;	/* its interval there (the change's
					   scale: ratio - 1, or a shift) */
	double		 p, p_adj;	/* always-valid; Bonferroni-adjusted */
	double		 sd;		/* of the values: what --plan uses */
	/* --plan: rounds to decide the change asked, at the power asked. */
	size_t		 plan_fixed;	/* a fixed design's; 0: not planned */
	size_t		 plan_seq;	/* --until decided's, that share */
	size_t		 plan_median;	/* and half of them */
};

/*
 * The run-to-run spread of a series in identical runs elsewhere in the
 * database (noise_floor.c): the sample variance of their medians' logs
 * (of the medians, for a shift), with runs - 1 degrees of freedom.
 */
struct noise_floor {
	size_t	runs;		/* 0: none found */
	double	var;
	double	sd_pct;		/* what it means: +-X% between runs (ratios;
				   NaN for a difference, in the unit) */
	int	used;		/* in c's test: 3 runs or more */
	int	unlike;		/* none sought: the sides' runs differ in
				   rounds or samples */
};

struct comparison {
	const struct group	*a, *b;
	/* The plan: how it counts (compare_plan()). */
	const struct cmp_method	*method;
	size_t			 nu_a, nu_b;	/* units a side (pairs: equal) */
	size_t			 runs_a, runs_b;
	size_t			 unpaired;	/* rounds left out, unmatched */
	struct noise_floor	 floor;		/* used when floor.runs > 0 */
	/*
	 * The values its method works on, sorted: each side's units, or
	 * (paired) the differences in ua.  For runs: logs of the medians
	 * on a ratio scale.  Owned unless they are a group's own samples.
	 */
	double			*ua, *ub;
	size_t			 nua, nub;
	double			 center_a, center_b;
	/* center_b / center_a - 1, or center_b - center_a (SCALE_SHIFT). */
	double			 centers_change;
	/* The same of the medians of the method's values (CMP_CENTERS). */
	double			 units_change;
	/*
	 * The change: est is the estimator above, set whenever both sides
	 * have a sample and never dependent on the level; lo, hi and
	 * level hold when change_err is STATS_OK (the interval at the
	 * simultaneous level; level its real coverage).
	 */
	struct stats_ci		 change;
	const char		*noci;		/* why there is no interval */
	double			 p;		/* NaN when untested */
	double			 p_adj;		/* Holm-adjusted, or = p */
	size_t			 power_n;	/* units per side (pairs), to
						   detect the change asked; 0 when
						   not computed */
	double			 power_cv;	/* the spread it assumed */
	/* The small ones together (no padding between them). */
	int			 test;		/* --test: TEST_* */
	int			 unit;		/* UNIT_* */
	int			 paired;
	int			 between;	/* BETWEEN_* */
	int			 rounded;	/* sides with rounds: 0, 1, 2 */
	int			 shared;	/* runs of both sides: none 0,
						   some 1, all 2 */
	int			 unlike;	/* runs differ in rounds or size:
						   no one variance for all */
	int			 owned;
	int			 scale;		/* SCALE_* */
	int			 change_err;
	int			 verdict;
	unsigned		 warn;		/* both groups' WARN_* */
	unsigned		 notes;		/* CMP_* */
	int			 open;		/* CMP_OPEN: -1 lo, +1 hi */
	struct seq_result	 seq;		/* --sequential */
};

/* The parameters of the family of comparisons, and what follows. */
struct compare_opts {
	int	test;		/* TEST_* */
	int	unit;		/* UNIT_ASK_* */
	double	level;		/* confidence, percent */
	double	threshold;	/* percent */
	int	adjust;		/* Holm, and Bonferroni-level intervals */
	int	sequential;	/* --sequential: a confidence sequence too */
	double	plan;		/* --plan: the change to plan for (0.05); 0 */
	double	power;		/* --power: its share of series (0.8) */
};

/*
 * Compare group b against baseline a: the plan (unit, pairing, method),
 * the centers, the scale and the p-value.  The change and the verdict
 * come with compare_family().
 */
void	compare_groups(const struct group *a, const struct group *b,
	    const struct compare_opts *o, struct comparison *c);
/*
 * May a noise floor serve c (unpaired, a run a side, the unit not asked
 * for)?  And take it: c becomes a run-level comparison whose variance
 * comes from the floor's runs, its p-value computed anew.
 */
int	compare_floor_wanted(const struct comparison *c,
	    const struct compare_opts *o);
void	compare_use_floor(struct comparison *c, const struct compare_opts *o,
	    const struct noise_floor *nf);
void	compare_free(struct comparison *c, size_t n);
/* compare_plan.c, for compare_groups(): c's unit, method and values. */
void	compare_plan(struct comparison *c, const struct compare_opts *o);
/* A round's value (its median, or mean with the t tests). */
double	compare_unit_value(const struct comparison *c,
	    const struct group_unit *u);
/* A value of B against one of A: the log ratio, or the difference. */
double	compare_pair_diff(const struct comparison *c, double a, double b);

/*
 * compare_sequential.c (--sequential): each comparison's confidence
 * sequence over its rounds in order (sequential.h), at the alpha each
 * interval is held to (Bonferroni over the tested series, as the fixed
 * intervals), its always-valid p-value adjusted alike: decided is
 * p_adj < alpha with a change of at least the threshold.  Not for sides
 * whose runs are the unit (several runs a side): rounds cannot see what
 * differs between runs.
 */
int	compare_sequential(struct comparison *c, size_t n,
	    const struct compare_opts *o);

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
/* "99.17%": a level to four digits, never rounded up to 100%. */
const char *compare_level_text(char *buf, size_t size, double level);

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
/* "Hodges-Lehmann ratio", "ratio of means"...: c's estimator. */
const char *estimator_name(const struct comparison *c);
/* "sample", "round", "run"; "unmeasured", "modelled", "n/a". */
const char *unit_name(int unit);
const char *between_name(int between);

/* The method of a comparison, for the outputs. */
struct cmp_method {
	const char	*name;		/* "mann-whitney", ...: JSON, CSV */
	const char	*test;		/* "Mann-Whitney U test" */
	const char	*centre;	/* the centers shown: "median", "mean" */
	size_t		 need;		/* units a side (pairs) for a test */
	const char	*estimator[2];	/* by scale: SCALE_RATIO, SCALE_SHIFT */
	const char	*interval[2];	/* "Moses'", ...: by scale */
	unsigned	 families;	/* the --test it answers: 1 << TEST_* */
	int		 paired;
	int		 runs;		/* its values are the runs' (1), the
					   rounds' (0), either (2), the runs'
					   with one pooled variance (3) */
	int		 medians;	/* each unit's median (else its mean) */
	/* Set c->p (NaN when there is no test). */
	void		(*test_fn)(struct comparison *c);
	/* Set c->change at level; a STATS_* code. */
	int		(*change_fn)(struct comparison *c, double level);
};
/*
 * The row for a --test family, paired or not, on rounds (runs 0), on
 * runs (1) or on runs with one pooled variance (3).
 */
const struct cmp_method *cmp_method_find(int family, int paired, int runs);
/* Why c counts samples: "no rounds recorded", "--unit sample"... */
const char *compare_samples_why(const struct comparison *c);
/* Why c's run-to-run variation is unmeasured: "one run a side"... */
const char *compare_unmeasured_why(const struct comparison *c);
/* What c's values are: "the rounds' medians", "the runs' medians"... */
const char *compare_values_name(const struct comparison *c);

/*
 * The notes of c, as phrases joined by "; " (for CSV and JSON); ci_level
 * is the level its interval was asked at.
 */
void	compare_note_text(const struct comparison *c,
	    const struct compare_opts *o, double ci_level, struct strbuf *out);

#endif
