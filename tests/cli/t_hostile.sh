#!/bin/sh
# Hostile input: the rows of the bad-inputs table in tests/README.md that
# no other test file covers (the others name their file there).  Each
# input is refused with a message naming where, or stored and shown
# harmlessly; none crashes kbench, grows its memory, or changes the
# database when refused.
. "$(dirname "$0")/lib.sh"

printf 'm,v\nx,1\nx,2\n' >ok.csv
kb import -q --value v --key m -l base ok.csv
expect_rc 0 "a database to be hostile to"
count() { db_query "$KBENCH_DB" "SELECT count(*) FROM sample"; }
before=$(count)

# refused CONTENT-CMD MESSAGE WHAT [OPTION...]: import stdin from
# CONTENT-CMD (a shell command) with --value v --key m and the OPTIONs,
# expect exit 2, the exact message, and nothing stored.
refused() {
	cmd=$1 msg=$2 what=$3
	shift 3
	sh -c "$cmd" | "$KBENCH" import --value v --key m "$@" - >"$T/out" 2>"$T/err"
	rc=$?
	set -- "$cmd" "$msg" "$what"
	expect_rc 2 "$3"
	expect_err "kbench: import: (stdin):$2; nothing imported" "$3"
	[ "$(count)" = "$before" ]; check $? "$3: database unchanged"
}

# Memory stays bounded whatever the line: a 256 MiB address space is
# plenty (sanitizer builds reserve terabytes of it, so not there).
limit=""
case $KBENCH in */san/*) ;; *) limit="ulimit -v 262144;" ;; esac
bounded() {
	(eval "$limit"; sh -c "$1" | "$KBENCH" import --value v --key m -) \
	    >"$T/out" 2>"$T/err"
	rc=$?
	expect_rc 2 "$3"
	expect_err "kbench: import: (stdin):$2; nothing imported" "$3"
}

# Sizes.
refused "printf 'm,v\n'; head -c 2000000 /dev/zero | tr '\\0' x; printf ',1\n'" \
    "2: a field longer than 1048576 bytes" "a 2 MB field"
refused "printf 'm,v\n\"'; head -c 2000000 /dev/zero | tr '\\0' x; printf '\",1\n'" \
    "2: a field longer than 1048576 bytes" "a 2 MB quoted field"
bounded "printf 'm,v\n'; yes x | tr -d '\n' | head -c 10G" \
    "2: a field longer than 1048576 bytes" "a 10 GB line, streamed"
bounded "printf 'm,v\n'; yes , | tr -d '\n' | head -c 10G" \
    "2: more than 2 fields, expected 2 as in the header" \
    "a 10 GB line of commas, streamed"
bounded "yes a, | tr -d '\n' | head -c 10G" \
    "1: more than 4096 columns in the header" "a 10 GB header line, streamed"

# Numbers.
for v in -nan NaN inf -Infinity 1e999 -1e999 0x1p3 0x10 1,5 '1 2' 1e 1e+ . - +; do
	refused "printf 'm,v\nx,\"%s\"\n' '$v'" \
	    "2: column 'v': '$v' is not a finite decimal number" "the number '$v'"
done
printf 'm,v\nx,1e-400\nx,4.9e-324\nx,1.7976931348623157e308\nx, 2 \n' |
    "$KBENCH" --db num.db import -q --value v --key m -
check $? "underflow to 0, the least subnormal, the largest double, blanks: taken"
v=$(db_query num.db "SELECT group_concat(value, ' ') FROM (SELECT value FROM sample ORDER BY seq)")
[ "$v" = "0.0 4.94065645841247e-324 1.79769313486232e+308 2.0" ]
check $? "... as the nearest doubles ($v)"

# Text.
refused "printf 'm,v\nx\\377,1\n'" \
    "2: column 1: invalid UTF-8 (byte 0xff): kbench keeps text as UTF-8 (iconv -f latin1 -t utf-8 converts a Latin-1 file)" \
    "invalid UTF-8 (Latin-1) in a key"
refused "printf 'm,v\n\"\\355\\240\\200\",1\n'" \
    "2: column 1: invalid UTF-8 (byte 0xed): kbench keeps text as UTF-8 (iconv -f latin1 -t utf-8 converts a Latin-1 file)" \
    "a UTF-16 surrogate in a quoted key"
printf 'm,v\ncaf\303\251 \342\202\254 \360\237\230\200,1\n' |
    "$KBENCH" --db utf.db import -q --value v --key m -l 'ok' -
check $? "valid UTF-8, up to four bytes, is taken"
printf 'label,v\n"a\nb",1\n' >nl.csv
kb import --value v --run-by label nl.csv
expect_rc 2 "a newline in a label column"
expect_err "kbench: import: nl.csv:3: label 'a\\nb': a control character (newline, tab, escape...) has no place in a label; nothing imported" \
    "a newline in a label column"
kb import --value v --key m -l "$(printf 'two\nlines')" ok.csv
expect_rc 2 "a newline in -l"
kb collect sleep -q -l "$(printf 'esc\033[2J')" -m nanosleep -u 1 -n 1 -r 1
expect_rc 2 "an escape sequence in collect -l"
expect_err "kbench: collect sleep: -l: label 'esc\\x1b[2J': a control character (newline, tab, escape...) has no place in a label" \
    "an escape sequence in collect -l"
# Text from the command line that is not UTF-8 is refused, as the
# importer refuses it in a file: stored, its export could not be imported
# back.  Nothing is created.
kb --db latin.db import -q --value v --key m -l "$(printf 'lat\351')" ok.csv
expect_rc 2 "a Latin-1 label on the command line (import -l)"
expect_err "kbench: import: label 'lat\\xe9': invalid UTF-8 (byte 0xe9): kbench keeps text as UTF-8, as its CSV, JSON and reports are" \
    "a Latin-1 label on the command line (import -l)"
kb --db latin.db import -q --value v --key m --meta "$(printf 'site=M\374nchen')" ok.csv
expect_rc 2 "a Latin-1 --meta value (import)"
kb --db latin.db collect sleep -q -l "$(printf 'lat\351')" -m nanosleep -u 1 -n 1 -r 1
expect_rc 2 "a Latin-1 label on the command line (collect -l)"
expect_err "kbench: collect sleep: -l: label 'lat\\xe9': invalid UTF-8 (byte 0xe9): kbench keeps text as UTF-8, as its CSV, JSON and reports are" \
    "a Latin-1 label on the command line (collect -l)"
kb --db latin.db collect sleep -q --meta "$(printf 'site=M\374nchen')" -m nanosleep -u 1 -n 1 -r 1
expect_rc 2 "a Latin-1 --meta value (collect)"
[ ! -e latin.db ]; check $? "nothing refused is stored: no database made"
# A database of an older kbench may hold such a label: JSON and HTML show
# its bad bytes as U+FFFD, so both stay valid for strict readers.
kb import -q --value v --key m -l latin ok.csv
expect_rc 0 "a label, made Latin-1 behind kbench's back"
db_query "$KBENCH_DB" "UPDATE run SET label = CAST(X'6c6174e9' AS TEXT) WHERE label = 'latin'"
kb analyze --by label --format json
python3 -c 'import json, sys
d = json.loads(open(sys.argv[1], encoding="utf-8", errors="strict").read())
assert "lat\ufffd" in [g["by"] for g in d["groups"]]' "$T/out"
check $? "JSON: strict UTF-8, the bad byte as U+FFFD"
"$KBENCH" report --compare base "$(printf 'lat\351')" -o rep >/dev/null 2>&1
python3 -c 'import sys; open(sys.argv[1], encoding="utf-8", errors="strict").read()' \
    rep/report.html
check $? "HTML report: strict UTF-8"

# SQL and shell in labels and filters: bound, never spliced.
evil="x'); DROP TABLE run; --"
kb import -q --value v --key m -l "$evil" ok.csv
expect_rc 0 "a label that is SQL"
kb analyze --where "label=$evil" --where "m=' OR 1=1 --"
expect_rc 2 "a filter value that is SQL selects nothing"
expect_err "kbench: analyze: no samples match the selection" "a filter value that is SQL selects nothing"
kb runs --label "$evil"
expect_rc 0 "the SQL label is a label like any other"
n=$(db_query "$KBENCH_DB" "SELECT count(*) FROM run")
[ "$n" = 3 ]; check $? "the run table is still there, 3 runs ($n)"
kb runs --label '$(touch pwned)' --label '`touch pwned`'
[ ! -e pwned ]; check $? "a label is never run by a shell"

# Times that are not ISO 8601 would break the order of runs and --since.
"$KBENCH" export --label base -o base.csv
sed '2,$s/,20[0-9-]*T[0-9:.]*Z,/,yesterday,/' base.csv >when.csv
kb --db when.db import when.csv
expect_rc 2 "a start time that is not ISO 8601"
expect_err "kbench: import: when.csv:2: started 'yesterday': expected an ISO 8601 UTC time (2026-01-31T02:00:00.000Z); nothing imported" \
    "a start time that is not ISO 8601"

# Rounds (issue 24): a round column as a hostile file would have it.
rr="--round-by r"
R=9007199254740991
before=$(count)
refused "printf 'm,r,v\nx,1\\0,1\n'" "2: column 2: a NUL byte in the field" \
    "a NUL byte in a round cell" $rr
refused "printf 'm,r,v\nx,\"\\033[2J\",1\n'" \
    "2: column 'r': '\\x1b[2J' is not a whole number from 0 to $R" \
    "an escape sequence as a round: shown escaped" $rr
refused "printf 'm,r,v\nx,\"\t1\",1\n'" \
    "2: column 'r': '\\t1' is not a whole number from 0 to $R" \
    "a quoted tab before a round" $rr
refused "printf 'm,r,v\nx,\331\243,1\n'" \
    "2: column 'r': '$(printf '\331\243')' is not a whole number from 0 to $R" \
    "an Arabic-Indic digit as a round" $rr
refused "printf 'm,r,v\nx,\357\274\221,1\n'" \
    "2: column 'r': '$(printf '\357\274\221')' is not a whole number from 0 to $R" \
    "a full-width digit as a round" $rr
refused "printf 'm,r,v\nx,'; head -c 1000000 /dev/zero | tr '\\0' 9; printf ',1\n'" \
    "2: column 'r': '9999999999999999999999999999999999999999...' is not a whole number from 0 to $R" \
    "a round of a million digits: 40 of them shown, and '...'" $rr
refused "printf 'm,r,v\r\nx,1,1\r\nx,\"2\",2\r\nx,1,3\r\n'" \
    "4: column 'r': '1' after round 2 (line 3) of the same series: a series' rounds never go back (each is an invocation of the benchmark, in the order they ran)" \
    "CRLF, quoted rounds (libcsv): a round going back is still found" $rr
refused "printf 'm,r,v\nx,1,1\nx,1,2\nx,1,3\nx,\n'" \
    "5: 2 fields, expected 3 as in the header" \
    "a last row without its round or value" $rr
printf 'm,r,v\r\nx,1,1\r\nx,2,2\r\n' | "$KBENCH" --db crlf.db import -q --value v --key m $rr -
check $? "CRLF line ends, plain: taken"
printf 'm,r,v\r\n"x",1,1\r\nx,"2",2\r\n' | "$KBENCH" --db crlf.db import -q --value v --key m $rr -
check $? "CRLF line ends, quoted (libcsv): taken"
v=$(db_query crlf.db "SELECT group_concat(round, ' ') FROM (SELECT round FROM sample ORDER BY series_id, seq)")
[ "$v" = "1 2 1 2" ]; check $? "... with their rounds, no CR in them ($v)"
{ printf 'm,r,v\nx,'; head -c 1000000 /dev/zero | tr '\0' 0; printf '7,1\n'; } |
    "$KBENCH" --db zeros.db import -q --value v --key m $rr -
check $? "a round of a million leading zeros then 7: a whole number, taken"
[ "$(db_query zeros.db "SELECT round FROM sample")" = 7 ]; check $? "... as 7"

# The canonical form on standard input: a run whose rows have no round
# but its last; a header with two round columns.
h=run,label,benchmark,status,started,ended,command,version,key.m,unit,better,round,seq,value
row=r1,l,b,complete,2026-01-01T00:00:00Z,,,,x,us,lower
printf '%s\n' $h "$row,,0,1" "$row,,1,2" "$row,3,2,3" | "$KBENCH" import - >"$T/out" 2>"$T/err"
rc=$?
expect_rc 2 "a round on the last row only"
expect_err "kbench: import: (stdin):4: column 'round': '3', but line 2 of the same run has none: every sample of a run has a round, or none has; nothing imported" \
    "a round on the last row only"
printf '%s\n' "${h%%,unit*},round,unit,better,round,seq,value" "${row%,us*},1,us,lower,1,0,1" |
    "$KBENCH" import - >"$T/out" 2>"$T/err"
rc=$?
expect_rc 2 "a canonical header with two round columns"
expect_err "kbench: import: (stdin):1: column 13 'round' repeats column 10: a column name once only; nothing imported" \
    "a canonical header with two round columns: refused, both named"
[ "$(count)" = "$before" ]; check $? "nothing stored"

# 100,000 rounds in one series, 100,000 one-row runs with a round each:
# seconds, and the rounds read back (export, import, export: the same).
n=100000
[ -n "${KBENCH_VALGRIND:-}" ] && n=5000
awk -v n=$n 'BEGIN { print "m,r,v"; for (i = 1; i <= n; i++) print "x," i "," i }' >rounds.csv
(ulimit -t 60; "$KBENCH" --db rounds.db import -q --value v --key m $rr rounds.csv)
check $? "$n rounds in one series import in under a minute of CPU"
[ "$(db_query rounds.db "SELECT count(DISTINCT round) || ' ' || max(round) FROM sample")" = "$n $n" ]
check $? "... each its own round"
"$KBENCH" --db rounds.db export --facts none -o rounds1.csv
awk -v n=$n -v h="${h%%,key.m*}" 'BEGIN { print h ",key.m,unit,better,round,seq,value"
	for (i = 1; i <= n; i++) print "u" i ",l,b,complete,2026-01-01T00:00:00Z,,,,x,us,lower," i ",0," i }' >runs.csv
(ulimit -t 60; "$KBENCH" --db rounds2.db import -q rounds1.csv runs.csv)
check $? "and $n one-row runs with a round each, with it"
"$KBENCH" --db rounds2.db export --facts none --label rounds.csv -o rounds2.csv
cmp -s rounds1.csv rounds2.csv; check $? "$n rounds: export -> import -> export gives the same bytes"

# A refused round leaves no database behind.
printf 'm,r,v\nx,1,1\nx,0,2\n' | "$KBENCH" --db never.db import --value v --key m $rr - 2>/dev/null
[ $? -eq 2 ] && [ ! -e never.db ]; check $? "a refused round makes no database"
