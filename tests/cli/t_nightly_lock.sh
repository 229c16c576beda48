#!/bin/sh
# kbench nightly's lock and what a "running" mark believes (issue 26,
# findings 18 and 20): two nights of one database through a symbolic
# link and through a hard link (each has a lock file of its own name):
# the second is locked out, status 75; a run or a nightly marked running
# by a pid that is alive but another process (another boot id, another
# start time) is shown dead, and a lock file naming such a holder is
# taken over.
. "$(dirname "$0")/lib.sh"

unset KBENCH_LIBEXEC
TODAY=$(date +%Y-%m-%d)

# 1. Finding 18.  The first night holds the lock while its fact command
# waits for "go" (it says so with "held"): no timing involved.
cat >first.conf <<'EOF2'
database  lab.db
name      lab
label     night-%Y-%m-%d
fact-command wait touch held; while [ ! -e go ]; do sleep 0.05; done; echo done
collect   sleep -q -r 1 -m nanosleep -u 1 -n 2
EOF2
cat >quick.conf <<'EOF2'
database  quick.db
name      lab
label     night-%Y-%m-%d
collect   sleep -q -r 1 -m nanosleep -u 1 -n 2
EOF2
printf 'database  lab.db\n' >lab.conf
sed 1d quick.conf >>lab.conf
chmod 644 ./*.conf
# The first night makes the database; the links are made to it.
kb nightly -f lab.conf -q
expect_rc 0 "a first night, then the links"
mkdir -p other
ln -s lab.db sym.db
printf 'database  sym.db\n' >sym.conf
printf 'database  hard.db\n' >other/hard.conf
sed 1d quick.conf | tee -a sym.conf >>other/hard.conf
chmod 644 sym.conf other/hard.conf

"$KBENCH" nightly -f first.conf >first.out 2>first.err &
first=$!
while [ ! -e held ] && kill -0 $first 2>/dev/null; do sleep 0.05; done
[ -e held ]; check $? "the first night holds its locks (its fact command runs)"
ino=$(stat -c '%d-%i' lab.db)
# The user's lock directory (issue 26, finding 1): root's in /var/run.
if [ "$(id -u)" -eq 0 ]; then
	lockdir=/var/run/kbench-locks
else
	lockdir=$(getent passwd "$(id -u)" | cut -d: -f6)/.kbench-locks
fi
lock=$lockdir/$ino
for c in sym.conf other/hard.conf; do
	# The hard link is made after the symbolic link's turn: while the
	# file has one name only, the night locked out is logged.
	case $c in sym.conf) db=sym.db ;; *) db=other/hard.db; ln lab.db $db ;; esac
	kb nightly -f $c
	expect_rc 75 "$c: a night of the same database under another name, locked out"
	holder=$(head -1 "$lock")
	msg="kbench: nightly: another kbench nightly holds $lock, the lock of database $db under any name ($holder): not starting"
	# Not logged through a hard link: its own -wal would lose the
	# holder's writes.
	[ $db = sym.db ] || msg="$msg
kbench: nightly: not logged: $db has 2 names (hard links): a write through this one while another night writes would be lost"
	expect_err "$msg" "$c: says who holds the database's lock"
	expect_empty_out "$c: locked out"
done
# Nor when the night fails before either lock (its lock file a link
# someone planted) or its configuration is refused: neither holds the
# database's lock, so neither may write through a hard link (found by
# the attack on this change: the holder's row was lost).
rm -f other/hard.db.nightly.lock
ln -s /nonexistent other/hard.db.nightly.lock
kb nightly -f other/hard.conf
expect_rc 4 "a planted link as the lock file, through the hard link"
expect_err "kbench: nightly: lock other/hard.db.nightly.lock: a symbolic link: not followed
kbench: nightly: not logged: other/hard.db has 2 names (hard links): a write through this one while another night writes would be lost" \
    "a planted link as the lock file: not logged through the hard link"
rm other/hard.db.nightly.lock
sed 's/-m nanosleep/-m nosuchmethod/' other/hard.conf >other/bad.conf
chmod 644 other/bad.conf
kb nightly -f other/bad.conf
expect_rc 2 "a refused configuration, through the hard link"
grep -q "^kbench: nightly: not logged: other/hard.db has 2 names" "$T/err"
check $? "a refused configuration: not logged through the hard link"
case $(head -1 "$lock") in
"pid $first, started "*", config first.conf") ok "the lock names the first night" ;;
*) not_ok "the lock names the first night: $(head -1 "$lock")" ;;
esac
touch go
wait $first
rc=$?
expect_rc 0 "the first night ends"
s=$(db_query lab.db "SELECT group_concat(label || ' ' || status, ', ') FROM nightly WHERE id > 1")
[ "$s" = "night-$TODAY.2 ok, night-$TODAY locked-out" ]
check $? "one night ran, the other two were locked out, the symbolic link's logged ($s)"
[ "$(db_query lab.db "PRAGMA integrity_check")" = ok ]; check $? "the database is whole"
s=$(db_query lab.db "SELECT count(DISTINCT label) = count(*) FROM run")
[ "$s" = 1 ]; check $? "no two runs took the same label"
kb nightly -f other/hard.conf
expect_rc 0 "through the hard link, once the lock is free"
kb nightly -f sym.conf
expect_rc 0 "through the symbolic link, once the lock is free"

# 2. Finding 20.  Identities: the test's own shell is alive; its boot
# id and start time are what kbench records (Linux).
if [ ! -r /proc/sys/kernel/random/boot_id ]; then
	echo "SKIP: no /proc/sys/kernel/random/boot_id"
	exit 0
fi
boot=$(cat /proc/sys/kernel/random/boot_id)
start=$(sed 's/.*) //' /proc/$$/stat | cut -d ' ' -f 20)
me="$boot/$start"
otherboot="00000000-0000-4000-8000-000000000000/$start"
later="$boot/$((start + 1))"

# A run, then marked running by the live shell, with each identity.
kb collect sleep -q -r 1 -m nanosleep -u 1 -n 2 --label r
expect_rc 0 "a run"
s=$(db_query "$KBENCH_DB" "SELECT count(*) FROM run_fact WHERE key = 'collector_process'
    AND value LIKE '$boot/%'")
[ "$s" = 1 ]; check $? "the run records its collector's boot id and start time"
db_query "$KBENCH_DB" "UPDATE run SET status = 'running', ended_at = NULL;
    UPDATE run_fact SET value = '$$' WHERE key = 'collector_pid'"
run_status() {	# run_status IDENTITY|-: the status kbench runs shows
	if [ "$1" = - ]; then
		db_query "$KBENCH_DB" "DELETE FROM run_fact WHERE key = 'collector_process'"
	else
		db_query "$KBENCH_DB" "UPDATE run_fact SET value = '$1' WHERE key = 'collector_process'"
	fi
	kb runs
	awk 'NR == 2 { print $4 }' "$T/out"
}
[ "$(run_status "$me")" = running ]
check $? "a run marked running by a live collector of that identity: running"
[ "$(run_status "$otherboot")" = incomplete ]
check $? "its pid alive, but the run of another boot: incomplete"
[ "$(run_status "$later")" = incomplete ]
check $? "its pid alive, but another start time (the pid reused): incomplete"
kb runs --json
grep -q '"status":"incomplete"' "$T/out"; check $? "--json says incomplete too"
[ "$(run_status -)" = running ]
check $? "a run of an older kbench (no identity), its pid alive: running, as before"

# Nightlies marked running by the live shell, with each identity.
host=$(db_query lab.db "SELECT host FROM nightly WHERE id = 1")
db_query lab.db "INSERT INTO nightly (name, label, config, host, pid, started_at,
    status, process) VALUES
    ('x', 'a', 'x.conf', '$host', $$, '2026-01-01T00:00:00.000Z', 'running', '$me'),
    ('x', 'b', 'x.conf', '$host', $$, '2026-01-01T00:00:00.000Z', 'running', '$otherboot'),
    ('x', 'c', 'x.conf', '$host', $$, '2026-01-01T00:00:00.000Z', 'running', '$later'),
    ('x', 'd', 'x.conf', '$host', $$, '2026-01-01T00:00:00.000Z', 'running', NULL)"
kb -d lab.db nightly --list
awk '$2 == "x" { print $3, $6 }' "$T/out" >got
printf '%s\n' "a running" "b dead" "c dead" "d running" >want
cmp -s want got; check $? "--list: another boot's or start time's nightly is dead ($(tr '\n' ' ' <got))"
s=$(db_query lab.db "SELECT count(*) FROM nightly WHERE status = 'ok' AND process LIKE '$boot/%'")
[ "$s" -ge 3 ]; check $? "each night logs its boot id and start time ($s)"

# A lock file naming a live pid that does not hold it: taken over.
echo "pid $$, started 2026-01-01T00:00:00.000Z, config x.conf" >lab.db.nightly.lock
echo "pid $$, started 2026-01-01T00:00:00.000Z, config x.conf" >"$lock"
kb nightly -f lab.conf
expect_rc 0 "a lock naming a live pid that does not hold it: taken over"
case $(head -1 "$lock") in
"pid $$,"*) not_ok "the lock names the new holder: $(head -1 "$lock")" ;;
*) ok "the lock names the new holder" ;;
esac

# 3. Issue 26, finding 10: "incomplete" fits the STATUS column: the
# STARTED column begins where its heading does.
db_query "$KBENCH_DB" "INSERT OR REPLACE INTO run_fact (run_id, key, value)
    SELECT id, 'collector_process', '$otherboot' FROM run"
kb runs
[ "$(awk 'NR == 2 { print $4 }' "$T/out")" = incomplete ]
check $? "kbench runs: the run is incomplete"
h=$(head -1 "$T/out" | awk '{ print index($0, "STARTED") }')
r=$(sed -n 2p "$T/out" | awk '{ print index($0, " 20") + 1 }')
[ "$h" = "$r" ]; check $? "kbench runs: incomplete does not push STARTED out of its column ($h, $r)"

# 4. Finding 3: /proc hiding another user's process (hidepid=2, here a
# tmpfs over /proc/PID): the process is alive (kill(2) says so), its
# identity unknown: running, as before identities, not dead.
if [ "$(id -u)" -eq 0 ] && unshare -m true 2>/dev/null; then
	unshare -m sh -c 'mount -t tmpfs tmpfs /proc/$1 &&
	    exec "$KBENCH" -d lab.db nightly --list' sh $$ >"$T/out" 2>"$T/err"
	awk '$2 == "x" && $3 == "a" { print $6 }' "$T/out" >got
	[ "$(cat got)" = running ]
	check $? "a live nightly whose /proc entry is hidden: running ($(cat got))"
	db_query "$KBENCH_DB" "UPDATE run_fact SET value = '$me' WHERE key = 'collector_process'"
	unshare -m sh -c 'mount -t tmpfs tmpfs /proc/$1 && exec "$KBENCH" runs' \
	    sh $$ >"$T/out" 2>"$T/err"
	s=$(awk 'NR == 2 { print $4 }' "$T/out")
	[ "$s" = running ]; check $? "a live collect whose /proc entry is hidden: running ($s)"
else
	skip "finding 3: needs root and unshare -m (CI runs as root)"
fi

# 5. Finding 4: a process name holding a newline (and a ")") does not
# defeat the identity: its start time is read after the last ")".
if command -v perl >/dev/null; then
	# perl's $0 is the process name (prctl PR_SET_NAME) on Linux.
	perl -e '$0 = "x) 1\nboom"; open(F, ">named"); close(F); sleep 300' &
	p=$!
	wait_for test -e named
	pstart=$(tail -n 1 /proc/$p/stat | sed 's/.*) //' | cut -d ' ' -f 20)
	db_query lab.db "INSERT INTO nightly (name, label, config, host, pid, started_at,
	    status, process) VALUES
	    ('y', 'a', 'y.conf', '$host', $p, '2026-01-01T00:00:00.000Z', 'running', '$boot/$pstart'),
	    ('y', 'b', 'y.conf', '$host', $p, '2026-01-01T00:00:00.000Z', 'running', '$otherboot')"
	kb -d lab.db nightly --list
	kill $p
	awk '$2 == "y" { print $3, $6 }' "$T/out" >got
	printf '%s\n' "a running" "b dead" >want
	cmp -s want got; check $? "a name with a newline: its identity is read whole ($(tr '\n' ' ' <got))"
else
	skip "finding 4: no perl to name a process"
fi

# 6. Finding 1: the lock directory is one no other user can make first.
# In a private /tmp and /run, another uid squats the old place,
# /tmp/kbench-locks-0: root's night is not locked out by it.  The build
# directory is bound into the private /run first: a clone under /tmp
# would be hidden by the private /tmp.
if [ "$(id -u)" -eq 0 ] && unshare -m true 2>/dev/null; then
	unshare -m sh -c 'mount -t tmpfs -o mode=755 tmpfs /run &&
	    mkdir /run/kb && mount --bind "$2" /run/kb &&
	    mount -t tmpfs -o mode=1777 tmpfs /tmp && cd /tmp &&
	    printf "database q.db\n%s\n" "$1" >q.conf && chmod 644 q.conf &&
	    setpriv --reuid=1235 --regid=1235 --clear-groups mkdir -m 700 /tmp/kbench-locks-0 &&
	    /run/kb/kbench nightly -f q.conf -q; echo "rc $?";
	    stat -c "%a %u" /var/run/kbench-locks; ls /var/run/kbench-locks | wc -l' \
	    sh "$(sed 1d quick.conf)" "$(cd "$(dirname "$KBENCH")" && pwd)" >"$T/out" 2>"$T/err"
	printf 'rc 0\n700 0\n1\n' >want
	cmp -s want "$T/out"
	check $? "a squatted /tmp/kbench-locks-0 locks root out of nothing: $(tr '\n' ' ' <"$T/out") $(cat "$T/err")"
else
	skip "finding 1: needs root and unshare -m (CI runs as root)"
fi
# The dry run checks the lock directory too (KBENCH_LOCK_DIR: tests).
mkdir -m 700 squat
chown 1235:1235 squat 2>/dev/null || chmod 755 squat
KBENCH_LOCK_DIR=$T/squat kb nightly -f quick.conf -n
expect_rc 4 "a dry run with an unusable lock directory"
expect_err "kbench: nightly: lock directory $T/squat: owned by uid $(stat -c %u squat), mode $(stat -c %04a squat): expected uid $(id -u)'s, mode 0700: not used (remove it)" \
    "the dry run says why the lock directory would not be used"
mkdir -m 700 mine
KBENCH_LOCK_DIR=$T/mine kb nightly -f quick.conf -q
expect_rc 0 "a night with KBENCH_LOCK_DIR"
[ -f "mine/$(stat -c '%d-%i' quick.db)" ]; check $? "KBENCH_LOCK_DIR holds the database's lock"

# 7. Finding 2: the lock keyword never truncates the database, its
# -wal or -shm, the configuration, or a file that is not a lock.
printf 'lock      quick.db\n' >dbl.conf
printf 'lock      dbl2.conf\n' >dbl2.conf
echo "precious data" >notalock
printf 'lock      notalock\n' >other.conf
for c in dbl dbl2 other; do cat quick.conf >>$c.conf; done
chmod 644 dbl.conf dbl2.conf other.conf
for c in dbl:"lock quick.db: it is the database quick.db: not used as a lock" \
    dbl2:"lock dbl2.conf: it is the configuration dbl2.conf: not used as a lock" \
    other:"lock notalock: a file of 14 bytes that is not a kbench lock (\"pid N, started T, config C\"): not truncated"; do
	f=${c%%:*}.conf
	kb nightly -f "$f" -n
	expect_rc 2 "$f: the dry run refuses the lock"
	expect_err "kbench: nightly: ${c#*:}" "$f: the dry run says why"
	kb nightly -f "$f" -q
	expect_rc 4 "$f: the night refuses the lock"
	expect_err "kbench: nightly: ${c#*:}" "$f: the night says why"
done
[ "$(db_query quick.db "PRAGMA integrity_check")" = ok ]; check $? "the database is whole"
[ "$(cat notalock)" = "precious data" ]; check $? "a file that is not a lock is untouched"
head -c 6 dbl2.conf | grep -q '^lock' ; check $? "the configuration is untouched"
# The database not made yet (the first night): its name alone tells.
printf 'database  fresh.db\nlock      fresh.db-wal\n' >fresh.conf
sed 1d quick.conf >>fresh.conf
chmod 644 fresh.conf
kb nightly -f fresh.conf -n
expect_rc 2 "a dry run whose lock is the -wal of a database not made yet"
expect_err "kbench: nightly: lock fresh.db-wal: it is the database fresh.db-wal: not used as a lock" \
    "the dry run tells a lock named as the database's -wal"
