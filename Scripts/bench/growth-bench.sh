#!/usr/bin/env bash
# The growth curve: time and peak memory of `validate`, `reconstruct` and `diff` at 10k,
# 100k, 1M and 10M nodes, per node at each size, next to the C ceiling measured in the
# same run; a table on stdout and a plot as SVG.
#
#   bash Scripts/bench/growth-bench.sh [MAX_NODES]     (default 10000000)
#
# 1. builds redo-conform (release) unless REDO_CONFORM=PATH names a binary;
# 2. for each size N up to MAX_NODES: generates .build-bench/validate-log-<N>n-<N/5>t.jsonl
#    (seed "bench", the log validate-bench.sh uses at 1M) and B, a copy without every 97th
#    line (as diff-bench.sh); measures the C ceiling (Scripts/bench/measure.sh); then runs,
#    under /usr/bin/time -v, page cache warmed:
#      validate LOG --quiet
#      reconstruct LOG            (state to /dev/null)
#      diff LOG B --format json --output FILE
# 3. prints per size and command: wall s, peak MB, µs per node, bytes per node, and the
#    ceiling's µs per node; writes the plot to $SVG (default docs/images/growth.svg).
#
# The 10M step needs about 15 GB of disk (the log, B and the reports); when the disk has
# less, the script says so and stops at 1M. It is a report: it exits 0 unless a run fails.
set -u
cd "$(dirname "$0")/../.."
. Scripts/bench/generated-log.sh
. Scripts/bench/measure.sh

MAX="${1:-10000000}"
BENCH_DIR=.build-bench
OUT="$BENCH_DIR/growth-run"
REDO="${REDO_CONFORM:-.build/release/redo-conform}"
SVG="${SVG:-docs/images/growth.svg}"
mkdir -p "$OUT"
show() { echo "+ $*"; }

echo "command: bash Scripts/bench/growth-bench.sh $*"
echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); load average $(cut -d' ' -f1-3 /proc/loadavg)"
build_unless_given

rm -f "$OUT/figures" "$OUT/rows"
for N in 10000 100000 1000000 10000000; do
  [ "$N" -le "$MAX" ] || break
  if [ "$N" -ge 10000000 ]; then
    free=$(df --output=avail -B1 "$BENCH_DIR" | tail -1)
    if [ "$free" -lt $((15 * 1024 * 1024 * 1024)) ]; then
      echo "stopping at 1M nodes: the 10M step needs about 15 GB of disk, $BENCH_DIR has $((free / 1024 / 1024 / 1024)) GB free"
      break
    fi
  fi
  T=$((N / 5))
  LOG="$BENCH_DIR/validate-log-${N}n-${T}t.jsonl"
  B="$BENCH_DIR/diff-b97-${N}n-${T}t.jsonl"
  generate "$LOG" --nodes "$N" --tasks "$T" --seed bench
  if [ ! -s "$B" ] || [ "$LOG" -nt "$B" ]; then
    awk 'NR % 97 != 0' "$LOG" > "$B.tmp" && mv "$B.tmp" "$B"
  fi
  cat "$LOG" "$B" > /dev/null # warm the page cache
  read -r _ ceiling < <(c_ceiling "$LOG")
  timed "validate-$N" validate "$LOG" --quiet
  timed "reconstruct-$N" reconstruct "$LOG"
  timed "diff-$N" diff "$LOG" "$B" --format json --output "$OUT/diff-$N.json"
  for command in validate reconstruct diff; do
    read -r _ wall _ rss status < <(grep "^$command-$N " "$OUT/figures")
    [ "$status" -le 1 ] || { echo "$command at $N nodes failed (status $status): $OUT/$command-$N.time"; exit 1; }
    echo "$N $command $wall $rss ${ceiling:-0}" >> "$OUT/rows"
  done
done

echo
printf '%10s %-12s %9s %9s %12s %14s %14s\n' nodes command "wall s" "peak MB" "µs per node" "bytes per node" "ceiling µs/node"
awk '{ printf "%10d %-12s %9.2f %9d %12.2f %14.0f %14.2f\n", $1, $2, $3, $4, 1e6 * $3 / $1, $4 * 1048576 / $1, ($5 > 0 ? 1e6 / $5 : 0) }' "$OUT/rows"

# The plot: two panels, µs per node and bytes per node, against nodes on a log scale.
mkdir -p "$(dirname "$SVG")"
awk -v title="$(nproc) cores; bash Scripts/bench/growth-bench.sh $*" '
  { n[NR] = $1; cmd[NR] = $2; us[NR] = 1e6 * $3 / $1; bytes[NR] = $4 * 1048576 / $1; ceil[$1] = ($5 > 0 ? 1e6 / $5 : 0)
    if (us[NR] > maxus) maxus = us[NR]; if (bytes[NR] > maxb) maxb = bytes[NR]
  }
  function x(v) { return 70 + (log(v) / log(10) - 4) * 130 }
  function panel(left, name, unit, max, field,    i, c, k, px, py, path, s) {
    printf "<g transform=\"translate(%d,0)\">\n", left
    printf "<text x=\"70\" y=\"30\" class=\"h\">%s</text>\n", name
    printf "<line x1=\"70\" y1=\"250\" x2=\"470\" y2=\"250\" class=\"axis\"/><line x1=\"70\" y1=\"50\" x2=\"70\" y2=\"250\" class=\"axis\"/>\n"
    for (k = 0; k <= 4; k++) printf "<text x=\"64\" y=\"%d\" class=\"t\" text-anchor=\"end\">%.0f</text><line x1=\"70\" y1=\"%d\" x2=\"470\" y2=\"%d\" class=\"grid\"/>\n", 254 - k * 50, max * k / 4, 250 - k * 50, 250 - k * 50
    split("10k 100k 1M 10M", label, " ")
    for (k = 1; k <= 4; k++) printf "<text x=\"%d\" y=\"268\" class=\"t\" text-anchor=\"middle\">%s</text>\n", 70 + (k - 1) * 130, label[k]
    printf "<text x=\"270\" y=\"290\" class=\"t\" text-anchor=\"middle\">nodes (log scale); %s</text>\n", unit
    split("validate reconstruct diff", names, " ")
    for (c = 1; c <= 3; c++) {
      path = ""
      for (i = 1; i <= NR; i++) if (cmd[i] == names[c]) {
        px = x(n[i]); py = 250 - 200 * (field == "us" ? us[i] : bytes[i]) / max
        path = path (path == "" ? "M" : " L") sprintf("%.1f %.1f", px, py)
        printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" class=\"%s\"/>\n", px, py, names[c]
      }
      printf "<path d=\"%s\" class=\"%s line\"/>\n", path, names[c]
    }
    if (field == "us") {
      path = ""
      for (s = 10000; s <= 10000000; s *= 10) if (s in ceil) path = path (path == "" ? "M" : " L") sprintf("%.1f %.1f", x(s), 250 - 200 * ceil[s] / max)
      printf "<path d=\"%s\" class=\"ceiling line\"/>\n", path
    }
    printf "</g>\n"
  }
  END {
    maxus = maxus * 1.1; maxb = maxb * 1.1
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000\" height=\"340\" viewBox=\"0 0 1000 340\" font-family=\"sans-serif\">\n"
    printf "<style>.h{font-size:15px;font-weight:bold}.t{font-size:11px;fill:#333}.axis{stroke:#333}.grid{stroke:#ddd}.line{fill:none;stroke-width:2}"
    printf "path.validate{stroke:#1f77b4}path.reconstruct{stroke:#2ca02c}path.diff{stroke:#d62728}path.ceiling{stroke:#777;stroke-dasharray:5 4}"
    printf "circle.validate{fill:#1f77b4}circle.reconstruct{fill:#2ca02c}circle.diff{fill:#d62728}</style>\n"
    printf "<rect width=\"1000\" height=\"340\" fill=\"white\"/>\n"
    panel(0, "Time per node", "microseconds per node (wall)", maxus, "us")
    panel(500, "Memory per node", "bytes of peak RSS per node", maxb, "bytes")
    split("validate reconstruct diff ceiling", names, " "); split("#1f77b4 #2ca02c #d62728 #777", colours, " ")
    split("validate|reconstruct|diff (two logs)|C verify ceiling", shown, "|")
    for (c = 1; c <= 4; c++) printf "<rect x=\"%d\" y=\"312\" width=\"14\" height=\"4\" fill=\"%s\"/><text x=\"%d\" y=\"318\" class=\"t\">%s</text>\n", 140 + (c - 1) * 170, colours[c], 160 + (c - 1) * 170, shown[c]
    printf "<text x=\"500\" y=\"336\" class=\"t\" text-anchor=\"middle\">%s</text>\n", title
    printf "</svg>\n"
  }' "$OUT/rows" > "$SVG.tmp" && mv "$SVG.tmp" "$SVG"
echo
echo "plot: $SVG"
