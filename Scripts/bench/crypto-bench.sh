#!/usr/bin/env bash
# Side-by-side throughput report: redo-conform (Swift) against its peers.
#
#   bash Scripts/bench/crypto-bench.sh [--rounds N] [--seconds S] [--no-build]
#
#   parse + RFC 8785 canonicalize   redo-bench canonicalize   vs node (JSON.parse + jcs.mjs)
#   SHA-256, 1 MiB and 300 B        redo-bench sha256         vs C over libsodium
#   Ed25519 verify                  redo-bench verify         vs C over libsodium
#
# Builds redo-bench (release) and .build-bench/sodium-bench, generates the inputs when
# missing, checks that both canonicalizers print byte-identical output, then runs every
# measurement N times (default 3), ours and the peer's alternately so that load on a
# noisy machine hits both alike, and prints the median of each with the ratio
# ours/peer next to its target (canonicalization >= 2.0x, SHA-256 and verify >= 0.95).
# It is a report: it always exits 0. SWIFT_SCRATCH_PATH=DIR builds in DIR instead of
# .build (useful while another build holds .build's lock).
set -u
cd "$(dirname "$0")/../.."

echo "command: bash Scripts/bench/crypto-bench.sh $*"

ROUNDS=3
SECONDS_PER_RUN=2
BUILD=1
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS="$2"; shift 2 ;;
    --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    *) echo "usage: crypto-bench.sh [--rounds N] [--seconds S] [--no-build]"; exit 0 ;;
  esac
done

SCRATCH="${SWIFT_SCRATCH_PATH:-.build}"
BENCH_DIR=.build-bench
INPUTS="$BENCH_DIR/inputs"
REDO="$SCRATCH/release/redo-bench"
SODIUM="$BENCH_DIR/sodium-bench"
mkdir -p "$BENCH_DIR"

run() { echo "+ $*" >&2; "$@"; }

if [ "$BUILD" = 1 ]; then
  scratch_args=()
  [ "$SCRATCH" = .build ] || scratch_args=(--scratch-path "$SCRATCH")
  echo "+ swift build -c release ${scratch_args[*]+${scratch_args[*]} }--product redo-bench" >&2
  if ! swift build -c release ${scratch_args[@]+"${scratch_args[@]}"} --product redo-bench > "$BENCH_DIR/build.log" 2>&1; then
    tail -20 "$BENCH_DIR/build.log"
    echo "swift build failed; reporting with the existing $REDO if there is one"
  fi
  run cc -O2 -o "$SODIUM" Peers/c/sodium-bench.c -lsodium || echo "cc sodium-bench.c failed"
fi
if [ ! -f "$INPUTS/nodes-100k.jsonl" ] || [ ! -f "$INPUTS/numbers-unicode.json" ]; then
  run node Peers/web/tools/gen-inputs.mjs --out "$INPUTS"
fi
for tool in "$REDO" "$SODIUM"; do
  [ -x "$tool" ] || { echo "missing $tool: nothing to report"; exit 0; }
done

# --- same bytes first: a fast wrong answer is no answer -----------------------------
OUT="$BENCH_DIR/canonical-check"
mkdir -p "$OUT"
identical=yes
for spec in "nodes-100k.jsonl --jsonl" "numbers-unicode.json"; do
  set -- $spec
  name="$1"; shift
  "$REDO" canonicalize "$INPUTS/$name" "$@" --seconds 0 --out "$OUT/redo-$name" >/dev/null
  node Peers/web/tools/node-canon.mjs --file "$INPUTS/$name" "$@" --seconds 0 --out "$OUT/node-$name" >/dev/null
  if cmp -s "$OUT/redo-$name" "$OUT/node-$name"; then
    echo "canonical output of $name: byte-identical to node"
    rm -f "$OUT/redo-$name" "$OUT/node-$name"
  else
    echo "canonical output of $name: DIFFERS from node (see $OUT/)"
    identical=no
  fi
done

# --- measurements, alternating ours and the peer's ---------------------------------
RESULTS="$BENCH_DIR/results.$$"
: > "$RESULTS"
record() { # record KEY: appends "KEY value" for every "<who> <what> <value> <unit>" line read
  awk -v key="$1" '{ print key, $3 }' >> "$RESULTS"
}

for round in $(seq 1 "$ROUNDS"); do
  echo "round $round/$ROUNDS" >&2
  for spec in "nodes-100k.jsonl --jsonl" "numbers-unicode.json"; do
    set -- $spec
    name="$1"; shift
    "$REDO" canonicalize "$INPUTS/$name" "$@" --seconds "$SECONDS_PER_RUN" | record "ours-$name"
    node Peers/web/tools/node-canon.mjs --file "$INPUTS/$name" "$@" --seconds "$SECONDS_PER_RUN" | record "peer-$name"
  done
  "$REDO" sha256 --seconds "$SECONDS_PER_RUN" | awk '{ print ($2 == "sha256" ? "ours-sha256" : "ours-sha256-300B"), $3 }' >> "$RESULTS"
  "$REDO" verify --seconds "$SECONDS_PER_RUN" | record "ours-verify"
  # redo-bench verify repeats one fixed signature, so it is compared with sodium-bench's
  # fixed-signature line (its distinct-signature line is validate-bench's ceiling).
  "$SODIUM" "$SECONDS_PER_RUN" | awk '$2 == "sha256" { print "peer-sha256", $3 } $2 == "sha256-300B" { print "peer-sha256-300B", $3 }
                                      $2 == "ed25519-verify" { print "peer-verify", $3 }' >> "$RESULTS"
done

median() { # median of the values recorded under KEY
  awk -v key="$1" '$1 == key { print $2 }' "$RESULTS" | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
spread() { # min-max of the values recorded under KEY
  awk -v key="$1" '$1 == key { print $2 }' "$RESULTS" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { if (NR) printf "%s-%s", lo, hi }'
}

echo
echo "redo-conform vs peers: median of $ROUNDS alternating runs of ${SECONDS_PER_RUN}s (min-max in brackets)"
printf '%-36s %-34s %-34s %7s %7s\n' "measurement" "redo-conform" "peer" "ratio" "target"
row() { # row LABEL KEY UNIT PEER TARGET
  local ours peer ratio verdict
  ours=$(median "ours-$2"); peer=$(median "peer-$2")
  ratio=$(awk -v a="$ours" -v b="$peer" 'BEGIN { if (b + 0 > 0 && a + 0 > 0) printf "%.2f", a / b; else print "n/a" }')
  verdict=$(awk -v r="$ratio" -v t="$5" 'BEGIN { if (r == "n/a") print "?"; else if (r + 0 >= t + 0) print "ok"; else print "BELOW TARGET" }')
  printf '%-36s %-34s %-34s %6sx %6sx  %s\n' "$1" "$ours $3 [$(spread "ours-$2")]" "$4 $peer [$(spread "peer-$2")]" "$ratio" "$5" "$verdict"
}
row "canonicalize nodes-100k.jsonl"   nodes-100k.jsonl     "MB/s"     "node"        2.0
row "canonicalize numbers-unicode.json" numbers-unicode.json "MB/s"   "node"        2.0
row "sha256 1 MiB"                    sha256               "MB/s"     "c-libsodium" 0.95
row "sha256 300 B"                    sha256-300B          "MB/s"     "c-libsodium" 0.95
row "ed25519 verify"                  verify               "verify/s" "c-libsodium" 0.95
echo "canonical outputs identical to node: $identical"
rm -f "$RESULTS"
exit 0
