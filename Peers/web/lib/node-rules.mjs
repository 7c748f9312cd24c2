// Node-level rules of `redo-conform validate`, for validate-peer.mjs: one record judged
// alone. I-JSON strictness, envelope, payload per action, reserved names, MERGE payloads,
// content address (SHA-256 of the RFC 8785 body) and Ed25519 signature (libsodium's
// acceptance rules on top of OpenSSL's verifier).
//
// A record's verdict is its primary code: the highest-precedence code among everything it
// breaks (precedence as in PROTOCOL.md, "Verdicts and codes": protocol.mjs). Every structural
// rule runs; the hash is skipped when a higher-precedence code is already certain, and the
// signature is verified only when it alone decides the record (it is the last code).
import { createHash } from 'node:crypto';
import { verifySignature } from './ed25519.mjs';
import { parseIJSON } from './ijson.mjs';
import { canonicalize } from './jcs.mjs';
import {
  ACTIONS, ACTION_TABLE, ARRAY_STRATEGIES, DEFAULT_STRATEGY, DEFAULT_TIEBREAKERS, ENCODING, FORBIDDEN, HASH,
  MAX_DAYS_TO_EXTEND, MAX_PAYLOAD_BYTES, MAX_RECORD_BYTES, MAX_SAFE, MISSING_CHAIN, NONE, NUMERIC_FIELDS, RESERVED,
  SCHEMA, SIGNATURE, STRATEGIES, TASK_FIELDS, TASK_METADATA, TIEBREAKERS, TODO_FIELDS,
  CREATE, UPDATE, DELETE, COMPLETE_TODO, CREATE_TODO, SNOOZE, ARCHIVE, UNARCHIVE, MERGE,
} from './protocol.mjs';

const ACTION_INDEX = new Map(ACTIONS.map((name, i) => [name, i]));
const PARENT_COUNT = (action) => [ACTION_TABLE[action].minParents, ACTION_TABLE[action].maxParents];
const STRATEGY_NAMES = new Set(STRATEGIES);
const TIEBREAKER_NAMES = new Set(TIEBREAKERS);
const ARRAY_STRATEGY_NAMES = new Set(ARRAY_STRATEGIES);

const TOP_KEYS = new Set(['id', 'version', 'parents', 'timestamp', 'author', 'action', 'taskId', 'data', 'signature']);
const REQUIRED_TOP = ['id', 'version', 'parents', 'timestamp', 'author', 'action', 'taskId', 'data'];
const TIMESTAMP_KEYS = new Set(['lamport', 'wall']);
const AUTHOR_KEYS = new Set(['userId', 'deviceId', 'publicKey', 'name', 'email', 'deviceName']);
const DATA_KEYS = new Set(['payload']);
/** Per action: the keys its payload may carry, and those it must. */
const PAYLOAD_SHAPE = {
  CREATE: [[...TASK_METADATA, 'extensions'], ['title']],
  UPDATE: [[...TASK_METADATA, 'extensions'], []],
  CREATE_TODO: [['todoTaskId', 'deadline', 'notes'], ['todoTaskId', 'deadline']],
  COMPLETE_TODO: [['todoTaskId', 'completed', 'notes'], ['todoTaskId', 'completed']],
  SNOOZE: [['todoTaskId', 'daysToExtend', 'newDeadline', 'notes'], ['todoTaskId']],
  ARCHIVE: [[], []],
  UNARCHIVE: [[], []],
  DELETE: [['deletedChain'], []],
  MERGE: [['base', 'policy', 'resolutions'], ['base']],
};
const PAYLOAD_KEYS = ACTIONS.map((name) => new Set(PAYLOAD_SHAPE[name][0]));
const PAYLOAD_REQUIRED = ACTIONS.map((name) => PAYLOAD_SHAPE[name][1]);
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
        for (const field of TASK_METADATA) {
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
    const merge = { base: undefined, defaultStrategy: DEFAULT_STRATEGY, tiebreakers: [...DEFAULT_TIEBREAKERS], task: {}, todos: {} };
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
        this.fits(resolution, NUMERIC_FIELDS.has(field));
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
      const strategy = this.oneOf(policy.defaultStrategy, STRATEGY_NAMES);
      if (strategy !== undefined) merge.defaultStrategy = strategy;
    }
    if (policy.lwwTiebreakers !== undefined) {
      const entries = this.array(policy.lwwTiebreakers);
      if (entries !== undefined) merge.tiebreakers = entries.map((entry) => this.oneOf(entry, TIEBREAKER_NAMES)).filter((t) => t !== undefined);
    }
    if (policy.arrayStrategy !== undefined) this.oneOf(policy.arrayStrategy, ARRAY_STRATEGY_NAMES);
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
    else strategy = this.oneOf(object.strategy, STRATEGY_NAMES);
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
