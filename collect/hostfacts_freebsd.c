/*
 * hostfacts_freebsd.c: FreeBSD facts, from sysctl(3).
 * Untested here (no FreeBSD machine): written against sysctl(3) and the
 * names of sysctl -a on FreeBSD 14.
 */
#include <sys/types.h>
#include <sys/sysctl.h>

#include <stdio.h>
#include <stdlib.h>

#include "collect/hostfacts.h"

static void
sysctl_string(struct kvlist *facts, const char *key, const char *name)
{
	char buf[1024];
	size_t len = sizeof(buf);

	if (sysctlbyname(name, buf, &len, NULL, 0) == 0 && len > 0) {
		buf[len < sizeof(buf) ? len : sizeof(buf) - 1] = '\0';
		kv_set(facts, key, buf);
	}
}

static void
sysctl_int(struct kvlist *facts, const char *key, const char *name)
{
	char buf[32];
	int v;
	size_t len = sizeof(v);

	if (sysctlbyname(name, &v, &len, NULL, 0) == 0) {
		snprintf(buf, sizeof(buf), "%d", v);
		kv_set(facts, key, buf);
	}
}

void
hostfacts_os(struct kvlist *facts)
{
	double la[3];
	char buf[96];

	sysctl_string(facts, "cpu_model", "hw.model");
	sysctl_int(facts, "hz", "kern.hz");
	kv_set(facts, "hz_source", "sysctl kern.hz");
	sysctl_string(facts, "clocksource", "kern.timecounter.hardware");
	sysctl_string(facts, "eventtimer", "kern.eventtimer.timer");
	sysctl_int(facts, "eventtimer_periodic", "kern.eventtimer.periodic");
	/* Since calloutng (FreeBSD 10), sleeps are not rounded to ticks. */
	kv_set(facts, "highres", "yes");
	if (getloadavg(la, 3) == 3) {
		snprintf(buf, sizeof(buf), "%.2f %.2f %.2f", la[0], la[1], la[2]);
		kv_set(facts, "loadavg", buf);
	}
}
