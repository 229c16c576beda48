#!/bin/sh
# The collector against a program that misbehaves without breaking the
# protocol (issue 26, finding 23): it exits but leaves a child holding
# its output, its -l listing never ends, it prints series or facts
# without end.  Each is bounded, named, and the run ends aborted, never
# "running", when it fails.
. "$(dirname "$0")/lib.sh"

# A stand-in testsleep whose misbehaviour is $HOSTILE.
mkdir fake
cat >fake/testsleep <<'EOF'
#!/bin/sh
[ "$1" = --check ] && exit 0
if [ "$1" = -l ]; then
	case $HOSTILE in
	listloop)
		# A listing without end (30 s bounds the unfixed build),
		# from a child of its own: the whole group is killed.
		printf 'nanosleep\tfake\n'
		sleep 30
		exit 0 ;;
	listflood)
		yes nanosleep
		exit 0 ;;
	esac
	printf 'nanosleep\tfake\n'
	exit 0
fi
printf 'kbench-protocol 1\n'
case $HOSTILE in
leftover)
	# Done, but a child of its own holds stdout and stderr.
	printf 'series method=nanosleep us lower\nsample 1.5\nend 1\n'
	sleep 300 &
	echo $! >"$PIDFILE"
	exit 0 ;;
samples)
	printf 'series method=nanosleep us lower\n'
	exec yes 'sample 1' ;;
series|facts)
	# Valid lines without end, each of a name of its own.
	line='series n=%d us lower\n'
	[ "$HOSTILE" = facts ] && line='fact f%d x\n'
	i=0
	while :; do
		i=$((i + 1))
		printf "$line" $i
	done ;;
esac
EOF
chmod +x fake/testsleep
KBENCH_LIBEXEC=$T/fake
export KBENCH_LIBEXEC

# collect STATUS-WANTED MODE ARGS...: one cell, one round, into h.db.
hostile() {
	mode=$1
	shift
	rm -f h.db h.db-wal h.db-shm
	HOSTILE=$mode PIDFILE=$T/pid kb --db h.db collect sleep -q -m nanosleep \
	    -u 100 -r 1 "$@"
}

# 1. It exited, leaving `sleep 300 &` on its output: its result counts
# (the run is complete, not "a hang"), and the sleeper is killed.  The
# --timeout only keeps the unfixed build from waiting 300 s.
hostile leftover --timeout 20
expect_rc 0 "a program that exits, leaving a child on its output"
expect_err "" "its leftover child: nothing said"
v=$(db_query h.db "SELECT status || ' ' || (SELECT count(*) FROM sample) FROM run")
[ "$v" = "complete 1" ]; check $? "its result counts: the run complete, its sample kept (got $v)"
# Killed is gone, or a zombie where no init reaps (a container's).
pid=$(cat "$T/pid")
if [ -n "$pid" ] && { ! kill -0 "$pid" 2>/dev/null ||
    ps -o stat= -p "$pid" | grep -q '^Z'; }; then
	ok "the child it left ($pid) was killed with its group"
else
	not_ok "the child it left ($pid) is still alive"
	kill "$pid" 2>/dev/null
fi

# 2. A -l listing that never ends: the deadline (--timeout) ends it and
# its group, the program and the deadline named, nothing made.
hostile listloop --timeout 1
expect_rc 4 "a -l listing without end"
expect_err "kbench: collect sleep: $T/fake/testsleep -l: no end after 1 s: killed" \
    "a -l listing without end: the program and its deadline named"
[ ! -e h.db ] || [ "$(db_query h.db 'SELECT count(*) FROM run')" = 0 ]
check $? "a -l listing without end: no run made"
# One that floods: refused at its size.
hostile listflood --timeout 20
expect_rc 4 "a -l listing that floods"
expect_err "kbench: collect sleep: $T/fake/testsleep -l: more than 65536 bytes: killed" \
    "a -l listing that floods: its limit named"
# The nightly's dry run checks its collect lines the same way.
printf 'collect sleep -m nanosleep -u 100 -r 1 --timeout 1\n' >n.conf
chmod 600 n.conf
HOSTILE=listloop kb --db n.db nightly -n -f n.conf
expect_rc 2 "nightly -n: a -l listing without end"
grep -q "^kbench: collect sleep: $T/fake/testsleep -l: no end after 1 s: killed$" "$T/err"
check $? "nightly -n: the listing's deadline said: $(head -c 300 "$T/err")"

# 3. Series and facts without end: refused at their limits (exit 4, the
# limit named), the run aborted, not left running.  --timeout again only
# stops the unfixed build.
# endless MODE LINE LIMIT: a run of MODE lines refused at line LINE.
endless() {
	hostile "$1" --timeout 30
	expect_rc 4 "$1 without end"
	expect_err "kbench: collect: cell method=nanosleep,usec=100 (round 1): invalid output: line $2: more than $3 $1
kbench: collect: run 1 aborted; 0 of 1 rounds kept" "$1 without end: the limit named"
	kb --db h.db runs
	v=$(db_query h.db "SELECT status FROM run")
	[ "$v" = aborted ] && grep -q ' aborted ' "$T/out"
	check $? "$1 without end: the run aborted, as kbench runs shows (got $v)"
}
endless series 4098 4096
endless facts 1026 1024

# 4. Any failure mid-run ends it aborted, one that exits kbench too: out
# of memory in the middle of a cell (its samples, up to the protocol's
# 16777216, under a memory limit: ulimit -v, or ASan's own).
if grep -q __asan_init "$KBENCH" 2>/dev/null; then
	memlimit() {
		ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1:max_allocation_size_mb=100 \
		    "$@"
	}
else
	memlimit() { (ulimit -v 120000 && exec "$@"); }
fi
if memlimit "$KBENCH" --version >/dev/null 2>&1; then
	rm -f h.db h.db-wal h.db-shm
	HOSTILE=samples memlimit "$KBENCH" --db h.db collect sleep -q \
	    -m nanosleep -u 100 -r 1 --timeout 60 >"$T/out" 2>"$T/err"
	rc=$?
	# ASan says it returned NULL: its words, not kbench's.
	sed '/^==[0-9]*==WARNING: AddressSanitizer failed to allocate/d' \
	    "$T/err" >"$T/err.k" && mv "$T/err.k" "$T/err"
	expect_rc 4 "out of memory mid-run"
	expect_err "kbench: realloc 16777216 x 8 bytes: Cannot allocate memory
kbench: collect: run 1 aborted" "out of memory mid-run: said, and the run aborted"
	v=$(db_query h.db "SELECT status FROM run")
	[ "$v" = aborted ]; check $? "out of memory mid-run: the run aborted, not running (got $v)"
else
	skip "out of memory mid-run: kbench does not start under ulimit -v 120000 here"
fi
