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
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "stats.h"

#define HL_SAMPLE	4096	/* values drawn per pivot round */
#define HL_GATHER_MIN	4096	/* gather when this few values are left */
#define HL_SEED		UINT64_C(0x6b62656e63682121)	/* "kbench!!" */

enum { HL_CMR, HL_CDR, HL_RMC, HL_RDC };	/* c - r, c / r, r - c, r / c */

/*
 * The na x nb pairwise values b[j] - a[i] (or b[j] / a[i]) as a matrix
 * ascending along rows and columns: rows run over the smaller sample, so
 * the per-row state is small; a is taken in descending order, b in
 * ascending order.  Element (r, c) is f(rv[rs r], cv[cs c]).  Rounding
 * is monotone, so the computed values are sorted the same way.
 */
struct hlm {
	const double	*rv, *cv;
	ptrdiff_t	 rs, cs;
	int		 op;
	size_t		 nrow, ncol, gather;
	uint64_t	*pos;	/* HL_SAMPLE positions, */
	double		*smp;	/* and values, of a sample */
	uint64_t	 seed;
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

static inline double
hl_row(const struct hlm *m, size_t r)
{
	return m->rv[m->rs * (ptrdiff_t)r];
}

static inline double
hl_at(const struct hlm *m, double rowval, size_t c)
{
	return hl_f(m->op, rowval, m->cv[m->cs * (ptrdiff_t)c]);
}

/*
 * The number of values <= p (le) or < p (!le) in each row, into out[],
 * and their total.  The counts fall as r grows (the staircase of a
 * merge), so one pointer walks left across all the rows: nrow + ncol
 * steps.  Each step either moves the pointer or closes a row, chosen
 * without a branch: the walk's turns are unpredictable, and mispredicted
 * branches cost more than the arithmetic.
 */
static inline uint64_t
hl_walk_op(const struct hlm *m, double p, int le, int op, uint32_t *out)
{
	size_t r = 0, c = m->ncol, step;
	uint64_t tot = 0;
	double v;

	while (r < m->nrow) {
		/* Past the first column every value counts as below. */
		v = c > 0 ? hl_f(op, hl_row(m, r), m->cv[m->cs *
		    (ptrdiff_t)(c - 1)]) : -INFINITY;
		step = le ? v > p : v >= p;
		c -= step;
		out[r] = (uint32_t)c;
		tot += step ? 0 : c;
		r += !step;
	}
	return tot;
}

static uint64_t
hl_walk(const struct hlm *m, double p, int le, uint32_t *out)
{
	switch (m->op) {
	case HL_CMR:
		return hl_walk_op(m, p, le, HL_CMR, out);
	case HL_CDR:
		return hl_walk_op(m, p, le, HL_CDR, out);
	case HL_RMC:
		return hl_walk_op(m, p, le, HL_RMC, out);
	default:
		return hl_walk_op(m, p, le, HL_RDC, out);
	}
}

/*
 * Two walks at once, values <= p1 into o1[] and values < p2 into o2[]:
 * each step of a walk waits on the one before (its pointer), so two
 * independent walks in one loop run nearly twice as fast as one after
 * the other.  When one is done, the other finishes alone.
 */
static inline void
hl_walk2_op(const struct hlm *m, double p1, double p2, int op, uint32_t *o1,
    uint32_t *o2, uint64_t *t1, uint64_t *t2)
{
	size_t r1 = 0, r2 = 0, c1 = m->ncol, c2 = m->ncol, s1, s2;
	size_t n = m->nrow;
	uint64_t a1 = 0, a2 = 0;
	double v1, v2;

#define HL_STEP(r, c, v, s, le, p, o, t) do {				\
	v = c > 0 ? hl_f(op, hl_row(m, r), m->cv[m->cs *		\
	    (ptrdiff_t)(c - 1)]) : -INFINITY;				\
	s = le ? v > p : v >= p;					\
	c -= s;								\
	o[r] = (uint32_t)c;						\
	t += s ? 0 : c;							\
	r += !s;							\
} while (0)
	while (r1 < n && r2 < n) {
		HL_STEP(r1, c1, v1, s1, 1, p1, o1, a1);
		HL_STEP(r2, c2, v2, s2, 0, p2, o2, a2);
	}
	while (r1 < n)
		HL_STEP(r1, c1, v1, s1, 1, p1, o1, a1);
	while (r2 < n)
		HL_STEP(r2, c2, v2, s2, 0, p2, o2, a2);
#undef HL_STEP
	*t1 = a1;
	*t2 = a2;
}

static void
hl_walk2(const struct hlm *m, double p1, double p2, uint32_t *o1,
    uint32_t *o2, uint64_t *t1, uint64_t *t2)
{
	switch (m->op) {
	case HL_CMR:
		hl_walk2_op(m, p1, p2, HL_CMR, o1, o2, t1, t2);
		break;
	case HL_CDR:
		hl_walk2_op(m, p1, p2, HL_CDR, o1, o2, t1, t2);
		break;
	case HL_RMC:
		hl_walk2_op(m, p1, p2, HL_RMC, o1, o2, t1, t2);
		break;
	default:
		hl_walk2_op(m, p1, p2, HL_RDC, o1, o2, t1, t2);
		break;
	}
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

static int
cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return (a > b) - (a < b);
}

static int
cmp_dbl(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/*
 * The k-th smallest (0-based) of v[0..n-1], in place: quickselect with a
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
 * HL_SAMPLE live values drawn uniformly (with replacement), sorted
 * ascending into m->smp[]; live is the number of live values.
 */
static void
hl_sample(struct hlm *m, const uint32_t *lo, const uint32_t *hi,
    uint64_t live)
{
	size_t i, r = 0;
	uint64_t base = 0, *pos = m->pos;

	for (i = 0; i < HL_SAMPLE; i++)
		pos[i] = sm64(&m->seed) % live;
	qsort(pos, HL_SAMPLE, sizeof(*pos), cmp_u64);
	for (i = 0; i < HL_SAMPLE; i++) {
		while (pos[i] >= base + (hi[r] - lo[r])) {
			base += hi[r] - lo[r];
			r++;
		}
		m->smp[i] = hl_at(m, hl_row(m, r), lo[r] + (pos[i] - base));
	}
	qsort(m->smp, HL_SAMPLE, sizeof(*m->smp), cmp_dbl);
}

/* Gather the live values and select the one of rank k (1-based). */
static int
hl_gather(struct hlm *m, const uint32_t *lo, const uint32_t *hi,
    uint64_t below, uint64_t live, uint64_t k, double *out)
{
	size_t r, c, n;
	double *buf, x;

	buf = malloc((live ? live : 1) * sizeof(*buf));
	if (buf == NULL)
		return STATS_ENOMEM;
	for (n = 0, r = 0; r < m->nrow; r++)
		for (x = hl_row(m, r), c = lo[r]; c < hi[r]; c++)
			buf[n++] = hl_at(m, x, c);
	*out = quickselect(buf, n, (size_t)(k - below - 1), &m->seed);
	free(buf);
	return STATS_OK;
}

/*
 * The k-th smallest (1-based) of the na nb values.  lo[] and hi[] bound
 * the live columns of each row: the answer is among them, and the slo
 * values left of them lie below.  Each round draws a sample of live
 * values and takes two pivots around the answer's expected place in it.
 * Two walks count the values <= p1 and < p2 into nlo[] and nhi[], which
 * become lo[] and hi[] when the answer lies between the pivots, as it
 * does in 99 % of the rounds, each keeping about 1/25 of the live
 * values; otherwise a third walk settles on which side, or on a pivot.
 * Every round removes at least one pivot.  Once few values are left,
 * they are gathered and selected directly.  The four arrays are
 * scratch, nrow each; the pointers are swapped, not the contents.
 */
static int
hl_select(struct hlm *m, uint32_t **lo, uint32_t **hi, uint32_t **nlo,
    uint32_t **nhi, uint64_t k, double *out)
{
	uint64_t slo = 0, shi, le1, lt1, le2, lt2;
	uint32_t *t;
	double f, d, p1, p2;
	size_t r, i1, i2;

	m->seed = HL_SEED ^ k;
	for (r = 0; r < m->nrow; r++) {
		(*lo)[r] = 0;
		(*hi)[r] = (uint32_t)m->ncol;
	}
	shi = (uint64_t)m->nrow * m->ncol;
#define SWAP(x, y)	do { t = *(x); *(x) = *(y); *(y) = t; } while (0)
	while (shi - slo > m->gather) {
		hl_sample(m, *lo, *hi, shi - slo);
		/* Where the answer should sit in the sample, +/- 2.5 sd. */
		f = (k - slo - 0.5) / (double)(shi - slo);
		d = 2.5 * sqrt(HL_SAMPLE * f * (1 - f)) + 1;
		i1 = f * HL_SAMPLE > d ? (size_t)(f * HL_SAMPLE - d) : 0;
		i2 = (size_t)fmin(f * HL_SAMPLE + d, HL_SAMPLE - 1);
		p1 = m->smp[i1];
		p2 = m->smp[i2];
		hl_walk2(m, p1, p2, *nlo, *nhi, &le1, &lt2);
		if (le1 < k && k <= lt2) {		/* p1 < answer < p2 */
			SWAP(lo, nlo);
			SWAP(hi, nhi);
			slo = le1;
			shi = lt2;
		} else if (k <= le1) {			/* answer <= p1 */
			lt1 = hl_walk(m, p1, 0, *nhi);
			if (k > lt1) {
				*out = p1;
				return STATS_OK;
			}
			SWAP(hi, nhi);
			shi = lt1;
		} else {				/* answer >= p2 */
			le2 = hl_walk(m, p2, 1, *nlo);
			if (k <= le2) {
				*out = p2;
				return STATS_OK;
			}
			SWAP(lo, nlo);
			slo = le2;
		}
	}
#undef SWAP
	return hl_gather(m, *lo, *hi, slo, shi - slo, k, out);
}

/*
 * The smallest value greater than v, or v itself when more than k
 * values are <= v (v being the k-th): the upper middle of an even count.
 */
static double
hl_next(const struct hlm *m, double v, uint64_t k)
{
	size_t r, c = m->ncol;
	uint64_t le = 0;
	double best = INFINITY, x;

	for (r = 0; r < m->nrow; r++) {
		x = hl_row(m, r);
		while (c > 0 && hl_at(m, x, c - 1) > v)
			c--;
		le += c;
		if (c < m->ncol && hl_at(m, x, c) < best)
			best = hl_at(m, x, c);
	}
	return le > k ? v : best;
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
	uint32_t *arr = NULL, *v[4];
	uint64_t mm, k, kci;
	double v1, v2, alpha2, cover;
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
	if (kind == STATS_HL_RATIO)
		m.op = swap ? HL_RDC : HL_CDR;
	else
		m.op = swap ? HL_RMC : HL_CMR;
	/*
	 * The memory budget: with 8 bytes a value of data held by the
	 * caller, 16 for the bounds of each row of the smaller sample and
	 * 2 a value for the gathered ones, 5M + 5M values need 18 a value.
	 */
	m.gather = (na + nb) / 4 > HL_GATHER_MIN ? (na + nb) / 4 :
	    HL_GATHER_MIN;
	mm = (uint64_t)na * nb;
	alpha2 = (100 - level) / 200;
	if ((err = stats_mw_crit(na, nb, alpha2, &kci, &cover)) != STATS_OK)
		return err;
	/* Four bound arrays, then the sample's positions and values. */
	arr = malloc(4 * m.nrow * sizeof(*arr) +
	    HL_SAMPLE * (sizeof(*m.pos) + sizeof(*m.smp)));
	if (arr == NULL)
		return STATS_ENOMEM;
	for (k = 0; k < 4; k++)
		v[k] = arr + k * m.nrow;
	m.pos = (uint64_t *)(void *)(arr + 4 * m.nrow);
	m.smp = (double *)(void *)(m.pos + HL_SAMPLE);
	/* The median: the middle value, or the middle two. */
	k = (mm + 1) / 2;
	if ((err = hl_select(&m, &v[0], &v[1], &v[2], &v[3], k, &v1)) != 0)
		goto out;
	if (mm % 2 == 1)
		ci->est = v1;
	else {
		v2 = hl_next(&m, v1, k);
		/* The geometric mean for ratios: the mean of the logs. */
		ci->est = kind == STATS_HL_RATIO ? sqrt(v1) * sqrt(v2) :
		    v1 + (v2 - v1) / 2;
	}
	if (kci == 0) {
		ci->nmin = moses_nmin(alpha2);
		err = STATS_ETOOFEW;
		goto out;
	}
	if ((err = hl_select(&m, &v[0], &v[1], &v[2], &v[3], kci,
	    &ci->lo)) != 0 || (err = hl_select(&m, &v[0], &v[1], &v[2],
	    &v[3], mm + 1 - kci, &ci->hi)) != 0)
		goto out;
	ci->level = 100 * cover;
out:
	if (err != STATS_OK && err != STATS_ETOOFEW)
		ci->lo = ci->hi = NAN;
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
