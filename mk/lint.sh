#!/bin/sh
# make lint: cppcheck, then clang-tidy, over kbench's own C: lib/ db/
# collect/ analyze/ plots/ kbench.c tests/unit/.  Not kmod/: the kernel
# modules compile against a kernel's headers (Kbuild, bsd.kmod.mk), not
# these flags.  Any finding fails; each tool's full output is kept in
# BUILD/lint/.  An inline suppression names its check and says why.
# Then mandoc -Tlint -Wwarning over the four man pages: no finding either.
#
#   sh mk/lint.sh BUILD OS CFLAGS...
#
# CFLAGS are the Makefile's (-std, -W, -D, -I and pkg-config's): clang-tidy
# compiles each file with them, as cc would.  Its checks, and why some
# are off, are in .clang-tidy.  The path analyzer (clang-analyzer-*) is
# held to 75000 nodes a function, its shallow mode's budget, with its
# deep inlining kept: the default 225000 took 1.6 times as long here and
# found one more report, a false one.  LINT_ANALYZER= (empty) lifts the
# cap.
#
# cppcheck:
#   --enable=warning,portability,performance
#       likely bugs (errors are always on), code whose meaning changes
#       with the platform (64-bit, signedness), needless copies.  Not
#       "style": it asks for what style(9) does not (narrowest scope of
#       every variable, const everywhere).  Not unusedFunction: it wants
#       one program at a time, and these files make eleven (kbench, the
#       three tools, seven unit tests).
#   --library=posix,sqlite3 and gnu or bsd: what libc and SQLite
#       functions allocate, free and require, for the leak checks.
#   no -D: every #ifdef configuration of a file is checked, the other
#       OS's branches too; -I: ours only, so that the system's headers
#       are not parsed (missingIncludeSystem says so, and is quiet).
#
# Both run LINT_JOBS files at a time (default: the CPUs); the largest
# files go first, so that no slow one starts last.
set -u

build=$1 os=$2
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
out=$build/lint
rm -rf "$out"
mkdir -p "$out"
jobs=${LINT_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}

case $os in
linux)		lib=gnu other=freebsd ;;
freebsd)	lib=bsd other=linux ;;
*)		lib="" other=none ;;
esac

# Largest first.
srcs=$(ls lib/*.c db/*.c collect/*.c collect/*/*.c analyze/*.c plots/*.c kbench.c \
    tests/unit/*.c | xargs wc -c | sort -rn | awk '$2 != "total" { print $2 }')
incs=""
for f in "$@"; do
	case $f in -I/*) ;; -I*) incs="$incs $f" ;; esac
done

start=$(date +%s)
status=0

# shellcheck disable=SC2086
cppcheck --enable=warning,portability,performance \
    --library=posix,sqlite3${lib:+,$lib} --std=c11 $incs \
    --inline-suppr --suppress=missingIncludeSystem --error-exitcode=1 \
    --quiet -j "$jobs" \
    --template='{file}:{line}:{column}: {severity}: {message} [{id}]' \
    $srcs >"$out/cppcheck.log" 2>&1 || status=1
n=$(grep -Ec ': (error|warning|portability|performance): ' \
    "$out/cppcheck.log")
echo "lint: cppcheck: $(echo "$srcs" | wc -l | tr -d ' ') files, $n findings"
[ "$status" -ne 0 ] && cat "$out/cppcheck.log"

# The other OS's files include its headers: clang-tidy skips them.
# Each file's output goes to BUILD/lint/DIR_FILE.log.
tidy=$(echo "$srcs" | grep -v "_$other\.c\$")
LINT_OUT=$out
LINT_CFLAGS="$* ${LINT_ANALYZER--Xclang -analyzer-config -Xclang max-nodes=75000}"
export LINT_OUT LINT_CFLAGS
# shellcheck disable=SC2016
echo "$tidy" | xargs -P "$jobs" -n 1 sh -c '
	log=$LINT_OUT/$(echo "$0" | tr / _).log
	clang-tidy --quiet "$0" -- $LINT_CFLAGS >"$log" 2>&1 || : >"$log.fail"
'
# A finding in a header shows once for each file that includes it.  The
# analyzer's paths (the notes) stay in the logs.
grep -Eh ': (warning|error): ' "$out"/*.c.log | sed "s|^$top/||" |
    sort -u >"$out/tidy.txt"
n=$(wc -l <"$out/tidy.txt" | tr -d ' ')
echo "lint: clang-tidy: $(echo "$tidy" | wc -l | tr -d ' ') files, $n findings"
cat "$out/tidy.txt"
for f in "$out"/*.fail; do
	[ -f "$f" ] || continue
	status=1
	# No finding, yet a failure: show what clang-tidy said.
	grep -Eq ': (warning|error): ' "${f%.fail}" || cat "${f%.fail}"
done
# The man pages: mandoc's linter, warnings included (an unclosed block
# makes man(1) drop the rest of a page).
mandoc -Tlint -Wwarning "$top"/*.1 >"$out/mandoc.log" 2>&1 || status=1
n=$(wc -l <"$out/mandoc.log" | tr -d ' ')
echo "lint: mandoc: $(ls "$top"/*.1 | wc -l | tr -d ' ') man pages, $n findings"
cat "$out/mandoc.log"
[ "$n" -eq 0 ] || status=1
echo "lint: $(($(date +%s) - start)) s; logs in $out"
exit $status
