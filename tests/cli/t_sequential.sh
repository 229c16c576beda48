#!/bin/sh
# kbench analyze/report --compare A B --sequential (issue 28, part 1):
# each series read round by round through Lai's confidence sequence.
# Exact output on a paired and an unpaired data set, the round it was
# decided, an A/A that stays undecided, the limits (too few rounds, no
# rounds, no --compare), and text, CSV and JSON saying the same numbers.
# The sequence's numerics and its guarantee are tests/unit/
# test_sequential.c's.
. "$(dirname "$0")/lib.sh"

# Paired: the sides in the same run and rounds, B about 10% above A.
awk 'BEGIN { print "label,side,round,v"; for (r = 1; r <= 12; r++)
    for (i = 0; i < 3; i++) { printf "x,a,%d,%g\n", r, 100 + (r % 3) + i
    printf "x,b,%d,%g\n", r, 110 + ((r * 7) % 5) * 0.5 + i } }' >pair.csv
kb --db pair.db import -q --run-by label --key side --round-by round \
    --value v --unit ns pair.csv
kb --db pair.db analyze --compare side=a side=b --sequential
expect_rc 0 "--sequential, paired sides"
sed -n '/^Round by round/,/^$/p' "$T/out" >got
cat >want <<'EOT'
Round by round (--sequential): Lai's confidence sequence of the mean log ratio of the rounds (a
difference where values are not all positive), of one run and round when the sides share runs, else
the i-th of each; 95% at every round at once, p Bonferroni-adjusted alike; decided: after how many
rounds it first excluded 0, where a collection looking after every round could have stopped.
series  rounds change          interval        p decided verdict
side=a      12 +9.89% +8.50% .. +11.30% 3.64e-05 after 6 regressed

EOT
cmp -s want got; check $? "paired: decided after 6 rounds, regressed ($(sed -n 6p got))"
kb --db pair.db analyze --compare side=a side=b --sequential --format json
python3 - "$T/out" <<'EOT'
import json, sys
s = json.load(open(sys.argv[1]))["comparisons"][0]["sequential"]
assert s["decided_at"] == 6 and s["verdict"] == "regressed", s
assert s["rounds"] == 12 and s["needs_rounds"] == 6 and s["paired"], s
# The text's cells, from the JSON's numbers.
assert "%+.2f%%" % (100 * s["change"]) == "+9.89%", s
assert "%+.2f%% .. %+.2f%%" % tuple(100 * x for x in s["interval"]) == \
    "+8.50% .. +11.30%", s
assert "%.3g" % s["p_adjusted"] == "3.64e-05", s
EOT
check $? "paired: the JSON's sequential object says what the text says"
kb --db pair.db analyze --compare side=a side=b --sequential --format csv
python3 - "$T/out" <<'EOT'
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))[0]
assert r["seq_decided_at"] == "6" and r["seq_verdict"] == "regressed", r
assert r["seq_rounds"] == "12" and r["seq_paired"] == "true", r
assert abs(float(r["seq_lo"]) - 0.08495410465437277) < 1e-12, r
EOT
check $? "paired: the CSV's seq_ columns"
kb --db pair.db analyze --compare side=a side=b --sequential --format markdown
grep -q '^| side=a | 12 | +9.89% | +8.50% .. +11.30% | 3.64e-05 | after 6 | regressed |$' "$T/out"
check $? "paired: the Markdown row"
kb --db pair.db report --compare side=a side=b --sequential -o rep
expect_rc 0 "report --sequential"
grep -q '^| side=a | 12 | +9.89% | +8.50% .. +11.30% | 3.64e-05 | after 6 | regressed |$' rep/report.md &&
grep -q '<h2>Round by round</h2>' rep/report.html &&
grep -q '^side=a      12 +9.89% +8.50% .. +11.30% 3.64e-05 after 6 regressed$' rep/report.txt
check $? "report --sequential: the same row in report.md, .html and .txt"

# An A/A, 30 rounds a side, in different runs: never decided, the i-th
# round of each side taken together.
awk 'BEGIN { srand(7); print "label,round,v"; for (r = 1; r <= 30; r++)
    for (i = 0; i < 3; i++) { printf "before,%d,%.3f\n", r, 100 + 5 * rand()
    printf "after,%d,%.3f\n", r, 100 + 5 * rand() } }' >aa.csv
kb --db aa.db import -q --run-by label --round-by round --value v --unit ns aa.csv
kb --db aa.db analyze --compare before after --sequential --format json
python3 - "$T/out" <<'EOT'
import json, sys
s = json.load(open(sys.argv[1]))["comparisons"][0]["sequential"]
assert s["decided_at"] is None and s["verdict"] == "~", s
assert s["rounds"] == 30 and not s["paired"], s
assert s["interval"][0] < 0 < s["interval"][1], s
EOT
check $? "an A/A over 30 rounds: undecided, its interval about 0"

# Four rounds: fewer than the sequence can ever decide with.
printf 'label,round,v\nbefore,1,10\nafter,1,12\nbefore,2,10\nafter,2,12\nbefore,3,10\nafter,3,12\nbefore,4,10\nafter,4,12\n' >few.csv
kb --db few.db import -q --run-by label --round-by round --value v few.csv
kb --db few.db analyze --compare before after --sequential
grep -q '^ *4 +20.00% *- 0.192 - (needs 6) ~       r$' "$T/out" &&
grep -q '^Flags (!) of this table: r the sides are different runs: what differs between runs is not in' "$T/out"
check $? "4 rounds: '- (needs 6)', flagged r and the flag said ($(grep -- '(needs' "$T/out"))"
# No rounds recorded: nothing to read in order.
printf 'label,v\nbefore,10\nafter,12\nbefore,11\nafter,13\n' >nor.csv
kb --db nor.db import -q --run-by label --value v nor.csv
kb --db nor.db analyze --compare before after --sequential --format json
python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["comparisons"][0]["sequential"]
assert s["decided_at"] is None and s["rounds"] == 0 and s["interval"] is None, s
' "$T/out"
check $? "no rounds: undecided, no interval"
kb --db nor.db analyze --sequential
expect_rc 2 "--sequential without --compare"
expect_err "kbench: analyze: --sequential needs --compare A B: it reads a comparison round by round" \
    "--sequential without --compare"
kb --db nor.db plot compare --compare before after --sequential -o no
expect_rc 2 "plot --sequential: not an option of plot"

# As attacked.  Several runs a side (the runs the unit): an A/A of 3 runs
# a side with a 3% run-to-run spread was "decided" in 71% of series when
# read by rounds: not computed now, said.
awk 'BEGIN { srand(1); print "label,run,k,round,v"
    for (s = 0; s < 2; s++) for (u = 0; u < 3; u++) {
    off = 1 + 0.05 * (rand() * 2 - 1); for (r = 1; r <= 20; r++)
    for (i = 0; i < 3; i++) printf "%s,%d,k,%d,%.4f\n", s ? "B" : "A", u, r,
    100 * off * (1 + 0.01 * (rand() - 0.5)) } }' >runs.csv
kb --db runs.db import -q --run-by label --run-by run --key k --round-by round --value v runs.csv
kb --db runs.db analyze --compare A B --sequential
grep -q '^k *0 *- *- *- - (the runs are the unit) ~$' "$T/out"
check $? "several runs a side: not read by rounds, said ($(grep '^k ' "$T/out" | tail -1))"
# A change that moves after its decision: flagged d everywhere.
awk 'BEGIN { srand(5); print "label,side,round,v"; for (r = 1; r <= 40; r++)
    for (i = 0; i < 3; i++) printf "x,a,%d,%.4f\nx,b,%d,%.4f\n", r, 100 + rand(),
    r, (r <= 10 ? 110 : 90) + rand() }' >drift.csv
kb --db drift.db import -q --run-by label --key side --round-by round --value v drift.csv
kb --db drift.db analyze --compare side=a side=b --sequential
grep -q ' after 6 regressed d$' "$T/out" && grep -q '^Flags (!) of this table: d the rounds' "$T/out"
check $? "drift after the decision: flagged d, the flag said"
kb --db drift.db analyze --compare side=a side=b --sequential --format csv
python3 -c '
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))[0]
assert r["seq_drift"] == "true" and r["seq_decided_at"] == "6", r
' "$T/out"
check $? "drift: the CSV's seq_drift"
# Runs shared, rounds that never meet: the i-th of each, as documented.
awk 'BEGIN { srand(3); print "label,side,round,v"; for (r = 1; r <= 12; r++)
    for (i = 0; i < 3; i++) printf "x,a,%d,%.4f\nx,b,%d,%.4f\n", r, 100 + rand(),
    r + 12, 110 + rand() }' >nomatch.csv
kb --db nomatch.db import -q --run-by label --key side --round-by round --value v nomatch.csv
kb --db nomatch.db analyze --compare side=a side=b --sequential --format json
python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["comparisons"][0]["sequential"]
assert s["rounds"] == 12 and not s["paired"] and s["decided_at"] == 6, s
' "$T/out"
check $? "rounds that never meet: read the i-th of each"
# Unbounded (too few rounds): no made-up bound in CSV or JSON.
kb --db few.db analyze --compare before after --sequential --format csv
python3 -c '
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))[0]
assert r["seq_lo"] == "" and r["seq_hi"] == "", r
' "$T/out"
check $? "an unbounded interval: empty in the CSV, not -1 and inf"
kb --db few.db analyze --compare before after --sequential --format ministat
expect_rc 2 "--sequential --format ministat"
expect_err "kbench: analyze: --format ministat shows the distributions, not --sequential's rounds: text, markdown, csv or json" \
    "--sequential --format ministat: refused"

# --plan: the paired pilot above, for a 2% change at 80% power.
kb --db pair.db analyze --compare side=a side=b --plan 2%
expect_rc 0 "--plan 2%"
sed -n '/^Plan/,/^$/p' "$T/out" >got
cat >want <<'EOT'
Plan (--plan 2%, power 80%): the rounds each series needs to decide a change of 2%, from the spread
of its rounds here (sd of their log ratios; "fixed": a design of that many rounds, tested once;
"--until": the round by which collect --until decided has decided 80% of such series, "median" half
of them). For every series: 5 rounds in a fixed design, or --until decided --max-rounds 10 (half of
them by round 8).
series  spread fixed --until (80%) median
side=a  +1.18%     5            10      8

EOT
cmp -s want got; check $? "--plan 2%: the table and what to do ($(sed -n 7p got))"
kb --db pair.db analyze --compare side=a side=b --plan 2 --format json
python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["comparisons"][0]["sequential"]
assert s["plan"] == {"fixed_rounds": 5, "sequential_rounds": 10, "sequential_median": 8}, s
assert "%+.2f%%" % (100 * (__import__("math").exp(s["sd"]) - 1)) == "+1.18%", s
' "$T/out"
check $? "--plan: the JSON's plan, as the text"
kb --db pair.db analyze --compare side=a side=b --plan 2% --power 40
expect_rc 2 "--power 40"
expect_err "kbench: analyze: --power 40: expected the share of series to decide, in percent (50 to 99.9: 80%)" "--power 40"
kb --db pair.db analyze --plan 2%
expect_rc 2 "--plan without --compare"
expect_err "kbench: analyze: --plan needs --compare A B: it reads a comparison round by round" "--plan without --compare"
kb --db pair.db analyze --compare side=a side=b --plan 0
expect_rc 2 "--plan 0"
expect_err "kbench: analyze: --plan 0: expected the change to plan for, in percent (0 < P <= 1000: 5%)" "--plan 0: said"
