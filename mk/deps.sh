#!/bin/sh
# make deps: check what kbench needs and install what is missing.
# "deps.sh vm" adds what the kernel module's VM test needs, "deps.sh
# fuzz" what make fuzz needs, "deps.sh lint" make lint's analyzers,
# "deps.sh valgrind" make check-valgrind's.
#
# As root on Debian/Ubuntu (apt-get) or FreeBSD (pkg), the missing
# packages are installed; otherwise the exact command is printed and
# the exit status is 1.  Quiet when everything is there.
#
# What each package is for:
#   C compiler, make, pkg-config   building
#   sqlite3 headers and library    the store
#   libcsv                         CSV import
#   sqlite3 (the shell)            tests inspect databases; make bench's peer
#   gnuplot                        kbench plot
#   ministat                       the reference kbench ministat is checked against
#   bmake                          checking the Makefile the way FreeBSD's make reads it
#   jq                             tests read kbench's JSON
#   rt-tests (cyclictest)          make bench checks the sleep tester against it
#   libck-dev, liburcu-dev         lockbench's read-mostly and epoch locks
#   strace, python3                tests: a fault injected into testsleep; the HTML check
#   systemd (systemd-analyze)      tests: contrib/systemd units are verified
#   cmark-gfm                      tests: report.md rendered as GitHub does, checked for HTML
#   clang, libclang-rt-14-dev      make fuzz: libFuzzer and its sanitizer runtimes
#   cppcheck, clang-tidy           make lint: the static analyzers
#   valgrind                       make check-valgrind: memcheck over the tests

set -u

debian_pkgs="gcc make pkg-config libsqlite3-dev libcsv-dev sqlite3 gnuplot-nox ministat bmake jq rt-tests libck-dev liburcu-dev strace python3 systemd cmark-gfm"
freebsd_pkgs="pkgconf sqlite3 libcsv gnuplot-lite jq concurrencykit liburcu"

# make check, check-vm and demo-vm ("deps.sh vm"): the kernel they boot,
# its headers, the emulator, the initramfs tools (~500 MB, so only then).
debian_vm_pkgs="qemu-system-x86 linux-image-amd64 linux-headers-amd64 busybox-static cpio"
[ "${1:-}" = vm ] && debian_pkgs="$debian_pkgs $debian_vm_pkgs"

# make fuzz ("deps.sh fuzz"): libFuzzer ships with clang's runtimes.
debian_fuzz_pkgs="clang libclang-rt-14-dev"
[ "${1:-}" = fuzz ] && debian_pkgs="$debian_pkgs $debian_fuzz_pkgs"

# make lint ("deps.sh lint") and make check-valgrind ("deps.sh valgrind").
debian_lint_pkgs="cppcheck clang-tidy"
[ "${1:-}" = lint ] && debian_pkgs="$debian_pkgs $debian_lint_pkgs"
[ "${1:-}" = valgrind ] && debian_pkgs="$debian_pkgs valgrind"

missing=""

case $(uname -s) in
Linux)
	if ! command -v dpkg-query >/dev/null 2>&1; then
		echo "deps: not a Debian-like system; install by hand: a C11" \
		    "compiler, make, pkg-config, SQLite 3 (library, headers," \
		    "shell), libcsv, gnuplot, ministat, bmake" >&2
		exit 1
	fi
	for p in $debian_pkgs; do
		s=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)
		[ "$s" = installed ] || missing="$missing $p"
	done
	[ -z "$missing" ] && exit 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps: missing:$missing" >&2
		echo "deps: run as root: apt-get install -y$missing" >&2
		exit 1
	fi
	echo "deps: installing:$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	# A fresh machine has no package lists: update once, then install.
	if ! apt-get install -y -q --no-install-recommends $missing >/dev/null 2>&1; then
		apt-get update -q >/dev/null 2>&1
		apt-get install -y -q --no-install-recommends $missing >&2 || {
			echo "deps: apt-get install failed" >&2
			exit 1
		}
	fi
	;;
FreeBSD)
	# ministat(1) and bmake are part of the base system.
	for p in $freebsd_pkgs; do
		pkg info -e "$p" 2>/dev/null || missing="$missing $p"
	done
	[ -z "$missing" ] && exit 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps: missing:$missing" >&2
		echo "deps: run as root: pkg install -y$missing" >&2
		exit 1
	fi
	echo "deps: installing:$missing" >&2
	pkg install -y $missing >&2 || { echo "deps: pkg install failed" >&2; exit 1; }
	;;
*)
	echo "deps: unknown system $(uname -s): install by hand: a C11 compiler," \
	    "make, pkg-config, SQLite 3, libcsv, gnuplot, ministat" >&2
	exit 1
	;;
esac
exit 0
