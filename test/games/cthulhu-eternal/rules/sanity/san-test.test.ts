import { describe, expect, it } from "vitest";
import { scriptedRng } from "../../../../../src/core/rng.js";
import { sanTestReasonText } from "../../../../../src/games/cthulhu-eternal/presentation/test-reasons.js";
import { rollSanTest } from "../../../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import { adaptation, percentileFaces, protagonist } from "./fixtures.js";

describe("rollSanTest", () => {
  it("rolls 1D100 against current SAN: at SAN succeeds", () => {
    const result = rollSanTest(
      protagonist({ san: 47 }),
      "unnatural",
      scriptedRng(percentileFaces(47)),
    );
    expect(result).toEqual({
      automatic: false,
      threat: "unnatural",
      target: 47,
      roll: 47,
      outcome: "success",
      success: true,
      critical: false,
      reason: { code: "target", roll: 47, target: 47, doubled: false },
    });
    expect(sanTestReasonText(result)).toBe("47 is at or under 47: success");
  });

  it("one over SAN fails", () => {
    const result = rollSanTest(
      protagonist({ san: 47 }),
      "violence",
      scriptedRng(percentileFaces(48)),
    );
    expect(result).toMatchObject({ automatic: false, outcome: "failure", success: false });
  });

  it("reports criticals and fumbles as the percentile rules judge them", () => {
    expect(rollSanTest(protagonist(), "unnatural", scriptedRng(percentileFaces(33)))).toMatchObject(
      {
        outcome: "critical-success",
        critical: true,
      },
    );
    expect(
      rollSanTest(protagonist(), "unnatural", scriptedRng(percentileFaces(100))),
    ).toMatchObject({
      roll: 100,
      outcome: "fumble",
      success: false,
    });
  });

  it("an adapted Protagonist succeeds automatically against that threat, without rolling", () => {
    const rng = scriptedRng([]);
    const state = protagonist({ adaptation: adaptation(3, 0, { violence: true }) });
    const adapted = rollSanTest(state, "violence", rng);
    expect(adapted).toEqual({
      automatic: true,
      threat: "violence",
      outcome: "success",
      success: true,
      critical: false,
      reason: { code: "adapted", threat: "violence" },
    });
    expect(sanTestReasonText(adapted)).toBe(
      "Adapted to Violence: the SAN test succeeds automatically, no roll.",
    );
    const helpless = protagonist({ adaptation: adaptation(0, 3, { helplessness: true }) });
    expect(rollSanTest(helpless, "helplessness", rng).automatic).toBe(true);
  });

  it("adaptation to one threat does not cover the others", () => {
    const state = protagonist({
      adaptation: adaptation(3, 3, { violence: true, helplessness: true }),
    });
    expect(rollSanTest(state, "unnatural", scriptedRng(percentileFaces(90))).automatic).toBe(false);
    const violentOnly = protagonist({ adaptation: adaptation(3, 0, { violence: true }) });
    expect(
      rollSanTest(violentOnly, "helplessness", scriptedRng(percentileFaces(90))).automatic,
    ).toBe(false);
  });

  it("three boxes without the adapted flag still roll (the flag is what counts)", () => {
    const state = protagonist({ adaptation: adaptation(3) });
    expect(rollSanTest(state, "violence", scriptedRng(percentileFaces(10))).automatic).toBe(false);
  });
});
