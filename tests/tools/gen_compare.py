"""Write a random before/after data set that exercises every corner of a
comparison, as CSV (label,k,v) on standard output.

usage: python3 gen_compare.py SEED

Series of every kind a benchmark produces, and some it should not:
normal noise with and without a shift, skewed (log-normal) latencies,
bimodal ones, heavily tied small integers, values that are negative or
cross zero, constant sides, sides of 1 to 40 samples, and changes near
the edge of significance.  The same SEED gives the same file (Python's
random is a Mersenne Twister with a stable seeding).
"""
import math
import random
import sys


def side(rng, kind, n, shift):
    out = []
    for _ in range(n):
        if kind == "normal":
            v = rng.gauss(100, 5) * (1 + shift)
        elif kind == "lognormal":
            v = math.exp(rng.gauss(5, 0.3)) * (1 + shift)
        elif kind == "bimodal":
            v = (100 if rng.random() < 0.5 else 130) + rng.gauss(0, 2)
            v *= 1 + shift
        elif kind == "ties":
            v = rng.randint(1, 4) + (1 if shift > 0 and rng.random() < 0.5
                                     else 0)
        elif kind == "negative":
            v = rng.gauss(-50, 5) * (1 + shift)
        elif kind == "zero":
            v = rng.gauss(0, 3) + 40 * shift
        elif kind == "constant":
            v = 7.0 * (1 + shift)
        else:
            raise ValueError(kind)
        out.append(v)
    return out


def main():
    rng = random.Random(int(sys.argv[1]))
    kinds = ["normal", "lognormal", "bimodal", "ties", "negative", "zero",
             "constant"]
    print("label,k,v")
    for s in range(36):
        kind = kinds[s % len(kinds)]
        shift = rng.choice([0, 0, 0.01, 0.03, -0.03, 0.1, -0.2])
        na = rng.choice([1, 2, 3, 4, 5, 7, 10, 20, 40])
        nb = rng.choice([1, 2, 3, 4, 5, 7, 10, 20, 40])
        for label, n, sh in (("A", na, 0), ("B", nb, shift)):
            for v in side(rng, kind, n, sh):
                print("%s,s%02d_%s,%r" % (label, s, kind, v))


main()
