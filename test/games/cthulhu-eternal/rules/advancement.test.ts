import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  SKILL_MAX,
  improveSkills,
  isUnnaturalSkill,
  recordSkillTest,
  type AdvancementSkill,
  type ImprovementVariant,
} from "../../../../src/games/cthulhu-eternal/rules/advancement.js";
import {
  failureMarkText,
  improvementText,
  skillImprovementText,
} from "../../../../src/games/cthulhu-eternal/presentation/advancement-reasons.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../src/games/cthulhu-eternal/rules/options.js";
import { percentileTest } from "../../../../src/games/cthulhu-eternal/rules/percentile.js";
import { scriptedRng, seededRng } from "../../../../src/core/rng.js";
import { percentileFaces } from "../../../support/dice.js";
import { expectRulesError } from "./fixtures.js";

function skill(name: string, rating: number, marked = true): AdvancementSkill {
  return { name, rating, marked };
}

describe("failure marks", () => {
  const on = { failureMarks: true };

  it("marks a skill when its test fails", () => {
    const result = recordSkillTest(skill("Alertness", 40, false), { success: false }, on);
    expect(result.skill).toEqual({ name: "Alertness", rating: 40, marked: true });
    expect(result.newlyMarked).toBe(true);
    expect(result.reason).toBe("ticked");
    expect(failureMarkText(result)).toBe(
      "Alertness failed: failure mark ticked (it may improve after the session).",
    );
  });

  it("marks on a fumble too, and takes a percentileTest result directly", () => {
    const fumble = percentileTest({ rating: 40 }, scriptedRng(percentileFaces(88)));
    expect(fumble.outcome).toBe("fumble");
    expect(recordSkillTest(skill("Dodge", 40, false), fumble, on).skill.marked).toBe(true);
  });

  it("does not mark on a success", () => {
    const result = recordSkillTest(skill("Alertness", 40, false), { success: true }, on);
    expect(result).toMatchObject({ newlyMarked: false, skill: { marked: false } });
    expect(failureMarkText(result)).toBe("Alertness succeeded: no failure mark.");
  });

  it("keeps an existing mark without counting it twice", () => {
    const result = recordSkillTest(skill("Alertness", 40, true), { success: false }, on);
    expect(result).toMatchObject({ newlyMarked: false, skill: { marked: true } });
    expect(failureMarkText(result)).toBe("Alertness failed; it is already marked.");
  });

  it("never marks the Unnatural skill", () => {
    for (const name of ["Unnatural", " unnatural "]) {
      const result = recordSkillTest(skill(name, 10, false), { success: false }, on);
      expect(result.newlyMarked).toBe(false);
      expect(result.skill.marked).toBe(false);
      expect(result.reason).toBe("unnatural");
      expect(failureMarkText(result)).toBe("The Unnatural skill never takes failure marks.");
    }
    expect(isUnnaturalSkill("Unnatural Lore")).toBe(false);
  });

  it("marks nothing when the campaign turns failure marks off", () => {
    const result = recordSkillTest(
      skill("Alertness", 40, false),
      { success: false },
      {
        failureMarks: false,
      },
    );
    expect(result.newlyMarked).toBe(false);
    expect(result.skill.marked).toBe(false);
    expect(failureMarkText(result)).toBe("This campaign does not use failure marks.");
  });

  it("is on by default", () => {
    expect(DEFAULT_RULE_OPTIONS.failureMarks).toBe(true);
    expect(DEFAULT_RULE_OPTIONS.improvement).toBe("1d4");
  });

  it("refuses nameless skills and ratings outside 0–99", () => {
    expectRulesError(
      () => recordSkillTest(skill(" ", 40), { success: false }, on),
      "skill-name-empty",
    );
    expectRulesError(
      () => recordSkillTest(skill("A", 100), { success: false }, on),
      "invalid-skill-rating",
    );
    expectRulesError(
      () => recordSkillTest(skill("A", -1), { success: false }, on),
      "invalid-skill-rating",
    );
    expectRulesError(
      () => recordSkillTest(skill("A", 4.5), { success: false }, on),
      "invalid-skill-rating",
    );
  });
});

describe("end-of-session improvement", () => {
  const sheet = [
    skill("Alertness", 40),
    skill("Law", 10, false),
    skill("HUMINT", 60),
    skill("Dodge", 97),
  ];

  it("1d4 (default): each marked skill gains 1D4, in order, and is unmarked", () => {
    const rng = scriptedRng([3, 1, 4]);
    const result = improveSkills(sheet, { improvement: "1d4" }, rng);
    expect(rng.remaining()).toBe(0);
    expect(result.variant).toBe("1d4");
    expect(result.check).toBeUndefined();
    expect(result.skills).toEqual([
      skill("Alertness", 43, false),
      skill("Law", 10, false),
      skill("HUMINT", 61, false),
      skill("Dodge", 99, false), // 97 + 4 capped at 99
    ]);
    expect(result.changes).toEqual([
      expect.objectContaining({
        name: "Alertness",
        before: 40,
        after: 43,
        gained: 3,
        die: { sides: 4, face: 3 },
      }),
      expect.objectContaining({
        name: "HUMINT",
        before: 60,
        after: 61,
        gained: 1,
        die: { sides: 4, face: 1 },
      }),
      expect.objectContaining({
        name: "Dodge",
        before: 97,
        after: 99,
        gained: 2,
        die: { sides: 4, face: 4 },
      }),
    ]);
    expect(result.changes[2]?.reason).toEqual({
      code: "per-skill",
      variant: "1d4",
      face: 4,
      gain: 4,
    });
    expect(result.changes.map(skillImprovementText)).toEqual([
      "Alertness 1D4 = 3: 40 → 43; mark cleared.",
      "HUMINT 1D4 = 1: 60 → 61; mark cleared.",
      "Dodge 1D4 = 4: 97 → 99 (capped at 99); mark cleared.",
    ]);
    expect(sheet[0]).toEqual(skill("Alertness", 40)); // input untouched
  });

  it("1: each marked skill gains exactly 1 and no die is rolled", () => {
    const result = improveSkills(sheet, { improvement: "1" }, scriptedRng([]));
    expect(result.skills.map((s) => s.rating)).toEqual([41, 10, 61, 98]);
    expect(result.changes.every((change) => change.die === undefined)).toBe(true);
    expect(result.changes.map(skillImprovementText)[0]).toBe(
      "Alertness +1: 40 → 41; mark cleared.",
    );
    expect(result.skills.every((s) => !s.marked)).toBe(true);
  });

  it("1d3: each marked skill gains 1D3", () => {
    const rng = scriptedRng([3, 2, 1]);
    const result = improveSkills(sheet, { improvement: "1d3" }, rng);
    expect(result.skills.map((s) => s.rating)).toEqual([43, 10, 62, 98]);
    expect(result.changes.map((change) => change.die)).toEqual([
      { sides: 3, face: 3 },
      { sides: 3, face: 2 },
      { sides: 3, face: 1 },
    ]);
  });

  it("1d4-1: a roll of 1 improves nothing but still clears the mark", () => {
    const rng = scriptedRng([1, 4, 2]);
    const result = improveSkills(sheet, { improvement: "1d4-1" }, rng);
    expect(result.skills).toEqual([
      skill("Alertness", 40, false),
      skill("Law", 10, false),
      skill("HUMINT", 63, false),
      skill("Dodge", 98, false),
    ]);
    expect(result.changes[0]).toMatchObject({
      gained: 0,
      unmarked: true,
      die: { sides: 4, face: 1 },
    });
    expect(result.changes.map(skillImprovementText)[0]).toBe(
      "Alertness 1D4−1 = 1−1 = 0, no improvement: 40 → 40; mark cleared.",
    );
    expect(improvementText(result)).toBe(
      "Improvement: each marked skill gains 1D4−1; 2 of 3 marked skills improved.",
    );
  });

  describe("check (seed 002)", () => {
    it("rolls ONE d100; marked skills at or below it gain 1 and are unmarked", () => {
      const rng = scriptedRng(percentileFaces(60));
      const result = improveSkills(sheet, { improvement: "check" }, rng);
      expect(rng.remaining()).toBe(0);
      expect(result.check?.value).toBe(60);
      expect(result.skills).toEqual([
        skill("Alertness", 41, false), // 40 ≤ 60
        skill("Law", 10, false), // not marked: untouched
        skill("HUMINT", 61, false), // 60 ≤ 60: at the check counts
        skill("Dodge", 97, true), // above the check: no gain, stays marked
      ]);
      expect(result.changes.map((change) => change.unmarked)).toEqual([true, true, false]);
      expect(result.changes[2]?.reason).toEqual({ code: "check", check: 60 });
      expect(result.changes.map(skillImprovementText)).toEqual([
        "Alertness 40 is at or below the check 60: +1, 40 → 41; mark cleared.",
        "HUMINT 60 is at or below the check 60: +1, 60 → 61; mark cleared.",
        "Dodge 97 is above the check 60: no gain, still marked.",
      ]);
      expect(improvementText(result)).toBe(
        "Improvement: one d100 improvement check: each marked skill at or below it gains 1 (rolled 60); 2 of 3 marked skills improved.",
      );
    });

    it("a check of 100 raises every marked skill, but never above 99", () => {
      const result = improveSkills(
        [skill("Dodge", 99), skill("Alertness", 98)],
        { improvement: "check" },
        scriptedRng(percentileFaces(100)),
      );
      expect(result.skills).toEqual([skill("Dodge", 99, false), skill("Alertness", 99, false)]);
      expect(result.changes[0]).toMatchObject({ gained: 0, unmarked: true });
      expect(result.changes.map(skillImprovementText)).toEqual([
        "Dodge 99 is at or below the check 100: +1, 99 → 99 (already at 99); mark cleared.",
        "Alertness 98 is at or below the check 100: +1, 98 → 99; mark cleared.",
      ]);
    });

    it("a check of 01 raises only skills rated 0 or 1", () => {
      const result = improveSkills(
        [skill("Craft", 0), skill("Art", 1), skill("Ride", 2)],
        { improvement: "check" },
        scriptedRng(percentileFaces(1)),
      );
      expect(result.skills).toEqual([
        skill("Craft", 1, false),
        skill("Art", 2, false),
        skill("Ride", 2),
      ]);
      expect(result.changes.map(skillImprovementText)[2]).toBe(
        "Ride 2 is above the check 01: no gain, still marked.",
      );
    });
  });

  it("rolls nothing when no skill is marked", () => {
    for (const improvement of ["1d4", "check"] as const) {
      const rng = scriptedRng([]);
      const result = improveSkills([skill("Law", 10, false)], { improvement }, rng);
      expect(result.changes).toEqual([]);
      expect(result.check).toBeUndefined();
      expect(improvementText(result)).toBe("No skill is marked: nothing to improve.");
    }
  });

  it("rolls no die for a marked skill already at 99, and just clears its mark", () => {
    const rng = scriptedRng([]);
    const result = improveSkills([skill("Dodge", 99)], { improvement: "1d4" }, rng);
    expect(result.skills).toEqual([skill("Dodge", 99, false)]);
    expect(result.changes[0]).toMatchObject({ gained: 0, unmarked: true });
    expect(result.changes[0]?.die).toBeUndefined();
    expect(result.changes.map(skillImprovementText)).toEqual([
      "Dodge is already at 99: no die rolled; mark cleared.",
    ]);
  });

  it("clears a stray mark on Unnatural without improving it or rolling for it", () => {
    const rng = scriptedRng([2]);
    const result = improveSkills(
      [skill("Unnatural", 12), skill("Alertness", 30)],
      { improvement: "1d4" },
      rng,
    );
    expect(result.skills).toEqual([skill("Unnatural", 12, false), skill("Alertness", 32, false)]);
    expect(result.changes[0]).toMatchObject({ name: "Unnatural", gained: 0, unmarked: true });
    expect(result.changes.map(skillImprovementText)).toEqual([
      "Unnatural never improves through failure marks: mark cleared.",
      "Alertness 1D4 = 2: 30 → 32; mark cleared.",
    ]);
    expect(rng.remaining()).toBe(0);
  });

  it("refuses invalid skills before rolling", () => {
    const rng = scriptedRng([]);
    expectRulesError(
      () => improveSkills([skill("A", 120)], { improvement: "1d4" }, rng),
      "invalid-skill-rating",
    );
  });

  it("keeps skills within 0–99 and gains within each variant's range (random runs)", () => {
    const bounds: Record<ImprovementVariant, [number, number]> = {
      "1d4": [1, 4],
      "1": [1, 1],
      "1d3": [1, 3],
      "1d4-1": [0, 3],
      check: [0, 1],
    };
    fc.assert(
      fc.property(
        fc.constantFrom<ImprovementVariant>("1d4", "1", "1d3", "1d4-1", "check"),
        fc.array(fc.record({ rating: fc.integer({ min: 0, max: 99 }), marked: fc.boolean() }), {
          maxLength: 8,
        }),
        fc.integer(),
        (improvement, raw, seed) => {
          const skills = raw.map((s, i) => skill(`S${i}`, s.rating, s.marked));
          const result = improveSkills(skills, { improvement }, seededRng(seed));
          const [low, high] = bounds[improvement];
          for (const [i, after] of result.skills.entries()) {
            const before = skills[i];
            if (before === undefined) throw new Error("same length");
            expect(after.rating).toBeLessThanOrEqual(SKILL_MAX);
            const gain = after.rating - before.rating;
            if (!before.marked) {
              expect(after).toEqual(before);
              continue;
            }
            expect(gain).toBeLessThanOrEqual(high);
            if (before.rating + low <= SKILL_MAX) expect(gain).toBeGreaterThanOrEqual(low);
            if (improvement !== "check") expect(after.marked).toBe(false);
          }
          expect(result.changes).toHaveLength(skills.filter((s) => s.marked).length);
        },
      ),
    );
  });
});
