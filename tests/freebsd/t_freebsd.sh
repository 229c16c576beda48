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
#     opt_global.h: once as 14.x's config.mk writes it for a standalone
#     build (SMP, MAC, VIMAGE), once as a debug kernel (SMP, INVARIANTS,
#     INVARIANT_SUPPORT, WITNESS, KDTRACE_HOOKS), and once more with the
#     Makefile's own flags if it adds any; no warning any time; and its
#     undefined symbols, each one a 14.x kernel export of the list below
#     (a misspelt KPI that a stray prototype lets compile still fails);
#     and a build without SMP (an older config.mk's opt_global.h, VIMAGE
#     alone: MAXCPU 1, another struct rmlock) refused;
#   that what the module says of the kernel, and where it puts threads,
#     do not depend on how it was compiled: the handler of its `kernel'
#     sysctl and pb_core_of() have no #if and preprocess to the same text
#     whatever else opt_global.h defines (PREEMPTION, WITNESS,
#     INVARIANTS, KASAN...), the kernel handler names no option, and
#     every build reads the scheduler's topology (cpu_top) and none calls
#     smp_topo(), which builds a new tree on each call;
#   that pfilbench-ctl's FreeBSD half reads the kernel's facts from the
#     kernel: its object calls sysctlbyname(3) and holds each sysctl's
#     name and each fact's; and kmod_topology(), its parser of
#     kern.sched.topology_spec, compiled for this host and run on
#     samples (tests/freebsd/topology_test.c);
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
# Concurrency Kit, liburcu, libpq: /usr/local/include there) are not in
# the tree: Debian's packages of them stand in (libsqlite3-dev,
# libcsv-dev, libck-dev, liburcu-dev, libpq-dev), copied into
# BUILD/freebsd/ports-include.  So
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
# What opt_global.h defines.  generic: what 14.x's sys/conf/config.mk
# writes for a standalone build (the stable/14-era copies read have SMP,
# MAC and VIMAGE since before 14.0; the kernel's sources are not in the
# headers' tree, so this is not checked against 14.2 itself); minimal:
# VIMAGE alone, what config.mk wrote before (and the tree's README.md
# says), which the module must refuse; debug: a debug kernel's, as a
# module built with it (KERNBUILDDIR) sees.  all: every option the
# module must not depend on, PREEMPTION (opt_sched.h in a kernel build)
# and KASAN included, for the preprocessor only.
GENERIC_OPTS="SMP MAC VIMAGE"
MINIMAL_OPTS="VIMAGE"
DEBUG_OPTS="VIMAGE SMP INVARIANTS INVARIANT_SUPPORT WITNESS KDTRACE_HOOKS"
ALL_OPTS="$DEBUG_OPTS MAC PREEMPTION FULL_PREEMPTION KASAN SCHED_ULE"

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
cpu_top                                                         # sched_ule.c (options SMP)
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

# ------------------------------------------------------------------
# What the module says of the kernel, and where it puts its threads,
# must not come from the options it was compiled with: a standalone
# build's opt_global.h is config.mk's, not the running kernel's, and
# PREEMPTION is in opt_sched.h, which it never includes.

# kmod_pp NAME OPTIONS: the module's SRCS preprocessed (-E -P) with
# OPTIONS in opt_global.h, into $work/pp/NAME/all.i.
kmod_pp() {
	d=$work/pp/$1
	rm -rf "$d"
	mkdir -p "$d"
	for o in $2; do echo "#define $o 1"; done >"$d/opt_global.h"
	: >"$d/all.i"
	for s in $KMOD_SRCS; do
		# shellcheck disable=SC2086 # the flags are meant to split
		(cd "$d" && "$CLANG" $KMOD_CFLAGS -E -P "$top/kmod/freebsd/$s") \
		    >>"$d/all.i" 2>"$d/cc.log" || return 1
	done
}
# fn_text FILE NAME: the definition of function NAME in FILE, from the
# line that begins "NAME(" to the first line that is "}".
fn_text() {
	awk -v f="$2(" 'index($0, f) == 1 { on = 1 } on { print } on && /^}$/ { exit }' "$1"
}
# same_fn NAME: 0 when function NAME is there, has no #if in the source,
# and preprocesses to the same text with GENERIC_OPTS and with ALL_OPTS.
same_fn() {
	fn_text "$kmod_src" "$1" >"$work/pp/$1.src"
	fn_text "$work/pp/generic/all.i" "$1" >"$work/pp/$1.generic"
	fn_text "$work/pp/all/all.i" "$1" >"$work/pp/$1.all"
	[ -s "$work/pp/$1.generic" ] && ! grep -q '^#' "$work/pp/$1.src" &&
	    cmp -s "$work/pp/$1.generic" "$work/pp/$1.all"
}
# why_fn NAME: under a not ok, what differs.
why_fn() {
	grep -n '^#' "$work/pp/$1.src" 2>/dev/null | head -3 |
	    sed 's/^/#   source: /'
	diff "$work/pp/$1.generic" "$work/pp/$1.all" 2>/dev/null | head -4 |
	    cut -c1-160 | sed 's/^/#   /'
}
kmod_src=$top/kmod/freebsd/pfilbench.c
if kmod_pp generic "$GENERIC_OPTS" && kmod_pp all "$ALL_OPTS"; then
	# The handler the `kernel' oid is created with.
	kh=$(awk '/OID_AUTO, "kernel",/ { on = 1 }
	    on && /"A"/ { sub(/^[ \t]*/, ""); sub(/,.*/, ""); print; exit }' \
	    "$kmod_src")
	if [ -n "$kh" ] && same_fn "$kh"; then
		ok "the kernel sysctl's handler ($kh) has no #if and preprocesses to the same text with $GENERIC_OPTS and with $ALL_OPTS: no fact of it comes from an option"
	else
		not_ok "the kernel sysctl's handler (${kh:-not found}) has no #if and preprocesses to the same text whatever the options"
		why_fn "$kh"
	fi
	if [ -s "$work/pp/$kh.src" ] && ! grep -Eq \
	    '^#|PREEMPTION|WITNESS|INVARIANT|KASAN|SMP|hz' "$work/pp/$kh.src"; then
		ok "the kernel sysctl's handler names no kernel option and no kernel variable (PREEMPTION, WITNESS, INVARIANTS, KASAN, SMP, hz), and has no #if"
	else
		not_ok "the kernel sysctl's handler (${kh:-not found}) names no kernel option and has no #if"
		grep -En '^#|PREEMPTION|WITNESS|INVARIANT|KASAN|SMP|hz' \
		    "$work/pp/$kh.src" | head -6 | sed 's/^/#   /'
	fi
	if same_fn pb_core_of; then
		ok "pb_core_of() has no #if (no #ifdef SMP) and preprocesses to the same text whatever the options: the topology is read at run time"
	else
		not_ok "pb_core_of() has no #if and preprocesses to the same text whatever the options"
		why_fn pb_core_of
	fi
else
	not_ok "the module preprocesses with $GENERIC_OPTS and with $ALL_OPTS"
	show "$d/cc.log"
fi
# Without SMP, MAXCPU is 1: another cpuset_t, another struct rmlock.
d=$work/kmod/minimal
if ! kmod_cc "$d" "$top/kmod/freebsd" "$MINIMAL_OPTS" &&
    grep -q 'error: "pfilbench needs options SMP' "$d/cc.log"; then
	ok "a build without SMP (opt_global.h: $MINIMAL_OPTS) is refused: $(grep -m1 'error:' "$d/cc.log" | sed 's|.*/kmod/freebsd/||' | cut -c1-100)"
else
	not_ok "a build without SMP (opt_global.h: $MINIMAL_OPTS) is refused, naming options SMP"
	show "$d/cc.log"
fi
# Every build reads the scheduler's topology, none rebuilds it.
bad=""
for variant in generic debug; do
	u=$work/kmod/$variant/undefined
	if [ ! -s "$u" ] || ! awk '{ print $2 }' "$u" | grep -qx cpu_top ||
	    awk '{ print $2 }' "$u" | grep -qx smp_topo; then
		bad="$bad $variant"
	fi
done
if [ -z "$bad" ]; then
	ok "every build (generic, debug) places threads from the scheduler's topology (cpu_top) and none calls smp_topo()"
else
	not_ok "the builds that do not read cpu_top, or call smp_topo():$bad"
fi
# The rest of what the module prints for pfilbench-ctl: each lock name's
# primitive (impl), per thread its yields and its calls when the first
# thread ended, its own build's facts.
o=$work/kmod/generic/pfilbench.o
missing=""
for want in 'head_impl.%s %s' 'hook_impl.%s %s' 'epoch(9)(none)' \
    'rwlock(9)(adaptive)' 'rmlock(9)(adaptive)' 'mtx(9)(adaptive)' \
    'mtx(9)(spin)' 'yields %ju at_first_end %ju' \
    'kld_lock_debug %d' 'thread_priority %d'; do
	[ -f "$o" ] && strings -a -n 3 "$o" | grep -qF -- "$want" ||
	    missing="$missing '$want'"
done
if [ -z "$missing" ]; then
	ok "the module prints impl lines (head_impl.NAME, hook_impl.NAME), per thread yields and at_first_end, and its own build's facts (kld_lock_debug, thread_priority)"
else
	not_ok "the module's object lacks the strings:$missing"
fi

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
# With libpq there (a port's pkg-config says so), kbench's store has its
# PostgreSQL half: compiled so, as FreeBSD's make would.
echo "$srcs" | grep -qx db/store_pg.c && cflags="$cflags -DKBENCH_PG"

# pfilbench-ctl's FreeBSD half reads the kernel's facts from the running
# kernel, a sysctl each (the sysctl, then the facts it gives).  It needs
# FreeBSD's base headers only: compiled here on its own.
ctl=$work/ctl
mkdir -p "$ctl"
# shellcheck disable=SC2086
if (cd "$top" && "$CLANG" -target "$TARGET" --sysroot="$sysroot" $cflags \
    -Werror -c collect/pfilbench-ctl/kmodctl_freebsd.c \
    -o "$ctl/kmodctl_freebsd.o") >"$ctl/cc.log" 2>&1; then
	strings -a -n 3 "$ctl/kmodctl_freebsd.o" >"$ctl/strings"
	missing=""
	while read -r name facts; do
		for w in $name $facts; do
			grep -qxF "$w" "$ctl/strings" || missing="$missing $w"
		done
	done <<'EOF'
kern.sched.preemption kernel_preempt
kern.sched.preempt_thresh kernel_preempt_thresh
kern.sched.name kernel_sched
kern.hz kernel_hz
kern.features.witness kernel_witness
debug.witness.watch kernel_witness_watch
kern.features.invariants kernel_invariants
kern.features.invariant_support kernel_invariant_support
kern.features.kasan kernel_kasan
kern.smp.active kernel_smp
kern.smp.cpus kernel_smp_cpus
kern.smp.maxcpus kernel_smp_maxcpus
kern.sched.topology_spec cores smt
EOF
	nm -u "$ctl/kmodctl_freebsd.o" | awk '{ print $2 }' >"$ctl/undefined"
	for f in sysctlbyname kmod_topology kmod_impl_facts; do
		grep -qx "$f" "$ctl/undefined" || missing="$missing $f()"
	done
	if [ -z "$missing" ]; then
		ok "pfilbench-ctl's FreeBSD half calls sysctlbyname(3) for each kernel fact (kern.sched.preemption, kern.features.witness, ..., kern.sched.topology_spec) and prints the module's impl lines"
	else
		not_ok "pfilbench-ctl's FreeBSD half: missing from kmodctl_freebsd.o:$missing"
	fi
else
	not_ok "collect/pfilbench-ctl/kmodctl_freebsd.c compiles for FreeBSD 14.2"
	show "$ctl/cc.log"
fi
# Its parser of kern.sched.topology_spec, on samples, for this host.
HOSTCC=${KBENCH_HOST_CC:-cc}
if command -v "$HOSTCC" >/dev/null 2>&1; then
	if (cd "$top" && "$HOSTCC" -std=c11 -Wall -Wextra -Werror -I. \
	    -o "$ctl/topology_test" tests/freebsd/topology_test.c \
	    collect/pfilbench-ctl/kmodctl.c) >"$ctl/topology.log" 2>&1; then
		"$ctl/topology_test" ||
		    not_ok "tests/freebsd/topology_test: exit status $?"
	else
		not_ok "tests/freebsd/topology_test.c compiles with $HOSTCC"
		show "$ctl/topology.log"
	fi
else
	skip "kmod_topology() samples: no host compiler $HOSTCC"
fi
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
for p in libsqlite3-dev libcsv-dev libck-dev liburcu-dev libpq-dev; do
	if [ "$(dpkg-query -W -f='${db:Status-Status}' $p 2>/dev/null)" != installed ]; then
		missing="$missing $p"
		continue
	fi
	dpkg-query -L $p | grep '^/usr/include/.*\.h$' | while read -r h; do
		r=${h#/usr/include/}
		r=${r#x86_64-linux-gnu/}
		r=${r#postgresql/}	# postgresql15-client's are in include/
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
