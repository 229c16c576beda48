# shellcheck shell=sh
# mk/bench_build.sh: make bench's "build" section (issue 30), sourced by
# mk/bench.sh: the edit-compile loop on a copy of the tree (so the
# checkout's files keep their times), built with the Makefile's flags.
#   clean      make all from nothing, make -j1 and make -j2;
#   edit .c    analyze/trend.c touched, then make all (one object, a link);
#   edit .h    db/store.h touched, then make all (what includes it);
#   peer       kbench compiled in one cc call from the same sources and
#              flags (make print-build): what every edit cost before.
# It uses bench.sh's timed, $dir, $top.

echo "== build: the edit-compile loop"
src=$dir/build-tree
rm -rf "$src"
mkdir -p "$src/tests"
(cd "$top" && cp -R Makefile mk kbench.c kbench.h kbench_exit.h lib db \
    collect analyze plots "$src/") && cp -R "$top/tests/unit" "$src/tests/"
# make_timed LABEL ARGS...: make ARGS in the copy, without bench's own
# make's flags, timed.
make_timed() {
	label=$1
	shift
	# shellcheck disable=SC2016 # the inner shell's "$1" and "$@"
	timed "$label" sh -c 'cd "$1" && shift && env MAKEFLAGS= MAKELEVEL= \
	    make -s "$@" >/dev/null' sh "$src" "$@"
}
make_timed "build -j1" BUILD=b1 all
c1=$wall
make_timed "build -j2" -j2 BUILD=b2 all
c2=$wall
sleep 1
touch "$src/analyze/trend.c"
make_timed "edit .c" -j2 BUILD=b2 all
ec=$wall
sleep 1
touch "$src/db/store.h"
nh=$(find "$src/b2/obj" -name '*.d' -exec grep -l 'db/store\.h' {} + | wc -l)
make_timed "edit .h" -j2 BUILD=b2 all
eh=$wall
pb=$(cd "$src" && env MAKEFLAGS= MAKELEVEL= make -s print-build)
# The peer: one cc call, as each edit cost before (kbench alone).
printf '%s\n' "$pb" | awk '
	$1 == "prog" && $2 == "kbench" { $1 = $2 = ""; srcs = $0 }
	$1 == "cflags" { $1 = ""; cf = $0 }
	$1 == "kbench-cflags" { $1 = ""; kcf = $0 }
	$1 == "kbench-libs" { $1 = ""; libs = $0 }
	END { printf "cd \"$1\" && cc %s %s -o b1/kbench-one %s %s\n", cf, kcf, srcs, libs }' >"$dir/one-cc.sh"
timed "one cc" sh "$dir/one-cc.sh" "$src"
oc=$wall
awk -v c1="$c1" -v c2="$c2" -v ec="$ec" -v eh="$eh" -v oc="$oc" -v nh="$nh" 'BEGIN {
	printf "   %-44s %10s\n", "", "wall s"
	printf "   %-44s %10.2f\n", "kbench in one cc call (each edit, before)", oc
	printf "   %-44s %10.2f\n", "make all, clean, -j1 (four programs)", c1
	printf "   %-44s %10.2f\n", "make all, clean, -j2", c2
	printf "   %-44s %10.2f  (%.0fx faster than one cc call)\n", "analyze/trend.c edited, make -j2", ec, oc / ec
	printf "   %-44s %10.2f  (%d objects depend on it)\n", "db/store.h edited, make -j2", eh, nh
}'
rm -rf "$src" "$dir/one-cc.sh"
