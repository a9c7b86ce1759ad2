import { parseDice, rollDice, type DiceExpression } from "./dice/index.js";
import { RulesError } from "./errors.js";
import type { RuleOptions } from "./options.js";
import {
  formatPercentile,
  percentileTest,
  rollPercentile,
  type PercentileOutcome,
  type PercentileRoll,
  type PercentileTestResult,
  type TestCondition,
} from "./percentile.js";
import type { Rng } from "./rng.js";

/**
 * Resources (seed 000, "Detailed Description: Resources"): the at-hand / stowed / in-storage
 * breakdown and check boxes, Resources tests ("the bag of tricks"), pooling, gains, losses and
 * replenishing. Pure: every function returns new values and says why.
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

function assertWhole(value: number, what: string, code: string, min: number, max?: number): void {
  if (Number.isSafeInteger(value) && value >= min && (max === undefined || value <= max)) return;
  const range = max === undefined ? `${min} or more` : `from ${min} to ${max}`;
  throw new RulesError(code, `${what} must be a whole number ${range}, not ${String(value)}.`);
}

function assertRating(rating: number): void {
  assertWhole(rating, "A Resources rating", "invalid-resources-rating", 0);
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
function assertBreakdown(breakdown: ResourceBreakdown): void {
  assertRating(breakdown.rating);
  assertWhole(breakdown.atHand, "Resources at hand", "invalid-resources-breakdown", 0);
  assertWhole(breakdown.stowed, "Resources stowed", "invalid-resources-breakdown", 0);
  assertWhole(breakdown.inStorage, "Resources in storage", "invalid-resources-breakdown", 0);
  const sum = breakdown.atHand + breakdown.stowed + breakdown.inStorage;
  if (sum !== breakdown.rating) {
    throw new RulesError(
      "invalid-resources-breakdown",
      `At hand, stowed and in storage (${breakdown.atHand} + ${breakdown.stowed} + ${breakdown.inStorage} = ${sum}) must add up to the Resources rating ${breakdown.rating}.`,
    );
  }
  const boxes = resourceCheckBoxes(breakdown.rating);
  if (breakdown.checkBoxes !== boxes) {
    throw new RulesError(
      "invalid-resources-breakdown",
      `Resources ${breakdown.rating} gives ${boxes} check box${boxes === 1 ? "" : "es"}, not ${breakdown.checkBoxes}.`,
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

const LOCATION_LABEL: Readonly<Record<ResourceLocation, string>> = {
  "at-hand": "at hand",
  "with-vehicle": "at hand + stowed",
  home: "full Permanent rating",
};

const DIFFICULTY_LABEL: Readonly<Record<ResourceDifficulty, string>> = {
  normal: "",
  hard: ", Hard to Get: half",
  "very-hard": ", Very Hard to Get: quarter",
};

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

const QUALITY_TEXT: Readonly<Record<ResourceQuality, string>> = {
  best: "a critical success finds the best quality available",
  standard: "something helpful is found",
  "sub-standard": "only just under the target, so the item is sub-standard",
};

export function assertDifficulty(difficulty: ResourceDifficulty): void {
  if (RESOURCE_DIFFICULTIES.includes(difficulty)) return;
  throw new RulesError(
    "invalid-difficulty",
    `A Resources test is normal, hard or very-hard, not “${difficulty}”.`,
  );
}

/** ", Hard to Get: half" for the reasons; "" for a normal test. */
export function difficultyText(difficulty: ResourceDifficulty): string {
  return DIFFICULTY_LABEL[difficulty];
}

export function assertCheckedBoxes(checkedBoxes: number, checkBoxes: number, who?: string): void {
  const owner = who === undefined ? "" : `${who}'s `;
  assertWhole(
    checkedBoxes,
    `${owner}checked Resource boxes`,
    "invalid-checked-boxes",
    0,
    checkBoxes,
  );
}

function assertNotExhausted(checkedBoxes: number, checkBoxes: number, who?: string): void {
  if (checkedBoxes < checkBoxes) return;
  // Replenishing only clears checked boxes: at Resources 0 there are none, and nothing to test.
  if (checkBoxes === 0) {
    throw new RulesError(
      "no-resources",
      `${who ?? "The Protagonist"} has Resources 0: there is nothing to test. Only a Resources gain from the GM would give some.`,
    );
  }
  throw new RulesError(
    "resources-exhausted",
    `every Resource check box of ${who ?? "the Protagonist"} is checked: the pool is exhausted. Replenish it in downtime (the GM clears the checks) before testing Resources again.`,
  );
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
  reason: string;
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
    throw new RulesError(
      "invalid-location",
      `Say where the Protagonist is: at-hand, with-vehicle or home, not “${input.where}”.`,
    );
  }
  assertDifficulty(difficulty);
  assertCheckedBoxes(input.checkedBoxes, breakdown.checkBoxes);
  assertNotExhausted(input.checkedBoxes, breakdown.checkBoxes);
  if (input.specialisedCost !== undefined) {
    assertWhole(input.specialisedCost, "A specialised item's cost", "invalid-specialised-cost", 1);
  }

  const effective = effectiveRating(breakdown, input.where);
  const baseTarget = resourceTestTarget(effective, difficulty);
  const { test, quality, found } = searchResources(baseTarget, input, options, rng);
  const { target } = test;
  const checkedAfterTest = test.success ? input.checkedBoxes + 1 : input.checkedBoxes;

  let breakdownAfter = breakdown;
  let checkedAfter = checkedAfterTest;
  let costText = "";
  if (test.success && input.specialisedCost !== undefined) {
    const loss = loseResources(
      { rating: breakdown.rating, checkedBoxes: checkedAfterTest },
      input.specialisedCost,
      "The specialised item costs Permanent Resources",
    );
    breakdownAfter = loss.breakdownAfter;
    checkedAfter = loss.checkedAfter;
    costText = ` ${loss.reason}`;
  }

  const basis = `Resources ${effective} (${LOCATION_LABEL[input.where]}) × 5${difficultyText(difficulty)} = ${baseTarget}${conditionsText(test)}`;
  const boxes = test.success
    ? `; one box checked (${checkedAfterTest}/${breakdown.checkBoxes})`
    : `; no box checked`;
  return {
    roll: test.roll,
    where: input.where,
    difficulty,
    effectiveRating: effective,
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
    reason: `${basis}: ${test.reason}; ${found}${boxes}.${costText}`,
  };
}

/**
 * The roll of a Resources test against a target moved by the tester's conditions, and what a
 * success finds (judged against the target rolled), with its words for the reason.
 */
export function searchResources(
  baseTarget: number,
  input: { conditions?: readonly TestCondition[]; label?: string },
  options: RuleOptionsForResources,
  rng: Rng,
): { test: PercentileTestResult; quality: ResourceQuality | null; found: string } {
  const test = percentileTest(
    {
      rating: baseTarget,
      ...(input.conditions === undefined ? {} : { conditions: input.conditions }),
      ...(input.label === undefined ? {} : { label: input.label }),
    },
    rng,
  );
  const quality = qualityOf(test.outcome, test.roll.value, test.target, options.substandardPercent);
  return {
    test,
    quality,
    found: quality === null ? "nothing useful turns up" : QUALITY_TEXT[quality],
  };
}

/** ", exhausted −20 = 60" when conditions moved the target; "" otherwise. */
export function conditionsText(test: PercentileTestResult): string {
  if (test.conditions.length === 0) return "";
  const parts = test.conditions.map(
    (c) => `${c.kind} ${c.modifier < 0 ? "−" : "+"}${Math.abs(c.modifier)}`,
  );
  return `, ${parts.join(", ")} = ${test.target}`;
}

// ---------------------------------------------------------------------------------------------
// Gains, losses, replenishing
// ---------------------------------------------------------------------------------------------

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
  reason: string;
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
    assertWhole(input.award, "A Resources award", "invalid-resources-award", 1);
    award = { points: input.award };
  } else {
    const awardDice = parseDice(input.award);
    award = { dice: awardDice };
    if (awardDice.max < 1) {
      throw new RulesError(
        "invalid-resources-award",
        `The award ${awardDice.canonical} can never add a point; give points or dice such as 1D6.`,
      );
    }
  }
  const threshold = input.rating * 5;
  const roll = rollPercentile(rng);
  const shown = formatPercentile(roll.value);
  const success = roll.value > threshold;
  if (!success) {
    const why = threshold >= 100 ? " (nothing can roll above 100)" : "";
    return {
      roll,
      threshold,
      success,
      gained: 0,
      ratingBefore: input.rating,
      ratingAfter: input.rating,
      breakdownAfter: resourceBreakdown(input.rating),
      reason: `${shown} is not above Resources ${input.rating} × 5 = ${threshold}${why}: no gain.`,
    };
  }
  let gained: number;
  let awardRoll: ResourceGainResult["awardRoll"];
  let awardText: string;
  if ("points" in award) {
    gained = award.points;
    awardText = `${gained}`;
  } else {
    const dice = rollDice(award.dice, rng);
    // A GM's "1D4−2" may total below 0; a find never takes Resources away.
    gained = Math.max(0, dice.total);
    awardRoll = { expression: dice.expression, total: dice.total, text: dice.text };
    awardText = `${dice.expression} = ${dice.total}`;
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
    reason: `${shown} is above Resources ${input.rating} × 5 = ${threshold}: +${awardText}, Resources ${input.rating} → ${ratingAfter}.`,
  };
}

export interface ResourceLossResult {
  ratingBefore: number;
  ratingAfter: number;
  /** Points actually lost (never more than the rating). */
  lost: number;
  breakdownAfter: ResourceBreakdown;
  checkedBefore: number;
  /** Never more than the boxes left after the loss. */
  checkedAfter: number;
  reason: string;
}

/**
 * Losing Resources (seed 000, "Losing Resources"): robbery, a lost vehicle, a destroyed home base,
 * or a specialised find. The Permanent rating drops (not below 0) and the breakdown and boxes are
 * recalculated; checks beyond the boxes left are dropped.
 */
export function loseResources(
  current: { rating: number; checkedBoxes: number },
  amount: number,
  why = "Resources lost",
): ResourceLossResult {
  assertRating(current.rating);
  const before = resourceBreakdown(current.rating);
  assertCheckedBoxes(current.checkedBoxes, before.checkBoxes);
  assertWhole(amount, "A Resources loss", "invalid-resources-loss", 1);
  const ratingAfter = Math.max(0, current.rating - amount);
  const breakdownAfter = resourceBreakdown(ratingAfter);
  const checkedAfter = Math.min(current.checkedBoxes, breakdownAfter.checkBoxes);
  const boxesText =
    breakdownAfter.checkBoxes === before.checkBoxes
      ? ""
      : ` Check boxes ${before.checkBoxes} → ${breakdownAfter.checkBoxes}${checkedAfter < current.checkedBoxes ? `, checked ${current.checkedBoxes} → ${checkedAfter}` : ""}.`;
  return {
    ratingBefore: current.rating,
    ratingAfter,
    lost: current.rating - ratingAfter,
    breakdownAfter,
    checkedBefore: current.checkedBoxes,
    checkedAfter,
    reason: `${why}: Resources ${current.rating} → ${ratingAfter}.${boxesText}`,
  };
}

export interface ResourceReplenishResult {
  checkedBefore: number;
  checkedAfter: 0;
  reason: string;
}

/** Adequate downtime (the GM decides when) erases every check mark (seed 000). */
export function replenishResources(checkedBoxes: number): ResourceReplenishResult {
  assertWhole(checkedBoxes, "Checked Resource boxes", "invalid-checked-boxes", 0, 3);
  return {
    checkedBefore: checkedBoxes,
    checkedAfter: 0,
    reason:
      checkedBoxes === 0
        ? "No Resource box was checked; nothing to replenish."
        : `Downtime replenishes the Resources pool: ${checkedBoxes} check${checkedBoxes === 1 ? "" : "s"} erased.`,
  };
}
