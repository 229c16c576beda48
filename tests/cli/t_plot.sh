#!/bin/sh
# kbench plot: gnuplot for real, every kind, the files it promises, the
# scripts re-run cleanly, and hostile labels drawn, never executed.
. "$(dirname "$0")/lib.sh"

SEED=$KBENCH_TOP/examples/calloutng-rpi.csv
F=$FIXTURES/analyze
kb --db seed.db import -q -b sleep --run-by label --run-by hz --key method \
    --key usec --value measured_us --unit us "$SEED"
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
[ "$(png_size charts/sleep.png)" = 1800x920 ]; check $? "three panels side by side, the legend under them: 1800x920 ($(png_size charts/sleep.png))"
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
grep -q "^set title 'before (baseline) vs after' " charts/compare.gp
check $? "compare: the title names the baseline first, as analyze and report do"
# The --threshold band: gnuplot 5.4 takes "fs solid noborder behind",
# not "fs solid behind noborder" (exit 4 and an empty PNG, once).
mkdir thr
# SIGTERM while gnuplot draws: it stops too, 143, no chart left.
stopped_midway --db lat.db plot compare --compare before after -o stopped
expect_rc 143 "plot stopped by SIGTERM while gnuplot draws"
expect_err "kbench: plot: stopped by SIGTERM: nothing written" "plot stopped: said"
[ "$gp_left" = no ] && [ -z "$(ls -A stopped)" ]
check $? "its gnuplot stopped with it, nothing in stopped/"
kb --db lat.db plot compare --compare before after --threshold 5 -o thr
expect_rc 0 "plot compare --threshold 5"
is_png thr/compare.png; check $? "plot compare --threshold 5 draws its PNG"
grep -q 'rect from -5, graph 0 to 5' thr/compare.gp; check $? "the threshold's band is in the script"
# A text that starts with a quote (a title, a series key): gnuplot 5.4
# read the doubled quote that began it as an empty string, then junk
# (exit 4 and an empty PNG).
kb --db lat.db plot compare --compare before after --title "'T" -o thr
expect_rc 0 "plot compare --title \"'T\""
is_png thr/compare.png; check $? "a title that starts with a quote draws"
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
expect_err "kbench: plot: unknown chart 'pie': expected sleep, lock, compare, dist or trend" "an unknown kind"
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
kb --db lat.db plot compare --compare before after -o new/charts/dir
expect_rc 0 "plot -o a missing directory"
[ -s new/charts/dir/compare.gp ]; check $? "the directory was made, parents and all"
touch afile
kb --db lat.db plot compare --compare before after -o afile/charts
expect_rc 4 "plot -o under a file"
expect_err "kbench: plot: -o afile: not a directory" "plot -o under a file"
kb --db lat.db plot compare --compare nosuch after -o unmade
[ ! -e unmade ]; check $? "a plot that fails before drawing makes no directory"
PATH=/nonexistent "$KBENCH" --db lat.db plot compare --compare before after -o charts >"$T/out" 2>"$T/err"
rc=$?
expect_rc 4 "gnuplot missing"
expect_err "kbench: plot: gnuplot not found: install it (Debian: apt-get install gnuplot-nox; FreeBSD: pkg install gnuplot-lite)" \
    "gnuplot missing is named with its package"
# A script that cannot be written is a system error, not a usage one
# (issue 19: the status was guessed from the message, and said 2).
mkdir -p unwritable/compare.gp
kb --db lat.db plot compare --compare before after -o unwritable
expect_rc 4 "a chart script that cannot be written"
expect_err "kbench: plot: unwritable/compare.gp: a directory, where kbench writes a file: nothing moved" \
    "the script that cannot be written is named"

# Hostile labels: quotes, backslashes, @macros, &{} markup, backquotes
# and system() are drawn literally and never run; so is a series key
# with a newline (a label cannot have one: t_hostile.sh).
rm -f "$T/pwned"*
cat >evil.csv <<EOT
label,method,usec,v
"it's a \\\\ \`touch $T/pwned1\`","x
new line",1,1
"it's a \\\\ \`touch $T/pwned1\`","x
new line",1,2
"it's a \\\\ \`touch $T/pwned1\`","x
new line",1,3
"system(""touch $T/pwned2"") @x &{y}","x
new line",1,2
"system(""touch $T/pwned2"") @x &{y}","x
new line",1,3
"system(""touch $T/pwned2"") @x &{y}","x
new line",1,4
EOT
kb --db evil.db import -q --run-by label --key method --key usec --value v evil.csv
expect_rc 0 "hostile labels import"
a=$(db_query evil.db "SELECT label FROM run WHERE id = 1")
b=$(db_query evil.db "SELECT label FROM run WHERE id = 2")
kb --db evil.db plot compare --compare "$a" "$b" -o charts --title "x' ; system('touch $T/pwned3') ; '" --format both
expect_rc 0 "plot with hostile labels and title"
kb --db evil.db plot dist -o charts
expect_rc 0 "dist with hostile labels"
(cd charts && gnuplot compare.gp dist.gp) 2>/dev/null
ls "$T"/pwned* >/dev/null 2>&1 && not_ok "no hostile label ran a command" || ok "no hostile label ran a command"
grep -qF "it'.\"\\047\".'s a" charts/dist.gp
check $? "a quote ends the single-quoted string, joined as \\047 (gnuplot 5.4 misreads a leading '')"
grep -c 'touch' charts/compare.gp >/dev/null; check $? "the text is there, as text"

# plot trend: a panel per series of a nightly history (tests/fixtures/
# trend, 60 runs: latency +5% from n31, a regression; throughput +8% from
# n46, higher is better, an improvement; syscall flat), each change point
# a dashed line between the runs either side, red or green, labelled.
kb --db trend.db import -q "$FIXTURES/trend/history.csv"
expect_rc 0 "import of the trend history"
mkdir tc
kb --db trend.db plot trend -o tc
expect_rc 0 "plot trend"
printf '%s\n' tc/trend.gp tc/trend.png >want
cmp -s want "$T/out"; check $? "plot trend prints the paths of the files it wrote"
# A nightly's label fits its tic whole: "nightly-2026-12-01", not
# "...ghtly-2026-12-01"; a longer one keeps its end.
printf 'label,s,value\nnightly-2026-12-01,x,1\nnightly-2026-12-02,x,2\nnightly-2026-12-03,x,1\nvery-long-label-of-a-lab-nightly-2026-12-04,x,2\n' >tic.csv
kb --db tic.db import -q --run-by label --key s --value value tic.csv
kb --db tic.db plot trend -o tic
grep -q "'nightly-2026-12-01'" tic/trend.gp && grep -q "'...a-lab-nightly-2026-12-04'" tic/trend.gp
check $? "plot trend: a nightly's label whole on its tic, a longer one's end ($(grep -o "'[^']*2026-12-0[14]'" tic/trend.gp | tr '\n' ' '))"
[ -s tc/trend.gp ]; check $? "trend.gp written"
is_png tc/trend.png; check $? "trend.png is a PNG"
[ "$(png_size tc/trend.png)" = 1400x1495 ]; check $? "three panels, one above the other: 1400x1495 ($(png_size tc/trend.png))"
grep '^set title ' tc/trend.gp >got
cat >want <<'EOT'
set title 'metric=latency (lower is better)'
set title 'metric=syscall (lower is better)'
set title 'metric=throughput (higher is better)'
EOT
cmp -s want got; check $? "a panel per series, titled by its keys, in the order of kbench trend"
# The markers: x, color; the labels: text, x, color.
grep '^set arrow 1[0-9] ' tc/trend.gp |
    sed "s/^set arrow [0-9]* from \([0-9.]*\), graph 0 .* lc rgb '\(#[0-9a-f]*\)'.*/\1 \2/" >got
printf '%s\n' '30.5 #d73027' '45.5 #1a9850' >want
cmp -s want got; check $? "two change points: red between n30 and n31, green between n45 and n46"
grep '^set label 1[0-9] ' tc/trend.gp |
    sed "s/^set label [0-9]* '\([^']*\)' at \([0-9.]*\),.* textcolor rgb '\(#[0-9a-f]*\)'.*/\1 \2 \3/" >got
printf '%s\n' '+5.71% 30.5 #d73027' '+8.28% 45.5 #1a9850' >want
cmp -s want got; check $? "each labelled with its change, in its color, as trend prints it"
# The means before and after, over the windows of the change's test.
steps() { sed -n "/^\\\$$1 << EOD/,/^EOD/p" tc/trend.gp | awk 'NF == 2 { printf "%s ", $1 }'; }
[ "$(steps s0_reg)" = "1 30.5 30.5 60 " ]; check $? "latency: its means over runs 1-30 and 31-60 ($(steps s0_reg))"
[ "$(steps s2_imp)" = "16 45.5 45.5 60 " ]; check $? "throughput: over the 30 runs before, the 15 after ($(steps s2_imp))"
grep -q '^\$s1_' tc/trend.gp && not_ok "no means for the flat series" || ok "no means for the flat series"
grep -q '^set xrange \[0.5:60.5\]' tc/trend.gp; check $? "x: the 60 runs"
rm tc/trend.png
(cd tc && gnuplot trend.gp) 2>"$T/gperr"
check $? "gnuplot trend.gp re-runs cleanly"
[ ! -s "$T/gperr" ]; check $? "gnuplot trend.gp says nothing"
is_png tc/trend.png; check $? "the re-run draws trend.png again"

kb --db trend.db plot trend --where metric=syscall -o tc --format svg
expect_rc 0 "plot trend of the flat series"
is_svg tc/trend.svg; check $? "trend.svg is an SVG"
n=$(grep -c '^set arrow 1[0-9] ' tc/trend.gp)
[ "$n" -eq 0 ]; check $? "no change point marked in the flat series (got $n)"
n=$(grep -c '^set title ' tc/trend.gp)
[ "$n" -eq 1 ]; check $? "one panel (got $n)"
kb --db trend.db plot trend --last 20 -o tc
expect_rc 0 "plot trend --last 20"
grep -q '^set xrange \[0.5:20.5\]' tc/trend.gp; check $? "--last 20: x is the last 20 runs"
grep -q "^set xtics ('n41' " tc/trend.gp; check $? "--last 20: the first tic is n41"
grep '^set arrow 1[0-9] ' tc/trend.gp | sed 's/^set arrow [0-9]* from \([0-9.]*\),.*/\1/' >got
echo 5.5 >want
cmp -s want got; check $? "--last 20: only throughput's step is left, between n45 and n46"
kb --db trend.db plot trend --threshold 6 -o tc
expect_rc 0 "plot trend --threshold 6"
grep "^set label 1[0-9] " tc/trend.gp | sed "s/^set label [0-9]* '\([^']*\)'.*/\1/" >got
echo '+8.28%' >want
cmp -s want got; check $? "--threshold is the trend's, in percent: 6 drops +5.71%, keeps +8.28%"
kb --db trend.db plot trend --order-by build -o tc
expect_rc 0 "plot trend --order-by build"
expect_err "kbench: plot: --order-by build: 1 run without it left out" \
    "--order-by: runs without the fact are left out, and said so"
grep -q '^set xlabel .run, by build.' tc/trend.gp; check $? "--order-by build names the order"

# More than 12 series: the first 12 drawn, the rest counted on stderr.
awk 'BEGIN { print "label,metric,v"; for (r = 1; r <= 5; r++) for (m = 1; m <= 13; m++)
    for (i = 0; i < 2; i++) printf "r%d,m%02d,%d\n", r, m, 10 * m + i }' >many.csv
"$KBENCH" --db many.db import -q --run-by label --key metric --value v many.csv
kb --db many.db plot trend -o tc
expect_rc 0 "plot trend of 13 series"
expect_err "kbench: plot: trend: 13 series, the first 12 drawn, 1 left out: narrow the selection with --where" \
    "13 series: the one left out is said"
n=$(grep -c '^set title ' tc/trend.gp)
[ "$n" -eq 12 ]; check $? "12 panels (got $n)"
[ "$(png_size tc/trend.png)" = 1800x2830 ]; check $? "two columns of 6 panels: 1800x2830 ($(png_size tc/trend.png))"

# Errors: as the other kinds, and as kbench trend's options.
kb --db trend.db plot trend --where metric=nosuch -o tc
expect_rc 2 "plot trend of nothing"
expect_err "kbench: plot: no samples match the selection" "plot trend of nothing"
kb --db trend.db plot trend --last 0 -o tc
expect_rc 2 "plot trend --last 0"
expect_err "kbench: plot: --last 0: expected a number of runs >= 1" "plot trend --last 0"
kb --db trend.db plot trend --threshold -1 -o tc
expect_rc 2 "plot trend --threshold -1"
expect_err "kbench: plot: --threshold -1: expected a percentage >= 0" "plot trend --threshold -1"
kb --db trend.db plot trend --pvalue 2 -o tc
expect_rc 2 "plot trend --pvalue 2"
expect_err "kbench: plot: --pvalue 2: expected a p-value between 0 and 1" "plot trend --pvalue 2"
kb --db trend.db plot trend --since 2026-13-01 -o tc
expect_rc 2 "plot trend --since a bad date"
kb --db trend.db plot trend --compare n01 n60 -o tc
expect_rc 2 "plot trend --compare"
expect_err "kbench: plot: trend: --compare does not apply (kbench help plot)" "plot trend --compare"
kb --db trend.db plot dist --last 5 -o tc
expect_rc 2 "plot dist --last"
expect_err "kbench: plot: --last is for plot trend only" "plot dist --last"

# Hostile text in a trend: a label (a tic) and a key (a panel title) with
# quotes, a backslash, @macros; a title that tries system().
rm -f "$T/pwned"*
EVIL_LABEL="it's \"n31\" \\ @x" EVIL_KEY="lat'ency \\\"@y" \
    awk -F, -v OFS=, 'function q(s) { gsub(/"/, "\"\"", s); return "\"" s "\"" }
	NR > 1 && $2 == "n31" { $2 = q(ENVIRON["EVIL_LABEL"]) }
	NR > 1 && $14 == "latency" { $14 = q(ENVIRON["EVIL_KEY"]) }
	{ print }' "$FIXTURES/trend/history.csv" >evil-history.csv
kb --db evil-trend.db import -q evil-history.csv
expect_rc 0 "import of a history with hostile labels"
[ "$(db_query evil-trend.db "SELECT label FROM run WHERE label LIKE 'it%'")" = "it's \"n31\" \\ @x" ]
check $? "the hostile label is stored as written"
kb --db evil-trend.db plot trend -o tc --format both --title "x' ; system('touch $T/pwned4') ; '"
expect_rc 0 "plot trend with hostile labels, keys and title"
(cd tc && gnuplot trend.gp) 2>"$T/gperr"
check $? "gnuplot runs the hostile trend.gp without error"
[ ! -s "$T/gperr" ]; check $? "gnuplot says nothing of the hostile trend.gp"
ls "$T"/pwned* >/dev/null 2>&1 && not_ok "no hostile trend text ran a command" || ok "no hostile trend text ran a command"
grep -qF "'it'.\"\\047\".'s \"n31\" \\ @x' . \"\\n\" . '2026-01-31' 31" tc/trend.gp
check $? "the hostile label is a tic, quoted, at run 31"
grep -qF "set title 'metric=lat'.\"\\047\".'ency \\\"@y (lower is better)'" tc/trend.gp
check $? "the hostile key is a panel title, quoted"

# What a user sees (issue 17): the legend in a band of its own, lines
# apart by point and dash, a note where they coincide, PNG and SVG alike,
# two labels in one image, the forest plot's axis, footers of the runs
# drawn, a trend without gaps.
mkdir look
kb --db seed.db plot sleep --where label=unpatched -o look --format both
grep -q "set key center center horizontal maxcols 5" look/sleep.gp &&
grep -q "^plot NaN with lines ls 100 title 'requested'" look/sleep.gp
check $? "sleep: the legend is a panel of its own, under the others"
n=$(grep "^set style line [0-9]* lc rgb '#[0-9a-f]*' lw 2 dt [1-5] pt [0-9]* ps" look/sleep.gp | sort -u | wc -l)
d=$(grep -o "^set style line [0-9]* lc rgb '#[0-9a-f]*' lw 2 dt [1-5] pt [0-9]*" look/sleep.gp | awk '{ print $11, $13 }' | sort -u | wc -l)
[ "$n" -eq 7 ] && [ "$d" -eq 7 ]; check $? "sleep: 7 lines, 7 distinct dash and point pairs ($n, $d)"
grep -q "one line (within 1%): select = poll = usleep = nanosleep = kqueueto (every panel)" look/sleep.gp
check $? "sleep: the footer says which lines coincide"
grep -q "^kb_fs = 4.0 / 3$" look/sleep.gp && grep -q "ps 1.3 \* kb_ps" look/sleep.gp &&
grep -q "font ''.sprintf(',%g', 18 \* kb_fs)" look/sleep.gp
check $? "sleep: font and point sizes scaled per terminal, so the SVG looks like the PNG"
[ "$(grep -c '^reset$' look/sleep.gp)" -eq 2 ]; check $? "the settings are replayed per format, from a clean state"
kb --db seed.db plot sleep --rows label --where label=calloutng_12_26 --where label=unpatched -o look
expect_rc 0 "plot sleep --rows label"
grep "^set title 'label=" look/sleep.gp | sed -n '1p;4p' >got
printf "%s\n" "set title 'label=calloutng_12_26, hz=100'" "set title 'label=unpatched, hz=100'" >want
cmp -s want got; check $? "--rows label: a row per label, in the order given, a panel per HZ"
# Without --rows, runs of two labels split by hz: a row per label all the
# same (one line a method over both labels hid their differences).
kb --db seed.db plot sleep -o pooled
expect_rc 0 "plot sleep over two labels"
grep "^set title 'label=" pooled/sleep.gp | sed -n '1p;4p' >got
printf "%s\n" "set title 'label=calloutng_12_26, hz=100'" "set title 'label=unpatched, hz=100'" >want
cmp -s want got; check $? "plot sleep over two labels: a row of panels per label ($(tr '\n' ' ' <got))"
kb --db seed.db plot sleep --by label -o bylabel
grep -q "^set title 'label=calloutng_12_26'" bylabel/sleep.gp
check $? "plot sleep --by label: a panel per label, no rows"
# --by a series key: a panel per method, one line in each (every key but
# the x axis went to the panels: the line was named after each point's
# series, and drew points without lines).  plot lock lays head, hook and
# threads out itself, and plot sleep its x axis: --by them is refused,
# where plot lock said "series ... is not a lock series".
kb --db seed.db plot sleep --by method --where label=unpatched --where hz=1000 -o bymethod
expect_rc 0 "plot sleep --by method"
[ "$(grep -c "^set title 'method=" bymethod/sleep.gp)" -eq 7 ] &&
grep -q "^  NaN with linespoints ls 1 title 'all'$" bymethod/sleep.gp &&
! grep -q "title 'usec=" bymethod/sleep.gp
check $? "plot sleep --by method: 7 panels, one line named 'all'"
kb --db seed.db plot sleep --by usec -o byusec
expect_rc 2 "plot sleep --by usec, its x axis"
expect_err "kbench: plot: --by usec: the chart lays this series key out itself; --by takes a run fact or another series key" \
    "plot sleep --by usec: said"
# An import's numeric key other than usec is the x axis as well.
printf 'label,method,req,size,v\nx,a,10,1,11\nx,a,10,2,12\nx,a,100,1,110\nx,a,100,2,112\n' >req.csv
kb --db req.db import -q -b sleep --run-by label --key method --key req --key size --value v --unit us req.csv
kb --db req.db plot sleep --by req -o byreq
expect_rc 2 "plot sleep --by a numeric series key"
expect_err "kbench: plot: --by req: a series key of numbers, as the chart's x axis is; --by takes a run fact or a series key of names (method)" \
    "plot sleep --by a numeric series key: said"
[ ! -e byreq ]; check $? "plot sleep --by a numeric series key: nothing written"
printf 'label,head,hook,threads,ns\na,rw,null,1,10\na,rm,null,1,12\n' >lk.csv
kb --db lk.db import -q -b lock --run-by label --key head --key hook --key threads --value ns --unit ns lk.csv
kb --db lk.db plot lock --by head -o bylock
expect_rc 2 "plot lock --by head"
expect_err "kbench: plot: --by head: the chart lays this series key out itself; --by takes a run fact or another series key" \
    "plot lock --by head: said, not 'not a lock series'"
[ ! -e bylock ]; check $? "plot lock --by head: no output directory"
kb --db seed.db plot compare --compare unpatched calloutng_12_26 --where hz=1000 -o look
grep -q "set label 1 'HZ 1000; unpatched: 1 run, calloutng_12_26: 1 run;" look/compare.gp
check $? "compare: the footer counts the runs of each side, only those"
grep -q "host \|kernel " look/compare.gp && not_ok "compare: no host or kernel the data has not" ||
    ok "compare: no host or kernel the data has not"
# a change of +3000% beside +4.9%: a log axis of the ratio, and "0"
printf 'label,k,v\n' >wide.csv
for v in 10 11 12 13 14 15 16 17; do
	printf 'A,big,%s\nB,big,%s\nA,small,%s\nB,small,%s.5\n' $v $((v * 31)) $v $v >>wide.csv
done
kb --db wide.db import -q --run-by label --key k --value v --unit ns wide.csv
kb --db wide.db plot compare --compare A B -o look
grep -q "^set logscale x$" look/compare.gp && grep -q "'0' 1, '+100%%' 2" look/compare.gp &&
grep -q "using (1 + \$2 / 100):1" look/compare.gp
check $? "compare: ratios over a decade apart get a log axis, the tics in percent, 0 as 0"
kb --db wide.db plot compare --compare A B -o look --axis linear
grep -q "^set logscale x$" look/compare.gp && not_ok "--axis linear: no log axis" || ok "--axis linear: no log axis"
grep -q "'0' 0" look/compare.gp; check $? "--axis linear: the zero tic reads 0, not +0"
kb --db wide.db plot compare --compare A B -o look --axis sideways
expect_rc 2 "--axis sideways"
expect_err "kbench: plot: --axis 'sideways': expected auto, linear or log" "--axis sideways"
kb --db wide.db plot dist --rows label -o look
expect_rc 2 "--rows is for plot sleep"
# plot trend: sleep and lock runs in one database leave no gaps
printf 'run,label,benchmark,status,started,ended,command,version,key.k,unit,better,seq,value\n' >mixed.csv
for r in 1 2 3 4 5 6; do
	b=sleep; [ $((r % 2)) -eq 0 ] && b=lock
	for i in 0 1 2 3 4 5 6 7; do
		echo "0000000$r-0000-4000-8000-000000000000,same,$b,complete,2026-11-0${r}T00:00:00.000Z,2026-11-0${r}T00:01:00.000Z,c,0.1.0,$b,us,lower,$i,$((100 + i))"
	done
done >>mixed.csv
kb --db mixed.db import -q mixed.csv
kb --db mixed.db plot trend -o look
expect_rc 0 "plot trend of interleaved sleep and lock runs"
awk '/^\$s0 << EOD/ { b = 1; next } /^EOD/ { b = 0 } b { print $1 }' look/trend.gp | tr '\n' ' ' >got
[ "$(cat got)" = "1 2 3 " ]; check $? "trend: each series' runs side by side, no gap for the other benchmark's ($(cat got))"
grep -q "set xtics ('2026-11-01' 1, '2026-11-03' 2, '2026-11-05' 3)" look/trend.gp
check $? "trend: the runs' dates as tics"
