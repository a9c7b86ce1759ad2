/** Percentile rolls and how they are judged (seed 000). */
import { testReasonText } from "../../../../src/games/cthulhu-eternal/presentation/test-reasons.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  OUTCOME_LABEL,
  PERCENTILE_OUTCOMES,
  formatPercentile,
  isDoubled,
  judgePercentile,
  rollPercentile,
} from "../../../../src/games/cthulhu-eternal/rules/percentile.js";
import { scriptedRng, seededRng } from "../../../../src/core/rng.js";
import { percentileFaces } from "../../../support/dice.js";
import { DOUBLES, worded, expectNotWholeRefusal } from "./percentile-support.js";

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
    expectNotWholeRefusal(() => judgePercentile(0, 50), "invalid-roll");
    expectNotWholeRefusal(() => judgePercentile(101, 50), "invalid-roll");
    expectNotWholeRefusal(() => judgePercentile(2.5, 50), "invalid-roll");
    expectNotWholeRefusal(() => judgePercentile(Number.NaN, 50), "invalid-roll");
    expectNotWholeRefusal(() => judgePercentile(50, 45.5), "invalid-target");
    expectNotWholeRefusal(() => judgePercentile(50, Number.POSITIVE_INFINITY), "invalid-target");
    expectNotWholeRefusal(() => judgePercentile(50, 120, -1), "invalid-stat");
    expectNotWholeRefusal(() => judgePercentile(50, 120, 24.5), "invalid-stat");
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
