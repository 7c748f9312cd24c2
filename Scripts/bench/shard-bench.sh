#!/usr/bin/env bash
# Two shards against one run: `validate --shard K/2` on the generated benchmark log,
# the shards one after the other on this machine, against one unsharded `validate`.
#
#   bash Scripts/bench/shard-bench.sh [NODES] [TASKS]      (default 1000000 200000)
#
# 1. builds redo-conform (release) unless REDO_CONFORM=PATH names a binary;
# 2. generates .build-bench/validate-log-<NODES>n-<TASKS>t.jsonl when missing or made by
#    another version of the generator (the log validate-bench.sh uses, seed "bench");
# 3. runs, under /usr/bin/time -v, on the same file (page cache warmed first):
#      one run    validate FILE --format json --output one.json --quiet
#      shard K    validate FILE --shard K/2 --format json --output shard-K.json --quiet
#      merge      merge-reports shard-0.json shard-1.json --format json --output merged.json
#    and checks that merged.json is byte for byte one.json;
# 4. prints wall time, CPU time and peak RSS of each, and the shards' figures: the
#    slower shard's wall time is the wall time of two machines each running one shard
#    (plus the merge); the sum of their CPU times against the one run's is what sharding
#    costs in all (every shard reads and checks every record, and verifies only its own
#    tasks' signatures); and the C ceiling measured in the same run (measure.sh).
# Exits 1 when the merged report differs from the one run's.
set -u
cd "$(dirname "$0")/../.."
. Scripts/bench/generated-log.sh
. Scripts/bench/measure.sh

NODES="${1:-1000000}"
TASKS="${2:-200000}"
BENCH_DIR=.build-bench
OUT="$BENCH_DIR/shard-run"
LOG="$BENCH_DIR/validate-log-${NODES}n-${TASKS}t.jsonl"
REDO="${REDO_CONFORM:-.build/release/redo-conform}"
mkdir -p "$OUT"

echo "command: bash Scripts/bench/shard-bench.sh $*"
show() { echo "+ $*"; }
build_unless_given
generate "$LOG" --nodes "$NODES" --tasks "$TASKS" --seed bench
cat "$LOG" > /dev/null  # warm the page cache


rm -f "$OUT/figures"
read -r _ CEILING < <(c_ceiling "$LOG")
timed one validate "$LOG" --format json --output "$OUT/one.json" --quiet
timed shard-0 validate "$LOG" --shard 0/2 --format json --output "$OUT/shard-0.json" --quiet
timed shard-1 validate "$LOG" --shard 1/2 --format json --output "$OUT/shard-1.json" --quiet
timed merge merge-reports "$OUT/shard-0.json" "$OUT/shard-1.json" --format json --output "$OUT/merged.json"

echo
print_figures
read -r _ one_wall one_cpu _ _ < <(grep '^one ' "$OUT/figures")
read -r _ w0 c0 _ _ < <(grep '^shard-0 ' "$OUT/figures")
read -r _ w1 c1 _ _ < <(grep '^shard-1 ' "$OUT/figures")
read -r _ wm _ _ _ < <(grep '^merge ' "$OUT/figures")
slower=$(echo "if ($w0 > $w1) $w0 else $w1" | bc)
echo
echo "C ceiling (libsodium verify, distinct signatures, $(nproc) cores): ${CEILING:-?} nodes/s; one run: $(echo "$NODES / $one_wall" | bc) nodes/s, $(echo "scale=1; 100 * $NODES / $one_wall / ${CEILING:-1}" | bc)% of it"
echo "two shards on two machines: $(echo "$slower + $wm" | bc) s wall (slower shard + merge) against $one_wall s for one run: $(echo "scale=2; $one_wall / ($slower + $wm)" | bc)x"
echo "two shards one after the other here: $(echo "$w0 + $w1 + $wm" | bc) s wall, $(echo "$c0 + $c1" | bc) s CPU against $one_cpu s CPU for one run"
if cmp -s "$OUT/one.json" "$OUT/merged.json"; then
  echo "merged report: byte for byte the one run's ($(wc -c < "$OUT/one.json") bytes)"
else
  echo "merged report DIFFERS from the one run's: $OUT/one.json $OUT/merged.json"
  exit 1
fi
