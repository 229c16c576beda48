# mk/sources.mk: what each program is compiled from, and with which
# flags; included by the Makefile (fuzz, lint, print-build) and by
# mk/build.mk, which compiles it.  SRCDIR is the tree as the compiler
# sees it: "." here, "src" in BUILD/obj.
# Portable subset only, as the Makefile.

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

OPT	?= -O2 -g
WARN	 = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	   -Wno-unused-parameter
SRCDIR	?= .
SRC_INCS = -I${SRCDIR}
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
	       analyze/trend.c analyze/trend_confirm.c analyze/history.c analyze/history_medians.c \
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

TESTSLEEP_SRCS = collect/testsleep/testsleep.c collect/testsleep/sleep_methods.c \
	       collect/testsleep/sleep_methods_${OS}.c lib/util.c lib/signals.c \
	       lib/progopt.c

LOCKBENCH_SRCS = collect/lockbench/lockbench.c collect/lockbench/lock_ops.c collect/lockbench/busywait.c \
	       lib/util.c lib/signals.c lib/progopt.c
PFILCTL_SRCS = collect/pfilbench-ctl/pfilbench_ctl.c collect/pfilbench-ctl/results.c \
	       collect/pfilbench-ctl/kmodctl.c collect/pfilbench-ctl/kmodctl_${OS}.c \
	       lib/util.c lib/signals.c lib/progopt.c

# The unit tests: each links the code it tests (SRCS_name, for build.mk).
SRCS_test_util       = tests/unit/test_util.c ${LIB_SRCS}
SRCS_test_stats      = tests/unit/test_stats.c ${STATS_SRCS} ${LIB_SRCS}
SRCS_test_ministat   = tests/unit/test_ministat.c analyze/ministat.c ${STATS_SRCS} ${LIB_SRCS}
SRCS_test_csv        = tests/unit/test_csv.c ${STORE_SRCS} ${LIB_SRCS}
SRCS_test_protocol   = tests/unit/test_protocol.c collect/protocol.c ${LIB_SRCS}
SRCS_test_sequential = tests/unit/test_sequential.c ${STATS_SRCS} ${LIB_SRCS}
SRCS_test_trend      = tests/unit/test_trend.c analyze/trend.c analyze/trend_confirm.c ${STATS_SRCS} ${LIB_SRCS}
SRCS_test_store      = tests/unit/test_store.c ${STORE_SRCS} ${LIB_SRCS}
SRCS_test_store_contract = tests/unit/test_store_contract.c ${STORE_SRCS} ${LIB_SRCS}
