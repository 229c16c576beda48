#!/bin/sh
# testsleep, black-box: the method list, every method on a tiny cell with
# its machine output checked line by line, the human line, the knobs and
# their facts, every bad argument with its exact stderr and exit 2, write
# errors, and SIGINT/SIGTERM.  No upper bound on any time: the machine is
# noisy; only directions (a sleep never ends early).
. "$(dirname "$0")/lib.sh"

TESTSLEEP=${KBENCH_BUILD:-$(dirname "$KBENCH")}/testsleep
if [ ! -x "$TESTSLEEP" ]; then
	not_ok "testsleep is built: no $TESTSLEEP"
	exit 0
fi

# What differs by OS (only Linux is tested here; FreeBSD is written from
# its manuals): the methods, timer slack, the SCHED_FIFO range.
portable='select poll usleep nanosleep clock_nanosleep syscall none'
case $(uname -s) in
Linux)
	methods="$portable ppoll pselect epoll epoll_pwait2 timerfd"
	facts_os=timer_slack_ns prio_lo=1 prio_hi=99 ;;
FreeBSD)
	methods="$portable kqueue kqueueto"
	facts_os='' prio_lo=0 prio_hi=31 ;;
*)
	skip "testsleep: $(uname -s) is neither Linux nor FreeBSD"
	exit 0 ;;
esac

# ts ARGS...: run_prog on $TESTSLEEP.
ts() {
	run_prog "$TESTSLEEP" "$@"
}

# wellformed N METHOD USEC: the last output is the kbench protocol with
# every fact, one series, exactly N samples and "end N" as the last line.
# Prints what is wrong, if anything.
wellformed() {
	awk -v n="$1" -v m="$2" -v u="$3" -v os_facts="$facts_os" '
	NR == 1 { if ($0 != "kbench-protocol 1") bad = "first line: " $0
		next }
	ended { bad = "a line after end: " $0; next }
	/^fact [A-Za-z0-9_.-]+ / { f[$2] = $3; next }
	/^series / { series++
		if ($0 != "series method=" m ",usec=" u " us lower")
			bad = "series: " $0
		next }
	/^sample / { if (!series) bad = "a sample before the series"
		if (NF != 2 || $2 !~ /^[0-9]+\.[0-9][0-9][0-9]$/)
			bad = "sample: " $0
		samples++
		next }
	/^end [0-9]+$/ { ended = 1; end = $2; next }
	{ bad = "line " NR ": " $0 }
	END {
		split("method usec iterations sched_policy sched_priority " \
		    "cpu mlockall clock os " os_facts, want, " ")
		for (k in want)
			if (!(want[k] in f)) bad = "no fact " want[k]
		if (f["method"] != m) bad = "fact method " f["method"]
		if (f["usec"] != u) bad = "fact usec " f["usec"]
		if (f["iterations"] != n) bad = "fact iterations " f["iterations"]
		if (f["clock"] != "CLOCK_MONOTONIC") bad = "fact clock"
		if (series != 1) bad = series " series lines"
		if (samples != n) bad = samples " samples, want " n
		if (!ended) bad = "no end"
		else if (end != n) bad = "end " end ", want " n
		if (bad != "") { print bad; exit 1 }
	}' "$T/out"
}

# expect_wellformed N METHOD USEC WHAT
expect_wellformed() {
	if why=$(wellformed "$1" "$2" "$3"); then
		ok "$4: well-formed, $1 samples"
	else
		not_ok "$4: $why"
	fi
}

# refused STDERR WHAT (ARGS...): exit 2, no stdout, exactly STDERR.
refused() {
	want=$1 what=$2
	shift 2
	ts "$@"
	expect_rc 2 "$what"
	expect_empty_out "$what"
	expect_err "$want" "$what"
}

#
# 1. -l: this OS's methods, in order, "name<TAB>description".
#
ts -l
expect_rc 0 "-l"
got=$(cut -f1 "$T/out" | tr '\n' ' ')
if [ "$got" = "$methods " ]; then ok "-l lists the $(uname -s) methods"; else
	not_ok "-l lists '$got', want '$methods '"; fi
if awk -F '\t' 'NF != 2 || $2 == "" { exit 1 }' "$T/out"; then
	ok "-l lines are name<TAB>description"
else
	not_ok "-l lines are name<TAB>description"
fi

#
# 2. Every method, 3 sleeps of 100 us, then of 0 us (a 0 timerfd must not
#    hang).  epoll_pwait2 may be missing from an old kernel.
#
nosys='testsleep: epoll_pwait2: not supported by this kernel (ENOSYS)'
for usec in 100 0; do
	for m in $methods; do
		ts -m -n 3 "$usec" "$m"
		if [ "$m" = epoll_pwait2 ] && [ "$rc" -eq 1 ] &&
		    [ "$(cat "$T/err")" = "$nosys" ]; then
			ok "$m $usec: ENOSYS on this kernel, reported"
			continue
		fi
		expect_rc 0 "$m $usec"
		expect_err "" "$m $usec"
		expect_wellformed 3 "$m" "$usec" "$m $usec"
	done
done

# The ENOSYS path itself, by making the kernel say so.
if command -v strace >/dev/null 2>&1 &&
    strace -o /dev/null true >/dev/null 2>&1; then
	# A sanitized build: LeakSanitizer cannot run under ptrace.
	ASAN_OPTIONS=detect_leaks=0 strace -o /dev/null -e trace=epoll_pwait2 \
	    -e inject=epoll_pwait2:error=ENOSYS \
	    "$TESTSLEEP" -m -n 3 100 epoll_pwait2 >"$T/out" 2>"$T/err"
	rc=$?
	expect_rc 1 "epoll_pwait2 without the system call"
	expect_empty_out "epoll_pwait2 without the system call"
	expect_err "$nosys" "epoll_pwait2 without the system call"
else
	skip "epoll_pwait2 ENOSYS: no usable strace to inject it"
fi

#
# 3. The defaults, as facts: SCHED_OTHER, any CPU, no mlockall, this OS.
#
ts -m -n 2 100 nanosleep
expect_fact sched_policy SCHED_OTHER "default policy"
expect_fact cpu any "default cpu"
expect_fact mlockall no "default mlockall"
expect_fact os "$(uname -s)" "os"
if [ -n "$facts_os" ]; then
	case $(fact timer_slack_ns) in
	[0-9]*) ok "timer_slack_ns read back: $(fact timer_slack_ns)" ;;
	*) not_ok "timer_slack_ns is '$(fact timer_slack_ns)'" ;;
	esac
fi

# The default count: clamp(2000000 / USEC, 5, 1000), "none" to be quick.
for pair in 0:1000 1:1000 2000:1000 3000:666 100000:20 300000:6 \
    60000000:5; do
	usec=${pair%:*} n=${pair#*:}
	ts -m "$usec" none
	expect_fact iterations "$n" "default count for $usec us"
	expect_wellformed "$n" none "$usec" "default count for $usec us"
done

#
# 4. The human line: method (15 columns), usec (8), avg, min, max (12,
#    two decimals), and min <= avg <= max.
#
ts -n 3 100 nanosleep
expect_rc 0 "human line"
expect_err "" "human line"
if awk 'NR > 1 { exit 1 }
    NF != 5 || $1 != "nanosleep" || $2 != "100" { exit 1 }
    $3 !~ /^[0-9]+\.[0-9][0-9]$/ || $4 !~ /^[0-9]+\.[0-9][0-9]$/ ||
    $5 !~ /^[0-9]+\.[0-9][0-9]$/ { exit 1 }
    !($4 <= $3 && $3 <= $5) { exit 1 }
    $0 != sprintf("%-15s %8s %12s %12s %12s", $1, $2, $3, $4, $5) { exit 1 }
    END { if (NR != 1) exit 1 }' "$T/out"; then
	ok "human line: method usec avg min max"
else
	not_ok "human line: '$(cat "$T/out")'"
fi

#
# 5. Directions, never upper bounds: a sleep does not end early.
#
ts -n 5 1000 nanosleep
if awk '{ exit !($3 >= 1000) }' "$T/out"; then
	ok "nanosleep 1000: average >= 1000 us"
else
	not_ok "nanosleep 1000: average below 1000 us: $(cat "$T/out")"
fi
# clock_nanosleep's sample is USEC plus the latency: never below USEC.
ts -m -n 5 1000 clock_nanosleep
if awk '/^sample / && !($2 >= 1000) { exit 1 }' "$T/out"; then
	ok "clock_nanosleep 1000: every sample >= 1000 us"
else
	not_ok "clock_nanosleep 1000: a sample below 1000 us"
fi
# poll and epoll round 100 us up to 1 ms.
for m in poll epoll; do
	ts -n 3 100 "$m"
	if awk '{ exit !($4 >= 1000) }' "$T/out"; then
		ok "$m 100: rounded up to 1 ms (min >= 1000 us)"
	else
		not_ok "$m 100: not rounded up: $(cat "$T/out")"
	fi
done

#
# 6. The knobs and their facts.
#
if [ -n "$facts_os" ]; then
	ts -m -s 1 -n 3 100 nanosleep
	expect_rc 0 "-s 1"
	expect_fact timer_slack_ns 1 "-s 1"
	expect_wellformed 3 nanosleep 100 "-s 1"
else
	refused "testsleep: -s: timer slack is not supported here" \
	    "-s without timer slack" -s 1 100 nanosleep
fi

ts -m -c 0 -n 3 100 nanosleep
expect_rc 0 "-c 0"
expect_fact cpu 0 "-c 0"

ts -m -M -n 3 100 nanosleep
expect_rc 0 "-M"
expect_fact mlockall yes "-M"

ts -m -p 1 -n 3 100 nanosleep
if [ "$rc" -eq 0 ]; then
	expect_err "" "-p 1"
	expect_fact sched_policy SCHED_FIFO "-p 1"
	expect_fact sched_priority 1 "-p 1"
	expect_wellformed 3 nanosleep 100 "-p 1"
else
	expect_rc 1 "-p 1 not permitted here"
	expect_err "testsleep: SCHED_FIFO priority 1: Operation not permitted" \
	    "-p 1 not permitted here"
fi

ts -m -T 0.05 1000 nanosleep
expect_rc 0 "-T 0.05"
n=$(fact iterations)
if [ "${n:-0}" -ge 1 ]; then
	ok "-T 0.05: $n samples"
	expect_wellformed "$n" nanosleep 1000 "-T 0.05"
else
	not_ok "-T 0.05: iterations '$n'"
fi
# A sleep longer than the budget still makes one.
ts -m -T 0.001 20000 nanosleep
expect_fact iterations 1 "-T shorter than one sleep"

#
# 7. Bad arguments: one line, exit 2, nothing on stdout.
#
max=$(awk '/#define[ \t]+PROTO_MAX_SAMPLES/ {
	s = $0; sub(/.*PROTO_MAX_SAMPLES[ \t]+/, "", s); gsub(/[()L \t]/, "", s)
	k = split(s, f, "*"); v = 1; for (i = 1; i <= k; i++) v *= f[i]
	printf "%d\n", v }' "$KBENCH_TOP/collect/protocol.h")
u='0 to 60000000 microseconds'
refused "testsleep: unknown method 'foo' (testsleep -l lists them)" \
    "unknown method" 100 foo
refused "testsleep: bad USEC '-1' ($u)" "negative USEC" -1 nanosleep
refused "testsleep: bad USEC '-5' ($u)" "negative USEC after -n" \
    -n 3 -5 nanosleep
refused "testsleep: bad USEC '60000001' ($u)" "absurd USEC" \
    60000001 nanosleep
refused "testsleep: bad USEC 'abc' ($u)" "non-numeric USEC" abc nanosleep
refused "testsleep: bad USEC '10x' ($u)" "USEC with junk" 10x nanosleep
refused "testsleep: bad USEC '99999999' ($u)" "syscall still checks USEC" \
    99999999 syscall
refused "testsleep: bad -n '0' (1 to $max)" "-n 0" -n 0 100 nanosleep
refused "testsleep: bad -n 'x' (1 to $max)" "-n x" -n x 100 nanosleep
refused "testsleep: bad -n '$((max + 1))' (1 to $max)" "-n too many" \
    -n $((max + 1)) 100 nanosleep
t='seconds, more than 0, at most 86400'
refused "testsleep: bad -T '0' ($t)" "-T 0" -T 0 100 nanosleep
refused "testsleep: bad -T '-1' ($t)" "-T -1" -T -1 100 nanosleep
refused "testsleep: bad -T 'nan' ($t)" "-T nan" -T nan 100 nanosleep
refused "testsleep: bad -T 'soon' ($t)" "-T soon" -T soon 100 nanosleep
c='not a CPU this process may run on'
refused "testsleep: bad -c '99999' ($c)" "-c 99999" -c 99999 100 nanosleep
refused "testsleep: bad -c 'x' ($c)" "-c x" -c x 100 nanosleep
refused "testsleep: bad -c '-1' ($c)" "-c -1" -c -1 100 nanosleep
p="$prio_lo to $prio_hi"
refused "testsleep: bad -p '$((prio_lo - 1))' ($p)" "-p below" \
    -p $((prio_lo - 1)) 100 nanosleep
refused "testsleep: bad -p '$((prio_hi + 1))' ($p)" "-p above" \
    -p $((prio_hi + 1)) 100 nanosleep
refused "testsleep: bad -p 'x' ($p)" "-p x" -p x 100 nanosleep
if [ -n "$facts_os" ]; then
	refused "testsleep: bad -s '-1' (0 to 1000000000 ns)" "-s -1" \
	    -s -1 100 nanosleep
	refused "testsleep: bad -s 'x' (0 to 1000000000 ns)" "-s x" \
	    -s x 100 nanosleep
fi
refused "testsleep: -n and -T exclude each other" "-n with -T" \
    -n 3 -T 1 100 nanosleep
refused "testsleep: unknown option -x" "unknown option" -x 100 nanosleep
refused "testsleep: option -n needs an argument" "-n without a value" \
    100 nanosleep -n

usage='usage: testsleep [-Mm] [--check] [-c cpu] [-n count | -T seconds]
                 [-p priority] [-s slack_ns] usec method
       testsleep -l | -h'
refused "$usage" "no arguments"
refused "$usage" "one argument" 100
refused "$usage" "three arguments" 100 nanosleep extra
refused "$usage" "-l with an operand" -l nanosleep
# -h and --help: the same usage, on stdout, and success.
for h in -h --help; do
	ts $h
	expect_rc 0 "testsleep $h"
	expect_out "$usage" "testsleep $h: the usage"
	expect_err "" "testsleep $h"
done

#
# 8. Write errors: exit 1 with a message.
#
if [ -w /dev/full ]; then
	"$TESTSLEEP" -n 2 0 none >/dev/full 2>"$T/err"
	rc=$?
	expect_rc 1 "stdout is /dev/full"
	expect_err "testsleep: standard output: No space left on device" \
	    "stdout is /dev/full"
else
	skip "stdout is /dev/full: no /dev/full"
fi
"$TESTSLEEP" -n 2 0 none >&- 2>"$T/err"
rc=$?
expect_rc 1 "stdout closed"
expect_err "testsleep: standard output: Bad file descriptor" "stdout closed"

#
# 9. SIGINT and SIGTERM stop a long run: 128 + signal, no stdout (no
#    "end"), one line on stderr.  Signal it once its handlers are set
#    (Linux's SigCgt shows them), so the test does not race its start.
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
	"$TESTSLEEP" -m -n 100 100000 nanosleep >"$T/out" 2>"$T/err" &
	pid=$!
	tries=0
	while ! caught "$pid" && [ "$tries" -lt 100 ]; do
		sleep 0.05
		tries=$((tries + 1))
	done
	kill -s "$sig" "$pid"
	wait "$pid"
	rc=$?
	expect_rc "$want" "SIG$sig"
	expect_empty_out "SIG$sig"
	if grep -Eqx "testsleep: stopped by SIG$sig after [0-9]+ samples" \
	    "$T/err"; then
		ok "SIG$sig: one line on stderr"
	else
		not_ok "SIG$sig: stderr '$(cat "$T/err")'"
	fi
done
