// REDO v1 platform harness — web reference (Node 20, built-ins only).
//
// Usage: node Peers/web/harness.mjs INPUTS.json OUTPUT.json
//
// Reads a redo-conform/platform-inputs file (Vectors/platform/inputs.json) and
// writes a redo-conform/platform-outputs file (docs/platform-gate.md, "The exchange
// format"). Every JSON text is parsed with JSON.parse,
// canonicalized with ./lib/jcs.mjs (RFC 8785), hashed with node:crypto SHA-256 and
// signed / verified with node:crypto Ed25519 (OpenSSL). `logs` (optional for
// platforms) are validated and reconstructed by ./lib/reconstruct.mjs, an independent
// JavaScript reconstructor, and emitted as the SHA-256 of the canonical state.
// `verdicts` are judged by the peer's own node validator (./lib/node-rules.mjs, node-level
// rules only) under the entry's profile; it gives a primary code, not a rule id, so a
// rejection's reason starts with that code. `storage` nodes are stored in and read back
// from ./lib/node-store.mjs (typed columns kept as text) and emitted as the RFC 8785
// bytes of the whole node read back.

import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { KeyCache, ed25519Sign, ed25519Verify, fromHex } from './lib/ed25519.mjs';
import { canonicalize } from './lib/jcs.mjs';
import { NodeStore } from './lib/node-store.mjs';
import { checkRecord } from './lib/node-rules.mjs';
import { CODES, NONE } from './lib/protocol.mjs';
import { reconstructedStateBytes } from './lib/reconstruct.mjs';

function canonicalBytes(value) {
  return Buffer.from(canonicalize(value), 'utf8');
}

function canonicalization(entry) {
  return { canonical: canonicalBytes(JSON.parse(entry.json)).toString('hex') };
}

function node(entry) {
  const parsed = JSON.parse(entry.node);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('not a JSON object');
  }
  // The body is the node without `id` and `signature`, as received.
  const { id: _id, signature, ...body } = parsed;
  const bytes = canonicalBytes(body);
  const result = {
    canonical: bytes.toString('hex'),
    id: 'sha256:' + createHash('sha256').update(bytes).digest('hex'),
  };
  if (entry.seed !== null && entry.seed !== undefined) {
    result.signature = ed25519Sign(fromHex(entry.seed), bytes).toString('hex');
  }
  const author = body.author;
  const publicKey = author && typeof author === 'object' ? fromHex(author.publicKey) : null;
  result.verifies = ed25519Verify(publicKey, bytes, fromHex(signature));
  return result;
}

function signature(entry) {
  return { verifies: ed25519Verify(fromHex(entry.publicKey), fromHex(entry.message), fromHex(entry.signature)) };
}

function log(entry) {
  // The lowercase hex SHA-256 of the reconstructed state's RFC 8785 bytes (PROTOCOL.md,
  // "Reconstructed state").
  return { stateSha256: createHash('sha256').update(reconstructedStateBytes(entry.records)).digest('hex') };
}

const keys = new KeyCache();

function verdict(entry) {
  if (entry.profile !== 'synced' && entry.profile !== 'local') throw new Error('profile is synced or local');
  if (!entry.node.isWellFormed()) throw new Error('the node text has a lone surrogate: no UTF-8 bytes to judge');
  const { code } = checkRecord(Buffer.from(entry.node, 'utf8'), { profile: entry.profile, keys });
  if (code === NONE) return { accepts: true };
  return { accepts: false, reason: `${CODES[code]} (the web peer's primary code; it names no rule)` };
}

function storage(entry) {
  const store = new NodeStore();
  const id = store.put(JSON.parse(entry.node));
  return { canonical: canonicalBytes(store.get(id)).toString('hex') };
}

function main(argv) {
  if (argv.length !== 2) {
    process.stderr.write('usage: node harness.mjs INPUTS.json OUTPUT.json\n');
    process.exit(2);
  }
  const inputs = JSON.parse(readFileSync(argv[0], 'utf8'));
  if (inputs.format !== 'redo-conform/platform-inputs' || inputs.version !== 1) {
    throw new Error('not a version 1 redo-conform/platform-inputs file');
  }
  const results = {};
  const run = (list, fn) => {
    for (const entry of list ?? []) {
      try {
        results[entry.id] = fn(entry);
      } catch (error) {
        results[entry.id] = { error: String(error?.message ?? error) };
      }
    }
  };
  run(inputs.canonicalization, canonicalization);
  run(inputs.nodes, node);
  run(inputs.signatures, signature);
  run(inputs.logs, log);
  run(inputs.verdicts, verdict);
  run(inputs.storage, storage);
  const outputs = {
    format: 'redo-conform/platform-outputs',
    version: 1,
    platform: 'web',
    implementation: 'node ' + process.version + ' built-ins',
    results,
  };
  writeFileSync(argv[1], JSON.stringify(outputs, null, 2) + '\n');
}

main(process.argv.slice(2));
