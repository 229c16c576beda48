/*
 * analysis_cmd.c: what the commands that run an analysis (analyze, plot,
 * report) share around it: the tail of their option loops (the
 * analysis's options, then the filters) and the run (the filter checked,
 * then analysis_run()), written once so that the three say the same.
 */
#include "kbench.h"
#include "analyze/analysis.h"

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
	return analysis_run(ctx->db, f, an);
}
