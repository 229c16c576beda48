/*
 * cmd_runs.c: kbench runs: one line per run, or JSON.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>

#include "db/filter.h"
#include "lib/json.h"
#include "kbench.h"
#include "db/store.h"
#include "lib/procid.h"

const char runs_help[] =
    "usage: kbench runs [--json] " FILTER_SYNOPSIS "\n"
    "\n"
    "Lists the runs in the database, oldest first: id, label, benchmark,\n"
    "status, start time (UTC), host, HZ and the number of samples.  STATUS is\n"
    "complete, aborted (interrupted, or a benchmark failed), running, or\n"
    "incomplete: marked running, but its collector on this host is gone\n"
    "(kill -9, a crash), or its pid is another process's now (another boot\n"
    "or start time than the run recorded): it will never complete.\n"
    "   --json           one JSON object per run, one per line, with the\n"
    "                    command that made it (its words, a JSON array)\n"
    "Filters:\n"
    "   --label L        runs with this label (repeatable: any of them)\n"
    "   --run ID         a run id, uuid or uuid prefix (8+ characters)\n"
    "   -b, --benchmark B   runs of this benchmark\n"
    "   --where K=V      a run fact, a series key, or label/benchmark/status/uuid\n"
    "                    equal to V (repeat a key for OR; keys AND together);\n"
    "                    K=V,K2=V2 is --where K=V --where K2=V2, as --compare\n"
    "                    reads a side (a value holding a comma stays whole\n"
    "                    unless every part is KEY=VALUE, KEY a word; \\, is a\n"
    "                    comma that splits nothing)\n";

struct runs_out {
	int		json;
	int		count;
	struct strbuf	text[5];	/* label, benchmark, started, host, hz */
};

/*
 * A field for the terminal: its controls (an escape sequence in an
 * imported name or fact) and bytes that are not UTF-8 shown as \xNN.
 */
static const char *
visible(struct strbuf *sb, const char *s)
{
	sb_reset(sb);
	sb_add_visible(sb, s != NULL && *s != '\0' ? s : "-");
	return sb_str(sb);
}

/*
 * A run still marked running whose collector is gone from this host
 * (killed, or the machine went down) will never complete: "incomplete".
 * Gone: its pid runs no more, or runs another process (another boot or
 * start time than the run recorded).
 */
static const char *
shown_status(const struct run_row *r)
{
	const char *pid;
	long p;

	if (strcmp(r->info.status, RUN_RUNNING) != 0)
		return r->info.status;
	pid = kv_get(&r->facts, "collector_pid");
	if (pid != NULL && parse_long(pid, 1, LONG_MAX, &p) == 0 &&
	    process_dead(kv_get(&r->facts, "host"), p,
	    kv_get(&r->facts, "collector_process")))
		return "incomplete";
	return r->info.status;
}

static int
print_run(const struct run_row *r, void *arg)
{
	struct runs_out *ro = arg;
	char started[32], **argv;

	if (ro->json) {
		printf("{\"id\":%lld,\"uuid\":", (long long)r->info.id);
		json_string(stdout, r->info.uuid);
		fputs(",\"label\":", stdout);
		json_string(stdout, r->info.label);
		fputs(",\"benchmark\":", stdout);
		json_string(stdout, r->info.benchmark);
		fputs(",\"status\":", stdout);
		json_string(stdout, shown_status(r));
		fputs(",\"started\":", stdout);
		json_string(stdout, r->info.started_at);
		json_str(stdout, "ended", r->info.ended_at);
		/* The argv it was run with (a string from an older kbench). */
		fputs(",\"command\":", stdout);
		if ((argv = json_argv_parse(r->info.command)) != NULL)
			fputs(r->info.command, stdout);
		else
			json_string(stdout, r->info.command);
		argv_free(argv);
		printf(",\"series\":%lld,\"samples\":%lld,\"facts\":",
		    (long long)r->nseries, (long long)r->nsamples);
		json_kv_object(stdout, &r->facts);
		fputs("}\n", stdout);
	} else {
		if (ro->count == 0)
			printf("%5s  %-20s %-10s %-10s %-20s %-16s %5s %9s\n",
			    "ID", "LABEL", "BENCHMARK", "STATUS", "STARTED",
			    "HOST", "HZ", "SAMPLES");
		/* "2026-11-30T02:43:18.123Z" -> "2026-11-30 02:43:18" */
		snprintf(started, sizeof(started), "%.19s", r->info.started_at);
		if (strlen(started) > 10 && started[10] == 'T')
			started[10] = ' ';
		printf("%5lld  %-20s %-10s %-10s %-20s %-16s %5s %9lld\n",
		    (long long)r->info.id, visible(&ro->text[0], r->info.label),
		    visible(&ro->text[1], r->info.benchmark), shown_status(r),
		    visible(&ro->text[2], started),
		    visible(&ro->text[3], kv_get(&r->facts, "host")),
		    visible(&ro->text[4], kv_get(&r->facts, "hz")),
		    (long long)r->nsamples);
	}
	ro->count++;
	/* A closed pipe: stop; finish_stdout() says so. */
	return ferror(stdout) ? STORE_STOP : 0;
}

int
cmd_runs(int argc, char **argv, struct kbench_ctx *ctx)
{
	static const struct option longopts[] = {
		FILTER_LONGOPTS,
		{ "json",	no_argument,	NULL, 'j' },
		{ NULL,		0,		NULL, 0 }
	};
	struct filter f;
	struct runs_out ro;
	struct strbuf err = STRBUF_INIT;
	int ch, rc = KB_EXIT_USAGE;

	memset(&f, 0, sizeof(f));
	memset(&ro, 0, sizeof(ro));
	/* A listing shows every run, whatever its state. */
	f.include_incomplete = 1;
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:", longopts, NULL)) != -1) {
		if (ch == 'j') {
			ro.json = 1;
			continue;
		}
		switch (filter_option(&f, ch, optarg, &err)) {
		case 1:
			continue;
		case -1:
			warnx("runs: %s", sb_str(&err));
			goto out;
		default:
			fputs(runs_help, stderr);
			goto out;
		}
	}
	if (optind < argc) {
		warnx("runs: unexpected argument '%s'", argv[optind]);
		goto out;
	}
	if ((rc = cmd_check_filter(ctx, &f, "runs")) != KB_EXIT_OK)
		goto out;
	if (store_each_run(ctx->db, &f, print_run, &ro) == -1) {
		warnx("runs: %s", store_error(ctx->db));
		rc = KB_EXIT_DB;
		goto out;
	}
	rc = KB_EXIT_OK;
out:
	filter_free(&f);
	sb_free(&err);
	for (ch = 0; ch < 5; ch++)
		sb_free(&ro.text[ch]);
	return rc;
}
