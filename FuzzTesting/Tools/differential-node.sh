#!/usr/bin/env bash
# Differential replay of a corpus of JSON inputs: redo-conform versus Node.
#   bash Scripts/fuzz.sh differential [DIR...]   (default: FuzzTesting/Corpus/json and
#                                                FuzzTesting/.build/runs/corpus-json, when present)
# Builds `redo-conform` (release, scratch FuzzTesting/.build-differential), runs
# `redo-conform canonicalize` on every file, and for every input it accepts compares its bytes
# with the web platform's canonicalizer (JSON.parse + JCS) via FuzzTesting/Tools/replay-node.mjs.
# Inputs redo-conform rejects are skipped: JSON.parse accepts duplicate keys, lone
# surrogates and out-of-range numbers, which I-JSON forbids. Prints every difference and
# a summary; exit status 1 when any input differs.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=FuzzTesting/.build/runs
[ $# -gt 0 ] || { set -- FuzzTesting/Corpus/json; [ -d $runs/corpus-json ] && set -- "$@" $runs/corpus-json; }
# The main package's executable, uninstrumented, in a scratch folder of its own.
scratch=FuzzTesting/.build-differential
swift build -c release --product redo-conform --scratch-path $scratch 2>&1 | grep -v '^\[' | tail -n 3 >&2
BIN=$(swift build -c release --scratch-path $scratch --show-bin-path)/redo-conform
WORK=$runs/differential
rm -rf "$WORK"; mkdir -p "$WORK/in" "$WORK/out"
pairs=$WORK/pairs.tsv; : > "$pairs"
total=0 rejected=0 k=0
while IFS= read -r -d '' f; do
    k=$((k + 1))
    # Both sides read one copy: a fuzzer running beside may rewrite or drop corpus files.
    cp "$f" "$WORK/in/$k" 2> /dev/null || continue
    total=$((total + 1))
    if "$BIN" canonicalize "$WORK/in/$k" > "$WORK/out/$k" 2> /dev/null; then
        printf '%s\t%s\t%s\n' "$WORK/in/$k" "$WORK/out/$k" "$f" >> "$pairs"
    else
        rejected=$((rejected + 1))
    fi
done < <(find "$@" -type f -print0 | sort -z)
echo "inputs: $total, rejected by redo-conform (skipped): $rejected, accepted: $((total - rejected))"
node FuzzTesting/Tools/replay-node.mjs "$pairs"
