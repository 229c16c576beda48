/*
 * store_stream.c: samples stored by a thread of their own while the
 * caller goes on.  An import spends about half its time parsing and half
 * in the database's inserts; with the inserts on the other core, it
 * takes the longer of the two instead of their sum (issue 30).
 *
 * store_sample_add() fills the front buffer; a full one is handed to
 * the writer, which replays it into the backend (its own batching, its
 * own errors: a seq twice is named by its origin as before), while the
 * caller fills the other.  The backend's connection is the writer's
 * while a batch is in flight: every other call on the store waits for
 * it first (store.c's ops_of()), so the backend never sees two threads.
 * A batch that failed fails the next store_sample_add() or
 * store_flush() (csv_import.c flushes before it reports an error of its
 * own: an earlier sample's comes first).
 */
#include <pthread.h>
#include <stdlib.h>

#include "db/store_impl.h"

#define STREAM_BATCH	16384	/* samples a hand-off: 640 KiB */

struct stream_sample {
	int64_t	series_id, seq, round, origin;
	double	value;
};

struct sample_stream {
	struct store		*s;
	pthread_t		 writer;
	pthread_mutex_t		 lock;
	pthread_cond_t		 cv;
	struct stream_sample	*front, *back;
	size_t			 nfront, nback;
	int			 busy;		/* back is being written */
	int			 failed;	/* a batch failed: the store says why */
	int			 quit;
};

static struct sample_stream *
stream_of(const struct store *s)
{
	return ((const struct store_head *)(const void *)s)->stream;
}

/* Replay n samples into the backend: 0, or -1 (its error set). */
static int
replay(struct store *s, const struct stream_sample *v, size_t n)
{
	const struct store_ops *ops =
	    ((const struct store_head *)(const void *)s)->ops;
	size_t i;

	for (i = 0; i < n; i++)
		if (ops->sample_add(s, v[i].series_id, v[i].seq, v[i].round,
		    v[i].value, v[i].origin) == -1)
			return -1;
	return 0;
}

static void *
writer_main(void *arg)
{
	struct sample_stream *st = arg;
	int rc;

	pthread_mutex_lock(&st->lock);
	for (;;) {
		while (!st->busy && !st->quit)
			pthread_cond_wait(&st->cv, &st->lock);
		if (!st->busy)
			break;
		pthread_mutex_unlock(&st->lock);
		rc = replay(st->s, st->back, st->nback);
		pthread_mutex_lock(&st->lock);
		if (rc == -1)
			st->failed = 1;
		st->busy = 0;
		pthread_cond_broadcast(&st->cv);
	}
	pthread_mutex_unlock(&st->lock);
	return NULL;
}

int
store_stream_begin(struct store *s)
{
	struct store_head *h = (struct store_head *)(void *)s;
	struct sample_stream *st;

	if (h->stream != NULL)
		return 0;
	st = xcalloc(1, sizeof(*st));
	st->s = s;
	st->front = xreallocarray(NULL, STREAM_BATCH, sizeof(*st->front));
	st->back = xreallocarray(NULL, STREAM_BATCH, sizeof(*st->back));
	pthread_mutex_init(&st->lock, NULL);
	pthread_cond_init(&st->cv, NULL);
	if (pthread_create(&st->writer, NULL, writer_main, st) != 0) {
		pthread_cond_destroy(&st->cv);
		pthread_mutex_destroy(&st->lock);
		free(st->front);
		free(st->back);
		free(st);
		return -1;	/* samples are then stored as they come */
	}
	h->stream = st;
	return 0;
}

/*
 * Wait until no batch is in flight; the writer itself never waits (the
 * backend it calls may call back into store.c).  1 when a batch failed.
 */
int
store_stream_wait(const struct store *s)
{
	struct sample_stream *st = stream_of(s);
	int failed;

	if (st == NULL || pthread_equal(pthread_self(), st->writer))
		return 0;
	pthread_mutex_lock(&st->lock);
	while (st->busy)
		pthread_cond_wait(&st->cv, &st->lock);
	failed = st->failed;
	pthread_mutex_unlock(&st->lock);
	return failed;
}

/* Queue a sample; a full front buffer goes to the writer.  0, or -1. */
int
store_stream_add(struct store *s, int64_t series_id, int64_t seq,
    int64_t round, double value, int64_t origin)
{
	struct sample_stream *st = stream_of(s);
	struct stream_sample *x, *t;

	x = &st->front[st->nfront++];
	x->series_id = series_id;
	x->seq = seq;
	x->round = round;
	x->value = value;
	x->origin = origin;
	if (st->nfront < STREAM_BATCH)
		return 0;
	pthread_mutex_lock(&st->lock);
	while (st->busy)
		pthread_cond_wait(&st->cv, &st->lock);
	if (st->failed) {
		pthread_mutex_unlock(&st->lock);
		return -1;
	}
	t = st->back;
	st->back = st->front;
	st->front = t;
	st->nback = st->nfront;
	st->nfront = 0;
	st->busy = 1;
	pthread_cond_broadcast(&st->cv);
	pthread_mutex_unlock(&st->lock);
	return 0;
}

/* The batch in flight done, the front one stored here: 0, or -1. */
int
store_stream_drain(struct store *s)
{
	struct sample_stream *st = stream_of(s);
	size_t n;

	/* The backend's own flush, from the writer: not this queue's. */
	if (pthread_equal(pthread_self(), st->writer))
		return 0;
	if (store_stream_wait(s))
		return -1;
	n = st->nfront;
	st->nfront = 0;
	if (replay(s, st->front, n) == -1) {
		st->failed = 1;
		return -1;
	}
	return 0;
}

void
store_stream_end(struct store *s)
{
	struct store_head *h = (struct store_head *)(void *)s;
	struct sample_stream *st = h->stream;

	if (st == NULL)
		return;
	pthread_mutex_lock(&st->lock);
	st->quit = 1;
	pthread_cond_broadcast(&st->cv);
	pthread_mutex_unlock(&st->lock);
	pthread_join(st->writer, NULL);
	pthread_cond_destroy(&st->cv);
	pthread_mutex_destroy(&st->lock);
	free(st->front);
	free(st->back);
	free(st);
	h->stream = NULL;
}
