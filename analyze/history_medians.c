/*
 * history_medians.c: the median and its interval of each series a
 * history has no cached summary for.  A cold trend over a year of
 * nightly runs reads 73 million samples to make 73,000 points: the
 * series are shared among a few threads, each on its own connection
 * (SQLite readers do not block one another; a server serves each), so
 * reading and sorting use every core.  The points are the same whichever
 * thread made them: history_point() is the one computation.
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "analyze/history_medians.h"
#include "analyze/stats.h"

#define POINT_THREADS	4	/* at most; connections, too */
#define POINT_MIN_SPLIT	64	/* fewer series: not worth a connection */

void
history_point(double *v, size_t n, struct hpoint *p)
{
	struct stats_ci ci;

	stats_sort(v, n);
	p->n = n;
	p->median = stats_median(v, n);
	p->ci_err = stats_ci_median(v, n, HISTORY_LEVEL, &ci);
	p->lo = ci.lo;
	p->hi = ci.hi;
	p->level = ci.level;
}

/* The work shared by the threads: the next series to take, and a failure. */
struct point_work {
	struct series_point	*pt;
	size_t			 n, next;
	pthread_mutex_t		 lock;
	int			 failed;
	struct strbuf		 err;	/* the first failure */
};

struct point_worker {
	struct point_work	*w;
	struct store		*s;
	pthread_t		 tid;
};

/* The next series to read, or SIZE_MAX when all are taken (or one failed). */
static size_t
work_take(struct point_work *w)
{
	size_t i = SIZE_MAX;

	pthread_mutex_lock(&w->lock);
	if (!w->failed && w->next < w->n)
		i = w->next++;
	pthread_mutex_unlock(&w->lock);
	return i;
}

static void
work_fail(struct point_work *w, const char *why)
{
	pthread_mutex_lock(&w->lock);
	if (!w->failed)
		sb_adds(&w->err, why);
	w->failed = 1;
	pthread_mutex_unlock(&w->lock);
}

static void *
point_thread(void *arg)
{
	struct point_worker *pw = arg;
	struct series_point *sp;
	double *v = NULL;
	size_t i, nv, capv = 0;

	while ((i = work_take(pw->w)) != SIZE_MAX) {
		sp = &pw->w->pt[i];
		nv = 0;
		if (store_series_values(pw->s, sp->id, &v, &nv, &capv) == -1) {
			work_fail(pw->w, store_error(pw->s));
			break;
		}
		if (nv > 0)	/* else p.n stays 0: the caller zeroed p */
			history_point(v, nv, &sp->p);
	}
	free(v);
	return NULL;
}

/* How many threads: one per online CPU, POINT_THREADS at most. */
static size_t
point_threads(size_t n)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t t = cpus < 1 ? 1 : (size_t)cpus;

	if (t > POINT_THREADS)
		t = POINT_THREADS;
	if (t > n / POINT_MIN_SPLIT)
		t = n / POINT_MIN_SPLIT;
	return t < 1 ? 1 : t;
}

static int
cmp_point_id(const void *a, const void *b)
{
	const struct series_point *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

int
history_points_read(struct store *s, struct series_point *pt, size_t n,
    struct strbuf *err)
{
	struct point_work w = { .pt = pt, .n = n, .err = STRBUF_INIT };
	struct point_worker pw[POINT_THREADS];
	struct strbuf why = STRBUF_INIT;
	size_t i, t, started = 0;

	pthread_mutex_init(&w.lock, NULL);
	t = point_threads(n);
	/* The peers: this thread reads on s, each other one on its own. */
	for (i = 1; i < t; i++) {
		pw[started].w = &w;
		if ((pw[started].s = store_open_peer(s, &why)) == NULL)
			break;
		store_read_through(pw[started].s);
		if (pthread_create(&pw[started].tid, NULL, point_thread,
		    &pw[started]) != 0) {
			store_close(pw[started].s);
			break;
		}
		started++;
	}
	sb_free(&why);
	pw[started].w = &w;
	pw[started].s = s;
	point_thread(&pw[started]);
	for (i = 0; i < started; i++) {
		pthread_join(pw[i].tid, NULL);
		store_close(pw[i].s);
	}
	pthread_mutex_destroy(&w.lock);
	if (w.failed) {
		sb_adds(err, sb_str(&w.err));
		sb_free(&w.err);
		return -1;
	}
	sb_free(&w.err);
	if (n > 0)
		qsort(pt, n, sizeof(*pt), cmp_point_id);
	return 0;
}
