#!/bin/sh
# kbench plot: gnuplot for real, every kind, the files it promises, the
# scripts re-run cleanly, and hostile labels drawn, never executed.
. "$(dirname "$0")/lib.sh"

SEED=$KBENCH_TOP/examples/calloutng-rpi.csv
F=$FIXTURES/analyze
kb --db seed.db import -q -b sleep --run-by label --run-by hz --key method \
    --key requested_us --value measured_us --unit us "$SEED"
kb --db lat.db import -q --run-by label --key method --key usec --value v \
    --unit us "$F/latency.csv"

# is_png FILE / is_svg FILE: the right kind of file, and not a stub.
is_png() { [ "$(head -c 8 "$1" | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ] && [ "$(wc -c <"$1")" -gt 10000 ]; }
is_svg() { head -c 200 "$1" | grep -q '<svg\|<?xml' && grep -q '</svg>' "$1" && [ "$(wc -c <"$1")" -gt 5000 ]; }
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ print $3 * 256 + $4 "x" $7 * 256 + $8 }'; }

mkdir charts
kb --db seed.db plot sleep --where label=unpatched -o charts --format both
expect_rc 0 "plot sleep"
printf '%s\n' charts/sleep.gp charts/sleep.png charts/sleep.svg >want
cmp -s want "$T/out"; check $? "plot prints the paths of the files it wrote"
is_png charts/sleep.png; check $? "sleep.png is a PNG"
is_svg charts/sleep.svg; check $? "sleep.svg is an SVG"
[ "$(png_size charts/sleep.png)" = 1800x800 ]; check $? "three panels side by side: 1800x800 ($(png_size charts/sleep.png))"
grep -q "^set title 'hz=1000'" charts/sleep.gp; check $? "a panel per HZ"
grep -c '^\$p' charts/sleep.gp >got; echo 21 >want
cmp -s want got; check $? "a datablock per panel and method (3 x 7)"
# The script redraws the chart by itself.
rm charts/sleep.png charts/sleep.svg
(cd charts && gnuplot sleep.gp) 2>"$T/gperr"
check $? "gnuplot sleep.gp re-runs cleanly"
[ ! -s "$T/gperr" ]; check $? "gnuplot sleep.gp says nothing"
is_png charts/sleep.png; check $? "the re-run draws sleep.png again"

kb --db lat.db plot compare --compare before after -o charts
expect_rc 0 "plot compare"
is_png charts/compare.png; check $? "compare.png is a PNG"
grep -q "title 'regressed'" charts/compare.gp && grep -q "title 'improved'" charts/compare.gp
check $? "compare colors improved and regressed"
kb --db lat.db plot dist --where method=select -o charts --format svg
expect_rc 0 "plot dist"
is_svg charts/dist.svg; check $? "dist.svg is an SVG"
[ ! -e charts/dist.png ]; check $? "--format svg writes no PNG"
n=$(grep -cE '^[0-9.e+-]+ [0-9.]+$' charts/dist.gp)
[ "$n" -eq 804 ]; check $? "dist is drawn from 201 quantiles of each of 4 groups (got $n lines)"

# Errors.
kb --db lat.db plot
expect_rc 2 "plot without a kind"
kb --db lat.db plot pie
expect_rc 2 "an unknown kind"
expect_err "kbench: plot: unknown chart 'pie': expected sleep, lock, compare or dist" "an unknown kind"
kb --db lat.db plot compare
expect_rc 2 "compare without --compare"
kb --db lat.db plot sleep -o nosuchdir
expect_rc 2 "-o a missing directory"
kb --db seed.db plot dist -o charts
expect_rc 2 "too many distributions"
expect_err "kbench: plot: 70 distributions are too many to overlay (at most 12): narrow the selection with --where" \
    "too many distributions"
kb --db lat.db plot lock -o charts
expect_rc 2 "a lock chart of sleep data"
PATH=/nonexistent "$KBENCH" --db lat.db plot compare --compare before after -o charts >"$T/out" 2>"$T/err"
rc=$?
expect_rc 4 "gnuplot missing"
expect_err "kbench: plot: gnuplot not found: install it (Debian: apt-get install gnuplot-nox; FreeBSD: pkg install gnuplot-lite)" \
    "gnuplot missing is named with its package"

# Hostile labels: quotes, backslashes, newlines, @macros, &{} markup,
# backquotes and system() are drawn literally and never run.
rm -f "$T/pwned"*
cat >evil.csv <<EOT
label,method,usec,v
"it's a \\\\ \`touch $T/pwned1\`",x,1,1
"it's a \\\\ \`touch $T/pwned1\`",x,1,2
"it's a \\\\ \`touch $T/pwned1\`",x,1,3
"system(""touch $T/pwned2"") @x &{y}
new line",x,1,2
"system(""touch $T/pwned2"") @x &{y}
new line",x,1,3
"system(""touch $T/pwned2"") @x &{y}
new line",x,1,4
EOT
kb --db evil.db import -q --run-by label --key method --key usec --value v evil.csv
expect_rc 0 "hostile labels import"
a=$(sqlite3 evil.db "SELECT label FROM run WHERE id = 1")
b=$(sqlite3 evil.db "SELECT label FROM run WHERE id = 2")
kb --db evil.db plot compare --compare "$a" "$b" -o charts --title "x' ; system('touch $T/pwned3') ; '" --format both
expect_rc 0 "plot with hostile labels and title"
kb --db evil.db plot dist -o charts
expect_rc 0 "dist with hostile labels"
(cd charts && gnuplot compare.gp dist.gp) 2>/dev/null
ls "$T"/pwned* >/dev/null 2>&1 && not_ok "no hostile label ran a command" || ok "no hostile label ran a command"
grep -q "it''s a" charts/dist.gp; check $? "a quote is doubled inside a single-quoted string"
grep -c 'touch' charts/compare.gp >/dev/null; check $? "the text is there, as text"
