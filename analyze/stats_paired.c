/*
 * stats_paired.c: one sample of differences, such as the rounds of two
 * interleaved configurations: Wilcoxon's signed-rank test (exact with
 * ties by a dynamic program over the doubled midranks, or normal), its
 * critical values, the one-sample Hodges-Lehmann estimate (the median of
 * the Walsh averages) with Tukey's interval, and the one-sample t.  See
 * stats.h.
 *
 * The signed-rank statistic V is the Mann-Whitney rank sum of the
 * positive differences among the pooled magnitudes of the negative and
 * positive ones, so the ranks come from stats_rank.c (stats_int.h).
 *
 * The Walsh averages are never all stored: each order statistic wanted
 * is bracketed between two probes, values whose counts of averages at
 * or below them (a two-pointer walk over the sorted data, O(n)) fall on
 * either side of its rank.  Each walk also finds the largest average at
 * or below the probe and the smallest above it, so the bracket always
 * ends on averages that exist, and a bracket holding one value (ties)
 * is done.  Probes are placed by interpolation on the counts (the
 * Illinois variant of regula falsi), and by bisection of the bracket's
 * bit patterns after any probe that did not halve the count inside it:
 * at most 64 bisections.  When few enough averages remain in the
 * bracket, a last walk gathers them and they are sorted.
 *
 * References: Hollander & Wolfe, Nonparametric Statistical Methods,
 * 3.1-3.2; Tukey (1949), the Walsh averages' interval; Dowell & Jarratt,
 * BIT 11 (1971) 168-174 (the Illinois method).
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/stats.h"
#include "analyze/stats_int.h"

/*
 * The tuning: only the speed depends on it (tests/unit/test_stats.c
 * compiles this file again with extreme values, to reach every turn).
 */
#ifndef WALSH_GATHER_MIN
#define WALSH_GATHER_MIN	65536	/* room to gather, at least */
#endif
#ifndef WALSH_GATHER_PER
#define WALSH_GATHER_PER	2	/* or this much per value, if more */
#endif
#ifndef WALSH_INTERP
#define WALSH_INTERP		1	/* 0: bisection only */
#endif
#define WALSH_PROBES		512	/* probes kept for other ranks */
#define SR_RESCALE		512	/* values between two rescalings */

/* ---- the signed-rank test ---- */

/*
 * The distribution of the doubled signed-rank statistic: for each sum s
 * of a subset of the n doubled ranks w (each in or out with probability
 * 1/2), the number of subsets, in cnt[0..smax], smax the sum of all the
 * w.  Counts reach 2^n: every SR_RESCALE values the table is scaled by
 * 2^-SR_RESCALE, exactly but for cells that underflow (below 2^-1000 of
 * the total: no p-value shows them).  Below 53 values every count is an
 * exact integer.
 */
static double *
sr_counts(const unsigned *w, size_t n, size_t smax)
{
	double *cnt;
	size_t i, s, top = 0;

	cnt = calloc(smax + 1, sizeof(*cnt));
	if (cnt == NULL)
		return NULL;
	cnt[0] = 1;
	for (i = 0; i < n; i++) {
		top += w[i];
		for (s = top; s >= w[i]; s--)
			cnt[s] += cnt[s - w[i]];
		if ((i + 1) % SR_RESCALE == 0)
			for (s = 0; s <= top; s++)
				cnt[s] = ldexp(cnt[s], -SR_RESCALE);
	}
	return cnt;
}

/*
 * The exact two-sided p-value of V: a magnitudes, na of them, signed -,
 * b, nb of them, signed + (both ascending, ties allowed).  The doubled
 * midranks are integers, their sum (n + 1) n is even and its half is the
 * mean, so the tail is decided on integers.  STATS_EINVAL when the table
 * would pass STATS_EXACT_MAXCELLS (more than 2047 values).
 */
static int
sr_exact(const double *a, size_t na, const double *b, size_t nb,
    double *p)
{
	size_t n = na + nb, smax;
	unsigned *w;
	double *cnt;
	int64_t mu2, dobs;

	/* (n + 1) n + 1 cells; n first, so the product cannot overflow. */
	if (n >= 2048 || n * (n + 1) >= STATS_EXACT_MAXCELLS)
		return STATS_EINVAL;
	smax = n * (n + 1);
	mu2 = (int64_t)(smax / 2);
	/* All zeros: no ranks, one cell, p = 1 (malloc(0) may be NULL). */
	w = malloc((n > 0 ? n : 1) * sizeof(*w));
	if (w == NULL)
		return STATS_ENOMEM;
	dobs = (int64_t)stats_rank_doubled(b, nb, a, na, w) - mu2;
	cnt = sr_counts(w, n, smax);
	free(w);
	if (cnt == NULL)
		return STATS_ENOMEM;
	*p = stats_rank_tail(cnt, smax, mu2, dobs < 0 ? -dobs : dobs);
	free(cnt);
	return STATS_OK;
}

/*
 * The sorted differences v[0..n) as two ascending samples of
 * magnitudes, in place: the negatives' (negated, reversed) at v[0..*nneg),
 * the positives' at v[*pos..n).  The zeros between are left out.
 */
static void
sr_split(double *v, size_t n, size_t *nneg, size_t *pos)
{
	size_t i, j;
	double t;

	for (i = 0; i < n && v[i] < 0; i++)
		v[i] = -v[i];
	*nneg = i;
	while (i < n && v[i] == 0)
		i++;
	*pos = i;
	for (i = 0, j = *nneg; i + 1 < j; i++, j--) {
		t = v[i];
		v[i] = v[j - 1];
		v[j - 1] = t;
	}
}

int
stats_signedrank(const double *d, size_t n, int mode, struct stats_sr *r)
{
	double *v, tiesum, m, sigma;
	size_t nneg, pos;
	int err;

	r->v = r->z = r->p = NAN;
	r->n = 0;
	r->exact = r->ties = 0;
	if (mode != STATS_MW_AUTO && mode != STATS_MW_EXACT &&
	    mode != STATS_MW_NORMAL)
		return STATS_EINVAL;
	if (n == 0)
		return STATS_EEMPTY;
	/* A copy to sort, whose size must not wrap. */
	if (n > SIZE_MAX / sizeof(*v))
		return STATS_ENOMEM;
	if ((v = malloc(n * sizeof(*v))) == NULL)
		return STATS_ENOMEM;
	memcpy(v, d, n * sizeof(*v));
	stats_sort(v, n);
	sr_split(v, n, &nneg, &pos);
	r->n = nneg + (n - pos);
	/* V: the rank sum of the positives among all the magnitudes. */
	stats_rank_merge(v + pos, n - pos, v, nneg, &r->v, &tiesum);
	r->ties = tiesum > 0;
	m = (double)r->n;
	/*
	 * R's variance, term for term.  It is > 0 for any m >= 1, even
	 * all tied (m (m + 1)^2 / 16); m = 0 (all zeros) makes sigma 0,
	 * and z 0, p 1 below.
	 */
	sigma = sqrt(m * (m + 1) * (2 * m + 1) / 24 - tiesum / 48);
	stats_rank_normal(r->v - m * (m + 1) / 4, sigma, &r->z, &r->p);
	err = STATS_OK;
	if (mode == STATS_MW_EXACT || (mode == STATS_MW_AUTO &&
	    r->n < STATS_MW_EXACT_MAX)) {
		err = sr_exact(v, nneg, v + pos, n - pos, &r->p);
		if (err == STATS_OK)
			r->exact = 1;
		else
			r->p = NAN;	/* none rather than the wrong kind */
	}
	free(v);
	return err;
}

int
stats_sr_crit(size_t n, double alpha2, uint64_t *k, double *cover)
{
	double *cnt, m;
	unsigned *w;
	size_t smax;

	*k = 0;
	*cover = NAN;
	if (n == 0)
		return STATS_EEMPTY;
	if (!(alpha2 > 0 && alpha2 < 0.5))
		return STATS_EINVAL;
	if (n >= STATS_MW_EXACT_MAX) {
		m = (double)n;
		stats_rank_crit_normal(m * (m + 1) / 4,
		    sqrt(m * (m + 1) * (2 * m + 1) / 24), alpha2, k, cover);
		return STATS_OK;
	}
	if ((w = stats_rank_untied(n)) == NULL)
		return STATS_ENOMEM;
	smax = n * (n + 1);
	cnt = sr_counts(w, n, smax);
	free(w);
	if (cnt == NULL)
		return STATS_ENOMEM;
	/* V = v sits at the doubled sum 2 v. */
	stats_rank_crit_exact(cnt, smax, 0, alpha2, k, cover);
	free(cnt);
	return STATS_OK;
}

/* ---- the Walsh averages ---- */

/*
 * The Walsh average of x and y, rounded once to nearest.  While x + y
 * is finite, (x + y) / 2 rounds once: halving is exact but below 2^-1021,
 * and a sum that small is exact.  When x + y overflows, both are beyond
 * 2^970 and their halves are exact.  So it is monotone in each argument
 * and symmetric, and the walks, the gathers and the brute force agree on
 * every value.
 */
static inline double
walsh_avg(double x, double y)
{
	double s = x + y;

	return fabs(s) <= DBL_MAX ? s / 2 : x / 2 + y / 2;
}

/* A probe: c averages are <= x, below the largest, above the next. */
struct wprobe {
	double		x, below, above;
	uint64_t	c;
};

struct walsh {
	const double	*d;
	size_t		 n;
	uint64_t	 nw;		/* n (n + 1) / 2 */
	double		*g;		/* gathered averages, sorted */
	size_t		 gcap, ng;
	uint64_t	 gbase;		/* averages below g[0] */
	struct wprobe	 pr[WALSH_PROBES];
	size_t		 npr;
};

/*
 * Count the averages <= x, with the largest of them and the smallest
 * above x (-inf, +inf when none).  Row i pairs d[i] with d[j], j >= i;
 * j is one past the last column <= x of the row, which only falls as
 * i grows.  The largest <= x is the last of some row, where the walk
 * turns to the next row; the smallest above x is the first above x of
 * some row, and the walk left that column at a row no later, through a
 * value no larger and still above x.
 */
static void
walsh_count(const struct walsh *w, double x, struct wprobe *p)
{
	const double *d = w->d;
	size_t i = 0, j = w->n;
	uint64_t c = 0;
	double a, lo = -INFINITY, hi = INFINITY;

	while (i < j) {
		a = walsh_avg(d[i], d[j - 1]);
		if (a > x) {
			hi = fmin(hi, a);
			j--;
		} else {
			lo = fmax(lo, a);
			c += j - i;
			i++;
		}
	}
	p->x = x;
	p->c = c;
	p->below = lo;
	p->above = hi;
}

/* Count at x and remember it (when there is room; it only saves time). */
static void
walsh_probe(struct walsh *w, double x, struct wprobe *p)
{
	walsh_count(w, x, p);
	if (w->npr < WALSH_PROBES)
		w->pr[w->npr++] = *p;
}

/*
 * Gather the averages in (lo, hi], cnt of them by the counts, into w->g
 * and sort them.  STATS_EINVAL when the walk finds more: the data were
 * not sorted.
 */
static int
walsh_gather(struct walsh *w, const struct wprobe *lo,
    const struct wprobe *hi)
{
	const double *d = w->d;
	size_t i, j, jl, jh = w->n, m = 0, cnt = hi->c - lo->c;

	for (jl = jh, i = 0; i < w->n; i++) {
		while (jh > i && walsh_avg(d[i], d[jh - 1]) > hi->x)
			jh--;
		if (jh <= i)
			break;
		while (jl > i && walsh_avg(d[i], d[jl - 1]) > lo->x)
			jl--;
		/* Unsorted data break the counts: never write past g. */
		if (jh - (jl > i ? jl : i) > cnt - m)
			return STATS_EINVAL;
		for (j = jl > i ? jl : i; j < jh; j++)
			w->g[m++] = walsh_avg(d[i], d[j]);
	}
	if (m != cnt)
		return STATS_EINVAL;
	stats_sort(w->g, m);
	w->ng = m;
	w->gbase = lo->c;
	return STATS_OK;
}

/*
 * Doubles as unsigned integers in the same order, without gaps: 2^63
 * plus or minus the magnitude's bit pattern.  -0 and +0 share a key
 * (equal values must, or a bisection between -0 and an end at +0 would
 * probe -0 forever), and no NaN lies between -inf and +inf.
 */
#define KEY_ZERO	(UINT64_C(1) << 63)

static uint64_t
key_of(double x)
{
	uint64_t u;

	memcpy(&u, &x, sizeof(u));
	return u & KEY_ZERO ? KEY_ZERO - (u & ~KEY_ZERO) : KEY_ZERO + u;
}

static double
key_value(uint64_t k)
{
	uint64_t u = k >= KEY_ZERO ? k - KEY_ZERO : (KEY_ZERO - k) | KEY_ZERO;
	double x;

	memcpy(&x, &u, sizeof(x));
	return x;
}

/*
 * The tightest bracket of rank r among the probes: lo the highest with
 * fewer than r averages at or below it (none: lo->c 0), hi the lowest
 * with r or more.  The probe at the largest value always has them all.
 */
static void
walsh_bracket(const struct walsh *w, uint64_t r, struct wprobe *lo,
    struct wprobe *hi)
{
	size_t i;
	int have = 0;

	memset(lo, 0, sizeof(*lo));
	*hi = w->pr[1];
	for (i = 0; i < w->npr; i++) {
		if (w->pr[i].c >= r && w->pr[i].x < hi->x)
			*hi = w->pr[i];
		if (w->pr[i].c < r && (!have || w->pr[i].x > lo->x)) {
			*lo = w->pr[i];
			have = 1;
		}
	}
}

/*
 * The next probe in [lo->above, hi->below), both averages, the lower
 * smaller: where the counts, interpolated linearly in value (their
 * weights gl, gh), reach rank r, or when that is not a value strictly
 * inside (overflow, infinities, a bracket of adjacent doubles) or not
 * wanted, the middle of the bit patterns.
 */
static double
walsh_next(const struct wprobe *lo, const struct wprobe *hi, double gl,
    double gh, int interp)
{
	double a = lo->above, b = hi->below, f, x;
	uint64_t ka, kb;

	if (interp) {
		f = gl / (gl + gh);
		x = a * (1 - f) + b * f;
		if (x >= a && x < b)
			return x;
	}
	ka = key_of(a);
	kb = key_of(b);
	return key_value(ka + (kb - ka) / 2);
}

/*
 * The Walsh average of rank r (1-based): from the probes so far, then
 * probing until the bracket holds one value or few enough to gather.
 * Each probe x in [lo->above, hi->below) makes that interval strictly
 * smaller, and every other one at least halves it in bit patterns.
 */
static int
walsh_rank(struct walsh *w, uint64_t r, double *v)
{
	struct wprobe lo, hi, p;
	double gl, gh;
	int interp = WALSH_INTERP, side = 0;

	if (w->ng > 0 && r > w->gbase && r - w->gbase <= w->ng) {
		*v = w->g[r - w->gbase - 1];
		return STATS_OK;
	}
	walsh_bracket(w, r, &lo, &hi);
	/* Unsorted data: the largest value may not have every average. */
	if (hi.c < r)
		return STATS_EINVAL;
	/* None below: the smallest average, d[0], has rank r. */
	if (lo.c == 0) {
		*v = w->d[0];
		return STATS_OK;
	}
	/*
	 * Illinois weights: the distances of the counts from rank r - 1/2,
	 * both > 0, so the interpolation falls strictly inside.
	 */
	gl = (double)(r - lo.c) - 0.5;
	gh = (double)(hi.c - r) + 0.5;
	while (lo.above != hi.below && hi.c - lo.c > w->gcap) {
		walsh_probe(w, walsh_next(&lo, &hi, gl, gh, interp), &p);
		/*
		 * Counts out of order, or an empty bracket: the data were
		 * not sorted (and the walk might not end).
		 */
		if (p.c < lo.c || p.c > hi.c || !(p.c >= r ? lo.above <=
		    p.below : p.above <= hi.below))
			return STATS_EINVAL;
		/*
		 * Interpolate after a bisection, or after an interpolation
		 * that halved the count in the bracket; else bisect.
		 */
		if (interp)
			interp = 2 * (p.c >= r ? p.c - lo.c : hi.c - p.c) <=
			    hi.c - lo.c;
		else
			interp = WALSH_INTERP;
		if (p.c >= r) {
			hi = p;
			gh = (double)(hi.c - r) + 0.5;
			/* The same side twice: the other weighs half. */
			gl = side > 0 ? gl / 2 : (double)(r - lo.c) - 0.5;
			side = 1;
		} else {
			lo = p;
			gl = (double)(r - lo.c) - 0.5;
			gh = side < 0 ? gh / 2 : (double)(hi.c - r) + 0.5;
			side = -1;
		}
	}
	if (lo.above == hi.below) {
		*v = hi.below;
		return STATS_OK;
	}
	if (walsh_gather(w, &lo, &hi) != STATS_OK)
		return STATS_EINVAL;
	*v = w->g[r - w->gbase - 1];
	return STATS_OK;
}

/*
 * The smallest n whose interval exists at this level: P(V = 0) = 2^-n
 * <= alpha2 while exact, later from the normal approximation (past 50
 * only for levels beyond 99.999999999999 %).  0 on an allocation error.
 */
static size_t
walsh_nmin(double alpha2)
{
	double cover;
	uint64_t k = 0;
	size_t n;

	for (n = 1; k == 0; n++)
		if (stats_sr_crit(n, alpha2, &k, &cover) != STATS_OK)
			return 0;
	return n - 1;
}

/*
 * The sample's walks share one gather buffer (at most all the averages)
 * and the probes at both ends: every rank lies between them.
 */
static int
walsh_open(struct walsh *w, const double *sorted, size_t n)
{
	struct wprobe p;
	uint64_t cap;

	w->d = sorted;
	w->n = n;
	w->nw = (uint64_t)n * (n + 1) / 2;
	w->npr = w->ng = 0;
	w->gbase = 0;
	cap = (uint64_t)WALSH_GATHER_PER * n;
	if (cap < WALSH_GATHER_MIN)
		cap = WALSH_GATHER_MIN;
	if (cap > w->nw)
		cap = w->nw;
	if (cap > SIZE_MAX / sizeof(*w->g))
		return STATS_ENOMEM;
	w->gcap = (size_t)cap;
	if ((w->g = malloc(w->gcap * sizeof(*w->g))) == NULL)
		return STATS_ENOMEM;
	walsh_probe(w, sorted[0], &p);
	walsh_probe(w, sorted[n - 1], &p);
	/* All the averages are <= the largest value, if sorted. */
	if (p.c != w->nw) {
		free(w->g);
		return STATS_EINVAL;
	}
	return STATS_OK;
}

int
stats_walsh(const double *sorted, size_t n, double level, struct stats_ci *ci)
{
	struct walsh w;
	uint64_t k, half;
	double alpha2, cover, a, b;
	int err;

	ci->est = ci->lo = ci->hi = ci->level = NAN;
	ci->nmin = 0;
	if (!(level > 0 && level < 100))
		return STATS_EINVAL;
	if (n == 0)
		return STATS_EEMPTY;
	/* n (n + 1) / 2 averages, counted in 64 bits. */
	if (n > UINT32_MAX)
		return STATS_EINVAL;
	/* -inf and +inf average to NaN, which has no order. */
	if (sorted[0] == -INFINITY && sorted[n - 1] == INFINITY)
		return STATS_EDOMAIN;
	alpha2 = (100 - level) / 200;
	if ((err = stats_sr_crit(n, alpha2, &k, &cover)) != STATS_OK)
		return err;
	if ((err = walsh_open(&w, sorted, n)) != STATS_OK)
		return err;
	half = (w.nw + 1) / 2;
	if ((err = walsh_rank(&w, half, &a)) != STATS_OK)
		goto out;
	b = a;
	if (w.nw % 2 == 0 && (err = walsh_rank(&w, half + 1, &b)) != STATS_OK)
		goto out;
	/* The mean of the middle two, rounded once (within them). */
	ci->est = walsh_avg(a, b);
	if (k == 0) {
		ci->nmin = walsh_nmin(alpha2);
		err = STATS_ETOOFEW;
		goto out;
	}
	if ((err = walsh_rank(&w, k, &ci->lo)) != STATS_OK ||
	    (err = walsh_rank(&w, w.nw + 1 - k, &ci->hi)) != STATS_OK)
		goto out;
	ci->level = 100 * cover;
out:
	if (err != STATS_OK && err != STATS_ETOOFEW) {
		ci->est = ci->lo = ci->hi = NAN;
	}
	free(w.g);
	return err;
}

/* ---- the one-sample t ---- */

int
stats_ttest_one(const double *d, size_t n, double level,
    struct stats_ttest *r)
{
	r->diff = r->se = r->t = r->df = r->p = NAN;
	r->lo = r->hi = r->spool = NAN;
	if (!(level > 0 && level < 100))
		return STATS_EINVAL;
	if (n == 0)
		return STATS_EEMPTY;
	/* One difference has no spread. */
	if (n < 2)
		return STATS_ETOOFEW;
	r->diff = stats_mean(d, n);
	r->df = (double)(n - 1);
	r->se = stats_stddev(d, n) / sqrt((double)n);
	stats_t_finish(r, level);
	return STATS_OK;
}
