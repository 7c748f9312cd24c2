#!/usr/bin/env bash
# Builds the container image of redo-conform from one release archive: an OCI image made
# from scratch with umoci, written as an OCI layout archive.
#
#   bash Scripts/image.sh [ARCHIVE]
#
# ARCHIVE defaults to the newest dist/redo-conform-*-linux-x86_64.tar.gz (bash
# Scripts/release.sh builds it); when dist/SHA256SUMS lies beside it, the archive must
# match it. Writes dist/redo-conform-VERSION-oci.tar (its one image is named
# redo-conform:VERSION), puts that file's line in dist/SHA256SUMS, and prints the image's
# manifest digest. Needs root; installs umoci when it is missing (Debian package).
#
# The image holds only what the archive holds for running it, in one layer:
#   /usr/local/bin/redo-conform                  the static binary (the entrypoint)
#   /usr/local/share/redo-conform/Vectors/       the shipped vectors (found by `check`)
#   /usr/local/share/man/man1/                   the man pages
#   /usr/local/share/doc/redo-conform/           LICENSE, README.md
#   /etc/passwd, /etc/group                      the user nonroot, 65532:65532
#   /tmp (1777), /data (the working folder, to mount an export on)
# It runs as 65532:65532. Its labels and manifest annotations are the
# org.opencontainers.image.* version, revision, source, licenses, title, description and
# created. Reproducible: every timestamp (file times, created, history) is
# SOURCE_DATE_EPOCH, by default the last commit's time, and every file's owner and mode is
# fixed, so two builds from one archive give the same digest.
# REDO_CONFORM_REVISION (default: the commit checked out) and REDO_CONFORM_SOURCE (default:
# the origin remote, when it is a GitHub repository) set the revision and source labels.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/ensure-deps.sh umoci jq
[ "$(id -u)" -eq 0 ] || { echo "image: needs root (the image's files are owned by root)" >&2; exit 1; }

fail() {
  echo "image: $*" >&2
  exit 1
}

if [ $# -ge 1 ]; then
  archive="$1"
else
  archive=$(ls -t dist/redo-conform-*-linux-x86_64.tar.gz 2>/dev/null | head -1 || true)
  [ -n "$archive" ] || fail "no dist/redo-conform-*-linux-x86_64.tar.gz: run bash Scripts/release.sh first"
fi
[ -f "$archive" ] || fail "no archive at $archive"
name=$(basename "$archive")
[[ "$name" =~ ^redo-conform-(.+)-linux-x86_64\.tar\.gz$ ]] || fail "$name is not a Linux x86-64 release archive's name"
version="${BASH_REMATCH[1]}"
sums="$(dirname "$archive")/SHA256SUMS"
if [ -f "$sums" ]; then
  (cd "$(dirname "$archive")" && grep -E "  \*?$name\$" SHA256SUMS | sha256sum --check --quiet --strict) ||
    fail "$archive does not match $sums"
fi

epoch="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}"
created=$(date -u -d "@$epoch" +%Y-%m-%dT%H:%M:%SZ)
revision="${REDO_CONFORM_REVISION:-$(git rev-parse HEAD)}"
source_url="${REDO_CONFORM_SOURCE:-}"
if [ -z "$source_url" ]; then
  origin=$(git remote get-url origin 2>/dev/null || true)
  if [[ "$origin" =~ github\.com[:/]([^/]+)/([^/]+)$ ]]; then
    source_url="https://github.com/${BASH_REMATCH[1]}/${BASH_REMATCH[2]%.git}"
  else
    source_url="https://github.com/OWNER/redo-conform"
    echo "image: no GitHub origin remote; the source label says $source_url (set REDO_CONFORM_SOURCE)" >&2
  fi
fi
tag="redo-conform:$version"
out="dist/redo-conform-$version-oci.tar"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== $name -> $out (SOURCE_DATE_EPOCH $epoch, $created)" >&2
tar -xzf "$archive" -C "$work"
from="$work/redo-conform-$version-linux-x86_64"
[ -x "$from/bin/redo-conform" ] || fail "$name holds no redo-conform-$version-linux-x86_64/bin/redo-conform"

layout="$work/layout"
umoci init --layout "$layout"
umoci new --image "$layout:$tag"
umoci unpack --image "$layout:$tag" "$work/bundle" >/dev/null
root="$work/bundle/rootfs"

install -d -m 755 "$root/usr/local/bin" "$root/usr/local/share/redo-conform" "$root/usr/local/share/man" \
  "$root/usr/local/share/doc/redo-conform" "$root/etc" "$root/data"
install -d -m 1777 "$root/tmp"
install -m 755 "$from/bin/redo-conform" "$root/usr/local/bin/redo-conform"
cp -R "$from/share/redo-conform/Vectors" "$root/usr/local/share/redo-conform/"
cp -R "$from/share/man/man1" "$root/usr/local/share/man/"
cp "$from/LICENSE" "$from/README.md" "$root/usr/local/share/doc/redo-conform/"
printf '%s\n' 'root:x:0:0:root:/root:/sbin/nologin' 'nonroot:x:65532:65532:nonroot:/data:/sbin/nologin' >"$root/etc/passwd"
printf '%s\n' 'root:x:0:' 'nonroot:x:65532:' >"$root/etc/group"
# Owner, modes and times from the content, not from whoever built it.
chown -R 0:0 "$root"
find "$root" -type d ! -path "$root/tmp" -exec chmod 755 {} +
find "$root" -type f -exec chmod 644 {} +
chmod 755 "$root/usr/local/bin/redo-conform"
find "$root" -exec touch -h -d "@$epoch" {} +

history="redo-conform $version, from $name"
umoci repack --image "$layout:$tag" --history.created "$created" --history.created_by "$history" \
  --history.comment "Scripts/image.sh" "$work/bundle"
description="The REDO v1 protocol referee: validates exports, generates signed fixtures, and judges platforms' outputs."
annotations=(
  "org.opencontainers.image.version=$version"
  "org.opencontainers.image.revision=$revision"
  "org.opencontainers.image.source=$source_url"
  "org.opencontainers.image.licenses=Apache-2.0"
  "org.opencontainers.image.title=redo-conform"
  "org.opencontainers.image.description=$description"
  "org.opencontainers.image.created=$created"
)
settings=(--created "$created" --architecture amd64 --os linux
  --config.user 65532:65532 --config.entrypoint /usr/local/bin/redo-conform
  --config.env PATH=/usr/local/bin:/usr/bin:/bin --config.workingdir /data
  --history.created "$created" --history.created_by "user, entrypoint, labels")
for annotation in "${annotations[@]}"; do
  settings+=(--config.label "$annotation" --manifest.annotation "$annotation")
done
umoci config --image "$layout:$tag" "${settings[@]}"
umoci gc --layout "$layout"

# The layout as one tar, as deterministic as the release archive.
mkdir -p dist
chmod -R u=rwX,go=rX "$layout"
find "$layout" -exec touch -h -d "@$epoch" {} +
tar --sort=name --format=gnu --mtime="@$epoch" --owner=0 --group=0 --numeric-owner \
  -C "$layout" -cf "$out.partial" oci-layout index.json blobs
mv "$out.partial" "$out"
(
  cd dist
  touch SHA256SUMS
  grep -v -E "  \*?$(basename "$out")\$" SHA256SUMS >SHA256SUMS.new || true
  sha256sum "$(basename "$out")" >>SHA256SUMS.new
  mv SHA256SUMS.new SHA256SUMS
)

digest=$(jq -r '.manifests[0].digest' "$layout/index.json")
echo "$out: $(stat -c %s "$out") bytes, image $tag, manifest $digest" >&2
echo "$digest"
