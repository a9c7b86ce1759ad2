import { RulesError } from "./errors.js";
import { assertWhole } from "./validate.js";

/**
 * Resources (seed 000, "Detailed Description: Resources"): the at-hand / stowed / in-storage
 * breakdown, check boxes and test targets. The test is in `resource-test.ts`, pooling in
 * `resource-pool.ts`, gains, losses and replenishing in `resource-changes.ts`. Pure.
 */

/** Where the Protagonist is, which decides the effective rating (seed 000, "Which Rating for a Test?"). */
export type ResourceLocation = "at-hand" | "with-vehicle" | "home";
export const RESOURCE_LOCATIONS: readonly ResourceLocation[] = ["at-hand", "with-vehicle", "home"];

/** Normal; Hard to Get (half); Very Hard or Impossible to Get (quarter) — seed 000 "Rules of Thumb". */
export type ResourceDifficulty = "normal" | "hard" | "very-hard";
export const RESOURCE_DIFFICULTIES: readonly ResourceDifficulty[] = ["normal", "hard", "very-hard"];

/** Points comfortably carried at hand, and stowed in a vehicle or on an animal (seed 000 table). */
export const AT_HAND_LIMIT = 6;
export const STOWED_LIMIT = 6;

export interface ResourceBreakdown {
  /** The Permanent Resources rating; the three parts always add up to it. */
  rating: number;
  atHand: number;
  stowed: number;
  inStorage: number;
  /** Resource Check boxes available (0–3). */
  checkBoxes: number;
}

export function assertRating(rating: number): void {
  assertWhole(rating, "resources-rating", "invalid-resources-rating", 0);
}

/** Check boxes by Permanent Resources: 0 → 0, 1–6 → 1, 7–12 → 2, 13+ → 3 (seed 000 table). */
export function resourceCheckBoxes(rating: number): number {
  assertRating(rating);
  if (rating === 0) return 0;
  if (rating <= AT_HAND_LIMIT) return 1;
  if (rating <= AT_HAND_LIMIT + STOWED_LIMIT) return 2;
  return 3;
}

/**
 * The seed 000 "Resources Breakdown & Check Boxes" table: the first 6 points at hand, the next 6
 * stowed, everything beyond 12 in storage (no limit there).
 */
export function resourceBreakdown(rating: number): ResourceBreakdown {
  assertRating(rating);
  const atHand = Math.min(rating, AT_HAND_LIMIT);
  const stowed = Math.min(rating - atHand, STOWED_LIMIT);
  return {
    rating,
    atHand,
    stowed,
    inStorage: rating - atHand - stowed,
    checkBoxes: resourceCheckBoxes(rating),
  };
}

/**
 * Check a breakdown handed in (perhaps a GM's "pushing the limits" split): whole parts that add up
 * to the rating, and the table's number of check boxes, which depends on the rating alone.
 */
export function assertBreakdown(breakdown: ResourceBreakdown): void {
  assertRating(breakdown.rating);
  assertWhole(breakdown.atHand, "resources-at-hand", "invalid-resources-breakdown", 0);
  assertWhole(breakdown.stowed, "resources-stowed", "invalid-resources-breakdown", 0);
  assertWhole(breakdown.inStorage, "resources-in-storage", "invalid-resources-breakdown", 0);
  const sum = breakdown.atHand + breakdown.stowed + breakdown.inStorage;
  if (sum !== breakdown.rating) {
    const { rating, atHand, stowed, inStorage } = breakdown;
    throw new RulesError(
      { code: "resources-breakdown", rating, atHand, stowed, inStorage },
      "invalid-resources-breakdown",
    );
  }
  const boxes = resourceCheckBoxes(breakdown.rating);
  if (breakdown.checkBoxes !== boxes) {
    throw new RulesError(
      { code: "resources-boxes", rating: breakdown.rating, boxes, given: breakdown.checkBoxes },
      "invalid-resources-breakdown",
    );
  }
}

/**
 * The rating a test uses (seed 000): far from vehicle and home, at hand only; near the vehicle or
 * pack animal, at hand plus stowed; at home base, the full Permanent rating.
 */
export function effectiveRating(breakdown: ResourceBreakdown, where: ResourceLocation): number {
  switch (where) {
    case "at-hand":
      return breakdown.atHand;
    case "with-vehicle":
      return breakdown.atHand + breakdown.stowed;
    case "home":
      return breakdown.rating;
  }
}

/**
 * Target of a Resources test: effective rating × 5 (seed 000); Hard to Get half of that, Very Hard
 * (or Impossible) to Get a quarter. Our rounding: fractions dropped (half or quarter of the × 5
 * target rounded down, the same as half the rating × 5 rounded down).
 */
export function resourceTestTarget(effective: number, difficulty: ResourceDifficulty): number {
  assertRating(effective);
  const full = effective * 5;
  switch (difficulty) {
    case "normal":
      return full;
    case "hard":
      return Math.floor(full / 2);
    case "very-hard":
      return Math.floor(full / 4);
  }
}

/**
 * A success "only just under the target" finds a sub-standard item (seed 000). Our setting: the
 * roll lies in the top `percent`% of the target, which always includes the target itself (at least
 * one point); 0 turns sub-standard finds off. Target 40 at 10%: 37–40.
 */
export function isSubstandardRoll(value: number, target: number, percent: number): boolean {
  if (percent <= 0 || value > target) return false;
  // Integer form of value > target × (1 − percent / 100), so no float rounding creeps in.
  return value * 100 > target * (100 - percent);
}

export function assertDifficulty(difficulty: ResourceDifficulty): void {
  if (RESOURCE_DIFFICULTIES.includes(difficulty)) return;
  throw new RulesError({ code: "invalid-difficulty", difficulty });
}

export function assertCheckedBoxes(checkedBoxes: number, checkBoxes: number, who?: string): void {
  assertWhole(checkedBoxes, "checked-boxes", "invalid-checked-boxes", 0, checkBoxes, who);
}

export function assertNotExhausted(checkedBoxes: number, checkBoxes: number, who?: string): void {
  if (checkedBoxes < checkBoxes) return;
  // Replenishing only clears checked boxes: at Resources 0 there are none, and nothing to test.
  if (checkBoxes === 0) {
    throw new RulesError({ code: "no-resources", protagonist: who ?? null });
  }
  throw new RulesError({ code: "resources-exhausted", protagonist: who ?? null });
}
