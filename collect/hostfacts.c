/*
 * hostfacts.c: the facts every OS has (uname, hostname, CPU count);
 * the rest comes from hostfacts_<os>.c.
 */
#include <sys/utsname.h>

#include <stdio.h>
#include <unistd.h>

#include "collect/hostfacts.h"

void
hostfacts_collect(struct kvlist *facts)
{
	struct utsname u;
	char host[256], buf[32];
	long ncpu;

	if (gethostname(host, sizeof(host)) == 0) {
		host[sizeof(host) - 1] = '\0';
		kv_set(facts, "host", host);
	}
	if (uname(&u) == 0) {
		kv_set(facts, "os", u.sysname);
		kv_set(facts, "kernel_release", u.release);
		kv_set(facts, "kernel_version", u.version);
		kv_set(facts, "arch", u.machine);
	}
	if ((ncpu = sysconf(_SC_NPROCESSORS_ONLN)) > 0) {
		snprintf(buf, sizeof(buf), "%ld", ncpu);
		kv_set(facts, "ncpu", buf);
	}
	hostfacts_os(facts);
}
