import { randomInt } from "node:crypto";

/**
 * The only source of randomness the rules use. Injected everywhere so tests can
 * seed or script it and production can use the operating system's CSPRNG.
 */
export interface Rng {
  /** A fair roll of one die: an integer from 1 to `sides` inclusive. */
  die(sides: number): number;
  /**
   * Optional, for speed: writes to `faces[at]`…`faces[at + count - 1]` the faces that `count`
   * calls of die(sides) would return, in order. Throws what die(sides) throws, and a RangeError
   * when the faces do not fit (at most 2^30 sides, count dice from `at`).
   */
  dice?(sides: number, count: number, faces: Int32Array, at: number): void;
}

function assertSides(sides: number): void {
  if (!Number.isSafeInteger(sides) || sides < 1) throw sidesError(sides);
}

/**
 * The checks of Rng.dice (die's and more): whole sides up to 2^30 (what seededRng's integer
 * remainder allows), and count faces from at that fit in `faces`. `x | 0` leaves a whole number in
 * int32 range as it is.
 */
function assertBatch(sides: number, count: number, faces: Int32Array, at: number): void {
  if ((sides | 0) !== sides || sides < 1 || sides > MAX_BATCH_SIDES) {
    if (!Number.isSafeInteger(sides) || sides < 1) throw sidesError(sides);
    throw new RangeError(`dice() rolls at most d${MAX_BATCH_SIDES}, not d${sides}`);
  }
  if (
    (count | 0) !== count ||
    (at | 0) !== at ||
    count < 0 ||
    at < 0 ||
    at + count > faces.length
  ) {
    throw new RangeError(`no room for ${count} faces from ${at}`);
  }
}

const MAX_BATCH_SIDES = 0x4000_0000;

function sidesError(sides: number): RangeError {
  return new RangeError(`a die needs a positive whole number of sides, got ${sides}`);
}

/** Production RNG backed by node:crypto (unbiased, no global state). */
export function cryptoRng(): Rng {
  return {
    die(sides) {
      assertSides(sides);
      return sides === 1 ? 1 : randomInt(1, sides + 1);
    },
    dice(sides, count, faces, at) {
      assertBatch(sides, count, faces, at);
      for (let i = at; i < at + count; i++) faces[i] = sides === 1 ? 1 : randomInt(1, sides + 1);
    },
  };
}

/**
 * Deterministic RNG for tests and simulations (sfc32 seeded through splitmix32).
 * Uses rejection sampling so every face is equally likely.
 */
export function seededRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  // The state lives in a typed array: unsigned 32-bit values above 2^31 held in closure variables
  // would be boxed on every step (the benchmark showed the RNG at half the cost of a big roll).
  const state = Uint32Array.of(splitmix(), splitmix(), splitmix(), splitmix());
  const bounds: Bounds = { sides: 1, limit: 0x1_0000_0000, inverse: 1 };
  const next32 = (): number => {
    const a = state[0] ?? 0;
    const b = state[1] ?? 0;
    const c = state[2] ?? 0;
    const d = state[3] ?? 0;
    const t = (a + b + d) >>> 0;
    state[3] = d + 1;
    state[0] = b ^ (b >>> 9);
    state[1] = c + (c << 3);
    state[2] = ((c << 21) | (c >>> 11)) + t;
    return t;
  };
  return {
    die(sides) {
      // assertSides written out: a call to a module function costs V8 a check per die here.
      if (!Number.isSafeInteger(sides) || sides < 1) throw sidesError(sides);
      const limit = Math.floor(0x1_0000_0000 / sides) * sides;
      let x = next32();
      while (x >= limit) x = next32();
      // x - ⌊x / sides⌋·sides is x % sides without a floating-point remainder (slow in V8); the
      // quotient is exact since x < 2^32.
      return x - Math.floor(x / sides) * sides + 1;
    },
    dice(sides, count, faces, at) {
      assertBatch(sides, count, faces, at);
      if (sides !== bounds.sides) {
        // Two divisions, worth keeping for the next run of the same die.
        bounds.sides = sides;
        bounds.limit = Math.floor(0x1_0000_0000 / sides) * sides;
        bounds.inverse = 1 / sides;
      }
      drawFaces(state, bounds, faces, at, at + count);
    },
  };
}

/**
 * die(sides) for faces[from]…faces[to - 1], as one loop: the state is held in int32 locals (no
 * typed-array round trip per draw), and x mod sides comes from a multiplication by 1/sides, not a
 * division.
 */
/** What drawFaces needs to know of a die: `limit` is the largest multiple of sides up to 2^32. */
interface Bounds {
  sides: number;
  limit: number;
  inverse: number;
}

function drawFaces(
  state: Uint32Array,
  bounds: Bounds,
  faces: Int32Array,
  from: number,
  to: number,
): void {
  // The same four words as next32, as signed 32-bit values; `| 0` wraps sums as `>>> 0` does.
  let a = (state[0] ?? 0) | 0;
  let b = (state[1] ?? 0) | 0;
  let c = (state[2] ?? 0) | 0;
  let d = (state[3] ?? 0) | 0;
  // Locals, so V8 keeps them in registers rather than reloading them per die.
  const size = bounds.sides | 0;
  const limit = bounds.limit * 1;
  const inverse = bounds.inverse * 1;
  // One loop, with `i` moving only when a draw is kept: fewer checks per die than a loop per face
  // holding a rejection loop.
  let i = from | 0;
  const end = to | 0;
  while (i < end) {
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    const x = t >>> 0;
    if (x < limit) {
      // x·(1/sides) is within 2^-20 of x / sides (x < 2^32), so its whole part (`>>> 0` truncates
      // a double from 0 to 2^32) is the true quotient or one off either way. The remainder then
      // lies in [−sides, 2·sides), inside int32 for sides up to 2^30, so reckoning it modulo 2^32
      // (Math.imul, `| 0`) gives it exactly; it is put back in [0, sides).
      let r = (t - Math.imul((x * inverse) >>> 0, size)) | 0;
      if (r < 0) r = (r + size) | 0;
      else if (r >= size) r = (r - size) | 0;
      faces[i] = r + 1;
      i = (i + 1) | 0;
    }
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
}

/**
 * Test RNG that returns the given faces in order, so a test can say exactly
 * what the dice showed. Throws when a face does not fit the die or runs out.
 */
export function scriptedRng(faces: readonly number[]): Rng & { remaining(): number } {
  let i = 0;
  return {
    die(sides) {
      assertSides(sides);
      const face = faces[i];
      if (face === undefined) throw new Error(`scriptedRng ran out of faces after ${i} rolls`);
      if (!Number.isInteger(face) || face < 1 || face > sides) {
        throw new Error(`scriptedRng face ${face} does not fit a d${sides} (roll ${i + 1})`);
      }
      i += 1;
      return face;
    },
    remaining: () => faces.length - i,
  };
}
