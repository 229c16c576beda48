/*
 * cmd_plot.c: kbench plot KIND: a chart, its PNG and/or SVG, and the
 * gnuplot script that drew it.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts.h"
#include "kbench.h"

const char plot_help[] =
    "usage: kbench plot KIND [--by KEY | --compare A B] [-o DIR]\n"
    "                   [--format png|svg|both] [--title T] [-c LEVEL] [filters]\n"
    "\n"
    "Draws a chart with gnuplot from kbench analyze's results, and writes\n"
    "DIR/KIND.png and/or DIR/KIND.svg with DIR/KIND.gp, the self-contained\n"
    "script (data inline) that drew it: \"gnuplot KIND.gp\" redraws it.\n"
    "Kinds:\n"
    "   sleep     measured vs requested sleep, log-log, a line per method, a\n"
    "             panel per value of --by (default hz), y = x for reference\n"
    "   lock      ns per chain call per hook lock, a bar per head lock, a panel\n"
    "             per thread count (or --compare A B: a bar per side)\n"
    "   compare   --compare A B: the change of every series with its interval,\n"
    "             colored by verdict (a forest plot)\n"
    "   dist      the distributions (ECDF) of the selected groups, overlaid\n"
    "   -o DIR             where the files go (default: .)\n"
    "   --format F         png, svg or both (default png)\n"
    "   --title T          the chart's title\n"
    "   --by, -c, --compare, --test, --threshold: as for kbench analyze\n"
    "Filters: as for kbench runs.\n";

enum { KIND_SLEEP, KIND_LOCK, KIND_COMPARE, KIND_DIST };

static const struct {
	const char	*name;
	int		 kind;
	int		 (*draw)(const struct plot_ctx *, struct strbuf *);
} kinds[] = {
	{ "sleep", KIND_SLEEP, chart_sleep },
	{ "lock", KIND_LOCK, chart_lock },
	{ "compare", KIND_COMPARE, chart_compare },
	{ "dist", KIND_DIST, chart_dist },
};

/* Distinct values of a fact across the runs, for the subtitle. */
struct facts_seen {
	struct strlist	host, kernel, hz;
	size_t		runs;
};

static void
add_distinct(struct strlist *l, const char *v)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i], v) == 0)
			return;
	strlist_add(l, v);
}

static int
see_run(const struct run_row *r, void *arg)
{
	struct facts_seen *fs = arg;

	add_distinct(&fs->host, kv_get(&r->facts, "host"));
	add_distinct(&fs->kernel, kv_get(&r->facts, "kernel_release"));
	add_distinct(&fs->hz, kv_get(&r->facts, "hz"));
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

/* "host vm; kernel 6.1.0; HZ 250; 12 runs; n 20-40 per point" */
static void
subtitle(struct store *s, const struct filter *f, const struct analysis *an,
    struct strbuf *out)
{
	struct facts_seen fs;
	const struct groupset *gs[3] = { &an->gs, &an->ga, &an->gb };
	size_t i, k, nmin = (size_t)-1, nmax = 0;

	memset(&fs, 0, sizeof(fs));
	store_each_run(s, f, see_run, &fs);
	describe(out, "host", &fs.host);
	describe(out, "kernel", &fs.kernel);
	describe(out, "HZ", &fs.hz);
	for (k = 0; k < 3; k++)
		for (i = 0; i < gs[k]->n; i++) {
			if (gs[k]->g[i]->n < nmin)
				nmin = gs[k]->g[i]->n;
			if (gs[k]->g[i]->n > nmax)
				nmax = gs[k]->g[i]->n;
		}
	sb_addf(out, "%s%zu run%s", out->len ? "; " : "", fs.runs,
	    fs.runs == 1 ? "" : "s");
	if (nmax > 0 && nmin == nmax)
		sb_addf(out, "; n = %zu per point", nmin);
	else if (nmax > 0)
		sb_addf(out, "; n = %zu to %zu per point", nmin, nmax);
	sb_addf(out, "; %g%% intervals", an->level);
	strlist_free(&fs.host);
	strlist_free(&fs.kernel);
	strlist_free(&fs.hz);
}

int
cmd_plot(int argc, char **argv, struct kbench_ctx *ctx)
{
	enum { OPT_BY = 300, OPT_FORMAT, OPT_TITLE };
	static const struct option longopts[] = {
		FILTER_LONGOPTS,
		ANALYSIS_LONGOPTS,
		{ "by",		required_argument, NULL, OPT_BY },
		{ "format",	required_argument, NULL, OPT_FORMAT },
		{ "output",	required_argument, NULL, 'o' },
		{ "title",	required_argument, NULL, OPT_TITLE },
		{ NULL,		0,		   NULL, 0 }
	};
	struct analysis an;
	struct plot_ctx pc;
	struct filter f;
	struct strbuf err = STRBUF_INIT, sub = STRBUF_INIT;
	struct stat st;
	const char *dir = ".", *by = NULL;
	size_t i;
	int ch, k = -1, rc = KB_EXIT_USAGE;

	analysis_init(&an, "plot");
	memset(&pc, 0, sizeof(pc));
	memset(&f, 0, sizeof(f));
	pc.formats = CHART_PNG;
	if (argc < 2 || argv[1][0] == '-') {
		warnx("plot: which chart? sleep, lock, compare or dist (kbench "
		    "help plot)");
		goto out;
	}
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(argv[1], kinds[i].name) == 0)
			k = (int)i;
	if (k < 0) {
		warnx("plot: unknown chart '%s': expected sleep, lock, compare "
		    "or dist", argv[1]);
		goto out;
	}
	argc--;
	argv++;
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:c:o:", longopts, NULL)) != -1) {
		switch (analysis_option(&an, ch, optarg, argc, argv)) {
		case 1:
			continue;
		case -1:
			goto out;
		}
		switch (ch) {
		case 'o':
			dir = optarg;
			continue;
		case OPT_BY:
			by = optarg;
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
		}
		switch (filter_option(&f, ch, optarg, &err)) {
		case 1:
			continue;
		case -1:
			warnx("plot: %s", sb_str(&err));
			goto out;
		default:
			fputs(plot_help, stderr);
			goto out;
		}
	}
	if (optind < argc) {
		warnx("plot: unexpected argument '%s'", argv[optind]);
		goto out;
	}
	if (kinds[k].kind == KIND_COMPARE && !an.compare) {
		warnx("plot: compare needs --compare A B");
		goto out;
	}
	if (stat(dir, &st) == -1 || !S_ISDIR(st.st_mode)) {
		warnx("plot: -o %s: not a directory", dir);
		goto out;
	}
	/* Sleep charts split by HZ unless told otherwise; the rest by label. */
	an.by = by != NULL ? by : kinds[k].kind == KIND_SLEEP ? "hz" : "label";
	if ((rc = cmd_check_filter(ctx, &f, "plot")) != KB_EXIT_OK)
		goto out;
	rc = KB_EXIT_USAGE;	/* the errors that follow are usage errors */
	if ((rc = analysis_run(ctx->db, &f, &an)) != KB_EXIT_OK)
		goto out;
	subtitle(ctx->db, &f, &an, &sub);
	pc.an = &an;
	pc.dir = dir;
	pc.name = kinds[k].name;
	pc.subtitle = sb_str(&sub);
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
	filter_free(&f);
	sb_free(&err);
	sb_free(&sub);
	return rc;
}
