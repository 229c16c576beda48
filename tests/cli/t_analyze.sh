#!/bin/sh
# kbench analyze: the seed's table read back, summaries, comparisons,
# every output format, and the errors.
. "$(dirname "$0")/lib.sh"

SEED=$KBENCH_TOP/examples/calloutng-rpi.csv
F=$FIXTURES/analyze

kb --db seed.db import -q -b sleep --run-by label --run-by hz --key method \
    --key usec --value measured_us --unit us "$SEED"
kb --db lat.db import -q --run-by label --key method --key usec \
    --value v --unit us "$F/latency.csv"

# 1. The seed's "With no patches" table: method x usec down, HZ across,
#    and every number equal to the CSV's (n = 1: the value, no interval).
kb --db seed.db analyze -b sleep --by hz --where label=unpatched
expect_rc 0 "analyze --by hz of the seed table"
expect_out_file "$F/seed_unpatched_by_hz.out" "analyze --by hz: the seed's table"
# Independently of the golden: every cell against the CSV, by awk.
awk -F, '$1 == "unpatched" { v[$3 " " $4 " " $2] = $5 + 0 }
    END { for (k in v) print k, v[k] }' "$SEED" | sort >want
awk 'NR > 7 && NF == 8 { print $1, $2, "100", $4 + 0; print $1, $2, "250", $6 + 0;
    print $1, $2, "1000", $8 + 0 }' "$T/out" | sort >got
cmp -s want got; check $? "each of the 105 cells is the CSV's value"
n=$(wc -l <got)
[ "$n" -eq 105 ]; check $? "105 cells (7 methods x 5 durations x 3 HZ), got $n"
grep -qiw 'nan' "$T/out" && not_ok "n = 1 shows no NaN" || ok "n = 1 shows no NaN"

# 2. Summary of one label: every statistic.
kb --db lat.db analyze --label before
expect_rc 0 "analyze of one label"
expect_out_file "$F/latency_before.out" "analyze --label before"

# 3. Comparison.  The p-values are exact Mann-Whitney ones; R 4.2.2's
#    wilcox.test(before, after, exact = TRUE) gives 4.589708878e-14
#    (nanosleep 100), 0.2358857644 (select 100), 1.691123389e-17 (poll
#    100); Holm multiplies the smallest by 6.
kb --db lat.db analyze --compare before after
expect_rc 0 "analyze --compare"
expect_out_file "$F/latency_compare.out" "analyze --compare before after"
# (jq reads the JSON: the CSV's series column holds commas.)
kb --db lat.db analyze --compare before after --format json
jq -r '.comparisons[] | "\(.a.keys.method) \(.a.keys.usec) \(.verdict)"' "$T/out" >got
cat >want <<'EOT'
nanosleep 100 improved
nanosleep 1000 improved
select 100 ~
select 1000 ~
poll 100 regressed
poll 1000 regressed
EOT
cmp -s want got; check $? "verdicts: nanosleep improved, select ~ (bimodal), poll regressed"
p=$(jq -r '.comparisons[0].p' "$T/out")
[ "$p" = 4.5897088783280805e-14 ]; check $? "exact U p-value as R's wilcox.test (got $p)"

kb --db lat.db analyze --compare before after --fail-on-regression
expect_rc 1 "--fail-on-regression with poll 10% slower"
kb --db lat.db analyze --compare before after --fail-on-regression --where method=nanosleep
expect_rc 0 "--fail-on-regression when nothing regressed"
kb --db lat.db analyze --compare before after --fail-on-regression --threshold 12
expect_rc 0 "--threshold 12: a 10% change is within noise"
grep -c ' ~ ' "$T/out" >got; echo 0 >want
kb --db lat.db analyze --compare before after --test welch --format json
jq -r '.comparisons[].verdict' "$T/out" | sort | uniq -c | awk '{ print $2, $1 }' >got
printf '%s\n' 'improved 2' 'regressed 2' '~ 2' >want
cmp -s want got; check $? "--test welch gives the same verdicts here"
kb --db lat.db analyze --compare label=before label=after --no-adjust --format json
jq -e '[.comparisons[] | .p == .p_adjusted] | all' "$T/out" >/dev/null
check $? "--no-adjust: p equals adjusted p"
kb --db seed.db analyze --compare hz=100 hz=1000 --where label=unpatched --where method=select
expect_rc 0 "--compare KEY=VALUE selectors"
grep -q 'untested' "$T/out"; check $? "n = 1 sides are untested, not NaN"
grep -qiw 'nan' "$T/out" && not_ok "compare with n = 1 shows no NaN" || ok "compare with n = 1 shows no NaN"

# 4. Formats.
kb --db lat.db analyze --compare before after --format json
expect_rc 0 "--format json"
jq -e '.schema_version == 3 and .kind == "compare" and (.comparisons | length) == 6
    and .summary.regressed == 2' "$T/out" >/dev/null
check $? "json: schema_version, kind, 6 comparisons, 2 regressed"
kb --db lat.db analyze --format json
jq -e '(.groups | length) == 12 and .groups[0].median_ci.level >= 95' "$T/out" >/dev/null
check $? "json summary: 12 groups with intervals"
kb --db seed.db analyze --format json --where hz=100
jq -e '.groups[0].median_ci == null and .groups[0].n == 1' "$T/out" >/dev/null
check $? "json: n = 1 has a null interval"
kb --db lat.db analyze --format markdown --label before
head -6 "$T/out" | tail -1 | grep -q '^| method | usec | n | median |'; check $? "markdown table header"
sed -n 7p "$T/out" | grep -q '^| --- | --- | ---: |'; check $? "markdown alignment row"
kb --db lat.db analyze --format ministat --where method=poll --where usec=100
expect_rc 0 "--format ministat on one series"
expect_out_file "$F/poll100.ministat.out" "--format ministat is ministat -A"
# The same numbers through kbench ministat on exported files.
mkdir m
"$KBENCH" --db lat.db export --format ministat -o m --where method=poll --where usec=100
(cd m && "$KBENCH" ministat -A before.method-poll.usec-100.txt after.method-poll.usec-100.txt) >ms.out
tail -n +3 ms.out >a; tail -n +3 "$T/out" >b
cmp -s a b; check $? "--format ministat agrees with kbench ministat on exported files"

# 5. Errors: exact message, exit 2.
kb --db lat.db analyze --label nosuch
expect_rc 2 "an unknown label"
expect_err "kbench: analyze: no run has the label 'nosuch' (kbench runs lists them)" "an unknown label"
kb --db lat.db analyze --where method=nosuch
expect_rc 2 "an empty selection"
expect_err "kbench: analyze: no samples match the selection" "an empty selection"
kb --db lat.db analyze --compare before nosuch
expect_rc 2 "--compare with a side that does not exist"
expect_err "kbench: analyze: --compare: no samples for 'nosuch' (a label, a KEY=VALUE selector or a run id) in the selection" \
    "--compare with a side that does not exist"
kb --db lat.db analyze --compare before
expect_rc 2 "--compare with one side"
kb --db lat.db analyze --by nosuchfact
expect_rc 2 "--by a fact no run has"
expect_err "kbench: analyze: --by nosuchfact: no run in the selection has it (a run fact, a series key, or label, benchmark, status, uuid, run)" \
    "--by a fact no run has: refused, not one group of everything"
expect_empty_out "--by a fact no run has"
kb --db lat.db analyze --by run --format csv
expect_rc 0 "--by run, a run attribute"
# Filters are bounded: 1,500 --where keys are a usage error, not SQLite's
# "Expression tree is too large" (exit 3).
w=$(awk 'BEGIN { for (i = 1; i <= 1500; i++) printf " --where k%d=v", i }')
kb --db lat.db analyze $w
expect_rc 2 "1,500 --where keys"
expect_err "kbench: analyze: --where 'k101=v': more than 100 different keys" "1,500 --where keys"
w=$(awk 'BEGIN { for (i = 1; i <= 100; i++) printf " --where k%d=v --run r%d", i, i }')
kb --db lat.db analyze $w
expect_err "kbench: analyze: no samples match the selection" "100 keys and 100 runs: a query SQLite takes"
w=$(awk 'BEGIN { for (i = 1; i <= 1001; i++) printf " --where method=m%d", i }')
kb --db lat.db analyze $w
expect_rc 2 "1,001 filter values"
expect_err "kbench: analyze: more than 1000 filter values (--label, --run, -b, --where) in all" \
    "1,001 filter values"
# A --compare side's parts are bounded as --where's (they were not: exit 3,
# "Expression tree is too large").
side=$(awk 'BEGIN { printf "method=nanosleep"; for (i = 1; i <= 1200; i++) printf ",k%d=v", i }')
kb --db lat.db analyze --compare "$side" label=after
expect_rc 2 "a side of 1,201 keys"
expect_err "kbench: analyze: --compare 'k100=v': more than 100 different keys" "a side of 1,201 keys"
side=$(awk 'BEGIN { printf "method=a"; for (i = 1; i <= 1000; i++) printf ",method=m%d", i }')
kb --db lat.db plot compare --compare before "$side" -o bound
expect_rc 2 "plot compare, a side of 1,001 values"
expect_err "kbench: plot: --compare: with its sides' parts, more than 1000 filter values (--label, --run, -b, --where) in all" \
    "plot compare, a side of 1,001 values"
kb --db lat.db analyze --compare before after --where usec=100 --where method=poll --where method=select --run 1 --run 2
expect_rc 0 "--compare within a --run selection"
printf 'label,method,usec,v\nlater,poll,100,1\nlater,poll,100,2\nlater,extra,1,3\nlater,extra,1,4\n' >more.csv
"$KBENCH" --db lat.db import -q --run-by label --key method --key usec --value v --unit us more.csv
kb --db lat.db analyze --compare before later
expect_rc 2 "series on one side only"
expect_err "kbench: analyze: --compare: 6 series are not on both sides:
  'method=nanosleep,usec=100' only in before
  'method=nanosleep,usec=1000' only in before
  'method=select,usec=100' only in before
  'method=select,usec=1000' only in before
  'method=poll,usec=1000' only in before
  (and 1 more)
narrow the selection (--where, -b) to the series both have" "series on one side only"
kb --db lat.db analyze -c 100
expect_rc 2 "-c 100"
expect_err "kbench: analyze: -c 100: expected a confidence level between 0 and 100 (percent)" "-c 100"
kb --db lat.db analyze --format yaml
expect_rc 2 "an unknown format"
kb --db lat.db analyze --test t
expect_rc 2 "an unknown test"
kb --db lat.db analyze --format ministat
expect_rc 2 "--format ministat over several series"
kb --db lat.db analyze --format ministat -c 97 --where method=poll --where usec=100
expect_rc 2 "--format ministat at a level ministat lacks"

# --warnings: summary (the default), full (every group named), none.
kb --db lat.db analyze --compare before after --warnings none
grep -q 'Warnings:' "$T/out" && not_ok "--warnings none: no warnings" || ok "--warnings none: no warnings"
kb --db lat.db analyze --compare before after --no-warnings
grep -q 'Warnings:' "$T/out" && not_ok "--no-warnings is none" || ok "--no-warnings is none"
kb --db seed.db analyze --compare unpatched calloutng_12_26 --unit sample --warnings full
tr '\n' ' ' <"$T/out" | tr -s ' ' | grep -q 'and [0-9]* more' && not_ok "--warnings full names every group" ||
    ok "--warnings full names every group"
tr '\n' ' ' <"$T/out" | tr -s ' ' | grep -q 'no 99.86% interval of the change, so no verdict'
check $? "--warnings full keeps the comparison's notes"
kb --db seed.db analyze --compare unpatched calloutng_12_26 --unit sample --warnings none
tr '\n' ' ' <"$T/out" | tr -s ' ' | grep -q 'no 99.86% interval of the change, so no verdict'
check $? "--warnings none keeps the notes that explain the verdicts"
# --unit and --noise-floor: exact refusals, nothing printed.
kb --db lat.db analyze --compare before after --unit rounds
expect_rc 2 "--unit rounds"
expect_err "kbench: analyze: --unit 'rounds': expected auto, sample, round or run" "--unit rounds"
expect_empty_out "--unit rounds"
kb --db lat.db analyze --compare before after --noise-floor on
expect_rc 2 "--noise-floor on"
expect_err "kbench: analyze: --noise-floor 'on': expected auto or off" "--noise-floor on"
kb --db lat.db analyze --compare before after --noise-floor auto --test welch
expect_rc 2 "--noise-floor auto with --test welch"
expect_err "kbench: analyze: --noise-floor auto: the floor is the spread of the runs' medians, for the U test (the default), not --test welch" \
    "--noise-floor auto with --test welch"
kb --db lat.db analyze --unit round
expect_rc 2 "--unit without --compare"
expect_err "kbench: analyze: --unit needs --compare A B: it is how a comparison counts" "--unit without --compare"
kb --db lat.db analyze --compare before after --unit sample --format json
jq -e '[.comparisons[] | .unit == "sample" and .method == "mann-whitney"] | all' "$T/out" >/dev/null
check $? "--unit sample: every row counts samples"
kb --db lat.db analyze --compare before after --unit run --format json
v=$(jq -r '[.comparisons[] | "\(.unit) \(.verdict)"] | unique | join(",")' "$T/out")
[ "$v" = "run untested" ]; check $? "--unit run with a run a side: untested, not a guess (got $v)"
kb --db lat.db analyze --compare before after --unit run
grep -q 'untested: fewer units' "$T/out"; check $? "--unit run: the untested rows explained"
kb --db lat.db analyze --warnings loud
expect_rc 2 "--warnings loud"
expect_err "kbench: analyze: --warnings 'loud': expected summary, full or none" "--warnings loud"

# --width N wraps the prose; COLUMNS does on a terminal, not in a pipe.
kb --db lat.db analyze --compare before after --width 60
n=$(sed -n '/^Warnings:/,$p' "$T/out" | awk 'length > 60' | wc -l)
[ "$n" -eq 0 ]; check $? "--width 60: the warnings wrap at 60 columns ($n longer)"
kb --db lat.db analyze --compare before after --width 10
expect_rc 2 "--width 10"
expect_err "kbench: analyze: --width 10: expected a number of columns from 40 to 10000" "--width 10"
COLUMNS=50 "$KBENCH" --db lat.db analyze --compare before after >piped
n=$(sed -n '/^Warnings:/,$p' piped | awk 'length > 60' | wc -l)
[ "$n" -gt 0 ]; check $? "COLUMNS in a pipe: the default width ($n lines over 60)"
if script -qec true /dev/null >/dev/null 2>&1; then
	COLUMNS=50 script -qec "$KBENCH --db lat.db analyze --compare before after" /dev/null |
	    tr -d '\r' >tty.out
	n=$(sed -n '/^Warnings:/,$p' tty.out | awk 'length > 50' | wc -l)
	[ "$n" -eq 0 ] && grep -q '^Warnings:' tty.out
	check $? "COLUMNS on a terminal: the warnings wrap at 50 ($n longer)"
else
	skip "script(1) cannot give a terminal here (missing, or no /dev/pts): COLUMNS on a terminal untested"
fi
# A table wider than the width asked for: a block a row, the same cells.
kb --db lat.db analyze --compare before after --width 72
n=$(awk 'length > 72' "$T/out" | wc -l)
[ "$n" -eq 0 ]; check $? "--width 72: no line over 72 columns ($n)"
sed -n '/^method=nanosleep usec=100:/,+2p' "$T/out" >got
cat >want <<'EOT'
method=nanosleep usec=100: improved [our]
  n 30/30; before 155.5145; after 147.8065; change (HL) -4.75%; 99.17%
  CI -5.96% .. -3.49%; p 1.84e-13
EOT
cmp -s want got; check $? "--width 72: the row as a block, its cells the table's"
kb --db lat.db analyze --compare before after
grep -q '^nanosleep 100   30/30  155.5145  147.8065      -4.75%  -5.96% .. -3.49% 1.84e-13 improved  our$' "$T/out"
check $? "without --width: the table as before"

# --where K=V,K2=V2: both, as --compare reads a side (it matched nothing:
# "no samples match the selection", and plot compare blamed both sides).
# A value with a comma whose parts are not all KEY=VALUE stays whole.
cat >w.csv <<'EOT'
label,method,usec,value
before,nanosleep,300,10
before,nanosleep,300,11
before,nanosleep,3000,20
before,select,300,30
after,nanosleep,300,12
after,nanosleep,300,13
after,nanosleep,3000,22
after,select,300,33
EOT
kb --db w.db import -q --run-by label --key method --key usec --value value \
    --meta cmdline=console=ttyS0,115200 w.csv
expect_rc 0 "the --where data"
kb --db w.db analyze --where method=nanosleep --where usec=300
cp "$T/out" two.out
kb --db w.db analyze --where method=nanosleep,usec=300
expect_rc 0 "--where method=nanosleep,usec=300"
expect_out_file two.out "--where K=V,K2=V2 is --where K=V --where K2=V2"
grep -c '^nanosleep' "$T/out" | grep -qx 1
check $? "--where K=V,K2=V2: the one series"
kb --db w.db plot compare --compare before after --where method=nanosleep,usec=300 -o wch
expect_rc 0 "plot compare --where K=V,K2=V2"
kb --db w.db runs --where cmdline=console=ttyS0,115200
expect_rc 0 "--where with a comma inside a value"
[ "$(grep -c complete "$T/out")" = 2 ]
check $? "--where cmdline=console=ttyS0,115200: the value whole, both runs"

# --warnings none keeps the "!" column: its letters keep a one-line legend.
kb --db w.db analyze --where method=nanosleep,usec=300 --warnings none
grep -q '^Flags (!): f too few samples for a 95% interval$' "$T/out"
check $? "--warnings none: the flags' legend ($(grep Flags "$T/out"))"
! grep -q '^Warnings:' "$T/out"
check $? "--warnings none: no warnings paragraph"
kb --db w.db analyze --where method=nanosleep,usec=300
! grep -q '^Flags (!)' "$T/out" && grep -q '^Warnings:' "$T/out"
check $? "the default: the warnings paragraph says the letters, no legend line"

# --by a series key: its values become the columns, the rest of the series
# name the rows (it said "no run in the selection has it").  Each column's
# pooling check holds the runs that went into it: runs 1 and 2 (hz 100 and
# 1000) both have k=x; only run 1 has k=y; run 3 has k as a fact (as collect
# keeps a dimension of one value) and joins k=x's column.
printf 'label,hz,k,m,v\na,100,x,p,1\na,100,x,p,2\na,100,y,p,3\na,100,y,p,4\nb,1000,x,p,5\nb,1000,x,p,6\n' >byk.csv
printf 'label,m,v\nc,p,7\nc,p,8\n' >byk3.csv
kb --db byk.db import -q --run-by label --run-by hz --key k --key m --value v byk.csv
kb --db byk.db import -q --run-by label --meta k=x --meta hz=1000 --key m --value v byk3.csv
kb --db byk.db analyze --by k --width 100
expect_rc 0 "--by a series key"
expect_out "1 series x 2 k values, 95% confidence, medians with distribution-free intervals
intervals of the samples pooled: they do not cover round-to-round or run-to-run variation (a
comparison does: --compare)

             k=x                k=y
m  n median    CI median !  n median !
p  6    5.5 -81.8/+45.5% v  2    3.5 fv

Warnings:
  f too few samples for a 95% interval: m=p [k=y] (n 2, needs 6) [1 of 2 groups]
  v coefficient of variation above 10%: m=p [k=x] (57.7%), m=p [k=y] (20.2%) [2 of 2 groups]

Pooled runs differ in facts that change results:
  k=x: 3 runs with hz 100, 1000
  Compare like with like: within one value (--where hz=100), or split by it (--by hz)." \
    "--by a series key: a column per value, the pooling check per column"
kb --db byk.db analyze --by k --format json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
g = [(x["series"], x["by"], x["n"], sorted(x["keys"])) for x in d["groups"]]
assert g == [("m=p", "x", 6, ["m"]), ("m=p", "y", 2, ["m"])], g
assert [p["pool"] for p in d["pooling"]] == ["x"], d["pooling"]
' "$T/out"
check $? "--by a series key, JSON: the key leaves the series, one pooling note"
kb --db byk.db analyze --by k --where m=p --format ministat
expect_rc 0 "--by a series key, ministat"
head -2 "$T/out" | tr '\n' ' ' | grep -q '^x x + y $'
check $? "--by a series key, ministat: one distribution per value ($(head -2 "$T/out" | tr '\n' ' '))"
# --by a series key, as attacked: --redact of it is refused (its values
# are the blocks' names); values holding 0x1f keep two series apart; a
# key named like a CSV column is written by.KEY; the by key itself is no
# pooling difference of its own block.
kb --db byk.db analyze --by k --redact k
expect_rc 2 "--by a series key with --redact of it"
expect_err "kbench: analyze: --by k: a series key, whose values the blocks show; --redact hides facts, not series keys" \
    "--by a series key with --redact of it"
printf 'label,k,m,v\na,q\037r,p,1\na,q\037r,p,2\na,r,p\037q,100\na,r,p\037q,200\n' >us.csv
kb --db us.db import -q --run-by label --key k --key m --value v us.csv
kb --db us.db analyze --by k --format json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert sorted((g["series"], g["by"], g["n"]) for g in d["groups"]) == \
    [("m=p", "q\x1fr", 2), ("m=p\x1fq", "r", 2)], d["groups"]
' "$T/out"
check $? "--by a series key: values with 0x1f never merge two series"
printf 'label,unit,m,v\na,x,p,1\na,y,p,2\n' >col.csv
kb --db col.db import -q --run-by label --key unit --key m --value v col.csv
kb --db col.db analyze --by unit --format csv
[ "$(head -1 "$T/out" | cut -d, -f1-4)" = "series,m,by.unit,unit" ]
check $? "--by unit, a series key: its CSV column is by.unit, apart from unit ($(head -1 "$T/out" | cut -d, -f1-4))"
printf 'label,hz,m,v\nh,250,p,5\nh,250,p,6\nh,1000,p,7\n' >hzk.csv
kb --db hzk.db import -q --run-by label --meta hz=1000 --key hz --key m --value v hzk.csv
kb --db hzk.db analyze --by hz
! grep -q 'with hz ' "$T/out"
check $? "--by hz, a series key here, a fact there: not a pooling difference of its own block"
kb --db w.db analyze --by method --where usec=300 --format csv
expect_rc 0 "--by method, CSV"
cut -d, -f1-7 "$T/out" >byk.cut && mv byk.cut "$T/out"
expect_out "series,usec,method,unit,better,runs,n
usec=300,300,nanosleep,,lower,2,4
usec=300,300,select,,lower,2,2" "--by method, CSV: rows by usec, a column per method"
kb --db w.db analyze --format ministat
expect_rc 2 "--format ministat over three series"
expect_err "kbench: analyze: --format ministat compares the groups of one series: narrow the selection with --where (e.g. --where method=nanosleep --where usec=300)" \
    "--format ministat: the advice names this selection's keys"

# An even count's median is its value, the column's exact cells share its
# decimals: 15.8155 printed beside 22.309 gave a digit to one row only,
# and rounding it to the samples' 3 decimals could hide which way a
# change goes (1000.15 printed 1000.2 beside 1000.17, regressed).  A cell
# that rounds its value (123457 of 123456.789) is never padded.
printf 'label,k,v\nl,a,22.309\nl,b,15.815\nl,b,15.816\nl,c,4\nl,c,5\nl,d,12.5\nl,e,123456.789\n' >med.csv
kb --db med.db import -q --run-by label --key k --value v med.csv
kb --db med.db analyze --warnings none
grep '^[abcde] ' "$T/out" | awk '{ print $1, $3, $9, $10 }' >got
printf '%s\n' "a 22.3090 22.309 22.309" "b 15.8155 15.815 15.816" "c 4.5000 4.000 5.000" \
    "d 12.5000 12.500 12.500" "e 123457 123457 123457" >want
cmp -s want got; check $? "medians exact, a column's decimals alike, roundings unpadded ($(tr '\n' ' ' <got))"
awk 'BEGIN { print "label,s,v"; for (i = 0; i < 14; i++) print "before,x,999"
    print "before,x,1000.1"; for (i = 0; i < 15; i++) print "before,x,1000.2"
    for (i = 0; i < 16; i++) print "after,x,1000.17"; for (i = 0; i < 15; i++) print "after,x,1001" }' >dir.csv
kb --db dir.db import -q --run-by label --key s --value v dir.csv
kb --db dir.db analyze --compare before after
grep -q '^x  30/31 1000.15 1000.17 ' "$T/out"
check $? "the centers say which way the change goes ($(grep '^x ' "$T/out"))"
awk 'BEGIN { print "label,s,v"; for (i = 0; i < 30; i++) { print "before,x,10000"
    printf "after,x,%d\n", i % 2 ? 10000 : 10001 } }' >half.csv
kb --db half.db import -q --run-by label --key s --value v half.csv
kb --db half.db analyze --compare before after
grep -q '^x  30/30 10000.0 10000.5 ' "$T/out"
check $? "whole-number samples: the half kept, both centers alike ($(grep '^x ' "$T/out"))"

# A change under 1% keeps two significant digits: a 0.003% regression was
# printed "+0.00%  +0.00% .. +0.00%  regressed", a zero the verdict
# contradicts.  Text, Markdown and JSON say the same change.
awk 'BEGIN { print "label,s,value"; for (i = 0; i < 30; i++) {
    printf "before,x,%.3f\n", 1000 + 0.001 * i
    printf "after,x,%.3f\n", 1000.03 + 0.001 * i } }' >tiny.csv
kb --db tiny.db import -q --run-by label --key s --value value tiny.csv
kb --db tiny.db analyze --compare before after
grep -q '^x  30/30 1000.0145 1000.0445    +0.0030% +0.0025% .. +0.0035% 1.69e-17 regressed ur$' "$T/out"
check $? "a 0.003% regression: +0.0030%, its interval +0.0025% .. +0.0035% ($(grep '^x ' "$T/out"))"
grep -q 'after/before: 1 (+0.0030%)$' "$T/out"
check $? "the geometric mean's change: +0.0030%"
kb --db tiny.db analyze --compare before after --format markdown
grep -q '^| x | 30/30 | 1000.0145 | 1000.0445 | +0.0030% | +0.0025% .. +0.0035% | 1.69e-17 | regressed | ur |$' "$T/out"
check $? "Markdown: the same cells"
kb --db tiny.db analyze --compare before after --format json
[ "$(jq -r '.comparisons[0].change * 1e6 | round' "$T/out")" = 30 ]
check $? "JSON: the change 3.0e-5, as the text rounds it"

# A value whose commas precede words with a blank ("console=ttyS0,115200
# root=/dev/vda1": "115200 root" is no key) stays whole; "\," is a comma
# that splits nothing; the ministat advice quotes what it suggests.
printf 'label,key,m,v\nx,"p,q=r",a,1\nx,"p,q=r",a,2\nx,"$(id)",a,3\n' >q.csv
kb --db q.db import -q --run-by label --key key --key m --value v \
    --meta 'cmdline=console=ttyS0,115200 root=/dev/vda1 ro' q.csv
kb --db q.db runs --where 'cmdline=console=ttyS0,115200 root=/dev/vda1 ro'
[ "$(grep -c ' x  ' "$T/out")" = 1 ]
check $? "--where a kernel cmdline with a comma: the value whole"
kb --db q.db analyze --where 'key=p\,q=r' --format csv
[ "$(grep -c 'p,q=r' "$T/out")" -ge 1 ] && ! grep -q '\$(id)' "$T/out"
check $? "--where 'key=p\\,q=r': the series p,q=r, that one only"
kb --db q.db analyze --format ministat
expect_err "kbench: analyze: --format ministat compares the groups of one series: narrow the selection with --where (e.g. --where 'key=p\\,q=r' --where m=a)" \
    "the ministat advice: shell-quoted, the comma escaped"
kb --db q.db analyze --format ministat --where 'key=$(id)' --where 'key=p\,q=r'
expect_rc 2 "the ministat advice over two series again"
grep -q "(e.g. --where 'key=\$(id)' --where m=a)\$" "$T/err" ||
    grep -q "(e.g. --where 'key=p\\\\,q=r' --where m=a)\$" "$T/err"
check $? "the ministat advice: \$(id) in single quotes, never bare ($(cat "$T/err"))"

# Differences out of the doubles' range (DBL_MAX against -1e300: -inf
# for 300 pairs): the interval as the computed differences rank them,
# its lower end -inf (no interval said), never a finite one; past 65536
# such pairs no estimate at all, said, rather than a wrong one.
awk 'BEGIN { print "label,method,v"
	for (i = 0; i < 2000; i++) print "before,m," (i < 300 ? "1.7976931348623157e308" : 1)
	print "after,m,-1e300"; for (i = 0; i < 3; i++) print "after,m,0" }' >ovf.csv
kb --db ovf.db import -q --run-by label --key method --value v ovf.csv
kb --db ovf.db analyze --compare before after -c 99.9 --format csv
[ "$(cut -d, -f11-13 "$T/out" | tail -1)" = "-1,," ]
check $? "HL with overflowing differences: -1 and no finite interval ($(cut -d, -f11-13 "$T/out" | tail -1))"
awk 'BEGIN { print "label,method,v"
	for (i = 0; i < 20000; i++) print "before,m," (i < 3000 ? "1.7976931348623157e308" : 1)
	print "after,m,-1e300"; for (i = 0; i < 3; i++) print "after,m,0" }' >ovf2.csv
kb --db ovf2.db import -q --run-by label --key method --value v ovf2.csv
kb --db ovf2.db analyze --compare before after -c 99.9 --width 300
grep -q '^m  *20000/4  *1  *0  *- ' "$T/out" &&
    grep -q 'or pairs whose difference or ratio is beyond the range of doubles' "$T/out"
check $? "80000 pairs out of range: no estimate, and why"
