/** cryptoRng is what production rolls with: every face possible, none favoured. */
import { describe, expect, it } from "vitest";
import { cryptoRng } from "../../../../src/core/rng.js";

/** χ² of face counts 1…sides against a fair die. */
function chiSquare(counts: readonly number[], draws: number): number {
  const expected = draws / counts.length;
  return counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
}

describe("cryptoRng", () => {
  // Degrees of freedom sides − 1: a fair die exceeds the bound with probability about 1 in a
  // million. Tens of thousands of draws use many refills of cryptoRng's buffer of random words.
  it.each([
    { sides: 10, draws: 50_000, bound: 45 },
    { sides: 6, draws: 60_000, bound: 35 },
  ])("die($sides) draws whole faces from 1 to $sides, all about equally often", (test) => {
    const { sides, draws, bound } = test;
    const rng = cryptoRng();
    const counts = Array<number>(sides).fill(0);
    for (let i = 0; i < draws; i++) {
      const face = rng.die(sides);
      counts[face - 1] = (counts[face - 1] ?? 0) + 1;
    }
    expect(Object.keys(counts)).toHaveLength(sides); // no face outside 1…sides, no fraction
    expect(chiSquare(counts, draws)).toBeLessThan(bound);
  });

  it("rolls whole faces on dice too big for one 32-bit word", () => {
    const rng = cryptoRng();
    const sides = 2 ** 40;
    const faces = Array.from({ length: 200 }, () => rng.die(sides));
    expect(faces.every((face) => Number.isInteger(face) && face >= 1 && face <= sides)).toBe(true);
    // Faces from a 32-bit word alone would all lie below 2^32.
    expect(faces.some((face) => face > 2 ** 32)).toBe(true);
  });

  it("a d1 always shows 1, and bad sizes are refused", () => {
    const rng = cryptoRng();
    expect(rng.die(1)).toBe(1);
    expect(() => rng.die(0)).toThrow(RangeError);
    expect(() => rng.die(2.5)).toThrow(RangeError);
  });
});
