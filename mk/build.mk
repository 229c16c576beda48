# mk/build.mk: compiles kbench's programs one object at a time, for GNU
# make and bmake alike.  The Makefile runs it in BUILD/obj, where "src"
# is a link to the tree, with VPATH=src: the suffix rule finds
# src/lib/util.c and writes lib/util.o here, so a sanitized build
# (build/san) never mixes its objects with a plain one, and no path in
# a command is the tree's own (a space or a colon in it is harmless).
# Programs go to BUILD.
#
# Never stale: cc -MMD -MP writes each object's headers to its .d file,
# read back below (a header deleted since is a phony target, not an
# error), and every object and program depends on "flags", a file
# rewritten only when the compiler, flags or libraries change (a word a
# line, as the shell splits the compile command).

SRCDIR = src
include src/mk/sources.mk

OBJ_CFLAGS = ${KB_CFLAGS} ${LOCK_CFLAGS}
BIN = ..

KBENCH_OBJS    = ${KBENCH_SRCS:.c=.o}
TESTSLEEP_OBJS = ${TESTSLEEP_SRCS:.c=.o}
LOCKBENCH_OBJS = ${LOCKBENCH_SRCS:.c=.o}
PFILCTL_OBJS   = ${PFILCTL_SRCS:.c=.o}
ALL_OBJS = ${KBENCH_OBJS} ${TESTSLEEP_OBJS} ${LOCKBENCH_OBJS} ${PFILCTL_OBJS} \
	   ${SRCS_test_util:.c=.o} ${SRCS_test_stats:.c=.o} \
	   ${SRCS_test_ministat:.c=.o} ${SRCS_test_csv:.c=.o} \
	   ${SRCS_test_protocol:.c=.o} ${SRCS_test_sequential:.c=.o} \
	   ${SRCS_test_trend:.c=.o} ${SRCS_test_store:.c=.o} \
	   ${SRCS_test_store_contract:.c=.o}
TEST_BINS = ${BIN}/test_util ${BIN}/test_stats ${BIN}/test_ministat \
	    ${BIN}/test_csv ${BIN}/test_protocol ${BIN}/test_sequential \
	    ${BIN}/test_trend ${BIN}/test_store ${BIN}/test_store_contract

.SUFFIXES:
.SUFFIXES: .c .o
.c.o:
	@mkdir -p $(@D)
	${CC} ${OBJ_CFLAGS} -MMD -MP -c -o $@ $<

flags: FORCE
	@printf '%s\n' ${CC} ${OBJ_CFLAGS} ${KB_LDFLAGS} ${KB_LIBS} ${LOCK_LIBS} >flags.new
	@if cmp -s flags.new flags; then rm flags.new; else mv flags.new flags; fi
FORCE:

${ALL_OBJS}: flags

.PHONY: programs unit-tests
programs: ${BIN}/kbench ${BIN}/testsleep ${BIN}/lockbench ${BIN}/pfilbench-ctl
unit-tests: ${TEST_BINS}

${BIN}/kbench: ${KBENCH_OBJS} flags
	${CC} ${KB_LDFLAGS} -o $@ ${KBENCH_OBJS} ${KB_LIBS}
${BIN}/testsleep: ${TESTSLEEP_OBJS} flags
	${CC} ${KB_LDFLAGS} -o $@ ${TESTSLEEP_OBJS} ${OS_LIBS_${OS}}
${BIN}/lockbench: ${LOCKBENCH_OBJS} flags
	${CC} ${KB_LDFLAGS} -o $@ ${LOCKBENCH_OBJS} ${LOCK_LIBS} ${OS_LIBS_${OS}}
${BIN}/pfilbench-ctl: ${PFILCTL_OBJS} flags
	${CC} ${KB_LDFLAGS} -o $@ ${PFILCTL_OBJS} ${OS_LIBS_${OS}}

# A unit test links the objects of its SRCS_name (mk/sources.mk).
${BIN}/test_util: ${SRCS_test_util:.c=.o}
${BIN}/test_stats: ${SRCS_test_stats:.c=.o}
${BIN}/test_ministat: ${SRCS_test_ministat:.c=.o}
${BIN}/test_csv: ${SRCS_test_csv:.c=.o}
${BIN}/test_protocol: ${SRCS_test_protocol:.c=.o}
${BIN}/test_sequential: ${SRCS_test_sequential:.c=.o}
${BIN}/test_trend: ${SRCS_test_trend:.c=.o}
${BIN}/test_store: ${SRCS_test_store:.c=.o}
${BIN}/test_store_contract: ${SRCS_test_store_contract:.c=.o}
${TEST_BINS}: flags
	${CC} ${KB_LDFLAGS} -o $@ ${SRCS_${@F}:.c=.o} ${KB_LIBS}

-include ${ALL_OBJS:.o=.d}
