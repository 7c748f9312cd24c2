#!/usr/bin/env bash
# Builds the release archive: one statically linked redo-conform (Swift runtime and
# libsodium inside, so it runs on a Linux without either), the shipped vectors, the man
# pages and the shell completions.
#
#   bash Scripts/release.sh
#
# Writes dist/redo-conform-VERSION-linux-ARCH.tar.gz and dist/SHA256SUMS. VERSION is what
# the built binary's --version says. The archive is deterministic: sorted names, owner 0,
# every mtime the last commit's time (or SOURCE_DATE_EPOCH when set), gzip without a name
# or time, so one commit gives the same bytes as long as the binary does, in any folder
# (source paths inside the binary are mapped to /redo-conform).
#
# Layout, under one folder redo-conform-VERSION-linux-ARCH/:
#   bin/redo-conform
#   share/redo-conform/Vectors/                        the shipped vectors (found by `check`)
#   share/redo-conform/kits/                           the JavaScript and Java harness kits
#   share/man/man1/redo-conform.1, redo-conform.*.1    one page per command (redo-conform.vectors.log.1)
#   share/bash-completion/completions/redo-conform
#   share/zsh/site-functions/_redo-conform
#   share/fish/vendor_completions.d/redo-conform.fish
#   LICENSE, README.md
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/ensure-deps.sh file

# A release is one commit: refuse tracked changes and untracked files git does not ignore,
# which would go into the binary or the archive without being in the commit it names.
if [ -n "$(git status --porcelain 2>/dev/null)" ]; then
  echo "release: the work tree is not clean (commit, stash or remove these first):" >&2
  git status --short >&2
  exit 1
fi

scratch=.build-release
started=$SECONDS
step() { echo "== $1 ($((SECONDS - started)) s)" >&2; }

# The plugin builds every product first and reads the commands from the built binary
# (--experimental-dump-help). It builds them in debug mode here, beside the release build
# below and never over it: with -static-executable it could not build RedoTestSupport
# (no XCTest in the static SDK), and a release build without it would be relinked back
# and forth by every run. The pages do not depend on how the binary was built, so they
# come from the ordinary debug build in .build, which the test command has usually built
# already (then this step takes seconds, not minutes).
step "man pages (swift-argument-parser's generate-manual plugin)"
epoch="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}"
man_date=$(date -u -d "@$epoch" +%Y-%m-%d)
man_dir=".build/plugins/GenerateManual/outputs/redo-conform"
rm -rf "$man_dir" # no page of a command that is gone
swift package generate-manual --configuration debug --multi-page --date "$man_date" >&2

step "static build"
# REDO_CONFORM_RELEASE makes the binary say X.Y.Z; every other build says X.Y.Z-dev. The
# binary holds source paths (#filePath in messages, C's __FILE__ in BoringSSL): mapping the
# checkout's folder to one fixed name makes two clones of one commit, wherever they are,
# give the same bytes.
release_flags=(-Xswiftc -DREDO_CONFORM_RELEASE -Xswiftc -file-prefix-map -Xswiftc "$PWD=/redo-conform"
  -Xcc "-ffile-prefix-map=$PWD=/redo-conform")
swift build -c release --product redo-conform -Xswiftc -static-executable "${release_flags[@]}" \
  --scratch-path "$scratch" >&2
bin="$(swift build -c release "${release_flags[@]}" --scratch-path "$scratch" --show-bin-path)/redo-conform"

# The archive promises a binary that needs nothing from the system: refuse anything else.
if ! file -b "$bin" | grep -q "statically linked" || ldd "$bin" >/dev/null 2>&1; then
  echo "release: $bin is not statically linked:" >&2
  file -b "$bin" >&2
  ldd "$bin" >&2 || true
  exit 1
fi

version_line=$("$bin" --version | head -1)
version=$(echo "$version_line" | awk '{print $2}')
if ! [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
  echo "release: no SemVer version in '$version_line'" >&2
  exit 1
fi
name="redo-conform-$version-linux-$(uname -m)"

step "stage $name"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
mkdir -p "$root/bin" "$root/share/redo-conform" "$root/share/man/man1" \
  "$root/share/bash-completion/completions" "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
# Without the symbol table and debug sections (a third of the size; the build keeps them
# in $bin), and without the two sections in which two clean builds of one commit in the
# same folder differ: .swift_modhash (module hashes for debuggers, not read at run time)
# and the build id, which the linker derives from it.
strip --strip-all --remove-section=.swift_modhash --remove-section=.note.gnu.build-id \
  -o "$root/bin/redo-conform" "$bin"
# Tracked files only: nothing a local run left in Vectors/ gets shipped.
git ls-files -z Vectors | tar --null -T - -cf - | tar -xf - -C "$root/share/redo-conform"
# The harness kits for JavaScript and Java, so a team's harness can import them from the
# version it pins (the Swift kit is the package's RedoHarnessKit product).
mkdir -p "$root/share/redo-conform/kits"
git ls-files -z Peers/kits/js/redo-harness.mjs Peers/kits/java/RedoHarness.java Peers/kits/README.md |
  tar --null -T - -cf - | tar -xf - -C "$root/share/redo-conform/kits" --strip-components=2
# The generated pages are mdoc, where a blank line (a paragraph break in a command's
# discussion) is an error to groff and mandoc: it becomes the paragraph macro .Pp.
for page in "$man_dir"/*.1; do
  sed 's/^[[:space:]]*$/.Pp/' "$page" >"$root/share/man/man1/$(basename "$page")"
done
"$bin" --generate-completion-script bash >"$root/share/bash-completion/completions/redo-conform"
"$bin" --generate-completion-script zsh >"$root/share/zsh/site-functions/_redo-conform"
"$bin" --generate-completion-script fish >"$root/share/fish/vendor_completions.d/redo-conform.fish"
cp LICENSE README.md "$root/"
# Modes from the content, not from whoever's umask built it.
find "$root" -type d -exec chmod 755 {} +
find "$root" -type f -exec chmod 644 {} +
chmod 755 "$root/bin/redo-conform"

step "archive"
mkdir -p dist
archive="dist/$name.tar.gz"
tar --sort=name --format=gnu --mtime="@$epoch" --owner=0 --group=0 --numeric-owner \
  -C "$stage" -cf - "$name" | gzip -n -9 >"$archive"
(cd dist && sha256sum "$name.tar.gz" >SHA256SUMS)

step "done"
echo "$archive: $(stat -c %s "$archive") bytes" >&2
cat dist/SHA256SUMS
