import { describe, expect, it } from "vitest";
import { parseDice, rollDice } from "../../../../../src/games/cthulhu-eternal/rules/dice/index.js";
import { seededRng } from "../../../../../src/core/rng.js";

/** Exact mean of a keep rule by enumerating every outcome of `count` d`sides`. */
function exactMean(count: number, sides: number, total: (faces: number[]) => number): number {
  let sum = 0;
  let outcomes = 0;
  const faces = Array<number>(count).fill(1);
  for (;;) {
    sum += total(faces);
    outcomes++;
    let i = 0;
    while (i < count && faces[i] === sides) faces[i++] = 1;
    if (i === count) return sum / outcomes;
    faces[i] = (faces[i] ?? 0) + 1;
  }
}

const sumOf = (values: number[]): number => values.reduce((a, b) => a + b, 0);

function sampleMean(input: string, rolls: number, seed: number): number {
  const expression = parseDice(input);
  const rng = seededRng(seed);
  let sum = 0;
  for (let i = 0; i < rolls; i++) sum += rollDice(expression, rng).total;
  return sum / rolls;
}

describe("dice distributions (seeded, so deterministic)", () => {
  it("1d100 covers 1..100, including 100, roughly uniformly", () => {
    const rolls = 200_000;
    const counts = Array<number>(101).fill(0);
    const rng = seededRng(0xd100);
    for (let i = 0; i < rolls; i++) {
      const total = rollDice("1d100", rng).total;
      counts[total] = (counts[total] ?? 0) + 1;
    }
    expect(counts[0]).toBe(0);
    const faces = counts.slice(1);
    expect(faces.every((n) => n > 0)).toBe(true);
    const expected = rolls / 100;
    const chiSquare = sumOf(faces.map((n) => (n - expected) ** 2 / expected));
    // 99 degrees of freedom: a fair die exceeds 175 with probability about 4 in a million, so the
    // bound holds for almost any seed, yet a die missing one face (χ² ≈ 2,000) fails it at once.
    expect(chiSquare).toBeLessThan(175);
  });

  it("d% and D100 are the same die as d100", () => {
    const a = rollDice("d%", seededRng(7));
    const b = rollDice("D100", seededRng(7));
    expect(a.dice).toEqual(b.dice);
  });

  it("4d6kh3 averages about 12.24", () => {
    const exact = exactMean(4, 6, (faces) => sumOf(faces) - Math.min(...faces));
    expect(exact).toBeCloseTo(12.2446, 4);
    // Standard deviation ≈ 2.85, so over 200k rolls the standard error is ≈ 0.0064.
    expect(Math.abs(sampleMean("4d6kh3", 200_000, 42) - exact)).toBeLessThan(0.04);
  });

  it("4d6dl1 matches 4d6kh3 and 2d20kl1 averages about 7.18", () => {
    expect(Math.abs(sampleMean("4d6dl1", 100_000, 43) - 12.2446)).toBeLessThan(0.06);
    const disadvantage = exactMean(2, 20, (faces) => Math.min(...faces));
    expect(disadvantage).toBeCloseTo(7.175, 6);
    expect(Math.abs(sampleMean("2d20kl1", 100_000, 44) - disadvantage)).toBeLessThan(0.1);
    expect(Math.abs(sampleMean("4d6dh1", 100_000, 45) - (21 - 12.2446))).toBeLessThan(0.06);
  });
});
