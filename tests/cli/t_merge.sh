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
n=$(sqlite3 c.db "SELECT count(*) FROM sample")
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
uuid=$(sqlite3 b.db "SELECT uuid FROM run")
sqlite3 b.db "UPDATE sample SET value = 99 WHERE seq = 0"
before=$(sqlite3 c.db "SELECT count(*) FROM sample")
kb --db c.db merge a.db b.db
expect_rc 2 "a conflicting run"
expect_err "kbench: merge: b.db: run $uuid (x) is here already with other content; nothing merged" \
    "the conflicting run is named"
after=$(sqlite3 c.db "SELECT count(*) FROM sample")
[ "$before" = "$after" ]; check $? "nothing merged on a conflict"
# A sample moved to another seq is other content too.
sqlite3 b.db "UPDATE sample SET value = 1 WHERE seq = 0"
kb --db c.db merge b.db
expect_rc 0 "b.db restored: the same content again"
sqlite3 b.db "UPDATE sample SET seq = 7 WHERE seq = 1"
kb --db c.db merge b.db
expect_rc 2 "the same values under another seq are a conflict"
sqlite3 b.db "UPDATE sample SET seq = 1 WHERE seq = 7"

# A run merged while it was still running is replaced by its newer copy,
# once it has grown and finished; a finished one never is.
printf 'label,method,v\ny,poll,1\n' >d.csv
kb --db d.db import -q --run-by label --key method --value v d.csv
uuid=$(sqlite3 d.db "SELECT uuid FROM run")
sqlite3 d.db "UPDATE run SET status = 'running', ended_at = NULL"
kb --db c.db merge d.db
expect_err "kbench merge: 1 run added, 0 updated (1 samples), 0 already here" \
    "a running run is merged as it is"
sqlite3 d.db "INSERT INTO sample SELECT series_id, 1, 5 FROM sample;
    UPDATE run SET status = 'complete', ended_at = '2026-11-30T03:00:00Z'"
kb --db c.db merge d.db
expect_rc 0 "the finished run comes again"
expect_err "kbench merge: 0 runs added, 1 updated (2 samples), 0 already here" \
    "the running copy is replaced by the finished one"
s=$(sqlite3 c.db "SELECT r.status || ' ' || count(x.seq) FROM run r JOIN series s
    ON s.run_id = r.id JOIN sample x ON x.series_id = s.id WHERE r.uuid = '$uuid'")
[ "$s" = "complete 2" ]; check $? "the run here is the finished one, 2 samples ($s)"
n=$(sqlite3 c.db "SELECT count(*) FROM run WHERE uuid = '$uuid'")
[ "$n" = 1 ]; check $? "once ($n)"
sqlite3 d.db "UPDATE sample SET value = 6 WHERE seq = 1"
kb --db c.db merge d.db
expect_rc 2 "a finished run with other content is a conflict"
n=$(sqlite3 c.db "PRAGMA integrity_check; PRAGMA foreign_key_check" | tr '\n' ' ')
[ "$n" = "ok " ]; check $? "the database is sound after all that ($n)"
kb --db c.db merge nosuch.db
expect_rc 2 "merging a missing database"
kb --db c.db merge
expect_rc 2 "merge without a database"
