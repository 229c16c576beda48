/*
 * sequential.c: Lai's confidence sequence (see sequential.h).
 *
 * With t values, S their sum less t mu and V the sum of their squared
 * deviations from mu, the mixture is
 *
 *	G_t(mu) = sqrt(c / (t + c)) * (V / (V - S^2 / (t + c)))^(t / 2),
 *
 * and the sequence the mu with G_t(mu) < 1 / alpha.  Writing D for the
 * mean less mu and Q for the squared deviations from the mean, S = t D
 * and V = Q + t D^2, so G_t < 1 / alpha is
 *
 *	D^2 < q (t + c) Q / (t (t - q (t + c))),
 *	q = 1 - (alpha^2 c / (t + c))^(1 / t),
 *
 * bounded once t > q (t + c) (six values at alpha 0.05, c 2).
 */
#include <math.h>

#include "analyze/sequential.h"

double
seq_halfwidth(size_t t, double q2, double alpha, double c)
{
	double q, den, tt = (double)t;

	if (t < 2)
		return INFINITY;
	q = 1 - pow(alpha * alpha * c / (tt + c), 1 / tt);
	den = tt - q * (tt + c);
	if (!(den > 0))
		return INFINITY;
	return sqrt(q * (tt + c) * q2 / (tt * den));
}

double
seq_evalue(size_t t, double m, double q, double c)
{
	double tt = (double)t, x = tt * m * m, rest;

	/* S^2 / V with S = t m, V = q + t m^2: t x / (q + x). */
	if (t == 0 || !(q + x > 0))
		return 1;
	rest = 1 - tt / (tt + c) * (x / (q + x));
	if (!(rest > 0))
		return INFINITY;
	/* In logs: (1 / rest)^(t / 2) overflows long before it matters. */
	return exp(0.5 * log(c / (tt + c)) - 0.5 * tt * log(rest));
}

size_t
seq_min_rounds(double alpha, double c)
{
	size_t t;

	for (t = 2; t < 100000; t++)
		if (isfinite(seq_halfwidth(t, 1, alpha, c)))
			return t;
	return t;
}

void
seq_init(struct seq_state *s, double alpha)
{
	s->t = 0;
	s->mean = s->m2 = 0;
	s->lo = s->ilo = -INFINITY;
	s->hi = s->ihi = INFINITY;
	s->alpha = alpha;
	s->emax = 1;
}

void
seq_add(struct seq_state *s, double x)
{
	double d = x - s->mean, h, e;

	s->t++;
	s->mean += d / (double)s->t;
	s->m2 += d * (x - s->mean);
	h = seq_halfwidth(s->t, s->m2, s->alpha, SEQ_C);
	s->lo = s->mean - h;
	s->hi = s->mean + h;
	if (s->lo > s->ilo)
		s->ilo = s->lo;
	if (s->hi < s->ihi)
		s->ihi = s->hi;
	e = seq_evalue(s->t, s->mean, s->m2, SEQ_C);
	if (e > s->emax)
		s->emax = e;
}
