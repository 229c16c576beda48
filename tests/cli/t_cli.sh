#!/bin/sh
# The kbench command itself: help, version, dispatch, exit codes, and
# opening databases that are missing, foreign, too new or read-only.
. "$(dirname "$0")/lib.sh"

kb --version
expect_rc 0 "--version"
grep -q '^kbench [0-9][0-9.]*$' "$T/out"; check $? "--version prints 'kbench X.Y.Z'"

kb help
expect_rc 0 "help"
for c in analyze collect export facts import merge ministat plot report runs trend; do
	grep -q "^   $c " "$T/out"; check $? "help lists $c"
done
kb help import
expect_rc 0 "help import"
head -1 "$T/out" | grep -q '^usage: kbench import'; check $? "help import shows its usage"
kb import --help
expect_rc 0 "import --help"
head -1 "$T/out" | grep -q '^usage: kbench import'; check $? "import --help is help import"
# Every command of the table (as kbench help lists it) and every
# sub-command: --help is help, on stdout, exit 0.
kb help
cmds=$(sed -n 's/^   \([a-z][a-z]*\)  .*/\1/p' "$T/out" | tr '\n' ' ')
[ "$cmds" = "analyze collect export facts import merge ministat nightly plot report runs site trend " ]
check $? "the command table is the one tested below (got $cmds)"
for c in analyze "collect sleep" "collect lock" collect export facts import \
    merge ministat nightly "plot sleep" "plot lock" "plot compare" \
    "plot dist" "plot trend" plot report runs site trend; do
	# shellcheck disable=SC2086 # the sub-command is meant to split
	kb $c --help
	first=${c%% *}
	[ "$rc" -eq 0 ] && head -1 "$T/out" | grep -q "^usage: kbench $first" &&
	    [ ! -s "$T/err" ]
	check $? "$c --help: its usage on stdout, exit 0 (exit $rc)"
done
kb collect lock -t 1 --help
expect_rc 0 "--help after other options is help too"

kb
expect_rc 2 "no command"
kb frobnicate
expect_rc 2 "unknown command"
expect_err "kbench: 'frobnicate' is not a kbench command (kbench help lists them)" "unknown command"
kb help frobnicate
expect_rc 2 "help on an unknown command"
kb --bogus
expect_rc 2 "unknown global option"
kb runs --bogus
expect_rc 2 "unknown command option"

# Databases: missing, named by -d, $KBENCH_DB or --db after the command.
kb runs
expect_rc 2 "runs on a missing database"
expect_err "kbench: runs: $T/kbench.db: no such database (kbench import or kbench collect creates one; -d PATH chooses another)" \
    "a missing database is named"
[ ! -e "$T/kbench.db" ]; check $? "reading does not create a database"
printf 'm,v\nx,1\n' >one.csv
kb -d one.db import -q --value v one.csv
expect_rc 0 "import with -d"
kb runs --db one.db
expect_rc 0 "--db after the command"
grep -q 'one.csv' "$T/out"; check $? "--db after the command opens that database"
KBENCH_DB=one.db "$KBENCH" runs >/dev/null 2>&1; check $? "\$KBENCH_DB names the database"
kb runs --db
expect_rc 2 "--db without a path"

# Not a database at all.
echo "hello, I am a text file" >text.db
kb -d text.db runs
expect_rc 3 "a text file as database"
expect_err "kbench: runs: text.db: not an SQLite database" "a text file as database"

# An SQLite database of someone else.
sqlite3 other.db "CREATE TABLE t (x); INSERT INTO t VALUES (1);"
kb -d other.db runs
expect_rc 3 "another program's SQLite database"
expect_err "kbench: runs: other.db: an SQLite database, but not kbench's (application_id 0, 1 schema objects)" \
    "another program's SQLite database"

# A database from a newer kbench.
cp one.db newer.db
sqlite3 newer.db "PRAGMA user_version = 999;" >/dev/null
kb -d newer.db runs
expect_rc 3 "a database from a newer kbench"
grep -q 'newer.db: schema version 999 is newer than this kbench' "$T/err"; check $? "a newer schema is refused by name"

# A read-only database can still be read, and is not written.
cp one.db ro.db
chmod 444 ro.db
"$KBENCH" -d ro2.db import -q -l a --value v one.csv
"$KBENCH" -d ro2.db import -q -l b --value v one.csv
chmod 444 ro2.db
chmod 755 "$T"
if can_drop_root; then
	as_user -d ro.db runs
	expect_rc 0 "a read-only database is readable"
	grep -q 'one.csv' "$T/out"; check $? "a read-only database lists its runs"
	# A comparison reads its second side on a connection of its own:
	# read-only too (it opened read-write, and failed with exit 3).
	as_user -d ro2.db analyze --compare a b
	expect_rc 0 "a read-only database: analyze --compare"
	as_user -d ro2.db analyze --compare a b --noise-floor auto
	expect_rc 0 "a read-only database: analyze --compare --noise-floor auto"
	# plot and report --compare read their sides the same way.
	mkdir rout && chown nobody rout 2>/dev/null
	as_user -d ro2.db plot compare --compare a b -o rout/chart
	expect_rc 0 "a read-only database: plot compare --compare"
	as_user -d ro2.db report --compare a b -o rout/report
	expect_rc 0 "a read-only database: report --compare"
	[ -s rout/report/report.html ]; check $? "a read-only database: the report written"
	as_user -d ro.db import -q --value v one.csv
	expect_rc 3 "importing into a read-only database"
	expect_err "kbench: import: ro.db: the database is read-only here (no write permission)" \
	    "importing into a read-only database"
else
	skip "read-only database: root ignores file modes and no setpriv"
fi

# A PostgreSQL location: opened on the server (db/store_pg.c; t_pg.sh
# runs every command on a real one), here a server that is not there:
# exit 3, before anything is made, and never echoed with its password:
# what is said is libpq's reading of it without the password.  A URI's
# scheme of any case is one; what libpq cannot read is not repeated.
printf 'v\n1\n' >pg.csv
NOPG="connection to server on socket \"/nonexistent/.s.PGSQL.5432\" failed: No such file or directory; Is the server running locally and accepting connections on that socket?"
for loc in 'postgresql://kb:s3cret@/kbench?host=/nonexistent' \
    'POSTGRES://kb:s3cret@/kbench?host=/nonexistent' \
    'host=/nonexistent password=s3cret dbname=kbench user=kb'; do
	for cmd in "runs" "import -q --value v pg.csv" "trend" "analyze"; do
		# shellcheck disable=SC2086
		kb -d "$loc" $cmd
		expect_rc 3 "a server not there ($loc): $cmd"
		expect_err "kbench: ${cmd%% *}: user=kb dbname=kbench host=/nonexistent: cannot connect: $NOPG" \
		    "a server not there ($loc): $cmd: said, the password not"
	done
done
# A bad file is said before a server's trouble (the input is read first).
printf 'v\nx\n' >pgbad.csv
kb -d 'postgresql://kb:s3cret@/kbench?host=/nonexistent' import -q --value v pgbad.csv
expect_rc 2 "a bad file into a server not there"
expect_err "kbench: import: pgbad.csv:2: column 'v': 'x' is not a finite decimal number; nothing imported" \
    "a bad file into a server not there: the file's error"
kb -d 'postgresql:kb:s3cret@h/d' runs
expect_rc 3 "a location libpq cannot read"
expect_err "kbench: runs: a PostgreSQL location that libpq cannot read (not repeated here: it may hold a password); see kbench(1), LOCATIONS" \
    "a location libpq cannot read: not repeated"
KBENCH_DB='postgres://kb:s3cret@/kbench?host=/nonexistent' kb runs
expect_rc 3 "a postgres:// location in KBENCH_DB"
! grep -q s3cret "$T/err"; check $? "KBENCH_DB: the password not said"
# libpq is loaded for a server location only (db/pg_lib.h): where it
# cannot be (here, /dev/null over it), a server location says so, exit
# 3, and SQLite is untouched.
libpq=$(ldconfig -p 2>/dev/null | awk '$1 == "libpq.so.5" { print $NF; exit }')
if [ -n "$libpq" ] && [ "$(id -u)" -eq 0 ] && unshare -m true 2>/dev/null; then
	unshare -m sh -c 'mount --bind /dev/null "$1" && shift &&
	    "$@" -d "postgresql://kb:s3cret@/kbench?host=/nonexistent" runs' \
	    sh "$libpq" "$KBENCH" >"$T/out" 2>"$T/err"
	rc=$?
	expect_rc 3 "no libpq to load: a server location"
	expect_err "kbench: runs: the PostgreSQL store needs libpq, and it cannot be loaded ($libpq: file too short); install it (Debian: libpq5, FreeBSD: postgresql15-client)" \
	    "no libpq to load: said, the location not"
	unshare -m sh -c 'mount --bind /dev/null "$1" && shift &&
	    "$@" -d pg.db import -q --value v pg.csv && "$@" -d pg.db runs' \
	    sh "$libpq" "$KBENCH" >"$T/out" 2>"$T/err"
	rc=$?
	expect_rc 0 "no libpq to load: SQLite all the same"
	grep -q '^    1  pg.csv  *import  *complete' "$T/out"; check $? "no libpq to load: SQLite's run listed"
	rm -f pg.db
else
	skip "no libpq to load: needs libpq.so.5, root and unshare -m (CI has them)"
fi
kb -d 'postgresql://kb:s3cret@/kbench?host=/nonexistent' collect sleep -m nanosleep -u 100 --until decided --baseline a
expect_rc 3 "a server not there: collect --baseline"
! grep -q s3cret "$T/err"; check $? "a server location: collect --baseline: the password not said"
mkdir -p pgconf
printf 'database  postgresql://kb:s3cret@/kbench?host=/nonexistent\ncollect   sleep -q -m nanosleep -u 100 -r 1\n' >pgconf/pg.conf
nofile='user=kb dbname=kbench host=/nonexistent: cannot connect: connection to server on socket "/nonexistent/.s.PGSQL.5432" failed: No such file or directory; Is the server running locally and accepting connections on that socket?'
for args in "-n" "-q" "--list"; do
	# shellcheck disable=SC2086
	kb nightly -f "$PWD/pgconf/pg.conf" $args
	expect_rc 3 "a server not there in a nightly's database line: nightly $args"
	expect_err "kbench: nightly: $nofile" \
	    "a server not there in a nightly's database line: nightly $args: said"
done
! cat "$T/out" "$T/err" | grep -q s3cret; check $? "nightly: the password not printed"
[ ! -e 'postgresql:' ] && [ ! -e 'POSTGRES:' ] && [ ! -e pgconf/postgresql: ] &&
    [ ! -e 'host=/nonexistent password=s3cret dbname=kbench user=kb' ]
check $? "a server location: no file made"

# -d file:u.db names that file, not an SQLite URI to u.db: the file the
# store's checks looked at is the file opened (a -wal planted beside
# u.db would otherwise be read unchecked).
kb -d file:u.db import -q --value v pg.csv
expect_rc 0 "-d file:u.db"
[ -s file:u.db ] && [ ! -e u.db ]; check $? "-d file:u.db: the file of that name, not u.db"

# A writable database in a directory that is not: a reader opens it
# read-only (read-write, SQLite would make its -wal and -shm files there,
# and fail); a writer is refused, naming the database.
mkdir rodir
"$KBENCH" -d rodir/w.db import -q --value v one.csv
if can_drop_root; then
	if [ "$(id -u)" -eq 0 ]; then
		chown nobody rodir/w.db
		chmod 755 rodir
	else
		chmod 555 rodir
	fi
	as_user -d rodir/w.db runs
	expect_rc 0 "a writable database in a read-only directory: runs"
	grep -q 'one.csv' "$T/out"; check $? "it lists its runs"
	as_user -d rodir/w.db analyze --format csv
	expect_rc 0 "a writable database in a read-only directory: analyze"
	as_user -d rodir/w.db export
	expect_rc 0 "a writable database in a read-only directory: export"
	# Reached through a symbolic link from a directory it may write:
	# SQLite would make the -wal beside the file the link leads to, so
	# that directory is the one that counts.
	mkdir linkdir
	ln -s ../rodir/w.db linkdir/w.db
	[ "$(id -u)" -eq 0 ] && chown nobody linkdir
	as_user -d linkdir/w.db runs
	expect_rc 0 "a link to a database in a read-only directory: runs"
	grep -q 'one.csv' "$T/out"; check $? "through the link: it lists its runs"
	# An empty file there (a database another kbench is creating, its
	# schema not yet committed): nothing to read, as when there is none.
	: >rodir/empty.db
	[ "$(id -u)" -eq 0 ] && chown nobody rodir/empty.db
	as_user -d rodir/empty.db runs
	expect_rc 2 "an empty database, read-only: nothing to read"
	expect_err "kbench: runs: rodir/empty.db: an empty database, no kbench data in it yet (another kbench may be creating it)" \
	    "an empty database, read-only: said"
	chmod 755 rodir
else
	skip "read-only directory: root ignores file modes and no setpriv"
fi

# A read-only copy of a WAL database, its -wal with it and no -shm (a
# backup, a snapshot, a read-only mount): read whole, the commits still
# in its -wal too (SQLite's "immutable" would read half and say
# nothing); the private copy read is gone afterwards.  The copy is made
# while another connection holds the database, so that its -wal is not
# checkpointed away; no kbench as root touches it (it would checkpoint).
if can_drop_root; then
	printf 'label,m,v\n' >w5.csv
	printf 'label,m,v\n' >w10.csv
	for i in 1 2 3 4 5; do echo "w$i,x,$i" >>w5.csv; done
	for i in 6 7 8 9 10; do echo "w$i,x,$i" >>w10.csv; done
	"$KBENCH" -d wal.db import -q --run-by label --key m --value v w5.csv
	python3 -c 'import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1])
c.execute("SELECT count(*) FROM run").fetchall()
open(sys.argv[2], "w").close()
time.sleep(30)' wal.db walheld &
	holder=$!
	wait_for test -e walheld
	"$KBENCH" -d wal.db import -q --run-by label --key m --value v w10.csv
	mkdir walro walout
	cp wal.db wal.db-wal walro/
	kill $holder
	wait $holder 2>/dev/null
	chmod 444 walro/wal.db walro/wal.db-wal
	chmod 555 walro
	[ "$(id -u)" -eq 0 ] && chown nobody walout
	chmod 755 "$T"
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/kbench-walro.XXXXXX")
	chmod 777 "$tmp"
	as_user -d walro/wal.db runs --json
	expect_rc 0 "a read-only WAL copy without its -shm: runs"
	n=$(wc -l <"$T/out")
	[ "$n" -eq 10 ]; check $? "all 10 runs listed, the -wal's too ($n)"
	TMPDIR=$tmp as_user -d walout/m.db merge walro/wal.db
	expect_rc 0 "a read-only WAL copy without its -shm: merged"
	expect_err "kbench merge: 10 runs added, 0 updated (10 samples), 0 already here" \
	    "all 10 runs merged"
	[ -z "$(ls "$tmp")" ]; check $? "no private copy left behind ($(ls "$tmp"))"
	[ "$(ls walro | tr '\n' ' ')" = "wal.db wal.db-wal " ]
	check $? "the read-only copy untouched ($(ls walro | tr '\n' ' '))"
	rm -rf "$tmp"
	# A second connection (analyze --compare's other side, trend's
	# readers) reads the private copy again, not a copy of its own
	# (found by issue 30's attacker: a year's 1.5 GB, once a thread):
	# a $TMPDIR with room for one copy is enough.
	copy=$(cat walro/wal.db walro/wal.db-wal | wc -c)
	if full_tmpfs $(((copy + copy / 2 + 65536) / 4096 * 4096)); then
		chmod 777 "$T/full"
		TMPDIR=$T/full as_user -d walro/wal.db analyze --compare w1 w6
		expect_rc 0 "a read-only WAL copy, room for one private copy: analyze --compare"
		[ -z "$(ls "$T/full")" ]; check $? "no private copy left behind ($(ls "$T/full"))"
	fi
	# A -shm there that this user cannot open (a writer's, maybe):
	# refused, saying why, rather than read in part.
	mkdir walshm
	cp walro/wal.db walro/wal.db-wal walshm/
	: >walshm/wal.db-shm
	chmod 000 walshm/wal.db-shm
	chmod 555 walshm
	as_user -d walshm/wal.db runs
	expect_rc 3 "a read-only WAL copy with a -shm it cannot open"
	expect_err "kbench: runs: walshm/wal.db: its -wal holds commits, and its -shm cannot be opened: read without them it would show only part of the database; read it as a user who may open walshm/wal.db-shm, or copy the database with its -wal (not the -shm) to a directory of yours" \
	    "a -shm it cannot open: refused, said"
	# A reader killed while it reads the private copy (by "| head", by
	# Ctrl-C) leaves none behind (found by the attack on issue 26: a
	# full copy left in $TMPDIR by each).  Its output fills a pipe
	# nobody reads, so it is killed mid-read.
	mkdir walbigro
	"$KBENCH" -d walbigro/w.db import -q --run-by label --key m --value v w5.csv
	python3 -c 'import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1])
c.execute("SELECT count(*) FROM run").fetchall()
open(sys.argv[2], "w").close()
time.sleep(30)' walbigro/w.db walbigheld &
	holder=$!
	wait_for test -e walbigheld
	awk 'BEGIN { print "label,m,v"; for (i = 0; i < 30000; i++) print "big,x" i "," i }' >big.csv
	"$KBENCH" -d walbigro/w.db import -q --run-by label --key m --value v big.csv
	mkdir walbig2 && cp walbigro/w.db walbigro/w.db-wal walbig2/
	kill $holder; wait $holder 2>/dev/null
	chmod 555 walbig2
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/kbench-walro.XXXXXX")
	chmod 777 "$tmp"
	# (Not INT: sh starts a background job with SIGINT ignored, and
	# kbench leaves an ignored signal ignored.)
	for sig in TERM HUP PIPE; do
		mkfifo "$T/never"
		TMPDIR=$tmp setpriv --reuid=nobody --regid=nogroup --clear-groups \
		    "$KBENCH" -d walbig2/w.db export >"$T/never" 2>/dev/null &
		reader=$!
		exec 9<"$T/never"
		wait_for sh -c "ls '$tmp' | grep -q kbench-ro"
		# Blocked on the full pipe, its copy read: now killed.
		wait_for grep -q pipe_write /proc/$reader/wchan
		kill -$sig $reader
		wait $reader 2>/dev/null
		exec 9<&-
		rm -f "$T/never"
		[ -z "$(ls "$tmp")" ]; check $? "a reader killed by SIG$sig mid-read leaves no private copy ($(ls "$tmp"))"
		rm -rf "${tmp:?}"/*
	done
	rm -rf "$tmp"
	chmod 755 walbig2

	# A sparse -wal of 8 TB apparent size, and a FIFO as the -wal: the
	# private copy is refused before it fills $TMPDIR or waits forever.
	mkdir walbig walfifo
	cp walro/wal.db walro/wal.db-wal walbig/
	truncate -s 8T walbig/wal.db-wal
	cp walro/wal.db walfifo/
	mkfifo walfifo/wal.db-wal
	chmod 555 walbig walfifo
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/kbench-walro.XXXXXX")
	chmod 777 "$tmp"
	TMPDIR=$tmp as_user -d walbig/wal.db runs
	expect_rc 3 "a sparse 8 TB -wal"
	sed -i 's/only [0-9]* free in [^ ]*$/only N free in TMP/' "$T/err"
	expect_err "kbench: runs: walbig/wal.db: its -wal holds commits, and no -shm can be made beside it to read them: a private copy in $tmp failed: walbig/wal.db-wal: 8796093022208 bytes to copy, only N free in TMP" \
	    "a sparse 8 TB -wal: refused before the copy, the sizes said"
	TMPDIR=$tmp as_user -d walfifo/wal.db runs
	expect_rc 3 "a FIFO as the -wal"
	expect_err "kbench: runs: walfifo/wal.db-wal: not a regular file, as a database's -wal is" \
	    "a FIFO as the -wal: refused, not waited on"
	[ -z "$(ls "$tmp")" ]; check $? "no private copy left behind ($(ls "$tmp"))"
	rm -rf "$tmp"
	chmod 755 walro walshm walbig walfifo
else
	skip "a read-only WAL copy: root ignores file modes and no setpriv"
fi

# A -wal another user planted beside a database in a shared directory
# (one who may not write the database) is refused, not replayed into it
# (found by the attack on issue 26: root's runs showed, and kept, the
# planted label).
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	mkdir -m 1777 shared
	kb -d shared/a.db import -q --value v one.csv
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
	    sh -c 'printf x >shared/a.db-wal'
	kb -d shared/a.db runs
	expect_rc 3 "a -wal planted by another user"
	expect_err "kbench: runs: shared/a.db-wal: owned by uid $(id -u nobody), who may not write the database (uid 0's): its commits would be taken as the database's; remove it if it is not yours" \
	    "a -wal planted by another user: refused, said"
	[ "$(cat shared/a.db-wal)" = x ]; check $? "the planted -wal left as it was"
	chmod 666 shared/a.db
	kb -d shared/a.db runs
	expect_rc 0 "the same -wal, the database writable by all: taken"
	rm -rf shared
else
	skip "a planted -wal: needs root and setpriv"
fi

# A write that fails on its input makes no database.
kb --db fresh.db import -q --value nosuch one.csv
expect_rc 2 "an import that fails on its input"
[ ! -e fresh.db ]; check $? "the failed import made no empty database"

# stdout closed: a write error is an error, not silence.
if [ -w /dev/full ]; then
	"$KBENCH" -d one.db runs >/dev/full 2>"$T/err"
	rc=$?
	expect_rc 4 "writing to a full device"
	grep -q 'writing to standard output' "$T/err"; check $? "the write error is reported"
else
	skip "no /dev/full"
fi

kb facts
expect_rc 0 "facts"
for k in host os kernel_release arch ncpu hz; do
	grep -q "^$k=." "$T/out"; check $? "facts has $k"
done
kb facts --json
expect_rc 0 "facts --json"
case $(cat "$T/out") in "{"*"}") ok "facts --json is one object" ;; *) not_ok "facts --json is one object" ;; esac

# The images of the README and docs/ are in the tree, and git keeps them:
# demo-vm/ is ignored (make demo-vm rewrites it) but for the chart
# docs/kmod.md shows.  Each path is relative to its page.
n=0
for page in README.md docs/*.md; do
	dir=$(dirname "$page")
	for img in $(sed -n 's/.*!\[[^]]*\](\([^)]*\)).*/\1/p' "$KBENCH_TOP/$page"); do
		n=$((n + 1))
		f=$(cd "$KBENCH_TOP/$dir" && realpath -m --relative-to="$KBENCH_TOP" "$img")
		[ -s "$KBENCH_TOP/$f" ]; check $? "$page's image $img is in the tree"
		if git -C "$KBENCH_TOP" rev-parse --git-dir >/dev/null 2>&1; then
			! git -C "$KBENCH_TOP" check-ignore -q "$f"
			check $? "$page's image $img is not ignored by git"
		fi
	done
done
grep -q '(../demo-vm/sleep.png)' "$KBENCH_TOP/docs/kmod.md"
check $? "docs/kmod.md shows make demo-vm's chart ($n images)"
# Every relative link of the README, docs/ and tests/README.md resolves:
# the file, and a #anchor to a heading of it.
python3 "$KBENCH_TOP/tests/tools/check_links.py" "$KBENCH_TOP/README.md" \
    "$KBENCH_TOP"/docs/*.md "$KBENCH_TOP/tests/README.md" >links.out 2>&1
check $? "the docs' links resolve: $(tail -1 links.out)"
