/*
 * analysis.h: the result of kbench analyze, and how to build it.  One
 * struct analysis, filled by analysis_run() (analysis.c) from the store:
 * the summary of a selection by groups, or the comparison of two sides.
 * analyze prints it (format.h), plot draws it (plots/charts.h) and
 * report writes it up (plots/review.h): all three say the same numbers.
 */
#ifndef KBENCH_ANALYSIS_H
#define KBENCH_ANALYSIS_H

#include "analyze/compare.h"
#include "analyze/group.h"
#include "analyze/pooling.h"
#include "db/filter.h"
#include "db/store.h"
#include "lib/kv.h"
#include "lib/strlist.h"
#include "lib/status.h"

/*
 * Where the numbers of one side came from: every run its selection
 * holds, as kbench report describes the machines and the commands that
 * reproduce them.  Facts and commands redacted as the tables are.
 */
struct provenance {
	size_t		 runs;
	struct kvlist	 facts;		/* key -> each distinct value of the
					   runs, ", "-joined; sorted by key */
	struct strlist	 commands;	/* distinct collection commands */
	struct strlist	 shell;		/* each for sh(1), redacted */
};

struct analysis {
	const char		*cmdname;	/* "analyze", "plot": messages */
	double			 level;		/* confidence, percent */
	/* Summary mode: groups by series and by value of the by key. */
	const char		*by;
	const char		*rows;		/* a second key: plot sleep's rows */
	/* Series keys the caller's chart lays out itself (plot lock's
	 * head, hook, threads), NULL-ended: --by may not take them. */
	const char *const	*laid_out;
	struct groupset		 gs;
	/* Compare mode: the two sides, one group per series each. */
	int			 compare;
	const char		*name_a, *name_b;
	int			 test;
	int			 unit;		/* --unit: UNIT_ASK_* */
	int			 noise_floor;	/* --noise-floor auto */
	int			 any_impl;	/* --any-impl: pair one lock name's
						   implementations anyway */
	int			 sequential;	/* --sequential (compare_sequential) */
	int			 pair_common;	/* compare the series both sides
						   have, leave the others out
						   (collect --until --baseline:
						   a baseline may hold more) */
	double			 plan;		/* --plan: the change, 0.05; 0 */
	double			 power;		/* --power, 0.8 */
	double			 threshold;	/* percent */
	int			 adjust;	/* Holm */
	struct groupset		 ga, gb;
	struct comparison	*cmp;
	size_t			 ncmp;
	size_t			 ntested;	/* with a p-value: Holm's m */
	/* Rounds the runs of each side stored (fact "rounds"); 0: unknown. */
	size_t			 rounds_a, rounds_b;
	double			 ci_level;	/* each change interval's level */
	size_t			 count[4];	/* per verdict */
	double			 geomean;
	struct strlist		 keynames;	/* series key columns */
	/* Series keys the sides fix (head=rw vs head=rm): not paired on. */
	struct strlist		 sidekeys;
	/* Sensitive facts that differ among the runs of a side or group. */
	struct pooling		 pooled;
	int			 warnings;	/* WARNINGS_* */
	size_t			 width;		/* prose wraps here (columns) */
	int			 narrow;	/* width asked for: a table wider
						   prints as a block a row */
	struct strlist		 redact;	/* facts shown as tokens */
	/* Compare mode, when asked (report): each side's provenance. */
	int			 provenance;
	struct provenance	 prov_a, prov_b;
};

/* The comparison options of an analysis, for compare.h. */
struct compare_opts analysis_compare_opts(const struct analysis *an);

/*
 * Fill an from the store: the summary of the selection (an->by), or with
 * an->compare the comparison of an->name_a and an->name_b.  Messages go
 * to stderr; returns STATUS_OK, STATUS_BAD_INPUT (nothing to show: an
 * empty side, an unknown --by), STATUS_DB or STATUS_SYSTEM.
 */
enum status	analysis_run(struct store *s, const struct filter *f,
		    struct analysis *an);
/* The options analyze, plot and report share, for getopt_long tables. */
enum {
	AOPT_COMPARE = 400,
	AOPT_TEST,
	AOPT_THRESHOLD,
	AOPT_NOADJUST,
	AOPT_WARNINGS,
	AOPT_NOWARNINGS,
	AOPT_REDACT,
	AOPT_UNIT,
	AOPT_NOISEFLOOR,
	AOPT_ANYIMPL,
	AOPT_SEQUENTIAL,
	AOPT_PLAN,
	AOPT_POWER,
	AOPT_CONFIDENCE = 'c'
};
/* analyze and report read a comparison round by round; plot does not. */
#define ANALYSIS_SEQUENTIAL_LONGOPT					\
	{ "sequential",	no_argument,	   NULL, AOPT_SEQUENTIAL }
#define ANALYSIS_LONGOPTS						\
	{ "any-impl",	no_argument,	   NULL, AOPT_ANYIMPL },	\
	{ "compare",	required_argument, NULL, AOPT_COMPARE },	\
	{ "confidence",	required_argument, NULL, AOPT_CONFIDENCE },	\
	{ "no-adjust",	no_argument,	   NULL, AOPT_NOADJUST },	\
	{ "no-warnings", no_argument,	   NULL, AOPT_NOWARNINGS },	\
	{ "noise-floor", required_argument, NULL, AOPT_NOISEFLOOR },	\
	{ "redact",	required_argument, NULL, AOPT_REDACT },		\
	{ "test",	required_argument, NULL, AOPT_TEST },		\
	{ "threshold",	required_argument, NULL, AOPT_THRESHOLD },	\
	{ "unit",	required_argument, NULL, AOPT_UNIT },		\
	{ "warnings",	required_argument, NULL, AOPT_WARNINGS }

/* For --help texts: the unit of evidence of a comparison. */
#define ANALYSIS_UNIT_HELP						\
    "   --unit U         what a comparison counts: auto (default: pairs of\n" \
    "                    rounds when the sides share their runs, the runs when\n" \
    "                    each side has 2 or more, else the rounds; samples when\n" \
    "                    no rounds were recorded), sample, round or run\n" \
    "   --noise-floor auto   a run a side: the run-to-run spread of identical\n" \
    "                    runs in the database serves as the runs' (U test)\n"

/*
 * How much of the warnings under a table: a paragraph per kind naming
 * the first few groups (summary), every group (full), or none of the
 * groups' warnings (none).  A comparison's notes (the a n i t m flags)
 * are always said: they explain its verdicts.
 */
enum { WARNINGS_SUMMARY, WARNINGS_FULL, WARNINGS_NONE };

/* Prose under a table wraps at 100 columns unless told (--width). */
#define ANALYSIS_WIDTH	100
#define ANALYSIS_WIDTH_MIN	40

/* Defaults: 95% confidence, the U test, Holm adjustment, by label. */
void	analysis_init(struct analysis *an, const char *cmdname);
/*
 * Take one getopt result: 1 when it was an analysis option, 0 when not,
 * -1 when its argument is bad (said on stderr).  --compare takes its
 * second side from argv[optind].
 */
int	analysis_option(struct analysis *an, int opt, const char *arg,
	    int argc, char **argv);

/*
 * analysis_cmd.c, for the commands that run an analysis (kbench.h).  The
 * last case of their option loops: an analysis option or a filter (1),
 * or, said on stderr, a bad value or an unknown option (the usage, help,
 * then -1).
 */
struct kbench_ctx;
int	analysis_cmd_option(struct analysis *an, struct filter *f, int ch,
	    const char *arg, int argc, char **argv, const char *help);
/* The filter checked (cmd_check_filter()), then analysis_run(). */
int	analysis_cmd_run(struct kbench_ctx *ctx, const struct filter *f,
	    struct analysis *an);

/*
 * sides.c.  Narrow f to one side of a comparison: KEY=VALUE parts joined
 * by commas (run facts, run columns, series keys), a label, or a run.
 * 0; -1 when the store failed; -2 past the filter's bounds (err says).
 */
int	analysis_select_side(struct store *s, struct filter *f,
	    const char *spec, struct strbuf *err);
/*
 * Pair the series of an->ga and an->gb into an->cmp (compare_groups),
 * on all their keys but those the sides fix; set an->sidekeys and the
 * key columns.  Returns 0, or -1 with the reason on stderr: a series on
 * one side only (with the --compare that would pair them, if one does),
 * or a side with two series of one identity.
 */
int	analysis_pair_sides(struct store *s, struct analysis *an);
void	analysis_free(struct analysis *an);

/*
 * noise_floor.c.  With an->noise_floor, give each comparison of a run a
 * side the run-to-run spread of its series in identical runs of the
 * selection f (compare_use_floor()).  A status; messages on stderr.
 */
enum status	noise_floor_apply(struct store *s, const struct filter *f,
		    struct analysis *an);

/*
 * provenance.c.  Fill an->prov_a and an->prov_b from the runs the side
 * filters fa and fb select.  0, or -1 with store_error(s).
 */
int	provenance_read(struct store *s, const struct filter *fa,
	    const struct filter *fb, struct analysis *an);
void	provenance_free(struct provenance *p);

#endif
