import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ASSIGNABLE_SETS,
  STAT_POINT_TOTAL,
  adversityPickCount,
  applyHarshness,
  distinguishingFeature,
  distinguishingFeatures,
  featureBand,
  fitsWithin,
  harshnessBonus,
  isPermutationOf,
  rollStat,
  rollStats,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { isRulesError } from "../../../../../src/games/cthulhu-eternal/rules/errors.js";
import { scriptedRng, seededRng } from "../../../../../src/core/rng.js";
import { STAT_NAMES } from "../../../../../src/games/cthulhu-eternal/rules/types.js";
import type { Stats } from "../../../../../src/games/cthulhu-eternal/rules/types.js";

const average: Stats = { STR: 10, DEX: 10, CON: 10, INT: 10, POW: 10, CHA: 10 };

describe("rolling stats: 4D6, drop the lowest", () => {
  it("keeps every die and drops the lowest", () => {
    const roll = rollStat(scriptedRng([3, 6, 1, 4]));
    expect(roll).toEqual({ dice: [3, 6, 1, 4], droppedIndex: 2, total: 13 });
  });

  it("drops only one of equal lowest dice (the first)", () => {
    expect(rollStat(scriptedRng([2, 5, 2, 2]))).toEqual({
      dice: [2, 5, 2, 2],
      droppedIndex: 0,
      total: 9,
    });
  });

  it("reaches 3 and 18 at the extremes", () => {
    expect(rollStat(scriptedRng([1, 1, 1, 1])).total).toBe(3);
    expect(rollStat(scriptedRng([6, 6, 6, 6])).total).toBe(18);
    expect(rollStat(scriptedRng([6, 6, 6, 1])).total).toBe(18);
  });

  it("rolls six stats from 24 dice, in order", () => {
    const faces = [
      [6, 5, 4, 1],
      [2, 2, 2, 2],
      [1, 3, 5, 6],
      [4, 4, 4, 3],
      [6, 6, 1, 6],
      [3, 1, 2, 1],
    ];
    const rng = scriptedRng(faces.flat());
    const rolls = rollStats(rng);
    expect(rolls.map((r) => r.total)).toEqual([15, 6, 14, 12, 18, 6]);
    expect(rolls.map((r) => r.dice)).toEqual(faces);
    expect(rng.remaining()).toBe(0);
  });

  it("matches the exact 4D6-drop-lowest distribution over many seeded rolls", () => {
    // Exact distribution by enumerating all 1296 outcomes.
    const exact = new Map<number, number>();
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++)
          for (let d = 1; d <= 6; d++) {
            const total = a + b + c + d - Math.min(a, b, c, d);
            exact.set(total, (exact.get(total) ?? 0) + 1 / 1296);
          }
    const rng = seededRng(20240601);
    const samples = 60_000;
    const observed = new Map<number, number>();
    let sum = 0;
    for (let i = 0; i < samples; i++) {
      const { total } = rollStat(rng);
      observed.set(total, (observed.get(total) ?? 0) + 1);
      sum += total;
    }
    let chiSquare = 0;
    for (const [total, p] of exact) {
      const expected = p * samples;
      chiSquare += ((observed.get(total) ?? 0) - expected) ** 2 / expected;
    }
    // 15 degrees of freedom: the 99.9th percentile is about 37.7.
    expect(chiSquare).toBeLessThan(37.7);
    expect([...observed.keys()].every((t) => t >= 3 && t <= 18)).toBe(true);
    expect(sum / samples).toBeCloseTo(12.24, 1);
  });
});

describe("assignable sets", () => {
  it.each([
    ["well-rounded", "Well-Rounded", [13, 13, 12, 12, 11, 11]],
    ["focused", "Focused", [15, 14, 12, 11, 10, 10]],
    ["highly-focused", "Highly Focused", [17, 14, 12, 10, 10, 9]],
  ] as const)("%s is %s: %j, totalling 72", (id, name, values) => {
    expect(ASSIGNABLE_SETS[id].name).toBe(name);
    expect(ASSIGNABLE_SETS[id].values).toEqual(values);
    expect(values.reduce((a, b) => a + b, 0)).toBe(STAT_POINT_TOTAL);
  });

  it("accepts any order, each value once", () => {
    const set = ASSIGNABLE_SETS.focused.values;
    expect(isPermutationOf([10, 11, 10, 12, 14, 15], set)).toBe(true);
    expect(isPermutationOf([15, 15, 12, 11, 10, 10], set)).toBe(false);
    expect(isPermutationOf([15, 14, 12, 11, 10], set)).toBe(false);
    expect(fitsWithin([10, 10], set)).toBe(true);
    expect(fitsWithin([10, 10, 10], set)).toBe(false);
  });

  it("treats every shuffle of a set as a permutation", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...ASSIGNABLE_SETS["highly-focused"].values], { minLength: 6 }),
        (shuffled) => isPermutationOf(shuffled, ASSIGNABLE_SETS["highly-focused"].values),
      ),
    );
  });
});

describe("harsh upbringing", () => {
  it("Normal: no bonus, no adversity picks", () => {
    expect(harshnessBonus("normal")).toEqual({});
    expect(applyHarshness(average, "normal")).toEqual(average);
    expect(adversityPickCount("normal")).toBe(0);
  });

  it("Harsh: +1 to the chosen STR or CON, one adversity pick", () => {
    expect(applyHarshness(average, "harsh", "STR")).toEqual({ ...average, STR: 11 });
    expect(applyHarshness(average, "harsh", "CON")).toEqual({ ...average, CON: 11 });
    expect(adversityPickCount("harsh")).toBe(1);
  });

  it("Harsh without a choice is refused", () => {
    try {
      applyHarshness(average, "harsh");
      expect.unreachable();
    } catch (error) {
      expect(isRulesError(error) && error.code).toBe("harsh-pick-missing");
    }
  });

  it("Very Harsh: +1 to both STR and CON, two adversity picks", () => {
    expect(applyHarshness(average, "very-harsh")).toEqual({ ...average, STR: 11, CON: 11 });
    expect(adversityPickCount("very-harsh")).toBe(2);
  });

  it("may take STR or CON to 19 (the bonus is not capped at 18)", () => {
    expect(applyHarshness({ ...average, STR: 18, CON: 18 }, "very-harsh")).toMatchObject({
      STR: 19,
      CON: 19,
    });
  });
});

describe("distinguishing features", () => {
  it.each([
    ["STR", ["Feeble", "Weak", "Average", "Muscular", "Huge"]],
    ["DEX", ["Barely Mobile", "Clumsy", "Average", "Nimble", "Acrobatic"]],
    ["CON", ["Bedridden", "Sickly", "Average", "Perfect Health", "Indefatigable"]],
    ["INT", ["Imbecilic", "Slow", "Average", "Perceptive", "Brilliant"]],
    ["POW", ["Spineless", "Nervous", "Average", "Strong-Willed", "Indomitable"]],
    ["CHA", ["Unbearable", "Awkward", "Average", "Charming", "Magnetic"]],
  ] as const)("%s: 3–4, 5–8, 9–12, 13–16, 17–18", (stat, words) => {
    const edges = [
      [3, 4],
      [5, 8],
      [9, 12],
      [13, 16],
      [17, 18],
    ];
    edges.forEach(([low = 0, high = 0], column) => {
      for (const value of [low, high]) {
        expect(distinguishingFeature(stat, value).word).toBe(words[column]);
      }
    });
  });

  it("marks only values outside 9–12 as exceptional", () => {
    expect(distinguishingFeature("INT", 8)).toEqual({
      stat: "INT",
      value: 8,
      band: "low",
      word: "Slow",
      exceptional: true,
    });
    expect(distinguishingFeature("INT", 9).exceptional).toBe(false);
    expect(distinguishingFeature("INT", 12).exceptional).toBe(false);
    expect(distinguishingFeature("INT", 13).exceptional).toBe(true);
  });

  it("extends the end rows past 3–18 (a harsh 19, or losses in play)", () => {
    expect(distinguishingFeature("STR", 19).word).toBe("Huge");
    expect(distinguishingFeature("CHA", 1).word).toBe("Unbearable");
    expect(featureBand(0)).toBe("very-low");
  });

  it("describes all six stats in order", () => {
    const features = distinguishingFeatures({ ...average, DEX: 17, POW: 6 });
    expect(features.map((f) => f.stat)).toEqual([...STAT_NAMES]);
    expect(features.filter((f) => f.exceptional).map((f) => f.word)).toEqual([
      "Acrobatic",
      "Nervous",
    ]);
  });
});
