/*
 * sides.c: the two sides of --compare A B: what each selects, and which
 * series of one pair with which of the other.
 *
 * A side is a label, a run, or KEY=VALUE parts joined by commas (a run
 * fact such as hz, a run column such as label, or a series key such as
 * head): "before", "hz=1000", "head=rw", "label=nightly,head=rw".  When
 * the sides fix a series key (head=rw against head=rm), series pair on
 * all their other keys, as benchstat pairs rows once a column is chosen:
 * one run collected with -H rw,rm compares its two heads hook by hook.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"

int
analysis_select_side(struct store *s, struct filter *f, const char *spec,
    struct strbuf *err)
{
	int found, nparts;

	if ((nparts = filter_add_spec(f, spec, "--compare", err)) == -1)
		return -2;
	if (nparts > 0)
		return 0;
	if (store_label_exists(s, spec, &found) == -1)
		return -1;
	if (found)
		strlist_add(&f->labels, spec);
	else
		strlist_add(&f->runs, spec);
	return 0;
}

/*
 * Do a and b measure alike: the same unit, the same better direction?
 * A ratio of microseconds to milliseconds, or a "lower is better"
 * change read as better, would be a wrong answer.  Else said.
 */
static int
same_measure(const struct analysis *an, const struct group *a,
    const struct group *b)
{
	struct strbuf sb = STRBUF_INIT;

	if (strcmp(a->unit, b->unit) == 0 && strcmp(a->better, b->better) == 0)
		return 1;
	sb_add_visible(&sb, a->series);
	sb_adds(&sb, ": ");
	sb_add_visible(&sb, a->unit);
	sb_addf(&sb, ", %s is better, in %s; ", a->better, an->name_a);
	sb_add_visible(&sb, b->unit);
	sb_addf(&sb, ", %s is better, in %s", b->better, an->name_b);
	warnx("%s: --compare: %s: not the same measure", an->cmdname,
	    sb_str(&sb));
	sb_free(&sb);
	return 0;
}

/* The series keys among the keys the sides fix: what the sides are along. */
static void
side_keys(struct analysis *an)
{
	struct strlist keys = { NULL, 0 }, values = { NULL, 0 };
	size_t i;

	filter_spec_parts(an->name_a, &keys, &values);
	filter_spec_parts(an->name_b, &keys, &values);
	for (i = 0; i < keys.n; i++)
		if ((strlist_has(&an->ga.keynames, keys.v[i]) ||
		    strlist_has(&an->gb.keynames, keys.v[i])) &&
		    !strlist_has(&an->sidekeys, keys.v[i]))
			strlist_add(&an->sidekeys, keys.v[i]);
	strlist_free(&keys);
	strlist_free(&values);
}

/* A group's identity for pairing: its keys but the dropped ones. */
static void
pair_name(const struct group *g, const struct strlist *drop, const char *more,
    struct strbuf *out)
{
	size_t i;

	sb_reset(out);
	for (i = 0; i < g->keys.n; i++) {
		if (strlist_has(drop, g->keys.v[i].key) ||
		    (more != NULL && strcmp(g->keys.v[i].key, more) == 0))
			continue;
		sb_addf(out, "%s%s=%s", out->len ? "," : "", g->keys.v[i].key,
		    g->keys.v[i].value);
	}
}

/*
 * Index side k by identity (dropping the side keys and more).  Returns
 * the first group whose identity another group of the side shares, or
 * NULL when the index is one to one.
 */
static const struct group *
index_side(const struct groupset *gs, const struct strlist *drop,
    const char *more, struct strmap *idx)
{
	struct strbuf name = STRBUF_INIT;
	const struct group *dup = NULL;
	size_t i;

	for (i = 0; i < gs->n; i++) {
		pair_name(gs->g[i], drop, more, &name);
		if (strmap_get(idx, sb_str(&name)) != NULL && dup == NULL)
			dup = gs->g[i];
		strmap_put(idx, sb_str(&name), gs->g[i]);
	}
	sb_free(&name);
	return dup;
}

/* Do the sides pair one to one once more is dropped too?  Its values then. */
static int
pairs_without(const struct analysis *an, const char *more, const char **va,
    const char **vb)
{
	struct strmap ia = STRMAP_INIT, ib = STRMAP_INIT;
	struct strbuf name = STRBUF_INIT;
	size_t i;
	int ok;

	ok = index_side(&an->ga, &an->sidekeys, more, &ia) == NULL &&
	    index_side(&an->gb, &an->sidekeys, more, &ib) == NULL &&
	    ia.n == ib.n;
	for (i = 0; ok && i < an->ga.n; i++) {
		pair_name(an->ga.g[i], &an->sidekeys, more, &name);
		ok = strmap_get(&ib, sb_str(&name)) != NULL;
	}
	/* One value a side: a selector can name it. */
	*va = *vb = NULL;
	for (i = 0; ok && i < an->ga.n + an->gb.n; i++) {
		const struct group *g = i < an->ga.n ? an->ga.g[i] :
		    an->gb.g[i - an->ga.n];
		const char **v = i < an->ga.n ? va : vb;
		const char *x = kv_get(&g->keys, more);

		if (x == NULL || (*v != NULL && strcmp(*v, x) != 0))
			ok = 0;
		*v = x;
	}
	strmap_free(&ia);
	strmap_free(&ib);
	sb_free(&name);
	return ok;
}

/* A side as a conjunction's first part: a label becomes label=L. */
static void
as_part(struct store *s, const char *spec, struct strbuf *out)
{
	struct strlist keys = { NULL, 0 }, values = { NULL, 0 };
	int found = 0;

	filter_spec_parts(spec, &keys, &values);
	/* A bare word names a label when one exists; anything else as is. */
	if (keys.n == 0 && store_label_exists(s, spec, &found) == 0 && found)
		filter_part_text(out, "label", spec);
	else
		sb_adds(out, spec);
	strlist_free(&keys);
	strlist_free(&values);
}

/*
 * The --compare that would pair sides that do not: when dropping one
 * more key pairs every series, and each side has one value of it.
 */
static void
suggest(struct store *s, const struct analysis *an, struct strbuf *out)
{
	const char *va, *vb;
	size_t i;

	for (i = 0; i < an->ga.keynames.n; i++) {
		if (strlist_has(&an->sidekeys, an->ga.keynames.v[i]) ||
		    !pairs_without(an, an->ga.keynames.v[i], &va, &vb))
			continue;
		sb_addf(out, "\nthe sides differ in the series key %s (%s in %s, "
		    "%s in %s): to compare along it, --compare ",
		    an->ga.keynames.v[i], va, an->name_a, vb, an->name_b);
		as_part(s, an->name_a, out);
		sb_adds(out, ",");
		filter_part_text(out, an->ga.keynames.v[i], va);
		sb_adds(out, " ");
		as_part(s, an->name_b, out);
		sb_adds(out, ",");
		filter_part_text(out, an->ga.keynames.v[i], vb);
		return;
	}
	sb_adds(out, "\nnarrow the selection (--where, -b) to the series both "
	    "have");
}

/* The union of both sides' key names but the side keys. */
static void
union_keys(struct analysis *an)
{
	const struct strlist *l[2] = { &an->ga.keynames, &an->gb.keynames };
	size_t i, k;

	for (k = 0; k < 2; k++)
		for (i = 0; i < l[k]->n; i++)
			if (!strlist_has(&an->keynames, l[k]->v[i]) &&
			    !strlist_has(&an->sidekeys, l[k]->v[i]))
				strlist_add(&an->keynames, l[k]->v[i]);
}

/* The side keys spec fixes, into l and ", "-joined into out. */
static void
fixed_keys(const struct analysis *an, const char *spec, struct strlist *l,
    struct strbuf *out)
{
	struct strlist keys = { NULL, 0 }, values = { NULL, 0 };
	size_t i;

	filter_spec_parts(spec, &keys, &values);
	for (i = 0; i < keys.n; i++)
		if (strlist_has(&an->sidekeys, keys.v[i])) {
			sb_addf(out, "%s%s", l->n ? ", " : "", keys.v[i]);
			strlist_add(l, keys.v[i]);
		}
	strlist_free(&keys);
	strlist_free(&values);
}

/* Do a and b hold the same strings? */
static int
same_set(const struct strlist *a, const struct strlist *b)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		if (!strlist_has(b, a->v[i]))
			return 0;
	for (i = 0; i < b->n; i++)
		if (!strlist_has(a, b->v[i]))
			return 0;
	return 1;
}

/*
 * Sides that both fix series keys must fix the same ones: head=rw
 * against hook=mtx pairs nothing with anything.  (A side that fixes none
 * is a label or a run, whose series may vary in the other's key alone.)
 */
static int
fixes_differ(const struct analysis *an)
{
	struct strlist la = { NULL, 0 }, lb = { NULL, 0 };
	struct strbuf fa = STRBUF_INIT, fb = STRBUF_INIT;
	int differ;

	fixed_keys(an, an->name_a, &la, &fa);
	fixed_keys(an, an->name_b, &lb, &fb);
	differ = la.n > 0 && lb.n > 0 && !same_set(&la, &lb);
	if (differ && la.n == 1 && lb.n == 1)
		warnx("%s: --compare: the sides fix different series keys (%s: "
		    "%s; %s: %s): fix the same keys on both sides, e.g. "
		    "--compare %s,%s=V %s,%s=W", an->cmdname, an->name_a,
		    sb_str(&fa), an->name_b, sb_str(&fb), an->name_a,
		    sb_str(&fb), an->name_b, sb_str(&fa));
	else if (differ)
		warnx("%s: --compare: the sides fix different series keys (%s: "
		    "%s; %s: %s): fix the same keys on both sides",
		    an->cmdname, an->name_a, sb_str(&fa), an->name_b,
		    sb_str(&fb));
	strlist_free(&la);
	strlist_free(&lb);
	sb_free(&fa);
	sb_free(&fb);
	return differ;
}

/* side_impl's answer when a side's runs name several implementations. */
static const char several_impls[] = "several implementations";

/*
 * The implementation a side's runs name for a series key's value (the
 * fact "head_impl.rm" of head=rm: "ck_brlock(spin)"), if they name one
 * and all the same; NULL when none does, several_impls when they
 * disagree.
 */
static const char *
side_impl(const struct groupset *gs, const char *fact)
{
	const char *v, *impl = NULL;
	size_t i;

	for (i = 0; i < gs->nruns; i++) {
		if ((v = kv_get(&gs->runs[i].facts, fact)) == NULL)
			continue;
		if (impl != NULL && strcmp(impl, v) != 0)
			return several_impls;
		impl = v;
	}
	return impl;
}

/* An implementation as messages show it: quoted, never raw. */
static void
impl_text(struct strbuf *sb, const char *impl)
{
	if (impl == NULL)
		sb_adds(sb, "not recorded");
	else if (impl == several_impls)
		sb_adds(sb, impl);
	else {
		sb_adds(sb, "'");
		sb_add_visible(sb, impl);
		sb_adds(sb, "'");
	}
}

/*
 * Is KEY=VALUE of comparison i a lock two sides implement apart?  1 when
 * both name it and differ, 2 when one side alone names it (an older
 * run): said in ta and tb either way.
 */
static int
impl_of(const struct analysis *an, size_t i, const struct kv *key,
    struct strbuf *fact, struct strbuf *ta, struct strbuf *tb)
{
	const char *ia, *ib, *vb;

	vb = kv_get(&an->cmp[i].b->keys, key->key);
	if (vb == NULL || strcmp(vb, key->value) != 0)
		return 0;			/* the key the sides differ in */
	sb_reset(fact);
	sb_addf(fact, "%s_impl.%s", key->key, key->value);
	ia = side_impl(&an->ga, sb_str(fact));
	ib = side_impl(&an->gb, sb_str(fact));
	if ((ia == NULL && ib == NULL) ||
	    (ia != NULL && ib != NULL && ia != several_impls &&
	    ib != several_impls && strcmp(ia, ib) == 0))
		return 0;
	sb_reset(ta);
	sb_reset(tb);
	impl_text(ta, ia);
	impl_text(tb, ib);
	return ia == NULL || ib == NULL ? 2 : 1;
}

/*
 * Do the sides pair a series whose key names one lock in two
 * implementations (head=rm: ck_brlock in user space, percpu_rw_semaphore
 * in Linux, rmlock(9) in FreeBSD)?  Said, naming the first; the
 * programs record each name's implementation as KEY_impl.VALUE facts.  A
 * side that does not record it (a run from before) is said, not refused.
 */
static int
impl_differs(const struct analysis *an)
{
	struct strbuf fact = STRBUF_INIT, ta = STRBUF_INIT, tb = STRBUF_INIT;
	const struct group *g;
	size_t i, k;
	int differ = 0, unknown = 0, r;

	for (i = 0; i < an->ncmp && !differ; i++) {
		g = an->cmp[i].a;
		for (k = 0; k < g->keys.n && !differ; k++) {
			if ((r = impl_of(an, i, &g->keys.v[k], &fact, &ta,
			    &tb)) == 0 || (r == 2 && unknown++ > 0))
				continue;
			warnx("%s: --compare: %s=%s is %s in %s and %s in %s%s",
			    an->cmdname, g->keys.v[k].key, g->keys.v[k].value,
			    sb_str(&ta), an->name_a, sb_str(&tb), an->name_b,
			    r == 2 ? ": compared as one lock, which a run that "
			    "does not record it may not be" : ": two locks that "
			    "share a name, not one; compare like with like, or "
			    "add --any-impl to compare them anyway");
			differ = r == 1;
		}
	}
	sb_free(&fact);
	sb_free(&ta);
	sb_free(&tb);
	return differ;
}

int
analysis_pair_sides(struct store *s, struct analysis *an)
{
	struct strmap idx[2] = { STRMAP_INIT, STRMAP_INIT };
	struct strbuf name = STRBUF_INIT, only = STRBUF_INIT;
	struct groupset *side[2] = { &an->ga, &an->gb };
	const char *sname[2] = { an->name_a, an->name_b };
	const struct group *dup, *other;
	struct compare_opts o = analysis_compare_opts(an);
	size_t i, k, missing = 0;
	int rc = -1;

	side_keys(an);
	if (fixes_differ(an))
		return -1;
	for (k = 0; k < 2; k++)
		if ((dup = index_side(side[k], &an->sidekeys, NULL, &idx[k])) !=
		    NULL) {
			pair_name(dup, &an->sidekeys, NULL, &name);
			warnx("%s: --compare: %s holds several series for '%s': "
			    "fix the key that tells them apart on both sides "
			    "(e.g. --compare %s,KEY=V %s,KEY=W)", an->cmdname,
			    sname[k], sb_str(&name), an->name_a, an->name_b);
			goto out;
		}
	an->cmp = xcalloc(an->ga.n ? an->ga.n : 1, sizeof(*an->cmp));
	for (k = 0; k < 2; k++)
		for (i = 0; i < side[k]->n; i++) {
			pair_name(side[k]->g[i], &an->sidekeys, NULL, &name);
			other = strmap_get(&idx[1 - k], sb_str(&name));
			if (other != NULL) {
				if (k == 0 && !same_measure(an, side[0]->g[i],
				    other))
					goto out;
				if (k == 0)
					compare_groups(side[0]->g[i], other,
					    &o, &an->cmp[an->ncmp++]);
				continue;
			}
			if (an->pair_common)
				continue;
			if (missing++ < 5)
				sb_addf(&only, "\n  '%s' only in %s", name.len ?
				    sb_str(&name) : "(no keys)", sname[k]);
		}
	if (missing > 5)
		sb_addf(&only, "\n  (and %zu more)", missing - 5);
	if (missing > 0) {
		suggest(s, an, &only);
		warnx("%s: --compare: %zu series are not on both sides:%s",
		    an->cmdname, missing, sb_str(&only));
		goto out;
	}
	union_keys(an);
	rc = an->any_impl || !impl_differs(an) ? 0 : -1;
out:
	strmap_free(&idx[0]);
	strmap_free(&idx[1]);
	sb_free(&name);
	sb_free(&only);
	return rc;
}
