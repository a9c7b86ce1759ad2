import { parseDice, rollDice, type DiceExpression } from "./dice/index.js";
import { RulesError } from "./errors.js";
import { assertWhole } from "./validate.js";
import { rollPercentile, type PercentileRoll } from "./percentile.js";
import {
  assertCheckedBoxes,
  assertRating,
  resourceBreakdown,
  type ResourceBreakdown,
} from "./resources.js";
import type { Rng } from "../../../core/rng.js";

/**
 * Changes to Resources (seed 000): a plundered cache's gain, losses, and replenishing the check
 * boxes in downtime. Pure, like the ratings and tests in `resources.ts`.
 */

export interface ResourceGainInput {
  /** Permanent Resources rating. */
  rating: number;
  /** The GM's award: a number of points or dice such as "1D2" or "1D6". */
  award: number | string;
}

export interface ResourceGainResult {
  roll: PercentileRoll;
  /** Rating × 5: the roll must be ABOVE it. */
  threshold: number;
  success: boolean;
  /** The dice rolled for the award, on success with a dice award. */
  awardRoll?: { expression: string; total: number; text: string };
  gained: number;
  ratingBefore: number;
  ratingAfter: number;
  breakdownAfter: ResourceBreakdown;
}

/**
 * Plundering a cache (seed 000, "Increasing the Resources Rating During Play"): roll 1D100 ABOVE the
 * Permanent rating × 5 — the more one owns, the harder to find something new — then add the GM's
 * amount or dice. At rating 20 or more (threshold 100) no roll can succeed.
 */
export function resourceGain(input: ResourceGainInput, rng: Rng): ResourceGainResult {
  assertRating(input.rating);
  // Check the award before rolling, so a mistyped "1D6" never costs the player a roll.
  let award: { points: number } | { dice: DiceExpression };
  if (typeof input.award === "number") {
    assertWhole(input.award, "resources-award", "invalid-resources-award", 1);
    award = { points: input.award };
  } else {
    const awardDice = parseDice(input.award);
    award = { dice: awardDice };
    if (awardDice.max < 1) {
      throw new RulesError({ code: "invalid-resources-award", dice: awardDice.canonical });
    }
  }
  const threshold = input.rating * 5;
  const roll = rollPercentile(rng);
  const success = roll.value > threshold;
  if (!success) {
    return {
      roll,
      threshold,
      success,
      gained: 0,
      ratingBefore: input.rating,
      ratingAfter: input.rating,
      breakdownAfter: resourceBreakdown(input.rating),
    };
  }
  let gained: number;
  let awardRoll: ResourceGainResult["awardRoll"];
  if ("points" in award) {
    gained = award.points;
  } else {
    const dice = rollDice(award.dice, rng);
    // A GM's "1D4−2" may total below 0; a find never takes Resources away.
    gained = Math.max(0, dice.total);
    awardRoll = { expression: dice.expression, total: dice.total, text: dice.text };
  }
  const ratingAfter = input.rating + gained;
  return {
    roll,
    threshold,
    success,
    ...(awardRoll === undefined ? {} : { awardRoll }),
    gained,
    ratingBefore: input.rating,
    ratingAfter,
    breakdownAfter: resourceBreakdown(ratingAfter),
  };
}

export interface ResourceLossResult {
  ratingBefore: number;
  ratingAfter: number;
  /** Points actually lost (never more than the rating). */
  lost: number;
  breakdownAfter: ResourceBreakdown;
  /** Check boxes before the loss; `breakdownAfter` has those after. */
  checkBoxesBefore: number;
  checkedBefore: number;
  /** Never more than the boxes left after the loss. */
  checkedAfter: number;
  /** The GM's reason as given, or null: presentation words the default. */
  why: string | null;
}

/**
 * Losing Resources (seed 000, "Losing Resources"): robbery, a lost vehicle, a destroyed home base,
 * or a specialised find. The Permanent rating drops (not below 0) and the breakdown and boxes are
 * recalculated; checks beyond the boxes left are dropped.
 */
export function loseResources(
  current: { rating: number; checkedBoxes: number },
  amount: number,
  why?: string,
): ResourceLossResult {
  assertRating(current.rating);
  const before = resourceBreakdown(current.rating);
  assertCheckedBoxes(current.checkedBoxes, before.checkBoxes);
  assertWhole(amount, "resources-loss", "invalid-resources-loss", 1);
  const ratingAfter = Math.max(0, current.rating - amount);
  const breakdownAfter = resourceBreakdown(ratingAfter);
  const checkedAfter = Math.min(current.checkedBoxes, breakdownAfter.checkBoxes);
  return {
    ratingBefore: current.rating,
    ratingAfter,
    lost: current.rating - ratingAfter,
    breakdownAfter,
    checkBoxesBefore: before.checkBoxes,
    checkedBefore: current.checkedBoxes,
    checkedAfter,
    why: why ?? null,
  };
}

export interface ResourceReplenishResult {
  checkedBefore: number;
  checkedAfter: 0;
}

/** Adequate downtime (the GM decides when) erases every check mark (seed 000). */
export function replenishResources(checkedBoxes: number): ResourceReplenishResult {
  assertWhole(checkedBoxes, "checked-boxes", "invalid-checked-boxes", 0, 3);
  return {
    checkedBefore: checkedBoxes,
    checkedAfter: 0,
  };
}
