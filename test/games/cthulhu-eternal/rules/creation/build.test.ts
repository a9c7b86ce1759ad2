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
import type {
  CreationChoices,
  ProtagonistSheet,
  SheetSkill,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { isRulesError } from "../../../../../src/games/cthulhu-eternal/rules/errors.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../../src/games/cthulhu-eternal/rules/options.js";
import { sampleChoices, withoutBonusPicks } from "./sample.js";

function skillOf(sheet: ProtagonistSheet | { skills: SheetSkill[] }, name: string): SheetSkill {
  const found = sheet.skills.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no ${name} on the sheet`);
  return found;
}

function ratings(sheet: ProtagonistSheet): Record<string, number> {
  return Object.fromEntries(sheet.skills.map((s) => [s.name, s.rating]));
}

describe("a complete Protagonist, end to end", () => {
  it("builds Dr. Miriam Vance, Modern Researcher / Scientist", () => {
    const sheet = buildProtagonist(sampleChoices());
    expect(sheet.name).toBe("Dr. Miriam Vance");
    expect(sheet.era).toBe("modern");
    expect(sheet.harshness).toBe("normal");
    expect(sheet.archetype).toEqual({ id: "researcher-scientist", name: "Researcher / Scientist" });
    expect(sheet.stats).toEqual({ STR: 10, DEX: 11, CON: 10, INT: 15, POW: 14, CHA: 12 });
    expect(sheet.derived).toEqual({
      hp: 10,
      wp: 14,
      san: 70,
      breakingPoint: 56,
      maxSan: 99,
      recoverySan: 70,
      damageBonus: 0,
    });
    expect(sheet.features.filter((f) => f.exceptional).map((f) => `${f.stat} ${f.word}`)).toEqual([
      "INT Perceptive",
      "POW Strong-Willed",
    ]);
    expect(ratings(sheet)).toEqual({
      Administration: 50,
      Alertness: 40,
      Anthropology: 0,
      Appraise: 10,
      Archeology: 40,
      Athletics: 30,
      Charm: 20,
      Disguise: 10,
      Dodge: 50,
      Drive: 40,
      Firearms: 40,
      "First Aid": 30,
      "Foreign Language (Latin)": 40,
      Forensics: 0,
      Harangue: 10,
      "Heavy Machinery": 10,
      History: 30,
      Insight: 10,
      Medicine: 0,
      "Melee Weapons": 30,
      "Natural World": 50,
      Navigate: 10,
      Occult: 50,
      Persuade: 80,
      Pharmacy: 0,
      Psychoanalyze: 10,
      Research: 70,
      Ride: 10,
      "Science (Biology)": 70,
      "Science (Chemistry)": 40,
      Search: 80,
      Stealth: 10,
      Surgery: 0,
      Swim: 20,
      "Technology Use": 40,
      Track: 10,
      "Unarmed Combat": 20,
      Unnatural: 0,
    });
    // Specialisations sit with their skill, in the era list's order.
    const names = sheet.skills.map((s) => s.name);
    expect(names.indexOf("Science (Biology)") + 1).toBe(names.indexOf("Science (Chemistry)"));
    expect(sheet.resources).toBe(5);
    expect(sheet.bonds).toEqual([
      { id: "bond-1", name: "Her brother Tom", kind: "individual", score: 12, crossedOff: false },
      {
        id: "bond-2",
        name: "Miskatonic University faculty",
        kind: "community",
        score: 3,
        crossedOff: false,
      },
    ]);
    expect(sheet.breakdown.picks).toMatchObject({ allowance: 10, used: 10, remaining: 0 });
    expect(sheet.breakdown.statMethod).toBe("set");
    expect(sheet.advice).toEqual([]);
  });

  it("builds a Very Harsh Future Spacer with adversity picks and trade-ins", () => {
    const choices: CreationChoices = {
      name: "Ines Okafor",
      era: "future",
      harshness: "very-harsh",
      stats: {
        method: "rolled",
        rolls: [14, 9, 16, 12, 11, 8],
        assignment: { STR: 9, DEX: 12, CON: 14, INT: 16, POW: 11, CHA: 8 },
      },
      archetypeId: "spacer",
      archetypeSpecialisations: { "Craft (Type)": "Electronics", pilot: "Shuttle" },
      optionalSkills: [
        "Zero-G Maneuvering",
        "Survival (Vacuum)",
        "Planet/Station Lore (Ceres)",
        "Artificial Intelligence",
      ],
      adversitySkills: ["Survival (Vacuum)", "First Aid"],
      bonusSkills: [
        "Pilot (Shuttle)",
        "Pilot (Shuttle)",
        "Zero-G Maneuvering",
        "Firearms/Beam Weapons",
        "Hacking",
        "Dodge",
        "Cosmology",
        "Search",
      ],
      resources: { tradeInPicks: 2, zero: false },
      bonds: [
        { name: "Crew of the Ardent Star", kind: "community", tradeInPicks: 1 },
        { name: "Ceres dockworkers' union", kind: "community", setToOne: true },
        { name: "Her daughter Ada", kind: "individual" },
      ],
    };
    const sheet = buildProtagonist(choices);
    expect(sheet.stats).toEqual({ STR: 10, DEX: 12, CON: 15, INT: 16, POW: 11, CHA: 8 });
    expect(sheet.breakdown.assignedStats.STR).toBe(9);
    expect(sheet.breakdown.harshBonus).toEqual({ STR: 1, CON: 1 });
    expect(sheet.derived).toMatchObject({
      hp: 13,
      wp: 11,
      san: 44,
      breakingPoint: 33,
      recoverySan: 55,
    });
    const r = ratings(sheet);
    expect(r["Pilot (Shuttle)"]).toBe(80); // 40 archetype + 20 + 20
    expect(r["Craft (Electronics)"]).toBe(40);
    expect(r["Survival (Vacuum)"]).toBe(70); // 50 optional + 20 adversity
    expect(r["First Aid"]).toBe(30); // 10 base + 20 adversity
    expect(r["Zero-G Maneuvering"]).toBe(60);
    expect(r["Planet/Station Lore (Ceres)"]).toBe(40);
    expect(r["Artificial Intelligence"]).toBe(40);
    expect(r["Firearms/Beam Weapons"]).toBe(40);
    expect(r.Hacking).toBe(20);
    expect(r.Dodge).toBe(50);
    expect(r.Cosmology).toBe(50);
    expect(r.Search).toBe(70);
    // Resources 4 + 5 + 2 = 11; the first community Bond starts at 6 and takes +5.
    expect(sheet.resources).toBe(11);
    expect(sheet.bonds.map((b) => b.score)).toEqual([11, 1, 8]);
    expect(sheet.breakdown.picks).toMatchObject({
      allowance: 11,
      extraForBondsAtOne: 1,
      skillPicks: 8,
      resourcesTradeIns: 2,
      communityBondTradeIns: 1,
      remaining: 0,
    });
    expect(sheet.breakdown.bonds[0]).toMatchObject({
      startsFrom: "half-resources",
      start: 6,
      tradeInPicks: 1,
      tradeInBonus: 5,
      score: 11,
    });
    expect(sheet.advice).toEqual([]);
    expect(skillOf(sheet, "Survival (Vacuum)").sources).toEqual([
      { kind: "base", rating: 10 },
      { kind: "archetype-choice", rating: 50 },
      { kind: "adversity", points: 20 },
    ]);
  });
});

describe("skill points: where each comes from", () => {
  it("adds a bonus pick to the base when nothing set the skill", () => {
    const sheet = buildProtagonist(sampleChoices());
    expect(skillOf(sheet, "Dodge").sources).toEqual([
      { kind: "base", rating: 30 },
      { kind: "bonus", points: 20 },
    ]);
    expect(skillOf(sheet, "Dodge").rating).toBe(50);
  });

  it("adds a bonus pick to the archetype's score, not the base", () => {
    const search = skillOf(buildProtagonist(sampleChoices()), "Search");
    expect(search.base).toBe(20);
    expect(search.sources).toEqual([
      { kind: "base", rating: 20 },
      { kind: "archetype", rating: 60 },
      { kind: "bonus", points: 20 },
    ]);
    expect(search.rating).toBe(80);
  });

  it("adds a bonus pick to a score raised by an adversity pick", () => {
    const choices: CreationChoices = {
      ...sampleChoices(),
      harshness: "harsh",
      harshBonusStat: "CON",
      adversitySkills: ["Survival (Arctic)"],
      bonusSkills: [...sampleChoices().bonusSkills.slice(0, 9), "survival (arctic)"],
    };
    const survival = skillOf(buildProtagonist(choices), "Survival (Arctic)");
    expect(survival.sources).toEqual([
      { kind: "base", rating: 10 },
      { kind: "adversity", points: 20 },
      { kind: "bonus", points: 20 },
    ]);
    expect(survival.rating).toBe(50);
  });

  it("stacks repeated picks, +20 each", () => {
    expect(skillOf(buildProtagonist(sampleChoices()), "Occult").rating).toBe(50);
  });

  it("lets an adversity pick go to the same skill twice", () => {
    const choices: CreationChoices = {
      ...sampleChoices(),
      harshness: "very-harsh",
      adversitySkills: ["First Aid", "First Aid"],
    };
    expect(skillOf(buildProtagonist(choices), "First Aid").rating).toBe(70);
  });

  it("stops at the creation cap: 80 by default, or the campaign's", () => {
    const over: CreationChoices = {
      ...sampleChoices(),
      bonusSkills: [...sampleChoices().bonusSkills.slice(0, 9), "Research"],
    };
    expect(() => buildProtagonist(over)).toThrow(CreationError);
    expect(validateCreation(over).violations).toMatchObject([
      { code: "skill-above-cap", skill: "Research", rating: 90, cap: 80 },
    ]);
    const sheet = buildProtagonist(over, { ...DEFAULT_RULE_OPTIONS, creationSkillCap: 90 });
    expect(skillOf(sheet, "Research").rating).toBe(90);
  });

  it("allows exactly 80", () => {
    expect(skillOf(buildProtagonist(sampleChoices()), "Persuade").rating).toBe(80);
  });
});

describe("derived attributes by upbringing", () => {
  it.each([
    ["normal", undefined, 70, { STR: 10, CON: 10 }],
    ["harsh", "STR", 56, { STR: 11, CON: 10 }],
    ["harsh", "CON", 56, { STR: 10, CON: 11 }],
    ["very-harsh", undefined, 56, { STR: 11, CON: 11 }],
  ] as const)("%s (%s): SAN %i, STR/CON %j", (harshness, harshBonusStat, san, strCon) => {
    const adversity = {
      normal: [],
      harsh: ["First Aid"],
      "very-harsh": ["First Aid", "Survival (Forest)"],
    };
    const sheet = buildProtagonist({
      ...sampleChoices(),
      harshness,
      harshBonusStat,
      adversitySkills: adversity[harshness],
    });
    expect(sheet.derived.san).toBe(san);
    expect(sheet.derived.recoverySan).toBe(70);
    expect(sheet.derived.breakingPoint).toBe(san - 14);
    expect(sheet.stats).toMatchObject(strCon);
    expect(sheet.derived.hp).toBe(Math.ceil((strCon.STR + strCon.CON) / 2));
  });

  it("lets Very Harsh take STR to 19, with the top damage bonus", () => {
    const sheet = buildProtagonist({
      ...sampleChoices(),
      harshness: "very-harsh",
      adversitySkills: ["First Aid", "First Aid"],
      stats: {
        method: "points",
        assignment: { STR: 18, DEX: 10, CON: 10, INT: 14, POW: 10, CHA: 10 },
      },
    });
    expect(sheet.stats.STR).toBe(19);
    expect(sheet.derived.damageBonus).toBe(2);
    expect(sheet.features[0]?.word).toBe("Huge");
  });
});

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
