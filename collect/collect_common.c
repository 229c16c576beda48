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

/* A value from the command line as messages show it: quoted if need be. */
void
collect_arg_text(struct strbuf *sb, const char *arg)
{
	int quote = *arg == '\0' || strpbrk(arg, " \t'\"") != NULL ||
	    needs_visible(arg);

	sb_reset(sb);
	if (quote)
		sb_adds(sb, "'");
	sb_add_visible(sb, arg);
	if (quote)
		sb_adds(sb, "'");
}

int
collect_number(const char **dst, const char *arg, long lo, long hi,
    const char *opt, const char *what)
{
	struct strbuf t = STRBUF_INIT;
	long v;

	if (parse_long(arg, lo, hi, &v) == -1) {
		collect_arg_text(&t, arg);
		warnx("%s %s: expected %s", opt, sb_str(&t), what);
		sb_free(&t);
		return COLLECT_BAD;
	}
	*dst = arg;
	return COLLECT_TAKEN;
}

int
collect_plain_number(const char *s)
{
	if (s[0] == '0')
		return s[1] == '\0';
	return s[0] >= '1' && s[0] <= '9' &&
	    strspn(s, "0123456789") == strlen(s);
}

int
collect_list(struct strlist *l, const char *arg, const char *opt)
{
	struct strbuf t = STRBUF_INIT;
	struct strlist items = { NULL, 0 };
	size_t i;
	int rc = COLLECT_TAKEN;

	collect_arg_text(&t, arg);
	/* strtok would skip the empty items: ",," is a typo, not a list. */
	if (*arg == '\0' || *arg == ',' || arg[strlen(arg) - 1] == ',' ||
	    strstr(arg, ",,") != NULL) {
		warnx("%s %s: an empty item: expected NAME[,NAME...]", opt,
		    sb_str(&t));
		sb_free(&t);
		return COLLECT_BAD;
	}
	/* Each item becomes a series key's value: the protocol's charset. */
	if (strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789_.:+-,") != strlen(arg)) {
		warnx("%s %s: expected NAME[,NAME...], each of letters, digits "
		    "and _.:+-", opt, sb_str(&t));
		sb_free(&t);
		return COLLECT_BAD;
	}
	strlist_split(&items, arg);
	for (i = 0; i < items.n && rc == COLLECT_TAKEN; i++) {
		if (strlist_has(l, items.v[i])) {
			collect_arg_text(&t, items.v[i]);
			warnx("%s: %s twice: each cell runs once a round", opt,
			    sb_str(&t));
			rc = COLLECT_BAD;
		} else
			strlist_add(l, items.v[i]);
	}
	strlist_free(&items);
	sb_free(&t);
	return rc;
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
