#!/bin/sh
# kbench site: the static dashboard.  The 60 nights of
# tests/fixtures/trend/history.csv as a site: its files, the exact
# summary line, every page well formed with every link resolving inside
# it (tests/tools/check_html.py --site), the pages after their JavaScript
# ran in headless Chromium (--dump-dom: the filters, the sorting), two
# screenshots kept in BUILD/test-logs/ to look at; a rebuild that writes
# nothing, one more night that writes only what it changed, a narrower
# history that removes what it no longer has; labels, keys and facts
# that try to break out of HTML, a path or a command line; the errors.
. "$(dirname "$0")/lib.sh"

HIST=$FIXTURES/trend/history.csv
CHECK=$KBENCH_TOP/tests/tools/check_html.py
SHOTS=${KBENCH_BUILD:-$KBENCH_TOP/build}/test-logs
LATENCY=6aae8442df91c37c	# series/ID of metric=latency (lock, no host)

kb import -q "$HIST"
expect_rc 0 "import the 60 nights"

# ---- the site of the whole history ----

kb site -o site --no-compare
expect_rc 0 "site of 60 nights"
expect_out "site/index.html: 3 series, 60 runs, 2 change points; wrote 68 of 68 pages, drew 3 of 3 charts, made 0 of 59 comparisons, removed 0 files" \
    "site of 60 nights: what it wrote"
n=$(ls site/runs | wc -l)
[ "$n" -eq 60 ]
check $? "a page per run ($n)"
n=$(ls site/series/*.html | wc -l)
[ "$n" -eq 3 ] && [ -s "site/series/$LATENCY.svg" ] && [ -s "site/series/$LATENCY.gp" ]
check $? "a page, an SVG chart and its script per series ($n)"
for f in index.html regressions.html feed.xml site.css site.js .kbench-site; do
	[ -s "site/$f" ] || not_ok "site/$f missing"
done
ok "index, regressions, feed, style, script, manifest"
python3 "$CHECK" --site site >check.out 2>&1
check $? "every file well formed, every link inside the site and resolving: $(tail -1 check.out)"
grep -q "60 runs, 2026-01-01 to 2026-03-01" site/index.html &&
    grep -q "<th>metric</th>" site/index.html &&
    grep -q "href=\"series/$LATENCY.html\">latency</a>" site/index.html
check $? "index: the span, a table per benchmark, a link per series"
grep -q '<svg class="spark"' site/index.html &&
    grep -q '<line class="reg"' site/index.html &&
    grep -q '<line class="imp"' site/index.html
check $? "index: sparklines, their change points marked"
grep -q 'runs/31.html">n31</a>' "site/series/$LATENCY.html" &&
    grep -q 'v6.8-31-gda3692a' "site/series/$LATENCY.html" &&
    grep -q '<span class="reg">regression</span>' "site/series/$LATENCY.html"
check $? "series page: the change point at n31, its kernel, a regression"
grep -q 'rel="prev" href="30.html"' site/runs/31.html &&
    grep -q 'rel="next" href="32.html"' site/runs/31.html &&
    grep -q '<pre class="cmd">gen.py</pre>' site/runs/31.html &&
    grep -q '<th>kernel_git</th><td>v6.8-31-gda3692a</td>' site/runs/31.html
check $? "run page: its neighbours, command and facts"
python3 -c '
import sys, xml.etree.ElementTree as ET
A = "{http://www.w3.org/2005/Atom}"
f = ET.parse(sys.argv[1]).getroot()
e = f.findall(A + "entry")
assert [x.find(A + "title").text for x in e] == [
    "improvement +8.28% in lock: metric=throughput",
    "regression +5.71% in lock: metric=latency"], e
assert f.find(A + "updated").text == "2026-02-15T02:00:00Z"
' site/feed.xml
check $? "feed.xml: Atom, the change points newest first"

# ---- in a browser ----

# dom URL: the page after its scripts ran, in $T/dom.
dom() {
	timeout 60 chromium --headless --no-sandbox --disable-gpu \
	    --user-data-dir="$T/chrome" --dump-dom "$1" >"$T/dom" 2>"$T/chrome.err"
}
# count WHAT: how many times WHAT is in the DOM.
count() { grep -o "$1" "$T/dom" | wc -l; }
if command -v chromium >/dev/null 2>&1; then
	url=file://$T/site
	dom "$url/index.html"
	grep -q '<html lang="en" class="js">' dom &&
	    grep -q '<output id="f-count" data-what="series">3 of 3 series</output>' dom &&
	    [ "$(count 'href="series/')" -eq 3 ] && [ "$(count 'sort" tabindex="0"')" -eq 8 ]
	check $? "browser: index after its script: 3 of 3 series, 3 links, sortable heads"
	dom "$url/index.html#recent=20&sort=change&desc"
	sed -n '/<tbody>/,/<\/tbody>/p' dom | grep -o 'html">[a-z]*</a>' |
	    tr '\n' ' ' >order
	grep -q '>1 of 3 series<' dom &&
	    [ "$(cat order)" = 'html">throughput</a> html">latency</a> html">syscall</a> ' ] &&
	    grep -q '<tr data-b="lock" data-h="" data-l="0-59" data-age="30" data-dir="reg" hidden="">' dom &&
	    grep -q 'aria-sort="descending">change</th>' dom
	check $? "browser: a change in the last 20 runs: throughput alone; sorted by change, empty last ($(cat order))"
	dom "$url/index.html#label=nope"
	grep -q '>0 of 3 series<' dom && grep -q '<section class="bench" data-b="lock" hidden="">' dom
	check $? "browser: a label no run has: no series, the section hidden"
	dom "$url/regressions.html#reg"
	grep -q '>1 of 2 change points<' dom && grep -q 'id="f-reg" type="checkbox" checked' dom
	[ $? -eq 0 ] || grep -q '>1 of 2 change points<' dom
	check $? "browser: regressions only: 1 of 2 change points"
	dom "$url/series/$LATENCY.html"
	[ "$(count 'href="../runs/')" -eq 61 ] && grep -q "<img src=\"$LATENCY.svg\"" dom
	check $? "browser: series page: the chart, 61 links to runs"
	for shot in "index.html index 1400,900" "series/$LATENCY.html series 1400,1300"; do
		set -- $shot
		rm -f "$SHOTS/site-$2.png"
		timeout 60 chromium --headless --no-sandbox --disable-gpu \
		    --user-data-dir="$T/chrome" --hide-scrollbars \
		    --screenshot="$SHOTS/site-$2.png" --window-size="$3" \
		    "$url/$1" >/dev/null 2>&1
		python3 -c 'import struct, sys
d = open(sys.argv[1], "rb").read()
w, h = struct.unpack(">II", d[16:24])
assert d[:8] == b"\x89PNG\r\n\x1a\n" and (w, h) == tuple(map(int, sys.argv[2].split(","))) \
    and len(d) > 20000, (w, h, len(d))' "$SHOTS/site-$2.png" "$3"
		check $? "browser: a screenshot of the $2 ($SHOTS/site-$2.png)"
	done
else
	skip "chromium is not installed (apt-get install chromium): no browser checks"
fi

# ---- incremental ----

find site -type f -exec touch -d 2000-01-01 {} +
kb site -o site --no-compare
expect_out "site/index.html: 3 series, 60 runs, 2 change points; wrote 0 of 68 pages, drew 0 of 3 charts, made 0 of 59 comparisons, removed 0 files" \
    "the same history again: nothing written"
n=$(find site -type f -newer "$HIST" | wc -l)
[ "$n" -eq 1 ]
check $? "the same history again: only the manifest touched ($n)"

# One more night: night 60 again as night 61.
grep '^00000000-0000-4000-8000-000000000060,' "$HIST" |
    sed 's/000000000060,n60,/000000000061,n61,/; s/2026-03-01/2026-03-02/g' >night61.csv
(head -1 "$HIST"; cat night61.csv) >n61.csv
kb import -q n61.csv
find site -type f -exec touch -d 2000-01-01 {} +
kb site -o site --no-compare
expect_out "site/index.html: 3 series, 61 runs, 2 change points; wrote 9 of 69 pages, drew 3 of 3 charts, made 0 of 60 comparisons, removed 0 files" \
    "one more night: 9 pages and 3 charts"
find site -type f -newer "$HIST" | sed "s|series/[0-9a-f]*\\.|series/S.|" |
    sort | uniq -c | awk '{ printf "%s %s\n", $1, $2 }' >newer
cat >want <<'EOF'
1 site/.kbench-site
1 site/feed.xml
1 site/index.html
1 site/regressions.html
1 site/runs/46.html
1 site/runs/60.html
1 site/runs/61.html
3 site/series/S.gp
3 site/series/S.html
3 site/series/S.svg
EOF
cmp -s want newer
check $? "one more night: the index, change points, feed, 3 series, the new run, the one before, the run of the change that moved (its mean after), no other ($(tr '\n' ' ' <newer))"

# A narrower history: the pages it no longer has are removed.
kb site -o site --no-compare --last 50
expect_out "site/index.html: 3 series, 50 runs, 2 change points; wrote 8 of 58 pages, drew 3 of 3 charts, made 0 of 49 comparisons, removed 11 files" \
    "--last 50: the first 11 runs' pages removed"
[ ! -e site/runs/11.html ] && [ -e site/runs/12.html ]
check $? "--last 50: runs 1 to 11 gone, 12 kept"

# ---- comparisons: kbench report between consecutive runs ----

kb site -o cmp --last 10
expect_out "cmp/index.html: 3 series, 10 runs, 0 change points; wrote 18 of 18 pages, drew 3 of 3 charts, made 9 of 9 comparisons, removed 0 files" \
    "the last 10 runs: 9 comparisons"
grep -q 'href="../compare/55-56/report.html">compare with previous</a>' cmp/runs/56.html &&
    grep -q '<h1>Run n55 vs n56: lock, runs 55 and 56</h1>' cmp/compare/55-56/report.html &&
    grep -q 'kbench -d .* report --compare n55 n56 -o cmp/compare/55-56 --title' cmp/compare/55-56/report.html
check $? "a run page links its comparison: kbench report's, sides named by label"
grep -q '<h2>Round by round</h2>' cmp/compare/55-56/report.html &&
    grep -q 'report --compare n55 n56 -o cmp/compare/55-56 --title .* --sequential' cmp/compare/55-56/report.html
check $? "a comparison page reads the rounds in order too (--sequential)"
python3 "$CHECK" --site cmp >check.out 2>&1
check $? "with comparisons: every link resolves: $(tail -1 check.out)"
# SIGTERM while its comparisons' gnuplots draw: they stop, their
# reports stop (nothing half-made left), the site stops (143); the next
# build finishes it.
stopped_midway site -o cmpstop --last 5
expect_rc 143 "a site stopped by SIGTERM during its comparisons"
expect_err "kbench: site: cmpstop: stopped by SIGTERM: the next build finishes it" "a stopped site: said"
[ "$gp_left" = no ] && [ -z "$(find cmpstop -name '*.kbtmp-*' -o -name '.kbench-gp.*')" ]
check $? "no gnuplot left running, no comparison half-made"
# A gnuplot deaf to SIGTERM: its report kills it after a grace, the site
# gives the report longer than that: none is left running.
GP_DEAF=1
stopped_midway site -o cmpdeaf --last 5
GP_DEAF=0
expect_rc 143 "a site stopped while a gnuplot deaf to SIGTERM draws"
[ "$gp_left" = no ]; check $? "that gnuplot did not outlive the site"
kb site -o cmpstop --last 5
expect_out "cmpstop/index.html: 3 series, 5 runs, 0 change points; wrote 13 of 13 pages, drew 3 of 3 charts, made 4 of 4 comparisons, removed 0 files" \
    "the next build of the stopped site finishes it"
kb import -q "$HIST"	# already there: nothing new
(head -1 "$HIST"; sed 's/000000000061,n61,/000000000062,n62,/; s/2026-03-02/2026-03-03/g' night61.csv) >n62.csv
kb import -q n62.csv
kb site -o cmp --last 10
expect_out "cmp/index.html: 3 series, 10 runs, 0 change points; wrote 9 of 18 pages, drew 3 of 3 charts, made 1 of 9 comparisons, removed 2 files" \
    "one more night, the last 10 runs: 1 comparison made, run 52 and 52-53 gone"
[ -e cmp/compare/61-62/report.html ] && [ ! -e cmp/compare/52-53 ] &&
    [ ! -e cmp/runs/52.html ] && [ -e cmp/compare/53-54/report.html ]
check $? "the new pair compared, the pair that left removed"

# ---- hostile labels, keys and facts ----

long=$(printf '%300s' '' | tr ' ' x)
{
	echo 'run,label,benchmark,status,started,ended,command,version,fact.host,fact.kernel_release,fact.note,key.method,"key.x""y",unit,better,seq,value'
	i=0
	for label in '<script>alert(1)</script>' '../../../tmp/evil' 'a/b' '..' \
	    "$long" '--db=/tmp/evil.db' '"q'"'"' & amp' 9 9; do
		i=$((i + 1))
		for m in '<b>bold</b>' 'a/b' '..' '../..'; do
			for seq in 0 1 2 3 4 5; do
				printf '%s,"%s",lock,complete,2026-01-0%dT02:00:00.000Z,,"kbench collect <i>",0.1.0,lab/../a,"<script>alert(2)</script>","""><img src=x onerror=alert(3)>","%s",v,us,lower,%d,%d\n' \
				    "00000000-0000-4000-8000-00000000010$i" \
				    "$(printf '%s' "$label" | sed 's/"/""/g')" "$i" \
				    "$m" "$seq" "$((100 + i + seq))"
			done
		done
	done
} >hostile.csv
H=$T/hostile.db
"$KBENCH" -d "$H" import -q hostile.csv
printf 'm,v\nk,1\nk,2\nk,3\n' >u.csv
"$KBENCH" -d "$H" import -q --value v --key m -l lat --meta note=cafe u.csv
# Invalid UTF-8 that import now refuses, as a database of an older kbench
# (or one edited by hand) still holds it.
db_query "$H" "UPDATE run SET label = CAST(x'6c6174e9' AS TEXT) WHERE label = 'lat';
    UPDATE run_fact SET value = CAST(x'636166e9' AS TEXT) WHERE value = 'cafe'"
touch marker
kb -d "$H" site -o hostile
expect_rc 0 "hostile labels, keys and facts: the site is built"
find "$T" -newer marker -type f | grep -v -e "^$T/hostile/" -e "^$T/hostile.db" \
    -e "^$T/out$" -e "^$T/err$" -e "^$T/outside$" >outside
expect_out "hostile/index.html: 5 series, 10 runs, 0 change points; wrote 20 of 20 pages, drew 5 of 5 charts, made 8 of 8 comparisons, removed 0 files" \
    "hostile: 4 series of lock and 1 imported, 10 runs, 8 comparisons"
python3 "$CHECK" --site hostile >check.out 2>&1
check $? "hostile: well formed, strict UTF-8, nothing outside the site: $(tail -1 check.out)"
find hostile -type f | sed 's|^hostile/||' | grep -Ev '^(index\.html|regressions\.html|feed\.xml|site\.css|site\.js|\.kbench-site|\.kbench-site\.lock|series/[0-9a-f]{16}\.(html|svg|gp)|runs/[0-9]+\.html|compare/[0-9]+-[0-9]+/(report\.(html|md|txt)|[a-z]+\.(gp|svg|png)))$' >names
[ ! -s names ]
check $? "hostile: every file name is kbench's own, none from the data ($(head -3 names | tr '\n' ' '))"
[ ! -e /tmp/evil ] && [ ! -e /tmp/evil.db ] && [ ! -s outside ]
check $? "hostile: nothing written outside the site $(head -3 outside | tr '\n' ' ')"
n=$(ls hostile/series/*.html | wc -l)
[ "$n" -eq 5 ]
check $? "hostile: 'a/b', '..', '../..' and '<b>bold</b>' are 4 series, 4 pages (+1 imported: $n)"
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' hostile/index.html hostile/runs/1.html &&
    ! grep -q '<script>alert' hostile/runs/*.html hostile/index.html hostile/series/*.html &&
    ! grep -q '<img src=x' hostile/runs/*.html &&
    grep -q "$(printf 'lat\357\277\275')" hostile/runs/10.html &&
    grep -q "$(printf 'caf\357\277\275')" hostile/runs/10.html
check $? "hostile: labels and facts escaped; invalid UTF-8 as U+FFFD"
grep -q 'report --compare &#39;&lt;script&gt;alert(1)&lt;/script&gt;&#39; \.\./\.\./\.\./tmp/evil -o' hostile/compare/1-2/report.html &&
    grep -q "report --compare x* 6 -o" hostile/compare/5-6/report.html &&
    grep -q 'report --compare 8 uuid=00000000-0000-4000-8000-000000000109 -o' hostile/compare/8-9/report.html
check $? "hostile: a side is its label when that is the run alone (quoted for sh), else its id, else its uuid; never an option"
if command -v chromium >/dev/null 2>&1; then
	dom "file://$T/hostile/runs/1.html"
	[ "$(count '<script')" -eq 1 ] && [ "$(count '<img')" -eq 0 ] &&
	    grep -q '<h1>Run &lt;script&gt;alert(1)&lt;/script&gt;</h1>' dom
	check $? "browser: a hostile run page has one script, site.js, and no injected element"
fi

# ---- two benchmarks on two hosts: the benchmark and host filters ----

# The 60 nights as lock on lab-a, their last 20 again as sleep on lab-b.
awk -F, -v OFS=, 'NR == 1 { $8 = $8 OFS "fact.host"; print; next }
    { $8 = $8 OFS "lab-a"; print }
    substr($2, 2) + 0 > 40 { sub(/-8000-/, "-9000-", $1); $2 = "s" substr($2, 2)
	$3 = "sleep"; sub(/lab-a$/, "lab-b", $8); print }' "$HIST" >two.csv
W=$T/two.db
"$KBENCH" -d "$W" import -q two.csv
kb -d "$W" site -o two --no-compare
expect_out "two/index.html: 6 series, 80 runs, 3 change points; wrote 91 of 91 pages, drew 6 of 6 charts, made 0 of 78 comparisons, removed 0 files" \
    "two benchmarks on two hosts"
grep -q '<select id="f-bench"><option>all</option><option value="lock">lock</option><option value="sleep">sleep</option></select>' two/index.html &&
    grep -q '<select id="f-host"><option>all</option><option value="lab-a">lab-a</option><option value="lab-b">lab-b</option></select>' two/index.html
check $? "two benchmarks on two hosts: a choice of each"
if command -v chromium >/dev/null 2>&1; then
	dom "file://$T/two/index.html#host=lab-b"
	grep -q '>3 of 6 series<' dom &&
	    grep -q '<section class="bench" data-b="lock" hidden="">' dom
	check $? "browser: host lab-b: its 3 series, lock's section hidden"
	dom "file://$T/two/index.html#bench=lock&label=n05"
	grep -q '>3 of 6 series<' dom && grep -q '<section class="bench" data-b="sleep" hidden="">' dom
	check $? "browser: benchmark lock and a label of its: 3 of 6 series"
	dom "file://$T/two/index.html#label=s55"
	grep -q '>3 of 6 series<' dom && grep -q '<section class="bench" data-b="lock" hidden="">' dom
	check $? "browser: a label only sleep's runs have: 3 of 6 series"
fi

# ---- errors ----

kb site --bogus -o x
expect_rc 2 "an unknown option"
head -1 err >err1
printf '%s\n' "site: unrecognized option '--bogus'" >want
cmp -s want err1 && grep -q '^usage: kbench site -o DIR' err
check $? "an unknown option: said, then the usage"
kb site
expect_rc 2 "no -o"
expect_err "kbench: site: -o DIR is required: where the site goes" "no -o"
mkdir other && echo mine >other/notes.txt
kb site -o other
expect_rc 2 "a directory that is not a site"
expect_err "kbench: site: other: not empty, and not a site kbench wrote (no .kbench-site): choose a new or empty directory" \
    "a directory that is not a site"
[ "$(cat other/notes.txt)" = mine ] && [ "$(ls other)" = notes.txt ]
check $? "a directory that is not a site: left as it was"
# An empty manifest is no site kbench wrote (its own has a head line):
# it was taken for one, and the user's files overwritten.
mkdir emptym && : >emptym/.kbench-site && echo mine >emptym/index.html
kb site -o emptym --no-compare
expect_rc 2 "an empty manifest"
expect_err "kbench: site: emptym/.kbench-site: empty: not a manifest kbench site wrote; remove the directory, or choose another" \
    "an empty manifest"
[ "$(cat emptym/index.html)" = mine ] &&
    [ "$(ls -A emptym | grep -v '^\.kbench-site\.lock$' | tr '\n' ' ')" = ".kbench-site index.html " ]
check $? "an empty manifest: the directory left as it was (its lock file aside)"
printf 'kbench-site 1\n0123456789abcdef0123456789abcdef ../../etc/passwd\n' >site/.kbench-site
kb site -o site --no-compare
expect_rc 2 "a tampered manifest"
expect_err "kbench: site: site/.kbench-site: line 2: not a manifest kbench site wrote; remove the directory, or choose another" \
    "a tampered manifest: refused, nothing removed"
kb site -o site --jobs 0
expect_rc 2 "--jobs 0"
kb site -o site --label nosuch
expect_rc 2 "an unknown label"

# A sparkline is drawn against a stated scale: its height spans at least
# 20% of the level, so a -6.6% step of two runs is a third of it (it was
# drawn from top to bottom, as a crash would be).
printf 'label,s,value\nn1,x,100\nn2,x,93.4\n' >spark.csv
kb --db spark.db import -q --run-by label --key s --value value spark.csv
kb --db spark.db site -o sparksite --no-compare
expect_rc 0 "a site of one two-run series"
grep -q 'aria-label="2 run medians, the height at least 20% of their level"><polyline points="2.0,11.2 118.0,20.8"/>' sparksite/index.html
check $? "a -6.6% step: a third of the sparkline's height, its scale said"

# A comparison that fails says the child's whole message on one line
# (it ended at "not on both sides:"), its suggestion written to be pasted
# back ("," in a value as "\,").
printf 'label,opt,value\nr0,a,1\nr0,a,2\nr0,a,3\nr1,b,1\nr1,b,2\nr1,b,3\n' >sf.csv
kb --db sf.db import -q --run-by label --key opt --value value sf.csv
kb --db sf.db site -o sfsite
expect_rc 0 "a site whose one comparison fails"
expect_err "kbench: site: warning: compare/1-2/: kbench report failed: kbench: report: --compare: 2 series are not on both sides: 'opt=a' only in r0; 'opt=b' only in r1; the sides differ in the series key opt (a in r0, b in r1): to compare along it, --compare label=r0,opt=a label=r1,opt=b" \
    "a failed comparison: its whole message, one line"
