/**
 * A Resources test, "the bag of tricks" (seed 000): the effective rating at the difficulty, a
 * check box ticked on a success, what was found, and a specialised item's cost.
 */
import { RulesError } from "./errors.js";
import { assertWhole } from "./validate.js";
import type { RuleOptions } from "./options.js";
import {
  percentileTest,
  type PercentileOutcome,
  type PercentileRoll,
  type PercentileTestResult,
  type TestCondition,
  type TestReason,
} from "./percentile.js";
import { loseResources, type ResourceLossResult } from "./resource-changes.js";
import {
  assertBreakdown,
  assertCheckedBoxes,
  assertDifficulty,
  assertNotExhausted,
  effectiveRating,
  isSubstandardRoll,
  RESOURCE_LOCATIONS,
  resourceBreakdown,
  resourceTestTarget,
  type ResourceBreakdown,
  type ResourceDifficulty,
  type ResourceLocation,
} from "./resources.js";
import type { Rng } from "../../../core/rng.js";

export type ResourceQuality = "best" | "standard" | "sub-standard";

function qualityOf(
  outcome: PercentileOutcome,
  value: number,
  target: number,
  percent: number,
): ResourceQuality | null {
  if (outcome === "critical-success") return "best";
  if (outcome !== "success") return null;
  return isSubstandardRoll(value, target, percent) ? "sub-standard" : "standard";
}

export type RuleOptionsForResources = Pick<RuleOptions, "substandardPercent">;

export type ResourceSource =
  { rating: number; breakdown?: undefined } | { breakdown: ResourceBreakdown; rating?: undefined };

export type ResourceTestInput = ResourceSource & {
  where: ResourceLocation;
  difficulty?: ResourceDifficulty;
  /** Boxes already checked this adventure. */
  checkedBoxes: number;
  /**
   * A very specialised item the GM allows only at a price (seed 000): on success the Permanent
   * rating drops by this many points.
   */
  specialisedCost?: number;
  /** The tester's conditions (exhaustion), added to the target. */
  conditions?: readonly TestCondition[];
  label?: string;
};

export interface ResourceTestResult {
  roll: PercentileRoll;
  where: ResourceLocation;
  difficulty: ResourceDifficulty;
  effectiveRating: number;
  /** Effective rating × 5, halved or quartered: the target before the conditions. */
  baseTarget: number;
  /** The target rolled against: effective rating × 5, halved or quartered, then the conditions. */
  target: number;
  /** What moved the target besides the difficulty (exhaustion). */
  conditions: TestCondition[];
  outcome: PercentileOutcome;
  success: boolean;
  critical: boolean;
  /** What a success finds; null on failure. */
  quality: ResourceQuality | null;
  /** Boxes available before the test (after a specialised cost they may shrink: see `breakdownAfter`). */
  checkBoxes: number;
  checkedBefore: number;
  checkedAfter: number;
  /** True when no box is left unchecked after this test. */
  exhausted: boolean;
  ratingBefore: number;
  ratingAfter: number;
  breakdownAfter: ResourceBreakdown;
  /** How the roll was judged against the target. */
  reason: TestReason;
  /** A specialised item's price, taken after the box was checked; null when none was paid. */
  cost: ResourceLossResult | null;
}

function sourceBreakdown(source: ResourceSource): ResourceBreakdown {
  if (source.breakdown !== undefined) {
    assertBreakdown(source.breakdown);
    return source.breakdown;
  }
  return resourceBreakdown(source.rating);
}

/**
 * A Resources test (seed 000, "The Bag of Tricks"): 1D100 against the effective rating × 5, halved
 * or quartered for hard-to-get items. Refused when every check box is checked (or there are none).
 * A success checks one box; a critical success finds the best quality; a success in the top
 * `substandardPercent`% of the target finds a sub-standard item.
 */
export function resourceTest(
  input: ResourceTestInput,
  options: RuleOptionsForResources,
  rng: Rng,
): ResourceTestResult {
  const breakdown = sourceBreakdown(input);
  const difficulty = input.difficulty ?? "normal";
  if (!RESOURCE_LOCATIONS.includes(input.where)) {
    throw new RulesError({ code: "invalid-location", where: input.where });
  }
  assertDifficulty(difficulty);
  assertCheckedBoxes(input.checkedBoxes, breakdown.checkBoxes);
  assertNotExhausted(input.checkedBoxes, breakdown.checkBoxes);
  if (input.specialisedCost !== undefined) {
    assertWhole(input.specialisedCost, "specialised-cost", "invalid-specialised-cost", 1);
  }

  const effective = effectiveRating(breakdown, input.where);
  const baseTarget = resourceTestTarget(effective, difficulty);
  const { test, quality } = searchResources(baseTarget, input, options, rng);
  const { target } = test;
  const checkedAfterTest = test.success ? input.checkedBoxes + 1 : input.checkedBoxes;

  let breakdownAfter = breakdown;
  let checkedAfter = checkedAfterTest;
  let cost: ResourceLossResult | null = null;
  if (test.success && input.specialisedCost !== undefined) {
    cost = loseResources(
      { rating: breakdown.rating, checkedBoxes: checkedAfterTest },
      input.specialisedCost,
    );
    breakdownAfter = cost.breakdownAfter;
    checkedAfter = cost.checkedAfter;
  }

  return {
    roll: test.roll,
    where: input.where,
    difficulty,
    effectiveRating: effective,
    baseTarget,
    target,
    conditions: test.conditions,
    outcome: test.outcome,
    success: test.success,
    critical: test.critical,
    quality,
    checkBoxes: breakdown.checkBoxes,
    checkedBefore: input.checkedBoxes,
    checkedAfter,
    exhausted: checkedAfter >= breakdownAfter.checkBoxes,
    ratingBefore: breakdown.rating,
    ratingAfter: breakdownAfter.rating,
    breakdownAfter,
    reason: test.reason,
    cost,
  };
}

/**
 * The roll of a Resources test against a target moved by the tester's conditions, and what a
 * success finds (judged against the target rolled).
 */
export function searchResources(
  baseTarget: number,
  input: { conditions?: readonly TestCondition[]; label?: string },
  options: RuleOptionsForResources,
  rng: Rng,
): { test: PercentileTestResult; quality: ResourceQuality | null } {
  const test = percentileTest(
    {
      rating: baseTarget,
      ...(input.conditions === undefined ? {} : { conditions: input.conditions }),
      ...(input.label === undefined ? {} : { label: input.label }),
    },
    rng,
  );
  const quality = qualityOf(test.outcome, test.roll.value, test.target, options.substandardPercent);
  return { test, quality };
}
