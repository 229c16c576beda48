#!/bin/sh
# A third benchmark touches only its own files: kbench is built again
# with tests/fixtures/toybench/collect_toy.c (its descriptor and
# collector; -DKBENCH_EXTRA_BENCHMARK names the descriptor) from the
# Makefile's own source list, and the toy is run through collect,
# analyze, plot and report.  Each check reads what only the descriptor
# says (its name, its pooling fact, its chart) or what its program says
# (series keys, unit): if any other file had to change, this fails.
. "$(dirname "$0")/lib.sh"

TOY=$FIXTURES/toybench
mkdir -p "$T/bin"
# The flags and sources "make print-build" lists; a parent make's flags
# (make check, bmake's) are not this one's.
pb=$(cd "$KBENCH_TOP" && env MAKEFLAGS= MAKELEVEL= make -s print-build)
srcs=$(echo "$pb" | sed -n 's/^prog kbench //p')
cflags=$(echo "$pb" | sed -n 's/^cflags //p')
kcflags=$(echo "$pb" | sed -n 's/^kbench-cflags//p')
klibs=$(echo "$pb" | sed -n 's/^kbench-libs//p')
# -O0: built for every make check, run for seconds.
# shellcheck disable=SC2086
(cd "$KBENCH_TOP" && ${CC:-cc} $cflags -O0 -g0 $kcflags \
    -DKBENCH_EXTRA_BENCHMARK=benchmark_toy -o "$T/bin/kbench-toy" $srcs \
    "$TOY/collect_toy.c" $klibs) >"$T/cc.log" 2>&1
check $? "kbench builds with the toy's one file added"
if [ ! -x "$T/bin/kbench-toy" ]; then
	head -20 "$T/cc.log" | sed 's/^/#   /'
	exit 0
fi
# Its program, beside it, as make puts testsleep beside kbench.
cp "$TOY/toybench" "$T/bin/toybench"
TOYKB=$T/bin/kbench-toy

toy() {
	"$TOYKB" "$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# The table: the toy among the benchmarks, and only in its build.
toy collect
expect_rc 2 "collect with no benchmark"
expect_err "kbench-toy: collect: which benchmark? kbench collect sleep|lock|toy (kbench help collect)" \
    "the toy is listed"
kb collect toy
expect_rc 2 "kbench without the toy"
expect_err "kbench: collect: unknown benchmark 'toy': expected sleep or lock" \
    "kbench without the toy refuses it"

# The nightly's configuration names the table's benchmarks too.
printf 'collect fork\n' >e.conf
toy nightly -f e.conf
expect_rc 2 "a nightly collect line of no benchmark"
expect_err "kbench-toy: nightly: e.conf:1: collect: expected sleep, lock or toy, then kbench collect's options, got 'fork'" \
    "the nightly lists the toy"

# Its program owns its limits: asked before anything is made.
toy collect toy -n 0 -q
expect_rc 2 "toybench refuses -n 0"
expect_err "kbench-toy: collect toy: cell usec=10: toybench refuses it: -n 0: expected 1 to 100" \
    "toybench's own words"
[ ! -e "$KBENCH_DB" ]; check $? "a refused toy run makes no database"
# --until needs a key the benchmark interleaves: the toy names none (it
# crashed on the missing name).
toy collect toy -q --until decided
expect_rc 2 "collect toy --until: no interleaved key"
expect_err "kbench-toy: collect toy: --until: this benchmark interleaves no key to compare (its descriptor names none): give --baseline RUN" \
    "collect toy --until: said"

# Three runs: two under one label that differ in toy_mode, one other.
toy collect toy -r 2 -q -l one --meta toy_mode=a
expect_rc 0 "collect toy, label one, toy_mode a"
toy collect toy -r 2 -q -l one --meta toy_mode=b
expect_rc 0 "collect toy, label one, toy_mode b"
toy collect toy -r 2 -q -l two -u 10,100,1000
expect_rc 0 "collect toy, label two"
toy runs
grep -c ' toy ' "$T/out" | grep -qx 3
check $? "three toy runs stored"

# The series keys and unit are the program's; the pooling fact the
# descriptor's: kbench without the toy's descriptor pools quietly.
toy analyze -b toy --where label=one
expect_rc 0 "analyze the toy"
grep -q '^unit: us' "$T/out"
check $? "its unit, us"
awk '$1 == "usec" { h = 1 } h && $1 == "1000" && $2 == 20 { f = 1 }
    END { exit !f }' "$T/out"
check $? "its series key usec, 20 samples at usec=1000"
grep -q 'label=one: 2 runs with toy_mode a, b' "$T/out"
check $? "runs that differ in the descriptor's fact toy_mode are said"
kb analyze -b toy --where label=one
expect_rc 0 "kbench without the toy analyzes its runs"
! grep -q toy_mode "$T/out"
check $? "generically: toy_mode is not a fact it knows"

# Its chart, from the descriptor: report draws it as the overview.
toy report --compare one two -o rep
expect_rc 0 "report on the toy"
[ -s rep/sleep.gp ] && grep -q "requested (µs)" rep/sleep.gp
check $? "the report's overview is the descriptor's chart (sleep)"
grep -q '!\[Measured vs requested, both sides\](sleep.png)' rep/report.md
check $? "report.md shows it"
toy plot sleep -b toy -o charts
expect_rc 0 "plot sleep on the toy"
grep -q "measured, median (µs)" charts/sleep.gp
check $? "the chart's axis in the toy's unit"
