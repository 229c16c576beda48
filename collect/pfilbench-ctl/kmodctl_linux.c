/*
 * kmodctl_linux.c: kmodctl.h on Linux: the files of /sys/kernel/pfilbench/.
 *
 * KBENCH_KMOD_SYSFS names another directory holding the same files; the
 * tests use it to drive pfilbench-ctl against plain files.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/pfilbench-ctl/kmodctl.h"
#include "collect/pfilbench-ctl/kmodctl_os.h"

#define SYSFS_DIR	"/sys/kernel/pfilbench"

static const char *
dir(void)
{
	const char *d = getenv("KBENCH_KMOD_SYSFS");

	return d != NULL && *d != '\0' ? d : SYSFS_DIR;
}

void
kmodos_where(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", dir(), name);
}

/* Not loaded, or not ours to touch? */
static int
missing(char *why, size_t len, const char *path, int e)
{
	if (e == ENOENT)
		return kmod_say(why, len, ENOENT, "pfilbench.ko is not loaded "
		    "(no %s)", dir());
	if (e == EACCES || e == EPERM)
		return kmod_say(why, len, EACCES, "%s: not permitted (the "
		    "module's controls are root's)", path);
	return kmod_say(why, len, e, "%s: %s", path, strerror(e));
}

/*
 * Read a whole control file into a malloc'd string.  One read(2) per
 * open for the small files: sysfs fills the page on the first read.
 */
int
kmodos_read(const char *name, char **out, char *why, size_t len)
{
	char path[512], *buf = NULL, *p;
	size_t n = 0, cap = 0;
	ssize_t r;
	int fd, e;

	kmodos_where(path, sizeof(path), name);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return missing(why, len, path, errno);
	for (;;) {
		if (cap - n < 4096) {
			cap = cap == 0 ? 8192 : cap * 2;
			if ((p = realloc(buf, cap)) == NULL) {
				e = ENOMEM;
				goto fail;
			}
			buf = p;
		}
		r = read(fd, buf + n, cap - n - 1);
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1) {
			e = errno;
			goto fail;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	buf[n] = '\0';
	*out = buf;
	return 0;
fail:
	close(fd);
	free(buf);
	return kmod_say(why, len, e, "reading %s: %s", path, strerror(e));
}

/* The module's reason for the last refusal, else the errno's text. */
static int
refused(char *why, size_t len, const char *what, int e)
{
	char reason[256];

	if (e == EINVAL && kmod_read_line("error", reason, sizeof(reason), NULL,
	    0) == 0 && reason[0] != '\0')
		return kmod_say(why, len, e, "%s", reason);
	if (e == EBUSY)
		return kmod_say(why, len, e, "a run is in progress");
	return kmod_say(why, len, e, "%s: %s", what, strerror(e));
}

static int
write_file(const char *name, const char *value, char *why, size_t len)
{
	char path[512];
	size_t n = strlen(value);
	ssize_t w;
	int fd, e;

	kmodos_where(path, sizeof(path), name);
	if ((fd = open(path, O_WRONLY | O_CLOEXEC)) == -1)
		return missing(why, len, path, errno);
	do
		w = write(fd, value, n);
	while (w == -1 && errno == EINTR);
	e = errno;
	close(fd);
	if (w == (ssize_t)n)
		return 0;
	if (w >= 0)
		e = EIO;
	if (e == EINVAL && strcmp(name, "start") != 0)
		return kmod_say(why, len, e, "%s %s: refused by the module", name,
		    value);
	return refused(why, len, path, e);
}

int
kmodos_set_number(const char *name, unsigned long long v, char *why,
    size_t len)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", v);
	return write_file(name, buf, why, len);
}

/* A refused head or hook is a lock this module does not have. */
int
kmodos_set_string(const char *name, const char *s, char *why, size_t len)
{
	int rc;

	if ((rc = write_file(name, s, why, len)) == -EINVAL &&
	    (strcmp(name, "head") == 0 || strcmp(name, "hook") == 0))
		return kmod_say(why, len, EINVAL, "unknown %s lock '%s'", name,
		    s);
	return rc;
}

/*
 * Wait with poll(2) on "state", which the module sysfs_notify()s at
 * every change: read it (that arms the notification), and if the run is
 * still going, sleep in ppoll() for POLLPRI.  SIGINT and SIGTERM are
 * blocked except inside ppoll(), so a signal is either seen before we
 * sleep or ends the sleep: none is lost between the test and the sleep.
 * (The blocking "wait" file is for shell scripts: a read of it cannot
 * close that window.)
 */
int
kmod_wait(volatile sig_atomic_t *stop, char *why, size_t len)
{
	enum kmod_state state = KMOD_IDLE;
	char reason[256];
	struct pollfd pfd;
	sigset_t block, old;
	char path[512], buf[64];
	ssize_t r;
	int fd, rc = 0;

	kmodos_where(path, sizeof(path), "state");
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return missing(why, len, path, errno);
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_BLOCK, &block, &old);
	for (;;) {
		if (*stop) {
			rc = -EINTR;
			break;
		}
		r = pread(fd, buf, sizeof(buf) - 1, 0);
		if (r == -1) {
			/* ENODEV: the module went away under us. */
			rc = errno == ENODEV ?
			    kmod_say(why, len, ENOENT, "pfilbench.ko was unloaded") :
			    kmod_say(why, len, errno, "reading %s: %s", path,
			    strerror(errno));
			break;
		}
		buf[r] = '\0';
		buf[strcspn(buf, "\n")] = '\0';
		if ((rc = kmod_parse_state(buf, &state, why, len)) != 0 ||
		    state != KMOD_RUNNING)
			break;
		pfd.fd = fd;
		pfd.events = POLLPRI;
		pfd.revents = 0;
		if (ppoll(&pfd, 1, NULL, &old) == -1 && errno != EINTR) {
			rc = kmod_say(why, len, errno, "poll %s: %s", path,
			    strerror(errno));
			break;
		}
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(fd);
	if (rc != 0 || state == KMOD_DONE)
		return rc;
	if (state == KMOD_IDLE)
		return kmod_say(why, len, EIO, "no run was started");
	if (kmod_read_line("error", reason, sizeof(reason), NULL, 0) != 0) {
		/* The module tells waiters, then its files go. */
		if (access(dir(), F_OK) == -1 && errno == ENOENT)
			return kmod_say(why, len, ENOENT, "pfilbench.ko was "
			    "unloaded during the run");
		snprintf(reason, sizeof(reason), "no reason given");
	}
	return kmod_say(why, len, EIO, "the run failed: %s", reason[0] != '\0' ?
	    reason : "no reason given");
}

/* The first line of a file outside the module's directory, or NULL. */
static char *
first_line(const char *path, char *buf, size_t size)
{
	FILE *f;
	char *p;

	if ((f = fopen(path, "re")) == NULL)
		return NULL;
	p = fgets(buf, (int)size, f);
	fclose(f);
	if (p == NULL)
		return NULL;
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

/*
 * /sys/devices/system/cpu/vulnerabilities/NAME as vuln_NAME (its text:
 * "Mitigation: Retpolines; ...", "Not affected", "Vulnerable"), whether
 * the CPU may boost above its base clock (cpufreq's boost, or
 * intel_pstate's no_turbo inverted), and RCU's grace-period knobs
 * (/sys/kernel/rcu_expedited, rcu_normal: 0 or 1), which change the
 * epoch writer's synchronize_rcu() and rm's writer tenfold.
 */
void
kmod_host_facts(void (*fact)(const char *key, const char *value))
{
	static const char *const vulns[] = {
		"meltdown", "spectre_v1", "spectre_v2", "spec_store_bypass",
		"retbleed", "mds", "srbds", "mmio_stale_data"
	};
	char path[256], buf[512], key[64];
	size_t i;

	for (i = 0; i < sizeof(vulns) / sizeof(vulns[0]); i++) {
		snprintf(path, sizeof(path),
		    "/sys/devices/system/cpu/vulnerabilities/%s", vulns[i]);
		if (first_line(path, buf, sizeof(buf)) != NULL) {
			snprintf(key, sizeof(key), "vuln_%s", vulns[i]);
			fact(key, buf);
		}
	}
	if (first_line("/sys/kernel/rcu_expedited", buf, sizeof(buf)) != NULL)
		fact("rcu_expedited", buf);
	if (first_line("/sys/kernel/rcu_normal", buf, sizeof(buf)) != NULL)
		fact("rcu_normal", buf);
	if (first_line("/sys/devices/system/cpu/cpufreq/boost", buf,
	    sizeof(buf)) != NULL)
		fact("cpu_boost", strcmp(buf, "1") == 0 ? "on" : "off");
	else if (first_line("/sys/devices/system/cpu/intel_pstate/no_turbo",
	    buf, sizeof(buf)) != NULL)
		fact("cpu_boost", strcmp(buf, "0") == 0 ? "on" : "off");
	else
		fact("cpu_boost", "unknown");
}
