# tests/cli/lib.sh: helpers for the command-line tests.  Source it first:
#   . "$(dirname "$0")/lib.sh"
#
# Every check prints one line, "ok - WHAT" or "not ok - WHAT", which
# tests/run.sh counts.  $KBENCH is the binary under test; each script
# works in its own temporary directory ($T), removed at exit, with
# KBENCH_DB pointing into it.

: "${KBENCH:?run through tests/run.sh or set KBENCH}"
: "${KBENCH_TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
T=$(mktemp -d "${TMPDIR:-/tmp}/kbench-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
KBENCH_DB=$T/kbench.db
export KBENCH_DB
FIXTURES=$KBENCH_TOP/tests/fixtures
cd "$T" || exit 1

ok() { echo "ok - $*"; }
not_ok() { echo "not ok - $*"; }
skip() { echo "skip - $*"; }

# kb ARGS...: run kbench; stdout in $T/out, stderr in $T/err, status in $rc.
kb() {
	"$KBENCH" "$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# run_prog PROGRAM ARGS...: run a benchmark program (testsleep,
# lockbench) as kb runs kbench: stdout in $T/out, stderr in $T/err,
# status in $rc.
run_prog() {
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# fact KEY: the value of a fact in the last protocol output.
fact() {
	sed -n "s/^fact $1 //p" "$T/out"
}

# expect_fact KEY VALUE WHAT
expect_fact() {
	v=$(fact "$1")
	if [ "$v" = "$2" ]; then ok "$3 (fact $1 $2)"; else
		not_ok "$3: fact $1 is '$v', want '$2'"; fi
}

# check COND-STATUS WHAT: ok when the previous command succeeded.
check() {
	if [ "$1" -eq 0 ]; then ok "$2"; else not_ok "$2"; fi
}

# expect_rc N WHAT: the last kb exited with N.
expect_rc() {
	if [ "$rc" -eq "$1" ]; then
		ok "$2 (exit $1)"
	else
		not_ok "$2: exit $rc, want $1; stderr: $(head -c 300 "$T/err")"
	fi
}

# expect_err TEXT WHAT: stderr is exactly TEXT (one line or several).
expect_err() {
	if [ -z "$1" ]; then : >"$T/want"; else printf '%s\n' "$1" >"$T/want"; fi
	if cmp -s "$T/want" "$T/err"; then
		ok "$2 (stderr)"
	else
		not_ok "$2: stderr differs"
		diff "$T/want" "$T/err" | sed 's/^/#   /' | head -10
	fi
}

# expect_out TEXT WHAT: stdout is exactly TEXT.
expect_out() {
	printf '%s\n' "$1" >"$T/want"
	if cmp -s "$T/want" "$T/out"; then
		ok "$2 (stdout)"
	else
		not_ok "$2: stdout differs"
		diff "$T/want" "$T/out" | sed 's/^/#   /' | head -20
	fi
}

# expect_out_file FILE WHAT: stdout is exactly FILE's content.
expect_out_file() {
	if cmp -s "$1" "$T/out"; then
		ok "$2 (stdout)"
	else
		not_ok "$2: stdout differs from $1"
		diff "$1" "$T/out" | sed 's/^/#   /' | head -20
	fi
}

# expect_empty_out WHAT: nothing on stdout.
expect_empty_out() {
	if [ ! -s "$T/out" ]; then ok "$1 (no stdout)"; else
		not_ok "$1: unexpected stdout: $(head -c 200 "$T/out")"; fi
}

# db_query STORE SQL: SQL's rows from a store kbench wrote, "|" between
# columns: a file's through sqlite3(1), a server's (a postgres:// or
# postgresql:// URI) through psql, unaligned.  The tests' one way into
# a database (kbench's own export would be circular): what only SQLite
# has (PRAGMAs, a file that is not kbench's) calls sqlite3 by name.
db_query() {
	case $1 in
	postgres://* | postgresql://*)
		"${PG_PSQL:-psql}" -X -At -v ON_ERROR_STOP=1 -d "$1" -c "$2" ;;
	*)	sqlite3 "$1" "$2" ;;
	esac
}

# as_user ARGS...: kbench as a user bound by file modes (root is not);
# can_drop_root says whether as_user can be.
as_user() {
	if [ "$(id -u)" -ne 0 ]; then
		"$KBENCH" "$@" >"$T/out" 2>"$T/err"
	else
		setpriv --reuid=nobody --regid=nogroup --clear-groups \
		    "$KBENCH" "$@" >"$T/out" 2>"$T/err"
	fi
	rc=$?
}
can_drop_root() {
	[ "$(id -u)" -ne 0 ] || command -v setpriv >/dev/null
}

# limited BLOCKS ARGS...: kbench with the disk full, as $mode says: on
# the tmpfs (a filler takes the room), else past ulimit -f BLOCKS (512
# bytes a block in sh, 1024 in bash).
limited() {
	blocks=$1
	shift
	if [ "$mode" = tmpfs ]; then
		"$KBENCH" "$@" >"$T/out" 2>"$T/err"
	else
		(ulimit -f "$blocks" && exec "$KBENCH" "$@") >"$T/out" 2>"$T/err"
	fi
	rc=$?
}

# full_tmpfs SIZE: a tmpfs of SIZE mounted on $T/full (made), unmounted
# at exit before $T is removed: true when this machine lets us (root on
# Linux), else false after saying so (the file size limit remains).
full_tmpfs() {
	mkdir -p "$T/full"
	if [ "$(uname -s)" != Linux ] || [ "$(id -u)" -ne 0 ]; then
		echo "# no tmpfs ($(uname -s), uid $(id -u)): the file size limit only"
		return 1
	fi
	if ! mount -t tmpfs -o size="$1" kbench-test "$T/full" 2>"$T/err"; then
		echo "# no tmpfs ($(head -c 100 "$T/err")): the file size limit only"
		return 1
	fi
	trap 'umount "$T/full" || umount -l "$T/full"; rm -rf "$T"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
}

# wait_for CMD...: run CMD every 0.1 s until it succeeds; 10 s at most.
wait_for() {
	_i=0
	until "$@"; do
		[ $_i -ge 100 ] && return 1
		sleep 0.1
		_i=$((_i + 1))
	done
}

# items LIST: how many in a comma-separated list.
items() { echo "$1" | awk -F, '{ print NF }'; }

# expect KIND OPTIONS...: "SAMPLES ROUNDS" a kbench collect KIND with
# OPTIONS stores when it completes: sleep, a sample per sleep (methods x
# durations x -n); lock, a sample per cell (heads x hooks x thread
# counts); times -r.
expect() {
	kind=$1
	shift
	a=1 b=1 c=1 r=5
	while [ $# -gt 0 ]; do
		case $1 in
		-m | -H) a=$(items "$2") ;;
		-u | -k) b=$(items "$2") ;;
		-n) if [ "$kind" = sleep ]; then c=$2; fi ;;
		-t) c=$(items "$2") ;;
		-r) r=$2 ;;
		esac
		shift 2
	done
	echo "$((a * b * c * r)) $r"
}

# stopped_midway ARGS...: kbench ARGS with a gnuplot that only sleeps
# (and, with GP_DEAF=1, ignores SIGTERM and SIGINT), sent SIGTERM once
# that gnuplot runs; the status in $rc, stderr in $T/err; $gp_left says
# whether a gnuplot it started is still running.
stopped_midway() {
	mkdir -p "$T/gpsleep"
	rm -f "$T/gp.pids"
	printf '#!/bin/sh\n%secho $$ >>"%s/gp.pids"\nsleep 30\n' \
	    "$([ "${GP_DEAF:-0}" = 1 ] && echo "trap '' TERM INT; ")" "$T" \
	    >"$T/gpsleep/gnuplot"
	chmod +x "$T/gpsleep/gnuplot"
	PATH=$T/gpsleep:$PATH "$KBENCH" "$@" >"$T/out" 2>"$T/err" &
	_kp=$!
	wait_for test -s "$T/gp.pids"
	kill -TERM "$_kp"
	wait "$_kp"
	rc=$?
	gp_left=no
	sleep 0.2
	for _p in $(cat "$T/gp.pids"); do
		if kill -0 "$_p" 2>/dev/null; then
			gp_left=yes
			kill -KILL "$_p"
		fi
	done
}
