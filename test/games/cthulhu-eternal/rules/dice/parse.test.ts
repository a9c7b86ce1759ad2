import { describe, expect, it } from "vitest";
import {
  DICE_LIMITS,
  DiceError,
  diceRange,
  isDiceExpression,
  parseDice,
  type DiceErrorCode,
} from "../../../../../src/games/cthulhu-eternal/rules/dice/index.js";
import { RulesError } from "../../../../../src/games/cthulhu-eternal/rules/errors.js";

function errorOf(input: string): DiceError {
  try {
    parseDice(input);
  } catch (error) {
    if (error instanceof DiceError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
}

describe("parseDice: grammar and canonical text", () => {
  it.each([
    ["1d100", "1d100"],
    ["d6", "1d6"],
    ["D6", "1d6"],
    ["d%", "1d100"],
    ["D100", "1d100"],
    ["3d%", "3d100"],
    ["2d20", "2d20"],
    ["4d6kh3", "4d6kh3"],
    ["4d6k3", "4d6kh3"],
    ["4d6K3", "4d6kh3"],
    ["2d20kl1", "2d20kl1"],
    ["4d6dl1", "4d6dl1"],
    ["4d6dh1", "4d6dh1"],
    ["4D6DL1", "4d6dl1"],
    [" 4D6 KH3+ 2", "4d6kh3 + 2"],
    ["4 d 6 k h 3", "4d6kh3"],
    ["\t1d6\n+\r2 ", "1d6 + 2"],
    ["1d6\u00a0+\u20022", "1d6 + 2"],
    ["7", "7"],
    ["0", "0"],
    ["007", "7"],
    ["1000000", "1000000"],
    ["1+2-3", "1 + 2 - 3"],
    ["1-(2-3)", "1 - (2 - 3)"],
    ["(1-2)-3", "1 - 2 - 3"],
    ["1+2*3", "1 + 2 * 3"],
    ["(1+2)*3", "(1 + 2) * 3"],
    ["2*(3*4)", "2 * (3 * 4)"],
    ["((((1d6))))", "1d6"],
    ["-3", "-3"],
    ["--3", "--3"],
    ["-(1d6+2)", "-(1d6 + 2)"],
    ["-2*3", "-2 * 3"],
    ["2*-3", "2 * -3"],
    ["1 - -d4", "1 - -1d4"],
    ["1d8+1d6+2", "1d8 + 1d6 + 2"],
    ["d100\u2212d10", "1d100 - 1d10"],
    ["2\u00d7d6", "2 * 1d6"],
  ])("%j → %j", (input, canonical) => {
    expect(parseDice(input).canonical).toBe(canonical);
  });

  it("canonical text parses back to itself", () => {
    for (const input of ["-(1d6+2)*3-(4-d4)", "1-(2+3)", "2*(3*4)", "--d%kh1"]) {
      const canonical = parseDice(input).canonical;
      expect(parseDice(canonical).canonical).toBe(canonical);
    }
  });

  it("builds the tree with * before + and -, left-associative", () => {
    const { root } = parseDice("1 - 2 * 3 - 4");
    expect(root).toMatchObject({
      kind: "binary",
      operator: "-",
      left: {
        kind: "binary",
        operator: "-",
        left: { kind: "number", value: 1 },
        right: {
          kind: "binary",
          operator: "*",
          left: { value: 2 },
          right: { value: 3 },
        },
      },
      right: { kind: "number", value: 4 },
    });
  });

  it("describes dice groups", () => {
    expect(parseDice("4d6kh3").root).toEqual({
      kind: "dice",
      count: 4,
      sides: 6,
      keep: { mode: "kh", amount: 3 },
      notation: "4d6kh3",
      min: 3,
      max: 18,
    });
    expect(parseDice("d%").root).toMatchObject({ count: 1, sides: 100, keep: undefined });
  });

  it("counts dice across the expression", () => {
    expect(parseDice("4d6kh3 + 2d20kl1 - d%").diceCount).toBe(7);
    expect(parseDice("12").diceCount).toBe(0);
  });

  it("accepts the limits themselves", () => {
    expect(parseDice("1000d1000").diceCount).toBe(1000);
    expect(parseDice("500d6 + 500d6").diceCount).toBe(1000);
    expect(isDiceExpression(`${"(".repeat(10)}1${")".repeat(10)}`)).toBe(true);
    expect(isDiceExpression("1".padStart(DICE_LIMITS.maxLength, " "))).toBe(true);
    expect(isDiceExpression("4d6kh4")).toBe(true);
    expect(isDiceExpression("4d6dl0")).toBe(true);
    expect(isDiceExpression("4d6dl3")).toBe(true);
    expect(isDiceExpression("1d1")).toBe(true);
    expect(isDiceExpression("1000000 * 1000")).toBe(true);
  });
});

describe("diceRange", () => {
  it.each([
    ["1d100", 1, 100],
    ["d%", 1, 100],
    ["4d6kh3", 3, 18],
    ["4d6dl1", 3, 18],
    ["2d20kl1", 1, 20],
    ["3d6 + 2", 5, 20],
    ["3d6 - 2", 1, 16],
    ["10 - 1d6", 4, 9],
    ["-1d6", -6, -1],
    ["(1d6 - 3) * (1d4 - 2)", -4, 6],
    ["2 * 3", 6, 6],
    ["0 * -1d6", 0, 0],
  ])("%s spans %d..%d", (input, min, max) => {
    expect(diceRange(input)).toEqual({ min, max });
    expect(diceRange(parseDice(input))).toEqual({ min, max });
  });

  it("never reports -0", () => {
    expect(Object.is(diceRange("0 * -1d6").min, 0)).toBe(true);
    expect(Object.is(diceRange("0 * -1d6").max, 0)).toBe(true);
  });
});

describe("parseDice: what is wrong, as data", () => {
  const g = (count: number, sides: number, keep?: { mode: string; amount: number }) =>
    keep === undefined ? { count, sides } : { count, sides, keep };
  const syntax = (expected: string, found: string, more: object = {}) => ({
    code: "dice.syntax",
    expected,
    found,
    ...more,
  });
  it.each<[string, DiceErrorCode, object]>([
    ["", "dice.empty", { code: "dice.empty" }],
    ["   ", "dice.empty", { code: "dice.empty" }],
    ["4d6kh7", "dice.keep-too-many", { group: g(4, 6, { mode: "kh", amount: 7 }) }],
    ["2d20kl3", "dice.keep-too-many", { group: g(2, 20, { mode: "kl", amount: 3 }) }],
    ["4d6kh0", "dice.keep-none", { group: g(4, 6, { mode: "kh", amount: 0 }) }],
    ["4d6dl4", "dice.keep-none", { group: g(4, 6, { mode: "dl", amount: 4 }) }],
    ["4d6dh5", "dice.drop-too-many", { group: g(4, 6, { mode: "dh", amount: 5 }) }],
    ["2000d6", "dice.too-many-dice", { count: 2000, limit: 1000, group: g(2000, 6) }],
    ["600d6 + 600d6", "dice.too-many-dice", { count: 1200, limit: 1000 }],
    ["1d1001", "dice.too-many-sides", { group: g(1, 1001), limit: 1000 }],
    ["0d6", "dice.zero-dice", { group: g(0, 6) }],
    ["3d0", "dice.zero-sides", { group: g(3, 0) }],
    ["1d6 + 1000001", "dice.number-too-large", { number: "1000001", limit: 1_000_000 }],
    ["9".repeat(100), "dice.number-too-large", { number: "9".repeat(100) }],
    [
      "1000000 * 1001",
      "dice.result-too-large",
      { notation: "1000000 * 1001", extreme: 1_001_000_000, limit: 1_000_000_000 },
    ],
    [
      "-1000d1000 * 1001",
      "dice.result-too-large",
      { notation: "-1000d1000 * 1001", extreme: -1_001_000_000 },
    ],
    ["1d6))", "dice.syntax", syntax("no-open-paren", ")")],
    ["(1d6", "dice.syntax", syntax("close-paren", "")],
    ["(1 2)", "dice.syntax", syntax("close-paren", "2")],
    ["(1d6 2)", "dice.syntax", syntax("after-dice", "2", { group: g(1, 6) })],
    ["1d6 2", "dice.syntax", syntax("after-dice", "2", { group: g(1, 6) })],
    ["1 2", "dice.syntax", syntax("operator-or-end", "2")],
    ["1d6 +", "dice.syntax", syntax("number-or-dice", "", { after: "+" })],
    ["-", "dice.syntax", syntax("number-or-dice", "", { after: "-" })],
    ["()", "dice.syntax", syntax("number-or-dice", ")")],
    ["+5", "dice.syntax", syntax("number-or-dice", "+")],
    ["2 ** 3", "dice.syntax", syntax("number-or-dice", "*")],
    ["2d", "dice.syntax", syntax("sides", "", { group: g(2, 0) })],
    ["d", "dice.syntax", syntax("sides", "", { group: g(1, 0) })],
    ["2d+3", "dice.syntax", syntax("sides", "+", { group: g(2, 0) })],
    ["4d6kh", "dice.syntax", syntax("keep-count", "", { group: g(4, 6), mode: "kh" })],
    ["4d6dl", "dice.syntax", syntax("keep-count", "", { group: g(4, 6), mode: "dl" })],
    ["4d6k+1", "dice.syntax", syntax("keep-count", "+", { group: g(4, 6), mode: "kh" })],
    ["4d6kb3", "dice.syntax", syntax("keep-rule", "b", { group: g(4, 6) })],
    ["4d6d1", "dice.syntax", syntax("keep-rule", "d", { group: g(4, 6) })],
    [
      "4d6kh3kl1",
      "dice.syntax",
      syntax("one-keep-rule", "k", { group: g(4, 6, { mode: "kh", amount: 3 }) }),
    ],
    ["4d6h3", "dice.syntax", syntax("after-dice", "h", { group: g(4, 6) })],
    ["4d6kh3 h", "dice.syntax", syntax("operator-or-end", "h")],
    ["2d6x2", "dice.syntax", syntax("after-dice", "x", { group: g(2, 6) })],
    ["10/2", "dice.syntax", syntax("operator-or-end", "/")],
    ["1d6 + str", "dice.syntax", syntax("number-or-dice", "s")],
    ["1d6`", "dice.syntax", syntax("after-dice", "`", { group: g(1, 6) })],
    ["1d6\u0000", "dice.syntax", syntax("after-dice", "\u0000", { group: g(1, 6) })],
    ["1d6 + 😀", "dice.syntax", syntax("number-or-dice", "😀")],
    ["1d6\ud800", "dice.syntax", syntax("after-dice", "\ud800", { group: g(1, 6) })],
    ["1.5", "dice.syntax", syntax("operator-or-end", ".")],
    [`${"(".repeat(11)}1${")".repeat(11)}`, "dice.too-deep", { limit: 10 }],
    [" ".repeat(201), "dice.too-long", { length: 201, limit: 200 }],
  ])("%j → %s", (input, code, problem) => {
    const error = errorOf(input);
    expect(error).toBeInstanceOf(RulesError);
    expect(error.name).toBe("DiceError");
    expect(error.code).toBe(code);
    expect(error.expression).toBe(input);
    expect(error.problem).toMatchObject({ code, ...problem });
  });

  it("reports the 1-based position of the offending part", () => {
    expect(errorOf("1d6 + 2d6kh9").position).toBe(7);
    expect(errorOf("1 +  )").position).toBe(6);
    expect(errorOf("1d6 +").position).toBe(6);
    expect(errorOf("x".repeat(300)).position).toBeUndefined();
  });

  it("isDiceExpression says whether parsing succeeds", () => {
    expect(isDiceExpression("4d6kh3 + 2")).toBe(true);
    expect(isDiceExpression("4d6kh7")).toBe(false);
    expect(isDiceExpression("hello")).toBe(false);
    expect(isDiceExpression("")).toBe(false);
  });
});
