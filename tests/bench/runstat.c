/*
 * runstat: run a command and report its wall time and peak resident
 * memory, for make bench (the same on Linux and FreeBSD: wait4's rusage).
 *
 * usage: runstat COMMAND [ARG...]
 * prints "wall_s=S maxrss_kib=K" on standard error; exits as the command.
 */
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <stdio.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	pid_t pid;
	int status;

	if (argc < 2) {
		fprintf(stderr, "usage: runstat COMMAND [ARG...]\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((pid = fork()) == -1) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) == -1) {
		perror("wait4");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	/* ru_maxrss is in KiB on Linux and FreeBSD. */
	fprintf(stderr, "wall_s=%.3f maxrss_kib=%ld\n",
	    (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
	    ru.ru_maxrss);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
