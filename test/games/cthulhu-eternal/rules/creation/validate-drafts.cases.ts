/** The validator on partial drafts, and its properties (run by validate.test.ts). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildProtagonist,
  validateCreation,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import type {
  CreationChoices,
  CreationContext,
  CreationDraft,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../../src/games/cthulhu-eternal/rules/options.js";
import { sampleChoices } from "./sample.js";
import { codes, violations } from "./validate-support.js";

describe("partial drafts (the guided flow)", () => {
  const partial: CreationContext = { partial: true };

  it("accept an empty draft, which in full lists everything to do", () => {
    expect(validateCreation({}, DEFAULT_RULE_OPTIONS, partial)).toEqual({
      ok: true,
      violations: [],
      advice: [],
    });
    expect(codes({})).toEqual([
      "name-missing",
      "era-missing",
      "stats-missing",
      "harshness-missing",
      "bonus-count",
    ]);
  });

  it("report only what is already wrong", () => {
    const draft: CreationDraft = {
      era: "modern",
      harshness: "harsh",
      archetypeId: "researcher-scientist",
      optionalSkills: ["Stealth"],
      bonds: [{ name: "", kind: "community", tradeInPicks: 1 }],
    };
    expect(codes(draft, partial)).toEqual(["optional-not-on-list"]);
    expect(codes(draft)).toEqual([
      "name-missing",
      "stats-missing",
      "harsh-pick-missing",
      "archetype-specialisation-missing",
      "optional-count",
      "optional-not-on-list",
      "adversity-count",
      "bond-count",
      "bond-name-missing",
      "bonus-count",
    ]);
  });

  it("report overspending and overshooting straight away", () => {
    const draft: CreationDraft = {
      era: "modern",
      harshness: "normal",
      archetypeId: "criminal",
      optionalSkills: ["Dodge", "Charm", "Insight", "Athletics"],
      adversitySkills: ["First Aid"],
      bonusSkills: Array<string>(11).fill("Swim"),
      bonds: Array.from({ length: 5 }, (_, i) => ({
        name: `Bond ${i}`,
        kind: "individual" as const,
      })),
    };
    expect(codes(draft, partial)).toEqual([
      "optional-count",
      "adversity-count",
      "skill-above-cap",
      "bond-count",
      "bonus-count",
    ]);
  });

  it("check stats placed so far", () => {
    const stat = (assignment: Partial<CreationChoices["stats"]["assignment"]>): CreationDraft => ({
      stats: { method: "points", assignment },
    });
    expect(codes(stat({ STR: 18, DEX: 18, CON: 18 }), partial)).toEqual([]);
    expect(
      violations(stat({ STR: 18, DEX: 18, CON: 18, INT: 18 }), DEFAULT_RULE_OPTIONS, partial),
    ).toEqual([
      {
        code: "stat-total",
        path: "stats.assignment",
        kind: "would-pass",
        total: 72,
        required: 72,
        unset: 2,
        min: 3,
      },
    ]);
    expect(
      violations(stat({ STR: 3, DEX: 3, CON: 3 }), DEFAULT_RULE_OPTIONS, partial)[0],
    ).toMatchObject({ kind: "cannot-reach", total: 9, required: 72, unset: 3, max: 18 });
    const set: CreationDraft = {
      stats: { method: "set", set: "focused", assignment: { STR: 15 } },
    };
    expect(codes(set, partial)).toEqual([]);
    expect(
      codes(
        { stats: { method: "set", set: "focused", assignment: { STR: 15, DEX: 15 } } },
        partial,
      ),
    ).toEqual(["stat-not-from-set"]);
  });

  it("report a specialisation answered with a blank", () => {
    const draft: CreationDraft = {
      era: "modern",
      archetypeId: "criminal",
      archetypeSpecialisations: { Craft: "" },
    };
    expect(codes(draft, partial)).toEqual(["archetype-specialisation-missing"]);
  });
});

describe("properties", () => {
  const sample = sampleChoices();
  const keys = Object.keys(sample) as (keyof CreationChoices)[];
  const skillNames = [
    "Dodge",
    "Search",
    "Research",
    "Occult",
    "Art",
    "Unnatural",
    "Art (Oils)",
    "Hacking",
  ];
  const mutatedDraft = fc
    .record({
      dropped: fc.subarray(keys),
      bonusSkills: fc.option(fc.array(fc.constantFrom(...skillNames), { maxLength: 13 }), {
        nil: undefined,
      }),
      resources: fc.option(
        fc.record({ tradeInPicks: fc.integer({ min: 0, max: 4 }), zero: fc.boolean() }),
        { nil: undefined },
      ),
      harshness: fc.option(fc.constantFrom("normal", "harsh", "very-harsh" as const), {
        nil: undefined,
      }),
    })
    .map(({ dropped, bonusSkills, resources, harshness }): CreationDraft => {
      const changed: CreationDraft = { ...sample };
      if (bonusSkills !== undefined) changed.bonusSkills = bonusSkills;
      if (resources !== undefined) changed.resources = resources;
      if (harshness !== undefined) changed.harshness = harshness;
      return Object.fromEntries(
        Object.entries(changed).filter(([key]) => !dropped.includes(key as keyof CreationChoices)),
      );
    });

  it("a partial check reports a subset of the full check", () => {
    fc.assert(
      fc.property(mutatedDraft, (draft) => {
        const full = validateCreation(draft).violations.map((v) => `${v.code} ${v.path}`);
        const partialFound = validateCreation(draft, DEFAULT_RULE_OPTIONS, {
          partial: true,
        }).violations;
        return partialFound.every((v) => full.includes(`${v.code} ${v.path}`));
      }),
    );
  });

  it("buildProtagonist succeeds exactly when the full check passes", () => {
    fc.assert(
      fc.property(mutatedDraft, (draft) => {
        const { ok } = validateCreation(draft);
        let built = true;
        try {
          buildProtagonist(draft);
        } catch {
          built = false;
        }
        return built === ok;
      }),
    );
  });

  it("every bonus pick adds 20 to its skill", () => {
    const untouched = ["Dodge", "Swim", "Stealth", "Drive", "Charm", "Athletics"];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...untouched), { minLength: 10, maxLength: 10 }),
        (bonusSkills) => {
          const choices = { ...sample, bonusSkills };
          const result = validateCreation(choices);
          if (!result.ok) return result.violations.every((v) => v.code === "skill-above-cap");
          const sheet = buildProtagonist(choices);
          return untouched.every((name) => {
            const skill = sheet.skills.find((s) => s.name === name);
            const count = bonusSkills.filter((b) => b === name).length;
            return skill !== undefined && skill.rating === skill.base + 20 * count;
          });
        },
      ),
    );
  });
});
