#!/usr/bin/env bash
# Proves the container image that Scripts/image.sh writes, without a container engine:
# unpacks its root file system with umoci and runs the binary there through chroot as the
# image's user, 65532:65532, then reads the image's configuration. Needs root (chroot,
# mount).
#
#   bash Scripts/image-test.sh [IMAGE]
#
# IMAGE defaults to the newest dist/redo-conform-*-oci.tar. Checks:
#   - the layout holds one image, named redo-conform:VERSION, of one layer; every file in
#     it is owned by root, none is setuid, and every time is the image's created time;
#   - the configuration: entrypoint /usr/local/bin/redo-conform, user 65532:65532, working
#     folder /data, linux/amd64, and the seven org.opencontainers.image.* labels, equal to
#     the manifest's annotations and consistent (version, created);
#   - in the chroot, as 65532:65532: --version says VERSION; `check` passes on the shipped
#     vectors; `validate` gives the known verdict on shipped exports and logs (0, 0, 1); and
#     an export mounted on /data validates, with a junit report written beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/ensure-deps.sh umoci jq

fail() {
  echo "image test: FAIL: $*" >&2
  exit 1
}
[ "$(id -u)" -eq 0 ] || fail "needs root (chroot, mount)"
started=$EPOCHREALTIME

if [ $# -ge 1 ]; then
  image="$1"
else
  image=$(ls -t dist/redo-conform-*-oci.tar 2>/dev/null | head -1 || true)
  [ -n "$image" ] || fail "no dist/redo-conform-*-oci.tar: run bash Scripts/image.sh first"
fi
[ -f "$image" ] || fail "no image at $image"
[[ "$(basename "$image")" =~ ^redo-conform-(.+)-oci\.tar$ ]] || fail "$image is not an image archive's name"
version="${BASH_REMATCH[1]}"

work=$(mktemp -d)
mounted=()
cleanup() {
  for point in "${mounted[@]}"; do umount "$point" || umount -l "$point"; done
  rm -rf "$work"
}
trap cleanup EXIT

echo "== $(basename "$image"): the layout"
layout="$work/layout"
mkdir -p "$layout"
tar -xf "$image" -C "$layout"
blob() { echo "$layout/blobs/sha256/${1#sha256:}"; }
[ "$(jq -r .imageLayoutVersion "$layout/oci-layout")" = "1.0.0" ] || fail "no oci-layout 1.0.0"
[ "$(jq '.manifests | length' "$layout/index.json")" -eq 1 ] || fail "the layout does not hold exactly one image"
ref=$(jq -r '.manifests[0].annotations["org.opencontainers.image.ref.name"]' "$layout/index.json")
[ "$ref" = "redo-conform:$version" ] || fail "the image is named '$ref', not redo-conform:$version"
digest=$(jq -r '.manifests[0].digest' "$layout/index.json")
manifest=$(blob "$digest")
[ "sha256:$(sha256sum "$manifest" | awk '{print $1}')" = "$digest" ] || fail "the manifest does not match its digest"
config=$(blob "$(jq -r .config.digest "$manifest")")
[ "$(jq '.layers | length' "$manifest")" -eq 1 ] || fail "the image has $(jq '.layers | length' "$manifest") layers, not 1"
layer=$(blob "$(jq -r '.layers[0].digest' "$manifest")")
echo "   $ref, manifest $digest"

echo "== the configuration"
expect() { # JQ_FILTER EXPECTED FILE
  local actual
  actual=$(jq -c "$1" "$3")
  [ "$actual" = "$2" ] || fail "$1 is $actual, not $2"
  echo "   $1: $actual"
}
expect .config.Entrypoint '["/usr/local/bin/redo-conform"]' "$config"
expect .config.User '"65532:65532"' "$config"
expect .config.WorkingDir '"/data"' "$config"
expect '[.os, .architecture]' '["linux","amd64"]' "$config"
created=$(jq -r .created "$config")
[[ "$created" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$ ]] || fail "created '$created' is not an RFC 3339 UTC time"
keys='["org.opencontainers.image.created","org.opencontainers.image.description","org.opencontainers.image.licenses","org.opencontainers.image.revision","org.opencontainers.image.source","org.opencontainers.image.title","org.opencontainers.image.version"]'
expect '.config.Labels | keys' "$keys" "$config"
[ "$(jq -cS .config.Labels "$config")" = "$(jq -cS .annotations "$manifest")" ] ||
  fail "the labels differ from the manifest's annotations"
label() { jq -r --arg k "org.opencontainers.image.$1" '.config.Labels[$k]' "$config"; }
[ "$(label version)" = "$version" ] || fail "the version label is $(label version), not $version"
[ "$(label created)" = "$created" ] || fail "the created label is $(label created), the image's created time $created"
[ "$(label licenses)" = "Apache-2.0" ] || fail "the licenses label is $(label licenses)"
[ "$(label title)" = "redo-conform" ] || fail "the title label is $(label title)"
[[ "$(label revision)" =~ ^[0-9a-f]{40}$ ]] || fail "the revision label is not a commit: $(label revision)"
[[ "$(label source)" =~ ^https:// ]] || fail "the source label is not a URL: $(label source)"
[ -n "$(label description)" ] || fail "no description label"
echo "   labels: version $(label version), revision $(label revision), created $created, source $(label source)"
[ "$(jq -r '[.history[].created] | unique | join(" ")' "$config")" = "$created" ] ||
  fail "a history entry has another time than $created"

echo "== the layer"
epoch=$(date -u -d "$created" +%s)
listing=$(tar -tzvf "$layer" --numeric-owner --full-time) || fail "the layer is not a complete tar.gz"
echo "$listing" | awk '$2 != "0/0" { bad = 1; print "   not owned by root: " $0 } END { exit bad }' ||
  fail "the layer holds files not owned by root"
echo "$listing" | awk '$1 ~ /^-..[sS]|^-.....[sS]/ { bad = 1; print "   setuid or setgid: " $0 } END { exit bad }' ||
  fail "the layer holds a setuid or setgid file"
when=$(date -u -d "@$epoch" '+%Y-%m-%d %H:%M:%S')
echo "$listing" | awk -v when="$when" '($4 " " $5) != when { bad = 1; print "   time " $4 " " $5 ": " $0 } END { exit bad }' ||
  fail "a file's time is not the image's created time ($when)"
echo "   $(echo "$listing" | wc -l) entries, owned by 0:0, times $when UTC"

echo "== the root file system, through chroot as 65532:65532"
umoci unpack --image "$layout:$ref" "$work/bundle" >/dev/null
root="$work/bundle/rootfs"
for path in usr/local/bin/redo-conform usr/local/share/redo-conform/Vectors/platform/inputs.json \
  usr/local/share/man/man1/redo-conform.1 usr/local/share/doc/redo-conform/LICENSE; do
  [ -e "$root/$path" ] || fail "the image holds no /$path"
done
# What a container engine provides: /proc (the Swift runtime reads /proc/self), and here the
# mounted export on /data, writable by the image's user.
mkdir -p "$root/proc"
mount -t proc proc "$root/proc"
mounted+=("$root/proc")
export_dir="$work/export"
mkdir -p "$export_dir"
cp "$root/usr/local/share/redo-conform/Vectors/exports/lines.jsonl" "$export_dir/export.jsonl"
chown -R 65532:65532 "$export_dir"
mount --bind "$export_dir" "$root/data"
mounted=("$root/data" "${mounted[@]}")

# The image's environment only, as an engine would give it.
env_args=()
while IFS= read -r line; do env_args+=("$line"); done < <(jq -r '.config.Env[]' "$config")
chroot_bin=$(command -v chroot)
run() { # STATUS ARGS...: the entrypoint with ARGS exits STATUS
  local expected=$1 status=0
  shift
  env -i "${env_args[@]}" "$chroot_bin" --userspec=65532:65532 "$root" /usr/local/bin/redo-conform "$@" \
    </dev/null >"$work/out.txt" 2>&1 ||
    status=$?
  if [ "$status" -ne "$expected" ]; then
    cat "$work/out.txt" >&2
    fail "redo-conform $* exited $status, expected $expected"
  fi
  echo "   redo-conform $*: $status"
}
run 0 --version
grep -q "^redo-conform $version " "$work/out.txt" || fail "--version says $(head -1 "$work/out.txt")"
run 0 check
tail -1 "$work/out.txt" | sed 's/^/      /'
vectors=/usr/local/share/redo-conform/Vectors
run 0 validate --quiet "$vectors/exports/nested-export.json"
run 0 validate --quiet "$vectors/exports/lines.jsonl"
run 1 validate --quiet "$vectors/logs/missing-parent.jsonl"
run 0 validate /data/export.jsonl --format junit --output /data/report.xml
grep -q "<testsuite" "$export_dir/report.xml" || fail "no junit report in the mounted folder"
[ "$(stat -c %u:%g "$export_dir/report.xml")" = "65532:65532" ] || fail "the report is not owned by 65532:65532"

echo "image test: passed ($(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s)"
