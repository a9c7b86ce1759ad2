import type { ArchetypeProblem } from "./creation/archetypes/types.js";

/**
 * Why the rules refused, as a code and the facts its words need; the sentences are in
 * `presentation/rules-refusals.ts`. Names are as given (presentation shows them as text).
 */
export type RulesRefusal =
  // Bonds
  | { readonly code: "bond-broken"; readonly bond: string; readonly action: BondAction }
  | { readonly code: "bond-destroyed"; readonly bond: string; readonly action: BondAction }
  | { readonly code: "bond-active"; readonly bond: string }
  | { readonly code: "bond-not-found" }
  | { readonly code: "bond-name-empty" }
  /** `withFellow`: the kind was not individual, for a Bond to a fellow Protagonist. */
  | { readonly code: "invalid-bond-kind"; readonly kind: string; readonly withFellow: boolean }
  | { readonly code: "cha-too-low"; readonly forming: boolean }
  | { readonly code: "bond-score-missing" }
  | { readonly code: "bond-id-empty" }
  | { readonly code: "bond-id-taken"; readonly id: string }
  | { readonly code: "bond-exists"; readonly bond: string; readonly withFellow: boolean }
  | { readonly code: "cha-not-lowered"; readonly before: number; readonly after: number }
  | { readonly code: "dice-unavailable" }
  // Sanity
  | { readonly code: "already-projected" }
  | { readonly code: "nothing-to-project" }
  | { readonly code: "invalid-threat"; readonly threat: string }
  | { readonly code: "no-willpower"; readonly spending: BondSpending }
  | {
      readonly code: "wp-shortfall";
      readonly spending: BondSpending;
      readonly roll: number;
      readonly wp: number;
    }
  // Shared adversity
  | { readonly code: "invalid-fellow-choice" }
  | {
      readonly code: "fellows-not-chosen";
      readonly fellows: number;
      readonly count: number;
      readonly chosen: number;
    }
  | { readonly code: "too-many-fellows"; readonly fellows: number; readonly maximum: number }
  | { readonly code: "invalid-fellow" }
  | { readonly code: "duplicate-fellow"; readonly fellow: string }
  /** A Bond chosen for someone who is not a fellow (`fellow` is then the id given), or needs none. */
  | { readonly code: "unexpected-choice"; readonly fellow: string; readonly isFellow: boolean }
  | {
      readonly code: "choice-missing";
      readonly fellow: string;
      readonly eligible: readonly string[];
    }
  | {
      readonly code: "ineligible-choice";
      readonly fellow: string;
      readonly eligible: readonly string[];
    }
  // Resources
  | { readonly code: "no-resources"; readonly protagonist: string | null }
  | { readonly code: "resources-exhausted"; readonly protagonist: string | null }
  | { readonly code: "invalid-difficulty"; readonly difficulty: string }
  | { readonly code: "invalid-location"; readonly where: string }
  | { readonly code: "invalid-resources-award"; readonly dice: string }
  | { readonly code: "pool-empty" }
  | { readonly code: "invalid-contributor" }
  | { readonly code: "duplicate-contributor"; readonly contributor: string }
  | { readonly code: "pool-contributor-exhausted"; readonly contributors: readonly string[] }
  // Numbers
  | {
      readonly code: "not-a-whole-number";
      readonly field: NumberField;
      /** Whose skill, Bond or boxes, when the field belongs to one. */
      readonly of?: string;
      readonly value: string;
      readonly min?: number;
      readonly max?: number;
    }
  | {
      readonly code: "resources-breakdown";
      readonly rating: number;
      readonly atHand: number;
      readonly stowed: number;
      readonly inStorage: number;
    }
  | {
      readonly code: "resources-boxes";
      readonly rating: number;
      readonly boxes: number;
      readonly given: number;
    }
  | {
      readonly code: "sheet-full";
      readonly part: "bonds" | "disorders" | "skills";
      readonly limit: number;
      readonly held: number;
      readonly adding: number;
    }
  | {
      readonly code: "invalid-archetype";
      readonly archetype: string | null;
      /** Its place (1, 2, …) among the campaign's custom archetypes, when it is one of them. */
      readonly position: number | null;
      readonly problems: readonly ArchetypeProblem[];
    }
  /** A choice given when nothing needs choosing; `reason` says why nothing changes. */
  | { readonly code: "no-choice-needed"; readonly reason: SharedAdversityNoChange }
  // Harm, skills and creation
  | { readonly code: "already-exhausted" }
  | { readonly code: "skill-name-empty" }
  | { readonly code: "unknown-skill"; readonly skill: string }
  | { readonly code: "harsh-pick-missing" };

export type RulesRefusalCode = RulesRefusal["code"];

/** Why shared adversity changes nothing: the SAN test succeeded, or no fellow made it back. */
export type SharedAdversityNoChange =
  { readonly code: "san-test-succeeded" } | { readonly code: "no-fellows" };

/** A number the rules check, named for the refusal. */
export type NumberField =
  | "percentile-roll"
  | "target"
  | "stat"
  | "rating"
  | "modifier"
  | "condition-modifier"
  | "hp"
  | "wp"
  | "max-hp"
  | "max-wp"
  | "current-hp"
  | "current-wp"
  | "hp-change"
  | "wp-change"
  | "damage"
  | "damage-bonus"
  | "armour"
  | "lethality"
  | "resources-award"
  | "resources-loss"
  | "resources-rating"
  | "resources-at-hand"
  | "resources-stowed"
  | "resources-in-storage"
  | "checked-boxes"
  | "specialised-cost"
  | "cha"
  | "bond-damage"
  | "bond-improvement"
  | "individual-bond-score"
  | "community-bond-score"
  | "bond-score"
  | "san"
  | "pow"
  | "breaking-point"
  | "unnatural"
  | "adaptation-boxes"
  | "san-loss"
  | "san-recovered"
  | "skill-rating";

/** What a broken or destroyed Bond could not be used for. */
export type BondAction = "damage" | "destroy" | "improve" | "project" | "repress";

/** What Willpower was to be spent on. */
export type BondSpending = "projection" | "repression";
