#!/usr/bin/env bash
# `explain` against `validate` on the generated benchmark log: explain needs the same
# log pass, then reads the inputs once more for the chosen task's records only.
#
#   bash Scripts/bench/explain-bench.sh [NODES] [TASKS]      (default 1000000 200000)
#
# 1. builds redo-conform (release) unless REDO_CONFORM=PATH names a binary;
# 2. generates .build-bench/validate-log-<NODES>n-<TASKS>t.jsonl when missing or made by
#    another version of the generator (the log validate-bench.sh uses, seed "bench");
# 3. runs, alternating, RUNS times each (default 3), under /usr/bin/time -v on the same
#    file (page cache warmed first):
#      validate   validate FILE --quiet
#      explain    explain FILE --title "Task 99999 —"   (part of one task's title: the
#                 title search over every node, then the task's records read again)
# 4. prints each run's wall time, CPU time and peak RSS, and the medians' ratios against
#    the targets: explain at most 1.1x validate's time and 1.1x its peak RSS.
# It is a report: it always exits 0.
set -u
cd "$(dirname "$0")/../.."
. Scripts/bench/generated-log.sh
. Scripts/bench/measure.sh

NODES="${1:-1000000}"
TASKS="${2:-200000}"
RUNS="${RUNS:-3}"
BENCH_DIR=.build-bench
OUT="$BENCH_DIR/explain-run"
LOG="$BENCH_DIR/validate-log-${NODES}n-${TASKS}t.jsonl"
REDO="${REDO_CONFORM:-.build/release/redo-conform}"
mkdir -p "$OUT"

echo "command: bash Scripts/bench/explain-bench.sh $*"
show() { echo "+ $*"; }
build_unless_given
generate "$LOG" --nodes "$NODES" --tasks "$TASKS" --seed bench
cat "$LOG" > /dev/null  # warm the page cache

rm -f "$OUT/figures"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq "$RUNS"); do
  timed validate validate "$LOG" --quiet
  timed explain explain "$LOG" --title "Task 99999 —"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
print_figures
median() { grep "^$1 " "$OUT/figures" | awk -v k="$2" '{print $k}' | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
vw=$(median validate 2) vr=$(median validate 4) ew=$(median explain 2) er=$(median explain 4)
echo
echo "medians: validate ${vw} s ${vr} MB, explain ${ew} s ${er} MB"
echo "explain / validate: time $(echo "scale=3; $ew / $vw" | bc)x (target <= 1.1), peak RSS $(echo "scale=3; $er / $vr" | bc)x (target <= 1.1)"
exit 0
