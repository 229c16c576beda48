#!/bin/sh
# kbench merge: runs of other databases come in once, by uuid; a
# conflicting run is refused by name and nothing is merged.
. "$(dirname "$0")/lib.sh"

F=$FIXTURES/analyze
kb --db a.db import -q --run-by label --key method --key usec --value v --unit us \
    --meta host=lab-a "$F/latency.csv"
printf 'label,method,v\nx,poll,1\nx,poll,2\n' >b.csv
kb --db b.db import -q --run-by label --key method --value v --meta host=lab-b b.csv

kb --db c.db merge a.db b.db
expect_rc 0 "merge two databases into a new one"
expect_err "kbench merge: 3 runs added, 0 updated (362 samples), 0 already here" "merge says what it did"
kb --db c.db merge a.db b.db
expect_rc 0 "merge again"
expect_err "kbench merge: 0 runs added, 0 updated (0 samples), 3 already here" "merging twice adds nothing"
n=$(db_query c.db "SELECT count(*) FROM sample")
[ "$n" = 362 ]; check $? "362 samples, once (got $n)"
kb --db c.db runs --json
v=$(jq -r '.facts.host' "$T/out" | sort -u | tr '\n' ' ')
[ "$v" = "lab-a lab-b " ]; check $? "each run keeps its own host (got $v)"
kb --db c.db analyze --by host --where method=poll --format csv
expect_rc 0 "analysis splits by host after a merge"
# Export and import round-trip the merged database byte for byte.
"$KBENCH" --db a.db export -o a.csv && "$KBENCH" --db c.db export --label before --label after -o c.csv
cmp -s a.csv c.csv; check $? "a merged run is the same run, byte for byte"

# A conflict: the same uuid with other content.
uuid=$(db_query b.db "SELECT uuid FROM run")
db_query b.db "UPDATE sample SET value = 99 WHERE seq = 0"
before=$(db_query c.db "SELECT count(*) FROM sample")
kb --db c.db merge a.db b.db
expect_rc 2 "a conflicting run"
expect_err "kbench: merge: b.db: run $uuid (x) is here already with other content; nothing merged" \
    "the conflicting run is named"
after=$(db_query c.db "SELECT count(*) FROM sample")
[ "$before" = "$after" ]; check $? "nothing merged on a conflict"
# A sample moved to another seq is other content too.
db_query b.db "UPDATE sample SET value = 1 WHERE seq = 0"
kb --db c.db merge b.db
expect_rc 0 "b.db restored: the same content again"
db_query b.db "UPDATE sample SET seq = 7 WHERE seq = 1"
kb --db c.db merge b.db
expect_rc 2 "the same values under another seq are a conflict"
db_query b.db "UPDATE sample SET seq = 1 WHERE seq = 7"

# A run merged while it was still running is replaced by its newer copy,
# once it has grown and finished; a finished one never is.
printf 'label,method,v\ny,poll,1\n' >d.csv
kb --db d.db import -q --run-by label --key method --value v d.csv
uuid=$(db_query d.db "SELECT uuid FROM run")
db_query d.db "UPDATE run SET status = 'running', ended_at = NULL"
kb --db c.db merge d.db
expect_err "kbench merge: 1 run added, 0 updated (1 samples), 0 already here" \
    "a running run is merged as it is"
db_query d.db "INSERT INTO sample (series_id, seq, value) SELECT series_id, 1, 5 FROM sample;
    UPDATE run SET status = 'complete', ended_at = '2026-11-30T03:00:00Z'"
kb --db c.db merge d.db
expect_rc 0 "the finished run comes again"
expect_err "kbench merge: 0 runs added, 1 updated (2 samples), 0 already here" \
    "the running copy is replaced by the finished one"
s=$(db_query c.db "SELECT r.status || ' ' || count(x.seq) FROM run r JOIN series s
    ON s.run_id = r.id JOIN sample x ON x.series_id = s.id WHERE r.uuid = '$uuid'")
[ "$s" = "complete 2" ]; check $? "the run here is the finished one, 2 samples ($s)"
n=$(db_query c.db "SELECT count(*) FROM run WHERE uuid = '$uuid'")
[ "$n" = 1 ]; check $? "once ($n)"
db_query d.db "UPDATE sample SET value = 6 WHERE seq = 1"
kb --db c.db merge d.db
expect_rc 2 "a finished run with other content is a conflict"
n=$(sqlite3 c.db "PRAGMA integrity_check; PRAGMA foreign_key_check" | tr '\n' ' ')
[ "$n" = "ok " ]; check $? "the database is sound after all that ($n)"
kb --db c.db merge nosuch.db
expect_rc 2 "merging a missing database"
kb --db c.db merge
expect_rc 2 "merge without a database"

# Runs are matched by their whole uuid, never by --run's rules (a row id,
# a uuid prefix): run ids that are prefixes of one another (night-1,
# night-10) or that look like row ids ("1", "2") stay apart, and merging
# them again adds nothing.
h=run,label,benchmark,status,started,ended,command,version,key.m,unit,better,seq,value
{
	echo "$h"
	echo "lab-a-night-1,n1,b,complete,2026-01-01T00:00:00Z,,,,x,us,lower,0,1"
	echo "lab-a-night-1,n1,b,complete,2026-01-01T00:00:00Z,,,,x,us,lower,1,2"
	echo "lab-a-night-10,n10,b,complete,2026-01-10T00:00:00Z,,,,x,us,lower,0,10"
	echo "2,two,b,complete,2026-01-02T00:00:00Z,,,,x,us,lower,0,20"
	echo "1,one,b,complete,2026-01-03T00:00:00Z,,,,x,us,lower,0,30"
	echo "1,one,b,complete,2026-01-03T00:00:00Z,,,,x,us,lower,1,31"
	echo "1,one,b,complete,2026-01-03T00:00:00Z,,,,x,us,lower,2,32"
} >ids.csv
kb --db ids.db import -q ids.csv
expect_rc 0 "runs with ids night-1, night-10, 2 and 1"
kb --db ids2.db merge ids.db
expect_rc 0 "merging them"
expect_err "kbench merge: 4 runs added, 0 updated (7 samples), 0 already here" \
    "merging them: 4 runs, 7 samples"
q="SELECT r.uuid || ':' || group_concat(x.value, ' ') FROM run r JOIN series s
    ON s.run_id = r.id JOIN sample x ON x.series_id = s.id GROUP BY r.uuid ORDER BY r.uuid"
[ "$(db_query ids.db "$q")" = "$(db_query ids2.db "$q")" ]
check $? "each run has its own samples, none of another: $(db_query ids2.db "$q" | tr '\n' ' ')"
kb --db ids2.db merge ids.db
expect_err "kbench merge: 0 runs added, 0 updated (0 samples), 4 already here" \
    "merging them again adds nothing, conflicts with nothing"

# A running copy here is replaced only by a finished copy, or by a running
# one that holds all of it; an older snapshot is refused by name, and
# changes nothing.
# snapshot DB STATUS N [SEQ VALUE]: run r-live with N samples (seq i, value
# i), one of them changed when SEQ VALUE are given.
snapshot() {
	{
		echo "$h"
		i=0
		while [ $i -lt "$3" ]; do
			v=$i
			[ "${4:-}" = $i ] && v=$5
			echo "r-live,live,b,$2,2026-02-01T00:00:00Z,,,,x,us,lower,$i,$v"
			i=$((i + 1))
		done
	} >snap.csv
	rm -f "$1"
	"$KBENCH" --db "$1" import -q snap.csv
}
samples_here() {
	db_query live.db "SELECT r.status || ' ' || count(*) FROM run r JOIN series s
	    ON s.run_id = r.id JOIN sample x ON x.series_id = s.id WHERE r.uuid = 'r-live'"
}
snapshot s6.db running 6
kb --db live.db merge s6.db
expect_rc 0 "a running run, 6 samples"
snapshot s2.db running 2
kb --db live.db merge s2.db
expect_rc 2 "an older snapshot of it (2 samples)"
expect_err "kbench: merge: s2.db: run r-live (live) is here already with other content (a running copy is replaced only by a finished one, or by a running one holding all of it); nothing merged" \
    "an older snapshot is refused by name"
[ "$(samples_here)" = "running 6" ]; check $? "the 6 samples stay ($(samples_here))"
snapshot s8x.db running 8 3 99
kb --db live.db merge s8x.db
expect_rc 2 "a running copy with more samples, one of them different"
[ "$(samples_here)" = "running 6" ]; check $? "the 6 samples stay ($(samples_here))"
snapshot s8.db running 8
kb --db live.db merge s8.db
expect_rc 0 "a running copy that holds all of it, and more"
expect_err "kbench merge: 0 runs added, 1 updated (8 samples), 0 already here" \
    "the bigger running copy replaces it"
snapshot s9.db complete 9
kb --db live.db merge s9.db
expect_err "kbench merge: 0 runs added, 1 updated (9 samples), 0 already here" \
    "the finished copy replaces it"
[ "$(samples_here)" = "complete 9" ]; check $? "complete, 9 samples ($(samples_here))"

# A conflict is found before the write lock is taken: another writer
# holding it for half a minute does not delay the refusal.
python3 -c 'import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN IMMEDIATE")
open(sys.argv[2], "w").close()
time.sleep(30)' live.db locked &
holder=$!
wait_for test -e locked
timeout 10 "$KBENCH" --db live.db merge s2.db >"$T/out" 2>"$T/err"
rc=$?
expect_rc 2 "a conflict while another process holds the write lock: refused at once"
kill $holder 2>/dev/null
wait $holder 2>/dev/null

# A merge that fails makes no database.
kb --db made.db merge nosuch.db
expect_rc 2 "merging a database that does not exist"
[ ! -e made.db ]; check $? "the failed merge made no empty database"

# Rounds: a merged run keeps each sample's round, byte for byte; two
# copies of a run that differ only in their rounds are other content.
printf 'label,m,r,v\nra,x,1,1\nra,x,1,2\nra,x,2,3\nra,y,1,4\nra,y,3,5\n' >r.csv
kb --db r.db import -q --run-by label --key m --round-by r --value v r.csv
expect_rc 0 "a run with rounds"
kb --db rm.db merge r.db a.db
expect_rc 0 "merged with another"
"$KBENCH" --db r.db export -o r1.csv && "$KBENCH" --db rm.db export --label ra -o r2.csv
cmp -s r1.csv r2.csv; check $? "its export after the merge: the same bytes, rounds and all"
[ "$(awk -F, 'NR > 1 { printf "%s ", $(NF - 2) }' r2.csv)" = "1 1 2 1 3 " ]
check $? "the rounds are there ($(awk -F, 'NR > 1 { printf "%s ", $(NF - 2) }' r2.csv))"
kb --db rm.db merge r.db
expect_err "kbench merge: 0 runs added, 0 updated (0 samples), 1 already here" \
    "merging it again adds nothing"
uuid=$(db_query r.db "SELECT uuid FROM run")
cp r.db r-shift.db
db_query r-shift.db "UPDATE sample SET round = 2 WHERE round = 1 AND seq = 1"
before=$(db_query rm.db "SELECT group_concat(round) FROM sample")
kb --db rm.db merge r-shift.db
expect_rc 2 "a copy whose rounds differ, values the same"
expect_err "kbench: merge: r-shift.db: run $uuid (ra) is here already with other content; nothing merged" \
    "a copy whose rounds differ is a conflict"
[ "$(db_query rm.db "SELECT group_concat(round) FROM sample")" = "$before" ]
check $? "nothing merged"
cp r.db r-none.db
db_query r-none.db "UPDATE sample SET round = NULL"
kb --db rm.db merge r-none.db
expect_rc 2 "a copy with no rounds where the run here has them"
kb --db rn.db merge r.db r-none.db
expect_rc 2 "two sources whose copies differ in their rounds only"
expect_err "kbench: merge: r-none.db: run $uuid (ra) is in r.db too, with other content; nothing merged" \
    "two sources whose copies differ in their rounds only: named"
[ ! -e rn.db ]; check $? "and no database made"

# A crafted source holds what import refuses: an infinite sample, text
# that is not UTF-8, a label with an escape, a time that is not one, a
# text too long, a value of the wrong type.  Refused by name, exit 2,
# nothing of the merge stored (no database made, one that is unchanged).
h9=run,label,benchmark,status,started,ended,command,version,fact.host,key.m,unit,better,round,seq,value
{
	echo "$h9"
	echo "cr-1,cr,b,complete,2026-03-01T00:00:00Z,2026-03-01T00:01:00Z,,,lab,x,us,lower,1,0,1"
	echo "cr-1,cr,b,complete,2026-03-01T00:00:00Z,2026-03-01T00:01:00Z,,,lab,x,us,lower,1,1,2"
} >c9.csv
kb --db c9.db import -q c9.csv
expect_rc 0 "a source to craft"
kb --db m9ok.db merge c9.db
expect_rc 0 "the source as made merges"
before=$(db_query c.db "SELECT count(*) FROM sample")
crafted() {
	cp c9.db "$1"
	db_query "$1" "$2"
	rm -f m9.db
	kb --db m9.db merge a.db "$1"
	expect_rc 2 "$4"
	expect_err "kbench: merge: $1: $3; nothing merged" "$4: the source, run, field and value named"
	[ ! -e m9.db ]; check $? "$4: no database made"
	cp c.db c9here.db
	kb --db c9here.db merge a.db "$1"
	expect_rc 2 "$4, into a database"
	[ "$(db_query c9here.db "SELECT count(*) FROM sample")" = "$before" ]
	check $? "$4: nothing stored"
}
# A NUL inside a text: C would read the text as ending there (a run's
# uuid would then match none of its series; a fact key would overwrite
# another).  Found by the attack on this change.
crafted nul.db "UPDATE run_fact SET key = CAST('host' || char(0) || 'x' AS TEXT) WHERE key = 'host'" \
    "table run_fact, column key: 'host': a NUL byte inside a text" \
    "a NUL inside a fact key"
crafted inf.db "UPDATE sample SET value = 9e999 WHERE seq = 1" \
    "run cr-1 (cr), series 'm=x', sample 1: value inf: expected a finite number" \
    "an infinite sample"
crafted ninf.db "UPDATE sample SET value = -9e999 WHERE seq = 0" \
    "run cr-1 (cr), series 'm=x', sample 0: value -inf: expected a finite number" \
    "a sample of minus infinity"
crafted nan.db "UPDATE sample SET value = 'nan' WHERE seq = 0" \
    "table sample, column value: 'nan' (text) where a number belongs" \
    "a sample that is text"
crafted seq.db "UPDATE sample SET seq = -1 WHERE seq = 0" \
    "run cr-1 (cr), series 'm=x', sample -1: seq -1: expected a whole number >= 0" \
    "a negative seq"
crafted round.db "UPDATE sample SET round = 9007199254740992 WHERE seq = 0" \
    "run cr-1 (cr), series 'm=x', sample 0: round 9007199254740992: expected a whole number from 0 to 9007199254740991" \
    "a round past the largest"
crafted fact.db "UPDATE run_fact SET value = CAST(X'ff41' AS TEXT) WHERE key = 'host'" \
    "run cr-1 (cr): fact host '\\xffA': invalid UTF-8 (byte 0xff): kbench keeps text as UTF-8, as its CSV, JSON and reports are" \
    "a fact value that is not UTF-8"
crafted factk.db "UPDATE run_fact SET key = CAST(X'68ff' AS TEXT) WHERE key = 'host'" \
    "run cr-1 (cr): fact name 'h\\xff': invalid UTF-8 (byte 0xff): kbench keeps text as UTF-8, as its CSV, JSON and reports are" \
    "a fact name that is not UTF-8"
crafted key.db "UPDATE series_key SET value = CAST(X'c328' AS TEXT)" \
    "run cr-1 (cr), series 'm=x': key m '\\xc3(': invalid UTF-8 (byte 0xc3): kbench keeps text as UTF-8, as its CSV, JSON and reports are" \
    "a series key value that is not UTF-8"
crafted unit.db "UPDATE series SET unit = CAST(X'fe' AS TEXT)" \
    "run cr-1 (cr), series 'm=x': unit '\\xfe': invalid UTF-8 (byte 0xfe): kbench keeps text as UTF-8, as its CSV, JSON and reports are" \
    "a unit that is not UTF-8"
crafted factc.db "UPDATE run_fact SET key = 'h' || char(27) || '[2J' WHERE key = 'host'" \
    "run cr-1 (cr): fact name 'h\\x1b[2J': a control character (newline, tab, escape...) has no place in a fact name" \
    "a fact name with an escape sequence"
crafted unitc.db "UPDATE series SET unit = 'u' || char(9) || 's'" \
    "run cr-1 (cr), series 'm=x': unit 'u\\ts': a control character (newline, tab, escape...) has no place in a unit" \
    "a unit with a tab"
crafted name.db "UPDATE series SET name = 'm=y'" \
    "run cr-1 (cr), series 'm=y': its name is not the one its keys make ('m=x')" \
    "a series named otherwise than its keys"
crafted label.db "UPDATE run SET label = 'a' || char(27) || '[2J'" \
    "run cr-1 (a\\x1b[2J): label 'a\\x1b[2J': a control character (newline, tab, escape...) has no place in a label" \
    "a label with an escape sequence"
crafted started.db "UPDATE run SET started_at = 'yesterday'" \
    "run cr-1 (cr): started 'yesterday': expected an ISO 8601 UTC time (2026-01-31T02:00:00.000Z)" \
    "a start time that is none"
crafted long.db "UPDATE run SET command = printf('%.*c', 1048577, 'x')" \
    "run cr-1 (cr): command: 1048577 bytes, more than the 1048576 a text may have" \
    "a command over the length import takes"
crafted blob.db "UPDATE run SET benchmark = X'41'" \
    "table run, column benchmark: X'41' (blob) where text belongs" \
    "a benchmark name that is a blob"

# A crafted schema: a sample table replaced by an endless recursive view
# is refused before anything is read from it (it would never end); so
# are triggers, tables and columns kbench does not make.
schema() {
	cp c9.db "$1"
	db_query "$1" "$2"
	rm -f m10.db
	timeout 20 "$KBENCH" --db m10.db merge "$1" >"$T/out" 2>"$T/err"
	rc=$?
	expect_rc 2 "$4"
	expect_err "kbench: merge: $1: $3; nothing merged" "$4: said"
	[ ! -e m10.db ]; check $? "$4: no database made"
}
schema view.db "DROP TABLE sample; CREATE VIEW sample AS WITH RECURSIVE
    r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r)
    SELECT 1 AS series_id, x AS seq, 1.0 AS value, NULL AS round FROM r" \
    "a view 'sample', not the table kbench makes: not a database kbench wrote" \
    "a sample table replaced by an endless recursive view"
schema trigger.db "CREATE TRIGGER t AFTER INSERT ON run BEGIN DELETE FROM run; END" \
    "a trigger 't', which kbench never makes: not a database kbench wrote" \
    "a trigger"
schema extra.db "CREATE TABLE extra (x)" \
    "a table 'extra', which kbench never makes: not a database kbench wrote" \
    "a table kbench does not make"
schema column.db "ALTER TABLE sample ADD COLUMN extra TEXT" \
    "table 'sample': not the columns kbench makes: not a database kbench wrote" \
    "a column kbench does not make"
schema collate.db "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql =
    replace(sql, 'started_at   TEXT NOT NULL', 'started_at TEXT NOT NULL COLLATE NOCASE')
    WHERE name = 'run'" \
    "table 'run': not the columns kbench makes: not a database kbench wrote" \
    "a column's collation changed"
schema virtual.db "CREATE VIRTUAL TABLE vt USING rtree(id, a, b)" \
    "a virtual table 'vt', which kbench never makes: not a database kbench wrote" \
    "a virtual table"
schema missing.db "DROP TABLE series_key" \
    "no table 'series_key', which kbench makes: not a database kbench wrote" \
    "a table missing"

# Two copies of a run whose texts differ only in where a 0x1f byte
# falls (command "a<1f>b", version "c" against "a", "b<1f>c") are other
# content: a conflict, not the same run.
{ echo "$h9"; printf 'fp-1,fp,b,complete,2026-03-02T00:00:00Z,,a\037b,c,lab,x,us,lower,,0,1\n'; } >fp1.csv
{ echo "$h9"; printf 'fp-1,fp,b,complete,2026-03-02T00:00:00Z,,a,b\037c,lab,x,us,lower,,0,1\n'; } >fp2.csv
kb --db fp1.db import -q fp1.csv && kb --db fp2.db import -q fp2.csv
expect_rc 0 "two runs split at another 0x1f"
kb --db fpm.db merge fp1.db
expect_rc 0 "one merged"
kb --db fpm.db merge fp2.db
expect_rc 2 "the other, split elsewhere: a conflict"
expect_err "kbench: merge: fp2.db: run fp-1 (fp) is here already with other content; nothing merged" \
    "the other, split elsewhere: refused by name, not skipped"
rm -f fpn.db
kb --db fpn.db merge fp1.db fp2.db
expect_rc 2 "both as sources: a conflict"
expect_err "kbench: merge: fp2.db: run fp-1 (fp) is in fp1.db too, with other content; nothing merged" \
    "both as sources: refused by name"

# A source that is no regular file: a FIFO would hold the open forever,
# a device would be read as a database.
mkfifo fifo.db
rm -f mf.db
timeout 20 "$KBENCH" --db mf.db merge fifo.db >"$T/out" 2>"$T/err"
rc=$?
expect_rc 3 "a FIFO as a source"
expect_err "kbench: merge: fifo.db: not a regular file, as a database is" \
    "a FIFO as a source: said"
kb --db mf.db merge /dev/zero
expect_rc 3 "a device as a source"
expect_err "kbench: merge: /dev/zero: not a regular file, as a database is" \
    "a device as a source: said"
[ ! -e mf.db ]; check $? "no database made"
