/*
 * hostfacts_linux.c: Linux facts, from /proc, /sys, /boot and the clocks.
 *
 * HZ has no system call on Linux.  CLOCK_MONOTONIC_COARSE is updated
 * once per jiffy, so its resolution is 1/HZ: that is the run-time truth.
 * CONFIG_HZ from the kernel's config, when readable, cross-checks it.
 */
#include <sys/prctl.h>
#include <sys/utsname.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collect/hostfacts.h"

/* The first line of a file, without its newline; NULL when unreadable. */
static char *
first_line(const char *path, char *buf, size_t size)
{
	FILE *fp = fopen(path, "re");
	char *nl;

	if (fp == NULL)
		return NULL;
	if (fgets(buf, (int)size, fp) == NULL) {
		fclose(fp);
		return NULL;
	}
	fclose(fp);
	if ((nl = strchr(buf, '\n')) != NULL)
		*nl = '\0';
	return buf;
}

static void
set_from_file(struct kvlist *facts, const char *key, const char *path)
{
	char buf[1024];

	if (first_line(path, buf, sizeof(buf)) != NULL && *buf != '\0')
		kv_set(facts, key, buf);
}

static void
cpu_model(struct kvlist *facts)
{
	FILE *fp = fopen("/proc/cpuinfo", "re");
	char line[512], *colon, *nl;

	if (fp == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL) {
		/* x86: "model name"; arm64 has none, "Hardware" on some. */
		if (strncmp(line, "model name", 10) != 0 &&
		    strncmp(line, "Hardware", 8) != 0)
			continue;
		if ((colon = strchr(line, ':')) == NULL)
			continue;
		colon++;
		while (*colon == ' ' || *colon == '\t')
			colon++;
		if ((nl = strchr(colon, '\n')) != NULL)
			*nl = '\0';
		kv_set(facts, "cpu_model", colon);
		break;
	}
	fclose(fp);
}

/* CONFIG_HZ from /boot/config-$(uname -r); 0 when not readable. */
static long
config_hz(void)
{
	struct utsname u;
	char path[512], line[256];
	FILE *fp;
	long hz = 0;

	if (uname(&u) == -1)
		return 0;
	snprintf(path, sizeof(path), "/boot/config-%s", u.release);
	if ((fp = fopen(path, "re")) == NULL)
		return 0;
	while (fgets(line, sizeof(line), fp) != NULL)
		if (strncmp(line, "CONFIG_HZ=", 10) == 0) {
			hz = strtol(line + 10, NULL, 10);
			break;
		}
	fclose(fp);
	return hz;
}

static void
clocks(struct kvlist *facts)
{
	struct timespec res;
	char buf[64];
	long hz_cfg = config_hz();
	double tick;

	if (clock_getres(CLOCK_MONOTONIC_COARSE, &res) == 0) {
		tick = res.tv_sec + res.tv_nsec / 1e9;
		if (tick > 0) {
			snprintf(buf, sizeof(buf), "%.0f", 1 / tick);
			kv_set(facts, "hz", buf);
			kv_set(facts, "hz_source", "clock_getres(CLOCK_MONOTONIC_COARSE)");
		}
	}
	if (hz_cfg > 0) {
		snprintf(buf, sizeof(buf), "%ld", hz_cfg);
		kv_set(facts, "hz_config", buf);
	}
	/* High-resolution timers: the monotonic clock resolves 1 ns. */
	if (clock_getres(CLOCK_MONOTONIC, &res) == 0) {
		kv_set(facts, "highres", res.tv_sec == 0 && res.tv_nsec == 1 ?
		    "yes" : "no");
		snprintf(buf, sizeof(buf), "%ld", res.tv_sec * 1000000000L +
		    res.tv_nsec);
		kv_set(facts, "clock_res_ns", buf);
	}
}

void
hostfacts_os(struct kvlist *facts)
{
	char buf[256];
	int slack;

	cpu_model(facts);
	clocks(facts);
	set_from_file(facts, "clocksource",
	    "/sys/devices/system/clocksource/clocksource0/current_clocksource");
	set_from_file(facts, "governor",
	    "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
	set_from_file(facts, "cmdline", "/proc/cmdline");
	if (first_line("/proc/loadavg", buf, sizeof(buf)) != NULL) {
		/* "0.52 0.58 0.59 1/467 12345": the three averages. */
		char *p = buf;
		int spaces = 0;

		for (; *p; p++)
			if (*p == ' ' && ++spaces == 3) {
				*p = '\0';
				break;
			}
		kv_set(facts, "loadavg", buf);
	}
	if ((slack = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0)) >= 0) {
		snprintf(buf, sizeof(buf), "%d", slack);
		kv_set(facts, "timer_slack_ns", buf);
	}
}
