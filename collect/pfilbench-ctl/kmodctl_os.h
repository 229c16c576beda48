/*
 * kmodctl_os.h: between kmodctl.c, the half of kmodctl.h that is the
 * same on every OS (states, lines, the configuration's order), and
 * kmodctl_OS.c, the half that reaches the module's controls (sysfs
 * files on Linux, sysctls on FreeBSD).  Not for pfilbench_ctl.c or
 * results.c: they see kmodctl.h only.
 *
 * Every function returns 0 or a negative errno value as kmodctl.h has
 * them, with a reason in why (which may be NULL).
 */
#ifndef KBENCH_KMODCTL_OS_H
#define KBENCH_KMODCTL_OS_H

#include <stddef.h>

#include "collect/pfilbench-ctl/kmodctl.h"

/* Put the reason in why; return -e. */
int	kmod_say(char *why, size_t len, int e, const char *fmt, ...)
	    __attribute__((format(printf, 4, 5)));
/* A state's name as the module prints it ("running") as the enum. */
int	kmod_parse_state(const char *s, enum kmod_state *state, char *why,
	    size_t len);
/* The first line of a control, without its newline. */
int	kmod_read_line(const char *name, char *buf, size_t size, char *why,
	    size_t len);

/*
 * The module's `impl' control, one "KEY VALUE" line per lock name
 * ("head_impl.rm rmlock(9)(adaptive)", "hook_impl.spin mtx(9)(spin)"):
 * fact(KEY, VALUE) for each line; nothing when the module has no such
 * control (kmodctl.c).  An OS half's kmod_host_facts() calls it.
 */
void	kmod_impl_facts(void (*fact)(const char *key, const char *value));

/*
 * FreeBSD's kern.sched.topology_spec (sched_ule.c prints it from the
 * scheduler's cpu_top): *cores, the cores, and *smt, the most hardware
 * threads one core has.  A group is one core's hardware threads when it
 * has more than one CPU and is flagged THREAD (HTT or SMT) or shares L1
 * (cache-level 1): the rule pfilbench.ko's pb_core_of() applies to the
 * same tree, the first such group from the top; a CPU in none is a core
 * of its own.  0, or -EINVAL for a text that is not such a dump.  Pure,
 * in kmodctl.c, so that a test can feed it samples on any OS.
 */
int	kmod_topology(const char *spec, int *cores, int *smt);

/* The OS's half. */
/* How a user finds the control NAME: "/sys/kernel/pfilbench/NAME". */
void	kmodos_where(char *buf, size_t size, const char *name);
/* A whole control in *text (malloc'd, NUL-terminated). */
int	kmodos_read(const char *name, char **text, char *why, size_t len);
/* Set a control to a number, or to a string. */
int	kmodos_set_number(const char *name, unsigned long long v, char *why,
	    size_t len);
int	kmodos_set_string(const char *name, const char *s, char *why,
	    size_t len);

#endif
