/*
 * stats_hl.c: the Hodges-Lehmann estimate of the shift (or ratio)
 * between two samples with Moses' distribution-free interval, by exact
 * selection in the implicit matrix of the na nb pairwise differences,
 * which is never stored.  See stats.h.
 *
 * References: Hollander & Wolfe, Nonparametric Statistical Methods,
 * 4.3; Monahan, ACM TOMS 10 (1984) 265-270 (selection of the
 * Hodges-Lehmann estimate without forming the pairs); Floyd & Rivest,
 * CACM 18 (1975) 165-172 (pivots from a sample); Frederickson &
 * Johnson (selection in sorted matrices, the staircase count).
 */
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

#include "stats.h"

#ifdef HL_DEBUG
#include <stdio.h>
#include <time.h>
static double
hl_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}
#define HL_T0()	double t0_ = hl_now()
#define HL_LOG(...) do { fprintf(stderr, "%8.2f ms ", (hl_now() - t0_) * 1e3); fprintf(stderr, __VA_ARGS__); t0_ = hl_now(); } while (0)
#else
#define HL_T0()	do { } while (0)
#define HL_LOG(...) do { } while (0)
#endif

#define HL_SAMPLE_MIN	4096	/* values drawn per pivot round, at least */
#define HL_SAMPLE_MAX	65536	/* and at most */
#define HL_GATHER_MIN	4096	/* gather when this few values are left */
#define HL_Z		2.5	/* pivots this many sd around the rank */
#define HL_JOINT	0.25	/* joint rounds while they keep <= this */
#define HL_BLK		8	/* columns a row compares at once */
#define HL_SEGMIN	64	/* rows worth splitting a walk for */
#define HL_THRMIN	32768	/* rows worth a second thread */
#define HL_SEED		UINT64_C(0x6b62656e63682121)	/* "kbench!!" */
#define HL_MARGIN	0x1p-49	/* 16 units in the last place */

enum { HL_CMR, HL_CDR, HL_RMC, HL_RDC };	/* c - r, c / r, r - c, r / c */

/*
 * The na x nb pairwise values b[j] - a[i] (or b[j] / a[i]) as a matrix
 * ascending along rows and columns: rows run over the smaller sample, so
 * the per-row state is small; a is taken in descending order, b in
 * ascending order.  Element (r, c) is f(rv[rs r], cv[cs c]): rs is -1
 * and cs 1 for HL_CMR and HL_CDR, the other way round for the two
 * others.  Rounding is monotone, so the computed values are sorted the
 * same way.
 */
struct hlm {
	const double	*rv, *cv;
	ptrdiff_t	 rs, cs;
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

/*
 * The live part of the matrix: in row r, the columns [lo[r], hi[r]);
 * NULL stands for 0 (lo) and ncol (hi).  slo values lie left of the lo
 * bounds, shi left of the hi bounds.
 */
struct hlbr {
	uint32_t	*lo, *hi;
	uint64_t	 slo, shi;
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

static inline size_t
hl_brlo(const struct hlbr *b, size_t r)
{
	return b->lo != NULL ? b->lo[r] : 0;
}

static inline size_t
hl_brhi(const struct hlm *m, const struct hlbr *b, size_t r)
{
	return b->hi != NULL ? b->hi[r] : m->ncol;
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
hl_nout(const struct hlm *m, int op, size_t c, double t)
{
	const double *q = op <= HL_CDR ? m->cv + c - HL_BLK :
	    m->cv - (ptrdiff_t)c + 1;
#ifdef HL_SSE2
	__m128d tv = _mm_set1_pd(t), v0, v1, v2, v3;
	__m128i s;

	v0 = _mm_loadu_pd(q);
	v1 = _mm_loadu_pd(q + 2);
	v2 = _mm_loadu_pd(q + 4);
	v3 = _mm_loadu_pd(q + 6);
	if (op <= HL_CDR) {
		v0 = _mm_cmplt_pd(tv, v0);
		v1 = _mm_cmplt_pd(tv, v1);
		v2 = _mm_cmplt_pd(tv, v2);
		v3 = _mm_cmplt_pd(tv, v3);
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
 * One row of a walk: c from the row above (at least HL_BLK) becomes this
 * row's count.  The HL_BLK columns below c are compared at once, without
 * a branch: the counts fall by about na / nb a row, rarely by HL_BLK or
 * more, and the uncertain values are rarer still; hl_fix takes both.
 */
#define HL_ROWOP(x, c, pv, o, t, r) do {				\
	double to_ = hl_tout(op, x, pv), ti_ = hl_tin(op, x, pv);	\
	size_t n_ = hl_nout(m, op, c, to_);				\
	(c) -= n_;							\
	if (n_ == HL_BLK ||						\
	    !hl_sless(op, hl_col(m, op, (c) - 1), ti_))			\
		(c) = hl_fix(m, op, pv, x, c, to_, ti_);		\
	(o)[r] = (uint32_t)(c);						\
	(t) += (c);							\
} while (0)

/*
 * Four walks at once, two pivots on two runs of len rows, from ra and rb:
 * each row waits on the one before (its count), so independent walks in
 * one loop overlap.  c[] holds the counts of the rows before ra and rb
 * for p0 and p1 and gets those of the last rows; t[] the sums.
 */
static inline void
hl_walk4_op(const struct hlm *m, int op, const struct hlpiv *p0,
    const struct hlpiv *p1, size_t ra, size_t rb, size_t len, size_t *c,
    uint32_t *o0, uint32_t *o1, uint64_t *t)
{
	struct hlpiv q0 = *p0, q1 = *p1;
	size_t a0 = c[0], a1 = c[1], b0 = c[2], b1 = c[3], i;
	uint64_t ta0 = 0, ta1 = 0, tb0 = 0, tb1 = 0;
	double xa, xb;

	for (i = 0; i < len; i++) {
		xa = hl_row(m, op, ra + i);
		xb = hl_row(m, op, rb + i);
		HL_ROWOP(xa, a0, &q0, o0, ta0, ra + i);
		HL_ROWOP(xa, a1, &q1, o1, ta1, ra + i);
		HL_ROWOP(xb, b0, &q0, o0, tb0, rb + i);
		HL_ROWOP(xb, b1, &q1, o1, tb1, rb + i);
	}
	c[0] = a0;
	c[1] = a1;
	c[2] = b0;
	c[3] = b1;
	t[0] += ta0 + tb0;
	t[1] += ta1 + tb1;
}

static void
hl_walk4(const struct hlm *m, const struct hlpiv *p0, const struct hlpiv *p1,
    size_t ra, size_t rb, size_t len, size_t *c, uint32_t *o0, uint32_t *o1,
    uint64_t *t)
{
	switch (m->op) {
	case HL_CMR:
		hl_walk4_op(m, HL_CMR, p0, p1, ra, rb, len, c, o0, o1, t);
		break;
	case HL_CDR:
		hl_walk4_op(m, HL_CDR, p0, p1, ra, rb, len, c, o0, o1, t);
		break;
	case HL_RMC:
		hl_walk4_op(m, HL_RMC, p0, p1, ra, rb, len, c, o0, o1, t);
		break;
	default:
		hl_walk4_op(m, HL_RDC, p0, p1, ra, rb, len, c, o0, o1, t);
		break;
	}
}

/* Rows r0 on, one at a time: the short counts at the end, or all rows. */
static uint64_t
hl_walk1(const struct hlm *m, const struct hlpiv *pv, size_t r0, size_t c,
    uint32_t *o)
{
	size_t r;
	uint64_t t = 0;
	double x;
	int op = m->op;

	for (r = r0; r < m->nrow && c > 0; r++) {
		x = hl_row(m, op, r);
		c = hl_fix(m, op, pv, x, c, hl_tout(op, x, pv),
		    hl_tin(op, x, pv));
		o[r] = (uint32_t)c;
		t += c;
	}
	if (r < m->nrow)
		memset(o + r, 0, (m->nrow - r) * sizeof(*o));
	return t;
}

/* Row r's count of values <= p, by bisection within the bracket. */
static size_t
hl_count(const struct hlm *m, const struct hlbr *b, double p, size_t r)
{
	size_t lo = hl_brlo(b, r), hi = hl_brhi(m, b, r), mid;
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

/* The first row whose count of values <= p is below HL_BLK. */
static size_t
hl_rowlim(const struct hlm *m, double p)
{
	size_t lo = 0, hi = m->nrow, mid;

	if (m->ncol < HL_BLK)
		return 0;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (hl_at(m, m->op, hl_row(m, m->op, mid), HL_BLK - 1) > p)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* A share of a walk: hl_walk4's arguments. */
struct hljob {
	const struct hlm	*m;
	const struct hlpiv	*p0, *p1;
	size_t			 ra, rb, len, c[4];
	uint32_t		*o0, *o1;
	uint64_t		 t[2];
};

static void *
hl_job(void *arg)
{
	struct hljob *j = arg;

	hl_walk4(j->m, j->p0, j->p1, j->ra, j->rb, j->len, j->c, j->o0, j->o1,
	    j->t);
	return NULL;
}

/*
 * The number of values <= p0 and <= p1 in each row, into o0[] and o1[],
 * and their totals; b brackets both pivots (its bounds start the walks).
 * The rows whose counts stay at HL_BLK or more go in two or four equal
 * runs, four walks at once in a thread (two threads for four runs, each
 * on its own rows: the result does not depend on them); the rest one
 * row at a time.  O(nrow + ncol) compares, and fewer when the counts fall
 * by less than HL_BLK a row.
 */
static void
hl_walk(const struct hlm *m, const struct hlbr *b, const struct hlpiv *p0,
    const struct hlpiv *p1, uint32_t *o0, uint32_t *o1, uint64_t *t)
{
	struct hljob job[2];
	pthread_t tid;
	size_t c[2], q, r0 = 0, lim, nj, i, k;
	int thr = 0;

	t[0] = t[1] = 0;
	lim = p0->fast && p1->fast ? hl_rowlim(m, p0->p) : 0;
	nj = lim / 4 >= HL_THRMIN ? 2 : 1;
	q = lim / (2 * nj);
	c[0] = c[1] = hl_brhi(m, b, 0);
	if (q >= HL_SEGMIN) {
		for (i = 0; i < nj; i++) {
			job[i].m = m;
			job[i].p0 = p0;
			job[i].p1 = p1;
			job[i].ra = 2 * i * q;
			job[i].rb = job[i].ra + q;
			job[i].len = q;
			job[i].o0 = o0;
			job[i].o1 = o1;
			job[i].t[0] = job[i].t[1] = 0;
			for (k = 0; k < 4; k++)
				job[i].c[k] = hl_count(m, b, k % 2 ? p1->p :
				    p0->p, k < 2 ? job[i].ra : job[i].rb);
		}
		if (nj > 1)
			thr = pthread_create(&tid, NULL, hl_job, &job[1]) == 0;
		hl_job(&job[0]);
		if (nj > 1) {
			if (thr)
				pthread_join(tid, NULL);
			else
				hl_job(&job[1]);
		}
		for (i = 0; i < nj; i++) {
			t[0] += job[i].t[0];
			t[1] += job[i].t[1];
		}
		c[0] = job[nj - 1].c[2];
		c[1] = job[nj - 1].c[3];
		r0 = 2 * nj * q;
	}
	t[0] += hl_walk1(m, p0, r0, c[0], o0);
	t[1] += hl_walk1(m, p1, r0, c[1], o1);
}

/*
 * The number of values < p, from o[] holding the counts of values <= p:
 * each row steps back over its values equal to p.  Into o[] too when
 * write is set.
 */
static uint64_t
hl_less(const struct hlm *m, const struct hlpiv *pv, uint32_t *o, int write)
{
	size_t r, c;
	uint64_t t = 0;
	double x, ti;
	int op = m->op;

	for (r = 0; r < m->nrow; r++) {
		c = o[r];
		x = hl_row(m, op, r);
		ti = hl_tin(op, x, pv);
		while (c > 0 && !(pv->fast &&
		    hl_sless(op, hl_col(m, op, c - 1), ti)) &&
		    hl_at(m, op, x, c - 1) == pv->p)
			c--;
		if (write)
			o[r] = (uint32_t)c;
		t += c;
	}
	return t;
}

/* SplitMix64: a small, fixed-seed generator; only the speed depends on it. */
static uint64_t
sm64(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
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
 * n live values of bracket b into v[], at stratified positions: one
 * drawn uniformly in each of n equal slices of the live values, taken
 * row after row.
 */
static void
hl_sample(struct hlm *m, const struct hlbr *b, double *v, size_t n)
{
	uint64_t live = b->shi - b->slo, base = 0, pos, seed = m->seed;
	double step = (double)live / (double)n;
	size_t i, r = 0, lo = 0, w = 0;
	int op = m->op;

	for (i = 0; i < n; i++) {
		pos = (uint64_t)(((double)i + (double)(sm64(&seed) >> 11) *
		    0x1p-53) * step);
		if (pos >= live)
			pos = live - 1;
		if (b->lo == NULL && b->hi == NULL) {
			r = (size_t)(pos / m->ncol);
			lo = 0;
			base = (uint64_t)r * m->ncol;
		} else
			/* On to the row that holds pos: a tight loop. */
			for (;;) {
				lo = hl_brlo(b, r);
				w = hl_brhi(m, b, r) - lo;
				if (pos - base < w)
					break;
				base += w;
				r++;
			}
		v[i] = hl_at(m, op, hl_row(m, op, r), lo + (size_t)(pos - base));
	}
	m->seed = seed;
}

/*
 * Values k[0..nk) (0-based ranks, ascending) of v[0..n) into out[], in
 * place.  When the ranks are close together in a large array, two pivots
 * from a small sample bracket them; one pass counts the values below and
 * within the bracket, without a branch, and a second keeps those within,
 * so the quickselects run on a small part.  Otherwise (or when the ranks
 * fall outside the pivots) successive quickselects, each on the values
 * above the last.
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
 * The selection: the wanted ranks t[] (ascending, 1-based) and their
 * values, found jointly; two bound arrays of nrow, a sample buffer, and
 * a buffer for the gathered values.
 */
struct hlsel {
	struct hlm	*m;
	uint32_t	*lo, *hi;
	double		*smp, *buf;
	size_t		 nsmp, gather, nt;
	uint64_t	 t[4];
	double		 v[4];
	int		 done[4];
};

/* The live values of b into buf, row after row; their number. */
static inline size_t
hl_gather_op(const struct hlm *m, int op, const struct hlbr *b, double *buf)
{
	size_t r, c, hi, n = 0;
	double x;

	for (r = 0; r < m->nrow; r++) {
		c = hl_brlo(b, r);
		hi = hl_brhi(m, b, r);
		if (c < hi)
			for (x = hl_row(m, op, r); c < hi; c++)
				buf[n++] = hl_at(m, op, x, c);
	}
	return n;
}

/* Gather the live values of b and select the open ranks of t[g0..g1). */
static int
hl_gather(struct hlsel *h, const struct hlbr *b, size_t g0, size_t g1)
{
	struct hlm *m = h->m;
	size_t n, i, nk = 0, k[4], ix[4];
	double out[4];
	HL_T0();

	if (h->buf == NULL &&
	    (h->buf = malloc(h->gather * sizeof(*h->buf))) == NULL)
		return STATS_ENOMEM;
	switch (m->op) {
	case HL_CMR:
		n = hl_gather_op(m, HL_CMR, b, h->buf);
		break;
	case HL_CDR:
		n = hl_gather_op(m, HL_CDR, b, h->buf);
		break;
	case HL_RMC:
		n = hl_gather_op(m, HL_RMC, b, h->buf);
		break;
	default:
		n = hl_gather_op(m, HL_RDC, b, h->buf);
		break;
	}
	HL_LOG("gather %zu\n", n);
	for (i = g0; i < g1; i++)
		if (!h->done[i]) {
			ix[nk] = i;
			k[nk++] = (size_t)(h->t[i] - b->slo - 1);
		}
	hl_pick(h->buf, n, k, nk, out, &m->seed);
	for (i = 0; i < nk; i++) {
		h->v[ix[i]] = out[i];
		h->done[ix[i]] = 1;
	}
	HL_LOG("gselect\n");
	return STATS_OK;
}

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

/* The sample size for bracket b. */
static size_t
hl_nsmp(const struct hlsel *h, const struct hlbr *b)
{
	return h->nsmp < b->shi - b->slo ? h->nsmp : (size_t)(b->shi - b->slo);
}

/*
 * Pivots for the open ranks of t[g0..g1) from a sample of bracket b.
 * With phimax > 0, returns 1 instead when they would keep more than that
 * fraction of the live values.
 */
static int
hl_pivots(struct hlsel *h, const struct hlbr *b, size_t g0, size_t g1,
    double phimax, double *p1, double *p2)
{
	size_t s = hl_nsmp(h, b), i1, i2;
	HL_T0();

	hl_where(h, b, g0, g1, s, &i1, &i2);
	if (phimax > 0 && (double)(i2 - i1 + 1) / s > phimax)
		return 1;
	hl_sample(h->m, b, h->smp, s);
	*p1 = quickselect(h->smp, s, i1, &h->m->seed);
	*p2 = i2 > i1 ? quickselect(h->smp + i1 + 1, s - i1 - 1, i2 - i1 - 1,
	    &h->m->seed) : *p1;
	HL_LOG("sample %zu of %g\n", s, (double)(b->shi - b->slo));
	return 0;
}

/*
 * One round on bracket *b for the open ranks of t[g0..g1), with pivots
 * p1 <= p2 (live values of b): two walks, into the two bound arrays
 * (those of b among them: they are read first).  Each open rank then
 * lies below p1 (or is p1), between the two (p2 included), or above p2;
 * the new bracket spans the classes that hold some.  Below p1 it starts
 * at column 0, above p2 it ends at ncol, as b's own bounds are lost
 * (rare: the ranks fall outside the pivots in about 1 % of the rounds).
 * Returns 1 when that left the whole matrix (ranks on both sides, only
 * when they are far apart), else 0.
 */
static int
hl_round(struct hlsel *h, struct hlbr *b, size_t g0, size_t g1, double p1,
    double p2)
{
	struct hlm *m = h->m;
	struct hlpiv q1, q2;
	uint64_t tot[2], lt1 = 0;
	size_t i;
	int below = 0, mid = 0, above = 0, havelt = 0;
	HL_T0();

	hl_prep(m, p1, &q1);
	hl_prep(m, p2, &q2);
	hl_walk(m, b, &q1, &q2, h->lo, h->hi, tot);
	HL_LOG("walk -> %g\n", (double)(tot[1] - tot[0]));
	for (i = g0; i < g1; i++) {
		if (h->done[i])
			continue;
		if (h->t[i] <= tot[0]) {
			if (!havelt) {
				lt1 = hl_less(m, &q1, h->lo, 0);
				havelt = 1;
			}
			if (h->t[i] > lt1) {
				h->v[i] = p1;
				h->done[i] = 1;
			} else
				below = 1;
		} else if (h->t[i] <= tot[1])
			mid = 1;
		else
			above = 1;
	}
	if (!below && !mid && !above)
		return 0;
	/*
	 * The new bounds: column 0 (below), le(p1) (between) or le(p2);
	 * ncol (above), le(p2) (between) or lt(p1).
	 */
	if (below) {
		b->lo = NULL;
		b->slo = 0;
	} else if (mid) {
		b->lo = h->lo;
		b->slo = tot[0];
	} else {
		b->lo = h->hi;
		b->slo = tot[1];
	}
	if (above) {
		b->hi = NULL;
		b->shi = (uint64_t)m->nrow * m->ncol;
	} else if (mid) {
		b->hi = h->hi;
		b->shi = tot[1];
	} else {
		hl_less(m, &q1, h->lo, 1);
		b->hi = h->lo;
		b->shi = lt1;
	}
	return below && above;
}

/*
 * Select ranks t[0..nt) jointly.  They are close together (the median
 * and the ends of the interval hold 1 - 2 alpha of the values between
 * them, a fraction about 4 / sqrt(3 (na + nb)) of all): while one round
 * for all of them keeps a small enough fraction, the rounds narrow a
 * bracket J of all of them; then each group of adjacent ranks (the two
 * middle ones of an even count, each end) takes its first pivots from
 * one sample of J, and narrows a bracket of its own.  Each round walks
 * into the same two bound arrays.
 */
static int
hl_select(struct hlsel *h)
{
	struct hlm *m = h->m;
	struct hlbr j, w, all;
	size_t g0, g1, ng = 0, gs[4], ge[4], ix[8], k[8], i, a, s, n, nk;
	double p1, p2, piv[8], pv[8];

	all.lo = all.hi = NULL;
	all.slo = 0;
	all.shi = (uint64_t)m->nrow * m->ncol;
	j = all;
	for (g0 = 0; g0 < h->nt; g0 = g1) {
		for (g1 = g0 + 1; g1 < h->nt && h->t[g1] <= h->t[g1 - 1] + 1;
		    g1++)
			;
		gs[ng] = g0;
		ge[ng++] = g1;
	}
	while (hl_open(h, 0, h->nt)) {
		if (j.shi - j.slo <= h->gather)
			return hl_gather(h, &j, 0, h->nt);
		if (hl_pivots(h, &j, 0, h->nt, ng > 1 ? HL_JOINT : 0, &p1,
		    &p2) != 0 || hl_round(h, &j, 0, h->nt, p1, p2) != 0)
			break;
	}
	if (!hl_open(h, 0, h->nt))
		return STATS_OK;
	if (j.shi - j.slo <= h->gather)
		return hl_gather(h, &j, 0, h->nt);
	/* The first pivots of each group, from one sample of J. */
	s = hl_nsmp(h, &j);
	for (n = 0, i = 0; i < ng; i++) {
		ix[n] = ix[n + 1] = 0;
		if (hl_open(h, gs[i], ge[i]))
			hl_where(h, &j, gs[i], ge[i], s, &ix[n], &ix[n + 1]);
		n += 2;
	}
	hl_sample(m, &j, h->smp, s);
	/* Ascending distinct sample ranks, for successive selections. */
	for (nk = 0, i = 0; i < n; i++) {
		for (a = 0; a < nk && k[a] < ix[i]; a++)
			;
		if (a < nk && k[a] == ix[i])
			continue;
		memmove(k + a + 1, k + a, (nk - a) * sizeof(*k));
		k[a] = ix[i];
		nk++;
	}
	hl_pick(h->smp, s, k, nk, piv, &m->seed);
	for (i = 0; i < n; i++) {
		for (a = 0; k[a] != ix[i]; a++)
			;
		pv[i] = piv[a];
	}
	for (i = 0; i < ng; i++) {
		w = all;
		p1 = pv[2 * i];
		p2 = pv[2 * i + 1];
		while (hl_open(h, gs[i], ge[i])) {
			hl_round(h, &w, gs[i], ge[i], p1, p2);
			if (!hl_open(h, gs[i], ge[i]))
				break;
			if (w.shi - w.slo <= h->gather) {
				if (hl_gather(h, &w, gs[i], ge[i]) != STATS_OK)
					return STATS_ENOMEM;
				break;
			}
			hl_pivots(h, &w, gs[i], ge[i], 0, &p1, &p2);
		}
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

int
stats_hodges_lehmann(const double *a, size_t na, const double *b, size_t nb,
    double level, int kind, struct stats_ci *ci)
{
	struct hlm m;
	struct hlsel h;
	uint32_t *arr = NULL;
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
	swap = nb < na;
	m.nrow = swap ? nb : na;
	m.ncol = swap ? na : nb;
	m.rv = swap ? b : a + na - 1;
	m.rs = swap ? 1 : -1;
	m.cv = swap ? a + na - 1 : b;
	m.cs = swap ? -1 : 1;
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
	/*
	 * The memory budget: with 8 bytes a value of data held by the
	 * caller, 16 for the bounds of each row of the smaller sample and
	 * 2 a value for the gathered ones, 5M + 5M values need 18 a value.
	 */
	h.gather = (na + nb) / 4 > HL_GATHER_MIN ? (na + nb) / 4 :
	    HL_GATHER_MIN;
	h.nsmp = m.nrow / 4;
	h.nsmp = h.nsmp < HL_SAMPLE_MIN ? HL_SAMPLE_MIN :
	    h.nsmp > HL_SAMPLE_MAX ? HL_SAMPLE_MAX : h.nsmp;
	if (mm > h.gather) {
		/* Two bound arrays, then the sample. */
		arr = malloc(2 * m.nrow * sizeof(*arr) +
		    h.nsmp * sizeof(*h.smp));
		if (arr == NULL)
			return STATS_ENOMEM;
		h.lo = arr;
		h.hi = arr + m.nrow;
		h.smp = (double *)(void *)(arr + 2 * m.nrow);
	}
	if ((err = hl_select(&h)) != STATS_OK)
		goto out;
	for (i = 0; h.t[i] != k; i++)
		;
	if (mm % 2 == 1)
		ci->est = h.v[i];
	else
		/* The geometric mean for ratios: the mean of the logs. */
		ci->est = kind == STATS_HL_RATIO ? sqrt(h.v[i]) *
		    sqrt(h.v[i + 1]) : h.v[i] + (h.v[i + 1] - h.v[i]) / 2;
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
	free(arr);
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
