import { randomInt } from "node:crypto";

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

/** Production RNG backed by node:crypto (unbiased, no global state). */
export function cryptoRng(): Rng {
  return {
    die(sides) {
      assertSides(sides);
      return sides === 1 ? 1 : randomInt(1, sides + 1);
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
  };
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
