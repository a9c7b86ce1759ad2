import { describe, expect, it } from "vitest";
import {
  DICE_LIMITS,
  DiceError,
  diceRange,
  isDiceExpression,
  parseDice,
  type DiceErrorCode,
} from "../../../src/rules/dice/index.js";
import { RulesError } from "../../../src/rules/errors.js";

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

describe("parseDice: errors a player can read", () => {
  it.each<[string, DiceErrorCode, string]>([
    ["", "dice.empty", "Type a dice expression, such as `1d100` or `4d6kh3 + 2`"],
    ["   ", "dice.empty", "Type a dice expression, such as `1d100` or `4d6kh3 + 2`"],
    ["4d6kh7", "dice.keep-too-many", "`4d6kh7` keeps more dice than it rolls"],
    ["2d20kl3", "dice.keep-too-many", "`2d20kl3` keeps more dice than it rolls"],
    ["4d6kh0", "dice.keep-none", "`4d6kh0` keeps no dice; keep at least 1"],
    ["4d6dl4", "dice.keep-none", "`4d6dl4` drops every die it rolls; keep at least 1"],
    ["4d6dh5", "dice.drop-too-many", "`4d6dh5` drops more dice than it rolls"],
    ["2000d6", "dice.too-many-dice", "`2000d6` rolls 2,000 dice; the limit is 1,000"],
    [
      "600d6 + 600d6",
      "dice.too-many-dice",
      "This expression rolls 1,200 dice in all; the limit is 1,000",
    ],
    ["1d1001", "dice.too-many-sides", "`1d1001` has dice with 1,001 sides; the limit is 1,000"],
    ["0d6", "dice.zero-dice", "`0d6` rolls no dice; roll at least 1"],
    ["3d0", "dice.zero-sides", "`3d0`: a die needs at least 1 side"],
    [
      "1d6 + 1000001",
      "dice.number-too-large",
      "`1000001` is too large; numbers can be at most 1,000,000",
    ],
    [
      "9".repeat(100),
      "dice.number-too-large",
      "`999999999999999999999999…` is too large; numbers can be at most 1,000,000",
    ],
    [
      "1000000 * 1001",
      "dice.result-too-large",
      "`1000000 * 1001` can reach 1,001,000,000; results must stay within ±1,000,000,000",
    ],
    [
      "-1000d1000 * 1001",
      "dice.result-too-large",
      "`-1000d1000 * 1001` can reach -1,001,000,000; results must stay within ±1,000,000,000",
    ],
    ["1d6))", "dice.syntax", "Unexpected `)` at position 4; there is no `(` for it to close"],
    ["(1d6", "dice.syntax", "Missing `)` to close the `(` at position 1"],
    [
      "(1 2)",
      "dice.syntax",
      "Unexpected `2` at position 4; expected `)` to close the `(` at position 1",
    ],
    ["1d6 2", "dice.syntax", "Unexpected `2` at position 5; expected `+`, `-`, `*` or the end"],
    ["1d6 +", "dice.syntax", "The expression ends too soon: expected a number or dice after `+`"],
    ["-", "dice.syntax", "The expression ends too soon: expected a number or dice after `-`"],
    ["()", "dice.syntax", "Unexpected `)` at position 2; expected a number or dice"],
    ["+5", "dice.syntax", "Unexpected `+` at position 1; expected a number or dice"],
    ["2 ** 3", "dice.syntax", "Unexpected `*` at position 4; expected a number or dice"],
    ["2d", "dice.syntax", "`2d` needs a number of sides after the `d`, e.g. `d6`"],
    ["d", "dice.syntax", "`d` needs a number of sides after the `d`, e.g. `d6`"],
    [
      "2d+3",
      "dice.syntax",
      "Unexpected `+` at position 3; expected the number of sides after `d`, e.g. `d6`",
    ],
    [
      "4d6kh",
      "dice.syntax",
      "The expression ends too soon: say how many dice to keep after `4d6kh`, e.g. `kh1`",
    ],
    [
      "4d6dl",
      "dice.syntax",
      "The expression ends too soon: say how many dice to drop after `4d6dl`, e.g. `dl1`",
    ],
    [
      "4d6k+1",
      "dice.syntax",
      "Unexpected `+` at position 5; expected how many dice to keep, e.g. `kh1`",
    ],
    [
      "4d6d1",
      "dice.syntax",
      "Unexpected `d` at position 4; to drop dice write `dl` (lowest) or `dh` (highest) and a number, e.g. `4d6dl1`",
    ],
    [
      "4d6kh3kl1",
      "dice.syntax",
      "Unexpected `k` at position 7; a dice group can have only one keep or drop rule",
    ],
    ["4d6h3", "dice.syntax", "Unexpected `h` at position 4; expected `+`, `-`, `*` or the end"],
    ["2d6x2", "dice.syntax", "Unexpected `x` at position 4; use `*` to multiply"],
    ["10/2", "dice.syntax", "Unexpected `/` at position 3; dividing is not supported"],
    ["1d6 + str", "dice.syntax", "Unexpected `s` at position 7"],
    ["1d6`", "dice.syntax", "Unexpected `` ` `` at position 4"],
    ["1d6\u0000", "dice.syntax", "Unexpected character U+0000 at position 4"],
    ["1d6 + 😀", "dice.syntax", "Unexpected `😀` at position 7"],
    ["1d6\ud800", "dice.syntax", "Unexpected character U+D800 at position 4"],
    ["1.5", "dice.syntax", "Unexpected `.` at position 2"],
    [
      `${"(".repeat(11)}1${")".repeat(11)}`,
      "dice.too-deep",
      "Parentheses are nested more than 10 deep (the `(` at position 11)",
    ],
    [" ".repeat(201), "dice.too-long", "That expression is 201 characters long; the limit is 200"],
  ])("%j → %s", (input, code, message) => {
    const error = errorOf(input);
    expect(error).toBeInstanceOf(RulesError);
    expect(error.name).toBe("DiceError");
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
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
