import type { Rng } from "../rng.js";
import { parseDiceCached } from "./parser.js";
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

interface RolledDie {
  sides: number;
  value: number;
  kept: boolean;
}

function rollGroup(node: DiceGroupNode, rng: Rng): DiceGroupResult {
  const { count, sides, keep } = node;
  const dice: RolledDie[] = [];
  if (keep === undefined) {
    let subtotal = 0;
    for (let i = 0; i < count; i++) {
      const value = rng.die(sides);
      dice.push({ sides, value, kept: true });
      subtotal += value;
    }
    return { notation: node.notation, dice, subtotal };
  }
  for (let i = 0; i < count; i++) dice.push({ sides, value: rng.die(sides), kept: false });

  // Rank highest first; the sort is stable, so among equal faces the earlier roll ranks higher.
  // Every rule keeps one contiguous run of this ranking, which makes khN the same as dl(count-N).
  const ranked = dice.slice().sort((a, b) => b.value - a.value);
  const { mode, amount } = keep;
  const keptFrom = mode === "kl" ? count - amount : mode === "dh" ? amount : 0;
  const keptTo = mode === "kh" ? amount : mode === "dl" ? count - amount : count;
  let subtotal = 0;
  for (let i = keptFrom; i < keptTo; i++) {
    const die = ranked[i];
    if (die === undefined) continue;
    die.kept = true;
    subtotal += die.value;
  }
  return { notation: node.notation, dice, subtotal };
}

function allDice(groups: readonly DiceGroupResult[]): readonly DieResult[] {
  const [first] = groups;
  if (first === undefined) return [];
  if (groups.length === 1) return first.dice;
  // A plain loop: flatMap is several times slower here and this runs on every roll.
  const dice: DieResult[] = [];
  for (const group of groups) for (const die of group.dice) dice.push(die);
  return dice;
}
