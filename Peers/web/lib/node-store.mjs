// The web client's storage model, for the harness's `storage` vectors: a `nodes` table of
// typed columns, one row per node, kept as text.
//
// Why this is what a web client keeps: a web app stores its log in IndexedDB (or SQLite
// compiled to WebAssembly), with the envelope fields it queries and sorts by as columns of
// their own (id as the key, taskId, lamport, wall, action...) and the payload, whose
// shape depends on the action, as JSON text. Here every row crosses a text boundary:
// integer columns must hold safe integers, text columns strings, the JSON columns are
// written with JSON.stringify and read with JSON.parse, and the row itself is stored as
// JSON text in a Map standing in for the database. What is read back is rebuilt from that
// stored text, never a clone of the parsed object: a number respelled on the way (1.0,
// 1e0 and -0 all come back as JSON.stringify writes them), a value a column cannot hold,
// or an envelope key no column keeps would show in the canonical bytes.

/** The columns: name, type (`?` = may be absent, stored as null) and where the node keeps it. */
const COLUMNS = [
  ['id', 'text', ['id']],
  ['version', 'integer', ['version']],
  ['parents', 'json', ['parents']],
  ['lamport', 'integer', ['timestamp', 'lamport']],
  ['wall', 'text', ['timestamp', 'wall']],
  ['userId', 'text', ['author', 'userId']],
  ['deviceId', 'text', ['author', 'deviceId']],
  ['publicKey', 'text', ['author', 'publicKey']],
  ['name', 'text?', ['author', 'name']],
  ['email', 'text?', ['author', 'email']],
  ['deviceName', 'text?', ['author', 'deviceName']],
  ['action', 'text', ['action']],
  ['taskId', 'text', ['taskId']],
  ['payload', 'json', ['data', 'payload']],
  ['signature', 'text?', ['signature']], // absent on a node of the local profile
];

function cell(name, type, value) {
  if (value === undefined && type.endsWith('?')) return null;
  if (type.startsWith('text') && typeof value === 'string') return value;
  if (type === 'integer' && Number.isSafeInteger(value)) return value;
  if (type === 'json' && value !== undefined) return JSON.stringify(value);
  throw new Error(`column ${name} (${type}) cannot hold ${JSON.stringify(value) ?? 'an absent value'}`);
}

export class NodeStore {
  #rows = new Map(); // id -> the row's JSON text

  /** Stores a parsed node; returns its key (the node's id). */
  put(node) {
    const row = COLUMNS.map(([name, type, path]) => cell(name, type, path.reduce((value, key) => value?.[key], node)));
    this.#rows.set(row[0], JSON.stringify(row));
    return row[0];
  }

  /** The node stored under `id`, rebuilt from its row as a fresh value. */
  get(id) {
    const row = JSON.parse(this.#rows.get(id));
    const node = {};
    COLUMNS.forEach(([, type, path], i) => {
      if (row[i] === null) return;
      const value = type === 'json' ? JSON.parse(row[i]) : row[i];
      let target = node;
      for (const key of path.slice(0, -1)) target = target[key] ??= {};
      target[path[path.length - 1]] = value;
    });
    return node;
  }
}
