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
lock=/tmp/kbench-locks-$(id -u)/$ino
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
s=$(sql lab.db "SELECT group_concat(label || ' ' || status, ', ') FROM nightly WHERE id > 1")
[ "$s" = "night-$TODAY.2 ok, night-$TODAY locked-out" ]
check $? "one night ran, the other two were locked out, the symbolic link's logged ($s)"
[ "$(sql lab.db "PRAGMA integrity_check")" = ok ]; check $? "the database is whole"
s=$(sql lab.db "SELECT count(DISTINCT label) = count(*) FROM run")
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
s=$(sql "$KBENCH_DB" "SELECT count(*) FROM run_fact WHERE key = 'collector_process'
    AND value LIKE '$boot/%'")
[ "$s" = 1 ]; check $? "the run records its collector's boot id and start time"
sql "$KBENCH_DB" "UPDATE run SET status = 'running', ended_at = NULL;
    UPDATE run_fact SET value = '$$' WHERE key = 'collector_pid'"
run_status() {	# run_status IDENTITY|-: the status kbench runs shows
	if [ "$1" = - ]; then
		sql "$KBENCH_DB" "DELETE FROM run_fact WHERE key = 'collector_process'"
	else
		sql "$KBENCH_DB" "UPDATE run_fact SET value = '$1' WHERE key = 'collector_process'"
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
host=$(sql lab.db "SELECT host FROM nightly WHERE id = 1")
sql lab.db "INSERT INTO nightly (name, label, config, host, pid, started_at,
    status, process) VALUES
    ('x', 'a', 'x.conf', '$host', $$, '2026-01-01T00:00:00.000Z', 'running', '$me'),
    ('x', 'b', 'x.conf', '$host', $$, '2026-01-01T00:00:00.000Z', 'running', '$otherboot'),
    ('x', 'c', 'x.conf', '$host', $$, '2026-01-01T00:00:00.000Z', 'running', '$later'),
    ('x', 'd', 'x.conf', '$host', $$, '2026-01-01T00:00:00.000Z', 'running', NULL)"
kb -d lab.db nightly --list
awk '$2 == "x" { print $3, $6 }' "$T/out" >got
printf '%s\n' "a running" "b dead" "c dead" "d running" >want
cmp -s want got; check $? "--list: another boot's or start time's nightly is dead ($(tr '\n' ' ' <got))"
s=$(sql lab.db "SELECT count(*) FROM nightly WHERE status = 'ok' AND process LIKE '$boot/%'")
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
