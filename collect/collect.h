/*
 * collect.h: the kinds of collection "kbench collect" runs.
 */
#ifndef KBENCH_COLLECT_H
#define KBENCH_COLLECT_H

#include "kbench.h"

extern const char collect_help[];

cmd_fn	collect_lock;
cmd_fn	collect_sleep;

#endif
