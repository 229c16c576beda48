/*
 * stats_rank.c: the Mann-Whitney U test (exact with ties by a dynamic
 * program over the midranks, or normal) and the critical values of U.
 * See stats.h.
 *
 * Reference: Hollander & Wolfe, Nonparametric Statistical Methods,
 * 4.1-4.3.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analyze/stats.h"

#define EXACT_MAXCELLS	(1u << 22)	/* exact DP table: 32 MiB at most */

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
	else
		r->p = NAN;	/* no p-value rather than the wrong kind */
	return err;
}

int
stats_mw_crit(size_t na, size_t nb, double alpha2, uint64_t *k,
    double *cover)
{
	double *cnt, *last, total = 0, run = 0, mm, sigma, z;
	size_t i, n = na + nb, m = na < nb ? na : nb, smax, base;
	unsigned *w;
	uint64_t u;

	*k = 0;
	*cover = NAN;
	if (na == 0 || nb == 0)
		return STATS_EEMPTY;
	if (!(alpha2 > 0 && alpha2 < 0.5))
		return STATS_EINVAL;
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
