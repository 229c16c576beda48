#!/bin/sh
# lockbench, black-box: every head x hook with 1 and 2 threads, with and
# without a writer, its machine output checked line by line and its one
# sample recomputed from the threads' own lines (every walk over the
# first start to the last end); --duration, the writer's missed periods,
# the fairness fact and its test hook, the lock facts; the human lines;
# the self-check (LOCKBENCH_CHECK=1) where the lock excludes and its
# negative controls where it does not; every bad argument with its exact
# stderr and exit 2; write errors; SIGINT/SIGTERM.  No assertion on any
# time or rate but what the design guarantees (a timed phase ends no
# earlier than it was asked to): the machine is noisy.
. "$(dirname "$0")/lib.sh"

LOCKBENCH=${KBENCH_BUILD:-$(dirname "$KBENCH")}/lockbench
if [ ! -x "$LOCKBENCH" ]; then
	skip "lockbench is not built: no $LOCKBENCH"
	exit 0
fi

heads='none rw rm rwsem rmsem epoch'
hooks='null mtx rw rm spin'

# lb ARGS...: run_prog on $LOCKBENCH.
lb() {
	run_prog "$LOCKBENCH" "$@"
}

# wellformed HEAD HOOK THREADS: the last output is the kbench protocol
# with every fact, one series, one positive finite sample and "end 1"
# last, a "# thread" line per thread, and the sample, wall_ns, walks,
# end_spread_ns and fairness_min facts what those lines make.  Prints
# what is wrong, if anything.
wellformed() {
	awk -v h="$1" -v k="$2" -v t="$3" '
	NR == 1 { if ($0 != "kbench-protocol 1") bad = "first line: " $0
		next }
	ended { bad = "a line after end: " $0; next }
	/^fact [A-Za-z0-9_.-]+ / { f[$2] = $3; next }
	/^# thread [0-9]+ walks [0-9]+ start_ns [0-9]+ end_ns [0-9]+( at_first [0-9]+)?$/ {
		if ($3 != nt) bad = "thread line " nt ": " $0
		nt++; walks += $5
		if (nt == 1 || $7 < first) first = $7
		if (nt == 1 || $9 > last) last = $9
		if (nt == 1 || $9 < end_lo) end_lo = $9
		if (NF == 11) { at = $11 + 0
			if (nt == 1 || at < lo) lo = at
			if (nt == 1 || at > hi) hi = at }
		else { if (nt == 1 || $5 < lo) lo = $5 + 0
			if (nt == 1 || $5 > hi) hi = $5 + 0 }
		next }
	/^# writer writes [0-9]+ missed [0-9]+ start_ns 0 end_ns [0-9]+$/ { next }
	/^series / { series++
		if ($0 != "series head=" h ",hook=" k ",threads=" t " ns lower")
			bad = "series: " $0
		next }
	/^sample / { if (!series) bad = "a sample before the series"
		if (NF != 2 || $2 !~ /^[0-9]+\.[0-9][0-9][0-9]$/ || !($2 > 0))
			bad = "sample: " $0
		sample = $2; samples++
		next }
	/^end [0-9]+$/ { ended = 1; end = $2; next }
	{ bad = "line " NR ": " $0 }
	END {
		split("backend head hook hooks threads mode " \
		    "warmup_ms delay_ns write_ms write_hold_ns pinned ncpu " \
		    "clock check debug_unfair busywait busywait_clock_ns " \
		    "busywait_loops_per_us busywait_threshold_ns " \
		    "busywait_clock_comp_ns busywait_measured_ns mtx_type " \
		    "head_rw_kind head_rwsem_kind rm_lock ck_version " \
		    "urcu_flavor urcu_membarrier wall_ns walks fairness_min " \
		    "fairness_basis end_spread_ns writes writer_missed_sum " \
		    "write_mean_ns os", want, " ")
		for (i in want)
			if (!(want[i] in f)) bad = "no fact " want[i]
		# A count or a timed phase: the fact of the one that ran.
		if (f["mode"] == "count" && !("count" in f && !("duration_ms" in f)))
			bad = "mode count: facts count and not duration_ms"
		if (f["mode"] == "duration" && !("duration_ms" in f && !("count" in f)))
			bad = "mode duration: facts duration_ms and not count"
		if (f["mode"] != "count" && f["mode"] != "duration")
			bad = "fact mode " f["mode"]
		if (f["backend"] != "user") bad = "fact backend " f["backend"]
		if (f["head"] != h) bad = "fact head " f["head"]
		if (f["hook"] != k) bad = "fact hook " f["hook"]
		if (f["threads"] != t) bad = "fact threads " f["threads"]
		if (f["hooks"] != 3) bad = "fact hooks " f["hooks"]
		if (f["urcu_flavor"] != "memb") bad = "fact urcu_flavor"
		if (f["rm_lock"] != "ck_brlock") bad = "fact rm_lock"
		if (!(f["busywait_measured_ns"] >= 0)) bad = "busywait_measured_ns"
		if (nt != t) bad = nt " thread lines, want " t
		want_sample = sprintf("%.3f", (last - first) / walks)
		if (sample != want_sample)
			bad = "sample " sample ", want " want_sample " = (" last \
			    " - " first ") / " walks
		if (f["wall_ns"] != last - first) bad = "fact wall_ns " f["wall_ns"]
		if (f["walks"] != walks) bad = "fact walks " f["walks"]
		if (f["end_spread_ns"] != last - end_lo)
			bad = "fact end_spread_ns " f["end_spread_ns"]
		want_fair = sprintf("%#.4g", hi > 0 ? lo / hi : 0)
		if (f["fairness_min"] != want_fair)
			bad = "fact fairness_min " f["fairness_min"] ", want " want_fair
		if (!(f["fairness_min"] >= 0 && f["fairness_min"] <= 1))
			bad = "fairness_min out of [0, 1]"
		if (series != 1) bad = series " series lines"
		if (samples != 1) bad = samples " samples, want 1"
		if (!ended) bad = "no end"
		else if (end != 1) bad = "end " end ", want 1"
		if (bad != "") { print bad; exit 1 }
	}' "$T/out"
}

# expect_wellformed HEAD HOOK THREADS WHAT
expect_wellformed() {
	if why=$(wellformed "$1" "$2" "$3"); then
		ok "$4: well-formed, one sample, all walks over the union window"
	else
		not_ok "$4: $why"
	fi
}

# human THREADS WRITER: the last output is THREADS thread lines, the
# writer line when WRITER is 1, the total and the fairness line; the
# total's ns per walk what the thread lines make.
human() {
	awk -v t="$1" -v w="$2" '
	/^thread / { if ($0 !~ /^thread [0-9]+: [0-9]+ walks, start [0-9]+ ns, end [0-9]+ ns(, [0-9]+ when the first was done)?$/ ||
		    $2 != (n + 0) ":") bad = "line: " $0
		n++; walks += $3
		if (n == 1 || $6 + 0 < first) first = $6 + 0
		if (n == 1 || $9 + 0 > last) last = $9 + 0
		next }
	/^writer: / { if ($0 !~ /^writer: [0-9]+ writes, [0-9]+ missed, one every [0-9]+ ms: [0-9]+\.[0-9] ns each, start 0 ns, end [0-9]+ ns$/)
		bad = "writer line: " $0
		wl++; next }
	/^total: / { if ($0 !~ /^total: [0-9]+ threads, [0-9]+ walks in [0-9]+ ns: [0-9]+\.[0-9][0-9][0-9] ns\/walk, [0-9]+ walks\/s$/)
		bad = "total: " $0
		if ($2 != t) bad = "total threads " $2
		if ($4 != walks) bad = "total walks " $4 ", the threads " walks
		if ($7 != last - first) bad = "total ns " $7 ", want " last - first
		if ($9 != sprintf("%.3f", (last - first) / walks))
			bad = "total ns/walk " $9
		total++; next }
	/^fairness: / { if ($0 !~ /^fairness: [01]\.[0-9]+, ends within [0-9]+ ns$/)
		bad = "fairness: " $0
		fl++; next }
	{ bad = "line " NR ": " $0 }
	END {
		if (n != t) bad = n " thread lines, want " t
		if (wl != w) bad = wl " writer lines, want " w
		if (total != 1 || fl != 1 || $1 != "fairness:")
			bad = "the total and the fairness are not last"
		if (bad != "") { print bad; exit 1 }
	}' "$T/out"
}

# expect_human THREADS WRITER WHAT
expect_human() {
	if why=$(human "$1" "$2"); then
		ok "$3: $1 thread lines, a total of their walks and a fairness"
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

# threads_field N: field N of every "# thread" line, one a line.
threads_field() {
	awk -v n="$1" '/^# thread / { print $n }' "$T/out"
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
					lb -m -n 300 -W 1 -H "$h" -k "$k" -t "$t"
				else
					lb -m -n 300 -W 1 -H "$h" -k "$k" -t "$t" -w 1
				fi
				if [ "$rc" -ne 0 ] || [ -s "$T/err" ]; then
					not_ok "$what: exit $rc, stderr: $(head -c 300 "$T/err")"
					continue
				fi
				if why=$(wellformed "$h" "$k" "$t"); then
					ok "$what: exit 0, one sample, well-formed"
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
expect_fact backend user "defaults"
expect_fact delay_ns 1000 "defaults"
expect_fact count 10 "defaults"
expect_fact mode count "defaults: count mode"
expect_fact duration_ms "" "defaults: count mode, no duration"
expect_fact warmup_ms 10 "defaults: a 10 ms warm-up"
expect_fact write_ms 0 "defaults"
expect_fact writes 0 "defaults"
expect_fact writer_missed_sum 0 "defaults: no writer, nothing missed"
expect_fact fairness_min 1.000 "defaults: one thread is fair"
expect_fact fairness_basis first-done "defaults: count mode"
expect_fact pinned no "defaults"
expect_fact check no "defaults"
expect_fact debug_unfair no "defaults"
expect_fact busywait clock "defaults: 1000 ns spins on the clock"
expect_fact head_rw_kind prefer-writer "defaults"
expect_fact os "$(uname -s)" "defaults"
if grep -qx '# thread 0 walks 10 start_ns [0-9]* end_ns [0-9]* at_first 10' \
    "$T/out"; then
	ok "defaults: count mode, 10 walks, 10 when the first was done"
else
	not_ok "defaults: the thread line: $(grep '^# thread' "$T/out")"
fi

# What each lock is, every head and hook in every cell: run facts.
case $(uname -s) in
Linux) rwsem_impl='pthread_rwlock_prefer_writer(sleep)' ;;
*) rwsem_impl='pthread_rwlock(sleep)' ;;
esac
for pair in "head_impl.none none" "head_impl.rw ck_rwlock(spin)" \
    "head_impl.rm ck_brlock(spin)" "head_impl.rwsem $rwsem_impl" \
    "head_impl.rmsem lockbench_rmsem(sleep)" \
    "head_impl.epoch liburcu_memb(readers-never-wait)" \
    "hook_impl.null none" \
    "hook_impl.mtx pthread_mutex_adaptive(spin-then-sleep)" \
    "hook_impl.rw pthread_rwlock(sleep)" "hook_impl.rm ck_brlock(spin)" \
    "hook_impl.spin pthread_spinlock(spin)"; do
	expect_fact "${pair%% *}" "${pair#* }" "the lock facts"
done
n=$(grep -c '^fact head_impl\.' "$T/out")
[ "$n" -eq 6 ]; check $? "a head_impl fact for each of the 6 heads (got $n)"
n=$(grep -c '^fact hook_impl\.' "$T/out")
[ "$n" -eq 5 ]; check $? "a hook_impl fact for each of the 5 hooks (got $n)"
lb -m -n 10 -H rmsem -k spin -t 2
a=$(grep '^fact h[eo]*k_impl\.' "$T/out")
lb -m -n 10 -H rw -k null
b=$(grep '^fact h[eo]*k_impl\.' "$T/out")
[ -n "$a" ] && [ "$a" = "$b" ]; check $? "the lock facts are the same in every cell"

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

lb -m -n 10 -W 0
expect_rc 0 "-W 0"
expect_fact warmup_ms 0 "-W 0"
lb -m -n 10 --warmup 25
expect_rc 0 "--warmup 25"
expect_fact warmup_ms 25 "--warmup 25"

# More threads than CPUs.
lb -m -n 50 -t 64 -H rm -k spin
expect_rc 0 "-t 64"
expect_wellformed rm spin 64 "-t 64"

#
# 3. --duration: one shared flag stops every thread.  A thread ends only
#    after the flag is up, which is not before the duration has passed
#    since the measured phase opened (time 0 of the thread lines): every
#    end is past it.  Duration wins over -n.
#
lb -m -D 100 -n 5 -t 2 -H rm -k mtx
expect_rc 0 "-D 100"
expect_wellformed rm mtx 2 "-D 100"
expect_fact duration_ms 100 "-D 100"
expect_fact mode duration "-D 100"
v=$(fact window_stretch_max)
awk -v v="$v" -v w="$(fact wall_ns)" 'BEGIN { exit !(v != "" && v >= 1 && v == sprintf("%.3f", w / 100e6)) }'
check $? "-D 100: the window over the duration asked, a fact (window_stretch_max $v)"
expect_fact count "" "-D 100: the count is not what ran"
expect_fact fairness_basis measured-phase "-D 100"
ends=$(threads_field 9 | tr '\n' ' ')
n=$(threads_field 9 | awk '$1 >= 100000000' | wc -l)
[ "$n" -eq 2 ]; check $? "-D 100: both threads end past 100 ms (ends $ends)"
n=$(threads_field 5 | awk '$1 > 5' | wc -l)
[ "$n" -eq 2 ]; check $? "-D 100: duration wins over -n 5 ($(threads_field 5 | tr '\n' ' ')walks)"
spread=$(fact end_spread_ns)
wall=$(fact wall_ns)
[ "$spread" -ge 0 ] && [ "$spread" -le "$wall" ]
check $? "-D 100: the end spread ($spread ns) is within the window ($wall ns)"
lb --duration 50 -t 2 -H rwsem -k null
expect_rc 0 "--duration 50, human output"
expect_human 2 0 "--duration 50"
if grep -q '^thread [01]: [0-9]* walks, start [0-9]* ns, end [0-9]* ns$' "$T/out" &&
    ! grep -q 'when the first was done' "$T/out"; then
	ok "--duration 50: no count-mode snapshot"
else
	not_ok "--duration 50: $(cat "$T/out")"
fi

#
# 4. The writer: absolute deadlines, missed periods counted.  With a 5 ms
#    busy-wait in each hook a walk holds the head's read side for 15 ms,
#    so a writer asked to write every 1 ms must miss periods; and every
#    deadline from its start to its end is a write or a missed period.
#
for h in rw rwsem rm rmsem; do
	lb -m -H "$h" -k null -d 5000000 -t 1 -w 1 -D 100 -W 1
	expect_rc 0 "-H $h -w 1 under 15 ms walks"
	line=$(grep '^# writer ' "$T/out")
	if echo "$line" | awk -v m="$(fact writer_missed_sum)" \
	    -v n="$(fact writes)" '{ exit !($4 == n && $6 == m && m > 0 &&
	    n + m == int($10 / 1000000)) }'; then
		ok "-H $h -w 1: $(fact writes) writes, $(fact writer_missed_sum) missed, one for each deadline passed"
	else
		not_ok "-H $h -w 1: writes $(fact writes), missed $(fact writer_missed_sum): $line"
	fi
done
lb -n 3000 -t 2 -H rm -k mtx -w 1
expect_rc 0 "human output with a writer"
expect_human 2 1 "human output with a writer"
if awk '/^writer: / { exit !($2 + $4 == int($(NF - 1) / 1000000)) }' \
    "$T/out"; then
	ok "human output: writes and missed periods make the deadlines"
else
	not_ok "human output: the writer: $(grep '^writer' "$T/out")"
fi

#
# 5. Fairness: the fewest walks over the most, in (0, 1] when every thread
#    walks; below 1 when LOCKBENCH_DEBUG_UNFAIR=1 makes thread 0 sleep a
#    millisecond after each of its walks.  In count mode, of the walks
#    each thread had made when the first was done with its count.
#
lb -m -D 50 -t 2 -H rw -k null
v=$(fact fairness_min)
awk -v v="$v" 'BEGIN { exit !(v ~ /^[0-9.]+$/ && v > 0 && v <= 1) }'
check $? "-D 50 -t 2: fairness_min $v in (0, 1]"
# unfair HEAD ARGS...: 2 threads under HEAD with the test hook: a
# well-formed output whose fairness_min ($v) is below 1/2.
unfair() {
	h=$1
	shift
	LOCKBENCH_DEBUG_UNFAIR=1 "$LOCKBENCH" -m -t 2 -H "$h" -k null "$@" \
	    >"$T/out" 2>"$T/err"
	rc=$?
	expect_rc 0 "LOCKBENCH_DEBUG_UNFAIR=1 $*"
	expect_wellformed "$h" null 2 "LOCKBENCH_DEBUG_UNFAIR=1 $*"
	expect_fact debug_unfair yes "LOCKBENCH_DEBUG_UNFAIR=1 $*"
	v=$(fact fairness_min)
	awk -v v="$v" 'BEGIN { exit !(v ~ /^[0-9.]+$/ && v < 0.5) }'
	check $? "LOCKBENCH_DEBUG_UNFAIR=1 $*: fairness_min $v below 1/2"
}
unfair rw -D 50
awk -v v="$v" 'BEGIN { exit !(v > 0) }'
check $? "LOCKBENCH_DEBUG_UNFAIR=1 -D 50: fairness_min $v above 0"
unfair rm -n 300
# How few walks thread 0 had made is the scheduler's (40 on a loaded
# machine): that it had fewer, and that its count is the fairness, not.
a0=$(sed -n 's/^# thread 0 walks 300 .* at_first \([0-9]*\)$/\1/p' "$T/out")
if grep -qx '# thread 1 walks 300 start_ns [0-9]* end_ns [0-9]* at_first 300' \
    "$T/out" && [ -n "$a0" ] && [ "$a0" -lt 300 ] &&
    [ "$(fact fairness_min)" = "$(awk -v a="$a0" 'BEGIN { printf "%#.4g", a / 300 }')" ]; then
	ok "LOCKBENCH_DEBUG_UNFAIR=1 -n 300: thread 1 was done first, thread 0 had made fewer walks ($a0), its share the fairness"
else
	not_ok "LOCKBENCH_DEBUG_UNFAIR=1 -n 300: $(grep '^# thread' "$T/out")"
fi

#
# 6. The human lines.
#
lb -n 200 -t 2 -H rw -k mtx
expect_rc 0 "human output"
expect_err "" "human output"
expect_human 2 0 "human output"
lb -n 200 -t 3 -H rm -k rw -w 1
expect_rc 0 "human output with a writer"
expect_human 3 1 "human output with a writer"
if grep -qx 'thread 1: 200 walks, start [0-9]* ns, end [0-9]* ns, [0-9]* when the first was done' \
    "$T/out" && grep -q '^total: 3 threads, 600 walks in ' "$T/out"; then
	ok "human output: the counts"
else
	not_ok "human output: the counts: $(cat "$T/out")"
fi

#
# 7. The self-check.  Each hook adds one to a shared counter, not
#    atomically, across its busy-wait, under the hook lock: exact where
#    the lock excludes (mtx, spin).  A writer rewrites the chain under the
#    head lock's write side (rw, rm, rwsem, rmsem) or publishes a copy
#    (epoch): no walk may see it change.  2 and 3 threads; -n 5000 gives
#    the writer time to write (a run without writes checks nothing:
#    skipped, not passed).  The counter counts every walk, warm-up and
#    cool-down included.
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

# A timed phase, the sleeping pair.
for h in rwsem rmsem; do
	LOCKBENCH_CHECK=1 "$LOCKBENCH" -m -D 100 -H $h -k mtx -t 2 -w 1 \
	    >"$T/out" 2>"$T/err"
	rc=$?
	expect_rc 0 "check -D 100 -H $h -k mtx -t 2 -w 1"
	expect_err "" "check -D 100 -H $h -k mtx -t 2 -w 1"
	n=$(fact writes)
	if [ "${n:-0}" -gt 0 ]; then
		ok "check -D 100 -H $h: $n writes checked"
	else
		skip "check -D 100 -H $h: the writer did not write"
	fi
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
	if grep -Eqx "lockbench: check failed: hook counter [0-9]+, want [0-9]+ \([0-9]+ walks of 2 threads, warm-up and cool-down included, x 3 hooks\) under the $k hook lock" \
	    "$T/err" && awk '{ gsub(/[(,]/, " ") } { exit !($8 == 3 * $9 &&
	    $9 >= 40000 && $6 < $8) }' "$T/err"; then
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
	if grep -Eqx 'lockbench: check failed: [0-9]+ walks saw the chain changed under the none head lock' \
	    "$T/err"; then
		ok "check -H none -w 1: torn chains reported"
	else
		not_ok "check -H none -w 1: stderr '$(cat "$T/err")'"
	fi
fi

for v in LOCKBENCH_CHECK LOCKBENCH_DEBUG_UNFAIR; do
	env "$v=2" "$LOCKBENCH" -n 10 >"$T/out" 2>"$T/err"
	rc=$?
	expect_rc 2 "$v=2"
	expect_err "lockbench: bad $v '2' (0 or 1)" "$v=2"
done
LOCKBENCH_CHECK=0 "$LOCKBENCH" -m -n 10 >"$T/out" 2>"$T/err"
rc=$?
expect_rc 0 "LOCKBENCH_CHECK=0"
expect_fact check no "LOCKBENCH_CHECK=0"

#
# 8. Bad arguments: one line, exit 2, nothing on stdout.
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
D='1 to 3600000 ms'
refused "lockbench: bad -D '0' ($D)" "-D 0" -D 0
refused "lockbench: bad -D '3600001' ($D)" "-D too long" -D 3600001
refused "lockbench: bad -D '1s' ($D)" "-D 1s" -D 1s
refused "lockbench: bad --duration '-5' ($D)" "--duration -5" --duration -5
refused "lockbench: bad --duration 'x' ($D)" "--duration=x" --duration=x
W='0 to 10000 ms'
refused "lockbench: bad -W '-1' ($W)" "-W -1" -W -1
refused "lockbench: bad -W '10001' ($W)" "-W too long" -W 10001
refused "lockbench: bad --warmup '' ($W)" "--warmup ''" --warmup ''
H='none, rw, rm, rwsem, rmsem, epoch'
refused "lockbench: unknown head lock 'mutex' ($H)" "-H mutex" -H mutex
refused "lockbench: unknown head lock '' ($H)" "-H ''" -H ''
refused "lockbench: unknown head lock 'RW' ($H)" "-H RW" -H RW
refused "lockbench: unknown head lock 'brlock' ($H)" "-H brlock" -H brlock
refused "lockbench: unknown hook lock 'sx' (null, mtx, rw, rm, spin)" \
    "-k sx" -k sx
refused "lockbench: unknown hook lock 'none' (null, mtx, rw, rm, spin)" \
    "-k none" -k none
refused "lockbench: unknown option -x" "unknown option" -x
refused "lockbench: option -t needs an argument" "-t without a value" -t
refused "lockbench: option -H needs an argument" "-H without a value" -n 5 -H
refused "lockbench: option -D needs an argument" "-D without a value" -D
refused "lockbench: option --duration needs an argument" \
    "--duration without a value" --duration
refused "lockbench: option --warmup needs an argument" \
    "--warmup without a value" -t 2 --warmup
usage='usage: lockbench [-mp] [--check] [-D duration_ms] [-d delay_ns] [-H head]
                 [-k hook] [-n count] [-t threads] [-W warmup_ms]
                 [-w write_ms]
       lockbench -h
(-D, -W and -h are also --duration, --warmup and --help)'
refused "$usage" "an operand" extra
refused "$usage" "an operand after options" -t 2 extra
# --check: the limits, and nothing run.
for args in "-D 1" "--duration 3600000 -n 5" "-W 0" "--warmup 10000" \
    "-H rwsem -k mtx -t 2" "-H rmsem -k spin -w 1 -D 20"; do
	lb --check $args
	expect_rc 0 "--check $args"
	expect_empty_out "--check $args"
	expect_err "" "--check $args"
done
refused "lockbench: bad -D '0' ($D)" "--check -D 0" --check -D 0
refused "lockbench: bad --warmup '10001' ($W)" "--check --warmup 10001" \
    --check --warmup 10001
# -h and --help: the same usage, on stdout, and success.
for h in -h --help; do
	lb $h
	expect_rc 0 "lockbench $h"
	expect_out "$usage" "lockbench $h: the usage"
	expect_err "" "lockbench $h"
done

#
# 9. Write errors: exit 1 with a message.
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
# 10. SIGINT and SIGTERM stop a long run: 128 + signal, no stdout (no
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
	for args in "-n 10000000000 -t 2 -H rm -k mtx" \
	    "-n 10000000000 -t 3 -H epoch -k rm -w 1" \
	    "-D 3600000 -t 2 -H rmsem -k mtx -w 1"; do
		"$LOCKBENCH" -m $args >"$T/out" 2>"$T/err" &
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
