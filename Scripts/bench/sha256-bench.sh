#!/usr/bin/env bash
# SHA-256 on what `validate` hashes: the canonical bodies of a generated log's records.
#
#   bash Scripts/bench/sha256-bench.sh [--nodes N] [--rounds R] [--seconds S] [--no-build]
#
# Builds redo-conform and redo-bench (release), generates
# .build-bench/sha256-log-<N>n.jsonl (`redo-conform vectors log --seed bench`, default
# 20,000 nodes) when missing or made by another version of the generator, then runs
# `redo-bench sha256 --log` once: R rounds (default 5) of S seconds (default 1) per
# figure, the three figures alternating within each round so that load on a shared
# machine falls on all of them alike:
#   swift-crypto-sha256   RedoSHA256.hash, what redo-conform uses (BoringSSL on Linux, on the
#                         CPU's SHA extensions when it has them; CryptoKit on Apple's)
#   libsodium-sha256      libsodium's portable C SHA-256 over the same bodies
#   ed25519-verify        libsodium's strict verification of the same records' signatures:
#                         the per-node ceiling, next to which the hash's share is judged
# Both digests are checked equal on every body, and every signature valid, before timing.
# Prints each round, then the median and min-max of each figure by the thread's CPU time
# (other work on the machine disturbs it less than wall time; redo-bench prints both).
# It is a report: it always exits 0. SWIFT_SCRATCH_PATH=DIR builds in DIR instead of
# .build (useful while another build holds .build's lock).
set -u
cd "$(dirname "$0")/../.."

echo "command: bash Scripts/bench/sha256-bench.sh $*"

NODES=20000
ROUNDS=5
SECONDS_PER_FIGURE=1
BUILD=1
while [ $# -gt 0 ]; do
  case "$1" in
    --nodes) NODES="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --seconds) SECONDS_PER_FIGURE="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    *) echo "usage: sha256-bench.sh [--nodes N] [--rounds R] [--seconds S] [--no-build]"; exit 0 ;;
  esac
done

SCRATCH="${SWIFT_SCRATCH_PATH:-.build}"
BENCH_DIR=.build-bench
LOG="$BENCH_DIR/sha256-log-${NODES}n.jsonl"
REDO="$SCRATCH/release/redo-conform"
BENCH="$SCRATCH/release/redo-bench"
mkdir -p "$BENCH_DIR"

if [ "$BUILD" = 1 ]; then
  scratch_args=()
  [ "$SCRATCH" = .build ] || scratch_args=(--scratch-path "$SCRATCH")
  for product in redo-conform redo-bench; do
    echo "+ swift build -c release ${scratch_args[*]+${scratch_args[*]} }--product $product" >&2
    if ! swift build -c release ${scratch_args[@]+"${scratch_args[@]}"} --product "$product" > "$BENCH_DIR/build.log" 2>&1; then
      tail -20 "$BENCH_DIR/build.log"
      echo "swift build failed; reporting with the existing binaries if there are any"
    fi
  done
fi
for tool in "$REDO" "$BENCH"; do
  [ -x "$tool" ] || { echo "missing $tool: nothing to report"; exit 0; }
done

. Scripts/bench/generated-log.sh
ensure_generated_log "$REDO" "$LOG" --nodes "$NODES" --seed bench
[ -s "$LOG" ] || { echo "no log at $LOG: nothing to report"; exit 0; }
echo "input: $LOG, $NODES nodes, $(stat -c %s "$LOG") bytes"
echo "cpu: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)," \
  "SHA extensions: $(grep -qw sha_ni /proc/cpuinfo 2>/dev/null && echo yes || echo no)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) (other work on the machine skews every number)"

OUT="$BENCH_DIR/sha256-bench.out"
echo "+ $BENCH sha256 --log $LOG --rounds $ROUNDS --seconds $SECONDS_PER_FIGURE"
"$BENCH" sha256 --log "$LOG" --rounds "$ROUNDS" --seconds "$SECONDS_PER_FIGURE" > "$OUT" 2>&1
echo "  exit status $?"
sed 's/^/  /' "$OUT"

# Lines: "round K NAME cpu NS ns/UNIT RATE UNIT2 wall NS ns/UNIT"
summary() { # summary NAME: median and min-max of the CPU ns per item
  awk -v name="$1" '$1 == "round" && $3 == name { print $5 }' "$OUT" | sort -g |
    awk '{ v[NR] = $1 } END { if (NR == 0) { print "n/a"; exit }
           m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
           printf "%.1f [%s-%s]", m, v[1], v[NR] }'
}
BYTES=$(awk '$1 == "bodies" { print $4 }' "$OUT")
echo
echo "median of $ROUNDS rounds, thread CPU time (min-max in brackets); bodies of $BYTES bytes on average"
printf '%-22s %-30s %s\n' figure "ns per item" "rate at the median"
for name in swift-crypto-sha256 libsodium-sha256 ed25519-verify; do
  s=$(summary "$name")
  m=${s%% *}
  rate=$(awk -v m="$m" -v b="${BYTES:-0}" -v n="$name" 'BEGIN { if (m + 0 <= 0) print "n/a";
           else if (n ~ /sha256/) printf "%.1f MB/s", b * 1e3 / m; else printf "%.0f verify/s", 1e9 / m }')
  printf '%-22s %-30s %s\n' "$name" "$s" "$rate"
done
awk -v a="$(summary swift-crypto-sha256)" -v b="$(summary libsodium-sha256)" -v v="$(summary ed25519-verify)" 'BEGIN {
  split(a, x, " "); split(b, y, " "); split(v, z, " ")
  if (x[1] + 0 > 0 && y[1] + 0 > 0 && z[1] + 0 > 0)
    printf "swift-crypto is %.2fx libsodium; a node'"'"'s hash is %.1f%% of its signature check (libsodium: %.1f%%)\n",
      y[1] / x[1], 100 * x[1] / z[1], 100 * y[1] / z[1] }'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
exit 0
