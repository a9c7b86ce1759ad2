import { assertWhole } from "./validate.js";
import type { Rng } from "../../../core/rng.js";

/**
 * Percentile (1D100) tests: rolling, judging, modifiers, stat and Luck tests, opposed tests.
 * Seed 000 "Percentile Dice" gives the roll; the rules notes (Tests) give the judgement.
 * Rendering (colours, emojis, sentences) belongs to the bot, not here: results carry plain data.
 */

/** Two d10s read as digits. `tens` and `ones` are the digits 0–9 shown; `value` is 1–100. */
export interface PercentileRoll {
  tens: number;
  ones: number;
  value: number;
}

export const PERCENTILE_OUTCOMES = ["critical-success", "success", "failure", "fumble"] as const;
export type PercentileOutcome = (typeof PERCENTILE_OUTCOMES)[number];

/** Player-facing names of the outcomes; the bot decorates them however it likes. */
export const OUTCOME_LABEL: Readonly<Record<PercentileOutcome, string>> = {
  "critical-success": "Critical success",
  success: "Success",
  failure: "Failure",
  fumble: "Fumble",
};

/** Which rule judged a roll, with the numbers it compared; the outcome is on the judgement. */
export type TestReason =
  /** 01 always succeeds and 100 always fails, whatever the target. */
  | { readonly code: "always"; readonly roll: number }
  /** Inhuman: a roll at or under the raw stat, with a target above 99, is critical. */
  | { readonly code: "inhuman"; readonly roll: number; readonly stat: number }
  /** The roll against the target; doubled digits make it critical. */
  | {
      readonly code: "target";
      readonly roll: number;
      readonly target: number;
      readonly doubled: boolean;
    };

export interface PercentileJudgement {
  outcome: PercentileOutcome;
  success: boolean;
  critical: boolean;
  /** Why, for the bot to word ("22 is doubled and at or under 45: critical success"). */
  reason: TestReason;
}

/**
 * Something that moves a test's target beside the GM's modifier, shown with the result:
 * exhaustion (until rested), or what a campaign module adds (a dependency, the opponent's
 * strength), which names itself for the table (`label`, as a test's label does).
 */
export type TestCondition =
  | { kind: "exhausted"; /** Added to the target: negative for a penalty. */ modifier: number }
  | { kind: "extra"; label: string; modifier: number };

export interface PercentileTestInput {
  /** Skill rating, stat × 5, SAN, Luck 50… A whole number, 0 or more (may exceed 100 for inhuman stats). */
  rating: number;
  /** Added to the rating: +20/−20 easy/hard, +40/−40 extreme, or any whole number the GM gives. */
  modifier?: number;
  /** Conditions of the tester (exhaustion), added to the target besides the modifier. */
  conditions?: readonly TestCondition[];
  /** What is being tested ("Alertness", "STR × 5"); echoed back for the bot to show. */
  label?: string;
  /** For stat tests: the raw stat, which enables the inhuman rule when the target is above 99. */
  rawStat?: number;
}

export interface PercentileTestResult extends PercentileJudgement {
  roll: PercentileRoll;
  rating: number;
  modifier: number;
  /** The conditions that moved the target (none when the tester had none). */
  conditions: TestCondition[];
  /**
   * rating + modifier + conditions, unclamped; see judgePercentile for how targets below 1 or
   * above 99 behave.
   */
  target: number;
  label?: string;
}

/** Luck test: a flat 50% (rules notes, Roll20 CE sheet). */
export const LUCK_RATING = 50;

/** Difficulty modifiers the notes name; the GM may give any whole number instead. */
export const DIFFICULTY_MODIFIER = {
  easy: 20,
  hard: -20,
  extremelyEasy: 40,
  extremelyHard: -40,
} as const;

/** Two digits as a player reads them on the dice: 01, 07, 42, 100. */
export function formatPercentile(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** Doubled digits 11, 22 … 99 (01 and 100 are criticals for their own reasons). */
export function isDoubled(value: number): boolean {
  return value >= 11 && value <= 99 && value % 11 === 0;
}

/**
 * Roll two d10s, tens die first. A d10's face 10 is the digit 0; 0 and 0 read as 100 (seed 000).
 */
export function rollPercentile(rng: Rng): PercentileRoll {
  const tens = rng.die(10) % 10;
  const ones = rng.die(10) % 10;
  const value = tens === 0 && ones === 0 ? 100 : tens * 10 + ones;
  return { tens, ones, value };
}

/**
 * Judge a 1D100 roll against a target (rules notes, "Tests"):
 * - 01 always succeeds and is critical; 100 always fails and is a fumble.
 * - Otherwise success at or under the target; doubled digits (11 … 99) are critical.
 *   A successful critical is a critical success, a failed one a fumble.
 * - Targets outside 1–99 need no clamping: below 1 only 01 succeeds, at 100 or more all but 100 do.
 * - Inhuman (Foundry DG): when `rawStat` is given and the target is above 99, any roll at or under
 *   the raw stat is also critical. The target is the one actually rolled against (after modifiers).
 */
export function judgePercentile(
  value: number,
  target: number,
  rawStat?: number,
): PercentileJudgement {
  assertWhole(value, "percentile-roll", "invalid-roll", 1, 100);
  assertWhole(target, "target", "invalid-target");
  if (rawStat !== undefined) assertWhole(rawStat, "stat", "invalid-stat", 0);

  if (value === 1) return judged("critical-success", { code: "always", roll: value });
  if (value === 100) return judged("fumble", { code: "always", roll: value });
  const success = value <= target;
  const inhuman = rawStat !== undefined && target > 99;
  if (success && inhuman && value <= rawStat) {
    return judged("critical-success", { code: "inhuman", roll: value, stat: rawStat });
  }
  const doubled = isDoubled(value);
  const reason: TestReason = { code: "target", roll: value, target, doubled };
  if (doubled) return judged(success ? "critical-success" : "fumble", reason);
  return judged(success ? "success" : "failure", reason);
}

function judged(outcome: PercentileOutcome, reason: TestReason): PercentileJudgement {
  return {
    outcome,
    success: outcome === "critical-success" || outcome === "success",
    critical: outcome === "critical-success" || outcome === "fumble",
    reason,
  };
}

/** What conditions add to a target, together. */
export function conditionsModifier(conditions: readonly TestCondition[]): number {
  return conditions.reduce((sum, condition) => sum + condition.modifier, 0);
}

/** Roll 1D100 against rating + modifier + conditions and say what happened and why. */
export function percentileTest(input: PercentileTestInput, rng: Rng): PercentileTestResult {
  const { rating, modifier = 0, label, rawStat } = input;
  const conditions = [...(input.conditions ?? [])];
  assertWhole(rating, "rating", "invalid-rating", 0);
  assertWhole(modifier, "modifier", "invalid-modifier");
  for (const condition of conditions) {
    assertWhole(condition.modifier, "condition-modifier", "invalid-modifier");
  }
  const target = rating + modifier + conditionsModifier(conditions);
  const roll = rollPercentile(rng);
  const judgement = judgePercentile(roll.value, target, rawStat);
  return {
    roll,
    rating,
    modifier,
    conditions,
    target,
    ...judgement,
    ...(label === undefined ? {} : { label }),
  };
}

/** Stat test rating = stat × 5 (seed 000). */
export function statTestRating(stat: number): number {
  assertWhole(stat, "stat", "invalid-stat", 0);
  return stat * 5;
}

/** What an opposed test needs from each side: a `percentileTest` result fits. */
export interface OpposedSide {
  roll: Pick<PercentileRoll, "value">;
  success: boolean;
  critical: boolean;
  label?: string;
}

/** Why an opposed test ended as it did, for the bot to word; one per branch of the rule. */
export const OPPOSED_BASES = [
  "only-one-succeeded",
  "critical-beats-success",
  "higher-roll",
  "same-roll",
  "both-failed",
] as const;
export type OpposedBasis = (typeof OPPOSED_BASES)[number];

export interface OpposedResult {
  winner: "a" | "b" | "none";
  /** With the two sides, every fact presentation needs to say why. */
  basis: OpposedBasis;
}

/**
 * Opposed test, the notes' common reading (no source states it):
 * only one succeeds → it wins; both succeed → a critical beats a plain success, otherwise the
 * higher roll wins; both fail → no winner (the GM may re-roll).
 * Our default for a tie (both succeed with the same roll, so neither or both critical): no winner,
 * like both failing, so the GM decides or calls for a re-roll.
 */
export function opposedTest(a: OpposedSide, b: OpposedSide): OpposedResult {
  if (a.success !== b.success) {
    return { winner: a.success ? "a" : "b", basis: "only-one-succeeded" };
  }
  if (!a.success) return { winner: "none", basis: "both-failed" };
  if (a.critical !== b.critical) {
    return { winner: a.critical ? "a" : "b", basis: "critical-beats-success" };
  }
  if (a.roll.value === b.roll.value) return { winner: "none", basis: "same-roll" };
  return { winner: a.roll.value > b.roll.value ? "a" : "b", basis: "higher-roll" };
}
