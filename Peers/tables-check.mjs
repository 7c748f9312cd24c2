// Holds every peer's own protocol tables to Vectors/protocol-tables.json (written by
// redo-conform from its rule catalog): the codes and their precedence, the actions and
// their parent counts, the reserved names, the field lists, the MERGE names and the limits.
//
//   node Peers/tables-check.mjs [--tables FILE] [--peer web|jvm|python]...
//
// Each peer prints the tables its own checks use, in the file's shape, for the sections it
// holds (Peers/web/tables.mjs, `Peers/jvm/run.sh --tables`, Peers/python/tables.py); a peer
// never reads the file. Every section a peer prints must equal the file's section, value
// for value and in the same order; a section a peer does not print is "not held". One
// allowance: the peers give a status and a primary code per record, so they hold no
// warning code — a peer whose codes are all errors is compared with the file's error
// codes, and the file's warnings are named as not held.
//
// Prints one line per peer and section: agree, differs (with the first difference) or not
// held. Exit status: 0 when everything printed agrees; 1 when a section differs, a peer
// prints neither codes nor reservedNames, or a peer cannot print its tables; 2 on usage or
// an unreadable tables file.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FORMAT = 'redo-conform/protocol-tables';
const SECTIONS = ['codes', 'rules', 'actions', 'reservedNames', 'fields', 'merge', 'limits'];
const PEERS = {
  web: ['node', join(ROOT, 'Peers/web/tables.mjs')],
  jvm: ['bash', join(ROOT, 'Peers/jvm/run.sh'), '--tables'],
  python: [process.env.PYTHON || 'python3', join(ROOT, 'Peers/python/tables.py')],
};

function usage(message) {
  if (message) console.error(`tables-check.mjs: ${message}`);
  console.error('usage: node Peers/tables-check.mjs [--tables FILE] [--peer web|jvm|python]...');
  process.exit(2);
}

let tablesPath = join(ROOT, 'Vectors/protocol-tables.json');
const chosen = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--tables' && i + 1 < args.length) tablesPath = args[++i];
  else if (args[i] === '--peer') {
    if (!PEERS[args[i + 1]]) usage('--peer takes web, jvm or python');
    chosen.push(args[++i]);
  }
  else usage(`unexpected argument ${args[i]}`);
}
const peers = chosen.length > 0 ? chosen : Object.keys(PEERS);

let file;
try {
  file = JSON.parse(readFileSync(tablesPath, 'utf8'));
} catch (error) {
  usage(`cannot read ${tablesPath}: ${error.message}`);
}
if (file?.format !== FORMAT || file?.version !== 1) usage(`${tablesPath} is not a version 1 ${FORMAT} file`);

const show = (value) => {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  return text.length > 120 ? text.slice(0, 117) + '...' : text;
};

/** The first place where `peer` differs from `want`, as "PATH: file X, peer Y", or null. */
function firstDifference(want, peer, path) {
  if (Array.isArray(want) && Array.isArray(peer)) {
    for (let i = 0; i < Math.min(want.length, peer.length); i++) {
      const d = firstDifference(want[i], peer[i], `${path}[${i}]`);
      if (d !== null) return d;
    }
    if (want.length !== peer.length) {
      const i = Math.min(want.length, peer.length);
      return `${path}[${i}]: file ${show(want[i])}, peer ${show(peer[i])} (file ${want.length} entries, peer ${peer.length})`;
    }
    return null;
  }
  const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObject(want) && isObject(peer)) {
    for (const key of new Set([...Object.keys(want), ...Object.keys(peer)])) {
      const d = firstDifference(want[key], peer[key], `${path}.${key}`);
      if (d !== null) return d;
    }
    return null;
  }
  return Object.is(want, peer) ? null : `${path}: file ${show(want)}, peer ${show(peer)}`;
}

/** Compares one section; returns [agrees, text]. */
function compareSection(name, want, peer) {
  if (want === undefined) return [false, `differs: the tables file has no section ${name}`];
  let note = '';
  if (name === 'codes' && Array.isArray(want) && Array.isArray(peer) && peer.length > 0) {
    const held = new Set(peer.map((c) => c?.severity));
    const notHeld = want.filter((c) => !held.has(c.severity));
    if (notHeld.length > 0) {
      want = want.filter((c) => held.has(c.severity));
      note = `; not held: ${notHeld.map((c) => `${c.severity} ${c.code}`).join(', ')}`;
    }
    note = ` (${want.length} ${[...held].join('/')} codes${note})`;
  }
  const d = firstDifference(want, peer, name);
  return d === null ? [true, `agree${note}`] : [false, `differs: ${d}`];
}

const shown = relative(process.cwd(), tablesPath);
console.log(`tables: ${shown.startsWith('..') ? tablesPath : shown} (${FORMAT}, version ${file.version})`);
let agree = 0, differ = 0, notHeld = 0, failed = false;
const line = (peer, section, text) => console.log(`${peer.padEnd(7)} ${section.padEnd(14)} ${text}`);
for (const name of peers) {
  const [command, ...rest] = PEERS[name];
  const run = spawnSync(command, rest, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 });
  let printed;
  try {
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`exit status ${run.status}: ${(run.stderr || '').trim().split('\n').slice(-1)[0]}`);
    printed = JSON.parse(run.stdout);
    if (printed?.format !== FORMAT || printed?.version !== 1) throw new Error(`it printed no version 1 ${FORMAT} object`);
  } catch (error) {
    line(name, '-', `FAILED: cannot print its tables (${PEERS[name].join(' ')}): ${error.message}`);
    failed = true;
    continue;
  }
  for (const section of Object.keys(printed)) {
    if (!['format', 'version', 'peer', ...SECTIONS].includes(section)) {
      line(name, section, 'differs: no such section in the tables file');
      differ++;
    }
  }
  for (const section of SECTIONS) {
    if (printed[section] === undefined) {
      line(name, section, 'not held');
      notHeld++;
      continue;
    }
    const [ok, text] = compareSection(section, file[section], printed[section]);
    line(name, section, text);
    if (ok) agree++;
    else differ++;
  }
  if (printed.codes === undefined && printed.reservedNames === undefined) {
    line(name, '-', 'FAILED: holds neither codes nor reservedNames');
    failed = true;
  }
}
console.log(`tables-check: ${peers.length} peer(s), ${agree} section(s) agree, ${differ} differ, ${notHeld} not held`);
process.exit(differ > 0 || failed ? 1 : 0);
