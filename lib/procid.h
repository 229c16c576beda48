/*
 * procid.h: what identifies a process beyond its pid, which a reboot or
 * another pid namespace gives to another: the boot it runs in and its
 * start time.  A "running" mark (a run, a nightly) records it, and is
 * believed only while the process of that pid still matches.
 */
#ifndef KBENCH_PROCID_H
#define KBENCH_PROCID_H

#include "lib/util.h"

/*
 * The identity of process pid, "BOOT/START" (Linux: the boot id and the
 * start time in clock ticks since boot; FreeBSD: kern.boottime and
 * ki_start, as seconds.microseconds), into out.  0; -1 with errno
 * ESRCH when no such process runs, another errno when the system does
 * not tell (no /proc).
 */
int	proc_identity(long pid, struct strbuf *out);
/*
 * Is the process that marked something running on host, pid with the
 * identity ident, dead?  On another host: not known, 0.  Without an
 * ident (an older kbench's mark), or where the system tells none: as
 * process_gone().  Else dead unless pid runs with that same identity.
 */
int	process_dead(const char *host, long pid, const char *ident);

#endif
