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
expect_err "kbench merge: 3 runs added (362 samples), 0 already here" "merge says what it did"
kb --db c.db merge a.db b.db
expect_rc 0 "merge again"
expect_err "kbench merge: 0 runs added (0 samples), 3 already here" "merging twice adds nothing"
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
kb --db c.db merge nosuch.db
expect_rc 2 "merging a missing database"
kb --db c.db merge
expect_rc 2 "merge without a database"
