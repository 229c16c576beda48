/*
 * stats_hl.c: the Hodges-Lehmann estimate of the shift (or ratio)
 * between two samples with Moses' distribution-free interval, by exact
 * selection in the implicit matrix of the na nb pairwise differences,
 * which is never stored.  See stats.h.
 *
 * The ranks wanted (the median, or the middle two, and the ends of the
 * interval) are selected together.  Rounds narrow a bracket, the values
 * between two pivots: the pivots come from a sample of the bracket,
 * around the ranks' expected places in it; a walk counts the values
 * below each (the staircase count, O(na + nb)) and samples the values
 * between them for the next round, or gathers them all when few enough
 * to select from directly.  The walks compare the data with thresholds
 * instead of computing each difference or ratio, and compute only the
 * rare values too close to tell: every count is exact.
 *
 * References: Hollander & Wolfe, Nonparametric Statistical Methods,
 * 4.3; Monahan, ACM TOMS 10 (1984) 265-270 (selection of the
 * Hodges-Lehmann estimate without forming the pairs); Floyd & Rivest,
 * CACM 18 (1975) 165-172 (pivots from a sample); Frederickson &
 * Johnson (selection in sorted matrices, the staircase count).
 */
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#define HL_SSE2	1
#endif

#include "analyze/stats.h"

/*
 * The tuning: only the speed depends on it (tests/unit/test_stats.c
 * compiles this file again with extreme values, to reach the rare turns).
 */
#ifndef HL_SAMPLE
#define HL_SAMPLE	65536	/* values drawn for a round's pivots */
#endif
#ifndef HL_SAMPLE_MAX
#define HL_SAMPLE_MAX	131072	/* at most, to gather after the round */
#endif
#ifndef HL_GATHER_MIN
/*
 * Values gathered at once, at least (the room is (na + nb) / 4 beyond
 * it).  A small room costs a few more walks, each O(na + nb), and saves
 * selecting from a large band: 65536 made 1000 x 1000 samples 4 x as
 * slow (1.3 ms against 0.33; a site's comparison has 200 of them).
 */
#define HL_GATHER_MIN	1024
#endif
#ifndef HL_ALL_MAX
/* Pairs gathered whole when the walks cannot rank them (hl_room). */
#define HL_ALL_MAX	65536
#endif
#ifndef HL_Z
#define HL_Z		2.5	/* pivots this many sd around the rank */
#endif
#ifndef HL_GFILL
#define HL_GFILL	0.8	/* gather bands expected to fill this much */
#endif
#ifndef HL_THRMIN
#define HL_THRMIN	131072	/* rows (smaller sample) worth two threads */
#endif
#ifndef HL_SEGMIN
#define HL_SEGMIN	64	/* rows a run of a walk has, at least */
#endif
#define HL_JOINT	0.25	/* joint rounds while they keep <= this */
#define HL_ROUNDS	200	/* rounds at most (only NaN values need more) */
#define HL_BLK		8	/* columns a row compares at once */
#define HL_SEED		UINT64_C(0x6b62656e63682121)	/* "kbench!!" */
#define HL_MARGIN	0x1p-49	/* 16 units in the last place */

enum { HL_CMR, HL_CDR, HL_RMC, HL_RDC };	/* c - r, c / r, r - c, r / c */

/* The walks are compiled once for each op, a constant there. */
#ifdef __GNUC__
#define HL_INLINE	static inline __attribute__((always_inline))
#define HL_LIKELY(x)	__builtin_expect(!!(x), 1)
#define HL_UNLIKELY(x)	__builtin_expect(!!(x), 0)
#else
#define HL_INLINE	static inline
#define HL_LIKELY(x)	(x)
#define HL_UNLIKELY(x)	(x)
#endif

/*
 * The na x nb pairwise values b[j] - a[i] (or b[j] / a[i]) as a matrix
 * ascending along rows and columns: rows run over the smaller sample,
 * a taken in descending order, b in ascending order.  Element (r, c) is
 * f(rv[-r], cv[c]) for HL_CMR and HL_CDR (rows from a), f(rv[r], cv[-c])
 * for the two others (rows from b).  Rounding is monotone, so the
 * computed values are sorted the same way.
 */
struct hlm {
	const double	*rv, *cv;
	int		 op;
	size_t		 nrow, ncol;
	double		 xlo, xhi;	/* the smallest and largest row value */
	uint64_t	 seed;
};

/*
 * A pivot p and its thresholds.  A walk compares column values with a
 * row's thresholds, tout(x) and tin(x) below, instead of computing
 * f(x, y): a value y beyond tout is surely > p, one beyond tin surely
 * < p, each with a margin of 16 ulp over the rounding errors of the
 * thresholds (see hl_prep).  Only the few values between the two are
 * computed and compared exactly, so every count is exact.  fast is 0
 * when the magnitudes leave no room for that margin (values beyond
 * 2^+-500): then every comparison is computed.
 */
struct hlpiv {
	double	p, to, ti;
	int	fast;
};

static inline double
hl_f(int op, double r, double c)
{
	switch (op) {
	case HL_CMR:
		return c - r;
	case HL_CDR:
		return c / r;
	case HL_RMC:
		return r - c;
	default:
		return r / c;
	}
}

/* With op a constant, these fold into plain loads and compares. */
static inline double
hl_row(const struct hlm *m, int op, size_t r)
{
	return op <= HL_CDR ? m->rv[-(ptrdiff_t)r] : m->rv[r];
}

static inline double
hl_col(const struct hlm *m, int op, size_t c)
{
	return op <= HL_CDR ? m->cv[c] : m->cv[-(ptrdiff_t)c];
}

static inline double
hl_at(const struct hlm *m, int op, double x, size_t c)
{
	return hl_f(op, x, hl_col(m, op, c));
}

/* The thresholds of row value x, see hl_prep. */
static inline double
hl_tout(int op, double x, const struct hlpiv *pv)
{
	switch (op) {
	case HL_CMR:
		return x + pv->to;
	case HL_RMC:
		return x - pv->to;
	default:
		return x * pv->to;
	}
}

static inline double
hl_tin(int op, double x, const struct hlpiv *pv)
{
	switch (op) {
	case HL_CMR:
		return x + pv->ti;
	case HL_RMC:
		return x - pv->ti;
	default:
		return x * pv->ti;
	}
}

/* Column value y is surely > p (out), surely < p (less). */
static inline int
hl_sout(int op, double y, double t)
{
	return op <= HL_CDR ? y > t : y < t;
}

static inline int
hl_sless(int op, double y, double t)
{
	return op <= HL_CDR ? y < t : y > t;
}

/*
 * The thresholds.  With u = 2^-53 and E = |p| + max |x|, for c - r:
 * to = p + 16 u E, and x + to, rounded twice, is above x + p + 13.9 u E,
 * so y above it makes y - x >= p + ulp(p), which rounds above p;
 * likewise below x + ti, y - x rounds below p.  For c / r: x (p (1 +
 * 16 u)) is above x p (1 + 13.9 u), and so on; r / c goes through 1 / p,
 * one rounding more (12.9 u left).  The bounds hold for normal numbers:
 * E (or x, p) within 2^+-500, so that no threshold under- or overflows.
 */
static void
hl_prep(const struct hlm *m, double p, struct hlpiv *pv)
{
	double e, g, ip;

	pv->p = p;
	pv->to = pv->ti = 0;
	pv->fast = 0;
	switch (m->op) {
	case HL_CMR:
	case HL_RMC:
		e = fabs(p) + fmax(fabs(m->xlo), fabs(m->xhi));
		if (!(e >= 0x1p-500 && e <= 0x1p500))
			return;
		g = e * HL_MARGIN;
		pv->to = p + g;
		pv->ti = p - g;
		break;
	default:
		if (!(p >= 0x1p-500 && p <= 0x1p500 && m->xlo >= 0x1p-500 &&
		    m->xhi <= 0x1p500))
			return;
		if (m->op == HL_CDR) {
			pv->to = p * (1 + HL_MARGIN);
			pv->ti = p * (1 - HL_MARGIN);
		} else {
			ip = 1 / p;
			pv->to = ip * (1 - HL_MARGIN);
			pv->ti = ip * (1 + HL_MARGIN);
		}
		break;
	}
	pv->fast = 1;
}

/*
 * Row r's count of values <= p, given a count c of the row above (or
 * any c with all columns from c on > p): skip the values surely above p,
 * galloping then bisecting, then settle the uncertain ones exactly.
 */
static size_t
hl_fix(const struct hlm *m, int op, const struct hlpiv *pv, double x,
    size_t c, double to, double ti)
{
	size_t lo, hi, mid, step;

	if (!pv->fast) {
		while (c > 0 && hl_at(m, op, x, c - 1) > pv->p)
			c--;
		return c;
	}
	if (c > 0 && hl_sout(op, hl_col(m, op, c - 1), to)) {
		/* Column hi is out; find the first that is. */
		hi = c - 1;
		step = 1;
		while (step <= hi && hl_sout(op, hl_col(m, op, hi - step), to)) {
			hi -= step;
			step <<= 1;
		}
		lo = step <= hi ? hi - step + 1 : 0;
		while (lo < hi) {
			mid = lo + (hi - lo) / 2;
			if (hl_sout(op, hl_col(m, op, mid), to))
				hi = mid;
			else
				lo = mid + 1;
		}
		c = lo;
	}
	while (c > 0 && !hl_sless(op, hl_col(m, op, c - 1), ti) &&
	    hl_at(m, op, x, c - 1) > pv->p)
		c--;
	return c;
}

/* The number of the HL_BLK columns below c that are surely out. */
static inline size_t
hl_nout(const double *cv, int op, size_t c, double t)
{
	const double *q = op <= HL_CDR ? cv + c - HL_BLK :
	    cv - (ptrdiff_t)c + 1;
#ifdef HL_SSE2
	__m128d tv = _mm_set1_pd(t), v0, v1, v2, v3;
	__m128i s;

	v0 = _mm_loadu_pd(q);
	v1 = _mm_loadu_pd(q + 2);
	v2 = _mm_loadu_pd(q + 4);
	v3 = _mm_loadu_pd(q + 6);
	/* v > t as not v <= t (no NaN here): v is the destination. */
	if (op <= HL_CDR) {
		v0 = _mm_cmpnle_pd(v0, tv);
		v1 = _mm_cmpnle_pd(v1, tv);
		v2 = _mm_cmpnle_pd(v2, tv);
		v3 = _mm_cmpnle_pd(v3, tv);
	} else {
		v0 = _mm_cmplt_pd(v0, tv);
		v1 = _mm_cmplt_pd(v1, tv);
		v2 = _mm_cmplt_pd(v2, tv);
		v3 = _mm_cmplt_pd(v3, tv);
	}
	/* Each true lane is -1. */
	s = _mm_add_epi64(_mm_add_epi64(_mm_castpd_si128(v0),
	    _mm_castpd_si128(v1)), _mm_add_epi64(_mm_castpd_si128(v2),
	    _mm_castpd_si128(v3)));
	s = _mm_add_epi64(s, _mm_shuffle_epi32(s, 0x4e));
	return (size_t)-_mm_cvtsi128_si64(s);
#else
	size_t i, n = 0;

	for (i = 0; i < HL_BLK; i++)
		n += (size_t)hl_sout(op, q[i], t);
	return n;
#endif
}

/*
 * One row of a walk: c from the row above (or any count with all
 * columns from c on > p) becomes this row's count of values <= p, added
 * to t.  The HL_BLK columns below c are compared at once, without a
 * branch: the counts fall by about ncol / nrow a row, rarely by HL_BLK
 * or more, and the uncertain values are rarer still; hl_fix takes both,
 * and the short counts at the end of a walk.
 */
#define HL_ROWOP(x, c, pv, t) do {					\
	double to_ = hl_tout(op, x, pv), ti_ = hl_tin(op, x, pv);	\
	size_t n_ = hl_nout(cv, op, c, to_);				\
	(c) -= n_;							\
	if (HL_UNLIKELY(n_ == HL_BLK || !hl_sless(op,			\
	    op <= HL_CDR ? cv[(c) - 1] : cv[1 - (ptrdiff_t)(c)], ti_)))	\
		(c) = hl_fix(m, op, pv, x, c, to_, ti_);		\
	(t) += (c);							\
} while (0)

/* The same for counts that may be below HL_BLK. */
#define HL_ROWOP_END(x, c, pv, t) do {					\
	if ((c) >= HL_BLK)						\
		HL_ROWOP(x, c, pv, t);					\
	else if ((c) > 0) {						\
		(c) = hl_fix(m, op, pv, x, c, hl_tout(op, x, pv),	\
		    hl_tin(op, x, pv));					\
		(t) += (c);						\
	}								\
} while (0)

/* When a pivot has no thresholds (beyond 2^+-500): one row at a time. */
#define HL_ROWOP_EXACT(x, c, pv, t) do {				\
	(c) = hl_fix(m, op, pv, x, c, hl_tout(op, x, pv),		\
	    hl_tin(op, x, pv));						\
	(t) += (c);							\
} while (0)

/* SplitMix64: a small, fixed-seed generator; only the speed depends on it. */
static uint64_t
sm64(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double
hl_unif(uint64_t *s)
{
	return (double)(sm64(s) >> 11) * 0x1p-53;
}

/* Row r's count of values <= p, by bisection. */
static size_t
hl_count(const struct hlm *m, double p, size_t r)
{
	size_t lo = 0, hi = m->ncol, mid;
	double x = hl_row(m, m->op, r);

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (hl_at(m, m->op, x, mid) <= p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * A walk: both pivots, rows in chunks that the threads take in turn
 * (each chunk two runs of q rows in lockstep: independent walks in one
 * loop overlap, as each row waits on the one before; the last chunk
 * takes the rows left, alone), and the band between them: the values
 * > p1 and <= p2, in the columns [c1, c2) of each row.  Its values are
 * numbered along each run, and one is taken at a uniform place in each
 * slice of step of them (stratified sampling); with gather, all are.
 * A chunk's sums and sample do not depend on the thread that walks it.
 */
#define HL_NCHUNK	16

struct hlpass {
	const struct hlm	*m;
	struct hlpiv		 p1, p2;
	double			 step;
	size_t			 nchunk, q;
	int			 gather, mt;
	uint64_t		 seed;
	pthread_mutex_t		 mu;
	size_t			 next;		/* the next chunk to walk */
	uint64_t		 t1[HL_NCHUNK], t2[HL_NCHUNK];	/* sums */
};

/* A thread of a walk: its part of the buffer, for samples or the band. */
struct hlthr {
	struct hlpass		*ps;
	double			*g;
	size_t			 ng, cap;
	int			 full;		/* it ran out of room */
};

/* A run's sampling: where its next sample is. */
struct hlrun {
	uint64_t	 next, seed;
	size_t		 j;		/* samples drawn */
};

static void
hl_spos(struct hlrun *u, double step)
{
	double p = ((double)u->j++ + hl_unif(&u->seed)) * step;

	u->next = step > 0 && p < 0x1p63 ? (uint64_t)p : UINT64_MAX;
}

/* Take the samples among the band's values before number seen (row x). */
static uint64_t
hl_take(const struct hlm *m, struct hlthr *th, struct hlrun *u, double step,
    double x, size_t c2, uint64_t seen)
{
	while (u->next < seen) {
		if (th->ng == th->cap) {
			th->full = 1;
			u->next = UINT64_MAX;
			break;
		}
		th->g[th->ng++] = hl_at(m, m->op, x,
		    c2 - (size_t)(seen - u->next));
		hl_spos(u, step);
	}
	return u->next;
}

/*
 * Gathering, the band's values go as pairs (row value, column value),
 * computed after the walk: most rows have none, few more than one, and
 * the pair of the first is written whether there or not (and kept or
 * not), without a branch or a division.
 */
#define HL_PUT(x, c1, c2) do {						\
	if (HL_UNLIKELY(ng + 2 * ((c2) - (c1)) + 2 > th->cap)) {	\
		th->full = 1;	/* junk from here on, kept in room */	\
		ng = 0;							\
	} else {							\
		k = (c1) < m->ncol ? (c1) : m->ncol - 1;		\
		g[ng] = (x);						\
		g[ng + 1] = hl_col(m, op, k);				\
		ng += 2 * ((c2) > (c1));				\
		for (k = (c1) + 1; HL_UNLIKELY(k < (c2)); k++) {	\
			g[ng] = (x);					\
			g[ng + 1] = hl_col(m, op, k);			\
			ng += 2;					\
		}							\
	}								\
} while (0)

/*
 * The loop of a chunk, for a row op and whether to gather (a constant):
 * the counts of the runs' rows, their sums t1 and t2.
 */
#define HL_LOOP(ROWOP, ROWOP_END, GATHER) do {				\
	for (i = 0; i < len; i++) {					\
		xa = hl_row(m, op, ra + i);				\
		xb = hl_row(m, op, rb + i);				\
		if (HL_LIKELY(a1 >= HL_BLK && b1 >= HL_BLK)) {		\
			ROWOP(xa, a1, &q1, t1);		\
			ROWOP(xa, a2, &q2, t2);		\
			ROWOP(xb, b1, &q1, t1);		\
			ROWOP(xb, b2, &q2, t2);		\
		} else {						\
			ROWOP_END(xa, a1, &q1, t1);		\
			ROWOP_END(xa, a2, &q2, t2);		\
			ROWOP_END(xb, b1, &q1, t1);		\
			ROWOP_END(xb, b2, &q2, t2);		\
		}							\
		sa += a2 - a1;						\
		if (HL_UNLIKELY(sa > na))				\
			na = hl_take(m, th, &ua, step, xa, a2, sa);	\
		sb += b2 - b1;						\
		if (HL_UNLIKELY(sb > nb))				\
			nb = hl_take(m, th, &ub, step, xb, b2, sb);	\
		if (GATHER) {						\
			HL_PUT(xa, a1, a2);				\
			HL_PUT(xb, b1, b2);				\
		}							\
	}								\
	for (i = len; i < len + tail; i++) {				\
		xb = hl_row(m, op, rb + i);				\
		ROWOP_END(xb, b1, &q1, t1);			\
		ROWOP_END(xb, b2, &q2, t2);			\
		sb += b2 - b1;						\
		if (HL_UNLIKELY(sb > nb))				\
			nb = hl_take(m, th, &ub, step, xb, b2, sb);	\
		if (GATHER)						\
			HL_PUT(xb, b1, b2);				\
	}								\
} while (0)

HL_INLINE void
hl_chunk_op(struct hlthr *th, size_t ck, int op)
{
	const struct hlpass *ps = th->ps;
	const struct hlm *m = ps->m;
	const struct hlpiv q1 = ps->p1, q2 = ps->p2;
	const double *cv = m->cv;
	struct hlrun ua, ub;
	size_t len = ps->q, ra = 2 * ck * len, rb = ra + len, tail = 0;
	size_t a1, a2, b1, b2, i, k, ng = th->ng;
	uint64_t t1 = 0, t2 = 0, sa = 0, sb = 0, na, nb;
	double xa, xb, step = ps->step, *g = th->g;

	if (ck == ps->nchunk - 1)
		tail = m->nrow - 2 * ps->nchunk * len;
	if (len > 0) {
		a1 = hl_count(m, q1.p, ra);
		a2 = hl_count(m, q2.p, ra);
		b1 = hl_count(m, q1.p, rb);
		b2 = hl_count(m, q2.p, rb);
	} else
		a1 = a2 = b1 = b2 = m->ncol;
	ua.seed = ps->seed ^ (UINT64_C(0x51ed270b27a5e9) * (2 * ck + 1));
	ub.seed = ps->seed ^ (UINT64_C(0x51ed270b27a5e9) * (2 * ck + 2));
	ua.j = ub.j = 0;
	hl_spos(&ua, step);
	hl_spos(&ub, step);
	na = ua.next;
	nb = ub.next;
	/*
	 * The exact op takes counts below HL_BLK too, so it is both row
	 * ops of its HL_LOOP, whose two arms are then the same code.
	 * NOLINTBEGIN(bugprone-branch-clone)
	 */
	if (!q1.fast || !q2.fast)
		HL_LOOP(HL_ROWOP_EXACT, HL_ROWOP_EXACT, ps->gather);
	else if (ps->gather)
		HL_LOOP(HL_ROWOP, HL_ROWOP_END, 1);
	else
		HL_LOOP(HL_ROWOP, HL_ROWOP_END, 0);
	/* NOLINTEND(bugprone-branch-clone) */
	if (ps->gather)
		th->ng = ng;
	th->ps->t1[ck] = t1;
	th->ps->t2[ck] = t2;
}

static void
hl_chunk(struct hlthr *th, size_t ck)
{
	switch (th->ps->m->op) {
	case HL_CMR:
		hl_chunk_op(th, ck, HL_CMR);
		break;
	case HL_CDR:
		hl_chunk_op(th, ck, HL_CDR);
		break;
	case HL_RMC:
		hl_chunk_op(th, ck, HL_RMC);
		break;
	default:
		hl_chunk_op(th, ck, HL_RDC);
		break;
	}
}

/* A thread of a walk: chunks until none are left; the pairs' values. */
static void *
hl_worker(void *arg)
{
	struct hlthr *th = arg;
	struct hlpass *ps = th->ps;
	size_t ck, i;

	for (;;) {
		if (ps->mt)
			pthread_mutex_lock(&ps->mu);
		ck = ps->next++;
		if (ps->mt)
			pthread_mutex_unlock(&ps->mu);
		if (ck >= ps->nchunk)
			break;
		hl_chunk(th, ck);
	}
	if (ps->gather) {
		for (i = 0; !th->full && i < th->ng / 2; i++)
			th->g[i] = hl_f(ps->m->op, th->g[2 * i],
			    th->g[2 * i + 1]);
		th->ng /= 2;
	}
	return NULL;
}

/*
 * The selection: the wanted ranks t[] (ascending, 1-based) and their
 * values, found jointly.  buf (gcap values) holds a sample of the values
 * of a bracket, or all of them.
 */
struct hlsel {
	struct hlm	*m;
	double		*buf;
	size_t		 gcap, nbuf;	/* buf's size, values in it */
	int		 gok, sok;	/* buf holds all the values, a sample */
	double		 bl, bh;	/* buf's values are > bl and <= bh */
	size_t		 nthr;		/* threads a walk takes */
	size_t		 smp, smax;	/* sample sizes: usual, most */
	double		 gthr;		/* bands gathered as they walk */
	size_t		 rounds;
	size_t		 nt;
	uint64_t	 t[4];
	double		 v[4];
	int		 done[4];
};

/*
 * A walk for pivots pa <= pb: their counts le[0] and le[1], and the
 * band between them (the values > pa and <= pb) into buf: a stratified
 * sample of one value in step, or (with gather) all of it; neither with
 * step 0 (buf is left alone).  gok says whether buf holds all of it, sok
 * whether it holds a whole sample (no thread ran out of room).  With
 * two threads, each has half of buf.
 */
static void
hl_pass(struct hlsel *h, double pa, double pb, double step, int gather,
    uint64_t *le)
{
	const struct hlm *m = h->m;
	struct hlpass ps;
	struct hlthr th[2];
	pthread_t tid;
	size_t nj = h->nthr, i, n;
	int thr = 0;

	memset(&ps, 0, sizeof(ps));
	ps.m = m;
	hl_prep(m, pa, &ps.p1);
	hl_prep(m, pb, &ps.p2);
	ps.step = gather ? 0 : step;
	ps.gather = gather;
	ps.seed = sm64(&h->m->seed);
	ps.nchunk = nj > 1 ? HL_NCHUNK : 1;
	ps.q = m->nrow / (2 * ps.nchunk);
	if (ps.q < HL_SEGMIN) {
		ps.q = 0;
		ps.nchunk = 1;
	}
	if (nj > 1 && pthread_mutex_init(&ps.mu, NULL) != 0)
		nj = 1;
	ps.mt = nj > 1;
	for (i = 0; i < 2; i++) {
		th[i].ps = &ps;
		th[i].g = h->buf + i * (h->gcap / 2);
		th[i].cap = nj > 1 ? (i ? h->gcap - h->gcap / 2 : h->gcap / 2) :
		    i ? 0 : h->gcap;
		th[i].ng = 0;
		th[i].full = 0;
	}
	if (nj > 1)
		thr = pthread_create(&tid, NULL, hl_worker, &th[1]) == 0;
	hl_worker(&th[0]);
	if (thr)
		pthread_join(tid, NULL);
	if (nj > 1)
		pthread_mutex_destroy(&ps.mu);
	le[0] = le[1] = 0;
	for (i = 0; i < ps.nchunk; i++) {
		le[0] += ps.t1[i];
		le[1] += ps.t2[i];
	}
	if (!gather && !(step > 0))
		return;
	n = th[0].ng;
	if (th[1].ng > 0)
		memmove(h->buf + n, th[1].g, th[1].ng * sizeof(*h->buf));
	h->nbuf = n + th[1].ng;
	h->bl = pa;
	h->bh = pb;
	h->gok = gather && !th[0].full && !th[1].full;
	h->sok = !gather && !th[0].full && !th[1].full;
}

/*
 * The k-th smallest (0-based) of v[0..n-1], in place, leaving the
 * smaller values before it and the larger after: quickselect with a
 * random pivot (the gathered rows are sorted runs, which would make a
 * fixed choice quadratic) and a three-way partition (ties are common).
 */
static double
quickselect(double *v, size_t n, size_t k, uint64_t *seed)
{
	size_t lo = 0, hi = n, lt, gt, i;
	double piv, t;

	while (hi - lo > 1) {
		piv = v[lo + (size_t)(sm64(seed) % (hi - lo))];
		lt = i = lo;
		gt = hi;
		while (i < gt) {
			if (v[i] < piv) {
				t = v[lt];
				v[lt++] = v[i];
				v[i++] = t;
			} else if (v[i] > piv) {
				t = v[--gt];
				v[gt] = v[i];
				v[i] = t;
			} else
				i++;
		}
		/* [lo, lt) < piv, [lt, gt) == piv, [gt, hi) > piv */
		if (k < lt)
			hi = lt;
		else if (k >= gt)
			lo = gt;
		else
			return piv;
	}
	return v[k];
}

/*
 * Values k[0..nk) (0-based ranks, ascending, distinct) of v[0..n) into
 * out[], in place.  When the ranks are close together in a large array,
 * two pivots from a small sample bracket them; one pass counts the
 * values below and within the bracket, without a branch, and a second
 * keeps those within, so the quickselects run on a small part.
 * Otherwise (or when the ranks fall outside the pivots) successive
 * quickselects, each on the values above the last.
 */
#define HL_PICK_MIN	32768	/* values worth a filtering pass */
#define HL_PICK_SMP	1024	/* its sample */

static void
hl_pick(double *v, size_t n, const size_t *k, size_t nk, double *out,
    uint64_t *seed)
{
	double s[HL_PICK_SMP], q1, q2, x, f1, f2, d1, d2;
	size_t i, i1, i2, nlt = 0, nle = 0, base = 0, off = 0;

	if (nk == 0)
		return;
	if (n >= HL_PICK_MIN && k[nk - 1] - k[0] < n / 16) {
		for (i = 0; i < HL_PICK_SMP; i++)
			s[i] = v[sm64(seed) % n];
		f1 = (k[0] + 0.5) / n;
		f2 = (k[nk - 1] + 0.5) / n;
		d1 = 3 * sqrt(HL_PICK_SMP * f1 * (1 - f1)) + 1;
		d2 = 3 * sqrt(HL_PICK_SMP * f2 * (1 - f2)) + 1;
		i1 = f1 * HL_PICK_SMP > d1 ? (size_t)(f1 * HL_PICK_SMP - d1) :
		    0;
		i2 = (size_t)fmin(f2 * HL_PICK_SMP + d2, HL_PICK_SMP - 1);
		q1 = quickselect(s, HL_PICK_SMP, i1, seed);
		q2 = i2 > i1 ? quickselect(s + i1 + 1, HL_PICK_SMP - i1 - 1,
		    i2 - i1 - 1, seed) : q1;
		for (i = 0; i < n; i++) {
			nlt += v[i] < q1;
			nle += v[i] <= q2;
		}
		if (nlt <= k[0] && k[nk - 1] < nle) {
			for (nle = 0, i = 0; i < n; i++) {
				x = v[i];
				v[nle] = x;
				nle += (x >= q1) & (x <= q2);
			}
			n = nle;
			off = nlt;
		}
	}
	for (i = 0; i < nk; i++) {
		out[i] = quickselect(v + base, n - base, k[i] - off - base,
		    seed);
		base = k[i] - off + 1;
	}
}

/*
 * A bracket: the live values are those > pl and <= ph, slo values are
 * <= pl and shi <= ph (pl is below the smallest value at first, ph the
 * largest).
 */
struct hlbr {
	double		 pl, ph;
	uint64_t	 slo, shi;
};

/* The open ranks among t[g0..g1). */
static int
hl_open(const struct hlsel *h, size_t g0, size_t g1)
{
	size_t i;

	for (i = g0; i < g1; i++)
		if (!h->done[i])
			return 1;
	return 0;
}

/* buf holds all the values of b: select the open ranks of t[g0..g1). */
static void
hl_found(struct hlsel *h, const struct hlbr *b, size_t g0, size_t g1)
{
	size_t i, nk = 0, k[4] = { 0 }, ix[4] = { 0 };
	uint64_t seed = h->m->seed;
	double out[4];

	for (i = g0; i < g1; i++)
		if (!h->done[i]) {
			ix[nk] = i;
			k[nk++] = (size_t)(h->t[i] - b->slo - 1);
		}
	hl_pick(h->buf, h->nbuf, k, nk, out, &seed);
	for (i = 0; i < nk; i++) {
		h->v[ix[i]] = out[i];
		h->done[ix[i]] = 1;
	}
}

/*
 * The sample indices of the pivots for the open ranks of t[g0..g1) in
 * bracket b: their expected places in a sample of s, -/+ HL_Z sd.
 */
static void
hl_where(const struct hlsel *h, const struct hlbr *b, size_t g0, size_t g1,
    size_t s, size_t *i1, size_t *i2)
{
	uint64_t live = b->shi - b->slo, tmin = 0, tmax = 0;
	size_t i;
	double f1, f2, d1, d2;
	int first = 1;

	for (i = g0; i < g1; i++) {
		if (h->done[i])
			continue;
		if (first)
			tmin = h->t[i];
		tmax = h->t[i];
		first = 0;
	}
	f1 = (tmin - b->slo - 0.5) / (double)live;
	f2 = (tmax - b->slo - 0.5) / (double)live;
	d1 = HL_Z * sqrt(s * f1 * (1 - f1)) + 1;
	d2 = HL_Z * sqrt(s * f2 * (1 - f2)) + 1;
	*i1 = f1 * s > d1 ? (size_t)(f1 * s - d1) : 0;
	*i2 = (size_t)fmin(f2 * s + d2, s - 1);
}

/*
 * The sample ranks of the pivots of the open ranks of t[g0..g1) in
 * bracket b, from a sample of s: r[1] and r[2] as hl_where places them,
 * r[0] and r[3] one gap r[2] - r[1] + 1 further out, the guards.
 */
static void
hl_ranks(const struct hlsel *h, const struct hlbr *b, size_t g0, size_t g1,
    size_t s, size_t *r)
{
	size_t w;

	hl_where(h, b, g0, g1, s, &r[1], &r[2]);
	w = r[2] - r[1] + 1;
	r[0] = r[1] > w ? r[1] - w : 0;
	r[3] = r[2] + w < s ? r[2] + w : s - 1;
}

/*
 * The values of sample ranks r[0..n) (any order, repeats allowed) of the
 * sample in buf into v[]; the sample is reordered.  The generator is a
 * copy: the values do not depend on its order, the rest of the run
 * should not either.
 */
static void
hl_values(struct hlsel *h, const size_t *r, size_t n, double *v)
{
	size_t k[16] = { 0 }, i, a, nk = 0;
	uint64_t seed = h->m->seed;
	double out[16];

	/* Ascending distinct ranks, for successive selections. */
	for (i = 0; i < n; i++) {
		for (a = 0; a < nk && k[a] < r[i]; a++)
			;
		if (a < nk && k[a] == r[i])
			continue;
		memmove(k + a + 1, k + a, (nk - a) * sizeof(*k));
		k[a] = r[i];
		nk++;
	}
	hl_pick(h->buf, h->nbuf, k, nk, out, &seed);
	for (i = 0; i < n; i++) {
		for (a = 0; k[a] != r[i]; a++)
			;
		v[i] = out[a];
	}
}

/*
 * Pivots p[1] <= p[2] for the open ranks of t[g0..g1) and guards p[0] <
 * p[1] and p[3] >= p[2] (b's own bounds when there is no room), from
 * sample ranks r[0..4) of bracket b; the expected number of values
 * between the pivots.
 */
static double
hl_pivots(const struct hlbr *b, const size_t *r, size_t s, double *p)
{
	if (!(p[0] < p[1]))
		p[0] = b->pl;
	if (!(p[3] > p[2]))
		p[3] = b->ph;
	return (double)(b->shi - b->slo) * (r[2] - r[1] + 1) / s;
}

/*
 * Make buf hold bracket b's values (if few) or a sample of them, unless
 * it does: a walk on b's bounds.
 */
static void
hl_fill(struct hlsel *h, const struct hlbr *b)
{
	uint64_t live = b->shi - b->slo, le[2];
	double step = (double)live / h->smp;
	int gather = live <= h->gthr;

	if (h->bl == b->pl && h->bh == b->ph && (h->gok || (h->sok &&
	    h->nbuf > h->smp / 4)))
		return;
	hl_pass(h, b->pl, b->ph, step, gather, le);
	if (gather && !h->gok)
		hl_pass(h, b->pl, b->ph, step, 0, le);
	/* Sparse runs could miss every value (never seen): sample more. */
	while (!h->gok && h->nbuf == 0)
		hl_pass(h, b->pl, b->ph, step /= 64, 0, le);
}

/*
 * One round on bracket *b for the open ranks of t[g0..g1), with pivots
 * p[1] <= p[2] (live values of b) whose band should hold about e values,
 * and guards p[0] and p[3] (see hl_pivots): a walk, which samples the
 * band (or gathers it, when it should fit).  A rank at or below p[1]
 * takes a second walk, counting the values <= p[0] and < p[1] (those <=
 * the double below p[1]; ties make that common, and may settle the rank
 * at p[1]), which samples that band too unless a rank may lie above
 * p[1]; a rank above p[2] one more, of p[2] and p[3], which samples.
 * The new bracket runs from the highest bound with fewer values than
 * the lowest rank to the lowest one with as many as the highest: a
 * band, or (when the pivots miss, about 1 % of the rounds) mostly the
 * one next to it.  Its values, or a sample, are left in buf, and
 * selected from when all there.  Returns 1 when the bracket
 * stays (ranks far apart on both sides), -1 after HL_ROUNDS.
 */
static int
hl_round(struct hlsel *h, struct hlbr *b, size_t g0, size_t g1,
    const double *p, double e)
{
	struct hlbr nb;
	uint64_t le[2], lo[2], hi[2], t;
	size_t i, s;
	double need, pp1 = nextafter(p[1], -INFINITY);
	int low = 0, mid = 0, high = 0, first = 1, gather = e <= h->gthr;

	if (++h->rounds > HL_ROUNDS)
		return -1;
	/* A sample big enough for the next round's band to be gathered. */
	need = HL_Z * e / h->gthr;
	need *= need;
	s = need > h->smp && need <= h->smax ? (size_t)need : h->smp;
	hl_pass(h, p[1], p[2], e / s, gather, le);
	for (i = g0; i < g1; i++)
		if (!h->done[i]) {
			low |= h->t[i] <= le[0];
			high |= h->t[i] > le[1];
			mid |= h->t[i] > le[0];
		}
	/* Keep the band's sample if a rank may be in it, else take this. */
	if (low)
		hl_pass(h, p[0], pp1, mid ? 0 : e / s, !mid && gather, lo);
	if (high)
		hl_pass(h, p[2], p[3], e / s, gather, hi);
	nb = *b;
	for (i = g0; i < g1; i++) {
		if (h->done[i])
			continue;
		t = h->t[i];
		if (low && lo[1] < t && t <= le[0]) {
			h->v[i] = p[1];
			h->done[i] = 1;
			continue;
		}
		/* Ascending ranks: the first sets the low end, the last the high. */
		if (first) {
			if (high && hi[1] < t) {
				nb.pl = p[3];
				nb.slo = hi[1];
			} else if (le[1] < t) {
				nb.pl = p[2];
				nb.slo = le[1];
			} else if (le[0] < t) {
				nb.pl = p[1];
				nb.slo = le[0];
			} else if (low && lo[0] < t) {
				nb.pl = p[0];
				nb.slo = lo[0];
			}
			first = 0;
		}
		nb.ph = b->ph;
		nb.shi = b->shi;
		if (low && t <= lo[0]) {
			nb.ph = p[0];
			nb.shi = lo[0];
		} else if (low && t <= lo[1]) {
			nb.ph = pp1;
			nb.shi = lo[1];
		} else if (t <= le[1]) {
			nb.ph = p[2];
			nb.shi = le[1];
		} else if (high && t <= hi[1]) {
			nb.ph = p[3];
			nb.shi = hi[1];
		}
	}
	if (first)
		return 0;
	if (nb.slo == b->slo && nb.shi == b->shi)
		return 1;
	*b = nb;
	hl_fill(h, b);
	if (h->gok)
		hl_found(h, b, g0, g1);
	return 0;
}

/* All na nb values into buf (few of them). */
static void
hl_all(struct hlsel *h)
{
	const struct hlm *m = h->m;
	size_t r, c, n = 0;
	double x;

	for (r = 0; r < m->nrow; r++)
		for (x = hl_row(m, m->op, r), c = 0; c < m->ncol; c++)
			h->buf[n++] = hl_at(m, m->op, x, c);
	h->nbuf = n;
}

/* A stratified sample of all the values into buf. */
static void
hl_sample_all(struct hlsel *h)
{
	const struct hlm *m = h->m;
	uint64_t n = (uint64_t)m->nrow * m->ncol, pos;
	size_t i;

	for (i = 0; i < h->smp; i++) {
		pos = (uint64_t)(((double)i + hl_unif(&h->m->seed)) *
		    ((double)n / h->smp));
		if (pos >= n)
			pos = n - 1;
		h->buf[i] = hl_at(m, m->op, hl_row(m, m->op,
		    (size_t)(pos / m->ncol)), (size_t)(pos % m->ncol));
	}
	h->nbuf = h->smp;
}

/*
 * Select ranks t[0..nt) jointly.  They are close together (the median
 * and the ends of the interval hold 1 - 2 alpha of the values between
 * them, a fraction about 4 / sqrt(3 (na + nb)) of all): while one round
 * for all of them keeps a small enough fraction, the rounds narrow a
 * bracket J of all of them; then each group of adjacent ranks (the two
 * middle ones of an even count, each end) takes its first pivots from
 * one sample of J, and narrows a bracket of its own.
 */
static int
hl_select(struct hlsel *h)
{
	struct hlm *m = h->m;
	struct hlbr j, w;
	uint64_t n = (uint64_t)m->nrow * m->ncol;
	size_t g0, g1, ng = 0, gs[4], ge[4], ix[16], i, s;
	double p[4], pv[16];
	int r;

	if (n <= h->gcap) {
		hl_all(h);
		j.slo = 0;
		hl_found(h, &j, 0, h->nt);
		return STATS_OK;
	}
	for (g0 = 0; g0 < h->nt; g0 = g1) {
		for (g1 = g0 + 1; g1 < h->nt && h->t[g1] <= h->t[g1 - 1] + 1;
		    g1++)
			;
		gs[ng] = g0;
		ge[ng++] = g1;
	}
	j.pl = nextafter(hl_at(m, m->op, hl_row(m, m->op, 0), 0), -INFINITY);
	j.ph = hl_at(m, m->op, hl_row(m, m->op, m->nrow - 1), m->ncol - 1);
	j.slo = 0;
	j.shi = n;
	hl_sample_all(h);
	h->bl = j.pl;
	h->bh = j.ph;
	h->sok = 1;
	while (hl_open(h, 0, h->nt)) {
		s = h->nbuf;
		hl_ranks(h, &j, 0, h->nt, s, ix);
		if (ng > 1 && (double)(ix[2] - ix[1] + 1) / s > HL_JOINT)
			break;
		hl_values(h, ix, 4, p);
		r = hl_round(h, &j, 0, h->nt, p, hl_pivots(&j, ix, s, p));
		if (r < 0)
			return STATS_EDOMAIN;
		if (r > 0) {
			hl_fill(h, &j);
			break;
		}
	}
	if (!hl_open(h, 0, h->nt))
		return STATS_OK;
	/* The first pivots of each group, from one sample of J. */
	s = h->nbuf;
	for (i = 0; i < ng; i++) {
		ix[4 * i] = ix[4 * i + 1] = ix[4 * i + 2] = ix[4 * i + 3] = 0;
		if (hl_open(h, gs[i], ge[i]))
			hl_ranks(h, &j, gs[i], ge[i], s, ix + 4 * i);
	}
	hl_values(h, ix, 4 * ng, pv);
	for (i = 0; i < ng; i++) {
		if (!hl_open(h, gs[i], ge[i]))
			continue;
		w = j;
		r = hl_round(h, &w, gs[i], ge[i], pv + 4 * i,
		    hl_pivots(&w, ix + 4 * i, s, pv + 4 * i));
		while (r >= 0 && hl_open(h, gs[i], ge[i])) {
			if (r > 0)
				hl_fill(h, &w);
			s = h->nbuf;
			hl_ranks(h, &w, gs[i], ge[i], s, ix);
			hl_values(h, ix, 4, p);
			r = hl_round(h, &w, gs[i], ge[i], p,
			    hl_pivots(&w, ix, s, p));
		}
		if (r < 0)
			return STATS_EDOMAIN;
	}
	return STATS_OK;
}

/* Smallest n with 1 / C(2n, n) <= alpha2: both samples of that size. */
static size_t
moses_nmin(double alpha2)
{
	double c = 2;	/* C(2, 1) */
	size_t n = 1;

	while (1 / c > alpha2) {
		n++;
		c = c * (2 * n) * (2 * n - 1) / ((double)n * n);
	}
	return n;
}

/*
 * Do some pairs' differences (ratios) leave the doubles' normal range:
 * overflow to an infinity, or a ratio below DBL_MIN (a subnormal, or 0)?
 * Then the computed values, which rank the pairs, part from what the
 * walks' thresholds tell as real numbers would (many distinct pairs at
 * one -inf).  Infinite values in the samples do not count: their pairs
 * are infinite either way, as the walks know.
 */
static int
hl_out_of_range(const double *a, size_t na, const double *b, size_t nb,
    int kind)
{
	size_t a0 = 0, a1 = na, b0 = 0, b1 = nb;

	while (a0 < a1 && isinf(a[a0]))
		a0++;
	while (a1 > a0 && isinf(a[a1 - 1]))
		a1--;
	while (b0 < b1 && isinf(b[b0]))
		b0++;
	while (b1 > b0 && isinf(b[b1 - 1]))
		b1--;
	if (a0 == a1 || b0 == b1)
		return 0;
	if (kind == STATS_HL_SHIFT)
		return isinf(b[b1 - 1] - a[a0]) || isinf(b[b0] - a[a1 - 1]);
	return isinf(b[b1 - 1] / a[a0]) || b[b0] / a[a1 - 1] < DBL_MIN;
}

/*
 * The buffer.  Memory: (na + nb) / 4 doubles (2 bytes a value of data),
 * at least HL_GATHER_MIN, for the samples and the gathered values (two
 * doubles each while walking); all na nb values when fewer.  A quarter:
 * at 5 M a side, the buffer was half the peak of analyze --compare, and
 * the smaller bands are faster to select from (270 ms against 360).
 * Pairs out of range are all gathered, up to HL_ALL_MAX of them (or
 * na + nb); more are STATS_EDOMAIN.
 */
static int
hl_room(struct hlsel *h, const double *a, size_t na, const double *b,
    size_t nb, int kind)
{
	uint64_t mm = (uint64_t)na * nb;

	if ((uint64_t)na + nb > SIZE_MAX / sizeof(*h->buf))
		return STATS_ENOMEM;
	h->gcap = (na + nb) / 4 > HL_GATHER_MIN ? (na + nb) / 4 :
	    HL_GATHER_MIN;
	if (h->gcap > mm)
		h->gcap = (size_t)mm;
	if (h->gcap < mm && hl_out_of_range(a, na, b, nb, kind)) {
		if (mm > HL_ALL_MAX && mm > (uint64_t)na + nb)
			return STATS_EDOMAIN;
		h->gcap = (size_t)mm;
	}
	h->nthr = h->m->nrow >= HL_THRMIN ? 2 : 1;
	h->smax = h->gcap / 4 < HL_SAMPLE_MAX ? h->gcap / 4 : HL_SAMPLE_MAX;
	h->smp = h->smax < HL_SAMPLE ? h->smax : HL_SAMPLE;
	/* A thread's room in whole pairs (two doubles each), then a double. */
	/* NOLINTNEXTLINE(bugprone-integer-division) */
	h->gthr = HL_GFILL * (double)(h->gcap / h->nthr / 2);
	if ((h->buf = malloc(h->gcap * sizeof(*h->buf))) == NULL)
		return STATS_ENOMEM;
	return STATS_OK;
}

int
stats_hodges_lehmann(const double *a, size_t na, const double *b, size_t nb,
    double level, int kind, struct stats_ci *ci)
{
	struct hlm m;
	struct hlsel h;
	uint64_t mm, k, kci;
	double alpha2, cover;
	size_t i, n;
	int err, swap;

	ci->est = ci->lo = ci->hi = ci->level = NAN;
	ci->nmin = 0;
	if (!(level > 0 && level < 100) ||
	    (kind != STATS_HL_SHIFT && kind != STATS_HL_RATIO))
		return STATS_EINVAL;
	if (na == 0 || nb == 0)
		return STATS_EEMPTY;
	/* Column counts are 32-bit: 4e9 values on the larger side at most. */
	if (na > UINT32_MAX || nb > UINT32_MAX)
		return STATS_EINVAL;
	/* Ratios need positive values (they are the shift of the logs). */
	if (kind == STATS_HL_RATIO && !(a[0] > 0 && b[0] > 0))
		return STATS_EDOMAIN;
	/* Infinities on both sides make NaN pairs, which have no order. */
	if ((a[na - 1] == INFINITY && b[nb - 1] == INFINITY) ||
	    (kind == STATS_HL_SHIFT && a[0] == -INFINITY && b[0] == -INFINITY))
		return STATS_EDOMAIN;
	swap = nb < na;
	m.nrow = swap ? nb : na;
	m.ncol = swap ? na : nb;
	m.rv = swap ? b : a + na - 1;
	m.cv = swap ? a + na - 1 : b;
	m.xlo = swap ? b[0] : a[0];
	m.xhi = swap ? b[nb - 1] : a[na - 1];
	m.seed = HL_SEED;
	if (kind == STATS_HL_RATIO)
		m.op = swap ? HL_RDC : HL_CDR;
	else
		m.op = swap ? HL_RMC : HL_CMR;
	mm = (uint64_t)na * nb;
	alpha2 = (100 - level) / 200;
	if ((err = stats_mw_crit(na, nb, alpha2, &kci, &cover)) != STATS_OK)
		return err;
	/*
	 * The ranks: the median (the middle two for an even count), and
	 * the ends of the interval.
	 */
	memset(&h, 0, sizeof(h));
	h.m = &m;
	k = (mm + 1) / 2;
	if (kci > 0)
		h.t[h.nt++] = kci;
	h.t[h.nt++] = k;
	if (mm % 2 == 0)
		h.t[h.nt++] = k + 1;
	if (kci > 0)
		h.t[h.nt++] = mm + 1 - kci;
	/* Ascending, without duplicates (the gathers want that). */
	for (n = 1, i = 1; i < h.nt; i++)
		if (h.t[i] > h.t[n - 1])
			h.t[n++] = h.t[i];
	h.nt = n;
	if ((err = hl_room(&h, a, na, b, nb, kind)) != STATS_OK)
		return err;
	if ((err = hl_select(&h)) != STATS_OK)
		goto out;
	for (i = 0; h.t[i] != k; i++)
		;
	if (mm % 2 == 1)
		ci->est = h.v[i];
	else if (kind == STATS_HL_RATIO)
		/*
		 * The geometric mean for ratios: the mean of the logs, kept
		 * within the two (sqrt(r) sqrt(r) rounds off r, and then off
		 * the interval [r, r] of constant samples).
		 */
		ci->est = h.v[i] == h.v[i + 1] ? h.v[i] :
		    fmin(fmax(sqrt(h.v[i]) * sqrt(h.v[i + 1]), h.v[i]),
		    h.v[i + 1]);
	else
		ci->est = h.v[i] + (h.v[i + 1] - h.v[i]) / 2;
	if (kci == 0) {
		ci->nmin = moses_nmin(alpha2);
		err = STATS_ETOOFEW;
		goto out;
	}
	for (i = 0; h.t[i] != kci; i++)
		;
	ci->lo = h.v[i];
	for (i = 0; h.t[i] != mm + 1 - kci; i++)
		;
	ci->hi = h.v[i];
	ci->level = 100 * cover;
out:
	if (err != STATS_OK && err != STATS_ETOOFEW)
		ci->lo = ci->hi = NAN;
	free(h.buf);
	return err;
}

int
stats_reldiff_median(const double *a, size_t na, const double *b, size_t nb,
    double level, struct stats_ci *ci)
{
	int err;

	err = stats_hodges_lehmann(a, na, b, nb, level, STATS_HL_RATIO, ci);
	ci->est -= 1;
	ci->lo -= 1;
	ci->hi -= 1;
	return err;
}
