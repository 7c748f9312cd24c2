// Node peer for `redo-conform validate`: checks every node's id and signature.
//
//   node Scripts/bench/peers/validate-peer.mjs FILE.jsonl [--workers 2]
//
// A deliberately fair Node 20 implementation of the crypto part of validation (no schema
// or log rules), built-ins only: per line, JSON.parse, drop "id" and "signature", RFC 8785
// canonical form (Scripts/platforms/web/jcs.mjs), SHA-256 (node:crypto) compared with the
// id, and Ed25519 verification of the same bytes (crypto.verify, OpenSSL). One KeyObject
// is cached per distinct author key.
//
// The file is split into W byte ranges, one per worker thread; each worker opens the file
// itself and aligns its range to line starts, so no line travels between threads.
//
// Prints one line:  node-peer <nodes> nodes <seconds> s <nodes/s> nodes/s <valid> valid
// Exit status: 0 every node valid, 1 some node invalid, 2 usage or I/O error.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { canonicalize } from '../../platforms/web/jcs.mjs';

const NEWLINE = 0x0a;
const BLOCK = 8 << 20; // bytes read per readSync

// DER SubjectPublicKeyInfo header of an Ed25519 key; the raw 32-byte key follows.
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** The offset of the first line that starts at or after `offset`. */
function lineStartAtOrAfter(fd, offset, size) {
  if (offset <= 0) return 0;
  if (offset >= size) return size;
  const buf = Buffer.allocUnsafe(64 << 10);
  let pos = offset - 1; // the line holding byte offset-1 ends at the next "\n"
  while (pos < size) {
    const n = readSync(fd, buf, 0, buf.length, pos);
    if (n === 0) break;
    const nl = buf.subarray(0, n).indexOf(NEWLINE);
    if (nl >= 0) return pos + nl + 1;
    pos += n;
  }
  return size;
}

// fatal: invalid UTF-8 makes the node invalid instead of becoming U+FFFD.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True when the node's id matches its canonical body and its signature verifies. */
function checkNode(lineBytes, keys) {
  try {
    const node = JSON.parse(utf8.decode(lineBytes));
    const { id, signature } = node;
    if (typeof id !== 'string' || typeof signature !== 'string') return false;
    delete node.id;
    delete node.signature;
    const body = Buffer.from(canonicalize(node), 'utf8');
    if ('sha256:' + createHash('sha256').update(body).digest('hex') !== id) return false;
    const publicKey = node.author.publicKey;
    let key = keys.get(publicKey);
    if (key === undefined) {
      const raw = Buffer.from(publicKey, 'hex');
      if (raw.length !== 32) return false;
      key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, raw]), format: 'der', type: 'spki' });
      keys.set(publicKey, key);
    }
    const sig = Buffer.from(signature, 'hex');
    return sig.length === 64 && verify(null, body, key, sig);
  } catch {
    return false; // not JSON, not I-JSON, missing keys, a key OpenSSL refuses
  }
}

const isSpace = (b) => b === 0x20 || b === 0x09 || b === 0x0d;

/** Worker: checks the lines starting in [start, end). */
function checkRange({ path, start, end }) {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  let pos = lineStartAtOrAfter(fd, start, size);
  const stop = lineStartAtOrAfter(fd, end, size);
  const keys = new Map();
  let buf = Buffer.allocUnsafe(BLOCK);
  let nodes = 0, valid = 0;
  const bad = [];
  while (pos < stop) {
    const n = readSync(fd, buf, 0, Math.min(buf.length, stop - pos), pos);
    if (n === 0) break;
    let lineStart = 0;
    for (let nl = buf.indexOf(NEWLINE, 0); nl >= 0 && nl < n; nl = buf.indexOf(NEWLINE, lineStart)) {
      handle(lineStart, nl);
      lineStart = nl + 1;
    }
    if (lineStart === 0 && n === buf.length) { // one line longer than the buffer: grow it
      buf = Buffer.allocUnsafe(buf.length * 2);
      continue;
    }
    if (pos + n === stop && lineStart < n) { // last line without a final "\n"
      handle(lineStart, n);
      lineStart = n;
    }
    pos += lineStart; // the partial line at the end is read again with the next block
  }
  closeSync(fd);
  return { nodes, valid, bad };

  function handle(from, to) {
    const line = buf.subarray(from, to);
    if (line.length === 0 || (isSpace(line[0]) && line.every(isSpace))) return; // blank line
    nodes++;
    if (checkNode(line, keys)) valid++;
    else if (bad.length < 5) bad.push(pos + from);
  }
}

function runWorker(task) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: task });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
  });
}

async function main() {
  const args = process.argv.slice(2);
  let file, workers = 2;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--workers') workers = Number(args[++i]);
    else if (!file && !args[i].startsWith('-')) file = args[i];
    else file = undefined, workers = NaN;
  }
  if (!file || !Number.isInteger(workers) || workers < 1) {
    console.error('usage: node validate-peer.mjs FILE [--workers N]');
    return 2;
  }
  let size;
  try {
    size = statSync(file).size;
  } catch (error) {
    console.error(`validate-peer.mjs: ${error.message}`);
    return 2;
  }

  const started = process.hrtime.bigint();
  const step = Math.ceil(size / workers); // workers align their ranges to line starts
  const tasks = Array.from({ length: workers }, (_, i) =>
    ({ path: file, start: i * step, end: Math.min(size, (i + 1) * step) }));
  const results = await Promise.all(tasks.map(runWorker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;

  const nodes = results.reduce((sum, r) => sum + r.nodes, 0);
  const valid = results.reduce((sum, r) => sum + r.valid, 0);
  for (const offset of results.flatMap((r) => r.bad).slice(0, 5)) {
    console.error(`node-peer: invalid node at byte ${offset}`);
  }
  const rate = seconds > 0 ? nodes / seconds : 0;
  console.log(`node-peer ${nodes} nodes ${seconds.toFixed(3)} s ${rate.toFixed(0)} nodes/s ${valid} valid`);
  return valid === nodes ? 0 : 1;
}

if (isMainThread) {
  process.exitCode = await main();
} else {
  parentPort.postMessage(checkRange(workerData));
}
