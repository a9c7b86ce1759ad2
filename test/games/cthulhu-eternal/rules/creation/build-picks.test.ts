/** Building a Protagonist: picks traded for Resources, Community Bonds, the pick budget, refusals and the running preview. */
import { describe, expect, it } from "vitest";
import {
  CreationError,
  buildProtagonist,
  pickBudget,
  previewProtagonist,
  remainingPicks,
  tradeInBonus,
  validateCreation,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import type { CreationChoices } from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { isRulesError } from "../../../../../src/games/cthulhu-eternal/rules/errors.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../../src/games/cthulhu-eternal/rules/options.js";
import { sampleChoices, withoutBonusPicks } from "./sample.js";
import { skillOf } from "./build-support.js";

describe("trading picks for Resources", () => {
  it.each([
    [0, 5],
    [1, 10],
    [2, 12],
    [3, 14],
    [4, 16],
  ])("%i picks: Resources %i (base 5; +5, then +2 each)", (picks, resources) => {
    const sheet = buildProtagonist({
      ...withoutBonusPicks(sampleChoices(), picks),
      resources: { tradeInPicks: picks, zero: false },
    });
    expect(sheet.resources).toBe(resources);
    expect(sheet.breakdown.resources).toMatchObject({ archetype: 5, tradeInPicks: picks });
  });

  it("values trade-ins at +5, +5+2, +5+2+2", () => {
    expect([0, 1, 2, 3].map(tradeInBonus)).toEqual([0, 5, 7, 9]);
  });

  it("gives Resources 0 for one extra pick: 11 picks", () => {
    const choices: CreationChoices = {
      ...sampleChoices(),
      resources: { tradeInPicks: 0, zero: true },
      bonusSkills: [...sampleChoices().bonusSkills, "Stealth"],
    };
    expect(remainingPicks({ ...choices, bonusSkills: [] })).toBe(11);
    const sheet = buildProtagonist(choices);
    expect(sheet.resources).toBe(0);
    expect(sheet.breakdown.picks.allowance).toBe(11);
    // Half of 0 is 0, but a Community Bond never starts broken: it is 1.
    expect(sheet.bonds[1]?.score).toBe(1);
  });

  it("raises Community Bonds with Resources: half the final rating, rounded up", () => {
    const sheet = buildProtagonist({
      ...withoutBonusPicks(sampleChoices(), 1),
      resources: { tradeInPicks: 1, zero: false },
    });
    expect(sheet.resources).toBe(10);
    expect(sheet.bonds[1]?.score).toBe(5);
  });
});

describe("Community Bonds", () => {
  const twoCommunities = (first: number, second: number): CreationChoices => ({
    ...withoutBonusPicks(sampleChoices(), first + second),
    bonds: [
      { name: "The faculty", kind: "community", tradeInPicks: first },
      { name: "The Arkham Historical Society", kind: "community", tradeInPicks: second },
    ],
  });

  it.each([
    [0, 3],
    [1, 8],
    [2, 10],
    [3, 12],
    [7, 20],
  ])("start at ceil(5 / 2) = 3; %i picks → %i", (picks, score) => {
    const sheet = buildProtagonist(twoCommunities(picks, 0));
    expect(sheet.bonds[0]?.score).toBe(score);
  });

  it("give a pick toward a different Bond the full +5", () => {
    const sheet = buildProtagonist(twoCommunities(1, 1));
    expect(sheet.bonds.map((b) => b.score)).toEqual([8, 8]);
  });

  it("cannot go above 20", () => {
    expect(() => buildProtagonist(twoCommunities(8, 0))).toThrow(CreationError);
    expect(validateCreation(twoCommunities(8, 0)).violations).toContainEqual(
      expect.objectContaining({ code: "bond-above-max", score: 22, max: 20 }),
    );
  });

  it.each([
    [3, 2],
    [4, 2],
    [5, 3],
    [7, 4],
  ])("start at half of Resources %i rounded up: %i", (resources, start) => {
    const archetype = {
      id: "drifter",
      name: "Drifter",
      era: "modern",
      skills: [],
      optionalSkillCount: 0,
      optionalSkills: [],
      resources,
      bonds: 1,
    };
    const sheet = buildProtagonist(
      {
        ...sampleChoices(),
        archetypeId: "drifter",
        archetypeSpecialisations: {},
        optionalSkills: [],
        bonds: [{ name: "The road crew", kind: "community" }],
      },
      DEFAULT_RULE_OPTIONS,
      { customArchetypes: [archetype] },
    );
    expect(sheet.bonds[0]?.score).toBe(start);
  });

  it("at 1 gives one extra pick, each time", () => {
    const choices: CreationChoices = {
      ...sampleChoices(),
      bonds: [
        { name: "The faculty", kind: "community", setToOne: true },
        { name: "The Arkham Historical Society", kind: "community", setToOne: true },
      ],
      bonusSkills: [...sampleChoices().bonusSkills, "Stealth", "Swim"],
    };
    const sheet = buildProtagonist(choices);
    expect(sheet.bonds.map((b) => b.score)).toEqual([1, 1]);
    expect(sheet.breakdown.picks.allowance).toBe(12);
  });

  it("individual Bonds start at CHA", () => {
    const sheet = buildProtagonist({
      ...sampleChoices(),
      bonds: [
        { name: "Tom", kind: "individual" },
        { name: "Ruth", kind: "individual" },
      ],
    });
    expect(sheet.bonds.map((b) => b.score)).toEqual([12, 12]);
  });
});

describe("pick budget", () => {
  it("counts standard, extra, spent and traded picks", () => {
    expect(remainingPicks({})).toBe(10);
    expect(remainingPicks({ bonusSkills: ["Dodge", "Dodge", "Swim"] })).toBe(7);
    expect(remainingPicks({ resources: { tradeInPicks: 2, zero: false } })).toBe(8);
    expect(remainingPicks({ resources: { tradeInPicks: 0, zero: true } })).toBe(11);
    expect(
      remainingPicks({
        bonds: [
          { name: "A", kind: "community", setToOne: true },
          { name: "B", kind: "community", tradeInPicks: 3 },
          { name: "C", kind: "individual" },
        ],
      }),
    ).toBe(8);
    expect(remainingPicks({ bonusSkills: Array<string>(12).fill("Dodge") })).toBe(-2);
  });

  it("ignores trade-ins on individual Bonds (they are a violation, not a cost)", () => {
    expect(pickBudget({ bonds: [{ name: "Tom", kind: "individual", tradeInPicks: 2 }] }).used).toBe(
      0,
    );
  });
});

describe("refusing invalid choices", () => {
  it("throws a CreationError carrying every violation", () => {
    const choices = { ...sampleChoices(), bonusSkills: ["Basket Weaving"], name: "" };
    let caught: unknown;
    try {
      buildProtagonist(choices);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CreationError);
    expect(isRulesError(caught) && caught.code).toBe("invalid-creation");
    const violations = (caught as CreationError).violations;
    expect(violations).toEqual(validateCreation(choices).violations);
    expect(violations.map((v) => v.code)).toEqual(["name-missing", "skill-unknown", "bonus-count"]);
    // The message is for logs: codes and paths, no player sentences.
    expect((caught as Error).message).toBe(
      "name-missing (name), skill-unknown (bonusSkills[0]), bonus-count (bonusSkills)",
    );
  });

  it("refuses an empty draft", () => {
    expect(() => buildProtagonist({})).toThrow(CreationError);
  });
});

describe("running preview", () => {
  it("shows what a partial draft already determines", () => {
    const preview = previewProtagonist({
      era: "modern",
      archetypeId: "artist-craftsperson",
      archetypeSpecialisations: { Art: "Sculpture" },
      bonusSkills: ["Art (Sculpture)"],
    });
    expect(preview.violations).toEqual([]);
    expect(preview.archetype?.name).toBe("Artist / Craftsperson");
    expect(skillOf(preview, "Art (Sculpture)").rating).toBe(80);
    // The Craft specialisation is still to be named.
    expect(skillOf(preview, "Craft (Type)").rating).toBe(40);
    expect(preview.resources?.rating).toBe(3);
    expect(preview.picks.remaining).toBe(9);
    expect(preview.derived).toBeNull();
    expect(preview.stats).toEqual({});
  });

  it("computes derived attributes once stats and upbringing are known", () => {
    const { stats, harshness } = sampleChoices();
    const preview = previewProtagonist({ stats, harshness });
    expect(preview.derived?.san).toBe(70);
    expect(preview.features).toHaveLength(6);
    expect(preview.skills).toEqual([]);
  });

  it("shows stats placed so far and what is already wrong", () => {
    const preview = previewProtagonist({
      harshness: "harsh",
      harshBonusStat: "STR",
      stats: { method: "set", set: "focused", assignment: { STR: 15, CON: 15 } },
    });
    expect(preview.stats).toEqual({ STR: 16, CON: 15 });
    expect(preview.violations.map((v) => v.code)).toEqual(["stat-not-from-set"]);
    expect(preview.features.map((f) => f.word)).toEqual(["Muscular", "Perfect Health"]);
  });
});
