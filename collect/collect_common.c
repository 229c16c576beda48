/*
 * collect_common.c: what every collector does alike around its own
 * options: the option loop (see collector.h) and the collection's
 * heading.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "collect/benchmark.h"
#include "collect/collect.h"
#include "collect/collector.h"
#include "lib/util.h"

int
collect_parse(struct collection *c, struct collect_opts *co,
    const struct benchmark *b, int argc, char **argv, const char *shortopts,
    const struct option *longopts, collect_take_fn *take, void *opts)
{
	char who[64];
	int ch;

	snprintf(who, sizeof(who), "collect %s", b->name);
	memset(co, 0, sizeof(*co));
	c->rounds = 5;
	getopt_reset();
	while ((ch = getopt_long(argc, argv, shortopts, longopts, NULL)) !=
	    -1) {
		switch (collect_option(c, co, ch, optarg, who)) {
		case 1:
			continue;
		case -1:
			return -1;
		}
		switch (take(opts, ch, optarg)) {
		case COLLECT_TAKEN:
			continue;
		case COLLECT_UNKNOWN:
			/* A check (kbench nightly) says its own usage. */
			if (!c->check_only)
				fputs(collect_help, stderr);
			return -1;
		default:
			return -1;
		}
	}
	if (optind < argc) {
		warnx("%s: unexpected argument '%s'", who, argv[optind]);
		return -1;
	}
	return 0;
}

int
collect_number(const char **dst, const char *arg, long lo, long hi,
    const char *opt, const char *what)
{
	long v;

	if (parse_long(arg, lo, hi, &v) == -1) {
		warnx("%s %s: expected %s", opt, arg, what);
		return COLLECT_BAD;
	}
	*dst = arg;
	return COLLECT_TAKEN;
}

void
collect_begin(struct collection *c, const struct collect_opts *co,
    const struct kbench_ctx *ctx, const struct benchmark *b,
    const char *program, const char *const *aliases, const char *shape)
{
	collection_setup(c, co, b->name, ctx->cmdline);
	c->program = program;
	c->aliases = aliases;
	c->shape = xstrdup(shape);
}
