/*
 * kmodctl.c: the part of kmodctl.h that is the same on every OS: how a
 * state reads, which controls make a configuration and in which order.
 * kmodctl_OS.c reaches the controls (kmodctl_os.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/pfilbench-ctl/kmodctl.h"
#include "collect/pfilbench-ctl/kmodctl_os.h"

static const char *const state_names[] = {
	[KMOD_IDLE] = "idle",
	[KMOD_RUNNING] = "running",
	[KMOD_DONE] = "done",
	[KMOD_ERROR] = "error",
};

int
kmod_say(char *why, size_t len, int e, const char *fmt, ...)
{
	va_list ap;

	if (why != NULL && len > 0) {
		va_start(ap, fmt);
		vsnprintf(why, len, fmt, ap);
		va_end(ap);
	}
	return -e;
}

int
kmod_parse_state(const char *s, enum kmod_state *state, char *why,
    size_t len)
{
	char where[512];
	size_t i;

	for (i = 0; i < sizeof(state_names) / sizeof(state_names[0]); i++)
		if (strcmp(s, state_names[i]) == 0) {
			*state = (enum kmod_state)i;
			return 0;
		}
	kmodos_where(where, sizeof(where), "state");
	return kmod_say(why, len, EPROTO, "%s: unexpected '%.40s'", where, s);
}

int
kmod_read_line(const char *name, char *buf, size_t size, char *why,
    size_t len)
{
	char *text;
	int rc;

	if ((rc = kmodos_read(name, &text, why, len)) != 0)
		return rc;
	text[strcspn(text, "\n")] = '\0';
	snprintf(buf, size, "%s", text);
	free(text);
	return 0;
}

int
kmod_state(enum kmod_state *state, char *why, size_t len)
{
	char buf[64];
	int rc;

	if ((rc = kmod_read_line("state", buf, sizeof(buf), why, len)) != 0)
		return rc;
	return kmod_parse_state(buf, state, why, len);
}

int
kmod_info(struct kmod_info *info, char *why, size_t len)
{
	int rc;

	if ((rc = kmod_read_line("version", info->version,
	    sizeof(info->version), why, len)) != 0)
		return rc;
	return kmod_read_line("release", info->release,
	    sizeof(info->release), why, len);
}

int
kmod_configure(const struct kmod_config *c, char *why, size_t len)
{
	const struct {
		const char		*name;
		unsigned long long	 v;
	} num[] = {
		{ "threads", c->threads }, { "count", c->count },
		{ "duration_ms", c->duration_ms }, { "warmup_ms", c->warmup_ms },
		{ "delay_ns", c->delay_ns }, { "hooks", c->hooks },
		{ "shared", c->shared ? 1 : 0 }, { "write_ms", c->write_ms },
		{ "pin", (unsigned long long)c->pin },
	};
	size_t i;
	int rc;

	for (i = 0; i < sizeof(num) / sizeof(num[0]); i++)
		if ((rc = kmodos_set_number(num[i].name, num[i].v, why,
		    len)) != 0)
			return rc;
	if ((rc = kmodos_set_string("head", c->head, why, len)) != 0 ||
	    (rc = kmodos_set_string("hook", c->hook, why, len)) != 0)
		return rc;
	/* Last: a run started with it has this configuration, or is not ours. */
	return kmodos_set_string("tag", c->tag, why, len);
}

int
kmod_start(char *why, size_t len)
{
	return kmodos_set_number("start", 1, why, len);
}

int
kmod_stop(void)
{
	return kmodos_set_number("stop", 1, NULL, 0);
}

int
kmod_results(char **text, char *why, size_t len)
{
	return kmodos_read("results", text, why, len);
}

int
kmod_caps(char **text, char *why, size_t len)
{
	return kmodos_read("caps", text, why, len);
}

int
kmod_kernel(char **text, char *why, size_t len)
{
	return kmodos_read("kernel", text, why, len);
}
