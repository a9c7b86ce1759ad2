import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DICE_LIMITS,
  DiceError,
  parseDice,
  rollDice,
  type DiceErrorCode,
  type DiceRoll,
} from "../../../../../src/games/cthulhu-eternal/rules/dice/index.js";
import { seededRng } from "../../../../../src/core/rng.js";

const RUNS = { numRuns: 2000 };

/** Everything a successful roll must satisfy, whatever the input was. */
function expectWithinLimits(input: string, roll: DiceRoll): void {
  expect(input.length).toBeLessThanOrEqual(DICE_LIMITS.maxLength);
  expect(roll.dice.length).toBeLessThanOrEqual(DICE_LIMITS.maxDice);
  // One expect for all dice: a thousand expect() calls per run would dominate the test time.
  const badDie = roll.dice.find(
    (die) =>
      !Number.isInteger(die.sides) ||
      die.sides < 1 ||
      die.sides > DICE_LIMITS.maxSides ||
      !Number.isInteger(die.value) ||
      die.value < 1 ||
      die.value > die.sides,
  );
  expect(badDie).toBeUndefined();
  expect(Number.isSafeInteger(roll.total)).toBe(true);
  expect(Object.is(roll.total, -0)).toBe(false);
  expect(Math.abs(roll.total)).toBeLessThanOrEqual(DICE_LIMITS.maxResult);
  expect(roll.groups.flatMap((group) => group.dice)).toEqual(roll.dice);
  for (const group of roll.groups) {
    const kept = group.dice.filter((die) => die.kept);
    expect(kept.length).toBeGreaterThan(0);
    expect(group.subtotal).toBe(kept.reduce((sum, die) => sum + die.value, 0));
  }
  expect(roll.text.endsWith(` = **${roll.total}**`)).toBe(true);
  expect(roll.text.length).toBeLessThanOrEqual(1500);
}

/** Rolls anything: the only acceptable outcomes are a roll within the limits or a DiceError. */
function rollOrDiceError(input: string): void {
  let roll: DiceRoll;
  try {
    roll = rollDice(input, seededRng(input.length));
  } catch (error) {
    expect(error).toBeInstanceOf(DiceError);
    if (!(error instanceof DiceError)) return;
    expect(error.code).toMatch(/^dice\./);
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.message).not.toMatch(/undefined|NaN|Infinity|\[object/);
    return;
  }
  expectWithinLimits(input, roll);
}

const DICE_ISH_CHARS = [
  ...Array.from("dDkKhHlL%+-*() 0123456789"),
  "\t",
  "\n",
  "\u2212",
  "\u00d7",
  "x",
  ".",
  "/",
  "`",
  "\u0000",
  "😀",
  "\ud800",
  "\u00a0",
];
const DICE_ISH_TOKENS = [
  "d",
  "d%",
  "D100",
  "4d6",
  "kh",
  "kl",
  "dh",
  "dl",
  "k",
  "1",
  "3",
  "1000",
  "1001",
  "999999",
  "1000000",
  "99999999999",
  "0",
  "+",
  "-",
  "*",
  "(",
  ")",
  " ",
];

describe("any input rolls within the limits or fails with a DiceError", () => {
  it("arbitrary unicode strings", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 260 }), rollOrDiceError), RUNS);
  });

  it("strings of dice-like characters", () => {
    const unit = fc.constantFrom(...DICE_ISH_CHARS);
    fc.assert(fc.property(fc.string({ unit, maxLength: 260 }), rollOrDiceError), RUNS);
  });

  it("soups of dice-like tokens", () => {
    const soup = fc
      .array(fc.constantFrom(...DICE_ISH_TOKENS), { maxLength: 80 })
      .map((t) => t.join(""));
    fc.assert(fc.property(soup, rollOrDiceError), RUNS);
  });

  it("huge digit strings, alone and as counts, sides and keep amounts", () => {
    const digits = fc.string({
      unit: fc.constantFrom(...Array.from("0123456789")),
      minLength: 1,
      maxLength: 300,
    });
    const input = fc.oneof(
      digits,
      digits.map((n) => `${n}d6`),
      digits.map((n) => `1d${n}`),
      digits.map((n) => `4d6kh${n}`),
      fc.tuple(digits, digits).map(([a, b]) => `${a}*${b}`),
    );
    fc.assert(fc.property(input, rollOrDiceError), RUNS);
  });

  it("deep and unbalanced parentheses and long sign chains", () => {
    const input = fc
      .tuple(
        fc.nat({ max: 300 }),
        fc.nat({ max: 300 }),
        fc.constantFrom("1d6", "", "-", "2*", "d%kh1"),
        fc.nat({ max: 300 }),
      )
      .map(
        ([open, minus, inner, close]) =>
          "(".repeat(open) + "-".repeat(minus) + inner + ")".repeat(close),
      );
    fc.assert(fc.property(input, rollOrDiceError), RUNS);
  });

  it("rejects limit-breaking inputs quickly (no backtracking, no deep recursion)", () => {
    const adversarial = [
      "(".repeat(200),
      "(".repeat(100) + ")".repeat(100),
      `${"-".repeat(199)}1`,
      `${"1+".repeat(99)}1`,
      `${"1000*".repeat(39)}1`,
      `${"d1000+".repeat(33)}d1`,
      "d".repeat(200),
      "9".repeat(200),
      "9".repeat(1_000_000),
      " ".repeat(10_000_000),
    ];
    const started = performance.now();
    for (const input of adversarial) rollOrDiceError(input);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

/**
 * Valid expressions as token lists, so the same expression can be spelled with any spacing and
 * letter case. Small numbers keep most of them inside the limits.
 */
const diceGroupTokens = fc
  .record({
    count: fc.integer({ min: 1, max: 8 }),
    implicitCount: fc.boolean(),
    sides: fc.oneof(
      fc.integer({ min: 1, max: 1000 }),
      fc.constantFrom(4, 6, 20, 100),
      fc.constant(0),
    ),
    keep: fc.option(fc.tuple(fc.constantFrom("k", "kh", "kl", "dh", "dl"), fc.nat())),
  })
  .map(({ count, implicitCount, sides, keep }): string[] => {
    const dice = implicitCount ? 1 : count;
    const tokens = implicitCount ? [] : [String(dice)];
    tokens.push("d", sides === 0 ? "%" : String(sides));
    if (keep !== null) {
      const [mode, n] = keep;
      const amount = mode.startsWith("k") ? 1 + (n % dice) : n % dice;
      tokens.push(...mode.split(""), String(amount));
    }
    return tokens;
  });

const { expression: expressionTokens } = fc.letrec<{ expression: string[]; leaf: string[] }>(
  (tie) => ({
    leaf: fc.oneof(
      fc.integer({ min: 0, max: 30 }).map((n) => [String(n)]),
      diceGroupTokens,
    ),
    expression: fc.oneof(
      { depthSize: "medium", maxDepth: 12, withCrossShrink: true },
      tie("leaf"),
      fc
        .tuple(tie("expression"), fc.constantFrom("+", "-", "*"), tie("expression"))
        .map(([left, operator, right]) => [...left, operator, ...right]),
      tie("expression").map((operand) => ["-", ...operand]),
      tie("expression").map((inner) => ["(", ...inner, ")"]),
    ),
  }),
);

/** Spells tokens with pseudo-random spaces and letter case. */
function respell(tokens: readonly string[], seed: number): string {
  let state = seed >>> 0;
  const next = (): number => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state >>> 16;
  };
  const spaces = ["", "", " ", "  ", "\t"];
  return tokens
    .map((token) => {
      const spelled = next() % 2 === 0 ? token.toUpperCase() : token;
      return spelled + (spaces[next() % spaces.length] ?? "");
    })
    .join("");
}

const LIMIT_CODES: DiceErrorCode[] = [
  "dice.too-long",
  "dice.too-deep",
  "dice.too-many-dice",
  "dice.result-too-large",
];

describe("valid expressions", () => {
  it("roll a total between min and max, and keep their meaning through the canonical text", () => {
    fc.assert(
      fc.property(expressionTokens, fc.integer(), (tokens, seed) => {
        const input = tokens.join("");
        let expression;
        try {
          expression = parseDice(input);
        } catch (error) {
          // Generated expressions are well-formed; only a size limit may reject them.
          if (!(error instanceof DiceError)) throw error;
          expect(LIMIT_CODES).toContain(error.code);
          return;
        }
        const roll = rollDice(expression, seededRng(seed));
        expectWithinLimits(input, roll);
        expect(roll.total).toBeGreaterThanOrEqual(expression.min);
        expect(roll.total).toBeLessThanOrEqual(expression.max);
        expect(roll.dice.length).toBe(expression.diceCount);

        const respelled = respell(tokens, seed);
        if (respelled.length <= DICE_LIMITS.maxLength) {
          expect(parseDice(respelled).canonical).toBe(expression.canonical);
        }
        if (expression.canonical.length <= DICE_LIMITS.maxLength) {
          const again = rollDice(expression.canonical, seededRng(seed));
          expect(again.expression).toBe(expression.canonical);
          expect(again.total).toBe(roll.total);
          expect(again.dice).toEqual(roll.dice);
        }
      }),
      RUNS,
    );
  });

  it("reach exactly their min and max when every die lands high or low (sums only)", () => {
    const sumOfGroups = fc
      .array(diceGroupTokens, { minLength: 1, maxLength: 6 })
      .map((groups) => groups.map((g) => g.join("")).join("+"));
    fc.assert(
      fc.property(sumOfGroups, (input) => {
        const expression = parseDice(input);
        expect(rollDice(expression, { die: () => 1 }).total).toBe(expression.min);
        expect(rollDice(expression, { die: (sides) => sides }).total).toBe(expression.max);
      }),
      { numRuns: 500 },
    );
  });
});
