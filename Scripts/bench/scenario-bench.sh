#!/usr/bin/env bash
# `scenario build` of a 100,000-node scenario against `vectors log` plus `validate` of as many
# nodes, side by side on the release binary; the YAML parse timed apart.
#
#   bash Scripts/bench/scenario-bench.sh [NODES]     (default 100000, a multiple of 5)
#
# 1. builds redo-conform (release);
# 2. writes under .build-bench/ the scenario: NODES/5 tasks, each a CREATE, two UPDATEs, a
#    CREATE_TODO and a COMPLETE_TODO by one author, once with a repeat (scenario-NODES.yaml,
#    15 lines) and once written out node by node as YAML and as JSON (for the parse);
# 3. runs, REDO_RUNS times each (default 3), alternating, and reports the medians:
#      build       scenario build scenario-NODES.yaml --out DIR --force  (expand, sign, validate, report, state)
#      build-json  the same from the written-out JSON
#      build-yaml  the same from the written-out YAML (build-yaml − build-json is the YAML parse)
#      log         vectors log --shape benign --nodes NODES --out LOG
#      validate    validate LOG --quiet
#    and the ratio build / (log + validate), whose target is at most 1.2.
set -euo pipefail
cd "$(dirname "$0")/../.."
nodes=${1:-100000}
runs=${REDO_RUNS:-3}
tasks=$((nodes / 5))
out=.build-bench
mkdir -p "$out"
swift build -c release --product redo-conform >/dev/null
bin=$(swift build -c release --show-bin-path)/redo-conform

# The five nodes of task {i}, as one YAML flow mapping each.
template='{name: "c{i}", task: "t{i}", action: CREATE, payload: {title: "Task {i}", priority: 3}}
{name: "u{i}", task: "t{i}", action: UPDATE, parents: ["c{i}"], payload: {storyPoints: 5}}
{name: "v{i}", task: "t{i}", action: UPDATE, parents: ["u{i}"], payload: {title: "Task {i}'"'"'"}}
{name: "m{i}", task: "t{i}", action: CREATE_TODO, parents: ["v{i}"], payload: {todoTaskId: "todo{i}", deadline: "2025-11-01T09:00:00.000Z"}}
{name: "d{i}", task: "t{i}", action: COMPLETE_TODO, parents: ["m{i}"], payload: {todoTaskId: "todo{i}", completed: "2025-11-01T10:00:00.000Z"}}'
{
  echo "comment: \"$nodes nodes over $tasks tasks, for the benchmark\""
  echo 'authors:'
  echo '  a: {seed: bench, devices: [phone]}'
  echo "tasks: [{repeat: $tasks, from: 0, tasks: [\"t{i}\"]}]"
  echo "todos: [{repeat: $tasks, from: 0, todos: [\"todo{i}\"]}]"
  echo 'nodes:'
  echo "  - repeat: $tasks"
  echo '    from: 0'
  echo '    nodes:'
  sed 's/^/      - /' <<<"$template"
} >"$out/scenario-$nodes.yaml"
# The same scenario written out, for the parse: the names substituted by awk.
{
  echo "comment: \"$nodes nodes over $tasks tasks, for the benchmark\""
  echo 'authors:'
  echo '  a: {seed: bench, devices: [phone]}'
  echo 'tasks:'
  awk -v n="$tasks" 'BEGIN { for (i = 0; i < n; i++) printf "  - \"t%d\"\n", i }'
  echo 'todos:'
  awk -v n="$tasks" 'BEGIN { for (i = 0; i < n; i++) printf "  - \"todo%d\"\n", i }'
  echo 'nodes:'
  awk -v n="$tasks" -v t="$template" 'BEGIN {
    k = split(t, lines, "\n")
    for (i = 0; i < n; i++) for (j = 1; j <= k; j++) { l = lines[j]; gsub(/\{i\}/, i, l); print "  - " l }
  }'
} >"$out/scenario-$nodes-written.yaml"
# JSON: the same flow mappings with their keys and bare words quoted.
{
  echo "{\"comment\": \"$nodes nodes over $tasks tasks, for the benchmark\","
  echo '"authors": {"a": {"seed": "bench", "devices": ["phone"]}},'
  awk -v n="$tasks" 'BEGIN {
    printf "\"tasks\": ["; for (i = 0; i < n; i++) printf "%s\"t%d\"", (i ? "," : ""), i; print "],"
    printf "\"todos\": ["; for (i = 0; i < n; i++) printf "%s\"todo%d\"", (i ? "," : ""), i; print "],"
  }'
  echo '"nodes": ['
  grep '^  - {' "$out/scenario-$nodes-written.yaml" | sed -E \
    -e 's/^  - //' -e 's/([{ ,])([A-Za-z]+): /\1"\2": /g' \
    -e 's/: ([A-Z_]+|bench)([,}])/: "\1"\2/g' -e '$!s/$/,/'
  echo ']}'
} >"$out/scenario-$nodes-written.json"

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
  times[build]+="$(seconds "$bin" scenario build "$out/scenario-$nodes.yaml" --out "$out/scenario-out" --force) "
  times[build-json]+="$(seconds "$bin" scenario build "$out/scenario-$nodes-written.json" --out "$out/scenario-out" --force) "
  times[build-yaml]+="$(seconds "$bin" scenario build "$out/scenario-$nodes-written.yaml" --out "$out/scenario-out" --force) "
  times[log]+="$(seconds "$bin" vectors log --shape benign --nodes "$nodes" --out "$out/scenario-baseline.jsonl") "
  times[validate]+="$(seconds "$bin" validate "$out/scenario-baseline.jsonl" --quiet) "
done
echo "machine: $(nproc) cores, $(uname -m) $(uname -s); runs: $runs; nodes: $nodes; $(uptime)"
for key in build build-json build-yaml log validate; do
  printf '%-11s %s s (runs: %s)\n' "$key" "$(tr ' ' '\n' <<<"${times[$key]}" | grep . | median)" "${times[$key]}"
done
m() { tr ' ' '\n' <<<"${times[$1]}" | grep . | median; }
printf 'ratio build / (log + validate) = %.2f (target <= 1.2)\n' "$(echo "$(m build) / ($(m log) + $(m validate))" | bc -l)"
printf 'ratio build-json / (log + validate) = %.2f\n' "$(echo "$(m build-json) / ($(m log) + $(m validate))" | bc -l)"
printf 'YAML parse (build-yaml - build-json) = %.2f s\n' "$(echo "$(m build-yaml) - $(m build-json)" | bc -l)"
