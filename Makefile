# kbench: one Makefile for GNU make (Linux) and bmake (FreeBSD's make).
# Portable subset only: no ifeq/.if, no pattern rules, no $(shell):
# "VAR != cmd", nested ${VAR_${X}}, "include", "-include" and suffix
# rules work in both.  mk/sources.mk lists what each program is compiled
# from; mk/build.mk compiles it, one object at a time, in BUILD/obj
# (make -j2 compiles two at a time).

PREFIX	?= /usr/local
DESTDIR	?=

include mk/sources.mk

# One target at a time here (make -j2 all test-bins would run two
# builds in one BUILD/obj); each build.mk below runs -j2 itself.
.NOTPARALLEL:

# A sanitized build lives apart, so the two never mix objects.
BUILD_0     = build
BUILD_1     = build/san
BUILD       = ${BUILD_${SANITIZE}}

.PHONY: all demo check check-sanitize check-vm check-vm-debug deps-vm-debug \
	demo-vm bench install clean \
	deps deps-vm deps-fuzz fuzz kmod kmod-linux test-bins lint deps-lint \
	check-valgrind deps-valgrind check-freebsd deps-freebsd deps-check \
	deps-check-vm deps-sanitize deps-bench print-build

# The programs and the unit tests, compiled by mk/build.mk in BUILD/obj,
# which sees the tree as BUILD/obj/src, a link to it: every path it
# writes is relative, whatever characters the tree's own path holds.
# Every command-line variable (OPT=, CFLAGS=, SANITIZE=, PG=...) reaches
# it through MAKEFLAGS, in both makes.  ${MAKE} is written out in each
# command: that is how GNU make knows to share make -j's job slots.
BUILD_SRC = mkdir -p ${BUILD}/obj && rm -f ${BUILD}/obj/src && \
	    ln -s "$$(pwd)" ${BUILD}/obj/src
BUILD_MK  = -f src/mk/build.mk VPATH=src

all:
	@${BUILD_SRC} && cd ${BUILD}/obj && ${MAKE} ${BUILD_MK} programs

test-bins:
	@${BUILD_SRC} && cd ${BUILD}/obj && ${MAKE} ${BUILD_MK} programs unit-tests

deps:
	@sh mk/deps.sh

demo: deps
	@${MAKE} all
	@sh mk/demo.sh

# The whole suite, the kernel module's VM test and check-freebsd included
# (four minutes, once the packages and the VM's kernel are here; see the
# README's quick start for a fresh machine).
check: deps-check
	@${MAKE} test-bins
	@KBENCH_VM=1 sh tests/run.sh ${BUILD}

deps-check:
	@sh mk/deps.sh test vm freebsd

# The kernel module alone: pfilbench-ctl, then pfilbench.ko under qemu.
check-vm: deps-check-vm
	@${MAKE} test-bins
	@KBENCH_VM=1 sh tests/run.sh ${BUILD} t_ctl t_vm

deps-check-vm:
	@sh mk/deps.sh test vm

# The module under a debug kernel (lockdep, PROVE_RCU, DEBUG_ATOMIC_SLEEP,
# KASAN) that kmod/vm/debug-kernel.sh builds once from Debian's
# linux-source into build/vm-debug: long the first time, about ten
# minutes of TCG after.  Not part of make check.
check-vm-debug: deps-vm-debug
	@${MAKE} test-bins
	@KBENCH_VM_DEBUG=1 sh tests/run.sh ${BUILD} t_vm_debug

deps-vm-debug:
	@sh mk/deps.sh vm vmdebug

# The FreeBSD module and the FreeBSD branch of the programs, compiled with
# clang against FreeBSD 14.2's own headers (tests/freebsd/t_freebsd.sh;
# KBENCH_FREEBSD_SYSROOT, default ../shared/freebsd-14.2): object files,
# never loaded or run.  Skipped, with the reason, without that tree.
check-freebsd: deps-freebsd
	@sh tests/run.sh ${BUILD} t_freebsd

deps-freebsd:
	@sh mk/deps.sh freebsd

deps-sanitize:
	@sh mk/deps.sh test freebsd

# What each program is compiled from, and the flags: "make OS=freebsd
# print-build" is the FreeBSD branch, which check-freebsd compiles; kbench
# built with one more benchmark (tests/cli/t_toybench.sh) adds its own.
print-build:
	@echo "prog kbench ${KBENCH_SRCS}"
	@echo "prog testsleep ${TESTSLEEP_SRCS}"
	@echo "prog lockbench ${LOCKBENCH_SRCS}"
	@echo "prog pfilbench-ctl ${PFILCTL_SRCS}"
	@echo "cflags -std=c11 ${OPT} ${WARN} ${OS_CFLAGS_${OS}} ${SRC_INCS}"
	@echo "kbench-cflags ${SQLITE_CFLAGS} ${CSV_CFLAGS} ${PG_CFLAGS}"
	@echo "kbench-libs ${KB_LIBS}"

# Debian's kernel booted twice, highres and highres=off: the sleep matrix.
demo-vm: deps-vm
	@${MAKE} all
	@sh kmod/vm/demo-vm.sh ${BUILD}

deps-vm:
	@sh mk/deps.sh vm

# The module for this machine's kernel (KDIR=... for another).  Kbuild
# needs GNU make: "make", even when this Makefile runs under bmake.
TOP != pwd
kmod: kmod-${OS}
kmod-linux:
	make -C kmod/linux BUILD=${TOP}/${BUILD}
kmod-freebsd:
	cd kmod/freebsd && ${MAKE}

# The whole suite again, built with ASan + UBSan into build/san.
check-sanitize: deps-sanitize
	@${MAKE} SANITIZE=1 test-bins
	@sh tests/run.sh build/san

# Static analysis, cppcheck and clang-tidy, with the flags cc gets: any
# finding fails (mk/lint.sh and .clang-tidy say which checks, and why).
lint: deps-lint
	@sh mk/lint.sh ${BUILD} ${OS} -std=c11 ${WARN} ${OS_CFLAGS_${OS}} \
	    ${KB_INCS} ${LOCK_CFLAGS}

deps-lint:
	@sh mk/deps.sh lint

# The suite under valgrind's memcheck, less the tests that time or kill
# (mk/valgrind.sh says which, and why): any memory error or definite
# leak fails.  Slow (13 minutes here), so .ci/run does not run it.
check-valgrind: deps-valgrind
	@${MAKE} test-bins
	@sh mk/valgrind.sh ${BUILD}

deps-valgrind:
	@sh mk/deps.sh test valgrind

# make fuzz: the CSV importer and the protocol parser under libFuzzer with
# ASan + UBSan, FUZZ_SECONDS each (tests/fuzz/README).  A 64-byte read
# chunk makes the importer split lines across reads.
FUZZ_CC	     ?= clang
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS  = -std=c11 -g -O1 ${WARN} ${OS_CFLAGS_${OS}} ${KB_INCS} \
	       -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_BINS    = build/fuzz/fuzz_csv build/fuzz/fuzz_protocol

build/fuzz/fuzz_csv: tests/fuzz/fuzz_csv.c ${STORE_SRCS} ${LIB_SRCS} ${HDRS}
	@mkdir -p build/fuzz
	${FUZZ_CC} ${FUZZ_CFLAGS} -DREAD_CHUNK=64 -o $@ tests/fuzz/fuzz_csv.c \
	    ${STORE_SRCS} ${LIB_SRCS} ${KB_LIBS}

build/fuzz/fuzz_protocol: tests/fuzz/fuzz_protocol.c collect/protocol.c ${LIB_SRCS} ${HDRS}
	@mkdir -p build/fuzz
	${FUZZ_CC} ${FUZZ_CFLAGS} -o $@ tests/fuzz/fuzz_protocol.c \
	    collect/protocol.c ${LIB_SRCS} ${KB_LIBS}

fuzz: deps-fuzz
	@${MAKE} ${FUZZ_BINS}
	@sh mk/fuzz.sh build/fuzz ${FUZZ_SECONDS}

deps-fuzz:
	@sh mk/deps.sh fuzz

deps-bench:
	@sh mk/deps.sh bench

bench: deps-bench
	@${MAKE} all
	@sh mk/bench.sh ${BUILD}

install: all
	mkdir -p ${DESTDIR}${PREFIX}/bin ${DESTDIR}${PREFIX}/share/man/man1
	install -m 755 ${BUILD}/kbench ${DESTDIR}${PREFIX}/bin/kbench
	install -m 755 ${BUILD}/testsleep ${DESTDIR}${PREFIX}/bin/testsleep
	install -m 755 ${BUILD}/lockbench ${DESTDIR}${PREFIX}/bin/lockbench
	install -m 755 ${BUILD}/pfilbench-ctl ${DESTDIR}${PREFIX}/bin/pfilbench-ctl
	install -m 644 kbench.1 ${DESTDIR}${PREFIX}/share/man/man1/kbench.1
	install -m 644 testsleep.1 ${DESTDIR}${PREFIX}/share/man/man1/testsleep.1
	install -m 644 lockbench.1 ${DESTDIR}${PREFIX}/share/man/man1/lockbench.1
	install -m 644 pfilbench-ctl.1 ${DESTDIR}${PREFIX}/share/man/man1/pfilbench-ctl.1

clean:
	rm -rf ${BUILD}
