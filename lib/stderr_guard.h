/*
 * stderr_guard.h: stderr made a stream that escapes what it is given
 * (stderr_guard.c): call once, first thing in main().
 */
#ifndef KBENCH_STDERR_GUARD_H
#define KBENCH_STDERR_GUARD_H

void	stderr_guard(void);

#endif
