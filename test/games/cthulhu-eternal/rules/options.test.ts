import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  DEFAULT_RULE_OPTIONS,
  resolveRuleOptions,
} from "../../../../src/games/cthulhu-eternal/rules/options.js";

describe("campaign rule options", () => {
  it("fills what a campaign never set with the documented defaults", () => {
    expect(resolveRuleOptions(null)).toEqual(DEFAULT_RULE_OPTIONS);
    expect(resolveRuleOptions({ brokenBondSanLoss: "1/1D6" })).toMatchObject({
      brokenBondSanLoss: "1/1D6",
      failureMarks: true,
    });
  });

  it("refuses a stored broken-Bond loss that is not SAN loss notation, with a code", () => {
    let thrown: unknown;
    try {
      resolveRuleOptions({ brokenBondSanLoss: "a lot" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(z.ZodError);
    const [issue] = (thrown as z.ZodError).issues;
    expect(issue).toMatchObject({
      path: ["brokenBondSanLoss"],
      params: { code: "san-loss-notation" },
    });
  });
});
