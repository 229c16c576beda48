#!/usr/bin/python3
# ref_paired.py: reference values for the paired functions of
# analyze/stats_paired.c (tests/unit/test_stats.c: test_signedrank,
# test_walsh, test_ttest_one), computed without the C code's algorithms:
#
# - the exact signed-rank p-value with ties and zeros by brute-force
#   enumeration of all 2^n sign vectors, in exact rationals (n <= 20);
#   past that, by an exact rational convolution (a dict of Fractions,
#   no doubles anywhere);
# - the critical values of V from the exact distribution (Fractions);
# - Walsh averages of huge, tiny and mixed-sign values in exact
#   rationals, sorted, each order statistic then rounded once to a double
#   (float(Fraction) rounds correctly);
# - scipy's wilcoxon (exact for untied data, and the normal approximation
#   with correction = True) and ttest_1samp with its interval.
#
# Run with Debian's python3 (scipy 1.10.1, mpmath 1.2.1 from the
# python3-scipy and python3-mpmath packages), not a pyenv one:
#   /usr/bin/python3 tests/unit/ref/ref_paired.py > /tmp/ref_paired_py.txt
# It takes about half a minute.  Output lines are "key value...".  The
# data sets are built as in test_stats.c and ref_paired.R.
import itertools
import sys
from fractions import Fraction

import mpmath as mp
import numpy as np
import scipy
from scipy import stats


def out(key, *v):
    print(key, ' '.join('%.17g' % float(x) if not isinstance(x, int)
                        else str(x) for x in v))


# ---- the data sets ----
hw_x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30]
hw_y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]
d9 = [a - b for a, b in zip(hw_x, hw_y)]


def mk(n, mul, m, off, div):
    """((mul i) mod m - off) / div, i = 0 .. n-1."""
    return [((mul * i) % m - off) / div for i in range(n)]


def dz(n):
    """Distinct magnitudes, no zeros."""
    return mk(n, 37, 101, 40.25, 4)


def dz0(n):
    """dz with zeros at i = 5 mod 17."""
    return [0.0 if i % 17 == 5 else x for i, x in enumerate(dz(n))]


def dk(n):
    """Distinct magnitudes."""
    return mk(n, 7919, 10007, 4000.25, 4)


def dh(n):
    """Ties and zeros."""
    return mk(n, 13, 17, 8, 2)


def dm(n):
    """Heavy ties and zeros."""
    return [float(x) for x in mk(n, 7919, 23, 11, 1)]


dt15 = [1, -1, 2, 2, -2, 3, 0, 0, 4, -3, 1, 5, -0.5, 2, 0]
dt20 = [float((7 * i) % 9 - 3) for i in range(20)]
dinf = [float('inf'), -float('inf'), 1, 2, -0.5, 3, float('inf')]
# near the ends of the double range (Walsh averages: odd counts)
DMAX = sys.float_info.max
TINY = 5e-324
huge = [DMAX, DMAX / 2, -DMAX, 1e300, -3e307, DMAX * 0.75, 8.5e307,
        -DMAX / 3, 1.5e308, DMAX * 0.999]              # n 10: 55 averages
tiny = [TINY, 2 * TINY, 3 * TINY, -TINY, 7 * TINY, 1e-310, -3e-320,
        2.5e-308, 1e-300, -1e-305]                     # n 10
mixed = [1e300, -1e-300, 3.5, -1e300, 2e-300, DMAX, -7.25, 1e-320,
         -DMAX / 2, 4e299, 0.0, -0.0, 1e10, -1e-10]    # n 14: 105 averages


# ---- the signed-rank test, exactly ----
def midranks(mags):
    """Midranks of the magnitudes (scipy's rankdata: halves, exact in
    doubles), as Fractions."""
    return [Fraction(r) for r in stats.rankdata(mags)]


def sr_setup(d):
    nz = [x for x in d if x != 0]
    r = midranks([abs(x) for x in nz])
    v = sum((ri for ri, x in zip(r, nz) if x > 0), Fraction(0))
    mu = sum(r, Fraction(0)) / 2
    return r, v, mu


def sr_brute(d):
    """P(|V - E V| >= |v - E V|) over all 2^n signs, n the nonzero."""
    r, v, mu = sr_setup(d)
    obs = abs(v - mu)
    hit = 0
    for signs in itertools.product((0, 1), repeat=len(r)):
        s = sum((ri for ri, b in zip(r, signs) if b), Fraction(0))
        if abs(s - mu) >= obs:
            hit += 1
    return v, Fraction(hit, 2 ** len(r))


def sr_dist(r):
    """The exact distribution of V over the signs: {value: probability}."""
    dist = {Fraction(0): Fraction(1)}
    for ri in r:
        nd = {}
        for s, p in dist.items():
            nd[s] = nd.get(s, 0) + p / 2
            nd[s + ri] = nd.get(s + ri, 0) + p / 2
        dist = nd
    return dist


def sr_conv(d):
    r, v, mu = sr_setup(d)
    obs = abs(v - mu)
    p = sum((q for s, q in sr_dist(r).items() if abs(s - mu) >= obs),
            Fraction(0))
    return v, p


def sr_normal(d):
    """R's wilcox.test(correct = TRUE), by its formulas, in mpmath."""
    r, v, mu = sr_setup(d)
    n = len(r)
    ties = {}
    for ri in r:
        ties[ri] = ties.get(ri, 0) + 1
    var = mp.mpf(n * (n + 1) * (2 * n + 1)) / 24 - \
        mp.mpf(sum(t ** 3 - t for t in ties.values())) / 48
    z = mp.mpf((v - mu).numerator) / (v - mu).denominator
    z = (z - mp.sign(z) / 2) / mp.sqrt(var)
    return v, z, mp.erfc(abs(z) / mp.sqrt(2))


mp.mp.dps = 30
for name, d in (('d9', d9), ('dz20', dz(20)), ('dt15', dt15),
                ('dt20', dt20), ('dinf', dinf), ('mixed', mixed),
                ('zeros', [0.0] * 6),
                ('one', [2.5]), ('onem', [-2.5]), ('two', [1.0, -1.0])):
    v, p = sr_brute(d)
    out('sr.brute.%s' % name, v, p)
for name, d in (('dz049', dz0(52)), ('dh52', dh(52)), ('dh60', dh(60))):
    v, p = sr_conv(d)
    out('sr.conv.%s' % name, v, p)
for name, d in (('dz50', dz(50)), ('dz51', dz(51)), ('dh53', dh(53)),
                ('dm300', dm(300)), ('dk1000', dk(1000)), ('dt15', dt15)):
    v, z, p = sr_normal(d)
    out('sr.normal.%s' % name, v, z, p)

# scipy: exact (untied, no zeros) and the normal approximation
for name, d in (('d9', d9), ('dz20', dz(20)), ('dz49', dz(49))):
    res = stats.wilcoxon(d, method='exact')
    out('scipy.sr.exact.%s' % name, res.statistic, res.pvalue)
for name, d in (('dz50', dz(50)), ('dz51', dz(51)), ('dh53', dh(53)),
                ('dm300', dm(300)), ('dk1000', dk(1000))):
    res = stats.wilcoxon(d, method='approx', correction=True,
                         zero_method='wilcox')
    out('scipy.sr.normal.%s' % name, res.pvalue)


# ---- critical values ----
def sr_crit(n, alpha2):
    """The largest k with P(V <= k - 1) <= alpha2, and 1 - 2 P(V <= k-1)."""
    dist = sr_dist([Fraction(i + 1) for i in range(n)])
    k, run, cover = 0, Fraction(0), None
    for u in range(n * (n + 1) // 2 + 1):
        run += dist.get(Fraction(u), 0)
        if run > alpha2:
            break
        k, cover = u + 1, 1 - 2 * run
    return k, cover


for n in (3, 5, 6, 10, 20, 49):
    for lev in ('80', '90', '95', '99', '99.9'):
        alpha2 = (100 - float(lev)) / 200      # the double C computes
        k, cover = sr_crit(n, Fraction(alpha2))
        out('crit.%d.%s' % (n, lev), k, cover if cover is not None
            else float('nan'))
# at a dyadic level P(V <= 0) = 1/8 = alpha2 exactly: k = 1 at n = 3
out('crit.3.alpha.125', *sr_crit(3, Fraction(1, 8)))


# ---- Walsh averages, exactly ----
def walsh_exact(d, level):
    """The median (odd count) and Tukey's interval, rounded once."""
    n = len(d)
    w = sorted(Fraction(d[i]) / 2 + Fraction(d[j]) / 2
               for i in range(n) for j in range(i, n))
    m = len(w)
    assert m % 2 == 1
    alpha2 = (100 - level) / 200
    k, cover = sr_crit(n, Fraction(alpha2))
    return float(w[m // 2]), float(w[k - 1]), float(w[m - k]), k


for name, d in (('huge', huge), ('tiny', tiny), ('mixed', mixed)):
    assert len(d) * (len(d) + 1) // 2 % 2 == 1
    est, lo, hi, k = walsh_exact(d, 90)
    print('walsh.%s.90 %r %r %r %d' % (name, est, lo, hi, k))

# ---- the one-sample t ----
# (scipy 1.10's t.ppf is off by 1e-10 relative, qt(0.975, 8) being
# 2.3060041352041667 to 17 digits: its intervals agree with R's to 1e-9
# only; test_stats.c pins R's, ref_paired.R, and checks these to 1e-9.)
for name, d, lev in (('d9', d9, 95), ('dz30', dz(30), 99),
                     ('dt15', dt15, 90)):
    res = stats.ttest_1samp(d, 0)
    ci = res.confidence_interval(confidence_level=lev / 100)
    out('scipy.t1.%s.%d' % (name, lev), res.statistic, res.pvalue,
        ci.low, ci.high)
print('# scipy %s numpy %s mpmath %s python %s' % (
    scipy.__version__, np.__version__, mp.__version__,
    sys.version.split()[0]))
