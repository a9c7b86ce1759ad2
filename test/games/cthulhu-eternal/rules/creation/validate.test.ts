import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CREATION_VIOLATION_CODES,
  buildProtagonist,
  validateCreation,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import type {
  AssignableSetId,
  CreationChoices,
  CreationContext,
  CreationDraft,
  CreationOptions,
  CreationViolation,
  CreationViolationCode,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { DEFAULT_RULE_OPTIONS } from "../../../../../src/games/cthulhu-eternal/rules/options.js";
import { FACULTY, TOM, sampleChoices } from "./sample.js";

/** Codes the tests below have seen, so the last test can check that every code is exercised. */
const seen = new Set<CreationViolationCode>();

function violations(
  draft: CreationDraft,
  options: CreationOptions = DEFAULT_RULE_OPTIONS,
  context: CreationContext = {},
): CreationViolation[] {
  const result = validateCreation(draft, options, context);
  expect(result.ok).toBe(result.violations.length === 0);
  for (const v of result.violations) seen.add(v.code);
  return result.violations;
}

function codes(draft: CreationDraft, context: CreationContext = {}): CreationViolationCode[] {
  return violations(draft, DEFAULT_RULE_OPTIONS, context).map((v) => v.code);
}

/** The sample with one change; `bonusSkills` keeps its ten picks unless replaced. */
function sampleWith(change: Partial<CreationDraft>): CreationDraft {
  return { ...sampleChoices(), ...change };
}

describe("the sample choices", () => {
  it("are valid", () => {
    expect(validateCreation(sampleChoices())).toEqual({ ok: true, violations: [], advice: [] });
  });
});

describe("names, era and upbringing", () => {
  it("name-missing", () => {
    expect(violations(sampleWith({ name: "   " }))).toEqual([
      { code: "name-missing", path: "name" },
    ]);
  });

  it("era-missing (and nothing era-dependent is judged without one)", () => {
    expect(violations(sampleWith({ era: undefined }))).toEqual([
      {
        code: "era-missing",
        path: "era",
      },
    ]);
  });

  it("harshness-missing", () => {
    expect(violations(sampleWith({ harshness: undefined }))).toEqual([
      {
        code: "harshness-missing",
        path: "harshness",
      },
    ]);
  });

  it("harsh-pick-missing", () => {
    expect(violations(sampleWith({ harshness: "harsh", adversitySkills: ["First Aid"] }))).toEqual([
      {
        code: "harsh-pick-missing",
        path: "harshBonusStat",
      },
    ]);
  });

  it("harsh-pick-not-applicable, for Normal and for Very Harsh", () => {
    expect(violations(sampleWith({ harshBonusStat: "STR" }))).toEqual([
      {
        code: "harsh-pick-not-applicable",
        path: "harshBonusStat",
        harshness: "normal",
      },
    ]);
    const veryHarsh = sampleWith({
      harshness: "very-harsh",
      harshBonusStat: "CON",
      adversitySkills: ["First Aid", "First Aid"],
    });
    expect(violations(veryHarsh)).toMatchObject([{ harshness: "very-harsh" }]);
  });
});

describe("stats", () => {
  const points = (assignment: CreationChoices["stats"]["assignment"]): CreationDraft =>
    sampleWith({ stats: { method: "points", assignment } });

  it("stats-missing", () => {
    expect(violations(sampleWith({ stats: undefined }))).toEqual([
      {
        code: "stats-missing",
        path: "stats",
      },
    ]);
  });

  it("stat-missing", () => {
    const draft = sampleWith({
      stats: {
        method: "set",
        set: "focused",
        assignment: { STR: 10, CON: 10, INT: 15, POW: 14, CHA: 12 },
      },
    });
    expect(violations(draft)).toEqual([
      { code: "stat-missing", path: "stats.assignment.DEX", stat: "DEX" },
    ]);
  });

  it("stat-out-of-range, each stat 3–18", () => {
    const found = violations(points({ STR: 2, DEX: 19, CON: 12, INT: 13, POW: 14, CHA: 12 }));
    expect(found).toEqual([
      {
        code: "stat-out-of-range",
        path: "stats.assignment.STR",
        stat: "STR",
        value: 2,
        min: 3,
        max: 18,
      },
      {
        code: "stat-out-of-range",
        path: "stats.assignment.DEX",
        stat: "DEX",
        value: 19,
        min: 3,
        max: 18,
      },
    ]);
    expect(codes(points({ STR: 10.5, DEX: 11.5, CON: 12, INT: 12, POW: 14, CHA: 12 }))).toEqual([
      "stat-out-of-range",
      "stat-out-of-range",
    ]);
  });

  it("accepts any 72-point split within 3–18", () => {
    expect(codes(points({ STR: 3, DEX: 18, CON: 18, INT: 18, POW: 12, CHA: 3 }))).toEqual([]);
  });

  it("stat-total: exactly 72 points", () => {
    expect(violations(points({ STR: 10, DEX: 10, CON: 10, INT: 15, POW: 13, CHA: 12 }))).toEqual([
      {
        code: "stat-total",
        path: "stats.assignment",
        kind: "exact",
        total: 70,
        required: 72,
      },
    ]);
    expect(
      violations(points({ STR: 10, DEX: 10, CON: 10, INT: 15, POW: 18, CHA: 12 }))[0],
    ).toMatchObject({ kind: "exact", total: 75, required: 72 });
  });

  it("stat-set-unknown", () => {
    const draft = sampleWith({
      stats: {
        method: "set",
        set: "balanced" as unknown as AssignableSetId,
        assignment: sampleChoices().stats.assignment,
      },
    });
    expect(violations(draft)).toEqual([
      {
        code: "stat-set-unknown",
        path: "stats.set",
        set: "balanced",
      },
    ]);
  });

  it("stat-not-from-set: a permutation of the chosen set", () => {
    const draft = sampleWith({
      stats: {
        method: "set",
        set: "well-rounded",
        assignment: sampleChoices().stats.assignment,
      },
    });
    expect(violations(draft)).toEqual([
      {
        code: "stat-not-from-set",
        path: "stats.assignment",
        setName: "Well-Rounded",
        setValues: [13, 13, 12, 12, 11, 11],
        values: [10, 11, 10, 15, 14, 12],
      },
    ]);
  });

  it.each([
    ["well-rounded", { STR: 11, DEX: 13, CON: 12, INT: 13, POW: 11, CHA: 12 }],
    ["focused", { STR: 10, DEX: 15, CON: 10, INT: 14, POW: 11, CHA: 12 }],
    ["highly-focused", { STR: 9, DEX: 10, CON: 10, INT: 17, POW: 14, CHA: 12 }],
  ] as const)("accepts the %s set in any order", (set, assignment) => {
    expect(codes(sampleWith({ stats: { method: "set", set, assignment } }))).toEqual([]);
  });

  it("stat-rolls-invalid", () => {
    const draft = sampleWith({
      stats: {
        method: "rolled",
        rolls: [12, 12, 12, 12, 19],
        assignment: sampleChoices().stats.assignment,
      },
    });
    expect(violations(draft)).toEqual([
      {
        code: "stat-rolls-invalid",
        path: "stats.rolls",
        rolls: [12, 12, 12, 12, 19],
        min: 3,
        max: 18,
      },
    ]);
  });

  it("stat-not-from-rolls, and accepts the rolls in any order", () => {
    const rolls = [16, 8, 12, 13, 9, 14];
    const draft = sampleWith({
      stats: {
        method: "rolled",
        rolls,
        assignment: { STR: 16, DEX: 16, CON: 12, INT: 13, POW: 9, CHA: 14 },
      },
    });
    expect(violations(draft)).toEqual([
      {
        code: "stat-not-from-rolls",
        path: "stats.assignment",
        rolls: [16, 8, 12, 13, 9, 14],
        values: [16, 16, 12, 13, 9, 14],
      },
    ]);
    const fine = sampleWith({
      stats: {
        method: "rolled",
        rolls,
        assignment: { STR: 8, DEX: 16, CON: 12, INT: 13, POW: 9, CHA: 14 },
      },
    });
    expect(codes(fine)).toEqual([]);
  });

  it("advises (without forbidding) on an archetype's recommended stats", () => {
    const result = validateCreation(
      sampleWith({
        stats: {
          method: "set",
          set: "highly-focused",
          assignment: { STR: 17, DEX: 14, CON: 12, INT: 9, POW: 10, CHA: 10 },
        },
      }),
    );
    expect(result.ok).toBe(true);
    expect(result.advice).toEqual([
      {
        code: "recommended-stat",
        path: "stats.assignment.INT",
        archetype: "Researcher / Scientist",
        stat: "INT",
        value: 9,
        recommended: 10,
      },
    ]);
  });
});

describe("archetype and its skills", () => {
  it("archetype-missing", () => {
    expect(codes(sampleWith({ archetypeId: undefined }))).toEqual(["archetype-missing"]);
  });

  it("archetype-unknown lists the era's archetypes", () => {
    const [found] = violations(sampleWith({ archetypeId: "priest" }));
    expect(found?.code).toBe("archetype-unknown");
    expect(found).toMatchObject({
      archetypeId: "priest",
      era: "modern",
      archetypes: [
        "Artist / Craftsperson",
        "Author / Blogger",
        "Conspiracy Theorist / Expert",
        "Criminal",
        "Doctor / Nurse",
        "Historian / Genealogist",
        "Law Enforcer / Agent",
        "Librarian / Archivist",
        "Researcher / Scientist",
        "Technologist",
        "White-Collar Worker",
      ],
    });
    expect(codes(sampleWith({ archetypeId: "spacer" }))).toEqual(["archetype-unknown"]);
  });

  it("archetype-specialisation-missing, also for a blank or placeholder answer", () => {
    const expected = {
      code: "archetype-specialisation-missing",
      path: "archetypeSpecialisations.Science",
      archetype: "Researcher / Scientist",
      skill: "Science",
      rating: 70,
    };
    expect(violations(sampleWith({ archetypeSpecialisations: {} }))).toEqual([expected]);
    expect(violations(sampleWith({ archetypeSpecialisations: { Science: " " } }))).toEqual([
      expected,
    ]);
    expect(codes(sampleWith({ archetypeSpecialisations: { "Science (Type)": "type" } }))).toEqual([
      "archetype-specialisation-missing",
    ]);
  });

  it("takes specialisations keyed in any case, with or without (Type)", () => {
    expect(
      codes(sampleWith({ archetypeSpecialisations: { "science (type)": "Biology" } })),
    ).toEqual([]);
  });

  it("archetype-specialisation-unexpected", () => {
    expect(
      violations(sampleWith({ archetypeSpecialisations: { Science: "Biology", Art: "Painting" } })),
    ).toEqual([
      {
        code: "archetype-specialisation-unexpected",
        path: "archetypeSpecialisations.Art",
        archetype: "Researcher / Scientist",
        skill: "Art",
      },
    ]);
  });

  it("archetype-specialisation-duplicate (a GM archetype that already names one)", () => {
    const painter = {
      id: "painter",
      name: "Painter",
      era: "modern",
      skills: [
        { skill: "Art (Painting)", rating: 60 },
        { skill: "Art (Type)", rating: 40 },
      ],
      optionalSkillCount: 0,
      optionalSkills: [],
      resources: 3,
      bonds: 2,
    };
    const draft = sampleWith({
      archetypeId: "painter",
      archetypeSpecialisations: { Art: "painting" },
      optionalSkills: [],
    });
    expect(violations(draft, DEFAULT_RULE_OPTIONS, { customArchetypes: [painter] })).toEqual([
      {
        code: "archetype-specialisation-duplicate",
        path: "archetypeSpecialisations.Art",
        archetype: "Painter",
        skill: "Art",
        held: "Art (Painting)",
      },
    ]);
  });

  it("optional-count, too few and too many", () => {
    const [few] = violations(sampleWith({ optionalSkills: ["Archeology", "Natural World"] }));
    expect(few).toEqual({
      code: "optional-count",
      path: "optionalSkills",
      archetype: "Researcher / Scientist",
      wanted: 4,
      chosen: 2,
    });
    const many = sampleWith({
      optionalSkills: [...sampleChoices().optionalSkills, "Psychoanalyze"],
    });
    expect(violations(many)[0]).toMatchObject({
      archetype: "Researcher / Scientist",
      wanted: 4,
      chosen: 5,
    });
  });

  it("optional-not-on-list names the list with its ratings", () => {
    const draft = sampleWith({
      optionalSkills: ["Archeology", "Foreign Language (Latin)", "Natural World", "Stealth"],
    });
    expect(violations(draft)).toEqual([
      {
        code: "optional-not-on-list",
        path: "optionalSkills[3]",
        archetype: "Researcher / Scientist",
        skill: "Stealth",
        list: [
          { skill: "Anthropology", rating: 40 },
          { skill: "Archeology", rating: 40 },
          { skill: "Art (Type)", rating: 40 },
          { skill: "Firearms", rating: 60 },
          { skill: "Foreign Language (Type)", rating: 40 },
          { skill: "Heavy Machinery", rating: 50 },
          { skill: "Military Training (Type)", rating: 40 },
          { skill: "Natural World", rating: 50 },
          { skill: "Psychoanalyze", rating: 50 },
          { skill: "Science (Type)", rating: 40 },
        ],
      },
    ]);
  });

  it("optional-duplicate: each list entry once", () => {
    const draft = sampleWith({
      optionalSkills: ["Archeology", "Natural World", "Science (Chemistry)", "Science (Physics)"],
    });
    expect(violations(draft)).toEqual([
      {
        code: "optional-duplicate",
        path: "optionalSkills[3]",
        archetype: "Researcher / Scientist",
        skill: "Science (Type)",
      },
    ]);
  });

  it("optional-already-held: the same specialisation as an archetypal skill", () => {
    const draft = sampleWith({
      optionalSkills: [
        "Archeology",
        "Foreign Language (Latin)",
        "Natural World",
        "science (biology)",
      ],
    });
    expect(violations(draft)).toEqual([
      {
        code: "optional-already-held",
        path: "optionalSkills[3]",
        archetype: "Researcher / Scientist",
        skill: "Science (Biology)",
        by: "archetype",
      },
    ]);
  });

  it("optional-already-held: the seed's Firearms on the Conspiracy Theorist list", () => {
    // The seed lists Firearms 60% there although the archetype already has Firearms 50%.
    const draft = sampleWith({
      archetypeId: "conspiracy-theorist-expert",
      archetypeSpecialisations: { Craft: "Radio", Survival: "Swamp" },
      optionalSkills: ["Firearms", "History", "Occult", "Survival (Mountain)"],
      bonusSkills: [
        "Dodge",
        "Dodge",
        "Swim",
        "Swim",
        "Stealth",
        "Stealth",
        "Drive",
        "Drive",
        "Charm",
        "Charm",
      ],
      bonds: [
        ...sampleChoices().bonds,
        { name: "Forum regulars", kind: "community" },
        { name: "Mom", kind: "individual" },
      ],
    });
    expect(violations(draft)).toEqual([
      {
        code: "optional-already-held",
        path: "optionalSkills[0]",
        archetype: "Conspiracy Theorist / Expert",
        skill: "Firearms",
        by: "archetype",
      },
    ]);
  });

  it("a second specialisation of a typed list skill is not already held", () => {
    // Artist / Craftsperson has Craft (Type) both as an archetypal skill and on its list.
    const draft = sampleWith({
      archetypeId: "artist-craftsperson",
      archetypeSpecialisations: { Art: "Painting", Craft: "Pottery" },
      optionalSkills: ["Craft (Woodwork)", "Alertness", "Athletics", "Harangue", "Technology Use"],
      bonds: [...sampleChoices().bonds, { name: "Gallery co-op", kind: "community" }],
    });
    expect(codes(draft)).toEqual([]);
    const sameCraft = {
      ...draft,
      optionalSkills: ["Craft (pottery)", "Alertness", "Athletics", "Harangue", "Technology Use"],
    };
    expect(codes(sameCraft)).toEqual(["optional-already-held"]);
  });
});

describe("adversity picks", () => {
  it("adversity-count: none for Normal, one for Harsh, two for Very Harsh", () => {
    expect(violations(sampleWith({ adversitySkills: ["First Aid"] }))).toEqual([
      {
        code: "adversity-count",
        path: "adversitySkills",
        harshness: "normal",
        allowed: 0,
        picks: 1,
      },
    ]);
    const harsh = { harshness: "harsh", harshBonusStat: "CON" } as const;
    expect(violations(sampleWith({ ...harsh, adversitySkills: [] }))[0]).toMatchObject({
      harshness: "harsh",
      allowed: 1,
      picks: 0,
    });
    expect(codes(sampleWith({ ...harsh, adversitySkills: ["First Aid", "First Aid"] }))).toEqual([
      "adversity-count",
    ]);
    expect(
      violations(sampleWith({ harshness: "very-harsh", adversitySkills: ["First Aid"] }))[0],
    ).toMatchObject({ harshness: "very-harsh", allowed: 2, picks: 1 });
  });

  it("adversity-not-on-list, per era", () => {
    const harsh = { harshness: "harsh", harshBonusStat: "STR" } as const;
    expect(violations(sampleWith({ ...harsh, adversitySkills: ["Dodge"] }))).toEqual([
      {
        code: "adversity-not-on-list",
        path: "adversitySkills[0]",
        skill: "Dodge",
        list: ["First Aid", "Military Training (Type)", "Regional Lore (Type)", "Survival (Type)"],
      },
    ]);
    expect(codes(sampleWith({ ...harsh, adversitySkills: ["Regional Lore (Arkham)"] }))).toEqual(
      [],
    );
    const future = sampleWith({
      ...harsh,
      era: "future",
      archetypeId: "researcher-scientist",
      optionalSkills: ["Cosmology", "Hacking", "Psychoanalyze", "Xenoarcheology"],
      bonusSkills: [
        "Dodge",
        "Dodge",
        "Swim",
        "Swim",
        "Stealth",
        "Stealth",
        "Drive",
        "Drive",
        "Charm",
        "Charm",
      ],
      adversitySkills: ["Regional Lore (Arkham)"],
    });
    expect(violations(future)).toMatchObject([
      {
        skill: "Regional Lore",
        list: [
          "First Aid",
          "Military Training (Type)",
          "Planet/Station Lore (Type)",
          "Survival (Type)",
        ],
      },
    ]);
    expect(codes({ ...future, adversitySkills: ["Planet/Station Lore (Titan)"] })).toEqual([]);
  });

  it("follows a GM's adversity list when given", () => {
    const draft = sampleWith({
      harshness: "harsh",
      harshBonusStat: "STR",
      adversitySkills: ["Swim"],
    });
    expect(codes(draft, { adversitySkills: ["Swim", "Survival (Type)"] })).toEqual([]);
    expect(codes(draft, { adversitySkills: ["Survival (Desert)"] })).toEqual([
      "adversity-not-on-list",
    ]);
  });

  it("specialisation-missing on an adversity pick", () => {
    const draft = sampleWith({
      harshness: "harsh",
      harshBonusStat: "STR",
      adversitySkills: ["Survival"],
    });
    expect(violations(draft)).toEqual([
      {
        code: "specialisation-missing",
        path: "adversitySkills[0]",
        skill: "Survival",
      },
    ]);
  });
});

describe("bonus picks", () => {
  const picks = (...extra: string[]): CreationDraft =>
    sampleWith({
      bonusSkills: [...sampleChoices().bonusSkills.slice(0, 10 - extra.length), ...extra],
    });

  it("skill-unknown, including a skill of the other era", () => {
    expect(violations(picks("Basket Weaving"))).toEqual([
      {
        code: "skill-unknown",
        path: "bonusSkills[9]",
        era: "modern",
        skill: "Basket Weaving",
      },
    ]);
    expect(codes(picks("Hacking"))).toEqual(["skill-unknown"]);
  });

  it("specialisation-missing", () => {
    expect(violations(picks("Art"))).toEqual([
      {
        code: "specialisation-missing",
        path: "bonusSkills[9]",
        skill: "Art",
      },
    ]);
    expect(codes(picks("Foreign Language (Type)"))).toEqual(["specialisation-missing"]);
    expect(
      codes(
        sampleWith({
          optionalSkills: [
            "Archeology",
            "Foreign Language",
            "Natural World",
            "Science (Chemistry)",
          ],
        }),
      ),
    ).toEqual(["specialisation-missing"]);
  });

  it("specialisation-unexpected", () => {
    expect(violations(picks("Dodge (Left)"))).toEqual([
      {
        code: "specialisation-unexpected",
        path: "bonusSkills[9]",
        skill: "Dodge",
      },
    ]);
  });

  it("unnatural-at-creation, when the campaign keeps Delta Green's rule", () => {
    const deltaGreen = { ...DEFAULT_RULE_OPTIONS, unnaturalBonusPicks: false };
    expect(violations(picks("Unnatural"), deltaGreen)).toEqual([
      {
        code: "unnatural-at-creation",
        path: "bonusSkills[9]",
      },
    ]);
  });

  it("lets a bonus pick raise Unnatural by default, as seed 000 does, lowering Max SAN", () => {
    expect(DEFAULT_RULE_OPTIONS.unnaturalBonusPicks).toBe(true);
    expect(violations(picks("Unnatural"))).toEqual([]);
    const sheet = buildProtagonist(picks("Unnatural"));
    expect(sheet.skills.find((s) => s.name === "Unnatural")?.rating).toBe(20);
    expect(sheet.derived.maxSan).toBe(79);
  });

  it("skill-above-cap points at the pick that went over", () => {
    expect(violations(picks("Search"))).toEqual([
      {
        code: "skill-above-cap",
        path: "bonusSkills[9]",
        skill: "Search",
        rating: 100,
        cap: 80,
        excess: 1,
      },
    ]);
    expect(violations(picks("Research", "Research"))[0]).toMatchObject({
      skill: "Research",
      rating: 110,
      cap: 80,
      excess: 2,
    });
  });

  it("skill-above-cap honours the campaign's cap", () => {
    const options = { ...DEFAULT_RULE_OPTIONS, creationSkillCap: 60 };
    expect(violations(sampleChoices(), options)).toMatchObject([
      { skill: "Persuade", rating: 80, cap: 60, excess: 1 },
      { skill: "Search", rating: 80, cap: 60, excess: 1 },
    ]);
    // Research 70% comes from the archetype alone: not the player's doing, so not a violation.
    expect(
      violations(sampleChoices(), options).some((v) => "skill" in v && v.skill === "Research"),
    ).toBe(false);
  });

  it("skill-above-cap from adversity picks alone", () => {
    const draft = sampleWith({
      harshness: "very-harsh",
      archetypeId: "doctor-nurse",
      archetypeSpecialisations: { Science: "Biology" },
      optionalSkills: ["Pharmacy", "Forensics"],
      adversitySkills: ["First Aid", "First Aid"],
      bonds: [...sampleChoices().bonds, { name: "Ward 7 nurses", kind: "community" }],
    });
    expect(violations(draft)).toEqual([
      {
        code: "skill-above-cap",
        path: "bonusSkills[9]",
        skill: "First Aid",
        rating: 110,
        cap: 80,
        excess: 2,
      },
    ]);
    const noBonus = { ...draft, bonusSkills: [...(draft.bonusSkills ?? []).slice(0, 9), "Swim"] };
    expect(violations(noBonus)).toEqual([
      {
        code: "skill-above-cap",
        path: "adversitySkills[1]",
        skill: "First Aid",
        rating: 90,
        cap: 80,
        excess: 1,
      },
    ]);
  });

  it("bonus-count: ten picks, counting trade-ins and extra picks", () => {
    expect(
      violations(sampleWith({ bonusSkills: sampleChoices().bonusSkills.slice(0, 9) })),
    ).toEqual([
      {
        code: "bonus-count",
        path: "bonusSkills",
        budget: {
          standard: 10,
          extraForZeroResources: 0,
          extraForBondsAtOne: 0,
          allowance: 10,
          skillPicks: 9,
          resourcesTradeIns: 0,
          communityBondTradeIns: 0,
          used: 9,
          remaining: 1,
        },
      },
    ]);
    expect(
      violations(sampleWith({ bonusSkills: [...sampleChoices().bonusSkills, "Swim"] }))[0],
    ).toMatchObject({
      budget: {
        standard: 10,
        extraForZeroResources: 0,
        extraForBondsAtOne: 0,
        allowance: 10,
        skillPicks: 11,
        resourcesTradeIns: 0,
        communityBondTradeIns: 0,
        used: 11,
        remaining: -1,
      },
    });
    const extras = sampleWith({
      resources: { tradeInPicks: 0, zero: true },
      bonds: [
        { name: "Tom", kind: "individual" },
        { name: "The faculty", kind: "community", setToOne: true },
      ],
    });
    expect(violations(extras)[0]).toMatchObject({
      budget: {
        standard: 10,
        extraForZeroResources: 1,
        extraForBondsAtOne: 1,
        allowance: 12,
        skillPicks: 10,
        resourcesTradeIns: 0,
        communityBondTradeIns: 0,
        used: 10,
        remaining: 2,
      },
    });
    const traded = sampleWith({ resources: { tradeInPicks: 1, zero: false } });
    expect(violations(traded)[0]).toMatchObject({
      budget: {
        standard: 10,
        extraForZeroResources: 0,
        extraForBondsAtOne: 0,
        allowance: 10,
        skillPicks: 10,
        resourcesTradeIns: 1,
        communityBondTradeIns: 0,
        used: 11,
        remaining: -1,
      },
    });
  });
});

describe("Resources and Bonds", () => {
  const nine = sampleChoices().bonusSkills.slice(0, 9);

  it("resources-trade-in-invalid", () => {
    expect(violations(sampleWith({ resources: { tradeInPicks: -1, zero: false } }))).toEqual([
      {
        code: "resources-trade-in-invalid",
        path: "resources.tradeInPicks",
        picks: -1,
      },
    ]);
  });

  it("resources-conflict: Resources 0 cannot be combined with Resources trade-ins", () => {
    const draft = sampleWith({ resources: { tradeInPicks: 1, zero: true }, bonusSkills: nine });
    expect(violations(draft)).toContainEqual({
      code: "resources-conflict",
      path: "resources",
    });
  });

  it("bond-count", () => {
    expect(violations(sampleWith({ bonds: sampleChoices().bonds.slice(0, 1) }))).toEqual([
      {
        code: "bond-count",
        path: "bonds",
        archetype: "Researcher / Scientist",
        wanted: 2,
        described: 1,
      },
    ]);
    const three = sampleWith({
      bonds: [...sampleChoices().bonds, { name: "Ruth", kind: "individual" }],
    });
    expect(codes(three)).toEqual(["bond-count"]);
  });

  it("bond-name-missing", () => {
    const draft = sampleWith({
      bonds: [{ name: "", kind: "individual" }, FACULTY],
    });
    expect(violations(draft)).toEqual([
      {
        code: "bond-name-missing",
        path: "bonds[0].name",
        number: 1,
      },
    ]);
  });

  it("bond-trade-in-invalid", () => {
    const draft = sampleWith({
      bonds: [TOM, { name: "The faculty", kind: "community", tradeInPicks: 0.5 }],
    });
    expect(violations(draft)).toEqual([
      {
        code: "bond-trade-in-invalid",
        path: "bonds[1].tradeInPicks",
        bond: { name: "The faculty", number: 2 },
        picks: 0.5,
      },
    ]);
  });

  it("bond-trade-in-individual", () => {
    const draft = sampleWith({
      bonusSkills: nine,
      bonds: [{ name: "Tom", kind: "individual", tradeInPicks: 1 }, FACULTY],
    });
    expect(violations(draft)).toContainEqual({
      code: "bond-trade-in-individual",
      path: "bonds[0]",
      bond: { name: "Tom", number: 1 },
    });
    const atOne = sampleWith({
      bonds: [{ name: "Tom", kind: "individual", setToOne: true }, FACULTY],
    });
    expect(codes(atOne)).toEqual(["bond-trade-in-individual"]);
  });

  it("bond-conflict: a Community Bond at 1 cannot also take trade-ins", () => {
    const draft = sampleWith({
      bonds: [TOM, { name: "The faculty", kind: "community", setToOne: true, tradeInPicks: 1 }],
    });
    expect(violations(draft)).toEqual([
      {
        code: "bond-conflict",
        path: "bonds[1]",
        bond: { name: "The faculty", number: 2 },
      },
    ]);
  });

  it("bond-above-max: a Community Bond stops at 20", () => {
    const draft = sampleWith({
      bonusSkills: sampleChoices().bonusSkills.slice(0, 1),
      bonds: [TOM, { name: "The faculty", kind: "community", tradeInPicks: 9 }],
    });
    expect(violations(draft)).toEqual([
      {
        code: "bond-above-max",
        path: "bonds[1].tradeInPicks",
        bond: { name: "The faculty", number: 2 },
        score: 24,
        max: 20,
        over: 2,
      },
    ]);
  });
});

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

describe("coverage of the validator", () => {
  it("exercises every violation code above", () => {
    expect(CREATION_VIOLATION_CODES.filter((code) => !seen.has(code))).toEqual([]);
  });
});
