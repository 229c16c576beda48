#!/bin/sh
# Concurrency: four kbench collect (two sleep, two lock) write to one
# database at once, a round committed every few milliseconds, while a
# reader runs kbench analyze (complete runs, and --incomplete) and kbench
# trend (which writes its cache) in a loop until they are done.  None
# waits in vain ("database is locked"), no sample is lost, and no reader
# ever sees part of a round or of a run.
. "$(dirname "$0")/lib.sh"
unset KBENCH_LIBEXEC

# The writers: NAME KIND OPTIONS.  Many short rounds, each its commit.
cat >plans <<'EOF'
base sleep -m nanosleep -u 100 -n 5 -r 2
w1 sleep -m nanosleep,select -u 100,500 -n 5 -r 150
w2 sleep -m poll -u 200,1000 -n 10 -r 80
w3 lock --backend user -H rw,rm -k mtx -t 1,2 -n 1000 --delay 100 -r 10
w4 lock --backend user -H none,epoch -k null -t 2 -n 1000 --delay 100 -r 16
EOF

# plan NAME: "KIND OPTIONS" of a collection.
plan() { awk -v n="$1" '$1 == n { $1 = ""; sub(/^ /, ""); print }' plans; }

# A complete run first, so that analyze and trend always have one.
set -- $(plan base)
kind=$1
shift
kb collect "$kind" -q -l base "$@"
expect_rc 0 "a first run"

# 1. Four writers at once; each says when it is done in NAME.rc.
for w in w1 w2 w3 w4; do
	set -- $(plan $w)
	kind=$1
	shift
	("$KBENCH" collect "$kind" -q -l "$w" "$@" >"$w.out" 2>"$w.err"
	    echo $? >"$w.rc.tmp" && mv "$w.rc.tmp" "$w.rc") &
done

# 2. The reader, until all four are done (once at least).
i=0
while :; do
	i=$((i + 1))
	"$KBENCH" analyze --by run --format json >"a$i.json" 2>"a$i.err"
	echo $? >"a$i.rc.out"
	"$KBENCH" analyze --by run --format json --incomplete >"i$i.json" 2>"i$i.err"
	echo $? >"i$i.rc.out"
	"$KBENCH" trend --format json >"t$i.json" 2>"t$i.err"
	echo $? >"t$i.rc.out"
	[ -f w1.rc ] && [ -f w2.rc ] && [ -f w3.rc ] && [ -f w4.rc ] && break
done
wait
reads=$i

# 3. The writers: all done, silent, complete, at the same time.
for w in w1 w2 w3 w4; do
	v=$(cat "$w.rc")
	[ "$v" = 0 ]; check $? "$w: exit 0 (got $v)"
	[ ! -s "$w.err" ]; check $? "$w: nothing on stderr: $(head -c 200 "$w.err")"
done
cat ./*.err >allerr
if grep -qi 'locked\|busy' allerr; then
	not_ok "no process saw \"database is locked\" or \"busy\""
	grep -i 'locked\|busy' allerr | sort | uniq -c | sed 's/^/#   /' | head -5
else
	ok "no process saw \"database is locked\" or \"busy\""
fi
v=$(db_query kbench.db "SELECT round((min(julianday(ended_at)) - max(julianday(started_at))) *
    86400, 1) FROM run WHERE label IN ('w1', 'w2', 'w3', 'w4')")
echo "# the four writers all ran at once for $v s; $reads reader passes"
awk -v v="$v" 'BEGIN { exit !(v > 0) }'; check $? "the four writers overlapped ($v s)"


# per_cell NAME SERIES: the samples a cell of this series stores in a
# round: sleep, -n; lock, one (every walk over the union window).
per_cell() {
	case $2 in
	*threads=*) echo 1 ;;
	*) set -- $(plan "$1"); while [ "$1" != -n ]; do shift; done; echo "$2" ;;
	esac
}

# 4. Every sample of every run: each series holds rounds x per-cell.
db_query kbench.db "SELECT r.id || ' ' || r.label || ' ' || r.status || ' ' || s.name || ' ' ||
    count(*) FROM run r JOIN series s ON s.run_id = r.id JOIN sample x ON
    x.series_id = s.id GROUP BY s.id" >final
lost=0 stored=0
for w in w1 w2 w3 w4; do
	set -- $(expect $(plan $w))
	want=$1 rounds=$2
	bad=0 n_w=0 cells=0
	while read -r id label status name n; do
		[ "$label" = "$w" ] || continue
		c=$(per_cell "$w" "$name")
		n_w=$((n_w + n)) cells=$((cells + 1))
		[ "$status" = complete ] && [ "$n" -eq $((rounds * c)) ] || bad=$((bad + 1))
	done <final
	lost=$((lost + want - n_w)) stored=$((stored + n_w))
	[ "$bad" -eq 0 ] && [ "$n_w" -eq "$want" ]
	check $? "$w: complete, $cells series of $rounds rounds, all $n_w of $want samples"
done
echo "# 4 concurrent writers: $stored samples stored, $lost lost"

# 5. The reader: every pass succeeded; by default it saw only complete
#    runs, whole (n as at the end); with --incomplete, whole rounds only.
#    cells: RUN SERIES PER-CELL N-AT-THE-END.
while read -r id label status name n; do
	echo "$id $name $(per_cell "$label" "$name") $n"
done <final >cells
v=$(cat ./*.rc.out | grep -cvx 0)
e=$(find . -name '[ait]*.err' -size +0 | wc -l)
[ "$v" -eq 0 ] && [ "$e" -eq 0 ]
check $? "$reads reader passes: every analyze and trend exited 0 ($v not), silent ($e not)"
jq -r '.groups[] | "\(input_filename) \(.by) \(.series) \(.n)"' a*.json >seen.a
jq -r '.series[] | .series as $s | .history[] |
    "\(input_filename) \(.run) \($s) \(.n)"' t*.json >seen.t
jq -r '.groups[] | "\(input_filename) \(.by) \(.series) \(.n)"' i*.json >seen.i
# whole FILE...: the lines of the reader's outputs that are not whole:
# runs by default must be as at the end; with --incomplete (i*.json),
# whole rounds and no more than at the end.
whole() {
	awk 'NR == FNR { c[$1 " " $2] = $3; last[$1 " " $2] = $4; next }
	    { k = $2 " " $3 }
	    !(k in c) { print; next }
	    $1 !~ /^i/ && $4 != last[k] { print; next }
	    $1 ~ /^i/ && ($4 % c[k] != 0 || $4 > last[k]) { print }' cells "$@"
}
whole seen.a >bad.a
whole seen.t >bad.t
whole seen.i >bad.i
[ ! -s bad.a ]; check $? "analyze, $(wc -l <seen.a) groups read: every run whole, as at its end ($(wc -l <bad.a) not)"
head -3 bad.a | sed 's/^/#   /'
[ ! -s bad.t ]; check $? "trend, $(wc -l <seen.t) points read: every run whole, as at its end ($(wc -l <bad.t) not)"
head -3 bad.t | sed 's/^/#   /'
[ ! -s bad.i ]; check $? "analyze --incomplete, $(wc -l <seen.i) groups read: whole rounds only ($(wc -l <bad.i) not)"
head -3 bad.i | sed 's/^/#   /'
v=$(awk 'NR == FNR { last[$1 " " $2] = $4; next }
    $4 < last[$2 " " $3] && !($1 in p) { p[$1] = 1; n++ } END { print n + 0 }' cells seen.i)
[ "$v" -gt 0 ]; check $? "the reader saw runs in progress ($v of $reads passes)"

# 6. The database: sound.
v=$(db_query kbench.db "PRAGMA integrity_check")
[ "$v" = ok ]; check $? "integrity_check: $v"
v=$(db_query kbench.db "PRAGMA foreign_key_check")
[ -z "$v" ]; check $? "foreign_key_check: nothing ($v)"

# 7. A new database, made by several at once.  Switching a new file to
# WAL writes its header with a read transaction open, so SQLite says
# "database is locked" at once, without waiting, when another process is
# making the same switch: kbench waits and retries.  Made certain here by
# a process that holds the write lock of a new, empty file for a second.
printf 'label,m,v\nx,a,1\nx,a,2\n' >tiny.csv
python3 -c 'import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN IMMEDIATE")
open(sys.argv[2], "w").close()
time.sleep(1)
c.execute("COMMIT")' new.db held &
holder=$!
wait_for test -e held
kb --db new.db import -q --run-by label --key m --value v tiny.csv
expect_rc 0 "a new database whose file another process holds locked: waited for"
wait $holder
n=$(db_query new.db "SELECT count(*) FROM sample")
[ "$n" = 2 ]; check $? "the import is there ($n samples)"
# Then the real thing, 30 times: four importers and two readers on a new
# database.  A reader may find no database or no sample yet (exit 2);
# nobody may fail on the database (exit 3): not "locked", not "not
# kbench's" (the schema check read across another's migration).
: >race.log
for try in $(seq 30); do
	rm -f race.db race.db-wal race.db-shm
	for w in 1 2 3 4; do
		("$KBENCH" --db race.db import -q --run-by label --key m --value v tiny.csv \
		    2>>race.err; echo "import $?" >>race.log) &
	done
	for r in 1 2; do
		("$KBENCH" --db race.db runs >/dev/null 2>>race.err; echo "runs $?" >>race.log) &
	done
	wait
	n=$(db_query race.db "SELECT count(*) FROM run")
	[ "$n" = 4 ] || echo "runs $n of 4" >>race.log
done
v=$(sort race.log | uniq -c | tr -s ' ' | tr '\n' ',')
[ "$(grep -c '^import 0$' race.log)" = 120 ] && [ "$(grep -c '^runs [02]$' race.log)" = 60 ] &&
    [ "$(wc -l <race.log)" = 180 ]
check $? "30 new databases, 4 importers and 2 readers each: every import stored, no database error ($v)"
grep -v 'no such database\|^$' race.err | head -3 | sed 's/^/#   /'

# 8. An importer holds the write lock only for its final copy: one that
# waits on a slow input (a pipe) keeps nobody waiting, and still stores
# all of its input or nothing.
printf 'label,m,v\nx,a,1\n' >first.csv
"$KBENCH" --db slow.db import -q --run-by label --key m --value v first.csv
mkfifo in.fifo gate.fifo
{ printf 'label,m,v\nslow,a,1\n'; read -r x <gate.fifo; printf 'slow,a,2\n'; } >in.fifo &
writer=$!
"$KBENCH" --db slow.db import -q --run-by label --key m --value v - <in.fifo \
    >slow.out 2>slow.err &
importer=$!
sleep 0.5
timeout 20 "$KBENCH" --db slow.db collect sleep -q -l quick -m nanosleep -u 1 -n 2 -r 2 \
    >"$T/out" 2>"$T/err"
rc=$?
expect_rc 0 "a collection while an import waits on its input: not kept waiting"
n=$(db_query slow.db "SELECT count(*) FROM run WHERE label = 'slow'")
[ "$n" = 0 ]; check $? "the import, still reading, has stored nothing ($n runs)"
echo go >gate.fifo
wait $writer
wait $importer
rc=$?
expect_rc 0 "the slow import, once its input ends"
n=$(db_query slow.db "SELECT count(*) FROM sample x JOIN series s ON s.id = x.series_id
    JOIN run r ON r.id = s.run_id WHERE r.label = 'slow'")
[ "$n" = 2 ]; check $? "all of its input stored ($n samples)"
