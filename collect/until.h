/*
 * until.h: kbench collect ... --until decided|precision=P% (issue 28):
 * a collection that stops once its answer is known.
 *
 * The sides are two values of the benchmark's interleaved key (lock's
 * heads: -H rw,rm; sleep's methods: -m nanosleep,select), collected in
 * the same rounds; or, with --baseline, a stored run of every cell of
 * the matrix against the run being collected, round k against its
 * round k.  After every round the collector reads its own run as
 * kbench analyze --compare KEY=A KEY=B --sequential (or --compare
 * BASELINE RUN) would (analyze/compare_sequential.c), and stops when
 * every series is
 * decided (or, with precision=P%, every interval is within +-P%), or at
 * --max-rounds.  Why it stopped is the run's fact stopped_by: decided,
 * precision, cap, interrupted, failed or incomparable.  Each check re-reads the run:
 * cheap at tens of rounds, quadratic over thousands.  The decision is the one analyze
 * --sequential gives on the stored run: the same rounds, the same rule.
 */
#ifndef KBENCH_UNTIL_H
#define KBENCH_UNTIL_H

#include <stddef.h>
#include <stdint.h>

#include "lib/strlist.h"

struct collection;
struct store;

enum until_mode { UNTIL_NONE, UNTIL_DECIDED, UNTIL_PRECISION };

struct until {
	int		 mode;		/* UNTIL_* */
	double		 precision;	/* percent, with UNTIL_PRECISION */
	int		 max_rounds;	/* --max-rounds; 0: not given */
	int		 rounds_given;	/* -r was given too: refused */
	const char	*baseline;	/* --baseline: a stored run's label or id */
	/* --until-where: only the series these name need an answer (OR
	 * within a key, AND across keys, as --where). */
	struct strlist	 where_keys, where_values;
	/* Set by until_prepare(): */
	const char	*key;		/* the interleaved key */
	char		*side_a, *side_b;	/* "head=rw", "head=rm" */
	size_t		 nseries;	/* cells a side */
	size_t		 need;		/* the fewest rounds it can decide in */
	char		*self;		/* --baseline: "uuid=..." of the run
					   collected, once known */
	/* After each round: */
	size_t		 decided;	/* series decided (or precise), of
					   those --until-where names */
	size_t		 watched;	/* the series --until-where names */
	int		 stopped;	/* the round it stopped at; 0: not */
	int		 broken;	/* the run could not be compared: no
					   more checks */
};

/* The options, for the collectors' getopt tables. */
enum { COPT_UNTIL = 520, COPT_MAXROUNDS, COPT_BASELINE, COPT_UNTILWHERE };
#define UNTIL_LONGOPTS							\
	{ "until",	required_argument, NULL, COPT_UNTIL },		\
	{ "max-rounds",	required_argument, NULL, COPT_MAXROUNDS },	\
	{ "baseline",	required_argument, NULL, COPT_BASELINE },	\
	{ "until-where", required_argument, NULL, COPT_UNTILWHERE }

/* Take --until or --max-rounds: 1, 0 (not ours), -1 (said). */
int	until_option(struct until *u, int opt, const char *arg,
	    const char *who);
/*
 * Check u against c's matrix and the key the benchmark interleaves: two
 * values of it, the cap not below what the sequence needs; c->rounds
 * becomes the cap.  0, or -1 (said, a usage error).
 */
int	until_prepare(struct until *u, struct collection *c, const char *key,
	    const char *who);
/*
 * --baseline, once the store is open: it names one complete run of the
 * benchmark that has every cell of c, with rounds recorded; the cap
 * becomes its rounds when it has fewer (a round is paired with the
 * baseline's of the same number).  0, -1 (said: a usage error) or -2
 * (the store failed: said).
 */
int	until_baseline(struct until *u, struct store *s, struct collection *c,
	    const char *who);
/*
 * After a round (rounds done so far): read the run, and say whether to
 * stop (1), go on (0), or -1 when it could not be read (said).
 */
int	until_check(struct until *u, struct store *s, int64_t run_id,
	    int rounds, int progress);
/*
 * The run's stopped_by fact: decided, precision, cap, interrupted,
 * failed (a cell failed: the run aborted), or incomparable (the sides
 * could not be compared: stopped after the first round, exit 2).
 */
const char *until_reason(const struct until *u, int interrupted,
	    int failed);
void	until_free(struct until *u);

#endif
