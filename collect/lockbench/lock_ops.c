/*
 * lock_ops.c: the head-lock and hook-lock ops tables of lockbench.
 *
 * Head locks, taken once per walk around it, in pairs that compare like
 * with like: rw and rm spin, rwsem and rmsem sleep; within a pair, one
 * shared reader count against a reader record per thread.
 *   none   no lock at all: the floor.
 *   rw     ck_rwlock: one reader count, shared by every thread, and a
 *          writer flag on the same line; a reader increments the count
 *          (an atomic add on the shared line, a full barrier on x86),
 *          then backs off while the writer flag is up, spinning; unlock
 *          is an atomic decrement.  A writer raises the flag, then
 *          spins until the count drops: writers are preferred, as in
 *          FreeBSD's rwlock(9) and Linux's rwlock_t.
 *   rm     ck_brlock: each reader has its own record, registered once,
 *          and read-locking sets only that record's counter (an atomic
 *          exchange on the reader's own line); unlock is a plain store.
 *          A writer raises a flag and spins until every counter drops.
 *          The shape of FreeBSD's rmlock(9) and of the module's brlock.
 *   rwsem  a pthread rwlock, writers preferred on glibc
 *          (PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP): readers and
 *          writers that must wait sleep on a futex; lock and unlock are
 *          each an atomic operation on the one shared line.
 *   rmsem  lk_rmsem, below: rm's reader records with waiters that sleep
 *          on a condition variable; lock and unlock are each an atomic
 *          exchange on the reader's own line.  The sleeping shape of a
 *          per-thread reader lock, as Linux's percpu-rwsem is.
 *   epoch  liburcu, memb flavour: rcu_read_lock(), an acquire load of the
 *          chain pointer; the writer publishes a copy, waits a grace
 *          period (synchronize_rcu()) and frees the old one.  FreeBSD 14's
 *          pfil is epoch(9)-protected this way.
 *
 * Hook locks, taken by each of the LK_HOOKS hooks around the busy-wait:
 *   null (none), mtx (pthread mutex, adaptive: spins a while, then
 *   sleeps), rw (pthread rwlock read side), rm (ck_brlock read side),
 *   spin (pthread spinlock).  No one takes a hook lock for writing, so
 *   rw and rm never wait: only mtx and spin exclude, and only their
 *   waiters' nature (sleep or spin) matters.
 *
 * ThreadSanitizer sees pthread locks and C11 atomics, but not ck's
 * inline-assembly atomics nor liburcu's grace periods (membarrier(2),
 * an uninstrumented library): it would report the chain's gen_a/gen_b
 * and the freed old chain as races.  Built with TSan, the code below
 * tells it what these primitives guarantee, with __tsan_acquire() and
 * __tsan_release() on three addresses: a ck_brlock or ck_rwlock reader
 * releases tsan_rd when it unlocks and the writer acquires it once it
 * holds the lock (every reader that was in has left); the writer
 * releases tsan_wr before it unlocks and a reader acquires it once in;
 * rmsem is C11 atomics and pthread calls, which TSan sees.  An RCU reader
 * releases tsan_gp before rcu_read_unlock() and the writer acquires it
 * after synchronize_rcu().  Readers do not synchronise with one another,
 * so a race between two readers is still reported.  -DLK_NO_TSAN_NOTES
 * leaves the annotations out, to see the false positives.
 */
#include <err.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ck_brlock.h>
#include <ck_md.h>
#include <urcu.h>		/* the memb flavour: -lurcu */

#include "collect/lockbench/busywait.h"
#include "collect/lockbench/lock_ops.h"

#if defined(__SANITIZE_THREAD__)
#define LK_TSAN	1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LK_TSAN	1
#endif
#endif

#if defined(LK_TSAN) && !defined(LK_NO_TSAN_NOTES)
#include <sanitizer/tsan_interface.h>
#define tsan_acquire(p)	__tsan_acquire(p)
#define tsan_release(p)	__tsan_release(p)
#else
#define tsan_acquire(p)	((void)(p))
#define tsan_release(p)	((void)(p))
#endif

/*
 * liburcu's own flag: membarrier(2) in use, so the read side needs only
 * compiler barriers.  static/urcu-memb.h declares it for _LGPL_SOURCE
 * code only; the library exports it.
 */
#ifndef CONFIG_RCU_FORCE_SYS_MEMBARRIER
extern int urcu_memb_has_sys_membarrier;
#endif

static void
check_pthread(int e, const char *what)
{
	if (e != 0) {
		errno = e;
		err(1, "%s", what);
	}
}

/*
 * The walk, under whatever the head gives.  gen_a is read before the
 * hooks and gen_b after them, so an update that overlaps any part of
 * the walk shows.
 */
static inline void
chain_walk(struct lk_bench *b, struct lk_chain *c, struct lk_thread *td)
{
	uint64_t gen;
	int i;

	gen = c->gen_a;
	for (i = 0; i < c->nhooks; i++)
		if (c->hooks[i].fn(c->hooks[i].arg, td) != 0)
			break;
	if (b->check && (gen != c->gen_b || c->dead))
		td->torn++;
}

/* An update in place, under the write lock: tear it if you can. */
static void
chain_update(struct lk_bench *b, struct lk_chain *c)
{
	c->gen_a = ++b->gen;
	busywait(LK_WRITE_HOLD_NS);
	c->gen_b = b->gen;
}

static inline struct lk_chain *
chain_get(struct lk_bench *b)
{
	/* rcu_dereference(): consume, which compilers make acquire. */
	return atomic_load_explicit(&b->chainp, memory_order_acquire);
}

/*
 * Head "none".  Its writer changes nothing, but in check mode it updates
 * the chain with no lock at all: the negative control of the head check.
 */
static void
head_none_init(struct lk_bench *b)
{
}

static void
head_none_run(struct lk_bench *b, struct lk_thread *td)
{
	chain_walk(b, chain_get(b), td);
}

static void
head_none_write(struct lk_bench *b)
{
	if (b->check)
		chain_update(b, &b->chain0);
}

/* Head "rw": ck_rwlock. */
static void
head_rw_init(struct lk_bench *b)
{
	ck_rwlock_init(&b->head_lk.rw);
}

static void
head_rw_run(struct lk_bench *b, struct lk_thread *td)
{
	ck_rwlock_read_lock(&b->head_lk.rw);
	tsan_acquire(&b->tsan_wr);
	chain_walk(b, chain_get(b), td);
	tsan_release(&b->tsan_rd);
	ck_rwlock_read_unlock(&b->head_lk.rw);
}

static void
head_rw_write(struct lk_bench *b)
{
	ck_rwlock_write_lock(&b->head_lk.rw);
	tsan_acquire(&b->tsan_rd);
	chain_update(b, &b->chain0);
	tsan_release(&b->tsan_wr);
	ck_rwlock_write_unlock(&b->head_lk.rw);
}

/* Head "rwsem": pthread rwlock. */
static void
head_rwsem_init(struct lk_bench *b)
{
	pthread_rwlockattr_t a;

	check_pthread(pthread_rwlockattr_init(&a), "pthread_rwlockattr_init");
#ifdef __GLIBC__
	check_pthread(pthread_rwlockattr_setkind_np(&a,
	    PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP),
	    "pthread_rwlockattr_setkind_np");
#endif
	check_pthread(pthread_rwlock_init(&b->head_lk.rwsem, &a),
	    "pthread_rwlock_init");
	pthread_rwlockattr_destroy(&a);
}

static void
head_rwsem_fini(struct lk_bench *b)
{
	pthread_rwlock_destroy(&b->head_lk.rwsem);
}

/* The hot paths do not check pthread returns: only misuse fails them. */
static void
head_rwsem_run(struct lk_bench *b, struct lk_thread *td)
{
	pthread_rwlock_rdlock(&b->head_lk.rwsem);
	chain_walk(b, chain_get(b), td);
	pthread_rwlock_unlock(&b->head_lk.rwsem);
}

static void
head_rwsem_write(struct lk_bench *b)
{
	pthread_rwlock_wrlock(&b->head_lk.rwsem);
	chain_update(b, &b->chain0);
	pthread_rwlock_unlock(&b->head_lk.rwsem);
}

/* Head "rm": ck_brlock. */
static void
head_rm_init(struct lk_bench *b)
{
	ck_brlock_init(&b->head_lk.br);
}

static void
head_rm_run(struct lk_bench *b, struct lk_thread *td)
{
	ck_brlock_read_lock(&b->head_lk.br, &td->head_rd);
	tsan_acquire(&b->tsan_wr);
	chain_walk(b, chain_get(b), td);
	tsan_release(&b->tsan_rd);
	ck_brlock_read_unlock(&td->head_rd);
}

static void
head_rm_write(struct lk_bench *b)
{
	ck_brlock_write_lock(&b->head_lk.br);
	tsan_acquire(&b->tsan_rd);
	chain_update(b, &b->chain0);
	tsan_release(&b->tsan_wr);
	ck_brlock_write_unlock(&b->head_lk.br);
}

/*
 * Head "rmsem": struct lk_rmsem, a reader record per thread, waiters
 * asleep.
 *
 * A reader sets its record's count to 1 and then looks at the writer
 * flag; a writer raises the flag and then looks at every count.  All of
 * these are sequentially consistent (the reader's store an exchange, a
 * full barrier on x86), so at least one side sees the other: a reader
 * that sees the flag steps back and sleeps until the writer is done; a
 * writer that sees a count sleeps until that reader leaves.
 *
 * Unlock clears the count with an exchange too, then looks at the flag:
 * a writer may be asleep waiting for this very count, and the reader
 * must wake it.  That second barrier is what rmsem's read side pays over
 * rm's, whose spinning writer sees a plain store soon enough.  Linux's
 * percpu-rwsem does without both barriers on its fast path because its
 * writer waits an RCU grace period first; membarrier(2) would do the
 * same here, at the price of a writer that costs a grace period and not
 * a lock's write side: not done.
 *
 * The sleeps: readers wait on rcv until the flag is down, the writer on
 * wcv until a count is 0, each testing its condition under mtx, and each
 * change to a sleeper's condition is signalled under mtx: no wake-up is
 * lost.  wmtx, a sleeping mutex, keeps writers one at a time.
 */
static void
rmsem_read_unlock(struct lk_rmsem *s, struct lk_rmsem_reader *r)
{
	atomic_exchange(&r->count, 0);
	if (atomic_load(&s->writer) != 0) {
		pthread_mutex_lock(&s->mtx);
		pthread_cond_signal(&s->wcv);
		pthread_mutex_unlock(&s->mtx);
	}
}

static void
rmsem_read_lock(struct lk_rmsem *s, struct lk_rmsem_reader *r)
{
	for (;;) {
		atomic_exchange(&r->count, 1);
		if (atomic_load(&s->writer) == 0)
			return;
		/* A writer: step back (waking it), sleep until it is done. */
		rmsem_read_unlock(s, r);
		pthread_mutex_lock(&s->mtx);
		while (atomic_load(&s->writer) != 0)
			pthread_cond_wait(&s->rcv, &s->mtx);
		pthread_mutex_unlock(&s->mtx);
	}
}

static void
rmsem_write_lock(struct lk_rmsem *s)
{
	struct lk_rmsem_reader *r;

	pthread_mutex_lock(&s->wmtx);
	atomic_store(&s->writer, 1);
	for (r = s->readers; r != NULL; r = r->next) {
		if (atomic_load(&r->count) == 0)
			continue;
		pthread_mutex_lock(&s->mtx);
		while (atomic_load(&r->count) != 0)
			pthread_cond_wait(&s->wcv, &s->mtx);
		pthread_mutex_unlock(&s->mtx);
	}
}

static void
rmsem_write_unlock(struct lk_rmsem *s)
{
	pthread_mutex_lock(&s->mtx);
	atomic_store(&s->writer, 0);
	pthread_cond_broadcast(&s->rcv);
	pthread_mutex_unlock(&s->mtx);
	pthread_mutex_unlock(&s->wmtx);
}

static void
head_rmsem_init(struct lk_bench *b)
{
	struct lk_rmsem *s = &b->head_lk.sem;

	atomic_init(&s->writer, 0);
	s->readers = NULL;
	check_pthread(pthread_mutex_init(&s->wmtx, NULL), "pthread_mutex_init");
	check_pthread(pthread_mutex_init(&s->mtx, NULL), "pthread_mutex_init");
	check_pthread(pthread_cond_init(&s->rcv, NULL), "pthread_cond_init");
	check_pthread(pthread_cond_init(&s->wcv, NULL), "pthread_cond_init");
}

static void
head_rmsem_fini(struct lk_bench *b)
{
	struct lk_rmsem *s = &b->head_lk.sem;

	pthread_cond_destroy(&s->wcv);
	pthread_cond_destroy(&s->rcv);
	pthread_mutex_destroy(&s->mtx);
	pthread_mutex_destroy(&s->wmtx);
}

static void
head_rmsem_run(struct lk_bench *b, struct lk_thread *td)
{
	rmsem_read_lock(&b->head_lk.sem, &td->sem_rd);
	chain_walk(b, chain_get(b), td);
	rmsem_read_unlock(&b->head_lk.sem, &td->sem_rd);
}

static void
head_rmsem_write(struct lk_bench *b)
{
	rmsem_write_lock(&b->head_lk.sem);
	chain_update(b, &b->chain0);
	rmsem_write_unlock(&b->head_lk.sem);
}

/* Head "epoch": liburcu (memb). */
static void
head_epoch_run(struct lk_bench *b, struct lk_thread *td)
{
	rcu_read_lock();
	chain_walk(b, chain_get(b), td);
	tsan_release(&b->tsan_gp);
	rcu_read_unlock();
}

/*
 * Copy, update the copy (the same short work as under a write lock),
 * publish it, wait until no reader can hold the old one, then mark the
 * old one dead and free it.  Only this thread writes chainp.
 */
static void
head_epoch_write(struct lk_bench *b)
{
	struct lk_chain *old, *c;

	old = atomic_load_explicit(&b->chainp, memory_order_relaxed);
	if ((c = malloc(sizeof(*c))) == NULL)
		err(1, "malloc");
	*c = *old;
	c->gen_a = ++b->gen;
	busywait(LK_WRITE_HOLD_NS);
	c->gen_b = b->gen;
	/* rcu_assign_pointer(). */
	atomic_store_explicit(&b->chainp, c, memory_order_release);
	synchronize_rcu();
	tsan_acquire(&b->tsan_gp);
	old->dead = 1;
	if (old != &b->chain0)
		free(old);
}

static void
head_epoch_fini(struct lk_bench *b)
{
	struct lk_chain *c;

	c = atomic_load_explicit(&b->chainp, memory_order_relaxed);
	if (c != &b->chain0)
		free(c);
}

/*
 * The impl strings are the head_impl.NAME facts: the implementation and
 * what its waiters do (spin, sleep; epoch's readers never wait).
 */
static const struct lk_head_ops head_ops[] = {
	{ "none", "none", head_none_init, NULL, head_none_run,
	    head_none_write },
	{ "rw", "ck_rwlock(spin)", head_rw_init, NULL, head_rw_run,
	    head_rw_write },
	{ "rm", "ck_brlock(spin)", head_rm_init, NULL, head_rm_run,
	    head_rm_write },
#ifdef __GLIBC__
	{ "rwsem", "pthread_rwlock_prefer_writer(sleep)", head_rwsem_init,
#else
	{ "rwsem", "pthread_rwlock(sleep)", head_rwsem_init,
#endif
	    head_rwsem_fini, head_rwsem_run, head_rwsem_write },
	{ "rmsem", "lockbench_rmsem(sleep)", head_rmsem_init, head_rmsem_fini,
	    head_rmsem_run, head_rmsem_write },
	{ "epoch", "liburcu_memb(readers-never-wait)", head_none_init,
	    head_epoch_fini, head_epoch_run, head_epoch_write },
};

/*
 * The hook's work.  In check mode, a read-modify-write of a shared
 * counter, not atomic and spread across the busy-wait: exact under a
 * lock that excludes, short by the updates lost where it does not.
 */
static inline void
hook_work(struct lk_bench *b)
{
	uint64_t v;

	if (!b->check) {
		busywait(b->delay_ns);
		return;
	}
	v = b->hook_count;
	busywait(b->delay_ns);
	b->hook_count = v + 1;
}

static void
hook_null_init(struct lk_bench *b)
{
}

static int
hook_null(struct lk_bench *b, struct lk_thread *td)
{
	hook_work(b);
	return 0;
}

static void
hook_mtx_init(struct lk_bench *b)
{
	pthread_mutexattr_t a;

	check_pthread(pthread_mutexattr_init(&a), "pthread_mutexattr_init");
	/* Spin a while before sleeping, as FreeBSD's MTX_DEF mutexes do. */
	check_pthread(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ADAPTIVE_NP),
	    "pthread_mutexattr_settype");
	check_pthread(pthread_mutex_init(&b->hook_lk.mtx, &a),
	    "pthread_mutex_init");
	pthread_mutexattr_destroy(&a);
}

static void
hook_mtx_fini(struct lk_bench *b)
{
	pthread_mutex_destroy(&b->hook_lk.mtx);
}

static int
hook_mtx(struct lk_bench *b, struct lk_thread *td)
{
	pthread_mutex_lock(&b->hook_lk.mtx);
	hook_work(b);
	pthread_mutex_unlock(&b->hook_lk.mtx);
	return 0;
}

static void
hook_rw_init(struct lk_bench *b)
{
	check_pthread(pthread_rwlock_init(&b->hook_lk.rw, NULL),
	    "pthread_rwlock_init");
}

static void
hook_rw_fini(struct lk_bench *b)
{
	pthread_rwlock_destroy(&b->hook_lk.rw);
}

static int
hook_rw(struct lk_bench *b, struct lk_thread *td)
{
	pthread_rwlock_rdlock(&b->hook_lk.rw);
	hook_work(b);
	pthread_rwlock_unlock(&b->hook_lk.rw);
	return 0;
}

static void
hook_rm_init(struct lk_bench *b)
{
	ck_brlock_init(&b->hook_lk.br);
}

static int
hook_rm(struct lk_bench *b, struct lk_thread *td)
{
	ck_brlock_read_lock(&b->hook_lk.br, &td->hook_rd);
	hook_work(b);
	ck_brlock_read_unlock(&td->hook_rd);
	return 0;
}

static void
hook_spin_init(struct lk_bench *b)
{
	check_pthread(pthread_spin_init(&b->hook_lk.spin,
	    PTHREAD_PROCESS_PRIVATE), "pthread_spin_init");
}

static void
hook_spin_fini(struct lk_bench *b)
{
	pthread_spin_destroy(&b->hook_lk.spin);
}

static int
hook_spin(struct lk_bench *b, struct lk_thread *td)
{
	pthread_spin_lock(&b->hook_lk.spin);
	hook_work(b);
	pthread_spin_unlock(&b->hook_lk.spin);
	return 0;
}

/* No hook lock is taken for writing: rw and rm never wait. */
static const struct lk_hook_ops hook_ops[] = {
	{ "null", "none", 0, hook_null_init, NULL, hook_null },
	{ "mtx", "pthread_mutex_adaptive(spin-then-sleep)", 1, hook_mtx_init,
	    hook_mtx_fini, hook_mtx },
	{ "rw", "pthread_rwlock(sleep)", 0, hook_rw_init, hook_rw_fini,
	    hook_rw },
	{ "rm", "ck_brlock(spin)", 0, hook_rm_init, NULL, hook_rm },
	{ "spin", "pthread_spinlock(spin)", 1, hook_spin_init, hook_spin_fini,
	    hook_spin },
};

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

const struct lk_head_ops *
lk_head_find(const char *name)
{
	size_t i;

	for (i = 0; i < NELEM(head_ops); i++)
		if (strcmp(head_ops[i].name, name) == 0)
			return &head_ops[i];
	return NULL;
}

const struct lk_hook_ops *
lk_hook_find(const char *name)
{
	size_t i;

	for (i = 0; i < NELEM(hook_ops); i++)
		if (strcmp(hook_ops[i].name, name) == 0)
			return &hook_ops[i];
	return NULL;
}

const struct lk_head_ops *
lk_head_at(int i)
{
	return i >= 0 && (size_t)i < NELEM(head_ops) ? &head_ops[i] : NULL;
}

const struct lk_hook_ops *
lk_hook_at(int i)
{
	return i >= 0 && (size_t)i < NELEM(hook_ops) ? &hook_ops[i] : NULL;
}

void
lk_bench_init(struct lk_bench *b, const struct lk_head_ops *head,
    const struct lk_hook_ops *hook, int64_t delay_ns, int check)
{
	int i;

	b->head = head;
	b->hook = hook;
	b->delay_ns = delay_ns;
	b->check = check;
	b->hook_count = 0;
	b->gen = 0;
	memset(&b->chain0, 0, sizeof(b->chain0));
	b->chain0.nhooks = LK_HOOKS;
	for (i = 0; i < LK_HOOKS; i++) {
		b->chain0.hooks[i].fn = hook->fn;
		b->chain0.hooks[i].arg = b;
	}
	atomic_init(&b->chainp, &b->chain0);
	head->init(b);
	hook->init(b);
}

void
lk_bench_fini(struct lk_bench *b)
{
	if (b->hook->fini != NULL)
		b->hook->fini(b);
	if (b->head->fini != NULL)
		b->head->fini(b);
}

/*
 * ck_brlock and rmsem readers are records, not threads: the main thread
 * registers each thread's before the threads exist, so registration (a
 * write lock for ck_brlock) is not part of the run and needs no
 * annotation; the record lists do not change while threads run.
 */
void
lk_thread_init(struct lk_bench *b, struct lk_thread *td)
{
	struct lk_rmsem *s = &b->head_lk.sem;

	memset(td, 0, sizeof(*td));
	atomic_init(&td->sem_rd.count, 0);
	if (b->head == lk_head_find("rm"))
		ck_brlock_read_register(&b->head_lk.br, &td->head_rd);
	if (b->head == lk_head_find("rmsem")) {
		td->sem_rd.next = s->readers;
		s->readers = &td->sem_rd;
	}
	if (b->hook == lk_hook_find("rm"))
		ck_brlock_read_register(&b->hook_lk.br, &td->hook_rd);
}

void
lk_thread_fini(struct lk_bench *b, struct lk_thread *td)
{
	struct lk_rmsem_reader **rp;

	if (b->head == lk_head_find("rm"))
		ck_brlock_read_unregister(&b->head_lk.br, &td->head_rd);
	if (b->head == lk_head_find("rmsem"))
		for (rp = &b->head_lk.sem.readers; *rp != NULL;
		    rp = &(*rp)->next)
			if (*rp == &td->sem_rd) {
				*rp = td->sem_rd.next;
				break;
			}
	if (b->hook == lk_hook_find("rm"))
		ck_brlock_read_unregister(&b->hook_lk.br, &td->hook_rd);
}

/* liburcu readers are threads: each registers itself. */
void
lk_thread_online(struct lk_bench *b)
{
	if (b->head == lk_head_find("epoch"))
		rcu_register_thread();
}

void
lk_thread_offline(struct lk_bench *b)
{
	if (b->head == lk_head_find("epoch"))
		rcu_unregister_thread();
}

void
lk_write(struct lk_bench *b)
{
	b->head->write(b);
}

uint64_t
lk_hook_count(const struct lk_bench *b)
{
	return b->hook_count;
}

const char *
lk_mtx_type(void)
{
	return "adaptive";
}

const char *
lk_head_rwsem_kind(void)
{
#ifdef __GLIBC__
	return "prefer-writer";
#else
	return "default";
#endif
}

const char *
lk_ck_version(void)
{
	return CK_VERSION;
}

const char *
lk_urcu_flavor(void)
{
	return "memb";
}

int
lk_urcu_membarrier(void)
{
	/* liburcu decides in its constructor; make sure it has run. */
	rcu_init();
#ifdef CONFIG_RCU_FORCE_SYS_MEMBARRIER
	return 1;
#else
	return urcu_memb_has_sys_membarrier != 0;
#endif
}
