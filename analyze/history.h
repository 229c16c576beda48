/*
 * history.h: the history of each series, run by run, and its change
 * points: what "kbench trend" prints and "kbench plot trend" draws.
 *
 * A point is one run of one series, reduced to its median and the
 * distribution-free 95% interval of the median.  Those summaries are
 * cached in the store (series_summary) the first time a complete or
 * aborted run is read, when the database is writable: a year of nightly
 * runs is then read as one row a point, not a thousand samples.
 *
 * Two passes over the store.  The runs first (store_each_run): --since,
 * the order (start time or --order-by KEY) and --last choose the runs of
 * the history, without reading a sample.  Then the series of those runs,
 * each point from the cache or, when missing, from its samples.
 */
#ifndef KBENCH_HISTORY_H
#define KBENCH_HISTORY_H

#include <getopt.h>
#include <stdint.h>

#include "analyze/stats.h"
#include "db/store.h"
#include "lib/status.h"
#include "lib/strmap.h"
#include "lib/strpool.h"
#include "analyze/trend.h"

/* The level of each run's median interval. */
#define HISTORY_LEVEL	95

/* The version of kbench trend's JSON layout (analyze's is its own). */
#define TREND_JSON_SCHEMA	1

/* Long-option codes for the commands' getopt tables. */
enum {
	HOPT_LAST = 600,	/* apart from AOPT_* and COPT_*: plot takes AOPT_ too */
	HOPT_ORDERBY,
	HOPT_PVALUE,
	HOPT_SINCE,
	HOPT_THRESHOLD
};

#define HISTORY_LONGOPTS						\
	{ "last",	required_argument, NULL, HOPT_LAST },		\
	{ "order-by",	required_argument, NULL, HOPT_ORDERBY },	\
	{ "pvalue",	required_argument, NULL, HOPT_PVALUE },		\
	{ "since",	required_argument, NULL, HOPT_SINCE },		\
	{ "threshold",	required_argument, NULL, HOPT_THRESHOLD }

/* For --help texts. */
#define HISTORY_OPTIONS_HELP						\
    "   --since DATE     only runs started on or after DATE (UTC, ISO 8601:\n" \
    "                    2026-01-31 or 2026-01-31T12:00)\n"		\
    "   --last N         only the last N runs, in the order below\n"	\
    "   --order-by KEY   order runs by a run fact (or label, benchmark, uuid, run),\n" \
    "                    as numbers when every value is one, else as text (ISO\n" \
    "                    dates sort right); runs without KEY are left out\n" \
    "                    (default: started, the start time)\n"		\
    "   --threshold PCT  report changes of the mean of at least PCT percent\n" \
    "                    (default 0)\n"					\
    "   --pvalue P       accept a change when p < P (default 0.001)\n"

/* A run of the history. */
struct hrun {
	int64_t	 id;
	char	*uuid, *label, *started;
	char	*kernel;	/* kernel_git, else kernel_release, or NULL */
	char	*host, *hz;	/* its facts, or NULL: plot's footer */
	char	*key;		/* its --order-by value */
	double	 num;		/* key as a number when every key is one,
				   else NaN */
	const char **attr;	/* its values of h->split ("" for none),
				   the history's strings (hseries) */
	int	 settled;	/* complete or aborted: its samples are
				   final, its summaries cacheable */
};

/*
 * One run of one series: the median of its samples and its interval.
 * Held by the hundred thousand (a site of many series): 48 bytes.
 */
struct hpoint {
	uint32_t	 pos;		/* the run, in h->run */
	int		 ci_err;	/* STATS_OK when lo, hi, level hold;
					   STATS_ETOOFEW: too few samples */
	size_t		 n;
	double		 median;
	double		 lo, hi;	/* the distribution-free interval */
	double		 level;		/* its level, in percent (>= 95) */
};

/*
 * A series' strings (name, unit, better, attr[], its keys' names and
 * values) are the history's own, interned (lib/strpool.h): never freed
 * one by one, equal when their pointers are.
 */
struct hseries {
	const char	*name, *unit, *better;
	const char	**attr;		/* its runs' values of h->split */
	struct kvlist	 keys;		/* exactly keys.n entries */
	int64_t		 first;		/* lowest series id: the output order */
	struct hpoint	*pt;		/* in run order */
	size_t		 npt, cap;
	struct trend_cp	*cp;		/* its change points */
	size_t		 ncp;
};

struct history {
	/* Options: history_option() sets them. */
	const char		*since, *order_by;
	long			 last;		/* 0: every run */
	/* --pvalue's and --threshold's text as given (NULL: default),
	 * for the commands a mail prints. */
	const char		*pvalue_text, *threshold_text;
	struct trend_opts	 opts;
	/*
	 * Run attributes (run_attribute(): a fact, label, benchmark...)
	 * that tell series apart besides their keys: with "host", the
	 * same keys on two machines are two histories.  Empty: the keys
	 * alone (kbench trend).
	 */
	struct strlist		 split;
	/* The runs of the history, in order. */
	struct hrun		*run;
	size_t			 nrun, caprun;
	size_t			 nmissing;	/* runs without --order-by KEY */
	/* The series, in the order of their first appearance. */
	struct hseries		**s;
	size_t			 ns, caps;
	struct strlist		 keynames;	/* every series key, sorted */
	struct strpool		 strings;	/* the series' strings */
	size_t			 ncp, nreg, nimp;
	/* The cache: points read from it, computed, and stored. */
	size_t			 ncached, ncomputed, nstored;
	struct strbuf		 cache_err;	/* why storing failed, or "" */
	/* Private to history.c. */
	struct history_priv	*priv;
};

void	history_init(struct history *h);
/*
 * Take one getopt result: 1 when it was a history option, 0 when not,
 * -1 when its argument is bad (said on stderr, naming who).
 */
int	history_option(struct history *h, int ch, const char *arg,
	    const char *who);
/*
 * Read the history of the runs f selects and find its change points.
 * Returns STATUS_OK, or a status with the reason in err
 * (STATUS_BAD_INPUT: nothing to show; STATUS_DB; STATUS_SYSTEM: no
 * memory).  A cache that could not be written is no error
 * (h->cache_err says why).
 */
enum status	history_load(struct history *h, struct store *s,
		    const struct filter *f, struct strbuf *err);
void	history_free(struct history *h);
/*
 * analysis_cmd.c, for trend and plot trend: the filter checked, then
 * history_load(), and what the history leaves out said (runs without the
 * --order-by key, a cache not written), each message after "CMD: ".
 * Returns a kbench exit status.
 */
struct kbench_ctx;
int	history_cmd_load(struct kbench_ctx *ctx, const struct filter *f,
	    struct history *h, const char *cmd);

/* A regression: the mean moved away from the series' better side. */
int	history_regressed(const struct hseries *hs, const struct trend_cp *cp);
/* The run where a change point starts. */
const struct hrun *history_cp_run(const struct history *h,
	    const struct hseries *hs, const struct trend_cp *cp);

#endif
