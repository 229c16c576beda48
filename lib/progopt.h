/*
 * progopt.h: what the benchmark programs (testsleep, lockbench,
 * pfilbench-ctl) say about their command lines, worded the same in all
 * three: a value out of range, an option getopt refused, --help.
 */
#ifndef KBENCH_PROGOPT_H
#define KBENCH_PROGOPT_H

#include <getopt.h>
#include <stddef.h>

/* The long options every program has, for its getopt_long() table. */
enum { PROG_OPT_CHECK = 256 };
#define PROG_LONGOPTS \
	{ "check",	no_argument,	NULL, PROG_OPT_CHECK }, \
	{ "help",	no_argument,	NULL, 'h' }

/* "bad WHAT 'ARG' (RANGE)" on stderr, exit 2. */
void	prog_bad(const char *what, const char *arg, const char *range)
	    __attribute__((__noreturn__));

/*
 * Why getopt_long() returned '?': "option -x needs an argument" when x
 * is one of with_arg (the options taking a value), else "unknown option
 * -x" or "unknown option --name" (argv[optind - 1]).  Written into buf.
 */
const char *prog_option_error(char *buf, size_t size, char **argv,
	    const char *with_arg);

/* A command line the program cannot take: the usage on stderr, exit 2. */
void	prog_usage(const char *usage_text) __attribute__((__noreturn__));

/*
 * -h, --help: the usage on stdout, exit 0 (1 when stdout cannot be
 * written: a help nobody got is no success).
 */
void	prog_help(const char *usage_text) __attribute__((__noreturn__));

#endif
