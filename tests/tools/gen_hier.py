"""Write seeded hierarchical benchmark data (samples within rounds within
runs) as mapped CSV on standard output, for the calibration of kbench
analyze --compare's unit of evidence (tests/cli/t_units.sh, make bench's
units section, tests/tools/check_hier.py).

usage: python3 gen_hier.py SEED SCENARIO [--series N] [--runs N]
           [--rounds N] [--samples N] [--cv X] [--round-sd X] [--run-sd X]
           [--effect X] [--history N] [--ties STEP] [--paired] [--split]

The model of one value, in series k, run r, round j, sample i:

    v = base_k * exp(run_rk + round_rjk + noise_rjki) * (1 + effect on B)

run_rk ~ N(0, run_sd^2), round_rjk ~ N(0, round_sd^2) and the sample noise
log-normal, exp(N(0, s^2)) with s^2 = log(1 + cv^2) so that its CV is cv
(larger than both effects in every scenario).  Every series is one
independent replicate of the whole experiment: its run and round effects
are its own (drawn per series), so the share of series with a verdict
estimates a per-comparison rate (analyze --no-adjust) with binomial
counts.  base_k is log-uniform in 100 .. 10000.

Layouts:
  unpaired (default)  side A is label A, runs a1..aN; side B is label B,
                      runs b1..bN: kbench analyze --compare A B.
  --paired            both sides in the same runs (label P, runs p1..pN)
                      and rounds, a series key side=A|B: --compare side=A
                      side=B.  A round's effect is shared by both sides
                      (interleaved configurations); each side its own
                      sample noise.
  --split             the --paired data, value for value (same draws), but
                      side B's rows in runs of their own (p1b..pNb): the
                      same comparison, unpaired.
  --history N         N more runs of side A's configuration (no effect),
                      label H, runs h1..hN: identical runs for
                      --noise-floor auto.  (kbench matches them on the
                      runs' facts that change results: import every run
                      with the same facts, e.g. --meta host=X.)
  --ties STEP         values rounded to a multiple of STEP * base_k (a
                      coarse timer: 0.025 with cv 0.03 gives about six
                      distinct values in 60).

Columns: label,run,round,k,v (and side after round with --paired or
--split).  Import (see tests/cli/t_units.sh):

    kbench import --run-by label --run-by run --round-by round [--key side]
        --key k --value v --unit ns FILE

(without --round-by the same file has no rounds: the sample is the unit).

SCENARIO sets the defaults, which the options override:
  aa-round  A/A, 1 run a side, 10 rounds of 20, cv 10%, round effect 4%,
            no run effect
  aa-run1   A/A, 1 run a side, 10 rounds of 20, cv 10%, round effect 4%,
            run effect 3%
  aa-run3   A/A, 3 runs a side, 5 rounds of 20, cv 10%, round effect 4%,
            run effect 3%
  paired    --paired, 1 run, 10 rounds of 30, cv 6%, shared round effect
            5%, run effect 3%, true effect +3% on B
  ties      1 run a side, 1 round of 30, cv 3%, no effects, --ties 0.025,
            true effect +2% on B (--effect 0 for the null)
The same SEED and arguments give the same file (Python's random is a
Mersenne Twister with a stable seeding).
"""
import math
import random
import sys

SCENARIOS = {
    "aa-round": dict(runs=1, rounds=10, samples=20, cv=0.10, round_sd=0.04,
                     run_sd=0.0, effect=0.0),
    "aa-run1": dict(runs=1, rounds=10, samples=20, cv=0.10, round_sd=0.04,
                    run_sd=0.03, effect=0.0),
    "aa-run3": dict(runs=3, rounds=5, samples=20, cv=0.10, round_sd=0.04,
                    run_sd=0.03, effect=0.0),
    "paired": dict(runs=1, rounds=10, samples=30, cv=0.06, round_sd=0.05,
                   run_sd=0.03, effect=0.03, paired=True),
    "ties": dict(runs=1, rounds=1, samples=30, cv=0.03, round_sd=0.0,
                 run_sd=0.0, effect=0.02, ties=0.025),
}

# Every option: its name, its type, its default.
OPTIONS = {
    "series": (int, 100), "runs": (int, 1), "rounds": (int, 10),
    "samples": (int, 20), "cv": (float, 0.1), "round_sd": (float, 0.0),
    "run_sd": (float, 0.0), "effect": (float, 0.0), "history": (int, 0),
    "ties": (float, 0.0), "paired": (bool, False), "split": (bool, False),
}


def usage():
    sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
    sys.exit(2)


def parse(argv):
    """SEED SCENARIO [--opt value | --flag]... -> (seed, dict of options)."""
    if len(argv) < 2 or argv[1] not in SCENARIOS:
        usage()
    seed = int(argv[0])
    opts = {k: d for k, (_, d) in OPTIONS.items()}
    opts.update(SCENARIOS[argv[1]])
    i = 2
    while i < len(argv):
        name = argv[i][2:].replace("-", "_")
        if not argv[i].startswith("--") or name not in OPTIONS:
            usage()
        kind = OPTIONS[name][0]
        if kind is bool:
            opts[name] = True
            i += 1
            continue
        if i + 1 >= len(argv):
            usage()
        opts[name] = kind(argv[i + 1])
        i += 2
    if opts["split"]:
        opts["paired"] = True
    return seed, opts


def noise(rng, sigma):
    """One sample's log-normal factor's logarithm: N(0, sigma^2)."""
    return rng.gauss(0, sigma) if sigma > 0 else 0.0


def value(base, log_factor, o):
    """A sample's value: base * exp(log_factor), on the --ties grid."""
    v = base * math.exp(log_factor)
    if o["ties"] > 0:
        step = o["ties"] * base
        v = step * round(v / step)
    return "%.6f" % v


def series_rows(rng, k, o, out):
    """Every row of series k (sides, history), drawn in a fixed order."""
    sigma = math.sqrt(math.log(1 + o["cv"] ** 2))
    base = math.exp(rng.uniform(math.log(100), math.log(10000)))
    name = "s%04d" % k
    up = math.log(1 + o["effect"])
    if o["paired"]:
        # One run holds both sides: they share its run and round effects.
        for r in range(o["runs"]):
            re = noise(rng, o["run_sd"])
            for j in range(o["rounds"]):
                je = noise(rng, o["round_sd"])
                for side, eff in (("A", 0.0), ("B", up)):
                    run = "p%d" % (r + 1)
                    if o["split"] and side == "B":
                        run += "b"
                    for _ in range(o["samples"]):
                        out.append("P,%s,%d,%s,%s,%s" % (
                            run, j, side, name,
                            value(base, re + je + eff + noise(rng, sigma),
                                  o)))
        return
    sides = [("A", "a", 0.0, o["runs"]), ("B", "b", up, o["runs"]),
             ("H", "h", 0.0, o["history"])]
    for label, prefix, eff, nruns in sides:
        for r in range(nruns):
            re = noise(rng, o["run_sd"])
            for j in range(o["rounds"]):
                je = noise(rng, o["round_sd"])
                for _ in range(o["samples"]):
                    out.append("%s,%s%d,%d,%s,%s" % (
                        label, prefix, r + 1, j, name,
                        value(base, re + je + eff + noise(rng, sigma), o)))


def main():
    seed, o = parse(sys.argv[1:])
    rng = random.Random(seed)
    rows = []
    for k in range(o["series"]):
        series_rows(rng, k, o, rows)
    head = "label,run,round,side,k,v" if o["paired"] else "label,run,round,k,v"
    sys.stdout.write(head + "\n" + "\n".join(rows) + "\n")


main()
