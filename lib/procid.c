/*
 * procid.c: a process's identity, its boot and start time (procid.h).
 */
#include <sys/types.h>
#ifdef __FreeBSD__
#include <sys/sysctl.h>
#include <sys/time.h>
#include <sys/user.h>
#endif

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/procid.h"

#ifdef __linux__
/* The first line of a small file, without its newline; 0 or -1. */
static int
read_line(const char *path, char *buf, size_t size)
{
	FILE *f;
	int ok;

	if ((f = fopen(path, "re")) == NULL)
		return -1;
	ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/*
 * All of a small file, NUL-terminated: /proc/PID/stat, whose process
 * name may hold a newline; its length, or -1.
 */
static ssize_t
read_all(const char *path, char *buf, size_t size)
{
	FILE *f;
	size_t n;
	int err;

	if ((f = fopen(path, "re")) == NULL)
		return -1;
	n = fread(buf, 1, size - 1, f);
	err = ferror(f);
	fclose(f);
	if (err) {
		errno = EIO;
		return -1;
	}
	buf[n] = '\0';
	return (ssize_t)n;
}

int
proc_identity(long pid, struct strbuf *out)
{
	char path[64], boot[64], stat[1024], *p, *end = NULL;
	unsigned long long start = 0;
	int field;

	if (read_line("/proc/sys/kernel/random/boot_id", boot,
	    sizeof(boot)) == -1)
		return -1;
	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	if (read_all(path, stat, sizeof(stat)) == -1) {
		/*
		 * Gone, or hidden (/proc mounted hidepid=2: another user's
		 * process): kill(2) tells them apart; hidden is not known.
		 */
		if (errno == ENOENT)
			errno = kill((pid_t)pid, 0) == -1 && errno == ESRCH ?
			    ESRCH : EACCES;
		return -1;
	}
	/* Field 22, counted after the name's last ")" (a name may hold one). */
	if ((p = strrchr(stat, ')')) == NULL) {
		errno = EINVAL;
		return -1;
	}
	for (field = 2; field < 22 && p != NULL; field++)
		p = strchr(p + 1, ' ');
	errno = 0;
	if (p != NULL)
		start = strtoull(p + 1, &end, 10);
	if (p == NULL || errno != 0 || end == p + 1 || (*end != ' ' &&
	    *end != '\0')) {
		errno = EINVAL;
		return -1;
	}
	sb_addf(out, "%s/%llu", boot, start);
	return 0;
}
#elif defined(__FreeBSD__)
int
proc_identity(long pid, struct strbuf *out)
{
	int mib[4] = { CTL_KERN, KERN_PROC, KERN_PROC_PID, (int)pid };
	struct kinfo_proc kp;
	struct timeval boot;
	size_t len = sizeof(boot);

	if (sysctlbyname("kern.boottime", &boot, &len, NULL, 0) == -1)
		return -1;
	len = sizeof(kp);
	if (sysctl(mib, 4, &kp, &len, NULL, 0) == -1)
		return -1;
	if (len == 0) {
		errno = ESRCH;
		return -1;
	}
	sb_addf(out, "%lld.%06ld/%lld.%06ld", (long long)boot.tv_sec,
	    (long)boot.tv_usec, (long long)kp.ki_start.tv_sec,
	    (long)kp.ki_start.tv_usec);
	return 0;
}
#else
int
proc_identity(long pid, struct strbuf *out)
{
	(void)pid;
	(void)out;
	errno = ENOSYS;
	return -1;
}
#endif

int
process_dead(const char *host, long pid, const char *ident)
{
	struct strbuf now = STRBUF_INIT;
	char me[256];
	int dead;

	if (ident == NULL || *ident == '\0')
		return process_gone(host, pid);
	if (host == NULL || pid <= 0 || gethostname(me, sizeof(me)) != 0)
		return 0;
	me[sizeof(me) - 1] = '\0';
	if (strcmp(host, me) != 0)
		return 0;
	if (proc_identity(pid, &now) == -1)
		dead = errno == ESRCH ? 1 : process_gone(host, pid);
	else
		dead = strcmp(sb_str(&now), ident) != 0;
	sb_free(&now);
	return dead;
}
