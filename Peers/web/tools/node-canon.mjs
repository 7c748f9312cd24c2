#!/usr/bin/env node
// Parse + RFC 8785 canonicalization throughput in Node (the JS reference).
//
//   node Peers/web/tools/node-canon.mjs --file F [--jsonl] [--seconds S] [--out OUT]
//
// Reads F into memory once and decodes it to JS strings (not timed), then
// repeats JSON.parse + canonicalize over the whole document (or over every
// line with --jsonl) until S seconds (default 3) have elapsed, and at least
// one full pass is done. Prints:
//   node <basename> <MB/s> MB/s          (1 MB = 1e6 bytes of UTF-8 input)
// --out OUT writes the canonical output of one pass: the canonical document
// (no trailing newline), or with --jsonl one canonical line per input line,
// each newline-terminated. Empty input lines are skipped.

import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { canonicalize } from '../lib/jcs.mjs';

const opts = { file: null, jsonl: false, seconds: 3, out: null };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--jsonl') opts.jsonl = true;
  else if (a === '--file') opts.file = process.argv[++i];
  else if (a === '--seconds') opts.seconds = parseFloat(process.argv[++i]);
  else if (a === '--out') opts.out = process.argv[++i];
  else { console.error(`unknown argument ${a}`); process.exit(2); }
}
if (!opts.file) {
  console.error('usage: node-canon.mjs --file F [--jsonl] [--seconds S] [--out OUT]');
  process.exit(2);
}

const raw = readFileSync(opts.file);
const text = new TextDecoder('utf-8', { fatal: true }).decode(raw);

// Work items and the UTF-8 input bytes each one accounts for. In JSONL mode
// every non-empty line is charged its bytes plus one for its newline (so one
// pass == file size for a newline-terminated file without blank lines).
let items, itemBytes;
if (opts.jsonl) {
  items = text.split('\n').filter((line) => line.length > 0);
  itemBytes = items.map((line) => Buffer.byteLength(line) + 1);
} else {
  items = [text];
  itemBytes = [raw.length];
}

if (opts.out) {
  const outs = items.map((s) => canonicalize(JSON.parse(s)));
  writeFileSync(opts.out, opts.jsonl ? outs.map((s) => s + '\n').join('') : outs[0]);
}

// Timed loop. The clock is checked every CHECK items (or every item when the
// items are large) so partial passes count and clock overhead stays small.
const CHECK = opts.jsonl ? 256 : 1;
const limitNs = BigInt(Math.round(opts.seconds * 1e9));
const t0 = process.hrtime.bigint();
let bytes = 0, sink = 0, passes = 0, elapsed = 0n;
for (let done = false; !done;) {
  for (let i = 0; i < items.length; i++) {
    sink += canonicalize(JSON.parse(items[i])).length;  // keep the result alive
    bytes += itemBytes[i];
    if ((i + 1) % CHECK === 0 || i === items.length - 1) {
      elapsed = process.hrtime.bigint() - t0;
      if (passes >= 1 && elapsed >= limitNs) { done = true; break; }
    }
  }
  if (!done) passes++;
  if (passes >= 1 && elapsed >= limitNs) done = true;
}
const seconds = Number(elapsed) / 1e9;
const mbps = bytes / 1e6 / seconds;
if (sink < 0) console.log(sink); // never true; makes the results observable
console.log(`node ${basename(opts.file)} ${mbps.toFixed(1)} MB/s`);
