#!/usr/bin/env bash
# Side-by-side report for `redo-conform validate` on a large generated signed log.
#
#   bash Scripts/bench/validate-bench.sh [NODES] [TASKS]      (default 1000000 200000)
#
# 0. checks both peers with Peers/peer-parity.mjs on the node and log
#    vectors (every verdict must equal redo-conform's) and prints the result;
# 1. builds redo-conform (release) and .build-bench/sodium-bench (C over libsodium);
# 2. generates .build-bench/validate-log-<NODES>n-<TASKS>t.jsonl when missing or made by
#    another version of the generator (Scripts/bench/generated-log.sh)
#    (`redo-conform vectors log`, seed "bench");
# 3. runs, one after the other on the same file (page cache warmed first):
#      C ceiling     sodium-bench's single-core Ed25519 verify/s × nproc, over 4096
#                    distinct keys and signatures on messages of the log's mean body size,
#                    measured before and after each redo-conform run (the best of
#                    CEILING_SAMPLES samples, default 3: Scripts/bench/ceiling.sh)
#      redo-conform  validate FILE --quiet   (all rules, all cores), under /usr/bin/time -v,
#                    REDO_RUNS times (default 3), each held to the mean ceiling around it;
#                    the median run is reported
#      python-peer   Peers/python/validate_peer.py --workers 2: the same validation
#                    (every node and log rule; held to redo-conform's verdicts by
#                    Peers/peer-parity.mjs)
#      node-peer     Peers/web/validate-peer.mjs --workers 2: the same
#      and both peers again with --crypto-only (ids and signatures only: a lower bound on
#      any validator's cost, printed for comparison)
# 4. prints every command, each tool's output, and a table against the targets:
#      redo-conform nodes/s >= 85% of the C ceiling (the speed measure) and peak RSS < 1.5x
#      the file size; then the ratios to the full-validation peers, for comparison only
#      (they verify with libsodium or OpenSSL too, so the ceiling bounds them as well). Every tool must find
#      every node valid.
#
# Rates are nodes / wall-clock seconds of the whole process (start-up included) for all
# three. It is a report: it always exits 0.
# Environment: SWIFT_SCRATCH_PATH=DIR builds in DIR instead of .build; REDO_CONFORM=PATH
# uses that binary and skips the Swift build; PYTHON=PATH uses that interpreter instead of
# the .build-bench/venv this script creates (with rfc8785 and pynacl from PyPI).
set -u
cd "$(dirname "$0")/../.."

NODES="${1:-1000000}"
TASKS="${2:-200000}"
BENCH_DIR=.build-bench
OUT="$BENCH_DIR/validate-run"
LOG="$BENCH_DIR/validate-log-${NODES}n-${TASKS}t.jsonl"
SODIUM="$BENCH_DIR/sodium-bench"
SCRATCH="${SWIFT_SCRATCH_PATH:-.build}"
REDO="${REDO_CONFORM:-$SCRATCH/release/redo-conform}"
CORES=$(nproc)
mkdir -p "$OUT"

echo "command: bash Scripts/bench/validate-bench.sh $*"
exec 3>&1                          # the report's stdout, also while a command's is redirected
show() { echo "+ $*" >&3; }        # print a command exactly as it is run
run() { show "$@"; "$@"; }

# --- tools ---------------------------------------------------------------------------
if [ -z "${REDO_CONFORM:-}" ]; then
  scratch_args=()
  [ "$SCRATCH" = .build ] || scratch_args=(--scratch-path "$SCRATCH")
  if ! run swift build -c release ${scratch_args[@]+"${scratch_args[@]}"} --product redo-conform > "$OUT/build.log" 2>&1; then
    tail -20 "$OUT/build.log"
    echo "swift build failed; reporting with the existing $REDO if there is one"
  fi
fi
[ -x "$REDO" ] || { echo "missing $REDO: nothing to report"; exit 0; }
run cc -O2 -o "$SODIUM" Peers/c/sodium-bench.c -lsodium || echo "cc sodium-bench.c failed"

if [ ! -x /usr/bin/time ]; then
  run apt-get install -y -q time > /dev/null 2>&1 || { run apt-get update -q > /dev/null 2>&1 && run apt-get install -y -q time > /dev/null 2>&1; }
fi
[ -x /usr/bin/time ] || echo "warning: /usr/bin/time missing (apt-get install time); wall time from date, no peak RSS"

PYTHON="${PYTHON:-}"
if [ -z "$PYTHON" ]; then
  PYTHON="$BENCH_DIR/venv/bin/python"
  if ! "$PYTHON" -c 'import rfc8785, nacl.signing' 2>/dev/null; then
    { run python3 -m venv "$BENCH_DIR/venv" && run "$PYTHON" -m pip install -q -r Peers/python/requirements.txt; } ||
      { echo "could not set up $BENCH_DIR/venv; trying the system python3"; PYTHON=python3; }
  fi
fi

# --- the peers must reach redo-conform's verdicts on every node and log vector ----------
for peer in "$PYTHON Peers/python/validate_peer.py" "node Peers/web/validate-peer.mjs"; do
  show node Peers/peer-parity.mjs -- $peer
  # shellcheck disable=SC2086 # the peer command is words on purpose
  node Peers/peer-parity.mjs --redo "$REDO" -- $peer 2>&1 | tail -3 | sed 's/^/  /'
done

# --- input ---------------------------------------------------------------------------
. Scripts/bench/generated-log.sh
. Scripts/bench/ceiling.sh
ensure_generated_log "$REDO" "$LOG" --nodes "$NODES" --tasks "$TASKS" --seed bench
[ -s "$LOG" ] || { echo "no log at $LOG: nothing to report"; exit 0; }
FILE_BYTES=$(stat -c %s "$LOG")
echo "input: $LOG, $NODES nodes over $TASKS tasks, $FILE_BYTES bytes; $CORES cores"
echo "load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews every number)"
cat "$LOG" > /dev/null # warm the page cache so the first tool does not pay for the disk

# measure NAME CMD...: runs CMD with stdout/stderr in $OUT/NAME.{out,err}; records wall
# seconds, peak RSS (KiB), CPU seconds (user + system) and CPU share in $OUT/NAME.time.
measure() {
  local name="$1"; shift
  show "$@"
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -v -o "$OUT/$name.rusage" "$@" > "$OUT/$name.out" 2> "$OUT/$name.err"
    echo "  exit status $?"
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + p[i] }
                /Maximum resident set size/ { r = $2 }
                /User time|System time/ { c += $2 }
                /Percent of CPU/ { share = $2 }
                END { print w, r, c, share }' "$OUT/$name.rusage" > "$OUT/$name.time"
  else
    local t0 t1
    t0=$(date +%s.%N)
    "$@" > "$OUT/$name.out" 2> "$OUT/$name.err"
    echo "  exit status $?"
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a, "n/a", "n/a", "n/a" }' > "$OUT/$name.time"
  fi
  sed 's/^/  /' "$OUT/$name.out"
  head -5 "$OUT/$name.err" | sed 's/^/  stderr: /'
}

# --- runs ----------------------------------------------------------------------------
echo
# The ceiling verifies distinct signatures over messages of the log's mean canonical-body
# size: a line less its id and signature members ("id":"sha256:<64>", is 79 bytes,
# "signature":"<128>", 143) and its newline. sodium-bench also prints the figure for one
# fixed 300-byte signature, verified again and again, for comparison (it flatters).
BODY_BYTES=$(( FILE_BYTES / NODES - 223 ))
[ "$BODY_BYTES" -ge 1 ] || BODY_BYTES=300
# The machine is shared: the ceiling moves by several percent from one minute to the
# next. So redo-conform runs REDO_RUNS times (default 3), the ceiling is measured before
# the first run and after each one, each run is held to the mean of the ceilings just
# before and just after it, and the run with the median share stands for redo-conform
# below (its wall time, CPU and memory).
RUNS="${REDO_RUNS:-3}"
sodium() { # sodium K: the best of CEILING_SAMPLES sodium-bench runs (ceiling.sh); prints its distinct-verify rate per core
  show "$SODIUM" 2 "$BODY_BYTES" "# the best of ${CEILING_SAMPLES:-3} runs"
  local best
  best=$(sodium_best "$SODIUM" "$BODY_BYTES" "$OUT/sodium-$1")
  cat "$OUT/sodium-$1"-*.out | sed 's/^/  /' >&3
  echo "$best"
}
CEIL_BEFORE=$(sodium 0)
CEIL_FIXED=$(cat "$OUT"/sodium-0-*.out | awk '$2 == "ed25519-verify" && $3 > m { m = $3 } END { print m }')
: > "$OUT/redo-runs.txt"
for k in $(seq 1 "$RUNS"); do
  measure "redo-$k" "$REDO" validate "$LOG" --quiet
  CEIL_AFTER=$(sodium "$k")
  awk -v k="$k" -v n="$NODES" -v w="$(awk '{ print $1 }' "$OUT/redo-$k.time")" -v a="${CEIL_BEFORE:-0}" -v b="${CEIL_AFTER:-0}" -v c="$CORES" \
    'BEGIN { per = (a + b) / 2; share = (w > 0 && per > 0) ? 100 * n / w / (per * c) : 0; printf "%d %.2f %.0f %.0f %.0f %.1f\n", k, w, (w > 0 ? n / w : 0), a, b, share }' >> "$OUT/redo-runs.txt"
  CEIL_BEFORE=$CEIL_AFTER
done
echo "redo-conform runs (run, wall s, nodes/s, ceiling per core before and after, share of the mean ceiling):"
sed 's/^/  /' "$OUT/redo-runs.txt"
MEDIAN=$(sort -k6 -n "$OUT/redo-runs.txt" | awk -v m="$(( (RUNS + 1) / 2 ))" 'NR == m { print $1 }')
for f in time out err rusage; do [ -e "$OUT/redo-$MEDIAN.$f" ] && cp "$OUT/redo-$MEDIAN.$f" "$OUT/redo.$f"; done
CEIL1=$(awk -v m="$MEDIAN" '$1 == m { printf "%.0f", ($4 + $5) / 2 }' "$OUT/redo-runs.txt")
echo "the median run is run $MEDIAN: it stands for redo-conform below, against its ceiling $CORES × $CEIL1"
CEILING=$(awk -v c="${CEIL1:-0}" -v n="$CORES" 'BEGIN { printf "%.0f", c * n }')
measure python "$PYTHON" Peers/python/validate_peer.py "$LOG" --workers 2
measure node node Peers/web/validate-peer.mjs "$LOG" --workers 2
measure python-crypto "$PYTHON" Peers/python/validate_peer.py "$LOG" --workers 2 --crypto-only
measure node-crypto node Peers/web/validate-peer.mjs "$LOG" --workers 2 --crypto-only

# --- report --------------------------------------------------------------------------
wall() { awk '{ print $1 }' "$OUT/$1.time"; }
rss() { awk '{ print $2 }' "$OUT/$1.time"; }
cpu_share() { awk '{ print $4 }' "$OUT/$1.time"; }
cpu_us() { awk -v n="$NODES" '{ if ($3 + 0 > 0) printf "%.0f", $3 * 1e6 / n; else print "n/a" }' "$OUT/$1.time"; }
# nodes and valid counts: from redo-conform's summary "... N nodes: V valid, ..." and the
# peers' "<peer> N nodes S s R nodes/s V valid"
REDO_NODES=$(grep -o '[0-9]* nodes:' "$OUT/redo.out" | head -1 | awk '{ print $1 }')
REDO_VALID=$(grep -o '[0-9]* valid' "$OUT/redo.out" | head -1 | awk '{ print $1 }')
peer_field() { awk -v f="$2" '$3 == "nodes" && $9 == "valid" { print $f }' "$OUT/$1.out" | head -1; }
rate() { awk -v n="$NODES" -v w="$1" 'BEGIN { if (w > 0) printf "%.0f", n / w; else print "n/a" }'; }
OURS=$(rate "$(wall redo)"); PY=$(rate "$(wall python)"); NJS=$(rate "$(wall node)")
PY_CRYPTO=$(rate "$(wall python-crypto)"); NJS_CRYPTO=$(rate "$(wall node-crypto)")

echo
printf '%-36s %8s %8s %7s %9s %5s %12s %12s\n' tool nodes valid "wall s" nodes/s CPU "CPU µs/node" "peak RSS MB"
line() { # line LABEL NAME NODES VALID
  printf '%-36s %8s %8s %7s %9s %5s %11s %12s\n' "$1" "${3:-?}" "${4:-?}" "$(wall "$2")" "$(rate "$(wall "$2")")" \
    "$(cpu_share "$2")" "$(cpu_us "$2")" "$(awk -v r="$(rss "$2")" 'BEGIN { if (r + 0 > 0) printf "%.0f", r / 1024; else print "n/a" }')"
}
printf '%-36s %8s %8s %7s %9s %5s %11s %12s\n' "C ed25519 verify ceiling ($CORES×${CEIL1:-?})" "" "" "" "$CEILING" "" \
  "$(awk -v c="${CEIL1:-0}" 'BEGIN { if (c > 0) printf "%.0f", 1e6 / c; else print "n/a" }')" ""
printf '%-36s %8s %8s %7s %9s %5s %11s %12s\n' "  (one fixed signature: $CORES×${CEIL_FIXED:-?})" "" "" "" \
  "$(awk -v c="${CEIL_FIXED:-0}" -v n="$CORES" 'BEGIN { printf "%.0f", c * n }')" "" "" ""
line "redo-conform validate (all rules)" redo "$REDO_NODES" "$REDO_VALID"
line "python-peer, 2 workers (all rules)" python "$(peer_field python 2)" "$(peer_field python 8)"
line "node-peer, 2 workers (all rules)" node "$(peer_field node 2)" "$(peer_field node 8)"
line "python-peer --crypto-only (id+sig)" python-crypto "$(peer_field python-crypto 2)" "$(peer_field python-crypto 8)"
line "node-peer --crypto-only (id+sig)" node-crypto "$(peer_field node-crypto 2)" "$(peer_field node-crypto 8)"

echo "(CPU: share of one core the process got, ${CORES}00% = every core; much less than that for a"
echo " parallel tool usually means other work on the machine. CPU µs/node: user + system time / nodes."
echo " Peak RSS: GNU time's maximum over single processes, so one worker for python-peer.)"
echo
# Each target on wall-clock rates (what a user waits for), and next to it the same ratio
# on CPU time per node, which other work on the machine disturbs far less.
printf '%-34s %10s %9s %-8s %s\n' "redo-conform against" value target verdict "by CPU time per node"
target() { # target LABEL VALUE OP LIMIT UNIT [CPU-TIME VALUE]
  local verdict
  verdict=$(awk -v v="$2" -v op="$3" -v t="$4" 'BEGIN {
    if (v == "n/a" || v == "") print "?"
    else if ((op == ">=" && v + 0 >= t + 0) || (op == "<" && v + 0 < t + 0)) print "ok"
    else print "MISSED" }')
  printf '%-34s %10s %9s %-8s %s\n' "$1" "$2$5" "$3 $4$5" "$verdict" "${6:+$6$5}"
}
ratio() { awk -v a="$1" -v b="$2" -v k="${3:-1}" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", k * a / b; else print "n/a" }'; }
cpu_raw() { awk -v n="$NODES" '{ print $3 * 1e6 / n }' "$OUT/$1.time"; } # CPU µs per node
CEIL_US=$(awk -v c="${CEIL1:-0}" 'BEGIN { if (c > 0) print 1e6 / c; else print 0 }')
target "share of the C verify ceiling" "$(ratio "$OURS" "$CEILING" 100)" ">=" 85 "%" "$(ratio "$CEIL_US" "$(cpu_raw redo)" 100)"
target "peak RSS / file size" "$(ratio "$(rss redo)" "$(awk -v b="$FILE_BYTES" 'BEGIN { print b / 1024 }')")" "<" 1.5 "x"
echo "(for comparison: $(ratio "$OURS" "$PY")x python-peer and $(ratio "$OURS" "$NJS")x node-peer, every rule;" \
  "by CPU time $(ratio "$(cpu_raw python)" "$(cpu_raw redo)")x and $(ratio "$(cpu_raw node)" "$(cpu_raw redo)")x;" \
  "against peers that check ids and signatures only:" \
  "$(ratio "$OURS" "$PY_CRYPTO")x python-peer --crypto-only, $(ratio "$OURS" "$NJS_CRYPTO")x node-peer --crypto-only;" \
  "by CPU time $(ratio "$(cpu_raw python-crypto)" "$(cpu_raw redo)")x and $(ratio "$(cpu_raw node-crypto)" "$(cpu_raw redo)")x)"

echo "load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
agree=yes
for count in "$REDO_NODES" "$REDO_VALID" "$(peer_field python 2)" "$(peer_field python 8)" "$(peer_field node 2)" "$(peer_field node 8)" \
             "$(peer_field python-crypto 2)" "$(peer_field python-crypto 8)" "$(peer_field node-crypto 2)" "$(peer_field node-crypto 8)"; do
  [ "$count" = "$NODES" ] || agree=no
done
echo "every tool read $NODES nodes and found all valid: $agree (outputs in $OUT/)"
exit 0
