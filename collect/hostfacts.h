/*
 * hostfacts.h: the facts of this machine that every run records:
 * host, os, kernel_release, kernel_version, arch, cpu_model, ncpu, hz,
 * highres, clocksource, timer_slack_ns, governor, cmdline, loadavg...
 * A fact that cannot be read is left out, never guessed.
 */
#ifndef KBENCH_HOSTFACTS_H
#define KBENCH_HOSTFACTS_H

#include "lib/kv.h"

/* Add this machine's facts to facts. */
void	hostfacts_collect(struct kvlist *facts);

/* The OS-specific part (hostfacts_linux.c, hostfacts_freebsd.c). */
void	hostfacts_os(struct kvlist *facts);

#endif
