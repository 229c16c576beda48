/*
 * lock_ops.h: the hook chain of lockbench and the locks around it.
 *
 * A chain of LK_HOOKS hooks, as a pfil(9) head or a netfilter hook list
 * holds.  A "walk" (a chain call) takes the chain's head lock for
 * reading (or enters an RCU read-side section), walks the chain and
 * calls each hook; each hook takes the hook lock around a busy-wait, as
 * a firewall's hook takes its rule-set lock around its work.  All hooks
 * of the chain share one hook lock, as the seed's pfilbench shared one
 * hl_mtx.
 *
 * Two ops tables: the head locks and the hook locks, each over the real
 * primitive, in like-for-like pairs (lock_ops.c has the table):
 *
 *   head    what                                  a waiter
 *   rw      ck_rwlock: one shared reader count    spins
 *   rm      ck_brlock: a reader record a thread   spins
 *   rwsem   pthread_rwlock: one shared count      sleeps
 *   rmsem   lk_rmsem: a reader record a thread    sleeps
 *   epoch   liburcu (memb)                        readers never wait
 *   none    nothing                               -
 *
 * Hooks: null, mtx (pthread mutex, adaptive), rw (pthread rwlock, read
 * side), rm (ck_brlock, read side), spin (pthread spinlock).
 *
 * Threads: the main thread sets a struct lk_bench up, gives each thread
 * its struct lk_thread (lk_thread_init(), before the thread runs), and
 * the thread brackets its walks with lk_thread_online()/offline().  One
 * optional writer thread calls lk_write().
 */
#ifndef KBENCH_LOCK_OPS_H
#define KBENCH_LOCK_OPS_H

#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdint.h>

#include <ck_brlock.h>
#include <ck_rwlock.h>

#define LK_HOOKS	3
/*
 * Per-thread data and each lock sit on lines of their own.  128, not 64:
 * Intel's adjacent-line prefetcher fetches 64-byte lines in pairs, and
 * some CPUs (POWER, Apple M) have 128-byte lines.
 */
#define LK_CACHE_LINE	128
/* How long a writer holds the head lock for writing: a short update. */
#define LK_WRITE_HOLD_NS	1000

struct lk_bench;

/*
 * rmsem's reader record: count is 1 while its thread holds the read
 * side.  Registered once, before the run; the writer visits each.
 */
struct lk_rmsem_reader {
	atomic_uint		 count;
	struct lk_rmsem_reader	*next;
};

/*
 * rmsem, a sleeping lock with a reader record per thread (lock_ops.c):
 * the shape of ck_brlock whose waiters sleep, as Linux's percpu-rwsem
 * is the sleeping shape of a per-CPU reader lock.  writer is read by
 * every read lock and unlock; the rest only on the slow paths.
 */
struct lk_rmsem {
	atomic_uint		 writer;	/* a writer holds or wants it */
	struct lk_rmsem_reader	*readers;
	alignas(LK_CACHE_LINE) pthread_mutex_t wmtx; /* writer against writer */
	pthread_mutex_t		 mtx;		/* the sleepers' */
	pthread_cond_t		 rcv;		/* readers wait for the writer */
	pthread_cond_t		 wcv;		/* the writer waits for a reader */
};

/* A thread's own lock state: only that thread writes it. */
struct lk_thread {
	ck_brlock_reader_t	 head_rd;	/* its ck_brlock reader record */
	ck_brlock_reader_t	 hook_rd;
	struct lk_rmsem_reader	 sem_rd;	/* its rmsem reader record */
	uint64_t		 torn;		/* check: bad chains seen */
};

typedef int	lk_hook_fn(struct lk_bench *, struct lk_thread *);

struct lk_hook {
	lk_hook_fn	*fn;
	struct lk_bench	*arg;
};

/*
 * The chain.  The writer changes gen_a, holds the lock, then sets gen_b:
 * a reader that finds them different saw an update half done.  Under
 * epoch the writer publishes a new copy instead and marks the old one
 * dead after the grace period, before freeing it.
 */
struct lk_chain {
	uint64_t	 gen_a;
	int		 nhooks;
	int		 dead;
	struct lk_hook	 hooks[LK_HOOKS];
	uint64_t	 gen_b;
};

struct lk_head_ops {
	const char	*name;
	const char	*impl;		/* the implementation, and its waiters */
	void		(*init)(struct lk_bench *);
	void		(*fini)(struct lk_bench *);
	void		(*run)(struct lk_bench *, struct lk_thread *);
	void		(*write)(struct lk_bench *);
};

struct lk_hook_ops {
	const char	*name;
	const char	*impl;
	int		 exclusive;	/* mutual exclusion: the check holds */
	void		(*init)(struct lk_bench *);
	void		(*fini)(struct lk_bench *);
	lk_hook_fn	*fn;
};

struct lk_bench {
	/* Read-mostly: read by every chain call, written by no one. */
	alignas(LK_CACHE_LINE) const struct lk_head_ops *head;
	const struct lk_hook_ops *hook;
	int64_t		 delay_ns;
	int		 check;
	/* The current chain: replaced by an epoch writer only. */
	alignas(LK_CACHE_LINE) struct lk_chain *_Atomic chainp;

	/* The head lock. */
	alignas(LK_CACHE_LINE) union {
		ck_rwlock_t		 rw;
		ck_brlock_t		 br;
		pthread_rwlock_t	 rwsem;
		struct lk_rmsem		 sem;
	} head_lk;

	/* The hook lock and, in check mode, the counter it protects. */
	alignas(LK_CACHE_LINE) union {
		pthread_mutex_t		 mtx;
		pthread_rwlock_t	 rw;
		ck_brlock_t		 br;
		pthread_spinlock_t	 spin;
	} hook_lk;
	uint64_t	 hook_count;

	/* The chain itself, shared read-mostly as in pfil. */
	alignas(LK_CACHE_LINE) struct lk_chain chain0;

	/* The writer's own. */
	alignas(LK_CACHE_LINE) uint64_t gen;
	/* ThreadSanitizer's synchronisation objects (see lock_ops.c). */
	char		 tsan_rd, tsan_wr, tsan_gp;
};

/* NULL when there is no such kind. */
const struct lk_head_ops *lk_head_find(const char *name);
const struct lk_hook_ops *lk_hook_find(const char *name);
#define LK_HEAD_NAMES	"none, rw, rm, rwsem, rmsem, epoch"
#define LK_HOOK_NAMES	"null, mtx, rw, rm, spin"
/* Every kind, in the order of the names above: i from 0 until NULL. */
const struct lk_head_ops *lk_head_at(int i);
const struct lk_hook_ops *lk_hook_at(int i);

/* Set up b (aligned to LK_CACHE_LINE); errors end the program (err(3)). */
void	lk_bench_init(struct lk_bench *b, const struct lk_head_ops *head,
	    const struct lk_hook_ops *hook, int64_t delay_ns, int check);
void	lk_bench_fini(struct lk_bench *b);
/* Main thread, before the thread that uses td starts, and after it ends. */
void	lk_thread_init(struct lk_bench *b, struct lk_thread *td);
void	lk_thread_fini(struct lk_bench *b, struct lk_thread *td);
/* In the thread, around its chain calls. */
void	lk_thread_online(struct lk_bench *b);
void	lk_thread_offline(struct lk_bench *b);

/* One walk of the chain. */
static inline void
lk_run(struct lk_bench *b, struct lk_thread *td)
{
	b->head->run(b, td);
}

/* One update by the writer: the head lock taken for writing. */
void	lk_write(struct lk_bench *b);
/* Check mode: the hook counter, read after every thread has ended. */
uint64_t lk_hook_count(const struct lk_bench *b);

/* Facts about the libraries, for the protocol. */
const char *lk_mtx_type(void);
const char *lk_head_rwsem_kind(void);
const char *lk_ck_version(void);
const char *lk_urcu_flavor(void);
int	 lk_urcu_membarrier(void);

#endif
