#!/usr/bin/python3
# ref_sums.py: exact means and standard deviations for the accuracy
# checks of stats_mean() and stats_stddev() in tests/unit/test_stats.c.
#
# Each data set is generated here exactly as test_stats.c generates it
# (splitmix64, then only +, -, *, ldexp and exact conversions, so both
# sides hold the same doubles).  The sums are done in exact integer
# arithmetic (every double is an integer multiple of 2^-1074), and the
# results rounded to the nearest double once: Python's int / int is
# correctly rounded, and the square root is an integer square root with
# 80 extra bits.  No floating-point sum is involved anywhere.
#
# Run with Debian's python3 (3.11; the standard library only):
#   /usr/bin/python3 tests/unit/ref/ref_sums.py
# It takes a few minutes (the 1e7 sets).  Output lines are
# "NAME mean HEX stddev HEX", the values as C hex floats.
import math
import sys

MASK = (1 << 64) - 1
SCALE = 1100            # every value is N / 2^SCALE with N an integer


def splitmix64(state):
    """The generator of test_stats.c: returns (value, new state)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), state


def unit(r):
    """A double in [0, 1): the top 53 bits of r, exactly."""
    return (r >> 11) * 2.0 ** -53


def gen(kind, n, seed):
    out = []
    s = seed
    prev = 0.0
    for i in range(n):
        r, s = splitmix64(s)
        if kind == "ill":
            # 1e9 + k 2^-20, k < 1024: a spread of 1e-3 on 1e9
            v = 1e9 + (r >> 54) * 2.0 ** -20
        elif kind == "lat":
            # latency-like: 100 .. 1000, skewed to the low end
            u = unit(r)
            v = 100.0 + 900.0 * u * u * u
        elif kind == "wide":
            # both signs, magnitudes 2^-30 .. 2^32
            v = math.ldexp(unit(r) - 0.5, (r & 31) * 2 - 30)
        elif kind == "cancel":
            # pairs that nearly cancel: x, then -x + a small value
            if i % 2 == 0:
                v = math.ldexp(unit(r) + 1.0, 40)
                prev = v
            else:
                v = -prev + unit(r) * 1e-3
        else:
            raise ValueError(kind)
        out.append(v)
    return out


def order(v, how):
    if how == "gen":
        return v
    if how == "asc":
        return sorted(v)
    if how == "desc":
        return sorted(v, reverse=True)
    raise ValueError(how)


def exact(v):
    """Exact mean and stddev (n - 1), each rounded once to a double."""
    n = len(v)
    s1 = 0
    s2 = 0
    for x in v:
        num, den = x.as_integer_ratio()
        k = num * ((1 << SCALE) // den)
        s1 += k
        s2 += k * k
    mean = s1 / (n << SCALE)                    # correctly rounded
    # variance = (n s2 - s1^2) / (n (n - 1) 2^(2 SCALE))
    vnum = n * s2 - s1 * s1
    vden = n * (n - 1)
    # sqrt(vnum / vden) / 2^SCALE with 80 bits more than a double
    bits = 80 + 53
    top = vnum << (2 * bits)
    r = math.isqrt(top // vden)
    sd = r / (1 << (bits + SCALE))
    return mean, sd


SETS = [
    ("ill", 100000, "asc"), ("ill", 100000, "gen"), ("ill", 100000, "desc"),
    ("lat", 100000, "asc"), ("lat", 100000, "gen"), ("lat", 100000, "desc"),
    ("wide", 100000, "asc"), ("wide", 100000, "gen"),
    ("cancel", 100000, "gen"), ("cancel", 100000, "asc"),
    ("ill", 10000000, "asc"), ("lat", 10000000, "gen"),
    ("lat", 10000000, "asc"),
]

SEED = 20261130

if __name__ == "__main__":
    for kind, n, how in SETS:
        v = order(gen(kind, n, SEED), how)
        mean, sd = exact(v)
        print("%s_%d_%s mean %s stddev %s" % (kind, n, how, mean.hex(),
                                              sd.hex()))
        sys.stdout.flush()
