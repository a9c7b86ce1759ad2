import {
  OUTCOME_LABEL,
  type OpposedBasis,
  type OpposedResult,
  type OpposedSide,
  type PercentileOutcome,
  type TestReason,
} from "../rules/percentile.js";
import { threatLabel } from "../rules/sanity/state.js";
import type { SanTestOutcome } from "../rules/sanity/types.js";
import { percent } from "./percentile-format.js";

/**
 * Percentile tests in the players' words: the one-line "why" of a test or an opposed test. The
 * rules return the numbers and the branch taken; the sentences are here.
 */

/** What each branch of the opposed rule says, given the winner's name and both rolls. */
const OPPOSED_TEXT: {
  readonly [B in OpposedBasis]: (facts: { name: string; rolls: string; both: string }) => string;
} = {
  "only-one-succeeded": ({ name, rolls }) => `only ${name} succeeded ${rolls}: ${name} wins`,
  "both-failed": ({ rolls }) => `both failed ${rolls}: no winner`,
  "critical-beats-success": ({ name, rolls }) =>
    `both succeeded but only ${name} rolled a critical ${rolls}: ${name} wins`,
  "same-roll": ({ both, rolls }) => `${both} with the same roll ${rolls}: a tie, no winner`,
  "higher-roll": ({ both, name, rolls }) =>
    `${both} and ${name} rolled higher ${rolls}: ${name} wins`,
};

/** "only A succeeded (30 vs 70): A wins"; unnamed sides are A and B. */
export function opposedReasonText(a: OpposedSide, b: OpposedSide, result: OpposedResult): string {
  const name = result.winner === "b" ? (b.label ?? "B") : (a.label ?? "A");
  const rolls = `(${percent(a.roll.value)} vs ${percent(b.roll.value)})`;
  // Only read when both succeeded alike, so A's critical speaks for both.
  const both = a.critical ? "both succeeded critically" : "both succeeded";
  return OPPOSED_TEXT[result.basis]({ name, rolls, both });
}

/** The rule that judged a roll, before the outcome: "22 is doubled and at or under 45". */
function judgedBy(reason: TestReason, success: boolean): string {
  const shown = percent(reason.roll);
  switch (reason.code) {
    case "always":
      return `${shown} always ${success ? "succeeds" : "fails"}`;
    case "inhuman":
      return `${shown} is at or under the inhuman stat ${reason.stat}`;
    case "target": {
      const comparison = success ? `at or under ${reason.target}` : `over ${reason.target}`;
      return `${shown} is ${reason.doubled ? "doubled and " : ""}${comparison}`;
    }
  }
}

/** "22 is doubled and at or under 45: critical success": why a test came out as it did. */
export function testReasonText(test: { outcome: PercentileOutcome; reason: TestReason }): string {
  const success = test.outcome === "critical-success" || test.outcome === "success";
  return `${judgedBy(test.reason, success)}: ${OUTCOME_LABEL[test.outcome].toLowerCase()}`;
}

/** A SAN test's why: the roll's, or the adaptation that made rolling needless. */
export function sanTestReasonText(test: SanTestOutcome): string {
  return test.automatic
    ? `Adapted to ${threatLabel(test.reason.threat)}: the SAN test succeeds automatically, no roll.`
    : testReasonText(test);
}
