/*
 * cmd_analyze.c: kbench analyze: per-series statistics, split by a run
 * attribute, or a baseline/new comparison with a verdict per series.
 */
#include <err.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kbench.h"
#include "analyze/ministat.h"
#include "analyze/analysis.h"
#include "analyze/format.h"

const char analyze_help[] =
    "usage: kbench analyze [--by KEY] [-c LEVEL] [--format FMT] [--warnings W]\n"
    "                      [--width N] [--redact KEY]...\n"
    "                      " FILTER_SYNOPSIS "\n"
    "       kbench analyze --compare A B [--test u|welch|student] [--threshold PCT]\n"
    "                      [--unit auto|sample|round|run] [--noise-floor auto|off]\n"
    "                      [--no-adjust] [--any-impl] [--sequential]\n"
    "                      [--plan PCT [--power PCT]]\n"
    "                      [--fail-on-regression]\n"
    "                      [-c LEVEL] [--format FMT] [filters]\n"
    "\n"
    "Per series: n, median and its distribution-free confidence interval,\n"
    "mean and its Student's t interval, stddev, CV, p99, min, max, and\n"
    "warnings (too few samples, outliers, bimodality, CV > 10%).\n"
    "   --by KEY         one block per value of KEY: a run fact (hz, host...),\n"
    "                    label, benchmark, status, uuid, run, or a series key\n"
    "                    (head: its values side by side; default: label)\n"
    "   -c, --confidence LEVEL   confidence level in percent (default 95)\n"
    "   --format FMT     text (default), csv, json, markdown, or ministat\n"
    "                    (FreeBSD ministat -A output for one series, <= 7 groups)\n"
    "Comparison:\n"
    "   --compare A B    A is the baseline, B the new side: each a label, a\n"
    "                    KEY=VALUE selector (hz=100), or a run id or uuid\n"
    "   --test T         u (Mann-Whitney U on medians, default), welch or\n"
    "                    student (t tests on means)\n"
    "   --threshold PCT  changes smaller than PCT percent are within noise\n"
    ANALYSIS_UNIT_HELP
    "   --no-adjust      no Holm adjustment of the p-values across series\n"
    "   --sequential     also read each series round by round, as a collection\n"
    "                    that looks after every round: an interval valid at\n"
    "                    every round at once (Lai's confidence sequence), and\n"
    "                    the round it first excluded 0\n"
    "   --plan PCT       from these rounds as a pilot: the rounds a change of\n"
    "                    PCT percent needs per series, a fixed design's and\n"
    "                    collect --until decided's (implies --sequential)\n"
    "   --power PCT      the share of series --plan's rounds decide (default 80)\n"
    "   --any-impl       pair sides whose lock of one name is not one lock\n"
    "                    (fact KEY_impl.VALUE, e.g. rm on Linux and FreeBSD)\n"
    "   --width N        wrap the prose under the table at N columns (default\n"
    "                    100, or $COLUMNS on a terminal)\n"
    "   --warnings W     under the table: summary (default: the first groups of\n"
    "                    each kind), full (every group) or none (a comparison's\n"
    "                    notes on its verdicts stay); --no-warnings is none\n"
    "   --fail-on-regression   exit 1 when a series regressed significantly\n"
    "   --redact KEY     show the fact KEY (host, a path) as redacted-1, -2...\n"
    "                    (plot and report take it too); repeatable\n"
    "Filters: as for kbench runs; only complete runs unless --incomplete.\n";

enum { OPT_BY = 300, OPT_FORMAT, OPT_FAIL, OPT_WIDTH };

enum { FMT_TEXT, FMT_CSV, FMT_JSON, FMT_MARKDOWN, FMT_MINISTAT };

/* --format ministat: the groups of one series, as ministat -A prints them. */
/*
 * --format ministat over several series: say how to narrow the selection
 * to one, with the keys of a series this selection has (a lock database
 * has no requested_us to suggest), less those the sides of --compare
 * fix; as words sh(1) reads back, "\," for a comma in a value.
 */
static void
ministat_one_series(const struct analysis *an)
{
	const struct group *g = an->compare ? an->ga.g[0] : an->gs.g[0];
	struct strlist sidek = { NULL, 0 }, sidev = { NULL, 0 }, words = { NULL, 0 };
	struct strbuf w = STRBUF_INIT, ex = STRBUF_INIT;
	char **argv;
	size_t i;

	if (an->compare) {
		filter_spec_parts(an->name_a, &sidek, &sidev);
		filter_spec_parts(an->name_b, &sidek, &sidev);
	}
	for (i = 0; i < g->keys.n; i++) {
		if (strlist_has(&sidek, g->keys.v[i].key))
			continue;
		/* A key that holds '=' cannot be selected: not offered. */
		if (strchr(g->keys.v[i].key, '=') != NULL)
			continue;
		sb_reset(&w);
		filter_part_text(&w, g->keys.v[i].key, g->keys.v[i].value);
		strlist_add(&words, "--where");
		strlist_add(&words, sb_str(&w));
	}
	if (words.n > 0) {
		argv = xcalloc(words.n + 1, sizeof(*argv));
		memcpy(argv, words.v, words.n * sizeof(*argv));
		sb_shell_quote(&ex, argv);
		free(argv);
	}
	warnx("analyze: --format ministat compares the groups of one series: "
	    "narrow the selection with --where (e.g. %s)", ex.len ?
	    sb_str(&ex) : "--where KEY=VALUE");
	strlist_free(&sidek);
	strlist_free(&sidev);
	strlist_free(&words);
	sb_free(&w);
	sb_free(&ex);
}

static int
print_ministat(const struct analysis *an)
{
	struct ministat_set sets[MINISTAT_MAX_SETS];
	struct ministat_opts mo = MINISTAT_OPTS_INIT;
	const struct groupset *gs[2] = { &an->ga, &an->gb };
	const char *names[2] = { an->name_a, an->name_b };
	size_t i, n = 0;

	if ((mo.confidx = ministat_level_index(an->level)) < 0) {
		warnx("analyze: --format ministat: -c %g: ministat knows 80, 90, "
		    "95, 98, 99 and 99.5", an->level);
		return KB_EXIT_USAGE;
	}
	mo.no_plot = 1;
	if (an->compare) {
		if (an->ncmp != 1)
			goto one_series;
		for (i = 0; i < 2; i++) {
			sets[n].name = names[i];
			sets[n].values = gs[i]->g[0]->v;
			sets[n].sum = gs[i]->g[0]->plain_sum;
			sets[n++].n = gs[i]->g[0]->n;
		}
	} else {
		for (i = 0; i < an->gs.n; i++)
			if (strcmp(an->gs.g[i]->series, an->gs.g[0]->series) != 0)
				goto one_series;
		if (an->gs.n > MINISTAT_MAX_SETS) {
			warnx("analyze: --format ministat: %zu groups, ministat "
			    "takes at most %d", an->gs.n, MINISTAT_MAX_SETS);
			return KB_EXIT_USAGE;
		}
		for (i = 0; i < an->gs.n; i++) {
			sets[n].name = an->gs.g[i]->by;
			sets[n].values = an->gs.g[i]->v;
			sets[n].sum = an->gs.g[i]->plain_sum;
			sets[n++].n = an->gs.g[i]->n;
		}
	}
	if (ministat_print(stdout, sets, n, &mo) == -1) {
		warnx("analyze: --format ministat: every group needs at least "
		    "%d samples", MINISTAT_MIN_N);
		return KB_EXIT_USAGE;
	}
	return KB_EXIT_OK;
one_series:
	ministat_one_series(an);
	return KB_EXIT_USAGE;
}

static int
parse_format(const char *arg)
{
	static const char *const names[] = {
		"text", "csv", "json", "markdown", "ministat"
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(arg, names[i]) == 0)
			return (int)i;
	return -1;
}

/* kbench analyze's command line. */
struct analyze_opts {
	int		 format;	/* FMT_* */
	int		 fail_on_regression;
	int		 width_set;	/* --width given */
	struct analysis	 an;
	struct filter	 f;
};

/* One of analyze's own options: 1 taken, 0 not one, -1 bad (said). */
static int
analyze_option(struct analyze_opts *o, int ch, const char *arg)
{
	long w;

	switch (ch) {
	case OPT_BY:
		o->an.by = arg;
		return 1;
	case OPT_FAIL:
		o->fail_on_regression = 1;
		return 1;
	case OPT_WIDTH:
		if (parse_long(arg, ANALYSIS_WIDTH_MIN, 10000, &w) == -1) {
			warnx("analyze: --width %s: expected a number of columns "
			    "from %d to 10000", arg, ANALYSIS_WIDTH_MIN);
			return -1;
		}
		o->an.width = (size_t)w;
		o->an.narrow = o->width_set = 1;
		return 1;
	case OPT_FORMAT:
		if ((o->format = parse_format(arg)) < 0) {
			warnx("analyze: --format '%s': expected text, csv, json, "
			    "markdown or ministat", arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

/* The options; 0, or -1 with the reason said. */
static int
analyze_parse(struct analyze_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		FILTER_LONGOPTS,
		ANALYSIS_LONGOPTS,
		ANALYSIS_SEQUENTIAL_LONGOPT,
		{ "plan",	required_argument, NULL, AOPT_PLAN },
		{ "power",	required_argument, NULL, AOPT_POWER },
		{ "by",		required_argument, NULL, OPT_BY },
		{ "fail-on-regression", no_argument, NULL, OPT_FAIL },
		{ "format",	required_argument, NULL, OPT_FORMAT },
		{ "width",	required_argument, NULL, OPT_WIDTH },
		{ NULL,		0,		   NULL, 0 }
	};
	const char *cols;
	long w;
	int ch;

	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:c:", longopts, NULL)) != -1) {
		switch (analyze_option(o, ch, optarg)) {
		case 1:
			continue;
		case -1:
			return -1;
		}
		if (analysis_cmd_option(&o->an, &o->f, ch, optarg, argc, argv,
		    analyze_help) == -1)
			return -1;
	}
	if (cmd_no_operands(argc, argv, "analyze") == -1)
		return -1;
	if (o->format == FMT_MINISTAT && o->an.sequential) {
		warnx("analyze: --format ministat shows the distributions, not "
		    "--sequential's rounds: text, markdown, csv or json");
		return -1;
	}
	/* On a terminal, its width (COLUMNS), unless told. */
	if (!o->width_set && isatty(STDOUT_FILENO) && (cols =
	    getenv("COLUMNS")) != NULL && parse_long(cols, ANALYSIS_WIDTH_MIN,
	    10000, &w) == 0) {
		o->an.width = (size_t)w;
		o->an.narrow = 1;
	}
	return 0;
}

/* The analysis, printed in its format. */
static int
analyze_run(struct analyze_opts *o, struct kbench_ctx *ctx)
{
	const struct analysis *an = &o->an;
	int rc;

	if ((rc = analysis_cmd_run(ctx, &o->f, &o->an)) != KB_EXIT_OK)
		return rc;
	switch (o->format) {
	case FMT_CSV:
		report_csv(stdout, an);
		break;
	case FMT_JSON:
		report_json(stdout, an);
		break;
	case FMT_MARKDOWN:
		report_markdown(stdout, an);
		break;
	case FMT_MINISTAT:
		if ((rc = print_ministat(an)) != KB_EXIT_OK)
			return rc;
		break;
	default:
		report_text(stdout, an);
	}
	if (o->fail_on_regression && an->count[VERDICT_REGRESSED] > 0)
		return KB_EXIT_REGRESSION;
	return KB_EXIT_OK;
}

int
cmd_analyze(int argc, char **argv, struct kbench_ctx *ctx)
{
	struct analyze_opts o;
	int rc = KB_EXIT_USAGE;

	memset(&o, 0, sizeof(o));
	o.format = FMT_TEXT;
	analysis_init(&o.an, "analyze");
	if (analyze_parse(&o, argc, argv) == 0)
		rc = analyze_run(&o, ctx);
	analysis_free(&o.an);
	filter_free(&o.f);
	return rc;
}
