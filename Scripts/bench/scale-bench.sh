#!/usr/bin/env bash
# Log-level validation and reconstruction on hostile log shapes, next to a benign log of
# the same size.
#
#   bash Scripts/bench/scale-bench.sh [N]        (default N = 100000 records per shape)
#
# For every shape: generate a signed log (redo-conform vectors log; kept in .build-bench/scale
# while the generator's sources are unchanged, see generated-log.sh), then redo-bench scale
# times node-level checks (all cores; signature-bound and the same per record everywhere),
# the log-level rules and reconstruction separately, and checks the verdict counts the
# shape must give. It prints microseconds per record for the log rules and the ratio to
# the benign log (target: within 3x), and peak memory. A report: always exits 0.
set -u
cd "$(dirname "$0")/../.."
N="${1:-100000}"
echo "command: bash Scripts/bench/scale-bench.sh $N"
mkdir -p .build-bench/scale
{ swift build -c release --product redo-conform && swift build -c release --product redo-bench; } > .build-bench/scale/build.log 2>&1 || { tail -20 .build-bench/scale/build.log; exit 0; }
bin=.build/release/redo-conform
bench=.build/release/redo-bench
. Scripts/bench/generated-log.sh

# shape, generator arguments, expected "valid rejected duplicates" (- = not checked)
run() {
  local name="$1" args="$2" expect="$3"
  local file=".build-bench/scale/$name-$N.jsonl"
  # shellcheck disable=SC2086 # the generator arguments are words on purpose
  ensure_generated_log "$bin" "$file" $args --seed scale
  local line
  line=$($bench scale "$file")
  echo "$line" >> .build-bench/scale/results.txt
  local valid rejected duplicates logus recus peak records
  records=$(echo "$line" | sed -E 's/.* records ([0-9]+) .*/\1/')
  valid=$(echo "$line" | sed -E 's/.* valid ([0-9]+) .*/\1/')
  rejected=$(echo "$line" | sed -E 's/.* rejected ([0-9]+) .*/\1/')
  duplicates=$(echo "$line" | sed -E 's/.* duplicates ([0-9]+) .*/\1/')
  logus=$(echo "$line" | sed -E 's/.* log-rules-us ([0-9.]+) .*/\1/')
  recus=$(echo "$line" | sed -E 's/.* reconstruction-us ([0-9.]+) .*/\1/')
  peak=$(echo "$line" | sed -E 's/.* peak-mb ([0-9]+).*/\1/')
  local verdict="ok"
  if [ "$expect" != "-" ]; then
    [ "$valid $rejected $duplicates" = "$expect" ] || verdict="WRONG (expected valid/rejected/duplicates $expect)"
  fi
  [ "$name" = benign ] && BENIGN_US="$logus" && BENIGN_REC="$recus"
  local ratio
  ratio=$(awk -v a="$logus" -v b="${BENIGN_US:-$logus}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  local rratio
  rratio=$(awk -v a="$recus" -v b="${BENIGN_REC:-$recus}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  printf "%-16s %9s %8s %8s %6s  %8s us %6sx  %8s us %6sx  %6s MB  %s\n" "$name" "$records" "$valid" "$rejected" "$duplicates" "$logus" "$ratio" "$recus" "$rratio" "$peak" "$verdict"
}

: > .build-bench/scale/results.txt
printf "%-16s %9s %8s %8s %6s  %11s %7s  %11s %7s  %9s  %s\n" shape records valid rejected dups "log rules" "ratio" "replay" "ratio" "peak" "verdicts"
BENIGN_US=""
run benign "--nodes $N --tasks $((N / 5))" "$N 0 0"
run chain "--shape chain --nodes $N" "$N 0 0"
run fan "--shape fan --nodes $N" "$N 0 0"
run merge-stack "--shape merge-stack --nodes $N" "-"
run far-merge "--shape far-merge --nodes $N" "-"
run big-delete "--shape big-delete --nodes $N --delete-length 1000" "-"
run repeat "--shape repeat --nodes $N" "1 0 $((N - 1))"
run mostly-rejected "--shape mostly-rejected --nodes $N --tasks $((N / 5))" "$((N / 10)) $((N - N / 10)) 0"
run case-variants "--shape case-variants --nodes $N" "-"
run self-parent "--shape self-parent --nodes $N" "-"
run shared-prefix "--shape shared-prefix --nodes $N" "$((N / 2 + 1)) $(((N - 1) / 2)) 0"
