# shellcheck shell=sh
# tests/cli/pg.sh: a throwaway PostgreSQL server for a test.  Source it
# after lib.sh, then:
#
#	. "$KBENCH_TOP/tests/cli/pg.sh"
#	pg_start || exit 0	# it said "skip" or "not ok" and why
#
# The server runs as an unprivileged user (root: "postgres" if it exists,
# else "nobody"; anyone else: themselves) in a directory of its own under
# ${TMPDIR:-/tmp} (/tmp when that is out of the user's reach), with its
# Unix socket there and no TCP port at all.  It is removed at exit, on
# INT, TERM and HUP; a watchdog removes it when the test is SIGKILLed.
#
# What pg_start sets (exported):
#   PG_DIR        the directory (data/, the socket, the logs)
#   PG_SOCK       the socket's directory (= PG_DIR: 0711, so that a test
#                 run as nobody reaches the socket, not the data)
#   PG_PASSWORD   role kb's password, "kbpw" and 16 hex digits: grep
#                 kbench's outputs for it
#   PG_URI        postgresql://kb:PASSWORD@/kbench?host=PG_SOCK
#   PG_ADMIN_URI  postgresql:///kbench?host=PG_SOCK&user=kbench_admin
#   PG_PID        the postmaster's pid
#   PG_BINDIR     where initdb, pg_ctl and postgres were found
#   PG_PSQL       the psql to use (PG_BINDIR's, else the one on PATH)
#   PG_OSUSER     the user the server runs as
# Authentication (pg_hba.conf): kbench_admin, the superuser, without a
# password; every other role (kb, and any a test makes) by SCRAM only.
# Database kbench is owned by kb.
#
# pg_sql QUERY      QUERY as kbench_admin in kbench; values on stdout
# pg_newdb NAME     a fresh database NAME owned by kb; prints its URI
# pg_stop           the server stopped, PG_DIR removed (again: a no-op)
# pg_alive PID      true while PID runs, not as a zombie
#
# pg_start replaces the EXIT trap with 'pg_stop; rm -rf "$T"': a script
# that sets its own EXIT trap afterwards must call pg_stop in it.

# libpq reads these: none of the user's may point a test elsewhere.
unset PGHOST PGHOSTADDR PGPORT PGDATABASE PGUSER PGPASSWORD PGPASSFILE \
    PGSERVICE PGSERVICEFILE PGOPTIONS PGSSLMODE PGREQUIRESSL PGTARGETSESSIONATTRS \
    PGCONNECT_TIMEOUT PGCLIENTENCODING PGAPPNAME PGDATA

PG_DIR=""
_pg_wd=""

# _pg_bindir: the directory holding initdb, pg_ctl and postgres, in
# PG_BINDIR.  pg_config --bindir names Debian's client-only directory;
# Debian keeps the server in /usr/lib/postgresql/VERSION/bin, the newest
# wanted.
_pg_bindir() {
	PG_BINDIR=$(
		if [ -n "${KBENCH_PG_BINDIR:-}" ]; then
			echo "0 $KBENCH_PG_BINDIR"
		else
			for d in /usr/lib/postgresql/*/bin; do
				v=${d%/bin}
				echo "${v##*/} $d"
			done | sort -rn
			echo "0 /usr/local/bin"
		fi | while read -r _ d; do
			if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then
				echo "$d"
				break
			fi
		done
	)
	[ -n "$PG_BINDIR" ]
}

# _pg_as CMD...: CMD as the server's user, from / (the test's directory
# is root's and 0700).
_pg_as() {
	if [ "$(id -u)" -ne 0 ]; then
		(cd / && "$@")
	elif command -v setpriv >/dev/null; then
		(cd / && setpriv --reuid="$_pg_uid" --regid="$_pg_gid" --clear-groups "$@")
	else
		(cd / && runuser -u "$PG_OSUSER" -- "$@")
	fi
}

# pg_alive PID: true while PID runs (a zombie does not: a postmaster
# reparented to an init that is slow to reap stays one a while).
pg_alive() {
	kill -0 "$1" 2>/dev/null || return 1
	case $(ps -o stat= -p "$1" 2>/dev/null) in Z*) return 1 ;; esac
}

# _pg_halt DIR: the postmaster of DIR/data (if any) shut down at once:
# SIGQUIT is pg_ctl's "immediate" mode; root needs no user switch for it,
# which the watchdog wants.  SIGKILL after 10 s.
_pg_halt() {
	_pid=$(sed -n 1p "$1/data/postmaster.pid" 2>/dev/null)
	case $_pid in '' | *[!0-9]*) return 0 ;; esac
	kill -QUIT "$_pid" 2>/dev/null || return 0
	_i=0
	while pg_alive "$_pid"; do
		if [ $_i -ge 100 ]; then
			kill -KILL "$_pid" 2>/dev/null
			break
		fi
		sleep 0.1
		_i=$((_i + 1))
	done
}

# _pg_fail WHAT: a failed start said, with the end of the logs; cleaned.
_pg_fail() {
	not_ok "pg_start: $1"
	for _f in "$PG_DIR/initdb.log" "$PG_DIR/log" "$PG_DIR/pg_ctl.log"; do
		[ -s "$_f" ] && tail -n 5 "$_f" | sed "s|^|#   ${_f##*/}: |"
	done
	pg_stop
	return 1
}

pg_start() {
	if [ -n "$PG_DIR" ]; then
		not_ok "pg_start: one server a test: $PG_DIR runs (pg_newdb for more databases)"
		return 1
	fi
	if ! _pg_bindir; then
		skip "PostgreSQL server (postgresql-15) not installed: make deps"
		return 1
	fi
	if [ -x "$PG_BINDIR/psql" ]; then PG_PSQL=$PG_BINDIR/psql; else PG_PSQL=psql; fi
	if [ "$(id -u)" -eq 0 ]; then
		if id postgres >/dev/null 2>&1; then PG_OSUSER=postgres; else PG_OSUSER=nobody; fi
		if ! command -v setpriv >/dev/null && ! command -v runuser >/dev/null; then
			skip "PostgreSQL server: neither setpriv nor runuser to leave root"
			return 1
		fi
	else
		PG_OSUSER=$(id -un)
	fi
	_pg_uid=$(id -u "$PG_OSUSER") _pg_gid=$(id -g "$PG_OSUSER")

	# Cleaned at exit and on a signal from here on; lib.sh's $T too.
	trap 'pg_stop; [ -z "${T:-}" ] || rm -rf "$T"' EXIT
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 143' TERM

	# The directory: the server's user must reach it (TMPDIR may be
	# root's), its path must need no quoting in pg_ctl's command line nor
	# in a URI, and the socket's path must fit in sun_path (107 bytes).
	for _base in "${TMPDIR:-/tmp}" /tmp; do
		PG_DIR=$(mktemp -d "$_base/kbench-pg.XXXXXX" 2>/dev/null) || continue
		chown "$_pg_uid:$_pg_gid" "$PG_DIR" && chmod 0711 "$PG_DIR" &&
		    _pg_as test -w "$PG_DIR" &&
		    case $PG_DIR in *[!A-Za-z0-9/._-]*) false ;; esac &&
		    [ ${#PG_DIR} -le 80 ] && break
		rm -rf "$PG_DIR"
		PG_DIR=""
	done
	[ -n "$PG_DIR" ] || { _pg_fail "no directory the server's user ($PG_OSUSER) can write"; return 1; }
	PG_SOCK=$PG_DIR

	# The watchdog: when this shell is gone without its traps (SIGKILL),
	# the server goes too.  $$ is this shell even in the subshell.  Its
	# descriptors are /dev/null: none holds the test's output pipe open.
	(
		# Not the shell's traps (pg_stop ends it with TERM).
		trap - EXIT TERM
		trap '' HUP INT
		while kill -0 $$ 2>/dev/null && [ -d "$PG_DIR" ]; do sleep 1; done
		# pg_ctl may still be starting it: twice.
		_pg_halt "$PG_DIR"
		sleep 1
		_pg_halt "$PG_DIR"
		rm -rf "$PG_DIR"
	) </dev/null >/dev/null 2>&1 &
	_pg_wd=$!

	PG_PASSWORD=kbpw$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
	# kbench_admin trusted, as the superuser the tests set up with; other
	# roles by password only; no TCP (nothing listens anyway).
	_pg_as "$PG_BINDIR/initdb" -D "$PG_DIR/data" -U kbench_admin \
	    --auth-local=trust --auth-host=reject --locale=C -E UTF8 --no-sync \
	    >"$PG_DIR/initdb.log" 2>&1 || { _pg_fail "initdb failed"; return 1; }
	# Truncated, not replaced: the file stays the server's user's.
	cat >"$PG_DIR/data/pg_hba.conf" <<-EOF
	# tests/cli/pg.sh: the socket only; the superuser trusted, every other
	# role by SCRAM.
	local all kbench_admin trust
	local all all scram-sha-256
	EOF
	# listen_addresses '': no TCP port.  The password stored as SCRAM
	# whatever the version's default.  fsync off: a throwaway.
	# KBENCH_PG_OPTS, more "-c name=value" (later ones win): make bench's
	# server is durable, as a lab's is.
	_pg_as "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -t 60 \
	    -o "-c listen_addresses='' -c unix_socket_directories='$PG_SOCK' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=40 -c shared_buffers=16MB -c password_encryption=scram-sha-256 ${KBENCH_PG_OPTS:-}" \
	    start >"$PG_DIR/pg_ctl.log" 2>&1 || { _pg_fail "pg_ctl start failed"; return 1; }
	PG_PID=$(sed -n 1p "$PG_DIR/data/postmaster.pid")

	PG_ADMIN_URI="postgresql:///kbench?host=$PG_SOCK&user=kbench_admin"
	PG_URI="postgresql://kb:$PG_PASSWORD@/kbench?host=$PG_SOCK"
	"$PG_PSQL" -X -q -v ON_ERROR_STOP=1 \
	    -d "postgresql:///postgres?host=$PG_SOCK&user=kbench_admin" \
	    -c "CREATE ROLE kb LOGIN PASSWORD '$PG_PASSWORD'" \
	    -c "CREATE DATABASE kbench OWNER kb" >"$PG_DIR/setup.log" 2>&1 ||
	    { _pg_fail "creating role kb and database kbench: $(head -c 200 "$PG_DIR/setup.log")"; return 1; }
	export PG_DIR PG_SOCK PG_PASSWORD PG_URI PG_ADMIN_URI PG_PID PG_BINDIR \
	    PG_PSQL PG_OSUSER
}

# pg_sql QUERY: QUERY as the superuser in database kbench, unaligned,
# tuples only; stops at the first error.
pg_sql() {
	"$PG_PSQL" -X -At -v ON_ERROR_STOP=1 -d "$PG_ADMIN_URI" -c "$1"
}

# pg_newdb NAME: a fresh database owned by kb; its URI, with the password.
pg_newdb() {
	case $1 in '' | [!a-z]* | *[!a-z0-9_]*)
		echo "pg_newdb: '$1': a lower-case letter, then letters, digits and _" >&2
		return 2 ;;
	esac
	pg_sql "CREATE DATABASE $1 OWNER kb" >/dev/null || return 1
	echo "postgresql://kb:$PG_PASSWORD@/$1?host=$PG_SOCK"
}

# pg_stop: the server shut down and its directory removed; the watchdog
# ended.  Safe to call again, or before pg_start.
pg_stop() {
	[ -n "$PG_DIR" ] || return 0
	if [ -f "$PG_DIR/data/postmaster.pid" ]; then
		_pg_as "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m immediate -w -t 10 \
		    stop >/dev/null 2>&1 || _pg_halt "$PG_DIR"
	fi
	[ -z "$_pg_wd" ] || kill "$_pg_wd" 2>/dev/null
	rm -rf "$PG_DIR"
	PG_DIR="" _pg_wd=""
}
