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
w3 lock --backend user -H rw,rm -k mtx -t 1,2 -n 1000 -d 100 -r 10
w4 lock --backend user -H none,epoch -k null -t 2 -n 1000 -d 100 -r 16
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
v=$(sql kbench.db "SELECT round((min(julianday(ended_at)) - max(julianday(started_at))) *
    86400, 1) FROM run WHERE label IN ('w1', 'w2', 'w3', 'w4')")
echo "# the four writers all ran at once for $v s; $reads reader passes"
awk -v v="$v" 'BEGIN { exit !(v > 0) }'; check $? "the four writers overlapped ($v s)"


# per_cell NAME SERIES: the samples a cell of this series stores in a
# round: sleep, -n; lock, one a thread.
per_cell() {
	case $2 in
	*threads=*) echo "$2" | sed 's/.*threads=\([0-9]*\).*/\1/' ;;
	*) set -- $(plan "$1"); while [ "$1" != -n ]; do shift; done; echo "$2" ;;
	esac
}

# 4. Every sample of every run: each series holds rounds x per-cell.
sql kbench.db "SELECT r.id || ' ' || r.label || ' ' || r.status || ' ' || s.name || ' ' ||
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
v=$(sql kbench.db "PRAGMA integrity_check")
[ "$v" = ok ]; check $? "integrity_check: $v"
v=$(sql kbench.db "PRAGMA foreign_key_check")
[ -z "$v" ]; check $? "foreign_key_check: nothing ($v)"
