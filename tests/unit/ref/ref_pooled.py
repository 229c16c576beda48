"""Reference values of stats_ttest_pooled() (tests/unit/test_stats.c).

usage: /usr/bin/python3 ref_pooled.py   (Debian's python3-scipy 1.10.1,
numpy 1.24.2, Python 3.11)

Student's t with one variance pooled from every source that has one: each
side with 2 values or more, and an outside estimate var with df degrees
of freedom (the runs of a history: kbench analyze --noise-floor auto).
"""
import math

import numpy as np
from scipy import stats


def pooled(a, b, var, df, level=95):
    ss, dfs = 0.0, 0
    for x in (a, b):
        if len(x) >= 2:
            ss += (len(x) - 1) * np.var(x, ddof=1)
            dfs += len(x) - 1
    ss += df * var
    dfs += df
    d = np.mean(b) - np.mean(a)
    se = math.sqrt(ss / dfs * (1 / len(a) + 1 / len(b)))
    t = d / se
    p = 2 * stats.t.sf(abs(t), dfs)
    q = stats.t.ppf(1 - (1 - level / 100) / 2, dfs)
    return d, se, t, dfs, p, d - q * se, d + q * se


for a, b, var, df in (([10.0], [10.5], 0.04, 4), ([1, 2, 3], [4], 2, 3),
                      ([1, 2, 3, 4], [2, 3, 5], 0, 0)):
    print(a, b, var, df, "->", " ".join(repr(float(x))
                                        for x in pooled(a, b, var, df)))
