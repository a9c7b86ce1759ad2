import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import {
  opposedReasonText,
  testReasonText,
} from "../../../../src/games/cthulhu-eternal/presentation/test-reasons.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { RulesError } from "../../../../src/games/cthulhu-eternal/rules/errors.js";
import {
  DIFFICULTY_MODIFIER,
  LUCK_RATING,
  OUTCOME_LABEL,
  PERCENTILE_OUTCOMES,
  formatPercentile,
  isDoubled,
  judgePercentile,
  opposedTest,
  percentileTest,
  rollPercentile,
  statTestRating,
  type OpposedSide,
  type PercentileJudgement,
} from "../../../../src/games/cthulhu-eternal/rules/percentile.js";
import { scriptedRng, seededRng } from "../../../../src/core/rng.js";
import { percentileFaces } from "./percentile-faces.js";

const DOUBLES = [11, 22, 33, 44, 55, 66, 77, 88, 99];

/** The judgement with the sentence players read in place of its facts, to check both together. */
function worded<T extends PercentileJudgement>(
  judgement: T,
): Omit<T, "reason"> & { reason: string } {
  return { ...judgement, reason: testReasonText(judgement) };
}

function expectRulesError(run: () => unknown, code: string): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(RulesError);
  expect((caught as RulesError).code).toBe(code);
  expect(rulesErrorText(caught as RulesError)).toMatch(/must be a whole number/);
}

describe("rollPercentile", () => {
  it.each([
    // [tens face, ones face, tens digit, ones digit, value] — seed 000's examples first
    [10, 3, 0, 3, 3],
    [3, 10, 3, 0, 30],
    [10, 10, 0, 0, 100],
    [6, 2, 6, 2, 62],
    [10, 1, 0, 1, 1],
    [1, 10, 1, 0, 10],
    [9, 9, 9, 9, 99],
    [1, 1, 1, 1, 11],
  ])("faces %i and %i read as %i%i → %i", (tensFace, onesFace, tens, ones, value) => {
    const rng = scriptedRng([tensFace, onesFace]);
    expect(rollPercentile(rng)).toEqual({ tens, ones, value });
    expect(rng.remaining()).toBe(0);
  });

  it("maps all 100 face pairs onto 1..100 exactly once (00 + 0 = 100)", () => {
    const seen = new Set<number>();
    for (let tensFace = 1; tensFace <= 10; tensFace++) {
      for (let onesFace = 1; onesFace <= 10; onesFace++) {
        const roll = rollPercentile(scriptedRng([tensFace, onesFace]));
        expect(roll.tens).toBe(tensFace % 10);
        expect(roll.ones).toBe(onesFace % 10);
        const expected = tensFace === 10 && onesFace === 10 ? 100 : roll.tens * 10 + roll.ones;
        expect(roll.value).toBe(expected);
        seen.add(roll.value);
      }
    }
    expect(seen.size).toBe(100);
    expect(Math.min(...seen)).toBe(1);
    expect(Math.max(...seen)).toBe(100);
  });

  it("percentileFaces (the test helper) round-trips every value", () => {
    for (let value = 1; value <= 100; value++) {
      expect(rollPercentile(scriptedRng(percentileFaces(value))).value).toBe(value);
    }
  });

  it("covers 1..100, including 100, uniformly (seeded, chi-square)", () => {
    const rng = seededRng(20240601);
    const rolls = 200_000;
    const counts = new Array<number>(101).fill(0);
    for (let i = 0; i < rolls; i++) {
      const { value } = rollPercentile(rng);
      counts[value] = (counts[value] ?? 0) + 1;
    }
    expect(counts[0]).toBe(0);
    const expected = rolls / 100;
    let chiSquare = 0;
    for (let value = 1; value <= 100; value++) {
      const observed = counts[value] ?? 0;
      expect(observed).toBeGreaterThan(0);
      chiSquare += (observed - expected) ** 2 / expected;
    }
    // 99 degrees of freedom: p = 0.001 critical value is about 148.2.
    expect(chiSquare).toBeLessThan(148.2);
    expect(counts[100]).toBeGreaterThan(expected * 0.9);
  });
});

describe("formatPercentile and isDoubled", () => {
  it("pads single digits the way the dice show them", () => {
    expect(formatPercentile(1)).toBe("01");
    expect(formatPercentile(7)).toBe("07");
    expect(formatPercentile(10)).toBe("10");
    expect(formatPercentile(42)).toBe("42");
    expect(formatPercentile(100)).toBe("100");
  });

  it("knows exactly the nine doubles", () => {
    const doubled = Array.from({ length: 100 }, (_, i) => i + 1).filter(isDoubled);
    expect(doubled).toEqual(DOUBLES);
  });
});

describe("judgePercentile", () => {
  it("01 always succeeds, as a critical, whatever the target", () => {
    for (const target of [-100, -1, 0, 1, 45, 99, 100, 250]) {
      expect(worded(judgePercentile(1, target))).toEqual({
        outcome: "critical-success",
        success: true,
        critical: true,
        reason: "01 always succeeds: critical success",
      });
    }
  });

  it("100 always fails, as a fumble, whatever the target", () => {
    for (const target of [-100, 0, 1, 45, 99, 100, 101, 250]) {
      expect(worded(judgePercentile(100, target))).toEqual({
        outcome: "fumble",
        success: false,
        critical: true,
        reason: "100 always fails: fumble",
      });
    }
  });

  it.each(DOUBLES)("doubled %i is a critical success at or under the target", (value) => {
    expect(worded(judgePercentile(value, value))).toEqual({
      outcome: "critical-success",
      success: true,
      critical: true,
      reason: `${value} is doubled and at or under ${value}: critical success`,
    });
    expect(judgePercentile(value, 99).outcome).toBe("critical-success");
  });

  it.each(DOUBLES)("doubled %i is a fumble over the target", (value) => {
    expect(worded(judgePercentile(value, value - 1))).toEqual({
      outcome: "fumble",
      success: false,
      critical: true,
      reason: `${value} is doubled and over ${value - 1}: fumble`,
    });
    expect(judgePercentile(value, 0).outcome).toBe("fumble");
  });

  it("the example from the brief", () => {
    expect(judgePercentile(22, 45).reason).toEqual({
      code: "target",
      roll: 22,
      target: 45,
      doubled: true,
    });
    expect(testReasonText(judgePercentile(22, 45))).toBe(
      "22 is doubled and at or under 45: critical success",
    );
  });

  it("succeeds at the target exactly and fails one above it", () => {
    expect(worded(judgePercentile(45, 45))).toEqual({
      outcome: "success",
      success: true,
      critical: false,
      reason: "45 is at or under 45: success",
    });
    expect(judgePercentile(43, 45).outcome).toBe("success");
    expect(judgePercentile(44, 44).outcome).toBe("critical-success");
    expect(worded(judgePercentile(46, 45))).toEqual({
      outcome: "failure",
      success: false,
      critical: false,
      reason: "46 is over 45: failure",
    });
    expect(judgePercentile(2, 1).outcome).toBe("failure");
    expect(judgePercentile(99, 98).outcome).toBe("fumble");
    expect(judgePercentile(98, 98).outcome).toBe("success");
    expect(testReasonText(judgePercentile(10, 9))).toBe("10 is over 9: failure");
  });

  it("a target of 0 or less lets only 01 succeed", () => {
    for (const target of [0, -1, -40]) {
      expect(judgePercentile(1, target).success).toBe(true);
      for (let value = 2; value <= 100; value++) {
        expect(judgePercentile(value, target).success).toBe(false);
      }
    }
    expect(testReasonText(judgePercentile(5, -20))).toBe("05 is over -20: failure");
  });

  it("a target of 100 or more lets everything but 100 succeed", () => {
    for (const target of [99, 100, 101, 140]) {
      for (let value = 1; value <= 99; value++) {
        expect(judgePercentile(value, target).success).toBe(true);
      }
      expect(judgePercentile(100, target).outcome).toBe("fumble");
    }
    expect(testReasonText(judgePercentile(50, 120))).toBe("50 is at or under 120: success");
  });

  describe("inhuman stats (rawStat given, target above 99)", () => {
    // STR 25 → STR × 5 = 125.
    it("is critical at or under the raw stat", () => {
      expect(worded(judgePercentile(20, 125, 25))).toEqual({
        outcome: "critical-success",
        success: true,
        critical: true,
        reason: "20 is at or under the inhuman stat 25: critical success",
      });
      expect(judgePercentile(25, 125, 25).outcome).toBe("critical-success");
      expect(judgePercentile(2, 125, 25).outcome).toBe("critical-success");
      expect(worded(judgePercentile(26, 125, 25))).toEqual({
        outcome: "success",
        success: true,
        critical: false,
        reason: "26 is at or under 125: success",
      });
    });

    it("keeps the usual criticals and succeeds on anything but 100", () => {
      expect(judgePercentile(33, 125, 25).outcome).toBe("critical-success");
      expect(judgePercentile(99, 125, 25).outcome).toBe("critical-success");
      expect(judgePercentile(98, 125, 25).outcome).toBe("success");
      expect(testReasonText(judgePercentile(1, 125, 25))).toBe(
        "01 always succeeds: critical success",
      );
      expect(judgePercentile(100, 125, 25).outcome).toBe("fumble");
    });

    it("applies from a target of 100 (stat 20) but not at 99 or below", () => {
      expect(judgePercentile(20, 100, 20).outcome).toBe("critical-success");
      expect(judgePercentile(15, 99, 20).outcome).toBe("success");
      // A hard test (−40) brings STR 25 down to 85: judged as a human test.
      expect(judgePercentile(20, 85, 25).outcome).toBe("success");
    });

    it("without a raw stat a high target is judged normally", () => {
      expect(judgePercentile(20, 125).outcome).toBe("success");
    });
  });

  it("rejects rolls, targets and stats that are not whole numbers in range", () => {
    expectRulesError(() => judgePercentile(0, 50), "invalid-roll");
    expectRulesError(() => judgePercentile(101, 50), "invalid-roll");
    expectRulesError(() => judgePercentile(2.5, 50), "invalid-roll");
    expectRulesError(() => judgePercentile(Number.NaN, 50), "invalid-roll");
    expectRulesError(() => judgePercentile(50, 45.5), "invalid-target");
    expectRulesError(() => judgePercentile(50, Number.POSITIVE_INFINITY), "invalid-target");
    expectRulesError(() => judgePercentile(50, 120, -1), "invalid-stat");
    expectRulesError(() => judgePercentile(50, 120, 24.5), "invalid-stat");
  });

  describe("invariants (fast-check)", () => {
    const value = fc.integer({ min: 1, max: 100 });
    const target = fc.integer({ min: -300, max: 400 });
    const rawStat = fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined });

    it("01 always succeeds and 100 always fails as a fumble", () => {
      fc.assert(
        fc.property(target, rawStat, (t, stat) => {
          expect(judgePercentile(1, t, stat).outcome).toBe("critical-success");
          expect(judgePercentile(100, t, stat).outcome).toBe("fumble");
        }),
      );
    });

    it("success and critical agree with the outcome and its label", () => {
      fc.assert(
        fc.property(value, target, rawStat, (v, t, stat) => {
          const judgement = judgePercentile(v, t, stat);
          expect(PERCENTILE_OUTCOMES).toContain(judgement.outcome);
          expect(judgement.success).toBe(
            judgement.outcome === "critical-success" || judgement.outcome === "success",
          );
          expect(judgement.critical).toBe(
            judgement.outcome === "critical-success" || judgement.outcome === "fumble",
          );
          expect(
            testReasonText(judgement).endsWith(
              `: ${OUTCOME_LABEL[judgement.outcome].toLowerCase()}`,
            ),
          ).toBe(true);
        }),
      );
    });

    it("success is exactly: 01, or at or under the target and not 100", () => {
      fc.assert(
        fc.property(value, target, rawStat, (v, t, stat) => {
          const expected = v === 1 || (v !== 100 && v <= t);
          expect(judgePercentile(v, t, stat).success).toBe(expected);
        }),
      );
    });

    it("without a raw stat, critical is exactly 01, 100 or doubled digits", () => {
      fc.assert(
        fc.property(value, target, (v, t) => {
          const expected = v === 1 || v === 100 || (v % 11 === 0 && v <= 99);
          expect(judgePercentile(v, t).critical).toBe(expected);
        }),
      );
    });

    it("raising the target never turns a success into a failure", () => {
      fc.assert(
        fc.property(value, target, fc.nat({ max: 200 }), (v, t, raise) => {
          if (judgePercentile(v, t).success) {
            expect(judgePercentile(v, t + raise).success).toBe(true);
          }
        }),
      );
    });
  });
});

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
    expectRulesError(() => percentileTest({ rating: -1 }, rng), "invalid-rating");
    expectRulesError(() => percentileTest({ rating: 45.5 }, rng), "invalid-rating");
    expectRulesError(() => percentileTest({ rating: Number.NaN }, rng), "invalid-rating");
    expectRulesError(() => percentileTest({ rating: 45, modifier: 0.5 }, rng), "invalid-modifier");
    expectRulesError(
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
    expectRulesError(() => statTestRating(-1), "invalid-stat");
    expectRulesError(() => statTestRating(10.5), "invalid-stat");
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
