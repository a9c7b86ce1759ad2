/** The creation rules' skill violations in the players' words (the rest: creation-violations). */
import { describe, expect, it } from "vitest";
import type { CreationViolation } from "../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { creationViolationText } from "../../../../src/games/cthulhu-eternal/presentation/creation-violations.js";
import { SKILL_VIOLATION_TEXT } from "../../../../src/games/cthulhu-eternal/presentation/creation-skill-violations.js";

/** Each violation with the English the rules once wrote themselves. */
const SKILL_VIOLATIONS_WORDED: readonly (readonly [CreationViolation, string])[] = [
  [
    {
      code: "archetype-specialisation-missing",
      path: "archetypeSpecialisations.Science",
      archetype: "Researcher / Scientist",
      skill: "Science",
      rating: 70,
    },
    "Researcher / Scientist has Science (Type) at 70%: name the kind of Science, e.g. Science (Biology).",
  ],
  [
    {
      code: "archetype-specialisation-unexpected",
      path: "archetypeSpecialisations.Art",
      archetype: "Researcher / Scientist",
      skill: "Art",
    },
    'Researcher / Scientist has no "(Type)" skill called Art to specialise; remove it.',
  ],
  [
    {
      code: "archetype-specialisation-duplicate",
      path: "archetypeSpecialisations.Art",
      archetype: "Painter",
      skill: "Art",
      held: "Art (Painting)",
    },
    "Painter already gives Art (Painting); name a different kind of Art.",
  ],
  [
    {
      code: "optional-count",
      path: "optionalSkills",
      archetype: "Researcher / Scientist",
      wanted: 4,
      chosen: 2,
    },
    "Researcher / Scientist chooses 4 skills from its list; you chose 2 (2 more to choose).",
  ],
  [
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
    "Stealth is not on the Researcher / Scientist list; choose from: Anthropology 40%, Archeology 40%, Art (Type) 40%, Firearms 60%, Foreign Language (Type) 40%, Heavy Machinery 50%, Military Training (Type) 40%, Natural World 50%, Psychoanalyze 50%, Science (Type) 40%.",
  ],
  [
    {
      code: "optional-duplicate",
      path: "optionalSkills[3]",
      archetype: "Researcher / Scientist",
      skill: "Science (Type)",
    },
    "Science (Type) is on the Researcher / Scientist list once, so it can be chosen only once.",
  ],
  [
    {
      code: "optional-already-held",
      path: "optionalSkills[3]",
      archetype: "Researcher / Scientist",
      skill: "Science (Biology)",
      by: "archetype",
    },
    "Researcher / Scientist already gives you Science (Biology); the list is for skills you don't have yet.",
  ],
  [
    {
      code: "optional-already-held",
      path: "optionalSkills[0]",
      archetype: "Conspiracy Theorist / Expert",
      skill: "Firearms",
      by: "archetype",
    },
    "Conspiracy Theorist / Expert already gives you Firearms; the list is for skills you don't have yet.",
  ],
  [
    { code: "adversity-count", path: "adversitySkills", harshness: "normal", allowed: 0, picks: 1 },
    "A Normal upbringing gives no adversity picks; remove 1 pick.",
  ],
  [
    {
      code: "adversity-not-on-list",
      path: "adversitySkills[0]",
      skill: "Dodge",
      list: ["First Aid", "Military Training (Type)", "Regional Lore (Type)", "Survival (Type)"],
    },
    "Dodge is not an adversity skill; adversity picks go to First Aid, Military Training (Type), Regional Lore (Type), Survival (Type).",
  ],
  [
    { code: "specialisation-missing", path: "adversitySkills[0]", skill: "Survival" },
    "Survival needs a specialisation: write it like Survival (Desert).",
  ],
  [
    { code: "skill-unknown", path: "bonusSkills[9]", era: "modern", skill: "Basket Weaving" },
    'There is no Modern skill called "Basket Weaving"; check the spelling.',
  ],
  [
    { code: "specialisation-missing", path: "bonusSkills[9]", skill: "Art" },
    "Art needs a specialisation: write it like Art (Painting).",
  ],
  [
    { code: "specialisation-unexpected", path: "bonusSkills[9]", skill: "Dodge" },
    'Dodge does not take a specialisation; write just "Dodge".',
  ],
  [
    { code: "unnatural-at-creation", path: "bonusSkills[9]" },
    "This campaign does not let bonus picks raise Unnatural at creation; it grows only through encounters with the unnatural.",
  ],
  [
    {
      code: "skill-above-cap",
      path: "bonusSkills[9]",
      skill: "Search",
      rating: 100,
      cap: 80,
      excess: 1,
    },
    "Search would reach 100%, above the creation limit of 80%; move 1 pick to other skills.",
  ],
  [
    {
      code: "skill-above-cap",
      path: "bonusSkills[9]",
      skill: "First Aid",
      rating: 110,
      cap: 80,
      excess: 2,
    },
    "First Aid would reach 110%, above the creation limit of 80%; move 2 picks to other skills.",
  ],
  [
    {
      code: "skill-above-cap",
      path: "adversitySkills[1]",
      skill: "First Aid",
      rating: 90,
      cap: 80,
      excess: 1,
    },
    "First Aid would reach 90%, above the creation limit of 80%; move 1 pick to other skills.",
  ],
  [
    {
      code: "optional-count",
      path: "optionalSkills",
      archetype: "Researcher / Scientist",
      wanted: 4,
      chosen: 5,
    },
    "Researcher / Scientist chooses 4 skills from its list; you chose 5 (1 too many).",
  ],
  [
    { code: "adversity-count", path: "adversitySkills", harshness: "harsh", allowed: 1, picks: 0 },
    "A Harsh upbringing gives 1 adversity pick; you made 0.",
  ],
  [
    {
      code: "adversity-count",
      path: "adversitySkills",
      harshness: "very-harsh",
      allowed: 2,
      picks: 1,
    },
    "A Very Harsh upbringing gives 2 adversity picks; you made 1.",
  ],
  [
    {
      code: "skill-above-cap",
      path: "bonusSkills[9]",
      skill: "Research",
      rating: 110,
      cap: 80,
      excess: 2,
    },
    "Research would reach 110%, above the creation limit of 80%; move 2 picks to other skills.",
  ],
  [
    {
      code: "adversity-not-on-list",
      path: "adversitySkills[0]",
      skill: "Regional Lore",
      list: [
        "First Aid",
        "Military Training (Type)",
        "Planet/Station Lore (Type)",
        "Survival (Type)",
      ],
    },
    "Regional Lore is not an adversity skill; adversity picks go to First Aid, Military Training (Type), Planet/Station Lore (Type), Survival (Type).",
  ],
  [
    {
      code: "skill-above-cap",
      path: "bonusSkills[1]",
      skill: "Persuade",
      rating: 80,
      cap: 60,
      excess: 1,
    },
    "Persuade would reach 80%, above the creation limit of 60%; move 1 pick to other skills.",
  ],
  [
    {
      code: "skill-above-cap",
      path: "bonusSkills[0]",
      skill: "Search",
      rating: 80,
      cap: 60,
      excess: 1,
    },
    "Search would reach 80%, above the creation limit of 60%; move 1 pick to other skills.",
  ],
  [
    {
      code: "optional-already-held",
      path: "optionalSkills[1]",
      archetype: "Researcher / Scientist",
      skill: "Archeology",
      by: "pick",
    },
    "You already chose Archeology; choose a skill you don't have yet.",
  ],
  [
    { code: "specialisation-missing", path: "bonusSkills[0]", skill: "Basket Weaving" },
    "Basket Weaving needs a specialisation: write it like Basket Weaving (Kind).",
  ],
  [
    { code: "skill-unknown", path: "bonusSkills[0]", era: "future", skill: "Occult" },
    'There is no Future skill called "Occult"; check the spelling.',
  ],
  [
    { code: "adversity-count", path: "adversitySkills", harshness: "normal", allowed: 0, picks: 2 },
    "A Normal upbringing gives no adversity picks; remove 2 picks.",
  ],
];

describe("creation skill violations in the players' words", () => {
  it.each(SKILL_VIOLATIONS_WORDED)("words %o", (violation, english) => {
    expect(creationViolationText(violation)).toBe(english);
  });

  it("tries every skill code", () => {
    const tried = new Set<string>(SKILL_VIOLATIONS_WORDED.map(([v]) => v.code));
    expect(Object.keys(SKILL_VIOLATION_TEXT).filter((code) => !tried.has(code))).toEqual([]);
  });
});
