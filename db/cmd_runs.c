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

#include "filter.h"
#include "json.h"
#include "kbench.h"
#include "store.h"

const char runs_help[] =
    "usage: kbench runs [--json] " FILTER_SYNOPSIS "\n"
    "\n"
    "Lists the runs in the database, oldest first: id, label, benchmark,\n"
    "status, start time (UTC), host, HZ and the number of samples.  STATUS is\n"
    "complete, aborted (interrupted, or a benchmark failed), running, or\n"
    "incomplete: marked running, but its collector on this host is gone\n"
    "(kill -9, a crash): it will never complete.\n"
    "   --json           one JSON object per run, one per line\n"
    "Filters:\n"
    "   --label L        runs with this label (repeatable: any of them)\n"
    "   --run ID         a run id, uuid or uuid prefix (8+ characters)\n"
    "   -b, --benchmark B   runs of this benchmark\n"
    "   --where K=V      a run fact, a series key, or label/benchmark/status/uuid\n"
    "                    equal to V (repeat a key for OR; keys AND together)\n";

struct runs_out {
	int		json;
	int		count;
	struct strbuf	label;		/* a label, as a table shows it */
};

static const char *
fact_or_dash(const struct run_row *r, const char *key)
{
	const char *v = kv_get(&r->facts, key);

	return v != NULL && *v != '\0' ? v : "-";
}

/*
 * A run still marked running whose collector is gone from this host
 * (killed, or the machine went down) will never complete: "incomplete".
 */
static const char *
shown_status(const struct run_row *r)
{
	const char *host = kv_get(&r->facts, "host"), *pid;
	char me[256];
	long p;

	if (strcmp(r->info.status, RUN_RUNNING) != 0)
		return r->info.status;
	pid = kv_get(&r->facts, "collector_pid");
	if (host == NULL || pid == NULL || gethostname(me, sizeof(me)) != 0 ||
	    strcmp(host, me) != 0 || parse_long(pid, 1, LONG_MAX, &p) == -1)
		return r->info.status;
	if (kill((pid_t)p, 0) == -1 && errno == ESRCH)
		return "incomplete";
	return r->info.status;
}

static int
print_run(const struct run_row *r, void *arg)
{
	struct runs_out *ro = arg;
	char started[32];

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
		printf(",\"series\":%lld,\"samples\":%lld,\"facts\":",
		    (long long)r->nseries, (long long)r->nsamples);
		json_kv_object(stdout, &r->facts);
		fputs("}\n", stdout);
	} else {
		if (ro->count == 0)
			printf("%5s  %-20s %-10s %-9s %-20s %-16s %5s %9s\n",
			    "ID", "LABEL", "BENCHMARK", "STATUS", "STARTED",
			    "HOST", "HZ", "SAMPLES");
		/* "2026-11-30T02:43:18.123Z" -> "2026-11-30 02:43:18" */
		snprintf(started, sizeof(started), "%.19s", r->info.started_at);
		if (strlen(started) > 10 && started[10] == 'T')
			started[10] = ' ';
		sb_reset(&ro->label);
		sb_add_visible(&ro->label, r->info.label);
		printf("%5lld  %-20s %-10s %-9s %-20s %-16s %5s %9lld\n",
		    (long long)r->info.id, sb_str(&ro->label), r->info.benchmark,
		    shown_status(r), started, fact_or_dash(r, "host"),
		    fact_or_dash(r, "hz"), (long long)r->nsamples);
	}
	ro->count++;
	return ferror(stdout) ? -1 : 0;
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
	sb_free(&ro.label);
	return rc;
}
