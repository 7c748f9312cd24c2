#!/usr/bin/env bash
# The cross-platform gate: generate the platform inputs, run the web (Node) and JVM
# (Java 17) reference harnesses on them, and fail when `redo-conform compare` finds any
# drift. Also proves the gate can fail: the recorded outputs of the published iOS client's
# three code paths must be flagged, each new kind of drift (a validator that accepts an
# invalid node or rejects a valid one, a storage round trip that bridges numbers) on its
# own, and a baseline must pass exactly the drift it lists.
#
#   bash Scripts/platform-gate.sh [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
seed="${1:-redo-conform-v1}"
out=.build-gate
rm -rf "$out" && mkdir -p "$out"
bash Scripts/ensure-deps.sh
swift build -c release --product redo-conform >&2
bin=.build/release/redo-conform

# The crafted cases plus the published speccheck and Wycheproof ones, kept outside the
# repository (a missing file stops the gate).
echo "== generate inputs (seed $seed, external cases from ../shared/external-vectors)"
"$bin" vectors generate --seed "$seed" --external ../shared/external-vectors --out "$out/vectors"
inputs="$out/vectors/platform/inputs.json"

echo "== web harness: $(node --version)"
node Peers/web/harness.mjs "$inputs" "$out/web.json"
echo "== jvm harness: $(java -version 2>&1 | head -1)"
bash Peers/jvm/run.sh "$inputs" "$out/jvm.json"

echo "== compare"
"$bin" compare --inputs "$inputs" "$out/web.json" "$out/jvm.json" --format junit --output "$out/compare.xml" || true
"$bin" compare --inputs "$inputs" "$out/web.json" "$out/jvm.json" --format markdown --output "$out/summary.md"
"$bin" compare --inputs "$inputs" "$out/web.json" "$out/jvm.json"

echo "== known drift: each recording of the iOS client's code paths must be flagged"
# `check` (the platform suite) holds each recording to exactly the vectors and tags of
# Vectors/platform/recorded/expected-drift.json; here the gate itself must fail on each.
for recording in Vectors/platform/recorded/ios-*.json; do
  if "$bin" compare --allow-missing "$recording" > "$out/recorded.txt"; then
    echo "FAIL: compare did not flag $recording"
    exit 1
  fi
  grep -E "^ios-[a-z]+: " "$out/recorded.txt"
  # With the recorded baseline, the same drift is known and passes.
  "$bin" compare --allow-missing --expected-drift Vectors/platform/recorded/expected-drift.json "$recording" \
    > "$out/recorded-baseline.txt" || { cat "$out/recorded-baseline.txt"; echo "FAIL: the baseline does not pass $recording"; exit 1; }
done

echo "== each new kind of drift fails on its own"
app=Vectors/platform/recorded/ios-app.json
expect_drift() { # VECTOR TEXT: compare --only VECTOR must fail and report TEXT
  if "$bin" compare --allow-missing --only "$1" "$app" > "$out/kind.txt"; then
    echo "FAIL: compare passed $1 on $app"
    exit 1
  fi
  grep -F -q -- "$2" "$out/kind.txt" || { cat "$out/kind.txt"; echo "FAIL: $1 does not report: $2"; exit 1; }
  echo "  $1: $2"
}
expect_drift v-wall-no-millis "ACCEPTS-INVALID"
expect_drift v-create-valid "rejects a valid node by timestamp.wall.format"
expect_drift r-create-zero-and-one "diagnosed number-bridging"

echo "== a baseline only shrinks: drift it does not list fails"
"$bin" compare --allow-missing --skip 'r-*' --write-expected-drift "$out/partial-baseline.json" "$app" > /dev/null || true
if "$bin" compare --allow-missing --expected-drift "$out/partial-baseline.json" "$app" > "$out/partial.txt"; then
  echo "FAIL: a baseline without the storage drift passed it"
  exit 1
fi
grep -E "^ios-app: " "$out/partial.txt"
echo "platform gate: passed"
