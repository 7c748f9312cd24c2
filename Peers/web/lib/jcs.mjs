// RFC 8785 JSON Canonicalization Scheme (JCS) — reference implementation.
//
// Input: a value as produced by JSON.parse (null, boolean, number, string,
// array, plain object). Output: the canonical JSON text as a JS string.
//
// The RFC was written so that ECMAScript's own primitives do the hard parts:
//   * strings:  JSON.stringify escapes exactly as RFC 8785 §3.2.2.2 requires
//               (\b \t \n \f \r \" \\, other C0 controls as \u00xx lowercase,
//               everything else — including U+2028/U+2029, U+007F, non-ASCII —
//               emitted literally);
//   * numbers:  JSON.stringify / Number#toString is the ECMAScript
//               Number-to-String algorithm the RFC mandates (§3.2.2.3),
//               -0 becomes "0";
//   * keys:     Array#sort with no comparator orders strings by UTF-16 code
//               units, which is the RFC's sort order (§3.2.3). localeCompare
//               would be wrong.
//
// Inputs that are not I-JSON (RFC 7493) are rejected with an Error:
// non-finite numbers, strings with lone surrogates, and non-JSON types.
// Duplicate object keys cannot be detected here because JSON.parse has
// already kept only the last occurrence.

/** Serialize a string per RFC 8785, rejecting lone surrogates. */
function serializeString(s) {
  if (!s.isWellFormed()) {
    throw new Error('JCS: string contains a lone surrogate (not I-JSON)');
  }
  return JSON.stringify(s);
}

/** Serialize a number per RFC 8785 (ECMAScript Number-to-String). */
function serializeNumber(n) {
  if (!Number.isFinite(n)) {
    throw new Error(`JCS: non-finite number ${n}`);
  }
  return JSON.stringify(n); // same as String(n) for finite n, and -0 -> "0"
}

/** Recursive canonicalizer. Nesting beyond several thousand levels (V8's
 *  JSON.parse accepts deeper input) throws a RangeError (stack overflow)
 *  rather than producing output; REDO nodes are a few levels deep. */
function serialize(value) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return serializeNumber(value);
    case 'string':
      return serializeString(value);
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          out += serialize(value[i]);
        }
        return out + ']';
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        throw new Error('JCS: unsupported object type (only plain objects)');
      }
      // Object.keys returns own enumerable string keys (including a literal
      // "__proto__" key created by JSON.parse). Default sort = UTF-16 order.
      const keys = Object.keys(value).sort();
      let out = '{';
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        if (i > 0) out += ',';
        out += serializeString(k) + ':' + serialize(value[k]);
      }
      return out + '}';
    }
    default:
      throw new Error(`JCS: unsupported type ${typeof value}`);
  }
}

/**
 * Canonicalize a JSON value (as returned by JSON.parse) to its RFC 8785 form.
 * @param {*} value
 * @returns {string}
 */
export function canonicalize(value) {
  return serialize(value);
}

// fatal: invalid UTF-8 throws instead of becoming U+FFFD.
// ignoreBOM: keep a leading U+FEFF so JSON.parse rejects it (JCS has no BOM).
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Parse UTF-8 JSON bytes, canonicalize, and return the UTF-8 bytes.
 * @param {Uint8Array} buf
 * @returns {Buffer}
 */
export function canonicalizeBytes(buf) {
  return Buffer.from(canonicalize(JSON.parse(utf8Decoder.decode(buf))), 'utf8');
}
