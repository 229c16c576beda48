#!/bin/sh
# kbench export and kbench runs: selection, formats, incomplete runs.
. "$(dirname "$0")/lib.sh"

SEED=$KBENCH_TOP/examples/calloutng-rpi.csv
kb import -q -b sleep --run-by label --run-by hz --key method \
    --key usec --value measured_us --unit us "$SEED"
expect_rc 0 "import of the seed table"

# runs: the listing, with filters.
kb runs
expect_rc 0 "runs"
n=$(tail -n +2 "$T/out" | wc -l)
[ "$n" -eq 6 ]; check $? "runs lists 6 runs (got $n)"
head -1 "$T/out" | grep -q '^   ID  LABEL  *BENCHMARK  *STATUS  *STARTED  *HOST  *HZ  *SAMPLES$'
check $? "runs has a header"
kb runs --label unpatched --where hz=250
expect_rc 0 "runs with --label and --where on a fact"
awk 'NR > 1 { print $2, $3, $4, $8, $9 }' "$T/out" >got
echo "unpatched sleep complete 250 35" >want
cmp -s want got; check $? "the one unpatched run at HZ=250"
kb runs --where hz=100 --where hz=1000
n=$(tail -n +2 "$T/out" | wc -l)
[ "$n" -eq 4 ]; check $? "--where repeated on one key is OR (got $n)"
kb runs --where method=kqueue --where hz=100
n=$(tail -n +2 "$T/out" | wc -l)
[ "$n" -eq 2 ]; check $? "--where on a series key selects runs having it, AND across keys (got $n)"
kb runs --run 3
awk 'NR > 1 { print $1 }' "$T/out" >got
echo 3 >want
cmp -s want got; check $? "--run ID"
uuid=$(db_query kbench.db "SELECT uuid FROM run WHERE id = 5")
kb runs --run "$(echo "$uuid" | cut -c1-8)"
awk 'NR > 1 { print $1 }' "$T/out" >got
echo 5 >want
cmp -s want got; check $? "--run with a uuid prefix"
kb runs --label nosuch
expect_rc 2 "an unknown label"
expect_err "kbench: runs: no run has the label 'nosuch' (kbench runs lists them)" "an unknown label"
kb runs --where hz
expect_rc 2 "--where without ="
expect_err "kbench: runs: --where 'hz': expected KEY=VALUE" "--where without ="
kb runs --json --run 1
expect_rc 0 "runs --json"
grep -q '^{"id":1,"uuid":"[0-9a-f-]*","label":"calloutng_12_26","benchmark":"sleep","status":"complete","started":"[0-9T:.Z-]*","ended":"[0-9T:.Z-]*","command":\["kbench",.*calloutng-rpi.csv"\],"series":35,"samples":35,"facts":{"hz":"100","source":"calloutng-rpi.csv"}}$' "$T/out"
check $? "runs --json: one object per line"

# export: filters and --facts.
kb export --facts none --label unpatched --where hz=1000 --where method=nanosleep
expect_rc 0 "export with filters"
# Columns 2, 3 and 9 on (the command, column 7, is a quoted JSON array).
python3 -c 'import csv, sys
for r in csv.reader(open(sys.argv[1], newline="")):
    print(",".join(r[1:3] + r[8:]))' "$T/out" >got
cat >want <<'EOT'
label,benchmark,key.method,key.usec,unit,better,round,seq,value
unpatched,sleep,nanosleep,1,us,lower,,0,1999.72
unpatched,sleep,nanosleep,300,us,lower,,0,1999.8
unpatched,sleep,nanosleep,3000,us,lower,,0,3999.36
unpatched,sleep,nanosleep,30000,us,lower,,0,30995.87
unpatched,sleep,nanosleep,300000,us,lower,,0,300993.64
EOT
cmp -s want got; check $? "export selects by label, fact and series key; --facts none"
kb export --facts hz --run 1
head -1 "$T/out" | grep -q ',version,fact.hz,key.method,'; check $? "--facts K keeps only K"
kb export --label nosuch
expect_rc 2 "export of an unknown label"
kb export --format xml
expect_rc 2 "an unknown format"
expect_err "kbench: export: --format 'xml': expected csv or ministat" "an unknown format"

# ministat files: one per series and label, values one a line.
mkdir m
kb export --format ministat -o m --where method=select --where usec=300
expect_rc 0 "export --format ministat"
ls m >got
printf '%s\n' calloutng_12_26.method-select.usec-300.txt \
    unpatched.method-select.usec-300.txt >want
cmp -s want got; check $? "one file per series and label"
printf '%s\n' 19904.66 7998.39 2000.27 >want
cmp -s want m/unpatched.method-select.usec-300.txt
check $? "a label's runs pooled in one file, one value a line"
kb export --format ministat
expect_rc 2 "ministat without -o"
kb export --format ministat -o new/dir
expect_rc 0 "ministat into a missing directory"
cmp -s want new/dir/unpatched.method-select.usec-300.txt
check $? "the directory was made, parents and all, like mkdir -p"
touch afile
kb export --format ministat -o afile/dir
expect_rc 4 "ministat under a file"
expect_err "kbench: export: -o afile: not a directory (ministat files go into a directory)" "ministat under a file"
kb export --run 1 -o made/for/it.csv
expect_rc 0 "export -o into a missing directory"
[ -s made/for/it.csv ]; check $? "the CSV's directory was made"

# Incomplete runs: listed by runs, left out of export unless asked.
kb export --run 1 -o one.csv
sed '2,$s/,complete,/,aborted,/; 2,$s/^[0-9a-f]\{8\}/deadbeef/' one.csv >aborted.csv
kb import -q aborted.csv
expect_rc 0 "import of an aborted run"
kb runs --label calloutng_12_26
grep -c aborted "$T/out" >got
echo 1 >want
cmp -s want got; check $? "runs shows the aborted run"
kb export --facts none --label calloutng_12_26 --where hz=100
n=$(tail -n +2 "$T/out" | wc -l)
[ "$n" -eq 35 ]; check $? "export leaves the aborted run out (got $n rows)"
kb export --facts none --label calloutng_12_26 --where hz=100 --incomplete
n=$(tail -n +2 "$T/out" | wc -l)
[ "$n" -eq 70 ]; check $? "export --incomplete includes it (got $n rows)"

# -o FILE is written whole or not at all.
kb export -o out.csv --run 2
expect_rc 0 "export -o FILE"
n=$(wc -l <out.csv)
[ "$n" -eq 36 ]; check $? "export -o writes the file (got $n lines)"
ls | grep -q 'tmp\.' && not_ok "no temporary file left" || ok "no temporary file left"
kb export -o afile/out.csv
expect_rc 4 "export into a path under a file"
expect_err "kbench: export: afile: not a directory" "export into a path under a file"

# Rounds: a collection's samples carry their round (1 to -r) into the
# canonical CSV, before their seq; the CSV reads back to the same bytes.
kb --db col.db collect sleep -q -m nanosleep -u 1,2 -n 2 -r 3
expect_rc 0 "a collection of 3 rounds"
kb --db col.db export --facts none -o col1.csv
expect_rc 0 "its export"
head -1 col1.csv | grep -q ',key.method,key.usec,unit,better,round,seq,value$'
check $? "the header: ...,unit,better,round,seq,value"
awk -F, 'NR > 1 { print $(NF - 5), $(NF - 2), $(NF - 1) }' col1.csv >got
for u in 1 2; do
	printf "$u %s\n" "1 0" "1 1" "2 2" "2 3" "3 4" "3 5"
done >want
cmp -s want got; check $? "each sample's round (usec round seq): $(tr '\n' ' ' <got)"
kb --db col2.db import -q col1.csv
kb --db col2.db export --facts none -o col2.csv
cmp -s col1.csv col2.csv; check $? "a collection's rounds: export -> import -> export gives the same bytes"

# A database of schema 3 (before rounds): migrated when opened, its
# samples without a round, exported with an empty round cell.
cp col.db v3.db
db_query v3.db "ALTER TABLE sample DROP COLUMN round;
    ALTER TABLE nightly DROP COLUMN process; PRAGMA user_version = 3"
kb --db v3.db export --facts none -o v3.csv
expect_rc 0 "export of a schema-3 database"
[ "$(db_query v3.db "PRAGMA user_version")" = 5 ]; check $? "migrated to schema 5"
awk -F, 'NR > 1 { print $(NF - 2) "," $(NF - 1) }' v3.csv | head -3 | tr '\n' ' ' >got
[ "$(cat got)" = ",0 ,1 ,2 " ]; check $? "its samples exported with no round ($(cat got))"
