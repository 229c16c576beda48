/* TEMPORARY brute-force stand-in, replaced by the i24-paired branch. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/stats.h"

static int
cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
stats_signedrank(const double *d, size_t n, int mode, struct stats_sr *r)
{
	double *a, v = 0, ties = 0, mu, var, z;
	size_t i, j, m = 0;

	(void)mode;
	memset(r, 0, sizeof(*r));
	if (n == 0)
		return STATS_EEMPTY;
	a = malloc(n * sizeof(*a));
	for (i = 0; i < n; i++)
		if (d[i] != 0)
			a[m++] = fabs(d[i]);
	r->n = m;
	if (m == 0) {
		r->p = 1;
		free(a);
		return STATS_OK;
	}
	qsort(a, m, sizeof(*a), cmpd);
	for (i = 0; i < n; i++) {
		size_t lo = 0, hi = 0;
		if (d[i] <= 0)
			continue;
		for (j = 0; j < m; j++) {
			if (a[j] < d[i])
				lo++;
			if (a[j] <= d[i])
				hi++;
		}
		v += (lo + 1 + hi) / 2.0;
	}
	for (i = 0; i < m; i = j) {
		for (j = i; j < m && a[j] == a[i]; j++)
			;
		ties += pow((double)(j - i), 3) - (double)(j - i);
	}
	mu = m * (m + 1) / 4.0;
	var = m * (m + 1) * (2 * m + 1) / 24.0 - ties / 48;
	z = v - mu;
	z = (z - (z > 0 ? 0.5 : z < 0 ? -0.5 : 0)) / sqrt(var);
	r->v = v;
	r->z = z;
	r->p = var > 0 ? 2 * stats_normal_cdf(-fabs(z)) : 1;
	if (r->p > 1)
		r->p = 1;
	free(a);
	return STATS_OK;
}

int
stats_sr_crit(size_t n, double alpha2, uint64_t *k, double *cover)
{
	double mu = n * (n + 1) / 4.0, s = sqrt(n * (n + 1) * (2 * n + 1) / 24.0);
	double z = floor(mu + 0.5 + stats_normal_quantile(alpha2) * s);

	*k = z < 1 ? 0 : (uint64_t)z;
	*cover = *k ? 1 - 2 * stats_normal_cdf((*k - 0.5 - mu) / s) : NAN;
	return STATS_OK;
}

int
stats_walsh(const double *sorted, size_t n, double level, struct stats_ci *ci)
{
	size_t N = n * (n + 1) / 2, i, j, m = 0;
	double *w;
	uint64_t k;
	double cover;

	memset(ci, 0, sizeof(*ci));
	ci->lo = ci->hi = ci->level = NAN;
	if (n == 0) {
		ci->est = NAN;
		return STATS_EEMPTY;
	}
	w = malloc(N * sizeof(*w));
	for (i = 0; i < n; i++)
		for (j = i; j < n; j++)
			w[m++] = sorted[i] / 2 + sorted[j] / 2;
	qsort(w, N, sizeof(*w), cmpd);
	ci->est = N % 2 ? w[N / 2] : (w[N / 2 - 1] + w[N / 2]) / 2;
	stats_sr_crit(n, (1 - level / 100) / 2, &k, &cover);
	if (k == 0) {
		ci->nmin = 6;
		free(w);
		return STATS_ETOOFEW;
	}
	ci->lo = w[k - 1];
	ci->hi = w[N - k];
	ci->level = 100 * cover;
	free(w);
	return STATS_OK;
}

int
stats_ttest_one(const double *d, size_t n, double level, struct stats_ttest *r)
{
	double q;

	memset(r, 0, sizeof(*r));
	r->spool = NAN;
	if (n < 2)
		return STATS_ETOOFEW;
	r->diff = stats_mean(d, n);
	r->se = stats_stddev(d, n) / sqrt((double)n);
	r->df = n - 1;
	if (r->se == 0) {
		r->p = r->diff == 0 ? 1 : 0;
		r->lo = r->hi = r->diff;
		return STATS_OK;
	}
	r->t = r->diff / r->se;
	r->p = 2 * stats_t_cdf(-fabs(r->t), r->df);
	q = -stats_t_quantile((1 - level / 100) / 2, r->df);
	r->lo = r->diff - q * r->se;
	r->hi = r->diff + q * r->se;
	return STATS_OK;
}
