/*
 * tools.h: finding and asking the benchmark programs kbench drives.
 */
#ifndef KBENCH_TOOLS_H
#define KBENCH_TOOLS_H

#include <sys/types.h>

#include <stddef.h>

#include "db/filter.h"

/*
 * The running kbench's own path, in self (size >= PATH_MAX): from the
 * kernel (/proc/self/exe, FreeBSD's kern.proc.pathname), else argv0.
 * Returns 0, or -1 (self "") when it cannot be known.
 */
int	self_path(const char *argv0, char *self, size_t size);

/*
 * The path of a benchmark program: $KBENCH_LIBEXEC/name when set, else
 * beside the running kbench (build/ or PREFIX/bin), else found on PATH.
 * NULL when none is executable.  Free the result.
 */
char	*tool_path(const char *argv0, const char *name);

/* A listing's deadline, unless --timeout says, and its most bytes. */
#define TOOL_LIST_TIMEOUT_S	30
#define TOOL_LIST_MAX		(64 * 1024)

/*
 * Run argv, which prints one item per line (a name, then optionally a
 * tab and a description), and add the first field of each line to out.
 * Past timeout_s seconds (<= 0: TOOL_LIST_TIMEOUT_S) or TOOL_LIST_MAX
 * bytes its process group is killed.  Returns 0, or -1 when it cannot
 * be run, fails or is killed: why says so, but when it failed (it said
 * why on our stderr).
 */
struct strbuf;
int	tool_list(char *const *argv, double timeout_s, struct strlist *out,
	    struct strbuf *why);

/*
 * Run argv, its output thrown away (an answer that must not reach the
 * user's terminal): did it exit 0 within TOOL_LIST_TIMEOUT_S seconds?
 */
int	tool_succeeds(char *const *argv);

#endif
