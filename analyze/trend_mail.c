/*
 * trend_mail.c: kbench trend --new-regressions, the nightly's mail.  One
 * report per regression that the newest run of the history brought to
 * light, in the shape kernel developers know from the kernel test robot:
 * a subject line, what changed and at which run, before and after with
 * their intervals and p, the machine, and the commands that show it
 * again.  Cron mails whatever a job prints, so nightly -q prints these
 * and nothing else: no mail on a quiet night.
 *
 * "New" is decided without any state: a change point of the history as
 * it is that the same history without its newest run does not have (one
 * run apart counts as the same point: a run more can move a split by
 * one).  A rerun night reports again; a merged database is judged alike.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbench_exit.h"
#include "analyze/history.h"
#include "analyze/format.h"
#include "analyze/trend_mail.h"

/* Does cp stand where one of old[0 .. nold) stood, give or take a run? */
static int
seen_before(const struct trend_cp *cp, const struct trend_cp *old,
    size_t nold)
{
	size_t i;

	for (i = 0; i < nold; i++)
		if (old[i].index + 1 >= cp->index && old[i].index <= cp->index + 1)
			return 1;
	return 0;
}

/*
 * The change points of hs without its newest point, in *old, or nothing
 * when that point is not the history's newest run (the series did not
 * run tonight: nothing of it is new).  -1 when out of memory.
 */
static int
before_tonight(const struct history *h, const struct hseries *hs,
    struct trend_cp **old, size_t *nold, int *ran)
{
	double *x;
	size_t k;
	int rc;

	*old = NULL;
	*nold = 0;
	*ran = hs->npt > 0 && hs->pt[hs->npt - 1].pos == h->nrun - 1;
	if (!*ran || hs->npt < 2)
		return 0;
	x = xcalloc(hs->npt - 1, sizeof(*x));
	for (k = 0; k + 1 < hs->npt; k++)
		x[k] = hs->pt[k].median;
	rc = trend_detect(x, hs->npt - 1, &h->opts, old, nold);
	free(x);
	return rc == STATS_OK ? 0 : -1;
}

/* The facts of one run, by uuid. */
static int
keep_facts(const struct run_row *row, void *arg)
{
	struct kvlist *facts = arg;
	size_t i;

	for (i = 0; i < row->facts.n; i++)
		kv_set(facts, row->facts.v[i].key, row->facts.v[i].value);
	return 0;
}

static int
run_facts(struct store *s, const char *uuid, struct kvlist *facts)
{
	struct filter f;
	int rc;

	memset(&f, 0, sizeof(f));
	strlist_add(&f.runs, uuid);
	f.include_incomplete = 1;
	rc = store_each_run(s, &f, keep_facts, facts);
	filter_free(&f);
	return rc;
}

/* "label of 2026-01-31, kernel K, median M [lo, hi]" of point k. */
static void
point_line(FILE *out, const char *what, const struct history *h,
    const struct hseries *hs, size_t k)
{
	const struct hpoint *pt = &hs->pt[k];
	const struct hrun *r = &h->run[pt->pos];
	char a[80], b[80], c[80];

	fprintf(out, "  %-16s ", what);
	fput_visible(out, r->label, strlen(r->label));
	fprintf(out, " of %.10s", r->started);
	if (r->kernel != NULL) {
		fputs(", kernel ", out);
		fput_visible(out, r->kernel, strlen(r->kernel));
	}
	fprintf(out, ": median %s", fmt_num(a, sizeof(a), pt->median));
	if (pt->ci_err == STATS_OK)
		fprintf(out, " [%s, %s]", fmt_num(b, sizeof(b), pt->lo),
		    fmt_num(c, sizeof(c), pt->hi));
	else
		fputs(" (no interval)", out);
	fprintf(out, ", n %zu, run %s\n", pt->n, r->uuid);
}

/* The machine the first run after the change ran on, from its facts. */
static void
machine_line(FILE *out, const struct kvlist *facts)
{
	static const struct {
		const char	*key, *name;
	} shown[] = {
		{ "host", "host" }, { "os", "os" },
		{ "kernel_release", "kernel" }, { "cpu_model", "cpu" },
		{ "ncpu", "CPUs" }, { "hz", "HZ" },
		{ "clocksource", "clocksource" }, { "governor", "governor" },
	};
	const char *v;
	size_t i, n = 0;

	fputs("machine:", out);
	for (i = 0; i < sizeof(shown) / sizeof(shown[0]); i++) {
		if ((v = kv_get(facts, shown[i].key)) == NULL)
			continue;
		fprintf(out, "%s %s ", n++ ? ";" : "", shown[i].name);
		fput_visible(out, v, strlen(v));
	}
	fputs(n ? "\n" : " (no facts recorded)\n", out);
}

/* argv, quoted for sh, on a line of its own after two blanks. */
static void
command_line(FILE *out, struct strlist *words)
{
	struct strbuf sb = STRBUF_INIT;
	char **argv = xcalloc(words->n + 1, sizeof(*argv));
	size_t i;

	for (i = 0; i < words->n; i++)
		argv[i] = words->v[i];
	sb_shell_quote(&sb, argv);
	fprintf(out, "  %s\n", sb_str(&sb));
	free(argv);
	sb_free(&sb);
}

/* The selection of the history and the series' keys, as options. */
static void
selection_words(struct strlist *w, const struct filter *f,
    const struct hseries *hs)
{
	struct strbuf kv = STRBUF_INIT;
	size_t i;

	for (i = 0; i < f->labels.n; i++) {
		strlist_add(w, "--label");
		strlist_add(w, f->labels.v[i]);
	}
	for (i = 0; i < f->benchmarks.n; i++) {
		strlist_add(w, "-b");
		strlist_add(w, f->benchmarks.v[i]);
	}
	for (i = 0; i < f->where_keys.n; i++) {
		sb_reset(&kv);
		filter_part_text(&kv, f->where_keys.v[i], f->where_values.v[i]);
		strlist_add(w, "--where");
		strlist_add(w, sb_str(&kv));
	}
	for (i = 0; i < hs->keys.n; i++) {
		sb_reset(&kv);
		filter_part_text(&kv, hs->keys.v[i].key, hs->keys.v[i].value);
		strlist_add(w, "--where");
		strlist_add(w, sb_str(&kv));
	}
	sb_free(&kv);
}

static void
mail(FILE *out, struct store *s, const struct history *h,
    const struct hseries *hs, const struct trend_cp *cp,
    const struct filter *f)
{
	const struct hrun *after = &h->run[hs->pt[cp->index].pos];
	const struct hrun *before = &h->run[hs->pt[cp->index - 1].pos];
	struct kvlist facts = KVLIST_INIT;
	struct strlist w = { NULL, 0 };
	const char *name = *hs->name ? hs->name : "(no keys)";
	char a[80], b[80], change[200], dir[40];

	if (isnan(cp->change))
		snprintf(change, sizeof(change), "%s -> %s", fmt_num(a,
		    sizeof(a), cp->mean_before), fmt_num(b, sizeof(b),
		    cp->mean_after));
	else
		format_pct(change, sizeof(change), cp->change);
	fputs("Subject: [kbench] ", out);
	fput_visible(out, name, strlen(name));
	fprintf(out, ": %s regression at ", change);
	fput_visible(out, after->label, strlen(after->label));
	fprintf(out, " (%.10s)\n\n", after->started);

	fput_visible(out, name, strlen(name));
	fputs(" (", out);
	if (*hs->unit) {
		fput_visible(out, hs->unit, strlen(hs->unit));
		fputs(", ", out);
	}
	fprintf(out, "%s is better) changed at run %zu of %zu:\n", hs->better,
	    cp->index + 1, hs->npt);
	fprintf(out, "  the mean of the %zu run%s before: %s\n", cp->nbefore,
	    cp->nbefore == 1 ? "" : "s", fmt_num(a, sizeof(a),
	    cp->mean_before));
	fprintf(out, "  the mean of the %zu run%s from it: %s\n", cp->nafter,
	    cp->nafter == 1 ? "" : "s", fmt_num(a, sizeof(a), cp->mean_after));
	fprintf(out, "  change %s, p = %.3g (E-Divisive means, Student's t, "
	    "p < %g)\n", change, cp->p, h->opts.pvalue);
	fputs("  unit of evidence: the run (each run's median, the runs before "
	    "against\n  the runs after: run-to-run variation included)\n\n",
	    out);
	point_line(out, "last run before:", h, hs, cp->index - 1);
	point_line(out, "first run after:", h, hs, cp->index);
	fprintf(out, "  (%d%% intervals of each run's median over its samples: "
	    "within the run)\n\n", HISTORY_LEVEL);

	if (run_facts(s, after->uuid, &facts) == -1)
		fprintf(out, "machine: not read: %s\n", store_error(s));
	else
		machine_line(out, &facts);
	kv_clear(&facts);

	fputs("\nreproduce:\n", out);
	strlist_add(&w, "kbench");
	strlist_add(&w, "-d");
	strlist_add(&w, store_path(s));
	strlist_add(&w, "trend");
	selection_words(&w, f, hs);
	command_line(out, &w);
	strlist_free(&w);
	/* The uuid's first 8 digits name the review directory. */
	snprintf(dir, sizeof(dir), "review-%.8s", after->uuid);
	strlist_add(&w, "kbench");
	strlist_add(&w, "-d");
	strlist_add(&w, store_path(s));
	strlist_add(&w, "report");
	strlist_add(&w, "--compare");
	strlist_add(&w, before->uuid);
	strlist_add(&w, after->uuid);
	selection_words(&w, f, hs);
	strlist_add(&w, "-o");
	strlist_add(&w, dir);
	command_line(out, &w);
	strlist_free(&w);
	fputs("\n", out);
}

int
trend_mail_new(FILE *out, struct store *s, const struct history *h,
    const struct filter *f, size_t *nnew)
{
	const struct hseries *hs;
	struct trend_cp *old;
	size_t i, j, nold;
	int ran;

	*nnew = 0;
	for (i = 0; i < h->ns; i++) {
		hs = h->s[i];
		if (hs->ncp == 0)
			continue;
		if (before_tonight(h, hs, &old, &nold, &ran) == -1)
			return -1;
		for (j = 0; ran && j < hs->ncp; j++) {
			if (hs->cp[j].index == 0 ||
			    !history_regressed(hs, &hs->cp[j]) ||
			    seen_before(&hs->cp[j], old, nold))
				continue;
			mail(out, s, h, hs, &hs->cp[j], f);
			(*nnew)++;
		}
		free(old);
	}
	return 0;
}
