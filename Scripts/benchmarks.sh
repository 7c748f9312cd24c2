#!/usr/bin/env bash
# The live log's benchmarks (the package in Benchmarks/, on ordo-one's package-benchmark)
# against the thresholds committed in Benchmarks/Thresholds/: fails on a regression (a
# metric's p90 beyond the tolerance in Benchmarks/Benchmarks/LiveLogBenchmarks/Tolerance.swift,
# 1.75 times the stored figure for times). A run far better than the thresholds passes, with a
# note: the thresholds are then stale and should be updated (docs/benchmarks.md says how).
# Builds the benchmark package in release in the root package's .build, beside the root's own
# release build (`swift build -c release`, which the README's main job runs): this package's
# build of the root's modules and of swift-crypto is the same command for the same files, so
# nothing of it is compiled twice. With REDO_BENCHMARK_TRAITS set, the root is built with
# other traits, in Benchmarks/.build, so as not to replace the root's own build.
#
#   bash Scripts/benchmarks.sh                 the check (what CI runs)
#   bash Scripts/benchmarks.sh --update [RUNS] writes Benchmarks/Thresholds/ from RUNS runs
#                                              (default 2): each metric's largest p90 of them
#   REDO_BENCHMARK_TRAITS=... bash Scripts/benchmarks.sh
#                                              the same with the root package's traits chosen
#                                              (Benchmarks/Package.swift)
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
update_runs=0
if [ "${1:-}" = "--update" ]; then update_runs=${2:-2}; fi
bash ../Scripts/ensure-deps.sh $([ "$update_runs" -gt 0 ] && echo jq)
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
# `swift package` exits 1 whichever way the check fails; the plugin's error line says which.
output=$(mktemp)
# The benchmark processes of this run share the generated account and its verified
# signatures through this directory (Benchmarks/Benchmarks/LiveLogBenchmarks/Account.swift).
REDO_WORKLOAD_DIR=$(mktemp -d)
export REDO_WORKLOAD_DIR
trap 'rm -rf "$output" "$REDO_WORKLOAD_DIR"' EXIT
status=0
scratch=(--scratch-path ../.build)
if [ -n "${REDO_BENCHMARK_TRAITS+set}" ]; then scratch=(); fi

if [ "$update_runs" -gt 0 ]; then
  # One p90 per run and metric; the stored figure is the largest, so that a run as slow as
  # the slowest of them passes (Tolerance.swift says how far beyond it a run fails).
  for run in $(seq 1 "$update_runs"); do
    echo "== thresholds: run $run of $update_runs"
    swift package ${scratch[@]+"${scratch[@]}"} --allow-writing-to-package-directory benchmark thresholds update \
      --no-progress --path "$REDO_WORKLOAD_DIR/run-$run" >"$output" 2>&1 || { cat "$output"; exit 1; }
  done
  for file in "$REDO_WORKLOAD_DIR"/run-1/*.json; do
    name=$(basename "$file")
    jq -S -s 'reduce .[] as $run ({}; reduce ($run | keys[]) as $metric (.; .[$metric] = ([.[$metric] // 0, $run[$metric]] | max)))' \
      "$REDO_WORKLOAD_DIR"/run-*/"$name" >"Thresholds/$name.partial"
    mv "Thresholds/$name.partial" "Thresholds/$name"
  done
  echo "benchmarks: wrote Benchmarks/Thresholds/ from $update_runs runs (load average now $(cut -d' ' -f1-3 /proc/loadavg))"
  exit 0
fi
swift package ${scratch[@]+"${scratch[@]}"} benchmark thresholds check --no-progress 2>&1 | tee "$output" || status=$?
if [ "$status" -ne 0 ]; then
  if grep -q "benchmarkThresholdImprovement" "$output" && ! grep -q "Deviations worse" "$output"; then
    echo "benchmarks: better than Benchmarks/Thresholds/ beyond the tolerance (above); if that holds from run to run, update the thresholds (docs/benchmarks.md)"
  else
    echo "benchmarks: a regression against Benchmarks/Thresholds/ (above), or the run failed" >&2
    exit 1
  fi
fi
