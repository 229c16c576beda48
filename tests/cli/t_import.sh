#!/bin/sh
# kbench import: the seed's table, the canonical round trip, and every
# kind of bad input (exact message, exit 2, database unchanged).
. "$(dirname "$0")/lib.sh"

SEED=$KBENCH_TOP/examples/calloutng-rpi.csv

kb import -b sleep --run-by label --run-by hz --key method \
    --key usec --value measured_us --unit us "$SEED"
expect_rc 0 "import of the seed table"
expect_empty_out "import prints no data"
expect_err "kbench import: 210 samples in 6 runs into $T/kbench.db" \
    "import summary on stderr"

n=$(db_query kbench.db "SELECT count(*) FROM run")
[ "$n" = 6 ]; check $? "6 runs (2 labels x 3 HZ), got $n"
n=$(db_query kbench.db "SELECT count(DISTINCT n) FROM (SELECT count(*) n FROM series GROUP BY run_id)")
m=$(db_query kbench.db "SELECT min(n) FROM (SELECT count(*) n FROM series GROUP BY run_id)")
[ "$n" = 1 ] && [ "$m" = 35 ]; check $? "35 series in every run"
n=$(db_query kbench.db "SELECT max(c) FROM (SELECT count(*) c FROM sample GROUP BY series_id)")
[ "$n" = 1 ]; check $? "one sample per series"
v=$(db_query kbench.db "SELECT x.value FROM sample x JOIN series s ON s.id = x.series_id JOIN run r ON r.id = s.run_id JOIN run_fact f ON f.run_id = r.id AND f.key = 'hz' WHERE r.label = 'unpatched' AND f.value = '1000' AND s.name = 'method=nanosleep,usec=300'")
[ "$v" = 1999.8 ]; check $? "unpatched nanosleep 300 us at HZ=1000 is 1999.80 (got $v)"
v=$(db_query kbench.db "SELECT DISTINCT unit || ' ' || better FROM series")
[ "$v" = "us lower" ]; check $? "unit and better direction stored"
# The seed's series keys are those kbench collect sleep stores (method,
# usec): a table imported this way pairs with a run collected here.
v=$(db_query kbench.db "SELECT group_concat(key, ' ') FROM (SELECT DISTINCT key FROM series_key ORDER BY key)")
[ "$v" = "method usec" ]; check $? "the seed's keys are the collector's: method usec (got $v)"
if [ -x "$(dirname "$KBENCH")/testsleep" ]; then
	kb --db pair.db import -q -b sleep --run-by label --run-by hz --key method \
	    --key usec --value measured_us --unit us "$SEED"
	kb --db pair.db collect sleep -q -l here -r 2 -m nanosleep -u 300 -n 5
	expect_rc 0 "a sleep collection beside the seed"
	kb --db pair.db analyze --compare label=unpatched,hz=1000 here --where method=nanosleep --where usec=300 --format csv
	expect_rc 0 "the seed against a collected run"
	[ "$(tail -n +2 "$T/out" | wc -l)" = 1 ]
	check $? "the seed and a collected run pair: one row, nanosleep at 300 us"
fi

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
lab=$(db_query q.db "SELECT group_concat(label, '|') FROM (SELECT label FROM run ORDER BY id)")
[ "$lab" = 'a,b|say "hi"' ]; check $? "labels with a comma and quotes kept (got $lab)"
kb --db q2.db import -q q.db 2>/dev/null
kb --db q.db export -o q1.csv && kb --db q2.db import -q q1.csv && kb --db q2.db export -o q2.csv
cmp -s q1.csv q2.csv; check $? "quoted fields round-trip byte for byte"

# Bad input: each gets FILE:LINE and what was wrong, exit 2, nothing stored.
before=$(db_query kbench.db "SELECT count(*) FROM sample")
bad() {
	# bad FILE-CONTENT EXPECTED-STDERR WHAT [import options...]
	printf "$1" >bad.csv
	shift
	bad_file bad.csv "$@"
}
bad_file() {
	# bad_file FILE EXPECTED-STDERR WHAT [import options...]
	file=$1 want=$2 what=$3
	shift 3
	kb import "$@" "$file"
	expect_rc 2 "$what"
	expect_err "$want" "$what"
	after=$(db_query kbench.db "SELECT count(*) FROM sample")
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
    "kbench: import: bad.csv:1: not kbench's canonical CSV (its header starts run,label,benchmark,... and ends unit,better,round,seq,value); for other CSV name the value column with --value COL; nothing imported" \
    "other CSV without --value"
bad 'm,v\nx,1\n' \
    "kbench: import: --key, --run-by, -b, -l, --unit, --better and --meta describe other people's CSV: they need --value COL" \
    "mapping options without --value" --key m

# A good file then a bad one: the good one is not kept either.
printf 'm,v\nx,1\n' >good.csv
printf 'm,v\nx,z\n' >bad2.csv
kb import --value v good.csv bad2.csv
expect_rc 2 "a good file and a bad one"
after=$(db_query kbench.db "SELECT count(*) FROM sample")
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
v=$(db_query s.db "SELECT r.label || ' ' || r.benchmark || ' ' || f.value FROM run r JOIN run_fact f ON f.run_id = r.id AND f.key = 'kernel'")
[ "$v" = "mylabel mybench 6.1" ]; check $? "-l, -b and --meta stored (got $v)"
v=$(db_query s.db "SELECT group_concat(s.name || ':' || x.seq || '=' || x.value, ' ') FROM sample x JOIN series s ON s.id = x.series_id")
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

# Rounds (issue 24): the round each sample came from.  The canonical CSV
# carries it in a round column (empty: none recorded); --round-by names
# it in other CSV.
h4=run,label,benchmark,status,started,ended,command,version,key.m,unit,better,seq,value
h5=run,label,benchmark,status,started,ended,command,version,key.m,unit,better,round,seq,value
# canon FILE HEADER ROW...: a canonical file of run r1 (label l), each
# ROW "KEY,ROUND,SEQ,VALUE" (under $h5) or "KEY,SEQ,VALUE" (under $h4);
# a ROW "RUN:KEY,..." is of run RUN.
canon() {
	f=$1
	echo "$2" >"$f"
	shift 2
	for row; do
		run=r1
		case $row in *:*) run=${row%%:*} row=${row#*:} ;; esac
		echo "$run,l,b,complete,2026-01-01T00:00:00Z,,,,${row%%,*},us,lower,${row#*,}"
	done >>"$f"
}
rounds() {
	db_query "$1" "SELECT group_concat(s.name || ':' || x.seq || '@' || ifnull(x.round, '-'), ' ')
	    FROM (SELECT * FROM sample ORDER BY series_id, seq) x JOIN series s ON s.id = x.series_id"
}

# Export writes the round column, empty where none was recorded (the
# seed, imported without --round-by).
head -1 a.csv | grep -q ',unit,better,round,seq,value$'
check $? "the canonical header ends unit,better,round,seq,value"
v=$(tail -n +2 a.csv | awk -F, '{ print $(NF - 2) }' | sort -u | tr '\n' .)
[ "$v" = . ]; check $? "no round recorded: an empty round cell on every row ($v)"
n=$(db_query b.db "SELECT count(*) FROM sample WHERE round IS NOT NULL")
[ "$n" = 0 ]; check $? "empty round cells import as no round ($n with one)"

# Mapped: --round-by; export; import; export: the same bytes.
printf 'label,m,r,v\na,x,1,10\na,x,1,11\na,y,1,12\na,x,2,13\na,y,2,14\na,y,3,15\nb,x,7,20\n' >rb.csv
kb --db rb.db import --run-by label --key m --round-by r --value v rb.csv
expect_rc 0 "import --round-by"
expect_err "kbench import: 7 samples in 2 runs into rb.db" "import --round-by: its summary"
v=$(rounds rb.db)
[ "$v" = "m=x:0@1 m=x:1@1 m=x:2@2 m=y:0@1 m=y:1@2 m=y:2@3 m=x:0@7" ]
check $? "each sample has its row's round, seqs numbered as before ($v)"
kb --db rb.db export --facts none -o rb1.csv
tail -n +2 rb1.csv | awk -F, '{ print $(NF - 5) "," $(NF - 2) "," $(NF - 1) "," $NF }' >got
printf '%s\n' x,1,0,10 x,1,1,11 x,2,2,13 y,1,0,12 y,2,1,14 y,3,2,15 x,7,0,20 >want
cmp -s want got; check $? "export writes each sample's round before its seq"
kb --db rb2.db import -q rb1.csv
expect_rc 0 "import of a canonical file with rounds"
kb --db rb2.db export --facts none -o rb2.csv
cmp -s rb1.csv rb2.csv; check $? "with rounds: export -> import -> export gives the same bytes"
[ "$(rounds rb2.db)" = "$(rounds rb.db)" ]; check $? "the rounds read back as stored"

# A canonical file of a kbench before rounds (no round column): imported,
# with no rounds; its export has the round column, empty, and round-trips.
canon old.csv "$h4" x,0,1 x,1,2 y,0,3
kb --db old.db import -q old.csv
expect_rc 0 "a canonical file without a round column (an older kbench's)"
v=$(rounds old.db)
[ "$v" = "m=x:0@- m=x:1@- m=y:0@-" ]; check $? "its samples have no round ($v)"
kb --db old.db export --facts none -o old1.csv
head -1 old1.csv | grep -q ',better,round,seq,value$'; check $? "its export has the round column"
[ "$(sed -n 2p old1.csv | cut -d, -f9-)" = "x,us,lower,,0,1" ]
check $? "empty ($(sed -n 2p old1.csv | cut -d, -f9-))"
kb --db old2.db import -q old1.csv && kb --db old2.db export --facts none -o old2.csv
cmp -s old1.csv old2.csv; check $? "without rounds: export -> import -> export gives the same bytes"

# Canonical: the rules a round obeys.  Rounds 1,1,2,2,3 in a series, the
# series in any order between them, a run with rounds beside one
# without, round 0 and the largest round: taken.
canon ok.csv "$h5" x,1,0,1 y,2,0,1 x,1,1,2 x,2,2,3 y,3,1,2 x,2,3,4 x,3,4,5 \
    r2:x,,0,1 r2:y,,0,2 r3:x,0,0,1 r3:x,9007199254740991,1,2
kb --db ok.db import ok.csv
expect_rc 0 "rounds in order in each series, series interleaved"
v=$(rounds ok.db)
[ "$v" = "m=x:0@1 m=x:1@1 m=x:2@2 m=x:3@2 m=x:4@3 m=y:0@2 m=y:1@3 m=x:0@- m=y:0@- m=x:0@0 m=x:1@9007199254740991" ]
check $? "... stored as given, 0 to 2^53-1 ($v)"
# Within a round, seqs in any order: the rounds are still in seq order.
canon ok2.csv "$h5" x,1,5,1 x,1,3,2 x,2,6,3
kb --db ok2.db import -q ok2.csv
expect_rc 0 "seqs out of order within one round"

before=$(db_query kbench.db "SELECT count(*) FROM sample")
for v in 1.5 -1 1e3 0x10 '" "' abc 9007199254740992 99999999999999999999 +1 1_000 '" 1"'; do
	canon r.csv "$h5" x,1,0,1 "x,$v,1,2"
	shown=$(echo "$v" | tr -d '"')
	bad_file r.csv "kbench: import: r.csv:3: column 'round': '$shown' is not a whole number from 0 to 9007199254740991; nothing imported" \
	    "canonical round '$v'"
done
canon r.csv "$h5" x,1,0,1 y,,0,2
bad_file r.csv "kbench: import: r.csv:3: column 'round' is empty, but line 2 of the same run has round 1: every sample of a run has a round, or none has; nothing imported" \
    "a run's rows with a round, then one without"
canon r.csv "$h5" x,,0,1 x,,1,2 y,4,0,2
bad_file r.csv "kbench: import: r.csv:4: column 'round': '4', but line 2 of the same run has none: every sample of a run has a round, or none has; nothing imported" \
    "a run's rows without a round, then one with"
canon r.csv "$h5" x,,0,1 r2:x,1,0,1 x,,1,2 r2:x,,1,3
bad_file r.csv "kbench: import: r.csv:5: column 'round' is empty, but line 3 of the same run has round 1: every sample of a run has a round, or none has; nothing imported" \
    "two runs interleaved: each is checked on its own"
canon r.csv "$h5" x,1,0,1 x,2,1,2 x,1,2,3
bad_file r.csv "kbench: import: r.csv:4: column 'round': '1' after round 2 (line 3) of the same series: a series' rounds never go back (each is an invocation of the benchmark, in the order they ran); nothing imported" \
    "rounds 1, 2, 1 in a series"
canon r.csv "$h5" x,1,0,1 x,2,1,2 y,1,0,2 y,3,1,2 x,2,2,3 y,2,2,3
bad_file r.csv "kbench: import: r.csv:7: column 'round': '2' after round 3 (line 5) of the same series: a series' rounds never go back (each is an invocation of the benchmark, in the order they ran); nothing imported" \
    "a series' round going back after another series' rows"
canon r.csv "$h5" x,1,5,1 x,1,3,2 x,2,4,3
bad_file r.csv "kbench: import: r.csv:4: column 'seq': '4' in round 2, below seq 5 of an earlier round (line 2): a series' rounds follow its seq order; nothing imported" \
    "a later round's seq below an earlier round's"
canon r.csv "$h5" x,1,0,1 x,2,0,2
bad_file r.csv "kbench: import: r.csv:3: sample 0 of this series is there already; nothing imported" \
    "the same seq in two rounds"

# Mapped: --round-by's column must be there, once, full on every row, and
# hold nothing else.
bad 'm,v\nx,1\n' \
    "kbench: import: bad.csv:1: --round-by r: no such column in the header (columns: m, v); nothing imported" \
    "a missing --round-by column" --value v --round-by r
bad 'm,r,v,r\nx,1,1,1\n' \
    "kbench: import: bad.csv:1: column 4 'r' repeats column 2: a column name once only; nothing imported" \
    "two columns of the --round-by name" --value v --round-by r
bad 'm,r,v\nx,1,1\nx,,2\n' \
    "kbench: import: bad.csv:3: column 'r' is empty, expected a round (a whole number from 0 to 9007199254740991); nothing imported" \
    "an empty --round-by cell" --value v --key m --round-by r
bad 'm,r,v\nx,1,1\ny,2.0,2\n' \
    "kbench: import: bad.csv:3: column 'r': '2.0' is not a whole number from 0 to 9007199254740991; nothing imported" \
    "a --round-by cell that is not a whole number" --value v --key m --round-by r
bad 'm,r,v\nx,2,1\ny,1,2\nx,3,3\ny,2,4\nx,2,5\n' \
    "kbench: import: bad.csv:6: column 'r': '2' after round 3 (line 4) of the same series: a series' rounds never go back (each is an invocation of the benchmark, in the order they ran); nothing imported" \
    "--round-by: a series' round going back" --value v --key m --round-by r
for o in "the --value column:--value" "a --key column:--key" "a --run-by column:--run-by"; do
	bad 'm,r,v\nx,1,1\n' \
	    "kbench: import: --round-by r is ${o%:*} too: the column of the rounds holds nothing else" \
	    "--round-by naming ${o%:*}" --value v --round-by r ${o#*:} r
done
bad 'm,r,v\nx,1,1\n' \
    "kbench: import: --round-by needs --value COL: a canonical file (no --value) carries its own round column" \
    "--round-by without --value" --round-by r
bad 'm,r,v\nx,1,1\n' \
    "kbench: import: --round-by given twice: a sample has one round" \
    "--round-by twice" --value v --round-by r --round-by m
# Without --round-by a column named round is just a column.
printf 'm,round,v\nx,abc,1\n' >plain.csv
kb --db plain.db import -q --value v --key m plain.csv
expect_rc 0 "a mapped file's round column is ignored without --round-by"
[ "$(rounds plain.db)" = "m=x:0@-" ]; check $? "... and no round is stored"

# All or nothing: a bad round on the last row of the second file leaves
# nothing of either.
printf 'm,r,v\nx,1,1\nx,2,2\n' >good-r.csv
printf 'm,r,v\nx,1,1\nx,1,2\nx,x,3\n' >bad-r.csv
kb import --value v --key m --round-by r good-r.csv bad-r.csv
expect_rc 2 "a good file with rounds and one with a bad round on its last row"
expect_err "kbench: import: bad-r.csv:4: column 'r': 'x' is not a whole number from 0 to 9007199254740991; nothing imported" \
    "the bad round is named"
[ "$(db_query kbench.db "SELECT count(*) FROM sample")" = "$before" ]
check $? "nothing of either file stored"

# Issue 26, finding 15: a start time the calendar has not; finding 16: a
# column name twice.  Each refused with its line, nothing stored.
CANON=run,label,benchmark,status,started,ended,command,version,key.x,unit,better,seq,value
for when in 2026-01-12T29:59:59Z 2026-02-31T00:00:00Z 2025-02-29T12:00:00Z \
    2026-04-31 2026-01-01T24:00 2026-01-01T12:60:00Z 2026-01-01T12:00:60Z; do
	printf '%s\nr,l,b,complete,%s,,,,1,us,lower,1,1\n' "$CANON" "$when" >when.csv
	kb -d when.db import when.csv
	expect_rc 2 "finding 15: started $when"
	expect_err "kbench: import: when.csv:2: started '$when': expected an ISO 8601 UTC time (2026-01-31T02:00:00.000Z); nothing imported" \
	    "finding 15: started $when refused with its line"
done
for when in 2024-02-29T23:59:59Z 2000-02-29 2026-12-31T23:59:59.999Z; do
	printf '%s\nr,l,b,complete,%s,,,,1,us,lower,1,1\n' "$CANON" "$when" >when.csv
	rm -f when.db
	kb -d when.db import -q when.csv
	expect_rc 0 "finding 15: started $when, a real date, taken"
done
printf 'run,label,benchmark,status,started,ended,command,version,fact.host,fact.host,key.metric,key.metric,unit,better,seq,value\nr,l,b,complete,2026-01-01T00:00:00Z,,,,a,b,x,y,us,lower,1,1\n' >twice.csv
kb -d twice.db import twice.csv
expect_rc 2 "finding 16: a canonical header with a column twice"
expect_err "kbench: import: twice.csv:1: column 10 'fact.host' repeats column 9: a column name once only; nothing imported" \
    "finding 16: both positions named"
[ ! -e twice.db ] || [ "$(db_query twice.db 'SELECT count(*) FROM run')" = 0 ]
check $? "finding 16: nothing stored"
printf 'night,host,host,v\nn1,a,b,1\n' >twice2.csv
kb -d twice.db import --value v --run-by night --run-by host twice2.csv
expect_rc 2 "finding 16: another CSV's header with a column twice"
expect_err "kbench: import: twice2.csv:1: column 3 'host' repeats column 2: a column name once only; nothing imported" \
    "finding 16: refused before --run-by picks one"

# Names and units are printed as column heads and chart titles: no
# control character in them (values may hold any text; outputs escape
# them).  Found by the attack on issue 26's merge checks.
printf '%s\nr,l,b,complete,2026-01-01T00:00:00Z,,,,1,"u\ts",lower,1,1\n' "$CANON" >unitc.csv
kb -d unitc.db import unitc.csv
expect_rc 2 "a unit with a tab"
expect_err "kbench: import: unitc.csv:2: unit 'u\\ts': a control character (newline, tab, escape...) has no place in a unit; nothing imported" \
    "a unit with a tab: refused with its line"
printf 'run,label,benchmark,status,started,ended,command,version,"fact.h\033[2J",key.x,unit,better,seq,value\nr,l,b,complete,2026-01-01T00:00:00Z,,,,a,1,us,lower,1,1\n' >factc.csv
kb -d factc.db import factc.csv
expect_rc 2 "a fact name with an escape"
expect_err "kbench: import: factc.csv:2: fact name 'h\\x1b[2J': a control character (newline, tab, escape...) has no place in a fact name; nothing imported" \
    "a fact name with an escape: refused with its line"
[ ! -e factc.db ] || [ "$(db_query factc.db 'SELECT count(*) FROM run')" = 0 ]
check $? "a fact name with an escape: nothing stored"

# The first error in a file is the one said, from a file or from
# standard input: a seq twice at line 100 of 50,000, before a bad value
# later (the seq's row still in the store's buffer, or long stored), or
# on the last line; and the same samples are stored.  Found by issue
# 30's attacker: the stage's failed multi-row insert was not undone and
# the row-by-row retry named a neighbour's line (66 for 100).
seqfile() {	# seqfile FILE DUPLINE BADLINE: 50,000 samples, line DUPLINE repeats seq 50
	awk -v d="$2" -v b="$3" 'BEGIN { print "run,label,benchmark,status,started,ended,command,version,key.x,unit,better,seq,value"
	    for (i = 1; i <= 50000; i++)
		printf "r,l,b,complete,2025-01-01T00:00:00Z,,,,1,us,lower,%d,%s\n",
		    (i + 1 == d ? 50 : i), (i + 1 == b ? "x" : (i % 97) ".5") }' >"$1"
}
printf '%s\nq,l,b,complete,2025-01-01T00:00:00Z,,,,1,us,lower,1,1\n' "$CANON" >q.csv
for c in "100 0" "100 5000" "20000 45000" "50001 0"; do
	set -- $c
	seqfile dup.csv "$1" "$2"
	for how in file stdin; do
		rm -f dup.db dup.db-wal dup.db-shm
		kb -d dup.db import -q q.csv
		if [ "$how" = file ]; then
			kb -d dup.db import -q dup.csv; src=dup.csv
		else
			kb -d dup.db import -q - <dup.csv; src="(stdin)"
		fi
		expect_rc 2 "a seq twice at line $1 of 50,000 (bad value at line $2), $how"
		expect_err "kbench: import: $src:$1: sample 50 of this series is there already; nothing imported" \
		    "a seq twice at line $1 of 50,000 (bad value at line $2), $how: that line named"
		[ "$(db_query dup.db 'SELECT count(*) FROM sample')" = 1 ]
		check $? "a seq twice at line $1, $how: nothing stored"
	done
done
seqfile big.csv 0 0
rm -f big1.db* big2.db*
kb -d big1.db import -q q.csv
kb -d big1.db import -q big.csv
expect_rc 0 "50,000 samples from a file"
kb -d big2.db import -q q.csv
kb -d big2.db import -q - <big.csv
expect_rc 0 "50,000 samples from standard input"
kb -d big1.db export
mv "$T/out" big1.out
kb -d big2.db export
cmp -s big1.out "$T/out" && [ "$(grep -c '^r,' big1.out)" = 50000 ]
check $? "from a file and from standard input: the same 50,000 samples exported"

# One run twice in one import (a file given twice, or a run in two
# files): named as this import's, with the line that made it first, not
# as "in the database already" with an id that is in no database (the
# stage's, or a transaction's that is rolled back).  Found by issue 30's
# attacker.
rm -f twice.db twice.db-wal twice.db-shm
kb -d twice.db import -q q.csv q.csv
expect_rc 2 "the same file twice in one import"
expect_err "kbench: import: q.csv:2: run q is in this import already (q.csv:2): a run is imported once; nothing imported" \
    "the same file twice in one import: the run's first line named"
[ ! -e twice.db ] || [ "$(db_query twice.db 'SELECT count(*) FROM run')" = 0 ]
check $? "the same file twice in one import: nothing stored"
