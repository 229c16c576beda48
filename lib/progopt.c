/*
 * progopt.c: the benchmark programs' command-line messages (progopt.h).
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbench_exit.h"
#include "lib/progopt.h"

void
prog_bad(const char *what, const char *arg, const char *range)
{
	errx(KB_EXIT_USAGE, "bad %s '%s' (%s)", what, arg, range);
}

const char *
prog_option_error(char *buf, size_t size, char **argv, const char *with_arg)
{
	if (optopt != 0 && strchr(with_arg, optopt) != NULL)
		snprintf(buf, size, "option -%c needs an argument", optopt);
	else if (optopt == 0)
		snprintf(buf, size, "unknown option %s", argv[optind - 1]);
	else
		snprintf(buf, size, "unknown option -%c", optopt);
	return buf;
}

void
prog_usage(const char *usage_text)
{
	fputs(usage_text, stderr);
	exit(KB_EXIT_USAGE);
}

void
prog_help(const char *usage_text)
{
	if (fputs(usage_text, stdout) == EOF || fflush(stdout) != 0)
		err(1, "standard output");
	exit(0);
}
