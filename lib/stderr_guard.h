/*
 * stderr_guard.h: stderr made a stream that escapes what it is given
 * (stderr_guard.c): call once, first thing in main().
 */
#ifndef KBENCH_STDERR_GUARD_H
#define KBENCH_STDERR_GUARD_H

void	stderr_guard(void);
/*
 * While on, a whole line said before while on is not said again: a
 * check repeated every round (collect --until reads its run after each)
 * says its warnings once, not once a round.  At most
 * STDERR_ONCE_MAX lines are remembered; past them, lines are said.
 */
#define STDERR_ONCE_MAX	1000
void	stderr_once(int on);

#endif
