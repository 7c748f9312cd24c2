// A complete harness on the JavaScript kit: node Peers/kits/js/example.mjs INPUTS.json OUTPUTS.json
import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { runHarness } from './redo-harness.mjs';
import { canonicalize } from '../../web/lib/jcs.mjs'; // your client's RFC 8785 writer
import { NodeStore } from '../../web/lib/node-store.mjs'; // your client's storage model

// node:crypto takes raw Ed25519 keys in DER wrappers, which hold exactly 32 bytes.
const der = (prefix, key, type) => ({ key: Buffer.concat([Buffer.from(prefix, 'hex'), key]), format: 'der', type });
const privateKey = (seed) => createPrivateKey(der('302e020100300506032b657004220420', seed, 'pkcs8'));
const publicKey = (key) => createPublicKey(der('302a300506032b6570032100', key, 'spki'));
const bytes = (value) => Buffer.from(canonicalize(value), 'utf8');

const [inputsPath, outputsPath] = process.argv.slice(2);
await runHarness({
  inputsPath, outputsPath, platform: 'web-example', implementation: `node ${process.version}`,
  parse: (text) => JSON.parse(text),
  canonicalize: bytes,
  sha256: (data) => createHash('sha256').update(data).digest(),
  sign: (seed, message) => sign(null, message, privateKey(seed)),
  verify: (key, message, signature) => {
    try { // a longer key's first 32 bytes would verify; a key OpenSSL refuses verifies nothing
      return key.length === 32 && verify(null, message, publicKey(key), signature);
    } catch {
      return false;
    }
  },
  roundTrip: (text) => { const store = new NodeStore(); return bytes(store.get(store.put(JSON.parse(text)))); },
});
