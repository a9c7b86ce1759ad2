import type {
  BondChoice,
  CreationChoices,
} from "../../../../../src/games/cthulhu-eternal/rules/creation/index.js";

export const TOM: BondChoice = { name: "Her brother Tom", kind: "individual" };
export const FACULTY: BondChoice = { name: "Miskatonic University faculty", kind: "community" };

/**
 * A complete, valid Modern Researcher / Scientist (choose 4, Resources 5, 2 Bonds), used as the
 * starting point that tests change one thing at a time.
 */
export function sampleChoices(): CreationChoices {
  return {
    name: "Dr. Miriam Vance",
    era: "modern",
    harshness: "normal",
    stats: {
      method: "set",
      set: "focused",
      assignment: { STR: 10, DEX: 11, CON: 10, INT: 15, POW: 14, CHA: 12 },
    },
    archetypeId: "researcher-scientist",
    archetypeSpecialisations: { Science: "Biology" },
    optionalSkills: [
      "Archeology",
      "Foreign Language (Latin)",
      "Natural World",
      "Science (Chemistry)",
    ],
    adversitySkills: [],
    bonusSkills: [
      "Search",
      "Persuade",
      "Occult",
      "Occult",
      "Dodge",
      "Alertness",
      "Firearms",
      "Drive",
      "History",
      "First Aid",
    ],
    resources: { tradeInPicks: 0, zero: false },
    bonds: [TOM, FACULTY],
  };
}

/** The sample with its last `count` bonus picks removed (to free picks for trade-ins). */
export function withoutBonusPicks(choices: CreationChoices, count: number): CreationChoices {
  return {
    ...choices,
    bonusSkills: choices.bonusSkills.slice(0, choices.bonusSkills.length - count),
  };
}
