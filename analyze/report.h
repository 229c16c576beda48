/*
 * report.h: the results of kbench analyze, and their output formats.
 * cmd_analyze.c fills a struct analysis; format_text.c prints it as an
 * aligned table or Markdown, format_data.c as CSV or JSON.
 */
#ifndef KBENCH_REPORT_H
#define KBENCH_REPORT_H

#include <stdio.h>

#include "analyze/compare.h"
#include "analyze/group.h"
#include "analyze/pooling.h"
#include "lib/status.h"

/*
 * The version of the JSON output's layout: bump it when a field changes
 * meaning or goes away.  2: a comparison's change may be a difference in
 * the unit ("scale": "shift"), its interval is at "interval_level".
 */
#define REPORT_JSON_SCHEMA	2

struct analysis {
	const char		*cmdname;	/* "analyze", "plot": messages */
	double			 level;		/* confidence, percent */
	/* Summary mode: groups by series and by value of the by key. */
	const char		*by;
	const char		*rows;		/* a second key: plot sleep's rows */
	struct groupset		 gs;
	/* Compare mode: the two sides, one group per series each. */
	int			 compare;
	const char		*name_a, *name_b;
	int			 test;
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
	AOPT_CONFIDENCE = 'c'
};
#define ANALYSIS_LONGOPTS						\
	{ "compare",	required_argument, NULL, AOPT_COMPARE },	\
	{ "confidence",	required_argument, NULL, AOPT_CONFIDENCE },	\
	{ "no-adjust",	no_argument,	   NULL, AOPT_NOADJUST },	\
	{ "no-warnings", no_argument,	   NULL, AOPT_NOWARNINGS },	\
	{ "redact",	required_argument, NULL, AOPT_REDACT },		\
	{ "test",	required_argument, NULL, AOPT_TEST },		\
	{ "threshold",	required_argument, NULL, AOPT_THRESHOLD },	\
	{ "warnings",	required_argument, NULL, AOPT_WARNINGS }

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
 * sides.c.  Narrow f to one side of a comparison: KEY=VALUE parts joined
 * by commas (run facts, run columns, series keys), a label, or a run.
 */
int	analysis_select_side(struct store *s, struct filter *f,
	    const char *spec);
/*
 * Pair the series of an->ga and an->gb into an->cmp (compare_groups),
 * on all their keys but those the sides fix; set an->sidekeys and the
 * key columns.  Returns 0, or -1 with the reason on stderr: a series on
 * one side only (with the --compare that would pair them, if one does),
 * or a side with two series of one identity.
 */
int	analysis_pair_sides(struct store *s, struct analysis *an);
void	analysis_free(struct analysis *an);

void	report_text(FILE *out, const struct analysis *an);
void	report_markdown(FILE *out, const struct analysis *an);
void	report_csv(FILE *out, const struct analysis *an);
void	report_json(FILE *out, const struct analysis *an);

struct table;
/* The table of the text and Markdown formats (and of kbench report). */
void	report_build_table(struct table *t, const struct analysis *an);
/*
 * The "change:" and "verdict:" lines of a comparison: the estimator, the
 * level of its interval, and how the verdict is tied to the adjustment.
 */
void	report_method_lines(FILE *out, const struct analysis *an,
	    const char *prefix);
/* The same as a Markdown list, labels escaped. */
void	report_method_markdown(FILE *out, const struct analysis *an);
/* The verdict counts, geometric mean and power note of a comparison. */
void	report_compare_summary(FILE *out, const struct analysis *an,
	    const char *prefix);
/* The warnings paragraphs under the table. */
void	report_warning_lines(FILE *out, const struct analysis *an,
	    const char *prefix);

/*
 * Print text wrapped at width columns on blanks, the first line after
 * first, the next ones after rest (an indent); a word longer than a line
 * stands alone on its line; controls shown escaped (util.h).
 */
void	text_wrap(FILE *out, size_t width, const char *first,
	    const char *rest, const char *text);

/* The warnings of a group or comparison, as one short phrase each. */
void	report_warnings(const struct group *g, double level, struct strbuf *out);

/* "%.6g", or "-" for NaN. */
const char *fmt_num(char *buf, size_t size, double v);

#endif
