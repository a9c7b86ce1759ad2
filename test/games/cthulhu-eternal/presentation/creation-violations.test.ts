/**
 * The creation rules' violations in the players' words: each code's facts give the same English
 * the rules once wrote themselves, and every code has its words (skills: creation-skill-violations).
 */
import { describe, expect, it } from "vitest";
import {
  CREATION_VIOLATION_CODES,
  type CreationViolation,
  validateCreation,
} from "../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import {
  CREATION_VIOLATION_TEXT,
  archetypeProblemText,
  creationAdviceText,
  creationViolationText,
} from "../../../../src/games/cthulhu-eternal/presentation/creation-violations.js";
import { sampleChoices } from "../rules/creation/sample.js";
import { SKILL_VIOLATION_TEXT } from "../../../../src/games/cthulhu-eternal/presentation/creation-skill-violations.js";

const WORDED: readonly (readonly [CreationViolation, string])[] = [
  [{ code: "name-missing", path: "name" }, "Give your Protagonist a name."],
  [{ code: "stat-missing", path: "stats.assignment.DEX", stat: "DEX" }, "DEX has no value yet."],
  [{ code: "era-missing", path: "era" }, "Choose the era of your campaign: Modern or Future."],
  [
    { code: "harshness-missing", path: "harshness" },
    "Agree with your GM how harsh your upbringing was: Normal, Harsh or Very Harsh.",
  ],
  [
    { code: "harsh-pick-missing", path: "harshBonusStat" },
    "A Harsh upbringing adds 1 to STR or CON: choose which.",
  ],
  [
    { code: "harsh-pick-not-applicable", path: "harshBonusStat", harshness: "normal" },
    "A Normal upbringing gives no STR or CON bonus; remove that choice.",
  ],
  [
    { code: "stats-missing", path: "stats" },
    "Choose how to make your stats: roll 4D6 (drop the lowest) six times, divide 72 points, or use an assignable set.",
  ],
  [
    {
      code: "stat-out-of-range",
      path: "stats.assignment.STR",
      stat: "STR",
      value: 2,
      min: 3,
      max: 18,
    },
    "STR is 2; each stat must be a whole number from 3 to 18 (before any harsh-upbringing bonus).",
  ],
  [
    {
      code: "stat-out-of-range",
      path: "stats.assignment.DEX",
      stat: "DEX",
      value: 19,
      min: 3,
      max: 18,
    },
    "DEX is 19; each stat must be a whole number from 3 to 18 (before any harsh-upbringing bonus).",
  ],
  [
    { code: "stat-total", path: "stats.assignment", kind: "exact", total: 70, required: 72 },
    "Your stats add up to 70; they must add up to exactly 72 (2 more to place).",
  ],
  [
    { code: "stat-set-unknown", path: "stats.set", set: "balanced" },
    'There is no assignable set "balanced"; choose Well-Rounded, Focused or Highly Focused.',
  ],
  [
    {
      code: "stat-not-from-set",
      path: "stats.assignment",
      setName: "Well-Rounded",
      setValues: [13, 13, 12, 12, 11, 11],
      values: [10, 11, 10, 15, 14, 12],
    },
    "With the Well-Rounded set, your stats must use 13, 13, 12, 12, 11, 11, each once; you have 15, 14, 12, 11, 10, 10.",
  ],
  [
    {
      code: "stat-rolls-invalid",
      path: "stats.rolls",
      rolls: [12, 12, 12, 12, 19],
      min: 3,
      max: 18,
    },
    "Rolled stats need six totals of 4D6 (drop the lowest), each from 3 to 18; got 12, 12, 12, 12, 19.",
  ],
  [
    {
      code: "stat-not-from-rolls",
      path: "stats.assignment",
      rolls: [16, 8, 12, 13, 9, 14],
      values: [16, 16, 12, 13, 9, 14],
    },
    "Your stats must use your rolls (16, 14, 13, 12, 9, 8), each once; you have 16, 16, 14, 13, 12, 9.",
  ],
  [
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
    "You have 10 bonus picks and have used 9 (9 on skills, 0 traded in): 1 still to spend on skills or trade in before play.",
  ],
  [
    { code: "resources-trade-in-invalid", path: "resources.tradeInPicks", picks: -1 },
    "Trade in a whole number of picks (0 or more) for Resources, not -1.",
  ],
  [
    { code: "resources-conflict", path: "resources" },
    "Resources cannot be both set to 0 (for an extra pick) and raised with traded picks; choose one.",
  ],
  [
    {
      code: "bond-count",
      path: "bonds",
      archetype: "Researcher / Scientist",
      wanted: 2,
      described: 1,
    },
    "Researcher / Scientist has 2 Bonds; you have described 1.",
  ],
  [
    { code: "bond-name-missing", path: "bonds[0].name", number: 1 },
    'Give Bond 1 a name, such as "My sister Ana" or "St. Mary\'s congregation".',
  ],
  [
    {
      code: "bond-trade-in-invalid",
      path: "bonds[1].tradeInPicks",
      bond: { name: "The faculty", number: 2 },
      picks: 0.5,
    },
    "Trade in a whole number of picks (0 or more) for The faculty, not 0.5.",
  ],
  [
    { code: "bond-trade-in-individual", path: "bonds[0]", bond: { name: "Tom", number: 1 } },
    "Tom is an Individual Bond: it starts at your CHA, and only Community Bonds take trade-ins or start at 1.",
  ],
  [
    { code: "bond-conflict", path: "bonds[1]", bond: { name: "The faculty", number: 2 } },
    "The faculty cannot both start at 1 (for an extra pick) and be raised with traded picks; choose one.",
  ],
  [
    {
      code: "bond-above-max",
      path: "bonds[1].tradeInPicks",
      bond: { name: "The faculty", number: 2 },
      score: 24,
      max: 20,
      over: 2,
    },
    "The faculty would reach 24, but a Community Bond can be at most 20; trade in 2 picks fewer.",
  ],
  [
    {
      code: "stat-total",
      path: "stats.assignment",
      kind: "would-pass",
      total: 72,
      required: 72,
      unset: 2,
      min: 3,
    },
    "Your stats so far add up to 72; with 2 still to set at 3 or more, the total would pass 72.",
  ],
  [
    { code: "stat-total", path: "stats.assignment", kind: "exact", total: 75, required: 72 },
    "Your stats add up to 75; they must add up to exactly 72 (3 too many).",
  ],
  [
    {
      code: "archetype-unknown",
      path: "archetypeId",
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
    },
    'There is no "priest" archetype in the Modern era; choose one of: Artist / Craftsperson, Author / Blogger, Conspiracy Theorist / Expert, Criminal, Doctor / Nurse, Historian / Genealogist, Law Enforcer / Agent, Librarian / Archivist, Researcher / Scientist, Technologist, White-Collar Worker.',
  ],
  [
    {
      code: "bonus-count",
      path: "bonusSkills",
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
    },
    "You have 10 bonus picks but have used 11 (11 on skills, 0 traded in): 1 too many.",
  ],
  [
    {
      code: "bonus-count",
      path: "bonusSkills",
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
    },
    "You have 12 bonus picks (10 + 1 for Resources 0 + 1 for Community Bonds at 1) and have used 10 (10 on skills, 0 traded in): 2 still to spend on skills or trade in before play.",
  ],
  [
    {
      code: "bonus-count",
      path: "bonusSkills",
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
    },
    "You have 10 bonus picks but have used 11 (10 on skills, 1 traded in): 1 too many.",
  ],
  [
    {
      code: "stat-total",
      path: "stats.assignment",
      kind: "cannot-reach",
      total: 9,
      required: 72,
      unset: 3,
      max: 18,
    },
    "Your stats so far add up to 9; even at 18 each, the 3 still to set cannot bring the total to 72.",
  ],
  [
    { code: "harsh-pick-not-applicable", path: "harshBonusStat", harshness: "very-harsh" },
    "A Very Harsh upbringing adds 1 to both STR and CON; there is nothing to choose.",
  ],
  [{ code: "archetype-missing", path: "archetypeId" }, "Choose an archetype."],
  [
    { code: "bond-count", path: "bonds", archetype: "Loner", wanted: 1, described: 0 },
    "Loner has 1 Bond; you have described 0.",
  ],
  [
    {
      code: "bond-trade-in-invalid",
      path: "bonds[2].tradeInPicks",
      bond: { name: null, number: 3 },
      picks: -2,
    },
    "Trade in a whole number of picks (0 or more) for Bond 3, not -2.",
  ],
  [
    {
      code: "bond-above-max",
      path: "bonds[1].tradeInPicks",
      bond: { name: "Choir", number: 2 },
      score: 23,
      max: 20,
      over: 1,
    },
    "Choir would reach 23, but a Community Bond can be at most 20; trade in 1 pick fewer.",
  ],
];

describe("creation violations in the players' words", () => {
  it.each(WORDED)("words %o", (violation, english) => {
    expect(creationViolationText(violation)).toBe(english);
  });

  it("has words for every code, and the table above tries every code but the skills'", () => {
    expect(Object.keys(CREATION_VIOLATION_TEXT).sort()).toEqual(
      [...CREATION_VIOLATION_CODES].sort(),
    );
    const tried = new Set<string>(WORDED.map(([v]) => v.code));
    const skillCodes = new Set(Object.keys(SKILL_VIOLATION_TEXT));
    expect(
      CREATION_VIOLATION_CODES.filter((code) => !tried.has(code) && !skillCodes.has(code)),
    ).toEqual([]);
  });

  it("words what the rules find, names as given", () => {
    const draft = { ...sampleChoices(), bonusSkills: ["Basket *Weaving*"], name: "" };
    expect(validateCreation(draft).violations.map(creationViolationText)).toEqual([
      "Give your Protagonist a name.",
      'There is no Modern skill called "Basket *Weaving*"; check the spelling.',
      "You have 10 bonus picks and have used 1 (1 on skills, 0 traded in): 9 still to spend on skills or trade in before play.",
    ]);
  });

  it("words the archetype's advice", () => {
    expect(
      creationAdviceText({
        code: "recommended-stat",
        path: "stats.assignment.INT",
        archetype: "Researcher / Scientist",
        stat: "INT",
        value: 9,
        recommended: 10,
      }),
    ).toBe("Researcher / Scientist recommends INT 10 or higher; yours is 9.");
  });

  it("words a GM archetype's problems, after where they are", () => {
    expect(archetypeProblemText({ code: "id-format", path: "id" })).toBe(
      "`id`: use lower-case words joined by hyphens, e.g. sea-captain",
    );
    expect(archetypeProblemText({ code: "skill-name-empty", path: "skills.0.skill" })).toBe(
      "the `skill` of `skills` entry 1: a skill needs a name",
    );
    expect(
      archetypeProblemText({ code: "skill-listed-twice", path: "skills.1.skill", skill: "swim" }),
    ).toBe("the `skill` of `skills` entry 2: swim is listed twice among the archetypal skills");
    expect(
      archetypeProblemText({
        code: "too-few-optional-skills",
        path: "optionalSkillCount",
        count: 4,
        listed: 3,
      }),
    ).toBe("`optionalSkillCount`: asks for 4 optional skills but lists only 3");
    expect(archetypeProblemText({ code: "skill-unknown", skill: "Hacking", era: "modern" })).toBe(
      "Hacking is not a modern skill",
    );
    expect(archetypeProblemText({ code: "specialisation-unexpected", skill: "Swim (Ocean)" })).toBe(
      "Swim (Ocean) does not take a specialisation",
    );
    const era = { code: "not-one-of", values: ["modern", "future"] } as const;
    expect(archetypeProblemText({ code: "shape", path: "era", note: era })).toBe(
      "`era` must be one of “modern”, “future”",
    );
    const listed = { code: "wrong-type", expected: "object" } as const;
    expect(archetypeProblemText({ code: "shape", path: "skills.0", note: listed })).toBe(
      '`skills` entry 1 must be an object, such as {"skill": "Search", "rating": 40}',
    );
    expect(archetypeProblemText({ code: "shape", path: null, note: { code: "missing" } })).toBe(
      "The archetype is missing",
    );
  });
});
