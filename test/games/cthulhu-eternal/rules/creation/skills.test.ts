import { rulesWords } from "../fixtures.js";
import { describe, expect, it } from "vitest";
import {
  ADVERSITY_SKILLS,
  FUTURE_SKILLS,
  MODERN_SKILLS,
  baseRating,
  formatSkillName,
  parseSkillName,
  canonicalSkillText,
  resolveSkill,
  skillCatalog,
  skillKey,
  skillsFor,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import type { SkillDefinition } from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { isRulesError } from "../../../../../src/games/cthulhu-eternal/rules/errors.js";

/** The skills notes' Modern table, as "Name base" ("(Type)" marks a skill that takes one). */
const MODERN_TABLE = [
  "Administration 10",
  "Alertness 20",
  "Anthropology 0",
  "Appraise 10",
  "Archeology 0",
  "Art (Type) 0",
  "Athletics 30",
  "Charm 20",
  "Craft (Type) 0",
  "Disguise 10",
  "Dodge 30",
  "Drive 20",
  "Firearms 20",
  "First Aid 10",
  "Foreign Language (Type) 0",
  "Forensics 0",
  "Harangue 10",
  "Heavy Machinery 10",
  "History 10",
  "Insight 10",
  "Law (Type) 0",
  "Medicine 0",
  "Melee Weapons 30",
  "Military Training (Type) 0",
  "Natural World 10",
  "Navigate 10",
  "Occult 10",
  "Persuade 20",
  "Pharmacy 0",
  "Pilot (Type) 0",
  "Psychoanalyze 10",
  "Regional Lore (Type) 0",
  "Research 10",
  "Ride 10",
  "Science (Type) 0",
  "Search 20",
  "Stealth 10",
  "Surgery 0",
  "Survival (Type) 10",
  "Swim 20",
  "Technology Use 0",
  "Track 10",
  "Unarmed Combat 20",
  "Unnatural 0",
];

/** Modern minus five skills, Firearms renamed, six added (skills notes). */
const FUTURE_TABLE = [
  "Administration 10",
  "Alertness 20",
  "Appraise 10",
  "Art (Type) 0",
  "Artificial Intelligence 0",
  "Athletics 30",
  "Charm 20",
  "Cosmology 10",
  "Craft (Type) 0",
  "Disguise 10",
  "Dodge 30",
  "Drive 20",
  "Firearms/Beam Weapons 20",
  "First Aid 10",
  "Foreign Language (Type) 0",
  "Forensics 0",
  "Hacking 0",
  "Harangue 10",
  "Heavy Machinery 10",
  "History 10",
  "Insight 10",
  "Law (Type) 0",
  "Medicine 0",
  "Melee Weapons 30",
  "Military Training (Type) 0",
  "Navigate 10",
  "Occult 10",
  "Persuade 20",
  "Pharmacy 0",
  "Pilot (Type) 0",
  "Planet/Station Lore (Type) 0",
  "Psychoanalyze 10",
  "Research 10",
  "Science (Type) 0",
  "Search 20",
  "Stealth 10",
  "Surgery 0",
  "Survival (Type) 10",
  "Swim 20",
  "Technology Use 0",
  "Track 10",
  "Unarmed Combat 20",
  "Unnatural 0",
  "Xenoarcheology 0",
  "Zero-G Maneuvering 0",
];

function row(definition: SkillDefinition): string {
  return `${definition.name}${definition.typed ? " (Type)" : ""} ${definition.base}`;
}

describe("skill lists and base ratings", () => {
  it("has the Modern list with every base rating", () => {
    expect(MODERN_SKILLS.map(row)).toEqual(MODERN_TABLE);
    expect(skillsFor("modern")).toBe(MODERN_SKILLS);
  });

  it("has the Future list with every base rating, alphabetical", () => {
    expect(FUTURE_SKILLS.map(row)).toEqual(FUTURE_TABLE);
    expect(skillsFor("future")).toBe(FUTURE_SKILLS);
  });

  it.each([
    ["modern", MODERN_TABLE],
    ["future", FUTURE_TABLE],
  ] as const)("baseRating(%s, …) answers each table row", (era, table) => {
    for (const line of table) {
      const match = /^(.*) (\d+)$/.exec(line);
      const name = match?.[1] ?? "";
      const base = Number(match?.[2]);
      expect(baseRating(era, name), name).toBe(base);
    }
  });

  it("gives each specialisation its skill's base, case-insensitively", () => {
    expect(baseRating("modern", "Art (Painting)")).toBe(0);
    expect(baseRating("modern", "survival (desert)")).toBe(10);
    expect(baseRating("modern", "FOREIGN LANGUAGE (French)")).toBe(0);
    expect(baseRating("future", "  planet/station lore  (Mars) ")).toBe(0);
    expect(baseRating("future", "firearms/beam weapons")).toBe(20);
    expect(baseRating("modern", "unnatural")).toBe(0);
  });

  it("refuses unknown skills and skills of the other era", () => {
    const attempt = (): number => baseRating("modern", "Hacking");
    expect(rulesWords(attempt)).toMatch(/no skill called "Hacking"/);
    try {
      attempt();
    } catch (error) {
      expect(isRulesError(error) && error.code).toBe("unknown-skill");
    }
    expect(() => baseRating("future", "Ride")).toThrow();
    expect(() => baseRating("future", "Firearms")).toThrow();
  });

  it("accepts GM-defined skills, which may also replace a base", () => {
    const custom: SkillDefinition[] = [
      { name: "Seamanship", base: 10, typed: false },
      { name: "Swim", base: 40, typed: false },
    ];
    expect(baseRating("modern", "seamanship", custom)).toBe(10);
    expect(baseRating("modern", "Swim", custom)).toBe(40);
    expect(skillCatalog("modern", custom).skills).toHaveLength(MODERN_SKILLS.length + 1);
  });
});

describe("skill names", () => {
  it.each([
    ["Art (Painting)", { name: "Art", specialisation: "Painting" }],
    ["Art (Type)", { name: "Art", specialisation: null }],
    ["Art (type)", { name: "Art", specialisation: null }],
    ["Art ()", { name: "Art", specialisation: null }],
    ["Art", { name: "Art", specialisation: null }],
    [
      "  Foreign   Language ( Old  French ) ",
      { name: "Foreign Language", specialisation: "Old French" },
    ],
    ["Firearms/Beam Weapons", { name: "Firearms/Beam Weapons", specialisation: null }],
    ["Planet/Station Lore (Luna)", { name: "Planet/Station Lore", specialisation: "Luna" }],
  ])("parses %j", (text, parsed) => {
    expect(parseSkillName(text)).toEqual(parsed);
  });

  it("keys skills case- and spacing-insensitively", () => {
    expect(skillKey("Art (Painting)")).toBe("art (painting)");
    expect(skillKey(" art  (PAINTING)")).toBe(skillKey("Art (Painting)"));
    expect(skillKey("Art (Type)")).toBe("art");
    expect(skillKey("Art (Painting)")).not.toBe(skillKey("Art (Sculpture)"));
    expect(formatSkillName("Art", "Painting")).toBe("Art (Painting)");
    expect(formatSkillName("Dodge", null)).toBe("Dodge");
  });

  it("resolves references, saying why one cannot be a sheet skill", () => {
    const catalog = skillCatalog("modern");
    expect(resolveSkill(catalog, "art (Painting)")).toMatchObject({
      ok: true,
      skill: { key: "art (painting)", name: "Art (Painting)", specialisation: "Painting" },
    });
    expect(resolveSkill(catalog, "dodge")).toMatchObject({ ok: true, skill: { name: "Dodge" } });
    expect(resolveSkill(catalog, "Art")).toEqual({ ok: false, problem: "specialisation-missing" });
    expect(resolveSkill(catalog, "Art (Type)")).toEqual({
      ok: false,
      problem: "specialisation-missing",
    });
    expect(resolveSkill(catalog, "Dodge (Left)")).toEqual({
      ok: false,
      problem: "specialisation-unexpected",
    });
    expect(resolveSkill(catalog, "Basket Weaving")).toEqual({
      ok: false,
      problem: "skill-unknown",
    });
  });
});

describe("skill names as players type them", () => {
  const catalog = skillCatalog("modern");

  it("writes a known skill the catalog's way and its specialisation in title case", () => {
    expect(canonicalSkillText(catalog, "survival (urban)")).toBe("Survival (Urban)");
    expect(canonicalSkillText(catalog, "  regional lore ( new   england )")).toBe(
      "Regional Lore (New England)",
    );
    expect(canonicalSkillText(catalog, "foreign language (old-norse)")).toBe(
      "Foreign Language (Old-Norse)",
    );
    expect(canonicalSkillText(catalog, "regional lore (isle of man)")).toBe(
      "Regional Lore (Isle of Man)",
    );
    expect(canonicalSkillText(catalog, "occult")).toBe("Occult");
  });

  it("keeps capitals the player gave inside a word, and unknown skills as typed", () => {
    expect(canonicalSkillText(catalog, "law (FBI procedure)")).toBe("Law (FBI Procedure)");
    expect(canonicalSkillText(catalog, "craft (mcAllister chairs)")).toBe(
      "Craft (McAllister Chairs)",
    );
    expect(canonicalSkillText(catalog, "basket weaving")).toBe("basket weaving");
  });

  it("puts the same spelling on the sheet", () => {
    expect(resolveSkill(catalog, "survival (urban)")).toMatchObject({
      ok: true,
      skill: { name: "Survival (Urban)", key: "survival (urban)", specialisation: "Urban" },
    });
  });
});

describe("adversity skills", () => {
  it("uses seed 000's Modern list", () => {
    expect(ADVERSITY_SKILLS.modern).toEqual([
      "First Aid",
      "Military Training (Type)",
      "Regional Lore (Type)",
      "Survival (Type)",
    ]);
  });

  it("defaults Future to the Modern list with Planet/Station Lore for Regional Lore", () => {
    expect(ADVERSITY_SKILLS.future).toEqual([
      "First Aid",
      "Military Training (Type)",
      "Planet/Station Lore (Type)",
      "Survival (Type)",
    ]);
  });

  it("names only skills of its era", () => {
    for (const era of ["modern", "future"] as const) {
      for (const name of ADVERSITY_SKILLS[era]) {
        expect(skillCatalog(era).find(name), name).toBeDefined();
      }
    }
  });
});
