#!/usr/bin/env bash
# Re-validation with the signature cache against a cold run, on the benchmark log grown
# by 1%: last night's export was validated with --cache, tonight's has 1% more nodes.
#
#   bash Scripts/bench/cache-bench.sh [NODES] [TASKS]      (default 1000000 200000)
#
# 1. builds redo-conform (release) unless REDO_CONFORM=PATH names a binary;
# 2. generates .build-bench/validate-log-<NODES>n-<TASKS>t.jsonl (seed "bench", as
#    validate-bench.sh) and NODES/100 more nodes in TASKS/100 new tasks (seed
#    "bench-append"), and writes the grown log: the first, then the new nodes;
# 3. runs, under /usr/bin/time -v (page cache warmed first):
#      prime  validate LOG --cache DIR --quiet            (a fresh DIR: last night's run)
#      cold   validate GROWN --format json --output cold.json --quiet
#      warm   validate GROWN --cache DIR --format json --output warm.json --quiet
#    and checks that warm.json is byte for byte cold.json;
# 4. prints wall time, CPU time and peak RSS of each, the warm run's cache line, the C
#    ceiling measured in the same run (Scripts/bench/measure.sh) with the cold run's share
#    of it, and cold / warm wall time (the target: at least 5x).
# Exits 1 when the reports differ.
set -u
cd "$(dirname "$0")/../.."
. Scripts/bench/generated-log.sh
. Scripts/bench/measure.sh

NODES="${1:-1000000}"
TASKS="${2:-200000}"
BENCH_DIR=.build-bench
OUT="$BENCH_DIR/cache-run"
LOG="$BENCH_DIR/validate-log-${NODES}n-${TASKS}t.jsonl"
EXTRA="$BENCH_DIR/append-log-$((NODES / 100))n-$((TASKS / 100))t.jsonl"
GROWN="$OUT/grown.jsonl"
REDO="${REDO_CONFORM:-.build/release/redo-conform}"
mkdir -p "$OUT"

echo "command: bash Scripts/bench/cache-bench.sh $*"
show() { echo "+ $*"; }
build_unless_given
generate "$LOG" --nodes "$NODES" --tasks "$TASKS" --seed bench
generate "$EXTRA" --nodes $((NODES / 100)) --tasks $((TASKS / 100)) --seed bench-append
cat "$LOG" "$EXTRA" > "$GROWN"
cat "$GROWN" > /dev/null  # warm the page cache

rm -rf "$OUT/figures" "$OUT/cache"
read -r _ CEILING < <(c_ceiling "$GROWN")
timed prime validate "$LOG" --cache "$OUT/cache" --quiet
timed cold validate "$GROWN" --format json --output "$OUT/cold.json" --quiet
timed warm validate "$GROWN" --cache "$OUT/cache" --format json --output "$OUT/warm.json" --quiet

echo
print_figures
read -r _ cold_wall _ _ _ < <(grep '^cold ' "$OUT/figures")
read -r _ warm_wall _ _ _ < <(grep '^warm ' "$OUT/figures")
echo
echo "warm run: $(grep '^cache:' "$OUT/warm.time")"
echo "cache file: $(wc -c < "$OUT/cache/signatures-v1.bin") bytes"
grown_nodes=$(wc -l < "$GROWN")
echo "C ceiling (libsodium verify, distinct signatures, $(nproc) cores): ${CEILING:-?} nodes/s; cold run: $(echo "$grown_nodes / $cold_wall" | bc) nodes/s, $(echo "scale=1; 100 * $grown_nodes / $cold_wall / ${CEILING:-1}" | bc)% of it"
echo "cold / warm wall time: $(echo "scale=2; $cold_wall / $warm_wall" | bc)x (target: at least 5x)"
if cmp -s "$OUT/cold.json" "$OUT/warm.json"; then
  echo "warm report: byte for byte the cold run's ($(wc -c < "$OUT/cold.json") bytes)"
else
  echo "warm report DIFFERS from the cold run's: $OUT/cold.json $OUT/warm.json"
  exit 1
fi
