/** Pooling Resources, and gaining, losing and replenishing them. */
import {
  pooledTestReasonText,
  poolReasonText,
  resourceGainReasonText,
  resourceLossReasonText,
  resourceReplenishReasonText,
} from "../../../../src/games/cthulhu-eternal/presentation/resource-reasons.js";
import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RulesError } from "../../../../src/games/cthulhu-eternal/rules/errors.js";
import {
  loseResources,
  replenishResources,
  resourceGain,
} from "../../../../src/games/cthulhu-eternal/rules/resource-changes.js";
import {
  resourceBreakdown,
  resourceCheckBoxes,
} from "../../../../src/games/cthulhu-eternal/rules/resources.js";
import {
  pooledResourceTest,
  poolResources,
  type PoolContributor,
} from "../../../../src/games/cthulhu-eternal/rules/resource-pool.js";
import { scriptedRng } from "../../../../src/core/rng.js";
import { expectRulesError } from "./fixtures.js";
import { percentileFaces } from "../../../support/dice.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../src/games/cthulhu-eternal/rules/options.js";

const options = DEFAULT_RULE_OPTIONS;

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
    const rng = scriptedRng(percentileFaces(52));
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
      scriptedRng(percentileFaces(20)),
    );
    // (6 + 2) × 5 = 40, half = 20: a roll of 20 succeeds and is sub-standard (top 10%: 19–20)
    expect(result).toMatchObject({ target: 20, success: true, quality: "sub-standard" });
    const failed = pooledResourceTest(
      { contributors: [person("a", 6), person("b", 6)] },
      options,
      scriptedRng(percentileFaces(41)),
    );
    expect(failed).toMatchObject({ success: false, checkedBefore: 0, checkedAfter: 0 });
  });
});

describe("resourceGain", () => {
  it("needs a roll ABOVE rating × 5", () => {
    const atThreshold = resourceGain({ rating: 8, award: 2 }, scriptedRng(percentileFaces(40)));
    expect(atThreshold).toMatchObject({ threshold: 40, success: false, gained: 0, ratingAfter: 8 });
    const above = resourceGain({ rating: 8, award: 2 }, scriptedRng(percentileFaces(41)));
    expect(above).toMatchObject({ success: true, gained: 2, ratingBefore: 8, ratingAfter: 10 });
    expect(above.breakdownAfter).toEqual(resourceBreakdown(10));
  });

  it("rolls the GM's dice on success", () => {
    const rng = scriptedRng([...percentileFaces(77), 5]);
    const result = resourceGain({ rating: 12, award: "1D6" }, rng);
    expect(result).toMatchObject({ success: true, gained: 5, ratingAfter: 17 });
    expect(result.awardRoll?.total).toBe(5);
    expect(resourceGainReasonText(result)).toBe(
      "77 is above Resources 12 × 5 = 60: +1d6 = 5, Resources 12 → 17.",
    );
    expect(rng.remaining()).toBe(0);
  });

  it("rolls no award dice on failure", () => {
    const rng = scriptedRng(percentileFaces(30));
    expect(resourceGain({ rating: 12, award: "1D6" }, rng).awardRoll).toBeUndefined();
    expect(rng.remaining()).toBe(0);
  });

  it("can never succeed at rating 20 or more (threshold 100) and always succeeds at 0", () => {
    const rich = resourceGain({ rating: 20, award: 1 }, scriptedRng(percentileFaces(100)));
    expect(rich).toMatchObject({ threshold: 100, success: false });
    expect(resourceGainReasonText(rich)).toBe(
      "100 is not above Resources 20 × 5 = 100 (nothing can roll above 100): no gain.",
    );
    const poor = resourceGain({ rating: 0, award: 1 }, scriptedRng(percentileFaces(1)));
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
