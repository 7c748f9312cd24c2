// Differential replay, Node side: node FuzzTesting/Tools/replay-node.mjs PAIRS.tsv
// Each line of PAIRS.tsv is `INPUT<TAB>SWIFT_OUTPUT<TAB>NAME`: an input document that
// redo-conform accepted, the canonical bytes `redo-conform canonicalize` printed, and the
// name to report it by (the corpus file INPUT was copied from; INPUT when absent).
// Canonicalizes INPUT with the web platform's reference (Peers/web/lib/jcs.mjs:
// strict UTF-8 decode, JSON.parse, RFC 8785) and reports every input where the bytes
// differ or where Node rejects what redo-conform accepted. Exit status 1 on any.
import { readFileSync } from 'node:fs';
import { canonicalizeBytes } from '../../Peers/web/lib/jcs.mjs';

const pairs = readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t'));
let same = 0;
const differences = [];
for (const [file, swiftOutput, input = file] of pairs) {
  const ours = readFileSync(swiftOutput);
  let theirs;
  try {
    theirs = canonicalizeBytes(readFileSync(file));
  } catch (error) {
    differences.push({ input, kind: 'node-rejects', error: String(error.message ?? error), swift: ours.toString('utf8').slice(0, 300) });
    continue;
  }
  if (Buffer.compare(ours, theirs) === 0) { same++; continue; }
  let at = 0;
  while (at < ours.length && at < theirs.length && ours[at] === theirs[at]) at++;
  differences.push({
    input, kind: 'bytes-differ', firstDifferenceAt: at,
    swift: ours.subarray(Math.max(0, at - 40), at + 60).toString('utf8'),
    node: theirs.subarray(Math.max(0, at - 40), at + 60).toString('utf8'),
  });
}
for (const d of differences) console.log(JSON.stringify(d));
console.log(`compared ${pairs.length}: identical ${same}, different ${differences.length}`);
process.exit(differences.length ? 1 : 0);
