/*
 * cmd_plot.c: kbench plot KIND: a chart, its PNG and/or SVG, and the
 * gnuplot script that drew it.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/benchmark.h"
#include "plots/charts.h"
#include "kbench.h"
#include "lib/outdir.h"

const char plot_help[] =
    "usage: kbench plot KIND [--by KEY | --compare A B] [-o DIR]\n"
    "                   [--format png|svg|both] [--title T] [-c LEVEL] [filters]\n"
    "       kbench plot trend [--since DATE] [--last N] [--order-by KEY]\n"
    "                   [--threshold PCT] [--pvalue P] [-o DIR]\n"
    "                   [--format png|svg|both] [--title T] [filters]\n"
    "\n"
    "Draws a chart with gnuplot from kbench analyze's results (trend: from\n"
    "kbench trend's), and writes DIR/KIND.png and/or DIR/KIND.svg with\n"
    "DIR/KIND.gp, the self-contained script (data inline) that drew it:\n"
    "\"gnuplot KIND.gp\" redraws it.\n"
    "Kinds:\n"
    "   sleep     measured vs requested sleep, log-log, a line per method, a\n"
    "             panel per value of --by (default hz), y = x for reference\n"
    "   lock      ns per chain call per hook lock, a bar per head lock, a panel\n"
    "             per thread count (or --compare A B: a bar per side)\n"
    "   compare   --compare A B: the change of every series with its interval,\n"
    "             colored by verdict (a forest plot)\n"
    "   dist      the distributions (ECDF) of the selected groups, overlaid\n"
    "   trend     a panel per series (the first 12): each run's median and its\n"
    "             95% interval in run order, each change point a dashed line\n"
    "             (red: regression, green: improvement) with the change in %\n"
    "             and the means before and after\n"
    "   --rows KEY         sleep: a row of panels per value of KEY (e.g. label:\n"
    "                      two tables, one over the other, in the order given)\n"
    "   --axis A           compare: linear, log (the ratio's) or auto (default:\n"
    "                      log when the ratios span more than a decade)\n"
    "   -o DIR             where the files go (default: .)\n"
    "   --format F         png, svg or both (default png)\n"
    "   --title T          the chart's title\n"
    "   --by, -c, --compare, --test, --threshold: as for kbench analyze\n"
    "Instead, for trend, as for kbench trend (--threshold is the trend's):\n"
    HISTORY_OPTIONS_HELP
    "Filters: as for kbench runs.\n";

enum { KIND_SLEEP, KIND_LOCK, KIND_COMPARE, KIND_DIST, KIND_TREND };

static const struct {
	const char	*name;
	int		 kind;
	int		 (*draw)(const struct plot_ctx *, struct strbuf *);
} kinds[] = {
	{ "sleep", KIND_SLEEP, chart_sleep },
	{ "lock", KIND_LOCK, chart_lock },
	{ "compare", KIND_COMPARE, chart_compare },
	{ "dist", KIND_DIST, chart_dist },
	{ "trend", KIND_TREND, chart_trend },
};

/* Distinct values of a fact across the runs, for the subtitle. */
struct facts_seen {
	struct strlist	 host, kernel, hz;
	size_t		 runs;
	const int64_t	*only;		/* sorted run ids: the rest are not */
	size_t		 nonly;		/*   drawn (trend's --since, --last) */
};

static int
cmp_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

static int
see_run(const struct run_row *r, void *arg)
{
	struct facts_seen *fs = arg;

	if (fs->only != NULL && bsearch(&r->info.id, fs->only, fs->nonly,
	    sizeof(*fs->only), cmp_id) == NULL)
		return 0;
	strlist_add_distinct(&fs->host, kv_get(&r->facts, "host"));
	strlist_add_distinct(&fs->kernel, kv_get(&r->facts, "kernel_release"));
	strlist_add_distinct(&fs->hz, kv_get(&r->facts, "hz"));
	fs->runs++;
	return 0;
}

static void
describe(struct strbuf *sb, const char *what, const struct strlist *l)
{
	size_t i;

	if (l->n == 0)
		return;
	if (sb->len > 0)
		sb_adds(sb, "; ");
	if (l->n > 3) {
		sb_addf(sb, "%zu %ss", l->n, what);
		return;
	}
	sb_addf(sb, "%s ", what);
	for (i = 0; i < l->n; i++)
		sb_addf(sb, "%s%s", i ? ", " : "", l->v[i]);
}

/*
 * The trend's: "host vm; HZ 1000; 60 runs by start time, 2026-01-01 to
 * 2026-03-01; n = 10 per point; 95% intervals of the median; change
 * points: E-Divisive, p < 0.001".  No kernel: a history has many.
 */
static int
trend_subtitle(struct store *s, const struct filter *f,
    const struct history *h, struct strbuf *out)
{
	struct facts_seen fs;
	int64_t *ids;
	size_t i;
	int rc = 0;

	memset(&fs, 0, sizeof(fs));
	ids = xcalloc(h->nrun + 1, sizeof(*ids));
	for (i = 0; i < h->nrun; i++)
		ids[i] = h->run[i].id;
	qsort(ids, h->nrun, sizeof(*ids), cmp_id);
	fs.only = ids;
	fs.nonly = h->nrun;
	if (store_each_run(s, f, see_run, &fs) == -1)
		rc = -1;
	describe(out, "host", &fs.host);
	describe(out, "HZ", &fs.hz);
	trend_footer(h, out);
	free(ids);
	strlist_free(&fs.host);
	strlist_free(&fs.kernel);
	strlist_free(&fs.hz);
	return rc;
}

/*
 * The history_option() code of a plot option, or -1.  --threshold is the
 * trend's for trend, else analysis's.
 */
static int
history_code(int ch, int trend)
{
	switch (ch) {
	case HOPT_LAST:
	case HOPT_ORDERBY:
	case HOPT_PVALUE:
	case HOPT_SINCE:
		return ch;
	case AOPT_THRESHOLD:
		return trend ? HOPT_THRESHOLD : -1;
	}
	return -1;
}

/* An option's name, for the errors: "--last". */
static const char *
opt_name(const struct option *o, int ch)
{
	for (; o->name != NULL; o++)
		if (o->val == ch)
			return o->name;
	return "?";
}

/*
 * Load the trend's history into pc and say what it leaves out: runs
 * without the --order-by key, and the series past the first
 * TREND_MAX_PANELS, which the chart does not draw (by count, on stderr).
 */
static int
plot_trend(struct kbench_ctx *ctx, const struct filter *f, struct history *h,
    struct plot_ctx *pc, struct strbuf *sub, struct strbuf *err)
{
	int rc;

	if ((rc = history_load(h, ctx->db, f, err)) != KB_EXIT_OK) {
		warnx("plot: %s", sb_str(err));
		return rc;
	}
	if (h->order_by != NULL && h->nmissing > 0)
		warnx("plot: --order-by %s: %zu run%s without it left out",
		    h->order_by, h->nmissing, h->nmissing == 1 ? "" : "s");
	if (*sb_str(&h->cache_err) != '\0')
		warnx("plot: warning: run summaries not cached: %s",
		    sb_str(&h->cache_err));
	if (h->ns > TREND_MAX_PANELS)
		warnx("plot: trend: %zu series, the first %d drawn, %zu left "
		    "out: narrow the selection with --where", h->ns,
		    TREND_MAX_PANELS, h->ns - TREND_MAX_PANELS);
	if (trend_subtitle(ctx->db, f, h, sub) == -1) {
		warnx("plot: %s", store_error(ctx->db));
		return KB_EXIT_DB;
	}
	pc->hist = h;
	pc->subtitle = sb_str(sub);
	return KB_EXIT_OK;
}

int
cmd_plot(int argc, char **argv, struct kbench_ctx *ctx)
{
	enum { OPT_BY = 300, OPT_FORMAT, OPT_TITLE, OPT_AXIS, OPT_ROWS };
	/*
	 * HISTORY_LONGOPTS but --threshold, which analysis already has (for
	 * trend it is the trend's, as in kbench trend: history_code()).
	 */
	static const struct option longopts[] = {
		FILTER_LONGOPTS,
		ANALYSIS_LONGOPTS,
		{ "axis",	required_argument, NULL, OPT_AXIS },
		{ "by",		required_argument, NULL, OPT_BY },
		{ "rows",	required_argument, NULL, OPT_ROWS },
		{ "format",	required_argument, NULL, OPT_FORMAT },
		{ "last",	required_argument, NULL, HOPT_LAST },
		{ "order-by",	required_argument, NULL, HOPT_ORDERBY },
		{ "output",	required_argument, NULL, 'o' },
		{ "pvalue",	required_argument, NULL, HOPT_PVALUE },
		{ "since",	required_argument, NULL, HOPT_SINCE },
		{ "title",	required_argument, NULL, OPT_TITLE },
		{ NULL,		0,		   NULL, 0 }
	};
	const struct benchmark *bench;
	struct analysis an;
	struct history h;
	struct plot_ctx pc;
	struct filter f;
	struct strbuf err = STRBUF_INIT, sub = STRBUF_INIT;
	const char *dir = ".", *by = NULL;
	size_t i;
	int ch, hc, k = -1, trend = 0, rc = KB_EXIT_USAGE;

	analysis_init(&an, "plot");
	history_init(&h);
	memset(&pc, 0, sizeof(pc));
	memset(&f, 0, sizeof(f));
	pc.formats = CHART_PNG;
	if (argc < 2 || argv[1][0] == '-') {
		warnx("plot: which chart? sleep, lock, compare, dist or trend "
		    "(kbench help plot)");
		goto out;
	}
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(argv[1], kinds[i].name) == 0)
			k = (int)i;
	if (k < 0) {
		warnx("plot: unknown chart '%s': expected sleep, lock, compare, "
		    "dist or trend", argv[1]);
		goto out;
	}
	trend = kinds[k].kind == KIND_TREND;
	argc--;
	argv++;
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:c:o:", longopts, NULL)) != -1) {
		if ((hc = history_code(ch, trend)) != -1) {
			if (!trend) {
				warnx("plot: --%s is for plot trend only",
				    opt_name(longopts, ch));
				goto out;
			}
			if (history_option(&h, hc, optarg, "plot") == -1)
				goto out;
			continue;
		}
		if (trend) {
			/* Options a history has no use for are refused, not
			 * ignored: the chart would not be what was asked. */
			switch (ch) {
			case AOPT_COMPARE:
			case AOPT_CONFIDENCE:
			case AOPT_NOADJUST:
			case AOPT_TEST:
			case OPT_BY:
				warnx("plot: trend: --%s does not apply (kbench "
				    "help plot)", opt_name(longopts, ch));
				goto out;
			}
		} else {
			switch (analysis_option(&an, ch, optarg, argc, argv)) {
			case 1:
				continue;
			case -1:
				goto out;
			}
		}
		switch (ch) {
		case 'o':
			dir = optarg;
			continue;
		case OPT_BY:
			by = optarg;
			continue;
		case OPT_ROWS:
			an.rows = optarg;
			continue;
		case OPT_FORMAT:
			if (strcmp(optarg, "png") == 0)
				pc.formats = CHART_PNG;
			else if (strcmp(optarg, "svg") == 0)
				pc.formats = CHART_SVG;
			else if (strcmp(optarg, "both") == 0)
				pc.formats = CHART_PNG | CHART_SVG;
			else {
				warnx("plot: --format '%s': expected png, svg or "
				    "both", optarg);
				goto out;
			}
			continue;
		case OPT_TITLE:
			pc.title = optarg;
			continue;
		case OPT_AXIS:
			if (strcmp(optarg, "auto") == 0)
				pc.axis = CHART_AXIS_AUTO;
			else if (strcmp(optarg, "linear") == 0)
				pc.axis = CHART_AXIS_LINEAR;
			else if (strcmp(optarg, "log") == 0)
				pc.axis = CHART_AXIS_LOG;
			else {
				warnx("plot: --axis '%s': expected auto, linear "
				    "or log", optarg);
				goto out;
			}
			continue;
		}
		if (cmd_filter_option(&f, ch, optarg, "plot", plot_help) == 1)
			continue;
		goto out;
	}
	if (optind < argc) {
		warnx("plot: unexpected argument '%s'", argv[optind]);
		goto out;
	}
	if (kinds[k].kind == KIND_COMPARE && !an.compare) {
		warnx("plot: compare needs --compare A B");
		goto out;
	}
	/* A benchmark's chart groups as its descriptor says; others by label. */
	bench = benchmark_of_chart(kinds[k].name);
	an.by = by != NULL ? by : bench != NULL ? bench->by : "label";
	if (an.rows != NULL && kinds[k].kind != KIND_SLEEP) {
		warnx("plot: --rows is for plot sleep");
		goto out;
	}
	if ((rc = cmd_check_filter(ctx, &f, "plot")) != KB_EXIT_OK)
		goto out;
	if (trend) {
		/* A history, not an analysis: pc.an stays NULL. */
		if ((rc = plot_trend(ctx, &f, &h, &pc, &sub, &err)) !=
		    KB_EXIT_OK)
			goto out;
	} else {
		if ((rc = analysis_run(ctx->db, &f, &an)) != KB_EXIT_OK)
			goto out;
		chart_runs_footer(&an, &sub);
		pc.an = &an;
		pc.subtitle = sb_str(&sub);
	}
	/* Made once the data is known to draw: no empty directory else. */
	sb_reset(&err);
	if (mkdir_p(dir, &err) == -1) {
		warnx("plot: -o %s", sb_str(&err));
		rc = KB_EXIT_IO;
		goto out;
	}
	pc.dir = dir;
	pc.name = kinds[k].name;
	sb_reset(&err);
	if (kinds[k].draw(&pc, &err) == -1) {
		warnx("plot: %s", sb_str(&err));
		rc = strstr(sb_str(&err), "gnuplot") != NULL ? KB_EXIT_IO :
		    KB_EXIT_USAGE;
		goto out;
	}
	/* The paths, for scripts and for the user to open. */
	printf("%s/%s.gp\n", dir, pc.name);
	if (pc.formats & CHART_PNG)
		printf("%s/%s.png\n", dir, pc.name);
	if (pc.formats & CHART_SVG)
		printf("%s/%s.svg\n", dir, pc.name);
	rc = KB_EXIT_OK;
out:
	analysis_free(&an);
	history_free(&h);
	filter_free(&f);
	sb_free(&err);
	sb_free(&sub);
	return rc;
}
