/*
 * review.h: the documents kbench report writes (report.md for GitHub,
 * report.html, report.txt for a mail or a commit message), each from
 * one struct review: the analysis, the charts made, both sides' machine
 * facts and the commands that reproduce them, all from the analysis and
 * its provenance (analysis.h).  One analysis, so every document says the
 * same numbers.
 */
#ifndef KBENCH_REVIEW_H
#define KBENCH_REVIEW_H

#include <stdio.h>

#include "analyze/analysis.h"
#include "lib/outdir.h"

struct review_chart {
	const char	*name;		/* DIR/NAME.png, .svg, .gp */
	const char	*caption;
};

/* A machine fact of both sides ("" where a side lacks it). */
struct fact_row {
	const char	*key;
	const char	*a, *b;
	int		 differ;
};

struct review {
	const struct analysis	*an;
	const char		*title;
	const struct odir	*dir;		/* where the charts are */
	struct review_chart	 charts[4];
	size_t			 ncharts;
	/* Every fact of either side, those that differ first. */
	struct fact_row		*rows;
	size_t			 nrows, ndiffer;
	/* The commands for sh(1), each side named in a comment after. */
	struct strbuf		 reproduce;
};

/*
 * review_facts.c.  Both sides' machine facts, those that differ first,
 * and the commands that reproduce them, then cmdline (this report's),
 * from rv->an's provenance (an analysis_run() asked for it).
 */
void	review_sides(struct review *rv, const char *cmdline);
void	review_free(struct review *rv);
/*
 * Call emit for each blank-separated word of v, marked when the other
 * side's value has no such word: of two kernel command lines, the
 * options that differ (highres=off), whatever their place.
 */
typedef void fact_word_fn(FILE *out, const char *word, size_t len,
	    int marked);
void	review_fact_words(FILE *out, const char *v, const char *other,
	    fact_word_fn *emit);
/*
 * One text part of the analysis (summary, method, warnings) as a string
 * (free it), "" when it says nothing; the "Warnings:" line that heads
 * the warnings in a terminal is left out: the documents have a heading.
 */
char	*review_part(void (*part)(FILE *, const struct analysis *,
	    const char *), const struct analysis *an);

/* The documents: review_md.c, review_html.c, review_text.c. */
void	review_markdown(FILE *out, const struct review *rv);
void	review_html(FILE *out, const struct review *rv);
/* Plain text at most REVIEW_TEXT_WIDTH columns, for a mailing list. */
#define REVIEW_TEXT_WIDTH	72
void	review_text(FILE *out, const struct review *rv);

#endif
