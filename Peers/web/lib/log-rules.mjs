// Log-level rules of `redo-conform validate`, for validate-peer.mjs: deduplication by id,
// parents (present, same task), lamport, duplicate CREATE, todo references and reuse,
// deletedChain = exactly the ancestors, MERGE base ancestry and MERGE semantics
// (a conflict the default strategy cannot decide), and the broken-branch rules
// (X_ANCESTOR_REJECTED, X_AFTER_DELETE).
//
// Records arrive in file order, as the node-level check left them (see `add`). Nodes are
// then processed parents first, ready nodes in REDO's total order (lamport, wall, id), so
// the verdict does not depend on the order of the records.
import {
  AFTER_DELETE, ANCESTOR, COMPLETE_TODO, CREATE, CREATE_TODO, DAY_MS, DELETE, DUPLICATE_CREATE, LAMPORT, LATEST_MS,
  MERGE, MISSING_CHAIN, NONE, NUMERIC_FIELDS, PARENT, SCHEMA, SNOOZE, TASK_FIELDS, TODO_FIELDS, TODO_REF, UNARCHIVE, UPDATE, ARCHIVE,
} from './protocol.mjs';

export const VALID = 0, REJECTED = 1, DUPLICATE = 2;
export const STATUS_NAMES = ['valid', 'rejected', 'duplicate'];

const MISSING = -1; // a parent that is not in the log
const FAILED = -2; // a parent whose every record failed node-level checks

// Node states while processing.
const UNPROCESSED = 0, OK = 1, REJECTED_OWN = 2, REJECTED_ANCESTOR = 3, AFTER_A_DELETE = 4;

/** A min-heap of node indices under a strict "comes first" relation. */
class Heap {
  #items = [];
  constructor(before) { this.before = before; }
  get size() { return this.#items.length; }

  push(item) {
    const items = this.#items;
    let child = items.length;
    items.push(item);
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.before(item, items[parent])) break;
      items[child] = items[parent];
      child = parent;
    }
    items[child] = item;
  }

  pop() {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0) {
      let parent = 0;
      for (;;) {
        const left = 2 * parent + 1, right = left + 1;
        let smallest = last, at = -1;
        if (left < items.length && this.before(items[left], smallest)) { smallest = items[left]; at = left; }
        if (right < items.length && this.before(items[right], smallest)) { smallest = items[right]; at = right; }
        if (at < 0) break;
        items[parent] = smallest;
        parent = at;
      }
      items[parent] = last;
    }
    return top;
  }
}

/**
 * "Is a an ancestor of (or equal to) x?" over valid nodes, numbered 0, 1, 2… in the order
 * they become valid (parents first). First parents form a forest with skew-binary jump
 * pointers, so a tree-ancestor query is O(log n) at any depth; other paths leave through
 * a MERGE's further parents, which a query follows only above a's lamport (lamport grows
 * along every edge between valid nodes), expanding each MERGE once.
 */
class Ancestry {
  constructor(capacity) {
    this.treeParent = new Int32Array(capacity);
    this.depth = new Int32Array(capacity);
    this.jump = new Int32Array(capacity);
    this.nearestMerge = new Int32Array(capacity); // nearest node with several parents on the tree path, or -1
    this.lamport = new Float64Array(capacity);
    this.extraParents = new Map(); // node -> its parents after the first
    this.count = 0;
  }

  add(lamport, parents) {
    const x = this.count++;
    this.lamport[x] = lamport;
    if (parents.length === 0) {
      this.treeParent[x] = -1;
      this.depth[x] = 0;
      this.jump[x] = x;
      this.nearestMerge[x] = -1;
      return x;
    }
    const first = parents[0];
    this.treeParent[x] = first;
    this.depth[x] = this.depth[first] + 1;
    const j1 = this.jump[first], j2 = this.jump[j1];
    this.jump[x] = this.depth[first] - this.depth[j1] === this.depth[j1] - this.depth[j2] ? j2 : first;
    if (parents.length > 1) {
      this.extraParents.set(x, parents.slice(1));
      this.nearestMerge[x] = x;
    } else {
      this.nearestMerge[x] = this.nearestMerge[first];
    }
    return x;
  }

  parents(x) {
    const first = this.treeParent[x];
    if (first < 0) return [];
    const extra = this.extraParents.get(x);
    return extra === undefined ? [first] : [first, ...extra];
  }

  isTreeAncestor(a, x) {
    const target = this.depth[a];
    if (this.depth[x] < target) return false;
    while (this.depth[x] > target) {
      const skip = this.jump[x];
      x = this.depth[skip] >= target ? skip : this.treeParent[x];
    }
    return x === a;
  }

  isAncestor(a, x) {
    if (a === x) return true;
    const floor = this.lamport[a];
    if (floor >= this.lamport[x]) return false;
    const pending = [x];
    const queued = new Set(pending);
    const expanded = new Set();
    while (pending.length > 0) {
      const y = pending.pop();
      if (this.isTreeAncestor(a, y)) return true;
      for (let merge = this.nearestMerge[y]; merge >= 0 && this.lamport[merge] > floor;) {
        if (expanded.has(merge)) break;
        expanded.add(merge);
        for (const parent of this.extraParents.get(merge)) {
          if (this.lamport[parent] >= floor && !queued.has(parent)) {
            queued.add(parent);
            pending.push(parent);
          }
        }
        const up = this.treeParent[merge];
        merge = up >= 0 ? this.nearestMerge[up] : -1;
      }
    }
    return false;
  }
}

/** One run of the log rules over all records of a log. */
export class LogPass {
  // Records, in file order.
  recordLine = [];
  recordStatus = [];
  recordCode = [];

  // Nodes: records that passed node-level checks, one per id (the first such record stands for it).
  index = new Map(); // id (64 hex) -> node
  ids = [];
  representative = [];
  parentIds = [];
  lamport = [];
  wall = [];
  userId = [];
  action = [];
  task = [];
  payload = [];
  #taskNumbers = new Map();
  #userIds = new Map();
  /** Ids claimed (well-formed) by records that failed node-level checks. */
  #failedIds = new Set();

  /**
   * Adds one record: [line, code, id] for a record that failed node-level checks (id: the
   * well-formed id it claims, or null), [line, NONE, id, parents, lamport, wall, userId,
   * action, taskId, payload] for one that passed.
   */
  add(record) {
    const r = this.recordLine.length;
    this.recordLine.push(record[0]);
    if (record[1] !== NONE) {
      this.recordStatus.push(REJECTED);
      this.recordCode.push(record[1]);
      if (record[2] !== null) this.#failedIds.add(record[2]);
      return;
    }
    this.recordCode.push(NONE);
    const id = record[2];
    if (this.index.has(id)) {
      this.recordStatus.push(DUPLICATE);
      return;
    }
    this.recordStatus.push(VALID);
    const n = this.ids.length;
    this.index.set(id, n);
    this.ids.push(id);
    this.representative.push(r);
    this.parentIds.push(record[3]);
    this.lamport.push(record[4]);
    this.wall.push(record[5]);
    let userId = this.#userIds.get(record[6]); // a few authors write most nodes: keep one string each
    if (userId === undefined) this.#userIds.set(record[6], userId = record[6]);
    this.userId.push(userId);
    this.action.push(record[7]);
    let taskNumber = this.#taskNumbers.get(record[8]);
    if (taskNumber === undefined) this.#taskNumbers.set(record[8], taskNumber = this.#taskNumbers.size);
    this.task.push(taskNumber);
    const payload = record[9];
    // Tasks are numbered here; what needs the taskId text is known now: "todoTaskId is the taskId".
    if (payload !== null && payload.todoTaskId !== undefined) payload.isTaskId = payload.todoTaskId === record[8];
    this.payload.push(payload);
  }

  /** --nodes-only: the record judged alone. */
  addAlone(record) {
    this.recordLine.push(record[0]);
    this.recordStatus.push(record[1] === NONE ? VALID : REJECTED);
    this.recordCode.push(record[1]);
  }

  precedes = (a, b) => {
    if (this.lamport[a] !== this.lamport[b]) return this.lamport[a] < this.lamport[b];
    if (this.wall[a] !== this.wall[b]) return this.wall[a] < this.wall[b];
    return this.ids[a] < this.ids[b];
  };

  run() {
    const count = this.ids.length;
    this.#resolveParents();
    this.#chooseOriginalCreates();
    this.state = new Uint8Array(count);
    this.nodeCode = new Uint8Array(count).fill(NONE);
    this.ancestryOf = new Int32Array(count).fill(-1);
    this.ancestry = new Ancestry(count);
    this.history = new History(this);
    this.todoCreators = new Map(); // task|todo -> node of the first valid CREATE_TODO
    for (const n of this.#processingOrder()) this.#process(n);
    for (let n = 0; n < count; n++) {
      if (this.nodeCode[n] !== NONE) {
        const r = this.representative[n];
        this.recordStatus[r] = REJECTED;
        this.recordCode[r] = this.nodeCode[n];
      }
    }
  }

  /** Every node's parents as nodes (MISSING, FAILED), in one flat array. */
  #resolveParents() {
    const count = this.ids.length;
    this.parentStart = new Int32Array(count + 1);
    const positions = [];
    for (let n = 0; n < count; n++) {
      for (const id of this.parentIds[n]) {
        const p = this.index.get(id);
        positions.push(p !== undefined ? p : this.#failedIds.has(id) ? FAILED : MISSING);
      }
      this.parentStart[n + 1] = positions.length;
    }
    this.parentNode = Int32Array.from(positions);
    this.parentIds = null;
  }

  /** A task's original CREATE: earliest wall, then smallest id, among CREATEs that passed node-level checks. */
  #chooseOriginalCreates() {
    this.originalCreate = new Map();
    for (let n = 0; n < this.ids.length; n++) {
      if (this.action[n] !== CREATE) continue;
      const current = this.originalCreate.get(this.task[n]);
      if (current === undefined || this.wall[n] < this.wall[current] || (this.wall[n] === this.wall[current] && this.ids[n] < this.ids[current])) {
        this.originalCreate.set(this.task[n], n);
      }
    }
  }

  /** Kahn's algorithm, ready nodes taken in total order. */
  #processingOrder() {
    const count = this.ids.length;
    const { parentStart, parentNode } = this;
    const pending = new Int32Array(count);
    const childStart = new Int32Array(count + 1);
    for (let k = 0; k < parentNode.length; k++) if (parentNode[k] >= 0) childStart[parentNode[k] + 1]++;
    for (let n = 0; n < count; n++) childStart[n + 1] += childStart[n];
    const fill = childStart.slice(0, count);
    const children = new Int32Array(childStart[count]);
    for (let n = 0; n < count; n++) {
      for (let k = parentStart[n]; k < parentStart[n + 1]; k++) {
        const p = parentNode[k];
        if (p >= 0) {
          pending[n]++;
          children[fill[p]++] = n;
        }
      }
    }
    const heap = new Heap(this.precedes);
    for (let n = 0; n < count; n++) if (pending[n] === 0) heap.push(n);
    const order = [];
    while (heap.size > 0) {
      const n = heap.pop();
      order.push(n);
      for (let k = childStart[n]; k < childStart[n + 1]; k++) {
        if (--pending[children[k]] === 0) heap.push(children[k]);
      }
    }
    if (order.length < count) { // a cycle needs a SHA-256 fixed point; still, never drop a node
      const placed = new Uint8Array(count);
      for (const n of order) placed[n] = 1;
      const rest = [];
      for (let n = 0; n < count; n++) if (!placed[n]) rest.push(n);
      rest.sort((a, b) => (this.precedes(a, b) ? -1 : 1));
      for (const n of rest) order.push(n);
    }
    return order;
  }

  #process(n) {
    let own = NONE;
    let rejectedAbove = false, deleteAbove = false, allKnown = true, allValid = true;
    const parents = [];
    for (let k = this.parentStart[n]; k < this.parentStart[n + 1]; k++) {
      const p = this.parentNode[k];
      if (p >= 0) {
        parents.push(p);
        if (this.task[p] !== this.task[n]) {
          own = Math.min(own, PARENT);
          allValid = false;
        }
        switch (this.state[p]) {
          case OK:
            if (this.action[p] === DELETE) { deleteAbove = true; allValid = false; }
            break;
          case REJECTED_OWN:
          case REJECTED_ANCESTOR:
            rejectedAbove = true; allValid = false;
            break;
          case AFTER_A_DELETE:
            deleteAbove = true; allValid = false;
            break;
          case UNPROCESSED: // only in a cycle, which verified ids make impossible
            allValid = false;
        }
      } else {
        if (p === FAILED) rejectedAbove = true;
        else own = Math.min(own, PARENT);
        allKnown = false;
        allValid = false;
      }
    }

    const action = this.action[n];
    if (action === CREATE) {
      if (this.lamport[n] !== 1) own = Math.min(own, LAMPORT);
      if (this.originalCreate.get(this.task[n]) !== n) own = Math.min(own, DUPLICATE_CREATE);
    } else if (allKnown && parents.length > 0) {
      let highest = -Infinity;
      for (const p of parents) highest = Math.max(highest, this.lamport[p]);
      if (this.lamport[n] !== highest + 1) own = Math.min(own, LAMPORT);
    }
    const payload = this.payload[n];
    if (payload?.isTaskId) own = Math.min(own, TODO_REF);
    let decisions;
    if (allValid) {
      const result = this.#checkHistory(n, parents, own);
      own = Math.min(own, result.code);
      decisions = result.decisions;
    }

    if (own !== NONE) this.state[n] = REJECTED_OWN;
    else if (rejectedAbove) this.state[n] = REJECTED_ANCESTOR;
    else if (deleteAbove) this.state[n] = AFTER_A_DELETE;
    else {
      this.state[n] = OK;
      this.#registerValid(n, parents, decisions);
    }
    this.nodeCode[n] = Math.min(own, rejectedAbove ? ANCESTOR : NONE, deleteAbove ? AFTER_DELETE : NONE);
  }

  /** Rules over the node's history (all its ancestors are valid here): { code, decisions }. */
  #checkHistory(n, parents, ownSoFar) {
    const payload = this.payload[n];
    const ancestry = this.ancestry;
    const parentsAt = parents.map((p) => this.ancestryOf[p]);
    switch (this.action[n]) {
      case COMPLETE_TODO:
      case SNOOZE: {
        if (payload.isTaskId) break;
        const creator = this.todoCreators.get(this.task[n] + '|' + payload.todoTaskId);
        const reachable = creator !== undefined && parentsAt.some((p) => ancestry.isAncestor(this.ancestryOf[creator], p));
        if (!reachable) return { code: TODO_REF };
        break;
      }
      case CREATE_TODO:
        if (!payload.isTaskId && this.todoCreators.has(this.task[n] + '|' + payload.todoTaskId)) return { code: TODO_REF };
        break;
      case DELETE:
        if (!this.#chainIsAncestors(payload.chain, parents)) return { code: MISSING_CHAIN };
        break;
      case MERGE: {
        const base = this.index.get(payload.base);
        // The base: a node of the log, of this task, valid, and an ancestor of every parent.
        if (base === undefined || this.task[base] !== this.task[n]) return { code: PARENT };
        const baseAt = this.ancestryOf[base];
        if (baseAt < 0 || !parentsAt.every((p) => ancestry.isAncestor(baseAt, p))) return { code: PARENT };
        if (ownSoFar !== NONE) break; // MERGE semantics run only for an otherwise valid MERGE
        const decisions = new MergeEvaluator(this).evaluate(n, payload, baseAt, parentsAt);
        return decisions === undefined ? { code: SCHEMA } : { code: NONE, decisions };
      }
    }
    return { code: NONE };
  }

  /**
   * deletedChain holds exactly the DELETE's ancestors. The walk stops once it has seen more
   * ancestors than the chain lists, so its cost is bounded by the chain the input carries.
   */
  #chainIsAncestors(chain, parents) {
    const limit = chain.length;
    const seen = new Set(parents);
    const pending = [...seen];
    if (seen.size > limit) return false;
    while (pending.length > 0) {
      const next = pending.pop();
      for (let k = this.parentStart[next]; k < this.parentStart[next + 1]; k++) {
        const p = this.parentNode[k];
        if (p < 0 || seen.has(p)) continue;
        seen.add(p);
        if (seen.size > limit) return false;
        pending.push(p);
      }
    }
    if (seen.size !== limit) return false;
    return chain.every((id) => seen.has(this.index.get(id))); // entries are distinct (node-level rule)
  }

  #registerValid(n, parents, decisions) {
    const parentsAt = parents.map((p) => this.ancestryOf[p]);
    const at = this.ancestry.add(this.lamport[n], parentsAt);
    this.ancestryOf[n] = at;
    this.history.register(n, at, parentsAt, decisions);
    if (this.action[n] === CREATE_TODO) {
      const key = this.task[n] + '|' + this.payload[n].todoTaskId;
      if (!this.todoCreators.has(key)) this.todoCreators.set(key, n);
    }
  }
}

// ---------------------------------------------------------------------------------------
// State at any valid node, for MERGE semantics

const FIELD_COUNT = TASK_FIELDS.length;

/**
 * Task fields are last-writer registers: per valid node and field, the node that last
 * wrote it among its ancestors (by total order), so a value is one lookup. Todos are
 * replayed on demand from the few nodes that wrote each todo, filtered to the ancestors.
 */
class History {
  constructor(log) {
    this.log = log;
    this.node = new Int32Array(log.ids.length); // ancestry position -> node
    this.writers = new Int32Array(log.ids.length * FIELD_COUNT);
    this.decisions = new Map(); // ancestry position -> what a MERGE decided
    this.todoWriters = new Map(); // task|todo -> ancestry positions
  }

  register(n, at, parentsAt, decisions) {
    const { log, writers } = this;
    this.node[at] = n;
    if (decisions !== undefined) this.decisions.set(at, decisions);
    for (let f = 0; f < FIELD_COUNT; f++) {
      let latest = -1;
      for (const p of parentsAt) {
        const candidate = writers[p * FIELD_COUNT + f];
        if (candidate >= 0 && (latest < 0 || log.precedes(this.node[latest], this.node[candidate]))) latest = candidate;
      }
      if (this.written(n, TASK_FIELDS[f], decisions) !== undefined) latest = at;
      writers[at * FIELD_COUNT + f] = latest;
    }
    const todos = [];
    const todo = log.payload[n]?.todoTaskId;
    if (todo !== undefined) todos.push(todo);
    if (decisions !== undefined) todos.push(...Object.keys(decisions.todos));
    for (const t of todos) {
      const key = log.task[n] + '|' + t;
      const list = this.todoWriters.get(key);
      if (list === undefined) this.todoWriters.set(key, [at]);
      else list.push(at);
    }
  }

  /** The value node n writes to a task field (undefined: none). */
  written(n, field, decisions) {
    const payload = this.log.payload[n];
    switch (this.log.action[n]) {
      case CREATE: return field === 'archived' ? false : payload.fields[field];
      case UPDATE: return payload.fields[field];
      case ARCHIVE: return field === 'archived' ? true : undefined;
      case UNARCHIVE: return field === 'archived' ? false : undefined;
      case MERGE: return decisions?.task[field];
    }
    return undefined;
  }

  taskValue(at, f) {
    const writer = this.writers[at * FIELD_COUNT + f];
    return writer < 0 ? undefined : this.written(this.node[writer], TASK_FIELDS[f], this.decisions.get(writer));
  }

  /** A todo in the state at `at` ({deadline, notes, completed}), or undefined. */
  todoState(at, task, todo, ancestry) {
    let state;
    for (const writer of this.todoWriters.get(task + '|' + todo) ?? []) {
      if (!ancestry.isAncestor(writer, at)) continue;
      const n = this.node[writer];
      const payload = this.log.payload[n];
      switch (this.log.action[n]) {
        case CREATE_TODO:
          state = { deadline: payload.time, notes: payload.notes ?? undefined, completed: null };
          break;
        case COMPLETE_TODO:
          if (state === undefined) break;
          state.completed = payload.time;
          if (payload.notes != null) state.notes = payload.notes;
          break;
        case SNOOZE:
          if (state === undefined) break;
          state.deadline = payload.days != null ? Math.min(state.deadline + payload.days * DAY_MS, LATEST_MS) : payload.newDeadline;
          if (payload.notes != null) state.notes = payload.notes;
          break;
        case MERGE:
          if (state !== undefined) Object.assign(state, this.decisions.get(writer)?.todos[todo]);
          break;
      }
    }
    return state;
  }

  /** Todos written on the branches from `tips` down to (not into) the base's ancestors. */
  todosWrittenAbove(tips, base, ancestry) {
    const seen = new Set();
    const pending = [];
    for (const tip of tips) {
      if (!ancestry.isAncestor(tip, base) && !seen.has(tip)) { seen.add(tip); pending.push(tip); }
    }
    const todos = new Set();
    while (pending.length > 0) {
      const at = pending.pop();
      const todo = this.log.payload[this.node[at]]?.todoTaskId;
      if (todo !== undefined) todos.add(todo);
      const decided = this.decisions.get(at);
      if (decided !== undefined) for (const t of Object.keys(decided.todos)) todos.add(t);
      for (const parent of ancestry.parents(at)) {
        if (!seen.has(parent) && !ancestry.isAncestor(parent, base)) { seen.add(parent); pending.push(parent); }
      }
    }
    return todos;
  }
}

/**
 * What a MERGE writes: per field, compare each parent's state with the base's; unchanged
 * fields are left alone; a changed field takes its explicit resolution, else the single
 * (or agreed) change, else the policy's defaultStrategy. Returns the decisions, or
 * undefined when a conflict is left to a default strategy that cannot decide it.
 */
class MergeEvaluator {
  constructor(log) {
    this.log = log;
    this.history = log.history;
    this.ancestry = log.ancestry;
  }

  evaluate(n, merge, baseAt, parentsAt) {
    const { history, ancestry, log } = this;
    const decisions = { task: {}, todos: {} };
    for (let f = 0; f < FIELD_COUNT; f++) {
      const field = TASK_FIELDS[f];
      const base = history.taskValue(baseAt, f);
      const values = parentsAt.map((p) => history.taskValue(p, f));
      const decided = this.#decide(base, values, NUMERIC_FIELDS.has(field), merge.task[field], n, merge, parentsAt);
      if (decided === CANNOT) return undefined;
      if (decided !== undefined) decisions.task[field] = decided;
    }
    const task = log.task[n];
    for (const todo of history.todosWrittenAbove(parentsAt, baseAt, ancestry)) {
      const baseState = history.todoState(baseAt, task, todo, ancestry);
      const states = parentsAt.map((p) => history.todoState(p, task, todo, ancestry));
      for (const field of TODO_FIELDS) {
        const values = states.map((s) => s?.[field]);
        const decided = this.#decide(baseState?.[field], values, false, merge.todos[todo]?.[field], n, merge, parentsAt);
        if (decided === CANNOT) return undefined;
        if (decided !== undefined) (decisions.todos[todo] ??= {})[field] = decided;
      }
    }
    return decisions;
  }

  /** The value to write, undefined to leave the field alone, CANNOT to reject the MERGE. */
  #decide(base, values, numeric, resolution, n, merge, parentsAt) {
    const changers = [];
    for (let i = 0; i < values.length; i++) if (values[i] !== base) changers.push(i);
    if (changers.length === 0) return undefined;
    const parentIds = this.#parentIds(n);
    if (resolution !== undefined) {
      switch (resolution.strategy) {
        case 'ours': return values[parentIds.indexOf(resolution.chosenParent)];
        case 'theirs': {
          const chosen = parentIds.indexOf(resolution.chosenParent);
          return values[chosen === 0 ? 1 : 0];
        }
        case 'manual': return resolution.value;
        case 'lww': return values[this.#latest(changers, parentsAt, merge.tiebreakers)];
        case 'max': case 'min': return extreme(changers.map((i) => values[i]), resolution.strategy === 'max');
        default: return CANNOT; // union: refused when validated
      }
    }
    const first = values[changers[0]];
    if (changers.every((i) => values[i] === first)) return first;
    switch (merge.defaultStrategy) {
      case 'lww': return values[this.#latest(changers, parentsAt, merge.tiebreakers)];
      case 'max': case 'min':
        if (numeric) return extreme(changers.map((i) => values[i]), merge.defaultStrategy === 'max');
    }
    return CANNOT;
  }

  #parentIds(n) {
    const { log } = this;
    const ids = [];
    for (let k = log.parentStart[n]; k < log.parentStart[n + 1]; k++) ids.push(log.ids[log.parentNode[k]]);
    return ids;
  }

  /** The changer whose parent node is greatest by the tiebreakers, then by id. */
  #latest(changers, parentsAt, tiebreakers) {
    const { log, history } = this;
    const later = (a, b) => { // is parent b after parent a?
      const x = history.node[parentsAt[a]], y = history.node[parentsAt[b]];
      for (const tiebreaker of tiebreakers) {
        if (tiebreaker === 'lamport' && log.lamport[x] !== log.lamport[y]) return log.lamport[x] < log.lamport[y];
        if (tiebreaker === 'wall' && log.wall[x] !== log.wall[y]) return log.wall[x] < log.wall[y];
        if (tiebreaker === 'author' && log.userId[x] !== log.userId[y]) return log.userId[x] < log.userId[y];
      }
      return log.ids[x] < log.ids[y];
    };
    let best = changers[0];
    for (const i of changers) if (later(best, i)) best = i;
    return best;
  }
}

const CANNOT = Symbol('cannot decide');

function extreme(values, max) {
  const numbers = values.filter((v) => typeof v === 'number');
  if (numbers.length === 0) return undefined;
  return max ? Math.max(...numbers) : Math.min(...numbers);
}
