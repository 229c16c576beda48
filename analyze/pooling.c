/*
 * pooling.c: see pooling.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/pooling.h"
#include "collect/benchmark.h"

/*
 * Facts that change what any benchmark measures: the machine, its
 * kernel and its timers.
 */
static const char *const machine_facts[] = {
	"host", "os", "arch", "kernel_release", "cpu_model", "ncpu", "hz",
	"highres", "clocksource", "governor", "timer_slack_ns", NULL
};

static int
in_list(const char *const *l, const char *key)
{
	for (; *l != NULL; l++)
		if (strcmp(*l, key) == 0)
			return 1;
	return 0;
}

int
pooling_sensitive(const char *benchmark, const char *key)
{
	const struct benchmark *b;

	if (in_list(machine_facts, key))
		return 1;
	/* And those its descriptor declares (the options of its program). */
	b = benchmark_find(benchmark);
	return b != NULL && b->facts != NULL && in_list(b->facts, key);
}

/* Forward: the facts two sides may differ in by accident. */
static int	side_fact(const char *benchmark, const char *key);

int
pooling_config(const char *benchmark, const char *key)
{
	/* Two builds of one release, two boot lines: not identical runs. */
	return pooling_sensitive(benchmark, key) || side_fact(benchmark, key) ||
	    strcmp(key, "kernel_version") == 0 || strcmp(key, "cmdline") == 0;
}

/* The runs of one pool: every run of gs whose by value is pool (or all). */
static int
in_pool(const struct group_run *r, const char *pool)
{
	return pool == NULL || strlist_has(&r->bys, pool);
}

static void
check_pool(const struct groupset *gs, const char *pool, const char *name,
    struct pooling *out)
{
	struct strlist keys = { NULL, 0 }, values = { NULL, 0 };
	const struct group_run *r;
	const char *v;
	size_t i, k, nruns = 0;
	struct pooled_fact *pf;

	/* The sensitive keys any run of the pool has. */
	for (i = 0; i < gs->nruns; i++) {
		r = &gs->runs[i];
		if (!in_pool(r, pool))
			continue;
		nruns++;
		for (k = 0; k < r->facts.n; k++)
			/* The by key is what the pools are apart in. */
			if (pooling_sensitive(r->benchmark, r->facts.v[k].key) &&
			    (gs->by == NULL || pool == NULL ||
			    strcmp(r->facts.v[k].key, gs->by) != 0) &&
			    !strlist_has(&keys, r->facts.v[k].key))
				strlist_add(&keys, r->facts.v[k].key);
	}
	for (k = 0; nruns > 1 && k < keys.n; k++) {
		for (i = 0; i < gs->nruns; i++) {
			r = &gs->runs[i];
			if (!in_pool(r, pool))
				continue;
			v = kv_get(&r->facts, keys.v[k]);
			if (v == NULL)
				v = "(none)";
			if (!strlist_has(&values, v))
				strlist_add(&values, v);
		}
		if (values.n > 1) {
			out->f = xreallocarray(out->f, out->n + 1,
			    sizeof(*out->f));
			pf = &out->f[out->n++];
			pf->pool = xstrdup(name);
			pf->key = xstrdup(keys.v[k]);
			pf->values = values;
			pf->nruns = nruns;
			memset(&values, 0, sizeof(values));
		} else
			strlist_free(&values);
	}
	strlist_free(&keys);
}

void
pooling_check(const struct groupset *gs, const char *side,
    struct pooling *out)
{
	size_t i;

	if (side != NULL) {
		check_pool(gs, NULL, side, out);
		return;
	}
	for (i = 0; i < gs->byvalues.n; i++)
		check_pool(gs, gs->byvalues.v[i], gs->byvalues.v[i], out);
}

/* Load an average from one CPU's worth apart is a different machine. */
#define LOAD_APART	1.0
/* As the collector's: the 1-minute average is noisy at +-0.5. */
#define LOAD_SLACK	0.5

/* A numeric fact of a run, or NaN. */
static double
fact_num(const struct group_run *r, const char *key)
{
	const char *v = kv_get(&r->facts, key);
	double x;

	return v != NULL && parse_double(v, &x) == 0 ? x : NAN;
}

/*
 * One side's load: how many runs ran busy, the highest load, and the
 * mean load at the start (NaN without load facts).
 */
static double
side_load(const struct groupset *gs, const char *name, struct strlist *out)
{
	const struct group_run *r;
	double start, max, ncpu, busy, worst = 0, sum = 0, worst_ncpu = 0;
	size_t i, nbusy = 0, n = 0;
	struct strbuf sb = STRBUF_INIT;

	for (i = 0; i < gs->nruns; i++) {
		r = &gs->runs[i];
		start = fact_num(r, "loadavg_start");
		max = fact_num(r, "loadavg_max");
		ncpu = fact_num(r, "ncpu");
		busy = fact_num(r, "busy_cpus");
		if (isnan(start) || isnan(ncpu))
			continue;
		n++;
		sum += start;
		if (isnan(busy) || busy > ncpu)
			busy = isnan(busy) ? 1 : ncpu;
		if (start > ncpu - busy + LOAD_SLACK ||
		    (!isnan(max) && max > ncpu + LOAD_SLACK)) {
			nbusy++;
			if (fmax(start, isnan(max) ? start : max) > worst) {
				worst = fmax(start, isnan(max) ? start : max);
				worst_ncpu = ncpu;
			}
		}
	}
	if (nbusy > 0) {
		sb_addf(&sb, "%s: %zu of %zu run%s ran on a busy machine (load "
		    "average up to %.2f on %g CPUs): its numbers are slower and "
		    "noisier", name, nbusy, n, n == 1 ? "" : "s", worst,
		    worst_ncpu);
		strlist_add(out, sb_str(&sb));
	}
	sb_free(&sb);
	return n > 0 ? sum / (double)n : NAN;
}

/* Below this, the fewest walks of a thread against the most: unfair. */
#define FAIRNESS_WARN	0.8

/*
 * Runs whose threads did not share the work alike (fact fairness_min,
 * the fewest walks of a thread over the most, the least of the run's
 * cells): a starved thread sets the window and reads as cost.
 */
static void
side_fairness(const struct groupset *gs, const char *name,
    struct strlist *out)
{
	struct strbuf sb = STRBUF_INIT;
	double f, worst = 1;
	size_t i, n = 0;

	for (i = 0; i < gs->nruns; i++) {
		f = fact_num(&gs->runs[i], "fairness_min");
		/* A ratio of counts: outside [0, 1] it is no fairness figure. */
		if (!isnan(f) && f >= 0 && f < FAIRNESS_WARN) {
			n++;
			worst = fmin(worst, f);
		}
	}
	if (n > 0) {
		sb_addf(&sb, "%s: %zu of %zu run%s had threads that did not share "
		    "the work alike (the fewest walks of a thread down to %.2f of "
		    "the most): a starved thread stretches the window and reads as "
		    "cost", name, n, gs->nruns, gs->nruns == 1 ? "" : "s", worst);
		strlist_add(out, sb_str(&sb));
	}
	sb_free(&sb);
}

void
pooling_load(const struct groupset *a, const char *name_a,
    const struct groupset *b, const char *name_b, struct pooling *out)
{
	struct strbuf sb = STRBUF_INIT;
	double la, lb;

	side_fairness(a, name_a, &out->load);
	side_fairness(b, name_b, &out->load);
	la = side_load(a, name_a, &out->load);
	lb = side_load(b, name_b, &out->load);
	if (fabs(la - lb) >= LOAD_APART) {
		sb_addf(&sb, "the sides ran under different load: %s %.2f, %s "
		    "%.2f (1-minute load average at the start of their runs)",
		    name_a, la, name_b, lb);
		strlist_add(&out->load, sb_str(&sb));
	}
	sb_free(&sb);
}

/*
 * Facts that change what the sides measure: the kernel's configuration
 * (HZ, preemption, lock debugging, mitigations, the governor), the
 * machine's, and the options of the benchmark (its descriptor's list:
 * delay_ns, write_ms, count...).  A comparison of two kernels differs
 * in kernel_release and kernel_version by design, not in these unless
 * it means to.
 */
static int
side_fact(const char *benchmark, const char *key)
{
	static const char *const plain[] = { "hz", "highres", "clocksource",
	    "governor", "cpu_boost", NULL };

	if (strcmp(key, "kernel_release") == 0 ||
	    strcmp(key, "kernel_version") == 0)
		return 0;
	return in_list(plain, key) || strncmp(key, "kernel_", 7) == 0 ||
	    strncmp(key, "vuln_", 5) == 0 || strstr(key, "_impl.") != NULL ||
	    pooling_sensitive(benchmark, key);
}

/*
 * An implementation fact ("head_impl.rm") speaks of the comparison when
 * a series of it has that key and value (head=rm); other facts always.
 */
static int
speaks_of(const struct groupset *a, const struct groupset *b, const char *key)
{
	const struct groupset *gs[2] = { a, b };
	const char *impl = strstr(key, "_impl."), *v;
	char *name;
	size_t i, k;
	int found = 0;

	if (impl == NULL)
		return 1;
	name = xstrdup(key);
	name[impl - key] = '\0';
	for (k = 0; k < 2 && !found; k++)
		for (i = 0; i < gs[k]->n && !found; i++) {
			v = kv_get(&gs[k]->g[i]->keys, name);
			found = v != NULL && strcmp(v, impl + 6) == 0;
		}
	free(name);
	return found;
}

/* Does the side's name ("k=v,k2=v2") fix key? */
static int
name_fixes(const char *name, const char *key)
{
	size_t n = strlen(key);
	const char *p;

	for (p = name; p != NULL; p = strchr(p, ',')) {
		if (*p == ',')
			p++;
		if (strncmp(p, key, n) == 0 && p[n] == '=')
			return 1;
	}
	return 0;
}

/* The distinct values of key among the runs of gs; 0 if a run lacks it. */
static int
side_values(const struct groupset *gs, const char *key, struct strlist *out)
{
	const char *v;
	size_t i;

	for (i = 0; i < gs->nruns; i++) {
		if ((v = kv_get(&gs->runs[i].facts, key)) == NULL)
			return 0;
		if (!strlist_has(out, v))
			strlist_add(out, v);
	}
	return gs->nruns > 0;
}

/* Do two lists hold the same strings? */
static int
same_set(const struct strlist *x, const struct strlist *y)
{
	size_t i;

	if (x->n != y->n)
		return 0;
	for (i = 0; i < x->n; i++)
		if (!strlist_has(y, x->v[i]))
			return 0;
	return 1;
}

void
pooling_sides(const struct groupset *a, const char *name_a,
    const struct groupset *b, const char *name_b, struct pooling *out)
{
	struct strlist keys = { NULL, 0 }, va = { NULL, 0 }, vb = { NULL, 0 };
	const struct kvlist *f;
	struct side_fact *sf;
	size_t i, k;

	for (i = 0; i < a->nruns; i++) {
		f = &a->runs[i].facts;
		for (k = 0; k < f->n; k++)
			if (side_fact(a->runs[i].benchmark, f->v[k].key) &&
			    !strlist_has(&keys, f->v[k].key))
				strlist_add(&keys, f->v[k].key);
	}
	for (k = 0; k < keys.n; k++) {
		if (!name_fixes(name_a, keys.v[k]) &&
		    !name_fixes(name_b, keys.v[k]) && speaks_of(a, b, keys.v[k]) &&
		    side_values(a, keys.v[k], &va) &&
		    side_values(b, keys.v[k], &vb) && !same_set(&va, &vb)) {
			out->sides = xreallocarray(out->sides, out->nsides + 1,
			    sizeof(*out->sides));
			sf = &out->sides[out->nsides++];
			sf->key = xstrdup(keys.v[k]);
			sf->a = va;
			sf->b = vb;
			memset(&va, 0, sizeof(va));
			memset(&vb, 0, sizeof(vb));
		}
		strlist_free(&va);
		strlist_free(&vb);
	}
	strlist_free(&keys);
}

void
pooling_free(struct pooling *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		free(p->f[i].pool);
		free(p->f[i].key);
		strlist_free(&p->f[i].values);
	}
	free(p->f);
	strlist_free(&p->load);
	for (i = 0; i < p->nsides; i++) {
		free(p->sides[i].key);
		strlist_free(&p->sides[i].a);
		strlist_free(&p->sides[i].b);
	}
	free(p->sides);
	memset(p, 0, sizeof(*p));
}
