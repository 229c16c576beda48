/*
 * stats_rank.c: rank-based comparison of two samples: the Mann-Whitney
 * U test (exact with ties, or normal) and the Hodges-Lehmann estimate
 * with Moses' interval, by selection in the implicit matrix of pairwise
 * differences.  See stats.h.
 *
 * References: Hollander & Wolfe, Nonparametric Statistical Methods,
 * 4.1-4.3; Monahan, ACM TOMS 10 (1984) 265-270 (selection of the
 * Hodges-Lehmann estimate without forming the pairs); Floyd & Rivest,
 * CACM 18 (1975) 165-172 (pivots from a sample).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

#define EXACT_MAXCELLS	(1u << 22)	/* exact DP table: 32 MiB at most */
#define HL_SAMPLE	1024	/* values drawn per pivot round */
#define HL_GATHER_MIN	4096	/* gather the live values below this... */
#define HL_SEED		UINT64_C(0x6b62656e63682121)	/* "kbench!!" */

/* ---- the Mann-Whitney U test ---- */

/*
 * Walk the two sorted samples as one: the rank sum of a with midranks,
 * and sum (t^3 - t) over the tie groups.  Exact in doubles while the
 * rank sums stay below 2^52 (n up to about 6e7 on each side).
 */
static void
merge_ranks(const double *a, size_t na, const double *b, size_t nb,
    double *ra, double *tiesum)
{
	size_t i = 0, j = 0, ca, cb;
	double v, t, pos = 0;

	*ra = *tiesum = 0;
	while (i < na || j < nb) {
		v = (j >= nb || (i < na && a[i] <= b[j])) ? a[i] : b[j];
		for (ca = 0; i < na && a[i] == v; i++)
			ca++;
		for (cb = 0; j < nb && b[j] == v; j++)
			cb++;
		t = (double)(ca + cb);
		*ra += ca * (pos + (t + 1) / 2);
		*tiesum += (t * t - 1) * t;
		pos += t;
	}
}

/*
 * Doubled midranks (integers) of the pooled sample, into w[0..na+nb-1],
 * and the doubled rank sum of a.
 */
static uint64_t
doubled_ranks(const double *a, size_t na, const double *b, size_t nb,
    unsigned *w)
{
	size_t i = 0, j = 0, ca, cb, k, pos = 0;
	uint64_t sa = 0;
	unsigned r2;
	double v;

	while (i < na || j < nb) {
		v = (j >= nb || (i < na && a[i] <= b[j])) ? a[i] : b[j];
		for (ca = 0; i < na && a[i] == v; i++)
			ca++;
		for (cb = 0; j < nb && b[j] == v; j++)
			cb++;
		/* positions pos+1 .. pos+t: midrank (2 pos + t + 1) / 2 */
		r2 = (unsigned)(2 * pos + ca + cb + 1);
		for (k = 0; k < ca + cb; k++)
			w[pos + k] = r2;
		sa += (uint64_t)ca * r2;
		pos += ca + cb;
	}
	return sa;
}

/*
 * The number of m-subsets of the n weights w with each sum s, as a
 * table of (m + 1) rows of smax + 1 doubles (row j: j-subsets); the
 * answer is row m.  Counts reach C(n, m), 1e59 for 100 + 100: doubles
 * hold them to 16 digits and only positive numbers are added.
 */
static double *
subset_sums(const unsigned *w, size_t n, size_t m, size_t smax)
{
	double *cnt, *to, *from;
	size_t i, j, s, row = smax + 1;

	cnt = calloc((m + 1) * row, sizeof(*cnt));
	if (cnt == NULL)
		return NULL;
	cnt[0] = 1;
	for (i = 0; i < n; i++) {
		for (j = (i + 1 < m ? i + 1 : m); j >= 1; j--) {
			to = cnt + j * row;
			from = cnt + (j - 1) * row;
			for (s = smax; s >= w[i]; s--)
				to[s] += from[s - w[i]];
		}
	}
	return cnt;
}

/*
 * The largest sum of m of the n doubled ranks (they are ascending), and
 * whether a table for it fits in EXACT_MAXCELLS.
 */
static int
exact_size(const unsigned *w, size_t n, size_t m, size_t *smax)
{
	size_t i;

	*smax = 0;
	for (i = n - m; i < n; i++)
		*smax += w[i];
	return m + 1 <= EXACT_MAXCELLS / (*smax + 1);
}

/*
 * Exact two-sided permutation p-value: the share of all C(n, m) splits
 * whose doubled rank sum S of the m-sample is at least as far from its
 * mean m (n + 1) as the observed one.
 */
static int
mw_exact(const unsigned *w, size_t n, size_t m, uint64_t obs, double *p)
{
	double *cnt, *last, tail = 0, total = 0;
	size_t s, smax;
	int64_t mu2 = (int64_t)(m * (n + 1)), dobs;

	if (!exact_size(w, n, m, &smax))
		return STATS_EINVAL;
	cnt = subset_sums(w, n, m, smax);
	if (cnt == NULL)
		return STATS_ENOMEM;
	last = cnt + m * (smax + 1);
	dobs = (int64_t)obs - mu2;
	if (dobs < 0)
		dobs = -dobs;
	for (s = 0; s <= smax; s++) {
		total += last[s];
		if ((int64_t)s - mu2 >= dobs || mu2 - (int64_t)s >= dobs)
			tail += last[s];
	}
	free(cnt);
	*p = tail / total;
	return STATS_OK;
}

int
stats_mannwhitney(const double *a, size_t na, const double *b, size_t nb,
    int mode, struct stats_mw *r)
{
	double ra, tiesum, n, mu, sigma, d, cc;
	unsigned *w;
	uint64_t s2;
	size_t m;
	int err;

	r->u = r->z = r->p = NAN;
	r->exact = r->ties = 0;
	if (mode != STATS_MW_AUTO && mode != STATS_MW_EXACT &&
	    mode != STATS_MW_NORMAL)
		return STATS_EINVAL;
	if (na == 0 || nb == 0)
		return STATS_EEMPTY;
	merge_ranks(a, na, b, nb, &ra, &tiesum);
	n = (double)na + nb;
	r->u = ra - (double)na * (na + 1) / 2;
	r->ties = tiesum > 0;
	mu = (double)na * nb / 2;
	sigma = sqrt((double)na * nb / 12 * ((n + 1) - tiesum / (n * (n - 1))));
	d = r->u - mu;
	/* Continuity: move 1/2 toward the mean, never past it. */
	cc = d > 0 ? 0.5 : d < 0 ? -0.5 : 0;
	/* Every value tied: no ordering, no evidence. */
	r->z = sigma > 0 ? (d - cc) / sigma : 0;
	r->p = 2 * stats_normal_cdf(-fabs(r->z));
	if (r->p > 1)
		r->p = 1;
	if (mode == STATS_MW_NORMAL || (mode == STATS_MW_AUTO &&
	    (na >= STATS_MW_EXACT_MAX || nb >= STATS_MW_EXACT_MAX)))
		return STATS_OK;
	if (na + nb > UINT32_MAX / 2)
		return STATS_EINVAL;
	w = malloc((na + nb) * sizeof(*w));
	if (w == NULL)
		return STATS_ENOMEM;
	s2 = doubled_ranks(a, na, b, nb, w);
	/* Count subsets of the smaller sample; S of b = total - S of a. */
	m = na;
	if (nb < na) {
		m = nb;
		s2 = (uint64_t)(na + nb) * (na + nb + 1) - s2;
	}
	err = mw_exact(w, na + nb, m, s2, &r->p);
	free(w);
	if (err == STATS_OK)
		r->exact = 1;
	return err;
}

/* ---- Hodges-Lehmann and Moses ---- */

/*
 * The na x nb pairwise values as a matrix ascending along rows and
 * columns: rows run over the smaller sample (so the per-row state is
 * small), a in descending order, b in ascending order.
 */
struct hlm {
	const double	*a, *b;
	size_t		 na, nb, nrow, ncol;
	int		 swap;	/* rows are b */
	int		 ratio;	/* b / a, else b - a */
};

static inline double
hl_at(const struct hlm *m, size_t r, size_t c)
{
	size_t i, j;

	if (m->swap) {
		j = r;
		i = m->na - 1 - c;
	} else {
		i = m->na - 1 - r;
		j = c;
	}
	return m->ratio ? m->b[j] / m->a[i] : m->b[j] - m->a[i];
}

/*
 * Per row r, the number of values < p (le 0) or <= p (le 1); each
 * lies within [lo[r], hi[r]] because p is a live value.  The counts
 * fall as r grows, so one pointer walks left across all rows: O(nrow +
 * ncol).  The counts go to out[] when it is not NULL (out may be lo or
 * hi); the total is returned.
 */
static uint64_t
hl_count(const struct hlm *m, const size_t *lo, const size_t *hi, double p,
    int le, size_t *out)
{
	size_t r, c, ptr = m->ncol, l;
	uint64_t tot = 0;

	for (r = 0; r < m->nrow; r++) {
		l = lo[r];
		c = ptr < hi[r] ? ptr : hi[r];
		if (c < l)
			c = l;
		if (le)
			while (c > l && hl_at(m, r, c - 1) > p)
				c--;
		else
			while (c > l && hl_at(m, r, c - 1) >= p)
				c--;
		ptr = c;
		tot += c;
		if (out != NULL)
			out[r] = c;
	}
	return tot;
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
 * ascending into smp[]; live is the number of live values.
 */
static void
hl_sample(const struct hlm *m, const size_t *lo, const size_t *hi,
    uint64_t live, uint64_t *seed, uint64_t *pos, double *smp)
{
	size_t i, r = 0;
	uint64_t base = 0;

	for (i = 0; i < HL_SAMPLE; i++)
		pos[i] = sm64(seed) % live;
	qsort(pos, HL_SAMPLE, sizeof(*pos), cmp_u64);
	for (i = 0; i < HL_SAMPLE; i++) {
		while (pos[i] >= base + (hi[r] - lo[r])) {
			base += hi[r] - lo[r];
			r++;
		}
		smp[i] = hl_at(m, r, lo[r] + (size_t)(pos[i] - base));
	}
	qsort(smp, HL_SAMPLE, sizeof(*smp), cmp_dbl);
}

/*
 * The k-th smallest (1-based) of the na nb values.  lo[] and hi[] bound
 * the live columns of each row: the answer is among them, and below
 * lie sum lo[r] values.  Each round draws a sample, takes two pivots
 * around the answer's expected place in it, counts, and narrows; when
 * few values are left they are gathered and selected directly.
 */
static int
hl_select(const struct hlm *m, size_t *lo, size_t *hi, uint64_t k,
    double *out)
{
	uint64_t below, live, lt1, le1, lt2, le2, seed, pos[HL_SAMPLE];
	uint64_t gather = (m->na + m->nb) / 2;
	double smp[HL_SAMPLE], f, d, p1, p2, *buf;
	size_t r, c, n, i1, i2;

	if (gather < HL_GATHER_MIN)
		gather = HL_GATHER_MIN;
	seed = HL_SEED ^ k;
	for (r = 0; r < m->nrow; r++) {
		lo[r] = 0;
		hi[r] = m->ncol;
	}
	for (;;) {
		for (below = live = 0, r = 0; r < m->nrow; r++) {
			below += lo[r];
			live += hi[r] - lo[r];
		}
		if (live <= gather)
			break;
		hl_sample(m, lo, hi, live, &seed, pos, smp);
		/* Where the answer should sit in the sample, +/- 2.5 sd. */
		f = (k - below - 0.5) / (double)live;
		d = 2.5 * sqrt(HL_SAMPLE * f * (1 - f)) + 1;
		i1 = f * HL_SAMPLE > d ? (size_t)(f * HL_SAMPLE - d) : 0;
		i2 = (size_t)fmin(f * HL_SAMPLE + d, HL_SAMPLE - 1);
		p1 = smp[i1];
		p2 = smp[i2];
		lt1 = hl_count(m, lo, hi, p1, 0, NULL);
		le1 = hl_count(m, lo, hi, p1, 1, NULL);
		if (lt1 < k && k <= le1) {
			*out = p1;
			return STATS_OK;
		}
		lt2 = hl_count(m, lo, hi, p2, 0, NULL);
		le2 = hl_count(m, lo, hi, p2, 1, NULL);
		if (lt2 < k && k <= le2) {
			*out = p2;
			return STATS_OK;
		}
		if (k <= lt1) {
			hl_count(m, lo, hi, p1, 0, hi);
		} else if (k > le2) {
			hl_count(m, lo, hi, p2, 1, lo);
		} else {
			hl_count(m, lo, hi, p1, 1, lo);
			hl_count(m, lo, hi, p2, 0, hi);
		}
	}
	buf = malloc((live ? live : 1) * sizeof(*buf));
	if (buf == NULL)
		return STATS_ENOMEM;
	for (n = 0, r = 0; r < m->nrow; r++)
		for (c = lo[r]; c < hi[r]; c++)
			buf[n++] = hl_at(m, r, c);
	*out = quickselect(buf, n, (size_t)(k - below - 1), &seed);
	free(buf);
	return STATS_OK;
}

/*
 * The smallest value greater than v (v itself when more than k values
 * are <= v, k being v's rank), for the upper middle of an even count.
 */
static double
hl_next(const struct hlm *m, double v, uint64_t k)
{
	size_t r, c = m->ncol;
	uint64_t le = 0;
	double best = INFINITY;

	for (r = 0; r < m->nrow; r++) {
		while (c > 0 && hl_at(m, r, c - 1) > v)
			c--;
		le += c;
		if (c < m->ncol && hl_at(m, r, c) < best)
			best = hl_at(m, r, c);
	}
	return le > k ? v : best;
}

/*
 * Moses' k: the largest k with P(U <= k - 1) <= alpha2, U the
 * Mann-Whitney statistic without ties; 0 when there is none.  Exact
 * below STATS_MW_EXACT_MAX on both sides, else normal with continuity
 * correction.  *cover gets 1 - 2 P(U <= k - 1).
 */
static int
moses_k(size_t na, size_t nb, double alpha2, uint64_t *k, double *cover)
{
	double *cnt, *last, total = 0, run = 0, mm, sigma, z;
	size_t i, n = na + nb, m = na < nb ? na : nb, smax, base;
	unsigned *w;
	uint64_t u;

	mm = (double)na * nb;
	if (na >= STATS_MW_EXACT_MAX || nb >= STATS_MW_EXACT_MAX) {
		sigma = sqrt(mm * (n + 1) / 12);
		z = stats_normal_quantile(alpha2);	/* < 0 */
		z = floor(mm / 2 + 0.5 + z * sigma);
		*k = z < 1 ? 0 : (uint64_t)z;
		*cover = 1 - 2 * stats_normal_cdf((*k - 0.5 - mm / 2) / sigma);
		return STATS_OK;
	}
	w = malloc(n * sizeof(*w));
	if (w == NULL)
		return STATS_ENOMEM;
	for (i = 0; i < n; i++)
		w[i] = (unsigned)(2 * (i + 1));
	exact_size(w, n, m, &smax);
	cnt = subset_sums(w, n, m, smax);
	free(w);
	if (cnt == NULL)
		return STATS_ENOMEM;
	last = cnt + m * (smax + 1);
	for (i = 0; i <= smax; i++)
		total += last[i];
	/* Doubled rank sum of U = u: 2u + m (m + 1). */
	base = m * (m + 1);
	*k = 0;
	*cover = NAN;
	for (u = 0; base + 2 * u <= smax; u++) {
		run += last[base + 2 * u];
		if (run / total > alpha2)
			break;
		*k = u + 1;
		*cover = 1 - 2 * run / total;
	}
	free(cnt);
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
	size_t *lo = NULL, *hi;
	uint64_t mm, k, kci;
	double v1, v2, alpha2, cover;
	int err;

	ci->est = ci->lo = ci->hi = ci->level = NAN;
	ci->nmin = 0;
	if (!(level > 0 && level < 100) ||
	    (kind != STATS_HL_SHIFT && kind != STATS_HL_RATIO))
		return STATS_EINVAL;
	if (na == 0 || nb == 0)
		return STATS_EEMPTY;
	if (nb > UINT64_MAX / na)
		return STATS_EINVAL;
	/* Ratios need positive values (they are the shift of the logs). */
	if (kind == STATS_HL_RATIO && !(a[0] > 0 && b[0] > 0))
		return STATS_EDOMAIN;
	m.a = a;
	m.b = b;
	m.na = na;
	m.nb = nb;
	m.swap = nb < na;
	m.nrow = m.swap ? nb : na;
	m.ncol = m.swap ? na : nb;
	m.ratio = kind == STATS_HL_RATIO;
	mm = (uint64_t)na * nb;
	alpha2 = (100 - level) / 200;
	if ((err = moses_k(na, nb, alpha2, &kci, &cover)) != STATS_OK)
		return err;
	if (m.nrow > SIZE_MAX / 2 / sizeof(*lo) ||
	    (lo = malloc(2 * m.nrow * sizeof(*lo))) == NULL)
		return STATS_ENOMEM;
	hi = lo + m.nrow;
	/* The median: the middle value, or the middle two. */
	k = (mm + 1) / 2;
	if ((err = hl_select(&m, lo, hi, k, &v1)) != STATS_OK)
		goto out;
	v2 = mm % 2 ? v1 : hl_next(&m, v1, k);
	/* The geometric mean for ratios: the mean of the logs. */
	ci->est = m.ratio ? sqrt(v1) * sqrt(v2) : v1 + (v2 - v1) / 2;
	if (kci == 0) {
		ci->nmin = moses_nmin(alpha2);
		err = STATS_ETOOFEW;
		goto out;
	}
	if ((err = hl_select(&m, lo, hi, kci, &ci->lo)) != STATS_OK ||
	    (err = hl_select(&m, lo, hi, mm + 1 - kci, &ci->hi)) != STATS_OK)
		goto out;
	ci->level = 100 * cover;
out:
	if (err != STATS_OK && err != STATS_ETOOFEW)
		ci->lo = ci->hi = NAN;
	free(lo);
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
