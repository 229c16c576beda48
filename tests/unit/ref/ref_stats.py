#!/usr/bin/python3
# ref_stats.py: reference values for tests/unit/test_stats.c that R does
# not give: Student's t quantiles to 20 digits (mpmath), exact
# Mann-Whitney p-values with ties by brute-force enumeration, and scipy's
# bias-corrected skewness and kurtosis.
#
# Run with Debian's python3 (scipy 1.10.1, mpmath 1.2.1 from the
# python3-scipy and python3-mpmath packages), not a pyenv one:
#   /usr/bin/python3 tests/unit/ref/ref_stats.py > /tmp/ref_py.txt
# It takes about a minute.  Output lines are "key value".
import itertools

import mpmath as mp
import scipy
from scipy import stats

mp.mp.dps = 40


def t_upper(t, df):
    """P(T > t) by quadrature of the density (any df, no incomplete beta)."""
    c = mp.exp(mp.loggamma((df + 1) / 2) - mp.loggamma(df / 2)) / mp.sqrt(df * mp.pi)
    f = lambda x: c * mp.power(1 + x * x / df, -(df + 1) / 2)
    return mp.quad(f, [t, t + 1, t + 10, mp.inf])


def t_quantile_upper(q, df):
    z = mp.sqrt(2) * mp.erfinv(1 - 2 * q)
    t0 = z * (1 + (z * z + 1) / (4 * df)) if df > 2 else z * 3
    t = mp.findroot(lambda t: t_upper(t, df) - q, t0)
    if df <= 1e4:
        # cross-check by the incomplete beta: 2 P(T > t) = I_x(df/2, 1/2)
        x = df / (df + t * t)
        chk = mp.betainc(df / 2, mp.mpf(1) / 2, 0, x, regularized=True) / 2
        assert abs(chk - q) < mp.mpf(10) ** -30 * q, (df, q)
    return t


# t quantiles: P(T > t) = (1 - level) / 2
dfs = [1, 2, 3, 4, 5, 7, 7.5, 10, 12.34, 15, 29, 30, 31, 50, 100, 1000,
       1e4, 1e5, 1e6, 1e7]
levels = ['80', '90', '95', '98', '99', '99.5', '99.9']
for df in dfs:
    for lev in levels:
        q = (1 - mp.mpf(lev) / 100) / 2
        print('tq %r %s %s' % (float(df), lev,
                               mp.nstr(t_quantile_upper(q, mp.mpf(df)), 20)))


def midranks(pooled):
    s = sorted(pooled)
    r = {}
    i = 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        r[s[i]] = (i + 1 + j) / 2
        i = j
    return [r[v] for v in pooled]


def mw_brute(a, b):
    """Exact two-sided permutation p: P(|S - E S| >= |s - E S|), S the
    midrank sum of a, over all C(n, na) splits of the pooled data."""
    pooled = list(a) + list(b)
    r = midranks(pooled)
    n, na = len(pooled), len(a)
    mu = na * (n + 1) / 2
    obs = abs(sum(r[:na]) - mu)
    hit = tot = 0
    for idx in itertools.combinations(range(n), na):
        tot += 1
        if abs(sum(r[i] for i in idx) - mu) >= obs - 1e-9:
            hit += 1
    return hit / tot


ta = [1, 2, 2, 3, 3, 3, 4, 5, 5, 7]
tb = [2, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 9]
print('brute.req3 %.17g' % mw_brute([2, 1, 3, 5], [1, 1, 1, 1, 1]))
print('brute.ties %.17g' % mw_brute(ta, tb))
print('brute.alltied %.17g' % mw_brute([4, 4, 4], [4, 4, 4, 4]))
print('brute.small %.17g' % mw_brute([1, 1, 2], [1, 2, 2, 3]))

# no ties: scipy's exact distribution, against R's
x30 = [100 + ((37 * i) % 101) / 10 for i in range(30)]
y40 = [101.05 + ((53 * i) % 97) / 10 for i in range(40)]
r = stats.mannwhitneyu(x30, y40, alternative='two-sided', method='exact')
print('scipy.mw.x30y40 %.17g %.17g' % (r.statistic, r.pvalue))

# shape: scipy's G1 and G2 (bias=False), BC from them
bimod = [10 + i / 100 for i in range(20)] + [20 + i / 100 for i in range(20)]
skewd = [1 / (i + 1) for i in range(20)]
for name, v in (('x30', x30), ('bimod', bimod), ('skewd', skewd)):
    n = len(v)
    g1 = stats.skew(v, bias=False)
    g2 = stats.kurtosis(v, bias=False)
    bc = (g1 * g1 + 1) / (g2 + 3 * (n - 1) ** 2 / ((n - 2) * (n - 3)))
    print('shape.%s %.17g %.17g %.17g' % (name, g1, g2, bc))
print('# scipy %s mpmath %s' % (scipy.__version__, mp.__version__))
