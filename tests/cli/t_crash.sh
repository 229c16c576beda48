#!/bin/sh
# Crash safety: kill -9 kbench collect (sleep and lock) at random moments,
# from start-up to after the end, again and again into one database.
# Then: the database is sound; every complete run holds every sample its
# matrix implies; a killed run keeps whole rounds only, is shown
# incomplete by kbench runs and is left out of analyze, plot, report,
# export and trend unless --incomplete; the next collection works.
#
# KBENCH_SEED=N replays a sequence of delays; KBENCH_KILLS=N (default 60).
. "$(dirname "$0")/lib.sh"
unset KBENCH_LIBEXEC

seed=${KBENCH_SEED:-$(($(date +%s) % 1000000))}
kills=${KBENCH_KILLS:-60}
echo "# seed $seed (KBENCH_SEED=$seed replays these delays)"

# The collections: NAME KIND OPTIONS.  Small, a second or less each, so
# that kills land everywhere in them.
cat >plans <<'EOF'
s1 sleep -m nanosleep,select -u 500,2000 -n 10 -r 4
s2 sleep -m poll -u 300,1000,3000 -n 6 -r 3
l1 lock --backend user -H rw -k mtx -t 1,2 -n 1000 --delay 100 -r 2
l2 lock --backend user -H none -k null -t 2 -n 500 --delay 100 -r 3
EOF


# plan NAME: "KIND OPTIONS" of a collection.
plan() { awk -v n="$1" '$1 == n { $1 = ""; sub(/^ /, ""); print }' plans; }

# whole_rounds ID CAL K ROUNDS: series of run ID that do not hold exactly
# K/ROUNDS of the samples of the same series in the complete run CAL.
whole_rounds() {
	db_query kbench.db "SELECT count(*) FROM series a JOIN series c
	    ON c.name = a.name AND c.run_id = $2 WHERE a.run_id = $1 AND
	    (SELECT count(*) FROM sample WHERE series_id = a.id) * $4 !=
	    (SELECT count(*) FROM sample WHERE series_id = c.id) * $3"
}

# 1. Each collection once, whole: its length, and a reference run.
for p in s1 s2 l1 l2; do
	set -- $(plan $p)
	kind=$1
	shift
	# Its length, start-up included, by SQLite's clock (date has no ms).
	t0=$(db_query :memory: "SELECT julianday('now')")
	kb collect "$kind" -q -l "cal-$p" "$@"
	t1=$(db_query :memory: "SELECT julianday('now')")
	expect_rc 0 "$p: a whole collection"
	expect_err "" "$p: a whole collection"
	len=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) * 86400 }')
	set -- $(expect $(plan $p))
	n=$(db_query kbench.db "SELECT count(*) FROM sample x JOIN series s ON s.id = x.series_id
	    JOIN run r ON r.id = s.run_id WHERE r.label = 'cal-$p' AND r.status = 'complete'")
	[ "$n" = "$1" ]; check $? "$p: complete with its $1 samples in $len s (got $n)"
	echo "$p $len $(db_query kbench.db "SELECT id FROM run WHERE label = 'cal-$p'")" >>lens
done

# 2. The kills: a collection chosen at random, killed after a random
#    delay from 0 to 1.3 times its length (the rest: after the end), or
#    one time in ten at once (in its start-up).
awk -v seed="$seed" -v kills="$kills" 'NR == FNR { len[NR - 1] = $2; name[NR - 1] = $1; next }
    END {
	srand(seed)
	for (i = 1; i <= kills; i++) {
		p = int(rand() * 4)
		d = rand() < 0.1 ? 0 : rand() * 1.3 * len[p]
		printf "%d %s %.3f\n", i, name[p], d
	}
    }' lens /dev/null >kills.plan
: >kills.log
while read -r i p delay; do
	set -- $(plan "$p")
	kind=$1
	shift
	"$KBENCH" collect "$kind" -q -l "k$i-$p" "$@" >/dev/null 2>"k$i.err" &
	pid=$!
	[ "$delay" = 0.000 ] || sleep "$delay"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	echo "$i $p $delay $? $pid" >>kills.log
done <kills.plan

# One more, killed for sure in the middle: once its first round is stored.
set -- $(plan s1)
kind=$1
shift
"$KBENCH" collect "$kind" -q -l mid "$@" -r 200 >/dev/null 2>mid.err &
pid=$!
i=0
while [ $i -lt 600 ]; do
	n=$(db_query kbench.db "SELECT count(*) FROM sample x JOIN series s ON s.id = x.series_id
	    JOIN run r ON r.id = s.run_id WHERE r.label = 'mid'" 2>/dev/null)
	[ "${n:-0}" -gt 0 ] && break
	sleep 0.05
	i=$((i + 1))
done
kill -9 "$pid"
wait "$pid" 2>/dev/null
st=$?
[ "$st" -eq 137 ]; check $? "mid: killed in the middle (status $st, $n samples seen)"
mid=$(db_query kbench.db "SELECT id FROM run WHERE label = 'mid'")

# 3. Each kill: where it landed, and what it left.
during=0 after=0 lost=0 torn=0
startup=0 first=0 between=0 last=0 exiting=0
while read -r i p delay st pid; do
	set -- $(expect $(plan "$p"))
	want=$1 rounds=$2
	cal=$(awk -v p="$p" '$1 == p { print $3 }' lens)
	row=$(db_query kbench.db "SELECT r.id, r.status, (SELECT count(*) FROM series s
	    JOIN sample x ON x.series_id = s.id WHERE s.run_id = r.id) FROM run r
	    WHERE r.label = 'k$i-$p'")
	id=${row%%|*}
	status=$(echo "$row" | cut -d'|' -f2)
	n=${row##*|}
	what="kill $i ($p after $delay s, status $st)"
	if [ "$st" -ne 0 ] && [ "$st" -ne 137 ]; then
		not_ok "$what: the collector exited $st: $(head -c 200 "k$i.err")"
		continue
	fi
	if [ -s "k$i.err" ]; then
		not_ok "$what: stderr: $(head -c 200 "k$i.err")"
		continue
	fi
	if [ -z "$row" ]; then
		# Killed before the run's row was committed: nothing at all.
		[ "$st" -eq 137 ]; check $? "$what: start-up, no run stored"
		startup=$((startup + 1)) during=$((during + 1))
		continue
	fi
	if [ "$status" = complete ]; then
		after=$((after + 1))
		if [ "$st" -eq 137 ]; then exiting=$((exiting + 1)); fi
		if [ "$n" -ne "$want" ]; then
			lost=$((lost + want - n))
			not_ok "$what: complete with $n of $want samples"
			continue
		fi
		bad=$(whole_rounds "$id" "$cal" "$rounds" "$rounds")
		[ "$bad" = 0 ]; check $? "$what: complete, all $want samples, every series whole ($bad not)"
		continue
	fi
	# Marked running: killed before it could mark itself.  Whole rounds only.
	k=$((n * rounds / want))
	if [ "$st" -ne 137 ] || [ "$status" != running ] ||
	    [ $((n * rounds % want)) -ne 0 ]; then
		torn=$((torn + 1))
		not_ok "$what: $status with $n samples, not whole rounds of $((want / rounds))"
		continue
	fi
	bad=$(whole_rounds "$id" "$cal" "$k" "$rounds")
	nser=$(db_query kbench.db "SELECT count(*) FROM series WHERE run_id = $id")
	want_ser=0
	if [ "$k" -gt 0 ]; then
		want_ser=$(db_query kbench.db "SELECT count(*) FROM series WHERE run_id = $cal")
	fi
	[ "$bad" = 0 ] && [ "$nser" = "$want_ser" ]
	check $? "$what: running, $k of $rounds rounds kept whole ($nser series)"
	during=$((during + 1))
	if [ "$k" -eq 0 ]; then first=$((first + 1))
	elif [ "$k" -lt "$rounds" ]; then between=$((between + 1))
	else last=$((last + 1)); fi
done <kills.log
echo "# where the kills landed: $startup before the run was stored," \
    "$first before its first round, $between between rounds," \
    "$last after the last round but before it was marked complete;" \
    "$((after - exiting)) after the collector exited, $exiting after it" \
    "marked the run complete"
# The kill of "mid" counts too.
echo "# $((kills + 1)) kills: $((during + 1)) during the run, $after after completion;" \
    "$lost samples lost"
[ "$lost" -eq 0 ] && [ "$torn" -eq 0 ]
check $? "no complete run lost a sample ($lost lost), no partial round ($torn)"

# 4. The database: sound, nothing dangling.
v=$(db_query kbench.db "PRAGMA integrity_check")
[ "$v" = ok ]; check $? "integrity_check: $v"
v=$(db_query kbench.db "PRAGMA foreign_key_check")
[ -z "$v" ]; check $? "foreign_key_check: nothing ($v)"
v=$(db_query kbench.db "SELECT (SELECT count(*) FROM sample WHERE series_id NOT IN
    (SELECT id FROM series)) || ' ' || (SELECT count(*) FROM series WHERE run_id
    NOT IN (SELECT id FROM run))")
[ "$v" = "0 0" ]; check $? "no sample without its series, no series without its run ($v)"
v=$(db_query kbench.db "SELECT count(*) FROM run WHERE status NOT IN ('complete', 'running')")
[ "$v" = 0 ]; check $? "every run is complete or left running ($v others)"

# 5. kbench runs: every run left running is shown incomplete.
kb runs --json
expect_rc 0 "runs --json"
jq -r '"\(.id) \(.status)"' "$T/out" | sort >got
db_query kbench.db "SELECT id || ' ' || CASE status WHEN 'running' THEN 'incomplete'
    ELSE status END FROM run" | sort >want
# No collector runs now; one shown running has a pid taken since by
# another process (pids wrap): rare, and said, not failed.
: >reused
for id in $(awk '$2 == "running" { print $1 }' got); do
	p=$(db_query kbench.db "SELECT value FROM run_fact WHERE run_id = $id AND key = 'collector_pid'")
	if kill -0 "$p" 2>/dev/null; then
		echo "# run $id: its collector's pid $p is in use again: shown running"
		echo "$id" >>reused
	fi
done
awk 'FILENAME == "reused" { r[$1] = 1; next } $1 in r { $2 = "incomplete" } 1' reused got >got2
if cmp -s want got2; then
	ok "runs: $(grep -c ' incomplete$' got2) killed runs incomplete, $(grep -c ' complete$' got2) complete"
else
	not_ok "runs: statuses differ"
	diff want got2 | sed 's/^/#   /' | head -10
fi
v=incomplete
if grep -qx "$mid" reused; then v=running; fi
kb runs
grep -q " mid  *sleep  *$v " "$T/out"; check $? "runs (text): the run killed in the middle is $v"

# 6. The readers, by default (complete runs only) and with --incomplete.
#    The truth: run id, series and samples, from SQL.
truth() {
	db_query kbench.db "SELECT r.id || ' ' || s.name || ' ' || count(*) FROM run r
	    JOIN series s ON s.run_id = r.id JOIN sample x ON x.series_id = s.id
	    WHERE $1 GROUP BY s.id" | sort
}
truth "r.status = 'complete'" >want.c
truth "1" >want.a
n=$(cut -d' ' -f1 want.a | sort -u | wc -l)
nc=$(cut -d' ' -f1 want.c | sort -u | wc -l)
[ "$n" -gt "$nc" ]; check $? "some killed runs hold samples ($((n - nc)) of $n runs)"

for mode in "" --incomplete; do
	w=want.c
	[ -n "$mode" ] && w=want.a
	what="${mode:-by default}"
	kb analyze --by run --format json $mode
	jq -r '.groups[] | "\(.by) \(.series) \(.n)"' "$T/out" | sort >got
	cmp -s "$w" got; check $? "analyze $what: exactly the runs, series and n expected"
	kb trend --format json $mode
	jq -r '.series[] | .series as $s | .history[] | "\(.run) \($s) \(.n)"' "$T/out" |
	    sort >got
	cmp -s "$w" got; check $? "trend $what: exactly the runs, series and n expected"
	kb export --facts none $mode
	awk -F, 'NR > 1 { n[$1]++ } END { for (u in n) print u, n[u] }' "$T/out" | sort >got
	db_query kbench.db "SELECT r.uuid || ' ' || count(*) FROM run r JOIN series s ON s.run_id = r.id
	    JOIN sample x ON x.series_id = s.id WHERE r.status = 'complete' OR
	    '$mode' != '' GROUP BY r.id" | sort >want
	cmp -s want got; check $? "export $what: exactly the runs and samples expected"
done

if command -v gnuplot >/dev/null; then
	mkdir -p p.c p.a
	kb plot sleep -b sleep --by run -o p.c --format svg
	expect_rc 0 "plot sleep --by run"
	sed -n "s/^set title 'run=\([0-9]*\)'$/\1/p" p.c/sleep.gp | sort >got
	db_query kbench.db "SELECT DISTINCT r.id FROM run r JOIN series s ON s.run_id = r.id
	    WHERE r.benchmark = 'sleep' AND r.status = 'complete'" | sort >want
	cmp -s want got; check $? "plot: a panel for each complete sleep run, none other ($(wc -l <got))"
	kb plot sleep -b sleep --by run -o p.a --format svg --incomplete
	expect_rc 0 "plot sleep --by run --incomplete"
	sed -n "s/^set title 'run=\([0-9]*\)'$/\1/p" p.a/sleep.gp | sort >got
	db_query kbench.db "SELECT DISTINCT r.id FROM run r JOIN series s ON s.run_id = r.id
	    WHERE r.benchmark = 'sleep'" | sort >want
	cmp -s want got; check $? "plot --incomplete: the killed sleep runs too ($(wc -l <got))"

	cal=$(awk '$1 == "s1" { print $3 }' lens)
	mkdir -p rep
	kb report --compare "$cal" "$mid" -o rep
	expect_rc 2 "report: the killed run is no side of a comparison"
	expect_err "kbench: report: --compare: no samples for '$mid' (a label, a KEY=VALUE selector or a run id) in the selection" \
	    "report: the killed run is no side of a comparison"
	kb report --compare "$cal" "$mid" -o rep --incomplete
	expect_rc 0 "report --incomplete: it is"
	# The table counts rounds (whole ones: a killed run keeps no half).
	n=$(db_query kbench.db "SELECT count(DISTINCT x.round) FROM sample x JOIN series s
	    ON s.id = x.series_id WHERE s.run_id = $mid AND s.name = 'method=select,usec=2000'")
	nc=$(db_query kbench.db "SELECT count(DISTINCT x.round) FROM sample x JOIN series s
	    ON s.id = x.series_id WHERE s.run_id = $cal AND s.name = 'method=select,usec=2000'")
	grep -q "^| select | 2000 | $nc/$n |" rep/report.md
	check $? "report --incomplete: the killed run's $n rounds of select 2000 µs ($(grep '^| select | 2000 ' rep/report.md))"
else
	skip "plot and report: no gnuplot"
fi

# 7. The next collection, in the same database, works normally.
set -- $(plan l1)
kind=$1
shift
kb collect "$kind" -q -l after "$@"
expect_rc 0 "the next collection"
expect_err "" "the next collection"
set -- $(expect $(plan l1))
v=$(db_query kbench.db "SELECT r.status || ' ' || count(*) FROM run r JOIN series s ON s.run_id = r.id
    JOIN sample x ON x.series_id = s.id WHERE r.label = 'after'")
[ "$v" = "complete $1" ]; check $? "the next collection: complete, $1 samples (got $v)"
kb analyze --label after
expect_rc 0 "analyze reads it"
v=$(db_query kbench.db "PRAGMA integrity_check")
[ "$v" = ok ]; check $? "integrity_check at the end: $v"
