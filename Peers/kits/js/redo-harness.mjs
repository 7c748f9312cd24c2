// redo-harness.mjs: the JavaScript harness kit for redo-conform's platform gate
// (Node 20, built-ins only; copy this one file into your repository).
//
// A platform harness runs a client's own JSON parser, RFC 8785 writer, SHA-256 and
// Ed25519 over redo-conform's platform inputs, and writes what they produced for
// `redo-conform compare`. You supply those functions; the kit does the rest: it reads the
// inputs file and refuses a malformed one, runs every vector of every section, turns a
// vector's exception into {"error": …}, echoes the inputs' `vectorSet`, and writes the
// outputs file whole. The files are described in docs/platform-gate.md ("The exchange
// format"), the kits in docs/harness-kits.md.
//
//   import { runHarness } from './redo-harness.mjs';
//   const outputs = await runHarness({
//     inputsPath, outputsPath,          // the platform-inputs file to read, the outputs file to write
//     platform, implementation,         // the outputs' "platform" name and free-text "implementation"
//     parse, canonicalize, sha256, verify,          // required
//     sign, accepts, roundTrip, stateSha256,        // optional
//   });
//
// The functions may return their result or a Promise of it (WebCrypto is asynchronous).
// Bytes are handed to them as Buffers (Uint8Arrays); bytes they return may be any
// Uint8Array, typed array, DataView or ArrayBuffer, never a string, so that the kit never
// picks a text encoding for you.
//
//   parse(text) -> value              the client's JSON parser. A node must come back as a
//                                     plain object or a Map (members by key).
//   canonicalize(value) -> bytes      the client's RFC 8785 writer.
//   sha256(bytes) -> bytes            the client's SHA-256.
//   verify(publicKey, message, signature) -> boolean
//                                     the client's Ed25519 verification. The signatures
//                                     section has keys and signatures of wrong lengths on
//                                     purpose: answer false, or throw (an error result).
//   sign(seed, message) -> bytes      optional: the Ed25519 signature by a 32-byte seed.
//                                     Without it nodes get no "signature".
//   accepts(nodeText, profile) -> {accepts: boolean, reason?: string}
//                                     optional: the client's acceptance check of a node as
//                                     received, profile "synced" or "local". Without it
//                                     there are no verdicts results (not judged).
//   roundTrip(nodeText) -> bytes      optional: the RFC 8785 bytes of the whole node after
//                                     the client's storage model wrote it and read it back.
//                                     Without it there are no storage results.
//   stateSha256(records) -> string    optional: records is an array of JSON texts, one log;
//                                     the lowercase hex SHA-256 of the reconstructed state's
//                                     RFC 8785 bytes. Without it there are no logs results.
//
// What the kit does with them, per section of the inputs:
//
//   canonicalization  {canonical: hex(canonicalize(parse(json)))}
//   nodes             node = parse(text); body = node without its top-level "id" and
//                     "signature"; bytes = canonicalize(body);
//                     {canonical: hex(bytes), id: "sha256:" + hex(sha256(bytes)),
//                      signature: hex(sign(seed, bytes)) (when the vector has a seed and sign
//                      is given), verifies: verify(author.publicKey, bytes, signature)}.
//                     A public key or signature that is missing or not lowercase hex has
//                     no bytes to verify: verifies is false and verify is not called.
//   signatures        {verifies: verify(publicKey, message, signature)}, the same way.
//   logs              {stateSha256: stateSha256(records)}
//   verdicts          {accepts, reason?} from accepts(node, profile); the vector's
//                     `expected` is never passed on.
//   storage           {canonical: hex(roundTrip(node))}
//
// A vector whose function throws, or returns something of the wrong type, gets
// {"error": message} and the run goes on. Hex is lowercase.
//
// runHarness resolves to the outputs object it wrote: {format, version, platform,
// implementation, vectorSet (when the inputs have one, unchanged), results}. It writes to a
// temporary file beside outputsPath and renames it, so the outputs file is whole or
// untouched. It rejects without writing when an option is wrong (a TypeError naming it)
// or when the inputs file is malformed: not UTF-8, not JSON, not a version 1
// redo-conform/platform-inputs object, a section that is not an array, an entry without a
// string id, an id used twice, a vectorSet that is not an object. That error's message
// starts with the inputs path and names the problem, and its `code` is 'ERR_REDO_INPUTS'.

import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const REQUIRED = ['parse', 'canonicalize', 'sha256', 'verify'];
const OPTIONAL = ['sign', 'accepts', 'roundTrip', 'stateSha256'];
const SECTIONS = ['canonicalization', 'nodes', 'signatures', 'logs', 'verdicts', 'storage'];
const LOWER_HEX = /^(?:[0-9a-f]{2})*$/;

export async function runHarness(options) {
  const fns = checkedOptions(options);
  const inputs = readInputs(options.inputsPath);

  // Plain objects would give an id "__proto__" to the prototype, not to the results.
  const results = Object.create(null);
  const answer = async (entry, compute) => {
    try {
      results[entry.id] = await compute(entry);
    } catch (error) {
      results[entry.id] = { error: String(error?.message ?? error) };
    }
  };
  const sections = {
    canonicalization: (entry) => canonicalization(entry, fns),
    nodes: (entry) => node(entry, fns),
    signatures: (entry) => signature(entry, fns),
    logs: fns.stateSha256 && ((entry) => log(entry, fns)),
    verdicts: fns.accepts && ((entry) => verdict(entry, fns)),
    storage: fns.roundTrip && ((entry) => storage(entry, fns)),
  };
  for (const section of SECTIONS) {
    if (!sections[section]) continue; // the optional function is absent: no results
    for (const entry of inputs[section] ?? []) await answer(entry, sections[section]);
  }

  const outputs = {
    format: 'redo-conform/platform-outputs',
    version: 1,
    platform: options.platform,
    implementation: options.implementation,
  };
  if (inputs.vectorSet !== undefined) outputs.vectorSet = inputs.vectorSet;
  outputs.results = results;
  writeWhole(options.outputsPath, JSON.stringify(outputs, null, 2) + '\n');
  return outputs;
}

// ------------------------------------------------------------------------ options

function checkedOptions(options) {
  if (options === null || typeof options !== 'object') throw new TypeError('runHarness takes one options object');
  const known = new Set(['inputsPath', 'outputsPath', 'platform', 'implementation', ...REQUIRED, ...OPTIONAL]);
  // A misspelt optional function would otherwise leave its section out without a word.
  for (const key of Object.keys(options)) {
    if (!known.has(key)) throw new TypeError(`runHarness: unknown option ${key}`);
  }
  for (const key of ['inputsPath', 'outputsPath', 'platform']) {
    if (typeof options[key] !== 'string' || options[key] === '') throw new TypeError(`runHarness: ${key} must be a non-empty string`);
  }
  if (typeof options.implementation !== 'string') throw new TypeError('runHarness: implementation must be a string');
  const fns = {};
  for (const key of REQUIRED) {
    if (typeof options[key] !== 'function') throw new TypeError(`runHarness: ${key} must be a function`);
    fns[key] = options[key];
  }
  for (const key of OPTIONAL) {
    if (options[key] === undefined || options[key] === null) continue;
    if (typeof options[key] !== 'function') throw new TypeError(`runHarness: ${key} must be a function when given`);
    fns[key] = options[key];
  }
  return fns;
}

// ------------------------------------------------------------------------ the inputs file

function malformed(path, problem) {
  const error = new Error(`${path}: ${problem}`);
  error.code = 'ERR_REDO_INPUTS';
  return error;
}

function readInputs(path) {
  let text;
  try {
    // Kept byte for byte: a byte-order mark is not JSON, invalid UTF-8 is refused.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(readFileSync(path));
  } catch (error) {
    if (error?.code === 'ERR_ENCODING_INVALID_ENCODED_DATA') throw malformed(path, 'is not UTF-8');
    throw error;
  }
  let inputs;
  try {
    inputs = JSON.parse(text);
  } catch (error) {
    throw malformed(path, `is not JSON (${error.message})`);
  }
  if (!isPlainObject(inputs)) throw malformed(path, 'is not a JSON object');
  if (inputs.format !== 'redo-conform/platform-inputs') {
    throw malformed(path, `is not a redo-conform/platform-inputs file (its format is ${JSON.stringify(inputs.format) ?? 'missing'})`);
  }
  if (inputs.version !== 1) {
    throw malformed(path, `is version ${JSON.stringify(inputs.version) ?? '(missing)'} of redo-conform/platform-inputs; this kit reads version 1`);
  }
  if (inputs.vectorSet !== undefined && !isPlainObject(inputs.vectorSet)) throw malformed(path, 'has a vectorSet that is not an object');
  const seen = new Map();
  for (const section of SECTIONS) {
    const list = inputs[section];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw malformed(path, `section ${section} is not an array`);
    list.forEach((entry, index) => {
      const where = `${section}[${index}]`;
      if (!isPlainObject(entry)) throw malformed(path, `${where} is not an object`);
      if (typeof entry.id !== 'string') throw malformed(path, `${where} has no string id`);
      // Results are keyed by id: a second vector with the same id would hide the first.
      if (seen.has(entry.id)) throw malformed(path, `${where} has the id ${JSON.stringify(entry.id)} of ${seen.get(entry.id)}`);
      seen.set(entry.id, where);
    });
  }
  return inputs;
}

function writeWhole(path, text) {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, text, { flag: 'wx' });
    renameSync(temp, path);
  } catch (error) {
    throw new Error(`${path}: cannot write the outputs (${error.code ?? error.message})`, { cause: error });
  } finally {
    rmSync(temp, { force: true });
  }
}

// ------------------------------------------------------------------------ the sections

async function canonicalization(entry, fns) {
  const value = await fns.parse(text(entry, 'json'));
  return { canonical: hex(await bytes(fns.canonicalize(value), 'canonicalize')) };
}

async function node(entry, fns) {
  const { body, publicKey, signature } = nodeParts(await fns.parse(text(entry, 'node')));
  const canonical = await bytes(fns.canonicalize(body), 'canonicalize');
  const result = {
    canonical: hex(canonical),
    id: 'sha256:' + hex(await bytes(fns.sha256(canonical), 'sha256')),
  };
  if (fns.sign && entry.seed !== null && entry.seed !== undefined) {
    const seed = fromHex(entry.seed);
    if (seed === null || seed.length !== 32) throw new Error("input vector's seed is not 32 bytes of lowercase hex");
    result.signature = hex(await bytes(fns.sign(seed, canonical), 'sign'));
  }
  result.verifies = await verifies(fns, fromHex(publicKey), canonical, fromHex(signature));
  return result;
}

async function signature(entry, fns) {
  return { verifies: await verifies(fns, fromHex(entry.publicKey), fromHex(entry.message), fromHex(entry.signature)) };
}

async function log(entry, fns) {
  const records = entry.records;
  if (!Array.isArray(records) || !records.every((record) => typeof record === 'string')) {
    throw new Error('input vector has no "records" list of JSON texts');
  }
  const state = await fns.stateSha256([...records]);
  if (typeof state !== 'string' || !/^[0-9a-f]{64}$/.test(state)) {
    throw new TypeError(`stateSha256 returned ${describe(state)}, not 64 lowercase hex digits`);
  }
  return { stateSha256: state };
}

async function verdict(entry, fns) {
  const { profile } = entry;
  if (profile !== 'synced' && profile !== 'local') {
    throw new Error(`input vector's profile is ${JSON.stringify(profile) ?? 'missing'}, not "synced" or "local"`);
  }
  const answer = await fns.accepts(text(entry, 'node'), profile);
  if (!isPlainObject(answer) || typeof answer.accepts !== 'boolean') {
    throw new TypeError(`accepts returned ${describe(answer)}, not {accepts: boolean, reason?: string}`);
  }
  if (answer.reason !== undefined && typeof answer.reason !== 'string') {
    throw new TypeError(`accepts returned a reason that is ${describe(answer.reason)}, not a string`);
  }
  return answer.reason === undefined ? { accepts: answer.accepts } : { accepts: answer.accepts, reason: answer.reason };
}

async function storage(entry, fns) {
  return { canonical: hex(await bytes(fns.roundTrip(text(entry, 'node')), 'roundTrip')) };
}

// ------------------------------------------------------------------------ helpers

/** The body (the node without top-level id and signature) and the texts to verify with. */
function nodeParts(parsed) {
  if (parsed instanceof Map) {
    const body = new Map(parsed);
    body.delete('id');
    body.delete('signature');
    return { body, publicKey: member(parsed.get('author'), 'publicKey'), signature: parsed.get('signature') };
  }
  if (!isPlainObject(parsed)) throw new Error('the node is not a JSON object');
  const { id: _id, signature, ...body } = parsed;
  return { body, publicKey: member(parsed.author, 'publicKey'), signature };
}

function member(object, key) {
  if (object instanceof Map) return object.get(key);
  return isPlainObject(object) && Object.hasOwn(object, key) ? object[key] : undefined;
}

async function verifies(fns, publicKey, message, signature) {
  if (publicKey === null || message === null || signature === null) return false;
  const verdict = await fns.verify(publicKey, message, signature);
  if (typeof verdict !== 'boolean') throw new TypeError(`verify returned ${describe(verdict)}, not a boolean`);
  return verdict;
}

function text(entry, key) {
  if (typeof entry[key] !== 'string') throw new Error(`input vector has no "${key}" text`);
  return entry[key];
}

/** The bytes a function returned, as a Buffer; anything else is that vector's error. */
async function bytes(promised, name) {
  const value = await promised;
  if (Buffer.isBuffer(value)) return value;
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (typeof value === 'string') {
    // A string's UTF-8 bytes are not always the client's: a lone surrogate has none.
    throw new TypeError(`${name} returned a string, not bytes: encode it the way the client does`);
  }
  throw new TypeError(`${name} returned ${describe(value)}, not bytes`);
}

function hex(buffer) {
  return buffer.toString('hex');
}

/** Strict lowercase hex; null for anything else. */
function fromHex(value) {
  return typeof value === 'string' && LOWER_HEX.test(value) ? Buffer.from(value, 'hex') : null;
}

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Map);
}

function describe(value) {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? `the string ${JSON.stringify(value.slice(0, 40))}` : `${typeof value} ${String(value)}`;
}
