#!/usr/bin/env bash
# Proves a release archive on a clean Debian 12 (bookworm): no Swift, no libsodium, no
# compiler. Needs root (debootstrap, chroot, mount).
#
#   bash Scripts/release-test.sh [ARCHIVE]
#
# With no ARCHIVE it builds one with Scripts/release.sh first. The root file system is
# kept outside the repository, in REDO_CONFORM_ROOTFS (default
# /var/tmp/redo-conform-rootfs/bookworm), made by debootstrap when missing and reused
# after. Inside it, through chroot: `--version`, `check` from a folder that is not the
# archive's (it must find the shipped vectors), `validate` on shipped exports and logs
# with known verdicts, once through a symbolic link in /usr/local/bin. Outside: the man
# pages render and the completion scripts parse (bash, zsh, fish). Prints the seconds of
# each part, the archive's size and the median startup time of `--version`.
set -euo pipefail
cd "$(dirname "$0")/.."

rootfs="${REDO_CONFORM_ROOTFS:-/var/tmp/redo-conform-rootfs/bookworm}"
suite=bookworm
runs=20
started=$EPOCHREALTIME

# Seconds since the script started, and of each part, to one decimal.
seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
part_name=""
part_done() {
  if [ -n "$part_name" ]; then echo "   $(seconds_since "$part_started") s"; fi
  part_name=""
}
part() {
  part_done
  part_name="$1"
  part_started=$EPOCHREALTIME
  echo "== $1"
}
fail() {
  echo "release test: FAIL: $*" >&2
  exit 1
}

if [ "$(id -u)" -ne 0 ]; then fail "needs root (debootstrap, chroot, mount)"; fi
bash Scripts/ensure-deps.sh debootstrap file zsh fish groff

if [ $# -ge 1 ]; then
  archive="$1"
else
  part "build the archive (Scripts/release.sh)"
  bash Scripts/release.sh >/dev/null
  archive=$(ls -t dist/redo-conform-*-linux-*.tar.gz | head -1)
fi
[ -f "$archive" ] || fail "no archive at $archive"
archive=$(realpath "$archive")
folder=$(basename "$archive" .tar.gz)
bytes=$(stat -c %s "$archive")

# --- the clean system -------------------------------------------------------------------

# deb.debian.org first; when it cannot be reached, the Debian mirror apt already uses.
debian_mirror() {
  local candidates
  candidates=$(
    echo http://deb.debian.org/debian
    cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '$1 == "deb" { print $2 }'
    cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '$1 == "URIs:" { for (i = 2; i <= NF; i++) print $i }'
  )
  for mirror in $(echo "$candidates" | grep -v security | awk '!seen[$0]++'); do
    if wget -q -T 15 -O /dev/null "$mirror/dists/$suite/Release"; then
      echo "$mirror"
      return
    fi
  done
  fail "no Debian mirror reachable (tried: $(echo $candidates))"
}

# A root file system is reused only when debootstrap finished making it (the marker is
# written last), so an interrupted run is not taken for a clean system.
marker="$rootfs/.redo-conform-rootfs"
if [ -f "$marker" ]; then
  part "reuse $rootfs"
else
  part "make $rootfs (debootstrap --variant=minbase $suite)"
  rm -rf "$rootfs"
  mkdir -p "$(dirname "$rootfs")"
  mirror=$(debian_mirror)
  echo "   mirror: $mirror"
  debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >"$rootfs.debootstrap.log" 2>&1 ||
    fail "debootstrap failed; see $rootfs.debootstrap.log"
  date -u +%FT%TZ >"$marker"
fi

# The Swift runtime reads /proc/self (the executable's path, the command line).
mounted=""
cleanup() {
  if [ -n "$mounted" ]; then umount "$rootfs/proc" || umount -l "$rootfs/proc"; fi
  rm -f "$rootfs/usr/local/bin/redo-conform"
}
trap cleanup EXIT
mountpoint -q "$rootfs/proc" || {
  mount -t proc proc "$rootfs/proc"
  mounted=yes
}
in_root() { chroot "$rootfs" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

part "assert the system is clean: no Swift, no libsodium, no compiler"
for tool in swift swiftc cc gcc clang ld; do
  if in_root sh -c "command -v $tool" >/dev/null; then fail "$tool is in the root file system"; fi
done
if in_root sh -c 'ls /usr/lib/*/libsodium* /usr/lib/libsodium* /usr/lib/swift 2>/dev/null' | grep -q .; then
  fail "libsodium or the Swift runtime is in the root file system"
fi
# (gcc-12-base, the licence files libgcc needs, is not a compiler.)
if in_root dpkg-query -W -f '${Package}\n' | grep -Exq '(libsodium.*|swift.*|gcc|gcc-[0-9]+|g\+\+.*|clang.*|cpp.*|binutils.*)'; then
  fail "a libsodium, Swift or compiler package is installed"
fi
echo "   $(in_root cat /etc/debian_version), $(in_root dpkg-query -W -f '.\n' | wc -l) packages"

# --- the archive in it ------------------------------------------------------------------

part "unpack $(basename "$archive") into /opt"
unpack_started=$EPOCHREALTIME
rm -rf "$rootfs/opt/$folder"
tar -xzf "$archive" -C "$rootfs/opt"
prefix="/opt/$folder"
[ -x "$rootfs$prefix/bin/redo-conform" ] || fail "no bin/redo-conform in the archive"

part "redo-conform --version"
version_line=$(in_root "$prefix/bin/redo-conform" --version | head -1)
echo "   $version_line"
[[ "$folder" == "redo-conform-$(echo "$version_line" | awk '{print $2}')-linux-"* ]] ||
  fail "--version ($version_line) does not match the archive name $folder"

part "redo-conform check, from /tmp (the vectors are found beside the executable)"
in_root sh -c "cd /tmp && $prefix/bin/redo-conform check" >"$rootfs/tmp/check.txt" ||
  fail "check failed: $(cat "$rootfs/tmp/check.txt")"
grep -q "passed" "$rootfs/tmp/check.txt" || fail "check printed no summary"
tail -2 "$rootfs/tmp/check.txt" | sed 's/^/   /'

part "redo-conform validate, through a symbolic link in /usr/local/bin"
ln -sf "$prefix/bin/redo-conform" "$rootfs/usr/local/bin/redo-conform"
vectors="$prefix/share/redo-conform/Vectors"
expect_status() {
  local expected="$1"
  shift
  local status=0
  in_root sh -c 'cd / && exec "$@"' sh "$@" >/dev/null || status=$?
  [ "$status" -eq "$expected" ] || fail "$* exited $status, expected $expected"
  echo "   $*: $status"
}
expect_status 0 redo-conform validate --quiet "$vectors/exports/nested-export.json"
expect_status 0 redo-conform validate --quiet "$vectors/exports/lines.jsonl"
expect_status 1 redo-conform validate --quiet "$vectors/logs/missing-parent.jsonl"
expect_status 0 redo-conform check
check_and_validate_seconds=$(seconds_since "$unpack_started")

# --- what the archive holds besides the binary ------------------------------------------

part "man pages render (groff), completion scripts parse (bash, zsh, fish)"
share="$rootfs$prefix/share"
pages=("$share"/man/man1/*.1)
[ -f "$share/man/man1/redo-conform.1" ] || fail "no redo-conform.1"
for page in "${pages[@]}"; do
  head -5 "$page" | grep -Eq '^\.(TH|Dd)' || fail "$page has no .TH or .Dd header"
  warnings=$(groff -mandoc -Tutf8 -ww -z "$page" 2>&1) || fail "groff failed on $page"
  [ -z "$warnings" ] || fail "groff warns on $page: $warnings"
done
groff -mandoc -Tutf8 "$share/man/man1/redo-conform.1" 2>/dev/null | grep -q "redo-conform" ||
  fail "redo-conform.1 renders without the command's name"
echo "   ${#pages[@]} man pages"
bash_script="$share/bash-completion/completions/redo-conform"
zsh_script="$share/zsh/site-functions/_redo-conform"
fish_script="$share/fish/vendor_completions.d/redo-conform.fish"
bash -n "$bash_script" || fail "bash completion does not parse"
zsh -n "$zsh_script" || fail "zsh completion does not parse"
fish -n "$fish_script" || fail "fish completion does not parse"
# Loaded, they complete a command name.
bash -c "source '$bash_script' && complete -p redo-conform" >/dev/null || fail "bash completion registers nothing"
fish -c "source '$fish_script'; complete -C'redo-conform valid'" | grep -q '^validate' ||
  fail "fish completion does not complete 'valid' to validate"
echo "   bash, zsh, fish: parse"

# --- numbers ----------------------------------------------------------------------------

part "startup: median of $runs runs of redo-conform --version"
# Each run timed by bash's EPOCHREALTIME, in the shell that starts it (inside the chroot
# the shell is the root file system's own bash).
median_ms='
  times=()
  for _ in $(seq "$1"); do
    t0=$EPOCHREALTIME
    "$2" --version >/dev/null
    t1=$EPOCHREALTIME
    times+=("$(( (${t1/./} - ${t0/./}) ))")
  done
  printf "%s\n" "${times[@]}" | sort -n | awk "{ v[NR] = \$1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf \"%.1f ms (min %.1f, max %.1f)\", m / 1000, v[1] / 1000, v[NR] / 1000 }"
'
inside=$(in_root bash -c "$median_ms" bash "$runs" "$prefix/bin/redo-conform")
outside=$(bash -c "$median_ms" bash "$runs" "$rootfs$prefix/bin/redo-conform")
echo "   inside the chroot: $inside"
echo "   outside (host):    $outside"
part_done

echo "release test: passed"
echo "   archive: $(basename "$archive"), $bytes bytes ($(awk -v b="$bytes" 'BEGIN { printf "%.2f", b / 1000000 }') MB)"
echo "   unpack to check + validate done: $check_and_validate_seconds s"
echo "   startup of --version, median of $runs: $inside in the chroot, $outside on the host"
echo "   total: $(seconds_since "$started") s"
