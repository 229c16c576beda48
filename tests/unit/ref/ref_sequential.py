#!/usr/bin/python3
# ref_sequential.py: reference values for analyze/sequential.c (Lai's
# confidence sequence; tests/unit/test_stats.c: test_sequential), computed
# without its closed form:
#
# - the mixture e-value G_t(mu0) as the ratio of two integrals, done
#   numerically by mpmath at 40 digits: the likelihood of the values
#   integrated over mu ~ N(mu0, sigma^2 / c) and over sigma with the
#   invariant prior d sigma / sigma, against the likelihood at mu0
#   integrated over sigma alone;
# - the half-width of the sequence as the root (mpmath findroot, then
#   bisection) in mu0 of G_t(mu0) = 1 / alpha, on the integrals again;
# - the first t at which the sequence is bounded, by scanning the
#   integral's limit as |mu0| grows.
#
# Run with Debian's python3 (python3-mpmath 1.2.1):
#   /usr/bin/python3 tests/unit/ref/ref_sequential.py
# It prints "key value..." lines that test_stats.c pins.
import sys
import mpmath as mp

mp.mp.dps = 40
C = mp.mpf(2)


def loglik(xs, mu, sigma):
    n = len(xs)
    s = sum((x - mu) ** 2 for x in xs)
    return -n * mp.log(sigma) - s / (2 * sigma ** 2) - n / 2 * mp.log(2 * mp.pi)


def null_integral(xs, mu0):
    f = lambda ls: mp.exp(loglik(xs, mu0, mp.exp(ls)))
    return mp.quad(f, [-30, -5, 0, 5, 30])


def alt_integral(xs, mu0, c=C):
    # sigma on a log scale (d sigma / sigma = d log sigma); mu over its
    # N(mu0, sigma^2 / c) prior, integrated in closed form per sigma?  No:
    # numerically too, in the standardised z = (mu - mu0) * sqrt(c) / sigma.
    def inner(ls):
        sigma = mp.exp(ls)
        g = lambda z: mp.exp(loglik(xs, mu0 + z * sigma / mp.sqrt(c), sigma)) \
            * mp.npdf(z)
        return mp.quad(g, [-12, -3, 0, 3, 12])
    return mp.quad(inner, [-30, -5, 0, 5, 30])


def evalue(xs, mu0, c=C):
    return alt_integral(xs, mu0, c) / null_integral(xs, mu0)


def halfwidth(xs, alpha, c=C):
    m = mp.fsum(xs) / len(xs)
    target = mp.log(1 / mp.mpf(alpha))
    h = lambda d: mp.log(evalue(xs, m + d, c)) - target
    lo, hi = mp.mpf(0), mp.mpf(1)
    while h(hi) < 0:
        hi *= 2
        if hi > 1e6:
            return mp.inf
    for _ in range(80):
        mid = (lo + hi) / 2
        if h(mid) < 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def out(key, *v):
    print(key, ' '.join(mp.nstr(x, 17) if not isinstance(x, int) else str(x)
                        for x in v))


x8 = [mp.mpf(s) for s in "0.031 -0.012 0.044 0.020 0.008 0.051 -0.003 0.027".split()]
x12 = [mp.mpf(s) for s in "1.5 0.2 -0.7 2.1 1.1 0.9 -0.4 1.8 0.6 1.3 2.4 -0.1".split()]
for name, xs in (("x8", x8), ("x12", x12)):
    for t in range(2, len(xs) + 1):
        out("evalue0 %s %d" % (name, t), evalue(xs[:t], 0))
    out("half %s 0.05" % name, halfwidth(xs, 0.05))
    out("half %s 0.01" % name, halfwidth(xs, 0.01))
# The first bounded t: G_t(mu0) as |mu0| -> inf tends to
# sqrt(c/(t+c)) * ((t+c)/c)^(t/2); bounded once that passes 1/alpha.
for alpha in (0.05, 0.025, 0.01, 0.001):
    t = 2
    while True:
        far = evalue([mp.mpf(1), mp.mpf(-1)] + [mp.mpf(0)] * (t - 2), 1e4)
        if far > 1 / mp.mpf(alpha):
            break
        t += 1
    out("min_rounds %g" % alpha, t)
