// Node peer for `redo-conform validate`: the same validation, in Node 20 with built-ins only.
//
//   node Peers/web/validate-peer.mjs FILE.jsonl [--workers 2] [--profile synced|local]
//                                              [--nodes-only | --crypto-only] [--report]
//                                              [--max-record-bytes N]
//
// Modes:
//   default        every node-level and log-level rule, as `redo-conform validate FILE`.
//                  Node level (lib/node-rules.mjs), on the worker threads: I-JSON
//                  (UTF-8, no BOM, no duplicate key, no lone surrogate, finite numbers,
//                  nesting <= 512, record <= 16 MiB or --max-record-bytes), envelope and payload schemas per
//                  action, encodings (lowercase hex, lengths, UUID v4, userId = key
//                  prefix), strict UTC times, reserved names, deletedChain shape, MERGE
//                  payloads, id = SHA-256 of the RFC 8785 body, Ed25519 signature with
//                  libsodium's acceptance rules (a missing one fails under --profile
//                  synced, the default). Log level (lib/log-rules.mjs), on the main
//                  thread over all records at once: duplicates, parents, lamport,
//                  duplicate CREATE, todo references, deletedChain = ancestors, MERGE base
//                  and semantics, X_ANCESTOR_REJECTED and X_AFTER_DELETE. Every record
//                  gets a status (valid | rejected | duplicate) and a primary code.
//   --nodes-only   node-level rules only: each record judged alone.
//   --crypto-only  the original benchmark peer: per line JSON.parse, drop "id" and
//                  "signature", RFC 8785 canonical form (lib/crypto-only.mjs),
//                  SHA-256 compared with the id and Ed25519 verification of the same bytes
//                  (crypto.verify, OpenSSL); no schema or log rules. Kept for comparison.
//
// The file (JSON Lines) is split into W byte ranges, one per worker thread; each worker
// opens the file itself, aligns its range to line starts and checks its lines, sending the
// main thread per record only what the log rules need (line, code, id, parents, lamport,
// wall, task, todo ids, deletedChain, MERGE fields...). One KeyObject is cached per
// distinct author key and thread. Lines are numbered 1-based in the file; blank lines
// (spaces and tabs only) are not records but count as lines; a trailing CR is dropped.
//
// Output: one summary line
//   node-peer <records> nodes <seconds> s <records/s> nodes/s <valid> valid
// or, with --report, only one line per record in line order:  LINE<TAB>STATUS<TAB>CODE
// (CODE is the primary code, or "-"). --crypto-only has no --report.
// Exit status: 0 every record valid, 1 some record not valid, 2 usage or I/O error.
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { checkNode } from './lib/crypto-only.mjs';
import { KeyCache } from './lib/ed25519.mjs';
import { OVERLONG, isBlank, lineStartAtOrAfter, linesOf } from './lib/jsonl.mjs';
import { LogPass, STATUS_NAMES, VALID, REJECTED } from './lib/log-rules.mjs';
import { checkRecord } from './lib/node-rules.mjs';
import { CODES, MAX_RECORD_BYTES, NONE, SCHEMA } from './lib/protocol.mjs';

const BATCH = 8192; // records per message from a worker

// ---------------------------------------------------------------------------------------
// Workers

/** Worker: checks the lines starting in [start, end), posting records in batches. */
function checkRange({ path, start, end, mode, profile, maxRecordBytes }) {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  const from = lineStartAtOrAfter(fd, start, size);
  const stop = lineStartAtOrAfter(fd, end, size);
  const options = { profile, keys: new KeyCache(), maxRecordBytes };
  const cryptoKeys = new Map();
  let lines = 0, records = 0, valid = 0;
  const bad = [];
  let batch = [];
  for (let line of linesOf(fd, from, stop, maxRecordBytes)) {
    lines++;
    if (line === OVERLONG) {
      records++;
      if (mode !== 'crypto') batch.push([lines, SCHEMA, null]);
    } else {
      if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
      if (isBlank(line)) continue;
      records++;
      if (mode === 'crypto') {
        if (checkNode(line, cryptoKeys)) valid++;
        else if (bad.length < 5) bad.push(lines);
        continue;
      }
      batch.push(compact(lines, checkRecord(line, options)));
    }
    if (batch.length >= BATCH) {
      parentPort.postMessage({ batch });
      batch = [];
    }
  }
  closeSync(fd);
  parentPort.postMessage({ batch, done: { lines, records, valid, bad } });
}

/** What the main thread needs of one record (see LogPass.add). */
function compact(line, result) {
  if (result.code !== NONE) return [line, result.code, result.id];
  const { id, parents, lamport, wall, userId, action, taskId, payload } = result.node;
  return [line, NONE, id, parents, lamport, wall, userId, action, taskId, payload];
}

// ---------------------------------------------------------------------------------------
// Main thread

/**
 * Runs the workers; `onRecords(records, lineOffset)` gets every record in file order (each
 * worker's batches once the workers before it are done, so line numbers can be offset).
 * Resolves to the workers' final counts.
 */
function runWorkers(tasks, onRecords) {
  return new Promise((resolve, reject) => {
    const queues = tasks.map(() => []);
    const done = tasks.map(() => null);
    let next = 0, lineOffset = 0;
    const drain = () => {
      while (next < tasks.length) {
        for (const batch of queues[next].splice(0)) onRecords(batch, lineOffset);
        if (done[next] === null) return;
        lineOffset += done[next].lines;
        next++;
      }
      resolve(done);
    };
    tasks.forEach((task, i) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: task });
      worker.on('message', (message) => {
        queues[i].push(message.batch);
        if (message.done) done[i] = message.done;
        try {
          drain();
        } catch (error) {
          reject(error);
        }
      });
      worker.once('error', reject);
      worker.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
    });
  });
}

function usage(message) {
  if (message) console.error(`validate-peer.mjs: ${message}`);
  console.error('usage: node validate-peer.mjs FILE.jsonl [--workers N] [--profile synced|local] [--nodes-only | --crypto-only] [--report] [--max-record-bytes N]');
  return 2;
}

async function main() {
  const args = process.argv.slice(2);
  let file, workers = 2, profile = 'synced', mode = 'full', report = false, maxRecordBytes = MAX_RECORD_BYTES;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--workers') workers = Number(args[++i]);
    else if (arg === '--profile') profile = args[++i];
    else if (arg === '--max-record-bytes') maxRecordBytes = Number(args[++i]);
    else if (arg === '--nodes-only' || arg === '--crypto-only') {
      if (mode !== 'full') return usage('--nodes-only and --crypto-only exclude each other');
      mode = arg === '--nodes-only' ? 'nodes' : 'crypto';
    } else if (arg === '--report') report = true;
    else if (!file && !arg.startsWith('-')) file = arg;
    else return usage(`unexpected argument ${arg}`);
  }
  if (!file) return usage();
  if (!Number.isInteger(workers) || workers < 1) return usage('--workers takes a positive integer');
  if (profile !== 'synced' && profile !== 'local') return usage('--profile is synced or local');
  if (!Number.isSafeInteger(maxRecordBytes) || maxRecordBytes < 1) return usage('--max-record-bytes takes a positive integer');
  if (mode === 'crypto' && report) return usage('--crypto-only has no --report');

  let size;
  try {
    size = statSync(file).size;
    // As redo-conform: a NUL byte in the first 8 KiB means this is not a text file at all.
    const fd = openSync(file, 'r');
    const head = Buffer.alloc(8192);
    const n = readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    const nul = head.subarray(0, n).indexOf(0);
    if (nul >= 0) throw new Error(`${file}: binary data at byte ${nul}, not JSON`);
  } catch (error) {
    console.error(`validate-peer.mjs: ${error.message}`);
    return 2;
  }

  const started = process.hrtime.bigint();
  const step = Math.ceil(size / workers); // workers align their ranges to line starts
  const tasks = Array.from({ length: workers }, (_, i) =>
    ({ path: file, start: i * step, end: Math.min(size, (i + 1) * step), mode, profile, maxRecordBytes }));

  const log = new LogPass();
  const results = await runWorkers(tasks, (batch, lineOffset) => {
    for (const record of batch) {
      record[0] += lineOffset;
      if (mode === 'full') log.add(record);
      else log.addAlone(record);
    }
  });
  if (mode === 'full') log.run();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;

  let records, valid;
  if (mode === 'crypto') {
    records = results.reduce((sum, r) => sum + r.records, 0);
    valid = results.reduce((sum, r) => sum + r.valid, 0);
    let offset = 0;
    const bad = [];
    for (const r of results) {
      bad.push(...r.bad.map((line) => line + offset));
      offset += r.lines;
    }
    for (const line of bad.slice(0, 5)) console.error(`node-peer: invalid node at line ${line}`);
  } else {
    records = log.recordLine.length;
    valid = log.recordStatus.reduce((sum, status) => sum + (status === VALID ? 1 : 0), 0);
  }

  if (report) {
    const { recordLine, recordStatus, recordCode } = log;
    let out = '';
    for (let r = 0; r < records; r++) {
      out += `${recordLine[r]}\t${STATUS_NAMES[recordStatus[r]]}\t${recordCode[r] === NONE ? '-' : CODES[recordCode[r]]}\n`;
      if (out.length > 1 << 20) {
        process.stdout.write(out);
        out = '';
      }
    }
    process.stdout.write(out);
  } else {
    if (mode !== 'crypto') {
      let shown = 0;
      for (let r = 0; r < records && shown < 5; r++) {
        if (log.recordStatus[r] === REJECTED) {
          console.error(`node-peer: line ${log.recordLine[r]} rejected ${CODES[log.recordCode[r]]}`);
          shown++;
        }
      }
    }
    const rate = seconds > 0 ? records / seconds : 0;
    console.log(`node-peer ${records} nodes ${seconds.toFixed(3)} s ${rate.toFixed(0)} nodes/s ${valid} valid`);
  }
  return valid === records ? 0 : 1;
}

if (isMainThread) {
  process.exitCode = await main();
} else {
  checkRange(workerData);
}
