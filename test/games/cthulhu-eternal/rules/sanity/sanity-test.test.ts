import { describe, expect, it } from "vitest";
import { sanTestReasonText } from "../../../../../src/games/cthulhu-eternal/presentation/test-reasons.js";
import { scriptedRng } from "../../../../../src/core/rng.js";
import {
  parseSanLoss,
  projectSanityTest,
  SanLossNotationError,
  sanityTest,
} from "../../../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import { adaptation, percentileFaces, protagonist, withOptions } from "./fixtures.js";

const defaults = withOptions();

describe("sanityTest", () => {
  it("a failed test rolls the failure side and applies it", () => {
    const rng = scriptedRng([...percentileFaces(73), 4]);
    const result = sanityTest(
      protagonist(),
      { loss: "0/1D6", threat: "unnatural", source: "a drowned thing" },
      defaults,
      rng,
    );
    expect(rng.remaining()).toBe(0);
    expect(result.kind).toBe("sanity-test");
    expect(result.sanLoss.notation).toBe("0/1D6");
    expect(result.test).toMatchObject({ automatic: false, target: 50, roll: 73, success: false });
    expect(result.lossRoll).toEqual({
      side: "failure",
      expression: "1D6",
      total: 4,
      dice: [{ sides: 6, value: 4, kept: true }],
    });
    expect(result).toMatchObject({
      threat: "unnatural",
      source: "a drowned thing",
      rolledLoss: 4,
      loss: 4,
      lost: 4,
      temporaryInsanity: false,
      projectable: true,
    });
    expect(result.after.san).toBe(46);
  });

  it("a successful test takes the success side (no dice for a fixed 0)", () => {
    const rng = scriptedRng(percentileFaces(22));
    const result = sanityTest(protagonist(), { loss: "0/1D6", threat: "violence" }, defaults, rng);
    expect(result.test.outcome).toBe("critical-success");
    expect(result.lossRoll).toEqual({ side: "success", expression: "0", total: 0, dice: [] });
    expect(result.lost).toBe(0);
    expect(result.projectable).toBe(false);
    expect(result.after).toEqual(protagonist());
  });

  it("a success can still cost SAN (1/1D4+1) and tick an adaptation box", () => {
    const result = sanityTest(
      protagonist(),
      { loss: "1/1D4+1", threat: "helplessness" },
      defaults,
      scriptedRng(percentileFaces(10)),
    );
    expect(result.lost).toBe(1);
    expect(result.after.adaptation.helplessness.boxes).toBe(1);
    expect(result.projectable).toBe(true);
  });

  it("adapted: no percentile roll, the success side applies", () => {
    const state = protagonist({ adaptation: adaptation(3, 0, { violence: true }) });
    const rng = scriptedRng([2]);
    const result = sanityTest(state, { loss: "1D4/1D8", threat: "violence" }, defaults, rng);
    expect(rng.remaining()).toBe(0);
    expect(result.test.automatic).toBe(true);
    expect(sanTestReasonText(result.test)).toMatch(/Adapted to Violence/);
    expect(result.lossRoll).toMatchObject({ side: "success", total: 2 });
    expect(result.after.san).toBe(48);
  });

  it("rolls in order: percentile dice, loss dice, then the adaptation 1D6", () => {
    const rng = scriptedRng([8, 10, 3, 2]);
    const result = sanityTest(
      protagonist({ adaptation: adaptation(2) }),
      { loss: "0/1D6", threat: "violence" },
      defaults,
      rng,
    );
    expect(rng.remaining()).toBe(0);
    expect(result.test).toMatchObject({ roll: 80, success: false });
    expect(result.lost).toBe(3);
    expect(result.after.adaptation.violence).toEqual({ boxes: 3, adapted: true });
    expect(result.after.cha).toBe(10);
  });

  it("a big failure is temporary insanity", () => {
    const result = sanityTest(
      protagonist(),
      { loss: "1D6/1D20", threat: "unnatural" },
      defaults,
      scriptedRng([9, 9, 12]),
    );
    expect(result.test.outcome).toBe("fumble");
    expect(result.temporaryInsanity).toBe(true);
    expect(result.breakingPointReached).toBe(true);
  });

  it("accepts an already parsed loss", () => {
    const result = sanityTest(
      protagonist(),
      { loss: parseSanLoss("0/3"), threat: "unnatural" },
      defaults,
      scriptedRng(percentileFaces(99)),
    );
    expect(result.lost).toBe(3);
  });

  it("refuses bad notation before rolling anything", () => {
    const rng = scriptedRng([]);
    expect(() =>
      sanityTest(protagonist(), { loss: "1D6", threat: "unnatural" }, defaults, rng),
    ).toThrow(SanLossNotationError);
  });

  it("is plain JSON-safe data", () => {
    const result = sanityTest(
      protagonist({ adaptation: adaptation(2) }),
      { loss: "0/1D6", threat: "violence" },
      defaults,
      scriptedRng([8, 10, 3, 2]),
    );
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });
});

describe("projectSanityTest", () => {
  it("keeps the test and the loss dice, replaces the resolution, and offers no second projection", () => {
    const before = protagonist();
    const first = sanityTest(
      before,
      { loss: "0/1D6", threat: "unnatural" },
      defaults,
      scriptedRng([...percentileFaces(73), 6]),
    );
    expect(first.temporaryInsanity).toBe(true);
    const rng = scriptedRng([2]);
    const projected = projectSanityTest(before, first, "b1", defaults, rng);
    expect(rng.remaining()).toBe(0);
    expect(projected.test).toEqual(first.test);
    expect(projected.lossRoll).toEqual(first.lossRoll);
    expect(projected).toMatchObject({
      kind: "sanity-test",
      rolledLoss: 6,
      loss: 4,
      lost: 4,
      temporaryInsanity: false,
      projectable: false,
    });
    expect(projected.after.san).toBe(46);
    expect(JSON.parse(JSON.stringify(projected))).toEqual(projected);
  });
});
