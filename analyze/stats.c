/*
 * stats.c: sorting and descriptive statistics.  See stats.h for the
 * definitions.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/stats.h"

/*
 * Below SORT_RADIX values, insertion sort; from there, radix sort.  Where
 * they cross, on this project's machine (benchmark-like doubles, one
 * magnitude): 100 values 24 vs 32 ns each, 150 32 vs 27; qsort, which
 * sorted 64-1023 values before issue 30, took 54 ns at 100 and 79 at
 * 1000, where radix takes 15 (a year's cold trend sorts 73,000 of them).
 */
#define SORT_RADIX	128
/*
 * From SORT_HALVES values, each half is sorted with half the scratch and
 * the two merged: the scratch of a side of analyze --compare (5 M values,
 * 40 MB) is a third of its peak, and both sides sort at once.
 */
#define SORT_HALVES	(1u << 20)
#define SELECT_SORTED	64	/* select_kth sorts a part this small */
#define RADIX_BITS	8	/* 256 buckets: the scatter's streams fit the TLB */
#define RADIX_SIZE	(1u << RADIX_BITS)
#define RADIX_MASK	(RADIX_SIZE - 1)
#define RADIX_PASSES	8
#define SIGN_BIT	UINT64_C(0x8000000000000000)

const char *
stats_strerror(int err)
{
	switch (err) {
	case STATS_OK:
		return "success";
	case STATS_EINVAL:
		return "invalid argument";
	case STATS_EEMPTY:
		return "no samples";
	case STATS_ETOOFEW:
		return "too few samples for this level";
	case STATS_EDOMAIN:
		return "data outside the domain of the method";
	case STATS_ENOMEM:
		return "out of memory";
	}
	return "unknown error";
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void
insertion_sort(double *v, size_t n)
{
	size_t i, j;
	double x;

	for (i = 1; i < n; i++) {
		x = v[i];
		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/*
 * The radix key: an unsigned integer in the order of the doubles.
 * Positive values get the sign bit set, negative ones are complemented
 * (their magnitude order is reversed).
 */
static inline uint64_t
radix_key(uint64_t bits)
{
	return bits ^ ((0 - (bits >> 63)) | SIGN_BIT);
}

static inline uint64_t
radix_unkey(uint64_t key)
{
	return key ^ (((key >> 63) - 1) | SIGN_BIT);
}

/*
 * The keys travel between v (as raw 64-bit words, through memcpy so no
 * aliasing rule is broken) and the scratch buffer.
 */
static inline uint64_t
word_at(const void *base, size_t i)
{
	uint64_t w;

	memcpy(&w, (const char *)base + i * sizeof(w), sizeof(w));
	return w;
}

static inline void
word_put(void *base, size_t i, uint64_t w)
{
	memcpy((char *)base + i * sizeof(w), &w, sizeof(w));
}

/*
 * LSD radix sort of the keys, a byte at a time.  A first read-only pass
 * fills all eight histograms; each scatter pass then moves the values
 * between v and tmp, the first one turning doubles into keys on the
 * way and the last one turning keys back into doubles, so the data is
 * read 1 + (number of passes) times and no more.
 */
static void
radix_sort(double *v, size_t n, uint64_t *tmp, size_t *count)
{
	void *src = v, *dst = tmp, *swap;
	size_t i, d, sum, c, *cnt;
	uint64_t k, first;
	unsigned shift;
	int todo[RADIX_PASSES], npass = 0, p;

	memset(count, 0, RADIX_PASSES * RADIX_SIZE * sizeof(*count));
	for (i = 0; i < n; i++) {
		k = radix_key(word_at(v, i));
		for (d = 0; d < RADIX_PASSES; d++)
			count[d * RADIX_SIZE +
			    ((k >> (d * RADIX_BITS)) & RADIX_MASK)]++;
	}
	/*
	 * A digit that every key shares (the sign and high exponent bits
	 * of same-signed data of one magnitude) moves nothing: skip it.
	 */
	first = radix_key(word_at(v, 0));
	for (d = 0; d < RADIX_PASSES; d++)
		if (count[d * RADIX_SIZE +
		    ((first >> (d * RADIX_BITS)) & RADIX_MASK)] != n)
			todo[npass++] = (int)d;
	for (p = 0; p < npass; p++) {
		/* cppcheck-suppress uninitvar ; todo[0 .. npass) is set above */
		cnt = count + todo[p] * RADIX_SIZE;
		shift = todo[p] * RADIX_BITS;
		for (sum = 0, c = 0; c < RADIX_SIZE; c++) {
			size_t t = cnt[c];

			cnt[c] = sum;
			sum += t;
		}
		for (i = 0; i < n; i++) {
			k = word_at(src, i);
			if (p == 0)
				k = radix_key(k);
			d = cnt[(k >> shift) & RADIX_MASK]++;
			word_put(dst, d, p == npass - 1 ? radix_unkey(k) : k);
		}
		swap = src;
		src = dst;
		dst = swap;
	}
	/* An odd number of passes leaves the sorted doubles in tmp. */
	if (src != (void *)v)
		memcpy(v, src, n * sizeof(*v));
}

/*
 * Sorted v[0, h) and v[h, n) merged in place, v[0, h) first copied to
 * tmp (h words); in the keys' order, so the result is the one radix
 * sort of the whole gives.  The next value written is never ahead of
 * the next unread one of the second half.
 */
static void
merge_halves(double *v, size_t h, size_t n, uint64_t *tmp)
{
	size_t i = 0, j = h, k = 0;
	uint64_t a, b;

	memcpy(tmp, v, h * sizeof(*v));
	while (i < h && j < n) {
		a = radix_key(tmp[i]);
		b = radix_key(word_at(v, j));
		if (b < a)
			word_put(v, k++, word_at(v, j++));
		else
			word_put(v, k++, tmp[i++]);
	}
	while (i < h)
		word_put(v, k++, tmp[i++]);
}

void
stats_sort(double *v, size_t n)
{
	uint64_t *tmp;
	size_t cbytes = RADIX_PASSES * RADIX_SIZE * sizeof(size_t), h;

	if (n < SORT_RADIX) {
		insertion_sort(v, n);
		return;
	}
	/* Guard the size computation; such an n cannot be allocated anyway. */
	if (n > (SIZE_MAX - cbytes) / sizeof(*tmp)) {
		qsort(v, n, sizeof(*v), cmp_double);
		return;
	}
	h = n >= SORT_HALVES ? n - n / 2 : n;
	tmp = malloc(h * sizeof(*tmp) + cbytes);
	if (tmp == NULL) {
		/* No scratch: sort in place, slower but still correct. */
		qsort(v, n, sizeof(*v), cmp_double);
		return;
	}
	radix_sort(v, h, tmp, (size_t *)(void *)(tmp + h));
	if (h < n) {
		radix_sort(v + h, n - h, tmp, (size_t *)(void *)(tmp + h));
		merge_halves(v, h, n, tmp);
	}
	free(tmp);
}

double
stats_median(const double *sorted, size_t n)
{
	double m;

	if (n == 0)
		return NAN;
	if (n % 2 == 1)
		return sorted[n / 2];
	m = (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	/* Two values near DBL_MAX overflow the sum: halve them first. */
	if (isinf(m))
		m = sorted[n / 2 - 1] / 2 + sorted[n / 2] / 2;
	return m;
}

/*
 * v[k] becomes the k-th smallest, smaller values before it and larger
 * after (Hoare's selection, the pivot the median of three).  After 64
 * partitions what is left is sorted instead: crafted data cannot make it
 * quadratic (64 n + n log n at worst; about 3 n on any data seen).
 */
static void
select_kth(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n, i, j, len;
	double p, t;
	int budget = 64;

	while (hi - lo > SELECT_SORTED && budget-- > 0) {
		len = hi - lo;
		p = v[lo + len / 2];
		/* The median of the first, middle and last value. */
		if ((v[lo] <= p) == (p <= v[hi - 1]))
			;
		else if ((p <= v[lo]) == (v[lo] <= v[hi - 1]))
			p = v[lo];
		else
			p = v[hi - 1];
		/* Three-way partition: < p, == p, > p (ties end at once). */
		for (i = lo, j = lo; j < hi; j++)
			if (v[j] < p) {
				t = v[i];
				v[i++] = v[j];
				v[j] = t;
			}
		for (len = i, j = i; j < hi; j++)
			if (v[j] == p) {
				t = v[len];
				v[len++] = v[j];
				v[j] = t;
			}
		if (k < i)
			hi = i;
		else if (k < len)
			return;
		else
			lo = len;
	}
	stats_sort(v + lo, hi - lo);
}

double
stats_median_select(double *v, size_t n)
{
	double lo, hi, m;
	size_t i;

	if (n == 0)
		return NAN;
	select_kth(v, n, n / 2);
	if (n % 2 == 1)
		return v[n / 2];
	/* The lower middle is the largest of those before the upper one. */
	hi = v[n / 2];
	for (lo = v[0], i = 1; i < n / 2; i++)
		if (v[i] > lo)
			lo = v[i];
	m = (lo + hi) / 2;
	if (isinf(m))
		m = lo / 2 + hi / 2;
	return m;
}

double
stats_quantile(const double *sorted, size_t n, double q)
{
	double h, fl, lo, hi, d;
	size_t i;

	if (n == 0 || !(q >= 0 && q <= 1))
		return NAN;
	h = (n - 1) * q;
	fl = floor(h);
	i = (size_t)fl;
	if (i + 1 >= n)
		return sorted[n - 1];
	lo = sorted[i];
	hi = sorted[i + 1];
	/* Equal neighbours or an exact index: no arithmetic, no rounding. */
	if (lo == hi || h == fl)
		return lo;
	d = hi - lo;
	/* -1e308 and 1e308 differ by more than DBL_MAX: weigh instead. */
	if (isinf(d))
		return (1 - (h - fl)) * lo + (h - fl) * hi;
	return lo + (h - fl) * d;
}

int
stats_describe(const double *sorted, size_t n, struct stats_desc *d)
{
	d->n = n;
	if (n == 0) {
		d->min = d->max = d->median = d->mean = NAN;
		d->stddev = d->cv = NAN;
		d->p1 = d->p5 = d->p25 = d->p75 = NAN;
		d->p90 = d->p95 = d->p99 = d->p999 = NAN;
		return STATS_EEMPTY;
	}
	d->min = sorted[0];
	d->max = sorted[n - 1];
	d->median = stats_median(sorted, n);
	d->mean = stats_mean(sorted, n);
	d->stddev = stats_stddev(sorted, n);	/* NaN for n == 1 */
	/* No relative spread around a zero mean. */
	d->cv = d->mean != 0 ? d->stddev / fabs(d->mean) : NAN;
	d->p1 = stats_quantile(sorted, n, 0.01);
	d->p5 = stats_quantile(sorted, n, 0.05);
	d->p25 = stats_quantile(sorted, n, 0.25);
	d->p75 = stats_quantile(sorted, n, 0.75);
	d->p90 = stats_quantile(sorted, n, 0.90);
	d->p95 = stats_quantile(sorted, n, 0.95);
	d->p99 = stats_quantile(sorted, n, 0.99);
	d->p999 = stats_quantile(sorted, n, 0.999);
	return STATS_OK;
}
