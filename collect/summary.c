/*
 * summary.c: what a complete collection says at its end: how long it
 * took against its estimate, and the median of each series, read back
 * from the store (what was kept, not what was meant to be), or, when
 * there are too many for a glance, the command that shows them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/collector.h"
#include "db/filter.h"
#include "analyze/stats.h"
#include "db/store.h"

/* More series than this are a table for kbench analyze, not a summary. */
#define SUMMARY_MAX_SERIES	12

struct series_median {
	char	*name;
	char	*unit;
	double	 median;
	size_t	 n;
};

struct medians {
	struct store		*s;
	struct series_median	*v;
	size_t			 n;
	double			*buf;
	size_t			 cap;
};

static int
take_series(const struct series_row *row, void *arg)
{
	struct medians *m = arg;
	struct series_median *sm;
	size_t n = 0;

	if (store_series_values(m->s, row->id, &m->buf, &n, &m->cap) == -1)
		return -1;
	m->v = xreallocarray(m->v, m->n + 1, sizeof(*m->v));
	sm = &m->v[m->n++];
	sm->name = xstrdup(row->name);
	sm->unit = xstrdup(row->unit);
	sm->n = n;
	stats_sort(m->buf, n);
	sm->median = stats_median(m->buf, n);
	return 0;
}

int
collection_summary(struct store *s, const struct collection *c,
    int64_t run_id, double took_s, double est_s, FILE *out)
{
	struct filter f;
	struct medians m;
	char id[32], took[32], est[32];
	size_t i;
	int width = 0, rc = 0;

	memset(&f, 0, sizeof(f));
	memset(&m, 0, sizeof(m));
	m.s = s;
	snprintf(id, sizeof(id), "%lld", (long long)run_id);
	strlist_add(&f.runs, id);
	if (store_each_series(s, &f, take_series, &m) == -1)
		rc = -1;
	collection_fmt_time(took, sizeof(took), took_s);
	collection_fmt_time(est, sizeof(est), est_s);
	fprintf(out, "run %s (%s, label %s): %d round%s of %zu cell%s in %s "
	    "(estimated %s), into %s\n", id, c->benchmark, c->label, c->rounds,
	    c->rounds == 1 ? "" : "s", c->ncells, c->ncells == 1 ? "" : "s",
	    took, est, store_location_public(s));
	if (rc == 0 && m.n > SUMMARY_MAX_SERIES)
		fprintf(out, "%zu series: kbench analyze --run %s shows their "
		    "medians\n", m.n, id);
	else if (rc == 0) {
		for (i = 0; i < m.n; i++)
			if ((int)strlen(m.v[i].name) > width)
				width = (int)strlen(m.v[i].name);
		for (i = 0; i < m.n; i++)
			fprintf(out, "  %-*s  median %.4g %s (%zu samples)\n",
			    width, m.v[i].name, m.v[i].median, m.v[i].unit,
			    m.v[i].n);
		fprintf(out, "(kbench analyze --run %s for their intervals)\n",
		    id);
	}
	for (i = 0; i < m.n; i++) {
		free(m.v[i].name);
		free(m.v[i].unit);
	}
	free(m.v);
	free(m.buf);
	strlist_free(&f.runs);
	return rc;
}
