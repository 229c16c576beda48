/*
 * analysis.c: from a selection to results: groups summarized, or two
 * sides paired series by series and compared.  Shared by kbench analyze,
 * plot and report, so that a chart shows exactly what the table says.
 */
#include <err.h>
#include <getopt.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"

/*
 * Collect one side; an empty side is an input error naming it.  Its
 * samples are read through once: a small page cache (16 MiB a side was
 * a fifth of the peak of a compare of 5 M samples a side).
 */
static enum status
collect_side(const char *cmdname, struct store *s, const struct filter *f,
    const char *spec, struct groupset *gs, double level)
{
	store_read_through(s);
	if (groups_collect(s, f, NULL, gs) == -1) {
		warnx("%s: %s", cmdname, store_error(s));
		return STATUS_DB;
	}
	if (gs->n == 0) {
		warnx("%s: --compare: no samples for '%s' (a label, a "
		    "KEY=VALUE selector or a run id) in the selection", cmdname,
		    spec);
		return STATUS_BAD_INPUT;
	}
	groups_summarize(gs, level);
	groups_sort(gs, NULL, NULL);
	return STATUS_OK;
}

/*
 * The new side is read and summarized in a thread of its own, with its
 * own connection, while this one does the baseline: both cores work.
 */
struct side_job {
	const char		*cmdname;
	const struct store	*first;		/* its peer is opened alike */
	const struct filter	*f;
	const char		*spec;
	struct groupset		*gs;
	double			 level;
	enum status		 rc;
};

static void *
side_thread(void *arg)
{
	struct side_job *job = arg;
	struct strbuf err = STRBUF_INIT;
	struct store *s;

	if ((s = store_open_peer(job->first, &err)) == NULL) {
		warnx("%s: %s", job->cmdname, sb_str(&err));
		job->rc = STATUS_DB;
	} else {
		job->rc = collect_side(job->cmdname, s, job->f, job->spec,
		    job->gs, job->level);
		store_close(s);
	}
	sb_free(&err);
	return NULL;
}

/* The rounds the runs of a side stored, or 0 when a run does not say. */
static size_t
side_rounds(const struct groupset *gs)
{
	const char *v;
	size_t i, sum = 0;
	long r;

	for (i = 0; i < gs->nruns; i++) {
		v = kv_get(&gs->runs[i].facts, "rounds");
		if (v == NULL || parse_long(v, 1, 100000, &r) == -1)
			return 0;
		sum += (size_t)r;
	}
	return sum;
}

/*
 * The facts of a side read on another connection, redacted through s:
 * one token per value whichever side met it first.  Then every other
 * fact is redacted as text: a host name inside a netboot command line
 * (ip=...:HOST:...) is the host name all the same.
 */
static void
redact_side(struct store *s, struct groupset *gs)
{
	struct kvlist *facts;
	const char *shown;
	size_t i, k;

	for (i = 0; i < gs->nruns; i++) {
		facts = &gs->runs[i].facts;
		for (k = 0; k < facts->n; k++) {
			shown = store_redacted(s, facts->v[k].key,
			    facts->v[k].value);
			/* Not kv_set(): it frees the value it is given. */
			if (shown != facts->v[k].value) {
				free(facts->v[k].value);
				facts->v[k].value = xstrdup(shown);
			}
		}
	}
	for (i = 0; i < gs->nruns; i++)
		store_redact_facts(s, &gs->runs[i].facts);
}

static enum status
run_compare(struct store *s, const struct filter *f, struct analysis *an)
{
	struct filter fa, fb;
	struct strbuf err = STRBUF_INIT;
	struct side_job job;
	struct compare_opts o;
	pthread_t tid;
	size_t i;
	enum status rc;
	int threaded, side;

	memset(&fa, 0, sizeof(fa));
	memset(&fb, 0, sizeof(fb));
	filter_copy(&fa, f);
	filter_copy(&fb, f);
	if ((side = analysis_select_side(s, &fa, an->name_a, &err)) == 0)
		side = analysis_select_side(s, &fb, an->name_b, &err);
	if (side != 0) {
		if (side == -2)
			warnx("%s: %s", an->cmdname, sb_str(&err));
		else
			warnx("%s: %s", an->cmdname, store_error(s));
		rc = side == -2 ? STATUS_BAD_INPUT : STATUS_DB;
		goto out;
	}
	job.cmdname = an->cmdname;
	job.first = s;
	job.f = &fb;
	job.spec = an->name_b;
	job.gs = &an->gb;
	job.level = an->level;
	threaded = pthread_create(&tid, NULL, side_thread, &job) == 0;
	if (!threaded)
		side_thread(&job);
	rc = collect_side(an->cmdname, s, &fa, an->name_a, &an->ga, an->level);
	if (threaded)
		pthread_join(tid, NULL);
	if (rc == STATUS_OK)
		rc = job.rc;
	if (rc != STATUS_OK)
		goto out;
	redact_side(s, &an->gb);
	rc = STATUS_BAD_INPUT;
	if (analysis_pair_sides(s, an) == -1)
		goto out;
	if ((rc = noise_floor_apply(s, f, an)) != STATUS_OK)
		goto out;
	o = analysis_compare_opts(an);
	an->ntested = compare_tested(an->cmp, an->ncmp);
	an->ci_level = compare_interval_level(&o, an->ntested);
	if (compare_family(an->cmp, an->ncmp, &o) == -1 || (an->sequential &&
	    compare_sequential(an->cmp, an->ncmp, &o) == -1)) {
		warnx("%s: out of memory", an->cmdname);
		rc = STATUS_SYSTEM;
		goto out;
	}
	pooling_check(&an->ga, an->name_a, &an->pooled);
	pooling_check(&an->gb, an->name_b, &an->pooled);
	pooling_load(&an->ga, an->name_a, &an->gb, an->name_b, &an->pooled);
	pooling_sides(&an->ga, an->name_a, &an->gb, an->name_b, &an->pooled);
	an->rounds_a = side_rounds(&an->ga);
	an->rounds_b = side_rounds(&an->gb);
	for (i = 0; i < an->ncmp; i++)
		an->count[an->cmp[i].verdict]++;
	an->geomean = compare_geomean(an->cmp, an->ncmp);
	rc = STATUS_OK;
	if (an->provenance && provenance_read(s, &fa, &fb, an) == -1) {
		warnx("%s: %s", an->cmdname, store_error(s));
		rc = STATUS_DB;
	}
out:
	filter_free(&fa);
	filter_free(&fb);
	sb_free(&err);
	return rc;
}


/*
 * The values of key the user named, in the order named: --label L for
 * the label, --where KEY=V: the order a summary keeps its by values in.
 */
static void
order_given(const struct filter *f, const char *key, struct strlist *out)
{
	size_t i;

	if (key == NULL)
		return;
	if (strcmp(key, "label") == 0)
		for (i = 0; i < f->labels.n; i++)
			strlist_add(out, f->labels.v[i]);
	for (i = 0; i < f->where_keys.n; i++)
		if (strcmp(f->where_keys.v[i], key) == 0)
			strlist_add(out, f->where_values.v[i]);
}

/* What a --by or --rows key names among the selected runs. */
enum by_kind {
	BY_RUN,		/* a run column or a fact */
	BY_SERIES,	/* a series key */
	BY_LAID_OUT,	/* a series key the caller's chart lays out itself */
	BY_REDACTED,	/* a series key --redact names: its values are shown */
	BY_NONE		/* nothing selected has it */
};

/* Is key a run's own column (label, benchmark, status, uuid, run)? */
static int
run_column(const char *key)
{
	static const char *const cols[] = { "label", "benchmark", "status",
	    "uuid", "run" };
	size_t i;

	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++)
		if (strcmp(key, cols[i]) == 0)
			return 1;
	return 0;
}

static enum by_kind
by_kind(const char *key, const struct strlist *facts,
    const struct strlist *keys)
{
	if (run_column(key))
		return BY_RUN;
	/* A key of some series (and a fact of other runs: collect makes a
	 * dimension of one value a fact) is read from either. */
	return strlist_has(keys, key) ? BY_SERIES : strlist_has(facts, key) ?
	    BY_RUN : BY_NONE;
}

/*
 * --by and --rows name a run attribute, a fact some selected run has or
 * (--by only) a series key the chart does not lay out itself: else every
 * run would pool into one group, silently.  Sets gs.by_series;
 * *kind_by and *kind_rows say what each named (BY_RUN when not given).
 */
static enum status
by_resolve(struct store *s, const struct filter *f, struct analysis *an,
    enum by_kind *kind_by, enum by_kind *kind_rows)
{
	struct strlist facts = { NULL, 0 }, keys = { NULL, 0 };
	size_t i;

	*kind_by = *kind_rows = BY_RUN;
	/* The default (label) and the run's columns ask the store nothing. */
	if ((an->by == NULL || run_column(an->by)) &&
	    (an->rows == NULL || run_column(an->rows)))
		return STATUS_OK;
	if (store_fact_keys(s, f, &facts) == -1 ||
	    store_series_keys(s, f, &keys) == -1) {
		warnx("%s: %s", an->cmdname, store_error(s));
		strlist_free(&facts);
		return STATUS_DB;
	}
	if (an->by != NULL)
		*kind_by = by_kind(an->by, &facts, &keys);
	if (an->rows != NULL)
		*kind_rows = by_kind(an->rows, &facts, &keys);
	for (i = 0; *kind_by == BY_SERIES && an->laid_out != NULL &&
	    an->laid_out[i] != NULL; i++)
		if (strcmp(an->laid_out[i], an->by) == 0)
			*kind_by = BY_LAID_OUT;
	if (*kind_by == BY_SERIES && strlist_has(&an->redact, an->by))
		*kind_by = BY_REDACTED;
	an->gs.by_series = *kind_by == BY_SERIES;
	strlist_free(&facts);
	strlist_free(&keys);
	return STATUS_OK;
}

/* Why --by or --rows (opt) cannot take key; STATUS_BAD_INPUT. */
static enum status
by_refuse(const struct analysis *an, const char *opt, const char *key,
    enum by_kind kind)
{
	if (kind == BY_REDACTED)
		warnx("%s: --by %s: a series key, whose values the blocks "
		    "show; --redact hides facts, not series keys", an->cmdname,
		    key);
	else if (kind == BY_SERIES && strcmp(opt, "--rows") == 0)
		warnx("%s: --rows %s: a series key, not a run fact: each of "
		    "its values is a row of its own already", an->cmdname, key);
	else if (kind == BY_LAID_OUT)
		warnx("%s: --by %s: the chart lays this series key out "
		    "itself; --by takes a run fact or another series key",
		    an->cmdname, key);
	else
		warnx("%s: %s %s: no run in the selection has it (a run fact, "
		    "a series key, or label, benchmark, status, uuid, run)",
		    an->cmdname, opt, key);
	return STATUS_BAD_INPUT;
}

/*
 * --redact KEY: every key a fact of some selected run (a misspelt key
 * would publish what it was meant to hide), then redacted in s.
 */
static enum status
redact_facts(struct store *s, const struct filter *f, struct analysis *an)
{
	struct strlist keys = { NULL, 0 };
	size_t i;
	enum status rc = STATUS_OK;

	if (an->redact.n == 0)
		return STATUS_OK;
	if (store_fact_keys(s, f, &keys) == -1) {
		warnx("%s: %s", an->cmdname, store_error(s));
		return STATUS_DB;
	}
	for (i = 0; i < an->redact.n && rc == STATUS_OK; i++)
		if (!strlist_has(&keys, an->redact.v[i])) {
			warnx("%s: --redact %s: no run in the selection has this "
			    "fact (kbench runs --json lists them)", an->cmdname,
			    an->redact.v[i]);
			rc = STATUS_BAD_INPUT;
		} else
			store_redact(s, an->redact.v[i]);
	strlist_free(&keys);
	return rc;
}

enum status
analysis_run(struct store *s, const struct filter *f, struct analysis *an)
{
	struct strlist order_by = { NULL, 0 }, order_rows = { NULL, 0 };
	enum by_kind kind_by, kind_rows;
	enum status st;

	if ((st = redact_facts(s, f, an)) != STATUS_OK)
		return st;
	/* The floor is of the runs' medians: the U test's runs. */
	if (an->noise_floor && an->test != TEST_U) {
		warnx("%s: --noise-floor auto: the floor is the spread of the "
		    "runs' medians, for the U test (the default), not --test %s",
		    an->cmdname, an->test == TEST_WELCH ? "welch" : "student");
		return STATUS_BAD_INPUT;
	}
	if (an->noise_floor && (an->unit == UNIT_ASK_SAMPLE ||
	    an->unit == UNIT_ASK_ROUND)) {
		warnx("%s: --noise-floor auto makes rows run-level: not with "
		    "--unit %s", an->cmdname, an->unit == UNIT_ASK_SAMPLE ?
		    "sample" : "round");
		return STATUS_BAD_INPUT;
	}
	if ((an->noise_floor || an->unit != UNIT_ASK_AUTO) && !an->compare) {
		warnx("%s: %s needs --compare A B: it is how a comparison "
		    "counts", an->cmdname, an->noise_floor ? "--noise-floor" :
		    "--unit");
		return STATUS_BAD_INPUT;
	}
	if (an->sequential && !an->compare) {
		warnx("%s: %s needs --compare A B: it reads a comparison round "
		    "by round", an->cmdname, an->plan > 0 ? "--plan" :
		    "--sequential");
		return STATUS_BAD_INPUT;
	}
	if (an->compare) {
		an->by = NULL;
		return run_compare(s, f, an);
	}
	if ((st = by_resolve(s, f, an, &kind_by, &kind_rows)) != STATUS_OK)
		return st;
	an->gs.rows = an->rows;
	if (groups_collect(s, f, an->by, &an->gs) == -1) {
		warnx("%s: %s", an->cmdname, store_error(s));
		return STATUS_DB;
	}
	if (an->gs.n == 0) {
		warnx("%s: no samples match the selection", an->cmdname);
		return STATUS_BAD_INPUT;
	}
	if (kind_by != BY_RUN && kind_by != BY_SERIES)
		return by_refuse(an, "--by", an->by, kind_by);
	if (kind_rows != BY_RUN)
		return by_refuse(an, "--rows", an->rows, kind_rows);
	groups_summarize(&an->gs, an->level);
	order_given(f, an->by, &order_by);
	order_given(f, an->rows, &order_rows);
	groups_sort(&an->gs, &order_by, &order_rows);
	strlist_free(&order_by);
	strlist_free(&order_rows);
	pooling_check(&an->gs, NULL, &an->pooled);
	an->keynames = an->gs.keynames;
	memset(&an->gs.keynames, 0, sizeof(an->gs.keynames));
	return STATUS_OK;
}

void
analysis_free(struct analysis *an)
{
	compare_free(an->cmp, an->ncmp);
	groups_free(&an->gs);
	groups_free(&an->ga);
	groups_free(&an->gb);
	free(an->cmp);
	strlist_free(&an->keynames);
	strlist_free(&an->sidekeys);
	pooling_free(&an->pooled);
	strlist_free(&an->redact);
	provenance_free(&an->prov_a);
	provenance_free(&an->prov_b);
}

struct compare_opts
analysis_compare_opts(const struct analysis *an)
{
	struct compare_opts o;

	o.test = an->test;
	o.unit = an->unit;
	o.level = an->level;
	o.threshold = an->threshold;
	o.adjust = an->adjust;
	o.sequential = an->sequential;
	o.plan = an->plan;
	o.power = an->power;
	return o;
}

void
analysis_init(struct analysis *an, const char *cmdname)
{
	memset(an, 0, sizeof(*an));
	an->cmdname = cmdname;
	an->level = 95;
	an->by = "label";
	an->adjust = 1;
	an->power = 0.8;
	an->test = TEST_U;
	an->width = ANALYSIS_WIDTH;
}

/* --unit auto|sample|round|run */
static int
unit_option(struct analysis *an, const char *arg)
{
	static const char *const names[] = { "auto", "sample", "round", "run" };
	static const int asks[] = { UNIT_ASK_AUTO, UNIT_ASK_SAMPLE,
	    UNIT_ASK_ROUND, UNIT_ASK_RUN };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(arg, names[i]) == 0) {
			an->unit = asks[i];
			return 1;
		}
	warnx("%s: --unit '%s': expected auto, sample, round or run",
	    an->cmdname, arg);
	return -1;
}

/* --plan PCT[%] (implies --sequential), --power PCT[%]. */
static int
plan_option(struct analysis *an, int opt, const char *arg)
{
	char *num = xstrdup(arg);
	size_t n = strlen(num);
	double v;
	int ok;

	if (n > 0 && num[n - 1] == '%')
		num[n - 1] = '\0';
	ok = parse_double(num, &v) == 0;
	free(num);
	if (opt == AOPT_PLAN && ok && v > 0 && v <= 1000) {
		an->plan = v / 100;
		an->sequential = 1;
		return 1;
	}
	if (opt == AOPT_POWER && ok && v >= 50 && v < 100) {
		an->power = v / 100;
		return 1;
	}
	if (opt == AOPT_PLAN)
		warnx("%s: --plan %s: expected the change to plan for, in "
		    "percent (0 < P <= 1000: 5%%)", an->cmdname, arg);
	else
		warnx("%s: --power %s: expected the share of series to decide, "
		    "in percent (50 to 99.9: 80%%)", an->cmdname, arg);
	return -1;
}

int
analysis_option(struct analysis *an, int opt, const char *arg, int argc,
    char **argv)
{
	switch (opt) {
	case AOPT_CONFIDENCE:
		if (parse_double(arg, &an->level) == -1 ||
		    !(an->level > 0 && an->level < 100)) {
			warnx("%s: -c %s: expected a confidence level between 0 "
			    "and 100 (percent)", an->cmdname, arg);
			return -1;
		}
		return 1;
	case AOPT_COMPARE:
		if (optind >= argc) {
			warnx("%s: --compare needs two sides: --compare A B",
			    an->cmdname);
			return -1;
		}
		an->compare = 1;
		an->name_a = arg;
		an->name_b = argv[optind++];
		return 1;
	case AOPT_NOADJUST:
		an->adjust = 0;
		return 1;
	case AOPT_ANYIMPL:
		an->any_impl = 1;
		return 1;
	case AOPT_SEQUENTIAL:
		an->sequential = 1;
		return 1;
	case AOPT_PLAN:
	case AOPT_POWER:
		return plan_option(an, opt, arg);
	case AOPT_REDACT:
		strlist_add(&an->redact, arg);
		return 1;
	case AOPT_NOISEFLOOR:
		if (strcmp(arg, "auto") == 0)
			an->noise_floor = 1;
		else if (strcmp(arg, "off") == 0)
			an->noise_floor = 0;
		else {
			warnx("%s: --noise-floor '%s': expected auto or off",
			    an->cmdname, arg);
			return -1;
		}
		return 1;
	case AOPT_UNIT:
		return unit_option(an, arg);
	case AOPT_NOWARNINGS:
		an->warnings = WARNINGS_NONE;
		return 1;
	case AOPT_WARNINGS:
		if (strcmp(arg, "summary") == 0)
			an->warnings = WARNINGS_SUMMARY;
		else if (strcmp(arg, "full") == 0)
			an->warnings = WARNINGS_FULL;
		else if (strcmp(arg, "none") == 0)
			an->warnings = WARNINGS_NONE;
		else {
			warnx("%s: --warnings '%s': expected summary, full or "
			    "none", an->cmdname, arg);
			return -1;
		}
		return 1;
	case AOPT_TEST:
		if (strcmp(arg, "u") == 0)
			an->test = TEST_U;
		else if (strcmp(arg, "welch") == 0)
			an->test = TEST_WELCH;
		else if (strcmp(arg, "student") == 0)
			an->test = TEST_STUDENT;
		else {
			warnx("%s: --test '%s': expected u, welch or student",
			    an->cmdname, arg);
			return -1;
		}
		return 1;
	case AOPT_THRESHOLD:
		if (parse_double(arg, &an->threshold) == -1 || an->threshold < 0) {
			warnx("%s: --threshold %s: expected a percentage >= 0",
			    an->cmdname, arg);
			return -1;
		}
		return 1;
	}
	return 0;
}
