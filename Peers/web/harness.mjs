// REDO v1 platform harness — web reference (Node 20, built-ins only).
//
// Usage: node Peers/web/harness.mjs INPUTS.json OUTPUT.json
//
// Reads a redo-conform/platform-inputs file (Vectors/platform/inputs.json) and
// writes a redo-conform/platform-outputs file (docs/platform-gate.md, "The exchange
// format") through the JavaScript harness kit (Peers/kits/js/redo-harness.mjs), which
// reads the inputs, runs every vector and writes the outputs; this file supplies the web
// peer's own functions. Every JSON text is parsed with JSON.parse, canonicalized with
// ./lib/jcs.mjs (RFC 8785), hashed with node:crypto SHA-256 and signed / verified with
// node:crypto Ed25519 (OpenSSL). `logs` (optional for platforms) are validated and
// reconstructed by ./lib/reconstruct.mjs, an independent JavaScript reconstructor, and
// emitted as the SHA-256 of the canonical state. `verdicts` are judged by the peer's own
// node validator (./lib/node-rules.mjs, node-level rules only) under the entry's
// profile; it gives a primary code, not a rule id, so a rejection's reason starts with
// that code. `storage` nodes are stored in and read back from ./lib/node-store.mjs
// (typed columns kept as text) and emitted as the RFC 8785 bytes of the whole node read
// back.

import { createHash } from 'node:crypto';
import { runHarness } from '../kits/js/redo-harness.mjs';
import { KeyCache, ed25519Sign, ed25519Verify } from './lib/ed25519.mjs';
import { canonicalize } from './lib/jcs.mjs';
import { NodeStore } from './lib/node-store.mjs';
import { checkRecord } from './lib/node-rules.mjs';
import { CODES, NONE } from './lib/protocol.mjs';
import { reconstructedStateBytes } from './lib/reconstruct.mjs';

function canonicalBytes(value) {
  return Buffer.from(canonicalize(value), 'utf8');
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest();
}

const keys = new KeyCache();

function accepts(node, profile) {
  if (!node.isWellFormed()) throw new Error('the node text has a lone surrogate: no UTF-8 bytes to judge');
  const { code } = checkRecord(Buffer.from(node, 'utf8'), { profile, keys });
  if (code === NONE) return { accepts: true };
  return { accepts: false, reason: `${CODES[code]} (the web peer's primary code; it names no rule)` };
}

function roundTrip(node) {
  const store = new NodeStore();
  const id = store.put(JSON.parse(node));
  return canonicalBytes(store.get(id));
}

function stateSha256(records) {
  // The lowercase hex SHA-256 of the reconstructed state's RFC 8785 bytes (PROTOCOL.md,
  // "Reconstructed state").
  return sha256(reconstructedStateBytes(records)).toString('hex');
}

async function main(argv) {
  if (argv.length !== 2) {
    process.stderr.write('usage: node harness.mjs INPUTS.json OUTPUT.json\n');
    process.exit(2);
  }
  try {
    await runHarness({
      inputsPath: argv[0],
      outputsPath: argv[1],
      platform: 'web',
      implementation: 'node ' + process.version + ' built-ins',
      parse: (text) => JSON.parse(text),
      canonicalize: canonicalBytes,
      sha256,
      sign: ed25519Sign,
      verify: ed25519Verify,
      accepts,
      roundTrip,
      stateSha256,
    });
  } catch (error) {
    // A file that cannot be read or is not platform inputs: one line, not a stack trace.
    process.stderr.write(`harness: ${error?.message ?? error}\n`);
    process.exit(2);
  }
}

await main(process.argv.slice(2));
