#!/bin/sh
# The one writer of output trees (lib/outdir.h, issue 26 findings 1 to 7):
# links planted in a site, at a chart's name or on the way to -o are
# never followed, written through or emptied; a first build that is
# killed is resumed; a chart gnuplot did not write whole is not counted;
# two builds of one site do not run at once, and a page changed behind
# the manifest's back is written again.  Then the grep: no other code
# creates, renames or removes files.
. "$(dirname "$0")/lib.sh"

HIST=$FIXTURES/trend/history.csv
LATENCY=6aae8442df91c37c	# series/ID of metric=latency (lock, no host)

kb import -q "$HIST"
expect_rc 0 "import the 60 nights"
# victim NAME: a directory outside every output tree, one precious file.
victim() {
	mkdir -p "$T/$1" && echo precious >"$T/$1/keep"
}
intact() {
	[ "$(ls "$T/$1")" = keep ] && [ "$(cat "$T/$1/keep")" = precious ]
}

# ---- 1: prune through a link planted in DIR and named in the manifest ----
kb site -o s1 --no-compare --last 20
expect_rc 0 "a site"
victim v1
ln -s "$T/v1" s1/compare/zz
echo "0123456789abcdef0123456789abcdef compare/zz/" >>s1/.kbench-site
kb site -o s1 --no-compare --last 20
expect_rc 4 "a manifest naming a planted link"
expect_err "kbench: site: s1/compare/zz/: not a directory kbench made: kept" \
    "a planted link is named, not followed"
intact v1
check $? "finding 1: nothing removed outside DIR ($(ls "$T/v1" | tr '\n' ' '))"
rm s1/compare/zz
victim v1b
mv s1/compare s1/compare.real && ln -s "$T/v1b" s1/compare
kb site -o s1 --no-compare --last 20
expect_rc 4 "compare/ replaced by a link"
expect_err "kbench: site: s1/compare: not a directory kbench made (a link or a file): not followed" \
    "compare/ as a link: refused"
intact v1b
check $? "finding 1: a linked subdirectory is not emptied"

# A manifest naming series/ or a folder of the user's as a directory of
# its own: refused, nothing removed (found by the attack on this issue:
# both were emptied, exit 0).
kb site -o sm --no-compare --last 20
mkdir sm/mine && echo keep >sm/mine/notes.txt
nser=$(ls sm/series | wc -l)
for e in series/ mine/ series/sub/ compare/a/b/ runs/x/y; do
	cp sm/.kbench-site sm/manifest.orig
	echo "0123456789abcdef0123456789abcdef $e" >>sm/.kbench-site
	kb site -o sm --no-compare --last 20
	expect_rc 2 "a manifest naming $e"
	expect_err "kbench: site: sm/.kbench-site: line $(wc -l <sm/.kbench-site): not a manifest kbench site wrote; remove the directory, or choose another" \
	    "a manifest naming $e: refused"
	mv sm/manifest.orig sm/.kbench-site
done
[ "$(cat sm/mine/notes.txt)" = keep ] && [ "$(ls sm/series | wc -l)" = "$nser" ]
check $? "a manifest naming a directory not kbench's: nothing removed"
rm -r sm/mine

# ---- 2: a subdirectory replaced by a link ----
kb site -o s2 --no-compare --last 5
victim v2
rm -r s2/runs && ln -s "$T/v2" s2/runs
kb site -o s2 --no-compare
expect_rc 4 "runs/ as a link"
expect_err "kbench: site: s2/runs: not a directory kbench made (a link or a file): not followed" \
    "runs/ as a link: refused"
intact v2
check $? "finding 2: no page written through runs -> elsewhere ($(ls "$T/v2" | wc -l) files)"

# ---- 3: a link planted at a chart's name ----
kb site -o s3 --no-compare --last 10
victim v3
rm "s3/series/$LATENCY.svg" && ln -s "$T/v3/keep" "s3/series/$LATENCY.svg"
# One run more: every chart drawn again.
kb site -o s3 --no-compare --last 11
expect_rc 0 "a rebuild over a link at a chart"
intact v3
check $? "finding 3: the link's target not overwritten"
[ -f "s3/series/$LATENCY.svg" ] && [ ! -L "s3/series/$LATENCY.svg" ] &&
    grep -q '</svg>' "s3/series/$LATENCY.svg"
check $? "finding 3: the chart drawn again in its place, a file"
ls -a s3 s3/series | grep -q 'kbench-gp\|\.kbtmp'
[ $? -ne 0 ]
check $? "no private or temporary directory left behind"

# ---- 4: plot over links at its outputs ----
mkdir p4
victim v4
for f in trend.svg trend.png trend.gp; do ln -s "$T/v4/keep" "p4/$f"; done
kb plot trend -o p4 --format both
expect_rc 0 "plot trend over links at its outputs"
intact v4
check $? "finding 4: the links' target not overwritten"
for f in trend.svg trend.png trend.gp; do
	[ -f "p4/$f" ] && [ ! -L "p4/$f" ] && [ -s "p4/$f" ] || not_ok "p4/$f"
done
ok "finding 4: each output a file of its own"
mkdir -p p4b/trend.svg
kb plot trend -o p4b --format both
expect_rc 4 "a directory at one chart's name"
expect_err "kbench: plot: p4b/trend.svg: a directory, where kbench writes a file: nothing moved" \
    "a directory at one chart's name: named"
[ "$(ls -A p4b)" = trend.svg ]
check $? "finding 4: all or nothing: no chart, no script moved in ($(ls -A p4b | tr '\n' ' '))"

# A link on the way to -o made by someone else (root-only: another uid).
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	# $T is 0700: the other user must reach shared/ for a while.
	chmod 711 "$T"
	mkdir -m 1777 shared
	victim v4c
	setpriv --reuid=nobody --regid=nogroup --clear-groups ln -s "$T/v4c" shared/out
	chmod 700 "$T"
	kb plot trend -o shared/out
	expect_rc 4 "-o through another user's link"
	expect_err "kbench: plot: -o shared/out: a symbolic link made by uid $(id -u nobody), not by you: not followed" \
	    "-o through another user's link: refused"
	intact v4c
	check $? "another user's link at -o not followed"
else
	skip "a link made by another user: needs root and setpriv"
fi

# ---- 5: a first build that is killed ----
mkdir bin
cat >bin/gnuplot <<'SH'
#!/bin/sh
# The build dies while its charts are drawn (SIGKILL: no cleanup).
kill -9 "$PPID"
exit 1
SH
chmod +x bin/gnuplot
PATH=$T/bin:$PATH "$KBENCH" site -o s5 --no-compare --last 5 >out 2>err
[ $? -eq 137 ]
check $? "finding 5: the first build killed"
kb site -o s5 --no-compare --last 5
expect_rc 0 "finding 5: the next build resumes it"
expect_out "s5/index.html: 3 series, 5 runs, 0 change points; wrote 13 of 13 pages, drew 3 of 3 charts, made 0 of 4 comparisons, removed 0 files" \
    "finding 5: the resumed build, whole"
ls -aR s5 | grep -q 'kbench-gp\|\.kbtmp'
[ $? -ne 0 ]
check $? "finding 5: what the killed build left, swept"

# ---- 6: a chart gnuplot did not write whole ----
cat >bin/gnuplot <<'SH'
#!/bin/sh
# As gnuplot on a full disk: the files made, nothing in them, exit 0.
for s; do
	case $s in ./*.gp) : >"${s%.gp}.svg" ;; esac
done
exit 0
SH
PATH=$T/bin:$PATH "$KBENCH" site -o s6 --no-compare --last 5 >out 2>err
rc=$?
expect_rc 4 "finding 6: empty charts"
grep -q "drew 0 of 3 charts" out &&
    grep -q "s6/series/[0-9a-f]*\.svg: gnuplot did not write it whole (0 bytes: is the disk full?)" err
check $? "finding 6: the empty charts named, none counted ($(cat out))"
ls s6/series | grep -q '\.svg$'
[ $? -ne 0 ]
check $? "finding 6: no empty chart left in the site"
kb site -o s6 --no-compare --last 5
expect_rc 0 "finding 6: with a gnuplot that works, the charts drawn"
grep -q "drew 3 of 3 charts" out
check $? "finding 6: all three drawn next time ($(cat out))"

# ---- 7: two builds at once; a page changed behind the manifest ----
kb site -o s7 --no-compare --last 5
flock s7/.kbench-site.lock "$KBENCH" site -o s7 --no-compare --last 5 >out 2>err
rc=$?
expect_rc 75 "finding 7: a second build while one holds the site"
expect_err "kbench: site: s7/.kbench-site.lock: another kbench is writing here" \
    "finding 7: the second build says why"
cp s7/runs/60.html want.html
echo tampered >>s7/runs/60.html
kb site -o s7 --no-compare --last 5
expect_rc 0 "a rebuild"
expect_out "s7/index.html: 3 series, 5 runs, 0 change points; wrote 1 of 13 pages, drew 0 of 3 charts, made 0 of 4 comparisons, removed 0 files" \
    "finding 7: the changed page written again, nothing else"
cmp -s want.html s7/runs/60.html
check $? "finding 7: the page as the manifest says"

# ---- report -o: links inside and at it ----
victim v8
mkdir r8
ln -s "$T/v8/keep" r8/report.html
kb report --compare n55 n56 -o r8
expect_rc 0 "report over a link at report.html"
intact v8 && [ -f r8/report.html ] && [ ! -L r8/report.html ]
check $? "report: the link replaced, its target untouched"

# ---- what the attack on this writer found ----
# The sweep removes only kbench's own temporaries, not look-alikes.
mkdir -p s9 && kb site -o s9 --no-compare --last 5
echo draft >s9/notes.tmp.draft1 && mkdir -p s9/photos.tmp-backup s9/x.kbtmp-abcdef &&
    echo pic >s9/photos.tmp-backup/a
chmod 755 s9/x.kbtmp-abcdef
kb site -o s9 --no-compare --last 5
expect_rc 0 "a rebuild beside files named like temporaries"
[ -f s9/notes.tmp.draft1 ] && [ -f s9/photos.tmp-backup/a ] && [ -d s9/x.kbtmp-abcdef ]
check $? "the sweep keeps what only looks like a temporary (not 0700, not kbench's name)"
mkdir -m 700 s9/.kbench-gp.Zz9aB1 && : >s9/.kbench-gp.Zz9aB1/t.svg && : >s9/index.html.kbtmp.Qq1wE2
kb site -o s9 --no-compare --last 5
[ ! -e s9/.kbench-gp.Zz9aB1 ] && [ ! -e s9/index.html.kbtmp.Qq1wE2 ]
check $? "the sweep removes what a killed build left"

if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	NOBODY="setpriv --reuid=nobody --regid=nogroup --clear-groups"
	chmod 711 "$T"
	# Another user's FIFO at export -o: neither waited on nor written.
	mkdir -m 1777 pub
	$NOBODY mkfifo pub/f.csv
	timeout 20 "$KBENCH" export -o pub/f.csv >out 2>err
	rc=$?
	expect_rc 4 "export -o another user's FIFO"
	expect_err "kbench: export: pub/f.csv: a FIFO made by uid $(id -u nobody), not by you: not written" 	    "another user's FIFO: refused, not waited on"
	# A lock another user made (and holds, shared) is replaced.
	kb site -o s10 --no-compare --last 5
	chmod 777 s10 && rm s10/.kbench-site.lock
	$NOBODY sh -c ': >s10/.kbench-site.lock'
	$NOBODY flock -s s10/.kbench-site.lock sleep 30 &
	holder=$!
	# Until the other user holds it.
	wait_for sh -c '! flock -n -x s10/.kbench-site.lock true'
	kb site -o s10 --no-compare --last 5
	expect_rc 0 "a site whose lock another user made and holds"
	[ "$(stat -c '%U %a' s10/.kbench-site.lock)" = "root 600" ]
	check $? "the lock made again, root's, 0600 ($(stat -c '%U %a' s10/.kbench-site.lock))"
	kill "$holder" 2>/dev/null
	# A chart another user put in place is drawn again.
	chmod 777 s10/series
	cp "s10/series/$LATENCY.svg" fake.svg && chmod 644 fake.svg
	$NOBODY sh -c "cat fake.svg >s10/series/x.svg && mv s10/series/x.svg s10/series/$LATENCY.svg"
	kb site -o s10 --no-compare --last 5
	grep -q "drew 1 of 3 charts" out && [ "$(stat -c %U "s10/series/$LATENCY.svg")" = root ]
	check $? "a chart another user replaced: drawn again, ours ($(cat out))"
	# A set-group-ID directory: the charts get its group.
	mkdir p11 && chgrp nogroup p11 && chmod 2775 p11
	kb plot trend -o p11 --format both
	[ "$(stat -c %G p11/trend.svg p11/trend.png p11/trend.gp | sort -u)" = nogroup ]
	check $? "charts in a set-group-ID directory: its group"
	chmod 700 "$T"
else
	skip "another user's FIFO, lock and chart; a set-group-ID directory: needs root and setpriv"
fi
if full_tmpfs 200k; then
	kb site -o full/s12 --no-compare
	expect_rc 4 "a site on a full disk"
	grep -q 'No space left on device' err && ! grep -q 'Input/output error' err
	check $? "a full disk named as such ($(head -c 200 err))"
fi

# ---- the grep: nobody else creates, renames or removes files ----
# The nightly locks are the database's, not files of an output tree:
# the lock file, the lock directory and the database's lock in it.
cd "$KBENCH_TOP" || exit 1
grep -rnE '\b(mkdir|mkdirat|rename|renameat|unlink|unlinkat|rmdir|mkstemp|mkdtemp|symlink|symlinkat|link|linkat|remove|creat|truncate)[[:space:]]*\(|O_CREAT|fopen\([^)]*"[wa]' \
    --include='*.c' --include='*.h' analyze collect db lib plots kbench.c |
    grep -v -e '^lib/outdir\.[ch]:' -e '^lib/outfile\.c:' -e '^lib/outstage\.c:' |
    grep -v -e '^[^:]*:[0-9]*:[[:space:]]*\*' \
    -e '^collect/nightly/nightly_lock\.c:[0-9]*:	if ((fd = open(path, O_RDWR | (create ? O_CREAT : 0) | O_NOFOLLOW |$' \
    -e '^collect/nightly/nightly_lock\.c:[0-9]*:	if (create && mkdir(dir, 0700) == -1 && errno != EEXIST) {$' \
    -e '^collect/nightly/nightly_lock\.c:[0-9]*:	fd = openat(dfd, name, O_RDWR | O_CREAT | O_NOFOLLOW' >"$T/writers"
[ ! -s "$T/writers" ]
check $? "only lib/outdir.c, outfile.c and outstage.c create, rename or remove files ($(head -3 "$T/writers" | tr '\n' ' '))"
