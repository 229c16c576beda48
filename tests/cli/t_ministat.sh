#!/bin/sh
# kbench ministat against FreeBSD ministat(1), byte for byte: the
# reference outputs of the current ministat, goldens checked against
# Debian's older ministat or worked out by hand (see
# tests/fixtures/ministat/README), then the error cases with their exact
# stderr and exit status.
. "$(dirname "$0")/lib.sh"

# The legend shows the file names as given: run where the fixtures are.
cd "$FIXTURES/ministat" || exit 1

usage='usage: kbench ministat [-C column] [-c confidence] [-d delimiters] [-Anqs]
                       [-w width] [file ...]'

# golden FILE WHAT: the last kb exited 0, said nothing on stderr, and
# printed exactly FILE.
golden() {
	expect_rc 0 "$2"
	expect_err "" "$2"
	expect_out_file "$1" "$2"
}

# refused STATUS STDERR WHAT: the last kb exited STATUS, printed nothing
# and said exactly STDERR.
refused() {
	expect_rc "$1" "$3"
	expect_empty_out "$3"
	expect_err "$2" "$3"
}

#
# 1. Every reference output and golden, from its input files: the table
#    is FILE ARGUMENTS.  A *.out file missing from it is a failure.
#
: >"$T/covered"
while read -r out args; do
	# shellcheck disable=SC2086 # the arguments are meant to split
	kb ministat $args </dev/null
	golden "$out" "ministat $args"
	echo "$out" >>"$T/covered"
done <<'EOF'
iguana_chameleon.A.c80.out	-A -c 80 iguana chameleon
iguana_chameleon.A.c95.out	-A -c 95 iguana chameleon
readme.A.c95.out		-A -c 95 readme_a readme_b
three.A.c99.5.out		-A -c 99.5 iguana chameleon readme_a
even.n.out			-n even_a even_b
iguana_chameleon.out		iguana chameleon
iguana_chameleon.s.w60.out	-s -w 60 iguana chameleon
stack_ab.w30.out		-w 30 stack_a stack_b
stack_ba.w30.out		-w 30 stack_b stack_a
flat.out			flat_a flat_b
columns.n.out			-n -C 2 -d , columns.csv
crlf.n.out			-n crlf.txt
three.s.w2.out			-w 2 -s iguana chameleon readme_a
iguana_chameleon.q.n.out	-q -n iguana chameleon
iguana_chameleon.q.A.c80.out	-q -A -c 80 iguana chameleon
even.out			even_a even_b
ill.A.out			-A ill_a ill_b
EOF

#
# even.out, the plot at width 74 with even N, worked out by hand:
# the range is avg(even_b) - sd = 4 - 4.0824829 = -0.0824829 to
# max = 10, so dx = 10.0824829 / 73 = 0.1381162 and x0 = min - dx/2 =
# -0.1515410; a value v lands in column (int)((v - x0) / dx):
#   1 -> 8, 2 -> 15, 3 -> 22 (both sets there: '*'), 4 -> 30 ('x'),
#   10 -> 73 ('+').
# The bars share one line.  even_a: avg -+ sd = 1.2090056 .. 3.7909944,
# '|' at 9 and 28, '_' between; median = avg = 2.5 -> column 19, 'M' then
# 'A'.  even_b: -0.0824829 .. 8.0824829, '|' at 0 and 59, '_' into the
# blanks; its median 2.5 puts 'M' over even_a's 'A' at 19; avg 4 -> 'A'
# at 30.  Debian's ministat takes 3 as both medians, so it shows 'A' at
# 19 and 'M' at 22 instead.
#

kb ministat -n <iguana
golden stdin.n.out "ministat with no file reads standard input, <stdin>"
echo stdin.n.out >>"$T/covered"

kb ministat -n iguana - <chameleon
golden stdin_second.n.out "ministat: \"-\" as the second file is standard input"
echo stdin_second.n.out >>"$T/covered"

for f in *.out; do
	grep -qx "$f" "$T/covered"
	check $? "$f is checked (else add it to the table)"
done

#
# 2. The same runs against the ministat installed here where it agrees:
#    without the percent line, whose "+/-" the older ministat computes
#    differently, and with odd N (its median of an even N differs).
#
if command -v ministat >/dev/null 2>&1; then
	while read -r args; do
		# shellcheck disable=SC2086
		ministat $args </dev/null 2>&1 | grep -v '% +/- ' >"$T/want"
		# shellcheck disable=SC2086
		kb ministat $args </dev/null
		grep -v '% +/- ' "$T/out" | cmp -s - "$T/want"
		check $? "ministat $args: as the installed ministat"
	done <<'EOF'
iguana chameleon
-s iguana chameleon readme_a
-w 60 -s iguana chameleon
-w 2 iguana chameleon readme_a
-w 3 -s iguana chameleon readme_a
-w 30 stack_a stack_b
-w 30 stack_b stack_a
-w 100 stack_b stack_a iguana
flat_a flat_b
-A -c 90 chameleon iguana
-n -C 2 -d , columns.csv
EOF
else
	skip "comparison with the installed ministat: none installed"
fi

#
# 3. Usage errors: a message naming the option, then the usage; exit 2,
#    nothing on stdout, and no crash (ministat crashes on -w 1 and -w 0).
#
kb ministat -w 1 iguana
refused 2 "kbench: ministat: -w 1: the width must be an integer from 2 to 10000
$usage" "ministat -w 1 is refused"
kb ministat -w 0 iguana
refused 2 "kbench: ministat: -w 0: the width must be an integer from 2 to 10000
$usage" "ministat -w 0 is refused"
kb ministat -w x iguana
refused 2 "kbench: ministat: -w x: the width must be an integer from 2 to 10000
$usage" "ministat -w x is refused"
kb ministat -w 10001 iguana
refused 2 "kbench: ministat: -w 10001: the width must be an integer from 2 to 10000
$usage" "ministat -w 10001 is refused"
kb ministat -c 97 iguana
refused 2 "kbench: ministat: -c 97: the confidence must be one of 80, 90, 95, 98, 99, 99.5
$usage" "ministat -c 97 is refused"
kb ministat -C 0 iguana
refused 2 "kbench: ministat: -C 0: the column must be a positive integer
$usage" "ministat -C 0 is refused"
kb ministat -d '' iguana
refused 2 "kbench: ministat: -d: the delimiter string is empty
$usage" "ministat -d '' is refused"
kb ministat -x iguana
refused 2 "kbench: ministat: unknown option -x
$usage" "ministat -x is refused"
kb ministat -w
refused 2 "kbench: ministat: option -w needs an argument
$usage" "ministat -w without its argument is refused"
kb ministat iguana iguana iguana iguana iguana iguana iguana iguana
refused 2 "kbench: ministat: too many data sets: 8, at most 7
$usage" "ministat refuses 8 data sets"

#
# 4. Input errors: file and line, exit 2 (4 for a file that cannot be
#    opened); nothing is printed when any input is bad.
#
kb ministat iguana bad_number
refused 2 'kbench: ministat: bad_number:3: invalid number: "3x"' \
    "ministat names the file and line of a bad number"
kb ministat nan_value
refused 2 'kbench: ministat: nan_value:2: not a finite number: "nan"' \
    "ministat refuses nan"
kb ministat iguana two_points
refused 2 'kbench: ministat: two_points: at least 3 values needed, found 2' \
    "ministat refuses fewer than 3 values"
kb ministat <two_points
refused 2 'kbench: ministat: <stdin>: at least 3 values needed, found 2' \
    "ministat refuses fewer than 3 values on standard input"
kb ministat - - <iguana
refused 2 'kbench: ministat: <stdin>: at least 3 values needed, found 0' \
    "ministat reads standard input once"
kb ministat iguana no_such_file
refused 4 'kbench: ministat: no_such_file: No such file or directory' \
    "ministat names a missing file"
# A line is bounded: 65536 bytes (issue 26, 22).
{ echo 1; printf 2; head -c 65536 /dev/zero | tr '\0' ' '; echo; echo 3; } >"$T/long_line"
kb ministat "$T/long_line"
refused 2 "kbench: ministat: $T/long_line:2: line longer than 65536 bytes" \
    "ministat refuses a line over its bound"

#
# 5. Help.
#
kb ministat --help
expect_rc 0 "ministat --help"
printf '%s\n' "$usage" >"$T/usage"
head -2 "$T/out" | cmp -s - "$T/usage"
check $? "ministat --help starts with the usage"
