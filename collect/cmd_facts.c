/*
 * cmd_facts.c: kbench facts: what a run made on this machine records.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "collect/hostfacts.h"
#include "lib/json.h"
#include "kbench.h"
#include "lib/util.h"

const char facts_help[] =
    "usage: kbench facts [--json]\n"
    "\n"
    "Prints the facts of this machine that every run collected here records,\n"
    "one KEY=VALUE a line (host, os, kernel_release, kernel_version, arch,\n"
    "cpu_model, ncpu, hz, hz_config, highres, clocksource, timer_slack_ns,\n"
    "governor, cmdline, loadavg; a fact that cannot be read is left out).\n"
    "   --json           one JSON object\n";

int
cmd_facts(int argc, char **argv, struct kbench_ctx *ctx)
{
	static const struct option longopts[] = {
		{ "json",	no_argument,	NULL, 'j' },
		{ NULL,		0,		NULL, 0 }
	};
	struct kvlist facts = KVLIST_INIT;
	int ch, json = 0;
	size_t i;

	getopt_reset();
	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (ch != 'j') {
			fputs(facts_help, stderr);
			return KB_EXIT_USAGE;
		}
		json = 1;
	}
	if (optind < argc) {
		warnx("facts: unexpected argument '%s'", argv[optind]);
		return KB_EXIT_USAGE;
	}
	hostfacts_collect(&facts);
	kv_sort(&facts);
	if (json)
		putchar('{');
	for (i = 0; i < facts.n; i++) {
		if (json) {
			if (i > 0)
				putchar(',');
			json_string(stdout, facts.v[i].key);
			putchar(':');
			json_string(stdout, facts.v[i].value);
		} else
			printf("%s=%s\n", facts.v[i].key, facts.v[i].value);
	}
	if (json)
		fputs("}\n", stdout);
	kv_clear(&facts);
	return KB_EXIT_OK;
}
