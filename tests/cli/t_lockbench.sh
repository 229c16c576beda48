#!/bin/sh
# lockbench, black-box: every head x hook with 1 and 2 threads, with and
# without a writer, its machine output checked line by line; the human
# lines; the self-check (LOCKBENCH_CHECK=1) where the lock excludes and
# its negative controls where it does not; every bad argument with its
# exact stderr and exit 2; write errors; SIGINT/SIGTERM.  No assertion
# on any time or rate: the machine is noisy; only "positive and finite".
. "$(dirname "$0")/lib.sh"

LOCKBENCH=${KBENCH_BUILD:-$(dirname "$KBENCH")}/lockbench
if [ ! -x "$LOCKBENCH" ]; then
	skip "lockbench is not built: no $LOCKBENCH"
	exit 0
fi

heads='none rw rm epoch'
hooks='null mtx rw rm spin'

# lb ARGS...: run_prog on $LOCKBENCH.
lb() {
	run_prog "$LOCKBENCH" "$@"
}

# wellformed HEAD HOOK THREADS: the last output is the kbench protocol
# with every fact, one series, a positive finite sample per thread and
# "end THREADS" last.  Prints what is wrong, if anything.
wellformed() {
	awk -v h="$1" -v k="$2" -v t="$3" '
	NR == 1 { if ($0 != "kbench-protocol 1") bad = "first line: " $0
		next }
	ended { bad = "a line after end: " $0; next }
	/^fact [A-Za-z0-9_.-]+ / { f[$2] = $3; next }
	/^series / { series++
		if ($0 != "series head=" h ",hook=" k ",threads=" t " ns lower")
			bad = "series: " $0
		next }
	/^sample / { if (!series) bad = "a sample before the series"
		if (NF != 2 || $2 !~ /^[0-9]+\.[0-9][0-9][0-9]$/ || !($2 > 0))
			bad = "sample: " $0
		samples++
		next }
	/^end [0-9]+$/ { ended = 1; end = $2; next }
	{ bad = "line " NR ": " $0 }
	END {
		split("head hook hooks threads count delay_ns write_ms " \
		    "write_hold_ns writes write_mean_ns pinned ncpu busywait " \
		    "busywait_clock_ns busywait_loops_per_us " \
		    "busywait_threshold_ns busywait_clock_comp_ns " \
		    "busywait_measured_ns clock mtx_type head_rw_kind rm_lock " \
		    "ck_version urcu_flavor urcu_membarrier check wall_ns os", \
		    want, " ")
		for (i in want)
			if (!(want[i] in f)) bad = "no fact " want[i]
		if (f["head"] != h) bad = "fact head " f["head"]
		if (f["hook"] != k) bad = "fact hook " f["hook"]
		if (f["threads"] != t) bad = "fact threads " f["threads"]
		if (f["hooks"] != 3) bad = "fact hooks " f["hooks"]
		if (f["urcu_flavor"] != "memb") bad = "fact urcu_flavor"
		if (f["rm_lock"] != "ck_brlock") bad = "fact rm_lock"
		if (!(f["busywait_measured_ns"] >= 0)) bad = "busywait_measured_ns"
		if (f["wall_ns"] !~ /^[0-9]+$/) bad = "fact wall_ns " f["wall_ns"]
		if (series != 1) bad = series " series lines"
		if (samples != t) bad = samples " samples, want " t
		if (!ended) bad = "no end"
		else if (end != t) bad = "end " end ", want " t
		if (bad != "") { print bad; exit 1 }
	}' "$T/out"
}

# expect_wellformed HEAD HOOK THREADS WHAT
expect_wellformed() {
	if why=$(wellformed "$1" "$2" "$3"); then
		ok "$4: well-formed, $3 samples"
	else
		not_ok "$4: $why"
	fi
}

# human THREADS WRITER: the last output is THREADS thread lines, the
# writer line when WRITER is 1, and the total; rates positive.
human() {
	awk -v t="$1" -v w="$2" '
	function num(s) { return s ~ /^[0-9]+(\.[0-9])?$/ && s + 0 > 0 }
	/^thread / { if ($2 != (n + 0) ":" || $4 != "calls" || $5 != "in" ||
		    $7 != "ns:" || !num($8) || $9 != "ns/call," || !num($10) ||
		    $11 != "calls/s" || NF != 11) bad = "line: " $0
		n++; next }
	/^writer: / { if ($0 !~ /^writer: [0-9]+ writes, one every [0-9]+ ms: [0-9]+\.[0-9] ns each$/)
		bad = "writer line: " $0
		wl++; next }
	/^total: / { if ($0 !~ /^total: [0-9]+ threads, [0-9]+ calls in [0-9]+ ns: [0-9]+\.[0-9] ns\/call, [0-9]+ calls\/s$/)
		bad = "total: " $0
		if ($2 != t) bad = "total threads " $2
		total++; next }
	{ bad = "line " NR ": " $0 }
	END {
		if (n != t) bad = n " thread lines, want " t
		if (wl != w) bad = wl " writer lines, want " w
		if (total != 1 || $1 != "total:") bad = "the total is not last"
		if (bad != "") { print bad; exit 1 }
	}' "$T/out"
}

# expect_human THREADS WRITER WHAT
expect_human() {
	if why=$(human "$1" "$2"); then
		ok "$3: $1 thread lines and a total"
	else
		not_ok "$3: $why"
	fi
}

# refused STDERR WHAT (ARGS...): exit 2, no stdout, exactly STDERR.
refused() {
	want=$1 what=$2
	shift 2
	lb "$@"
	expect_rc 2 "$what"
	expect_empty_out "$what"
	expect_err "$want" "$what"
}

#
# 1. Every head x hook, 1 and 2 threads, with and without a writer.
#
for h in $heads; do
	for k in $hooks; do
		for t in 1 2; do
			for w in 0 1; do
				what="-H $h -k $k -t $t -w $w"
				if [ "$w" -eq 0 ]; then
					lb -m -n 300 -H "$h" -k "$k" -t "$t"
				else
					lb -m -n 300 -H "$h" -k "$k" -t "$t" -w 1
				fi
				if [ "$rc" -ne 0 ] || [ -s "$T/err" ]; then
					not_ok "$what: exit $rc, stderr: $(head -c 300 "$T/err")"
					continue
				fi
				if why=$(wellformed "$h" "$k" "$t"); then
					ok "$what: exit 0, $t samples, well-formed"
				else
					not_ok "$what: $why"
				fi
			done
		done
	done
done

#
# 2. The facts of the defaults and of the options.
#
lb -m -n 10
expect_rc 0 "defaults"
expect_wellformed none null 1 "defaults"
expect_fact delay_ns 1000 "defaults"
expect_fact count 10 "defaults"
expect_fact write_ms 0 "defaults"
expect_fact writes 0 "defaults"
expect_fact pinned no "defaults"
expect_fact check no "defaults"
expect_fact busywait clock "defaults: 1000 ns spins on the clock"
expect_fact os "$(uname -s)" "defaults"

lb -m -n 10 -d 0
expect_rc 0 "-d 0"
expect_fact busywait none "-d 0"
expect_fact delay_ns 0 "-d 0"

lb -m -n 10 -d 20
expect_rc 0 "-d 20"
expect_fact busywait loop "-d 20: below the threshold, the loop"

lb -m -n 20 -p -t 3 -H rm -k rm
expect_rc 0 "-p -t 3"
expect_wellformed rm rm 3 "-p -t 3"
expect_fact pinned yes "-p"

lb -m -n 2000 -t 2 -w 1 -H epoch -k null
expect_rc 0 "-w 1"
expect_fact write_ms 1 "-w 1"

# More threads than CPUs.
lb -m -n 50 -t 64 -H rm -k spin
expect_rc 0 "-t 64"
expect_wellformed rm spin 64 "-t 64"

#
# 3. The human lines.
#
lb -n 200 -t 2 -H rw -k mtx
expect_rc 0 "human output"
expect_err "" "human output"
expect_human 2 0 "human output"
lb -n 200 -t 3 -H rm -k rw -w 1
expect_rc 0 "human output with a writer"
expect_human 3 1 "human output with a writer"
if grep -qx 'thread 1: 200 calls in [0-9]* ns: [0-9.]* ns/call, [0-9]* calls/s' \
    "$T/out" && grep -q '^total: 3 threads, 600 calls in ' "$T/out"; then
	ok "human output: the counts"
else
	not_ok "human output: the counts: $(cat "$T/out")"
fi

#
# 4. The self-check.  Each hook adds one to a shared counter, not
#    atomically, across its busy-wait, under the hook lock: exact where
#    the lock excludes (mtx, spin).  A writer rewrites the chain under the
#    head lock's write side (rw, rm) or publishes a copy (epoch): no call
#    may see it change.  2 and 3 threads; -n 5000 gives the writer time
#    to write (a run without writes checks nothing: skipped, not passed).
#
for k in mtx spin; do
	for h in $heads; do
		for t in 2 3; do
			w=
			[ "$h" != none ] && w='-w 1'
			what="check -H $h -k $k -t $t $w"
			LOCKBENCH_CHECK=1 "$LOCKBENCH" -m -n 5000 -H "$h" -k "$k" \
			    -t "$t" $w >"$T/out" 2>"$T/err"
			rc=$?
			expect_rc 0 "$what"
			expect_err "" "$what"
			expect_fact check yes "$what"
			if [ -n "$w" ]; then
				n=$(fact writes)
				if [ "${n:-0}" -gt 0 ]; then
					ok "$what: $n writes checked"
				else
					skip "$what: the writer did not write"
				fi
			fi
		done
	done
done

# One thread: nothing to race with, even without a lock.
LOCKBENCH_CHECK=1 "$LOCKBENCH" -n 1000 -k null >"$T/out" 2>"$T/err"
rc=$?
expect_rc 0 "check -k null -t 1"

# The negative controls: the check has teeth.  Where the lock does not
# exclude, updates are lost; when the threads happen not to overlap at
# all, nothing is shown either way: skipped.  TSan would rightly report
# these races: its reports are turned off for them.
for k in null rw rm; do
	TSAN_OPTIONS=report_bugs=0 LOCKBENCH_CHECK=1 "$LOCKBENCH" -n 20000 \
	    -t 2 -k "$k" >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$rc" -eq 0 ]; then
		skip "check -k $k -t 2: the threads did not overlap"
		continue
	fi
	expect_rc 1 "check -k $k -t 2 fails"
	expect_empty_out "check -k $k -t 2 fails"
	if grep -Eqx "lockbench: check failed: hook counter [0-9]+, want 120000 \(2 threads x 20000 calls x 3 hooks\) under the $k hook lock" \
	    "$T/err"; then
		ok "check -k $k -t 2: lost updates reported"
	else
		not_ok "check -k $k -t 2: stderr '$(cat "$T/err")'"
	fi
done
TSAN_OPTIONS=report_bugs=0 LOCKBENCH_CHECK=1 "$LOCKBENCH" -n 20000 -t 2 \
    -H none -k mtx -w 1 >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" -eq 0 ]; then
	skip "check -H none -w 1: no write overlapped a call"
else
	expect_rc 1 "check -H none -w 1 fails"
	if grep -Eqx 'lockbench: check failed: [0-9]+ calls saw the chain changed under the none head lock' \
	    "$T/err"; then
		ok "check -H none -w 1: torn chains reported"
	else
		not_ok "check -H none -w 1: stderr '$(cat "$T/err")'"
	fi
fi

LOCKBENCH_CHECK=2 "$LOCKBENCH" -n 10 >"$T/out" 2>"$T/err"
rc=$?
expect_rc 2 "LOCKBENCH_CHECK=2"
expect_err "lockbench: bad LOCKBENCH_CHECK '2' (0 or 1)" "LOCKBENCH_CHECK=2"
LOCKBENCH_CHECK=0 "$LOCKBENCH" -m -n 10 >"$T/out" 2>"$T/err"
rc=$?
expect_rc 0 "LOCKBENCH_CHECK=0"
expect_fact check no "LOCKBENCH_CHECK=0"

#
# 5. Bad arguments: one line, exit 2, nothing on stdout.
#
t='1 to 1024 threads'
refused "lockbench: bad -t '0' ($t)" "-t 0" -t 0
refused "lockbench: bad -t '1025' ($t)" "-t 1025" -t 1025
refused "lockbench: bad -t '-1' ($t)" "-t -1" -t -1
refused "lockbench: bad -t 'x' ($t)" "-t x" -t x
refused "lockbench: bad -t '' ($t)" "-t ''" -t ''
refused "lockbench: bad -t '2x' ($t)" "-t 2x" -t 2x
n='1 to 10000000000 calls'
refused "lockbench: bad -n '0' ($n)" "-n 0" -n 0
refused "lockbench: bad -n '10000000001' ($n)" "-n too many" -n 10000000001
refused "lockbench: bad -n '99999999999999999999' ($n)" "-n overflow" \
    -n 99999999999999999999
refused "lockbench: bad -n '-5' ($n)" "-n -5" -n -5
refused "lockbench: bad -n '1e6' ($n)" "-n 1e6" -n 1e6
refused "lockbench: bad -n ' 5' ($n)" "-n with a space" -n ' 5'
d='0 to 1000000000 ns'
refused "lockbench: bad -d '-1' ($d)" "-d -1" -d -1
refused "lockbench: bad -d '1000000001' ($d)" "-d too long" -d 1000000001
refused "lockbench: bad -d '1.5' ($d)" "-d 1.5" -d 1.5
w='1 to 60000 ms'
refused "lockbench: bad -w '0' ($w)" "-w 0" -w 0
refused "lockbench: bad -w '-1' ($w)" "-w -1" -w -1
refused "lockbench: bad -w '60001' ($w)" "-w 60001" -w 60001
refused "lockbench: bad -w 'often' ($w)" "-w often" -w often
refused "lockbench: unknown head lock 'mutex' (none, rw, rm, epoch)" \
    "-H mutex" -H mutex
refused "lockbench: unknown head lock '' (none, rw, rm, epoch)" "-H ''" -H ''
refused "lockbench: unknown head lock 'RW' (none, rw, rm, epoch)" "-H RW" -H RW
refused "lockbench: unknown hook lock 'sx' (null, mtx, rw, rm, spin)" \
    "-k sx" -k sx
refused "lockbench: unknown hook lock 'none' (null, mtx, rw, rm, spin)" \
    "-k none" -k none
refused "lockbench: unknown option -x" "unknown option" -x
refused "lockbench: option -t needs an argument" "-t without a value" -t
refused "lockbench: option -H needs an argument" "-H without a value" -n 5 -H
usage='usage: lockbench [-mp] [--check] [-d delay_ns] [-H head] [-k hook]
                 [-n count] [-t threads] [-w write_ms]
       lockbench -h'
refused "$usage" "an operand" extra
refused "$usage" "an operand after options" -t 2 extra
# -h and --help: the same usage, on stdout, and success.
for h in -h --help; do
	lb $h
	expect_rc 0 "lockbench $h"
	expect_out "$usage" "lockbench $h: the usage"
	expect_err "" "lockbench $h"
done

#
# 6. Write errors: exit 1 with a message.
#
if [ -w /dev/full ]; then
	"$LOCKBENCH" -n 10 >/dev/full 2>"$T/err"
	rc=$?
	expect_rc 1 "stdout is /dev/full"
	expect_err "lockbench: standard output: No space left on device" \
	    "stdout is /dev/full"
else
	skip "stdout is /dev/full: no /dev/full"
fi
"$LOCKBENCH" -n 10 >&- 2>"$T/err"
rc=$?
expect_rc 1 "stdout closed"
expect_err "lockbench: standard output: Bad file descriptor" "stdout closed"

#
# 7. SIGINT and SIGTERM stop a long run: 128 + signal, no stdout (no
#    "end"), one line on stderr.  Signal it once its handlers are set.
#
# caught PID: true once PID catches SIGINT (bit 1) and SIGTERM (bit 14);
# without /proc/PID/status, after a while.
caught() {
	[ -r "/proc/$1/status" ] || { sleep 0.5; return 0; }
	mask=$(sed -n 's/^SigCgt:[ \t]*//p' "/proc/$1/status")
	[ -n "$mask" ] && [ $((0x$mask & 0x4002)) -eq $((0x4002)) ]
}
for pair in INT:130 TERM:143; do
	sig=${pair%:*} want=${pair#*:}
	for args in "-t 2 -H rm -k mtx" "-t 3 -H epoch -k rm -w 1"; do
		"$LOCKBENCH" -m -n 10000000000 $args >"$T/out" 2>"$T/err" &
		pid=$!
		tries=0
		while ! caught "$pid" && [ "$tries" -lt 100 ]; do
			sleep 0.05
			tries=$((tries + 1))
		done
		sleep 0.2	# into the run: not needed, but the usual case
		kill -s "$sig" "$pid"
		wait "$pid"
		rc=$?
		expect_rc "$want" "SIG$sig ($args)"
		expect_empty_out "SIG$sig ($args)"
		expect_err "lockbench: stopped by SIG$sig" "SIG$sig ($args)"
	done
done
