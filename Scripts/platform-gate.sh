#!/usr/bin/env bash
# The cross-platform gate: generate the platform inputs, run the web (Node) and JVM
# (Java 17) reference harnesses on them, and fail when `redo-conform compare` finds any
# drift. Also proves the gate can fail: the recorded outputs of the published iOS client's
# three code paths must be flagged.
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
done
echo "platform gate: passed"
