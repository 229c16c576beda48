#!/bin/sh
# kbench import: the seed's table, the canonical round trip, and every
# kind of bad input (exact message, exit 2, database unchanged).
. "$(dirname "$0")/lib.sh"

SEED=$KBENCH_TOP/examples/calloutng-rpi.csv

kb import -b sleep --run-by label --run-by hz --key method \
    --key requested_us --value measured_us --unit us "$SEED"
expect_rc 0 "import of the seed table"
expect_empty_out "import prints no data"
expect_err "kbench import: 210 samples in 6 runs into $T/kbench.db" \
    "import summary on stderr"

n=$(sql kbench.db "SELECT count(*) FROM run")
[ "$n" = 6 ]; check $? "6 runs (2 labels x 3 HZ), got $n"
n=$(sql kbench.db "SELECT count(DISTINCT n) FROM (SELECT count(*) n FROM series GROUP BY run_id)")
m=$(sql kbench.db "SELECT min(n) FROM (SELECT count(*) n FROM series GROUP BY run_id)")
[ "$n" = 1 ] && [ "$m" = 35 ]; check $? "35 series in every run"
n=$(sql kbench.db "SELECT max(c) FROM (SELECT count(*) c FROM sample GROUP BY series_id)")
[ "$n" = 1 ]; check $? "one sample per series"
v=$(sql kbench.db "SELECT x.value FROM sample x JOIN series s ON s.id = x.series_id JOIN run r ON r.id = s.run_id JOIN run_fact f ON f.run_id = r.id AND f.key = 'hz' WHERE r.label = 'unpatched' AND f.value = '1000' AND s.name = 'method=nanosleep,requested_us=300'")
[ "$v" = 1999.8 ]; check $? "unpatched nanosleep 300 us at HZ=1000 is 1999.80 (got $v)"
v=$(sql kbench.db "SELECT DISTINCT unit || ' ' || better FROM series")
[ "$v" = "us lower" ]; check $? "unit and better direction stored"

# Canonical round trip: export, import into a new database, export again.
kb export -o a.csv
expect_rc 0 "export of the seed"
kb --db b.db import -q a.csv
expect_rc 0 "import of the canonical export"
expect_err "" "import -q says nothing"
kb --db b.db export -o b.csv
cmp -s a.csv b.csv; check $? "export -> import -> export gives the same bytes"
kb --db b.db import -q a.csv
expect_rc 2 "importing the same runs twice"
uuid=$(sed -n 2p a.csv | cut -d, -f1)
expect_err "kbench: import: a.csv:2: run $uuid is in the database already (id 1); nothing imported" \
    "a run already there is named"

# Quoting: embedded commas, quotes and newlines in labels and keys, CRLF
# line ends and a UTF-8 byte order mark.
printf '\357\273\277label,method,v\r\n"a,b",x,1\r\n"say ""hi""","two\nlines",2.5\r\n' >q.csv
kb --db q.db import -q --run-by label --key method --value v q.csv
expect_rc 0 "quoted fields, CRLF and BOM"
kb --db q.db export --facts none
expect_rc 0 "export of quoted labels"
tail -n +2 "$T/out" | cut -d, -f2- | sed 's/^[^,]*,import,complete,[^,]*,[^,]*,"[^"]*",[^,]*,//' >got
printf '%s\n' 'x,,lower,0,1' '"two' 'lines",,lower,0,2.5' >want
# The label comes first: check it separately.
lab=$(sql q.db "SELECT group_concat(label, '|') FROM (SELECT label FROM run ORDER BY id)")
[ "$lab" = 'a,b|say "hi"' ]; check $? "labels with a comma and quotes kept (got $lab)"
kb --db q2.db import -q q.db 2>/dev/null
kb --db q.db export -o q1.csv && kb --db q2.db import -q q1.csv && kb --db q2.db export -o q2.csv
cmp -s q1.csv q2.csv; check $? "quoted fields round-trip byte for byte"

# Bad input: each gets FILE:LINE and what was wrong, exit 2, nothing stored.
before=$(sql kbench.db "SELECT count(*) FROM sample")
bad() {
	# bad FILE-CONTENT EXPECTED-STDERR WHAT [import options...]
	content=$1 want=$2 what=$3
	shift 3
	printf "$content" >bad.csv
	kb import "$@" bad.csv
	expect_rc 2 "$what"
	expect_err "$want" "$what"
	after=$(sql kbench.db "SELECT count(*) FROM sample")
	[ "$after" = "$before" ]; check $? "$what: database unchanged"
}
bad 'm,v\nx,1\ny,abc\n' \
    "kbench: import: bad.csv:3: column 'v': 'abc' is not a finite decimal number; nothing imported" \
    "not a number" --value v --key m
bad 'm,v\nx,nan\n' \
    "kbench: import: bad.csv:2: column 'v': 'nan' is not a finite decimal number; nothing imported" \
    "NaN" --value v
bad 'm,v\nx,-inf\n' \
    "kbench: import: bad.csv:2: column 'v': '-inf' is not a finite decimal number; nothing imported" \
    "infinity" --value v
bad 'm,v\nx,1e999\n' \
    "kbench: import: bad.csv:2: column 'v': '1e999' is not a finite decimal number; nothing imported" \
    "overflow to infinity" --value v
bad 'm,v\nx,0x1p3\n' \
    "kbench: import: bad.csv:2: column 'v': '0x1p3' is not a finite decimal number; nothing imported" \
    "hexadecimal float" --value v
bad 'm,v\nx,\n' \
    "kbench: import: bad.csv:2: column 'v' is empty, expected a number; nothing imported" \
    "empty value" --value v
bad 'm,v\nx,1\n' \
    "kbench: import: bad.csv:1: --value w: no such column in the header (columns: m, v); nothing imported" \
    "missing value column" --value w
bad 'm,v\nx,1\n' \
    "kbench: import: bad.csv:1: --key k: no such column in the header (columns: m, v); nothing imported" \
    "missing key column" --value v --key k
bad 'm,v\nx,1\ny,"2\n' \
    "kbench: import: bad.csv:3: unterminated quoted field at the end of the file; nothing imported" \
    "unterminated quote" --value v
bad '' \
    "kbench: import: bad.csv: empty file: expected a header line; nothing imported" \
    "empty file" --value v
bad 'm,v\n' \
    "kbench: import: bad.csv: no data rows after the header; nothing imported" \
    "header only" --value v
bad 'm,v\nx,1,2\n' \
    "kbench: import: bad.csv:2: more than 2 fields, expected 2 as in the header; nothing imported" \
    "too many fields" --value v
bad 'm,v\nx\n' \
    "kbench: import: bad.csv:2: 1 fields, expected 2 as in the header; nothing imported" \
    "too few fields" --value v
bad 'm,v\n"x"y,1\n' \
    "kbench: import: bad.csv:2: malformed CSV: error parsing data while strict checking enabled; nothing imported" \
    "a quote inside a field" --value v
bad 'a,b\n1,2\n' \
    "kbench: import: bad.csv:1: not kbench's canonical CSV (its header starts run,label,benchmark,... and ends unit,better,seq,value); for other CSV name the value column with --value COL; nothing imported" \
    "other CSV without --value"
bad 'm,v\nx,1\n' \
    "kbench: import: --key, --run-by, -b, -l, --unit, --better and --meta describe other people's CSV: they need --value COL" \
    "mapping options without --value" --key m

# A good file then a bad one: the good one is not kept either.
printf 'm,v\nx,1\n' >good.csv
printf 'm,v\nx,z\n' >bad2.csv
kb import --value v good.csv bad2.csv
expect_rc 2 "a good file and a bad one"
after=$(sql kbench.db "SELECT count(*) FROM sample")
[ "$after" = "$before" ]; check $? "the good file is rolled back with the bad one"

# A NUL byte in a field.
printf 'm,v\nx\0y,1\n' >nul.csv
kb import --value v --key m nul.csv
expect_rc 2 "a NUL byte"
expect_err "kbench: import: nul.csv:2: column 1: a NUL byte in the field; nothing imported" "a NUL byte"

# A missing file.
kb import --value v nosuch.csv
expect_rc 2 "a missing file"
expect_err "kbench: import: nosuch.csv: cannot open: No such file or directory; nothing imported" "a missing file"

# Standard input, -l, -b, --meta, and seq numbering per series.
printf 'm,v\nx,1\ny,2\nx,3\n' | "$KBENCH" --db s.db import -q -l mylabel -b mybench --meta kernel=6.1 --key m --value v -
check $? "import from standard input"
v=$(sql s.db "SELECT r.label || ' ' || r.benchmark || ' ' || f.value FROM run r JOIN run_fact f ON f.run_id = r.id AND f.key = 'kernel'")
[ "$v" = "mylabel mybench 6.1" ]; check $? "-l, -b and --meta stored (got $v)"
v=$(sql s.db "SELECT group_concat(s.name || ':' || x.seq || '=' || x.value, ' ') FROM sample x JOIN series s ON s.id = x.series_id")
[ "$v" = "m=x:0=1.0 m=x:1=3.0 m=y:0=2.0" ]; check $? "samples numbered per series in file order (got $v)"

# Canonical CSV with inconsistent run columns for one uuid.
head -2 a.csv >inc.csv
sed -n 3p a.csv | sed 's/,complete,/,aborted,/' >>inc.csv
kb --db inc.db import inc.csv
expect_rc 2 "one run with two statuses"
expect_err "kbench: import: inc.csv:3: run $uuid: a run column or fact differs from an earlier row of the same run; nothing imported" \
    "inconsistent run columns"

# Run-by values holding the byte 0x1f, which once joined the run columns:
# "x^_y","z" and "x","y^_z" are two runs, not one.
printf 'a,b,v\nx\037y,z,1\nx,y\037z,2\n' >sep.csv
kb --db sep.db import --run-by a --run-by b --value v sep.csv
expect_rc 0 "run-by values with a 0x1f byte"
expect_err "kbench import: 2 samples in 2 runs into sep.db" \
    "run-by values with a 0x1f byte are two runs"

# 100000 one-row runs: a hash, not a list, finds the runs already made
# (4 s of CPU; the list took some 85 s).  CPU time, not the wall clock:
# the bound holds on a loaded machine.  Under valgrind (make
# check-valgrind), some 30 times the CPU: 5000 rows.
n=100000
[ -n "${KBENCH_VALGRIND:-}" ] && n=5000
awk -v n=$n 'BEGIN { print "r,v"; for (i = 0; i < n; i++) print i ",1" }' >many.csv
(ulimit -t 60; "$KBENCH" --db many.db import -q --run-by r --value v many.csv)
check $? "$n one-row runs import in under a minute of CPU"
