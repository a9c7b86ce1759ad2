/** Stable codes for everything `validateCreation` can find wrong. */
export const CREATION_VIOLATION_CODES = [
  "name-missing",
  "era-missing",
  "harshness-missing",
  "stats-missing",
  "stat-missing",
  "stat-out-of-range",
  "stat-total",
  "stat-set-unknown",
  "stat-not-from-set",
  "stat-rolls-invalid",
  "stat-not-from-rolls",
  "harsh-pick-missing",
  "harsh-pick-not-applicable",
  "archetype-missing",
  "archetype-unknown",
  "archetype-specialisation-missing",
  "archetype-specialisation-unexpected",
  "archetype-specialisation-duplicate",
  "optional-count",
  "optional-not-on-list",
  "optional-duplicate",
  "optional-already-held",
  "adversity-count",
  "adversity-not-on-list",
  "skill-unknown",
  "specialisation-missing",
  "specialisation-unexpected",
  "unnatural-at-creation",
  "skill-above-cap",
  "bonus-count",
  "resources-trade-in-invalid",
  "resources-conflict",
  "bond-count",
  "bond-name-missing",
  "bond-trade-in-invalid",
  "bond-trade-in-individual",
  "bond-conflict",
  "bond-above-max",
] as const;

export type CreationViolationCode = (typeof CREATION_VIOLATION_CODES)[number];

/** One thing wrong with a player's choices: where (a path into the choices) and why. */
export interface CreationViolation {
  code: CreationViolationCode;
  /** Path into `CreationChoices`, e.g. "bonusSkills[3]" or "stats.assignment.STR". */
  path: string;
  /** Written for the player. */
  message: string;
}

/** Something worth telling the player that is not against the rules. */
export interface CreationAdvice {
  code: "recommended-stat";
  path: string;
  message: string;
}
