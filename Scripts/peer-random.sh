#!/usr/bin/env bash
# Holds the JVM and web peers to redo-conform on seeded random logs (RandomLog: forks,
# MERGEs of every policy, DELETEs, todos, SNOOZEs, duplicate and tampered records, faults
# of every code): every record's status and primary code, and the reconstructed state's
# canonical bytes, each peer with its own verdicts.
#
#   bash Scripts/peer-random.sh [--count N] [--seed S]      (default: 200 logs from seed 1)
#
# Builds redo-conform and redo-bench (release), writes the logs with
# `redo-bench random-logs`, runs each peer once over all of them (Peers/jvm Harness
# --batch, Peers/web/tools/check-batch.mjs) and prints the number of logs on which each
# peer agreed. Exit status: 0 both agree on every log, 1 some difference (the first ones
# are printed, with the command that writes the log again), 2 a tool is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
count=200
seed=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --count) count="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    *) echo "usage: peer-random.sh [--count N] [--seed S]" >&2; exit 2 ;;
  esac
done
for tool in node java javac; do
  command -v "$tool" > /dev/null || { echo "peer-random.sh: $tool is needed" >&2; exit 2; }
done
bash Scripts/ensure-deps.sh
swift build -c release --product redo-conform > /dev/null
swift build -c release --product redo-bench > /dev/null
bin=.build/release/redo-conform
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

.build/release/redo-bench random-logs --count "$count" --seed "$seed" --out "$work"
logs=("$work"/random-*.jsonl)
for log in "${logs[@]}"; do
  "$bin" validate "$log" --format json --output "$log.report.json" || [[ $? -eq 1 ]]
  "$bin" reconstruct "$log" --format json > "$log.state.json" || [[ $? -eq 1 ]]
  echo >> "$log.state.json"
done
classes="$(bash Peers/jvm/compile.sh)"
java -cp "$classes" Harness --batch "${logs[@]}"
node Peers/web/tools/check-batch.mjs "${logs[@]}"

# redo-conform's report as "LINE STATUS CODE ID" lines (the JVM's form; the web peer's
# lacks the id), then both peers compared log by log.
node --input-type=module - "$seed" "${logs[@]}" <<'JS'
import { readFileSync } from 'node:fs';
const [seed, ...logs] = process.argv.slice(2);
const read = (path) => readFileSync(path, 'utf8');
const agreed = { jvm: 0, web: 0 };
const shown = [];
for (const log of logs) {
  const report = JSON.parse(read(`${log}.report.json`));
  const rows = report.records.map((r) => [Number(r.source.slice(r.source.lastIndexOf(':') + 1)), r.status, r.code ?? '-', r.id ?? '-']);
  rows.sort((a, b) => a[0] - b[0]);
  const ours = { jvm: rows.map((r) => r.join(' ') + '\n').join(''), web: rows.map((r) => r.slice(0, 3).join(' ') + '\n').join('') };
  const state = read(`${log}.state.json`);
  for (const peer of ['jvm', 'web']) {
    const verdicts = read(`${log}.${peer}-verdicts.txt`) === ours[peer];
    const same = read(`${log}.${peer}-state.json`) === state;
    if (verdicts && same) {
      agreed[peer] += 1;
    } else if (shown.length < 10) {
      const name = log.slice(log.lastIndexOf('/') + 1);
      const logSeed = name.slice('random-'.length, -'.jsonl'.length);
      shown.push(`${peer}: ${name}: ${verdicts ? '' : 'verdicts differ'}${!verdicts && !same ? ', ' : ''}${same ? '' : 'state differs'}` +
        ` (the log: .build/release/redo-bench random-logs --count 1 --seed ${logSeed} --out DIR)`);
    }
  }
}
for (const line of shown) console.log(line);
console.log(`peers on ${logs.length} random logs from seed ${seed}: JVM agreed on ${agreed.jvm}, web on ${agreed.web} (verdicts and state)`);
process.exitCode = agreed.jvm === logs.length && agreed.web === logs.length ? 0 : 1;
JS
