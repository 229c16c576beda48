#!/bin/sh
# tests/cli/pg.sh, the throwaway PostgreSQL server the store's tests use:
# it starts, as an unprivileged user, on a socket only; role kb needs its
# password; pg_stop leaves nothing; nor does a test that exits, is
# terminated, or is SIGKILLed (the watchdog).
. "$(dirname "$0")/lib.sh"
. "$KBENCH_TOP/tests/cli/pg.sh"
export KBENCH_TOP

# procs_in DIR: the processes working in DIR/data (every postgres process
# chdirs there), from /proc; nothing where there is none.
procs_in() {
	for _p in /proc/[0-9]*; do
		case $(readlink "$_p/cwd" 2>/dev/null) in
		"$1/data" | "$1/data "*) echo "${_p#/proc/}" ;;
		esac
	done
}

# gone DIR PID: DIR removed, its postmaster PID and every process in it
# ended.
gone() {
	[ ! -e "$1" ] && ! pg_alive "$2" && [ -z "$(procs_in "$1")" ]
}

# A test of its own: sources lib.sh and pg.sh, starts a server, says
# "DIR PID", then ends as $1 says: "exit", or waits to be killed.
cat >"$T/kid.sh" <<'EOF'
. "$KBENCH_TOP/tests/cli/lib.sh"
. "$KBENCH_TOP/tests/cli/pg.sh"
pg_start || exit 1
echo "started $PG_DIR $PG_PID"
[ "$1" = exit ] && exit 0
while :; do sleep 1; done
EOF

# kid NAME HOW: the test above in the background, its TMPDIR in ours (out
# of the server user's reach: pg.sh must fall back to /tmp), its pid in
# $T/NAME.pid.
kid() {
	mkdir "$T/$1"
	TMPDIR=$T/$1 sh "$T/kid.sh" "$2" >"$T/$1.out" 2>&1 &
	echo $! >"$T/$1.pid"
}

# started NAME: the kid said "started": 60 s at most.
started() {
	_i=0
	until grep -q '^started ' "$T/$1.out"; do
		[ $_i -ge 600 ] && return 1
		sleep 0.1
		_i=$((_i + 1))
	done
}

# The three kids start while the checks below run.
kid kexit exit
kid kterm wait
kid kkill wait

if ! pg_start; then
	exit 0
fi
ok "pg_start: a server as $PG_OSUSER in $PG_DIR ($PG_BINDIR)"

v=$(pg_sql 'select 1' 2>&1)
if [ "$v" = 1 ]; then ok "pg_sql: select 1"; else not_ok "pg_sql: select 1: '$v'"; fi

# No TCP: the setting, the log, and what listens.
v=$(pg_sql 'show listen_addresses' 2>&1)
if [ -z "$v" ]; then ok "listen_addresses is empty"; else
	not_ok "listen_addresses is '$v'"; fi
if grep -q 'listening on IPv' "$PG_DIR/log"; then
	not_ok "the server listens on TCP: $(grep 'listening on' "$PG_DIR/log")"
else
	ok "the log says no TCP listener"
fi
if command -v ss >/dev/null; then
	if ss -ltnp | grep -q "pid=$PG_PID,"; then
		not_ok "ss -ltnp: postmaster $PG_PID listens: $(ss -ltnp | grep "pid=$PG_PID,")"
	else
		ok "ss -ltnp: postmaster $PG_PID listens on no TCP port"
	fi
fi
[ -S "$PG_SOCK/.s.PGSQL.5432" ]
check $? "the Unix socket is in PG_SOCK"

# Unprivileged: the data's owner and the server's user.
# shellcheck disable=SC2012 # the owner of one known file
u=$(ls -ldn "$PG_DIR/data" | awk '{ print $3 }')
if [ "$u" != 0 ]; then ok "the data directory is uid $u's"; else
	not_ok "the data directory is root's"; fi
u=$(ps -o uid= -p "$PG_PID" | tr -d ' ')
if [ -n "$u" ] && [ "$u" != 0 ]; then ok "the server runs as uid $u"; else
	not_ok "the server runs as uid '$u'"; fi

# Credentials: kb by password only; the admin without one.
kbnopw="postgresql://kb@/kbench?host=$PG_SOCK"
if ! "$PG_PSQL" -X -At -w -d "$kbnopw" -c 'select 1' >"$T/out" 2>"$T/err" &&
    grep -q password "$T/err"; then
	ok "kb without a password: refused"
else
	not_ok "kb without a password: $(cat "$T/out" "$T/err")"
fi
if ! PGPASSWORD=${PG_PASSWORD}x "$PG_PSQL" -X -At -w -d "$kbnopw" \
    -c 'select 1' >"$T/out" 2>"$T/err" &&
    grep -q 'password authentication failed for user "kb"' "$T/err"; then
	ok "kb with a wrong password: refused"
else
	not_ok "kb with a wrong password: $(cat "$T/out" "$T/err")"
fi
v=$(PGPASSWORD=$PG_PASSWORD "$PG_PSQL" -X -At -w -d "$kbnopw" -c 'select current_user' 2>&1)
if [ "$v" = kb ]; then ok "kb with PGPASSWORD=\$PG_PASSWORD"; else
	not_ok "kb with PGPASSWORD=\$PG_PASSWORD: '$v'"; fi
v=$("$PG_PSQL" -X -At -w -d "$PG_URI" -c 'select current_user, current_database()' 2>&1)
if [ "$v" = "kb|kbench" ]; then ok "PG_URI: kb in kbench"; else
	not_ok "PG_URI: '$v'"; fi
case $PG_PASSWORD in kbpw????????????????) ok "PG_PASSWORD is kbpw and 16 digits" ;;
*) not_ok "PG_PASSWORD is '$PG_PASSWORD'" ;; esac
v=$(pg_sql "select rolpassword like 'SCRAM-SHA-256\$%' from pg_authid where rolname = 'kb'" 2>&1)
if [ "$v" = t ]; then ok "kb's password is stored as SCRAM"; else
	not_ok "kb's password stored as SCRAM: '$v'"; fi
v=$(pg_sql "select current_user, rolsuper from pg_roles where rolname = current_user" 2>&1)
if [ "$v" = "kbench_admin|t" ]; then ok "PG_ADMIN_URI: the superuser"; else
	not_ok "PG_ADMIN_URI: '$v'"; fi
v=$(pg_sql "select pg_get_userbyid(datdba), pg_encoding_to_char(encoding), datcollate from pg_database where datname = 'kbench'" 2>&1)
if [ "$v" = "kb|UTF8|C" ]; then ok "database kbench: kb's, UTF8, C"; else
	not_ok "database kbench: '$v'"; fi

# pg_newdb.
uri=$(pg_newdb second 2>&1)
v=$("$PG_PSQL" -X -At -w -d "$uri" -c 'select current_user, current_database()' 2>&1)
if [ "$v" = "kb|second" ]; then ok "pg_newdb: $uri"; else
	not_ok "pg_newdb: '$uri': '$v'"; fi
pg_newdb 'x; drop' >/dev/null 2>&1
check $((! $?)) "pg_newdb: a name that would need quoting is refused"

# A test run as nobody (as_user) reaches the socket, not the data.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	v=$(cd / && setpriv --reuid=nobody --regid=nogroup --clear-groups \
	    "$PG_PSQL" -X -At -w -d "$PG_URI" -c 'select current_user' 2>&1)
	if [ "$v" = kb ]; then ok "nobody connects through the socket"; else
		not_ok "nobody connects through the socket: '$v'"; fi
	setpriv --reuid=nobody --regid=nogroup --clear-groups ls "$PG_DIR/data" \
	    >/dev/null 2>&1
	check $((! $?)) "nobody cannot list the data directory"
fi

# pg_stop: nothing left; again: nothing done.
dir=$PG_DIR pid=$PG_PID
procs=$(procs_in "$dir")
if [ -n "$procs" ]; then ok "the server's processes: $(echo "$procs" | paste -sd ' ' -)"; else
	[ -d /proc/self ] && not_ok "no process found working in $dir/data"; fi
pg_stop
if gone "$dir" "$pid"; then ok "pg_stop: $dir removed, no process left"; else
	not_ok "pg_stop: left $(ls -d "$dir" 2>/dev/null) $(procs_in "$dir")"; fi
for p in $procs; do
	pg_alive "$p" && not_ok "pg_stop: process $p runs on"
done
pg_stop
check $? "pg_stop again: nothing to do"

# The kids: a normal exit (the EXIT trap), SIGTERM (its trap), SIGKILL
# (no trap: the watchdog).
for k in kexit kterm kkill; do
	if ! started "$k"; then
		not_ok "$k: no server: $(head -c 300 "$T/$k.out")"
		kill -KILL "$(cat "$T/$k.pid")" 2>/dev/null
		continue
	fi
	# shellcheck disable=SC2034 # the word "started"
	read -r word kdir kpid <"$T/$k.out"
	pid=$(cat "$T/$k.pid")
	case $k in
	kterm) kill -TERM "$pid" ;;
	kkill) kill -KILL "$pid" ;;
	esac
	wait "$pid"
	st=$?
	if wait_for gone "$kdir" "$kpid"; then
		ok "$k (status $st): $kdir removed, no process left"
	else
		not_ok "$k (status $st): after 10 s, left $(ls -d "$kdir" 2>/dev/null) $(procs_in "$kdir")"
		# Not to leave it behind.
		kill -QUIT "$kpid" 2>/dev/null
		rm -rf "$kdir"
	fi
done
