/** Exhaustion, and what it does to tests. */
import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import { exhaustionText } from "../../../../src/games/cthulhu-eternal/presentation/harm-reasons.js";
import { describe, expect, it } from "vitest";
import {
  becomeExhausted,
  exhaustionConditions,
  exhaustionModifier,
  restFromExhaustion,
} from "../../../../src/games/cthulhu-eternal/rules/harm.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../src/games/cthulhu-eternal/rules/options.js";
import { percentileTest } from "../../../../src/games/cthulhu-eternal/rules/percentile.js";
import { scriptedRng } from "../../../../src/core/rng.js";
import { expectRulesError } from "./fixtures.js";
import { percentileFaces } from "../../../support/dice.js";

describe("exhaustion", () => {
  it("the test modifier is −exhaustionPenalty (default 20) while exhausted", () => {
    expect(DEFAULT_RULE_OPTIONS.exhaustionPenalty).toBe(20);
    expect(exhaustionModifier(true)).toBe(-20);
    expect(exhaustionModifier(false)).toBe(0);
    expect(exhaustionModifier(true, { exhaustionPenalty: 10 })).toBe(-10);
    expect(exhaustionModifier(true, { exhaustionPenalty: 0 })).toBe(0);
  });

  it("becoming exhausted costs 1D6 WP and imposes the penalty", () => {
    const rng = scriptedRng([4]);
    const result = becomeExhausted({ wp: 10, maxWp: 12, exhausted: false }, rng);
    expect(rng.remaining()).toBe(0);
    expect(result).toMatchObject({
      wpRoll: 4,
      exhausted: true,
      testModifier: -20,
      wp: { before: 10, after: 6, state: "steady", crossed: [] },
      wasExhausted: false,
    });
    expect(exhaustionText(result)).toBe(
      "exhausted: 1D6 = 4 WP lost (WP 10 → 6: lost 4); tests −20 until rested",
    );
  });

  it("uses the campaign's penalty", () => {
    const result = becomeExhausted({ wp: 10, maxWp: 12, exhausted: false }, scriptedRng([1]), {
      exhaustionPenalty: 10,
    });
    expect(result.testModifier).toBe(-10);
  });

  it("reports the WP thresholds the loss reaches", () => {
    const result = becomeExhausted({ wp: 3, maxWp: 12, exhausted: false }, scriptedRng([6]));
    expect(result.wp).toMatchObject({
      after: 0,
      state: "unconscious",
      crossed: ["emotional-collapse", "unconscious"],
    });
  });

  it("refuses to exhaust someone already exhausted", () => {
    const error = expectRulesError(
      () => becomeExhausted({ wp: 8, maxWp: 12, exhausted: true }, scriptedRng([3])),
      "already-exhausted",
    );
    expect(rulesErrorText(error)).toMatch(/already exhausted/);
  });

  it("rest restores 1D6 WP, never above max, and clears exhaustion", () => {
    const rested = restFromExhaustion({ wp: 6, maxWp: 12, exhausted: true }, scriptedRng([4]));
    expect(rested).toMatchObject({
      wpRoll: 4,
      exhausted: false,
      testModifier: 0,
      wp: { after: 10 },
      wasExhausted: true,
    });
    expect(exhaustionText(rested)).toBe(
      "rested: 1D6 = 4 WP regained (WP 6 → 10: regained 4); no longer exhausted",
    );
    const capped = restFromExhaustion({ wp: 10, maxWp: 12, exhausted: true }, scriptedRng([6]));
    expect(capped.wp).toMatchObject({ after: 12, applied: 2 });
  });

  it("rest without exhaustion still restores WP", () => {
    const rested = restFromExhaustion({ wp: 2, maxWp: 12, exhausted: false }, scriptedRng([3]));
    expect(rested).toMatchObject({
      exhausted: false,
      wp: { after: 5, state: "steady" },
      wasExhausted: false,
    });
    expect(exhaustionText(rested)).toBe("rested: 1D6 = 3 WP regained (WP 2 → 5: regained 3)");
  });

  it("rejects impossible WP before rolling", () => {
    const rng = scriptedRng([]);
    expectRulesError(
      () => becomeExhausted({ wp: 13, maxWp: 12, exhausted: false }, rng),
      "invalid-wp",
    );
    expectRulesError(
      () => restFromExhaustion({ wp: 5, maxWp: 0, exhausted: true }, rng),
      "invalid-max-wp",
    );
  });
});

describe("exhaustion in tests", () => {
  it("is a condition of every test until rested: the penalty, or nothing", () => {
    expect(exhaustionConditions(true)).toEqual([{ kind: "exhausted", modifier: -20 }]);
    expect(exhaustionConditions(true, { exhaustionPenalty: 15 })).toEqual([
      { kind: "exhausted", modifier: -15 },
    ]);
    expect(exhaustionConditions(false)).toEqual([]);
    expect(exhaustionConditions(true, { exhaustionPenalty: 0 })).toEqual([]);
  });

  it("takes the penalty off a percentile test's target, and says so in the result", () => {
    // 45 against Alertness 60: a success, but not while exhausted (target 40).
    const test = percentileTest(
      { rating: 60, conditions: exhaustionConditions(true) },
      scriptedRng(percentileFaces(45)),
    );
    expect(test).toMatchObject({
      rating: 60,
      modifier: 0,
      target: 40,
      outcome: "failure",
      conditions: [{ kind: "exhausted", modifier: -20 }],
    });
    const hard = percentileTest(
      { rating: 60, modifier: -20, conditions: exhaustionConditions(true) },
      scriptedRng(percentileFaces(21)),
    );
    expect(hard.target).toBe(20);
    expect(hard.success).toBe(false);
  });
});
