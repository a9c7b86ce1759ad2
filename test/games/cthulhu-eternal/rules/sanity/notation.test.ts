import { describe, expect, it } from "vitest";
import { scriptedRng } from "../../../../../src/core/rng.js";
import {
  isSanLossNotationError,
  parseSanLoss,
  rollLossSide,
} from "../../../../../src/games/cthulhu-eternal/rules/sanity/index.js";

describe("parseSanLoss: valid notation", () => {
  it("0/1D6: a fixed success side and a dice failure side", () => {
    expect(parseSanLoss("0/1D6")).toEqual({
      notation: "0/1D6",
      onSuccess: { kind: "fixed", amount: 0, text: "0" },
      onFailure: { kind: "dice", expression: "1D6", min: 1, max: 6, text: "1D6" },
    });
  });

  it("1/1D4+1 and 1D6/1D20", () => {
    expect(parseSanLoss("1/1D4+1").onFailure).toEqual({
      kind: "dice",
      expression: "1D4+1",
      min: 2,
      max: 5,
      text: "1D4+1",
    });
    const both = parseSanLoss("1D6/1D20");
    expect(both.onSuccess).toMatchObject({ kind: "dice", min: 1, max: 6 });
    expect(both.onFailure).toMatchObject({ kind: "dice", min: 1, max: 20 });
  });

  it("tolerates spaces and lower case, and normalises them", () => {
    expect(parseSanLoss("  1 / 1d4 + 1 ").notation).toBe("1/1D4+1");
    expect(parseSanLoss("0/1d6").notation).toBe("0/1D6");
  });

  it("fixed numbers on both sides, with leading zeros read as numbers", () => {
    expect(parseSanLoss("1/3")).toMatchObject({
      notation: "1/3",
      onSuccess: { kind: "fixed", amount: 1 },
      onFailure: { kind: "fixed", amount: 3 },
    });
    expect(parseSanLoss("00/05").notation).toBe("0/5");
  });

  it("keep/drop dice keep their lower-case rule", () => {
    expect(parseSanLoss("0/2d6kh1").notation).toBe("0/2D6kh1");
  });

  it("dice that can roll 0 are fine (1D4−1)", () => {
    expect(parseSanLoss("0/1D4-1").onFailure).toMatchObject({ min: 0, max: 3 });
  });
});

describe("parseSanLoss: invalid notation", () => {
  it.each<[string, object]>([
    ["", { kind: "no-slash" }],
    ["1D6", { kind: "no-slash" }],
    ["0/1D6/1D8", { kind: "many-slashes" }],
    ["/1D6", { kind: "empty-side", side: "success" }],
    ["0/", { kind: "empty-side", side: "failure" }],
    ["0/ ", { kind: "empty-side", side: "failure" }],
    ["0/abc", { kind: "not-dice", side: "failure" }],
    ["x/1D6", { kind: "not-dice", side: "success" }],
    ["-1/1D6", { kind: "negative", side: "success", text: "-1" }],
    ["0/1D4-5", { kind: "negative", side: "failure" }],
    ["0/500", { kind: "fixed-too-large", side: "failure", amount: 500, limit: 100 }],
  ])("%j", (notation, problem) => {
    try {
      parseSanLoss(notation);
      expect.unreachable();
    } catch (error) {
      expect(isSanLossNotationError(error)).toBe(true);
      if (!isSanLossNotationError(error)) return;
      expect(error.code).toBe("invalid-san-loss-notation");
      expect(error.notation).toBe(notation);
      expect(error.problem).toMatchObject(problem);
    }
  });

  it("keeps the dice parser's reason for a side that is not dice", () => {
    try {
      parseSanLoss("0/4d6kb3");
      expect.unreachable();
    } catch (error) {
      if (!isSanLossNotationError(error) || error.problem.kind !== "not-dice") throw error;
      expect(error.problem.dice.problem).toMatchObject({ expected: "keep-rule", found: "b" });
    }
  });
});

describe("rollLossSide", () => {
  const loss = parseSanLoss("1/1D4+1");

  it("a success takes the success side; a fixed side rolls nothing", () => {
    const rng = scriptedRng([]);
    expect(rollLossSide(loss, true, rng)).toEqual({
      side: "success",
      expression: "1",
      total: 1,
      dice: [],
    });
  });

  it("a failure rolls the failure side", () => {
    const rng = scriptedRng([3]);
    expect(rollLossSide(loss, false, rng)).toEqual({
      side: "failure",
      expression: "1D4+1",
      total: 4,
      dice: [{ sides: 4, value: 3, kept: true }],
    });
    expect(rng.remaining()).toBe(0);
  });
});
