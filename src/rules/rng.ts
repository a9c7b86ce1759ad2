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
  if (!Number.isSafeInteger(sides) || sides < 1) {
    throw new RangeError(`a die needs a positive whole number of sides, got ${sides}`);
  }
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
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t >>> 0;
  };
  return {
    die(sides) {
      assertSides(sides);
      const limit = Math.floor(0x1_0000_0000 / sides) * sides;
      let x = next32();
      while (x >= limit) x = next32();
      return (x % sides) + 1;
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
