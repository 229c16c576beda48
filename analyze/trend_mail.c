/*
 * trend_mail.c: kbench trend --new-regressions, the nightly's mail.  One
 * report per regression that the newest run of the history brought to
 * light, in the shape kernel developers know from the kernel test robot:
 * a subject line, what changed and at which run, before and after with
 * their intervals and p, the machine, and the commands that show it
 * again.  Cron mails whatever a job prints, so nightly -q prints these
 * and nothing else: no mail on a quiet night.
 *
 * "New" is decided without any state, from the history alone: a change
 * point at the mail's level (a fifth of --pvalue) that has stood in the
 * history as it was on each of the last confirm + 1 runs of its series
 * and was never before reported (trend_new_regressions: one run apart
 * counts as the same point, a run more can move a split by one).  A
 * rerun night reports again; a merged database is judged alike.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbench_exit.h"
#include "analyze/history.h"
#include "analyze/format.h"
#include "analyze/trend_mail.h"

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
	fprintf(out, ", n %zu, run ", pt->n);
	fput_visible(out, r->uuid, strlen(r->uuid));
	fputs("\n", out);
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
	/*
	 * A newline stays a newline inside sh's quotes: in a mail it would
	 * start a line of its own ("Subject: ..."), so it is shown, and
	 * said.
	 */
	fputs("  ", out);
	fput_visible(out, sb_str(&sb), sb.len);
	fputs(strchr(sb_str(&sb), '\n') != NULL ? "\n  (each \\n above is "
	    "a newline: type it as one)\n" : "\n", out);
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
	for (i = 0; i < f->runs.n; i++) {
		strlist_add(w, "--run");
		strlist_add(w, f->runs.v[i]);
	}
	if (f->include_incomplete)
		strlist_add(w, "--incomplete");
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

/*
 * The review directory: the uuid's first 8 characters, when they are
 * letters, digits or '-' (an imported uuid can be any text: no file
 * name of controls or slashes), else "review".
 */
static void
review_dir(char *dir, size_t size, const char *uuid)
{
	size_t n = strnlen(uuid, 8);

	if (n > 0 && strspn(uuid, "0123456789abcdefABCDEF-") >= n)
		snprintf(dir, size, "review-%.8s", uuid);
	else
		snprintf(dir, size, "review");
}

/* The history's options as given: the trend command shows the same. */
static void
history_words(struct strlist *w, const struct history *h, long last)
{
	char buf[32];

	if (h->since != NULL) {
		strlist_add(w, "--since");
		strlist_add(w, h->since);
	}
	if (last > 0) {
		snprintf(buf, sizeof(buf), "%ld", last);
		strlist_add(w, "--last");
		strlist_add(w, buf);
	}
	if (h->order_by != NULL) {
		strlist_add(w, "--order-by");
		strlist_add(w, h->order_by);
	}
	if (h->threshold_text != NULL) {
		strlist_add(w, "--threshold");
		strlist_add(w, h->threshold_text);
	}
	if (h->pvalue_text != NULL) {
		strlist_add(w, "--pvalue");
		strlist_add(w, h->pvalue_text);
	}
}

/* "+6.55%", or "40 -> 42" from a mean of 0 (no ratio). */
static const char *
change_text(char *buf, size_t size, const struct trend_cp *cp)
{
	char a[80], b[80];

	if (isnan(cp->change))
		snprintf(buf, size, "%s -> %s", fmt_num(a, sizeof(a),
		    cp->mean_before), fmt_num(b, sizeof(b), cp->mean_after));
	else
		format_pct(buf, size, cp->change);
	return buf;
}

/* What the mail asked of the change before it was sent. */
struct mail_rule {
	double	level;		/* p < level */
	size_t	confirm;	/* held on this many runs since it appeared */
	long	last;		/* --last as given: each history's window */
	size_t	lo;		/* the series' first point in tonight's */
};

/* How the change was found, and confirmed. */
static void
evidence_lines(FILE *out, const struct history *h, const struct hseries *hs,
    const struct trend_cp *cp, const struct mail_rule *rule)
{
	const struct hrun *seen;
	char a[200];

	fprintf(out, "  change %s, p = %.3g (E-Divisive means, Student's t, "
	    "p < %g:\n", change_text(a, sizeof(a), cp), cp->p, rule->level);
	fprintf(out, "  a fifth of --pvalue %g, as the series is looked at "
	    "every night)\n", h->opts.pvalue);
	if (rule->confirm == 0) {
		fputs("  found on the newest run, not confirmed (--confirm 0)\n",
		    out);
		return;
	}
	seen = &h->run[hs->pt[hs->npt - 1 - rule->confirm].pos];
	fputs("  confirmed: found on ", out);
	fput_visible(out, seen->label, strlen(seen->label));
	fprintf(out, " (%.10s) and held on the %zu run%s since (--confirm "
	    "%zu)\n", seen->started, rule->confirm, rule->confirm == 1 ? "" :
	    "s", rule->confirm);
}

static void
mail(FILE *out, struct store *s, const struct history *h,
    const struct hseries *hs, const struct trend_cp *cp,
    const struct filter *f, const struct mail_rule *rule)
{
	const struct hrun *after = &h->run[hs->pt[cp->index].pos];
	const struct hrun *before = &h->run[hs->pt[cp->index - 1].pos];
	struct kvlist facts = KVLIST_INIT;
	struct strlist w = { NULL, 0 };
	const char *name = *hs->name ? hs->name : "(no keys)";
	char a[80], change[200], dir[40];

	change_text(change, sizeof(change), cp);
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
	    cp->index - rule->lo + 1, hs->npt - rule->lo);
	fprintf(out, "  the mean of the %zu run%s before: %s\n", cp->nbefore,
	    cp->nbefore == 1 ? "" : "s", fmt_num(a, sizeof(a),
	    cp->mean_before));
	fprintf(out, "  the mean of the %zu run%s from it: %s\n", cp->nafter,
	    cp->nafter == 1 ? "" : "s", fmt_num(a, sizeof(a), cp->mean_after));
	evidence_lines(out, h, hs, cp, rule);
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
	strlist_add(&w, store_location_public(s));
	strlist_add(&w, "trend");
	history_words(&w, h, rule->last);
	selection_words(&w, f, hs);
	command_line(out, &w);
	strlist_free(&w);
	review_dir(dir, sizeof(dir), after->uuid);
	strlist_add(&w, "kbench");
	strlist_add(&w, "-d");
	strlist_add(&w, store_location_public(s));
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

/*
 * Did hs run tonight: its newest point in the newest runs that share
 * the newest run's label (a nightly's collections, one run each, are
 * its night's label)?  A series that did not has nothing new.
 */
static int
ran_tonight(const struct history *h, const struct hseries *hs)
{
	const char *night = h->run[h->nrun - 1].label;
	size_t pos;

	if (hs->npt == 0)
		return 0;
	for (pos = h->nrun; pos-- > 0 && strcmp(h->run[pos].label, night) == 0; )
		if (hs->pt[hs->npt - 1].pos == pos)
			return 1;
	return 0;
}

/*
 * from[m]: the first point of hs's history of m points under --last N,
 * the points of the last N runs up to its newest (tonight: up to the
 * newest run, as the table has them).
 */
static size_t *
windows(const struct history *h, const struct hseries *hs, long last)
{
	size_t *from, m, k = 0, end;

	if (last <= 0)
		return NULL;
	from = xcalloc(hs->npt + 1, sizeof(*from));
	for (m = 1; m <= hs->npt; m++) {
		end = m == hs->npt ? h->nrun - 1 : hs->pt[m - 1].pos;
		while (k < m - 1 && hs->pt[k].pos + (size_t)last <= end)
			k++;
		from[m] = k;
	}
	return from;
}

/*
 * The regressions of hs to mail tonight, in *cp (the caller frees),
 * found as the table finds them, kept at the mail's level once
 * confirmed.  -1 when out of memory.
 */
static int
mail_candidates(const struct history *h, const struct hseries *hs,
    struct mail_rule *rule, struct trend_cp **cp, size_t *ncp)
{
	struct trend_mail_rule r;
	double *x;
	size_t k, *from;
	int rc;

	*cp = NULL;
	*ncp = 0;
	if (!ran_tonight(h, hs))
		return 0;
	x = xcalloc(hs->npt, sizeof(*x));
	for (k = 0; k < hs->npt; k++)
		x[k] = hs->pt[k].median;
	from = windows(h, hs, rule->last);
	rule->lo = from != NULL ? from[hs->npt] : 0;
	r.level = rule->level;
	r.confirm = rule->confirm;
	r.worse = strcmp(hs->better, "higher") == 0 ? -1 : 1;
	r.from = from;
	rc = trend_new_regressions(x, hs->npt, &h->opts, &r, cp, ncp);
	free(from);
	free(x);
	return rc == STATS_OK ? 0 : -1;
}

int
trend_mail_new(FILE *out, struct store *s, const struct history *h,
    const struct filter *f, size_t confirm, long last, size_t *nnew)
{
	struct mail_rule rule = { h->opts.pvalue / MAIL_LEVEL_DIVISOR,
	    confirm, last, 0 };
	struct trend_cp *cp;
	size_t i, k, ncp;
	int rc = 0;

	*nnew = 0;
	for (i = 0; i < h->ns && rc == 0 && h->nrun > 0; i++) {
		rc = mail_candidates(h, h->s[i], &rule, &cp, &ncp);
		for (k = 0; rc == 0 && k < ncp; k++) {
			mail(out, s, h, h->s[i], &cp[k], f, &rule);
			(*nnew)++;
		}
		free(cp);
	}
	return rc;
}
