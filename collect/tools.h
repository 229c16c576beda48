/*
 * tools.h: finding and asking the benchmark programs kbench drives.
 */
#ifndef KBENCH_TOOLS_H
#define KBENCH_TOOLS_H

#include "filter.h"

/*
 * The path of a benchmark program: $KBENCH_LIBEXEC/name when set, else
 * beside the running kbench (build/ or PREFIX/bin), else found on PATH.
 * NULL when none is executable.  Free the result.
 */
char	*tool_path(const char *argv0, const char *name);

/*
 * Run argv, which prints one item per line (a name, then optionally a
 * tab and a description), and add the first field of each line to out.
 * Returns 0, or -1 when it cannot be run or fails.
 */
int	tool_list(char *const *argv, struct strlist *out);

#endif
