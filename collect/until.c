/*
 * until.c: a collection that stops once its answer is known (until.h).
 */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "analyze/analysis.h"
#include "analyze/sequential.h"
#include "collect/collector.h"
#include "collect/until.h"
#include "db/filter.h"
#include "lib/stderr_guard.h"
#include "lib/strlist.h"

/* Without --max-rounds: the cap, as many rounds as issue 28's targets. */
#define UNTIL_MAX_ROUNDS	30

/* --until-where KEY=VALUE[,KEY=VALUE...]: 1, or -1 (said). */
static int
until_where_option(struct until *u, const char *arg, const char *who)
{
	struct strlist keys = { NULL, 0 }, values = { NULL, 0 };
	struct strbuf shown = STRBUF_INIT;
	size_t i;

	filter_spec_parts(arg, &keys, &values);
	if (keys.n == 0) {
		sb_add_visible(&shown, arg);
		warnx("%s: --until-where '%s': expected KEY=VALUE (a series key "
		    "of the matrix: method=select, usec=100)", who,
		    sb_str(&shown));
		sb_free(&shown);
		return -1;
	}
	for (i = 0; i < keys.n; i++) {
		strlist_add(&u->where_keys, keys.v[i]);
		strlist_add(&u->where_values, values.v[i]);
	}
	strlist_free(&keys);
	strlist_free(&values);
	return 1;
}

int
until_option(struct until *u, int opt, const char *arg, const char *who)
{
	long v;
	double p;

	switch (opt) {
	case COPT_UNTIL:
		if (strcmp(arg, "decided") == 0) {
			u->mode = UNTIL_DECIDED;
			return 1;
		}
		if (strncmp(arg, "precision=", 10) == 0 &&
		    arg[strlen(arg) - 1] == '%') {
			char *num = xstrdup(arg + 10);

			num[strlen(num) - 1] = '\0';
			if (parse_double(num, &p) == 0 && p > 0 && p < 100) {
				free(num);
				u->mode = UNTIL_PRECISION;
				u->precision = p;
				return 1;
			}
			free(num);
		}
		warnx("%s: --until '%s': expected decided or precision=P%% "
		    "(0 < P < 100)", who, arg);
		return -1;
	case COPT_MAXROUNDS:
		if (parse_long(arg, 1, 100000, &v) == -1) {
			warnx("%s: --max-rounds %s: expected a number of rounds "
			    "from 1 to 100000", who, arg);
			return -1;
		}
		u->max_rounds = (int)v;
		return 1;
	case COPT_BASELINE:
		u->baseline = arg;
		return 1;
	case COPT_UNTILWHERE:
		return until_where_option(u, arg, who);
	}
	return 0;
}

/*
 * A cell's value of key (to free; NULL without it), and its name without
 * it into rest ("hook=null,threads=1").
 */
static char *
cell_split(const char *name, const char *key, struct strbuf *rest)
{
	struct strlist keys = { NULL, 0 }, values = { NULL, 0 };
	char *value = NULL;
	size_t i;

	sb_reset(rest);
	filter_spec_parts(name, &keys, &values);
	for (i = 0; i < keys.n; i++)
		if (strcmp(keys.v[i], key) == 0)
			value = xstrdup(values.v[i]);
		else {
			if (rest->len > 0)
				sb_add(rest, ",", 1);
			filter_part_text(rest, keys.v[i], values.v[i]);
		}
	strlist_free(&keys);
	strlist_free(&values);
	return value;
}

/*
 * The two values of key among c's cells, into vals, and each value's
 * cells without the key, into rest[0] and rest[1] (more values: vals
 * holds them all).
 */
static void
cell_sides(const struct collection *c, const char *key,
    struct strlist *vals, struct strlist rest[2])
{
	struct strbuf r = STRBUF_INIT;
	char *v;
	size_t i, k;

	for (i = 0; i < c->ncells; i++) {
		if ((v = cell_split(c->cells[i].name, key, &r)) == NULL)
			continue;
		strlist_add_distinct(vals, v);
		k = strlist_index(vals, v);
		if (k < 2)
			strlist_add(&rest[k], sb_str(&r));
		free(v);
	}
	sb_free(&r);
}

/* Is every cell of one side's there on the other?  Else said. */
static int
sides_pair(const struct until *u, const struct strlist rest[2],
    const char *who)
{
	size_t s, i;

	for (s = 0; s < 2; s++)
		for (i = 0; i < rest[s].n; i++)
			if (!strlist_has(&rest[1 - s], rest[s].v[i])) {
				warnx("%s: --until: %s has %s, %s has not: the "
				    "sides must be the same cells (a pair each)",
				    who, s == 0 ? u->side_a : u->side_b,
				    *rest[s].v[i] ? rest[s].v[i] : "its cell",
				    s == 0 ? u->side_b : u->side_a);
				return -1;
			}
	return 0;
}

/*
 * Does a series of these keys (NAME=VALUE parts) pass --until-where:
 * for each key named, its value one of those given?
 */
static int
where_match(const struct until *u, const struct strlist *keys,
    const struct strlist *values)
{
	const char *have;
	size_t i, k, at;
	int hit;

	for (i = 0; i < u->where_keys.n; i++) {
		at = strlist_index(keys, u->where_keys.v[i]);
		have = at < keys->n ? values->v[at] : NULL;
		hit = 0;
		for (k = 0; k < u->where_keys.n && have != NULL && !hit; k++)
			hit = strcmp(u->where_keys.v[k], u->where_keys.v[i]) ==
			    0 && strcmp(u->where_values.v[k], have) == 0;
		if (!hit)
			return 0;
	}
	return 1;
}

/* Does cell name (its series) pass --until-where? */
static int
cell_watched(const struct until *u, const char *name)
{
	struct strlist keys = { NULL, 0 }, values = { NULL, 0 };
	int rc;

	filter_spec_parts(name, &keys, &values);
	rc = where_match(u, &keys, &values);
	strlist_free(&keys);
	strlist_free(&values);
	return rc;
}

/*
 * --until-where against the matrix: each key a series key of it, not
 * the one the sides compare, and some cell named.  0, or -1 (said).
 */
static int
where_check(struct until *u, const struct collection *c, const char *who)
{
	struct strlist keys = { NULL, 0 }, values = { NULL, 0 };
	size_t i, k, nkey = 0;

	if (u->where_keys.n == 0)
		return 0;
	for (i = 0; i < u->where_keys.n; i++) {
		if (u->key != NULL && strcmp(u->where_keys.v[i], u->key) == 0) {
			warnx("%s: --until-where %s: the key --until compares "
			    "the values of (name the other keys)", who, u->key);
			return -1;
		}
		for (k = 0, nkey = 0; k < c->ncells && nkey == 0; k++) {
			filter_spec_parts(c->cells[k].name, &keys, &values);
			nkey += strlist_index(&keys, u->where_keys.v[i]) <
			    keys.n;
			strlist_free(&keys);
			strlist_free(&values);
		}
		if (nkey == 0) {
			warnx("%s: --until-where: %s is not a series key of "
			    "this matrix", who, u->where_keys.v[i]);
			return -1;
		}
	}
	for (k = 0; k < c->ncells; k++)
		u->watched += cell_watched(u, c->cells[k].name);
	if (u->watched == 0) {
		warnx("%s: --until-where: names no cell of this matrix", who);
		return -1;
	}
	return 0;
}

/*
 * The sides of the run itself: two values of the interleaved key, the
 * same cells each.  0, or -1 (said).
 */
static int
interleaved_sides(struct until *u, const struct collection *c,
    const char *key, const char *who)
{
	struct strlist vals = { NULL, 0 }, rest[2] = { { NULL, 0 },
	    { NULL, 0 } };
	struct strbuf sb = STRBUF_INIT;
	int rc = -1;

	if (key == NULL) {
		warnx("%s: --until: this benchmark interleaves no key to "
		    "compare (its descriptor names none): give --baseline RUN",
		    who);
		return -1;
	}
	/* A fact of that name would be a side's selector too. */
	if (kv_get(&c->facts, key) != NULL) {
		warnx("%s: --until: --meta %s: the key --until compares the "
		    "values of", who, key);
		return -1;
	}
	u->key = key;
	cell_sides(c, key, &vals, rest);
	if (vals.n != 2) {
		warnx("%s: --until compares two values of %s collected in the "
		    "same rounds (%s), or the run with --baseline RUN; this "
		    "matrix has %zu", who, key, strcmp(key, "head") == 0 ?
		    "-H rw,rm" : "-m nanosleep,select", vals.n);
		goto out;
	}
	filter_part_text(&sb, key, vals.v[0]);
	u->side_a = xstrdup(sb_str(&sb));
	sb_reset(&sb);
	filter_part_text(&sb, key, vals.v[1]);
	u->side_b = xstrdup(sb_str(&sb));
	if (sides_pair(u, rest, who) == -1)
		goto out;
	u->nseries = rest[0].n;
	rc = 0;
out:
	strlist_free(&vals);
	strlist_free(&rest[0]);
	strlist_free(&rest[1]);
	sb_free(&sb);
	return rc;
}

int
until_prepare(struct until *u, struct collection *c, const char *key,
    const char *who)
{
	double alpha;

	if (u->mode == UNTIL_NONE) {
		if (u->max_rounds == 0 && u->baseline == NULL &&
		    u->where_keys.n == 0)
			return 0;
		warnx("%s: %s: give --until decided or --until precision=P%%, "
		    "or -r N", who, u->baseline != NULL ? "--baseline is the "
		    "side --until compares against" : u->where_keys.n > 0 ?
		    "--until-where names the series --until waits for" :
		    "--max-rounds is the cap of --until");
		return -1;
	}
	if (u->rounds_given) {
		warnx("%s: -r and --until: the rounds are --until's to decide, "
		    "up to --max-rounds (default %d)", who, UNTIL_MAX_ROUNDS);
		return -1;
	}
	/* Against a stored run, every cell is a series (until_baseline). */
	if (u->baseline != NULL)
		u->nseries = c->ncells;
	else if (interleaved_sides(u, c, key, who) == -1)
		return -1;
	if (where_check(u, c, who) == -1)
		return -1;
	/* The level each interval is held to: Bonferroni over the series. */
	alpha = 0.05 / (double)(u->nseries > 1 ? u->nseries : 1);
	u->need = seq_min_rounds(alpha, SEQ_C);
	if (u->max_rounds == 0)
		u->max_rounds = UNTIL_MAX_ROUNDS > (int)u->need ?
		    UNTIL_MAX_ROUNDS : (int)u->need;
	if ((size_t)u->max_rounds < u->need) {
		warnx("%s: --max-rounds %d: with %zu series a side the sequence "
		    "cannot decide before round %zu: --max-rounds %zu at least",
		    who, u->max_rounds, u->nseries, u->need, u->need);
		return -1;
	}
	c->rounds = u->max_rounds;
	return 0;
}

/* The runs a selection names: their uuids (and labels, when asked). */
struct found_runs {
	struct strlist	uuids, labels;
};

static int
keep_uuid(const struct run_row *row, void *arg)
{
	struct found_runs *fr = arg;

	strlist_add(&fr->uuids, row->info.uuid);
	strlist_add(&fr->labels, row->info.label);
	return 0;
}

/*
 * The complete runs of c's benchmark --baseline names into fr: by its
 * whole uuid first (a label that is another run's uuid does not hide
 * it), else as analyze --compare reads a side.  0, -1 (the store) or
 * -2 (a bad side, said into err).
 */
static int
baseline_find(struct until *u, struct store *s, const struct collection *c,
    struct found_runs *fr, struct strbuf *err)
{
	struct filter f;
	int rc = 0;

	memset(&f, 0, sizeof(f));
	strlist_add(&f.benchmarks, c->benchmark);
	strlist_add(&f.where_keys, "uuid");
	strlist_add(&f.where_values, u->baseline);
	if (store_each_run(s, &f, keep_uuid, fr) == -1)
		rc = -1;
	filter_free(&f);
	if (rc != 0 || fr->uuids.n > 0)
		return rc;
	strlist_add(&f.benchmarks, c->benchmark);
	if ((rc = analysis_select_side(s, &f, u->baseline, err)) == 0 &&
	    store_each_run(s, &f, keep_uuid, fr) == -1)
		rc = -1;
	filter_free(&f);
	return rc;
}

/*
 * The one complete run of c's benchmark that --baseline names, as a
 * side ("uuid=..."), into u->side_a, and the run's fact baseline_run.
 * 0, -1 (said) or -2 (the store failed: said).
 */
static int
baseline_run(struct until *u, struct store *s, struct collection *c,
    const char *who, struct strbuf *shown)
{
	struct found_runs fr = { { NULL, 0 }, { NULL, 0 } };
	struct strbuf err = STRBUF_INIT;
	int rc;

	if ((rc = baseline_find(u, s, c, &fr, &err)) == -2)
		warnx("%s: --baseline: %s", who, sb_str(&err));
	if (rc == -1) {
		warnx("%s: --baseline %s: %s", who, sb_str(shown),
		    store_error(s));
		rc = -2;
	} else if (rc == 0 && fr.uuids.n != 1) {
		warnx("%s: --baseline %s: %s: name one run (its id or uuid: "
		    "kbench runs -b %s)", who, sb_str(shown), fr.uuids.n == 0 ?
		    "no complete run of this benchmark has that label or id" :
		    "more than one complete run of this benchmark has it",
		    c->benchmark);
		rc = -1;
	} else if (rc == 0 && c->label != NULL &&
	    strcmp(c->label, fr.labels.v[0]) == 0) {
		/* Then the label would name both runs: no side of its own. */
		warnx("%s: --baseline %s: this run's label is the baseline's: "
		    "give it another (-l)", who, sb_str(shown));
		rc = -1;
	} else if (rc == 0) {
		sb_reset(&err);
		sb_addf(&err, "uuid=%s", fr.uuids.v[0]);
		u->side_a = xstrdup(sb_str(&err));
		kv_set(&c->facts, "baseline_run", fr.uuids.v[0]);
	} else
		rc = -1;
	strlist_free(&fr.uuids);
	strlist_free(&fr.labels);
	sb_free(&err);
	return rc;
}

/*
 * The fewest rounds the baseline has of a cell of c, or 0 (said) when
 * a cell is missing or has no rounds recorded.
 */
static size_t
baseline_rounds(const struct collection *c, const struct groupset *gs,
    const char *who, const struct strbuf *shown)
{
	struct strbuf missing = STRBUF_INIT;
	const struct group *g;
	size_t i, k, nmiss = 0, least = SIZE_MAX;

	for (i = 0; i < c->ncells; i++) {
		for (k = 0, g = NULL; k < gs->n && g == NULL; k++)
			if (strcmp(gs->g[k]->series, c->cells[i].name) == 0)
				g = gs->g[k];
		if (g == NULL || !group_has_rounds(g)) {
			if (nmiss++ < 5) {
				sb_adds(&missing, nmiss > 1 ? ", " : "");
				sb_add_visible(&missing, c->cells[i].name);
				sb_adds(&missing, g == NULL ? "" :
				    " (no rounds recorded)");
			}
			continue;
		}
		if (g->nu < least)
			least = g->nu;
	}
	if (nmiss > 0) {
		if (nmiss > 5)
			sb_addf(&missing, " and %zu more", nmiss - 5);
		warnx("%s: --baseline %s: the cells do not match: it lacks %s",
		    who, sb_str(shown), sb_str(&missing));
		least = 0;
	}
	sb_free(&missing);
	return least;
}

int
until_baseline(struct until *u, struct store *s, struct collection *c,
    const char *who)
{
	struct analysis an;
	struct filter f;
	struct strbuf shown = STRBUF_INIT, err = STRBUF_INIT;
	size_t rounds = 0;
	int rc;

	if (u->baseline == NULL || u->mode == UNTIL_NONE)
		return 0;
	sb_add_visible(&shown, u->baseline);
	if ((rc = baseline_run(u, s, c, who, &shown)) != 0) {
		sb_free(&shown);
		return rc;
	}
	memset(&f, 0, sizeof(f));
	analysis_init(&an, who);
	if (analysis_select_side(s, &f, u->side_a, &err) != 0 ||
	    analysis_run(s, &f, &an) == STATUS_DB) {
		warnx("%s: --baseline %s: %s", who, sb_str(&shown),
		    store_error(s));
		rc = -2;
	} else if ((rounds = baseline_rounds(c, &an.gs, who, &shown)) == 0)
		rc = -1;
	else if (rounds < u->need) {
		warnx("%s: --baseline %s has %zu round%s: with %zu series the "
		    "sequence cannot decide before round %zu", who,
		    sb_str(&shown), rounds, rounds == 1 ? "" : "s", u->nseries,
		    u->need);
		rc = -1;
	} else if (rounds < (size_t)c->rounds) {
		/* Round k is paired with the baseline's round k: no more. */
		if (!c->quiet)
			fprintf(stderr, "kbench %s: --baseline %s has %zu "
			    "rounds: at most %zu here\n", who, sb_str(&shown),
			    rounds, rounds);
		c->rounds = u->max_rounds = (int)rounds;
	}
	analysis_free(&an);
	filter_free(&f);
	sb_free(&shown);
	sb_free(&err);
	return rc;
}

/* Is c answered: decided, or (precision) its interval within +-P%? */
static int
answered(const struct until *u, const struct comparison *c)
{
	double half = (c->seq.hi - c->seq.lo) / 2;

	if (u->mode == UNTIL_DECIDED)
		return c->seq.decided_at > 0;
	/* A difference (values not all > 0): a percent of A's center. */
	if (c->scale != SCALE_RATIO)
		half /= fabs(c->center_a);
	return c->seq.done && isfinite(half) && 100 * half <= u->precision;
}

/*
 * The comparison of the run so far, as analyze --sequential reads it:
 * its two interleaved sides, or the baseline against it (the run as
 * "uuid=...", learnt once: a label of digits would pass for its id).
 */
static enum status
compare_run(struct until *u, struct store *s, int64_t run_id,
    struct analysis *an)
{
	struct filter f;
	struct found_runs fr = { { NULL, 0 }, { NULL, 0 } };
	struct strbuf err = STRBUF_INIT;
	char id[32];
	enum status rc = STATUS_BAD_INPUT;

	memset(&f, 0, sizeof(f));
	f.include_incomplete = 1;
	snprintf(id, sizeof(id), "%lld", (long long)run_id);
	if (filter_option(&f, FOPT_RUN, id, &err) != 1)
		goto out;
	if (u->baseline != NULL && u->self == NULL) {
		if (store_each_run(s, &f, keep_uuid, &fr) == -1 ||
		    fr.uuids.n != 1)
			goto out;
		sb_addf(&err, "uuid=%s", fr.uuids.v[0]);
		u->self = xstrdup(sb_str(&err));
	}
	an->compare = 1;
	an->sequential = 1;
	/* Its cells were checked against the baseline's: the rest is not ours. */
	an->pair_common = u->baseline != NULL;
	an->name_a = u->side_a;
	an->name_b = u->baseline != NULL ? u->self : u->side_b;
	if (u->baseline != NULL)
		filter_free(&f);	/* the sides select: the run, and one */
	f.include_incomplete = 1;
	rc = analysis_run(s, &f, an);
out:
	filter_free(&f);
	strlist_free(&fr.uuids);
	strlist_free(&fr.labels);
	sb_free(&err);
	return rc;
}

/* Is comparison c one --until-where names (all are without it)? */
static int
cmp_watched(const struct until *u, const struct comparison *c)
{
	struct strlist keys = { NULL, 0 }, values = { NULL, 0 };
	size_t i;
	int rc;

	if (u->where_keys.n == 0)
		return 1;
	for (i = 0; i < c->a->keys.n; i++) {
		strlist_add(&keys, c->a->keys.v[i].key);
		strlist_add(&values, c->a->keys.v[i].value);
	}
	rc = where_match(u, &keys, &values);
	strlist_free(&keys);
	strlist_free(&values);
	return rc;
}

int
until_check(struct until *u, struct store *s, int64_t run_id, int rounds,
    int progress)
{
	struct analysis an;
	enum status st;
	size_t i, was;
	int rc = -1;

	analysis_init(&an, "collect");
	/* Its warnings are the same each round: said the first time only. */
	stderr_once(1);
	st = compare_run(u, s, run_id, &an);
	stderr_once(0);
	if (st == STATUS_OK) {
		was = u->decided;
		u->decided = 0;
		u->watched = 0;
		for (i = 0; i < an.ncmp; i++)
			if (cmp_watched(u, &an.cmp[i])) {
				u->watched++;
				u->decided += answered(u, &an.cmp[i]);
			}
		rc = u->watched > 0 && u->decided == u->watched;
		if (u->watched == 0) {
			warnx("collect: --until: no series of the run pairs "
			    "with one of its sides': nothing to decide, stopped");
			u->broken = 1;
			rc = -1;
		}
		/* A line when it moves, on a terminal (a pipe may close). */
		if (progress && (u->decided != was || rc == 1 ||
		    rounds == u->max_rounds))
			fprintf(stderr, "round %d: %zu of %zu series %s%s\n",
			    rounds, u->decided, u->watched, u->mode ==
			    UNTIL_DECIDED ? "decided" : "within the precision",
			    u->where_keys.n > 0 ? " (those --until-where "
			    "names)" : "");
	} else {
		/* Said (above, and here): no answer will come. */
		warnx("collect: --until: the run's sides cannot be compared "
		    "(above): no answer can come, stopped");
		u->broken = 1;
	}
	analysis_free(&an);
	return rc;
}

const char *
until_reason(const struct until *u, int interrupted, int failed)
{
	if (interrupted)
		return "interrupted";
	if (failed)
		return "failed";
	if (u->broken)
		return "incomparable";
	if (u->stopped == 0)
		return "cap";
	return u->mode == UNTIL_DECIDED ? "decided" : "precision";
}

void
until_free(struct until *u)
{
	free(u->side_a);
	free(u->side_b);
	free(u->self);
	u->side_a = u->side_b = u->self = NULL;
	strlist_free(&u->where_keys);
	strlist_free(&u->where_values);
}
