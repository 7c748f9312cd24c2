// Ed25519 over node:crypto (OpenSSL): raw keys to KeyObjects, signing from a seed, the
// platform's own verification, and verification with libsodium's acceptance rules on top
// of OpenSSL's verifier (what REDO's rules require).
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';

// DER wrappers that turn raw Ed25519 key bytes into key objects.
const PKCS8_SEED_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex'); // + 32-byte seed
// DER SubjectPublicKeyInfo header of an Ed25519 key; the raw 32-byte key follows.
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** Strict lowercase-hex decoding; null when the text is not hex. */
export function fromHex(text) {
  if (typeof text !== 'string' || text.length % 2 !== 0 || !/^[0-9a-f]*$/.test(text)) return null;
  return Buffer.from(text, 'hex');
}

/** The KeyObject of a raw 32-byte public key; throws when OpenSSL refuses it. */
export function publicKeyObject(raw) {
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519, raw]), format: 'der', type: 'spki' });
}

/** Ed25519 verification as OpenSSL does it; any malformed input (wrong lengths, bad hex) verifies false. */
export function ed25519Verify(publicKey, message, signature) {
  if (!publicKey || !message || !signature || publicKey.length !== 32) return false;
  try {
    return verify(null, message, publicKeyObject(publicKey), signature);
  } catch {
    return false;
  }
}

/** Deterministic RFC 8032 signature from a 32-byte seed. */
export function ed25519Sign(seed, message) {
  if (!seed || seed.length !== 32) throw new Error('seed is not 32 bytes of hex');
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_SEED_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  return sign(null, message, key);
}

// ---------------------------------------------------------------------------------------
// libsodium's acceptance rules

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
          key = publicKeyObject(raw);
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
export function verifySignature(body, signatureHex, publicKeyHex, keys) {
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
