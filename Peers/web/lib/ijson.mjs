// I-JSON (RFC 7493) for one record: UTF-8 without a byte-order mark, JSON, no duplicate
// key, nesting at most 512 deep. JSON.parse does the parsing; the duplicate check compares
// the keys the parsed value holds with the keys written in the text.

const MAX_DEPTH = 512;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }); // a BOM stays, and fails JSON.parse

/** Object keys as written in valid JSON text: a string followed by ':' is a key. */
function keysInText(text) {
  let count = 0;
  for (let open = text.indexOf('"'); open >= 0;) {
    let close = open;
    for (;;) { // the closing quote is the first one not escaped by an odd run of backslashes
      close = text.indexOf('"', close + 1);
      let k = close - 1;
      while (text.charCodeAt(k) === 0x5c) k--;
      if (((close - 1 - k) & 1) === 0) break;
    }
    let next = close + 1, c = text.charCodeAt(next);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++next);
    if (c === 0x3a) count++;
    open = text.indexOf('"', next);
  }
  return count;
}

/** Keys held by the parsed value, or -1 when it nests deeper than MAX_DEPTH. Iterative. */
function keysInValue(root) {
  let count = 0;
  const values = [root], depths = [1];
  while (values.length > 0) {
    const value = values.pop(), depth = depths.pop();
    if (depth > MAX_DEPTH) return -1;
    const children = Array.isArray(value) ? value : Object.values(value);
    if (!Array.isArray(value)) count += children.length;
    for (const child of children) {
      if (child !== null && typeof child === 'object') { values.push(child); depths.push(depth + 1); }
    }
  }
  return count;
}

/**
 * Parses one record under I-JSON rules; undefined when it is not I-JSON (not UTF-8, a BOM,
 * not JSON, a duplicate key, nesting over 512). Lone surrogates and non-finite numbers
 * are caught by the canonicalization that follows (jcs.mjs throws on them).
 */
export function parseIJSON(bytes) {
  let text, value;
  try {
    text = utf8.decode(bytes);
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    const held = keysInValue(value);
    if (held < 0 || held !== keysInText(text)) return undefined; // too deep, or JSON.parse dropped a duplicate
  } else if (typeof value === 'number' && !Number.isFinite(value)) {
    return undefined;
  }
  return { value };
}
