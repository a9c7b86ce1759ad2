/** cryptoRng is what production rolls with: every face possible, none favoured. */
import { describe, expect, it } from "vitest";
import { cryptoRng } from "../../src/rules/rng.js";

/** χ² of face counts 1…sides against a fair die. */
function chiSquare(counts: readonly number[], draws: number): number {
  const expected = draws / counts.length;
  return counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
}

describe("cryptoRng", () => {
  it("die() draws whole faces from 1 to sides, all about equally often", () => {
    const rng = cryptoRng();
    const draws = 50_000;
    const counts = Array<number>(10).fill(0);
    for (let i = 0; i < draws; i++) {
      const face = rng.die(10);
      counts[face - 1] = (counts[face - 1] ?? 0) + 1;
    }
    expect(Object.keys(counts)).toHaveLength(10); // no face outside 1…10, no fraction
    // 9 degrees of freedom: a fair die exceeds 45 with probability about 1 in a million.
    expect(chiSquare(counts, draws)).toBeLessThan(45);
  });

  it("a d6 rolled many times over shows every face about equally often", () => {
    // 60,000 draws use many refills of its word buffer.
    const rng = cryptoRng();
    const draws = 60_000;
    const counts = Array<number>(6).fill(0);
    for (let i = 0; i < draws; i++) {
      const face = rng.die(6);
      counts[face - 1] = (counts[face - 1] ?? 0) + 1;
    }
    expect(Object.keys(counts)).toHaveLength(6); // no face outside 1…6
    // 5 degrees of freedom: a fair die exceeds 35 with probability about 2 in a million.
    expect(chiSquare(counts, draws)).toBeLessThan(35);
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
