#!/usr/bin/env bash
# Cross-check the JVM harness against redo-conform, one JSON Lines log at a time:
#   - verdicts: every record's line, status, primary code and claimed id
#     (LogValidator against `redo-conform validate --format json`);
#   - state: the reconstructed state's canonical bytes (Reconstructor against
#     `redo-conform reconstruct --format json`), with the JVM's own verdicts, and again
#     with redo-conform's verdicts so that a reconstruction difference shows on its own.
#
#   bash Peers/jvm/check-log.sh [--bin REDO_CONFORM] [--only verdicts|state] LOG.jsonl...
#
# Prints one line per log and difference; exit 1 when any log differs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
bin="$root/.build/release/redo-conform"
only=""
while [[ $# -gt 0 && "$1" == --* ]]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    *) echo "usage: check-log.sh [--bin REDO_CONFORM] [--only verdicts|state] LOG.jsonl..." >&2; exit 2 ;;
  esac
done
[[ $# -gt 0 ]] || { echo "usage: check-log.sh [--bin REDO_CONFORM] [--only verdicts|state] LOG.jsonl..." >&2; exit 2; }
[[ -x "$bin" ]] || { echo "check-log.sh: no redo-conform at $bin (swift build -c release, or --bin)" >&2; exit 2; }
for log in "$@"; do
  [[ -f "$log" && -r "$log" ]] || { echo "check-log.sh: $log: no such readable file" >&2; exit 2; }
done
classes="$(bash "$here/compile.sh")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# redo-conform's JSON report as "LINE STATUS CODE ID" lines, the form Harness --verdicts prints.
report_lines='
const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
const rows = r.records.map(x => [Number(x.source.slice(x.source.lastIndexOf(":") + 1)), x.status, x.code ?? "-", x.id ?? "-"]);
rows.sort((a, b) => a[0] - b[0]);
process.stdout.write(rows.map(x => x.join(" ") + "\n").join(""));'

failed=0
for log in "$@"; do
  "$bin" validate "$log" --format json > "$work/report.json" || [[ $? -eq 1 ]]
  if [[ "$only" != state ]]; then
    node -e "$report_lines" < "$work/report.json" > "$work/ours.txt"
    if ! java -cp "$classes" Harness --verdicts "$log" > "$work/jvm.txt" 2> "$work/err.txt"; then
      echo "$log: verdicts: the JVM failed: $(head -c 300 "$work/err.txt")"; failed=1
    elif ! diff "$work/ours.txt" "$work/jvm.txt" > "$work/diff.txt"; then
      echo "$log: verdicts differ (< redo-conform, > jvm):"; head -20 "$work/diff.txt"; failed=1
    fi
  fi
  if [[ "$only" != verdicts ]]; then
    "$bin" reconstruct "$log" --format json > "$work/state-ours.json" || [[ $? -eq 1 ]]
    echo >> "$work/state-ours.json"
    for source in report jvm; do
      if [[ "$source" == report ]]; then extra=(--verdicts-from "$work/report.json"); else extra=(); fi
      if [[ "$source" == jvm && "$only" == state ]]; then continue; fi
      if ! java -cp "$classes" Harness --state "$log" "${extra[@]}" > "$work/state-jvm.json" 2> "$work/err.txt"; then
        echo "$log: state ($source verdicts): the JVM failed: $(head -c 300 "$work/err.txt")"; failed=1
      elif ! cmp -s "$work/state-ours.json" "$work/state-jvm.json"; then
        echo "$log: state ($source verdicts) differs: first difference at byte $(cmp "$work/state-ours.json" "$work/state-jvm.json" | awk '{print $5}' | tr -d ,)"; failed=1
      fi
    done
  fi
done
[[ $failed -eq 0 ]] && echo "check-log: $# log(s), no difference"
exit $failed
