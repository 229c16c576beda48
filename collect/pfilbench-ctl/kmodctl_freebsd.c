/*
 * kmodctl_freebsd.c: kmodctl.h on FreeBSD: sysctl debug.pfilbench.<name>,
 * with sysctlbyname(3).
 *
 * Untested here (no FreeBSD machine): written against sysctl(3),
 * kqueue(2) and the sysctls of kmod/freebsd/pfilbench.c, which was not
 * run either.
 *
 * The module's sysctls: threads, duration_ms, warmup_ms, delay_ns,
 * hooks, shared, write_ms, pin (int), count (uint64_t), head, hook, tag
 * (string), start, stop (int, write 1), state, error, version, release,
 * results, caps, kernel, impl (string), wait (string: sleeps while a run
 * is in progress, then reads as state).  The kernel's own facts come
 * from the kernel's sysctls (kernel_facts()), never from the module's
 * `kernel', which says only what the module's build fixes.
 */
#include <sys/types.h>
#include <sys/event.h>
#include <sys/sysctl.h>
#include <sys/time.h>

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/pfilbench-ctl/kmodctl.h"
#include "collect/pfilbench-ctl/kmodctl_os.h"

#define NODE	"debug.pfilbench"

/*
 * A failed sysctl as kmodctl.h's errno values: no such sysctl is a module
 * not loaded (ENXIO: one being unloaded), EPERM is EACCES.
 */
static int
failed(char *why, size_t len, const char *name, int e)
{
	if (e == ENOENT || e == ENXIO)
		return kmod_say(why, len, ENOENT, "pfilbench.ko is not loaded "
		    "(no sysctl %s)", NODE);
	if (e == EPERM || e == EACCES)
		return kmod_say(why, len, EACCES, "%s.%s: not permitted (the "
		    "module's controls are root's)", NODE, name);
	if (e == EBUSY)
		return kmod_say(why, len, EBUSY, "a run is in progress");
	return kmod_say(why, len, e, "sysctl %s.%s: %s", NODE, name, strerror(e));
}

void
kmodos_where(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s.%s", NODE, name);
}

/*
 * The string sysctl path, of any length, in *out (malloc'd,
 * NUL-terminated): 0, or -1 with errno set.
 */
static int
read_string(const char *path, char **out)
{
	char *buf = NULL, *p;
	size_t n;
	int e, tries;

	/* The size can grow between the two calls: results after a start. */
	for (tries = 0; tries < 8; tries++) {
		n = 0;
		if (sysctlbyname(path, NULL, &n, NULL, 0) == -1)
			break;
		n += 256;
		if ((p = realloc(buf, n + 1)) == NULL) {
			errno = ENOMEM;
			break;
		}
		buf = p;
		if (sysctlbyname(path, buf, &n, NULL, 0) == 0) {
			buf[n] = '\0';	/* n counts the kernel's NUL too */
			*out = buf;
			return 0;
		}
		if (errno != ENOMEM)
			break;
	}
	e = errno;
	free(buf);
	errno = e;
	return -1;
}

/* A string sysctl of the module, of any length. */
int
kmodos_read(const char *name, char **out, char *why, size_t len)
{
	char path[128];

	kmodos_where(path, sizeof(path), name);
	if (read_string(path, out) == 0)
		return 0;
	if (errno == ENOMEM)
		return kmod_say(why, len, ENOMEM, "out of memory");
	return failed(why, len, name, errno);
}

/* The module's reason for the last refusal, else the errno's text. */
static int
refused(char *why, size_t len, const char *name, int e)
{
	char reason[256];

	if (e == EINVAL && kmod_read_line("error", reason, sizeof(reason), NULL,
	    0) == 0 && reason[0] != '\0')
		return kmod_say(why, len, e, "%s", reason);
	return failed(why, len, name, e);
}

static int
set_value(const char *name, const void *v, size_t size, char *why,
    size_t len)
{
	char path[128];

	kmodos_where(path, sizeof(path), name);
	if (sysctlbyname(path, NULL, NULL, v, size) == 0)
		return 0;
	return refused(why, len, name, errno);
}

/*
 * The module's sysctls are ints, but for count, a uint64_t (walks per
 * thread may pass INT_MAX).
 */
int
kmodos_set_number(const char *name, unsigned long long v, char *why,
    size_t len)
{
	uint64_t u64 = v;
	int i;

	if (strcmp(name, "count") == 0)
		return set_value(name, &u64, sizeof(u64), why, len);
	if (v > INT_MAX)
		return kmod_say(why, len, EINVAL, "%s %llu: too large", name, v);
	i = (int)v;
	return set_value(name, &i, sizeof(i), why, len);
}

/* The module names an unknown lock (or rwsem) in `error'. */
int
kmodos_set_string(const char *name, const char *s, char *why, size_t len)
{
	return set_value(name, s, strlen(s), why, len);
}

/*
 * kmod_wait: the module's `wait' sysctl sleeps (PCATCH) until the run
 * ends, but a sysctl cannot take a signal mask as ppoll() does: a signal
 * caught between testing *stop and entering the kernel would be lost.
 * So a helper thread, with every signal blocked, sleeps in the sysctl and
 * then triggers an EVFILT_USER event, and the caller sleeps in kevent(2)
 * on that event and on EVFILT_SIGNAL for SIGINT and SIGTERM.  Those are
 * registered before *stop is first tested, and the filter records every
 * delivery to the process after that (the caller's handler still runs),
 * so a signal either is seen in *stop or wakes kevent(): none is lost.
 *
 * The helper is shared by refcount: if the caller leaves first (-EINTR)
 * the helper stays asleep until the run ends (pfilbench-ctl stops it),
 * then closes the kqueue and frees what they share.
 */
struct waiter {
	pthread_mutex_t	 mtx;
	int		 refs;
	int		 kq;
	int		 done;
	int		 err;		/* errno of the sysctl, 0 */
	char		 state[32];
};

#define WAIT_EVENT	1		/* EVFILT_USER ident */

static void
waiter_put(struct waiter *w)
{
	int last;

	pthread_mutex_lock(&w->mtx);
	last = --w->refs == 0;
	pthread_mutex_unlock(&w->mtx);
	if (last) {
		close(w->kq);
		pthread_mutex_destroy(&w->mtx);
		free(w);
	}
}

static void *
waiter_main(void *arg)
{
	struct waiter *w = arg;
	struct kevent kev;
	char buf[32];
	size_t n;
	int e;

	do {
		n = sizeof(buf) - 1;
		e = sysctlbyname(NODE ".wait", buf, &n, NULL, 0) == 0 ? 0 :
		    errno;
		/* EINTR: a stop and continue of the process; sleep again. */
	} while (e == EINTR);
	pthread_mutex_lock(&w->mtx);
	w->err = e;
	if (e == 0) {
		buf[n < sizeof(buf) ? n : sizeof(buf) - 1] = '\0';
		snprintf(w->state, sizeof(w->state), "%s", buf);
	}
	w->done = 1;
	EV_SET(&kev, WAIT_EVENT, EVFILT_USER, 0, NOTE_TRIGGER, 0, NULL);
	(void)kevent(w->kq, &kev, 1, NULL, 0, NULL);
	pthread_mutex_unlock(&w->mtx);
	waiter_put(w);
	return NULL;
}

/* How the run ended, as kmodctl.h says: 0 done, -EIO error or idle. */
static int
ended(enum kmod_state state, char *why, size_t len)
{
	char reason[256];

	if (state == KMOD_DONE)
		return 0;
	if (state == KMOD_IDLE)
		return kmod_say(why, len, EIO, "no run was started");
	if (kmod_read_line("error", reason, sizeof(reason), NULL, 0) != 0 ||
	    reason[0] == '\0')
		snprintf(reason, sizeof(reason), "no reason given");
	return kmod_say(why, len, EIO, "the run failed: %s", reason);
}

int
kmod_wait(volatile sig_atomic_t *stop, char *why, size_t len)
{
	struct kevent kev[3], ev;
	struct waiter *w;
	enum kmod_state state;
	sigset_t all, old;
	pthread_t td;
	int done, e, rc;

	if (*stop)
		return -EINTR;
	/* Nothing to wait for, or no module: no thread. */
	if ((rc = kmod_state(&state, why, len)) != 0)
		return rc;
	if (state != KMOD_RUNNING)
		return ended(state, why, len);

	if ((w = calloc(1, sizeof(*w))) == NULL)
		return kmod_say(why, len, ENOMEM, "out of memory");
	if ((w->kq = kqueue()) == -1) {
		e = errno;
		free(w);
		return kmod_say(why, len, e, "kqueue: %s", strerror(e));
	}
	EV_SET(&kev[0], SIGINT, EVFILT_SIGNAL, EV_ADD, 0, 0, NULL);
	EV_SET(&kev[1], SIGTERM, EVFILT_SIGNAL, EV_ADD, 0, 0, NULL);
	EV_SET(&kev[2], WAIT_EVENT, EVFILT_USER, EV_ADD | EV_CLEAR, 0, 0,
	    NULL);
	if (kevent(w->kq, kev, 3, NULL, 0, NULL) == -1) {
		e = errno;
		close(w->kq);
		free(w);
		return kmod_say(why, len, e, "kevent: %s", strerror(e));
	}
	pthread_mutex_init(&w->mtx, NULL);
	w->refs = 2;

	/* The helper inherits a full mask: signals come to this thread. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	e = pthread_create(&td, NULL, waiter_main, w);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (e != 0) {
		w->refs = 1;
		waiter_put(w);
		return kmod_say(why, len, e, "pthread_create: %s", strerror(e));
	}

	rc = 0;
	done = 0;
	for (;;) {
		if (*stop) {
			rc = -EINTR;
			break;
		}
		pthread_mutex_lock(&w->mtx);
		done = w->done;
		pthread_mutex_unlock(&w->mtx);
		if (done)
			break;
		/* A signal ends the sleep (EINTR) or is queued as an event. */
		if (kevent(w->kq, NULL, 0, &ev, 1, NULL) == -1 &&
		    errno != EINTR) {
			e = errno;
			rc = kmod_say(why, len, e, "kevent: %s", strerror(e));
			break;
		}
	}

	if (!done) {
		/* Leave the helper asleep; it cleans up after the run. */
		pthread_detach(td);
		waiter_put(w);
		return rc;
	}
	pthread_join(td, NULL);
	if (w->err == ENXIO || w->err == ENOENT)
		rc = kmod_say(why, len, ENOENT, "pfilbench.ko was unloaded");
	else if (w->err != 0)
		rc = failed(why, len, "wait", w->err);
	else if ((rc = kmod_parse_state(w->state, &state, why, len)) == 0)
		rc = ended(state, why, len);
	waiter_put(w);
	return rc;
}

/* An int sysctl: 0, or -1 with errno set. */
static int
read_int(const char *name, int *v)
{
	size_t n = sizeof(*v);

	if (sysctlbyname(name, v, &n, NULL, 0) == -1)
		return -1;
	if (n != sizeof(*v)) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

/*
 * The running kernel's facts that change lock timings, from its sysctls
 * (not from how this program or pfilbench.ko was compiled: a module's
 * build sees none of the kernel's options).  kernel_facts() prints those
 * that are not a plain integer, kmod_host_facts()'s ints[] the others:
 *
 *   kernel_preempt            kern.sched.preemption: full with options
 *                             PREEMPTION, none without
 *   kernel_preempt_thresh     kern.sched.preempt_thresh (ULE): the least
 *                             urgent priority a wakeup preempts for
 *   kernel_sched              kern.sched.name: ULE or 4BSD
 *   kernel_hz                 kern.hz
 *   kernel_witness            kern.features.witness: yes or no
 *   kernel_witness_watch      debug.witness.watch, with witness: 1
 *                             checks lock order, 0 not, -1 witness off
 *   kernel_invariants         kern.features.invariants
 *   kernel_invariant_support  kern.features.invariant_support
 *   kernel_kasan              kern.features.kasan
 *   kernel_smp                kern.smp.active: yes once the other CPUs
 *                             run (options SMP, more than one CPU)
 *   kernel_smp_cpus           kern.smp.cpus: the CPUs online
 *   kernel_smp_maxcpus        kern.smp.maxcpus: the kernel's MAXCPU
 *   cores, smt                kern.sched.topology_spec (kmod_topology()):
 *                             the cores the module's pin=1 spreads over,
 *                             and the most hardware threads of one
 *
 * A kern.features.NAME exists in a kernel with that feature only: no such
 * sysctl is "no".  Another that cannot be read is "unknown".
 *
 * FreeBSD 14.2's headers hold the FEATURE() macro (sys/sysctl.h: an int
 * kern.features.NAME, 1) but none of these names: they were read in
 * copies of the kernel's sources, untested on a running kernel:
 * sched_ule.c (kern.sched.preempt_thresh, name, topology_spec, the
 * latter with options SMP), subr_witness.c (FEATURE(witness),
 * debug.witness.watch), init_main.c (FEATURE(invariants)), subr_asan.c
 * (FEATURE(kasan)), subr_smp.c (kern.smp.active, cpus, maxcpus), all in
 * a stable/14 tree (sobomax/freebsd14_vendor); kern_switch.c
 * (kern.sched.preemption), kern_lock.c (FEATURE(invariant_support)) and
 * subr_param.c (kern.hz) in copies whose version is not stated.
 */
static void
kernel_facts(void (*fact)(const char *key, const char *value))
{
	static const struct {
		const char	*sysctl, *key;
	} features[] = {
		{ "kern.features.witness", "kernel_witness" },
		{ "kern.features.invariants", "kernel_invariants" },
		{ "kern.features.invariant_support", "kernel_invariant_support" },
		{ "kern.features.kasan", "kernel_kasan" },
	};
	char buf[64], *spec;
	size_t i, n;
	int cores, smt, v;

	if (read_int("kern.sched.preemption", &v) == 0)
		fact("kernel_preempt", v != 0 ? "full" : "none");
	else
		fact("kernel_preempt", "unknown");
	n = sizeof(buf) - 1;
	if (sysctlbyname("kern.sched.name", buf, &n, NULL, 0) == 0) {
		buf[n < sizeof(buf) ? n : sizeof(buf) - 1] = '\0';
		fact("kernel_sched", buf);
	} else
		fact("kernel_sched", "unknown");
	for (i = 0; i < sizeof(features) / sizeof(features[0]); i++) {
		if (read_int(features[i].sysctl, &v) == 0)
			fact(features[i].key, v != 0 ? "yes" : "no");
		else
			fact(features[i].key, errno == ENOENT ? "no" : "unknown");
	}
	if (read_int("kern.smp.active", &v) == 0)
		fact("kernel_smp", v != 0 ? "yes" : "no");
	else
		fact("kernel_smp", "unknown");
	if (read_string("kern.sched.topology_spec", &spec) == 0) {
		if (kmod_topology(spec, &cores, &smt) == 0) {
			snprintf(buf, sizeof(buf), "%d", cores);
			fact("cores", buf);
			snprintf(buf, sizeof(buf), "%d", smt);
			fact("smt", buf);
		}
		free(spec);
	}
}

/*
 * The kernel's facts (kernel_facts(), and the integers below: the list
 * there says what each is); the mitigations in force (sysctls of 14's
 * amd64: vm.pmap.pti, hw.ibrs_active, hw.mds_disable_state,
 * hw.spec_store_bypass_disable_active); whether the CPU may boost (no
 * portable sysctl says: "unknown"); what each lock name of the module is
 * (its `impl' control: head_impl.NAME, hook_impl.NAME).
 */
void
kmod_host_facts(void (*fact)(const char *key, const char *value))
{
	/* Integers: "unknown" when unreadable, or (optional) left out. */
	static const struct {
		const char	*sysctl, *key;
		int		 optional;
	} ints[] = {
		{ "kern.sched.preempt_thresh", "kernel_preempt_thresh", 0 },
		{ "kern.hz", "kernel_hz", 0 },
		{ "kern.smp.cpus", "kernel_smp_cpus", 0 },
		{ "kern.smp.maxcpus", "kernel_smp_maxcpus", 0 },
		{ "debug.witness.watch", "kernel_witness_watch", 1 },
		{ "vm.pmap.pti", "mit_pti", 1 },
		{ "hw.ibrs_active", "mit_ibrs", 1 },
		{ "hw.spec_store_bypass_disable_active", "mit_ssbd", 1 },
	};
	char buf[128];
	size_t i, n;
	int v;

	kernel_facts(fact);
	for (i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		if (read_int(ints[i].sysctl, &v) == 0)
			snprintf(buf, sizeof(buf), "%d", v);
		else if (ints[i].optional)
			continue;
		else
			snprintf(buf, sizeof(buf), "unknown");
		fact(ints[i].key, buf);
	}
	n = sizeof(buf) - 1;
	if (sysctlbyname("hw.mds_disable_state", buf, &n, NULL, 0) == 0) {
		buf[n < sizeof(buf) ? n : sizeof(buf) - 1] = '\0';
		fact("mit_mds", buf);
	}
	fact("cpu_boost", "unknown");
	kmod_impl_facts(fact);
}
