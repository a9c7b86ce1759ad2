import { describe, expect, it } from "vitest";
import * as rules from "../../../../src/games/cthulhu-eternal/rules/index.js";

describe("the rules entry point", () => {
  it("reaches every area of the rules", () => {
    const rng = rules.seededRng(7);
    expect(rules.dice.rollDice("4d6kh3", rng).total).toBeGreaterThanOrEqual(3);
    expect(rules.percentile.percentileTest({ rating: 50 }, rng).target).toBe(50);
    expect(rules.sanity.parseSanLoss("0/1D6").notation).toBe("0/1D6");
    expect(rules.resources.resourceBreakdown(13)).toMatchObject({
      atHand: 6,
      stowed: 6,
      inStorage: 1,
      checkBoxes: 3,
    });
    expect(
      rules.resourceTests.resourceTest(
        { rating: 10, where: "home", checkedBoxes: 0 },
        rules.DEFAULT_RULE_OPTIONS,
        rng,
      ),
    ).toHaveProperty("checkedAfter");
    expect(rules.resourceChanges.replenishResources(2)).toMatchObject({ checkedAfter: 0 });
    expect(rules.derived.maxSanity(10)).toBe(89);
    expect(rules.creation.archetypesFor("modern").length).toBeGreaterThan(5);
    expect(rules.bonds.maxBondScore("community", 12)).toBe(20);
    expect(rules.harm.hpState(0)).toBe("dead");
    expect(rules.advancement.isUnnaturalSkill("Unnatural")).toBe(true);
    expect(rules.DEFAULT_RULE_OPTIONS.improvement).toBe("1d4");
  });
});
