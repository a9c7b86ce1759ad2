/** What the percentile tests share. */
import { rulesErrorText } from "../../../../src/games/cthulhu-eternal/presentation/rules-refusals.js";
import { testReasonText } from "../../../../src/games/cthulhu-eternal/presentation/test-reasons.js";
import { expect } from "vitest";
import { RulesError } from "../../../../src/games/cthulhu-eternal/rules/errors.js";
import { type PercentileJudgement } from "../../../../src/games/cthulhu-eternal/rules/percentile.js";

export const DOUBLES = [11, 22, 33, 44, 55, 66, 77, 88, 99];

/** The judgement with the sentence players read in place of its facts, to check both together. */
export function worded<T extends PercentileJudgement>(
  judgement: T,
): Omit<T, "reason"> & { reason: string } {
  return { ...judgement, reason: testReasonText(judgement) };
}

export function expectNotWholeRefusal(run: () => unknown, code: string): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(RulesError);
  expect((caught as RulesError).code).toBe(code);
  expect(rulesErrorText(caught as RulesError)).toMatch(/must be a whole number/);
}
