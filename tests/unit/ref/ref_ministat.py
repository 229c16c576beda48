#!/usr/bin/python3
# ref_ministat.py: the expected output of "ministat -A" on ill-conditioned
# data (values near 1e9 with a spread near 1e-3), computed the way FreeBSD
# 14's usr.bin/ministat computes it, for tests/cli/t_ministat.sh.
#
# FreeBSD's ministat (the 2020 code, as in 14.2-RELEASE) sums each data
# set left to right in the order it reads it (AddPoint: sy += a), takes
# Avg = sy / n, and the variance as a plain two-pass sum over the sorted
# values, sum (x - Avg)^2 / (n - 1.0).  Python floats are IEEE doubles
# rounded to nearest, one operation at a time, as C's are on amd64, and
# '%g' formats as C's printf does: replaying those operations in that
# order gives ministat's digits.  The exact values (rational arithmetic)
# are printed on stderr, to show how far ministat's are.
#
# Run with Debian's python3 (3.11, standard library only):
#   /usr/bin/python3 tests/unit/ref/ref_ministat.py tests/fixtures/ministat
# It writes ill_a, ill_b (one value a line, %.17g) and ill.A.out there.
import math
import os
import sys
from fractions import Fraction

# ministat's t table, the rows used here (df = 38: 20 + 20 - 2)
STUDENT = {38: (1.304, 1.686, 2.024, 2.429, 2.712, 3.319)}
LEVELS = (80, 90, 95, 98, 99, 99.5)


def lcg(state):
    state = (state * 6364136223846793005 + 1442695040888963407) % 2 ** 64
    return state >> 33, state


def dataset(seed, shift, n):
    """1e9 + k 2^-20 + shift, k < 1024, in generation (file) order."""
    out = []
    s = seed
    for _ in range(n):
        k, s = lcg(s)
        out.append(1e9 + (k % 1024) * 2.0 ** -20 + shift)
    return out


class Set:
    def __init__(self, name, values):
        self.name = name
        self.n = len(values)
        self.sy = 0.0
        for v in values:            # as read: AddPoint
            self.sy += v
        self.points = sorted(values)
        self.syy = None

    def avg(self):
        return self.sy / self.n

    def var(self):
        if self.syy is None:
            a = self.avg()
            self.syy = 0.0
            for p in self.points:
                self.syy += (p - a) * (p - a)
        return self.syy / (self.n - 1.0)

    def median(self):
        m = self.n // 2
        if self.n % 2 == 0:
            return (self.points[m] + self.points[m - 1]) / 2
        return self.points[m]

    def stddev(self):
        return math.sqrt(self.var())


def vitals(s, flag):
    return "%c %3d %13.8g %13.8g %13.8g %13.8g %13.8g\n" % (
        flag, s.n, s.points[0], s.points[-1], s.median(), s.avg(),
        s.stddev())


def relative(ds, rs, confidx):
    t = STUDENT[ds.n + rs.n - 2][confidx]
    spool = (ds.n - 1) * ds.var() + (rs.n - 1) * rs.var()
    spool /= ds.n + rs.n - 2
    spool = math.sqrt(spool)
    s = spool * math.sqrt(1.0 / ds.n + 1.0 / rs.n)
    d = ds.avg() - rs.avg()
    e = t * s
    re = (ds.n - 1) * ds.var() + \
        (rs.n - 1) * rs.var() * (ds.avg() * ds.avg()) / (rs.avg() * rs.avg())
    re *= (ds.n + rs.n) / (ds.n * rs.n * (ds.n + rs.n - 2.0))
    re = t * math.sqrt(re)
    if abs(d) > e:
        return ("Difference at %.1f%% confidence\n" % LEVELS[confidx] +
                "\t%g +/- %g\n" % (d, e) +
                "\t%g%% +/- %g%%\n" % (d * 100 / rs.avg(), re * 100 / rs.avg()) +
                "\t(Student's t, pooled s = %g)\n" % spool)
    return "No difference proven at %.1f%% confidence\n" % LEVELS[confidx]


def exact(values):
    fr = [Fraction(v) for v in values]
    mean = sum(fr) / len(fr)
    var = sum((x - mean) ** 2 for x in fr) / (len(fr) - 1)
    return float(mean), math.sqrt(float(var))


def main():
    outdir = sys.argv[1]
    a = dataset(7, 0.0, 20)
    b = dataset(11, 3 * 2.0 ** -12, 20)
    for name, vals in (("ill_a", a), ("ill_b", b)):
        with open(os.path.join(outdir, name), "w") as f:
            for v in vals:
                f.write("%.17g\n" % v)
    sa, sb = Set("ill_a", a), Set("ill_b", b)
    out = "x ill_a\n+ ill_b\n"
    out += "    N           Min           Max        Median           Avg        Stddev\n"
    out += vitals(sa, "x") + vitals(sb, "+")
    out += relative(sb, sa, 2)
    with open(os.path.join(outdir, "ill.A.out"), "w") as f:
        f.write(out)
    for name, vals, st in (("ill_a", a, sa), ("ill_b", b, sb)):
        m, sd = exact(vals)
        sys.stderr.write("%s: ministat avg %.17g stddev %.17g; exact avg "
                         "%.17g stddev %.17g\n" % (name, st.avg(), st.stddev(),
                                                  m, sd))


main()
