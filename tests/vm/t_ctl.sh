#!/bin/sh
# tests/vm/t_ctl.sh BUILD: pfilbench-ctl against a stand-in for the
# module's control directory (KBENCH_KMOD_SYSFS, plain files): what it
# writes, its exact output (human and kbench protocol), its errors, and
# `kbench collect lock --backend kmod` storing what it prints.  No VM,
# no module, about a second; tests/vm/t_vm.sh runs the real thing.
build=${1:-${KBENCH_BUILD:-build}}
top=$(cd "$(dirname "$0")/../.." && pwd)
case $build in /*) ;; *) build=$top/$build ;; esac
ctl=$build/pfilbench-ctl
T=$(mktemp -d "${TMPDIR:-/tmp}/kbench-ctl.XXXXXX")
trap 'rm -rf "$T"' EXIT
S=$T/sys
KBENCH_KMOD_SYSFS=$S
export KBENCH_KMOD_SYSFS

ok() { echo "ok - $*"; }
not_ok() { echo "not ok - $*"; }
check() { if [ "$1" -eq 0 ]; then ok "$2"; else not_ok "$2"; fi; }

# run ARGS...: pfilbench-ctl; stdout $T/out, stderr $T/err, status $rc.
run() {
	"$ctl" "$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# expect RC STDERR WHAT: status and the exact standard error.
expect() {
	if [ -z "$2" ]; then : >"$T/want"; else printf '%s\n' "$2" >"$T/want"; fi
	if [ "$rc" -eq "$1" ] && cmp -s "$T/want" "$T/err"; then
		ok "$3 (exit $1)"
	else
		not_ok "$3: exit $rc (want $1), stderr: $(head -c 300 "$T/err")"
	fi
}

# expect_out TEXT WHAT: the exact standard output.
expect_out() {
	printf '%s\n' "$1" >"$T/want"
	if cmp -s "$T/want" "$T/out"; then
		ok "$2 (stdout)"
	else
		not_ok "$2: stdout differs"
		diff "$T/want" "$T/out" | sed 's/^/#   /' | head -20
	fi
}

# fake STATE [RESULTS]: a control directory after a run.
fake() {
	rm -rf "$S"
	mkdir -p "$S"
	for f in threads count duration_ms warmup_ms delay_ns hooks shared \
	    head hook write_ms pin tag start stop error wait; do
		: >"$S/$f"
	done
	echo "$1" >"$S/state"
	echo 2.0 >"$S/version"
	echo 6.1.0-test >"$S/release"
	cat >"$S/caps" <<-'EOF'
	version 2.0
	heads rw brlock rwsem rm epoch none
	hooks null mtx rw rwsem rm brlock spin
	atomic_heads rw brlock epoch
	sleeping_hooks mtx rwsem rm
	refused rw:mtx rw:rwsem rw:rm brlock:mtx brlock:rwsem brlock:rm epoch:mtx epoch:rwsem epoch:rm
	delay_max_ns 1000000
	hooks_max 8
	duration_max_ms 60000
	EOF
	printf 'preempt voluntary\nhz 250\nlockdep no\nkasan no\nmitigations auto\n' >"$S/kernel"
	printf '%s' "${2:-}" >"$S/results"
}

if [ ! -x "$ctl" ]; then
	not_ok "$ctl: not built"
	exit 1
fi
# The tag pfilbench-ctl writes, so that the stand-in's results are its run.
PFILBENCH_CTL_TAG=test.1
export PFILBENCH_CTL_TAG

# Two threads on one clock: thread 1 starts 2 ms after thread 0 and ends
# last.  The run's sample is all walks over first start to last end:
# (7016690 - 40) / 2000 = 3508.325 ns per walk.  Summing the threads'
# own times gives (3550760 + 5016650) / 2000 = 4283.705, their longest
# 2508.325: a sample of either is the lucky-thread flaw of the seed.
R2='run 4 tag test.1 head rm hook mtx hooks 3 shared 0 threads 2 count 1000 duration_ms 0 warmup_ms 10 delay_ns 100 write_ms 0 pin 0
busywait clock clock_ns 20 spin_ns 80
thread 0 cpu 1 bound -1 core 0.1 calls 1000 start_ns 40 end_ns 3550800 busywait_ns 104 nvcsw 0 nivcsw 2 migrations 0 slow_walks 0
thread 1 cpu 0 bound -1 core 0.0 calls 1000 start_ns 2000040 end_ns 7016690 busywait_ns 106 nvcsw 1 nivcsw 0 migrations 1 slow_walks 0
'

# 1. A done run, kbench protocol.
fake done "$R2"
run -m -t 2 -n 1000 -d 100 -H rm -k mtx
expect 0 "" "-m: a done run"
# The host's own facts (this machine's, not the stand-in's) are left out.
host_facts='^fact vuln_\|^fact cpu_boost\|^fact rcu_expedited\|^fact rcu_normal'
grep -v "$host_facts" "$T/out" >"$T/out2" && mv "$T/out2" "$T/out"
expect_out 'kbench-protocol 1
fact backend kmod
fact kmod_version 2.0
fact kmod_release 6.1.0-test
fact kernel_preempt voluntary
fact kernel_hz 250
fact kernel_lockdep no
fact kernel_kasan no
fact kernel_mitigations auto
fact head rm
fact hook mtx
fact hooks 3
fact hook_lock per-hook
fact threads 2
fact mode count
fact count 1000
fact warmup_ms 10
fact delay_ns 100
fact write_ms 0
fact pin 0
fact pinned no
fact busywait clock
fact busywait_clock_ns 20
fact busywait_measured_ns 105.0
fact wall_ns 7016650
fact walks 2000
fact nivcsw 2
fact migrations 1
fact placement 0:-1,1:-1
fact rm_slow_walks_pct 0.00
# thread 0 cpu 1 bound -1 core 0.1 calls 1000 start_ns 40 end_ns 3550800 busywait_ns 104 nvcsw 0 nivcsw 2 migrations 0
# thread 1 cpu 0 bound -1 core 0.0 calls 1000 start_ns 2000040 end_ns 7016690 busywait_ns 106 nvcsw 1 nivcsw 0 migrations 1
series head=rm,hook=mtx,threads=2 ns lower
sample 3508.325
end 1' "-m: facts, one series, one sample: all walks over first start to last end"
grep -q '^sample 3508.325$' "$T/out" && ! grep -q '^sample \(4283.705\|2508.325\|3550.760\|5016.650\)$' "$T/out"
check $? "the sample is on one time base, not the threads' times summed (4283.705) or the longest (2508.325)"
got=""
for f in threads count duration_ms warmup_ms delay_ns hooks shared write_ms pin head hook tag start; do
	got="$got $f=$(cat "$S/$f")"
done
[ "$got" = " threads=2 count=1000 duration_ms=0 warmup_ms=10 delay_ns=100 hooks=3 shared=0 write_ms=0 pin=0 head=rm hook=mtx tag=test.1 start=1" ]
check $? "the configuration is written, the tag last, then start (got:$got)"

# 2. The same, for people.
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 0 "" "human output"
expect_out 'pfilbench 2.0 (kernel 6.1.0-test): head rm, hook mtx, 3 hooks (a lock each), 2 x 1000 walks, delay 100 ns (measured 105.0 ns), no writer
thread 0 cpu 1 (bound -1, core 0.1): 1000 walks from 0.000000 to 0.003551 s, 0+2 context switches, 0 migrations
thread 1 cpu 0 (bound -1, core 0.0): 1000 walks from 0.002000 to 0.007017 s, 1+0 context switches, 1 migrations
rm: 0.00% of the walks found readers on the slow path
total: 2000 walks in 7016650 ns, first start to last end: 3508.3 ns/walk' "one line per thread and the total (a module that does not say how far each thread had come: no fairness figure for a count)"

# 3. A writer, a fixed duration, the seed's shape (1 hook, shared), cores.
fake done 'run 5 tag test.1 head rm hook spin hooks 1 shared 1 threads 2 count 100000 duration_ms 50 warmup_ms 10 delay_ns 0 write_ms 10 pin 1
busywait clock clock_ns 20 spin_ns 0
thread 0 cpu 0 bound 0 core 0.0 calls 300 start_ns 10 end_ns 50000010 busywait_ns 0 nvcsw 0 nivcsw 0 migrations 0 slow_walks 30
thread 1 cpu 2 bound 2 core 0.1 calls 100 start_ns 30 end_ns 50000020 busywait_ns 0 nvcsw 0 nivcsw 0 migrations 0 slow_walks 10
writer 0 cpu 1 bound 1 writes 5 ns 3000000 start_ns 0 end_ns 50000020 missed 0
'
run -m -t 2 -D 50 -d 0 -H rm -k spin -w 10 -p -K 1 -S
expect 0 "" "-m with a writer, -D, -K 1 -S, -p"
for want in 'fact writes 5' 'fact writes_per_s 100.0' 'fact write_asked_per_s 100.0' \
    'fact writer_missed_sum 0' 'fact write_mean_ns 600000.0' 'fact rm_slow_walks_pct 10.00' \
    'fact fairness_min 0.3333' 'fact pinned cores' 'fact placement 0:0,1:2,w:1' \
    'fact hooks 1' 'fact hook_lock shared' 'sample 125000.025'; do
	grep -q "^$want\$" "$T/out" || { echo "# missing: $want"; false; } || break
done
check $? "the writer's achieved rate, rm's slow walks, fairness, placement, the sample (50000010 ns / 400)"
run -t 2 -D 50 -d 0 -H rm -k spin -w 10 -p -K 1 -S
grep -q '^writer cpu 1 (bound 1): 5 writes, 100.0/s (asked 100.0/s), 600.0 us each, 0 periods missed$' "$T/out" &&
    grep -q '^rm: 10.00% of the walks found readers on the slow path$' "$T/out" &&
    grep -q '1 hook (one shared lock), 2 threads for 50 ms' "$T/out"
check $? "the writer, rm's slow path and the shape, for people"

# 3a. FreeBSD's thread lines: kern_yield() batches as yields, summed
# under a name of their own (not Linux's ctx_switches_sum), and how far
# each had come when the first ended (at_first_end, as on Linux).
fake done "$(printf '%s' "$R2" | sed 's/^\(thread 0 .*\)$/\1 yields 7 at_first_end 1000/; s/^\(thread 1 .*\)$/\1 yields 5 at_first_end 400/')
"
run -m -t 2 -n 1000 -d 100 -H rm -k mtx
grep -q '^fact yields_sum 12$' "$T/out" && ! grep -q '^fact ctx_switches_sum' "$T/out" &&
    grep -q '^fact fairness_min 0.4$' "$T/out" && grep -q '^fact count 1000$' "$T/out" &&
    ! grep -q '^fact duration_ms' "$T/out"
check $? "FreeBSD's yields as yields_sum (7 + 5), at_first_end as fairness 400/1000, a count's facts only"

# at_first_end no run makes: the first thread to end had done its count.
fake done "$(printf '%s' "$R2" | sed 's/^\(thread 0 .*\)$/\1 at_first_end 500/; s/^\(thread 1 .*\)$/\1 at_first_end 0/')
"
run -m -t 2 -n 1000 -d 100 -H rm -k mtx
[ $rc -eq 1 ] && grep -q 'at_first_end 500: the most of any thread, so the first to end, whose calls are 1000' "$T/err" &&
    ! grep -q '^sample' "$T/out"
check $? "at_first_end of 500 and 0 for a count of 1000: refused, no sample (exit $rc)"

# 3b. The Linux module's 2.1 results: how far each thread had come when
# the first ended (at_first_end), the exclusion check, its facts.
# Thread 0 did 1000 walks first; thread 1 had done 250 by then and its
# last 750 set the window: a count hides that (both end with 1000), the
# fairness figure says it, 250 / 1000.  The sample is still all walks
# over first start to last end: (8000040 - 40) / 2000 = 4000.000.
R3='run 6 tag test.1 head rm hook mtx hooks 3 shared 0 threads 2 count 1000 duration_ms 0 warmup_ms 10 delay_ns 100 write_ms 0 pin 0 test_lag_ns 0 test_fault none
busywait clock clock_ns 20 spin_ns 80
thread 0 cpu 1 bound -1 core 0.1 calls 1000 start_ns 40 end_ns 2000040 busywait_ns 104 nvcsw 3 nivcsw 2 migrations 0 slow_walks 0 at_first_end 1000
thread 1 cpu 0 bound -1 core 0.0 calls 1000 start_ns 50 end_ns 8000040 busywait_ns 106 nvcsw 4 nivcsw 0 migrations 1 slow_walks 0 at_first_end 250
check 0 violations 0 readers 0 writer 0 hooks 0 settle 1
fact head_impl.rm percpu_rw_semaphore(sleep)
fact hook_impl.mtx mutex(sleep)
fact gp_latency_us 8000
fact ctx_switches_sum 7
fact oversubscribed_max 1.000
fact slow_walks_sum 0
'
fake done "$R3"
run -m -t 2 -n 1000 -d 100 -H rm -k mtx
expect 0 "" "-m: the 2.1 results of a count"
for want in 'fact mode count' 'fact fairness_min 0.25' 'fact head_impl.rm percpu_rw_semaphore(sleep)' \
    'fact hook_impl.mtx mutex(sleep)' 'fact gp_latency_us 8000' 'fact ctx_switches_sum 7' \
    'fact oversubscribed_max 1.000' 'fact slow_walks_sum 0' 'fact kmod_check 0' 'sample 4000.000'; do
	grep -q "^$want\$" "$T/out" || { echo "# missing: $want"; false; } || break
done
check $? "a count: fairness_min from the walks when the first thread ended (0.25), the module's facts as they stand, the sample over first start to last end"
! grep -q '^fact fairness \|^fact nvcsw \|^fact write_missed ' "$T/out"
check $? "no fairness, nvcsw or write_missed fact: fairness_min, ctx_switches_sum, writer_missed_sum say it"
run -t 2 -n 1000 -d 100 -H rm -k mtx
grep -q '^thread 1 .*, 250 walks when the first ended$' "$T/out" &&
    grep -q '; fairness (fewest/most walks, when the first thread ended) 0.25$' "$T/out"
check $? "a count, for people: each thread's walks when the first ended, the fairness"
# Every fairness figure with 4 significant digits.
fake done "$(echo "$R3" | sed 's/at_first_end 250$/at_first_end 333/')
"
run -m -t 2 -n 1000 -d 100 -H rm -k mtx
grep -q '^fact fairness_min 0.333$' "$T/out"
check $? "fairness_min has 4 significant digits ($(sed -n 's/^fact fairness_min //p' "$T/out"))"

# The default is a duration: neither -n nor -D.
R4='run 7 tag test.1 head rw hook null hooks 3 shared 0 threads 2 count 100000 duration_ms 1000 warmup_ms 10 delay_ns 1000 write_ms 0 pin 0 test_lag_ns 0 test_fault none
busywait clock clock_ns 20 spin_ns 980
thread 0 cpu 1 bound -1 core 0.1 calls 300 start_ns 40 end_ns 1000000040 busywait_ns 1004 nvcsw 0 nivcsw 2 migrations 0 slow_walks 0 at_first_end 299
thread 1 cpu 0 bound -1 core 0.0 calls 100 start_ns 50 end_ns 1000000060 busywait_ns 1006 nvcsw 0 nivcsw 0 migrations 1 slow_walks 0 at_first_end 100
check 0 violations 0 readers 0 writer 0 hooks 0 settle 0
'
fake done "$R4"
run -m -t 2 -H rw
expect 0 "" "-m without -n or -D"
[ "$(cat "$S/duration_ms") $(cat "$S/count")" = "1000 100000" ] &&
    grep -q '^fact mode duration$' "$T/out" && grep -q '^fact duration_ms 1000$' "$T/out"
check $? "without -n or -D: a timed phase of 1000 ms (duration_ms $(cat "$S/duration_ms"))"
grep -q '^fact fairness_min 0.3333$' "$T/out" && grep -q '^sample 2500000.050$' "$T/out"
check $? "a duration: fairness_min over the whole phase (100 / 300), the sample over first start to last end (1000000020 / 400)"
fake done "$R4"
run -m -t 2 -H rw -n 100000 -D 1000
expect 0 "" "-n and -D: the duration wins (kbench collect lock passes both)"
fake done "$R3"
run -m -t 2 -H rm -k mtx -n 1000 -d 100
[ "$(cat "$S/duration_ms")" = 0 ]
check $? "-n alone counts walks (duration_ms $(cat "$S/duration_ms"))"

# The exclusion check: a violation fails the cell, naming it.
fake done "$(echo "$R3" | sed 's/^check 0 violations 0 readers 0 writer 0 hooks 0/check 1 violations 3 readers 1 writer 2 hooks 0/')
"
run -m -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: head=rm,hook=mtx,threads=2: the exclusion check found 3 violations (readers 1, writer 2, hooks 0): a lock let in whom it must keep out" \
    "a violation of mutual exclusion fails the cell"
[ ! -s "$T/out" ]; check $? "... and prints no sample"
fake done "$(echo "$R3" | sed 's/^check 0 /check 1 /')
"
run -m -t 2 -n 1000 -d 100 -H rm -k mtx
grep -q '^fact kmod_check 1$' "$T/out"; check $? "a checked run without a violation passes, kmod_check 1"
# A test hook is said.
fake done "$(echo "$R3" | sed 's/test_lag_ns 0 test_fault none/test_lag_ns 20000 test_fault none/')
"
run -m -t 2 -n 1000 -d 100 -H rm -k mtx
expect 0 "pfilbench-ctl: head=rm,hook=mtx,threads=2: a test hook is set (test_lag_ns 20000, test_fault none): no benchmark" \
    "a test hook set: said on stderr"
grep -q '^fact kmod_test_lag_ns 20000$' "$T/out"; check $? "... and recorded (kmod_test_lag_ns)"
# Fact lines the module got wrong.
for bad in 'fact' 'fact key' 'fact bad!key v' 'fact key two words' "fact key $(printf 'v\001')"; do
	fake done "$R3$bad
"
	run -m -t 2 -n 1000 -d 100 -H rm -k mtx
	[ $rc -eq 1 ] && grep -q 'results line 12: unexpected' "$T/err" || { echo "# '$bad': exit $rc, $(cat "$T/err")"; false; } || break
done
check $? "a fact line that is no KEY VALUE is refused"

# 4. Failures.
fake error
echo "stopped by request" >"$S/error"
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: the run failed: stopped by request" "a run that ended in error"
fake done "$R2"
run -t 2 -n 1000 -d 100 -H rw -k mtx
expect 1 "pfilbench-ctl: the module's last run (run 4 tag test.1 head rm hook mtx hooks 3 shared 0 threads 2 count 1000 duration_ms 0 warmup_ms 10 delay_ns 100 write_ms 0 pin 0) is not what this controller configured: another controller changed the configuration before the start" \
    "results of another configuration"
PFILBENCH_CTL_TAG=other.2 run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: the module's last run (run 4 tag test.1 head rm hook mtx hooks 3 shared 0 threads 2 count 1000 duration_ms 0 warmup_ms 10 delay_ns 100 write_ms 0 pin 0) is not this one: another controller started a run" \
    "another controller's identical run (its tag differs)"
fake done "$(echo "$R2" | sed 's/^thread 0 cpu 1 bound -1 core 0.1 calls 1000/thread 0 cpu 1 bound -1 core 0.1 calls 999/')
"
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: results line 3: thread 0 did 999 walks of 1000" "a thread that did not finish"
fake done "$(echo "$R2" | sed 's/ nivcsw 2 migrations 0 slow_walks 0$/ nivcsw/')
"
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: results line 3: unexpected 'thread 0 cpu 1 bound -1 core 0.1 calls 1000 start_ns 40 end_'" "a torn line (a key without its value)"
fake done "$(echo "$R2" | sed 's/ start_ns 40 end_ns 3550800 / end_ns 3550800 start_ns 40 /; s/ nvcsw 0 nivcsw 2/ nvcsw x nivcsw 2/')
"
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: results line 3: nvcsw 'x' is not a number" "a field that is no number"
fake done "$R2"
run -t 3 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: the module's last run (run 4 tag test.1 head rm hook mtx hooks 3 shared 0 threads 2 count 1000 duration_ms 0 warmup_ms 10 delay_ns 100 write_ms 0 pin 0) is not what this controller configured: another controller changed the configuration before the start" \
    "a thread count that differs"
fake done "${R2}bogus line
"
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: results line 5: unexpected 'bogus line'" "a line it does not know"
fake done ""
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: the module has no results (did another controller start a run?)" "no results"
fake done "$R2"
echo 1.0 >"$S/version"
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: pfilbench.ko version 1.0: this pfilbench-ctl drives version 2.x" "an older module"
fake idle
run -t 2
expect 1 "pfilbench-ctl: no run was started" "the state went back to idle"
KBENCH_KMOD_SYSFS=$T/nowhere run -s
expect 1 "pfilbench-ctl: pfilbench.ko is not loaded (no $T/nowhere)" "-s without the module"
KBENCH_KMOD_SYSFS=$T/nowhere run -t 2
expect 1 "pfilbench-ctl: pfilbench.ko is not loaded (no $T/nowhere)" "a run without the module"
fake running
run -s
expect 1 "pfilbench-ctl: pfilbench.ko is busy: a run is in progress" "-s while running"
fake done
run -s
if [ "$(id -u)" -eq 0 ]; then
	expect 0 "" "-s when the module is usable"
else
	expect 1 "pfilbench-ctl: pfilbench.ko is loaded, but only root may drive it" "-s as a user"
fi
run -c
expect 0 "" "-c: the module's capabilities"
[ "$(grep -c '^head=' "$T/out") $(grep -c '^hook=' "$T/out") $(grep -c '^refused=' "$T/out")" = "6 7 9" ] &&
    grep -q '^refused=rw:mtx$' "$T/out" && grep -q '^delay_max_ns=1000000$' "$T/out"
check $? "-c: one word a line: 6 heads, 7 hooks, 9 refused pairs, the limits"
usage='usage: pfilbench-ctl [-mPpS] [--check] [-D duration_ms] [-d delay_ns] [-H head]
                     [-K hooks] [-k hook] [-n count] [-t threads] [-W warmup_ms]
                     [-w write_ms]
       pfilbench-ctl -c | -s | -h'
# -h and --help: the same usage, on stdout, and success.
for h in -h --help; do
	run $h
	expect 0 "" "pfilbench-ctl $h"
	expect_out "$usage" "pfilbench-ctl $h: the usage"
done
run -t
expect 2 "pfilbench-ctl: option -t needs an argument
$usage" "-t without a value"
run -n -5
expect 2 "pfilbench-ctl: -n -5: expected a number" "a negative count"
run -d 1x
expect 2 "pfilbench-ctl: -d 1x: expected a number" "a delay with junk"
run extra
expect 2 "$usage" "an operand"
# An unknown lock is a usage error (2), whether the module is there or
# not (it was 1, "not loaded", before the module was asked).
for m in "$S" "$T/nosuch"; do
	KBENCH_KMOD_SYSFS=$m "$ctl" -H bogus >"$T/out" 2>"$T/err"
	rc=$?
	expect 2 "pfilbench-ctl: unknown head lock 'bogus' (-H: rw, brlock, rwsem, rm, epoch or none)
$usage" "an unknown head lock ($m)"
	KBENCH_KMOD_SYSFS=$m "$ctl" -k bogus >"$T/out" 2>"$T/err"
	rc=$?
	expect 2 "pfilbench-ctl: unknown hook lock 'bogus' (-k: null, mtx, rw, rwsem, rm, brlock or spin)
$usage" "an unknown hook lock ($m)"
done

# 4a. Results no module prints: each refused (exit 1), naming the line
# and the value, before anything is printed.
# refused RESULTS WANT WHAT [ARGS]: the stand-in holds RESULTS; the run
# (R3's by default) exits 1 with WANT on stderr and nothing on stdout.
refused() {
	fake done "$1
"
	if [ $# -gt 3 ]; then
		run -m $4
	else
		run -m -t 2 -n 1000 -d 100 -H rm -k mtx
	fi
	expect 1 "pfilbench-ctl: $2" "$3"
	[ ! -s "$T/out" ] || not_ok "$3: printed $(head -c 100 "$T/out")"
}
# A thread given twice, and none for another: not two threads' walks.
refused "$(echo "$R2" | sed 's/^thread 1 /thread 0 /')" \
    "results line 4: thread 0 given twice" "a duplicate thread id"
refused "$(echo "$R2" | sed '/^thread 1 /d')" \
    "the module reported 1 threads of 2" "a missing thread"
# The facts pfilbench-ctl records itself: the protocol keeps the last
# value, so a module fact of the same key would override the computed one.
for k in walks wall_ns fairness_min threads head hook count duration_ms mode \
    backend kmod_version placement yields_sum rm_slow_walks_pct kmod_check \
    kernel_hz vuln_mds cpu_boost; do
	refused "${R3}fact $k 1" "results line 12: fact $k: a key pfilbench-ctl records itself" \
	    "a module fact with a key of pfilbench-ctl's ($k)"
done
refused "${R3}fact gp_latency_us 1" \
    "results line 12: fact gp_latency_us given twice (first on line 8)" "a module fact given twice"
# Numbers no run reaches: no sum or difference may wrap.
big=9007199254740992
refused "$(echo "$R4" | sed 's/ calls 300 / calls 9223372036854775808 /; s/ calls 100 / calls 9223372036854775809 /')" \
    "results line 3: calls 9223372036854775808: expected at most $big" \
    "calls of 2^63 (the walks wrapped to 1)" "-t 2 -H rw"
refused "$(echo "$R4" | sed 's/ calls 300 / calls 18446744073709551615 /; s/ calls 100 / calls 1 /')" \
    "results line 3: calls 18446744073709551615: expected at most $big" \
    "calls of 2^64 - 1 (the walks wrapped to 0)" "-t 2 -H rw"
refused "$(echo "$R4" | sed "s/ calls 300 / calls $big /")" \
    "results line 4: calls 100: the threads' calls sum to more than $big" \
    "a sum of calls above the bound" "-t 2 -H rw"
refused "$(echo "$R4" | sed 's/ start_ns 40 end_ns 1000000040 / start_ns -9223372036854775808 end_ns 9223372036854775807 /')" \
    "results line 3: start_ns -9223372036854775808: expected -2305843009213693952 to 2305843009213693952" \
    "times of +-2^63 (the wall time wrapped to -1)" "-t 2 -H rw"
refused "$(echo "$R2" | sed 's/^\(thread 0 .*\)$/\1 yields 18446744073709551615/; s/^\(thread 1 .*\)$/\1 yields 1/')" \
    "results line 3: yields 18446744073709551615: expected at most $big" "yields of 2^64 - 1 (read as not said)"
for f in nvcsw nivcsw migrations busywait_ns; do
	refused "$(echo "$R3" | sed "s/^\(thread 0 .*\) $f [0-9]* /\1 $f 9007199254740993 /")" \
	    "results line 3: $f 9007199254740993: expected at most $big" "$f above the bound"
done
fake done "$(echo "$R2" | sed 's/^\(thread .*\)$/\1 yields 0/')
"
run -m -t 2 -n 1000 -d 100 -H rm -k mtx
grep -q '^fact yields_sum 0$' "$T/out"; check $? "yields 0 on every thread: yields_sum 0, said"
# Relations that hold in every run.
refused "$(echo "$R3" | sed 's/at_first_end 250$/at_first_end 5000000/')" \
    "results line 4: at_first_end 5000000: more than the thread's 1000 calls" "at_first_end above the thread's calls"
refused "$(echo "$R3" | sed 's/^\(thread 0 .*\) slow_walks 0 /\1 slow_walks 2500 /')" \
    "results line 3: slow_walks 2500: more than the thread's 1000 calls" "slow_walks above the thread's calls"
refused "$(echo "$R3" | sed 's/ at_first_end 250$//')" \
    "results line 4: thread 1: at_first_end on some threads, not all" "at_first_end on some threads only"
refused "$(echo "$R3" | sed 's/^\(check .*\)$/\1\ncheck 1 violations 0 readers 0 writer 0 hooks 0 settle 0/; s/^check 0 violations 0 readers 0/check 1 violations 2 readers 2/')" \
    "results line 6: a second check line" "a second check line (hiding a violation)"
refused "$(echo "$R3" | sed 's/^check 0 violations 0 readers 0/check 1 violations 0 readers 2/')" \
    "results line 5: violations 0: readers, writer and hooks say 2" "violations that are not the sum of their kinds"
refused "$(echo "$R2" | sed 's/^\(busywait .*\)$/\1\n\1/')" \
    "results line 3: a second busywait line" "a second busywait line"
refused "$(echo "$R2" | sed 's/^\(run .*\)$/\1\n\1/')" \
    "results line 2: a second run line" "a second run line"
refused "$(echo "$R2" | sed '/^busywait /d')" \
    "the module's results have no busywait line" "no busywait line"
RW='run 5 tag test.1 head rm hook spin hooks 1 shared 1 threads 2 count 100000 duration_ms 50 warmup_ms 10 delay_ns 0 write_ms 10 pin 1
busywait clock clock_ns 20 spin_ns 0
thread 0 cpu 0 bound 0 core 0.0 calls 300 start_ns 10 end_ns 50000010 busywait_ns 0 nvcsw 0 nivcsw 0 migrations 0 slow_walks 30
thread 1 cpu 2 bound 2 core 0.1 calls 100 start_ns 30 end_ns 50000020 busywait_ns 0 nvcsw 0 nivcsw 0 migrations 0 slow_walks 10
writer 0 cpu 1 bound 1 writes 5 ns 3000000 start_ns 0 end_ns 50000020 missed 0'
wargs="-t 2 -D 50 -d 0 -H rm -k spin -w 10 -p -K 1 -S"
refused "$(echo "$RW" | sed 's/^\(writer .*\)$/\1\n\1/')" \
    "results line 6: a second writer line" "a second writer line" "$wargs"
refused "$(echo "$RW" | sed '/^writer /d')" \
    "the module's results have no writer line (write_ms 10)" "no writer line with a writer" "$wargs"
refused "${R2}writer 0 cpu 1 bound 1 writes 5 ns 3000000 start_ns 0 end_ns 50000020 missed 0" \
    "results line 5: a writer line, but write_ms is 0" "a writer line without a writer"
refused "$(echo "$RW" | sed 's/ start_ns 0 end_ns 50000020 / start_ns 50000020 end_ns 0 /')" \
    "results line 5: the writer ends before it starts" "a writer that ends before it starts" "$wargs"
refused "$(echo "$R2" | sed 's/ calls 1000 start_ns 40 / calls 1000 calls 5 start_ns 40 /')" \
    "results line 3: calls given twice" "a key twice in a line"
# Module text in a message is shown, never sent to the terminal raw:
# ESC, CR, DEL, C1 (U+009B, CSI) and bytes that are not UTF-8 escaped.
e=$(printf '\033') cr=$(printf '\r') del=$(printf '\177') csi=$(printf '\302\233') ff=$(printf '\377')
refused "${R2}fact x ${e}[2J" "results line 5: unexpected 'fact x \\x1b[2J'" "ESC in an unexpected line, escaped"
refused "${R2}bogus ${cr}${del}${csi}${ff} 1" "results line 5: unexpected 'bogus \\x0d\\x7f\\xc2\\x9b\\xff 1'" \
    "CR, DEL, C1 and a byte that is not UTF-8, escaped"
refused "$(echo "$R2" | sed "s/ head rm / head ${e}[31m /")" \
    "the module's last run (run 4 tag test.1 head \\x1b[31m hook mtx hooks 3 shared 0 threads 2 count 1000 duration_ms 0 warmup_ms 10 delay_ns 100 write_ms 0 pin 0) is not what this controller configured: another controller changed the configuration before the start" \
    "ESC in the run line, escaped"
refused "$(echo "$R2" | sed "s/ nvcsw 0 / nvcsw ${e}[2J /")" \
    "results line 3: nvcsw '\\x1b[2J' is not a number" "ESC in a number, escaped"
refused "$(echo "$R2" | sed "s/ core 0.1 / core ${e}[2J /")" \
    "results line 3: core '\\x1b[2J': expected P.C (package and core)" "ESC in a core, refused and escaped"
refused "$(echo "$R3" | sed "s/test_fault none/test_fault ${e}[2J/")" \
    "results line 1: test_fault '\\x1b[2J': expected a name" "ESC in test_fault, refused and escaped"
fake error
printf 'stopped \033[2J by request\n' >"$S/error"
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: the run failed: stopped \\x1b[2J by request" "ESC in the module's error text, escaped"
fake done "$R2"
printf '1.\033[2J\n' >"$S/version"
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: pfilbench.ko version 1.\\x1b[2J: this pfilbench-ctl drives version 2.x" "ESC in the module's version, escaped"
fake done "$R2"
printf '6.1.0-\033[2J\n' >"$S/release"
run -t 2 -n 1000 -d 100 -H rm -k mtx
head -1 "$T/out" | grep -q '^pfilbench 2.0 (kernel 6.1.0-\\x1b\[2J): ' && ! grep -q "$e" "$T/out"
check $? "ESC in the module's release, escaped in the summary"

# 5. kbench collect lock stores what it prints, asking the module what
# it runs (pfilbench-ctl -c): refused pairs are skipped, a delay above
# its cap refused.
if [ -x "$build/kbench" ]; then
	fake done "$R2"
	KBENCH_LIBEXEC=$build "$build/kbench" -d "$T/k.db" collect lock -q \
	    --backend kmod -l fake -r 1 -H rm -k mtx -t 2 -n 1000 --delay 100 \
	    >"$T/out" 2>"$T/err"
	rc=$?
	expect 0 "" "kbench collect lock --backend kmod runs pfilbench-ctl"
	v=$("$build/kbench" -d "$T/k.db" export 2>/dev/null | grep -c ',ns,lower,1,0,3508.325$')
	[ "$v" = 1 ]; check $? "its one sample is stored ($v)"
	f=$("$build/kbench" -d "$T/k.db" runs --json 2>/dev/null | jq -r '"\(.facts.kernel_preempt) \(.facts.wall_ns) \(.facts.hooks)"')
	[ "$f" = "voluntary 7016650 3" ]; check $? "the kernel's facts are run facts ($f)"
	KBENCH_LIBEXEC=$build "$build/kbench" -d "$T/k.db" collect lock \
	    --backend kmod -l fake2 -r 1 -H rw -k mtx,null -t 2 -n 1000 --delay 100 \
	    >"$T/out" 2>"$T/err"
	grep -q 'skipping hook mtx under head rw: the module refuses it' "$T/err"
	check $? "a pair the module's caps refuse is skipped ($(head -1 "$T/err"))"
	KBENCH_LIBEXEC=$build "$build/kbench" -d "$T/k.db" collect lock -q \
	    --backend kmod -l fake3 -r 1 --delay 1000001 >"$T/out" 2>"$T/err"
	rc=$?
	expect 2 "kbench: collect lock: --delay 1000001: the kmod backend busy-waits at most 1000000 ns in a hook" \
	    "a delay above the module's cap"
	KBENCH_LIBEXEC=$build "$build/kbench" -d "$T/k.db" collect lock -q \
	    --backend kmod -l fake3 -r 1 --chain 9 >"$T/out" 2>"$T/err"
	rc=$?
	expect 2 "kbench: collect lock: --chain 9: the kmod backend chains at most 8 hooks" \
	    "a chain longer than the module's"
	KBENCH_LIBEXEC=$build "$build/kbench" -d "$T/k.db" collect lock -q \
	    --backend kmod -l fake3 -r 1 --duration 60001 >"$T/out" 2>"$T/err"
	rc=$?
	# (the fake's cap, lower than the real module's hour)
	expect 2 "kbench: collect lock: --duration 60001: the kmod backend runs at most 60000 ms" \
	    "a duration above the module's cap"
	KBENCH_LIBEXEC=$build "$build/kbench" -d "$T/k.db" collect lock -q \
	    --backend kmod -l fake4 -r 1 -H bogus >"$T/out" 2>"$T/err"
	rc=$?
	expect 2 "kbench: collect lock: unknown head lock 'bogus' for the kmod backend (it knows rw,brlock,rwsem,rm,epoch,none)" \
	    "a head the module does not list"
	KBENCH_LIBEXEC=$build "$build/kbench" -d "$T/k.db" collect lock -q \
	    --backend user -l fake5 -r 1 --shared >"$T/out" 2>"$T/err"
	rc=$?
	expect 2 "kbench: collect lock: --chain and --shared are the kernel module's (--backend kmod); lockbench has 3 hooks, each with its own lock" \
	    "--shared with the user backend"
	KBENCH_KMOD_SYSFS=$T/nowhere KBENCH_LIBEXEC=$build "$build/kbench" \
	    -d "$T/k.db" collect lock -q --backend kmod -l fake6 -r 1 >"$T/out" 2>"$T/err"
	rc=$?
	# A backend that cannot run is refused before any run (issue 17): 2.
	[ $rc -eq 2 ] && grep -q 'cannot ask the kmod backend what it runs' "$T/err" &&
	    ! "$build/kbench" -d "$T/k.db" runs --json --incomplete | grep -q '"label":"fake6"'
	check $? "no module: the kmod backend cannot be asked, refused (exit $rc)"
else
	not_ok "$build/kbench: not built"
fi
