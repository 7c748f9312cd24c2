#!/usr/bin/env bash
# The html reports in a real browser: renders each kind headless in Debian's chromium
# (installed when missing) — validate on the faulty log, compare with drift (the
# recorded iOS-style outputs), validate on a 1,000,000-node chain broken near its root
# and on 1,000,000 nodes of the mostly-rejected shape, diff of a 1,000,000-node faulty
# log against itself less 1% of its nodes, diff of a shipped Vectors/diff pair, and
# explain of a deleted task and of the broken chain (one task of 1,000,000 nodes) — and
# fails when a screenshot is blank, the browser logs a console message, or a file passes
# the size bound.
#
#   bash Scripts/html-check.sh [OUT_DIR]      (default: .build/html-check)
#
# Screenshots and reports stay in OUT_DIR. REDO_CONFORM=path picks the binary (default:
# a release build, made when missing). SMALL=1 uses 100,000-node logs for the two large
# shapes and the diff (a quick local run).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/html-check}
mkdir -p "$out"
bash Scripts/ensure-deps.sh chromium
bin=${REDO_CONFORM:-.build/release/redo-conform}
if [ ! -x "$bin" ]; then swift build -c release --product redo-conform >&2; fi
large=1000000
[ "${SMALL:-}" = 1 ] && large=100000
# The bound on any html report's size, by construction (see HtmlReport's caps).
max_bytes=$((16 * 1024 * 1024))
failed=0

seconds() { date +%s.%N; }
step() { printf '%-44s %6.1f s  %s\n' "$1" "$(awk -v a="$(seconds)" -v b="$2" 'BEGIN { print a - b }')" "$3"; }

# Renders $1 (an html file) to $2 (a png); fails on a console message or a blank image.
render() {
  local page=$1 png=$2 log=$2.log
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,2400 \
    --enable-logging=stderr --v=0 --screenshot="$png" "file://$(realpath "$page")" >"$log" 2>&1 || true
  [ -s "$png" ] || { echo "FAIL $page: no screenshot (see $log)"; failed=1; return; }
  # Console messages (errors included) are logged as CONSOLE(line) "text"; dbus noise is not.
  if grep -q 'CONSOLE' "$log"; then
    echo "FAIL $page: console messages:"; grep 'CONSOLE' "$log" | head -5; failed=1
  fi
  local colours
  # A blank page's pixel rows filter to a handful of byte values; a drawn one to many.
  colours=$(python3 - "$png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
pos, idat = 8, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IDAT": idat += data[pos + 8:pos + 8 + length]
    pos += 12 + length
print(len(set(zlib.decompress(idat))))
PY
)
  if [ "$colours" -lt 32 ]; then echo "FAIL $page: blank screenshot ($colours byte values)"; failed=1; fi
  echo "  $png: $colours distinct byte values in its pixel data"
}

check_size() {
  local size
  size=$(stat -c %s "$1")
  if [ "$size" -gt "$max_bytes" ]; then echo "FAIL $1: $size bytes, over the bound of $max_bytes"; failed=1; fi
  echo "  $1: $size bytes"
}

# 1. The faulty log: 100,000 nodes over 20,000 tasks.
t=$(seconds)
"$bin" vectors log --shape faulty --nodes 100000 --tasks 20000 --seed html-check --out "$out/faulty.jsonl"
step "faulty log, 100,000 nodes (generate)" "$t" ""
t=$(seconds)
"$bin" validate "$out/faulty.jsonl" --format html --output "$out/faulty.html" --quiet || [ $? -eq 1 ]
step "validate --format html" "$t" "$out/faulty.html"
check_size "$out/faulty.html"
render "$out/faulty.html" "$out/faulty.png"
task=$(grep -o 'href="#t0"><code>[^<]*' "$out/faulty.html" | sed 's/.*<code>//')
"$bin" graph "$out/faulty.jsonl" --task "$task" --format svg --output "$out/graph.svg" || [ $? -eq 1 ]
printf '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>%s</body></html>\n' \
  "$(cat "$out/graph.svg")" >"$out/graph.html"
render "$out/graph.html" "$out/graph.png"

# 2. compare with drift: the recorded iOS-style outputs drift on 7 vectors.
t=$(seconds)
"$bin" compare Vectors/platform/recorded/ios-jsonencoder.json --allow-missing --format html \
  --output "$out/compare.html" || [ $? -eq 1 ]
step "compare --format html (recorded drift)" "$t" "$out/compare.html"
check_size "$out/compare.html"
render "$out/compare.html" "$out/compare.png"

# 3. A chain broken near its root: its third node's signature fails, the rest descend.
t=$(seconds)
"$bin" vectors log --shape chain --nodes "$large" --seed html-check \
  | sed '3s/"signature":"[0-9a-f]*"/"signature":"'"$(printf '0%.0s' $(seq 128))"'"/' >"$out/chain.jsonl"
step "chain, $large nodes, broken at node 3" "$t" ""
t=$(seconds)
"$bin" validate "$out/chain.jsonl" --format html --output "$out/chain.html" --quiet || [ $? -eq 1 ]
step "validate --format html" "$t" "$out/chain.html"
check_size "$out/chain.html"
grep -q "$((large - 3)) descendants" "$out/chain.html" || { echo "FAIL chain: the descendants are not folded"; failed=1; }
render "$out/chain.html" "$out/chain.png"

# 4. mostly-rejected: 90% of tasks broken on every node.
t=$(seconds)
"$bin" vectors log --shape mostly-rejected --nodes "$large" --tasks $((large / 5)) --seed html-check \
  --out "$out/mostly-rejected.jsonl"
step "mostly-rejected, $large nodes" "$t" ""
t=$(seconds)
"$bin" validate "$out/mostly-rejected.jsonl" --format html --output "$out/mostly-rejected.html" --quiet \
  || [ $? -eq 1 ]
step "validate --format html" "$t" "$out/mostly-rejected.html"
check_size "$out/mostly-rejected.html"
render "$out/mostly-rejected.html" "$out/mostly-rejected.png"

# 5. diff: a faulty log, and the same log less every 100th line (1% of its nodes), so the
# tasks it touches differ in nodes, in the verdicts below them and in their state.
t=$(seconds)
"$bin" vectors log --shape faulty --nodes "$large" --tasks $((large / 50)) --seed html-check-diff \
  --out "$out/diff-a.jsonl"
awk 'NR % 100 != 50' "$out/diff-a.jsonl" >"$out/diff-b.jsonl"
step "faulty, $large nodes, and the same less 1%" "$t" ""
t=$(seconds)
"$bin" diff "$out/diff-a.jsonl" "$out/diff-b.jsonl" --format html --output "$out/diff.html" || [ $? -eq 1 ]
step "diff --format html" "$t" "$out/diff.html"
check_size "$out/diff.html"
grep -q '>only in A</text>' "$out/diff.html" || { echo "FAIL diff: no node is marked only in A"; failed=1; }
render "$out/diff.html" "$out/diff.png"

# 6. diff of a shipped pair: B never received a retitle, so its child is rejected there.
"$bin" diff Vectors/diff/verdict-difference.a.jsonl Vectors/diff/verdict-difference.b.jsonl --format html \
  --output "$out/diff-vector.html" || [ $? -eq 1 ]
check_size "$out/diff-vector.html"
render "$out/diff-vector.html" "$out/diff-vector.png"

# 7. explain: a deleted task of the faulty log, found by its title, and the chain broken
# near its root, one task of $large nodes: its timeline and DAG stay bounded.
deleted=$(grep -m1 '"action":"DELETE"' "$out/faulty.jsonl" | grep -o '"taskId":"[^"]*"' | cut -d'"' -f4)
t=$(seconds)
"$bin" explain "$out/faulty.jsonl" --task "$deleted" --format html --output "$out/explain.html" || [ $? -eq 1 ]
step "explain --format html (a deleted task)" "$t" "$out/explain.html"
check_size "$out/explain.html"
grep -q 'deleted by node' "$out/explain.html" || { echo "FAIL explain: no deleting node named"; failed=1; }
render "$out/explain.html" "$out/explain.png"
chain_task=$(head -1 "$out/chain.jsonl" | grep -o '"taskId":"[^"]*"' | cut -d'"' -f4)
t=$(seconds)
"$bin" explain "$out/chain.jsonl" --task "$chain_task" --format html --output "$out/explain-chain.html" \
  || [ $? -eq 1 ]
step "explain --format html (chain, $large nodes)" "$t" "$out/explain-chain.html"
check_size "$out/explain-chain.html"
grep -q "$((large - 2000)) nodes more" "$out/explain-chain.html" \
  || { echo "FAIL explain chain: the timeline is not bounded"; failed=1; }
render "$out/explain-chain.html" "$out/explain-chain.png"

if [ "$failed" -ne 0 ]; then echo "html-check: FAILED"; exit 1; fi
echo "html-check: every report rendered, none blank, no console message, every file within $max_bytes bytes"
