#!/usr/bin/env bash
# Runs the GitHub Action's script (Scripts/gate-action.sh) here, as a runner would: a fake
# GITHUB_* environment in a temporary folder (step summary, RUNNER_TEMP, the action's path),
# one workspace per case, and a release archive by path or by a file:// URL.
#
#   bash Scripts/gate-action-test.sh [ARCHIVE]
#
# ARCHIVE defaults to the newest dist/redo-conform-*-linux-x86_64.tar.gz, with
# dist/SHA256SUMS beside it (bash Scripts/release.sh builds both). Each case prints the
# action's exit status and must get the one it expects:
#   a clean harness (the web harness, Node) passes, with the right pinned sha256    0
#   the drifting iOS recording (fetched from the default release URL) fails       1
#   the same recording with its baseline passes as known                          0
#   a baseline entry the recording no longer drifts on (stale) fails              1
#   a failing harness fails with its own status; compare does not run            42
#   a wrong pinned sha256 fails before the harness runs                           2
#   an archive that does not match SHA256SUMS fails                               2
#   a runner that is not Linux x86-64 is refused                                  2
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

fail() {
  echo "gate-action test: FAIL: $*" >&2
  exit 1
}
bash Scripts/ensure-deps.sh jq curl
command -v node >/dev/null || fail "needs node (the web harness)"

if [ $# -ge 1 ]; then
  archive="$1"
else
  archive=$(ls -t dist/redo-conform-*-linux-x86_64.tar.gz 2>/dev/null | head -1 || true)
  [ -n "$archive" ] || fail "no dist/redo-conform-*-linux-x86_64.tar.gz: run bash Scripts/release.sh first"
fi
[ -f "$archive" ] || fail "no archive at $archive"
archive=$(realpath "$archive")
sums="$(dirname "$archive")/SHA256SUMS"
[ -f "$sums" ] || fail "no SHA256SUMS beside $archive"
name=$(basename "$archive")
[[ "$name" =~ ^redo-conform-(.+)-linux-x86_64\.tar\.gz$ ]] || fail "$name is not a release archive's name"
version="${BASH_REMATCH[1]}"
digest=$(sha256sum "$archive" | awk '{print $1}')

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
started=$EPOCHREALTIME

# A release page as the default URL finds it: SERVER/OWNER/REPO/releases/download/vVERSION/.
server="$tmp/server"
mkdir -p "$server/example/redo-conform/releases/download/v$version"
ln -s "$archive" "$server/example/redo-conform/releases/download/v$version/$name"
ln -s "$sums" "$server/example/redo-conform/releases/download/v$version/SHA256SUMS"
# The action's folder as a runner lays it out; only its path is read.
action_path="$tmp/runner/_actions/example/redo-conform/v$version"
mkdir -p "$action_path"

recorded="$repo/Vectors/platform/recorded"
# The drifting recording with one drift fixed: its baseline entry for c-slash is stale.
jq --argjson fixed "$(jq -c '.results["c-slash"]' "$repo/Vectors/platform/expected.json")" \
  '.results["c-slash"] = $fixed' "$recorded/ios-jsonencoder.json" >"$tmp/ios-one-fixed.json"

passed=0
failed=0
# run_case NAME EXPECTED_STATUS [VAR=VALUE...]: the action's step in a fresh workspace,
# with the GATE_* settings given; its log is $ws/log.
run_case() {
  local name=$1 expected=$2
  shift 2
  ws="$tmp/case-$((passed + failed + 1))"
  mkdir -p "$ws/runner-temp"
  local status=0
  (
    cd "$ws"
    env GITHUB_ACTIONS=true GITHUB_WORKSPACE="$ws" GITHUB_REPOSITORY=example/client \
      GITHUB_SERVER_URL="file://$server" GITHUB_ACTION_PATH="$action_path" \
      GITHUB_STEP_SUMMARY="$ws/summary.md" RUNNER_TEMP="$ws/runner-temp" \
      GATE_VERSION="$version" GATE_REPOSITORY= "$@" \
      bash "$repo/Scripts/gate-action.sh"
  ) >"$ws/log" 2>&1 || status=$?
  if [ "$status" -eq "$expected" ]; then
    echo "  exit $status (expected $expected): $name"
    passed=$((passed + 1))
    return 0
  fi
  echo "  exit $status (expected $expected): $name: FAILED; its log:"
  sed 's/^/    | /' "$ws/log"
  failed=$((failed + 1))
  return 1
}
# miss WHY: the last case got its status and still failed.
miss() {
  echo "    FAILED: $*"
  passed=$((passed - 1))
  failed=$((failed + 1))
}
# expect_log TEXT...: each TEXT is in the last case's log.
expect_log() {
  for text in "$@"; do
    grep -F -q -- "$text" "$ws/log" || {
      miss "the log lacks: $text"
      return
    }
  done
}

echo "== gate-action.sh with $name (redo-conform $version)"

web="node $(printf %q "$repo/Peers/web/harness.mjs") \"\$REDO_CONFORM_INPUTS\" build/web-outputs.json"
if run_case "a clean harness (web), archive by path, pinned sha256" 0 \
  GATE_ARCHIVE_PATH="$archive" GATE_SHA256="$digest" GATE_HARNESS="mkdir -p build && $web" \
  GATE_OUTPUTS=build/web-outputs.json GATE_JUNIT=reports/compare.xml; then
  expect_log "matches SHA256SUMS and the pinned sha256" "redo-conform $version" "web: " "passed: the outputs agree"
  if ! grep -q "<testsuite" "$ws/reports/compare.xml"; then
    miss "no junit report"
  elif ! grep -q "web" "$ws/summary.md"; then miss "no markdown in the step summary"; fi
fi

drifting="cp $(printf %q "$recorded/ios-jsonencoder.json") ios.json"
run_case "the drifting iOS recording, fetched from the default release URL" 1 \
  GATE_HARNESS="$drifting" GATE_OUTPUTS=ios.json GATE_ALLOW_MISSING=true &&
  expect_log "fetching file://$server/example/redo-conform/releases/download/v$version/$name" \
    "ios-encodable: 11 agree, 12 drift" "::error title=redo-conform gate::drift"

run_case "the drifting recording with its baseline: known drift" 0 \
  GATE_ARCHIVE_PATH="$archive" GATE_HARNESS="$drifting" GATE_OUTPUTS=ios.json GATE_ALLOW_MISSING=true \
  GATE_EXPECTED_DRIFT="$recorded/expected-drift.json" &&
  expect_log "12 known, 0 stale"

run_case "a stale baseline entry (c-slash no longer drifts)" 1 \
  GATE_ARCHIVE_PATH="$archive" GATE_HARNESS="cp $(printf %q "$tmp/ios-one-fixed.json") ios.json" \
  GATE_OUTPUTS=ios.json GATE_ALLOW_MISSING=true GATE_EXPECTED_DRIFT="$recorded/expected-drift.json" &&
  expect_log "c-slash: stale" "11 known, 1 stale"

if run_case "a failing harness: its status, and compare does not run" 42 \
  GATE_ARCHIVE_PATH="$archive" GATE_HARNESS="echo 'the client does not build' >&2; exit 42" \
  GATE_OUTPUTS=out.json; then
  expect_log "the client does not build" "the harness exited 42; compare did not run"
  if [ -e "$ws/redo-conform-junit.xml" ] || [ -s "$ws/summary.md" ]; then miss "compare ran after the harness failed"; fi
fi

wrong=$(printf '%s' "$digest" | tr '0-9a-f' '1-9a-f0')
if run_case "a wrong pinned sha256" 2 \
  GATE_ARCHIVE_PATH="$archive" GATE_SHA256="$wrong" GATE_HARNESS="touch harness-ran" GATE_OUTPUTS=out.json; then
  expect_log "does not match the pinned sha256: its sha256 is $digest"
  if [ -e "$ws/harness-ran" ]; then miss "the harness ran"; fi
fi

mkdir -p "$tmp/tampered"
cp "$archive" "$tmp/tampered/$name"
printf '%s  %s\n' "$wrong" "$name" >"$tmp/tampered/SHA256SUMS"
run_case "an archive that does not match SHA256SUMS" 2 \
  GATE_ARCHIVE_PATH="$tmp/tampered/$name" GATE_HARNESS="touch harness-ran" GATE_OUTPUTS=out.json &&
  expect_log "does not match SHA256SUMS"

mkdir -p "$tmp/macos/bin"
printf '#!/bin/sh\ncase "$1" in -s) echo Darwin ;; -m) echo arm64 ;; *) echo Darwin ;; esac\n' >"$tmp/macos/bin/uname"
chmod 755 "$tmp/macos/bin/uname"
run_case "a macOS arm64 runner" 2 \
  PATH="$tmp/macos/bin:$PATH" GATE_ARCHIVE_PATH="$archive" GATE_HARNESS="touch harness-ran" GATE_OUTPUTS=out.json &&
  expect_log "Linux x86-64 only; this runner is Darwin arm64"

echo "   $(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s"
echo "gate-action: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
