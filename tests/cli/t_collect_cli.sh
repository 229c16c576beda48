#!/bin/sh
# kbench collect as its user sees it: a cell its program refuses is
# refused before any run (or database) is made, in the program's words
# (the program owns its limits: PROGRAM --check); -d inside collect lock
# is refused as ambiguous; the matrix is one line unless -v; the estimate
# comes from a probe of each program; the end is a summary of medians.
# The fake benchmark (tests/fixtures/fakebench) makes the answers exact.
. "$(dirname "$0")/lib.sh"

BUILD=${KBENCH_BUILD:-$(dirname "$KBENCH")}
FAKE=$FIXTURES/fakebench

# runs DB: how many runs DB holds.
runs() { db_query "$1" "SELECT count(*) FROM run"; }

# 1. Each program's check mode: silent and 0, or 2 and why.
"$BUILD/testsleep" --check -n 3 100 nanosleep >"$T/out" 2>"$T/err"
rc=$?
expect_rc 0 "testsleep --check of a good cell"
expect_empty_out "testsleep --check measures nothing"
expect_err "" "testsleep --check of a good cell is silent"
"$BUILD/testsleep" --check -n 17000000 100 nanosleep >"$T/out" 2>"$T/err"
rc=$?
expect_rc 2 "testsleep --check -n 17000000"
expect_err "testsleep: bad -n '17000000' (1 to 16777216)" "testsleep --check says its limit"
"$BUILD/lockbench" --check -d -5 >"$T/out" 2>"$T/err"
rc=$?
expect_rc 2 "lockbench --check -d -5"
expect_err "lockbench: bad -d '-5' (0 to 1000000000 ns)" "lockbench --check says its limit"
"$BUILD/lockbench" --check -t 2 -n 10 -H rw -k mtx >"$T/out" 2>"$T/err"
rc=$?
expect_rc 0 "lockbench --check of a good cell"
expect_empty_out "lockbench --check runs nothing"
if [ ! -e /sys/kernel/pfilbench ] && [ "$(uname -s)" = Linux ]; then
	"$BUILD/pfilbench-ctl" --check -t 1 >"$T/out" 2>"$T/err"
	rc=$?
	expect_rc 2 "pfilbench-ctl --check without the module"
	expect_err "pfilbench-ctl: pfilbench.ko is not loaded (no /sys/kernel/pfilbench)" \
	    "pfilbench-ctl --check says the module is missing"
else
	skip "pfilbench-ctl --check without the module: the module is loaded here"
fi

# 2. Refused before anything is made: no database file, no run.
kb --db slack.db collect sleep --slack 2000000000 -m nanosleep -u 1 -r 1
expect_rc 2 "--slack 2000000000"
expect_err "kbench: collect sleep: cell method=nanosleep,usec=1: testsleep refuses it: testsleep: bad -s '2000000000' (0 to 1000000000 ns) (testsleep's -s is --slack here)" \
    "--slack 2000000000: testsleep's limit, its option named as the user spelt it"
[ ! -e slack.db ]; check $? "--slack 2000000000: no database made"
kb --db n.db collect sleep -q -l ok -m nanosleep -u 1 -r 1 -n 2
expect_rc 0 "a collection into n.db"
kb --db n.db collect sleep -n 17000000 -m nanosleep,select -u 1 -r 1
expect_rc 2 "-n 17000000"
expect_err "kbench: collect sleep: cell method=nanosleep,usec=1: testsleep refuses it: testsleep: bad -n '17000000' (1 to 16777216)" \
    "-n 17000000: testsleep's limit, one message"
[ "$(runs n.db)" = 1 ]; check $? "-n 17000000: no run added (an existing database)"
kb --db n.db collect lock --backend user -H rw -k null -t 1 -n 0
expect_rc 2 "collect lock -n 0"
expect_err "kbench: collect lock: cell head=rw,hook=null,threads=1: lockbench refuses it: lockbench: bad -n '0' (1 to 10000000000 calls)" \
    "collect lock -n 0: lockbench's limit"
if [ ! -e /sys/kernel/pfilbench ] && [ "$(uname -s)" = Linux ]; then
	kb --db n.db collect lock -q --backend kmod -H rw -k null -t 1 -r 1
	expect_rc 2 "--backend kmod without the module"
	# The module is asked what it runs (pfilbench-ctl -c) before any
	# cell: its answer, then why the collection cannot go on.
	expect_err "pfilbench-ctl: pfilbench.ko is not loaded (no /sys/kernel/pfilbench)
kbench: collect lock: $BUILD/pfilbench-ctl -c: cannot ask the kmod backend what it runs (is pfilbench.ko loaded?)" \
	    "--backend kmod without the module: said before the run"
	[ "$(runs n.db)" = 1 ]; check $? "--backend kmod without the module: no aborted run"
else
	skip "--backend kmod without the module: the module is loaded here"
fi
# The program's answer, whatever it is, is passed on; a crashed check is
# not a refusal but a failure (4).
KBENCH_LIBEXEC=$FAKE FAKE_CHECK=refuse "$KBENCH" --db f.db collect sleep -q \
    -m nanosleep -u 1 -r 1 >"$T/out" 2>"$T/err"
rc=$?
expect_rc 2 "a refusing program"
expect_err "kbench: collect sleep: cell method=nanosleep,usec=1: testsleep refuses it: fake: -x 5: expected 1 to 4" \
    "the refusal: the first line of its stderr"
KBENCH_LIBEXEC=$FAKE FAKE_CHECK=crash "$KBENCH" --db f.db collect sleep -q \
    -m nanosleep -u 1 -r 1 >"$T/out" 2>"$T/err"
rc=$?
expect_rc 4 "a program whose check crashes"
grep -q "^kbench: collect sleep: cell method=nanosleep,usec=1: cannot ask .*testsleep --check whether it would run: killed by signal 11" "$T/err"
check $? "a crashed check is named"
[ ! -e f.db ]; check $? "refused or not asked: no database made"

# 3. -d inside collect lock: the database or the busy-wait?  Neither.
for d in 500 x.db; do
	kb collect lock -d $d -H rw -k null -t 1
	expect_rc 2 "collect lock -d $d"
	expect_err "kbench: collect lock: -d $d: -d is ambiguous here: for the database, put it before the command (kbench -d FILE collect lock) or use --db FILE; for the busy-wait in each hook, use -D NS or --delay NS" \
	    "collect lock -d $d names both meanings"
	[ ! -e kbench.db ] && [ ! -e x.db ]; check $? "collect lock -d $d: no database made"
done
kb --db d.db collect lock -q -l D --backend user -H rw -k null -t 1 -n 100 -r 1 -D 250
expect_rc 0 "collect lock -D 250"
kb --db d.db collect lock -q -l delay --backend user -H rw -k null -t 1 -n 100 -r 1 --delay 300
expect_rc 0 "collect lock --delay 300"
v=$(db_query d.db "SELECT group_concat(r.label || '=' || f.value, ' ') FROM run_fact f JOIN run r ON r.id = f.run_id WHERE f.key = 'delay_ns' ORDER BY r.id")
[ "$v" = "D=250 delay=300" ]; check $? "-D and --delay are the busy-wait (got $v)"

# 4. The matrix: one line, or with -v a line per cell too.
fake() { KBENCH_LIBEXEC=$FAKE "$KBENCH" "$@" >"$T/out" 2>"$T/err"; rc=$?; }
fake --db m.db collect sleep -l m -m nanosleep,select -u 1,300 -r 2 -n 5
expect_rc 0 "a fake collection"
grep -v 'the machine was busy' "$T/err" | sed 's/about .*/about T/' >"$T/err2"
printf '%s\n' "kbench collect sleep: label m, 4 cells (2 methods x 2 durations) x 2 rounds, about T" >"$T/want"
cmp -s "$T/want" "$T/err2"; check $? "the matrix is one line: its shape and its estimate"
# The summary: on stdout, a median per series (fake: 1.5 and 2.5 a cell).
sed 's/ in [0-9.:]*[ s]* (estimated [0-9.:]*[ s]*)/ in T (estimated T)/' "$T/out" >"$T/out2"
cat >"$T/want" <<EOF
run 1 (sleep, label m): 2 rounds of 4 cells in T (estimated T), into m.db
  method=nanosleep,usec=1    median 2 us (4 samples)
  method=nanosleep,usec=300  median 2 us (4 samples)
  method=select,usec=1       median 2 us (4 samples)
  method=select,usec=300     median 2 us (4 samples)
(kbench analyze --run 1 for their intervals)
EOF
cmp -s "$T/want" "$T/out2"; check $? "the summary: the run, its time, a median per series"
diff "$T/want" "$T/out2" | sed 's/^/#   /' | head -10
fake --db m.db collect sleep -v -l v -m nanosleep -u 1,300 -r 1 -n 5
grep -v 'the machine was busy' "$T/err" | sed 's/about .*/about T/' >"$T/err2"
printf '%s\n' "kbench collect sleep: label v, 2 cells (1 method x 2 durations) x 1 round, about T" \
    "  method=nanosleep,usec=1" "  method=nanosleep,usec=300" >"$T/want"
cmp -s "$T/want" "$T/err2"; check $? "-v: the matrix line, then every cell"
# Too many series for a glance: where to see them.
fake --db m.db collect sleep -l many -m nanosleep -u 1,2,3,4,5,6,7,8,9,10,11,12,13 -r 1 -n 5
expect_rc 0 "13 series"
sed -n 2p "$T/out" >"$T/out2"
printf '%s\n' "13 series: kbench analyze --run 3 shows their medians" >"$T/want"
cmp -s "$T/want" "$T/out2"; check $? "13 series: the command that shows them"
fake --db m.db collect sleep -q -l quiet -m nanosleep -u 1 -r 1 -n 5
expect_rc 0 "-q"
expect_empty_out "-q: no summary"
expect_err "" "-q: no matrix"

# 5. The estimate is measured: the fake sleeps 2 us whatever it is asked,
# so a million iterations of 0 us are a second or so, not the guess of
# a millisecond each (16:40); a probe that fails leaves the guess.
fake --db e.db collect sleep -l e -m nanosleep -u 0 -r 1 -n 1000000
grep -q '^kbench collect sleep: label e, 1 cell (1 method x 1 duration) x 1 round, about [0-9.]* s$' "$T/err"
check $? "the estimate is the probe's: seconds, not 16:40 ($(head -1 "$T/err"))"
KBENCH_LIBEXEC=$FAKE FAKE_MODE=crash "$KBENCH" --db e.db collect sleep -l c -m nanosleep -u 0 -r 1 \
    -n 1000000 >"$T/out" 2>"$T/err"
rc=$?
expect_rc 4 "a crashing program"
grep -q '^kbench collect sleep: label c, 1 cell (1 method x 1 duration) x 1 round, about 16:40$' "$T/err"
check $? "a probe that fails: the guess stands ($(head -1 "$T/err"))"

# 6. Matrix lists (issue 25's attack): an empty item is a typo, a
# duplicate would run one cell twice a round, and what is shown of a
# value never drives the terminal.
for bad in ',,,' 'rw,' ',rw' 'rw,,rm' ''; do
	kb --db l.db collect lock --backend user -H "$bad" -k null -t 1 -r 1
	[ "$rc" -eq 2 ] && grep -q 'an empty item: expected NAME\[,NAME...\]' "$T/err"
	check $? "-H '$bad': an empty item, refused (exit $rc)"
done
kb --db l.db collect lock --backend user -H rw,rw -k null -t 1 -r 1
expect_rc 2 "-H rw,rw"
expect_err "kbench: collect lock: -H: rw twice: each cell runs once a round" "-H rw,rw: the duplicate named"
kb --db l.db collect lock --backend user -H rw -k null -k mtx,null -t 1 -r 1
expect_rc 2 "-k null -k mtx,null: a duplicate across two options"
kb --db l.db collect sleep -m nanosleep -u 100,100 -r 1
expect_rc 2 "collect sleep -u 100,100"
kb --db l.db collect sleep -m nanosleep -u 1,01 -r 1
expect_rc 2 "collect sleep -u 1,01: one duration twice"
expect_err "kbench: collect sleep: -u: '01' is not a duration in µs from 0 to 60000000" "-u 01: refused as it prints"
for bad in 01,1 +1 0 1025; do
	kb --db l.db collect lock --backend user -H rw -k null -t "$bad" -r 1
	[ "$rc" -eq 2 ] && grep -q "is not a thread count from 1 to 1024" "$T/err"
	check $? "-t $bad: refused (exit $rc)"
done
kb --db l.db collect lock --backend user -H "$(printf 'r\033[2Jw')" -k null -t 1 -r 1
expect_rc 2 "-H with an escape"
expect_err "kbench: collect lock: -H 'r\\x1b[2Jw': expected NAME[,NAME...], each of letters, digits and _.:+-" \
    "-H with an escape: refused, shown escaped"
kb --db l.db collect lock --backend "$(printf '\033[2J')" -r 1
expect_rc 2 "--backend with an escape"
expect_err "kbench: collect lock: --backend '\\x1b[2J': expected user or kmod" "--backend with an escape: shown escaped"
kb --db l.db collect lock --backend user -H rw -k null -t 1 -r 1 --delay ''
expect_rc 2 "--delay ''"
grep -q "^kbench: collect lock: --delay '': expected" "$T/err"; check $? "--delay '': the empty value shown quoted"
[ ! -e l.db ]; check $? "refused lists: no database made"
