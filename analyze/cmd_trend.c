/*
 * cmd_trend.c: kbench trend: per series, the history of its runs (each
 * run's median) and the change points in it (trend.h), as an aligned
 * table, CSV, JSON (with the whole history) or Markdown.
 *
 * The history itself (the runs, each run's median, cached in the store,
 * and the change points) comes from history.c; this file is the options
 * and the output.
 */
#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db/csvio.h"
#include "analyze/group.h"
#include "analyze/history.h"
#include "lib/json.h"
#include "kbench.h"
#include "analyze/format.h"
#include "lib/table.h"
#include "analyze/trend.h"
#include "analyze/trend_mail.h"

const char trend_help[] =
    "usage: kbench trend [--since DATE] [--last N] [--order-by KEY] [--threshold PCT]\n"
    "                    [--pvalue P] [--fail-on-regression [--recent N]]\n"
    "                    [--format FMT] [--new-regressions [--confirm N]] [filters]\n"
    "\n"
    "Per series, its history: one point per run, the run's median (and its\n"
    "distribution-free 95% interval), in run order; and the change points in\n"
    "it, by E-Divisive means as Hunter and Apache Otava find them: binary\n"
    "segmentation on the energy statistic, each split tested by Student's t on\n"
    "up to 30 runs each side.  Deterministic: no random permutations.\n"
    "Each run's median is cached in the database when it is writable.\n"
    HISTORY_OPTIONS_HELP
    "   --format FMT     text (default), csv, json (also every run's median),\n"
    "                    markdown\n"
    "   --fail-on-regression   exit 1 when a change point is a regression\n"
    "   --recent N       ... only one within the last N runs of its series (a\n"
    "                    nightly check: old, known changes do not fail it)\n"
    "   --new-regressions  instead of the table, one report per regression the\n"
    "                    newest night confirmed (its runs: the newest that share\n"
    "                    the newest run's label), as the kernel test robot mails\n"
    "                    them: subject, before/after, p, the machine, the\n"
    "                    commands; nothing when there is none (nightly -q: cron\n"
    "                    mails it).  Sent once: a change point of the table with\n"
    "                    p below a fifth of --pvalue (the series is looked at\n"
    "                    every night) that has held on N more runs since it\n"
    "                    appeared, followed back night by night\n"
    "   --confirm N      those N runs, 0 to 100 (default 2; 0: from the newest\n"
    "                    run alone; the table is not affected, so a nightly's\n"
    "                    trend line can give it)\n"
    "Filters: as for kbench runs; only complete runs unless --incomplete.\n";

enum {
	OPT_CONFIRM = 300,
	OPT_FAIL,
	OPT_FORMAT,
	OPT_NEW,
	OPT_RECENT
};

enum { FMT_TEXT, FMT_CSV, FMT_JSON, FMT_MARKDOWN };

/* ---- options ---- */

static int
parse_format(const char *arg)
{
	static const char *const names[] = { "text", "csv", "json", "markdown" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(arg, names[i]) == 0)
			return (int)i;
	return -1;
}

/* ---- output ---- */

/* Show the --order-by value in a column of its own? */
static int
order_column(const struct history *h)
{
	return h->order_by != NULL && strcmp(h->order_by, "label") != 0;
}

static const char *
plural(size_t n, const char *s)
{
	return n == 1 ? "" : s;
}

static void
heading(FILE *out, const struct history *h)
{
	const char *unit = NULL;
	size_t i;

	fprintf(out, "%zu series over %zu run%s by %s; a point is a run's "
	    "median\n", h->ns, h->nrun, plural(h->nrun, "s"),
	    h->order_by != NULL ? h->order_by : "start time");
	fprintf(out, "change points: E-Divisive means, Student's t on <= %zu "
	    "runs a side, p < %g, threshold %g%%\n", h->opts.window,
	    h->opts.pvalue, 100 * h->opts.threshold);
	for (i = 0; i < h->ns; i++)
		if (unit == NULL)
			unit = h->s[i]->unit;
		else if (strcmp(unit, h->s[i]->unit) != 0)
			unit = "mixed";
	if (unit != NULL && *unit != '\0') {
		fputs("unit: ", out);
		fput_visible(out, unit, strlen(unit));
		putc('\n', out);
	}
}

static void
summary(FILE *out, const struct history *h)
{
	fprintf(out, "%zu series, %zu change point%s (%zu regression%s, %zu "
	    "improvement%s)\n", h->ns, h->ncp, plural(h->ncp, "s"), h->nreg,
	    plural(h->nreg, "s"), h->nimp, plural(h->nimp, "s"));
}

/* One row per change point: the text and Markdown formats. */
static void
build_table(struct table *t, const struct history *h)
{
	size_t k = h->keynames.n ? h->keynames.n : 1, c, i, j;
	const struct hseries *hs;
	const struct trend_cp *cp;
	const struct hrun *r;
	const char *v;
	char a[80];
	int oc = order_column(h);

	table_init(t, k + 9 + (size_t)oc);
	table_row(t);
	for (i = 0; i < h->keynames.n; i++)
		table_set(t, i, "%s", h->keynames.v[i]);
	if (h->keynames.n == 0)
		table_set(t, 0, "series");
	table_gap(t, k);
	c = k;
	table_set(t, c, "at");
	table_align_right(t, c++);
	table_set(t, c++, "date");
	table_set(t, c++, "label");
	table_set(t, c, "kernel");
	table_droppable(t, c++);
	if (oc)
		table_set(t, c++, "%s", h->order_by);
	table_set(t, c, "before");
	table_align_right(t, c++);
	table_set(t, c, "after");
	table_align_right(t, c++);
	table_set(t, c, "change");
	table_align_right(t, c++);
	table_set(t, c, "p");
	table_align_right(t, c++);
	table_set(t, c, "direction");
	for (i = 0; i < h->ns; i++) {
		hs = h->s[i];
		for (j = 0; j < hs->ncp; j++) {
			cp = &hs->cp[j];
			r = history_cp_run(h, hs, cp);
			table_row(t);
			for (c = 0; c < h->keynames.n; c++) {
				v = kv_get(&hs->keys, h->keynames.v[c]);
				table_set(t, c, "%s", v != NULL ? v : "-");
			}
			if (h->keynames.n == 0)
				table_set(t, 0, "%s", *hs->name ? hs->name :
				    "(no keys)");
			c = k;
			table_set(t, c++, "%zu/%zu", cp->index + 1, hs->npt);
			table_set(t, c++, "%.10s", r->started);
			table_set(t, c++, "%s", r->label);
			table_set(t, c++, "%s", r->kernel != NULL ? r->kernel : "-");
			if (oc)
				table_set(t, c++, "%s", r->key);
			table_set(t, c++, "%s", fmt_num(a, sizeof(a),
			    cp->mean_before));
			table_set(t, c++, "%s", fmt_num(a, sizeof(a),
			    cp->mean_after));
			if (isnan(cp->change))
				table_set(t, c++, "-");
			else
				table_set(t, c++, "%s", format_pct(a, sizeof(a),
				    cp->change));
			if (cp->p < 1e-300)	/* underflowed, or a clean step */
				table_set(t, c++, "<1e-300");
			else
				table_set(t, c++, "%.3g", cp->p);
			table_set(t, c, "%s", history_regressed(hs, cp) ? "regression" :
			    "improvement");
		}
	}
}

static void
print_table(FILE *out, const struct history *h, int markdown)
{
	struct table t;

	heading(out, h);
	putc('\n', out);
	if (h->ncp > 0) {
		build_table(&t, h);
		if (markdown)
			table_print_markdown(&t, out);
		else
			table_print_text(&t, out, 1);
		table_free(&t);
		putc('\n', out);
	}
	summary(out, h);
}

static void
csv_str(FILE *out, const char *s)
{
	putc(',', out);
	if (s != NULL)
		csv_put_field(out, s);
}

/* One row per change point, every number at full precision. */
static void
print_csv(FILE *out, const struct history *h)
{
	const struct hseries *hs;
	const struct trend_cp *cp;
	const struct hrun *r;
	size_t i, j, c;

	fputs("series", out);
	for (c = 0; c < h->keynames.n; c++)
		csv_str(out, h->keynames.v[c]);
	fputs(",unit,better,position,runs,run,uuid,label,started,kernel,"
	    "order,mean_before,mean_after,n_before,n_after,change,p,direction\n",
	    out);
	for (i = 0; i < h->ns; i++) {
		hs = h->s[i];
		for (j = 0; j < hs->ncp; j++) {
			cp = &hs->cp[j];
			r = history_cp_run(h, hs, cp);
			csv_put_field(out, hs->name);
			for (c = 0; c < h->keynames.n; c++)
				csv_str(out, kv_get(&hs->keys, h->keynames.v[c]));
			csv_str(out, hs->unit);
			fprintf(out, ",%s,%zu,%zu,%lld", hs->better, cp->index + 1,
			    hs->npt, (long long)r->id);
			csv_str(out, r->uuid);
			csv_str(out, r->label);
			csv_str(out, r->started);
			csv_str(out, r->kernel);
			csv_str(out, r->key);
			csv_put_num(out, cp->mean_before);
			csv_put_num(out, cp->mean_after);
			fprintf(out, ",%zu,%zu", cp->nbefore, cp->nafter);
			csv_put_num(out, cp->change);
			csv_put_num(out, cp->p);
			fprintf(out, ",%s\n", history_regressed(hs, cp) ? "regression" :
			    "improvement");
		}
	}
}

/* The run's fields, after a first field already written. */
static void
json_run(FILE *out, const struct history *h, const struct hrun *r)
{
	fprintf(out, ",\"run\":%lld", (long long)r->id);
	json_str(out, "uuid", r->uuid);
	json_str(out, "label", r->label);
	json_str(out, "started", r->started);
	json_str(out, "kernel", r->kernel);
	if (h->order_by != NULL)
		json_str(out, "order", r->key);
}

static void
json_series(FILE *out, const struct history *h, const struct hseries *hs)
{
	const struct trend_cp *cp;
	const struct hpoint *p;
	char lo[40], hi[40], lv[40];
	size_t i;

	fputs("{\"series\":", out);
	json_string(out, hs->name);
	fputs(",\"keys\":", out);
	json_kv_object(out, &hs->keys);
	json_str(out, "unit", hs->unit);
	fprintf(out, ",\"better\":\"%s\",\"runs\":%zu,\"change_points\":[",
	    hs->better, hs->npt);
	for (i = 0; i < hs->ncp; i++) {
		cp = &hs->cp[i];
		fprintf(out, "%s{\"position\":%zu", i ? "," : "", cp->index + 1);
		json_run(out, h, history_cp_run(h, hs, cp));
		json_num(out, "mean_before", cp->mean_before);
		json_num(out, "mean_after", cp->mean_after);
		fprintf(out, ",\"n_before\":%zu,\"n_after\":%zu", cp->nbefore,
		    cp->nafter);
		json_num(out, "change", cp->change);
		json_num(out, "p", cp->p);
		fprintf(out, ",\"direction\":\"%s\"}", history_regressed(hs, cp) ?
		    "regression" : "improvement");
	}
	fputs("],\"history\":[", out);
	for (i = 0; i < hs->npt; i++) {
		p = &hs->pt[i];
		fprintf(out, "%s\n{\"n\":%zu", i ? "," : "", p->n);
		json_run(out, h, &h->run[p->pos]);
		json_num(out, "median", p->median);
		fputs(",\"median_ci\":", out);
		if (p->ci_err != STATS_OK)
			fputs("null", out);
		else
			fprintf(out, "{\"lo\":%s,\"hi\":%s,\"level\":%s}",
			    format_double(lo, sizeof(lo), p->lo),
			    format_double(hi, sizeof(hi), p->hi),
			    format_double(lv, sizeof(lv), p->level));
		putc('}', out);
	}
	fputs("]}", out);
}

static void
print_json(FILE *out, const struct history *h)
{
	size_t i;

	fprintf(out, "{\"schema_version\":%d,\"kind\":\"trend\"",
	    TREND_JSON_SCHEMA);
	json_str(out, "order_by", h->order_by != NULL ? h->order_by :
	    "started");
	json_str(out, "since", h->since);
	if (h->last > 0)
		fprintf(out, ",\"last\":%ld", h->last);
	else
		fputs(",\"last\":null", out);
	fprintf(out, ",\"method\":\"e-divisive\",\"test\":\"student\","
	    "\"window\":%zu", h->opts.window);
	json_num(out, "pvalue", h->opts.pvalue);
	json_num(out, "threshold_pct", 100 * h->opts.threshold);
	fprintf(out, ",\"level\":%d,\"runs\":%zu", HISTORY_LEVEL, h->nrun);
	fprintf(out, ",\"summary\":{\"series\":%zu,\"change_points\":%zu,"
	    "\"regressions\":%zu,\"improvements\":%zu},\"series\":[", h->ns,
	    h->ncp, h->nreg, h->nimp);
	for (i = 0; i < h->ns; i++) {
		fputs(i ? ",\n" : "\n", out);
		json_series(out, h, h->s[i]);
	}
	fputs("]}\n", out);
}

/* ---- the command ---- */

/* The regressions among the last `recent` runs of their series (0: all). */
static size_t
recent_regressions(const struct history *h, long recent)
{
	const struct hseries *hs;
	size_t i, j, n = 0;

	for (i = 0; i < h->ns; i++) {
		hs = h->s[i];
		for (j = 0; j < hs->ncp; j++)
			if (history_regressed(hs, &hs->cp[j]) && (recent == 0 ||
			    hs->cp[j].index + (size_t)recent >= hs->npt))
				n++;
	}
	return n;
}

/* kbench trend's command line. */
struct trend_cmd_opts {
	int		 format;	/* FMT_* */
	int		 fail_on_regression;
	int		 new_only;	/* --new-regressions */
	long		 recent;	/* 0: every change point counts */
	long		 confirm;	/* --confirm */
	struct history	 h;
	struct filter	 f;
};

/* One of trend's own options: 1 taken, 0 not one, -1 bad (said). */
static int
trend_option(struct trend_cmd_opts *o, int ch, const char *arg)
{
	switch (ch) {
	case OPT_FAIL:
		o->fail_on_regression = 1;
		return 1;
	case OPT_NEW:
		o->new_only = 1;
		return 1;
	case OPT_CONFIRM:
		if (parse_long(arg, 0, MAIL_CONFIRM_MAX, &o->confirm) == -1) {
			warnx("trend: --confirm %s: expected a number of runs "
			    "from 0 to %d", arg, MAIL_CONFIRM_MAX);
			return -1;
		}
		return 1;
	case OPT_FORMAT:
		if ((o->format = parse_format(arg)) < 0) {
			warnx("trend: --format '%s': expected text, csv, json or "
			    "markdown", arg);
			return -1;
		}
		return 1;
	case OPT_RECENT:
		if (parse_long(arg, 1, LONG_MAX, &o->recent) == -1) {
			warnx("trend: --recent %s: expected a number of runs >= 1",
			    arg);
			return -1;
		}
		return 1;
	}
	return history_option(&o->h, ch, arg, "trend");
}

/* The options; 0, or -1 with the reason said. */
static int
trend_parse(struct trend_cmd_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		FILTER_LONGOPTS,
		HISTORY_LONGOPTS,
		{ "confirm",	required_argument, NULL, OPT_CONFIRM },
		{ "fail-on-regression", no_argument, NULL, OPT_FAIL },
		{ "format",	required_argument, NULL, OPT_FORMAT },
		{ "new-regressions", no_argument,  NULL, OPT_NEW },
		{ "recent",	required_argument, NULL, OPT_RECENT },
		{ NULL,		0,		   NULL, 0 }
	};
	int ch;

	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:", longopts, NULL)) != -1) {
		switch (trend_option(o, ch, optarg)) {
		case 1:
			continue;
		case -1:
			return -1;
		}
		if (cmd_filter_option(&o->f, ch, optarg, "trend", trend_help) ==
		    -1)
			return -1;
	}
	return cmd_no_operands(argc, argv, "trend");
}

/* The history printed in its format, or only the new regressions' mails. */
static int
trend_run(struct trend_cmd_opts *o, struct kbench_ctx *ctx)
{
	const struct history *h = &o->h;
	long last = o->h.last;
	size_t nfail;
	int rc;

	/* Earlier nights' histories, as they were: more runs (trend_mail.h). */
	if (o->new_only && last > 0)
		o->h.last = MAIL_RUNS_NEEDED(last, o->confirm);
	if ((rc = history_cmd_load(ctx, &o->f, &o->h, "trend")) !=
	    KB_EXIT_OK)
		return rc;
	if (o->new_only) {
		/* The mails and nothing else: cron mails what is printed. */
		if (trend_mail_new(stdout, ctx->db, h, &o->f,
		    (size_t)o->confirm, last, &nfail) == -1) {
			warnx("trend: out of memory");
			return KB_EXIT_IO;
		}
		return o->fail_on_regression && nfail > 0 ?
		    KB_EXIT_REGRESSION : KB_EXIT_OK;
	}
	switch (o->format) {
	case FMT_CSV:
		print_csv(stdout, h);
		break;
	case FMT_JSON:
		print_json(stdout, h);
		break;
	case FMT_MARKDOWN:
		print_table(stdout, h, 1);
		break;
	default:
		print_table(stdout, h, 0);
	}
	nfail = recent_regressions(h, o->recent);
	if (o->recent > 0 && o->format != FMT_JSON && o->format != FMT_CSV)
		printf("%zu regression%s within the last %ld run%s of a "
		    "series\n", nfail, plural(nfail, "s"), o->recent,
		    plural((size_t)o->recent, "s"));
	if (o->fail_on_regression && nfail > 0)
		return KB_EXIT_REGRESSION;
	return KB_EXIT_OK;
}

int
trend_args_check(int argc, char **argv)
{
	struct trend_cmd_opts o;
	int rc;

	memset(&o, 0, sizeof(o));
	history_init(&o.h);
	rc = trend_parse(&o, argc, argv);
	history_free(&o.h);
	filter_free(&o.f);
	return rc;
}

int
cmd_trend(int argc, char **argv, struct kbench_ctx *ctx)
{
	struct trend_cmd_opts o;
	int rc = KB_EXIT_USAGE;

	memset(&o, 0, sizeof(o));
	o.format = FMT_TEXT;
	o.confirm = MAIL_CONFIRM;
	history_init(&o.h);
	if (trend_parse(&o, argc, argv) == 0)
		rc = trend_run(&o, ctx);
	history_free(&o.h);
	filter_free(&o.f);
	return rc;
}
