#!/bin/sh
# kbench trend: change points in a nightly history (tests/fixtures/trend:
# 60 runs, latency +5% from n31, throughput +8% from n46, syscall flat),
# every order, every format, and the errors.
. "$(dirname "$0")/lib.sh"

F=$FIXTURES/trend

kb import -q "$F/history.csv"
expect_rc 0 "import of the canonical history"

# 1. The default: by start time, the exact change points.
kb trend
expect_rc 0 "trend"
expect_out_file "$F/trend.out" "trend: the two steps, nothing in the flat series"
awk '$1 == "latency" { print $2, $4, $NF }' "$T/out" >got
echo "31/60 n31 regression" >want
cmp -s want got; check $? "latency: the step at run n31 (31 of 60), a regression"
awk '$1 == "throughput" { print $2, $4, $NF }' "$T/out" >got
echo "46/60 n46 improvement" >want
cmp -s want got; check $? "throughput (higher is better): +8% at n46 is an improvement"
grep -q '^syscall' "$T/out" && not_ok "no change point in the flat series" ||
    ok "no change point in the flat series"
n=$(awk '{ if (length($0) > m) m = length($0) } END { print m }' "$T/out")
[ "$n" -le 100 ]; check $? "text fits 100 columns (widest line $n)"
cp "$T/out" first.out
kb trend
cmp -s first.out "$T/out"; check $? "the same data give the same output"

# 2. Orders: a fact as numbers, as text, backwards; the start time named.
kb trend --order-by build
expect_rc 0 "--order-by build"
expect_err "kbench: trend: --order-by build: 1 run without it left out" \
    "--order-by: runs without the fact are left out, and said so"
awk '$1 == "latency" { print $2, $4, $6 }' "$T/out" >got
echo "30/59 n31 217" >want
cmp -s want got; check $? "--order-by build: numbers (7 < 14 < 217 < 301), n31 at 30 of 59"
kb trend --order-by day
awk '$1 == "latency" { print $2, $4 }' "$T/out" >got
echo "31/60 n31" >want
cmp -s want got; check $? "--order-by day: ISO dates as text"
kb trend --order-by rev
awk '$1 == "latency" { print $2, $4, $NF }' "$T/out" >got
echo "31/60 n30 improvement" >want
cmp -s want got; check $? "--order-by rev: backwards, the step is n30 -> n31 undone"
kb trend --order-by started
cmp -s first.out "$T/out"; check $? "--order-by started is the default"

# A history imported from plain CSV: every run gets the import time, and
# the file lists the nights newest first; --order-by the night fixes it.
awk -F, 'NR > 1 && $14 == "latency" { print substr($2, 2) + 0 "," $2 ",latency," $18 }' \
    "$F/history.csv" | sort -t, -k1,1nr >nights.csv
{ echo "night,label,metric,v"; cat nights.csv; } >plain.csv
"$KBENCH" --db plain.db import -q --run-by label --run-by night --key metric \
    --value v --unit us plain.csv
kb --db plain.db trend --order-by night
expect_rc 0 "--order-by night on a plain CSV import"
awk '$2 ~ /\// { print $2, $4, $NF }' "$T/out" >got
echo "31/60 n31 regression" >want
cmp -s want got; check $? "plain CSV: --order-by night finds n31"
kb --db plain.db trend
awk '$2 ~ /\// { print $4, $NF }' "$T/out" >got
echo "n30 improvement" >want
cmp -s want got; check $? "plain CSV: in import order the history runs backwards"

# 3. --since and --last choose the runs.
kb trend --since 2026-01-21
expect_rc 0 "--since"
head -1 "$T/out" | grep -q '^3 series over 40 runs by start time'; check $? "--since 2026-01-21: 40 runs"
awk '$1 == "latency" { print $2, $4 }' "$T/out" >got
echo "11/40 n31" >want
cmp -s want got; check $? "--since: n31 is the 11th run"
kb trend --since 2026-01-21T02:00:00.001Z
head -1 "$T/out" | grep -q ' 39 runs '; check $? "--since with a time: n21 started before it"
kb trend --last 40
awk '$1 == "latency" { print $2, $4 }' "$T/out" >got
cmp -s want got; check $? "--last 40: n31 is the 11th run"
kb trend --last 20
awk '$2 ~ /\// { print $1, $2, $4 }' "$T/out" >got
echo "throughput 6/20 n46" >want
cmp -s want got; check $? "--last 20: only the throughput step is in them"
tail -1 "$T/out" >got
echo "3 series, 1 change point (0 regressions, 1 improvement)" >want
cmp -s want got; check $? "summary line, singular and plural"

# 4. --threshold, --pvalue, --fail-on-regression.
kb trend --threshold 6
awk '$2 ~ /\// { print $1 }' "$T/out" >got
echo throughput >want
cmp -s want got; check $? "--threshold 6: the +5.7% change is below it, +8.3% is not"
kb trend --pvalue 1e-30
tail -1 "$T/out" >got
echo "3 series, 0 change points (0 regressions, 0 improvements)" >want
cmp -s want got; check $? "--pvalue 1e-30: no change is that sure"
kb trend --fail-on-regression
expect_rc 1 "--fail-on-regression with the latency regression"
kb trend --fail-on-regression --where metric=throughput
expect_rc 0 "--fail-on-regression with only an improvement"
kb trend --fail-on-regression --where metric=syscall
expect_rc 0 "--fail-on-regression on the flat series"
kb trend --fail-on-regression --threshold 6
expect_rc 0 "--fail-on-regression when the regression is below --threshold"
# --recent: the latency step is the 31st of 60 runs, so the last 30 hold it
# and the last 29 do not.
kb trend --fail-on-regression --recent 30
expect_rc 1 "--recent 30: the regression at 31/60 is within the last 30 runs"
tail -1 "$T/out" >got
echo "1 regression within the last 30 runs of a series" >want
cmp -s want got; check $? "--recent 30: said on the last line"
kb trend --fail-on-regression --recent 29
expect_rc 0 "--recent 29: the regression at 31/60 is older"
kb trend --recent 0
expect_rc 2 "--recent 0"
expect_err "kbench: trend: --recent 0: expected a number of runs >= 1" "--recent 0"

# 5. Formats.
kb trend --format json
expect_rc 0 "--format json"
jq -e '.schema_version == 1 and .kind == "trend" and .runs == 60 and
    .window == 30 and .pvalue == 0.001 and
    .summary == {"series": 3, "change_points": 2, "regressions": 1,
    "improvements": 1}' "$T/out" >/dev/null
check $? "json: schema_version 1, the parameters, the summary"
jq -r '.series[] | "\(.keys.metric) \(.runs) \([.change_points[] |
    "\(.position) \(.label) \(.direction) \(.n_before)/\(.n_after)"])"' \
    "$T/out" >got
cat >want <<'EOT'
latency 60 ["31 n31 regression 30/30"]
syscall 60 []
throughput 60 ["46 n46 improvement 30/15"]
EOT
cmp -s want got; check $? "json: the change points, their windows"
jq -e '[.series[].history[] | .median_ci.level >= 95 and .median_ci.lo <= .median
    and .median <= .median_ci.hi] | length == 180 and all' "$T/out" >/dev/null
check $? "json: 180 points (3 series x 60 runs), each median in its interval"
jq -e '.series[0].change_points[0] | .kernel == "v6.8-31-gda3692a" and
    .started == "2026-01-31T02:00:00.000Z" and .change > 0.05 and .p < 1e-20' \
    "$T/out" >/dev/null
check $? "json: the run's kernel and start, the change and p"
# Each run's median is analyze's median of that run.
jq -r '.series[] | select(.keys.metric == "latency") | .history[] |
    "\(.run) \(.median)"' "$T/out" | sort >got
kb analyze --by run --where metric=latency --format json
jq -r '.groups[] | "\(.by) \(.median)"' "$T/out" | sort >want
cmp -s want got; check $? "each point is the run's median, as kbench analyze --by run has it"

kb trend --format csv
expect_rc 0 "--format csv"
head -1 "$T/out" >got
echo "series,metric,unit,better,position,runs,run,uuid,label,started,kernel,order,mean_before,mean_after,n_before,n_after,change,p,direction" >want
cmp -s want got; check $? "csv header"
awk -F, 'NR > 1 { print $2, $5, $9, $NF }' "$T/out" >got
printf '%s\n' "latency 31 n31 regression" "throughput 46 n46 improvement" >want
cmp -s want got; check $? "csv: a row per change point"
kb trend --format markdown
expect_rc 0 "--format markdown"
grep -q '^| metric | at | date | label | kernel | before | after | change | p | direction |$' \
    "$T/out"; check $? "markdown table header"
grep -q '^| latency | 31/60 | 2026-01-31 | n31 | ' "$T/out"; check $? "markdown row"

# 6. The cache of run summaries: filled by the first trend over a writable
# database, then read instead of the samples, with the same output.
n=$(db_query "$KBENCH_DB" "SELECT count(*) FROM series_summary")
[ "$n" = 180 ]; check $? "the cache holds a summary per series and run (180: $n)"
kb trend --format json
cp "$T/out" cached.json
cp "$KBENCH_DB" nocache.db
db_query nocache.db "DELETE FROM series_summary"
kb --db nocache.db trend --format json
cmp -s cached.json "$T/out"; check $? "json from the cache = json from the samples, byte for byte"
# A corrupted cache entry shows: the cache is what trend reads.
db_query nocache.db "UPDATE series_summary SET median = median * 2 WHERE series_id =
    (SELECT min(series_id) FROM series_summary)"
kb --db nocache.db trend --format json
cmp -s cached.json "$T/out" && not_ok "a cached summary is read, not recomputed" ||
    ok "a cached summary is read, not recomputed"
# A count no summary can have (tampered: past 2^32 - 1, or below 0) is
# no cache: read from the samples, the same json, and cached again; runs
# counts the samples, not an overflowing sum (it said "listing runs:
# integer overflow", exit 3).
cp "$KBENCH_DB" badn.db
db_query badn.db "UPDATE series_summary SET n = 9223372036854775807 WHERE series_id % 3 = 0;
    UPDATE series_summary SET n = -5 WHERE series_id % 3 = 1"
kb --db badn.db trend --format json
expect_rc 0 "trend over impossible cached counts"
cmp -s cached.json "$T/out"; check $? "impossible cached counts: the json the samples give"
n=$(db_query badn.db "SELECT count(*) FROM series_summary WHERE n < 0 OR n > 4294967295")
[ "$n" = 0 ]; check $? "impossible cached counts: cached again from the samples ($n left)"
db_query badn.db "UPDATE series_summary SET n = 9223372036854775807"
kb --db badn.db runs --json
expect_rc 0 "runs over impossible cached counts"
[ "$(jq -s '[.[].samples] | add' "$T/out")" = "$(db_query badn.db "SELECT count(*) FROM sample")" ]
check $? "runs over impossible cached counts: every sample counted"
# A running run is not cached: its samples may still grow.
db_query nocache.db "DELETE FROM series_summary;
    UPDATE run SET status = 'running' WHERE label = 'n60'"
kb --db nocache.db trend --incomplete
expect_rc 0 "trend --incomplete with a running run"
n=$(db_query nocache.db "SELECT count(*) FROM series_summary")
[ "$n" = 177 ]; check $? "the running run's 3 series are not cached (177: $n)"
# A read-only database: the same answer, nothing written.
cp nocache.db ro.db
db_query ro.db "DELETE FROM series_summary;
    UPDATE run SET status = 'complete' WHERE label = 'n60'"
chmod 444 ro.db
chmod 755 "$T"
if can_drop_root; then
	as_user --db ro.db trend --format json
	expect_rc 0 "trend on a read-only database"
	cmp -s cached.json "$T/out"; check $? "a read-only database: the same json, computed"
	n=$(db_query ro.db "SELECT count(*) FROM series_summary")
	[ "$n" = 0 ]; check $? "a read-only database is not written"
else
	skip "read-only database: root ignores file modes and no setpriv"
fi

# 7. Errors: exact message, exit 2.
kb trend --label nosuch
expect_rc 2 "an unknown label"
expect_err "kbench: trend: no run has the label 'nosuch' (kbench runs lists them)" "an unknown label"
kb trend --where metric=nosuch
expect_rc 2 "an empty selection"
expect_err "kbench: trend: no samples match the selection" "an empty selection"
kb trend --since 2027-01-01
expect_rc 2 "--since after every run"
expect_err "kbench: trend: no samples match the selection" "--since after every run"
kb trend --since 2026-13-01
expect_rc 2 "--since with no such month"
expect_err "kbench: trend: --since 2026-13-01: expected an ISO 8601 date, YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS] (UTC)" \
    "--since with no such month"
kb trend --since yesterday
expect_rc 2 "--since yesterday"
kb trend --last 0
expect_rc 2 "--last 0"
expect_err "kbench: trend: --last 0: expected a number of runs >= 1" "--last 0"
kb trend --order-by nosuch
expect_rc 2 "--order-by a fact no run has"
expect_err "kbench: trend: --order-by nosuch: no run in the selection has it (a run fact, or label, benchmark, uuid, run)" \
    "--order-by a fact no run has"
kb trend --pvalue 0
expect_rc 2 "--pvalue 0"
expect_err "kbench: trend: --pvalue 0: expected a p-value between 0 and 1" "--pvalue 0"
kb trend --threshold -1
expect_rc 2 "--threshold -1"
kb trend --format yaml
expect_rc 2 "an unknown format"
expect_err "kbench: trend: --format 'yaml': expected text, csv, json or markdown" "an unknown format"
kb trend extra
expect_rc 2 "an unexpected argument"
kb --db nosuch.db trend
expect_rc 2 "a database that does not exist"

# --new-regressions, the nightly's mail: nights 1..K of the fixture's
# history, as a nightly database holds them on night K.  The latency step
# at n31 is found once there are two runs after it (night 32) and mailed
# when it has held on two more (--confirm 2: night 34), that night only;
# the throughput step at n46 is an improvement: no mail.
night() {
	head -1 "$FIXTURES/trend/history.csv" >"night$1.csv"
	awk -F, -v k="$1" 'NR > 1 { split($2, a, "n"); if (a[2] + 0 <= k) print }' \
	    "$FIXTURES/trend/history.csv" >>"night$1.csv"
	"$KBENCH" --db "night$1.db" import -q "night$1.csv"
	kb --db "night$1.db" trend --new-regressions --fail-on-regression
}
for k in 31 32 33 35 50; do
	night $k
	expect_rc 0 "--new-regressions on night $k"
	[ ! -s "$T/out" ]; check $? "night $k: nothing new, nothing printed"
done
night 34
expect_rc 1 "--new-regressions on night 34 (--fail-on-regression)"
[ "$(grep -c '^Subject: ' "$T/out")" -eq 1 ]; check $? "night 34: one report"
expect() { sed -n "$1p" "$T/out" >"$T/got"; printf '%s\n' "$2" >"$T/want"
	cmp -s "$T/got" "$T/want"; check $? "night 34 line $1: $2"; }
expect 1 "Subject: [kbench] metric=latency: +5.95% regression at n31 (2026-01-31)"
expect 3 "metric=latency (us, lower is better) changed at run 31 of 34:"
expect 6 "  change +5.95%, p = 1.63e-09 (E-Divisive means, Student's t, p < 0.0002:"
expect 7 "  a fifth of --pvalue 0.001, as the series is looked at every night)"
expect 8 "  confirmed: found on n32 (2026-02-01) and held on the 2 runs since (--confirm 2)"
expect 9 "  unit of evidence: the run (each run's median, the runs before against"
expect 13 "  first run after: n31 of 2026-01-31, kernel v6.8-31-gda3692a: median 42.8251 [41.9705, 44.0532], n 10, run 00000000-0000-4000-8000-000000000031"
expect 16 "machine: kernel 6.8.0"
expect 19 "  kbench -d night34.db trend --where metric=latency"
expect 20 "  kbench -d night34.db report --compare 00000000-0000-4000-8000-000000000030 00000000-0000-4000-8000-000000000031 --where metric=latency -o review-00000000"
cp "$T/out" mail.txt
# One truth: the table says the same change, and the commands run.
kb --db night34.db trend
grep -q '^latency  31/34 2026-01-31 n31   v6.8-31-gda3692a 39.9069 42.2818 +5.95% 1.63e-09 regression$' "$T/out"
check $? "kbench trend's table shows the same change point"
sed -n 20p mail.txt | sed "s|^  kbench |'$KBENCH' |" | sh >/dev/null 2>&1
grep -q '| latency | 10/10 | 40.11365 | 42.82510 |' review-00000000/report.md
check $? "the mail's report command writes the report of the two runs"

# --confirm 0: the mail of the newest run alone, as before (night 32),
# saying it is not confirmed; --confirm 1 on night 33.  Each is sent
# once.  A bad count is refused.
kb --db night32.db trend --new-regressions --confirm 0
expect_rc 0 "--confirm 0 on night 32"
sed -n '1p;3p;6,8p' "$T/out" >"$T/got"
cat >"$T/want" <<'EOF'
Subject: [kbench] metric=latency: +6.55% regression at n31 (2026-01-31)
metric=latency (us, lower is better) changed at run 31 of 32:
  change +6.55%, p = 2.71e-07 (E-Divisive means, Student's t, p < 0.0002:
  a fifth of --pvalue 0.001, as the series is looked at every night)
  found on the newest run, not confirmed (--confirm 0)
EOF
cmp -s "$T/got" "$T/want"; check $? "--confirm 0: the mail of night 32, not confirmed"
kb --db night33.db trend --new-regressions --confirm 1
grep -q '^  confirmed: found on n32 (2026-02-01) and held on the 1 run since (--confirm 1)$' "$T/out"
check $? "--confirm 1: the mail of night 33"
for k in 33 34 35; do
	kb --db "night$k.db" trend --new-regressions --confirm 0
	[ ! -s "$T/out" ]; check $? "--confirm 0, night $k: reported on night 32, not again"
done
kb --db night35.db trend --new-regressions --confirm 3
grep -q '^  confirmed: found on n32 (2026-02-01) and held on the 3 runs since (--confirm 3)$' "$T/out"
check $? "--confirm 3: the mail of night 35"
kb --db night50.db trend --new-regressions --confirm 3
[ ! -s "$T/out" ]; check $? "--confirm 3, night 50: reported on night 35, not again"
kb --db night34.db trend --confirm 2
expect_rc 0 "--confirm without --new-regressions: the table, unchanged"
kb --db night34.db trend --new-regressions --confirm -1
expect_rc 2 "--confirm -1"
expect_err "kbench: trend: --confirm -1: expected a number of runs from 0 to 100" "--confirm -1"
kb --db night34.db trend --new-regressions --confirm 101
expect_rc 2 "--confirm 101"

# Two collections a night (two runs, one label): both are the night's,
# and a step in each is mailed, once (finding: the first run's series
# were never mailed).  Each night's history is only the last 20 runs
# (--last 20, as the nightly's trend line may say): the mail follows
# the nights as they were, and its command says --last 20.
awk 'BEGIN {
	print "run,label,benchmark,status,started,ended,command,version,key.metric,unit,better,seq,value"
	for (r = 1; r <= 40; r++)
		for (b = 0; b < 2; b++)
			for (q = 0; q < 10; q++) {
				v = (r >= 20 ? 110 : 100) * (1 + 0.01 * (((q * 7 + r * 13 + b * 5) % 11) - 5) / 5)
				printf "%08d-0000-4000-8000-%012d,n%02d,%s,complete,2026-01-%02dT02:%02d:00Z,,,,%s,us,lower,%d,%.4f\n",
				    r, b, r, (b ? "lock" : "sleep"), (r - 1) % 28 + 1, b,
				    (b ? "lb" : "la"), q, v
			}
}' >two.csv
mails_la=0 mails_lb=0 last_ok=1
for k in 18 19 20 21 22 23 24 25 26 27 28; do
	head -1 two.csv >"two$k.csv"
	awk -F, -v k="$k" 'NR > 1 && substr($2, 2) + 0 <= k' two.csv >>"two$k.csv"
	# Started dates wrap each 28 nights: order by label instead.
	"$KBENCH" --db "two$k.db" import -q "two$k.csv"
	kb --db "two$k.db" trend --new-regressions --order-by label --last 20
	mails_la=$((mails_la + $(grep -c '^Subject: \[kbench\] metric=la:' "$T/out")))
	mails_lb=$((mails_lb + $(grep -c '^Subject: \[kbench\] metric=lb:' "$T/out")))
	if grep -q '^  kbench -d two.*trend ' "$T/out" &&
	    ! grep -q '^  kbench -d two[0-9]*.db trend --last 20 --order-by label --where metric=l[ab]$' "$T/out"; then
		last_ok=0
	fi
done
[ "$mails_la" = 1 ] && [ "$mails_lb" = 1 ]
check $? "two runs a night: each series' step mailed once (la $mails_la, lb $mails_lb)"
[ "$last_ok" = 1 ]; check $? "the mail's trend command keeps --last and --order-by"


# The mail's commands select what they name when a value holds a comma:
# written "\," (a comma there split the value in two: no samples).
awk 'BEGIN { print "label,opt,value"
    for (r = 1; r <= 20; r++) printf "n%02d,\"x=1,y=2\",%s\n", r, (r > 18 ? 110 : 100) }' >comma.csv
kb --db comma.db import -q --run-by label --key opt --value value comma.csv
kb --db comma.db trend --new-regressions --confirm 0
expect_rc 0 "the mail of a series whose value holds a comma"
grep -q "kbench -d comma.db trend --where 'opt=x=1\\\\,y=2'$" "$T/out"
check $? "the mail's trend command escapes the comma ($(grep 'trend --where' "$T/out"))"
cmd=$(sed -n "s/^  kbench -d comma.db trend --where //p" "$T/out")
eval "set -- $cmd"
kb --db comma.db trend --where "$1"
expect_rc 0 "the mail's trend command, pasted back"
grep -q "1 series" "$T/out"; check $? "the mail's trend command selects the series"

# A cold history of many series is read on every core (analyze/
# history_medians.c: 150 series over 4 runs, 600 points to make, two
# threads on two CPUs): each run's median is the one awk finds in the
# CSV, cold and cached alike.
awk 'BEGIN { print "run,label,benchmark,status,started,ended,command,version,key.x,unit,better,seq,value"
    for (r = 1; r <= 4; r++) for (x = 0; x < 150; x++) for (i = 1; i <= 7; i++)
	printf "r%d,n%d,b,complete,2025-01-0%dT00:00:00Z,,,,%d,us,lower,%d,%d.%d\n",
	    r, r, r, x, i, (r * 7 + x * 13 + i * i * 5) % 23, (x + i) % 10 }' >many.csv
awk -F, 'NR > 1 { k = $2 " x=" $9; v[k, ++n[k]] = $13 + 0 }
    END { for (k in n) { m = n[k]
	for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++)
	    if (v[k, j] < v[k, i]) { t = v[k, i]; v[k, i] = v[k, j]; v[k, j] = t }
	printf "%s %.10g\n", k, v[k, (m + 1) / 2] } }' many.csv | sort >want
kb --db many.db import -q many.csv
expect_rc 0 "import of 150 series over 4 runs"
for pass in cold cached; do
	kb --db many.db trend --format json
	awk '/^\{"series":/ { s = $0; sub(/^\{"series":"/, "", s); sub(/".*/, "", s) }
	    /^\{"n":/ { l = $0; sub(/.*"label":"/, "", l); sub(/".*/, "", l)
		m = $0; sub(/.*"median":/, "", m); sub(/,.*/, "", m)
		printf "%s %s %.10g\n", l, s, m }' "$T/out" | sort >got
	cmp -s want got
	check $? "trend $pass: every run's median of 150 series as awk finds it ($(wc -l <got) points)"
done
