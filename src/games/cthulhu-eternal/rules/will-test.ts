import type { Rng } from "../../../core/rng.js";
import { parseDice, rollDice, type DiceRoll } from "./dice/index.js";
import { applyWpChange, type WpChange } from "./harm.js";
import {
  percentileTest,
  statTestRating,
  type PercentileTestResult,
  type TestCondition,
} from "./percentile.js";

/**
 * A will test (the Extras' "Will check", "fear check"): POW × 5, and on a failure WP lost by the
 * loss's dice. What calls for one (a Scary or Undead entity) is the caller's; the test is the same.
 */
export interface WillTestInput {
  pow: number;
  wp: number;
  wpMax: number;
  /** WP lost on a failure: dice ("2D10") or a number. */
  loss: string;
  /** A failure also means panic (Undead): told, not tracked on the sheet. */
  panicOnFailure?: boolean;
  conditions?: readonly TestCondition[];
}

export interface WillTestResult {
  test: PercentileTestResult;
  /** The loss's notation as written, for the table. */
  notation: string;
  /** The loss rolled on a failure; null on a success. */
  lossRoll: DiceRoll | null;
  /** WP actually lost: the roll, never more than the Protagonist had. */
  lost: number;
  change: WpChange;
  panicked: boolean;
}

export const WILL_TEST_LABEL = "POW × 5";

/** Throws the dice parser's error for a loss that is not dice, before anything is rolled. */
export function assertWillLoss(loss: string): void {
  parseDice(loss);
}

export function willTest(input: WillTestInput, rng: Rng): WillTestResult {
  const loss = parseDice(input.loss);
  const test = percentileTest(
    {
      rating: statTestRating(input.pow),
      rawStat: input.pow,
      label: WILL_TEST_LABEL,
      conditions: input.conditions ?? [],
    },
    rng,
  );
  const lossRoll = test.success ? null : rollDice(loss, rng);
  // A loss whose dice total below 0 ("1D4−2") costs nothing rather than restoring WP.
  const change = applyWpChange(input.wp, input.wpMax, -Math.max(0, lossRoll?.total ?? 0));
  return {
    test,
    notation: input.loss,
    lossRoll,
    lost: change.before - change.after,
    change,
    panicked: !test.success && (input.panicOnFailure ?? false),
  };
}
