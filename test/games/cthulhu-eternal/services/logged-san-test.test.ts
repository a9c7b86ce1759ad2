import { describe, expect, it } from "vitest";
import { sanTestReasonText } from "../../../../src/games/cthulhu-eternal/presentation/test-reasons.js";
import { loggedSanTest } from "../../../../src/games/cthulhu-eternal/services/logged-san-test.js";

/** A SAN test's logged result as the log held it before reasons were facts. */
function logged(test: Record<string, unknown>): unknown {
  return { kind: "sanity-test", test, sanLoss: { success: 0, failure: "1D4" }, projectable: true };
}

describe("a SAN test logged with its reason as a sentence", () => {
  it("is read with today's facts, worded as it was", () => {
    const result = loggedSanTest(
      logged({
        automatic: false,
        threat: "unnatural",
        target: 45,
        roll: 22,
        outcome: "critical-success",
        success: true,
        critical: true,
        reason: "22 is doubled and at or under 45: critical success",
      }),
    );
    expect(result.test.reason).toEqual({ code: "target", roll: 22, target: 45, doubled: true });
    expect(sanTestReasonText(result.test)).toBe(
      "22 is doubled and at or under 45: critical success",
    );
  });

  it("keeps an adapted Protagonist's automatic success", () => {
    const result = loggedSanTest(
      logged({
        automatic: true,
        threat: "violence",
        outcome: "success",
        success: true,
        critical: false,
        reason: "Adapted to Violence: the SAN test succeeds automatically, no roll.",
      }),
    );
    expect(result.test.reason).toEqual({ code: "adapted", threat: "violence" });
    expect(sanTestReasonText(result.test)).toBe(
      "Adapted to Violence: the SAN test succeeds automatically, no roll.",
    );
  });
});
