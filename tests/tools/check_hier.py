"""Check kbench analyze --compare on hierarchical data (gen_hier.py) against
references of our own, in pure Python 3 (no scipy), and count verdicts.

usage: python3 check_hier.py verify DATA JSON
       python3 check_hier.py rates NAME JSON [--rule RULE] [--alpha A]
                   [--max-rate P | --min-rate P] [--minus RULE]
       python3 check_hier.py bound N P {max|min}
       python3 check_hier.py selftest

verify: every row of JSON (kbench analyze --compare A B --format json,
any unit) recomputed from DATA (the generator's CSV, as imported): each
side's units as the row's method takes them (samples, rounds' medians or
means, runs' medians, pairs of rounds), then its p-value and, for the
rank methods, its estimate and interval ends and their coverage (the
t methods' too).  Only the numbers: that the unit, method and counts are
the ones the data call for is t_units.sh's to check.
Sides: a spec "L" is the rows of label L, "KEY=V" those whose column KEY
is V (side=A with gen_hier.py --paired); a run is a (label, run) pair;
a noise floor's runs are the data's runs in neither side.  Tolerances
(relative, or absolute below 1e-300):
  - exact p-values (Mann-Whitney and signed rank, sizes below 50):
    1e-9; the references count in exact integers, kbench in doubles,
    which hold the counts to 1e-16 relative.
  - normal-approximation p-values: 1e-9 (erfc against erfc).
  - t-test p-values: 1e-8 (our continued fraction of the incomplete
    beta against kbench's, both good to 1e-12 or so).
  - Moses' and Tukey's interval ends and the Hodges-Lehmann estimates:
    1e-12; they are order statistics of the same ratios b / a and Walsh
    averages (kbench may halve before adding: an ulp or two); their
    coverage: 1e-12.
  - t intervals: 1e-8.
Prints one problem a line and "verify: N rows checked"; exits 1 on any.

rates: the share of JSON's rows with a verdict under RULE: "kbench" (the
row's verdict, default), "strict" (p_adjusted < alpha and the interval
strictly clear of 0: the rule before open ends, as the pre-issue kbench
applied it) or "u-only" (p < alpha alone: benchstat's rule).  Untested
rows count as series without a verdict.  --max-rate P asserts the rate
is at most P: it passes when the count k is at most c, the smallest
count with P(Bin(N, P) > c) < 0.001, so that a method whose true rate is
P or less passes with probability > 0.999; --min-rate P asserts at
least P the other way (P(Bin(N, P) < c) < 0.001).  --minus RULE2:
count the rows with a verdict under RULE and none under RULE2.
Prints "NAME: k/N = rate (99.9% Clopper-Pearson upper U), bound" and
exits 1 when the claim fails.

bound: the count c above for N series and rate P (max: the largest
count a rate-P method reaches with probability 0.999; min: the
smallest).

selftest: the references against values pinned from scipy 1.10.1
(Debian 12's python3-scipy, run offline once: scipy is not needed here)
and from brute-force enumeration of every split or sign vector; exits 1
on a difference.  Cross-checked the same way on a few thousand random
cases when written (worst relative differences: exact rank p-values 0
against enumeration, 2e-16 against scipy; normal ones 7e-15; t CDF
4e-11 against mpmath's at 40 digits; incomplete beta 2e-13; binomial
CDF 3e-12; the t quantile agrees with the inverse of scipy's t CDF,
while scipy's own t.ppf is off by up to 1e-8 near df 30).
"""
import csv
import functools
import json
import math
import statistics
import sys
from fractions import Fraction

# ---- distributions ----


def normal_cdf(x):
    """Standard normal P(Z <= x)."""
    return 0.5 * math.erfc(-x / math.sqrt(2))


def normal_quantile(p):
    """The standard normal quantile (the standard library's AS 241)."""
    return statistics.NormalDist().inv_cdf(p)


def _betacf(a, b, x):
    """The continued fraction of I_x(a, b), modified Lentz
    (Numerical Recipes' betacf), to an ulp of 1 in its last factor."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 100000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        de = d * c
        h *= de
        if abs(de - 1) < 3e-16:
            break
    return h


def ibeta(a, b, x):
    """The regularized incomplete beta I_x(a, b), prefactor from lgamma."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    lbt = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) +
           a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return math.exp(lbt) * _betacf(a, b, x) / a
    return 1 - math.exp(lbt) * _betacf(b, a, 1 - x) / b


def t_cdf(t, df):
    """Student's t P(T <= t) with df degrees of freedom."""
    x = df / (df + t * t)
    tail = 0.5 * ibeta(df / 2, 0.5, x)
    return tail if t < 0 else 1 - tail


def t_quantile(p, df):
    """The t with P(T <= t) = p (0 < p < 1/2 gives t < 0), by bisection
    on t_cdf to full precision."""
    lo, hi = -1.0, 0.0
    while t_cdf(lo, df) > p:
        lo *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if t_cdf(mid, df) > p:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2


def t_pvalue(t, df):
    """Two-sided p of t: 2 P(T <= -|t|)."""
    return 2 * t_cdf(-abs(t), df)


def binom_cdf(k, n, p):
    """P(X <= k) for X ~ Bin(n, p), summed in logs (n up to 1e5)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    if p <= 0:
        return 1.0
    if p >= 1:
        return 0.0
    lp, lq = math.log(p), math.log1p(-p)
    s = 0.0
    for i in range(k + 1):
        s += math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) -
                      math.lgamma(n - i + 1) + i * lp + (n - i) * lq)
    return min(s, 1.0)


def bound_max(n, p, risk=0.001):
    """The smallest c with P(Bin(n, p) > c) < risk."""
    c = 0
    while 1 - binom_cdf(c, n, p) >= risk:
        c += 1
    return c


def bound_min(n, p, risk=0.001):
    """The largest c with P(Bin(n, p) < c) < risk."""
    c = 0
    while binom_cdf(c, n, p) < risk:
        c += 1
    return c


def clopper_pearson_upper(k, n, level=0.999):
    """One-sided upper confidence bound of a binomial rate: the p with
    P(Bin(n, p) <= k) = 1 - level, by bisection."""
    if k >= n:
        return 1.0
    lo, hi = k / n, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if binom_cdf(k, n, mid) > 1 - level:
            lo = mid
        else:
            hi = mid
    return hi


# ---- rank statistics ----


def tie_groups(a, b):
    """The pooled values' tie groups, ascending: (count in a, count in b,
    doubled midrank) each."""
    tally = {}
    for v in a:
        tally.setdefault(v, [0, 0])[0] += 1
    for v in b:
        tally.setdefault(v, [0, 0])[1] += 1
    out, pos = [], 0
    for v in sorted(tally):
        ca, cb = tally[v]
        out.append((ca, cb, 2 * pos + ca + cb + 1))
        pos += ca + cb
    return out


def subset_sum_counts(groups, m):
    """{s: number of ways} of taking m items from tie groups given as
    (size, weight): the sum s of the weights taken, each way counted as
    the product of C(size, taken).  Exact integers.

    A 0/1 knapsack over the groups, row j (j items taken) a polynomial in
    X whose coefficient of X^s is the count for sum s, held as one Python
    integer with X = 2^bits (Kronecker substitution): a count is at most
    C(n, j) < 2^n, so n bits a coefficient never carry into the next, and
    each step is one big-integer shift and add."""
    n = sum(size for size, w in groups)
    nbytes = n // 8 + 1
    bits = 8 * nbytes
    poly = [1] + [0] * m
    seen = 0
    for size, w in groups:
        # Rows downwards, so that no group is taken twice in one step.
        for j in range(min(seen, m), -1, -1):
            if poly[j]:
                for t in range(1, min(size, m - j) + 1):
                    poly[j + t] += ((poly[j] * math.comb(size, t)) <<
                                    (t * w * bits))
        seen += size
    raw = poly[m].to_bytes((poly[m].bit_length() + 7) // 8 + nbytes, "little")
    out = {}
    for s in range(len(raw) // nbytes):
        c = int.from_bytes(raw[s * nbytes:(s + 1) * nbytes], "little")
        if c:
            out[s] = c
    return out


def mw_exact_p(a, b):
    """Exact two-sided Mann-Whitney p, ties included: the share of the
    C(n, na) splits of the pooled midranks whose rank sum of a is at least
    as far from its mean as the observed one (doubled ranks: integers)."""
    g = tie_groups(a, b)
    na, n = len(a), len(a) + len(b)
    obs = sum(ca * r2 for ca, cb, r2 in g)
    mu2 = na * (n + 1)
    dist = subset_sum_counts([(ca + cb, r2) for ca, cb, r2 in g], na)
    far = abs(obs - mu2)
    tail = sum(c for s, c in dist.items() if abs(s - mu2) >= far)
    return float(Fraction(tail, math.comb(n, na)))


def mw_normal_p(a, b):
    """Normal Mann-Whitney p with the tie correction and a 0.5 continuity
    correction (R's wilcox.test(correct = TRUE))."""
    g = tie_groups(a, b)
    na, nb = len(a), len(b)
    n = na + nb
    ra = sum(ca * r2 for ca, cb, r2 in g) / 2
    tiesum = sum((ca + cb) ** 3 - (ca + cb) for ca, cb, r2 in g)
    u = ra - na * (na + 1) / 2
    mu = na * nb / 2
    sigma = math.sqrt(na * nb / 12 * ((n + 1) - tiesum / (n * (n - 1))))
    d = u - mu
    cc = 0.5 if d > 0 else -0.5 if d < 0 else 0
    z = (d - cc) / sigma if sigma > 0 else 0
    return min(1.0, 2 * normal_cdf(-abs(z)))


def mw_p(a, b):
    """kbench's choice: exact below 50 a side, else normal."""
    if len(a) < 50 and len(b) < 50:
        return mw_exact_p(a, b)
    return mw_normal_p(a, b)


def crit_exact(dist, base, top, total, alpha2):
    """The largest k with P(X <= k - 1) <= alpha2 for X = S - base, S
    distributed as the counts dist ({s: ways} of total), X from 0 to
    top, and the coverage 1 - 2 P(X <= k - 1): (0, None) when there is no
    such k.  Compared exactly, as fractions with alpha2's double."""
    run, k, cover = 0, 0, None
    a2 = Fraction(alpha2)
    for x in range(0, top + 1):
        run += dist.get(base + x, 0)
        if Fraction(run, total) > a2:
            break
        k, cover = x + 1, 1 - 2 * run / total
    return k, cover


def crit_normal(mu, sigma, alpha2):
    """The same from the normal approximation with a continuity
    correction: k = floor(mu + 1/2 + z(alpha2) sigma)."""
    k = max(0, math.floor(mu + 0.5 + normal_quantile(alpha2) * sigma))
    return k, (1 - 2 * normal_cdf((k - 0.5 - mu) / sigma)) if k else None


@functools.lru_cache(maxsize=None)
def mw_crit(na, nb, alpha2):
    """Moses' critical value: the largest k with P(U <= k - 1) <= alpha2
    (U untied) and the coverage 1 - 2 P(U <= k - 1); (0, None) when none.
    Exact below 50 a side, else the normal approximation."""
    mm = na * nb
    if na >= 50 or nb >= 50:
        return crit_normal(mm / 2, math.sqrt(mm * (na + nb + 1) / 12), alpha2)
    m = min(na, nb)
    # The rank sums of m of 1..n untied: U = sum - m (m + 1) / 2.
    dist = subset_sum_counts([(1, i + 1) for i in range(na + nb)], m)
    return crit_exact(dist, m * (m + 1) // 2, mm, math.comb(na + nb, m),
                      alpha2)


def geo_mid(x, y):
    """The middle of two ratios as kbench takes it: their geometric
    mean, kept between them."""
    if x == y:
        return x
    return min(max(math.sqrt(x) * math.sqrt(y), x), y)


def hl_ratio(a, b, level):
    """Hodges-Lehmann ratio b / a - 1 with Moses' interval at level
    (percent): (est, lo, hi, coverage %) or lo = hi = None."""
    r = sorted(y / x for x in a for y in b)
    mm = len(r)
    h = mm // 2
    est = r[h] if mm % 2 else geo_mid(r[h - 1], r[h])
    k, cover = mw_crit(len(a), len(b), (100 - level) / 200)
    if k == 0:
        return est - 1, None, None, None
    return est - 1, r[k - 1] - 1, r[mm - k] - 1, 100 * cover


def signed_groups(d):
    """The nonzero d's |d| tie groups: (size, doubled midrank, positives)."""
    tally = {}
    for x in d:
        if x != 0:
            t = tally.setdefault(abs(x), [0, 0])
            t[0] += 1
            t[1] += x > 0
    out, pos = [], 0
    for v in sorted(tally):
        size, npos = tally[v]
        out.append((size, 2 * pos + size + 1, npos))
        pos += size
    return out


def signed_dist(groups):
    """{doubled V: number of the 2^n sign vectors} for tie groups (size,
    weight): each of a group's members positive or not."""
    dist = {0: 1}
    for size, w in groups:
        new = {}
        for s, c in dist.items():
            for t in range(size + 1):
                new[s + t * w] = new.get(s + t * w, 0) + c * math.comb(size, t)
        dist = new
    return dist


def sr_p(d):
    """Wilcoxon's signed-rank p, two-sided, zeros dropped, midranks: exact
    (every sign vector, counted by tie group) below 50 nonzero
    differences, else normal with the tie and continuity corrections."""
    g = signed_groups(d)
    n = sum(size for size, w, npos in g)
    if n == 0:
        return 1.0
    v2 = sum(npos * w for size, w, npos in g)
    wsum = sum(size * w for size, w, npos in g)
    if n < 50:
        dist = signed_dist([(size, w) for size, w, npos in g])
        far = abs(2 * v2 - wsum)
        tail = sum(c for s, c in dist.items() if abs(2 * s - wsum) >= far)
        return float(Fraction(tail, 2 ** n))
    ties = sum(size ** 3 - size for size, w, npos in g)
    mu = n * (n + 1) / 4
    var = n * (n + 1) * (2 * n + 1) / 24 - ties / 48
    z = v2 / 2 - mu
    z = (z - (0.5 if z > 0 else -0.5 if z < 0 else 0)) / math.sqrt(var)
    return min(1.0, 2 * normal_cdf(-abs(z))) if var > 0 else 1.0


@functools.lru_cache(maxsize=None)
def sr_crit(n, alpha2):
    """Tukey's critical value: the largest k with P(V <= k - 1) <= alpha2,
    V the signed-rank sum of n untied differences; exact below 50."""
    if n >= 50:
        return crit_normal(n * (n + 1) / 4,
                           math.sqrt(n * (n + 1) * (2 * n + 1) / 24), alpha2)
    dist = signed_dist([(1, i + 1) for i in range(n)])
    return crit_exact(dist, 0, n * (n + 1) // 2, 2 ** n, alpha2)


def walsh(d, level):
    """One-sample Hodges-Lehmann of d (the median of the Walsh averages)
    with Tukey's interval: (est, lo, hi, coverage %) on d's scale."""
    d = sorted(d)
    n = len(d)
    w = sorted((d[i] + d[j]) / 2 for i in range(n) for j in range(i, n))
    nw = len(w)
    h = nw // 2
    est = w[h] if nw % 2 else (w[h - 1] + w[h]) / 2
    k, cover = sr_crit(n, (100 - level) / 200)
    if k == 0:
        return est, None, None, None
    return est, w[k - 1], w[nw - k], 100 * cover


# ---- t tests ----


def mean(v):
    return math.fsum(v) / len(v)


def variance(v):
    """The sample variance, exactly (fractions), then rounded."""
    f = [Fraction(x) for x in v]
    m = sum(f) / len(f)
    return float(sum((x - m) ** 2 for x in f) / (len(f) - 1))


def welch(a, b, level):
    """Welch's t of mean(b) - mean(a): (p, lo, hi)."""
    va, vb = variance(a) / len(a), variance(b) / len(b)
    se = math.sqrt(va + vb)
    diff = mean(b) - mean(a)
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
    q = -t_quantile((1 - level / 100) / 2, df)
    return t_pvalue(diff / se, df), diff - q * se, diff + q * se


def pooled_t(sources, a, b, level):
    """A t of mean(b) - mean(a) whose variance is pooled from sources
    [(n, var)] (a side of 2 or more, a noise floor): (p, lo, hi)."""
    s = sum((n - 1) * v for n, v in sources)
    df = sum(n - 1 for n, v in sources)
    se = math.sqrt(s / df) * math.sqrt(1 / len(a) + 1 / len(b))
    diff = mean(b) - mean(a)
    q = -t_quantile((1 - level / 100) / 2, df)
    return t_pvalue(diff / se, df), diff - q * se, diff + q * se


def one_t(d, level):
    """The one-sample t of d against 0: (p, lo, hi)."""
    se = math.sqrt(variance(d) / len(d))
    q = -t_quantile((1 - level / 100) / 2, len(d) - 1)
    m = mean(d)
    return t_pvalue(m / se, len(d) - 1), m - q * se, m + q * se


# ---- the data ----


def median(v):
    """kbench's median: the middle value, or the mean of the middle two."""
    s = sorted(v)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


class Data:
    """The generator's CSV: rows by (label, run, round), with their side
    key and series."""

    def __init__(self, path):
        with open(path, newline="") as f:
            self.rows = list(csv.DictReader(f))
        for r in self.rows:
            r["v"] = float(r["v"])

    def select(self, spec):
        """The rows a --compare side selects (see the usage)."""
        if "=" in spec:
            key, val = spec.split("=", 1)
            return [r for r in self.rows if r.get(key) == val]
        return [r for r in self.rows if r["label"] == spec]


def by(rows, key):
    """{key(row): [values]} in file order."""
    out = {}
    for r in rows:
        out.setdefault(key(r), []).append(r["v"])
    return out


def run_of(r):
    return (r["label"], r["run"])


def round_of(r):
    return (r["label"], r["run"], int(r["round"]))


# ---- verify ----

problems = []


def close(what, got, want, rel):
    """got (kbench) against want (ours), relative rel (absolute < 1e-300)."""
    if want is None or got is None:
        if (want is None) != (got is None):
            problems.append("%s: kbench %r, reference %r" % (what, got, want))
        return
    if abs(got - want) > rel * max(abs(got), abs(want)) + 1e-300:
        problems.append("%s: kbench %r, reference %r (relative %.3g > %g)" %
                        (what, got, want,
                         abs(got - want) / max(abs(got), abs(want)), rel))


def same(what, got, want):
    if got != want:
        problems.append("%s: kbench %r, expected %r" % (what, got, want))


def check_row(c, doc, srows_a, srows_b, others):
    """One comparison c against its series' rows on each side."""
    name = c["a"]["series"]
    level = doc["interval_level"]
    # A kbench from before rounds (schema 2) says neither: the sample, by
    # the test asked.
    unit = c.get("unit", "sample")
    method = c.get("method", {"u": "mann-whitney"}.get(doc["test"],
                                                       doc["test"]))
    what = "%s (%s)" % (name, method)
    # The rank tests' units are medians (of rounds, runs), the t tests'
    # means (--test welch, student), whatever the level.
    center = median if doc["test"] == "u" else mean
    runs_a, runs_b = by(srows_a, run_of), by(srows_b, run_of)
    if c.get("paired"):
        ra, rb = by(srows_a, round_of), by(srows_b, round_of)
        keys = sorted(set(ra) & set(rb))
        d = [math.log(center(rb[k])) - math.log(center(ra[k])) for k in keys]
        if method == "signed-rank":
            close(what + " p", c["p"], sr_p(d), 1e-9)
            est, lo, hi, cover = walsh(d, level)
            check_ci(what, c, math.expm1(est),
                     None if lo is None else math.expm1(lo),
                     None if hi is None else math.expm1(hi), cover, 1e-12)
        else:
            p, lo, hi = one_t(d, level)
            close(what + " p", c["p"], p, 1e-8)
            check_ci(what, c, math.expm1(mean(d)), math.expm1(lo),
                     math.expm1(hi), level, 1e-8)
        return
    if unit == "run":
        ya = [math.log(center(v)) for v in runs_a.values()]
        yb = [math.log(center(v)) for v in runs_b.values()]
        floor = c.get("noise_floor")
        if floor and floor["used"]:
            hist = [math.log(median(v)) for v in by(others, run_of).values()]
            same(what + " noise floor runs", floor["runs"], len(hist))
            close(what + " noise floor sd", floor["sd_pct"],
                  100 * math.expm1(math.sqrt(variance(hist))), 1e-9)
            sources = [(len(hist), variance(hist))]
            sources += [(len(y), variance(y)) for y in (ya, yb) if len(y) > 1]
            p, lo, hi = pooled_t(sources, ya, yb, level)
        elif len(ya) >= 2 and len(yb) >= 2 and method != "runs-student":
            p, lo, hi = welch(ya, yb, level)
        else:
            sources = [(len(y), variance(y)) for y in (ya, yb) if len(y) > 1]
            p, lo, hi = pooled_t(sources, ya, yb, level)
        close(what + " p", c["p"], p, 1e-8)
        check_ci(what, c, math.expm1(mean(yb) - mean(ya)), math.expm1(lo),
                 math.expm1(hi), level, 1e-8)
        return
    if unit == "round":
        ua = [center(v) for v in by(srows_a, round_of).values()]
        ub = [center(v) for v in by(srows_b, round_of).values()]
    else:
        ua = [r["v"] for r in srows_a]
        ub = [r["v"] for r in srows_b]
    if method == "mann-whitney":
        close(what + " p", c["p"], mw_p(ua, ub), 1e-9)
        est, lo, hi, cover = hl_ratio(ua, ub, level)
        check_ci(what, c, est, lo, hi, cover, 1e-12)
    elif method in ("welch", "student"):
        if method == "welch":
            p, lo, hi = welch(ua, ub, level)
        else:
            p, lo, hi = pooled_t([(len(ua), variance(ua)),
                                  (len(ub), variance(ub))], ua, ub, level)
        close(what + " p", c["p"], p, 1e-8)
    else:
        problems.append("%s: method %s not checked" % (what, method))


def check_ci(what, c, est, lo, hi, cover, rel):
    """The row's change and interval against ours (None: no interval)."""
    close(what + " change", c["change"], est, rel)
    ci = c["change_ci"]
    if lo is None:
        same(what + " change_ci", ci, None)
        return
    if ci is None:
        problems.append("%s: no interval, the reference has [%r, %r]" %
                        (what, lo, hi))
        return
    close(what + " change_ci.lo", ci["lo"], lo, rel)
    close(what + " change_ci.hi", ci["hi"], hi, rel)
    close(what + " change_ci.level", ci["level"], cover, 1e-12)


def verify(data_path, json_path):
    data = Data(data_path)
    with open(json_path) as f:
        doc = json.load(f)
    sa, sb = data.select(doc["baseline"]), data.select(doc["new"])
    side_runs = {run_of(r) for r in sa} | {run_of(r) for r in sb}
    others = [r for r in data.rows if run_of(r) not in side_runs]
    rows_a, rows_b = {}, {}
    for r in sa:
        rows_a.setdefault(r["k"], []).append(r)
    for r in sb:
        rows_b.setdefault(r["k"], []).append(r)
    oth_k = {}
    for r in others:
        oth_k.setdefault(r["k"], []).append(r)
    n = 0
    for c in doc["comparisons"]:
        k = c["a"]["keys"]["k"]
        if k not in rows_a or k not in rows_b:
            problems.append("%s: not in the data" % k)
            continue
        oth = oth_k.get(k, [])
        if c["p"] is None:
            problems.append("%s: untested" % k)
            continue
        check_row(c, doc, rows_a[k], rows_b[k], oth)
        n += 1
    for p in problems:
        print(p)
    print("verify: %d rows checked, %d problems" % (n, len(problems)))
    return 1 if problems else 0


# ---- rates ----


def called(c, rule, alpha):
    """Has row c a verdict under rule?"""
    if rule == "kbench":
        return c["verdict"] in ("improved", "regressed")
    p = c.get("p_adjusted", c.get("p"))
    if p is None:
        return False
    if rule == "u-only":
        return c["p"] < alpha
    ci = c.get("change_ci")
    return p < alpha and ci is not None and (ci["lo"] > 0 or ci["hi"] < 0)


def load_rows(path):
    with open(path) as f:
        return json.load(f)["comparisons"]


def rates(argv):
    name, path = argv[0], argv[1]
    opts = dict(rule="kbench", alpha="0.05", max_rate=None, min_rate=None,
                minus=None)
    i = 2
    while i < len(argv):
        key = argv[i][2:].replace("-", "_")
        if key not in opts or i + 1 >= len(argv):
            sys.exit("check_hier.py rates: bad option %s" % argv[i])
        opts[key] = argv[i + 1]
        i += 2
    alpha = float(opts["alpha"])
    rows = load_rows(path)
    flags = [called(c, opts["rule"], alpha) for c in rows]
    if opts["minus"]:
        flags = [f and not called(c, opts["minus"], alpha)
                 for c, f in zip(rows, flags)]
    n, k = len(flags), sum(flags)
    line = "%s: %d/%d = %.4f (99.9%% upper bound %.4f)" % (
        name, k, n, k / n if n else 0, clopper_pearson_upper(k, n))
    status = 0
    if opts["max_rate"] is not None:
        c = bound_max(n, float(opts["max_rate"]))
        ok = k <= c
        line += "; claim <= %s: pass if k <= %d: %s" % (
            opts["max_rate"], c, "yes" if ok else "NO")
        status = 0 if ok else 1
    if opts["min_rate"] is not None:
        c = bound_min(n, float(opts["min_rate"]))
        ok = k >= c
        line += "; claim >= %s: pass if k >= %d: %s" % (
            opts["min_rate"], c, "yes" if ok else "NO")
        status = 0 if ok else 1
    print(line)
    return status


# (what, ours, pinned value, relative tolerance): the pins' origins.
def selftest():
    pins = [
        # brute force over the C(11, 5) = 462 splits (scipy's exact
        # Mann-Whitney ignores ties)
        ("mann-whitney exact, ties",
         mw_exact_p([1, 2, 2, 3, 5], [2, 3, 4, 4, 6, 6]),
         0.12987012987012986, 1e-15),
        # scipy.stats.mannwhitneyu(a, b, method="exact").pvalue
        ("mann-whitney exact",
         mw_exact_p([1.1, 2.5, 3.2, 4.8, 5.0],
                    [2.2, 6.1, 7.3, 8.4, 9.9, 10.5]),
         0.05194805194805195, 1e-15),
        # scipy ..., method="asymptotic" (continuity corrected)
        ("mann-whitney normal",
         mw_p(list(range(60)), [x + 7.5 for x in range(0, 120, 2)]),
         8.392423392985127e-09, 1e-12),
        # scipy.stats.wilcoxon(d, method="exact").pvalue
        ("signed rank exact",
         sr_p([0.5, -0.2, 1.3, 0.9, -0.1, 2.2, 0.7, 1.1]), 0.0390625, 1e-15),
        # brute force over the 2^8 sign vectors (the 0 dropped)
        ("signed rank exact, ties and a zero",
         sr_p([1, -1, 2, 2, 3, -3, 3, 4, 0]), 0.171875, 1e-15),
        # R's qwilcox(0.025, 10, 10) = 23 and qsignrank(0.025, 10) = 8:
        # k is one more (also by brute force)
        ("Moses' k, 10 and 10 at 95%", mw_crit(10, 10, 0.025)[0], 24, 0),
        ("Tukey's k, 10 at 95%", sr_crit(10, 0.025)[0], 9, 0),
        # scipy.stats.t.cdf(-2.3, 4); the root of t.cdf(t, 9) = 0.025
        # (scipy.optimize.brentq, xtol 1e-15: t.ppf is 2.5e-11 off);
        # scipy.special.betainc(2.5, 0.5, 0.3)
        ("t cdf", t_cdf(-2.3, 4), 0.04146951855619119, 1e-12),
        ("t quantile", t_quantile(0.025, 9), -2.262157162798205, 1e-14),
        ("incomplete beta", ibeta(2.5, 0.5, 0.3), 0.01892712407194565, 1e-12),
        # scipy.stats.ttest_ind(b, a, equal_var=False).pvalue
        ("welch", welch([3.1, 2.9, 3.4], [3.6, 3.3, 3.9, 3.8], 95)[0],
         0.05069958179855847, 1e-12),
        # scipy.stats.binom.cdf(20, 200, 0.05), binom.isf(0.001, 200,
        # 0.05) = 21 (sf(21) = 0.00048, sf(20) = 0.00116), and
        # binom.cdf(141, 200, 0.8) = 0.00087 < 0.001 < cdf(142)
        ("binomial cdf", binom_cdf(20, 200, 0.05), 0.998840091749252, 1e-11),
        ("max bound 200 at 0.05", bound_max(200, 0.05), 21, 0),
        ("min bound 200 at 0.8", bound_min(200, 0.8), 142, 0),
    ]
    bad = 0
    for what, got, want, rel in pins:
        if abs(got - want) > rel * abs(want):
            print("selftest: %s: %r, want %r" % (what, got, want))
            bad += 1
    print("selftest: %d of %d pinned values agree" %
          (len(pins) - bad, len(pins)))
    return 1 if bad else 0


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "selftest":
        return selftest()
    if len(sys.argv) >= 4 and sys.argv[1] == "verify":
        return verify(sys.argv[2], sys.argv[3])
    if len(sys.argv) >= 4 and sys.argv[1] == "rates":
        return rates(sys.argv[2:])
    if len(sys.argv) == 5 and sys.argv[1] == "bound":
        n, p = int(sys.argv[2]), float(sys.argv[3])
        print(bound_max(n, p) if sys.argv[4] == "max" else bound_min(n, p))
        return 0
    sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
