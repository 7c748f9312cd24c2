// Checks that a validate peer reaches the same verdicts as redo-conform, record by record.
//
//   node Peers/peer-parity.mjs [--redo PATH] [--log FILE.jsonl]... -- PEER-COMMAND...
//
// e.g.  node Peers/peer-parity.mjs -- .build-bench/venv/bin/python Peers/python/validate_peer.py
//       node Peers/peer-parity.mjs --log .build-bench/scale/fan-100000.jsonl -- node Peers/web/validate-peer.mjs
//
// A peer is benchmarked against `redo-conform validate` only if it does the same
// validation, so this script holds it to the same verdicts:
//   1. every case of Vectors/nodes (node-level rules alone, the case's profile): the
//      record's status and primary code must equal the manifest's;
//   2. every scenario of Vectors/logs (all rules, synced profile): every line's status and
//      primary code must equal the manifest's;
//   3. every --log FILE: every line's status and code must equal what
//      `redo-conform validate FILE --format json` reports (--redo, default
//      .build/release/redo-conform).
//
// The peer contract (its --report mode):
//   PEER FILE.jsonl --report [--nodes-only] [--profile synced|local] [--workers N] [--max-record-bytes N]
// prints one line per non-blank line of FILE, in line order:  LINE<TAB>STATUS<TAB>CODE
// where STATUS is valid | rejected | duplicate and CODE the primary code, or "-".
// --max-record-bytes is passed for the node cases that set their own record limit.
//
// Node cases are files of one node, some pretty-printed; each is fed to the peer as a
// one-line JSON Lines file (CR and LF become spaces: JSON strings cannot hold them raw, so
// the meaning is unchanged). Exit status 0 when every verdict agrees, 1 otherwise.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const split = args.indexOf('--');
if (split < 1 && split !== 0) usage();
const own = args.slice(0, split);
const peer = args.slice(split + 1);
if (peer.length === 0) usage();
let redo = '.build/release/redo-conform';
const extraLogs = [];
for (let i = 0; i < own.length; i++) {
  if (own[i] === '--redo') redo = own[++i];
  else if (own[i] === '--log') extraLogs.push(own[++i]);
  else usage();
}

function usage() {
  console.error('usage: node peer-parity.mjs [--redo PATH] [--log FILE]... -- PEER-COMMAND...');
  process.exit(2);
}

/** Runs the peer in report mode; returns Map line -> {status, code}. */
function peerReport(file, extra) {
  let out;
  try {
    out = execFileSync(peer[0], [...peer.slice(1), file, '--report', ...extra], {
      encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'inherit'],
    });
  } catch (error) {
    if (error.status !== 0 && error.status !== 1) throw error; // 1 = some record rejected
    out = error.stdout;
  }
  const verdicts = new Map();
  for (const row of out.split('\n')) {
    if (row === '') continue;
    const [line, status, code] = row.split('\t');
    verdicts.set(Number(line), { status, code: code === '-' ? null : code });
  }
  return verdicts;
}

let cases = 0;
let differences = 0;
function compare(label, expected, got) {
  cases++;
  const want = `${expected.status} ${expected.code ?? '-'}`;
  const have = got ? `${got.status} ${got.code ?? '-'}` : 'no verdict';
  if (want !== have) {
    differences++;
    if (differences <= 40) console.log(`DIFF ${label}: expected ${want}, peer ${have}`);
  }
}

const work = mkdtempSync(join(tmpdir(), 'peer-parity-'));
try {
  // 1. node cases
  const nodes = JSON.parse(readFileSync('Vectors/nodes/manifest.json', 'utf8'));
  for (const c of nodes.cases) {
    const text = readFileSync(join('Vectors/nodes', c.file)).toString('latin1').replace(/[\r\n]/g, ' ');
    const file = join(work, `${c.id}.jsonl`);
    writeFileSync(file, Buffer.from(text.trim() + '\n', 'latin1'));
    const limit = c.maxRecordBytes === undefined ? [] : ['--max-record-bytes', String(c.maxRecordBytes)];
    const got = peerReport(file, ['--nodes-only', '--profile', c.profile, '--workers', '1', ...limit]);
    compare(`nodes/${c.id}`, { status: c.expected.status, code: c.expected.code ?? null }, got.get(1));
  }
  // 2. log scenarios: expected[i] is the verdict on the i-th record (non-blank line)
  const logs = JSON.parse(readFileSync('Vectors/logs/manifest.json', 'utf8'));
  for (const s of logs.scenarios) {
    const path = join('Vectors/logs', s.file);
    const recordLines = readFileSync(path, 'latin1').split('\n').map((text, k) => [text, k + 1])
      .filter(([text]) => !/^[ \t\r]*$/.test(text)).map(([, line]) => line);
    const got = peerReport(path, ['--workers', '2']);
    s.expected.forEach((e, i) => compare(`logs/${s.id}:${recordLines[i]}`, { status: e.status, code: e.code ?? null }, got.get(recordLines[i])));
  }
  // 3. any log against redo-conform's own report
  for (const log of extraLogs) {
    let json;
    try {
      json = execFileSync(redo, ['validate', log, '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 31 >>> 0 });
    } catch (error) {
      // 1: findings; 2: a usage or I/O problem, still with a report of what could be read.
      if (error.status !== 1 && error.status !== 2) throw error;
      json = error.stdout;
    }
    const report = JSON.parse(json);
    const got = peerReport(log, ['--workers', '2']);
    let compared = 0;
    for (const r of report.records) {
      const line = Number(r.source.slice(r.source.lastIndexOf(':') + 1));
      compare(`${log}:${line}`, { status: r.status, code: r.code }, got.get(line));
      compared++;
    }
    if (got.size !== compared) {
      differences++;
      console.log(`DIFF ${log}: redo-conform reported ${compared} records, the peer ${got.size}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`peer-parity: ${cases} verdicts compared, ${differences} differ (${peer.join(' ')})`);
process.exit(differences === 0 ? 0 : 1);
