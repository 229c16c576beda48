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
count() { sql "$KBENCH_DB" "SELECT count(*) FROM sample"; }
before=$(count)

# refused CONTENT-CMD MESSAGE WHAT: import stdin from CONTENT-CMD (a shell
# command), expect exit 2, the exact message, and nothing stored.
refused() {
	sh -c "$1" | "$KBENCH" import --value v --key m - >"$T/out" 2>"$T/err"
	rc=$?
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
v=$(sql num.db "SELECT group_concat(value, ' ') FROM (SELECT value FROM sample ORDER BY seq)")
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
sql "$KBENCH_DB" "UPDATE run SET label = CAST(X'6c6174e9' AS TEXT) WHERE label = 'latin'"
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
n=$(sql "$KBENCH_DB" "SELECT count(*) FROM run")
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
