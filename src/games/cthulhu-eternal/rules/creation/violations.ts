import type { Era, Harshness, StatName } from "../types.js";
import type { PickBudget } from "./choices.js";

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

/** A Bond as the player described it: its trimmed name (null while blank) and its place (from 1). */
export interface BondLabel {
  readonly name: string | null;
  readonly number: number;
}

/** A skill on an archetype's list of optional skills, with the rating it gives. */
export interface ListedSkill {
  readonly skill: string;
  readonly rating: number;
}

/**
 * What `stat-total` found: the points do not add up (`exact`), or the stats still unset cannot
 * make them add up, at the lowest (`would-pass`) or at the highest (`cannot-reach`).
 */
export type StatTotalFacts =
  | { readonly kind: "exact"; readonly total: number; readonly required: number }
  | {
      readonly kind: "would-pass";
      readonly total: number;
      readonly required: number;
      /** Stats still to set, each at `min` or more. */
      readonly unset: number;
      readonly min: number;
    }
  | {
      readonly kind: "cannot-reach";
      readonly total: number;
      readonly required: number;
      /** Stats still to set, each at `max` or less. */
      readonly unset: number;
      readonly max: number;
    };

/**
 * The facts of each violation, by code; presentation words them. Names (archetypes, skills,
 * Bonds) are as the rules or the player give them.
 */
type ViolationFacts =
  | { readonly code: "name-missing" }
  | { readonly code: "era-missing" }
  | { readonly code: "harshness-missing" }
  | { readonly code: "stats-missing" }
  | { readonly code: "stat-missing"; readonly stat: StatName }
  | {
      readonly code: "stat-out-of-range";
      readonly stat: StatName;
      readonly value: number;
      readonly min: number;
      readonly max: number;
    }
  | ({ readonly code: "stat-total" } & StatTotalFacts)
  /** `set`: the id given, which names no set. */
  | { readonly code: "stat-set-unknown"; readonly set: string }
  | {
      readonly code: "stat-not-from-set";
      readonly setName: string;
      readonly setValues: readonly number[];
      /** The stats as assigned. */
      readonly values: readonly number[];
    }
  | {
      readonly code: "stat-rolls-invalid";
      readonly rolls: readonly number[];
      readonly min: number;
      readonly max: number;
    }
  | {
      readonly code: "stat-not-from-rolls";
      readonly rolls: readonly number[];
      readonly values: readonly number[];
    }
  | { readonly code: "harsh-pick-missing" }
  /** Only Harsh takes a pick: Normal gives no bonus, Very Harsh gives both. */
  | {
      readonly code: "harsh-pick-not-applicable";
      readonly harshness: Exclude<Harshness, "harsh">;
    }
  | { readonly code: "archetype-missing" }
  | {
      readonly code: "archetype-unknown";
      /** The id as given. */
      readonly archetypeId: string;
      readonly era: Era;
      /** The names of the era's archetypes. */
      readonly archetypes: readonly string[];
    }
  | {
      readonly code: "archetype-specialisation-missing";
      readonly archetype: string;
      readonly skill: string;
      readonly rating: number;
    }
  | {
      readonly code: "archetype-specialisation-unexpected";
      readonly archetype: string;
      readonly skill: string;
    }
  | {
      readonly code: "archetype-specialisation-duplicate";
      readonly archetype: string;
      readonly skill: string;
      /** The specialised skill the archetype already gives. */
      readonly held: string;
    }
  | {
      readonly code: "optional-count";
      readonly archetype: string;
      readonly wanted: number;
      readonly chosen: number;
    }
  | {
      readonly code: "optional-not-on-list";
      readonly archetype: string;
      readonly skill: string;
      readonly list: readonly ListedSkill[];
    }
  | { readonly code: "optional-duplicate"; readonly archetype: string; readonly skill: string }
  /** `by`: who gave the skill already, an earlier pick or the archetype. */
  | {
      readonly code: "optional-already-held";
      readonly archetype: string;
      readonly skill: string;
      readonly by: "pick" | "archetype";
    }
  | {
      readonly code: "adversity-count";
      readonly harshness: Harshness;
      readonly allowed: number;
      readonly picks: number;
    }
  | {
      readonly code: "adversity-not-on-list";
      readonly skill: string;
      readonly list: readonly string[];
    }
  | { readonly code: "skill-unknown"; readonly era: Era; readonly skill: string }
  | { readonly code: "specialisation-missing"; readonly skill: string }
  | { readonly code: "specialisation-unexpected"; readonly skill: string }
  | { readonly code: "unnatural-at-creation" }
  | {
      readonly code: "skill-above-cap";
      readonly skill: string;
      readonly rating: number;
      readonly cap: number;
      /** Picks to move elsewhere to stay within the cap. */
      readonly excess: number;
    }
  | { readonly code: "bonus-count"; readonly budget: PickBudget }
  | { readonly code: "resources-trade-in-invalid"; readonly picks: number }
  | { readonly code: "resources-conflict" }
  | {
      readonly code: "bond-count";
      readonly archetype: string;
      readonly wanted: number;
      readonly described: number;
    }
  | { readonly code: "bond-name-missing"; readonly number: number }
  | { readonly code: "bond-trade-in-invalid"; readonly bond: BondLabel; readonly picks: number }
  | { readonly code: "bond-trade-in-individual"; readonly bond: BondLabel }
  | { readonly code: "bond-conflict"; readonly bond: BondLabel }
  | {
      readonly code: "bond-above-max";
      readonly bond: BondLabel;
      readonly score: number;
      readonly max: number;
      /** Picks to trade in fewer. */
      readonly over: number;
    };

/**
 * One thing wrong with a player's choices: where (`path`, into `CreationChoices`, e.g.
 * "bonusSkills[3]" or "stats.assignment.STR"), which rule (`code`) and the facts that explain it.
 */
export type CreationViolation = ViolationFacts & { readonly path: string };

/** Every code has its facts, and every member a listed code (a type check, true at run time). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const EVERY_CODE_HAS_FACTS: Same<CreationViolationCode, CreationViolation["code"]> = true;

/** Something worth telling the player that is not against the rules. */
export interface CreationAdvice {
  readonly code: "recommended-stat";
  readonly path: string;
  readonly archetype: string;
  readonly stat: StatName;
  readonly value: number;
  /** The archetype wants the stat at this or higher. */
  readonly recommended: number;
}
