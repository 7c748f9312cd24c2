#!/usr/bin/env bash
# Times `validate` of two redo-conform binaries on one log, alternating A and B each round
# so that the machine's drift hits both alike; prints each run and, per binary, the
# median and range of wall and CPU seconds, and B's median as a share of A's.
#
#   bash Scripts/bench/compare-binaries.sh A_BINARY B_BINARY LOG.jsonl [ROUNDS]   (default 5)
#
# e.g. the binary of the last release against a fresh build, on
# `redo-conform vectors log --seed bench --nodes 500000 --out LOG.jsonl`.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: compare-binaries.sh A_BINARY B_BINARY LOG.jsonl [ROUNDS]" >&2; exit 2; }
a=$1 b=$2 log=$3 rounds=${4:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "log: $log ($(wc -c < "$log") bytes); load: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$rounds"); do
    for side in A B; do
        bin=$a; [ $side = B ] && bin=$b
        /usr/bin/time -f "%e %U %S %M" -o "$out/time" "$bin" validate "$log" --format json --output /dev/null --quiet
        read -r wall user sys rss < "$out/time"
        cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
        echo "$side $wall $cpu $rss" >> "$out/runs"
        echo "round $round $side: wall ${wall} s, CPU ${cpu} s, peak ${rss} KB"
    done
done
summary() { # SIDE COLUMN
    awk -v s="$1" -v c="$2" '$1 == s { print $c }' "$out/runs" | sort -g |
        awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f %.2f %.2f", m, v[1], v[NR] }'
}
for side in A B; do
    read -r wm wl wh <<< "$(summary $side 2)"
    read -r cm cl ch <<< "$(summary $side 3)"
    echo "$side: wall median $wm s ($wl-$wh), CPU median $cm s ($cl-$ch)"
done
read -r aw _ <<< "$(summary A 2)"; read -r bw _ <<< "$(summary B 2)"
read -r ac _ <<< "$(summary A 3)"; read -r bc _ <<< "$(summary B 3)"
awk -v aw="$aw" -v bw="$bw" -v ac="$ac" -v bc="$bc" 'BEGIN { printf "B/A: wall %.3f, CPU %.3f\n", bw / aw, bc / ac }'
