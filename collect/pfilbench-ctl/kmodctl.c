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

void
kmod_impl_facts(void (*fact)(const char *key, const char *value))
{
	char *text, *line, *next, *sp;

	if (kmodos_read("impl", &text, NULL, 0) != 0)
		return;
	for (line = text; *line != '\0'; line = next) {
		next = line + strcspn(line, "\n");
		if (*next == '\n')
			*next++ = '\0';
		if ((sp = strchr(line, ' ')) == NULL || sp == line)
			continue;
		*sp = '\0';
		fact(line, sp + 1);
	}
	free(text);
}

/*
 * kmod_topology(): the dump is sched_ule.c's
 * sysctl_kern_sched_topology_spec_internal(), an element a line:
 *
 *   <groups>
 *    <group level="1" cache-level="0">
 *     <cpu count="4" mask="f,0,0,0">0, 1, 2, 3</cpu>
 *     <children>
 *      <group level="2" cache-level="1">
 *       <cpu count="2" mask="3,0,0,0">0, 1</cpu>
 *       <flags><flag name="THREAD">THREAD group</flag><flag name="SMT">SMT
 *        group</flag></flags>                        (one line)
 *      </group>
 *      ...
 *     </children>
 *    </group>
 *   </groups>
 *
 * Groups come top first (a pre-order walk), so the first core-like group
 * that holds a CPU is the one pb_core_of() finds.
 */
#define TOPO_MAXCPU	65536		/* far above any MAXCPU */

/* The first occurrence of needle in [s, end), or NULL. */
static const char *
find(const char *s, const char *end, const char *needle)
{
	size_t n = strlen(needle);

	for (; s < end && (size_t)(end - s) >= n; s++)
		if (memcmp(s, needle, n) == 0)
			return s;
	return NULL;
}

/* The number in name="N" inside [s, end), or -1. */
static long
attr(const char *s, const char *end, const char *name)
{
	const char *p;
	char *e;
	long v;

	if ((p = find(s, end, name)) == NULL || p[strlen(name)] != '"')
		return -1;
	p += strlen(name) + 1;
	if (*p < '0' || *p > '9')
		return -1;
	v = strtol(p, &e, 10);
	return *e == '"' && e < end ? v : -1;
}

int
kmod_topology(const char *spec, int *cores, int *smt)
{
	const char *p, *tag, *list, *lend, *flags, *fend;
	int *core = NULL, *n = NULL, *grow;
	long level, count, cpu, first;
	int ncpu = 0, rc = -EINVAL, isgroup, got = 0, i, v;
	char *e;

	if ((p = strstr(spec, "<groups>")) == NULL)
		return -EINVAL;
	while ((p = strstr(p, "<group ")) != NULL) {
		if ((tag = strchr(p, '>')) == NULL)
			goto out;
		level = attr(p, tag, "cache-level=");
		if ((list = strstr(tag, "<cpu ")) == NULL ||
		    (lend = strchr(list, '>')) == NULL)
			goto out;
		count = attr(list, lend, "count=");
		list = lend + 1;
		if (level < 0 || count < 1 || (lend = strstr(list,
		    "</cpu>")) == NULL)
			goto out;
		/* The flags, if any, are the next element. */
		flags = lend + strlen("</cpu>");
		flags += strspn(flags, " \t\n");
		fend = flags;
		if (strncmp(flags, "<flags>", strlen("<flags>")) == 0 &&
		    (fend = strstr(flags, "</flags>")) == NULL)
			goto out;
		isgroup = count > 1 && (level == 1 ||
		    find(flags, fend, "name=\"THREAD\"") != NULL ||
		    find(flags, fend, "name=\"SMT\"") != NULL ||
		    find(flags, fend, "name=\"HTT\"") != NULL);
		/* "0, 1, 2": the CPUs, in ascending order. */
		first = -1;
		for (i = 0; list < lend; i++) {
			while (*list == ' ')
				list++;
			if (*list < '0' || *list > '9')
				goto out;
			cpu = strtol(list, &e, 10);
			if (cpu < 0 || cpu >= TOPO_MAXCPU || e > lend)
				goto out;
			list = e;
			if (*list == ',')
				list++;
			else if (list != lend)
				goto out;
			if (core == NULL || cpu >= ncpu) {
				v = (int)cpu + 1;
				if ((grow = realloc(core, (size_t)v *
				    sizeof(*core))) == NULL) {
					rc = -ENOMEM;
					goto out;
				}
				core = grow;
				while (ncpu < v)
					core[ncpu++] = -1;
			}
			if (first < 0)
				first = cpu;
			if (isgroup && core[cpu] < 0)
				core[cpu] = (int)first;
			else if (core[cpu] == -1)
				core[cpu] = -2;		/* seen, no core yet */
		}
		if (i != count)
			goto out;
		got++;
		p = lend;
	}
	if (got == 0 || ncpu == 0 || (n = calloc((size_t)ncpu,
	    sizeof(*n))) == NULL)
		goto out;
	*cores = 0;
	*smt = 0;
	for (i = 0; i < ncpu; i++) {
		if (core[i] == -1)
			continue;	/* in no group: absent */
		v = core[i] >= 0 ? core[i] : i;
		if (n[v]++ == 0)
			(*cores)++;
		if (n[v] > *smt)
			*smt = n[v];
	}
	rc = 0;
out:
	free(core);
	free(n);
	return rc;
}
