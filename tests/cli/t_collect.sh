#!/bin/sh
# kbench collect sleep: a short real collection, Ctrl-C, and benchmark
# children that fail every way (a stand-in testsleep in fixtures/).
. "$(dirname "$0")/lib.sh"

runs() { db_query kbench.db "SELECT count(*) FROM run $1"; }
samples() { db_query kbench.db "SELECT count(*) FROM sample"; }

# 1. A real collection: 2 methods x 2 durations x 2 rounds x 3 sleeps.
kb collect sleep -q -l short -m nanosleep,select -u 100,1000 -r 2 -n 3 --meta kernel_rev=abc123
expect_rc 0 "a short real collection"
expect_err "" "collect -q says nothing"
v=$(db_query kbench.db "SELECT status || ' ' || label || ' ' || benchmark FROM run")
[ "$v" = "complete short sleep" ]; check $? "one complete run (got $v)"
v=$(db_query kbench.db "SELECT group_concat(name || ':' || n, ' ') FROM (SELECT s.name, count(*) n FROM series s JOIN sample x ON x.series_id = s.id GROUP BY s.name ORDER BY s.name)")
[ "$v" = "method=nanosleep,usec=100:6 method=nanosleep,usec=1000:6 method=select,usec=100:6 method=select,usec=1000:6" ]
check $? "4 series of 2 rounds x 3 samples (got $v)"
v=$(db_query kbench.db "SELECT group_concat(seq, ',') FROM (SELECT seq FROM sample x JOIN series s ON s.id = x.series_id WHERE s.name = 'method=select,usec=100' ORDER BY seq)")
[ "$v" = "0,1,2,3,4,5" ]; check $? "seq runs on across rounds (got $v)"
for k in host os kernel_release arch ncpu hz highres clocksource timer_slack_ns \
    sched_policy loadavg cmdline shuffle_seed testsleep kernel_rev; do
	v=$(db_query kbench.db "SELECT count(*) FROM run_fact WHERE key = '$k'")
	[ "$v" = 1 ]; check $? "run fact $k"
done
v=$(db_query kbench.db "SELECT unit || ' ' || better FROM series LIMIT 1")
[ "$v" = "us lower" ]; check $? "unit us, lower is better"
v=$(db_query kbench.db "SELECT min(value) >= 100 FROM sample x JOIN series s ON s.id = x.series_id WHERE s.name = 'method=nanosleep,usec=100'")
[ "$v" = 1 ]; check $? "nanosleep(100 us) never takes less than 100 us"
kb analyze --where method=nanosleep
expect_rc 0 "analyze reads the collection"

# 2. Bad options.
kb collect sleep -m bogus
expect_rc 2 "an unknown method"
grep -q "collect sleep: unknown method 'bogus' (.*testsleep -l lists them)" "$T/err"; check $? "an unknown method is named"
kb collect sleep -u 1,x
expect_rc 2 "a bad duration"
expect_err "kbench: collect sleep: -u: 'x' is not a duration in µs from 0 to 60000000" "a bad duration"
kb collect sleep -n 5 -T 1
expect_rc 2 "-n with -T"
kb collect sleep -r 0
expect_rc 2 "-r 0"
kb collect
expect_rc 2 "collect without a kind"
kb collect frobs
expect_rc 2 "collect of an unknown kind"

# 3. Ctrl-C in the middle: the rounds done stay, the run is aborted.
"$KBENCH" --db int.db collect sleep -q -l int -m nanosleep -u 1000 -r 100 -n 50 \
    >/dev/null 2>"$T/int.err" &
pid=$!
i=0
while [ "$i" -lt 200 ]; do
	n=$(db_query int.db "SELECT count(*) FROM sample" 2>/dev/null || echo 0)
	[ "${n:-0}" -gt 0 ] && break
	sleep 0.05
	i=$((i + 1))
done
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 130 ]; check $? "SIGINT: exit 130 (got $rc)"
v=$(db_query int.db "SELECT status FROM run")
[ "$v" = aborted ]; check $? "SIGINT: the run is aborted (got $v)"
n=$(db_query int.db "SELECT count(*) FROM sample")
[ "$n" -gt 0 ] && [ $((n % 50)) -eq 0 ]; check $? "SIGINT: whole rounds kept, $n samples"
grep -q 'collect: run 1 aborted (interrupted); [0-9]* of 100 rounds kept' "$T/int.err"; check $? "SIGINT: said so"
"$KBENCH" --db int.db runs | grep -q ' aborted '; check $? "runs shows the aborted run"
"$KBENCH" --db int.db analyze >/dev/null 2>&1
[ $? -eq 2 ]; check $? "analyze leaves the aborted run out"
"$KBENCH" --db int.db analyze --incomplete >/dev/null 2>&1; check $? "analyze --incomplete reads it"

# 4. Children that fail: the message names the cell, the run is aborted,
#    nothing of the round is stored.
KBENCH_LIBEXEC=$FIXTURES/fakebench
export KBENCH_LIBEXEC
fake() {
	mode=$1
	shift
	rm -f fake.db fake.db-wal fake.db-shm
	FAKE_MODE=$mode "$KBENCH" --db fake.db collect sleep -q -m nanosleep -u 100 "$@" \
	    >"$T/out" 2>"$T/err"
	rc=$?
}
fake ok -r 3
expect_rc 0 "a well-behaved stand-in"
v=$(db_query fake.db "SELECT count(*) FROM sample")
[ "$v" = 6 ]; check $? "its 3 rounds x 2 samples stored (got $v)"
# Facts each cell measures: the run's folded by their names' suffix over
# every cell of every round (3 cells x 3 rounds: n = 0 .. 8); a fact
# alike in every cell (w_min_not) is the run's as it is, one that is not
# (w_avg) is no fact of the run.
rm -f fakecount
FAKE_N=$T/fakecount fake facts -r 3 -u 150,200
expect_rc 0 "cells that measure their own facts"
v=$(db_query fake.db "SELECT group_concat(key || '=' || value, ' ') FROM
    (SELECT key, value FROM run_fact WHERE key LIKE 'w_%' ORDER BY key)")
[ "$v" = "w_max=8 w_min=0.1 w_min_not=x w_sum=36" ]
check $? "KEY_min the least, KEY_max the most, KEY_sum the sum; others as before (got $v)"
# Hostile facts (issue 25's attack): each refused with its cell and line
# named, the run aborted, nothing raw on the terminal.
hostile_fact() {
	printf "$1" >"$T/facts"
	FAKE_FACTS=$T/facts fake factfile -r 1
}
hostile_fact 'fact w_min abc\n'
expect_rc 4 "a _min fact that is no number"
grep -q "line 2: fact w_min: 'abc' is not a decimal number from -1e15 to 1e15" "$T/err"
check $? "a _min fact that is no number: refused, the line named"
for v in nan inf 1e16 ' 0.1' '0.1 ' 0x10 ''; do
	hostile_fact "fact x_sum $v\n"
	[ "$rc" -eq 4 ] && grep -q "fact x_sum: '.*' is not a decimal number" "$T/err"
	check $? "a _sum fact '$v': refused (exit $rc)"
done
hostile_fact 'fact fairness_min 0.1\nfact fairness_min 0.9\n'
expect_rc 4 "a fact given twice"
grep -q "line 3: fact fairness_min: given twice" "$T/err"; check $? "a fact given twice: refused, not the last one kept"
awk 'BEGIN { for (i = 0; i < 1025; i++) printf "fact f%d 1\n", i }' >"$T/facts"
FAKE_FACTS=$T/facts fake factfile -r 1
expect_rc 4 "1025 facts"
grep -q "more than 1024 facts" "$T/err"; check $? "1025 facts: refused"
hostile_fact 'fact \033[2Jkey 1\n'
expect_rc 4 "a fact key with an escape"
grep -q "fact: '\\\\x1b\[2Jkey' is not a key" "$T/err" && ! grep -q "$(printf '\033')" "$T/err"
check $? "a fact key with an escape: shown escaped, never raw"
fake stderresc -r 1
expect_rc 4 "a child whose stderr has escapes"
grep -q 'exited with status 1: fake: \\x1b\[2J\\x1b\]0;title\\x07gone' "$T/err" && ! grep -q "$(printf '\033')" "$T/err"
check $? "its stderr shown escaped, never raw"
# The collector's own facts are its own: a program cannot overwrite the
# pid that tells a live run from a dead one, the shuffle's seed, the load.
hostile_fact 'fact collector_pid 1\nfact shuffle_seed 42\nfact host evilhost\nfact loadavg_start 99\nfact busy_cpus 0\nfact loadavg_max 999\nfact rounds 77\nfact ncpu 1000\nfact os Plan9\nfact cpu_model evil\nfact hz 1\nfact backend bogus\nfact loadavg 0.00\n'
expect_rc 0 "a program that gives the collector's own facts"
v=$(db_query fake.db "SELECT count(*) FROM run_fact WHERE (key = 'collector_pid' AND value = '1') OR (key = 'shuffle_seed' AND value = '42') OR (key = 'host' AND value = 'evilhost') OR (key = 'loadavg_start' AND value = '99') OR (key = 'busy_cpus' AND value = '0') OR (key = 'loadavg_max' AND value = '999') OR (key = 'rounds' AND value = '77') OR (key = 'ncpu' AND value = '1000') OR (key = 'os' AND value = 'Plan9') OR (key = 'cpu_model' AND value = 'evil') OR (key = 'hz' AND value = '1') OR (key = 'backend' AND value = 'bogus') OR (key = 'loadavg' AND value = '0.00')")
[ "$v" = 0 ]; check $? "the collector's facts are not overwritten: its pid, seed, load, the machine's (got $v of 13)"
for v in 1e+5 1.23457e+06 -0 .5; do
	hostile_fact "fact x_max $v\n"
	expect_rc 0 "a _max fact '$v' (printf's %g, a decimal)"
done
fake stderrnul -r 1
expect_rc 4 "a child whose stderr has a NUL"
grep -q 'exited with status 1: fake: first\\x00hidden' "$T/err"; check $? "its stderr past the NUL, the NUL shown"
# Sums of counts are exact, however large (they were %.10g: 4.93827156e+10).
printf 'fact big_sum 12345678901\nfact y_max 0.25\n' >"$T/facts"
printf 'fact big_sum 999999999999999\nfact y_max 0.125\n' >"$T/facts.200"
rm -f fake.db fake.db-wal fake.db-shm
FAKE_FACTS=$T/facts FAKE_MODE=factfile "$KBENCH" --db fake.db collect sleep -q \
    -m nanosleep -u 100,200 -r 2 >"$T/out" 2>"$T/err"
rc=$?
expect_rc 0 "large counts summed"
v=$(db_query fake.db "SELECT group_concat(key || '=' || value, ' ') FROM (SELECT key, value FROM run_fact WHERE key IN ('big_sum', 'y_max') ORDER BY key)")
[ "$v" = "big_sum=2000024691357800 y_max=0.25" ]
check $? "2 x (12345678901 + 999999999999999) exactly, the max as written (got $v)"
# A sum that met a fraction and came back whole stays exact after.
printf 'fact h_sum 0.5\n' >"$T/facts"
printf 'fact h_sum 999999999999999\n' >"$T/facts.200"
printf 'fact h_sum 0.5\n' >"$T/facts.300"
rm -f fake.db fake.db-wal fake.db-shm
FAKE_FACTS=$T/facts FAKE_MODE=factfile "$KBENCH" --db fake.db collect sleep -q \
    -m nanosleep -u 100,200,300 -r 2 >"$T/out" 2>"$T/err"
v=$(db_query fake.db "SELECT value FROM run_fact WHERE key = 'h_sum'")
[ "$v" = 2000000000000000 ]; check $? "2 x (0.5 + 999999999999999 + 0.5): 2000000000000000, in any cell order (got $v)"
fake exit3
expect_rc 4 "a benchmark that exits 3"
expect_err "kbench: collect: cell method=nanosleep,usec=100 (round 1): exited with status 3: fake: the timer is on fire
kbench: collect: run 1 aborted; 0 of 5 rounds kept" "a benchmark that exits 3"
v=$(db_query fake.db "SELECT status || ' ' || (SELECT count(*) FROM sample) FROM run")
[ "$v" = "aborted 0" ]; check $? "aborted, nothing stored (got $v)"
fake crash
expect_rc 4 "a benchmark that crashes"
grep -q 'killed by signal 11 (Segmentation fault)' "$T/err"; check $? "the crash is named"
fake garbage
expect_rc 4 "a benchmark that prints garbage"
grep -q "invalid output: line 3: sample: '12abc' is not a finite number" "$T/err"; check $? "the garbage is named"
fake nothing
expect_rc 4 "a benchmark that prints nothing"
grep -q 'invalid output: line 1: no output at all' "$T/err"; check $? "no output is named"
fake truncated
expect_rc 4 "a benchmark whose output stops short"
grep -q 'invalid output: line 4: no "end" line' "$T/err"; check $? "the truncation is named"
fake flood
expect_rc 4 "a benchmark that floods garbage"
grep -q 'invalid output: line 2: longer than 4096 bytes' "$T/err"; check $? "the flood is cut at the line limit"
fake hang --timeout 1
expect_rc 4 "a benchmark that hangs"
grep -q 'no result after 1 s: killed (a hang?)' "$T/err"; check $? "the hang is named"
unset KBENCH_LIBEXEC

# 5. The Linux knob that changes sleep precision without a reboot: with
#    a timer slack of 1 ns, nanosleep(300 us) overshoots less than with
#    the default 50 us.  A direction only: no absolute thresholds here.
if [ "$(uname -s)" = Linux ]; then
	"$KBENCH" --db slack.db collect sleep -q -l slack-default -m nanosleep -u 300 -r 2 -n 30 --slack 50000 &&
	"$KBENCH" --db slack.db collect sleep -q -l slack-1ns -m nanosleep -u 300 -r 2 -n 30 --slack 1
	check $? "two collections at 50 us and 1 ns of timer slack"
	kb --db slack.db analyze --compare slack-default slack-1ns --format json
	v=$(jq -r '.comparisons[0] | (.center_b < .center_a)' "$T/out")
	[ "$v" = true ]; check $? "slack 1 ns: nanosleep(300 us) overshoots less than at 50 us"
	v=$(db_query slack.db "SELECT group_concat(f.value, ' ') FROM run_fact f JOIN run r ON r.id = f.run_id WHERE f.key = 'timer_slack_ns' ORDER BY r.id")
	[ "$v" = "50000 1" ]; check $? "the slack in force is a run fact (got $v)"
else
	skip "timer slack is a Linux knob"
fi

# 6. kill -9: the run stays "running" in the database, which kbench runs
#    shows as incomplete once its collector is gone; analysis skips it.
"$KBENCH" --db k9.db collect sleep -q -l k9 -m nanosleep -u 1000 -r 100 -n 50 \
    >/dev/null 2>&1 &
pid=$!
i=0
while [ "$i" -lt 200 ]; do
	n=$(db_query k9.db "SELECT count(*) FROM sample" 2>/dev/null || echo 0)
	[ "${n:-0}" -gt 0 ] && break
	sleep 0.05
	i=$((i + 1))
done
kill -9 "$pid"
wait "$pid" 2>/dev/null
v=$(db_query k9.db "SELECT status FROM run")
[ "$v" = running ]; check $? "kill -9: the run is left running (got $v)"
kb --db k9.db runs
grep -q ' k9  *sleep  *incomplete ' "$T/out"; check $? "kill -9: kbench runs shows it incomplete"
kb --db k9.db runs --json
jq -e '.status == "incomplete"' "$T/out" >/dev/null; check $? "kill -9: runs --json says incomplete"
kb --db k9.db analyze
expect_rc 2 "kill -9: analyze leaves the run out"
kb --db k9.db collect sleep -q -l after -m nanosleep -u 100 -r 1 -n 3
expect_rc 0 "kill -9: the next collection works"
v=$(sqlite3 k9.db "PRAGMA integrity_check")
[ "$v" = ok ]; check $? "kill -9: integrity_check ok"

# 7. kbench collect lock, user backend: a small matrix, and a failing cell.
kb --db lock.db collect lock -q -l small --backend user -H rw,rm -k null,mtx -t 1,2 -n 2000 --delay 200 -r 2
expect_rc 0 "a small lock collection"
v=$(db_query lock.db "SELECT group_concat(name || ':' || n, ' ') FROM (SELECT s.name, count(*) n FROM series s JOIN sample x ON x.series_id = s.id GROUP BY s.name ORDER BY s.id)")
[ "$v" = "head=rw,hook=null,threads=1:2 head=rw,hook=null,threads=2:2 head=rw,hook=mtx,threads=1:2 head=rw,hook=mtx,threads=2:2 head=rm,hook=null,threads=1:2 head=rm,hook=null,threads=2:2 head=rm,hook=mtx,threads=1:2 head=rm,hook=mtx,threads=2:2" ]
check $? "8 series in matrix order, one sample per cell per round (got $v)"
v=$(db_query lock.db "SELECT group_concat(key || '=' || value, ' ') FROM run_fact WHERE key IN ('backend', 'benchmark') ORDER BY key")
[ "$v" = "backend=user" ]; check $? "the backend is a run fact (got $v)"
v=$(db_query lock.db "SELECT unit || ' ' || better FROM series LIMIT 1")
[ "$v" = "ns lower" ]; check $? "ns per walk, lower is better"
# The timed phase is the default on the user backend too (issue 25): every
# thread stopped together after the 10 ms warm-up, 100 ms unless told.
kb --db dur.db collect lock -q -l dflt --backend user -H rw -k null -t 2 --delay 0 -r 3
expect_rc 0 "a lock collection with neither -n nor --duration"
v=$(db_query dur.db "SELECT count(*) FROM sample")
[ "$v" = 3 ]; check $? "-t 2 -r 3: 3 samples in the series (got $v)"
v=$(db_query dur.db "SELECT group_concat(key || '=' || value, ' ') FROM (SELECT key, value FROM run_fact WHERE key IN ('mode', 'duration_ms', 'warmup_ms', 'count') ORDER BY key)")
[ "$v" = "duration_ms=100 mode=duration warmup_ms=10" ]; check $? "the default duration and warm-up are stored, no count (got $v)"
kb --db dur.db collect lock -q -l d40 --backend user -H rm -k null -t 1 --delay 0 -r 1 --duration 40
expect_rc 0 "--duration with the user backend"
v=$(db_query dur.db "SELECT value FROM run_fact f JOIN run r ON r.id = f.run_id WHERE r.label = 'd40' AND key = 'duration_ms'")
[ "$v" = 40 ]; check $? "--duration 40 is the stored duration (got $v)"
kb --db lock.db collect lock -q --backend user -l sh -H rw -k null -t 1 --shared
expect_rc 2 "--shared with the user backend"
expect_err "kbench: collect lock: --chain and --shared are the kernel module's (--backend kmod); lockbench has 3 hooks, each with its own lock" \
    "--shared with the user backend is refused, by name"
kb --db lock.db collect lock -H bogus
expect_rc 2 "an unknown head lock"
kb --db lock.db collect lock --backend kmodx
expect_rc 2 "an unknown backend"
KBENCH_LIBEXEC=$FIXTURES/fakebench FAKE_MODE=crash "$KBENCH" --db lockf.db collect lock -q \
    --backend user -H rw -k null -t 1 >"$T/out" 2>"$T/err"
rc=$?
expect_rc 4 "a lock cell that crashes"
grep -q 'cell head=rw,hook=null,threads=1 (round 1): killed by signal 11' "$T/err"; check $? "the crashed lock cell is named"

# 8. Checked before anything is stored: a CPU this machine does not have
# is a usage error, not an empty aborted run (nor an empty database).
kb --db cpu.db collect sleep -q --cpu 9999 -m nanosleep -u 1 -n 1 -r 1
expect_rc 2 "--cpu 9999"
ncpu_conf=$(getconf _NPROCESSORS_CONF)
expect_err "kbench: collect sleep: --cpu 9999: expected a CPU number from 0 to $((ncpu_conf - 1)) (this machine has $ncpu_conf)" \
    "--cpu 9999 names the CPUs there are"
[ ! -e cpu.db ]; check $? "--cpu 9999: no database made, no run stored"

# 9. SIGTERM around the start: before the handler is in place it ends
# kbench with nothing stored; from there on the run is marked aborted.
# Never a run left "running".  strace delivers the signal exactly where
# it must: on the call that installs the SIGINT handler (so, before it),
# and on the first fdatasync (the commit that creates the run).
if command -v strace >/dev/null 2>&1 && strace -o /dev/null true >/dev/null 2>&1; then
	# A sanitized build: LeakSanitizer cannot run under ptrace.
	ASAN_OPTIONS=detect_leaks=0 strace -o sig.trace -e trace=rt_sigaction \
	    "$KBENCH" --db sig.db collect sleep -q -l probe -m nanosleep -u 1 -n 1 -r 1 \
	    >/dev/null 2>&1
	nth=$(grep -v '^---\|^+++' sig.trace | grep -n 'rt_sigaction(SIGINT' | head -1 | cut -d: -f1)
	ASAN_OPTIONS=detect_leaks=0 strace -o /dev/null -e trace=rt_sigaction \
	    -e inject=rt_sigaction:signal=TERM:when="$nth" \
	    "$KBENCH" --db sig.db collect sleep -q -l early -m nanosleep -u 1 -n 1 -r 1 \
	    >"$T/out" 2>"$T/err"
	rc=$?
	expect_rc 143 "SIGTERM before the handler: killed by it"
	v=$(db_query sig.db "SELECT count(*) FROM run WHERE label = 'early'")
	[ "$v" = 0 ]; check $? "SIGTERM before the handler: no run stored ($v), none left running"
	ASAN_OPTIONS=detect_leaks=0 strace -o /dev/null -e trace=fdatasync \
	    -e inject=fdatasync:signal=TERM:when=1 \
	    "$KBENCH" --db sig.db collect sleep -q -l commit -m nanosleep -u 1 -n 1 -r 1 \
	    >"$T/out" 2>"$T/err"
	rc=$?
	expect_rc 143 "SIGTERM as the run is created"
	expect_err "kbench: collect: run 2 aborted (interrupted); 0 of 1 rounds kept" \
	    "SIGTERM as the run is created: the run aborted, said"
	v=$(db_query sig.db "SELECT group_concat(label || ' ' || status, ', ') FROM run")
	[ "$v" = "probe complete, commit aborted" ]; check $? "no run left running ($v)"
else
	skip "SIGTERM at the start: no usable strace to deliver it"
fi
