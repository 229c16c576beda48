#!/bin/sh
# The collector's children against signals and deadlines (issue 26,
# the attack on the child-process handling): a program that closes its
# output but runs on, one that stops or ignores SIGTERM, SIGHUP, one
# that escapes its group, one that lists a method with control codes.
# The nightly's fact commands the same.  No time is asserted: a
# watchdog only ends what the unfixed build hung.
. "$(dirname "$0")/lib.sh"

mkdir fake
cat >fake/testsleep <<'EOF'
#!/bin/sh
[ "$1" = --check ] && exit 0
if [ "$1" = -l ]; then
	if [ "$HOSTILE" = badname ]; then
		printf 'nano\033]0;PWN\007sleep\tfake\n'
	else
		printf 'nanosleep\tfake\n'
	fi
	exit 0
fi
printf 'kbench-protocol 1\n'
case $HOSTILE in
closeout)
	# Its result, then its output closed, and it runs on.
	printf 'series method=nanosleep us lower\nsample 1.5\nend 1\n'
	exec >&- 2>&-
	echo $$ >"$T/ready"
	exec sleep 1000 ;;
stopself)
	echo $$ >"$T/ready"
	kill -STOP $$
	exec sleep 1000 ;;
noterm)
	trap '' TERM INT HUP
	echo $$ >"$T/ready"
	exec sleep 1000 ;;
stdin)
	cat >"$T/stdin"
	;;
escape)
	setsid sh -c 'echo $$ >"$T/escaped"; exec sleep 200' \
	    </dev/null >/dev/null 2>&1 &
	while [ ! -s "$T/escaped" ]; do sleep 0.1; done
	;;
esac
printf 'series method=nanosleep us lower\nsample 1.5\nend 1\n'
EOF
chmod +x fake/testsleep
KBENCH_LIBEXEC=$T/fake
export KBENCH_LIBEXEC T

# bg CMD...: run kbench CMD... in the background ($kbpid), and wait
# until its program (or fact command) said it runs ($T/ready).
bg() {
	rm -f "$T/ready" "$T/hung"
	"$KBENCH" "$@" >"$T/out" 2>"$T/err" &
	kbpid=$!
	i=0
	while [ ! -s "$T/ready" ] && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# start MODE ARGS...: one cell, one round into h.db, in the background.
start() {
	mode=$1
	shift
	rm -f h.db h.db-wal h.db-shm
	HOSTILE=$mode bg --db h.db collect sleep -q -m nanosleep -u 100 -r 1 "$@"
}

# finish: wait for it ($rc), killing it after 30 s (it hung: $T/hung).
finish() {
	(
		i=0
		while kill -0 "$kbpid" 2>/dev/null && [ $i -lt 300 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		if kill -0 "$kbpid" 2>/dev/null; then
			: >"$T/hung"
			kill -9 "$kbpid"
		fi
	) >/dev/null 2>&1 &
	wd=$!
	wait "$kbpid"
	rc=$?
	wait "$wd"
	[ ! -e "$T/hung" ]; check $? "$1: it ended, not hung"
}

# gone PID WHAT: the process is dead (or a zombie no init reaps).
gone() {
	if [ -n "$1" ] && { ! kill -0 "$1" 2>/dev/null ||
	    ps -o stat= -p "$1" | grep -q '^Z'; }; then
		ok "$2 ($1) was killed"
	else
		not_ok "$2 ($1) is still alive"
		kill -9 "$1" 2>/dev/null
	fi
}

aborted() {
	v=$(db_query h.db "SELECT status FROM run")
	[ "$v" = aborted ]; check $? "$1: the run aborted (got $v)"
}

# 1. Its output closed, it runs on: --timeout still holds ...
start closeout --timeout 2
finish "closed output, --timeout 2"
expect_rc 4 "closed output, --timeout 2"
expect_err "kbench: collect: cell method=nanosleep,usec=100 (round 1): no result after 2 s: killed (a hang?)
kbench: collect: run 1 aborted; 0 of 1 rounds kept" \
    "closed output, --timeout 2: a hang named"
aborted "closed output, --timeout 2"
gone "$(cat "$T/ready")" "the program that closed its output"
# ... and so do SIGTERM and SIGINT.
for sig in TERM INT; do
	start closeout --timeout 500
	kill -$sig "$kbpid"
	finish "closed output, SIG$sig"
	[ $sig = TERM ] && want=143 || want=130
	expect_rc $want "closed output, SIG$sig"
	expect_err "kbench: collect: run 1 aborted (interrupted); 0 of 1 rounds kept" \
	    "closed output, SIG$sig: interrupted"
	aborted "closed output, SIG$sig"
	gone "$(cat "$T/ready")" "the program that closed its output"
done

# 2. A child that stopped, or ignores SIGTERM: SIGCONT, then SIGKILL.
for mode in stopself noterm; do
	start $mode --timeout 500
	kill -TERM "$kbpid"
	finish "$mode, SIGTERM"
	expect_rc 143 "$mode, SIGTERM"
	expect_err "kbench: collect: run 1 aborted (interrupted); 0 of 1 rounds kept" \
	    "$mode, SIGTERM: interrupted"
	aborted "$mode, SIGTERM"
	gone "$(cat "$T/ready")" "the $mode program"
done
# Its stdin is /dev/null: what ours holds is not its to read ...
echo secret >in
rm -f h.db h.db-wal h.db-shm
HOSTILE=stdin kb --db h.db collect sleep -q -m nanosleep -u 100 -r 1 \
    --timeout 60 <in
expect_rc 0 "a program that reads its stdin"
[ -e "$T/stdin" ] && [ ! -s "$T/stdin" ]
check $? "its stdin is empty, not ours (got $(head -c 40 "$T/stdin" 2>/dev/null))"
# ... and, on a terminal, it cannot stop on SIGTTIN.
if script -qec true /dev/null >/dev/null 2>&1; then
	rm -f h.db h.db-wal h.db-shm
	HOSTILE=stdin timeout 60 script -qec "'$KBENCH' --db h.db collect sleep \
	    -q -m nanosleep -u 100 -r 1 --timeout 30" /dev/null \
	    >"$T/out" 2>"$T/err" </dev/null
	rc=$?
	expect_rc 0 "a program that reads a terminal stdin"
	v=$(db_query h.db "SELECT status FROM run")
	[ "$v" = complete ]; check $? "on a terminal: the run complete (got $v)"
else
	skip "script(1) cannot give a terminal here"
fi

# 3. SIGHUP (a closed terminal or ssh) aborts the run like SIGTERM.
start noterm --timeout 500
kill -HUP "$kbpid"
finish "SIGHUP"
expect_rc 129 "SIGHUP"
expect_err "kbench: collect: run 1 aborted (interrupted); 0 of 1 rounds kept" \
    "SIGHUP: interrupted"
aborted "SIGHUP"
gone "$(cat "$T/ready")" "the program under SIGHUP"

# 4. What left its group and session (setsid) is ended too.
rm -f h.db h.db-wal h.db-shm "$T/escaped"
HOSTILE=escape kb --db h.db collect sleep -q -m nanosleep -u 100 -r 1 \
    --timeout 60
expect_rc 0 "a program that leaves a setsid child"
gone "$(cat "$T/escaped")" "its setsid child"

# 5. A listed method that is not a plain key: refused, nothing made.
rm -f h.db h.db-wal h.db-shm
HOSTILE=badname kb --db h.db collect sleep -q -u 100 -r 1 --timeout 60
expect_rc 4 "a listed method with control codes"
expect_err "kbench: collect sleep: $T/fake/testsleep -l: listed method 'nano\\x1b]0;PWN\\x07sleep': expected letters, digits, '_', '.' and '-'" \
    "a listed method with control codes: refused, shown visible"
[ ! -e h.db ] || [ "$(db_query h.db 'SELECT count(*) FROM run')" = 0 ]
check $? "a listed method with control codes: no run made"

# 6. A nightly's fact command that closes its output and runs on: the
# signal ends it (not its 60 s limit, nor its end) ...
cat >f.conf <<'EOF2'
database  f.db
label     f
fact-command slow echo hi; echo $$ >"$T/ready"; exec >/dev/null; exec sleep 1000
collect   sleep -q -r 1 -m nanosleep -u 1 -n 2
EOF2
bg nightly -f f.conf
kill -TERM "$kbpid"
finish "nightly, a fact command with its output closed, SIGTERM"
expect_rc 143 "nightly, a fact command with its output closed, SIGTERM"
gone "$(cat "$T/ready")" "the fact command that closed its output"
# ... and, once a signal came, no later fact command is started.
cat >f.conf <<'EOF2'
database  f.db
label     f
fact-command slow echo $$ >"$T/ready"; exec sleep 1000
fact-command later : >"$T/later"; echo later
collect   sleep -q -r 1 -m nanosleep -u 1 -n 2
EOF2
rm -f "$T/later"
bg nightly -f f.conf
kill -TERM "$kbpid"
finish "nightly, SIGTERM in a fact command"
expect_rc 143 "nightly, SIGTERM in a fact command"
expect_err "kbench: nightly: f.conf:3: fact-command slow: interrupted: killed: the fact is left out" \
    "nightly, SIGTERM in a fact command: it is named, no other"
[ ! -e "$T/later" ]; check $? "nightly, SIGTERM: the later fact command not started"
