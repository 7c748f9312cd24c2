// The original benchmark peer (validate-peer.mjs --crypto-only): per line JSON.parse, drop
// "id" and "signature", RFC 8785 canonical form, SHA-256 compared with the id and Ed25519
// verification of the same bytes (crypto.verify, OpenSSL); no schema or log rules.
import { createHash, verify } from 'node:crypto';
import { publicKeyObject } from './ed25519.mjs';
import { canonicalize } from './jcs.mjs';

// fatal: invalid UTF-8 makes the node invalid instead of becoming U+FFFD.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** --crypto-only: true when the node's id matches its canonical body and its signature verifies. */
export function checkNode(lineBytes, keys) {
  try {
    const node = JSON.parse(utf8.decode(lineBytes));
    const { id, signature } = node;
    if (typeof id !== 'string' || typeof signature !== 'string') return false;
    delete node.id;
    delete node.signature;
    const body = Buffer.from(canonicalize(node), 'utf8');
    if ('sha256:' + createHash('sha256').update(body).digest('hex') !== id) return false;
    const publicKey = node.author.publicKey;
    let key = keys.get(publicKey);
    if (key === undefined) {
      const raw = Buffer.from(publicKey, 'hex');
      if (raw.length !== 32) return false;
      key = publicKeyObject(raw);
      keys.set(publicKey, key);
    }
    const sig = Buffer.from(signature, 'hex');
    return sig.length === 64 && verify(null, body, key, sig);
  } catch {
    return false; // not JSON, not I-JSON, missing keys, a key OpenSSL refuses
  }
}
