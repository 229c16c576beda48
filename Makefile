# kbench: one Makefile for GNU make (Linux) and bmake (FreeBSD's make).
# Portable subset only: no ifeq/.if, no pattern rules, no $(shell):
# "VAR != cmd" and nested ${VAR_${X}} work in both.  Each binary is
# compiled in one cc command from its source list; the tree is small.

PREFIX	?= /usr/local
DESTDIR	?=
CC	?= cc

OS	!= uname -s | tr 'A-Z' 'a-z'
OS_CFLAGS_linux   = -D_GNU_SOURCE
OS_CFLAGS_freebsd =
OS_LIBS_linux     = -lm -lpthread -ldl
OS_LIBS_freebsd   = -lm -lpthread

SQLITE_CFLAGS != pkg-config --cflags sqlite3 2>/dev/null || true
SQLITE_LIBS   != pkg-config --libs sqlite3 2>/dev/null || echo -lsqlite3
# Debian's libcsv-dev ships no .pc file; FreeBSD's devel/libcsv does.
CSV_CFLAGS    != pkg-config --cflags libcsv 2>/dev/null || true
CSV_LIBS      != pkg-config --libs libcsv 2>/dev/null || echo -lcsv

# The PostgreSQL store when libpq is there (Debian's libpq-dev, FreeBSD's
# postgresql15-client): its headers at build time; the library is loaded
# at run time, only for a server location (db/pg_lib.h).  Without them,
# kbench stores in SQLite only.
# PG=0 builds without it all the same.
PG ?= 1
PG_CFLAGS_1 != pkg-config --exists libpq 2>/dev/null && echo "-DKBENCH_PG `pkg-config --cflags libpq`" || true
PG_SRCS_1   != pkg-config --exists libpq 2>/dev/null && echo db/pg_lib.c db/store_pg.c db/store_pg_read.c db/store_pg_schema.c || true
PG_CFLAGS   = ${PG_CFLAGS_${PG}}
PG_SRCS     = ${PG_SRCS_${PG}}

# lockbench: Concurrency Kit (ck_brlock) and liburcu (the memb flavour).
LOCK_CFLAGS   != pkg-config --cflags ck liburcu 2>/dev/null || true
LOCK_LIBS     != pkg-config --libs ck liburcu 2>/dev/null || echo -lurcu -lurcu-common -lck

# SANITIZE=1: AddressSanitizer + UndefinedBehaviorSanitizer.
SANITIZE ?= 0
SAN_FLAGS_0 =
SAN_FLAGS_1 = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
SAN_FLAGS   = ${SAN_FLAGS_${SANITIZE}}
# A sanitized build lives apart, so the two never mix objects.
BUILD_0     = build
BUILD_1     = build/san
BUILD       = ${BUILD_${SANITIZE}}

OPT	?= -O2 -g
WARN	 = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	   -Wno-unused-parameter
SRC_INCS = -I.
KB_INCS	 = ${SRC_INCS} ${SQLITE_CFLAGS} ${CSV_CFLAGS} ${PG_CFLAGS}
KB_CFLAGS = -std=c11 ${OPT} ${WARN} ${OS_CFLAGS_${OS}} ${SAN_FLAGS} \
	   ${KB_INCS} ${CFLAGS}
KB_LDFLAGS = ${SAN_FLAGS} ${LDFLAGS}
KB_LIBS	 = ${SQLITE_LIBS} ${CSV_LIBS} ${OS_LIBS_${OS}}

LIB_SRCS     = lib/util.c lib/signals.c lib/kv.c lib/json.c lib/strmap.c lib/strpool.c lib/strlist.c \
	       lib/table.c lib/outdir.c lib/outfile.c lib/outstage.c lib/procs.c \
	       lib/procid.c lib/stderr_guard.c
STORE_SRCS   = db/store.c db/store_common.c db/store_copy.c db/store_sqlite.c \
	       ${PG_SRCS} db/store_rocopy.c \
	       db/store_sqlite_source.c db/valid.c db/schema.c db/filter.c \
	       db/csv_import.c db/csv_export.c
DB_SRCS      = ${STORE_SRCS} db/cmd_import.c db/cmd_export.c db/cmd_runs.c \
	       db/cmd_merge.c
COLLECT_SRCS = collect/hostfacts.c collect/hostfacts_${OS}.c collect/cmd_facts.c \
	       collect/protocol.c collect/collector.c collect/cell.c collect/check.c \
	       collect/estimate.c collect/summary.c collect/tools.c \
	       collect/cmd_collect.c collect/benchmarks.c collect/collect_common.c \
	       collect/collect_sleep.c collect/collect_lock.c \
	       collect/until.c collect/nightly/nightly_conf.c collect/nightly/nightly_lock.c \
	       collect/nightly/cmd_nightly.c
STATS_SRCS   = analyze/stats.c analyze/stats_sum.c analyze/stats_dist.c analyze/stats_ci.c \
	       analyze/stats_tests.c analyze/stats_rank.c analyze/stats_hl.c \
	       analyze/stats_paired.c analyze/stats_warn.c analyze/sequential.c \
	       analyze/plan_rounds.c
ANALYZE_SRCS = ${STATS_SRCS} analyze/ministat.c analyze/cmd_ministat.c \
	       analyze/group.c analyze/group_units.c analyze/pooling.c \
	       analyze/sides.c analyze/compare.c analyze/compare_plan.c \
	       analyze/compare_methods.c analyze/compare_sequential.c \
	       analyze/noise_floor.c \
	       analyze/format_text.c analyze/format_method.c \
	       analyze/format_sequential.c \
	       analyze/format_data.c analyze/analysis.c analyze/provenance.c \
	       analyze/analysis_cmd.c \
	       analyze/cmd_analyze.c \
	       analyze/trend.c analyze/trend_confirm.c analyze/history.c \
	       analyze/trend_mail.c \
	       analyze/cmd_trend.c
PLOT_SRCS    = plots/gnuplot.c plots/charts.c plots/chart_sleep.c \
	       plots/chart_lock.c plots/chart_compare.c plots/chart_dist.c \
	       plots/chart_trend.c plots/cmd_plot.c plots/cmd_plot_trend.c \
	       plots/cmd_report.c \
	       plots/review_facts.c plots/review_md.c plots/review_html.c \
	       plots/review_text.c \
	       plots/site_model.c plots/site_manifest.c plots/site_html.c \
	       plots/site_index.c plots/site_pages.c plots/site_feed.c \
	       plots/site_compare.c plots/site_assets.c plots/cmd_site.c
KBENCH_SRCS  = kbench.c ${LIB_SRCS} ${DB_SRCS} ${COLLECT_SRCS} ${ANALYZE_SRCS} \
	       ${PLOT_SRCS}
HDRS	     = kbench.h kbench_exit.h lib/status.h lib/stderr_guard.h lib/util.h lib/kv.h lib/json.h lib/strmap.h lib/strpool.h lib/table.h \
	       lib/outdir.h lib/procs.h lib/signals.h lib/strlist.h db/store.h db/store_private.h db/store_impl.h db/store_pg_private.h db/pg_lib.h db/valid.h db/filter.h \
	       db/csvio.h db/schema.h collect/hostfacts.h collect/protocol.h \
	       collect/collector.h collect/cell.h collect/tools.h collect/collect.h \
	       collect/until.h \
	       collect/benchmark.h collect/nightly/nightly.h \
	       analyze/stats.h analyze/stats_int.h analyze/sequential.h analyze/plan_rounds.h lib/rng.h \
	       analyze/ministat.h analyze/group.h analyze/pooling.h analyze/compare.h analyze/analysis.h analyze/format.h \
	       analyze/trend.h analyze/history.h analyze/trend_mail.h \
	       plots/gnuplot.h plots/charts.h plots/plot.h plots/review.h plots/site.h

UNIT_TESTS   = ${BUILD}/test_util ${BUILD}/test_stats ${BUILD}/test_store \
	       ${BUILD}/test_csv ${BUILD}/test_ministat ${BUILD}/test_protocol \
	       ${BUILD}/test_trend ${BUILD}/test_sequential \
	       ${BUILD}/test_store_contract

.PHONY: all demo check check-sanitize check-vm check-vm-debug deps-vm-debug \
	demo-vm bench install clean \
	deps deps-vm deps-fuzz fuzz kmod kmod-linux test-bins lint deps-lint \
	check-valgrind deps-valgrind check-freebsd deps-freebsd deps-check \
	deps-check-vm deps-sanitize deps-bench print-build

TESTSLEEP_SRCS = collect/testsleep/testsleep.c collect/testsleep/sleep_methods.c \
	       collect/testsleep/sleep_methods_${OS}.c lib/util.c lib/signals.c \
	       lib/progopt.c
TESTSLEEP_HDRS = collect/testsleep/sleep_methods.h collect/protocol.h lib/util.h \
	       lib/signals.h lib/progopt.h kbench_exit.h

LOCKBENCH_SRCS = collect/lockbench/lockbench.c collect/lockbench/lock_ops.c collect/lockbench/busywait.c \
	       lib/util.c lib/signals.c lib/progopt.c
LOCKBENCH_HDRS = collect/lockbench/lock_ops.h collect/lockbench/busywait.h collect/protocol.h \
	       lib/util.h lib/signals.h lib/progopt.h kbench_exit.h
PFILCTL_SRCS = collect/pfilbench-ctl/pfilbench_ctl.c collect/pfilbench-ctl/results.c \
	       collect/pfilbench-ctl/kmodctl.c collect/pfilbench-ctl/kmodctl_${OS}.c \
	       lib/util.c lib/signals.c lib/progopt.c
PFILCTL_HDRS = collect/pfilbench-ctl/kmodctl.h collect/pfilbench-ctl/kmodctl_os.h \
	       collect/pfilbench-ctl/results.h collect/protocol.h lib/util.h \
	       lib/signals.h lib/progopt.h kbench_exit.h

all: ${BUILD}/kbench ${BUILD}/testsleep ${BUILD}/lockbench ${BUILD}/pfilbench-ctl

${BUILD}/lockbench: ${LOCKBENCH_SRCS} ${LOCKBENCH_HDRS}
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${LOCK_CFLAGS} ${KB_LDFLAGS} -o $@ ${LOCKBENCH_SRCS} \
	    ${LOCK_LIBS} ${OS_LIBS_${OS}}

${BUILD}/pfilbench-ctl: ${PFILCTL_SRCS} ${PFILCTL_HDRS}
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ ${PFILCTL_SRCS} ${OS_LIBS_${OS}}

${BUILD}/testsleep: ${TESTSLEEP_SRCS} ${TESTSLEEP_HDRS}
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ ${TESTSLEEP_SRCS} ${OS_LIBS_${OS}}

${BUILD}/kbench: ${KBENCH_SRCS} ${HDRS}
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ ${KBENCH_SRCS} ${KB_LIBS}

${BUILD}/test_util: tests/unit/test_util.c ${LIB_SRCS} lib/util.h tests/unit/check.h
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ tests/unit/test_util.c ${LIB_SRCS} ${KB_LIBS}

${BUILD}/test_stats: tests/unit/test_stats.c ${STATS_SRCS} analyze/stats.h analyze/stats_int.h analyze/sequential.h tests/unit/check.h
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ tests/unit/test_stats.c ${STATS_SRCS} ${LIB_SRCS} ${KB_LIBS}

${BUILD}/test_ministat: tests/unit/test_ministat.c ${STATS_SRCS} analyze/ministat.c ${HDRS} tests/unit/check.h
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ tests/unit/test_ministat.c analyze/ministat.c ${STATS_SRCS} ${LIB_SRCS} ${KB_LIBS}

${BUILD}/test_csv: tests/unit/test_csv.c ${STORE_SRCS} ${LIB_SRCS} ${HDRS} tests/unit/check.h
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ tests/unit/test_csv.c ${STORE_SRCS} ${LIB_SRCS} ${KB_LIBS}

${BUILD}/test_protocol: tests/unit/test_protocol.c collect/protocol.c ${LIB_SRCS} ${HDRS} tests/unit/check.h
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ tests/unit/test_protocol.c collect/protocol.c ${LIB_SRCS} ${KB_LIBS}

${BUILD}/test_sequential: tests/unit/test_sequential.c ${STATS_SRCS} analyze/sequential.h analyze/plan_rounds.h analyze/stats.h tests/unit/check.h tests/unit/seeded.h lib/rng.h
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ tests/unit/test_sequential.c ${STATS_SRCS} ${LIB_SRCS} ${KB_LIBS}

${BUILD}/test_trend: tests/unit/test_trend.c analyze/trend.c analyze/trend_confirm.c ${STATS_SRCS} analyze/trend.h analyze/stats.h analyze/stats_int.h tests/unit/check.h
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ tests/unit/test_trend.c analyze/trend.c analyze/trend_confirm.c ${STATS_SRCS} ${LIB_SRCS} ${KB_LIBS}

${BUILD}/test_store: tests/unit/test_store.c ${STORE_SRCS} ${LIB_SRCS} ${HDRS} tests/unit/check.h
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ tests/unit/test_store.c ${STORE_SRCS} ${LIB_SRCS} ${KB_LIBS}

${BUILD}/test_store_contract: tests/unit/test_store_contract.c ${STORE_SRCS} ${LIB_SRCS} ${HDRS} tests/unit/check.h
	@mkdir -p ${BUILD}
	${CC} ${KB_CFLAGS} ${KB_LDFLAGS} -o $@ tests/unit/test_store_contract.c ${STORE_SRCS} ${LIB_SRCS} ${KB_LIBS}

test-bins: ${BUILD}/kbench ${BUILD}/testsleep ${BUILD}/lockbench \
	   ${BUILD}/pfilbench-ctl ${UNIT_TESTS}

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
