/*
 * pooling.c: see pooling.h.
 */
#include <stdlib.h>
#include <string.h>

#include "pooling.h"

/*
 * Facts that change what any benchmark measures: the machine, its
 * kernel and its timers.
 */
static const char *const machine_facts[] = {
	"host", "os", "arch", "kernel_release", "cpu_model", "ncpu", "hz",
	"highres", "clocksource", "governor", "timer_slack_ns", NULL
};

/*
 * What each benchmark declares on top (until benchmarks carry their own
 * descriptor): the options of the program that change its numbers.
 */
static const struct {
	const char		*benchmark;
	const char *const	*facts;
} declared[] = {
	{ "sleep", (const char *const[]){ "sched_policy", "sched_priority",
	    "mlockall", "cpu", NULL } },
	{ "lock", (const char *const[]){ "backend", "delay_ns", "write_ms",
	    "pinned", "busywait", "hooks", NULL } },
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
	size_t i;

	if (in_list(machine_facts, key))
		return 1;
	for (i = 0; i < sizeof(declared) / sizeof(declared[0]); i++)
		if (benchmark != NULL &&
		    strcmp(declared[i].benchmark, benchmark) == 0)
			return in_list(declared[i].facts, key);
	return 0;
}

/* The runs of one pool: every run of gs whose by value is pool (or all). */
static int
in_pool(const struct group_run *r, const char *pool)
{
	return pool == NULL || strcmp(r->by, pool) == 0;
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
			if (pooling_sensitive(r->benchmark, r->facts.v[k].key) &&
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
	memset(p, 0, sizeof(*p));
}
