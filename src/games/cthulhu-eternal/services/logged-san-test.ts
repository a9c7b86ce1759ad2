import { judgePercentile } from "../rules/percentile.js";
import type { SanityTestResult } from "../rules/sanity/types.js";
import type { AdaptableThreat } from "../rules/types.js";

/**
 * A SAN test as the log holds it. Tests logged before the rules returned facts carry their
 * reason as a sentence; it is judged again from the logged roll and SAN (a SAN test never uses
 * the inhuman rule, so the facts come out as they were), so old tests still project and repress.
 */
export function loggedSanTest(dice: unknown): SanityTestResult {
  const result = dice as SanityTestResult;
  if (typeof (result.test.reason as unknown) !== "string") return result;
  const test = result.test;
  const reason = test.automatic
    ? { code: "adapted" as const, threat: test.threat as AdaptableThreat }
    : judgePercentile(test.roll, test.target).reason;
  return { ...result, test: { ...test, reason } as SanityTestResult["test"] };
}
