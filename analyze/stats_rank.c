/*
 * stats_rank.c: the Mann-Whitney U test (exact with ties by a dynamic
 * program over the midranks, or normal) and the critical values of U,
 * and the pieces of it that the signed-rank test of stats_paired.c uses
 * too (stats_int.h).  See stats.h.
 *
 * Reference: Hollander & Wolfe, Nonparametric Statistical Methods,
 * 4.1-4.3.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analyze/stats.h"
#include "analyze/stats_int.h"

/* ---- ranks, shared with stats_paired.c (see stats_int.h) ---- */

void
stats_rank_merge(const double *a, size_t na, const double *b, size_t nb,
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

uint64_t
stats_rank_doubled(const double *a, size_t na, const double *b, size_t nb,
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
	return m + 1 <= STATS_EXACT_MAXCELLS / (*smax + 1);
}

unsigned *
stats_rank_untied(size_t n)
{
	unsigned *w;
	size_t i;

	/* n is 1 or more for every caller; malloc(0) may be NULL. */
	if ((w = malloc((n > 0 ? n : 1) * sizeof(*w))) == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		w[i] = (unsigned)(2 * (i + 1));
	return w;
}

double
stats_rank_tail(const double *cnt, size_t smax, int64_t mu2, int64_t dobs)
{
	double tail = 0, total = 0;
	size_t s;

	for (s = 0; s <= smax; s++) {
		total += cnt[s];
		if ((int64_t)s - mu2 >= dobs || mu2 - (int64_t)s >= dobs)
			tail += cnt[s];
	}
	return tail / total;
}

void
stats_rank_normal(double d, double sigma, double *z, double *p)
{
	double cc;

	/* Continuity: move 1/2 toward the mean, never past it. */
	cc = d > 0 ? 0.5 : d < 0 ? -0.5 : 0;
	/* Every value tied: no ordering, no evidence. */
	*z = sigma > 0 ? (d - cc) / sigma : 0;
	*p = 2 * stats_normal_cdf(-fabs(*z));
	if (*p > 1)
		*p = 1;
}

void
stats_rank_crit_exact(const double *cnt, size_t smax, size_t base,
    double alpha2, uint64_t *k, double *cover)
{
	double total = 0, run = 0;
	size_t i;
	uint64_t u;

	for (i = 0; i <= smax; i++)
		total += cnt[i];
	for (u = 0; base + 2 * u <= smax; u++) {
		run += cnt[base + 2 * u];
		if (run / total > alpha2)
			break;
		*k = u + 1;
		*cover = 1 - 2 * run / total;
	}
}

void
stats_rank_crit_normal(double mu, double sigma, double alpha2, uint64_t *k,
    double *cover)
{
	double z;

	z = stats_normal_quantile(alpha2);	/* < 0 */
	z = floor(mu + 0.5 + z * sigma);
	*k = z < 1 ? 0 : (uint64_t)z;
	*cover = 1 - 2 * stats_normal_cdf((*k - 0.5 - mu) / sigma);
}

/* ---- the Mann-Whitney U test ---- */

/*
 * Exact two-sided permutation p-value: the share of all C(n, m) splits
 * whose doubled rank sum S of the m-sample is at least as far from its
 * mean m (n + 1) as the observed one.
 */
static int
mw_exact(const unsigned *w, size_t n, size_t m, uint64_t obs, double *p)
{
	double *cnt;
	size_t smax;
	int64_t mu2 = (int64_t)(m * (n + 1)), dobs;

	if (!exact_size(w, n, m, &smax))
		return STATS_EINVAL;
	cnt = subset_sums(w, n, m, smax);
	if (cnt == NULL)
		return STATS_ENOMEM;
	dobs = (int64_t)obs - mu2;
	if (dobs < 0)
		dobs = -dobs;
	*p = stats_rank_tail(cnt + m * (smax + 1), smax, mu2, dobs);
	free(cnt);
	return STATS_OK;
}

int
stats_mannwhitney(const double *a, size_t na, const double *b, size_t nb,
    int mode, struct stats_mw *r)
{
	double ra, tiesum, n, mu, sigma;
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
	stats_rank_merge(a, na, b, nb, &ra, &tiesum);
	n = (double)na + nb;
	r->u = ra - (double)na * (na + 1) / 2;
	r->ties = tiesum > 0;
	mu = (double)na * nb / 2;
	sigma = sqrt((double)na * nb / 12 * ((n + 1) - tiesum / (n * (n - 1))));
	stats_rank_normal(r->u - mu, sigma, &r->z, &r->p);
	if (mode == STATS_MW_NORMAL || (mode == STATS_MW_AUTO &&
	    (na >= STATS_MW_EXACT_MAX || nb >= STATS_MW_EXACT_MAX)))
		return STATS_OK;
	if (na + nb > UINT32_MAX / 2)
		return STATS_EINVAL;
	w = malloc((na + nb) * sizeof(*w));
	if (w == NULL)
		return STATS_ENOMEM;
	s2 = stats_rank_doubled(a, na, b, nb, w);
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
	double *cnt, mm;
	size_t n = na + nb, m = na < nb ? na : nb, smax;
	unsigned *w;

	*k = 0;
	*cover = NAN;
	if (na == 0 || nb == 0)
		return STATS_EEMPTY;
	if (!(alpha2 > 0 && alpha2 < 0.5))
		return STATS_EINVAL;
	mm = (double)na * nb;
	if (na >= STATS_MW_EXACT_MAX || nb >= STATS_MW_EXACT_MAX) {
		stats_rank_crit_normal(mm / 2, sqrt(mm * (n + 1) / 12), alpha2,
		    k, cover);
		return STATS_OK;
	}
	if ((w = stats_rank_untied(n)) == NULL)
		return STATS_ENOMEM;
	exact_size(w, n, m, &smax);
	cnt = subset_sums(w, n, m, smax);
	free(w);
	if (cnt == NULL)
		return STATS_ENOMEM;
	/* Doubled rank sum of U = u: 2u + m (m + 1). */
	stats_rank_crit_exact(cnt + m * (smax + 1), smax, m * (m + 1), alpha2,
	    k, cover);
	free(cnt);
	return STATS_OK;
}
