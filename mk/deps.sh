#!/bin/sh
# make deps: check what kbench needs and install what is missing.
#
#   sh mk/deps.sh [GROUP...]
#
# The base is what building kbench and make demo need, nothing more.
# GROUPs add to it: "test" the tools the test suite drives (a browser,
# the man page linter...), "bench" make bench's peers, "vm" what the
# kernel module's VM test needs
# (and the kernel it boots, fetched into build/vm-kernel, never
# installed), "vmdebug" what make check-vm-debug needs to build its
# debug kernel, "freebsd" make check-freebsd's cross compiler, "fuzz" what
# make fuzz needs, "lint" make lint's analyzers, "valgrind" make
# check-valgrind's.  make check takes "test vm freebsd".
#
# As root on Debian/Ubuntu (apt-get) or FreeBSD (pkg), the missing
# packages are installed, apt's progress on standard error; otherwise the
# exact command is printed and the exit status is 1.  Quiet when
# everything is there.
#
# What each package is for (base, then by group):
#   C compiler, make, pkg-config   building
#   sqlite3 headers and library    the store
#   libpq headers and library      the lab store (PostgreSQL)
#   libcsv                         CSV import
#   gnuplot                        kbench plot
#   libck-dev, liburcu-dev         lockbench's read-mostly and epoch locks
#   sqlite3 (the shell)            test, bench: tests inspect databases; make bench's peer
#   ministat                       test, bench: the reference kbench ministat is checked against
#   bmake                          test, freebsd: the Makefile read the way FreeBSD's make reads it
#   jq                             test, bench: tests read kbench's JSON
#   rt-tests (cyclictest)          test, bench: the sleep tester against cyclictest
#   strace, python3                test: a fault injected into testsleep; the HTML check
#   systemd (systemd-analyze)      test: contrib/systemd units are verified
#   postgresql-15                  test: a throwaway server for the PostgreSQL store's tests
#   chromium, fonts-dejavu-core    test: kbench site's pages run in a headless
#                                  browser (its DOM after the script, screenshots)
#   mandoc, man-db                 test, lint: the man pages linted, and rendered by man(1)
#   qemu-system-x86, busybox-static, cpio
#                                  vm: the emulator and the guest's initramfs
#   linux-headers-KVER             vm: the module is built against them (KVER:
#                                  the release linux-image-amd64 depends on now)
#   perl                           vm: Pod::Usage, for the kernel-doc of W=1
#   linux-source, bc, bison, flex, libelf-dev, libssl-dev, xz-utils
#                                  vmdebug: Debian's kernel sources and what
#                                  building them takes (kmod/vm/debug-kernel.sh)
#   clang, binutils                freebsd: the FreeBSD target; nm
#   cmark-gfm                      tests: report.md rendered as GitHub does, checked for HTML
#   clang, libclang-rt-14-dev      make fuzz: libFuzzer and its sanitizer runtimes
#   cppcheck, clang-tidy           make lint: the static analyzers
#   valgrind                       make check-valgrind: memcheck over the tests

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck disable=SC2034 # vm.sh reads it
VM_TOP=$top
. "$top/kmod/vm/vm.sh"

debian_base="gcc make pkg-config libsqlite3-dev libcsv-dev gnuplot-nox libck-dev liburcu-dev libpq-dev"
debian_test="sqlite3 ministat bmake jq rt-tests strace python3 systemd cmark-gfm chromium fonts-dejavu-core mandoc man-db postgresql-15"
freebsd_pkgs="pkgconf sqlite3 libcsv gnuplot-lite jq concurrencykit liburcu postgresql15-client"
groups=" $* "
for g in "$@"; do
	case $g in
	test|bench|vm|vmdebug|freebsd|fuzz|lint|valgrind) ;;
	*)	echo "deps: unknown group '$g': expected test, bench, vm, vmdebug," \
		    "freebsd, fuzz, lint or valgrind" >&2
		exit 2 ;;
	esac
done

# debian_want: the packages of the groups asked for, in $debian_pkgs.
# The VM's kernel headers are those of the release the archive offers
# (so it needs the package lists); the kernel itself is fetched below.
debian_want() {
	debian_pkgs=$debian_base
	kver=""
	case $groups in *" test "*) debian_pkgs="$debian_pkgs $debian_test" ;; esac
	case $groups in *" bench "*) debian_pkgs="$debian_pkgs sqlite3 rt-tests python3 jq ministat" ;; esac
	case $groups in *" vm "*)
		kver=${KBENCH_VM_KVER:-$(vm_kernel_release)}
		debian_pkgs="$debian_pkgs qemu-system-x86 busybox-static cpio perl linux-headers-${kver:-amd64}" ;;
	esac
	case $groups in *" vmdebug "*) debian_pkgs="$debian_pkgs linux-source bc bison flex libelf-dev libssl-dev xz-utils" ;; esac
	case $groups in *" freebsd "*) debian_pkgs="$debian_pkgs clang binutils bmake" ;; esac
	case $groups in *" fuzz "*) debian_pkgs="$debian_pkgs clang libclang-rt-14-dev" ;; esac
	case $groups in *" lint "*) debian_pkgs="$debian_pkgs cppcheck clang-tidy mandoc" ;; esac
	case $groups in *" valgrind "*) debian_pkgs="$debian_pkgs valgrind" ;; esac
	missing=""
	for p in $debian_pkgs; do
		s=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)
		[ "$s" = installed ] || missing="$missing $p"
	done
	return 0
}

say() {
	echo "deps: $*" >&2
}

# apt_update: the package lists, with apt's own progress.
apt_update() {
	say "apt-get update"
	apt-get update >&2
}

# apt_install: the missing packages, with apt's own progress.
apt_install() {
	say "apt-get install:$missing"
	# shellcheck disable=SC2086 # one word a package
	apt-get install -y --no-install-recommends $missing >&2
}

missing=""

case $(uname -s) in
Linux)
	if ! command -v dpkg-query >/dev/null 2>&1; then
		echo "deps: not a Debian-like system; install by hand: a C11" \
		    "compiler, make, pkg-config, SQLite 3 (library, headers," \
		    "shell), libcsv, gnuplot, ministat, bmake" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	# A fresh machine has no package lists: update once, first.
	set -- /var/lib/apt/lists/*_Packages*
	if [ "$(id -u)" -eq 0 ] && [ ! -e "$1" ]; then
		apt_update || { say "apt-get update failed"; exit 1; }
	fi
	debian_want
	if [ -n "$missing" ]; then
		if [ "$(id -u)" -ne 0 ]; then
			say "missing:$missing"
			say "run as root: apt-get install -y$missing"
			exit 1
		fi
		# Old package lists name packages the archive no longer has.
		if ! apt_install; then
			say "apt-get install failed: the package lists again, then once more"
			if ! { apt_update && debian_want && apt_install; }; then
				say "apt-get install failed"
				exit 1
			fi
		fi
	fi
	case $groups in *" vm "*)
		if [ -z "$kver" ]; then
			ls "$VM_CACHE"/vmlinuz-* >/dev/null 2>&1 && exit 0
			say "the kernel for the VM: no release found in the package" \
			    "lists (apt-cache depends linux-image-amd64): apt-get update, as root"
			exit 1
		fi
		# Old package lists name a kernel the archive no longer has.
		if ! vm_fetch_kernel "$kver"; then
			[ "$(id -u)" -eq 0 ] || exit 1
			say "the package lists again, then once more"
			if ! { apt_update && debian_want &&
			    { [ -z "$missing" ] || apt_install; } &&
			    vm_fetch_kernel "$kver"; }; then
				exit 1
			fi
		fi ;;
	esac
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
