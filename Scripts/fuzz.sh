#!/usr/bin/env bash
# Runs one fuzz target for a bounded time: bash Scripts/fuzz/run.sh TARGET SECONDS [libFuzzer flags...]
#   TARGET: json | node | log
# Builds the target if needed (Scripts/fuzz/build.sh), fuzzes with one process and one
# job starting from the committed seeds Scripts/fuzz/corpus/TARGET/ (read-only) plus the
# corpus of earlier runs .build-fuzz/corpus-TARGET/ (new entries go there, never into the
# committed seeds), saves crashes to .build-fuzz/artifacts-TARGET/, and prints
# libFuzzer's final stats with executions per second. Exit status: libFuzzer's (0 clean,
# non-zero when it found a crash or a broken invariant).
set -uo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: $0 json|node|log SECONDS [libFuzzer flags...]" >&2; exit 2; }
target=$1 seconds=$2; shift 2
extra=()
case $target in
    json) maxlen=4096 ;;
    node) maxlen=8192 ;;
    log) maxlen=512 extra=(-len_control=0) ;;
    *) echo "unknown target $target (json, node, log)" >&2; exit 2 ;;
esac
bash Scripts/fuzz/build.sh "$target" 2> >(grep -v '^/usr/bin/ld' >&2) || exit 2
B=.build-fuzz
corpus=$B/corpus-$target artifacts=$B/artifacts-$target
mkdir -p "$corpus" "$artifacts" "$B/logs"
log=$B/logs/run-$target-$(date +%Y%m%dT%H%M%S).txt
# ASan: no leak check per input (the targets hold global keys); abort on the first error.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:symbolize=1}
dict=(); [ -f "Scripts/fuzz/$target.dict" ] && dict=(-dict="Scripts/fuzz/$target.dict")
"$B/bin/fuzz-$target" "$corpus" "Scripts/fuzz/corpus/$target" "${dict[@]}" \
    -max_total_time="$seconds" -max_len="$maxlen" -timeout=20 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "${extra[@]}" "$@" 2>&1 | tee "$log" | grep -E '^(#[0-9]+.*(INITED|DONE|pulse)|INVARIANT|==[0-9]+==|SUMMARY|stat::|Test unit written|artifact_prefix)' 
status=${PIPESTATUS[0]}
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
commit=$(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet HEAD -- Sources 2>/dev/null || echo +dirty)
echo "target=$target commit=$commit seconds=${secs:-?} runs=${runs:-?} exec/s=$( [ -n "$runs" ] && [ -n "$secs" ] && [ "$secs" -gt 0 ] && echo $((runs / secs)) || echo ?) corpus=$(sed -n 's/.*DONE .* corp: \([0-9]*\/[0-9a-zA-Z]*\) .*/\1/p' "$log" | tail -1) (libFuzzer's, inputs/bytes; $(ls "$corpus" | wc -l) files in $corpus) status=$status log=$log"
exit "$status"
