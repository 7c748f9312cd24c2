#!/usr/bin/env bash
# `scenario build` of a 100,000-node scenario against `vectors log` plus `validate` of as many
# nodes, side by side on the release binary; the YAML parse timed apart.
#
#   bash Scripts/bench/scenario-bench.sh [NODES]     (default 100000)
#
# 1. builds redo-conform (release);
# 2. writes .build-bench/scenario-<NODES>.json and .yaml: NODES/5 tasks, each a CREATE, two
#    UPDATEs, a CREATE_TODO and a COMPLETE_TODO by one author (Scripts/bench/scenario-file.py);
# 3. runs, REDO_RUNS times each (default 3), alternating, and reports the medians:
#      build-json  scenario build FILE.json --out DIR --force  (parse, sign, validate, report, state)
#      build-yaml  the same from FILE.yaml (build-yaml − build-json is the YAML parse)
#      log         vectors log --shape benign --nodes NODES --out LOG
#      validate    validate LOG --quiet
#    and the ratio build-json / (log + validate), whose target is at most 1.2.
set -euo pipefail
cd "$(dirname "$0")/../.."
nodes=${1:-100000}
runs=${REDO_RUNS:-3}
out=.build-bench
mkdir -p "$out"
swift build -c release --product redo-conform >/dev/null
bin=$(swift build -c release --show-bin-path)/redo-conform
python3 Scripts/bench/scenario-file.py "$nodes" "$out/scenario-$nodes"

seconds() {  # the wall time of a command, in seconds
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

declare -A times
for _ in $(seq "$runs"); do
  times[build-json]+="$(seconds "$bin" scenario build "$out/scenario-$nodes.json" --out "$out/scenario-out" --force) "
  times[build-yaml]+="$(seconds "$bin" scenario build "$out/scenario-$nodes.yaml" --out "$out/scenario-out" --force) "
  times[log]+="$(seconds "$bin" vectors log --shape benign --nodes "$nodes" --out "$out/scenario-baseline.jsonl") "
  times[validate]+="$(seconds "$bin" validate "$out/scenario-baseline.jsonl" --quiet) "
done
echo "machine: $(nproc) cores, $(uname -m) $(uname -s); runs: $runs; nodes: $nodes"
for key in build-json build-yaml log validate; do
  printf '%-11s %s s (runs: %s)\n' "$key" "$(tr ' ' '\n' <<<"${times[$key]}" | grep . | median)" "${times[$key]}"
done
json=$(tr ' ' '\n' <<<"${times[build-json]}" | grep . | median)
yaml=$(tr ' ' '\n' <<<"${times[build-yaml]}" | grep . | median)
log=$(tr ' ' '\n' <<<"${times[log]}" | grep . | median)
validate=$(tr ' ' '\n' <<<"${times[validate]}" | grep . | median)
printf 'ratio build-json / (log + validate) = %.2f (target <= 1.2)\n' "$(echo "$json / ($log + $validate)" | bc -l)"
printf 'YAML parse (build-yaml - build-json) = %.2f s\n' "$(echo "$yaml - $json" | bc -l)"
