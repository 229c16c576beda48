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
	for f in threads count delay_ns head hook write_ms pin start stop \
	    error wait; do
		: >"$S/$f"
	done
	echo "$1" >"$S/state"
	echo 1.0 >"$S/version"
	echo 6.1.0-test >"$S/release"
	printf '%s' "${2:-}" >"$S/results"
}

if [ ! -x "$ctl" ]; then
	not_ok "$ctl: not built"
	exit 1
fi

R2='run 4 head rm hook mtx threads 2 count 1000 delay_ns 100 write_ms 0 pin 0
thread 0 cpu 1 calls 1000 ns 3550680
thread 1 cpu 0 calls 1000 ns 7016650
'

# 1. A done run, kbench protocol.
fake done "$R2"
run -m -t 2 -n 1000 -d 100 -H rm -k mtx
expect 0 "" "-m: a done run"
expect_out 'kbench-protocol 1
fact backend kmod
fact kmod_version 1.0
fact kmod_release 6.1.0-test
fact head rm
fact hook mtx
fact threads 2
fact count 1000
fact delay_ns 100
fact write_ms 0
fact pin 0
series head=rm,hook=mtx,threads=2 ns lower
sample 3550.680
sample 7016.650
end 2' "-m: facts, one series, one sample per thread, end"
got=""
for f in threads count delay_ns write_ms pin head hook start; do
	got="$got $f=$(cat "$S/$f")"
done
[ "$got" = " threads=2 count=1000 delay_ns=100 write_ms=0 pin=0 head=rm hook=mtx start=1" ]
check $? "the configuration is written, then start (got:$got)"

# 2. The same, for people.
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 0 "" "human output"
expect_out 'pfilbench 1.0 (built for 6.1.0-test): head rm, hook mtx, 2 x 1000 walks, delay 100 ns, no writer
thread 0 cpu 1: 1000 walks in 0.003551 s, 3550.7 ns/walk
thread 1 cpu 0: 1000 walks in 0.007017 s, 7016.6 ns/walk' "one line per thread"

# 3. A writer.
fake done 'run 5 head epoch hook spin threads 1 count 10 delay_ns 0 write_ms 7 pin 1
thread 0 cpu 0 calls 10 ns 12345
writer cpu 1 writes 3 ns 3000000
'
run -m -t 1 -n 10 -d 0 -H epoch -k spin -w 7 -p
expect 0 "" "-m with a writer"
grep -q '^# writer: 3 writes, 3000000 ns in all$' "$T/out" &&
    grep -q '^fact pin 1$' "$T/out" && grep -q '^sample 1234.500$' "$T/out"
check $? "the writer as a comment, pin 1, ns per walk"
run -t 1 -n 10 -d 0 -H epoch -k spin -w 7 -p
grep -q '^writer cpu 1: 3 writes, 1000.0 us each$' "$T/out"
check $? "the writer, for people"

# 4. Failures.
fake error
echo "stopped by request" >"$S/error"
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: the run failed: stopped by request" "a run that ended in error"
fake done "$R2"
run -t 2 -n 1000 -d 100 -H rw -k mtx
expect 1 "pfilbench-ctl: the module's last run (run 4 head rm hook mtx threads 2 count 1000 delay_ns 100 write_ms 0 pin 0) is not this one: another controller started a run" \
    "results of another run"
fake done 'run 4 head rm hook mtx threads 2 count 1000 delay_ns 100 write_ms 0 pin 0
thread 0 cpu 1 calls 999 ns 3550680
thread 1 cpu 0 calls 1000 ns 7016650
'
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: results line 2: thread 0 did 999 walks of 1000" "a thread that did not finish"
fake done "$R2"
run -t 3 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: the module's last run (run 4 head rm hook mtx threads 2 count 1000 delay_ns 100 write_ms 0 pin 0) is not this one: another controller started a run" \
    "a thread count that differs"
fake done "${R2}bogus line
"
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: results line 4: unexpected 'bogus line'" "a line it does not know"
fake done ""
run -t 2 -n 1000 -d 100 -H rm -k mtx
expect 1 "pfilbench-ctl: the module has no results (did another controller start a run?)" "no results"
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
run -t
expect 2 "pfilbench-ctl: option -t needs an argument
usage: pfilbench-ctl [-mp] [-d delay_ns] [-H head] [-k hook] [-n count]
                     [-t threads] [-w write_ms]
       pfilbench-ctl -s" "-t without a value"
run -n -5
expect 2 "pfilbench-ctl: -n -5: expected a number" "a negative count"
run -d 1x
expect 2 "pfilbench-ctl: -d 1x: expected a number" "a delay with junk"
run extra
expect 2 "usage: pfilbench-ctl [-mp] [-d delay_ns] [-H head] [-k hook] [-n count]
                     [-t threads] [-w write_ms]
       pfilbench-ctl -s" "an operand"
# An unknown lock is a usage error (2), whether the module is there or
# not (it was 1, "not loaded", before the module was asked).
for m in "$S" "$T/nosuch"; do
	KBENCH_KMOD_SYSFS=$m "$ctl" -H bogus >"$T/out" 2>"$T/err"
	rc=$?
	expect 2 "pfilbench-ctl: unknown head lock 'bogus' (-H: rw, rm, epoch or none)
usage: pfilbench-ctl [-mp] [-d delay_ns] [-H head] [-k hook] [-n count]
                     [-t threads] [-w write_ms]
       pfilbench-ctl -s" "an unknown head lock ($m)"
	KBENCH_KMOD_SYSFS=$m "$ctl" -k bogus >"$T/out" 2>"$T/err"
	rc=$?
	expect 2 "pfilbench-ctl: unknown hook lock 'bogus' (-k: null, mtx, rw, rwsem, rm or spin)
usage: pfilbench-ctl [-mp] [-d delay_ns] [-H head] [-k hook] [-n count]
                     [-t threads] [-w write_ms]
       pfilbench-ctl -s" "an unknown hook lock ($m)"
done

# 5. kbench collect lock stores what it prints.
if [ -x "$build/kbench" ]; then
	fake done "$R2"
	KBENCH_LIBEXEC=$build "$build/kbench" -d "$T/k.db" collect lock -q \
	    --backend kmod -l fake -r 1 -H rm -k mtx -t 2 -n 1000 -d 100 \
	    >"$T/out" 2>"$T/err"
	rc=$?
	expect 0 "" "kbench collect lock --backend kmod runs pfilbench-ctl"
	v=$("$build/kbench" -d "$T/k.db" export 2>/dev/null | grep -c ',ns,lower,[01],\(3550.68\|7016.65\)$')
	[ "$v" = 2 ]; check $? "its two samples are stored ($v)"
else
	not_ok "$build/kbench: not built"
fi
