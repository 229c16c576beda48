/*
 * analysis_cmd.c: what the commands that run an analysis (analyze, plot,
 * report) share around it: the tail of their option loops (the
 * analysis's options, then the filters) and the run (the filter checked,
 * then analysis_run()); and for trend and plot trend, the load of a
 * history.  Written once so that the commands say the same.
 */
#include <err.h>

#include "kbench.h"
#include "analyze/analysis.h"
#include "analyze/history.h"

int
analysis_cmd_option(struct analysis *an, struct filter *f, int ch,
    const char *arg, int argc, char **argv, const char *help)
{
	switch (analysis_option(an, ch, arg, argc, argv)) {
	case 1:
		return 1;
	case -1:
		return -1;
	}
	return cmd_filter_option(f, ch, arg, an->cmdname, help);
}

int
analysis_cmd_run(struct kbench_ctx *ctx, const struct filter *f,
    struct analysis *an)
{
	int rc;

	if ((rc = cmd_check_filter(ctx, f, an->cmdname)) != KB_EXIT_OK)
		return rc;
	return exit_status(analysis_run(ctx->db, f, an));
}

int
history_cmd_load(struct kbench_ctx *ctx, const struct filter *f,
    struct history *h, const char *cmd)
{
	struct strbuf err = STRBUF_INIT;
	enum status st;
	int rc;

	if ((rc = cmd_check_filter(ctx, f, cmd)) != KB_EXIT_OK)
		return rc;
	if ((st = history_load(h, ctx->db, f, &err)) != STATUS_OK)
		warnx("%s: %s", cmd, sb_str(&err));
	sb_free(&err);
	if (st != STATUS_OK)
		return exit_status(st);
	if (h->order_by != NULL && h->nmissing > 0)
		warnx("%s: --order-by %s: %zu run%s without it left out", cmd,
		    h->order_by, h->nmissing, h->nmissing == 1 ? "" : "s");
	if (*sb_str(&h->cache_err) != '\0')
		warnx("%s: warning: run summaries not cached: %s", cmd,
		    sb_str(&h->cache_err));
	return KB_EXIT_OK;
}
