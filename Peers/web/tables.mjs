// Prints the web peer's own protocol tables — the constants in lib/protocol.mjs that its
// checks use — in the shape of Vectors/protocol-tables.json (never read here), for
// Peers/tables-check.mjs to compare:
//
//   node Peers/web/tables.mjs
//
// Sections: codes, actions, reservedNames, fields, merge, limits. No rules: the peer gives
// a status and a primary code per record and has no rule ids.
import {
  ACTION_TABLE, ARRAY_STRATEGIES, CODE_SEVERITY, CODE_TABLE, MAX_PAYLOAD_BYTES, MAX_RECORD_BYTES, RESERVED_NAMES,
  STRATEGIES, TASK_FIELDS, TASK_METADATA, TIEBREAKERS, TODO_FIELDS,
} from './lib/protocol.mjs';

const tables = {
  format: 'redo-conform/protocol-tables',
  version: 1,
  peer: 'web',
  codes: CODE_TABLE.map(([code, level]) => ({ code, level, severity: CODE_SEVERITY })),
  actions: ACTION_TABLE.map(({ action, minParents, maxParents }) => ({ action, minParents, maxParents })),
  reservedNames: { envelope: RESERVED_NAMES.envelope, state: RESERVED_NAMES.state },
  fields: { taskMetadata: TASK_METADATA, task: TASK_FIELDS, todo: TODO_FIELDS },
  merge: { strategies: STRATEGIES, lwwTiebreakers: TIEBREAKERS, arrayStrategies: ARRAY_STRATEGIES },
  limits: { recordBytes: MAX_RECORD_BYTES, payloadCanonicalBytes: MAX_PAYLOAD_BYTES },
};
process.stdout.write(JSON.stringify(tables, null, 2) + '\n');
