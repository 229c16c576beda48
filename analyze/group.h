/*
 * group.h: samples gathered for analysis.
 *
 * A group is every sample of one series (by its canonical name) whose
 * run has one value of the "by" key: label by default, or any run fact
 * (hz, host...) or run column (benchmark, status, uuid, run), or a
 * series key (head), which then leaves the series' name.  Runs with
 * the same value pool their samples, so five "before" runs are one
 * group of five runs' samples.
 */
#ifndef KBENCH_GROUP_H
#define KBENCH_GROUP_H

#include <stddef.h>
#include <stdint.h>

#include "db/filter.h"
#include "lib/kv.h"
#include "analyze/stats.h"
#include "db/store.h"
#include "lib/strlist.h"
#include "lib/strmap.h"

/* Warning bits of a group's summary. */
#define WARN_FEW	0x01	/* too few samples for an interval at this level */
#define WARN_OUTLIERS	0x02	/* values beyond Tukey's fences (kept) */
#define WARN_BIMODAL	0x04	/* bimodality coefficient above 5/9 */
#define WARN_NOISY	0x08	/* coefficient of variation above 10% */

struct group_summary {
	struct stats_desc	d;
	struct stats_ci		median;		/* ok unless median_err */
	struct stats_ci		mean;		/* ok unless mean_err */
	int			median_err, mean_err;
	struct stats_fences	fences;
	struct stats_shape	shape;
	unsigned		warn;		/* WARN_* */
};

/*
 * One round of one run of a group: one invocation of the benchmark
 * program, the unit most comparisons count in (samples inside one are
 * not replicates: they share its caches, placement and minute).
 */
struct group_unit {
	int64_t	run;		/* the run's id */
	int64_t	round;
	size_t	n;		/* its samples */
	double	median, mean;
};

/* One run's part of a group: the value a run-level comparison counts. */
struct group_runpart {
	int64_t	run;
	size_t	n;		/* its samples */
	size_t	nrounds;	/* the rounds they came from; 0: none recorded */
	double	median, mean;	/* of its samples; NaN until known */
};

struct group {
	char			*series;	/* canonical series name */
	struct kvlist		 keys;		/* its keys, sorted */
	char			*by;		/* the by value; "" when absent */
	char			*row;		/* the rows value (plot sleep's
						   second dimension); "" */
	char			*unit;
	char			*better;	/* "lower" or "higher" */
	int64_t			 order;		/* first series id: row order */
	size_t			 byrank;	/* the by value's place */
	size_t			 rowrank;	/* the rows value's place */
	size_t			 nruns;
	int64_t			 last_run;
	double			*v;		/* the samples, sorted by summarize */
	size_t			 n, cap;
	double			 plain_sum;	/* left to right in the order read
						   (export's): what ministat sums */
	/* Its rounds, by run (in id order) then round; none for runs
	 * without rounds recorded, whose samples are counted here. */
	struct group_unit	*u;
	size_t			 nu, ucap;
	size_t			 unrounded;
	struct group_runpart	*rp;		/* a run each, in id order */
	size_t			 nrp, rpcap;
	struct group_summary	 sum;
};

/* A run whose samples went into the groups: for the pooling check. */
struct group_run {
	int64_t		 id;
	struct strlist	 bys;		/* the by values its series went to:
					   one, unless by is a series key */
	char		*benchmark;
	struct kvlist	 facts;
};

struct groupset {
	struct group	**g;
	size_t		  n, cap;
	struct strmap	  index;	/* "len:series len:by[ row]" -> group */
	struct strbuf	  key;		/* scratch */
	struct strbuf	  name;		/* scratch */
	const char	 *by;		/* the by key */
	int		  by_series;	/* by is a series key: set before
					   groups_collect(); a series with the
					   key joins (its name without it, its
					   value), one without it its run's
					   fact (a dimension of one value) */
	struct strlist	  byvalues;	/* distinct by values, in order */
	const char	 *rows;		/* a second key, or NULL */
	struct strlist	  rowvalues;	/* its distinct values, in order */
	struct strlist	  keynames;	/* distinct series key names, sorted */
	struct group_run *runs;		/* the runs read, in order */
	size_t		  nruns, runcap;
};

/*
 * Gather the selected samples into groups by series and by value of the
 * by key (NULL: one group per series), and of gs->rows when the caller
 * set it (a second dimension, for plot sleep).  Returns 0, or -1 with
 * the store's error.
 */
int	groups_collect(struct store *s, const struct filter *f, const char *by,
	    struct groupset *gs);

/*
 * Sort each group and fill its summary at this confidence level (percent).
 * Returns 0, or -1 when memory ran out.
 */
int	groups_summarize(struct groupset *gs, double level);

/* Numbers compare as numbers ("250" < "1000"), other strings as strings. */
int	natural_cmp(const char *a, const char *b);

/*
 * Order rows as the series first appeared, then by value of by (and of
 * rows): numbers as numbers, else in order of first appearance, or in
 * the order of order_by (by) and order_rows when given: the labels the
 * user named, as named.
 */
void	groups_sort(struct groupset *gs, const struct strlist *order_by,
	    const struct strlist *order_rows);

/*
 * The value of the by key for a run: a run column (label, benchmark,
 * status, uuid, run) or a fact; NULL if it has none; "" for key NULL.
 */
const char *run_attribute(const struct run_row *run, const char *key);

void	groups_free(struct groupset *gs);

/*
 * group_units.c.  The run's samples just appended to g->v[from..g->n),
 * their rounds as read (spans in order, STORE_NO_ROUND: none recorded; a
 * series with any such sample counts as having none), into g's rounds
 * and run parts.  They are reordered in place (g->v is sorted later).
 */
void	group_add_run(struct group *g, int64_t run, size_t from,
	    const struct round_spans *spans);
/*
 * After groups_summarize() sorted and described g: a group of one run
 * takes that run's median and mean from the summary (the first run part
 * waits for a second one before it costs a pass of its own).
 */
void	group_runs_done(struct group *g);
/*
 * Are runs of n samples in nrounds rounds like runs of base_n in
 * base_rounds?  The same rounds, and samples within a quarter (2 at
 * least): so alike in how much their medians move.
 */
int	group_like_shape(size_t n, size_t nrounds, size_t base_n,
	    size_t base_rounds);
/* Are all the run parts of a and b alike (as the first of a)? */
int	group_runs_alike(const struct group *a, const struct group *b);
/* Has every sample of g a round? (0 for a group of no sample) */
int	group_has_rounds(const struct group *g);

#endif
