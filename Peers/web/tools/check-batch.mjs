#!/usr/bin/env node
// The web peer on many JSON Lines logs in one process (Scripts/peer-random.sh):
//
//   node Peers/web/tools/check-batch.mjs LOG.jsonl...
//
// For each LOG, writes LOG.web-verdicts.txt — "LINE STATUS CODE" per record, as
// validate-peer.mjs --report gives them (node-rules.mjs and log-rules.mjs) — and
// LOG.web-state.json, the reconstructed state's canonical bytes and a newline
// (lib/reconstruct.mjs, with its own verdicts). A log the peer fails on gets the failure in
// its verdicts file, which then differs. Lines are numbered 1-based; blank lines (spaces
// and tabs only) are not records but count; a trailing CR is dropped.
import { readFileSync, writeFileSync } from 'node:fs';
import { KeyCache } from '../lib/ed25519.mjs';
import { LogPass, STATUS_NAMES } from '../lib/log-rules.mjs';
import { checkRecord } from '../lib/node-rules.mjs';
import { CODES, NONE } from '../lib/protocol.mjs';
import { reconstructedStateBytes } from '../lib/reconstruct.mjs';

const isBlank = (line) => /^[ \t]*$/.test(line);

function verdictLines(records, lines) {
  const keys = new KeyCache();
  const log = new LogPass();
  records.forEach((text, i) => {
    const result = checkRecord(Buffer.from(text, 'utf8'), { profile: 'synced', keys });
    if (result.code !== NONE) {
      log.add([lines[i], result.code, result.id]);
    } else {
      const { id, parents, lamport, wall, userId, action, taskId, payload } = result.node;
      log.add([lines[i], NONE, id, parents, lamport, wall, userId, action, taskId, payload]);
    }
  });
  log.run();
  return records
    .map((_, r) => `${log.recordLine[r]} ${STATUS_NAMES[log.recordStatus[r]]} ${log.recordCode[r] === NONE ? '-' : CODES[log.recordCode[r]]}\n`)
    .join('');
}

for (const path of process.argv.slice(2)) {
  let verdicts;
  let state;
  try {
    const records = [];
    const lines = [];
    readFileSync(path, 'utf8').split('\n').forEach((raw, i) => {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (isBlank(line)) return;
      records.push(line);
      lines.push(i + 1);
    });
    verdicts = verdictLines(records, lines);
    state = Buffer.concat([reconstructedStateBytes(records), Buffer.from('\n')]);
  } catch (error) {
    verdicts = `the web peer failed: ${error.stack ?? error}\n`;
    state = Buffer.from(verdicts);
  }
  writeFileSync(`${path}.web-verdicts.txt`, verdicts);
  writeFileSync(`${path}.web-state.json`, state);
}
