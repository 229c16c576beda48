#!/usr/bin/python3
# ref_sequential.py: reference values for analyze/sequential.c (Lai's
# confidence sequence; tests/unit/test_stats.c: test_sequential), computed
# without its closed form, by numerical integration (scipy's quad):
#
# - the mixture e-value G_t(mu0) as the ratio of two integrals: the
#   likelihood of the values integrated over mu ~ N(mu0, sigma^2 / c)
#   and over sigma with the invariant prior d sigma / sigma, against the
#   likelihood at mu0 integrated over sigma alone;
# - the half-width of the sequence as the root in mu0 (bisection) of
#   G_t(mu0) = 1 / alpha, on those integrals;
# - the first t at which the sequence is bounded: the smallest t whose
#   G_t, far from the values, passes 1 / alpha.
#
# And, as an independent calibration of the C simulation in
# test_sequential: the rate at which null series of 40 rounds are ever
# "decided", with Python's own generator, by the closed form written here
# from the integrals' check (not from the C code).
#
# Run with Debian's python3 (python3-scipy 1.10.1):
#   /usr/bin/python3 tests/unit/ref/ref_sequential.py
# About a minute.  Prints "key value..." lines that test_stats.c pins.
import math
import random
import sys

from scipy import integrate

C = 2.0


def loglik(xs, mu, sigma):
    n = len(xs)
    s = sum((x - mu) ** 2 for x in xs)
    return -n * math.log(sigma) - s / (2 * sigma * sigma)


def scale_of(xs, mu0):
    # The integrands peak near the values' rms about mu0: integrate
    # log sigma over a window around it, relative to its log, so that
    # the exponentials neither underflow nor overflow.
    rms = math.sqrt(sum((x - mu0) ** 2 for x in xs) / len(xs))
    return math.log(rms)


def evalue(xs, mu0, c=C):
    ls0 = scale_of(xs, mu0)
    ref = loglik(xs, mu0, math.exp(ls0))

    def null(ls):
        return math.exp(loglik(xs, mu0, math.exp(ls)) - ref)

    def alt(ls):
        sigma = math.exp(ls)

        def g(z):
            return math.exp(loglik(xs, mu0 + z * sigma / math.sqrt(c), sigma)
                            - ref - z * z / 2) / math.sqrt(2 * math.pi)
        return integrate.quad(g, -40, 40, points=[0], limit=200,
                              epsabs=0, epsrel=1e-11)[0]
    lo, hi = ls0 - 25, ls0 + 25
    num = integrate.quad(alt, lo, hi, points=[ls0], limit=200, epsabs=0,
                         epsrel=1e-10)[0]
    den = integrate.quad(null, lo, hi, points=[ls0], limit=200, epsabs=0,
                         epsrel=1e-10)[0]
    return num / den


def halfwidth(xs, alpha, c=C):
    m = sum(xs) / len(xs)
    target = 1 / alpha
    lo, hi = 0.0, 1e-3
    while evalue(xs, m + hi, c) < target:
        hi *= 2
        if hi > 1e6:
            return math.inf
    for _ in range(60):
        mid = (lo + hi) / 2
        if evalue(xs, m + mid, c) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def out(key, *v):
    print(key, ' '.join('%.17g' % x if isinstance(x, float) else str(x)
                        for x in v))


x8 = [0.031, -0.012, 0.044, 0.020, 0.008, 0.051, -0.003, 0.027]
x12 = [1.5, 0.2, -0.7, 2.1, 1.1, 0.9, -0.4, 1.8, 0.6, 1.3, 2.4, -0.1]
for name, xs in (("x8", x8), ("x12", x12)):
    for t in range(2, len(xs) + 1):
        out("evalue0 %s %d" % (name, t), evalue(xs[:t], 0.0))
    out("half %s 0.05" % name, halfwidth(xs, 0.05))
    out("half %s 0.01" % name, halfwidth(xs, 0.01))
for alpha in (0.05, 0.025, 0.01, 0.001):
    t = 2
    while evalue([1.0, -1.0] + [0.0] * (t - 2), 1e5) <= 1 / alpha:
        t += 1
    out("min_rounds %g" % alpha, t)


# The calibration: the closed form, from G_t's definition as integrated
# above (checked against it here before use).
def closed_half(t, q2, alpha, c=C):
    if t < 2:
        return math.inf
    q = 1 - (alpha * alpha * c / (t + c)) ** (1 / t)
    den = t - q * (t + c)
    return math.inf if den <= 0 else math.sqrt(q * (t + c) * q2 / (t * den))


xs = x12
m = sum(xs) / len(xs)
q2 = sum((x - m) ** 2 for x in xs)
assert abs(closed_half(len(xs), q2, 0.05) - halfwidth(xs, 0.05)) < 1e-6
rng = random.Random(20261202)
for dist in ("gauss", "t3", "skewdiff"):
    hits = 0
    nsim = 4000
    for _ in range(nsim):
        mean = m2 = 0.0
        lo, hi = -math.inf, math.inf
        for t in range(1, 41):
            if dist == "gauss":
                x = rng.gauss(0, 1)
            elif dist == "t3":
                x = rng.gauss(0, 1) / math.sqrt(
                    sum(rng.gauss(0, 1) ** 2 for _ in range(3)) / 3)
            else:
                x = math.exp(0.8 * rng.gauss(0, 1)) - \
                    math.exp(0.8 * rng.gauss(0, 1))
            d = x - mean
            mean += d / t
            m2 += d * (x - mean)
            h = closed_half(t, m2, 0.05)
            lo, hi = max(lo, mean - h), min(hi, mean + h)
            if lo > 0 or hi < 0:
                hits += 1
                break
    out("null40 %s" % dist, hits / nsim)
