#!/bin/sh
# kbench site: an index of more series than one page holds is paged
# (index.html, index-2.html...; KBENCH_SITE_PAGE series a page, for
# tests: 1000 by default), and so is a run's list of series
# (runs/ID.html, runs/ID-2.html...).  Seven series on two benchmarks, three a
# page: every page there, every series linked from exactly one of them,
# in the index's order, every page's navigation resolving; a site of one
# page has no navigation; pages a smaller site no longer has are removed.
. "$(dirname "$0")/lib.sh"

CHECK=$KBENCH_TOP/tests/tools/check_html.py

{
	echo "run,label,benchmark,status,started,ended,command,version,key.s,unit,better,seq,value"
	for r in 1 2; do
		for b in alpha:1 alpha:2 alpha:3 alpha:4 beta:1 beta:2 beta:3; do
			echo "${b%:*}$r,n$r,${b%:*},complete,2026-01-0${r}T02:00:00Z,,,,${b#*:},us,lower,0,10$r"
		done
	done
} >seven.csv
kb import -q seven.csv
expect_rc 0 "import seven series, two nights of two benchmarks"

KBENCH_SITE_PAGE=3 kb site -o site --no-compare
expect_rc 0 "site of seven series, three a page"
expect_out "site/index.html: 7 series, 4 runs, 0 change points; wrote 20 of 20 pages, drew 7 of 7 charts, made 0 of 2 comparisons, removed 0 files" \
    "site of seven series, three a page: what it wrote"
[ "$(ls site | grep '^index' | tr '\n' ' ')" = "index-2.html index-3.html index.html " ]
check $? "three index pages: index.html, index-2.html, index-3.html"
# Each series page linked from exactly one index page, once.
for f in site/series/*.html; do
	id=$(basename "$f")
	n=$(cat site/index*.html | grep -o "href=\"series/$id\"" | wc -l)
	[ "$n" -eq 1 ] || not_ok "series/$id linked $n times from the index pages"
done
ok "every series linked from exactly one index page"
# In the index's order: alpha 1-3, alpha 4 and beta 1-2, beta 3.
for p in "index.html:1 2 3" "index-2.html:4 1 2" "index-3.html:3"; do
	got=$(grep -o 'series/[0-9a-f]*\.html">[^<]*<' "site/${p%%:*}" |
	    sed 's/.*">\(.*\)</\1/' | tr '\n' ' ')
	[ "$got" = "${p#*:} " ] || not_ok "${p%%:*}: series $got, want ${p#*:}"
done
ok "the series in the index's order, split across the pages"
grep -c '<section class="bench" data-b="alpha">' site/index-2.html >n.out &&
    [ "$(cat n.out)" = 1 ] &&
    grep -q '<section class="bench" data-b="beta">' site/index-2.html
check $? "a benchmark cut by a page goes on on the next"
grep -q '<nav class="pages">page 2 of 3: <a href="index.html">1-3</a> <b>4-6</b> <a href="index-3.html">7-7</a></nav>' \
    site/index-2.html &&
    [ "$(grep -c '<nav class="pages">' site/index-3.html)" -eq 2 ]
check $? "each index page: the navigation above and below the tables"
# A run's series are paged the same way: alpha's runs have four.
id=$(db_query kbench.db "SELECT id FROM run WHERE uuid = 'alpha1'")
[ -s "site/runs/$id.html" ] && [ -s "site/runs/$id-2.html" ] &&
    [ "$(ls site/runs | wc -l)" -eq 6 ] &&
    [ "$(grep -c 'href="../series/' "site/runs/$id.html")" -eq 3 ] &&
    [ "$(grep -c 'href="../series/' "site/runs/$id-2.html")" -eq 1 ] &&
    grep -q "<p>4 series; " "site/runs/$id-2.html" &&
    grep -q "<nav class=\"pages\">page 2 of 2: <a href=\"$id.html\">1-3</a> <b>4-4</b></nav>" \
    "site/runs/$id-2.html"
check $? "a run of four series: runs/$id.html with three, runs/$id-2.html with the fourth, linked"
python3 "$CHECK" --site site >check.out 2>&1
check $? "every page well formed, every navigation link resolving: $(tail -1 check.out)"

KBENCH_SITE_PAGE=3 kb site -o site --no-compare
expect_out "site/index.html: 7 series, 4 runs, 0 change points; wrote 0 of 20 pages, drew 0 of 7 charts, made 0 of 2 comparisons, removed 0 files" \
    "the same again: nothing written"

kb site -o site --no-compare
expect_out "site/index.html: 7 series, 4 runs, 0 change points; wrote 3 of 16 pages, drew 0 of 7 charts, made 0 of 2 comparisons, removed 4 files" \
    "one page of 1000: index.html and two run pages written, index-2, index-3 and two run pages removed"
[ "$(ls site | grep '^index')" = index.html ] && [ "$(ls site/runs | wc -l)" -eq 4 ] &&
    ! grep -q '<nav class="pages">' site/index.html &&
    [ "$(grep -o 'href="series/[0-9a-f]*\.html"' site/index.html | wc -l)" -eq 7 ]
check $? "a site of one page: index.html alone, all seven, no navigation"

KBENCH_SITE_PAGE=0 kb site -o site --no-compare
expect_rc 2 "KBENCH_SITE_PAGE=0"
expect_err "kbench: site: KBENCH_SITE_PAGE=0: expected a number of series from 1" \
    "KBENCH_SITE_PAGE=0: said"
