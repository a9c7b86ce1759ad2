import type { Rng } from "../../../../core/rng.js";
import { parseDiceCached } from "./parse-cache.js";
import { renderDiceRoll, type DiceRenderOptions } from "./render.js";
import type {
  DiceExpression,
  DiceGroupNode,
  DiceGroupResult,
  DiceNode,
  DiceRoll,
  DieResult,
} from "./types.js";

/**
 * Parses (if given text, through the bounded cache in parser.ts) and rolls a dice expression, left
 * to right, one rng.die(sides) call per die. A d100 is a single 1–100 die here; tens-and-ones
 * percentile tests live elsewhere.
 */
export function rollDice(
  input: string | DiceExpression,
  rng: Rng,
  renderOptions?: DiceRenderOptions,
): DiceRoll {
  const expression = typeof input === "string" ? parseDiceCached(input) : input;
  const groups: DiceGroupResult[] = [];
  const total = evaluate(expression.root, rng, groups);
  return {
    expression: expression.canonical,
    total,
    groups,
    dice: allDice(groups),
    text: renderDiceRoll(expression, groups, total, renderOptions),
  };
}

function evaluate(node: DiceNode, rng: Rng, groups: DiceGroupResult[]): number {
  switch (node.kind) {
    case "number":
      return node.value;
    case "dice": {
      const group = rollGroup(node, rng);
      groups.push(group);
      return group.subtotal;
    }
    case "negate":
      // 0 - x rather than -x: never produce -0.
      return 0 - evaluate(node.operand, rng, groups);
    case "binary": {
      const left = evaluate(node.left, rng, groups);
      const right = evaluate(node.right, rng, groups);
      if (node.operator === "+") return left + right;
      if (node.operator === "-") return left - right;
      return left * right + 0; // 0 * -3 is -0 in JavaScript
    }
  }
}

function rollGroup(node: DiceGroupNode, rng: Rng): DiceGroupResult {
  const { count, sides } = node;
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    const value = rng.die(sides);
    // An Rng that broke its contract would otherwise have its face summed and shown as rolled.
    if (!Number.isInteger(value) || value < 1 || value > sides) {
      throw new RangeError(`the rng rolled ${value} on a d${sides}`);
    }
    values.push(value);
  }
  const kept = keptDice(node, values);
  const shared = sharedDiceOf(sides);
  const dice: DieResult[] = [];
  let subtotal = 0;
  for (let i = 0; i < count; i++) {
    const value = values[i] ?? 0;
    const isKept = kept?.[i] ?? true;
    const die = shared?.[2 * (value - 1) + (isKept ? 1 : 0)];
    dice.push(die ?? Object.freeze({ sides, value, kept: isKept }));
    if (isKept) subtotal += value;
  }
  return { notation: node.notation, dice, subtotal };
}

/**
 * Which dice the group's keep or drop rule keeps; undefined when it has none (all are kept). Every
 * rule keeps one contiguous run of the ranking (highest first, the earlier roll first among equals:
 * the sort is stable), which makes khN the same as dl(count-N).
 */
function keptDice(node: DiceGroupNode, values: readonly number[]): readonly boolean[] | undefined {
  const { keep, count } = node;
  if (keep === undefined) return undefined;
  const ranked = values
    .map((_, index) => index)
    .sort((a, b) => (values[b] ?? 0) - (values[a] ?? 0));
  const { mode, amount } = keep;
  const keptFrom = mode === "kl" ? count - amount : mode === "dh" ? amount : 0;
  const keptTo = mode === "kh" ? amount : mode === "dl" ? count - amount : count;
  const kept = values.map(() => false);
  for (let rank = keptFrom; rank < keptTo; rank++) kept[ranked[rank] ?? 0] = true;
  return kept;
}

function allDice(groups: readonly DiceGroupResult[]): readonly DieResult[] {
  if (groups.length === 1) return groups[0]?.dice ?? [];
  // A plain loop: flatMap is several times slower here, and this runs on every roll.
  const dice: DieResult[] = [];
  for (const group of groups) for (const die of group.dice) dice.push(die);
  return dice;
}

/**
 * Die results are immutable values. For the common dice (up to d100) each possible result is one
 * frozen object, shared by every roll, so a big pool allocates no die objects; at most
 * 2 × (1 + 2 + … + 100) = 10,100 of them ever exist.
 */
const SHARED_DIE_MAX_SIDES = 100;
/** By sides: the die showing `value` at 2 × (value − 1), dropped, and the next index, kept. */
const sharedDice = new Map<number, readonly DieResult[]>();

function sharedDiceOf(sides: number): readonly DieResult[] | undefined {
  if (sides > SHARED_DIE_MAX_SIDES) return undefined;
  let ofSides = sharedDice.get(sides);
  if (ofSides === undefined) {
    const made: DieResult[] = [];
    for (let value = 1; value <= sides; value++) {
      made.push(Object.freeze({ sides, value, kept: false }));
      made.push(Object.freeze({ sides, value, kept: true }));
    }
    ofSides = made;
    sharedDice.set(sides, ofSides);
  }
  return ofSides;
}
