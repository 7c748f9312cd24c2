#!/usr/bin/env node
// Deterministic benchmark-input generator (seeded PRNG, Node stdlib only).
//
//   node Peers/web/tools/gen-inputs.mjs [--out DIR] [--nodes N] [--mb SIZE] [--seed S]
//
// Writes into DIR (default .build-bench/inputs):
//   nodes-100k.jsonl      N (default 100000) REDO-like nodes, one per line, keys
//                         in client (unsorted) order, some non-ASCII and escapes.
//   numbers-unicode.json  one ~SIZE MB (default 25) document heavy with numbers
//                         of all magnitudes and strings/keys in many scripts,
//                         nesting depth <= 10, no duplicate keys.
// Same arguments => byte-identical output. Values are random, not valid
// hashes/signatures: the files are for parse+canonicalize throughput and for
// diffing canonical output between implementations.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// ---------------------------------------------------------------- arguments
const args = { out: '.build-bench/inputs', nodes: 100000, mb: 25, seed: 0x5eed };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  const v = process.argv[++i];
  if (v === undefined) throw new Error(`missing value for ${a}`);
  if (a === '--out') args.out = v;
  else if (a === '--nodes') args.nodes = parseInt(v, 10);
  else if (a === '--mb') args.mb = parseFloat(v);
  else if (a === '--seed') args.seed = parseInt(v, 10);
  else throw new Error(`unknown argument ${a}`);
}

// ---------------------------------------------------------------- PRNG
// sfc32 (Small Fast Counting, 32-bit), seeded via splitmix32.
function makeRng(seed) {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix(), b = splitmix(), c = splitmix(), d = splitmix();
  const u32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 16; i++) u32();
  const rng = {
    u32,
    float: () => u32() / 4294967296,                 // [0,1)
    int: (lo, hi) => lo + Math.floor(rng.float() * (hi - lo + 1)), // [lo,hi]
    chance: (p) => rng.float() < p,
    pick: (arr) => arr[Math.floor(rng.float() * arr.length)],
    hex: (n) => {
      let out = '';
      while (out.length < n) out += u32().toString(16).padStart(8, '0');
      return out.slice(0, n);
    },
  };
  return rng;
}

// ---------------------------------------------------------------- JSON writer
// Writes values in insertion (client) order. Strings are escaped minimally
// like JSON.stringify, but with probability `escP` a non-ASCII / special char
// is written as a \uXXXX escape (random hex case, surrogate pairs as two
// escapes), and "/" sometimes as "\/", to exercise parsers.
function makeWriter(rng, escP) {
  const hex4 = (cu) => {
    const h = cu.toString(16).padStart(4, '0');
    return '\\u' + (rng.chance(0.5) ? h : h.toUpperCase());
  };
  const SHORT = { 0x22: '\\"', 0x5c: '\\\\', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t' };
  function str(s) {
    let out = '"';
    for (const ch of s) {               // iterates by code point
      const cp = ch.codePointAt(0);
      if (cp < 0x20 || cp === 0x22 || cp === 0x5c) {
        out += SHORT[cp] !== undefined && !rng.chance(escP) ? SHORT[cp] : hex4(cp);
      } else if (cp === 0x2f && rng.chance(escP)) {
        out += '\\/';
      } else if (cp >= 0x7f && rng.chance(escP)) {
        if (cp > 0xffff) out += hex4(ch.charCodeAt(0)) + hex4(ch.charCodeAt(1));
        else out += hex4(cp);
      } else {
        out += ch;
      }
    }
    return out + '"';
  }
  // Numbers may be pre-formatted text (wrapped in {num: "..."}).
  function val(v) {
    if (v === null) return 'null';
    if (typeof v === 'string') return str(v);
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (Array.isArray(v)) return '[' + v.map(val).join(',') + ']';
    if (v instanceof NumText) return v.text;
    if (v instanceof Entries) return '{' + v.list.map(([k, x]) => str(k) + ':' + val(x)).join(',') + '}';
    return '{' + Object.keys(v).map((k) => str(k) + ':' + val(v[k])).join(',') + '}';
  }
  return { str, val };
}
class NumText { constructor(text) { this.text = text; } }
// Object as an explicit [key, value] list: plain JS objects would reorder
// integer-like keys ("12") first, and a "__proto__" key would be special.
class Entries { constructor(list) { this.list = list; } }

// ---------------------------------------------------------------- text pools
const SCRIPTS = [
  [0x00c0, 0x017f],   // Latin-1 supplement / Latin Extended-A (accents)
  [0x0391, 0x03c9],   // Greek
  [0x0410, 0x044f],   // Cyrillic
  [0x05d0, 0x05ea],   // Hebrew
  [0x0620, 0x064a],   // Arabic
  [0x0905, 0x0939],   // Devanagari
  [0x0e01, 0x0e30],   // Thai
  [0x3041, 0x3096],   // Hiragana
  [0x30a1, 0x30fa],   // Katakana
  [0x4e00, 0x9fff],   // CJK unified ideographs
  [0xac00, 0xd7a3],   // Hangul syllables
  [0xfb1d, 0xfb4f],   // Hebrew presentation forms (sort above most astral in UTF-16!)
  [0xff01, 0xff5e],   // fullwidth forms
  [0x1f300, 0x1f64f], // emoji (astral, surrogate pairs)
  [0x1d400, 0x1d4ff], // math alphanumerics (astral)
  [0x20000, 0x2a6df], // CJK extension B (astral)
];
const SPECIAL = ['\n', '\t', '\r', '"', '\\', '/', '\b', '\f', '\u0000', '\u0001', '\u001f',
  '\u007f', '\u0080', '\u00a0', '\u2028', '\u2029', '\ufeff', '\ufffd', '\u{10ffff}',
  '\u200d', '\u0301', 'e\u0301', '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}', '\u{1f600}', '€', '\uffff'];
const WORDS = ['task', 'review', 'groceries', 'laundry', 'report', 'call', 'plan', 'fix',
  'water plants', 'pay rent', 'dentist', 'gym', 'read', 'backup', 'email', 'clean'];

function randString(rng, minLen, maxLen, specialP) {
  const n = rng.int(minLen, maxLen);
  const [lo, hi] = rng.pick(SCRIPTS);
  let s = '';
  for (let i = 0; i < n; i++) {
    const r = rng.float();
    if (r < specialP) s += rng.pick(SPECIAL);
    else if (r < 0.3) s += String.fromCharCode(rng.int(0x20, 0x7e));
    else if (r < 0.38) s += String.fromCodePoint(rng.pick(SCRIPTS)[0] + rng.int(0, 20));
    else s += String.fromCodePoint(rng.int(lo, hi));
  }
  return s;
}

// ---------------------------------------------------------------- numbers
const f64 = new Float64Array(1);
const u32v = new Uint32Array(f64.buffer);
function randDoubleBits(rng) {
  for (;;) {
    u32v[0] = rng.u32(); u32v[1] = rng.u32();
    if (Number.isFinite(f64[0])) return f64[0];
  }
}
// Returns NumText: the literal as it appears in the input. Various textual
// forms of the same kinds of values, so parsers see exponents, long digit
// strings, leading "-0", etc. All literals are finite doubles.
function randNumber(rng) {
  const r = rng.int(0, 15);
  let t;
  switch (r) {
    case 0: t = String(randDoubleBits(rng)); break;                      // any magnitude, shortest
    case 1: t = randDoubleBits(rng).toPrecision(17); break;              // 17 significant digits
    case 2: t = randDoubleBits(rng).toExponential().replace('e', rng.chance(0.5) ? 'E' : 'e'); break;
    case 3: t = String(rng.int(-1000, 1000)); break;                     // small integers
    case 4: t = String(rng.int(0, 0x7fffffff) * 4194304 + rng.int(0, 4194303)); break; // up to 2^53
    case 5: t = String(rng.int(-99999, 99999) / 100); break;             // money-like fractions
    case 6: t = (rng.float() * 10 ** rng.int(-30, 30)).toString(); break;
    case 7: t = `${rng.int(1, 9)}.${rng.int(0, 99)}e${rng.pick(['+', '-', ''])}${rng.int(0, 307)}`; break;
    case 8: t = rng.pick(['0', '-0', '0.0', '-0.0', '1e0', '1E+2', '100e-2', '0.1', '0.2', '0.3',
      '5e-324', '-5e-324', '1.7976931348623157e308', '2.2250738585072014e-308', '9007199254740993',
      '1e21', '1e+21', '999999999999999999999', '0.000001', '1e-7', '1.5e-300', '4.35e+21',
      '1424953923781206.25', '333333333.33333333333', '0.1000000000000000055511151231257827021181583404541015625']); break;
    case 9: {                                                            // long digit strings
      let d = String(rng.int(1, 9));
      for (let i = rng.int(5, 40); i > 0; i--) d += rng.int(0, 9);
      const p = rng.int(1, d.length);
      t = d.slice(0, p) + (p < d.length ? '.' + d.slice(p) : '');
      break;
    }
    case 10: t = String(rng.float()); break;                             // [0,1)
    case 11: t = String(-rng.float() * 1e6); break;
    case 12: t = String(rng.int(0, 1e9) * 10 ** rng.int(10, 22)); break; // large, e+ forms
    case 13: t = String(rng.int(1, 1e6) / 10 ** rng.int(7, 20)); break;  // small, e- forms
    default: t = String(Math.fround(rng.float() * 1000)); break;         // float32-ish
  }
  if (r !== 3 && r !== 8 && !t.startsWith('-') && rng.chance(0.3)) t = '-' + t;
  if (!Number.isFinite(Number(t))) throw new Error(`bad number literal ${t}`);
  return new NumText(t);
}

// ---------------------------------------------------------------- nodes-100k.jsonl
const ACTIONS = [
  ['CREATE', 10], ['UPDATE', 20], ['CREATE_TODO', 30], ['COMPLETE_TODO', 25], ['SNOOZE', 10], ['ARCHIVE', 5],
];
const ACTION_TOTAL = ACTIONS.reduce((s, a) => s + a[1], 0);
const TITLES = ['Water the plants', 'Pay rent', 'Weekly review', 'Take out trash', 'Call mom',
  'Café con leche ☕', 'Ménage de printemps', 'Überprüfung der Steuern', 'Señal de tráfico',
  '買い物リスト', '周报', '운동하기', 'Прогулка с собакой', 'Γυμναστήριο', 'تنظيف المطبخ',
  'पौधों को पानी', 'Dentist 🦷', 'Run 🏃‍♀️ 5k', 'Backup laptop 💾', 'Read "Dune"',
  'Fix\nleaky tap', 'Back\\slash check', 'Tab\tseparated', 'Recycling ♻️ day', 'Piano 🎹 practice'];
const NOTES = ['', 'Remember the receipt.', 'Use the blue can.', 'Ask about the "premium" plan',
  'Line one\nLine two', 'déjà vu — again', '天气好的话', '🙂 easy one', 'Prix: 12,50 €',
  'Tab\there', 'Path C:\\Users\\me', 'Nächste Woche', 'see https://example.com/a/b?c=d&e=f'];

function uuidv4(rng) {
  const h = rng.hex(32);
  const v = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${v}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function genNodes(path, count, seed) {
  const rng = makeRng(seed);
  const w = makeWriter(rng, 0.08);
  const users = [];
  for (let u = 0; u < 6; u++) {
    const devices = [];
    for (let d = 0; d < rng.int(1, 4); d++) devices.push({ deviceId: `device-${d + 1}`, publicKey: rng.hex(64) });
    users.push({ userId: rng.hex(32), name: rng.pick(['Alice', 'Bob', 'Zoë', 'José', 'Björn', '美咲', 'Олег', 'Nadia']), devices });
  }
  const tasks = [];      // { taskId, todos: [todoTaskId...] }
  const recent = [];     // recent node ids (for parents)
  let lamport = 0;
  let wall = Date.UTC(2025, 0, 1, 8, 0, 0, 0);
  const lines = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    lamport += rng.int(1, 3);
    wall += rng.int(50, 600000);
    let r = rng.int(0, ACTION_TOTAL - 1), action = 'CREATE';
    for (const [a, wgt] of ACTIONS) { if (r < wgt) { action = a; break; } r -= wgt; }
    if (tasks.length === 0) action = 'CREATE';
    let task;
    if (action === 'CREATE') { task = { taskId: uuidv4(rng), todos: [] }; tasks.push(task); }
    else task = tasks[Math.max(0, tasks.length - 1 - Math.floor(rng.float() ** 3 * tasks.length))];
    if ((action === 'COMPLETE_TODO' || action === 'SNOOZE') && task.todos.length === 0) action = 'CREATE_TODO';

    let payload;
    switch (action) {
      case 'CREATE':
        payload = { title: rng.pick(TITLES), description: rng.chance(0.3) ? randString(rng, 5, 60, 0.03) : rng.pick(NOTES),
          priority: rng.int(1, 5), storyPoints: rng.pick([1, 2, 3, 5, 8, 13]), frequencyDays: rng.int(1, 30) };
        break;
      case 'UPDATE': {
        payload = {};
        if (rng.chance(0.5)) payload.title = rng.pick(TITLES);
        if (rng.chance(0.3)) payload.description = rng.pick(NOTES);
        if (rng.chance(0.4)) payload.priority = rng.int(1, 5);
        if (rng.chance(0.3)) payload.storyPoints = rng.pick([1, 2, 3, 5, 8]);
        if (rng.chance(0.3) || Object.keys(payload).length === 0) payload.frequencyDays = rng.int(1, 30);
        break;
      }
      case 'CREATE_TODO': {
        const todoTaskId = uuidv4(rng);
        task.todos.push(todoTaskId);
        payload = { todoTaskId, deadline: new Date(wall + rng.int(1, 30) * 86400000).toISOString(),
          notes: rng.chance(0.15) ? randString(rng, 3, 40, 0.05) : rng.pick(NOTES) };
        break;
      }
      case 'COMPLETE_TODO':
        payload = { todoTaskId: task.todos.shift(), completedAt: new Date(wall).toISOString() };
        if (rng.chance(0.2)) payload.notes = rng.pick(NOTES);
        break;
      case 'SNOOZE':
        payload = { todoTaskId: rng.pick(task.todos), daysToExtend: rng.int(1, 7) };
        break;
      default: // ARCHIVE
        payload = {};
    }
    const user = rng.pick(users);
    const dev = rng.pick(user.devices);
    const nparents = recent.length === 0 ? 0 : rng.chance(0.06) ? 2 : 1;
    const parents = [];
    for (let p = 0; p < nparents; p++) {
      const id = recent[recent.length - 1 - rng.int(0, Math.min(recent.length - 1, 7))];
      if (!parents.includes(id)) parents.push(id);
    }
    const id = 'sha256:' + rng.hex(64);
    recent.push(id);
    if (recent.length > 64) recent.shift();
    const node = {
      id, version: 1, parents,
      timestamp: { lamport, wall: new Date(wall).toISOString() },
      author: { userId: user.userId, deviceId: dev.deviceId, publicKey: dev.publicKey, name: user.name },
      action, taskId: task.taskId,
      data: { payload },
      signature: rng.hex(128),
    };
    const line = w.val(node) + '\n';
    bytes += Buffer.byteLength(line);
    lines.push(line);
  }
  writeFileSync(path, lines.join(''));
  return bytes;
}

// ---------------------------------------------------------------- numbers-unicode.json
function genDocument(path, targetBytes, seed) {
  const rng = makeRng(seed ^ 0xa5a5a5a5);
  const w = makeWriter(rng, 0.15);
  const MAX_DEPTH = 10;   // nesting depth: root object = 1, its records = 2

  function key(used) {
    for (;;) {
      let k;
      const r = rng.float();
      if (r < 0.5) k = randString(rng, 1, 12, 0.02);
      else if (r < 0.7) k = rng.pick(WORDS) + (rng.chance(0.5) ? rng.int(0, 99) : '');
      else if (r < 0.8) k = String(rng.int(0, 1000));   // numeric-looking keys: string order, not numeric
      else if (r < 0.9) k = rng.pick(['\u{1f600}', '\ufb33', '\u20ac', '\r', '1', '\u00f6', 'a', 'A', '', ' ', '\u{10000}', '\uffff', 'é', 'e\u0301']) + randString(rng, 0, 2, 0);
      else k = randString(rng, 1, 4, 0.3);
      if (!used.has(k)) { used.add(k); return k; }
    }
  }
  function value(depth) {
    const r = rng.float();
    if (depth <= MAX_DEPTH && r < 0.12) {
      const n = rng.int(0, depth < 3 ? 12 : 6);
      const list = []; const used = new Set();
      for (let i = 0; i < n; i++) list.push([key(used), value(depth + 1)]);
      return new Entries(list);
    }
    if (depth <= MAX_DEPTH && r < 0.22) {
      const n = rng.int(0, depth < 3 ? 16 : 8);
      const a = [];
      for (let i = 0; i < n; i++) a.push(value(depth + 1));
      return a;
    }
    if (r < 0.62) return randNumber(rng);
    if (r < 0.95) return randString(rng, 0, 40, 0.04);
    return rng.pick([true, false, null]);
  }

  // Built as {"meta":…, "<key>": <record>, …}; records are written out
  // incrementally until the target size is reached.
  const parts = ['{', w.str('meta'), ':', w.val({ generator: 'redo-conform gen-inputs', seed, note: 'numbers+unicode stress' })];
  let bytes = Buffer.byteLength(parts.join(''));
  const used = new Set(['meta']);
  while (bytes < targetBytes) {
    const list = []; const u = new Set();
    for (let i = rng.int(4, 12); i > 0; i--) list.push([key(u), value(3)]);
    const rec = new Entries(list);
    // one level of grouping so the root has ~thousands of keys, not millions
    const text = ',' + w.str(key(used)) + ':' + w.val(rec);
    bytes += Buffer.byteLength(text);
    parts.push(text);
  }
  parts.push('}');
  bytes += 1;
  writeFileSync(path, parts.join(''));
  return bytes;
}

// ---------------------------------------------------------------- main
mkdirSync(args.out, { recursive: true });
const p1 = join(args.out, 'nodes-100k.jsonl');
const p2 = join(args.out, 'numbers-unicode.json');
const b1 = genNodes(p1, args.nodes, args.seed);
console.log(`wrote ${p1}: ${args.nodes} lines, ${b1} bytes (${(b1 / 1e6).toFixed(1)} MB)`);
const b2 = genDocument(p2, Math.round(args.mb * 1e6), args.seed);
console.log(`wrote ${p2}: ${b2} bytes (${(b2 / 1e6).toFixed(1)} MB)`);
