// REDO v1 state reconstruction — an independent JavaScript reconstructor (Node 20, built-ins).
//
//   import { reconstruct, reconstructedStateBytes } from './reconstruct.mjs';
//   const state = reconstruct(recordTexts);          // the object of PROTOCOL.md "Reconstructed state"
//   const bytes = reconstructedStateBytes(recordTexts); // its RFC 8785 canonical UTF-8 bytes
//
// Record verdicts (valid / rejected / duplicate, primary codes, including the MERGE rule
// "a conflict the default strategy cannot decide") come from the Node validation peer
// (./node-rules.mjs and ./log-rules.mjs). Everything after that — deletion, the replay
// set, total order, replay, MERGE decisions, todos, heads and the rendering — is written
// here from PROTOCOL.md ("Replay", "MERGE", "Reconstructed state") and the facts sheet,
// not from redo-conform's Swift code, so that a hash match is a real cross-check.
//
// Deliberately naive: the state at a node is a full replay of its ancestors. Logs in the
// platform exchange are small; clarity beats speed in a second implementation.
import { KeyCache } from './ed25519.mjs';
import { parseIJSON } from './ijson.mjs';
import { canonicalize } from './jcs.mjs';
import { LogPass, VALID, REJECTED } from './log-rules.mjs';
import { checkRecord } from './node-rules.mjs';
import {
  CODES, DAY_MS, DEFAULT_STRATEGY, DEFAULT_TIEBREAKERS, LATEST_INSTANT, MAX_RECORD_BYTES, NONE, NUMERIC_FIELDS,
  TASK_FIELDS, TASK_METADATA, TODO_FIELDS,
} from './protocol.mjs';

// ---------------------------------------------------------------------------------------
// Bytes and order

const utf8Compare = (a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** "Sorted" in the state means by the UTF-8 bytes (memcmp), not by UTF-16 code units. */
const sortedByBytes = (strings) => [...strings].sort(utf8Compare);

/** REDO total order: lamport, then wall (string order is time order), then id. */
function totalOrder(a, b) {
  if (a.lamport !== b.lamport) return a.lamport - b.lamport;
  if (a.wall !== b.wall) return a.wall < b.wall ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

// ---------------------------------------------------------------------------------------
// Verdicts, from the validation peer

/**
 * The record's value when it is readable I-JSON, else null. A record that is not I-JSON
 * has no one reading ("a document two parsers read differently cannot have one canonical
 * form"), and one over the record size limit is never read, so neither claims an id. The
 * peer's parser rejects bad UTF-8, a BOM, duplicate keys and deep nesting; the
 * canonicalizer throws on a lone surrogate or a non-finite number.
 */
function readIJSON(text) {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > MAX_RECORD_BYTES) return null;
  const parsed = parseIJSON(bytes);
  if (parsed === undefined) return null;
  try {
    canonicalize(parsed.value);
  } catch {
    return null;
  }
  return parsed.value;
}

/**
 * Judges every record as `redo-conform validate` does (profile `synced`, the default) and
 * returns per record { parsed, nodeLevel, status, code }: nodeLevel is the node-level code
 * (NONE when it passed), status/code the final verdict after the log rules.
 */
function judge(records) {
  const keys = new KeyCache();
  const log = new LogPass();
  const nodeLevel = [];
  records.forEach((text, i) => {
    const result = checkRecord(Buffer.from(text, 'utf8'), { profile: 'synced', keys });
    nodeLevel.push(result.code);
    // The compact form LogPass.add takes (as validate-peer.mjs builds it); line = index + 1.
    if (result.code !== NONE) {
      log.add([i + 1, result.code, result.id]);
    } else {
      const { id, parents, lamport, wall, userId, action, taskId, payload } = result.node;
      log.add([i + 1, NONE, id, parents, lamport, wall, userId, action, taskId, payload]);
    }
  });
  log.run();
  return records.map((text, i) => ({
    parsed: readIJSON(text),
    nodeLevel: nodeLevel[i],
    status: log.recordStatus[i],
    code: log.recordCode[i],
  }));
}

/** A valid record as the replay reads it, straight from its JSON. */
function toNode(json) {
  return {
    id: json.id,
    parents: json.parents,
    lamport: json.timestamp.lamport,
    wall: json.timestamp.wall,
    userId: json.author.userId,
    action: json.action,
    taskId: json.taskId,
    payload: json.data.payload,
  };
}

/**
 * `rejected`: every string id some record claims that no valid node holds. When a record
 * of the id passed the node-level rules it stood for the node, and the node's code (a
 * log-level verdict) is the code; otherwise every record of the id failed on its own and
 * the record that got furthest — the latest code in precedence — names it.
 */
function rejectedList(judged, validIds) {
  const nodeCode = new Map(); // id -> code of the node that passed node level, then failed the log rules
  const furthest = new Map(); // id -> latest node-level code among its failing records
  for (const { parsed, nodeLevel, status, code } of judged) {
    const id = parsed !== null && typeof parsed === 'object' ? parsed.id : undefined;
    if (typeof id !== 'string' || validIds.has(id)) continue;
    if (nodeLevel === NONE) {
      if (status === REJECTED) nodeCode.set(id, code);
    } else if (!furthest.has(id) || nodeLevel > furthest.get(id)) {
      furthest.set(id, nodeLevel); // codes are numbered in precedence order
    }
  }
  const ids = new Set([...nodeCode.keys(), ...furthest.keys()]);
  return sortedByBytes(ids).map((id) => ({ id, code: CODES[nodeCode.get(id) ?? furthest.get(id)] }));
}

// ---------------------------------------------------------------------------------------
// Times

/** Milliseconds since the epoch of a strict UTC time (years 0000-9999). */
function timeToMs(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})Z$/.exec(text);
  if (m === null) throw new Error(`not a strict UTC time: ${text}`);
  const date = new Date(0);
  date.setUTCFullYear(+m[1], +m[2] - 1, +m[3]); // setUTCFullYear, not Date.UTC: years 0-99 stay themselves
  date.setUTCHours(+m[4], +m[5], +m[6], +m[7]);
  return date.getTime();
}

function msToTime(ms) {
  const d = new Date(ms);
  const pad = (n, width) => String(n).padStart(width, '0');
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}` +
    `T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(d.getUTCMilliseconds(), 3)}Z`;
}

/** SNOOZE by days: plain UTC arithmetic (no calendar, no DST), stopping at the last writable instant. */
function extendDeadline(deadline, days) {
  const ms = timeToMs(deadline) + days * DAY_MS;
  return ms >= timeToMs(LATEST_INSTANT) ? LATEST_INSTANT : msToTime(ms);
}

// ---------------------------------------------------------------------------------------
// Replay

/**
 * Replays `nodes` (already in total order) onto an empty task. `decisions` maps a MERGE's
 * id to what it decided ({task: {field: value}, todos: {todoTaskId: {field: value}}}).
 * A state holds only what some node wrote: absent fields stay absent (no invented defaults).
 */
function replay(nodes, decisions) {
  const state = { fields: {}, created: undefined, todos: new Map() }; // todos in insertion = total order
  for (const node of nodes) applyNode(state, node, decisions);
  return state;
}

function applyNode(state, node, decisions) {
  const payload = node.payload;
  const todo = payload.todoTaskId === undefined ? undefined : state.todos.get(payload.todoTaskId);
  switch (node.action) {
    case 'CREATE':
      state.created = node.wall;
      state.fields.archived = false;
      setMetadata(state.fields, payload);
      break;
    case 'UPDATE':
      setMetadata(state.fields, payload); // `extensions` is opaque: it sets nothing
      break;
    case 'ARCHIVE':
      state.fields.archived = true;
      break;
    case 'UNARCHIVE':
      state.fields.archived = false;
      break;
    case 'CREATE_TODO': {
      const created = { deadline: payload.deadline, completed: null, node: node.id };
      if (payload.notes !== undefined) created.notes = payload.notes;
      state.todos.set(payload.todoTaskId, created);
      break;
    }
    case 'COMPLETE_TODO':
      // A valid COMPLETE_TODO descends from its CREATE_TODO, so the todo is always here.
      todo.completed = payload.completed; // a later completion overwrites an earlier one
      if (payload.notes !== undefined) todo.notes = payload.notes;
      break;
    case 'SNOOZE':
      todo.deadline = payload.newDeadline !== undefined ? payload.newDeadline : extendDeadline(todo.deadline, payload.daysToExtend);
      if (payload.notes !== undefined) todo.notes = payload.notes;
      break;
    case 'MERGE':
      applyDecisions(state, decisions.get(node.id));
      break;
    // DELETE never reaches a replay: nothing valid descends from one, and R holds no DELETE.
  }
}

function setMetadata(fields, payload) {
  for (const field of TASK_METADATA) if (payload[field] !== undefined) fields[field] = payload[field];
}

/** A MERGE writes the fields it decided, and only those — even over nodes it does not descend from. */
function applyDecisions(state, decided) {
  Object.assign(state.fields, decided.task);
  for (const [todoTaskId, fields] of Object.entries(decided.todos)) {
    // Every todo a MERGE decides exists in its base's or a parent's state, so an ancestor
    // CREATE_TODO — replayed before the MERGE — created it.
    Object.assign(state.todos.get(todoTaskId), fields);
  }
}

// ---------------------------------------------------------------------------------------
// MERGE

class Unresolvable extends Error {}

/** Reads a MERGE payload's policy and resolutions; the first resolution for a path wins. */
function mergeRules(payload) {
  const policy = payload.policy ?? {};
  const task = new Map();
  for (const r of payload.resolutions?.task ?? []) if (!task.has(r.path)) task.set(r.path, r);
  const todos = new Map(); // todoTaskId -> Map(path -> resolution)
  for (const entry of payload.resolutions?.todos ?? []) {
    if (!todos.has(entry.todoTaskId)) todos.set(entry.todoTaskId, new Map());
    const paths = todos.get(entry.todoTaskId);
    for (const r of entry.fields) if (!paths.has(r.path)) paths.set(r.path, r);
  }
  return {
    defaultStrategy: policy.defaultStrategy ?? DEFAULT_STRATEGY,
    tiebreakers: policy.lwwTiebreakers ?? DEFAULT_TIEBREAKERS,
    task,
    todos,
  };
}

/** Is parent node b after parent node a by the tiebreakers, then by id? */
function laterHead(a, b, tiebreakers) {
  for (const t of tiebreakers) {
    const [x, y] = t === 'lamport' ? [a.lamport, b.lamport] : t === 'wall' ? [a.wall, b.wall] : [a.userId, b.userId];
    if (x !== y) return x < y; // lamport numerically; wall and userId are ASCII: bytewise
  }
  return a.id < b.id;
}

/**
 * The decision for one field. `base` and `values[i]` (parent i's value) are undefined when
 * absent. Returns { value } to write, or null to leave the field alone; throws Unresolvable
 * when the default strategy cannot decide a conflict.
 */
function decideField(base, values, parents, resolution, rules, numeric) {
  const changers = [];
  for (let i = 0; i < values.length; i++) if (values[i] !== base) changers.push(i);
  if (changers.length === 0) return null; // no parent changed it: not touched
  const write = (value) => (value === undefined ? null : { value }); // an absent value writes nothing
  const lww = () => {
    let best = changers[0];
    for (const i of changers) if (laterHead(parents[best], parents[i], rules.tiebreakers)) best = i;
    return write(values[best]);
  };
  const extreme = (max) => {
    const numbers = changers.map((i) => values[i]).filter((v) => typeof v === 'number');
    return write(numbers.length === 0 ? undefined : max ? Math.max(...numbers) : Math.min(...numbers));
  };

  // 1. An explicit resolution for the path wins.
  if (resolution !== undefined) {
    const chosen = parents.findIndex((p) => p.id === resolution.chosenParent);
    switch (resolution.strategy) {
      // ours/theirs take that parent's value, changed or not (an unchanged one reverts the
      // other's change); a parent whose state lacks the field leaves it alone.
      case 'ours': return write(values[chosen]);
      case 'theirs': return write(values[chosen === 0 ? 1 : 0]); // exactly two parents (validated)
      case 'manual': return { value: resolution.value };
      case 'lww': return lww();
      case 'max': return extreme(true);
      case 'min': return extreme(false);
      default: throw new Unresolvable(`strategy ${resolution.strategy} fits no REDO field`);
    }
  }
  // 2. One parent changed it, or all that changed it agree.
  if (changers.every((i) => values[i] === values[changers[0]])) return write(values[changers[0]]);
  // 3. The policy's default strategy; ours/theirs/manual carry no parent or value.
  switch (rules.defaultStrategy) {
    case 'lww': return lww();
    case 'max': case 'min': if (numeric) return extreme(rules.defaultStrategy === 'max');
  }
  throw new Unresolvable(`defaultStrategy ${rules.defaultStrategy} cannot decide the conflict`);
}

/** What one MERGE decides, from the states at its base and parents (replays of their ancestors). */
function decideMerge(merge, byId, stateAt) {
  const rules = mergeRules(merge.payload);
  const parents = merge.parents.map((id) => byId.get(id));
  const baseState = stateAt(merge.payload.base);
  const parentStates = merge.parents.map(stateAt);
  const decided = { task: {}, todos: {} };
  for (const field of TASK_FIELDS) {
    const values = parentStates.map((s) => s.fields[field]);
    const d = decideField(baseState.fields[field], values, parents, rules.task.get(field), rules, NUMERIC_FIELDS.has(field));
    if (d !== null) decided.task[field] = d.value;
  }
  // Todos: the union over base and parents; a todo absent from a state has every field absent there.
  const todoIds = new Set([baseState, ...parentStates].flatMap((s) => [...s.todos.keys()]));
  for (const todoTaskId of todoIds) {
    const baseTodo = baseState.todos.get(todoTaskId);
    const parentTodos = parentStates.map((s) => s.todos.get(todoTaskId));
    for (const field of TODO_FIELDS) {
      const values = parentTodos.map((t) => t?.[field]);
      const d = decideField(baseTodo?.[field], values, parents, rules.todos.get(todoTaskId)?.get(field), rules, false);
      if (d !== null) (decided.todos[todoTaskId] ??= {})[field] = d.value;
    }
  }
  return decided;
}

// ---------------------------------------------------------------------------------------
// One task

/** `start` ids and every ancestor of them, as nodes (iterative walk). */
function withAncestors(startIds, byId) {
  const seen = new Set(startIds);
  const pending = [...startIds];
  while (pending.length > 0) {
    for (const parent of byId.get(pending.pop()).parents) {
      if (!seen.has(parent)) { seen.add(parent); pending.push(parent); }
    }
  }
  return [...seen].map((id) => byId.get(id));
}

/**
 * The replay set R of a task (PROTOCOL.md "Replay", step 1), or null when the task is
 * deleted: D = the union of the valid DELETEs' chains; S = the valid non-DELETE nodes not
 * in D; R = S and all its ancestors (a live node keeps its history alive: resurrection).
 */
function replaySet(nodes, byId) {
  const deleted = new Set(nodes.filter((n) => n.action === 'DELETE').flatMap((n) => n.payload.deletedChain));
  const survivors = nodes.filter((n) => n.action !== 'DELETE' && !deleted.has(n.id));
  if (survivors.length === 0) return null;
  return withAncestors(survivors.map((n) => n.id), byId).sort(totalOrder);
}

/** The decisions of every MERGE in R, computed in total order so each sees its ancestors' decisions. */
function mergeDecisions(replayed, byId) {
  const decisions = new Map();
  const stateAt = (id) => replay(withAncestors([id], byId).sort(totalOrder), decisions);
  for (const node of replayed) {
    if (node.action !== 'MERGE') continue;
    try {
      decisions.set(node.id, decideMerge(node, byId, stateAt));
    } catch (error) {
      if (!(error instanceof Unresolvable)) throw error;
      // The validation peer accepted this MERGE; our reading of the MERGE rules did not.
      throw new Error(`MERGE ${node.id}: the peer found it valid, but ${error.message}`);
    }
  }
  return decisions;
}

/** The Task object of PROTOCOL.md "Reconstructed state". */
function renderTask(taskId, replayed, state) {
  const task = { taskId };
  for (const field of TASK_METADATA) if (state.fields[field] !== undefined) task[field] = state.fields[field];
  task.archived = state.fields.archived;
  task.created = state.created;
  task.todos = [...state.todos.entries()].map(([todoTaskId, t]) => {
    const todo = { todoTaskId, deadline: t.deadline, completed: t.completed, node: t.node };
    if (t.notes !== undefined) todo.notes = t.notes;
    return todo;
  });
  // Tallest chain wins: the uncompleted todo whose CREATE_TODO is last in total order.
  // todos are in CREATE_TODO total order, so that is the last uncompleted one listed.
  const open = task.todos.filter((t) => t.completed === null);
  task.currentTodo = open.length === 0 ? null : open[open.length - 1].todoTaskId;
  const named = new Set(replayed.flatMap((n) => n.parents));
  task.heads = sortedByBytes(replayed.filter((n) => !named.has(n.id)).map((n) => n.id));
  return task;
}

// ---------------------------------------------------------------------------------------
// The log

/** The reconstructed state of a log given as record texts (one JSON node each). */
export function reconstruct(records) {
  const judged = judge(records);
  const valid = judged.filter((r) => r.status === VALID).map((r) => toNode(r.parsed));
  const byId = new Map(valid.map((n) => [n.id, n]));

  const byTask = new Map();
  for (const node of valid) {
    if (!byTask.has(node.taskId)) byTask.set(node.taskId, []);
    byTask.get(node.taskId).push(node);
  }

  const tasks = [];
  const deleted = [];
  for (const [taskId, nodes] of byTask) {
    // Only a task whose original CREATE is valid has a state. Every valid node descends from
    // a valid CREATE of its own task, so a task with valid nodes always has one; check anyway.
    if (!nodes.some((n) => n.action === 'CREATE')) continue;
    const replayed = replaySet(nodes, byId);
    if (replayed === null) {
      deleted.push(taskId);
      continue;
    }
    const state = replay(replayed, mergeDecisions(replayed, byId));
    tasks.push(renderTask(taskId, replayed, state));
  }

  return {
    version: 1,
    tasks: tasks.sort((a, b) => utf8Compare(a.taskId, b.taskId)),
    deleted: sortedByBytes(deleted),
    rejected: rejectedList(judged, new Set(byId.keys())),
  };
}

/** The RFC 8785 canonical UTF-8 bytes of the reconstructed state. */
export function reconstructedStateBytes(records) {
  return Buffer.from(canonicalize(reconstruct(records)), 'utf8');
}
