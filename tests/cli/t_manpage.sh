#!/bin/sh
# The man pages as users get them: mandoc's linter finds nothing (an
# unclosed block made man(1) drop most of kbench(1)), man(1) renders
# every section of each, and every option a command's --help lists is in
# the page (and the reverse): tests/tools/check_manpage.py.  Broken copies
# must fail each check.
. "$(dirname "$0")/lib.sh"

top=$KBENCH_TOP
check_mp=$top/tests/tools/check_manpage.py
build=$(dirname "$KBENCH")

if ! command -v mandoc >/dev/null 2>&1 || ! command -v man >/dev/null 2>&1; then
	skip "mandoc or man(1) missing (make deps-check installs them)"
	exit 0
fi

# lint PAGE: mandoc -Tlint -Wwarning's findings in lint.out.
lint() {
	mandoc -Tlint -Wwarning "$1" >lint.out 2>&1
}

for page in kbench testsleep lockbench pfilbench-ctl; do
	lint "$top/$page.1"
	[ ! -s lint.out ]
	check $? "$page.1: mandoc -Tlint -Wwarning finds nothing ($(head -3 lint.out | tr '\n' ' '))"
	MANWIDTH=80 man -l "$top/$page.1" >man.out 2>man.err
	[ ! -s man.err ]
	check $? "$page.1: man -l says nothing on stderr ($(head -3 man.err | tr '\n' ' '))"
	# Every .Sh and .Ss heading of the source is in what man(1) shows.
	missing=""
	sed -n 's/^\.S[hs] //p' "$top/$page.1" >heads.txt
	while IFS= read -r h; do
		grep -q "^ *$h\$" man.out || missing="$missing [$h]"
	done <heads.txt
	[ -z "$missing" ]
	check $? "$page.1: man(1) renders all $(wc -l <heads.txt) headings$missing"
done

python3 "$check_mp" "$KBENCH" "$top/kbench.1" >mp.out 2>&1
check $? "kbench.1 and kbench help COMMAND agree: $(tail -1 mp.out)"
for prog in testsleep lockbench pfilbench-ctl; do
	python3 "$check_mp" --program "$build/$prog" "$top/$prog.1" >mp.out 2>&1
	check $? "$prog.1 and $prog -h agree: $(tail -1 mp.out)"
done

# Broken copies.  An open .Po closed by a literal ")": the error that hid
# kbench(1)'s second half.
sed 's/^\.Pq Cm hz=1000 ,$/.Po Cm hz=1000 ) ,/' "$top/kbench.1" >broken.1
cmp -s broken.1 "$top/kbench.1"
check $((! $?)) "the broken copy differs from kbench.1"
lint broken.1
grep -q "ERROR" lint.out
check $? "an unclosed .Po: mandoc -Tlint says ERROR"
# An option --help lists, dropped from the page.
grep -v '^\.Op Fl -slack Ar ns$' "$top/kbench.1" >noslack.1
python3 "$check_mp" "$KBENCH" noslack.1 >mp.out 2>&1
rc=$?
[ "$rc" -eq 1 ] && grep -q "collect: --slack: in --help, not in the man page" mp.out
check $? "--slack dropped from the page: found ($(head -1 mp.out))"
# An option the page gives that the command does not take: lock's old -d.
sed 's/^\.Op Fl D Ar delay_ns$/.Op Fl d Ar delay_ns/; s/^\.It Fl D Ar delay_ns , Fl -delay Ar delay_ns$/.It Fl d Ar delay_ns , Fl -delay Ar delay_ns/' \
    "$top/kbench.1" >oldd.1
python3 "$check_mp" "$KBENCH" oldd.1 >mp.out 2>&1
grep -q "collect: -d: in the man page, not in --help" mp.out
check $? "collect lock -d in the page: found ($(grep -- '-d:' mp.out | head -1))"
# A long form the page does not name (-c without --confidence).
sed 's/^\.Op Fl c , -confidence Ar level$/.Op Fl c Ar level/' "$top/kbench.1" >noconf.1
python3 "$check_mp" "$KBENCH" noconf.1 >mp.out 2>&1
grep -q "analyze: --confidence: in --help, not named in the man page" mp.out
check $? "--confidence unnamed in analyze: found"
# A command's own option the DESCRIPTION also names (import's --meta):
# still the command's to list.
awk '/^\.Ss import$/ { d = 1 } d && /^\.Op Fl -meta/ && !done { done = 1; next } { print }' \
    "$top/kbench.1" >nometa.1
python3 "$check_mp" "$KBENCH" nometa.1 >mp.out 2>&1
grep -q "import: --meta: in --help, not in the man page's synopsis or option list" mp.out
check $? "import's --meta dropped from its synopsis: found"
# A command kbench help lists without a subsection of its own.
sed 's/^\.Ss facts$/.Ss Facts/' "$top/kbench.1" >nofacts.1
python3 "$check_mp" "$KBENCH" nofacts.1 >mp.out 2>&1
grep -q "facts: kbench help lists it, the page has no .Ss facts" mp.out
check $? "a command without its subsection: found"
