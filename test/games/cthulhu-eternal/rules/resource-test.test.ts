/** Resources tests, of anyone and of an exhausted Protagonist. */
import {
  pooledTestReasonText,
  resourceTestReasonText,
} from "../../../../src/games/cthulhu-eternal/presentation/resource-reasons.js";
import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resourceTest } from "../../../../src/games/cthulhu-eternal/rules/resource-test.js";
import {
  resourceBreakdown,
  resourceCheckBoxes,
  type ResourceBreakdown,
} from "../../../../src/games/cthulhu-eternal/rules/resources.js";
import {
  pooledResourceTest,
  type PoolContributor,
} from "../../../../src/games/cthulhu-eternal/rules/resource-pool.js";
import { scriptedRng } from "../../../../src/core/rng.js";
import { expectRulesError } from "./fixtures.js";
import { percentileFaces } from "../../../support/dice.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../src/games/cthulhu-eternal/rules/options.js";

const options = DEFAULT_RULE_OPTIONS;

describe("resourceTest", () => {
  it("finds a standard item on an ordinary success and checks a box", () => {
    const rng = scriptedRng(percentileFaces(23));
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
      scriptedRng(percentileFaces(38)),
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
      scriptedRng(percentileFaces(40)),
    );
    expect(off.quality).toBe("standard");
    const wide = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 0 },
      { substandardPercent: 50 },
      scriptedRng(percentileFaces(21)),
    );
    expect(wide.quality).toBe("sub-standard");
  });

  it("finds the best quality on a critical success (doubles, or 01), even high in the target", () => {
    for (const value of [1, 33]) {
      const result = resourceTest(
        { rating: 7, where: "home", checkedBoxes: 0 },
        options,
        scriptedRng(percentileFaces(value)),
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
      scriptedRng(percentileFaces(1)),
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
      scriptedRng(percentileFaces(41)),
    );
    expect(failure).toMatchObject({ outcome: "failure", quality: null, checkedAfter: 1 });
    const fumble = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 1 },
      options,
      scriptedRng(percentileFaces(44)),
    );
    expect(fumble).toMatchObject({ outcome: "fumble", success: false, quality: null });
    expect(fumble.checkedAfter).toBe(1);
  });

  it("uses the rating for where the Protagonist is", () => {
    const targets = (["at-hand", "with-vehicle", "home"] as const).map(
      (where) =>
        resourceTest(
          { rating: 15, where, checkedBoxes: 0 },
          options,
          scriptedRng(percentileFaces(90)),
        ).target,
    );
    expect(targets).toEqual([30, 60, 75]);
  });

  it("halves or quarters the target for hard-to-get items", () => {
    const hard = resourceTest(
      { rating: 7, where: "home", difficulty: "hard", checkedBoxes: 0 },
      options,
      scriptedRng(percentileFaces(17)),
    );
    expect(hard).toMatchObject({ target: 17, success: true });
    const missed = resourceTest(
      { rating: 7, where: "home", difficulty: "hard", checkedBoxes: 0 },
      options,
      scriptedRng(percentileFaces(18)),
    );
    expect(missed.success).toBe(false);
    const veryHard = resourceTest(
      { rating: 16, where: "home", difficulty: "very-hard", checkedBoxes: 0 },
      options,
      scriptedRng(percentileFaces(20)),
    );
    expect(veryHard).toMatchObject({ target: 20, success: true, quality: "sub-standard" });
  });

  it("reports the pool exhausted when the last box is checked", () => {
    const result = resourceTest(
      { rating: 9, where: "home", checkedBoxes: 1 },
      options,
      scriptedRng(percentileFaces(12)),
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
      scriptedRng(percentileFaces(48)),
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
      scriptedRng(percentileFaces(12)),
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
      scriptedRng(percentileFaces(90)),
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
            scriptedRng(percentileFaces(roll)),
          );
          expect(result.checkedAfter).toBeLessThanOrEqual(boxes);
          expect(result.checkedAfter - result.checkedBefore).toBe(result.success ? 1 : 0);
          expect(result.quality === null).toBe(!result.success);
        },
      ),
    );
  });
});

describe("Resources tests of an exhausted Protagonist", () => {
  const exhausted = [{ kind: "exhausted" as const, modifier: -20 }];

  it("take the penalty off the target, and judge the find against what was rolled", () => {
    // Resources 8 at home: 40, exhausted 20. A 23 succeeds rested but fails exhausted.
    const rested = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 0 },
      options,
      scriptedRng(percentileFaces(23)),
    );
    expect(rested.success).toBe(true);
    const tired = resourceTest(
      { rating: 8, where: "home", checkedBoxes: 0, conditions: exhausted },
      options,
      scriptedRng(percentileFaces(23)),
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
      scriptedRng(percentileFaces(19)),
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
      scriptedRng(percentileFaces(50)),
    );
    expect(tiredHelper).toMatchObject({ target: 55, success: true, conditions: [] });
    const tiredLead = pooledResourceTest(
      { contributors: [{ ...lead, conditions: exhausted }, helper] },
      options,
      scriptedRng(percentileFaces(50)),
    );
    expect(tiredLead).toMatchObject({ target: 35, success: false, conditions: exhausted });
    expect(tiredLead.baseTarget).toBe(55);
    expect(pooledTestReasonText(tiredLead)).toBe(
      "pool: 10 A + ⌈5/5⌉ B = 11, × 5 = 55, exhausted −20 = 35: 50 is over 35: failure; nothing useful turns up; no box checked.",
    );
  });
});
