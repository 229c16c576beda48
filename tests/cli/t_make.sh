#!/bin/sh
# The build (issue 30): an edit recompiles what it touches and nothing
# else, under GNU make and bmake, with make -j2.  A copy of the tree, in
# a directory whose name holds a space, a colon, a quote and a dollar,
# is built (-O0 -g0: this tests make, not the compiler; "all test-bins"
# at once, two targets of one build directory), then edited:
#   nothing changed        no compile, no link;
#   one .c touched         that object, and the program relinked;
#   one header touched     exactly the files that include it;
#   OPT changed            every object (BUILD/obj/flags);
#   a header and its #include removed together: the build goes on
#                          (cc -MP's phony targets), no "No rule to make".
. "$(dirname "$0")/lib.sh"

for m in make bmake; do
	if ! command -v "$m" >/dev/null 2>&1; then
		skip "$m is not installed (make deps-check installs it)"
		continue
	fi
done

src="$T/a b:c'd\$e"
mkdir -p "$src/tests"
(cd "$KBENCH_TOP" && cp -R Makefile mk kbench.c kbench.h kbench_exit.h \
    lib db collect analyze plots "$src/") &&
    cp -R "$KBENCH_TOP/tests/unit" "$src/tests/"
check $? "a copy of the tree to build"

# build MAKE LOG ARGS...: the copy built (make's own environment
# cleared: make check's flags are not this build's); $rc, the log.
build() {
	bm=$1 log=$2
	shift 2
	(cd "$src" && env MAKEFLAGS= MAKELEVEL= MFLAGS= "$bm" -j2 \
	    OPT="${OPT_T:--O0 -g0}" "$@") >"$log" 2>&1
	rc=$?
}
# compiled LOG: the objects the log compiled, sorted, one a line.
compiled() {
	sed -n 's/.* -c -o \([^ ]*\) .*/\1/p' "$1" | sort
}
linked() {
	sed -n 's/.* -o \.\.\/\([^ ]*\) .*/\1/p' "$1" | grep -v '\.o$' | sort
}
expect_build() {	# expect_build LOG WHAT: rc 0, or the log's tail
	if [ "$rc" -eq 0 ]; then ok "$2"; else
		not_ok "$2: exit $rc: $(tail -3 "$1" | tr '\n' ' ')"; fi
}
expect_list() {		# expect_list GOT WANT WHAT
	if [ "$1" = "$2" ]; then ok "$3"; else
		not_ok "$3: got [$(echo "$1" | tr '\n' ' ')], want [$(echo "$2" | tr '\n' ' ')]"
	fi
}

for m in make bmake; do
	command -v "$m" >/dev/null 2>&1 || continue
	b=$T/build-$m
	build "$m" "$T/1.log" BUILD="$b" all test-bins
	expect_build "$T/1.log" "$m -j2 all test-bins builds the four programs and the unit tests"
	for p in kbench testsleep lockbench pfilbench-ctl; do
		[ -x "$b/$p" ] || not_ok "$m: $b/$p is missing"
	done
	"$b/kbench" help >/dev/null 2>&1
	check $? "$m: the kbench it built runs"
	nobj=$(compiled "$T/1.log" | wc -l)

	build "$m" "$T/2.log" BUILD="$b" all
	expect_list "$(compiled "$T/2.log")$(linked "$T/2.log")" "" \
	    "$m: nothing changed, nothing compiled or linked"

	# bmake 20200710 compares whole seconds.
	sleep 1
	touch "$src/analyze/trend.c"
	build "$m" "$T/3.log" BUILD="$b" all
	expect_list "$(compiled "$T/3.log")" "analyze/trend.o" \
	    "$m: analyze/trend.c touched: only it compiled"
	expect_list "$(linked "$T/3.log")" "kbench" "$m: and kbench relinked"

	sleep 1
	touch "$src/lib/progopt.h"
	want=$(cd "$src" && find . -name '*.c' -exec grep -l '"lib/progopt.h"' {} + |
	    sed 's|^\./||; s|\.c$|.o|' | sort)
	build "$m" "$T/4.log" BUILD="$b" all
	expect_list "$(compiled "$T/4.log")" "$want" \
	    "$m: lib/progopt.h touched: exactly the files that include it compiled"
	expect_list "$(linked "$T/4.log")" "$(printf 'lockbench\npfilbench-ctl\ntestsleep')" \
	    "$m: and the three programs that use it relinked"
done

if command -v make >/dev/null 2>&1; then
	b=$T/build-make
	OPT_T="-O0" build make "$T/5.log" BUILD="$b" all test-bins
	expect_list "$(compiled "$T/5.log" | wc -l | tr -d ' ')" "$nobj" \
	    "make: OPT changed: all $nobj objects compiled again"

	# A header and the line including it, both gone.
	printf '#define KB_T_MAKE 1\n' >"$src/lib/t_make_extra.h"
	cp "$src/lib/util.c" "$T/util.c"
	printf '#include "lib/t_make_extra.h"\n' >>"$src/lib/util.c"
	build make "$T/6.log" BUILD="$b" all
	expect_build "$T/6.log" "make: a new header included by lib/util.c"
	sleep 1
	cp "$T/util.c" "$src/lib/util.c"
	rm "$src/lib/t_make_extra.h"
	build make "$T/7.log" BUILD="$b" all
	expect_build "$T/7.log" "make: that header and its #include removed: the build goes on"
	expect_list "$(compiled "$T/7.log")" "lib/util.o" "make: and lib/util.c compiled again"
fi
