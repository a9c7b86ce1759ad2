/** Harm: thresholds, HP and WP changes, and damage (seed 000). */
import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import {
  damageStepText,
  damageText,
  pointsChangeText,
} from "../../../../src/games/cthulhu-eternal/presentation/harm-reasons.js";
import { describe, expect, it } from "vitest";
import { damageBonus } from "../../../../src/games/cthulhu-eternal/rules/derived.js";
import {
  HP_DEAD_AT,
  HP_UNCONSCIOUS_AT,
  WP_COLLAPSE_AT,
  WP_UNCONSCIOUS_AT,
  applyHpChange,
  applyWpChange,
  hpState,
  resolveDamage,
  wpState,
} from "../../../../src/games/cthulhu-eternal/rules/harm.js";
import { expectRulesError } from "./fixtures.js";

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
