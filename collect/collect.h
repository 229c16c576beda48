/*
 * collect.h: kbench collect; each benchmark's collector is found through
 * its descriptor (benchmark.h).
 */
#ifndef KBENCH_COLLECT_H
#define KBENCH_COLLECT_H

#include "kbench.h"

extern const char collect_help[];

struct collection;

/*
 * Parse and check kbench collect KIND's arguments (argv[0] is KIND) and
 * build its matrix into c (zeroed by the caller; check_only may be set),
 * running nothing and opening no database: KB_EXIT_OK, or the exit
 * status after saying why on stderr.  The collector's own parser, so
 * kbench nightly checks its collect lines with it.  collection_free(c)
 * in either case.
 */
int	collect_prepare(int argc, char **argv, struct kbench_ctx *ctx,
	    struct collection *c);

#endif
