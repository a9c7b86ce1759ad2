import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import {
  damageStepText,
  damageText,
  exhaustionText,
  lethalityText,
  pointsChangeText,
} from "../../../../src/games/cthulhu-eternal/presentation/harm-reasons.js";
import { describe, expect, it } from "vitest";

import { damageBonus } from "../../../../src/games/cthulhu-eternal/rules/derived.js";
import { RulesError } from "../../../../src/games/cthulhu-eternal/rules/errors.js";
import {
  HP_DEAD_AT,
  HP_UNCONSCIOUS_AT,
  WP_COLLAPSE_AT,
  WP_UNCONSCIOUS_AT,
  applyHpChange,
  applyWpChange,
  becomeExhausted,
  exhaustionConditions,
  exhaustionModifier,
  hpState,
  lethalityTest,
  resolveDamage,
  restFromExhaustion,
  wpState,
} from "../../../../src/games/cthulhu-eternal/rules/harm.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../src/games/cthulhu-eternal/rules/options.js";
import { percentileTest } from "../../../../src/games/cthulhu-eternal/rules/percentile.js";
import { scriptedRng } from "../../../../src/core/rng.js";
import { percentileFaces } from "./percentile-faces.js";

function expectRulesError(run: () => unknown, code: string): RulesError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(RulesError);
  const error = caught as RulesError;
  expect(error.code).toBe(code);
  return error;
}

describe("thresholds", () => {
  it("are the seed's numbers", () => {
    expect(HP_UNCONSCIOUS_AT).toBe(2);
    expect(HP_DEAD_AT).toBe(0);
    expect(WP_COLLAPSE_AT).toBe(2);
    expect(WP_UNCONSCIOUS_AT).toBe(0);
  });

  it.each([
    [0, "dead"],
    [1, "unconscious"],
    [2, "unconscious"],
    [3, "active"],
    [12, "active"],
  ])("hpState(%i) = %s", (hp, state) => {
    expect(hpState(hp)).toBe(state);
  });

  it.each([
    [0, "unconscious"],
    [1, "emotional-collapse"],
    [2, "emotional-collapse"],
    [3, "steady"],
    [15, "steady"],
  ])("wpState(%i) = %s", (wp, state) => {
    expect(wpState(wp)).toBe(state);
  });

  it("rejects negative or fractional points", () => {
    expectRulesError(() => hpState(-1), "invalid-hp");
    expectRulesError(() => hpState(1.5), "invalid-hp");
    expectRulesError(() => wpState(-1), "invalid-wp");
    expectRulesError(() => wpState(Number.NaN), "invalid-wp");
  });
});

describe("applyHpChange", () => {
  it("takes damage without reaching a threshold", () => {
    const change = applyHpChange(10, 12, -3);
    expect(change).toEqual({
      unit: "HP",
      before: 10,
      after: 7,
      max: 12,
      applied: -3,
      state: "active",
      crossed: [],
      capped: null,
    });
    expect(pointsChangeText(change)).toBe("HP 10 → 7: lost 3");
  });

  it("3 → 2 reaches unconscious", () => {
    const change = applyHpChange(3, 12, -1);
    expect(change.state).toBe("unconscious");
    expect(change.crossed).toEqual(["unconscious"]);
    expect(pointsChangeText(change)).toBe("HP 3 → 2: lost 1; reached unconscious");
  });

  it("2 → 1 reaches nothing new: already unconscious", () => {
    expect(applyHpChange(2, 12, -1)).toMatchObject({ state: "unconscious", crossed: [] });
  });

  it("1 → 0 reaches death", () => {
    expect(applyHpChange(1, 12, -1)).toMatchObject({ after: 0, state: "dead", crossed: ["dead"] });
  });

  it("a big hit passes through unconscious to dead, and stops at 0", () => {
    const change = applyHpChange(10, 12, -15);
    expect(change).toEqual({
      unit: "HP",
      before: 10,
      after: 0,
      max: 12,
      applied: -10,
      state: "dead",
      crossed: ["unconscious", "dead"],
      capped: "zero",
    });
    expect(pointsChangeText(change)).toBe(
      "HP 10 → 0: lost 10 (not below 0); reached unconscious, then dead",
    );
  });

  it("heals, never above max", () => {
    const change = applyHpChange(5, 12, 10);
    expect(change).toEqual({
      unit: "HP",
      before: 5,
      after: 12,
      max: 12,
      applied: 7,
      state: "active",
      crossed: [],
      capped: "max",
    });
    expect(pointsChangeText(change)).toBe("HP 5 → 12: regained 7 (not above max 12)");
    expect(applyHpChange(2, 12, 1)).toMatchObject({ after: 3, state: "active", crossed: [] });
  });

  it("a zero change changes nothing", () => {
    const change = applyHpChange(0, 12, 0);
    expect(change).toMatchObject({
      after: 0,
      applied: 0,
      state: "dead",
      crossed: [],
      capped: null,
    });
    expect(pointsChangeText(change)).toBe("HP 0 → 0: no change");
  });

  it("allows a GM correction from 0", () => {
    expect(applyHpChange(0, 12, 4)).toMatchObject({ after: 4, state: "active", crossed: [] });
  });

  it("rejects impossible inputs with readable messages", () => {
    expect(rulesErrorText(expectRulesError(() => applyHpChange(13, 12, -1), "invalid-hp"))).toBe(
      "Current HP must be a whole number from 0 to 12, not 13.",
    );
    expectRulesError(() => applyHpChange(-1, 12, 0), "invalid-hp");
    expectRulesError(() => applyHpChange(5, 0, 0), "invalid-max-hp");
    expectRulesError(() => applyHpChange(5, 12.5, 0), "invalid-max-hp");
    expectRulesError(() => applyHpChange(5, 12, -1.5), "invalid-delta");
  });
});

describe("applyWpChange", () => {
  it("3 → 2 reaches emotional collapse", () => {
    const change = applyWpChange(3, 12, -1);
    expect(change).toEqual({
      unit: "WP",
      before: 3,
      after: 2,
      max: 12,
      applied: -1,
      state: "emotional-collapse",
      crossed: ["emotional-collapse"],
      capped: null,
    });
    expect(pointsChangeText(change)).toBe("WP 3 → 2: lost 1; reached emotional collapse");
  });

  it("skipping past 2 still reaches emotional collapse (read as 2 or less)", () => {
    expect(applyWpChange(5, 12, -4)).toMatchObject({
      after: 1,
      state: "emotional-collapse",
      crossed: ["emotional-collapse"],
    });
  });

  it("2 → 0 reaches unconscious only", () => {
    expect(applyWpChange(2, 12, -2)).toMatchObject({
      state: "unconscious",
      crossed: ["unconscious"],
    });
  });

  it("a big loss passes through collapse to unconscious, and stops at 0", () => {
    const change = applyWpChange(6, 12, -9);
    expect(change).toMatchObject({
      after: 0,
      applied: -6,
      crossed: ["emotional-collapse", "unconscious"],
      capped: "zero",
    });
    expect(pointsChangeText(change)).toBe(
      "WP 6 → 0: lost 6 (not below 0); reached emotional collapse, then unconscious",
    );
  });

  it("recovers, never above max", () => {
    expect(applyWpChange(1, 10, 20)).toMatchObject({
      after: 10,
      applied: 9,
      state: "steady",
      crossed: [],
    });
  });

  it("rejects impossible inputs", () => {
    expectRulesError(() => applyWpChange(11, 10, 0), "invalid-wp");
    expectRulesError(() => applyWpChange(5, 0, 0), "invalid-max-wp");
    expectRulesError(() => applyWpChange(5, 10, Number.NaN), "invalid-delta");
  });
});

describe("resolveDamage", () => {
  // Each row of seed 000's damage-bonus table, via derived.ts.
  it.each([
    [1, -2],
    [4, -2],
    [5, -1],
    [8, -1],
    [9, 0],
    [12, 0],
    [13, 1],
    [16, 1],
    [17, 2],
    [18, 2],
  ])("STR %i adds %i to unarmed and hand-to-hand damage only", (str, bonus) => {
    expect(damageBonus(str)).toBe(bonus);
    for (const source of ["unarmed", "hand-to-hand"] as const) {
      const hit = resolveDamage({ rolled: 5, source, damageBonus: damageBonus(str) });
      expect(hit.bonusApplied).toBe(bonus);
      expect(hit.total).toBe(5 + bonus);
    }
    const shot = resolveDamage({ rolled: 5, source: "other", damageBonus: damageBonus(str) });
    expect(shot.bonusApplied).toBe(0);
    expect(shot.total).toBe(5);
  });

  it("explains an ignored bonus", () => {
    expect(damageText(resolveDamage({ rolled: 7, source: "other", damageBonus: 2 }))).toBe(
      "rolled 7; damage bonus ignored (only unarmed and hand-to-hand attacks get it) → 7 damage",
    );
  });

  it("never goes below 0 from a negative bonus", () => {
    const hit = resolveDamage({ rolled: 1, source: "unarmed", damageBonus: -2 });
    expect(hit).toEqual({
      rolled: 1,
      bonusApplied: -2,
      doubled: false,
      armourApplied: 0,
      total: 0,
      steps: [
        { code: "rolled", total: 1 },
        { code: "bonus", bonus: -2, source: "unarmed", total: 0 },
      ],
    });
    expect(hit.steps.map(damageStepText)).toEqual(["rolled 1", "damage bonus −2 (unarmed): 0"]);
    expect(damageText(hit)).toBe("rolled 1; damage bonus −2 (unarmed): 0 → 0 damage");
    // Floored before doubling: a critical weak punch does 0, not −2.
    const crit = resolveDamage({ rolled: 1, source: "unarmed", damageBonus: -2, critical: true });
    expect(crit.total).toBe(0);
  });

  it("a critical hit doubles the damage, bonus included", () => {
    const hit = resolveDamage({
      rolled: 4,
      source: "hand-to-hand",
      damageBonus: 1,
      critical: true,
    });
    expect(hit.total).toBe(10);
    expect(hit.doubled).toBe(true);
    expect(hit.steps.map(damageStepText)).toEqual([
      "rolled 4",
      "damage bonus +1 (hand-to-hand): 5",
      "critical hit doubles it: 10",
    ]);
  });

  it("armour reduces damage, never below 0", () => {
    const hit = resolveDamage({ rolled: 6, source: "other", armour: 3 });
    expect(hit).toMatchObject({
      armourApplied: 3,
      total: 3,
      steps: [
        { code: "rolled", total: 6 },
        { code: "armour", armour: 3, total: 3 },
      ],
    });
    expect(damageText(hit)).toBe("rolled 6; armour 3: 3 → 3 damage");
    expect(resolveDamage({ rolled: 2, source: "other", armour: 5 })).toMatchObject({
      armourApplied: 2,
      total: 0,
    });
  });

  it("armour comes off after a critical doubles", () => {
    const hit = resolveDamage({
      rolled: 4,
      source: "hand-to-hand",
      damageBonus: 1,
      critical: true,
      armour: 3,
    });
    expect(hit.total).toBe(7);
  });

  it("called shots ignore armour", () => {
    const hit = resolveDamage({ rolled: 6, source: "other", armour: 3, calledShot: true });
    expect(hit).toEqual({
      rolled: 6,
      bonusApplied: 0,
      doubled: false,
      armourApplied: 0,
      total: 6,
      steps: [
        { code: "rolled", total: 6 },
        { code: "armour-ignored", armour: 3 },
      ],
    });
    expect(hit.steps.map(damageStepText)).toEqual(["rolled 6", "armour 3 ignored (called shot)"]);
    expect(damageText(hit)).toBe("rolled 6; armour 3 ignored (called shot) → 6 damage");
  });

  it("rejects negative or fractional numbers", () => {
    expect(
      rulesErrorText(
        expectRulesError(() => resolveDamage({ rolled: -1, source: "other" }), "invalid-damage"),
      ),
    ).toBe("Damage must be a whole number of 0 or more, not -1.");
    expectRulesError(() => resolveDamage({ rolled: 2.5, source: "other" }), "invalid-damage");
    expectRulesError(
      () => resolveDamage({ rolled: 2, source: "unarmed", damageBonus: 0.5 }),
      "invalid-damage-bonus",
    );
    expectRulesError(
      () => resolveDamage({ rolled: 2, source: "other", armour: -1 }),
      "invalid-armour",
    );
  });
});

describe("lethalityTest", () => {
  it.each([
    // [roll, tens damage, ones damage, damage] — the notes' and the CE sheet's examples
    [1, 10, 1, 11],
    [10, 1, 10, 11],
    [11, 1, 1, 2],
    [70, 7, 10, 17],
    [71, 7, 1, 8],
    [90, 9, 10, 19],
    [100, 10, 10, 20],
  ])("a non-lethal %i deals %i + %i = %i", (value, tensDamage, onesDamage, damage) => {
    const rng = scriptedRng(percentileFaces(value));
    const result = lethalityTest({ rating: 0 }, rng);
    expect(rng.remaining()).toBe(0);
    expect(result.roll.value).toBe(value);
    expect(result).toMatchObject({
      lethal: false,
      tensDamage,
      onesDamage,
      baseDamage: damage,
      damage,
      effectiveRating: 0,
    });
  });

  it("kills at or under the rating", () => {
    const result = lethalityTest({ rating: 20 }, scriptedRng(percentileFaces(20)));
    expect(result).toEqual({
      roll: { tens: 2, ones: 0, value: 20 },
      rating: 20,
      critical: false,
      effectiveRating: 20,
      lethal: true,
    });
    expect(lethalityText(result)).toBe("20 is at or under lethality 20%: lethal");
    expect(lethalityTest({ rating: 20 }, scriptedRng(percentileFaces(1))).lethal).toBe(true);
  });

  it("does damage one over the rating", () => {
    const result = lethalityTest({ rating: 20 }, scriptedRng(percentileFaces(21)));
    expect(result).toEqual({
      roll: { tens: 2, ones: 1, value: 21 },
      rating: 20,
      critical: false,
      effectiveRating: 20,
      lethal: false,
      tensDamage: 2,
      onesDamage: 1,
      baseDamage: 3,
      damage: 3,
    });
    expect(lethalityText(result)).toBe("21 is over lethality 20%: not lethal; damage 2 + 1 = 3");
  });

  it("a critical doubles the rating", () => {
    const result = lethalityTest({ rating: 20, critical: true }, scriptedRng(percentileFaces(40)));
    expect(result).toMatchObject({
      effectiveRating: 40,
      lethal: true,
      critical: true,
      rating: 20,
    });
    expect(lethalityText(result)).toBe(
      "40 is at or under lethality 40% (20% doubled by the critical): lethal",
    );
  });

  it("a critical doubles the damage when not lethal", () => {
    const result = lethalityTest({ rating: 20, critical: true }, scriptedRng(percentileFaces(41)));
    expect(result).toMatchObject({
      lethal: false,
      baseDamage: 5,
      damage: 10,
    });
    expect(lethalityText(result)).toBe(
      "41 is over lethality 40% (20% doubled by the critical): not lethal; damage 4 + 1 = 5, doubled by the critical: 10",
    );
    const hundred = lethalityTest({ rating: 10, critical: true }, scriptedRng([10, 10]));
    expect(hundred).toMatchObject({ lethal: false, baseDamage: 20, damage: 40 });
  });

  it("a rating that reaches 100 (after doubling) always kills, even on 100", () => {
    expect(lethalityTest({ rating: 50, critical: true }, scriptedRng([10, 10])).lethal).toBe(true);
    expect(lethalityTest({ rating: 100 }, scriptedRng([10, 10])).lethal).toBe(true);
    expect(lethalityTest({ rating: 99 }, scriptedRng([10, 10])).lethal).toBe(false);
  });

  it("rejects a rating that is not a whole number from 0 to 100, before rolling", () => {
    const rng = scriptedRng([]);
    expect(
      rulesErrorText(
        expectRulesError(() => lethalityTest({ rating: 101 }, rng), "invalid-lethality"),
      ),
    ).toBe("A lethality rating must be a whole number from 0 to 100, not 101.");
    expectRulesError(() => lethalityTest({ rating: -1 }, rng), "invalid-lethality");
    expectRulesError(() => lethalityTest({ rating: 12.5 }, rng), "invalid-lethality");
  });
});

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
