import {
  pooledTestReasonText,
  poolReasonText,
  resourceGainReasonText,
  resourceLossReasonText,
  resourceReplenishReasonText,
  resourceTestReasonText,
} from "../../../../src/games/cthulhu-eternal/presentation/resource-reasons.js";
import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { RulesError } from "../../../../src/games/cthulhu-eternal/rules/errors.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../src/games/cthulhu-eternal/rules/options.js";
import {
  loseResources,
  replenishResources,
  resourceGain,
} from "../../../../src/games/cthulhu-eternal/rules/resource-changes.js";
import { resourceTest } from "../../../../src/games/cthulhu-eternal/rules/resource-test.js";
import {
  effectiveRating,
  isSubstandardRoll,
  resourceBreakdown,
  resourceCheckBoxes,
  resourceTestTarget,
  type ResourceBreakdown,
} from "../../../../src/games/cthulhu-eternal/rules/resources.js";
import {
  pooledResourceTest,
  poolResources,
  type PoolContributor,
} from "../../../../src/games/cthulhu-eternal/rules/resource-pool.js";
import { scriptedRng } from "../../../../src/core/rng.js";
import { expectRulesError } from "./fixtures.js";

/** The two d10 faces (tens first, 10 read as 0) that make a percentile roll show `value`. */
function d100(value: number): [number, number] {
  if (value === 100) return [10, 10];
  const tens = Math.floor(value / 10);
  const ones = value % 10;
  return [tens === 0 ? 10 : tens, ones === 0 ? 10 : ones];
}

const options = DEFAULT_RULE_OPTIONS;

describe("resourceBreakdown: the seed 000 table, row by row", () => {
  // [rating, at hand, stowed, in storage, check boxes]
  const table: [number, number, number, number, number][] = [
    [0, 0, 0, 0, 0],
    [1, 1, 0, 0, 1],
    [2, 2, 0, 0, 1],
    [3, 3, 0, 0, 1],
    [4, 4, 0, 0, 1],
    [5, 5, 0, 0, 1],
    [6, 6, 0, 0, 1],
    [7, 6, 1, 0, 2],
    [8, 6, 2, 0, 2],
    [9, 6, 3, 0, 2],
    [10, 6, 4, 0, 2],
    [11, 6, 5, 0, 2],
    [12, 6, 6, 0, 2],
    [13, 6, 6, 1, 3],
    [14, 6, 6, 2, 3],
    [15, 6, 6, 3, 3],
    [16, 6, 6, 4, 3],
    [17, 6, 6, 5, 3],
    [18, 6, 6, 6, 3],
    [19, 6, 6, 7, 3],
    [20, 6, 6, 8, 3],
    [21, 6, 6, 9, 3],
    [22, 6, 6, 10, 3],
    [23, 6, 6, 11, 3],
    [24, 6, 6, 12, 3],
    [25, 6, 6, 13, 3],
  ];

  it.each(table)("%i → %i / %i / %i, %i boxes", (rating, atHand, stowed, inStorage, boxes) => {
    expect(resourceBreakdown(rating)).toEqual({
      rating,
      atHand,
      stowed,
      inStorage,
      checkBoxes: boxes,
    });
    expect(resourceCheckBoxes(rating)).toBe(boxes);
  });

  it("always adds up to the rating, within the carrying limits and 0–3 boxes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (rating) => {
        const b = resourceBreakdown(rating);
        expect(b.atHand + b.stowed + b.inStorage).toBe(rating);
        expect(b.atHand).toBeLessThanOrEqual(6);
        expect(b.stowed).toBeLessThanOrEqual(6);
        expect(b.inStorage).toBeGreaterThanOrEqual(0);
        expect(b.checkBoxes).toBe(rating === 0 ? 0 : rating <= 6 ? 1 : rating <= 12 ? 2 : 3);
      }),
    );
  });

  it("refuses ratings that are not whole numbers of 0 or more", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expectRulesError(() => resourceBreakdown(bad), "invalid-resources-rating");
    }
  });
});

describe("effectiveRating", () => {
  it("uses at hand, at hand + stowed, or the full rating depending on where the Protagonist is", () => {
    const fifteen = resourceBreakdown(15);
    expect(effectiveRating(fifteen, "at-hand")).toBe(6);
    expect(effectiveRating(fifteen, "with-vehicle")).toBe(12);
    expect(effectiveRating(fifteen, "home")).toBe(15);
    const nine = resourceBreakdown(9);
    expect(effectiveRating(nine, "at-hand")).toBe(6);
    expect(effectiveRating(nine, "with-vehicle")).toBe(9);
    expect(effectiveRating(nine, "home")).toBe(9);
    const four = resourceBreakdown(4);
    expect(effectiveRating(four, "at-hand")).toBe(4);
    expect(effectiveRating(four, "with-vehicle")).toBe(4);
    expect(effectiveRating(four, "home")).toBe(4);
  });
});

describe("resourceTestTarget", () => {
  it("is rating × 5, half of it (rounded down) when Hard to Get, a quarter when Very Hard", () => {
    expect(resourceTestTarget(8, "normal")).toBe(40);
    expect(resourceTestTarget(8, "hard")).toBe(20);
    expect(resourceTestTarget(8, "very-hard")).toBe(10);
    expect(resourceTestTarget(7, "normal")).toBe(35);
    expect(resourceTestTarget(7, "hard")).toBe(17);
    expect(resourceTestTarget(7, "very-hard")).toBe(8);
    expect(resourceTestTarget(1, "hard")).toBe(2);
    expect(resourceTestTarget(1, "very-hard")).toBe(1);
  });
});

describe("isSubstandardRoll", () => {
  it("marks the top 10% of a target of 40: 37–40", () => {
    expect([35, 36, 37, 38, 39, 40, 41].map((v) => isSubstandardRoll(v, 40, 10))).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it("rounds the band up (target 35 at 10%: 32–35) and always includes the target itself", () => {
    expect(isSubstandardRoll(31, 35, 10)).toBe(false);
    expect(isSubstandardRoll(32, 35, 10)).toBe(true);
    expect(isSubstandardRoll(5, 5, 10)).toBe(true);
    expect(isSubstandardRoll(4, 5, 10)).toBe(false);
  });

  it("is off at 0%", () => {
    expect(isSubstandardRoll(40, 40, 0)).toBe(false);
  });

  it("covers at least one point and at most the top percent (rounded up) of any target", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 100 }), (t, p) => {
        const band = Array.from({ length: t }, (_, i) => i + 1).filter((v) =>
          isSubstandardRoll(v, t, p),
        );
        expect(band).toContain(t);
        expect(band.length).toBe(Math.ceil((t * p) / 100));
      }),
    );
  });
});

describe("resourceTest", () => {
  it("finds a standard item on an ordinary success and checks a box", () => {
    const rng = scriptedRng(d100(23));
    const result = resourceTest({ rating: 8, where: "home", checkedBoxes: 0 }, options, rng);
    expect(result).toMatchObject({
      effectiveRating: 8,
      target: 40,
      outcome: "success",
      success: true,
      quality: "standard",
      checkBoxes: 2,
      checkedBefore: 0,
      checkedAfter: 1,
      exhausted: false,
      ratingBefore: 8,
      ratingAfter: 8,
    });
    expect(result.roll.value).toBe(23);
    expect(resourceTestReasonText(result)).toBe(
      "Resources 8 (full Permanent rating) × 5 = 40: 23 is at or under 40: success; something helpful is found; one box checked (1/2).",
    );
    expect(rng.remaining()).toBe(0);
  });

  it("finds a sub-standard item on a success just under the target (default 10%)", () => {
    const result = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 0 },
      options,
      scriptedRng(d100(38)),
    );
    expect(result.quality).toBe("sub-standard");
    expect(result.checkedAfter).toBe(1);
    expect(resourceTestReasonText(result)).toBe(
      "Resources 8 (full Permanent rating) × 5 = 40: 38 is at or under 40: success; only just under the target, so the item is sub-standard; one box checked (1/2).",
    );
  });

  it("follows the substandardPercent setting", () => {
    const off = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 0 },
      { substandardPercent: 0 },
      scriptedRng(d100(40)),
    );
    expect(off.quality).toBe("standard");
    const wide = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 0 },
      { substandardPercent: 50 },
      scriptedRng(d100(21)),
    );
    expect(wide.quality).toBe("sub-standard");
  });

  it("finds the best quality on a critical success (doubles, or 01), even high in the target", () => {
    for (const value of [1, 33]) {
      const result = resourceTest(
        { rating: 7, where: "home", checkedBoxes: 0 },
        options,
        scriptedRng(d100(value)),
      );
      expect(result.outcome).toBe("critical-success");
      expect(result.quality).toBe("best");
      expect(result.checkedAfter).toBe(1);
    }
  });

  it("words the location, the difficulty and a best find in its reason", () => {
    // Rating 15 at hand is 6; Very Hard to Get: 30 / 4 = 7.
    const result = resourceTest(
      { rating: 15, where: "at-hand", checkedBoxes: 0, difficulty: "very-hard" },
      options,
      scriptedRng(d100(1)),
    );
    expect(result).toMatchObject({ baseTarget: 7, target: 7, quality: "best" });
    expect(resourceTestReasonText(result)).toBe(
      "Resources 6 (at hand) × 5, Very Hard to Get: quarter = 7: 01 always succeeds: critical success; a critical success finds the best quality available; one box checked (1/3).",
    );
  });

  it("finds nothing and checks no box on a failure or fumble", () => {
    const failure = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 1 },
      options,
      scriptedRng(d100(41)),
    );
    expect(failure).toMatchObject({ outcome: "failure", quality: null, checkedAfter: 1 });
    const fumble = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 1 },
      options,
      scriptedRng(d100(44)),
    );
    expect(fumble).toMatchObject({ outcome: "fumble", success: false, quality: null });
    expect(fumble.checkedAfter).toBe(1);
  });

  it("uses the rating for where the Protagonist is", () => {
    const targets = (["at-hand", "with-vehicle", "home"] as const).map(
      (where) =>
        resourceTest({ rating: 15, where, checkedBoxes: 0 }, options, scriptedRng(d100(90))).target,
    );
    expect(targets).toEqual([30, 60, 75]);
  });

  it("halves or quarters the target for hard-to-get items", () => {
    const hard = resourceTest(
      { rating: 7, where: "home", difficulty: "hard", checkedBoxes: 0 },
      options,
      scriptedRng(d100(17)),
    );
    expect(hard).toMatchObject({ target: 17, success: true });
    const missed = resourceTest(
      { rating: 7, where: "home", difficulty: "hard", checkedBoxes: 0 },
      options,
      scriptedRng(d100(18)),
    );
    expect(missed.success).toBe(false);
    const veryHard = resourceTest(
      { rating: 16, where: "home", difficulty: "very-hard", checkedBoxes: 0 },
      options,
      scriptedRng(d100(20)),
    );
    expect(veryHard).toMatchObject({ target: 20, success: true, quality: "sub-standard" });
  });

  it("reports the pool exhausted when the last box is checked", () => {
    const result = resourceTest(
      { rating: 9, where: "home", checkedBoxes: 1 },
      options,
      scriptedRng(d100(12)),
    );
    expect(result).toMatchObject({ checkedBefore: 1, checkedAfter: 2, exhausted: true });
  });

  it("refuses a test when every box is checked, and says to replenish", () => {
    const full = expectRulesError(
      () => resourceTest({ rating: 9, where: "home", checkedBoxes: 2 }, options, scriptedRng([])),
      "resources-exhausted",
    );
    expect(rulesErrorText(full)).toContain("downtime");
  });

  it("refuses a test at Resources 0 as nothing to test, which only a gain helps", () => {
    const none = expectRulesError(
      () => resourceTest({ rating: 0, where: "home", checkedBoxes: 0 }, options, scriptedRng([])),
      "no-resources",
    );
    expect(rulesErrorText(none)).toContain("Resources 0: there is nothing to test");
    expect(rulesErrorText(none)).toContain("Resources gain from the GM");
    // Replenishing clears checked boxes; at Resources 0 there are none to clear.
    expect(none.message).not.toMatch(/replenish/i);
  });

  it("refuses more checks than boxes and nonsense places or difficulties", () => {
    expectRulesError(
      () => resourceTest({ rating: 9, where: "home", checkedBoxes: 3 }, options, scriptedRng([])),
      "invalid-checked-boxes",
    );
    expectRulesError(
      () => resourceTest({ rating: 9, where: "home", checkedBoxes: -1 }, options, scriptedRng([])),
      "invalid-checked-boxes",
    );
    expectRulesError(
      () =>
        resourceTest(
          { rating: 9, where: "moon" as "home", checkedBoxes: 0 },
          options,
          scriptedRng([]),
        ),
      "invalid-location",
    );
    expectRulesError(
      () =>
        resourceTest(
          { rating: 9, where: "home", difficulty: "easy" as "hard", checkedBoxes: 0 },
          options,
          scriptedRng([]),
        ),
      "invalid-difficulty",
    );
  });

  it("accepts a breakdown the GM stretched, but checks it adds up and has the table's boxes", () => {
    const overloaded: ResourceBreakdown = {
      rating: 10,
      atHand: 10,
      stowed: 0,
      inStorage: 0,
      checkBoxes: 2,
    };
    const result = resourceTest(
      { breakdown: overloaded, where: "at-hand", checkedBoxes: 0 },
      options,
      scriptedRng(d100(48)),
    );
    expect(result).toMatchObject({ effectiveRating: 10, target: 50, success: true });
    expectRulesError(
      () =>
        resourceTest(
          { breakdown: { ...overloaded, atHand: 9 }, where: "at-hand", checkedBoxes: 0 },
          options,
          scriptedRng([]),
        ),
      "invalid-resources-breakdown",
    );
    expectRulesError(
      () =>
        resourceTest(
          { breakdown: { ...overloaded, checkBoxes: 3 }, where: "at-hand", checkedBoxes: 0 },
          options,
          scriptedRng([]),
        ),
      "invalid-resources-breakdown",
    );
  });

  it("charges a specialised item's cost to the Permanent rating, only on success", () => {
    const found = resourceTest(
      { rating: 7, where: "home", checkedBoxes: 1, specialisedCost: 2 },
      options,
      scriptedRng(d100(12)),
    );
    expect(found).toMatchObject({
      success: true,
      ratingBefore: 7,
      ratingAfter: 5,
      checkedAfter: 1, // 2 checked, but Resources 5 has only 1 box
      exhausted: true,
    });
    expect(found.breakdownAfter).toEqual(resourceBreakdown(5));
    expect(found.cost).toMatchObject({ ratingBefore: 7, ratingAfter: 5, why: null });
    expect(resourceTestReasonText(found)).toBe(
      "Resources 7 (full Permanent rating) × 5 = 35: 12 is at or under 35: success; something helpful is found; one box checked (2/2). The specialised item costs Permanent Resources: Resources 7 → 5. Check boxes 2 → 1, checked 2 → 1.",
    );
    const missed = resourceTest(
      { rating: 7, where: "home", checkedBoxes: 1, specialisedCost: 2 },
      options,
      scriptedRng(d100(90)),
    );
    expect(missed).toMatchObject({ success: false, ratingAfter: 7, checkedAfter: 1, cost: null });
    expectRulesError(
      () =>
        resourceTest(
          { rating: 7, where: "home", checkedBoxes: 0, specialisedCost: 0 },
          options,
          scriptedRng([]),
        ),
      "invalid-specialised-cost",
    );
  });

  it("never checks more boxes than there are (random runs)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom("at-hand" as const, "with-vehicle" as const, "home" as const),
        (rating, roll, where) => {
          const boxes = resourceCheckBoxes(rating);
          const result = resourceTest(
            { rating, where, checkedBoxes: boxes - 1 },
            options,
            scriptedRng(d100(roll)),
          );
          expect(result.checkedAfter).toBeLessThanOrEqual(boxes);
          expect(result.checkedAfter - result.checkedBefore).toBe(result.success ? 1 : 0);
          expect(result.quality === null).toBe(!result.success);
        },
      ),
    );
  });
});

describe("pooling resources", () => {
  const person = (
    id: string,
    rating: number,
    where: PoolContributor["where"] = "home",
    checkedBoxes = 0,
  ): PoolContributor => ({ id, name: id.toUpperCase(), rating, where, checkedBoxes });

  it("adds one fifth (rounded up) of each other contributor to the highest rating", () => {
    const pool = poolResources([person("a", 6), person("b", 6), person("c", 6)]);
    expect(pool.effectiveRating).toBe(10); // 6 + ⌈6/5⌉ + ⌈6/5⌉
    expect(pool.leadId).toBe("a");
    expect(pool.contributions.map((c) => c.added)).toEqual([6, 2, 2]);
  });

  it("rounds each contributor's fifth on its own, not the sum", () => {
    // Per contributor: 1 + 1 + 1 = 3; rounding the sum would give 1 + ⌈2/5⌉ = 2.
    expect(poolResources([person("a", 1), person("b", 1), person("c", 1)]).effectiveRating).toBe(3);
  });

  it("uses each contributor's effective rating for where they are", () => {
    const pool = poolResources([
      person("a", 3),
      person("b", 15, "with-vehicle"), // 12
      person("c", 20, "at-hand"), // 6
    ]);
    expect(pool.contributions.map((c) => c.effectiveRating)).toEqual([3, 12, 6]);
    expect(pool.leadId).toBe("b");
    expect(pool.effectiveRating).toBe(12 + 1 + 2);
    expect(poolReasonText(pool)).toBe("pool: 12 B + ⌈3/5⌉ A + ⌈6/5⌉ C = 15");
  });

  it("makes the first listed the lead on a tie", () => {
    const pool = poolResources([person("a", 5), person("b", 9), person("c", 9)]);
    expect(pool.leadId).toBe("b");
    expect(pool.effectiveRating).toBe(9 + 1 + 2);
  });

  it("is just the rating for one contributor", () => {
    expect(poolResources([person("a", 11)]).effectiveRating).toBe(11);
  });

  it("refuses contributors whose boxes are all checked (or who have none)", () => {
    const error = expectRulesError(
      () => poolResources([person("a", 8), person("b", 8, "home", 2), person("c", 0)]),
      "pool-contributor-exhausted",
    );
    expect(rulesErrorText(error)).toContain("B, C");
  });

  it("refuses an empty pool, duplicates and too many checks", () => {
    expectRulesError(() => poolResources([]), "pool-empty");
    expectRulesError(
      () => poolResources([person("a", 8), person("a", 3)]),
      "duplicate-contributor",
    );
    expectRulesError(() => poolResources([person("a", 8, "home", 3)]), "invalid-checked-boxes");
    expectRulesError(() => poolResources([{ ...person("a", 8), name: "" }]), "invalid-contributor");
  });

  it("checks a box only for the contributor whose full rating was used", () => {
    const rng = scriptedRng(d100(52));
    const result = pooledResourceTest(
      { contributors: [person("a", 4), person("b", 11, "home", 1), person("c", 7)] },
      options,
      rng,
    );
    // 11 + ⌈4/5⌉ + ⌈7/5⌉ = 11 + 1 + 2 = 14 → target 70
    expect(pooledTestReasonText(result)).toBe(
      "pool: 11 B + ⌈4/5⌉ A + ⌈7/5⌉ C = 14, × 5 = 70: 52 is at or under 70: success; something helpful is found; B checks one box.",
    );
    expect(result).toMatchObject({
      target: 70,
      success: true,
      quality: "standard",
      checkedContributorId: "b",
      checkedBefore: 1,
      checkedAfter: 2,
    });
    expect(rng.remaining()).toBe(0);
  });

  it("checks nothing on a failure and applies difficulty to the pooled rating", () => {
    const result = pooledResourceTest(
      { contributors: [person("a", 6), person("b", 6)], difficulty: "hard" },
      options,
      scriptedRng(d100(20)),
    );
    // (6 + 2) × 5 = 40, half = 20: a roll of 20 succeeds and is sub-standard (top 10%: 19–20)
    expect(result).toMatchObject({ target: 20, success: true, quality: "sub-standard" });
    const failed = pooledResourceTest(
      { contributors: [person("a", 6), person("b", 6)] },
      options,
      scriptedRng(d100(41)),
    );
    expect(failed).toMatchObject({ success: false, checkedBefore: 0, checkedAfter: 0 });
  });
});

describe("resourceGain", () => {
  it("needs a roll ABOVE rating × 5", () => {
    const atThreshold = resourceGain({ rating: 8, award: 2 }, scriptedRng(d100(40)));
    expect(atThreshold).toMatchObject({ threshold: 40, success: false, gained: 0, ratingAfter: 8 });
    const above = resourceGain({ rating: 8, award: 2 }, scriptedRng(d100(41)));
    expect(above).toMatchObject({ success: true, gained: 2, ratingBefore: 8, ratingAfter: 10 });
    expect(above.breakdownAfter).toEqual(resourceBreakdown(10));
  });

  it("rolls the GM's dice on success", () => {
    const rng = scriptedRng([...d100(77), 5]);
    const result = resourceGain({ rating: 12, award: "1D6" }, rng);
    expect(result).toMatchObject({ success: true, gained: 5, ratingAfter: 17 });
    expect(result.awardRoll?.total).toBe(5);
    expect(resourceGainReasonText(result)).toBe(
      "77 is above Resources 12 × 5 = 60: +1d6 = 5, Resources 12 → 17.",
    );
    expect(rng.remaining()).toBe(0);
  });

  it("rolls no award dice on failure", () => {
    const rng = scriptedRng(d100(30));
    expect(resourceGain({ rating: 12, award: "1D6" }, rng).awardRoll).toBeUndefined();
    expect(rng.remaining()).toBe(0);
  });

  it("can never succeed at rating 20 or more (threshold 100) and always succeeds at 0", () => {
    const rich = resourceGain({ rating: 20, award: 1 }, scriptedRng(d100(100)));
    expect(rich).toMatchObject({ threshold: 100, success: false });
    expect(resourceGainReasonText(rich)).toBe(
      "100 is not above Resources 20 × 5 = 100 (nothing can roll above 100): no gain.",
    );
    const poor = resourceGain({ rating: 0, award: 1 }, scriptedRng(d100(1)));
    expect(poor).toMatchObject({ success: true, ratingAfter: 1 });
    expect(poor.breakdownAfter.checkBoxes).toBe(1);
  });

  it("refuses a bad award before rolling anything", () => {
    const rng = scriptedRng([]);
    expectRulesError(() => resourceGain({ rating: 5, award: 0 }, rng), "invalid-resources-award");
    expectRulesError(
      () => resourceGain({ rating: 5, award: "1D2-5" }, rng),
      "invalid-resources-award",
    );
    expect(() => resourceGain({ rating: 5, award: "banana" }, rng)).toThrow(RulesError);
    expectRulesError(() => resourceGain({ rating: -1, award: 1 }, rng), "invalid-resources-rating");
  });
});

describe("loseResources", () => {
  it("lowers the rating and recomputes the breakdown and boxes", () => {
    const result = loseResources({ rating: 14, checkedBoxes: 3 }, 3, "the truck burned");
    expect(result).toMatchObject({
      ratingBefore: 14,
      ratingAfter: 11,
      lost: 3,
      checkedBefore: 3,
      checkedAfter: 2,
    });
    expect(result.breakdownAfter).toEqual(resourceBreakdown(11));
    expect(result.why).toBe("the truck burned");
    expect(resourceLossReasonText(result)).toBe(
      "the truck burned: Resources 14 → 11. Check boxes 3 → 2, checked 3 → 2.",
    );
  });

  it("keeps checks that still fit", () => {
    expect(loseResources({ rating: 8, checkedBoxes: 1 }, 1).checkedAfter).toBe(1);
  });

  it("never goes below 0", () => {
    const result = loseResources({ rating: 4, checkedBoxes: 1 }, 9);
    expect(result).toMatchObject({ ratingAfter: 0, lost: 4, checkedAfter: 0 });
    expect(result.breakdownAfter.checkBoxes).toBe(0);
  });

  it("refuses losses below 1 and impossible checks", () => {
    expectRulesError(
      () => loseResources({ rating: 4, checkedBoxes: 0 }, 0),
      "invalid-resources-loss",
    );
    expectRulesError(
      () => loseResources({ rating: 4, checkedBoxes: 2 }, 1),
      "invalid-checked-boxes",
    );
  });

  it("never leaves more checks than boxes (random runs)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 40 }),
        (rating, rawChecked, amount) => {
          const checkedBoxes = Math.min(rawChecked, resourceCheckBoxes(rating));
          const result = loseResources({ rating, checkedBoxes }, amount);
          expect(result.checkedAfter).toBeLessThanOrEqual(result.breakdownAfter.checkBoxes);
          expect(result.checkedAfter).toBeLessThanOrEqual(checkedBoxes);
          expect(result.ratingAfter).toBe(Math.max(0, rating - amount));
          const b = result.breakdownAfter;
          expect(b.atHand + b.stowed + b.inStorage).toBe(result.ratingAfter);
        },
      ),
    );
  });
});

describe("replenishResources", () => {
  it("clears every check", () => {
    expect(replenishResources(2)).toMatchObject({ checkedBefore: 2, checkedAfter: 0 });
    expect(resourceReplenishReasonText(replenishResources(0))).toBe(
      "No Resource box was checked; nothing to replenish.",
    );
    expect(resourceReplenishReasonText(replenishResources(2))).toBe(
      "Downtime replenishes the Resources pool: 2 checks erased.",
    );
    expectRulesError(() => replenishResources(4), "invalid-checked-boxes");
  });
});

describe("Resources tests of an exhausted Protagonist", () => {
  const exhausted = [{ kind: "exhausted" as const, modifier: -20 }];

  it("take the penalty off the target, and judge the find against what was rolled", () => {
    // Resources 8 at home: 40, exhausted 20. A 23 succeeds rested but fails exhausted.
    const rested = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 0 },
      options,
      scriptedRng(d100(23)),
    );
    expect(rested.success).toBe(true);
    const tired = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 0, conditions: exhausted },
      options,
      scriptedRng(d100(23)),
    );
    expect(tired).toMatchObject({
      target: 20,
      success: false,
      checkedAfter: 0,
      conditions: exhausted,
    });
    expect(tired.baseTarget).toBe(40);
    expect(resourceTestReasonText(tired)).toBe(
      "Resources 8 (full Permanent rating) × 5 = 40, exhausted −20 = 20: 23 is over 20: failure; nothing useful turns up; no box checked.",
    );
    // 19 of 20 is in the top 10%: sub-standard.
    const found = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 0, conditions: exhausted },
      options,
      scriptedRng(d100(19)),
    );
    expect(found.quality).toBe("sub-standard");
  });

  it("in a pool, take the lead's penalty: the lead searches with the full rating", () => {
    const lead: PoolContributor = {
      id: "a",
      name: "A",
      rating: 10,
      where: "home",
      checkedBoxes: 0,
    };
    const helper: PoolContributor = {
      id: "b",
      name: "B",
      rating: 5,
      where: "home",
      checkedBoxes: 0,
    };
    // Pool 10 + ⌈5/5⌉ = 11, × 5 = 55.
    const tiredHelper = pooledResourceTest(
      { contributors: [lead, { ...helper, conditions: exhausted }] },
      options,
      scriptedRng(d100(50)),
    );
    expect(tiredHelper).toMatchObject({ target: 55, success: true, conditions: [] });
    const tiredLead = pooledResourceTest(
      { contributors: [{ ...lead, conditions: exhausted }, helper] },
      options,
      scriptedRng(d100(50)),
    );
    expect(tiredLead).toMatchObject({ target: 35, success: false, conditions: exhausted });
    expect(tiredLead.baseTarget).toBe(55);
    expect(pooledTestReasonText(tiredLead)).toBe(
      "pool: 10 A + ⌈5/5⌉ B = 11, × 5 = 55, exhausted −20 = 35: 50 is over 35: failure; nothing useful turns up; no box checked.",
    );
  });
});
