#!/usr/bin/env bash
# Side-by-side report for `redo-conform diff` against one `validate`, on a large generated
# signed log and a copy of it that lacks 1% of its nodes (every 97th line, 1.03%: nodes
# that never synced, spread over tasks and layers, so that on that side their children
# lose a parent and are rejected).
#
#   bash Scripts/bench/diff-bench.sh [NODES] [TASKS]      (default 1000000 200000)
#
# 1. builds redo-conform (release);
# 2. generates .build-bench/validate-log-<NODES>n-<TASKS>t.jsonl when missing or made by
#    another version of the generator (Scripts/bench/generated-log.sh), and B beside it;
# 3. runs, one after the other on the same files (page cache warmed first), each under
#    /usr/bin/time -v:
#      validate A --quiet
#      diff A B --format json --output FILE
# 4. prints both commands, their wall time and peak RSS, and the ratios against the
#    targets: diff time <= 2.2x validate's, and diff's peak RSS <= 2x validate's (diff keeps
#    two logs: twice validate's memory per node).
#
# It is a report: it always exits 0. Environment: SWIFT_SCRATCH_PATH=DIR builds in DIR
# instead of .build; REDO_CONFORM=PATH uses that binary and skips the build.
set -u
cd "$(dirname "$0")/../.."

NODES="${1:-1000000}"
TASKS="${2:-200000}"
BENCH_DIR=.build-bench
OUT="$BENCH_DIR/diff-run"
A="$BENCH_DIR/validate-log-${NODES}n-${TASKS}t.jsonl"
B="$BENCH_DIR/diff-b97-${NODES}n-${TASKS}t.jsonl"
SCRATCH="${SWIFT_SCRATCH_PATH:-.build}"
REDO="${REDO_CONFORM:-$SCRATCH/release/redo-conform}"
mkdir -p "$OUT"

echo "command: bash Scripts/bench/diff-bench.sh $*"
show() { echo "+ $*"; }
run() { show "$@"; "$@"; }

if [ -z "${REDO_CONFORM:-}" ]; then
  scratch_args=()
  [ "$SCRATCH" = .build ] || scratch_args=(--scratch-path "$SCRATCH")
  if ! run swift build -c release ${scratch_args[@]+"${scratch_args[@]}"} --product redo-conform > "$OUT/build.log" 2>&1; then
    tail -20 "$OUT/build.log"
    exit 0
  fi
fi

. Scripts/bench/generated-log.sh
ensure_generated_log "$REDO" "$A" --nodes "$NODES" --tasks "$TASKS" --seed bench || exit 0
if [ ! -s "$B" ] || [ "$A" -nt "$B" ]; then
  awk 'NR % 97 != 0' "$A" > "$B.tmp" && mv "$B.tmp" "$B"
fi
cat "$A" "$B" > /dev/null   # warm the page cache

# Runs a command under /usr/bin/time -v; sets WALL (seconds) and RSS (KiB).
measure() {
  local name="$1"
  shift
  show "$@"
  /usr/bin/time -v "$@" > "$OUT/$name.out" 2> "$OUT/$name.time"
  echo "  exit status $(grep 'Exit status' "$OUT/$name.time" | awk '{print $NF}')"
  WALL=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$OUT/$name.time")
  RSS=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$OUT/$name.time")
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
measure validate "$REDO" validate "$A" --quiet
V_WALL=$WALL V_RSS=$RSS
tail -3 "$OUT/validate.out"
measure diff "$REDO" diff "$A" "$B" --format json --output "$OUT/diff-report.json"
D_WALL=$WALL D_RSS=$RSS
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$OUT/diff-report.json" <<'PY' 2>/dev/null || true
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
print("  diff summary: " + ", ".join(f"{k} {v}" for k, v in s.items()))
PY

awk -v n="$NODES" -v vw="$V_WALL" -v vr="$V_RSS" -v dw="$D_WALL" -v dr="$D_RSS" 'BEGIN {
  printf "\n%-10s %10s %12s %14s\n", "run", "wall s", "peak MiB", "KiB per node"
  printf "%-10s %10.2f %12.1f %14.2f\n", "validate", vw, vr / 1024, vr / n
  printf "%-10s %10.2f %12.1f %14.2f\n", "diff", dw, dr / 1024, dr / (2 * n)
  printf "\ntime:   diff / validate = %.2fx (target <= 2.2x)\n", dw / vw
  printf "memory: diff / validate = %.2fx peak, %.2fx per node (targets <= 2x peak, <= 1x per node of two logs)\n", dr / vr, (dr / (2 * n)) / (vr / n)
}'
exit 0
