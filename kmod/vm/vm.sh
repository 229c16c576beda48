# kmod/vm/vm.sh: boot Debian's packaged kernel under qemu (TCG: no KVM,
# no module support needed on the host), run a guest script in a
# throwaway initramfs, and bring the guest's files back.  Sourced by
# tests/vm/t_vm.sh, kmod/vm/demo-vm.sh and mk/deps.sh; POSIX sh.
#
#   vm_kernel_release   the kernel release the Debian archive offers now
#                       (what linux-image-amd64 depends on)
#   vm_fetch_kernel KVER
#                       fetch that kernel into $VM_CACHE (apt-get
#                       download, dpkg-deb): nothing is installed, the
#                       host's /boot and boot loader are not touched
#   vm_setup BUILD      check the host (naming every missing piece and its
#                       Debian package), choose the kernel; sets VM_*
#   vm_module           build pfilbench.ko against that kernel's headers
#   vm_initramfs        pack the initramfs (busybox, kbench's programs and
#                       the libraries they need, the module, the guest
#                       scripts)
#   vm_boot NAME TASK [KERNEL ARGS...]
#                       boot it; the guest runs kmod/vm/guest-TASK.sh; its
#                       output directory comes back as $VM_DIR/NAME/out
#
# Sets VM_SECONDS, how long the boot took.
#
# How the files come back: the guest tars its output directory, gzips
# and base64-encodes it, and writes it between two marker lines to its
# second serial port, which qemu writes to a file on the host.  The
# kernel's 8250 driver is built in, so the guest needs no module (9p
# and virtio would need several, and the host has no module support).
#
# Everything made goes under BUILD/vm/; the kernel under $VM_CACHE.
# Environment:
#   KBENCH_VM_KVER     the kernel release to boot (default: the newest
#                      one in $VM_CACHE whose headers are installed)
#   KBENCH_VM_CACHE    where the kernel is kept (default build/vm-kernel,
#                      shared by every BUILD; make clean removes it)
#   KBENCH_VM_TIMEOUT  seconds before a boot is killed (default 600)
#   KBENCH_VM_MEM      the guest's memory (default 512M)
#   KBENCH_VM_SMP      qemu's -smp (default 2; "2,maxcpus=255": 2 CPUs
#                      online, 255 possible)
#   QEMU               the emulator (default qemu-system-x86_64)

# The entry scripts are two directories down: tests/vm/, kmod/vm/.
VM_TOP=${VM_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
QEMU=${QEMU:-qemu-system-x86_64}
VM_TIMEOUT=${KBENCH_VM_TIMEOUT:-600}
VM_MEM=${KBENCH_VM_MEM:-512M}
VM_SMP=${KBENCH_VM_SMP:-2}
VM_CACHE=${KBENCH_VM_CACHE:-$VM_TOP/build/vm-kernel}

vm_msg() {
	echo "vm: $*" >&2
}

# vm_kernel_release: e.g. 6.1.0-57-amd64, from the package lists; fails
# without them.  When Debian moves to a new ABI, so does this.
vm_kernel_release() {
	apt-cache depends linux-image-amd64 2>/dev/null |
	    sed -n 's/^ *Depends: linux-image-\([0-9][^ ]*-amd64\)$/\1/p' | sed 1q |
	    grep .
}

# vm_fetch_kernel KVER: $VM_CACHE/vmlinuz-KVER out of the archive's
# linux-image-KVER (70 MB to download; of its 400 MB, only the 8 MB
# kernel is unpacked).  Quiet when it is already there; kernels of
# other releases in $VM_CACHE are removed once this one is.
vm_fetch_kernel() {
	kver=$1 pkg=linux-image-$1
	[ -s "$VM_CACHE/vmlinuz-$kver" ] && return 0
	tmp=$VM_CACHE/fetch.$$
	rm -rf "$tmp"
	mkdir -p "$tmp" || return 1
	# As root, apt downloads as its user _apt: let it write here.
	[ "$(id -u)" -eq 0 ] && id _apt >/dev/null 2>&1 && chown _apt "$tmp"
	size=$(apt-cache show --no-all-versions "$pkg" 2>/dev/null |
	    awk '/^Size:/ { printf "%.0f MB", $2 / 1e6 }')
	vm_msg "fetching $pkg (${size:-size unknown}) with apt-get download" \
	    "into $VM_CACHE: the VM boots it; nothing is installed, /boot is" \
	    "not touched"
	if ! (cd "$tmp" && apt-get download "$pkg" >&2); then
		vm_msg "apt-get download $pkg failed"
		rm -rf "$tmp"
		return 1
	fi
	# dpkg-deb -x would write the 400 MB of modules too: only the kernel.
	if ! dpkg-deb --fsys-tarfile "$tmp"/*.deb |
	    tar -x -C "$tmp" "./boot/vmlinuz-$kver" ||
	    [ ! -s "$tmp/boot/vmlinuz-$kver" ]; then
		vm_msg "no boot/vmlinuz-$kver in $(ls "$tmp"/*.deb)"
		rm -rf "$tmp"
		return 1
	fi
	mv "$tmp/boot/vmlinuz-$kver" "$VM_CACHE/vmlinuz-$kver.new" &&
	    mv "$VM_CACHE/vmlinuz-$kver.new" "$VM_CACHE/vmlinuz-$kver"
	rm -rf "$tmp"
	for k in "$VM_CACHE"/vmlinuz-*; do
		[ "$k" = "$VM_CACHE/vmlinuz-$kver" ] || rm -f "$k"
	done
	vm_msg "unpacked $VM_CACHE/vmlinuz-$kver ($(du -k \
	    "$VM_CACHE/vmlinuz-$kver" | cut -f1) KiB)"
}

# vm_setup BUILD: fails (status 1, one message) when anything is missing.
vm_setup() {
	VM_BUILD=$1
	case $VM_BUILD in /*) ;; *) VM_BUILD=$VM_TOP/$VM_BUILD ;; esac
	VM_DIR=$VM_BUILD/vm
	missing="" pkgs=""
	need_cmd() {	# need_cmd COMMAND PACKAGE
		command -v "$1" >/dev/null 2>&1 && return 0
		missing="$missing $1"
		pkgs="$pkgs $2"
		return 1
	}
	need_cmd "$QEMU" qemu-system-x86
	need_cmd cpio cpio
	need_cmd gzip gzip
	need_cmd base64 coreutils
	need_cmd tar tar
	need_cmd ldd libc-bin
	need_cmd make make
	need_cmd gcc gcc
	need_cmd timeout coreutils
	# W=1 runs the kernel's scripts/kernel-doc, which needs Pod::Usage:
	# the perl package, not only the perl-base of a minimal system.
	if ! perl -MPod::Usage -e 1 >/dev/null 2>&1; then
		missing="$missing perl-Pod::Usage(kernel-doc)"
		pkgs="$pkgs perl"
	fi
	if [ ! -x /bin/busybox ]; then
		missing="$missing /bin/busybox"
		pkgs="$pkgs busybox-static"
	elif ldd /bin/busybox >/dev/null 2>&1; then
		missing="$missing static-busybox(/bin/busybox-is-dynamic)"
		pkgs="$pkgs busybox-static"
	fi
	if [ -n "${KBENCH_VM_KVER:-}" ]; then
		VM_KVER=$KBENCH_VM_KVER
	else
		VM_KVER=""
		for k in $(ls "$VM_CACHE"/vmlinuz-*-amd64 2>/dev/null | sort -V); do
			v=${k##*/vmlinuz-}
			[ -f "/usr/src/linux-headers-$v/Makefile" ] && VM_KVER=$v
		done
	fi
	if [ -z "$VM_KVER" ] || [ ! -s "$VM_CACHE/vmlinuz-$VM_KVER" ]; then
		missing="$missing $VM_CACHE/vmlinuz-${VM_KVER:-*-amd64}(make-deps-vm-fetches-it)"
	fi
	if [ -z "$VM_KVER" ] || [ ! -f "/usr/src/linux-headers-$VM_KVER/Makefile" ]; then
		missing="$missing /usr/src/linux-headers-${VM_KVER:-*-amd64}"
		pkgs="$pkgs linux-headers-${VM_KVER:-amd64}"
	fi
	for p in kbench testsleep pfilbench-ctl; do
		[ -x "$VM_BUILD/$p" ] || missing="$missing $VM_BUILD/$p(run-make)"
	done
	if [ "$(id -u)" -ne 0 ]; then
		missing="$missing root(mknod-needs-it)"
	fi
	if [ -n "$missing" ]; then
		vm_msg "missing:$missing"
		[ -n "$pkgs" ] && vm_msg "Debian packages (make deps-vm installs" \
		    "them):$(echo "$pkgs" | tr ' ' '\n' | sort -u | tr '\n' ' ')"
		return 1
	fi
	VM_KERNEL=$VM_CACHE/vmlinuz-$VM_KVER
	VM_KDIR=/usr/src/linux-headers-$VM_KVER
	VM_KO=$VM_DIR/pfilbench-$VM_KVER.ko
	VM_INITRD=$VM_DIR/initramfs-$VM_KVER.cpio.gz
	mkdir -p "$VM_DIR"
	return 0
}

# vm_module: pfilbench.ko for the guest kernel, log in $VM_DIR/kmod.log.
vm_module() {
	if ! make -C "$VM_TOP/kmod/linux" KDIR="$VM_KDIR" BUILD="$VM_BUILD" \
	    KO="$VM_KO" >"$VM_DIR/kmod.log" 2>&1; then
		vm_msg "building pfilbench.ko for $VM_KVER failed:"
		tail -20 "$VM_DIR/kmod.log" >&2
		return 1
	fi
	if grep -q 'warning:' "$VM_DIR/kmod.log"; then
		vm_msg "pfilbench.ko built with warnings (see $VM_DIR/kmod.log)"
	fi
	return 0
}

# vm_copy_prog FILE ROOT DEST: a program and the shared libraries it needs.
vm_copy_prog() {
	cp "$1" "$2$3/"
	ldd "$1" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 }
	    $1 ~ /^\// { print $1 }' | while read -r lib; do
		[ -f "$2$lib" ] && continue
		mkdir -p "$2$(dirname "$lib")"
		cp -L "$lib" "$2$lib"
	done
}

# vm_initramfs: one image for every task; $VM_INITRD.
vm_initramfs() {
	root=$VM_DIR/root
	rm -rf "$root"
	mkdir -p "$root/bin" "$root/dev" "$root/opt/kbench/bin" \
	    "$root/opt/kbench/guest"
	cp /bin/busybox "$root/bin/busybox"
	mknod "$root/dev/console" c 5 1
	mknod "$root/dev/null" c 1 3
	cp "$VM_TOP/kmod/vm/init" "$root/init"
	chmod 755 "$root/init"
	for p in kbench testsleep pfilbench-ctl lockbench; do
		[ -x "$VM_BUILD/$p" ] || continue
		vm_copy_prog "$VM_BUILD/$p" "$root" /opt/kbench/bin
	done
	cp "$VM_KO" "$root/opt/kbench/pfilbench.ko"
	cp "$VM_TOP"/kmod/vm/guest-*.sh "$root/opt/kbench/guest/"
	(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) |
	    gzip -1 >"$VM_INITRD"
}

# vm_boot NAME TASK [ARGS...]: 0 when the guest's files came back.
vm_boot() {
	name=$1 task=$2
	shift 2
	d=$VM_DIR/$name
	rm -rf "$d"
	mkdir -p "$d"
	vm_rc=0
	# ttyS0, the console, is qemu's stdout; ttyS1 a file.  No monitor:
	# nothing reads stdin.
	vm_t0=$(date +%s)
	timeout -k 10 "$VM_TIMEOUT" "$QEMU" -accel tcg -smp "$VM_SMP" -m "$VM_MEM" \
	    -nographic -monitor none -no-reboot \
	    -kernel "$VM_KERNEL" -initrd "$VM_INITRD" \
	    -append "console=ttyS0 quiet panic=-1 kbench_task=$task $*" \
	    -serial stdio -serial "file:$d/ttyS1.txt" \
	    </dev/null >"$d/console.txt" 2>&1 || vm_rc=$?
	VM_SECONDS=$(($(date +%s) - vm_t0))
	if [ "$vm_rc" -eq 124 ] || [ "$vm_rc" -eq 137 ]; then
		vm_msg "$name: the guest did not finish in ${VM_TIMEOUT}s" \
		    "(console: $d/console.txt)"
		return 1
	fi
	if ! grep -q '^KBENCH-OUT-END' "$d/ttyS1.txt" 2>/dev/null; then
		vm_msg "$name: the guest sent nothing back (qemu status" \
		    "$vm_rc; console: $d/console.txt)"
		tail -15 "$d/console.txt" >&2
		return 1
	fi
	mkdir -p "$d/out"
	sed -n '/^KBENCH-OUT-BEGIN/,/^KBENCH-OUT-END/p' "$d/ttyS1.txt" |
	    tr -d '\r' | sed '1d;$d' | base64 -d | tar -C "$d/out" -xzf - || {
		vm_msg "$name: the guest's output is garbled ($d/ttyS1.txt)"
		return 1
	}
	return 0
}
