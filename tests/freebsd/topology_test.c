/*
 * topology_test.c: kmod_topology() (collect/pfilbench-ctl/kmodctl.c), the
 * parser of FreeBSD's kern.sched.topology_spec that gives pfilbench-ctl
 * its cores and smt facts, on sample dumps; compiled for this host by
 * tests/freebsd/t_freebsd.sh, one "ok" or "not ok" line a case.
 *
 * The samples follow the format of sched_ule.c's
 * sysctl_kern_sched_topology_spec_internal() in FreeBSD 14 (a group per
 * line, " <cpu count=... mask=...>0, 1</cpu>", a <flags> line for
 * HTT/SMT groups, <children>): written from that function, not captured
 * from a FreeBSD machine, which was not at hand.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/pfilbench-ctl/kmodctl.h"
#include "collect/pfilbench-ctl/kmodctl_os.h"

/* The OS half kmodctl.c calls; kmod_topology() needs none of it. */
void
kmodos_where(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s", name);
}

int
kmodos_read(const char *name, char **text, char *why, size_t len)
{
	(void)text;
	return kmod_say(why, len, ENOENT, "%s: no module here", name);
}

int
kmodos_set_number(const char *name, unsigned long long v, char *why,
    size_t len)
{
	(void)v;
	return kmod_say(why, len, ENOENT, "%s: no module here", name);
}

int
kmodos_set_string(const char *name, const char *s, char *why, size_t len)
{
	(void)s;
	return kmod_say(why, len, ENOENT, "%s: no module here", name);
}

#define FLAGS_SMT	"<flags><flag name=\"THREAD\">THREAD group</flag>" \
			"<flag name=\"SMT\">SMT group</flag></flags>\n"
#define FLAGS_HTT	"<flags><flag name=\"HTT\">HTT group</flag>" \
			"<flag name=\"THREAD\">THREAD group</flag></flags>\n"

static const struct sample {
	const char	*name;
	const char	*spec;
	int		 rc, cores, smt;
} samples[] = {
	{ "4 cores x 2 SMT threads, one L3 (Intel)",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"3\">\n"
	  "  <cpu count=\"8\" mask=\"ff,0,0,0\">0, 1, 2, 3, 4, 5, 6, 7</cpu>\n"
	  "  <children>\n"
	  "   <group level=\"2\" cache-level=\"2\">\n"
	  "    <cpu count=\"2\" mask=\"3,0,0,0\">0, 1</cpu>\n"
	  "    " FLAGS_SMT
	  "   </group>\n"
	  "   <group level=\"2\" cache-level=\"2\">\n"
	  "    <cpu count=\"2\" mask=\"c,0,0,0\">2, 3</cpu>\n"
	  "    " FLAGS_SMT
	  "   </group>\n"
	  "   <group level=\"2\" cache-level=\"2\">\n"
	  "    <cpu count=\"2\" mask=\"30,0,0,0\">4, 5</cpu>\n"
	  "    " FLAGS_SMT
	  "   </group>\n"
	  "   <group level=\"2\" cache-level=\"2\">\n"
	  "    <cpu count=\"2\" mask=\"c0,0,0,0\">6, 7</cpu>\n"
	  "    " FLAGS_SMT
	  "   </group>\n"
	  "  </children>\n"
	  " </group>\n"
	  "</groups>\n", 0, 4, 2 },
	{ "2 L3 groups x 2 cores x 2 SMT threads (Zen)",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"0\">\n"
	  "  <cpu count=\"8\" mask=\"ff,0,0,0\">0, 1, 2, 3, 4, 5, 6, 7</cpu>\n"
	  "  <children>\n"
	  "   <group level=\"2\" cache-level=\"3\">\n"
	  "    <cpu count=\"4\" mask=\"f,0,0,0\">0, 1, 2, 3</cpu>\n"
	  "    <children>\n"
	  "     <group level=\"3\" cache-level=\"2\">\n"
	  "      <cpu count=\"2\" mask=\"3,0,0,0\">0, 1</cpu>\n"
	  "      " FLAGS_SMT
	  "     </group>\n"
	  "     <group level=\"3\" cache-level=\"2\">\n"
	  "      <cpu count=\"2\" mask=\"c,0,0,0\">2, 3</cpu>\n"
	  "      " FLAGS_SMT
	  "     </group>\n"
	  "    </children>\n"
	  "   </group>\n"
	  "   <group level=\"2\" cache-level=\"3\">\n"
	  "    <cpu count=\"4\" mask=\"f0,0,0,0\">4, 5, 6, 7</cpu>\n"
	  "    <children>\n"
	  "     <group level=\"3\" cache-level=\"2\">\n"
	  "      <cpu count=\"2\" mask=\"30,0,0,0\">4, 5</cpu>\n"
	  "      " FLAGS_SMT
	  "     </group>\n"
	  "     <group level=\"3\" cache-level=\"2\">\n"
	  "      <cpu count=\"2\" mask=\"c0,0,0,0\">6, 7</cpu>\n"
	  "      " FLAGS_SMT
	  "     </group>\n"
	  "    </children>\n"
	  "   </group>\n"
	  "  </children>\n"
	  " </group>\n"
	  "</groups>\n", 0, 4, 2 },
	{ "4 cores, no SMT",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"3\">\n"
	  "  <cpu count=\"4\" mask=\"f,0,0,0\">0, 1, 2, 3</cpu>\n"
	  "  <children>\n"
	  "   <group level=\"2\" cache-level=\"2\">\n"
	  "    <cpu count=\"1\" mask=\"1,0,0,0\">0</cpu>\n"
	  "   </group>\n"
	  "   <group level=\"2\" cache-level=\"2\">\n"
	  "    <cpu count=\"1\" mask=\"2,0,0,0\">1</cpu>\n"
	  "   </group>\n"
	  "   <group level=\"2\" cache-level=\"2\">\n"
	  "    <cpu count=\"1\" mask=\"4,0,0,0\">2</cpu>\n"
	  "   </group>\n"
	  "   <group level=\"2\" cache-level=\"2\">\n"
	  "    <cpu count=\"1\" mask=\"8,0,0,0\">3</cpu>\n"
	  "   </group>\n"
	  "  </children>\n"
	  " </group>\n"
	  "</groups>\n", 0, 4, 1 },
	{ "a flat topology (arm64, smp_topo_none())",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"0\">\n"
	  "  <cpu count=\"4\" mask=\"f,0,0,0\">0, 1, 2, 3</cpu>\n"
	  " </group>\n"
	  "</groups>\n", 0, 4, 1 },
	{ "one CPU",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"0\">\n"
	  "  <cpu count=\"1\" mask=\"1,0,0,0\">0</cpu>\n"
	  " </group>\n"
	  "</groups>\n", 0, 1, 1 },
	{ "HTT flagged (kern.smp.topology=6: one core, 2 threads)",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"1\">\n"
	  "  <cpu count=\"2\" mask=\"3,0,0,0\">0, 1</cpu>\n"
	  "  " FLAGS_HTT
	  " </group>\n"
	  "</groups>\n", 0, 1, 2 },
	{ "groups sharing L1, no flags: a core each",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"0\">\n"
	  "  <cpu count=\"4\" mask=\"f,0,0,0\">0, 1, 2, 3</cpu>\n"
	  "  <children>\n"
	  "   <group level=\"2\" cache-level=\"1\">\n"
	  "    <cpu count=\"2\" mask=\"3,0,0,0\">0, 1</cpu>\n"
	  "   </group>\n"
	  "   <group level=\"2\" cache-level=\"1\">\n"
	  "    <cpu count=\"2\" mask=\"c,0,0,0\">2, 3</cpu>\n"
	  "   </group>\n"
	  "  </children>\n"
	  " </group>\n"
	  "</groups>\n", 0, 2, 2 },
	{ "SMT4 cores (POWER)",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"0\">\n"
	  "  <cpu count=\"8\" mask=\"ff,0,0,0\">0, 1, 2, 3, 4, 5, 6, 7</cpu>\n"
	  "  <children>\n"
	  "   <group level=\"2\" cache-level=\"2\">\n"
	  "    <cpu count=\"4\" mask=\"f,0,0,0\">0, 1, 2, 3</cpu>\n"
	  "    " FLAGS_SMT
	  "   </group>\n"
	  "   <group level=\"2\" cache-level=\"2\">\n"
	  "    <cpu count=\"4\" mask=\"f0,0,0,0\">4, 5, 6, 7</cpu>\n"
	  "    " FLAGS_SMT
	  "   </group>\n"
	  "  </children>\n"
	  " </group>\n"
	  "</groups>\n", 0, 2, 4 },
	{ "CPU ids with a gap (CPU 1 absent)",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"0\">\n"
	  "  <cpu count=\"2\" mask=\"5,0,0,0\">0, 2</cpu>\n"
	  " </group>\n"
	  "</groups>\n", 0, 2, 1 },
	{ "not a dump", "kern.sched.topology_spec: unknown oid\n",
	  -EINVAL, 0, 0 },
	{ "no group", "<groups>\n</groups>\n", -EINVAL, 0, 0 },
	{ "a count that is not the CPUs listed",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"0\">\n"
	  "  <cpu count=\"3\" mask=\"3,0,0,0\">0, 1</cpu>\n"
	  " </group>\n"
	  "</groups>\n", -EINVAL, 0, 0 },
	{ "a CPU list that is not numbers",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"0\">\n"
	  "  <cpu count=\"2\" mask=\"3,0,0,0\">0, x</cpu>\n"
	  " </group>\n"
	  "</groups>\n", -EINVAL, 0, 0 },
	{ "a cut-off dump",
	  "<groups>\n"
	  " <group level=\"1\" cache-level=\"0\">\n"
	  "  <cpu count=\"2\" mask=\"3,0,0,0\">0, 1", -EINVAL, 0, 0 },
};

int
main(void)
{
	const struct sample *s;
	size_t i;
	int cores, smt, rc, failed = 0;

	for (i = 0; i < sizeof(samples) / sizeof(samples[0]); i++) {
		s = &samples[i];
		cores = smt = -1;
		rc = kmod_topology(s->spec, &cores, &smt);
		if (rc == s->rc && rc != 0)
			printf("ok - topology_spec: %s: refused\n", s->name);
		else if (rc == s->rc && cores == s->cores && smt == s->smt)
			printf("ok - topology_spec: %s: cores %d, smt %d\n",
			    s->name, cores, smt);
		else {
			printf("not ok - topology_spec: %s: rc %d cores %d smt "
			    "%d, expected rc %d cores %d smt %d\n", s->name, rc,
			    cores, smt, s->rc, s->cores, s->smt);
			failed = 1;
		}
	}
	return failed;
}
