/** Building a Protagonist: the whole sheet, where skill points come from, derived attributes. */
import { describe, expect, it } from "vitest";
import {
  CreationError,
  buildProtagonist,
  validateCreation,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import type { CreationChoices } from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../../src/games/cthulhu-eternal/rules/options.js";
import { sampleChoices } from "./sample.js";
import { skillOf, ratings } from "./build-support.js";

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
