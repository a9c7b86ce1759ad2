import { randomFillSync, randomInt } from "node:crypto";

/**
 * The only source of randomness the rules use. Injected everywhere so tests can
 * seed or script it and production can use the operating system's CSPRNG.
 */
export interface Rng {
  /** A fair roll of one die: an integer from 1 to `sides` inclusive. */
  die(sides: number): number;
}

function assertSides(sides: number): void {
  if (!Number.isSafeInteger(sides) || sides < 1) throw sidesError(sides);
}

function sidesError(sides: number): RangeError {
  return new RangeError(`a die needs a positive whole number of sides, got ${sides}`);
}

const TWO_TO_32 = 0x1_0000_0000;

/** A fair face from 1 to `sides` (at most 2^32) made of uniform 32-bit words, by rejection. */
function faceFromWords(sides: number, nextWord: () => number): number {
  // Words at or above the largest multiple of sides would favour low faces.
  const limit = Math.floor(TWO_TO_32 / sides) * sides;
  let x = nextWord();
  while (x >= limit) x = nextWord();
  // x - ⌊x / sides⌋·sides is x % sides without a floating-point remainder (slow in V8, and x may
  // pass 2^31); the quotient is exact since x < 2^32.
  return x - Math.floor(x / sides) * sides + 1;
}

/**
 * Production RNG backed by node:crypto (unbiased, no global state). Random words are drawn 1,024
 * at a time: crypto.randomInt per die cost about six times as much as the rest of a small roll.
 */
export function cryptoRng(): Rng {
  const words = new Uint32Array(1024);
  let next = words.length;
  const word = (): number => {
    if (next === words.length) {
      randomFillSync(words);
      next = 0;
    }
    return words[next++] ?? 0;
  };
  return {
    die(sides) {
      assertSides(sides);
      if (sides === 1) return 1;
      return sides > TWO_TO_32 ? randomInt(1, sides + 1) : faceFromWords(sides, word);
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
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next32 = (): number => {
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = (b ^ (b >>> 9)) >>> 0;
    b = (c + (c << 3)) >>> 0;
    c = (((c << 21) | (c >>> 11)) + t) >>> 0;
    return t;
  };
  return {
    die(sides) {
      assertSides(sides);
      return sides > TWO_TO_32 ? faceFromWideWords(sides, next32) : faceFromWords(sides, next32);
    },
  };
}

const TWO_TO_53 = 2 ** 53;

/** A fair face from 1 to any safe-integer `sides`, from 53-bit values made of two words. */
function faceFromWideWords(sides: number, nextWord: () => number): number {
  const limit = Math.floor(TWO_TO_53 / sides) * sides;
  const next53 = (): number => (nextWord() >>> 11) * TWO_TO_32 + nextWord();
  let x = next53();
  while (x >= limit) x = next53();
  return (x % sides) + 1;
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
