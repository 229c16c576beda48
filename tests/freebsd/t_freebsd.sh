#!/bin/sh
# tests/freebsd/t_freebsd.sh BUILD: make check-freebsd.  Every FreeBSD
# line of kbench compiled on Linux with clang's FreeBSD target against
# FreeBSD 14.2-RELEASE's own /usr/include (KBENCH_FREEBSD_SYSROOT, by
# default ../shared/freebsd-14.2 beside the tree; its README.md gives
# the origin and the flags below):
#
#   the module (kmod/freebsd, its SRCS read from its Makefile) with the
#     flags of sys/conf/kmod.mk and kern.mk for a standalone amd64
#     module, -Werror, -nostdinc, -D_KERNEL -DKLD_MODULE, -include
#     opt_global.h: once as GENERIC has it (VIMAGE), once as a debug
#     kernel (SMP, INVARIANTS, INVARIANT_SUPPORT, WITNESS, KDTRACE_HOOKS),
#     and once more with the Makefile's own flags if it adds any; no
#     warning either; and its undefined symbols, each one a 14.x kernel
#     export of the list below (a misspelt KPI that a stray prototype lets
#     compile still fails);
#   the programs kbench, testsleep, lockbench and pfilbench-ctl, every
#     file the Makefile compiles for FreeBSD (`make OS=freebsd
#     print-build`: its list, not a second one), with the Makefile's own
#     warning flags plus -Werror, --sysroot on that tree;
#   broken copies of the module (the pre-14 pfil KPI, a pfil call with
#     its arguments swapped, rm_rlock without its tracker, a misspelt
#     kernel function, an assertion that only a debug kernel compiles, a
#     Makefile that adds a warning the code trips) and of
#     sleep_methods_freebsd.c (epoll): each must fail, where and as
#     expected: the check can fail.
#
# The headers FreeBSD's users get from ports (sqlite3.h, csv.h,
# Concurrency Kit, liburcu: /usr/local/include there) are not in the
# tree: Debian's packages of them stand in (libsqlite3-dev, libcsv-dev,
# libck-dev, liburcu-dev), copied into BUILD/freebsd/ports-include.  So
# this proves kbench's own code against FreeBSD's headers, and the ports'
# headers only as far as Debian's copies match them.
#
# It proves that the code compiles, not that it links, loads or runs: no
# FreeBSD machine or image is at hand.  Objects go to BUILD/freebsd/.
# Without the tree it skips, with the reason (tests/run.sh makes that a
# failure under KBENCH_NO_SKIP=1, as CI runs).
build=${1:-${KBENCH_BUILD:-build}}
top=$(cd "$(dirname "$0")/../.." && pwd)
case $build in /*) ;; *) build=$top/$build ;; esac
sysroot=${KBENCH_FREEBSD_SYSROOT:-$top/../shared/freebsd-14.2}
CLANG=${KBENCH_FREEBSD_CC:-clang}
TARGET=x86_64-unknown-freebsd14.2
work=$build/freebsd

ok() { echo "ok - $*"; }
not_ok() { echo "not ok - $*"; }
skip() { echo "skip - $*"; }
check() { if [ "$1" -eq 0 ]; then ok "$2"; else not_ok "$2"; fi; }

# show FILE: the first diagnostics of a failed step, under its not ok.
show() {
	grep -E 'error|warning' "$1" | head -6 | sed 's/^/#   /'
}

if [ ! -f "$sysroot/usr/include/sys/param.h" ]; then
	skip "check-freebsd: no FreeBSD 14.2 headers at $sysroot (set KBENCH_FREEBSD_SYSROOT)"
	exit 0
fi
sysroot=$(cd "$sysroot" && pwd)
inc=$sysroot/usr/include
ck=$sysroot/sys-contrib-ck/include

missing=""
command -v "$CLANG" >/dev/null 2>&1 || missing="$missing $CLANG(clang)"
command -v nm >/dev/null 2>&1 || missing="$missing nm(binutils)"
command -v bmake >/dev/null 2>&1 || missing="$missing bmake(bmake)"
command -v dpkg-query >/dev/null 2>&1 || missing="$missing dpkg-query(a-Debian-host)"
if [ -n "$missing" ]; then
	skip "check-freebsd: missing:$missing (make deps-freebsd installs them)"
	exit 0
fi
rm -rf "$work"
mkdir -p "$work"
if ! echo 'int x;' | "$CLANG" -target "$TARGET" -x c -c - -o "$work/x.o" \
    2>"$work/x.err"; then
	skip "check-freebsd: $CLANG cannot target $TARGET: $(head -1 "$work/x.err")"
	exit 0
fi

# ------------------------------------------------------------------
# The module.

# sys/conf/kmod.mk and kern.mk (stable/14), a standalone module on amd64
# with clang, as the tree's README.md has them; -I. is the object
# directory, which holds opt_global.h.
KMOD_CFLAGS="-target $TARGET -O2 -pipe -fno-strict-aliasing -Werror
-D_KERNEL -DKLD_MODULE -nostdinc -include opt_global.h -I. -I$inc -I$ck
-fno-common -fno-omit-frame-pointer -mno-omit-leaf-frame-pointer -mno-aes
-mno-avx -mcmodel=kernel -mno-red-zone -mno-mmx -mno-sse -msoft-float
-fno-asynchronous-unwind-tables -ffreestanding -fwrapv -fstack-protector
-std=iso9899:1999 -Wall -Wredundant-decls -Wnested-externs
-Wstrict-prototypes -Wmissing-prototypes -Wpointer-arith -Wcast-qual
-Wundef -Wno-pointer-sign -D__printf__=__freebsd_kprintf__
-Wmissing-include-dirs -Wno-unknown-pragmas
-Wno-error=tautological-compare -Wno-error=empty-body
-Wno-error=parentheses-equality -Wno-error=unused-function
-Wno-error=pointer-sign -Wno-error=shift-negative-value
-Wno-address-of-packed-member -Wno-error=unused-but-set-variable
-Wno-format-zero-length"
GENERIC_OPTS="VIMAGE"
DEBUG_OPTS="VIMAGE SMP INVARIANTS INVARIANT_SUPPORT WITNESS KDTRACE_HOOKS"

# What the FreeBSD 14.x kernel exports that the module may call: every
# undefined symbol of its object must be here (or one of its own linker
# sets, which kldload resolves: weak __start_set_X / __stop_set_X).
cat >"$work/exports" <<'EOF'
_epoch_enter_preempt _epoch_exit_preempt epoch_wait_preempt     # subr_epoch.c
net_epoch_preempt vnet0 __start_set_vnet __stop_set_vnet        # net/if.c, vnet.c, ldscript
pfil_add_hook pfil_remove_hook pfil_link pfil_head_register     # net/pfil.c
pfil_head_unregister pfil_mem_in pfil_mbuf_in                   # net/pfil.c
_rm_rlock_debug _rm_runlock_debug _rm_wlock_debug _rm_wunlock_debug # kern_rmlock.c
rm_init rm_destroy                                              # kern_rmlock.c
__rw_rlock _rw_runlock_cookie _rw_wlock_cookie _rw_wunlock_cookie # kern_rwlock.c
_rw_init_flags _rw_destroy                                      # kern_rwlock.c
__mtx_lock_flags __mtx_unlock_flags __mtx_lock_spin_flags       # kern_mutex.c
__mtx_unlock_spin_flags _mtx_init _mtx_destroy __mtx_assert     # kern_mutex.c
mtx_sysinit thread_lock_flags_                                  # kern_mutex.c
_sx_slock _sx_sunlock _sx_xlock _sx_xunlock _sx_assert          # kern_sx.c
sx_sysinit sx_destroy                                           # kern_sx.c
kthread_add kthread_exit                                        # kern_kthread.c
_sleep wakeup maybe_yield kern_yield                            # kern_synch.c
critical_enter_KBI critical_exit_KBI                            # kern_switch.c
sched_bind sched_unbind sched_prio                              # sched_ule.c
smp_topo                                                        # subr_smp.c (options SMP)
hz                                                              # subr_param.c
all_cpus mp_maxid mp_ncpus __start_set_pcpu __stop_set_pcpu     # subr_smp.c, ldscript
binuptime                                                       # kern_tc.c
DELAY                                                           # x86/delay.c
malloc free malloc_init malloc_uninit                           # kern_malloc.c
uma_zalloc_arg zone_mbuf m_freem                                # uma_core.c, kern_mbuf.c, uipc_mbuf.c
sbuf_delete sbuf_finish sbuf_printf sbuf_new_for_sysctl         # subr_sbuf.c, kern_sysctl.c
sysctl_handle_64 sysctl_handle_int sysctl_handle_string         # kern_sysctl.c
sysctl_add_oid sysctl_remove_oid                                # kern_sysctl.c
sysctl___debug                                                  # kern_mib.c
module_register_init                                            # kern_module.c
printf snprintf panic                                           # subr_prf.c, kern_shutdown.c
strcmp strlcpy strchr                                           # libkern
memcpy                                                          # amd64/amd64/support.S
__stack_chk_fail __stack_chk_guard                              # stack_protector.c
sdt_probe_func sdt_probes_enabled sdt_sdt___m__gethdr           # kern_sdt.c, uipc_mbuf.c (KDTRACE_HOOKS)
EOF
sed 's/#.*//' "$work/exports" | tr ' ' '\n' | grep . | sort -u \
    >"$work/exports.list"

# kmod_cc DIR SRCDIR OPTIONS [FLAGS...]: compile the module's SRCS from
# SRCDIR into DIR, with OPTIONS defined in opt_global.h; log DIR/cc.log.
kmod_cc() {
	d=$1 src=$2 opts=$3
	shift 3
	rm -rf "$d"
	mkdir -p "$d"
	for o in $opts; do echo "#define $o 1"; done >"$d/opt_global.h"
	: >"$d/cc.log"
	for s in $KMOD_SRCS; do
		# shellcheck disable=SC2086 # the flags are meant to split
		(cd "$d" && "$CLANG" $KMOD_CFLAGS "$@" -c "$src/$s" \
		    -o "${s%.c}.o") >>"$d/cc.log" 2>&1 || return 1
	done
	! grep -q 'warning:' "$d/cc.log"
}

# kmod_syms DIR: 0 when every undefined symbol of DIR/*.o is a kernel
# export or one of the module's own linker sets; the others in DIR/unknown.
kmod_syms() {
	nm -u "$1"/*.o | awk 'NF == 2 { print $1, $2 }' | sort -u >"$1/undefined"
	awk 'NR == FNR { export[$1] = 1; next }
	    $1 == "w" && $2 ~ /^__(start|stop)_set_/ { next }
	    !($2 in export) { print $2 }' "$work/exports.list" "$1/undefined" \
	    >"$1/unknown"
	[ -s "$1/undefined" ] && [ ! -s "$1/unknown" ]
}

# freebsd_elf FILE...: each is an ELF object for FreeBSD (EI_OSABI 9).
freebsd_elf() {
	for f in "$@"; do
		[ "$(od -An -tu1 -j7 -N1 "$f" | tr -d ' ')" = 9 ] || return 1
	done
}

# The Makefile's own view: what it compiles, and what it adds to the
# flags.  bsd.kmod.mk is FreeBSD's; an empty one stands in, so what
# bmake prints is what the Makefile itself sets.
mkd=$work/mk
mkdir -p "$mkd"
: >"$mkd/bsd.kmod.mk"
: >"$mkd/sys.mk"
kmk() {	# kmk DIR VAR: VAR as DIR/Makefile sets it
	(cd "$1" && bmake -r -m "$mkd" -f Makefile -V "$2")
}
# mk_flags DIR: what DIR/Makefile adds to the flags (bsd.kmod.mk appends
# CFLAGS, CWARNFLAGS, CWARNEXTRA and DEBUG_FLAGS; CSTD replaces the
# standard), in $mk_flags.
mk_flags() {
	# shellcheck disable=SC2016 # for bmake to expand
	mk_flags=$(kmk "$1" '${CFLAGS} ${CWARNFLAGS} ${CWARNEXTRA} ${DEBUG_FLAGS}' |
	    tr -s ' ' | sed 's/^ //; s/ $//')
	cstd=$(kmk "$1" CSTD)
	[ -z "$cstd" ] || mk_flags="$mk_flags -std=$cstd"
}
KMOD_SRCS=$(kmk "$top/kmod/freebsd" SRCS)
kmod_name=$(kmk "$top/kmod/freebsd" KMOD)
[ "$kmod_name" = pfilbench ] && [ -n "$KMOD_SRCS" ]
check $? "kmod/freebsd/Makefile read with bmake: KMOD $kmod_name, SRCS $KMOD_SRCS"

t0=$(date +%s)
for variant in generic debug; do
	if [ $variant = generic ]; then opts=$GENERIC_OPTS; else opts=$DEBUG_OPTS; fi
	d=$work/kmod/$variant
	if kmod_cc "$d" "$top/kmod/freebsd" "$opts"; then
		ok "pfilbench.ko compiles for FreeBSD 14.2 ($variant: $opts) with -Werror, no warning"
	else
		not_ok "pfilbench.ko compiles for FreeBSD 14.2 ($variant: $opts)"
		show "$d/cc.log"
		continue
	fi
	freebsd_elf "$d"/*.o
	check $? "$variant: the object is FreeBSD ELF (OS/ABI 9)"
	kmod_syms "$d"
	rc=$?
	echo "# $variant: undefined: $(awk '{ print $2 }' "$d/undefined" | tr '\n' ' ')"
	if [ $rc -eq 0 ]; then
		ok "$variant: its $(wc -l <"$d/undefined") undefined symbols are all 14.x kernel exports"
	else
		not_ok "$variant: undefined symbols the kernel does not export: $(tr '\n' ' ' <"$d/unknown")"
	fi
done

# The Makefile's own flags, if it adds any: a third compile.
[ -z "$(kmk "$top/kmod/freebsd" NO_WERROR)$(kmk "$top/kmod/freebsd" WERROR)" ]
check $? "kmod/freebsd/Makefile leaves -Werror on (NO_WERROR, WERROR unset)"
mk_flags "$top/kmod/freebsd"
if [ -z "$mk_flags" ]; then
	ok "kmod/freebsd/Makefile adds no flags of its own (CFLAGS, CWARNFLAGS, CWARNEXTRA, DEBUG_FLAGS, CSTD): its build is the generic one"
else
	d=$work/kmod/makefile
	# shellcheck disable=SC2086
	kmod_cc "$d" "$top/kmod/freebsd" "$GENERIC_OPTS" $mk_flags &&
	    kmod_syms "$d"
	check $? "pfilbench.ko compiles with the Makefile's own flags too ($mk_flags)"
fi
# That third compile, tried on a copy of the Makefile that adds a
# warning the module's CPU_FOREACH (int against u_int mp_maxid) trips.
b=$work/broken/makefile-flags
mkdir -p "$b"
cp "$top"/kmod/freebsd/* "$b/"
sed '/^\.include <bsd\.kmod\.mk>$/i\
CWARNFLAGS+=	-Wsign-compare' "$top/kmod/freebsd/Makefile" >"$b/Makefile"
mk_flags "$b"
# shellcheck disable=SC2086
if [ "$mk_flags" = -Wsign-compare ] &&
    ! kmod_cc "$b/obj" "$b" "$GENERIC_OPTS" $mk_flags &&
    grep -q 'Werror,-Wsign-compare' "$b/obj/cc.log"; then
	ok "a Makefile that adds CWARNFLAGS+= -Wsign-compare fails the third compile: $(grep -m1 'error:' "$b/obj/cc.log" | sed 's|.*/makefile-flags/||')"
else
	not_ok "a Makefile that adds CWARNFLAGS+= -Wsign-compare fails the third compile (flags read: '$mk_flags')"
	show "$b/obj/cc.log"
fi
echo "# the module in $(($(date +%s) - t0)) s"

# broken NAME WHERE WANT SEDSCRIPT: a copy of the module with SEDSCRIPT
# applied must fail the generic compile (WHERE generic), only the debug
# one (debug), or only the symbol check (symbols), with WANT in the
# diagnostics.
broken() {
	name=$1 where=$2 want=$3
	b=$work/broken/$name
	mkdir -p "$b/src"
	cp "$top"/kmod/freebsd/*.c "$b/src/"
	printf '%s\n' "$4" >"$b/edit.sed"
	sed -f "$b/edit.sed" "$top/kmod/freebsd/pfilbench.c" >"$b/src/pfilbench.c"
	if cmp -s "$top/kmod/freebsd/pfilbench.c" "$b/src/pfilbench.c"; then
		not_ok "broken copy ($name): the edit no longer applies to pfilbench.c"
		return
	fi
	got=generic
	if kmod_cc "$b/generic" "$b/src" "$GENERIC_OPTS"; then
		got=debug
		if kmod_cc "$b/debug" "$b/src" "$DEBUG_OPTS"; then
			got=symbols
			kmod_syms "$b/generic" && kmod_syms "$b/debug" && got=none
		fi
	fi
	log=$b/$got/cc.log
	[ "$got" = symbols ] && log=$b/generic/unknown
	if [ "$got" = "$where" ] && grep -q -- "$want" "$log"; then
		if [ "$got" = symbols ]; then
			msg="unknown: $(tr '\n' ' ' <"$log" | sed 's/ $//')"
		else
			msg=$(grep -m1 'error:' "$log" | sed 's|.*/src/||')
		fi
		ok "broken copy ($name) fails the $where check: $msg"
	else
		not_ok "broken copy ($name): should fail the $where check naming '$want'; failed: $got"
		[ -f "$log" ] && show "$log"
	fi
}

broken pfil-run-hooks generic "pfil_run_hooks" \
    's/pfil_mem_in(sc->head, pkt, PB_PKTLEN, NULL, &m)/pfil_run_hooks(sc->head, \&m, NULL, PFIL_IN, NULL)/'
broken pfil-mem-in-args generic "pfil_mem_in" \
    's/pfil_mem_in(sc->head, pkt, PB_PKTLEN, NULL, &m)/pfil_mem_in(sc->head, PB_PKTLEN, pkt, NULL, \&m)/'
broken rm-rlock-no-tracker generic "rm_rlock" \
    's/rm_rlock(&h->rm, &rmt)/rm_rlock(\&h->rm)/'
broken misspelt-kpi symbols "pfil_mem_input" \
    '/^#include <net\/vnet.h>$/a\
int pfil_mem_input(struct pfil_head *, void *, u_int, struct ifnet *, struct mbuf **);
s/pfil_mem_in(sc->head, pkt/pfil_mem_input(sc->head, pkt/'
broken invariants-only debug "MA_OWNED_X" \
    's/mtx_assert(&sc->lock, MA_OWNED)/mtx_assert(\&sc->lock, MA_OWNED_X)/'

# ------------------------------------------------------------------
# The programs.

# The FreeBSD branch of the Makefile, as GNU make and bmake read it.
print_build() {
	(cd "$top" && env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS "$1" -s OS=freebsd \
	    print-build) | awk '$1 == "prog" || $1 == "cflags" { $1 = $1; print }'
}
print_build make >"$work/build.make"
print_build bmake >"$work/build.bmake"
[ "$(grep -c '^prog' "$work/build.make")" = 4 ] &&
    cmp -s "$work/build.make" "$work/build.bmake"
check $? "make and bmake read the same FreeBSD branch: 4 programs (make OS=freebsd print-build)"
srcs=$(awk '$1 == "prog" { for (i = 3; i <= NF; i++) print $i }' \
    "$work/build.make" | sort -u)
cflags=$(sed -n 's/^cflags //p' "$work/build.make")
for f in collect/testsleep/sleep_methods_freebsd.c collect/hostfacts_freebsd.c \
    collect/pfilbench-ctl/kmodctl_freebsd.c collect/nightly/cmd_nightly.c collect/tools.c; do
	echo "$srcs" | grep -qx "$f" || not_ok "the FreeBSD branch compiles $f"
done
if echo "$srcs" | grep -q '_linux\.c$'; then
	not_ok "the FreeBSD branch compiles no _linux.c file"
else
	ok "the FreeBSD branch: $(echo "$srcs" | wc -l) files, the _freebsd.c ones, no _linux.c"
fi

# Debian's headers of the ports, where FreeBSD has them: one directory,
# as /usr/local/include (the multiarch part of liburcu's flattened).
ports=$work/ports-include
missing=""
for p in libsqlite3-dev libcsv-dev libck-dev liburcu-dev; do
	if [ "$(dpkg-query -W -f='${db:Status-Status}' $p 2>/dev/null)" != installed ]; then
		missing="$missing $p"
		continue
	fi
	dpkg-query -L $p | grep '^/usr/include/.*\.h$' | while read -r h; do
		r=${h#/usr/include/}
		r=${r#x86_64-linux-gnu/}
		mkdir -p "$ports/$(dirname "$r")"
		cp "$h" "$ports/$r"
	done
done
if [ -n "$missing" ]; then
	skip "check-freebsd: the programs: Debian's stand-ins for the ports' headers are missing:$missing (make deps)"
	exit 0
fi

t0=$(date +%s)
obj=$work/obj
# cc_files N I: compile the files whose rank modulo N is I (two at once:
# the half of the suite's time it would otherwise take).
cc_files() {
	echo "$srcs" | awk -v n="$1" -v i="$2" 'NR % n == i' | while read -r f; do
		o=$obj/${f%.c}.o
		mkdir -p "$(dirname "$o")"
		# shellcheck disable=SC2086 # the flags are meant to split
		(cd "$top" && "$CLANG" -target "$TARGET" --sysroot="$sysroot" \
		    $cflags -Werror -I"$ports" -c "$f" -o "$o") >"$o.log" 2>&1 ||
		    echo "$f"
	done
}
cc_files 2 0 >"$work/failed.0" &
cc_files 2 1 >"$work/failed.1"
wait
cat "$work/failed.0" "$work/failed.1" >"$work/failed"
while read -r _ prog files; do
	bad=""
	for f in $files; do
		grep -qx "$f" "$work/failed" && bad="$bad $f"
	done
	if [ -z "$bad" ]; then
		ok "$prog for FreeBSD 14.2: $(echo "$files" | wc -w) files compile with -Werror"
	else
		not_ok "$prog for FreeBSD 14.2: does not compile:$bad"
		for f in $bad; do show "$obj/${f%.c}.o.log"; done
	fi
done <<EOF
$(grep '^prog' "$work/build.make")
EOF
# And that it can fail: FreeBSD has no epoll.
b=$work/broken/epoll
mkdir -p "$b/collect/testsleep"
sed '/^#include <sys\/event.h>$/i\
#include <sys/epoll.h>' "$top/collect/testsleep/sleep_methods_freebsd.c" \
    >"$b/collect/testsleep/sleep_methods_freebsd.c"
# shellcheck disable=SC2086
if (cd "$top" && "$CLANG" -target "$TARGET" --sysroot="$sysroot" $cflags \
    -Werror -c "$b/collect/testsleep/sleep_methods_freebsd.c" -o "$b/x.o") \
    >"$b/cc.log" 2>&1; then
	false
else
	grep -q "'sys/epoll.h' file not found" "$b/cc.log"
fi
check $? "broken copy (epoll in sleep_methods_freebsd.c) fails: $(grep -m1 'error:' "$b/cc.log" | sed 's|.*/collect/||')"
# shellcheck disable=SC2046 # one word a file
freebsd_elf $(find "$obj" -name '*.o')
check $? "the programs' objects are FreeBSD ELF (OS/ABI 9)"
echo "# the programs' $(echo "$srcs" | wc -l) files in $(($(date +%s) - t0)) s"
