/**
 * The evaluator and renderer are checked here against independent reference versions: a stable
 * sort of values for keep and drop rules, and a string built die by die for the text.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatExpression } from "../../../../../src/games/cthulhu-eternal/rules/dice/format.js";
import {
  DEFAULT_DICE_RENDER_OPTIONS,
  parseDice,
  renderDiceRoll,
  rollDice,
  type DiceExpression,
  type DiceGroupNode,
  type DiceGroupResult,
  type DiceNode,
  type DiceRenderOptions,
  type DieResult,
} from "../../../../../src/games/cthulhu-eternal/rules/dice/index.js";
import { scriptedRng, seededRng } from "../../../../../src/core/rng.js";

function groupNodes(node: DiceNode): DiceGroupNode[] {
  switch (node.kind) {
    case "number":
      return [];
    case "dice":
      return [node];
    case "negate":
      return groupNodes(node.operand);
    case "binary":
      return [...groupNodes(node.left), ...groupNodes(node.right)];
  }
}

/** Which dice a keep or drop rule keeps: rank by a stable sort, highest first. */
function referenceKept(node: DiceGroupNode, values: readonly number[]): boolean[] {
  const { keep } = node;
  if (keep === undefined) return values.map(() => true);
  const ranked = values.map((value, index) => ({ value, index })).sort((a, b) => b.value - a.value);
  const count = values.length;
  const from = keep.mode === "kl" ? count - keep.amount : keep.mode === "dh" ? keep.amount : 0;
  const to = keep.mode === "kh" ? keep.amount : keep.mode === "dl" ? count - keep.amount : count;
  const kept = values.map(() => false);
  for (let rank = from; rank < to; rank++) {
    const die = ranked[rank];
    if (die !== undefined) kept[die.index] = true;
  }
  return kept;
}

/** The text of a roll, a die at a time, as documented on renderDiceRoll. */
function referenceText(
  expression: DiceExpression,
  groups: readonly DiceGroupResult[],
  total: number,
  options: DiceRenderOptions = DEFAULT_DICE_RENDER_OPTIONS,
): string {
  let budget = options.maxDiceShown ?? DEFAULT_DICE_RENDER_OPTIONS.maxDiceShown;
  let next = 0;
  const body = formatExpression(expression.root, (node) => {
    const group = groups[next++];
    if (group === undefined) return node.notation;
    const parts: string[] = [];
    group.dice.forEach((die, index) => {
      if (index < budget) parts.push(die.kept ? `${die.value}` : `~~${die.value}~~`);
    });
    const shown = parts.length;
    budget -= shown;
    if (group.dice.length > shown) parts.push(`… ${group.dice.length - shown} more`);
    return `${group.notation} [${parts.join(", ")}]`;
  });
  const text = `${body} = **${total}**`;
  const maxLength = options.maxLength ?? DEFAULT_DICE_RENDER_OPTIONS.maxLength;
  return text.length <= maxLength ? text : `${expression.canonical} = **${total}**`;
}

const group = fc
  .record({
    count: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 300 })),
    sides: fc.oneof(
      fc.integer({ min: 1, max: 12 }),
      fc.constantFrom(20, 100, 101, 1000),
      fc.integer({ min: 1, max: 1000 }),
    ),
    keep: fc.option(fc.tuple(fc.constantFrom("kh", "kl", "dh", "dl", "k"), fc.nat())),
  })
  .map(({ count, sides, keep }) => {
    if (keep === null) return `${count}d${sides}`;
    const [mode, n] = keep;
    const amount = mode.startsWith("k") ? 1 + (n % count) : n % count;
    return `${count}d${sides}${mode}${amount}`;
  });

const expressionText = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(" + ", " - ", " * ", "-", "+("), group), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.integer({ min: 0, max: 50 }),
  )
  .map(([parts, constant]) => {
    let text = "";
    let open = 0;
    for (const [operator, dice] of parts) {
      if (operator === "+(") open++;
      text += text === "" ? (operator === "-" ? `-${dice}` : dice) : `${operator}${dice}`;
    }
    return `${text} + ${constant}${")".repeat(open)}`;
  });

function parsedOrNull(text: string): DiceExpression | null {
  try {
    return parseDice(text);
  } catch {
    return null; // over a limit: not what this file is about
  }
}

describe("rolls and renders like the plain reference", () => {
  it("keeps the same dice and writes the same text, with any render options", () => {
    const options = fc.record(
      {
        maxDiceShown: fc.oneof(fc.integer({ min: 0, max: 150 }), fc.constant(Infinity)),
        maxLength: fc.integer({ min: 10, max: 3000 }),
      },
      { requiredKeys: [] },
    );
    let checked = 0;
    fc.assert(
      fc.property(expressionText, fc.integer(), options, (text, seed, renderOptions) => {
        const expression = parsedOrNull(text);
        if (expression === null) return;
        checked++;
        const roll = rollDice(text, seededRng(seed), renderOptions);
        const nodes = groupNodes(expression.root);
        expect(roll.groups.length).toBe(nodes.length);
        roll.groups.forEach((result, g) => {
          const node = nodes[g];
          if (node === undefined) throw new Error("missing group");
          const values = result.dice.map((die) => die.value);
          expect(result.dice.map((die) => die.kept)).toEqual(referenceKept(node, values));
          expect(result.dice.every((die) => die.sides === node.sides)).toBe(true);
          const kept = result.dice.filter((die) => die.kept);
          expect(result.subtotal).toBe(kept.reduce((sum, die) => sum + die.value, 0));
        });
        expect(roll.text).toBe(referenceText(expression, roll.groups, roll.total, renderOptions));
        expect(renderDiceRoll(expression, roll.groups, roll.total, renderOptions)).toBe(roll.text);
      }),
      { numRuns: 1000 },
    );
    expect(checked).toBeGreaterThan(500); // most generated expressions are within the limits
  });

  it("rolls and writes the largest pools and the size boundaries like the reference", () => {
    const texts = [
      "999d6",
      "1000d1000",
      "1000d1",
      "500d6kh250 + 500d20dl1",
      "15d6 + 16d6 + 17d6kl8",
      "16d100dh15 - 17d100kh1",
      "100d20 * 3d101",
    ];
    const everything = { maxDiceShown: Infinity, maxLength: 100_000 };
    for (const text of texts) {
      const expression = parseDice(text);
      for (const seed of [1, 2, 3]) {
        for (const options of [undefined, everything, { maxDiceShown: 150 }]) {
          const roll = rollDice(text, seededRng(seed), options);
          const nodes = groupNodes(expression.root);
          roll.groups.forEach((result, g) => {
            const node = nodes[g];
            if (node === undefined) throw new Error("missing group");
            const values = result.dice.map((die) => die.value);
            expect(result.dice.map((die) => die.kept)).toEqual(referenceKept(node, values));
          });
          expect(roll.text).toBe(referenceText(expression, roll.groups, roll.total, options));
        }
      }
    }
  });

  it("ranks big pools with many ties like a stable sort", () => {
    const pool = fc.tuple(
      fc.integer({ min: 17, max: 400 }),
      fc.integer({ min: 1, max: 6 }),
      fc.constantFrom("kh", "kl", "dh", "dl"),
      fc.nat(),
      fc.integer(),
    );
    fc.assert(
      fc.property(pool, ([count, sides, mode, n, seed]) => {
        const amount = mode.startsWith("k") ? 1 + (n % count) : n % count;
        const text = `${count}d${sides}${mode}${amount}`;
        const faces = Array.from({ length: count }, (_, i) => 1 + (Math.abs(seed + i * 7) % sides));
        const roll = rollDice(text, scriptedRng(faces));
        const [node] = groupNodes(parseDice(text).root);
        if (node === undefined) throw new Error("missing group");
        expect(roll.dice.map((die) => die.kept)).toEqual(referenceKept(node, faces));
      }),
      { numRuns: 300 },
    );
  });

  it("renders results it did not roll the same way too", () => {
    const expression = parseDice("3d6 + 2d1000");
    const die = (sides: number, value: number, kept = true): DieResult => ({ sides, value, kept });
    const odd: DiceGroupResult[] = [
      { notation: "3d6", dice: [die(6, 7), die(6, 2.5, false), die(6, -1)], subtotal: 8.5 },
      { notation: "2d1000", dice: [die(1000, 1001), die(1000, 1000)], subtotal: 2001 },
    ];
    for (const options of [undefined, { maxDiceShown: 2 }, { maxDiceShown: 0 }]) {
      expect(renderDiceRoll(expression, odd, 2009.5, options)).toBe(
        referenceText(expression, odd, 2009.5, options),
      );
    }
    const missing = odd.slice(0, 1);
    expect(renderDiceRoll(expression, missing, 1)).toBe(referenceText(expression, missing, 1));
  });

  it("writes a long d6 list right when its results are not all kept one-digit faces", () => {
    // A pool of small dice without a rule is written a digit per die, unless a face says otherwise.
    const expression = parseDice("20d6 + 2");
    const plain = Array.from({ length: 20 }, (_, i): DieResult => ({
      sides: 6,
      value: 1 + (i % 6),
      kept: true,
    }));
    for (const at of [0, 7, 19]) {
      for (const odd of [{ value: 3, kept: false }, { value: 10 }, { value: 9999 }, { value: 0 }]) {
        const dice = plain.map((die, i) => (i === at ? { ...die, kept: true, ...odd } : die));
        const groups = [{ notation: "20d6", dice, subtotal: 70 }];
        expect(renderDiceRoll(expression, groups, 72)).toBe(referenceText(expression, groups, 72));
      }
    }
  });
});
