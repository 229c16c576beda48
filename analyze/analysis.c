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

#include "kbench.h"
#include "report.h"

/* Narrow f to one side of a comparison: a selector, a label or a run. */
int
analysis_select_side(struct store *s, struct filter *f, const char *spec)
{
	const char *eq = strchr(spec, '=');
	char *key;
	int found;

	if (eq != NULL && eq != spec) {
		key = xstrdup(spec);
		key[eq - spec] = '\0';
		strlist_add(&f->where_keys, key);
		strlist_add(&f->where_values, eq + 1);
		free(key);
		return 0;
	}
	if (store_label_exists(s, spec, &found) == -1)
		return -1;
	if (found) {
		strlist_add(&f->labels, spec);
		return 0;
	}
	strlist_add(&f->runs, spec);
	return 0;
}

/* Collect one side; an empty side is an input error naming it. */
static int
collect_side(const char *cmdname, struct store *s, const struct filter *f,
    const char *spec, struct groupset *gs, double level)
{
	if (groups_collect(s, f, NULL, gs) == -1) {
		warnx("%s: %s", cmdname, store_error(s));
		return KB_EXIT_DB;
	}
	if (gs->n == 0) {
		warnx("%s: --compare: no samples for '%s' (a label, a "
		    "KEY=VALUE selector or a run id) in the selection", cmdname,
		    spec);
		return KB_EXIT_USAGE;
	}
	groups_summarize(gs, level);
	groups_sort(gs);
	return KB_EXIT_OK;
}

/*
 * The new side is read and summarized in a thread of its own, with its
 * own connection, while this one does the baseline: both cores work.
 */
struct side_job {
	const char		*cmdname;
	const char		*path;
	const struct filter	*f;
	const char		*spec;
	struct groupset		*gs;
	double			 level;
	int			 rc;
};

static void *
side_thread(void *arg)
{
	struct side_job *job = arg;
	struct strbuf err = STRBUF_INIT;
	struct store *s;
	int why;

	if ((s = store_open(job->path, 0, &err, &why)) == NULL) {
		warnx("%s: %s", job->cmdname, sb_str(&err));
		job->rc = KB_EXIT_DB;
	} else {
		job->rc = collect_side(job->cmdname, s, job->f, job->spec,
		    job->gs, job->level);
		store_close(s);
	}
	sb_free(&err);
	return NULL;
}

/* The union of both sides' key names, sorted as groups_sort does. */
static void
union_keys(struct analysis *an)
{
	const struct strlist *l[2] = { &an->ga.keynames, &an->gb.keynames };
	size_t i, j, k;

	for (k = 0; k < 2; k++)
		for (i = 0; i < l[k]->n; i++) {
			for (j = 0; j < an->keynames.n; j++)
				if (strcmp(an->keynames.v[j], l[k]->v[i]) == 0)
					break;
			if (j == an->keynames.n)
				strlist_add(&an->keynames, l[k]->v[i]);
		}
}

/* Pair the series of both sides; a series on one side only is an error. */
static int
pair_series(struct analysis *an)
{
	struct strbuf key = STRBUF_INIT, only = STRBUF_INIT;
	struct groupset *side[2] = { &an->ga, &an->gb };
	const char *name[2] = { an->name_a, an->name_b };
	struct group *other;
	size_t i, k, missing = 0;

	an->cmp = xcalloc(an->ga.n ? an->ga.n : 1, sizeof(*an->cmp));
	for (k = 0; k < 2; k++)
		for (i = 0; i < side[k]->n; i++) {
			sb_reset(&key);
			sb_adds(&key, side[k]->g[i]->series);
			sb_add(&key, "\x1f", 1);
			other = strmap_get(&side[1 - k]->index, sb_str(&key));
			if (other != NULL) {
				if (k == 0)
					compare_groups(side[0]->g[i], other,
					    an->test, an->level,
					    &an->cmp[an->ncmp++]);
				continue;
			}
			if (missing++ < 5)
				sb_addf(&only, "\n  '%s' only in %s",
				    side[k]->g[i]->series, name[k]);
		}
	if (missing > 5)
		sb_addf(&only, "\n  (and %zu more)", missing - 5);
	if (missing > 0)
		warnx("%s: --compare: %zu series are not on both sides:%s\n"
		    "narrow the selection (--where, -b) to the series both have",
		    an->cmdname, missing, sb_str(&only));
	sb_free(&key);
	sb_free(&only);
	return missing > 0 ? -1 : 0;
}

static int
run_compare(struct store *s, const struct filter *f, struct analysis *an)
{
	struct filter fa, fb;
	struct strbuf err = STRBUF_INIT;
	struct side_job job;
	pthread_t tid;
	size_t i;
	int rc, threaded;

	memset(&fa, 0, sizeof(fa));
	memset(&fb, 0, sizeof(fb));
	filter_copy(&fa, f);
	filter_copy(&fb, f);
	if (analysis_select_side(s, &fa, an->name_a) == -1 ||
	    analysis_select_side(s, &fb, an->name_b) == -1) {
		warnx("%s: %s", an->cmdname, store_error(s));
		rc = KB_EXIT_DB;
		goto out;
	}
	job.cmdname = an->cmdname;
	job.path = store_path(s);
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
	if (rc == KB_EXIT_OK)
		rc = job.rc;
	if (rc != KB_EXIT_OK)
		goto out;
	rc = KB_EXIT_USAGE;
	if (pair_series(an) == -1)
		goto out;
	union_keys(an);
	if (compare_verdicts(an->cmp, an->ncmp, an->level, an->threshold,
	    an->adjust) == -1) {
		warnx("%s: out of memory", an->cmdname);
		rc = KB_EXIT_IO;
		goto out;
	}
	for (i = 0; i < an->ncmp; i++)
		an->count[an->cmp[i].verdict]++;
	an->geomean = compare_geomean(an->cmp, an->ncmp);
	rc = KB_EXIT_OK;
out:
	filter_free(&fa);
	filter_free(&fb);
	sb_free(&err);
	return rc;
}


/*
 * --by names a run attribute or a fact some selected run has: else every
 * run would pool into one group, silently.  0, 1 (said), -1 (the store).
 */
static int
by_unknown(struct store *s, const struct filter *f, const char *by)
{
	static const char *const cols[] = { "label", "benchmark", "status",
	    "uuid", "run" };
	struct strlist keys = { NULL, 0 };
	size_t i;
	int found = 0;

	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++)
		if (strcmp(by, cols[i]) == 0)
			return 0;
	if (store_fact_keys(s, f, &keys) == -1)
		return -1;
	for (i = 0; i < keys.n && !found; i++)
		found = strcmp(keys.v[i], by) == 0;
	strlist_free(&keys);
	return !found;
}

int
analysis_run(struct store *s, const struct filter *f, struct analysis *an)
{
	int rc;

	if (an->compare) {
		an->by = NULL;
		return run_compare(s, f, an);
	}
	if (groups_collect(s, f, an->by, &an->gs) == -1) {
		warnx("%s: %s", an->cmdname, store_error(s));
		return KB_EXIT_DB;
	}
	if (an->gs.n == 0) {
		warnx("%s: no samples match the selection", an->cmdname);
		return KB_EXIT_USAGE;
	}
	if ((rc = by_unknown(s, f, an->by)) != 0) {
		if (rc == -1)
			warnx("%s: %s", an->cmdname, store_error(s));
		else
			warnx("%s: --by %s: no run in the selection has it (a "
			    "run fact, or label, benchmark, status, uuid, run)",
			    an->cmdname, an->by);
		return rc == -1 ? KB_EXIT_DB : KB_EXIT_USAGE;
	}
	groups_summarize(&an->gs, an->level);
	groups_sort(&an->gs);
	an->keynames = an->gs.keynames;
	memset(&an->gs.keynames, 0, sizeof(an->gs.keynames));
	return KB_EXIT_OK;
}

void
analysis_free(struct analysis *an)
{
	groups_free(&an->gs);
	groups_free(&an->ga);
	groups_free(&an->gb);
	free(an->cmp);
	strlist_free(&an->keynames);
}

void
analysis_init(struct analysis *an, const char *cmdname)
{
	memset(an, 0, sizeof(*an));
	an->cmdname = cmdname;
	an->level = 95;
	an->by = "label";
	an->adjust = 1;
	an->test = TEST_U;
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
