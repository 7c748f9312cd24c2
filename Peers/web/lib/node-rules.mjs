// Node-level rules of `redo-conform validate`, for validate-peer.mjs: one record judged
// alone. I-JSON strictness, envelope, payload per action, reserved names, MERGE payloads,
// content address (SHA-256 of the RFC 8785 body) and Ed25519 signature (libsodium's
// acceptance rules on top of OpenSSL's verifier).
//
// A record's verdict is its primary code: the highest-precedence code among everything it
// breaks (precedence as in Sources/RedoCore/Findings/ErrorCode.swift). Every structural
// rule runs; the hash is skipped when a higher-precedence code is already certain, and the
// signature is verified only when it alone decides the record (it is the last code).
import { createHash, createPublicKey, verify } from 'node:crypto';
import { canonicalize } from './jcs.mjs';

// Codes, in precedence order (lower wins). NONE: no finding.
export const CODES = [
  null, 'E_SCHEMA_MISMATCH', 'E_ENCODING_VIOLATION', 'E_FORBIDDEN_FIELD', 'E_MISSING_DELETED_CHAIN',
  'E_HASH_MISMATCH', 'E_INVALID_SIGNATURE', 'E_PARENT_NOT_FOUND', 'E_LAMPORT_VIOLATION',
  'E_DUPLICATE_CREATE', 'E_INVALID_TODO_REF', 'X_ANCESTOR_REJECTED', 'X_AFTER_DELETE',
];
export const SCHEMA = 1, ENCODING = 2, FORBIDDEN = 3, MISSING_CHAIN = 4, HASH = 5, SIGNATURE = 6;
export const PARENT = 7, LAMPORT = 8, DUPLICATE_CREATE = 9, TODO_REF = 10, ANCESTOR = 11, AFTER_DELETE = 12;
export const NONE = 99;

// Actions, with their parent counts.
export const ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'COMPLETE_TODO', 'CREATE_TODO', 'SNOOZE', 'ARCHIVE', 'UNARCHIVE', 'MERGE'];
export const CREATE = 0, UPDATE = 1, DELETE = 2, COMPLETE_TODO = 3, CREATE_TODO = 4, SNOOZE = 5, ARCHIVE = 6, UNARCHIVE = 7, MERGE = 8;
const ACTION_INDEX = new Map(ACTIONS.map((name, i) => [name, i]));
const PARENT_COUNT = (action) => action === CREATE ? [0, 0] : action === MERGE ? [2, 10] : [1, 1];

export const TASK_FIELDS = ['title', 'description', 'priority', 'storyPoints', 'frequencyDays', 'privacy', 'archived'];
const METADATA = TASK_FIELDS.slice(0, 6); // what CREATE/UPDATE may set
const NUMERIC = new Set(['priority', 'storyPoints', 'frequencyDays']);
export const TODO_FIELDS = ['deadline', 'notes', 'completed'];
const STRATEGIES = new Set(['ours', 'theirs', 'union', 'lww', 'manual', 'max', 'min']);
const TIEBREAKERS = new Set(['lamport', 'wall', 'author']);
const ARRAY_STRATEGIES = new Set(['union', 'lww']);

const MAX_SAFE = Number.MAX_SAFE_INTEGER; // 2^53 - 1
const MAX_DAYS_TO_EXTEND = 3_652_059;
const MAX_PAYLOAD_BYTES = 1_048_576;
const MAX_DEPTH = 512;
export const MAX_RECORD_BYTES = 16 << 20; // redo-conform validate's default record limit

const RESERVED = new Set([
  'id', 'version', 'parents', 'timestamp', 'author', 'action', 'taskId', 'data', 'signature',
  'lamport', 'wall', 'userId', 'deviceId', 'publicKey', 'name', 'email', 'deviceName',
  'guid', 'todoTasks', 'created', 'archived', 'deleted', 'archive',
]);
const TOP_KEYS = new Set(['id', 'version', 'parents', 'timestamp', 'author', 'action', 'taskId', 'data', 'signature']);
const REQUIRED_TOP = ['id', 'version', 'parents', 'timestamp', 'author', 'action', 'taskId', 'data'];
const TIMESTAMP_KEYS = new Set(['lamport', 'wall']);
const AUTHOR_KEYS = new Set(['userId', 'deviceId', 'publicKey', 'name', 'email', 'deviceName']);
const DATA_KEYS = new Set(['payload']);
const PAYLOAD_KEYS = [
  new Set(['title', 'description', 'privacy', 'storyPoints', 'priority', 'frequencyDays', 'extensions']), // CREATE
  new Set(['title', 'description', 'privacy', 'storyPoints', 'priority', 'frequencyDays', 'extensions']), // UPDATE
  new Set(['deletedChain']),
  new Set(['todoTaskId', 'completed', 'notes']),
  new Set(['todoTaskId', 'deadline', 'notes']),
  new Set(['todoTaskId', 'daysToExtend', 'newDeadline', 'notes']),
  new Set(), new Set(),
  new Set(['base', 'policy', 'resolutions']),
];
const PAYLOAD_REQUIRED = [['title'], [], [], ['todoTaskId', 'completed'], ['todoTaskId', 'deadline'], ['todoTaskId'], [], [], ['base']];
const POLICY_KEYS = new Set(['defaultStrategy', 'lwwTiebreakers', 'arrayStrategy']);
const RESOLUTIONS_KEYS = new Set(['task', 'todos']);
const RESOLUTION_KEYS = new Set(['path', 'strategy', 'chosenParent', 'value', 'notes']);
const TODO_RESOLUTION_KEYS = new Set(['todoTaskId', 'fields']);

const NODE_ID = /^sha256:[0-9a-f]{64}$/;
const HEX32 = /^[0-9a-f]{32}$/;
const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UTC_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})Z$/;

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isInteger = (v, min, max) => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= MAX_SAFE && v >= min && v <= max;

/** Milliseconds since the epoch of a strict REDO time, or undefined. */
export function parseTime(text) {
  const m = UTC_TIME.exec(text);
  if (m === null) return undefined;
  const year = +m[1], month = +m[2], day = +m[3], hour = +m[4], minute = +m[5], second = +m[6];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  if (day > days) return undefined;
  // Date.UTC maps years 0-99 to 1900-1999: those set the full year explicitly.
  if (year >= 100) return Date.UTC(year, month - 1, day, hour, minute, second, +m[7]);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, +m[7]);
  return date.getTime();
}

// ---------------------------------------------------------------------------------------
// I-JSON

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }); // a BOM stays, and fails JSON.parse

/** Object keys as written in valid JSON text: a string followed by ':' is a key. */
function keysInText(text) {
  let count = 0;
  for (let open = text.indexOf('"'); open >= 0;) {
    let close = open;
    for (;;) { // the closing quote is the first one not escaped by an odd run of backslashes
      close = text.indexOf('"', close + 1);
      let k = close - 1;
      while (text.charCodeAt(k) === 0x5c) k--;
      if (((close - 1 - k) & 1) === 0) break;
    }
    let next = close + 1, c = text.charCodeAt(next);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++next);
    if (c === 0x3a) count++;
    open = text.indexOf('"', next);
  }
  return count;
}

/** Keys held by the parsed value, or -1 when it nests deeper than MAX_DEPTH. Iterative. */
function keysInValue(root) {
  let count = 0;
  const values = [root], depths = [1];
  while (values.length > 0) {
    const value = values.pop(), depth = depths.pop();
    if (depth > MAX_DEPTH) return -1;
    const children = Array.isArray(value) ? value : Object.values(value);
    if (!Array.isArray(value)) count += children.length;
    for (const child of children) {
      if (child !== null && typeof child === 'object') { values.push(child); depths.push(depth + 1); }
    }
  }
  return count;
}

/**
 * Parses one record under I-JSON rules; undefined when it is not I-JSON (not UTF-8, a BOM,
 * not JSON, a duplicate key, nesting over 512). Lone surrogates and non-finite numbers
 * are caught by the canonicalization that follows (jcs.mjs throws on them).
 */
export function parseIJSON(bytes) {
  let text, value;
  try {
    text = utf8.decode(bytes);
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    const held = keysInValue(value);
    if (held < 0 || held !== keysInText(text)) return undefined; // too deep, or JSON.parse dropped a duplicate
  } else if (typeof value === 'number' && !Number.isFinite(value)) {
    return undefined;
  }
  return { value };
}

// ---------------------------------------------------------------------------------------
// Ed25519 with libsodium's acceptance rules

// DER SubjectPublicKeyInfo header of an Ed25519 key; the raw 32-byte key follows.
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
// L, the group order, little-endian.
const ORDER = Buffer.from('edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010', 'hex');
// libsodium's small-order blocklist (the last byte compared without the sign bit).
const SMALL_ORDER = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0100000000000000000000000000000000000000000000000000000000000000',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
].map((hex) => Buffer.from(hex, 'hex'));

function hasSmallOrder(point) { // 32 bytes
  return SMALL_ORDER.some((bad) => {
    for (let i = 0; i < 31; i++) if (point[i] !== bad[i]) return false;
    return (point[31] & 0x7f) === bad[31];
  });
}

/** y >= p (2^255 - 19) with the sign bit ignored: not a canonical point encoding. */
function isCanonicalPoint(point) {
  if ((point[31] & 0x7f) !== 0x7f || point[0] < 0xed) return true;
  for (let i = 1; i < 31; i++) if (point[i] !== 0xff) return true;
  return false;
}

function isCanonicalScalar(s) { // 32 bytes little-endian, s < L
  for (let i = 31; i >= 0; i--) {
    if (s[i] !== ORDER[i]) return s[i] < ORDER[i];
  }
  return false;
}

/** One KeyObject per distinct key, in this thread; null for a key libsodium refuses. */
export class KeyCache {
  #keys = new Map();

  get(publicKeyHex) {
    let key = this.#keys.get(publicKeyHex);
    if (key === undefined) {
      const raw = Buffer.from(publicKeyHex, 'hex');
      key = null;
      if (isCanonicalPoint(raw) && !hasSmallOrder(raw)) {
        try {
          key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, raw]), format: 'der', type: 'spki' });
        } catch {
          key = null; // not a point: libsodium refuses it as well
        }
      }
      this.#keys.set(publicKeyHex, key);
    }
    return key;
  }
}

/** crypto_sign_verify_detached's verdict: libsodium's checks, then OpenSSL's (cofactorless) equation. */
function verifySignature(body, signatureHex, publicKeyHex, keys) {
  const key = keys.get(publicKeyHex);
  if (key === null) return false;
  const sig = Buffer.from(signatureHex, 'hex');
  if (!isCanonicalScalar(sig.subarray(32)) || hasSmallOrder(sig)) return false;
  try {
    return verify(null, body, key, sig);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------
// The record

/**
 * Checks one record (the bytes of one line). Returns
 *   { code, id }           when it fails (code: its primary code; id: the well-formed id it
 *                          claims, as 64 hex digits, or null), or
 *   { code: NONE, node }   when it passes: node = what the log rules need (see below).
 */
export function checkRecord(bytes, { profile, keys, maxRecordBytes = MAX_RECORD_BYTES }) {
  if (bytes.length > maxRecordBytes) return { code: SCHEMA, id: null };
  const parsed = parseIJSON(bytes);
  if (parsed === undefined || !isObject(parsed.value)) return { code: SCHEMA, id: null };
  const record = parsed.value;
  const { id: idValue, signature: signatureValue, ...bodyObject } = record;
  let body;
  try {
    body = canonicalize(bodyObject); // throws on a lone surrogate or a non-finite number
    for (const s of [idValue, signatureValue]) if (typeof s === 'string' && !s.isWellFormed()) throw new Error('lone surrogate');
  } catch {
    return { code: SCHEMA, id: null };
  }

  const check = new RecordCheck();
  const fields = check.envelope(record);
  let payload;
  if (fields.action !== undefined && fields.payload !== undefined) {
    payload = check.payload(fields.payload, fields.action, fields.parents, fields.parentCount, bytes.length);
  }

  // Content address and signature, computed from the JSON as received.
  const bodyBytes = Buffer.from(body, 'utf8');
  const signed = fields.signature !== undefined && fields.publicKey !== undefined;
  if (fields.id !== undefined && check.code > HASH) {
    if (createHash('sha256').update(bodyBytes).digest('hex') !== fields.id) check.flag(HASH);
  }
  if (signatureValue === undefined) {
    if (profile === 'synced') check.flag(SIGNATURE);
  } else if (signed && check.code === NONE) {
    if (!verifySignature(bodyBytes, fields.signature, fields.publicKey, keys)) check.flag(SIGNATURE);
  }

  if (check.code !== NONE || payload === undefined) return { code: check.code === NONE ? SCHEMA : check.code, id: fields.id ?? null };
  return {
    code: NONE,
    node: {
      id: fields.id,
      parents: fields.parents,
      lamport: fields.lamport,
      wall: fields.wall,
      userId: fields.userId,
      action: fields.action,
      taskId: fields.taskId,
      payload,
    },
  };
}

/** The findings of one record, reduced to the best code so far, and the typed reads. */
class RecordCheck {
  code = NONE;

  flag(code) {
    if (code < this.code) this.code = code;
  }

  /** `object` has only `allowed` keys; an extra one is SCHEMA, or FORBIDDEN when reserved and `reservedForbidden`. */
  keys(object, allowed, reservedForbidden = false) {
    for (const key of Object.keys(object)) {
      if (!allowed.has(key)) this.flag(reservedForbidden && RESERVED.has(key) ? FORBIDDEN : SCHEMA);
    }
  }

  string(value) {
    if (typeof value === 'string') return value;
    this.flag(SCHEMA);
    return undefined;
  }

  object(value) {
    if (isObject(value)) return value;
    this.flag(SCHEMA);
    return undefined;
  }

  array(value) {
    if (Array.isArray(value)) return value;
    this.flag(SCHEMA);
    return undefined;
  }

  integer(value, min, max) {
    if (isInteger(value, min, max)) return value;
    this.flag(SCHEMA); // not a number, or out of range: both schema
    return undefined;
  }

  bool(value) {
    if (typeof value === 'boolean') return value;
    this.flag(SCHEMA);
    return undefined;
  }

  time(value) {
    const text = this.string(value);
    if (text === undefined) return undefined;
    const ms = parseTime(text);
    if (ms === undefined) this.flag(SCHEMA);
    return ms;
  }

  /** A string in the form `pattern`: not a string is SCHEMA, another form ENCODING. */
  encoded(value, pattern) {
    const text = this.string(value);
    if (text === undefined) return undefined;
    if (pattern.test(text)) return text;
    this.flag(ENCODING);
    return undefined;
  }

  /** A node id, as its 64 hex digits. */
  nodeId(value) {
    return this.encoded(value, NODE_ID)?.slice(7);
  }

  uuid(value) {
    return this.encoded(value, UUID_V4);
  }

  // --- envelope -------------------------------------------------------------------------

  envelope(node) {
    const fields = {};
    this.keys(node, TOP_KEYS);
    for (const key of REQUIRED_TOP) if (node[key] === undefined) this.flag(SCHEMA);

    if (node.id !== undefined) fields.id = this.nodeId(node.id);
    if (node.version !== undefined) {
      if (typeof node.version !== 'number' || !isInteger(node.version, 1, 1)) this.flag(SCHEMA);
    }
    if (node.action !== undefined) {
      const name = this.string(node.action);
      if (name !== undefined) {
        fields.action = ACTION_INDEX.get(name);
        if (fields.action === undefined) this.flag(SCHEMA);
      }
    }
    if (node.parents !== undefined) this.parents(node.parents, fields);

    const timestamp = node.timestamp === undefined ? undefined : this.object(node.timestamp);
    if (timestamp !== undefined) {
      this.keys(timestamp, TIMESTAMP_KEYS);
      if (timestamp.lamport === undefined) this.flag(SCHEMA);
      else fields.lamport = this.integer(timestamp.lamport, 1, MAX_SAFE);
      if (timestamp.wall === undefined) this.flag(SCHEMA);
      else fields.wall = this.time(timestamp.wall);
    }

    const author = node.author === undefined ? undefined : this.object(node.author);
    if (author !== undefined) this.author(author, fields);

    if (node.taskId !== undefined) fields.taskId = this.uuid(node.taskId);

    const data = node.data === undefined ? undefined : this.object(node.data);
    if (data !== undefined) {
      this.keys(data, DATA_KEYS);
      if (data.payload === undefined) this.flag(SCHEMA);
      else fields.payload = this.object(data.payload);
    }

    if (node.signature !== undefined) fields.signature = this.encoded(node.signature, HEX128);
    return fields;
  }

  parents(value, fields) {
    const entries = this.array(value);
    if (entries === undefined) return;
    const parents = [];
    const seen = new Set();
    let complete = true;
    for (const entry of entries) {
      const id = this.nodeId(entry);
      if (id === undefined) {
        complete = false;
        continue;
      }
      if (seen.has(id)) this.flag(SCHEMA);
      seen.add(id);
      parents.push(id);
    }
    if (fields.action !== undefined) {
      const [min, max] = PARENT_COUNT(fields.action);
      if (entries.length < min || entries.length > max) this.flag(SCHEMA);
    }
    fields.parentCount = entries.length;
    if (complete) fields.parents = parents;
  }

  author(author, fields) {
    this.keys(author, AUTHOR_KEYS);
    if (author.publicKey === undefined) this.flag(SCHEMA);
    else fields.publicKey = this.encoded(author.publicKey, HEX64);
    if (author.userId === undefined) {
      this.flag(SCHEMA);
    } else {
      const userId = this.encoded(author.userId, HEX32);
      if (userId !== undefined) {
        fields.userId = userId;
        if (fields.publicKey !== undefined && !fields.publicKey.startsWith(userId)) this.flag(ENCODING);
      }
    }
    if (author.deviceId === undefined) this.flag(SCHEMA);
    else if (this.string(author.deviceId) === '') this.flag(SCHEMA);
    for (const key of ['name', 'email', 'deviceName']) if (author[key] !== undefined) this.string(author[key]);
  }

  // --- payload --------------------------------------------------------------------------

  /**
   * The typed payload. Only a record without any finding becomes a node, so the typed
   * value of a payload that broke a rule is never used.
   */
  payload(payload, action, parents, parentCount, recordBytes) {
    this.keys(payload, PAYLOAD_KEYS[action], true);
    for (const key of PAYLOAD_REQUIRED[action]) if (payload[key] === undefined) this.flag(SCHEMA);
    // A canonical form is at most 5.25 times its source (a number "1e20" grows to 21
    // digits): a record that small cannot carry a payload over the limit.
    if (recordBytes * 5.25 >= MAX_PAYLOAD_BYTES && Buffer.byteLength(canonicalize(payload), 'utf8') > MAX_PAYLOAD_BYTES) {
      this.flag(SCHEMA);
    }
    switch (action) {
      case CREATE:
      case UPDATE: {
        if (action === UPDATE && Object.keys(payload).length === 0) this.flag(SCHEMA);
        const fields = {};
        for (const field of METADATA) {
          if (payload[field] !== undefined) {
            const value = this.fieldValue(payload[field], field);
            if (value !== undefined) fields[field] = value;
          }
        }
        if (payload.extensions !== undefined) this.extensions(payload.extensions);
        return { fields };
      }
      case CREATE_TODO:
      case COMPLETE_TODO: {
        const todoTaskId = payload.todoTaskId === undefined ? undefined : this.uuid(payload.todoTaskId);
        const timeKey = action === CREATE_TODO ? 'deadline' : 'completed';
        const time = payload[timeKey] === undefined ? undefined : this.time(payload[timeKey]);
        const notes = payload.notes === undefined ? null : this.string(payload.notes);
        return { todoTaskId, time, notes };
      }
      case SNOOZE: {
        const todoTaskId = payload.todoTaskId === undefined ? undefined : this.uuid(payload.todoTaskId);
        const notes = payload.notes === undefined ? null : this.string(payload.notes);
        const hasDays = payload.daysToExtend !== undefined, hasDeadline = payload.newDeadline !== undefined;
        const days = hasDays ? this.integer(payload.daysToExtend, 1, MAX_DAYS_TO_EXTEND) : null;
        const newDeadline = hasDeadline ? this.time(payload.newDeadline) : null;
        if (hasDays === hasDeadline) this.flag(SCHEMA); // exactly one of them
        return { todoTaskId, days, newDeadline, notes };
      }
      case ARCHIVE:
      case UNARCHIVE:
        return null;
      case DELETE:
        return { chain: this.deletedChain(payload.deletedChain) };
      case MERGE:
        return this.merge(payload, parents, parentCount);
    }
    return undefined;
  }

  /** A value for a task field, with that field's type and range. */
  fieldValue(value, field) {
    switch (field) {
      case 'title': {
        const text = this.string(value);
        if (text === '') this.flag(SCHEMA);
        return text === '' ? undefined : text;
      }
      case 'description': return this.string(value);
      case 'privacy': case 'archived': return this.bool(value);
      case 'priority': return this.integer(value, 1, 5);
      case 'storyPoints': return this.integer(value, 0, MAX_SAFE);
      case 'frequencyDays': return this.integer(value, 1, MAX_SAFE);
    }
    return undefined;
  }

  /** No reserved name as a key anywhere inside `extensions` (arrays included). Iterative. */
  extensions(value) {
    if (!isObject(value)) {
      this.flag(SCHEMA);
      return;
    }
    const pending = [value];
    while (pending.length > 0) {
      const current = pending.pop();
      if (Array.isArray(current)) {
        for (const element of current) if (element !== null && typeof element === 'object') pending.push(element);
      } else {
        for (const key of Object.keys(current)) {
          if (RESERVED.has(key)) this.flag(FORBIDDEN);
          const child = current[key];
          if (child !== null && typeof child === 'object') pending.push(child);
        }
      }
    }
  }

  deletedChain(value) {
    if (value === undefined) {
      this.flag(MISSING_CHAIN);
      return undefined;
    }
    const entries = this.array(value);
    if (entries === undefined) return undefined;
    if (entries.length === 0) {
      this.flag(MISSING_CHAIN);
      return undefined;
    }
    const chain = [];
    const seen = new Set();
    for (const entry of entries) {
      const id = this.nodeId(entry);
      if (id === undefined) continue;
      if (seen.has(id)) this.flag(MISSING_CHAIN);
      seen.add(id);
      chain.push(id);
    }
    return chain.length === entries.length ? chain : undefined;
  }

  // --- MERGE ----------------------------------------------------------------------------

  merge(payload, parents, parentCount) {
    const merge = { base: undefined, defaultStrategy: 'lww', tiebreakers: ['lamport', 'wall', 'author'], task: {}, todos: {} };
    if (payload.base !== undefined) merge.base = this.nodeId(payload.base);
    if (payload.policy !== undefined) this.policy(payload.policy, merge);
    const resolutions = payload.resolutions === undefined ? undefined : this.object(payload.resolutions);
    if (resolutions !== undefined) {
      this.keys(resolutions, RESOLUTIONS_KEYS);
      const task = resolutions.task === undefined ? undefined : this.array(resolutions.task);
      for (const entry of task ?? []) {
        const resolution = this.resolution(entry, parents, parentCount);
        if (resolution === undefined) continue;
        const field = resolution.path;
        if (!TASK_FIELDS.includes(field)) {
          this.flag(SCHEMA);
          continue;
        }
        this.fits(resolution, NUMERIC.has(field));
        if (resolution.strategy === 'manual' && entry.value !== undefined) resolution.value = this.fieldValue(entry.value, field);
        merge.task[field] ??= resolution; // the first resolution for a path wins
      }
      const todos = resolutions.todos === undefined ? undefined : this.array(resolutions.todos);
      for (const entry of todos ?? []) this.todoResolution(entry, parents, parentCount, merge.todos);
    }
    return merge.base === undefined ? undefined : merge;
  }

  policy(value, merge) {
    const policy = this.object(value);
    if (policy === undefined) return;
    this.keys(policy, POLICY_KEYS);
    if (policy.defaultStrategy !== undefined) {
      const strategy = this.oneOf(policy.defaultStrategy, STRATEGIES);
      if (strategy !== undefined) merge.defaultStrategy = strategy;
    }
    if (policy.lwwTiebreakers !== undefined) {
      const entries = this.array(policy.lwwTiebreakers);
      if (entries !== undefined) merge.tiebreakers = entries.map((entry) => this.oneOf(entry, TIEBREAKERS)).filter((t) => t !== undefined);
    }
    if (policy.arrayStrategy !== undefined) this.oneOf(policy.arrayStrategy, ARRAY_STRATEGIES);
  }

  oneOf(value, names) {
    const text = this.string(value);
    if (text !== undefined && !names.has(text)) {
      this.flag(SCHEMA);
      return undefined;
    }
    return text;
  }

  /** One FieldResolution: its shape and the rules that do not depend on its field. */
  resolution(entry, parents, parentCount) {
    const object = this.object(entry);
    if (object === undefined) return undefined;
    this.keys(object, RESOLUTION_KEYS);
    let path;
    if (object.path === undefined) {
      this.flag(SCHEMA);
    } else {
      const text = this.string(object.path);
      if (text === '') this.flag(SCHEMA);
      else path = text;
    }
    let strategy;
    if (object.strategy === undefined) this.flag(SCHEMA);
    else strategy = this.oneOf(object.strategy, STRATEGIES);
    let chosenParent;
    if (object.chosenParent !== undefined) chosenParent = this.nodeId(object.chosenParent);
    if (object.notes !== undefined) this.string(object.notes);

    if (strategy === undefined) return undefined;
    if (strategy === 'ours' || strategy === 'theirs') {
      if (object.chosenParent === undefined) this.flag(SCHEMA);
      else if (chosenParent !== undefined && parents !== undefined && !parents.includes(chosenParent)) this.flag(SCHEMA);
    }
    if (strategy === 'theirs' && parentCount !== undefined && parentCount !== 2) this.flag(SCHEMA);
    if (strategy === 'manual' && object.value === undefined) this.flag(SCHEMA);
    if (path === undefined) return undefined;
    return { path, strategy, chosenParent, value: undefined };
  }

  /** max/min fit numeric fields only; union fits no REDO field. */
  fits(resolution, numeric) {
    if (resolution.strategy === 'union' || (!numeric && (resolution.strategy === 'max' || resolution.strategy === 'min'))) this.flag(SCHEMA);
  }

  todoResolution(entry, parents, parentCount, todos) {
    const object = this.object(entry);
    if (object === undefined) return;
    this.keys(object, TODO_RESOLUTION_KEYS);
    let todo;
    if (object.todoTaskId === undefined) this.flag(SCHEMA);
    else todo = this.uuid(object.todoTaskId);
    if (object.fields === undefined) {
      this.flag(SCHEMA);
      return;
    }
    const fields = this.array(object.fields);
    if (fields === undefined) return;
    for (const fieldEntry of fields) {
      const resolution = this.resolution(fieldEntry, parents, parentCount);
      if (resolution === undefined) continue;
      const field = resolution.path;
      if (!TODO_FIELDS.includes(field)) {
        this.flag(SCHEMA);
        continue;
      }
      this.fits(resolution, false);
      if (resolution.strategy === 'manual' && fieldEntry.value !== undefined) {
        const value = fieldEntry.value;
        if (field === 'notes') resolution.value = this.string(value);
        else if (field === 'completed' && value === null) resolution.value = null;
        else resolution.value = this.time(value);
      }
      if (todo !== undefined) {
        todos[todo] ??= {};
        todos[todo][field] ??= resolution;
      }
    }
  }
}
