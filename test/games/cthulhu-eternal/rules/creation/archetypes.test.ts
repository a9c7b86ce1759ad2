import { rulesWords } from "../fixtures.js";
import { rulesErrorText } from "../../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import { describe, expect, it } from "vitest";
import {
  FUTURE_ARCHETYPES,
  MODERN_ARCHETYPES,
  archetypeSchema,
  archetypesFor,
  findArchetype,
  parseArchetype,
  resolveSkill,
  skillCatalog,
  validateCustomArchetype,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import type { Archetype } from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import {
  isRulesError,
  type RulesError,
} from "../../../../../src/games/cthulhu-eternal/rules/errors.js";
import { ERAS } from "../../../../../src/games/cthulhu-eternal/rules/types.js";

/**
 * Every archetype of seed 000, written out a second time in a compact form so each number is
 * pinned: id | name | recommended stats | archetypal skills | choose N: list | resources | bonds.
 */
const MODERN_SPEC = [
  "artist-craftsperson | Artist / Craftsperson | DEX | Appraise 40; Art (Type) 60; Craft (Type) 40; Charm 60; Insight 60; Persuade 60; Search 60 | choose 5: Administration 50; Alertness 60; Anthropology 40; Athletics 70; Craft (Type) 40; Harangue 50; Heavy Machinery 50; Regional Lore (Type) 40; Technology Use 40 | resources 3 | bonds 3",
  "author-blogger | Author / Blogger | INT, CHA | Alertness 50; Art (Type) 50; Insight 60; Research 60; Search 60; Technology Use 20 | choose 4: Anthropology 40; Archeology 40; Foreign Language (Type) 40; Harangue 50; History 50; Law (Type) 40; Occult 50; Regional Lore (Type) 40; Science (Type) 40 | resources 4 | bonds 4",
  "conspiracy-theorist-expert | Conspiracy Theorist / Expert | CHA, POW | Craft (Type) 40; Firearms 50; First Aid 40; Natural World 50; Navigate 50; Search 50; Survival (Type) 50; Track 50 | choose 4: Firearms 60; Heavy Machinery 50; History 50; Melee Weapons 70; Occult 50; Pilot (Type) 40; Ride 50; Survival (Type) 50; Unarmed Combat 60 | resources 3 | bonds 4",
  "criminal | Criminal | DEX | Alertness 40; Appraise 40; Craft (Type) 40; Harangue 40; Law (Type) 30; Stealth 60; Search 50 | choose 3: Administration 50; Art (Type) 40; Athletics 70; Charm 60; Dodge 70; Firearms 60; Insight 50; Melee Weapons 70; Technology Use 40 | resources 5 | bonds 4",
  "doctor-nurse | Doctor / Nurse | INT | Administration 30; Charm 40; First Aid 50; Insight 50; Medicine 50; Science (Type) 40; Search 60; Surgery 40; Technology Use 30 | choose 2: Foreign Language (Type) 40; Military Training (Type) 40; Forensics 40; Pharmacy 40; Psychoanalyze 50; Research 50; Science (Type) 40 | resources 5 | bonds 3",
  "historian-genealogist | Historian / Genealogist | INT, CHA | Administration 50; Anthropology 50; Archeology 50; History 70; Research 60; Technology Use 30 | choose 3: Art (Type) 40; Craft (Type) 40; Foreign Language (Type) 40; Law (Type) 40; Military Training (Type) 40; Persuade 60; Regional Lore (Type) 40; Search 60 | resources 4 | bonds 4",
  "law-enforcer-agent | Law Enforcer / Agent | CON, CHA | Alertness 50; Athletics 60; Drive 50; Firearms 60; Harangue 60; Insight 50; Law (Type) 40; Search 50 | choose 4: Disguise 50; Dodge 70; First Aid 50; Forensics 40; Melee Weapons 70; Persuade 60; Regional Lore (Type) 40; Stealth 50; Technology Use 40 | resources 4 | bonds 3",
  "librarian-archivist | Librarian / Archivist | INT | Administration 60; Alertness 50; Appraise 50; Research 60; Search 50; Technology Use 50 | choose 5: Anthropology 40; Archeology 40; Art (Type) 40; Foreign Language (Type) 40; History 50; Law (Type) 40; Occult 50; Regional Lore (Type) 40 | resources 4 | bonds 3",
  "researcher-scientist | Researcher / Scientist | INT | Administration 50; Persuade 60; Research 70; Science (Type) 70; Search 60; Technology Use 40 | choose 4: Anthropology 40; Archeology 40; Art (Type) 40; Firearms 60; Foreign Language (Type) 40; Heavy Machinery 50; Military Training (Type) 40; Natural World 50; Psychoanalyze 50; Science (Type) 40 | resources 5 | bonds 2",
  "technologist | Technologist | INT, POW | Administration 50; Alertness 50; Art (Type) 40; Insight 50; Persuade 50; Search 50; Technology Use 80 | choose 4: Appraise 50; Craft (Type) 40; Firearms 60; Heavy Machinery 50; Military Training (Type) 40; Navigate 50; Pilot (Type) 40; Research 50 | resources 4 | bonds 3",
  "white-collar-worker | White-Collar Worker | INT, CHA | Administration 60; Charm 50; Insight 50; Persuade 50; Research 40; Technology Use 60 | choose 4: Appraise 50; Art (Type) 40; First Aid 50; Foreign Language (Type) 40; Harangue 50; History 50; Military Training (Type) 40; Occult 50 | resources 5 | bonds 3",
];

const FUTURE_SPEC = [
  "artist-craftsperson | Artist / Craftsperson | DEX | Appraise 40; Art (Type) 60; Craft (Type) 40; Charm 60; Insight 60; Persuade 60; Search 60 | choose 5: Administration 50; Alertness 60; Artificial Intelligence 40; Athletics 70; Craft (Type) 40; Harangue 50; Heavy Machinery 50; Planet/Station Lore (Type) 40; Technology Use 40 | resources 3 | bonds 3",
  "author-vlogger-memlogger | Author / Vlogger / Memlogger | INT, CHA | Alertness 50; Art (Type) 50; Insight 60; Research 60; Search 60; Technology Use 20 | choose 4: Cosmology 50; Foreign Language (Type) 40; Harangue 50; History 50; Law (Type) 40; Occult 50; Planet/Station Lore (Type) 40; Science (Type) 40; Xenoarcheology 40 | resources 4 | bonds 4",
  "criminal | Criminal | DEX | Alertness 40; Appraise 40; Craft (Type) 40; Harangue 40; Law (Type) 30; Stealth 60; Search 50 | choose 3: Art (Type) 40; Artificial Intelligence 40; Athletics 70; Charm 60; Dodge 70; Firearms/Beam Weapons 60; Hacking 40; Insight 50; Melee Weapons 70; Technology Use 40 | resources 5 | bonds 4",
  "doctor-nurse | Doctor / Nurse | INT | Administration 30; Charm 40; First Aid 50; Insight 50; Medicine 50; Science (Type) 40; Search 60; Surgery 40; Technology Use 30 | choose 2: Foreign Language (Type) 40; Military Training (Type) 40; Forensics 40; Pharmacy 40; Psychoanalyze 50; Research 50; Science (Type) 40 | resources 5 | bonds 3",
  "explorer-pioneer | Explorer / Pioneer | CHA, POW | Cosmology 50; Craft (Type) 40; Firearms/Beam Weapons 50; First Aid 40; Navigate 50; Search 50; Survival (Type) 50; Track 50 | choose 4: Firearms/Beam Weapons 60; Hacking 40; Heavy Machinery 50; History 50; Melee Weapons 70; Occult 50; Pilot (Type) 40; Unarmed Combat 60; Xenoarcheology 40; Zero-G Maneuvering 40 | resources 3 | bonds 4",
  "historian-genealogist | Historian / Genealogist | INT, CHA | Administration 50; History 70; Planet/Station Lore (Type) 50; Research 60; Technology Use 30; Xenoarcheology 50 | choose 3: Art (Type) 40; Artificial Intelligence 40; Craft (Type) 40; Foreign Language (Type) 40; Law (Type) 40; Military Training (Type) 40; Persuade 60; Search 60 | resources 4 | bonds 4",
  "law-enforcer-agent | Law Enforcer / Agent | CON, CHA | Alertness 50; Athletics 60; Drive 50; Firearms/Beam Weapons 60; Harangue 60; Insight 50; Law (Type) 40; Search 50 | choose 4: Disguise 50; Dodge 70; First Aid 50; Forensics 40; Hacking 40; Melee Weapons 70; Persuade 60; Planet/Station Lore (Type) 40; Stealth 50; Technology Use 40 | resources 4 | bonds 3",
  "librarian-archivist | Librarian / Archivist | INT | Administration 60; Alertness 50; Appraise 50; Research 60; Search 50; Technology Use 50 | choose 5: Art (Type) 40; Artificial Intelligence 40; Cosmology 50; Foreign Language (Type) 40; History 50; Law (Type) 40; Occult 50; Planet/Station Lore (Type) 40; Xenoarcheology 40 | resources 4 | bonds 3",
  "researcher-scientist | Researcher / Scientist | INT | Administration 50; Artificial Intelligence 30; Persuade 60; Research 60; Science (Type) 60; Search 50; Technology Use 40 | choose 4: Art (Type) 40; Cosmology 50; Foreign Language (Type) 40; Hacking 40; Heavy Machinery 50; Military Training (Type) 40; Psychoanalyze 50; Science (Type) 40; Xenoarcheology 40 | resources 5 | bonds 2",
  "spacer | Spacer | INT, POW | Administration 50; Cosmology 30; Craft (Type) 40; Insight 50; Navigate 30; Pilot (Type) 40; Search 50; Technology Use 60 | choose 4: Appraise 50; Artificial Intelligence 40; Craft (Type) 40; Firearms/Beam Weapons 60; Military Training (Type) 40; Planet/Station Lore (Type) 40; Research 50; Survival (Type) 50; Zero-G Maneuvering 40 | resources 4 | bonds 3",
  "technologist | Technologist | INT, POW | Administration 50; Alertness 50; Art (Type) 40; Artificial Intelligence 50; Persuade 40; Search 50; Technology Use 80 | choose 4: Appraise 50; Cosmology 50; Craft (Type) 40; Firearms/Beam Weapons 60; Insight 50; Military Training (Type) 40; Navigate 50; Pilot (Type) 40; Research 50 | resources 4 | bonds 3",
  "white-collar-worker | White-Collar Worker | INT, CHA | Administration 60; Charm 50; Insight 50; Persuade 50; Research 40; Technology Use 60 | choose 4: Appraise 50; Art (Type) 40; Artificial Intelligence 40; Foreign Language (Type) 40; Harangue 50; History 50; Military Training (Type) 40; Occult 50 | resources 5 | bonds 3",
];

function render(archetype: Archetype): string {
  const skills = (list: Archetype["skills"]): string =>
    list.map((s) => `${s.skill} ${s.rating}`).join("; ");
  return [
    archetype.id,
    archetype.name,
    archetype.recommendedStats.join(", "),
    skills(archetype.skills),
    `choose ${archetype.optionalSkillCount}: ${skills(archetype.optionalSkills)}`,
    `resources ${archetype.resources}`,
    `bonds ${archetype.bonds}`,
  ].join(" | ");
}

describe("archetype data (seed 000)", () => {
  it("has every Modern archetype with the seed's numbers, in the seed's order", () => {
    expect(MODERN_ARCHETYPES.map(render)).toEqual(MODERN_SPEC);
  });

  it("has every Future archetype with the seed's numbers, in the seed's order", () => {
    expect(FUTURE_ARCHETYPES.map(render)).toEqual(FUTURE_SPEC);
  });

  it("counts 11 Modern and 12 Future archetypes, each era and id as expected", () => {
    expect(MODERN_ARCHETYPES).toHaveLength(11);
    expect(FUTURE_ARCHETYPES).toHaveLength(12);
    expect(MODERN_ARCHETYPES.every((a) => a.era === "modern")).toBe(true);
    expect(FUTURE_ARCHETYPES.every((a) => a.era === "future")).toBe(true);
    for (const list of [MODERN_ARCHETYPES, FUTURE_ARCHETYPES]) {
      expect(new Set(list.map((a) => a.id)).size).toBe(list.length);
    }
  });

  it.each([
    ["modern", "artist-craftsperson", 5, 3, 3],
    ["modern", "author-blogger", 4, 4, 4],
    ["modern", "conspiracy-theorist-expert", 4, 3, 4],
    ["modern", "criminal", 3, 5, 4],
    ["modern", "doctor-nurse", 2, 5, 3],
    ["modern", "historian-genealogist", 3, 4, 4],
    ["modern", "law-enforcer-agent", 4, 4, 3],
    ["modern", "librarian-archivist", 5, 4, 3],
    ["modern", "researcher-scientist", 4, 5, 2],
    ["modern", "technologist", 4, 4, 3],
    ["modern", "white-collar-worker", 4, 5, 3],
    ["future", "artist-craftsperson", 5, 3, 3],
    ["future", "author-vlogger-memlogger", 4, 4, 4],
    ["future", "criminal", 3, 5, 4],
    ["future", "doctor-nurse", 2, 5, 3],
    ["future", "explorer-pioneer", 4, 3, 4],
    ["future", "historian-genealogist", 3, 4, 4],
    ["future", "law-enforcer-agent", 4, 4, 3],
    ["future", "librarian-archivist", 5, 4, 3],
    ["future", "researcher-scientist", 4, 5, 2],
    ["future", "spacer", 4, 4, 3],
    ["future", "technologist", 4, 4, 3],
    ["future", "white-collar-worker", 4, 5, 3],
  ] as const)("%s %s: choose %i, Resources %i, %i Bonds", (era, id, choose, resources, bonds) => {
    const archetype = findArchetype(era, id);
    expect(archetype).toBeDefined();
    expect(archetype?.optionalSkillCount).toBe(choose);
    expect(archetype?.resources).toBe(resources);
    expect(archetype?.bonds).toBe(bonds);
  });

  it.each(ERAS)("names only %s skills, with (Type) only on skills that take one", (era) => {
    const catalog = skillCatalog(era);
    for (const archetype of archetypesFor(era)) {
      for (const granted of [...archetype.skills, ...archetype.optionalSkills]) {
        const resolution = resolveSkill(catalog, granted.skill);
        const acceptable = resolution.ok || resolution.problem === "specialisation-missing";
        expect(acceptable, `${archetype.name}: ${granted.skill}`).toBe(true);
      }
      expect(archetype.optionalSkillCount).toBeLessThanOrEqual(archetype.optionalSkills.length);
    }
  });

  it("passes its own schema, so built-in and custom archetypes are the same shape", () => {
    for (const archetype of [...MODERN_ARCHETYPES, ...FUTURE_ARCHETYPES]) {
      expect(archetypeSchema.safeParse(archetype).success, archetype.name).toBe(true);
    }
  });
});

const seaCaptain = {
  id: "sea-captain",
  name: "Sea Captain",
  era: "modern",
  recommendedStats: ["CON", "POW"],
  skills: [
    { skill: "Navigate", rating: 60 },
    { skill: "Pilot (Type)", rating: 50 },
    { skill: "Swim", rating: 50 },
  ],
  optionalSkillCount: 2,
  optionalSkills: [
    { skill: "Firearms", rating: 40 },
    { skill: "Harangue", rating: 50 },
    { skill: "Foreign Language (Type)", rating: 40 },
  ],
  resources: 6,
  bonds: 3,
};

describe("custom archetypes", () => {
  it("merges a valid GM archetype into its era only", () => {
    const modern = archetypesFor("modern", [seaCaptain]);
    expect(modern).toHaveLength(12);
    expect(modern.at(-1)?.name).toBe("Sea Captain");
    expect(archetypesFor("future", [seaCaptain])).toHaveLength(12);
    expect(findArchetype("modern", "Sea Captain", [seaCaptain])?.id).toBe("sea-captain");
  });

  it("lets a custom archetype with a built-in id replace it (a GM adjustment)", () => {
    const tweaked = { ...seaCaptain, id: "criminal", name: "Criminal (our table)", bonds: 5 };
    const modern = archetypesFor("modern", [tweaked]);
    expect(modern).toHaveLength(11);
    expect(findArchetype("modern", "criminal", [tweaked])?.bonds).toBe(5);
  });

  it("fills recommended stats when left out", () => {
    const { recommendedStats: _, ...withoutStats } = seaCaptain;
    expect(parseArchetype(withoutStats).recommendedStats).toEqual([]);
  });

  it("can use GM-defined skills", () => {
    const withCustomSkill = { ...seaCaptain, skills: [{ skill: "Seamanship", rating: 60 }] };
    expect(rulesWords(() => archetypesFor("modern", [withCustomSkill]))).toMatch(
      /Seamanship is not a modern skill/,
    );
    const custom = archetypesFor(
      "modern",
      [withCustomSkill],
      [{ name: "Seamanship", base: 10, typed: false }],
    );
    expect(custom.some((a) => a.id === "sea-captain")).toBe(true);
  });

  it.each([
    ["a bad id", { ...seaCaptain, id: "Sea Captain" }, /`id`: use lower-case words/],
    [
      "a rating over 99",
      { ...seaCaptain, skills: [{ skill: "Swim", rating: 120 }] },
      /the `rating` of `skills` entry 1 must be/,
    ],
    ["an unknown era", { ...seaCaptain, era: "jazz" }, /era/],
    [
      "the same skill twice",
      {
        ...seaCaptain,
        skills: [
          { skill: "Swim", rating: 50 },
          { skill: "swim", rating: 60 },
        ],
      },
      /swim is listed twice/,
    ],
    [
      "too few optional skills",
      { ...seaCaptain, optionalSkillCount: 4 },
      /asks for 4 optional skills but lists only 3/,
    ],
    [
      "a skill of another era",
      { ...seaCaptain, skills: [{ skill: "Hacking", rating: 40 }] },
      /Hacking is not a modern skill/,
    ],
    [
      "a specialisation on an untyped skill",
      { ...seaCaptain, skills: [{ skill: "Swim (Ocean)", rating: 40 }] },
      /Swim \(Ocean\) does not take a specialisation/,
    ],
    // A list in place of text: its type is the problem, not its length too.
    ["a name that is a list", { ...seaCaptain, name: [] }, /: `name` must be text\.$/],
  ])("rejects %s with a RulesError that says why", (_label, input, message) => {
    let caught: unknown;
    try {
      validateCustomArchetype(input);
    } catch (error) {
      caught = error;
    }
    expect(isRulesError(caught)).toBe(true);
    expect(isRulesError(caught) && caught.code).toBe("invalid-archetype");
    expect(rulesErrorText(caught as RulesError)).toMatch(message);
  });
});
