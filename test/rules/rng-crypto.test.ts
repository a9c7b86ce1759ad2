/** cryptoRng is what production rolls with: every face possible, none favoured. */
import { describe, expect, it } from "vitest";
import { cryptoRng } from "../../src/rules/rng.js";

/** χ² of face counts 1…sides against a fair die. */
function chiSquare(counts: readonly number[], draws: number): number {
  const expected = draws / counts.length;
  return counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
}

describe("cryptoRng", () => {
  it("dice() draws whole faces from 1 to sides, all about equally often", () => {
    const rng = cryptoRng();
    const draws = 60_000;
    const faces = new Int32Array(draws);
    rng.dice?.(6, draws, faces, 0);
    const counts = Array<number>(6).fill(0);
    for (const face of faces) counts[face - 1] = (counts[face - 1] ?? 0) + 1;
    expect(Object.keys(counts)).toHaveLength(6); // no face outside 1…6
    // 5 degrees of freedom: a fair die exceeds 35 with probability about 2 in a million.
    expect(chiSquare(counts, draws)).toBeLessThan(35);
  });

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

  it("a d1 always shows 1, and bad sizes or room are refused", () => {
    const rng = cryptoRng();
    const faces = new Int32Array(3);
    rng.dice?.(1, 3, faces, 0);
    expect([...faces]).toEqual([1, 1, 1]);
    expect(rng.die(1)).toBe(1);
    expect(() => rng.die(0)).toThrow(RangeError);
    expect(() => rng.dice?.(0, 1, faces, 0)).toThrow(RangeError);
    expect(() => rng.dice?.(6, 4, faces, 0)).toThrow(RangeError);
  });
});
