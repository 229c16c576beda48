/*
 * pfilbench-ctl: run the pfilbench kernel module once and print what it
 * measured: the kmod backend of `kbench collect lock`.
 *
 * It takes lockbench's options (the user-space twin), writes them into
 * the module's configuration, starts a run, waits for it without
 * polling in a loop, reads the per-thread results and prints them: one
 * line per thread, or with -m the kbench protocol (collect/protocol.h)
 * with one sample per thread, in ns per walk of the hook chain.  The OS
 * half (sysfs on Linux, sysctl on FreeBSD) is behind kmodctl.h.
 *
 * Exit status: 0; 1 for a failure at run time (the module is not
 * loaded, busy, the run failed); 2 for bad arguments, including those
 * the module refuses; 128 + the signal number for SIGINT and SIGTERM,
 * which stop the module's run (and no "end" line is written).
 */
#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kmodctl.h"

#define EXIT_FAIL	1
#define EXIT_USAGE	2
#define WHYLEN		256

struct thread_result {
	unsigned int		id;
	int			cpu;
	unsigned long long	calls;
	unsigned long long	ns;
};

struct results {
	struct thread_result	*t;
	size_t			 n;
	int			 writer;	/* a writer line was seen */
	int			 writer_cpu;
	unsigned long long	 writes, write_ns;
};

static volatile sig_atomic_t got_signal;

static void	usage(void) __attribute__((__noreturn__));

static void
usage(void)
{
	fprintf(stderr,
	    "usage: pfilbench-ctl [-mp] [-d delay_ns] [-H head] [-k hook] "
	    "[-n count]\n"
	    "                     [-t threads] [-w write_ms]\n"
	    "       pfilbench-ctl -s\n");
	exit(EXIT_USAGE);
}

static void
on_signal(int sig)
{
	got_signal = sig;
}

/* Digits only: the module judges the range. */
static unsigned long long
number(int opt, const char *s)
{
	unsigned long long v;
	char *end;

	if (*s < '0' || *s > '9')
		errx(EXIT_USAGE, "-%c %s: expected a number", opt, s);
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		errx(EXIT_USAGE, "-%c %s: expected a number", opt, s);
	return v;
}

/* Exit for a failed kmod_*() call: EINVAL is the user's, the rest not. */
static void
fail(int rc, const char *why)
{
	warnx("%s", why);
	exit(rc == -EINVAL ? EXIT_USAGE : EXIT_FAIL);
}

/* -s: can a run be started now?  One line on stderr when not. */
static int
status(void)
{
	enum kmod_state st;
	char why[WHYLEN];

	if (kmod_state(&st, why, sizeof(why)) != 0) {
		warnx("%s", why);
		return EXIT_FAIL;
	}
	if (st == KMOD_RUNNING) {
		warnx("pfilbench.ko is busy: a run is in progress");
		return EXIT_FAIL;
	}
	if (geteuid() != 0) {
		warnx("pfilbench.ko is loaded, but only root may drive it");
		return EXIT_FAIL;
	}
	return 0;
}

static void
catch_signals(void)
{
	struct sigaction sa;

	/* No SA_RESTART: a signal must end the wait. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGINT, &sa, NULL) == -1 ||
	    sigaction(SIGTERM, &sa, NULL) == -1)
		err(EXIT_FAIL, "sigaction");
}

static void
stop_if_signalled(void)
{
	int sig = got_signal;

	if (sig == 0)
		return;
	kmod_stop();
	warnx("stopped by %s; the module's run was stopped",
	    sig == SIGINT ? "SIGINT" : "SIGTERM");
	exit(128 + sig);
}

/*
 * The module's results (kmodctl.h), checked against what was asked: a
 * run that another controller started in between is not ours.
 */
static void
parse_results(char *text, const struct kmod_config *c, struct results *r)
{
	char head[32], hook[32], *line, *next;
	unsigned long long threads, count, delay, wms, id;
	struct thread_result t;
	int got_run = 0, lineno = 0, pin;

	memset(r, 0, sizeof(*r));
	if ((r->t = calloc(c->threads, sizeof(*r->t))) == NULL)
		err(EXIT_FAIL, "memory for %llu results", c->threads);
	/*
	 * sscanf() cannot report overflow, but these are the module's own
	 * lines, printed from u64 and int fields: every number fits.
	 * NOLINTBEGIN(cert-err34-c)
	 */
	for (line = text; *line != '\0'; line = next) {
		lineno++;
		next = line + strcspn(line, "\n");
		if (*next == '\n')
			*next++ = '\0';
		if (sscanf(line, "run %llu head %31s hook %31s threads %llu "
		    "count %llu delay_ns %llu write_ms %llu pin %d", &id, head,
		    hook, &threads, &count, &delay, &wms, &pin) == 8) {
			if (strcmp(head, c->head) != 0 ||
			    strcmp(hook, c->hook) != 0 ||
			    threads != c->threads || count != c->count ||
			    delay != c->delay_ns || wms != c->write_ms)
				errx(EXIT_FAIL, "the module's last run (%s) is "
				    "not this one: another controller started "
				    "a run", line);
			got_run = 1;
		} else if (sscanf(line, "thread %u cpu %d calls %llu ns %llu",
		    &t.id, &t.cpu, &t.calls, &t.ns) == 4) {
			if (t.id >= c->threads || r->n >= c->threads)
				errx(EXIT_FAIL, "results line %d: thread %u of "
				    "%llu", lineno, t.id, c->threads);
			if (t.calls != c->count)
				errx(EXIT_FAIL, "results line %d: thread %u did "
				    "%llu walks of %llu", lineno, t.id, t.calls,
				    c->count);
			r->t[r->n++] = t;
		} else if (sscanf(line, "writer cpu %d writes %llu ns %llu",
		    &r->writer_cpu, &r->writes, &r->write_ns) == 3) {
			r->writer = 1;
		} else {
			errx(EXIT_FAIL, "results line %d: unexpected '%.60s'",
			    lineno, line);
		}
	}
	/* NOLINTEND(cert-err34-c) */
	if (!got_run)
		errx(EXIT_FAIL, "the module has no results (did another "
		    "controller start a run?)");
	if (r->n != c->threads)
		errx(EXIT_FAIL, "the module reported %zu threads of %llu", r->n,
		    c->threads);
}

static double
per_walk(const struct thread_result *t)
{
	/* calls == count >= 1 for a done run: checked in parse_results(). */
	return (double)t->ns / (double)t->calls;
}

/* The kbench protocol: facts, one series, one sample per thread, end. */
static void
print_machine(const struct kmod_config *c, const struct kmod_info *ki,
    const struct results *r)
{
	size_t i;

	printf("kbench-protocol 1\n");
	printf("fact backend kmod\n");
	printf("fact kmod_version %s\n", ki->version);
	printf("fact kmod_release %s\n", ki->release);
	printf("fact head %s\n", c->head);
	printf("fact hook %s\n", c->hook);
	printf("fact threads %llu\n", c->threads);
	printf("fact count %llu\n", c->count);
	printf("fact delay_ns %llu\n", c->delay_ns);
	printf("fact write_ms %llu\n", c->write_ms);
	printf("fact pin %d\n", c->pin);
	if (r->writer)
		printf("# writer: %llu writes, %llu ns in all\n", r->writes,
		    r->write_ns);
	printf("series head=%s,hook=%s,threads=%llu ns lower\n", c->head,
	    c->hook, c->threads);
	for (i = 0; i < r->n; i++)
		printf("sample %.3f\n", per_walk(&r->t[i]));
	stop_if_signalled();
	printf("end %zu\n", r->n);
}

static void
print_human(const struct kmod_config *c, const struct kmod_info *ki,
    const struct results *r)
{
	size_t i;

	printf("pfilbench %s (built for %s): head %s, hook %s, %llu x %llu "
	    "walks, delay %llu ns, ", ki->version, ki->release, c->head,
	    c->hook, c->threads, c->count, c->delay_ns);
	if (c->write_ms > 0)
		printf("writer every %llu ms\n", c->write_ms);
	else
		printf("no writer\n");
	for (i = 0; i < r->n; i++)
		printf("thread %u cpu %d: %llu walks in %.6f s, %.1f ns/walk\n",
		    r->t[i].id, r->t[i].cpu, r->t[i].calls, r->t[i].ns / 1e9,
		    per_walk(&r->t[i]));
	if (r->writer)
		printf("writer cpu %d: %llu writes, %.1f us each\n",
		    r->writer_cpu, r->writes,
		    r->writes > 0 ? r->write_ns / 1e3 / (double)r->writes : 0);
}

/*
 * The lock names the modules know (kmod/): a usage error here, before
 * the module is asked, and whether it is loaded or not.
 */
static const char *
lock_name(int ch, const char *name)
{
	static const char heads[] = ",rw,rm,epoch,none,";
	static const char hooks[] = ",null,mtx,rw,rwsem,rm,spin,";
	const char *known = ch == 'H' ? heads : hooks;
	char buf[40];

	snprintf(buf, sizeof(buf), ",%s,", name);
	if (*name == '\0' || strlen(name) > 30 || strchr(name, ',') != NULL ||
	    strstr(known, buf) == NULL) {
		warnx("unknown %s lock '%s' (-%c: %s)", ch == 'H' ? "head" :
		    "hook", name, ch, ch == 'H' ? "rw, rm, epoch or none" :
		    "null, mtx, rw, rwsem, rm or spin");
		usage();
	}
	return name;
}

int
main(int argc, char **argv)
{
	struct kmod_config c = { 1, 100000, 1000, 0, 0, "rm", "null" };
	struct kmod_info ki;
	struct results r;
	char why[WHYLEN], *text;
	int ch, rc, machine = 0, check = 0;

	opterr = 0;
	while ((ch = getopt(argc, argv, "d:H:k:mn:pst:w:")) != -1) {
		switch (ch) {
		case 'd':
			c.delay_ns = number(ch, optarg);
			break;
		case 'H':
			c.head = lock_name(ch, optarg);
			break;
		case 'k':
			c.hook = lock_name(ch, optarg);
			break;
		case 'm':
			machine = 1;
			break;
		case 'n':
			c.count = number(ch, optarg);
			break;
		case 'p':
			c.pin = 1;
			break;
		case 's':
			check = 1;
			break;
		case 't':
			c.threads = number(ch, optarg);
			break;
		case 'w':
			c.write_ms = number(ch, optarg);
			break;
		default:
			if (optopt != 0 && strchr("dHkntw", optopt) != NULL)
				warnx("option -%c needs an argument", optopt);
			else
				warnx("unknown option -%c", optopt);
			usage();
		}
	}
	if (optind != argc)
		usage();
	if (check)
		return status();

	catch_signals();
	if ((rc = kmod_info(&ki, why, sizeof(why))) != 0 ||
	    (rc = kmod_configure(&c, why, sizeof(why))) != 0 ||
	    (rc = kmod_start(why, sizeof(why))) != 0)
		fail(rc, why);
	if ((rc = kmod_wait(&got_signal, why, sizeof(why))) == -EINTR)
		stop_if_signalled();
	if (rc != 0)
		fail(rc, why);
	if ((rc = kmod_results(&text, why, sizeof(why))) != 0)
		fail(rc, why);
	parse_results(text, &c, &r);
	free(text);
	stop_if_signalled();
	if (machine)
		print_machine(&c, &ki, &r);
	else
		print_human(&c, &ki, &r);
	free(r.t);
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_FAIL, "standard output");
	return 0;
}
