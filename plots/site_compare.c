/*
 * site_compare.c: the comparison of each run with the one before it of
 * its benchmark and host, compare/A-B/report.html: kbench report's own
 * page, made by kbench report itself, as a child (its command line is
 * then the one the report prints to reproduce it), several at once.
 *
 * Two settled runs never change, so a comparison is made once: the
 * manifest keeps the hash of what it was made of (the two runs' uuids
 * and sample counts, and kbench's version) and the next build makes only
 * the new pairs: after one more night, one.  The first build of a long
 * history makes them all, half a second of CPU each for 200 series,
 * as many at once as --jobs; --no-compare leaves them out (and keeps
 * those already made).
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "kbench_exit.h"
#include "lib/procs.h"
#include "plots/site.h"
#include "db/store.h"
#include "collect/tools.h"

/* A comparison to make. */
struct pair {
	size_t		 run;		/* the later run, in s->run */
	char		 hash[33];
	char		 dir[64];	/* "compare/A-B/" */
	struct strlist	 args;
	char		**argv;
};

static int
count_run(const struct run_row *row, void *arg)
{
	(*(size_t *)arg)++;
	return 0;
}

/*
 * A run as a side of kbench report --compare, as the report will name
 * it: its label when that selects it alone (and reads as a label: no
 * '=', no leading '-'); else its id, unless a label is that number (a label wins
 * there): then uuid=UUID.
 */
static int
side(const struct site *s, struct store *db, const struct hrun *r,
    struct strlist *args, struct strbuf *err)
{
	struct strbuf sb = STRBUF_INIT;
	struct filter f;
	size_t n = 0;
	int found, rc = -1;

	memset(&f, 0, sizeof(f));
	f.include_incomplete = s->incomplete;
	strlist_add(&f.labels, r->label);
	/* Not an option either ("--help"), nor empty. */
	if (strchr(r->label, '=') == NULL && *r->label != '-' &&
	    *r->label != '\0' && store_each_run(db, &f, count_run, &n) == -1)
		goto out;
	if (n == 1) {
		strlist_add(args, r->label);
		rc = 0;
		goto out;
	}
	sb_addf(&sb, "%lld", (long long)r->id);
	if (store_label_exists(db, sb_str(&sb), &found) == -1)
		goto out;
	if (found) {
		sb_reset(&sb);
		sb_addf(&sb, "uuid=%s", r->uuid);
	}
	strlist_add(args, sb_str(&sb));
	rc = 0;
out:
	if (rc == -1)
		sb_adds(err, store_error(db));
	filter_free(&f);
	sb_free(&sb);
	return rc;
}

static int
pair_args(struct site *s, struct store *db, const char *self, struct pair *p,
    struct strbuf *err)
{
	const struct site_run *r = &s->run[p->run];
	const struct hrun *a = &s->h.run[r->prev], *b = r->hr;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	memset(&p->args, 0, sizeof(p->args));
	strlist_add(&p->args, self);
	if (store_location_is_server(s->db_path)) {
		/* In the environment: a child's argv is anyone's (ps). */
		if (setenv("KBENCH_DB", s->db_path, 1) == -1) {
			sb_addf(err, "setenv: %s", strerror(errno));
			return -1;
		}
	} else {
		strlist_add(&p->args, "-d");
		strlist_add(&p->args, s->db_path);
	}
	strlist_add(&p->args, "report");
	strlist_add(&p->args, "--compare");
	if (side(s, db, a, &p->args, err) == -1 ||
	    side(s, db, b, &p->args, err) == -1)
		return -1;
	/*
	 * By name: a link on the way that someone else planted is not
	 * followed (outdir.h), nor is one at A-B itself.
	 */
	strlist_add(&p->args, "-o");
	sb_addf(&sb, "%s/%s", s->dir, p->dir);
	sb.buf[--sb.len] = '\0';	/* the trailing '/' */
	strlist_add(&p->args, sb_str(&sb));
	strlist_add(&p->args, "--title");
	sb_reset(&sb);
	/* Never "--db=..." or any option: it starts with a word of ours. */
	sb_addf(&sb, "Run %s vs %s: %s", a->label, b->label,
	    *b->attr[SITE_ATTR_BENCHMARK] ? b->attr[SITE_ATTR_BENCHMARK] :
	    "(no benchmark)");
	if (*b->attr[SITE_ATTR_HOST])
		sb_addf(&sb, " on %s", b->attr[SITE_ATTR_HOST]);
	sb_addf(&sb, ", runs %lld and %lld", (long long)a->id,
	    (long long)b->id);
	strlist_add(&p->args, sb_str(&sb));
	if (s->incomplete)
		strlist_add(&p->args, "--incomplete");
	/* Round by round too: where each night's change could be told. */
	strlist_add(&p->args, "--sequential");
	p->argv = xcalloc(p->args.n + 1, sizeof(*p->argv));
	for (i = 0; i < p->args.n; i++)
		p->argv[i] = p->args.v[i];
	sb_free(&sb);
	return 0;
}

/* The hash of what a comparison is made of. */
static void
pair_hash(const struct site *s, size_t i, char *out)
{
	const struct site_run *r = &s->run[i];
	struct strbuf in = STRBUF_INIT;

	/* "sequential": pages made before it had that section are remade. */
	sb_addf(&in, "%s\n%s\n%lld\n%lld\n%s\n%d\nsequential\n",
	    s->h.run[r->prev].uuid, r->hr->uuid,
	    (long long)s->run[r->prev].nsamples, (long long)r->nsamples,
	    KBENCH_VERSION, s->incomplete);
	site_hash(sb_str(&in), in.len, out);
	sb_free(&in);
}

/* What a failed report said: its first line. */
static void
failed(struct site *s, const struct pair *p, const struct proc *pr)
{
	struct strbuf sb = STRBUF_INIT;
	const char *out = sb_str(&pr->out), *end;
	size_t len;

	/*
	 * Its lines as one ("...: 8 series are not on both sides: 'a' only
	 * in B; 'b' only in A"), not the first alone, which ends at its
	 * colon; each line's indent dropped; at most some 400 bytes, cut
	 * between characters.
	 */
	sb_addf(&sb, "%s: kbench report failed:", p->dir);
	while (*out != '\0' && sb.len < 400) {
		out += strspn(out, " \t");
		len = strcspn(out, "\n");
		if (len > 0)
			sb_addf(&sb, "%s%.*s", sb.buf[sb.len - 1] == ':' ?
			    " " : "; ", (int)len, out);
		out += len + (out[len] == '\n');
	}
	if (sb.len > 400) {
		end = sb.buf + 400;
		while (end > sb.buf && ((unsigned char)*end & 0xc0) == 0x80)
			end--;
		sb.len = (size_t)(end - sb.buf);
		sb.buf[sb.len] = '\0';
		sb_adds(&sb, "...");
	} else if (*out != '\0')
		sb_adds(&sb, "...");
	strlist_add(&s->warnings, sb_str(&sb));
	sb_free(&sb);
}

int
site_compares(struct site *s, struct store *db, struct strbuf *err)
{
	struct pair *p;
	struct proc *pr;
	char self[PATH_MAX];
	size_t i, n = 0;
	int rc = 0;

	p = xcalloc(s->h.nrun + 1, sizeof(*p));
	for (i = 0; i < s->h.nrun; i++) {
		if (s->run[i].prev < 0 || !s->h.run[i].settled ||
		    !s->h.run[s->run[i].prev].settled)
			continue;
		s->ncompare++;
		p[n].run = i;
		pair_hash(s, i, p[n].hash);
		snprintf(p[n].dir, sizeof(p[n].dir), "compare/%lld-%lld/",
		    (long long)s->h.run[s->run[i].prev].id,
		    (long long)s->h.run[i].id);
		if (site_unchanged(s, p[n].dir, p[n].hash)) {
			s->run[i].compared = 1;
			continue;
		}
		if (s->compare)
			n++;
	}
	if (n > 0 && self_path(s->argv0, self, sizeof(self)) == -1) {
		sb_adds(err, "cannot find kbench itself to run kbench report");
		rc = -1;
		n = 0;
	}
	for (i = 0; i < n && rc == 0; i++)
		rc = pair_args(s, db, self, &p[i], err);
	pr = xcalloc(n + 1, sizeof(*pr));
	for (i = 0; i < n && rc == 0; i++) {
		pr[i].argv = p[i].argv;
		/*
		 * Told to stop, a report stops its gnuplot first (given
		 * SPAWN_KILL_GRACE_S): killed sooner, it would leave that
		 * gnuplot running.
		 */
		pr[i].grace_s = 2 * SPAWN_KILL_GRACE_S + 1;
	}
	if (rc == 0 && n > 0 && procs_run(pr, n, s->jobs) == -1) {
		sb_adds(err, "waiting for kbench report failed");
		rc = -1;
	}
	for (i = 0; i < n; i++) {
		if (rc == 0 && proc_ok(&pr[i])) {
			manifest_put(&s->cur, p[i].dir, p[i].hash);
			s->run[p[i].run].compared = 1;
			s->ncompared++;
		} else if (rc == 0) {
			s->ncompare_failed++;
			failed(s, &p[i], &pr[i]);
		}
		strlist_free(&p[i].args);
		free(p[i].argv);
	}
	procs_free(pr, n);
	free(pr);
	free(p);
	return rc;
}
