#!/usr/bin/env bash
# The platform gate as one step: the body of the GitHub Action in action.yml, and just as
# runnable outside GitHub. It gets a redo-conform release archive, checks it, runs the
# team's harness over the archive's platform inputs, and judges the outputs with
# `redo-conform compare`.
#
#   GATE_VERSION=0.3.0 GATE_HARNESS='node harness.mjs "$REDO_CONFORM_INPUTS" out.json' \
#   GATE_OUTPUTS=out.json bash Scripts/gate-action.sh
#
# Settings (environment; action.yml maps each input of the same name onto one):
#   GATE_VERSION         redo-conform version, e.g. 0.3.0 (a leading v is dropped). Required.
#   GATE_ARCHIVE_PATH    a local release archive; SHA256SUMS must lie beside it.
#   GATE_ARCHIVE_URL     where to fetch the archive (curl); SHA256SUMS is fetched from beside
#                        it. Default: the release asset of GATE_VERSION,
#                        $GITHUB_SERVER_URL/OWNER/REPO/releases/download/vVERSION/
#                        redo-conform-VERSION-linux-x86_64.tar.gz, where OWNER/REPO is
#                        GATE_REPOSITORY or else read from the action's own path.
#   GATE_SHA256          the archive's pinned SHA-256 (64 hex digits), checked as well.
#   GATE_HARNESS         the harness command, run in the current folder as a `run:` step
#                        with shell bash is (bash -eo pipefail). Required.
#   GATE_OUTPUTS         the outputs file(s) the harness writes, separated by spaces or
#                        newlines. Required.
#   GATE_INPUTS          inputs file; default the archive's
#                        share/redo-conform/Vectors/platform/inputs.json.
#   GATE_EXPECTED_DRIFT  a baseline (compare --expected-drift).
#   GATE_ALLOW_MISSING   true: a vector without a result is not a failure (compare
#                        --allow-missing), while a harness is being built up.
#   GATE_JUNIT           where to write the junit report (default redo-conform-junit.xml).
#
# The harness sees REDO_CONFORM_INPUTS (the inputs file, absolute), REDO_CONFORM (the
# binary) and the binary's folder first on PATH. The markdown report is appended to
# $GITHUB_STEP_SUMMARY when that is set; the text report goes to the log.
#
# Exit status: compare's (0 agreement, 1 drift, a missing result or a stale baseline
# entry, 2 unusable outputs, inputs or baseline); the harness's own when it fails (compare
# does not run then); 2 when the gate cannot start or judge: not Linux x86-64, a missing
# setting, a failed download, a checksum that does not match, an archive of another
# version, an outputs file the harness did not write.
set -euo pipefail

gate_dir=$(cd "$(dirname "$0")/.." && pwd)
on_github() { [ "${GITHUB_ACTIONS:-}" = "true" ]; }
say() { echo "redo-conform gate: $*"; }
# A refusal: on GitHub also an error annotation on the run.
refuse() {
  if on_github; then echo "::error title=redo-conform gate::$*"; fi
  echo "redo-conform gate: error: $*" >&2
  exit 2
}
group() { if on_github; then echo "::group::$*"; else echo "== $*"; fi; }
endgroup() { if on_github; then echo "::endgroup::"; fi; }

# --- the platform -----------------------------------------------------------------------

system=$(uname -s)
machine=$(uname -m)
if [ "$system" != "Linux" ] || [ "$machine" != "x86_64" ]; then
  refuse "the release archive runs on Linux x86-64 only; this runner is $system $machine." \
    "Use a Linux x86-64 runner (runs-on: ubuntu-latest), or build redo-conform from source" \
    "(see docs/distribution.md)."
fi

# --- the settings -----------------------------------------------------------------------

version="${GATE_VERSION:-}"
version="${version#v}"
[ -n "$version" ] || refuse "no version given (the input 'version', e.g. 0.3.0)"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] || refuse "version '$version' is not a version like 0.3.0"
[ -n "${GATE_HARNESS:-}" ] || refuse "no harness command given (the input 'harness')"
read -r -d '' -a outputs <<<"${GATE_OUTPUTS:-}" || true
[ ${#outputs[@]} -gt 0 ] || refuse "no outputs file given (the input 'outputs': the file(s) the harness writes)"
pinned="${GATE_SHA256:-}"
pinned="${pinned,,}"
if [ -n "$pinned" ] && ! [[ "$pinned" =~ ^[0-9a-f]{64}$ ]]; then
  refuse "sha256 '$GATE_SHA256' is not 64 hexadecimal digits"
fi
case "${GATE_ALLOW_MISSING:-false}" in
  true) allow_missing=yes ;;
  false | "") allow_missing="" ;;
  *) refuse "allow-missing must be true or false, not '$GATE_ALLOW_MISSING'" ;;
esac
junit="${GATE_JUNIT:-redo-conform-junit.xml}"
if [ -n "${GATE_EXPECTED_DRIFT:-}" ] && [ ! -f "$GATE_EXPECTED_DRIFT" ]; then
  refuse "no baseline at '$GATE_EXPECTED_DRIFT' (the input 'expected-drift')"
fi
if [ -n "${GATE_INPUTS:-}" ] && [ ! -f "$GATE_INPUTS" ]; then
  refuse "no inputs file at '$GATE_INPUTS' (the input 'inputs')"
fi

work="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/redo-conform-$version"
rm -rf "$work"
mkdir -p "$work/download"

# --- the archive ------------------------------------------------------------------------

# The release asset of this version, from the repository the action was taken from. Inside
# a composite action github.action_repository may be empty; the action's own folder on the
# runner (.../_actions/OWNER/REPO/REF) names it too.
default_url() {
  local repository="${GATE_REPOSITORY:-}"
  if [ -z "$repository" ] && [[ "${GITHUB_ACTION_PATH:-$gate_dir}" =~ /_actions/([^/]+)/([^/]+)/[^/]+/?$ ]]; then
    repository="${BASH_REMATCH[1]}/${BASH_REMATCH[2]}"
  fi
  [ -n "$repository" ] || return 1
  echo "${GITHUB_SERVER_URL:-https://github.com}/$repository/releases/download/v$version/redo-conform-$version-linux-x86_64.tar.gz"
}

fetch() { # URL FILE
  curl --fail --silent --show-error --location --retry 3 --proto '=https,file' --output "$2" "$1"
}

if [ -n "${GATE_ARCHIVE_PATH:-}" ]; then
  [ -z "${GATE_ARCHIVE_URL:-}" ] || refuse "give archive-path or archive-url, not both"
  [ -f "$GATE_ARCHIVE_PATH" ] || refuse "no archive at '$GATE_ARCHIVE_PATH' (the input 'archive-path')"
  archive="$GATE_ARCHIVE_PATH"
  sums="$(dirname "$GATE_ARCHIVE_PATH")/SHA256SUMS"
  [ -f "$sums" ] || refuse "no SHA256SUMS beside $archive"
  say "archive $archive"
else
  url="${GATE_ARCHIVE_URL:-}"
  if [ -z "$url" ]; then
    url=$(default_url) || refuse "cannot tell which repository's releases to fetch from: give archive-url or archive-path"
  fi
  archive="$work/download/$(basename "$url")"
  sums="$work/download/SHA256SUMS"
  say "fetching $url"
  fetch "$url" "$archive" || refuse "could not fetch $url"
  fetch "$(dirname "$url")/SHA256SUMS" "$sums" || refuse "could not fetch $(dirname "$url")/SHA256SUMS"
fi
name=$(basename "$archive")

# SHA256SUMS must list the archive under its name, with the digest it has; a pinned digest
# must be that digest too.
actual=$(sha256sum "$archive" | awk '{print $1}')
listed=$(awk -v n="$name" '{ f = $2; sub(/^\*/, "", f) } f == n { print $1 }' "$sums")
[ -n "$listed" ] || refuse "SHA256SUMS does not list $name"
[ "$listed" = "$actual" ] || refuse "$name does not match SHA256SUMS: its sha256 is $actual, SHA256SUMS says $listed"
if [ -n "$pinned" ] && [ "$pinned" != "$actual" ]; then
  refuse "$name does not match the pinned sha256: its sha256 is $actual, the input 'sha256' says $pinned"
fi
say "sha256 $actual: matches SHA256SUMS${pinned:+ and the pinned sha256}"

mkdir -p "$work/unpacked"
tar -xzf "$archive" -C "$work/unpacked" || refuse "$name is not a tar.gz archive"
binaries=("$work"/unpacked/*/bin/redo-conform)
if [ ${#binaries[@]} -ne 1 ] || [ ! -x "${binaries[0]}" ]; then refuse "$name holds no single */bin/redo-conform"; fi
bin="${binaries[0]}"
prefix=$(dirname "$(dirname "$bin")")
version_line=$("$bin" --version | head -1) || refuse "$bin --version failed"
[ "$(echo "$version_line" | awk '{print $2}')" = "$version" ] ||
  refuse "the archive holds '$version_line', not version $version"
say "$version_line"

inputs="${GATE_INPUTS:-$prefix/share/redo-conform/Vectors/platform/inputs.json}"
[ -f "$inputs" ] || refuse "the archive holds no inputs at $inputs"
inputs=$(realpath "$inputs")

# --- the harness ------------------------------------------------------------------------

group "harness: $GATE_HARNESS"
harness_status=0
REDO_CONFORM_INPUTS="$inputs" REDO_CONFORM="$bin" PATH="$(dirname "$bin"):$PATH" \
  bash --noprofile --norc -eo pipefail -c "$GATE_HARNESS" || harness_status=$?
endgroup
if [ "$harness_status" -ne 0 ]; then
  if on_github; then echo "::error title=redo-conform gate::the harness exited $harness_status; compare did not run"; fi
  say "the harness exited $harness_status; compare did not run" >&2
  exit "$harness_status"
fi
for file in "${outputs[@]}"; do
  [ -f "$file" ] || refuse "the harness exited 0 but wrote no $file (the input 'outputs')"
done

# --- compare ----------------------------------------------------------------------------

options=(--inputs "$inputs")
if [ -n "${GATE_EXPECTED_DRIFT:-}" ]; then options+=(--expected-drift "$GATE_EXPECTED_DRIFT"); fi
if [ -n "$allow_missing" ]; then options+=(--allow-missing); fi

mkdir -p "$(dirname "$junit")"
junit_status=0
"$bin" compare "${outputs[@]}" "${options[@]}" --format junit --output "$junit" || junit_status=$?
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  "$bin" compare "${outputs[@]}" "${options[@]}" --format markdown >>"$GITHUB_STEP_SUMMARY" || true
fi
group "redo-conform compare ${outputs[*]}"
status=0
"$bin" compare "${outputs[@]}" "${options[@]}" || status=$?
endgroup
[ "$status" -eq "$junit_status" ] || say "warning: the junit run exited $junit_status, the text run $status" >&2
case "$status" in
  0) say "passed: the outputs agree with redo-conform $version (junit: $junit)" ;;
  1)
    if on_github; then echo "::error title=redo-conform gate::drift: compare exited 1 (the report is above and in the step summary)"; fi
    say "failed: compare exited 1 (drift, a missing result or a stale baseline entry; junit: $junit)" >&2
    ;;
  *)
    if on_github; then echo "::error title=redo-conform gate::compare exited $status: it could not judge the outputs"; fi
    say "compare exited $status: it could not judge the outputs" >&2
    ;;
esac
exit "$status"
