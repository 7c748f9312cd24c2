// JSON Lines, read in byte ranges: what the bench peer's worker threads read their share of
// a file with. A line is the bytes up to a "\n"; a line over the record limit is skipped
// unread (OVERLONG) so that one huge line cannot claim its size in memory.
import { readSync } from 'node:fs';

const NEWLINE = 0x0a;
const BLOCK = 8 << 20; // bytes read per readSync

/** The offset of the first line that starts at or after `offset`. */
export function lineStartAtOrAfter(fd, offset, size) {
  if (offset <= 0) return 0;
  if (offset >= size) return size;
  const buf = Buffer.allocUnsafe(64 << 10);
  let pos = offset - 1; // the line holding byte offset-1 ends at the next "\n"
  while (pos < size) {
    const n = readSync(fd, buf, 0, buf.length, pos);
    if (n === 0) break;
    const nl = buf.subarray(0, n).indexOf(NEWLINE);
    if (nl >= 0) return pos + nl + 1;
    pos += n;
  }
  return size;
}

export const OVERLONG = Symbol('overlong line');

/**
 * The lines starting in [start, stop) of an open file, without their "\n": a Buffer valid
 * until the next step, or OVERLONG for a line over the record limit (skipped unread).
 */
export function* linesOf(fd, start, stop, maxRecordBytes) {
  let buf = Buffer.allocUnsafe(BLOCK);
  let pos = start;
  while (pos < stop) {
    const n = readSync(fd, buf, 0, Math.min(buf.length, stop - pos), pos);
    if (n === 0) break;
    const block = buf.subarray(0, n);
    let from = 0;
    for (let nl = block.indexOf(NEWLINE); nl >= 0; nl = block.indexOf(NEWLINE, from)) {
      yield block.subarray(from, nl);
      from = nl + 1;
    }
    if (pos + n === stop && from < n) { // last line without a final "\n"
      yield block.subarray(from, n);
      from = n;
    }
    if (from === 0 && n === buf.length) { // one line longer than the buffer
      if (buf.length <= maxRecordBytes) {
        buf = Buffer.allocUnsafe(buf.length * 2);
        continue;
      }
      yield OVERLONG; // over the limit whatever its end: skip to its end
      let end = pos + n;
      while (end < stop) {
        const m = readSync(fd, buf, 0, Math.min(buf.length, stop - end), end);
        const nl = buf.subarray(0, m).indexOf(NEWLINE);
        if (m === 0) { end = stop; break; }
        if (nl >= 0) { end += nl + 1; break; }
        end += m;
      }
      pos = end;
      continue;
    }
    pos += from; // the partial line at the end is read again with the next block
  }
}

/** A line holding only spaces and tabs (after its CR) is not a record. */
export function isBlank(line) {
  for (const b of line) if (b !== 0x20 && b !== 0x09) return false;
  return true;
}
