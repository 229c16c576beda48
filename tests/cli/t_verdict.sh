#!/bin/sh
# One coherent verdict: in a comparison the change, its interval, p, the
# verdict, the medians beside them and the chart never contradict each
# other, in any format.  Each case below failed on the commit before the
# fix (d845911), as its comment says; the last part checks the verdict
# rule and the agreement of the formats on random data of every shape.
. "$(dirname "$0")/lib.sh"

CHECK=$KBENCH_TOP/tests/tools/check_compare.py
GEN=$KBENCH_TOP/tests/tools/gen_compare.py

# data DB "LABEL:v v v" ... : one series (k=x, unit ns), a label a side.
data() {
	db=$1
	shift
	echo "label,k,v" >in.csv
	for side in "$@"; do
		for v in ${side#*:}; do
			echo "${side%%:*},x,$v" >>in.csv
		done
	done
	rm -f "$db"
	"$KBENCH" --db "$db" import -q --run-by label --key k --value v \
	    --unit ns in.csv
}

# jget DB JQ ARGS...: one value of analyze --compare A B ARGS as JSON.
jget() {
	db=$1 q=$2
	shift 2
	"$KBENCH" --db "$db" analyze --compare A B --format json "$@" |
	    jq -r "$q"
}

#
# 1. The estimate does not depend on the level.  Before: where the level
#    asked for more samples than an interval needs, the change became
#    the ratio of the medians (4 vs 4 at 99%: +86.96% instead of HL's
#    +87.08%).  py: the median of the 16 ratios b/a of A = 10..13,
#    B = 20..23 is the geometric mean of 1.8333.. and 1.9090..:
#    0.8708286933869707.
#
data four.db "A:10 11 12 13" "B:20 21 22 23"
c95=$(jget four.db '.comparisons[0].change' -c 95)
c99=$(jget four.db '.comparisons[0].change' -c 99)
[ "$c95" = 0.8708286933869707 ] && [ "$c99" = 0.8708286933869707 ]
check $? "4 vs 4: the Hodges-Lehmann estimate at 95% and 99% (got $c95, $c99)"
ci=$(jget four.db '.comparisons[0].change_ci' -c 99)
[ "$ci" = null ]; check $? "4 vs 4 at 99%: no interval (got $ci)"
kb --db four.db analyze --compare A B -c 99
grep -q '^x  4/4 11.5 21.5 *+87\.08% 0.0286 ~  *fvnur$' "$T/out"; check $? "4 vs 4 at 99%: the row shows +87.08% and n"
grep -q 'n  *no 99% interval of the change, so no verdict: k=x (needs 5 a side)' "$T/out"
check $? "4 vs 4 at 99%: the warning says why there is no interval"

data twoseven.db "A:10 12" "B:11 13 15 9 30 31 32"
a=$(jget twoseven.db '.comparisons[0].change' -c 80)
b=$(jget twoseven.db '.comparisons[0].change' -c 95)
[ "$a" = "$b" ]; check $? "2 vs 7: one estimate at 80% and 95% ($a, $b)"

# a few hundred against three, at 99.9%
awk 'BEGIN { printf "A:"; for (i = 0; i < 300; i++) printf " %d", 100 + i % 17;
    print "" }' >many
data many.db "$(cat many)" "B:104 109 111"
a=$(jget many.db '.comparisons[0].change' -c 99.9)
b=$(jget many.db '.comparisons[0].change' -c 90)
[ "$a" = "$b" ]; check $? "300 vs 3: one estimate at 99.9% and 90% ($a, $b)"

# heavy ties: one estimate at every level, also with the t tests
data ties.db "A:1 1 2 2 2 3" "B:2 2 2 3 3 3"
for t in u welch student; do
	a=$(jget ties.db '.comparisons[0].change' -c 99.5 --test $t)
	b=$(jget ties.db '.comparisons[0].change' -c 80 --test $t)
	[ "$a" = "$b" ]; check $? "ties, --test $t: one estimate at 99.5% and 80% ($a, $b)"
done

#
# 2. Values <= 0: the direction comes from the shift, the change is a
#    difference in the unit.  Before: -12 -> -22 (lower, better) was
#    "regressed" with +83% by all three tests.
#
data neg.db "A:-10 -11 -12 -13 -14 -15 -9" "B:-20 -21 -22 -23 -24 -25 -19"
for t in u welch student; do
	v=$(jget neg.db '.comparisons[0] | "\(.verdict) \(.scale) \(.change)"' --test $t)
	[ "$v" = "improved shift -10" ]; check $? "negative values, --test $t: improved by -10 ns (got $v)"
done
kb --db neg.db analyze --compare A B
grep -q '^x  7/7 -12 -22 *-10 ns *-13 ns \.\. -7 ns  *0\.000583 improved  *vaur$' "$T/out"
check $? "negative values: the row reads -10 ns, its interval in ns, improved, flag a"
grep -q 'a  *a difference B - A in the unit, not a ratio' "$T/out"
check $? "negative values: the a flag is explained under the table"
kb --db neg.db analyze --compare A B --width 300
grep -q "rows flagged a: the Hodges-Lehmann shift B - A in the series' unit" "$T/out"
check $? "negative values: the header names the estimator of a flagged row"
kb --db neg.db analyze --compare A B --test welch --width 300
grep -q "rows flagged a: the difference of means B - A in the series' unit" "$T/out"
check $? "negative values, welch: the header names the difference of means"
# straddling zero, higher is worse: a regression
data zero.db "A:-3 -2 -1 0 1 2 3" "B:5 6 7 8 9 10 11"
v=$(jget zero.db '.comparisons[0] | "\(.verdict) \(.scale) \(.change)"')
[ "$v" = "regressed shift 8" ]; check $? "values across 0: regressed by +8 (got $v)"
# the same shape in kbench trend agrees (it always did)

#
# 3. The interval and the verdict come from one procedure.  Before:
#    Holm-adjusted p with unadjusted intervals, so three series each at
#    p = 0.03 showed 95% intervals clear of 0 and "~".  Now the intervals
#    are at 1 - 0.05/3 and include 0.
#
printf 'label,k,v\n' >holm.csv
for s in s1 s2 s3; do
	for v in 1 2 3 4 5 6 7 8 9 10; do
		echo "A,$s,$v" >>holm.csv
		echo "B,$s,$(echo "$v" | awk '{ print $1 + 3.6 }')" >>holm.csv
	done
done
rm -f holm.db
"$KBENCH" --db holm.db import -q --run-by label --key k --value v --unit ns holm.csv
kb --db holm.db analyze --compare A B --format json
python3 "$CHECK" rules "$T/out" >problems
check $? "three series at p = 0.03: the verdict rule holds ($(head -1 problems))"
v=$(jq -r '[.comparisons[] | "\(.verdict) \(.change_ci.lo < 0)"] | unique | join(",")' "$T/out")
[ "$v" = "~ true" ]; check $? "three series at p = 0.03: all ~, every interval includes 0 (got $v)"
lv=$(jq -r '.interval_level' "$T/out")
[ "$lv" = 98.33333333333333 ]; check $? "the intervals are at 1 - 0.05/3 (got $lv)"
# Holm's step-down passes s1 (p 0.0288 < 0.05), its 97.5% interval does not
printf 'label,k,v\n' >step.csv
for v in 1 2 3 4 5 6 7 8 9 10; do
	echo "A,s1,$v" >>step.csv
	echo "B,s1,$(echo "$v" | awk '{ print $1 + 3.6 }')" >>step.csv
	echo "A,s2,$v" >>step.csv
	echo "B,s2,$((v + 20))" >>step.csv
done
rm -f step.db
"$KBENCH" --db step.db import -q --run-by label --key k --value v --unit ns step.csv
kb --db step.db analyze --compare A B
grep -q '^s1  10/10 5.5  9.1 *+65.36% *-4.00% \.\. +253.33% *0.0288 ~  *viur$' "$T/out"
check $? "p 0.0288 after Holm, 97.5% interval through 0: ~ with flag i"
grep -q "i  *p < 0.05, but the 97.5% interval includes 0, so no verdict (Holm's step-down" "$T/out"
check $? "the i flag is explained under the table"
head -6 "$T/out" >got
cat >want <<'EOF'
A (baseline) vs B: Mann-Whitney U test on the samples, 95% confidence
unit of evidence: the sample (10 a side): no rounds recorded, samples assumed independent;
run-to-run variation unmeasured (one run a side): the intervals do not cover it
change: the Hodges-Lehmann ratio of B/A - 1, with Moses' 97.5% interval (95% simultaneous over 2
series, Bonferroni)
verdict: the interval excludes 0 and p < 0.05 after Holm's adjustment over 2 series; threshold 0%
EOF
cmp -s want got; check $? "the header says the estimator, the interval's level and the verdict rule"
kb --db step.db analyze --compare A B --no-adjust --format json
v=$(jq -r '"\(.interval_level) \(.comparisons[0].verdict)"' "$T/out")
[ "$v" = "95 regressed" ]; check $? "--no-adjust: 95% intervals, s1 regressed (got $v)"
# below the threshold: significant, ~, and said so
kb --db step.db analyze --compare A B --threshold 400
grep -q '^s2 .* ~  *vtur$' "$T/out" && grep -q 't  *significant, but smaller than the threshold of 400%' "$T/out"
check $? "--threshold 400: s2 is ~ with flag t, explained"

#
# 4. The estimator is named, and an estimate at odds with the medians is
#    flagged.  py: A = 100 x4, 200 x3; B = 50 x3, 120 x4: the medians go
#    100 -> 120 (+20%), the 25th of the 49 ratios is 0.6 (-40%).
#
data hl.db "A:100 100 100 100 200 200 200" "B:50 50 50 120 120 120 120"
kb --db hl.db analyze --compare A B
grep -q '^x  7/7 100 120 *-40.00% -75.00% .. +20.00% 0.333 ~  *vmur$' "$T/out"
check $? "HL -40% against medians +20%: flag m"
tr '\n' ' ' <"$T/out" | tr -s ' ' | grep -q 'k=x (-40.00%, medians +20.00%)'
check $? "the m warning gives both numbers"
grep -q 'change (HL)' "$T/out"; check $? "the column names the estimator"
kb --db hl.db analyze --compare A B --test welch
grep -q 'change (means)' "$T/out"; check $? "--test welch: the column says means"
mkdir hlc
"$KBENCH" --db hl.db plot compare --compare A B -o hlc --format svg >/dev/null
grep -q "set xlabel 'change (%): Hodges-Lehmann ratio of B/A - 1; lower is better'" hlc/compare.gp
check $? "the chart's axis names the estimator"

#
# 7. Ratios that overflow keep the JSON's schema, and the geometric mean
#    is taken in logs.  Before: an interval object of nulls, and NaN for
#    a geometric mean of 1e400 and 1e-400, which is 1.
#
printf 'label,k,v\n' >big.csv
for v in 1 1.1 1.2 1.3 1.4 1.5; do
	echo "A,up,${v}e-200" >>big.csv
	echo "B,up,${v}e200" >>big.csv
	echo "A,down,${v}e200" >>big.csv
	echo "B,down,${v}e-200" >>big.csv
done
rm -f big.db
"$KBENCH" --db big.db import -q --run-by label --key k --value v --unit ns big.csv
kb --db big.db analyze --compare A B --format json
expect_rc 0 "overflowing ratios"
v=$(jq -c '[.comparisons[] | .change_ci]' "$T/out")
# down: 1e-400 underflows to a change of exactly -1 (-100%), true to
# double precision, so that interval stands
[ "$v" = '[null,{"lo":-1,"hi":-1,"level":98.48484848484848}]' ]
check $? "overflowing ratios: change_ci is null, not an object of nulls (got $v)"
v=$(jq -r '.summary.geomean_ratio' "$T/out")
[ "$v" = 1 ]; check $? "geometric mean of 1e400 and 1e-400 is 1 (got $v)"

#
# 8. Sides that pool unlike runs are flagged.  Before: the seed's
#    unpatched vs calloutng_12_26 pooled HZ 100, 250 and 1000 silently.
#
kb --db seed.db import -q -b sleep --run-by label --run-by hz --key method \
    --key usec --value measured_us --unit us \
    "$KBENCH_TOP/examples/calloutng-rpi.csv"
kb --db seed.db analyze --compare unpatched calloutng_12_26
tail -5 "$T/out" >got
cat >want <<'EOF'
Pooled runs differ in facts that change results:
  unpatched: 3 runs with hz 100, 250, 1000
  calloutng_12_26: 3 runs with hz 100, 250, 1000
  Compare like with like: within one value (--where hz=100), or along the fact (--compare hz=100
    hz=250).
EOF
cmp -s want got; check $? "pooled HZ named under the table"
kb --db seed.db analyze --compare unpatched calloutng_12_26 --format json
v=$(jq -c '.pooling[0]' "$T/out")
[ "$v" = '{"pool":"unpatched","fact":"hz","runs":3,"values":["100","250","1000"]}' ]
check $? "json: pooling (got $v)"
kb --db seed.db analyze --compare unpatched calloutng_12_26 --where hz=1000
grep -q 'Pooled runs differ' "$T/out" && not_ok "one HZ: no pooling note" || ok "one HZ: no pooling note"
kb --db seed.db analyze --by label
grep -q '^  label=unpatched: 3 runs with hz 100, 250, 1000$' "$T/out"
check $? "summaries: a group that pools HZ is named too"

#
# 9. Charts draw no interval that does not exist, and say what they draw.
#    Before: lo = hi = the median, under "95% intervals".
#
mkdir sl
"$KBENCH" --db seed.db plot sleep --where label=unpatched -o sl --format svg >/dev/null
n=$(awk '/^\$p/ { b = 1; next } /^EOD/ { b = 0 } b && NF != 2' sl/sleep.gp | wc -l)
[ "$n" -eq 0 ]; check $? "sleep chart of n = 1: no bounds, only x and the median ($n rows with more)"
grep -q 'yerrorbars' sl/sleep.gp && not_ok "sleep chart of n = 1: no error bars drawn" ||
    ok "sleep chart of n = 1: no error bars drawn"
grep -q 'single values, no intervals' sl/sleep.gp; check $? "sleep chart of n = 1: the footer says single values"
grep -q '95% intervals' sl/sleep.gp && not_ok "no '95% intervals' on single values" ||
    ok "no '95% intervals' on single values"
printf 'label,head,hook,threads,v\n' >lock.csv
for h in rw rm; do
	for k in null mtx; do
		echo "seed,$h,$k,1,1${#h}${#k}" >>lock.csv
		for i in 1 2 3 4 5 6 7; do
			echo "seed,$h,$k,2,$((i * 3 + 200))" >>lock.csv
		done
	done
done
"$KBENCH" --db lock.db import -q -b lock --run-by label --key head --key hook \
    --key threads --value v --unit ns lock.csv
mkdir lk
"$KBENCH" --db lock.db plot lock -o lk --format svg >/dev/null
check $? "plot lock of a mixed table"
n=$(awk '/^\$t0_/ { b = 1; next } /^EOD/ { b = 0 } b && $3 == "NaN" && $4 == "NaN"' lk/lock.gp | wc -l)
[ "$n" -eq 4 ]; check $? "lock chart: the 4 one-value points have no bounds (got $n)"
n=$(awk '/^\$t1_/ { b = 1; next } /^EOD/ { b = 0 } b && $3 != "NaN"' lk/lock.gp | wc -l)
[ "$n" -eq 4 ]; check $? "lock chart: the 4 points of 7 values have bounds (got $n)"
grep -q '95% intervals of the median where n >= 6' lk/lock.gp
check $? "lock chart: the footer says where intervals are drawn"
grep -q 'with vectors heads' lk/lock.gp && grep -q 'with boxes' lk/lock.gp
check $? "lock chart: boxes, and error bars drawn apart from them"
# the forest plot: a row without an interval is a hollow point, no bar
"$KBENCH" --db four.db plot compare --compare A B -c 99 -o hlc --format svg >/dev/null
awk '/^\$r_same_n/ { b = 1; next } /^EOD/ { b = 0 } b' hlc/compare.gp >got
[ "$(cat got)" = "1 87.08286933869707" ]; check $? "forest plot: no interval, no bar (got $(cat got))"
grep -q 'hollow: no interval (1)' hlc/compare.gp; check $? "forest plot: the footer says so"

#
# 5, 6: the exact sums are pinned in test_stats (against exact rational
# arithmetic); ministat's own arithmetic in t_ministat (ill.A.out).  Here:
# analyze --format ministat prints FreeBSD's digits for the same data,
# analyze its exact ones.
#
printf 'label,v\n' >ill.csv
sed 's/^/ill_a,/' "$FIXTURES/ministat/ill_a" >>ill.csv
sed 's/^/ill_b,/' "$FIXTURES/ministat/ill_b" >>ill.csv
"$KBENCH" --db ill.db import -q -b ill --run-by label --value v ill.csv
kb --db ill.db analyze --format ministat
expect_out_file "$FIXTURES/ministat/ill.A.out" "analyze --format ministat: FreeBSD's arithmetic"
kb --db ill.db analyze --format json
v=$(jq -r '.groups[0].stddev' "$T/out")
# py: ref_ministat.py prints the exact stddev 0.00029740890230118362
[ "$v" = 0.0002974089023011836 ]; check $? "analyze: the exact stddev (got $v)"

#
# Series keys named like columns (p, verdict, test_method): headed
# key.NAME in the text, Markdown and CSV, never a second "p" column.
#
printf 'label,p,verdict,test_method,v\n' >kc.csv
for i in 1 2 3 4 5 6 7; do
	echo "A,z,y,x,$i" >>kc.csv
	echo "B,z,y,x,$((i + 1))" >>kc.csv
done
"$KBENCH" --db kc.db import -q --run-by label --key p --key verdict \
    --key test_method --value v --unit ns kc.csv
for f in text csv json markdown; do
	"$KBENCH" --db kc.db analyze --compare A B --format $f >kc.$f
done
mkdir kcg
"$KBENCH" --db kc.db plot compare --compare A B -o kcg --format svg >/dev/null
head -1 kc.csv | grep -q '^series,key.p,key.test_method,key.verdict,unit,'
check $? "csv: keys named like columns are key.NAME ($(head -1 kc.csv | cut -c1-60))"
python3 "$CHECK" agree kc.text kc.csv kc.json kc.markdown kcg/compare.gp >problems
check $? "keys named like columns: every format agrees ($(head -1 problems))"

#
# The rule and the formats, on random data of every shape.
#
for seed in 1 2 3; do
	python3 "$GEN" $seed >r$seed.csv
	"$KBENCH" --db r$seed.db import -q --run-by label --key k --value v \
	    --unit ns r$seed.csv
	for opts in "" "-c 99" "-c 80" "--test welch" "--test student" \
	    "--no-adjust" "--threshold 5" "--test welch -c 99.9 --threshold 2"; do
		# shellcheck disable=SC2086
		"$KBENCH" --db r$seed.db analyze --compare A B $opts \
		    --format json >r.json
		python3 "$CHECK" rules r.json >problems
		check $? "seed $seed $opts: the verdict rule holds ($(head -1 problems))"
	done
	for f in text csv json markdown; do
		"$KBENCH" --db r$seed.db analyze --compare A B --format $f >out.$f
	done
	mkdir f$seed
	"$KBENCH" --db r$seed.db plot compare --compare A B -o f$seed --format svg >/dev/null
	python3 "$CHECK" agree out.text out.csv out.json out.markdown f$seed/compare.gp >problems
	check $? "seed $seed: text, CSV, JSON, Markdown and chart agree ($(head -1 problems))"
done
kb --db lat.db import -q --run-by label --key method --key usec --value v \
    --unit us "$FIXTURES/analyze/latency.csv"
for f in text csv json markdown; do
	"$KBENCH" --db lat.db analyze --compare before after --test welch --format $f >out.$f
done
mkdir fl
"$KBENCH" --db lat.db plot compare --compare before after --test welch -o fl --format svg >/dev/null
python3 "$CHECK" agree out.text out.csv out.json out.markdown fl/compare.gp >problems
check $? "latency, --test welch: the formats agree ($(head -1 problems))"
