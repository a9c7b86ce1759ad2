/** Percentile tests, stat tests and opposed tests (seed 000). */
import {
  opposedReasonText,
  testReasonText,
} from "../../../../src/games/cthulhu-eternal/presentation/test-reasons.js";
import { describe, expect, it } from "vitest";
import {
  DIFFICULTY_MODIFIER,
  LUCK_RATING,
  OUTCOME_LABEL,
  PERCENTILE_OUTCOMES,
  judgePercentile,
  opposedTest,
  percentileTest,
  statTestRating,
  type OpposedSide,
} from "../../../../src/games/cthulhu-eternal/rules/percentile.js";
import { scriptedRng } from "../../../../src/core/rng.js";
import { percentileFaces } from "../../../support/dice.js";
import { worded, expectNotWholeRefusal } from "./percentile-support.js";

describe("percentileTest", () => {
  it("rolls against rating + modifier and explains itself", () => {
    const rng = scriptedRng([2, 2]);
    expect(worded(percentileTest({ rating: 45, label: "Alertness" }, rng))).toEqual({
      roll: { tens: 2, ones: 2, value: 22 },
      rating: 45,
      modifier: 0,
      conditions: [],
      target: 45,
      outcome: "critical-success",
      success: true,
      critical: true,
      reason: "22 is doubled and at or under 45: critical success",
      label: "Alertness",
    });
    expect(rng.remaining()).toBe(0);
  });

  it("leaves label out when none is given", () => {
    const result = percentileTest({ rating: 45 }, scriptedRng([3, 7]));
    expect(result).not.toHaveProperty("label");
    expect(result.outcome).toBe("success");
  });

  it.each([
    ["easy", DIFFICULTY_MODIFIER.easy, 70],
    ["hard", DIFFICULTY_MODIFIER.hard, 30],
    ["extremely easy", DIFFICULTY_MODIFIER.extremelyEasy, 90],
    ["extremely hard", DIFFICULTY_MODIFIER.extremelyHard, 10],
    ["GM's +7", 7, 57],
  ])("a %s modifier (%i) moves the target of a 50 rating to %i", (_name, modifier, target) => {
    const atTarget = percentileTest({ rating: 50, modifier }, scriptedRng(percentileFaces(target)));
    expect(atTarget.target).toBe(target);
    expect(atTarget.modifier).toBe(modifier);
    expect(atTarget.success).toBe(true);
    const above = percentileTest(
      { rating: 50, modifier },
      scriptedRng(percentileFaces(target + 1)),
    );
    expect(above.success).toBe(false);
  });

  it("keeps a target below 1 unclamped: only 01 succeeds", () => {
    const crit = percentileTest({ rating: 10, modifier: -40 }, scriptedRng([10, 1]));
    expect(crit.target).toBe(-30);
    expect(crit.outcome).toBe("critical-success");
    const fail = percentileTest({ rating: 10, modifier: -40 }, scriptedRng([10, 2]));
    expect(fail.outcome).toBe("failure");
    expect(fail.reason).toEqual({ code: "target", roll: 2, target: -30, doubled: false });
    expect(testReasonText(fail)).toBe("02 is over -30: failure");
    const zero = percentileTest({ rating: 0 }, scriptedRng([10, 2]));
    expect(zero.target).toBe(0);
    expect(zero.success).toBe(false);
  });

  it("keeps a target above 100 unclamped: 100 still fails", () => {
    const fumble = percentileTest({ rating: 90, modifier: 20 }, scriptedRng([10, 10]));
    expect(fumble.target).toBe(110);
    expect(fumble.roll).toEqual({ tens: 0, ones: 0, value: 100 });
    expect(fumble.outcome).toBe("fumble");
    expect(fumble.reason).toEqual({ code: "always", roll: 100 });
    expect(testReasonText(fumble)).toBe("100 always fails: fumble");
    expect(percentileTest({ rating: 90, modifier: 20 }, scriptedRng([9, 9])).outcome).toBe(
      "critical-success",
    );
    expect(percentileTest({ rating: 100 }, scriptedRng([9, 8])).outcome).toBe("success");
  });

  it("passes rawStat on for inhuman stat tests", () => {
    const rating = statTestRating(25);
    const result = percentileTest({ rating, rawStat: 25 }, scriptedRng([2, 4]));
    expect(result.outcome).toBe("critical-success");
    expect(result.reason).toEqual({ code: "inhuman", roll: 24, stat: 25 });
    expect(testReasonText(result)).toBe("24 is at or under the inhuman stat 25: critical success");
  });

  it("runs a Luck test at a flat 50", () => {
    expect(LUCK_RATING).toBe(50);
    expect(percentileTest({ rating: LUCK_RATING }, scriptedRng([5, 10])).success).toBe(true);
    expect(percentileTest({ rating: LUCK_RATING }, scriptedRng([5, 1])).success).toBe(false);
  });

  it("rejects an invalid rating or modifier before rolling", () => {
    const rng = scriptedRng([]);
    expectNotWholeRefusal(() => percentileTest({ rating: -1 }, rng), "invalid-rating");
    expectNotWholeRefusal(() => percentileTest({ rating: 45.5 }, rng), "invalid-rating");
    expectNotWholeRefusal(() => percentileTest({ rating: Number.NaN }, rng), "invalid-rating");
    expectNotWholeRefusal(
      () => percentileTest({ rating: 45, modifier: 0.5 }, rng),
      "invalid-modifier",
    );
    expectNotWholeRefusal(
      () => percentileTest({ rating: 45, rawStat: 1.5 }, scriptedRng([1, 1])),
      "invalid-stat",
    );
  });
});

describe("statTestRating", () => {
  it.each([
    [0, 0],
    [3, 15],
    [10, 50],
    [18, 90],
    [20, 100],
    [25, 125],
  ])("stat %i → %i", (stat, rating) => {
    expect(statTestRating(stat)).toBe(rating);
  });

  it("rejects a negative or fractional stat", () => {
    expectNotWholeRefusal(() => statTestRating(-1), "invalid-stat");
    expectNotWholeRefusal(() => statTestRating(10.5), "invalid-stat");
  });
});

describe("OUTCOME_LABEL", () => {
  it("names every outcome in plain English", () => {
    expect(OUTCOME_LABEL).toEqual({
      "critical-success": "Critical success",
      success: "Success",
      failure: "Failure",
      fumble: "Fumble",
    });
    expect(Object.keys(OUTCOME_LABEL).sort()).toEqual([...PERCENTILE_OUTCOMES].sort());
  });
});

describe("opposedTest", () => {
  function side(value: number, target: number, label?: string): OpposedSide {
    return {
      roll: { value },
      ...judgePercentile(value, target),
      ...(label === undefined ? {} : { label }),
    };
  }

  /** The result with the sentence players read, so both are checked together. */
  function opposed(a: OpposedSide, b: OpposedSide) {
    const result = opposedTest(a, b);
    return { ...result, reason: opposedReasonText(a, b, result) };
  }

  it("only one succeeds: it wins", () => {
    expect(opposed(side(30, 50), side(70, 50))).toEqual({
      winner: "a",
      basis: "only-one-succeeded",
      reason: "only A succeeded (30 vs 70): A wins",
    });
    expect(opposed(side(70, 50, "Ana"), side(30, 50, "Bo"))).toEqual({
      winner: "b",
      basis: "only-one-succeeded",
      reason: "only Bo succeeded (70 vs 30): Bo wins",
    });
    // A fumble loses to a plain success.
    expect(opposedTest(side(99, 50), side(40, 50)).winner).toBe("b");
  });

  it("both succeed: a critical beats a plain success, even a higher one", () => {
    expect(opposed(side(22, 60), side(58, 60))).toEqual({
      winner: "a",
      basis: "critical-beats-success",
      reason: "both succeeded but only A rolled a critical (22 vs 58): A wins",
    });
    expect(opposedTest(side(58, 60), side(1, 60)).winner).toBe("b");
  });

  it("both succeed alike: the higher roll wins", () => {
    expect(opposed(side(40, 60), side(56, 60))).toEqual({
      winner: "b",
      basis: "higher-roll",
      reason: "both succeeded and B rolled higher (40 vs 56): B wins",
    });
    expect(opposed(side(44, 60), side(1, 60))).toEqual({
      winner: "a",
      basis: "higher-roll",
      reason: "both succeeded critically and A rolled higher (44 vs 01): A wins",
    });
  });

  it("both succeed with the same roll: a tie, no winner", () => {
    expect(opposed(side(35, 40), side(35, 70))).toEqual({
      winner: "none",
      basis: "same-roll",
      reason: "both succeeded with the same roll (35 vs 35): a tie, no winner",
    });
    expect(opposedTest(side(33, 40), side(33, 70)).winner).toBe("none");
  });

  it("both fail: no winner", () => {
    expect(opposed(side(80, 50), side(100, 50))).toEqual({
      winner: "none",
      basis: "both-failed",
      reason: "both failed (80 vs 100): no winner",
    });
  });

  it("takes percentileTest results directly", () => {
    const a = percentileTest({ rating: 60, label: "Unarmed Combat" }, scriptedRng([5, 2]));
    const b = percentileTest({ rating: 30, label: "Dodge" }, scriptedRng([4, 10]));
    expect(opposed(a, b)).toEqual({
      winner: "a",
      basis: "only-one-succeeded",
      reason: "only Unarmed Combat succeeded (52 vs 40): Unarmed Combat wins",
    });
  });
});
