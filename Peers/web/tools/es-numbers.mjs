#!/usr/bin/env node
// Generates test lines for ECMAScript Number-to-String serialization
// (the number formatting that RFC 8785 / JCS requires).
//
// Each line is
//
//     <IEEE-754 bits as lowercase hex>,<String(x) as JavaScript writes it>\n
//
// The hex field follows the convention of the "es6testfile100m.txt" file of
// cyberphone/json-canonicalization: the 64-bit pattern printed with
// BigInt.prototype.toString(16), i.e. lowercase and WITHOUT leading zeros
// (1 to 16 digits; +0 is "0", -0 is "8000000000000000"). Pass --pad to print
// all 16 digits instead. Readers should left-pad the field to 16 digits.
//
// Usage:
//     node Peers/web/tools/es-numbers.mjs [--count N] [--seed S] [--pad] > out.txt
//
//     --count N   number of lines (default 100000); may be large (1e8):
//                 output is streamed in chunks and respects backpressure.
//     --seed S    seed of the PRNG (default 1); decimal or 0x-hex, up to 64 bits.
//     --pad       zero-pad the hex field to 16 digits.
//
// Output is deterministic for a given (seed, pad), and the output for a
// count N is a prefix of the output for any larger count with the same seed.
//
// Composition: a fixed prelude of edge cases (signed zeros, subnormal and
// normal extremes, the 2^53 boundary, every finite nonzero power of ten
// 1e-330..1e310 with both bit neighbours, values around 1e21, 1e-6 and 1e-7
// with several bit neighbours), followed by a pseudo-random mix of:
// uniformly random 64-bit patterns (NaN and ±Infinity skipped), random
// integers (small, up to 2^53, beyond 2^53), random subnormals, random
// decimal literals parsed by Number(), random powers of ten with neighbours
// and random points near the 1e21 / 1e-6 / 1e-7 notation thresholds.
// Random values may repeat prelude values; no deduplication is done.
//
// Only Node.js built-ins are used (Node 20+).

const MASK64 = (1n << 64n) - 1n;
const EXP_MASK = 0x7ff0000000000000n;
const SIGN_BIT = 0x8000000000000000n;

// ---------------------------------------------------------------- arguments

function parseArgs(argv) {
  const opts = { count: 100000, seed: 1n, pad: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) fail(`missing value after ${a}`);
      return argv[++i];
    };
    if (a === '--count') {
      const v = value();
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n < 0) fail(`bad --count: ${v}`);
      opts.count = n;
    } else if (a === '--seed') {
      const v = value();
      let s;
      try { s = BigInt(v); } catch { fail(`bad --seed: ${v}`); }
      if (s < 0n || s > MASK64) fail(`--seed must be in 0..2^64-1: ${v}`);
      opts.seed = s;
    } else if (a === '--pad') {
      opts.pad = true;
    } else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: node es-numbers.mjs [--count N] [--seed S] [--pad]\n');
      process.exit(0);
    } else {
      fail(`unknown argument: ${a}`);
    }
  }
  return opts;
}

function fail(msg) {
  process.stderr.write(`es-numbers.mjs: ${msg}\n`);
  process.exit(2);
}

// ---------------------------------------------------------------- PRNG (splitmix64)

class SplitMix64 {
  constructor(seed) { this.state = BigInt.asUintN(64, seed); }
  nextU64() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  }
  // Uniform-ish integer in [0, n) for n <= 2^53 (bias at most n / 2^64).
  below(n) {
    return Number(this.nextU64() % BigInt(n));
  }
  // Uniform BigInt with the given number of random bits.
  bits(k) {
    return this.nextU64() >> BigInt(64 - k);
  }
}

// ---------------------------------------------------------------- bit helpers

const u64 = new BigUint64Array(1);
const f64 = new Float64Array(u64.buffer);

function bitsOf(x) { f64[0] = x; return u64[0]; }
function fromBits(b) { u64[0] = b; return f64[0]; }
function isFiniteBits(b) { return (b & EXP_MASK) !== EXP_MASK; }

// Bit neighbours of a finite double, toward +∞ and toward -∞.
function nextUpBits(b) {
  if (b === SIGN_BIT) return 1n;                 // -0 -> min subnormal
  if (b & SIGN_BIT) return b - 1n;               // negative: magnitude shrinks
  return b + 1n;                                 // positive (may reach +Inf)
}
function nextDownBits(b) {
  if (b === 0n) return SIGN_BIT | 1n;            // +0 -> -min subnormal
  if (b & SIGN_BIT) return b + 1n;
  return b - 1n;
}

// ---------------------------------------------------------------- prelude

function buildPrelude() {
  const out = [];
  const add = (b) => { if (isFiniteBits(b)) out.push(b); };
  const addWithNeighbours = (b, k) => {
    let down = b, up = b;
    const lower = [];
    for (let i = 0; i < k; i++) { down = nextDownBits(down); lower.push(down); }
    for (let i = lower.length - 1; i >= 0; i--) add(lower[i]);
    add(b);
    for (let i = 0; i < k; i++) { up = nextUpBits(up); add(up); }
  };

  // Zeros, extremes, subnormal/normal boundary.
  for (const b of [
    0x0000000000000000n, 0x8000000000000000n,      // +0, -0 (JS writes "0")
    0x0000000000000001n, 0x8000000000000001n,      // ±min subnormal 5e-324
    0x0000000000000002n, 0x0000000000000003n,
    0x000fffffffffffffn, 0x800fffffffffffffn,      // ±max subnormal
    0x0010000000000000n, 0x8010000000000000n,      // ±min normal
    0x0010000000000001n,
    0x7fefffffffffffffn, 0xffefffffffffffffn,      // ±max double
    0x7feffffffffffffen,
    0x3ff0000000000000n, 0xbff0000000000000n,      // ±1
    0x3fefffffffffffffn, 0x3ff0000000000001n,      // 1's neighbours
  ]) add(b);

  // Familiar decimals and integers.
  for (const x of [
    0.1, 0.2, 0.3, 0.1 + 0.2, 1 / 3, 2 / 3, 0.5, 1.5, 2, 10, 100, 123.456,
    Math.PI, Math.E, 4.35, 0.000001, 1e-7, 1.7976931348623157e308, 5e-324,
    2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 52,
    Number.MAX_SAFE_INTEGER, 2 ** 53, 2 ** 53 + 2, 2 ** 54, 2 ** 63, 2 ** 64,
    1e15, 1e16, 1e17, 1e20, 999999999999999900000, 1e22, 1e23,
    -0.1, -1e21, -1e-7, -(2 ** 53), -Number.MAX_SAFE_INTEGER,
  ]) add(bitsOf(x));
  addWithNeighbours(bitsOf(2 ** 53), 3);
  addWithNeighbours(bitsOf(Number.MAX_SAFE_INTEGER), 2);

  // Every finite nonzero power of ten 1e-330..1e310 with both bit neighbours.
  for (let k = -330; k <= 310; k++) {
    const x = Number(`1e${k}`);
    if (x === 0 || !Number.isFinite(x)) continue;
    addWithNeighbours(bitsOf(x), 1);
  }

  // The notation thresholds of Number::toString: exponent form from 1e21 up
  // and below 1e-6 (1e-7 is the first power of ten written as "1e-7").
  for (const x of [1e21, 1e-6, 1e-7]) {
    addWithNeighbours(bitsOf(x), 8);
    addWithNeighbours(bitsOf(-x), 2);
  }
  return out;
}

// ---------------------------------------------------------------- random mix

const THRESHOLD_BITS = [1e21, 1e-6, 1e-7].map(bitsOf);

function randomBits(rng) {
  const r = rng.below(1000);
  let b;
  if (r < 400) {
    // Uniformly random 64-bit pattern, NaN and ±Infinity excluded.
    do { b = rng.nextU64(); } while (!isFiniteBits(b));
    return b;
  }
  const sign = (rng.nextU64() & 1n) ? SIGN_BIT : 0n;
  if (r < 470) {
    // Small integers: |n| < 2^k with k log-uniform in 4..31.
    const n = rng.below(2 ** (4 + rng.below(28)));
    return bitsOf(n) | (n === 0 ? 0n : sign);
  }
  if (r < 540) {
    // Integers of 32..53 bits, i.e. below 2^53 (2^53 is in the prelude).
    const n = Number(rng.bits(32 + rng.below(22)));
    return bitsOf(n) | sign;
  }
  if (r < 600) {
    // Integers beyond 2^53 (every such double is an integer): random
    // exponent 53..1023, random significand.
    const e = 53 + rng.below(1023 - 53 + 1);
    b = (BigInt(e + 1023) << 52n) | rng.bits(52);
    return b | sign;
  }
  if (r < 650) {
    // Subnormals (nonzero).
    do { b = rng.bits(52); } while (b === 0n);
    return b | sign;
  }
  if (r < 800) {
    // Decimal literals with 1..17 significant digits and a random exponent,
    // rounded by Number(); exercises shortest round-trip digit generation.
    const digits = 1 + rng.below(17);
    let s = String(1 + rng.below(9));
    for (let i = 1; i < digits; i++) s += String(rng.below(10));
    const exp = rng.below(650) - 340;
    const x = Number(`${s}e${exp}`);
    if (!Number.isFinite(x) || x === 0) return randomBits(rng);
    return bitsOf(x) | sign;
  }
  if (r < 900) {
    // A power of ten (1e-323..1e308) and a few ulps around it: an offset
    // of magnitude below 2^j with j uniform in 1..24.
    const k = rng.below(308 + 323 + 1) - 323;
    b = bitsOf(Number(`1e${k}`));
    b = BigInt.asUintN(64, b + BigInt(signedOffset(rng)));
    if (!isFiniteBits(b) || b === 0n) return randomBits(rng);
    return b | sign;
  }
  // Near a notation threshold (1e21, 1e-6, 1e-7): same offsets as above.
  const t = THRESHOLD_BITS[rng.below(3)];
  return (t + BigInt(signedOffset(rng))) | sign;
}

// A signed offset in ulps, |d| < 2^j with j uniform in 1..24 (log-uniform,
// so offsets of a few ulps are frequent but values rarely repeat).
function signedOffset(rng) {
  const m = rng.below(2 ** (1 + rng.below(24)));
  return rng.below(2) === 0 ? m : -m;
}

// ---------------------------------------------------------------- output

async function main() {
  const { count, seed, pad } = parseArgs(process.argv.slice(2));
  const out = process.stdout;
  out.on('error', (err) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });

  const prelude = buildPrelude();
  const rng = new SplitMix64(seed);
  const LINES_PER_CHUNK = 4096;
  let chunk = '';
  let inChunk = 0;

  for (let i = 0; i < count; i++) {
    const b = i < prelude.length ? prelude[i] : randomBits(rng);
    u64[0] = b;
    const hex = pad ? b.toString(16).padStart(16, '0') : b.toString(16);
    chunk += hex + ',' + String(f64[0]) + '\n';
    if (++inChunk === LINES_PER_CHUNK) {
      if (!out.write(chunk)) {
        await new Promise((resolve) => out.once('drain', resolve));
      }
      chunk = '';
      inChunk = 0;
    }
  }
  if (chunk.length > 0) out.write(chunk);
}

main().catch((err) => {
  process.stderr.write(`es-numbers.mjs: ${err && err.stack ? err.stack : err}\n`);
  process.exit(1);
});
