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

/**
 * Die results are immutable values, so for the common dice (up to d100) each possible face is one
 * frozen object, made the first time that die is rolled and shared by every roll after: a 999d6
 * allocates no die objects at all. At most 2 × (1 + 2 + … + 100) = 10,100 such objects ever exist.
 * Larger dice get a fresh object per die.
 */
const SHARED_FACES_MAX_SIDES = 100;
const sharedFaces: (readonly DieResult[] | undefined)[] = [];

/** Index 2·(value − 1) + (kept ? 1 : 0) holds the die showing `value`, kept or not. */
function sharedFacesOf(sides: number): readonly DieResult[] | undefined {
  if (sides > SHARED_FACES_MAX_SIDES) return undefined;
  let faces = sharedFaces[sides];
  if (faces === undefined) {
    const made: DieResult[] = [];
    for (let value = 1; value <= sides; value++) {
      made.push(Object.freeze({ sides, value, kept: false }));
      made.push(Object.freeze({ sides, value, kept: true }));
    }
    faces = made;
    sharedFaces[sides] = faces;
  }
  return faces;
}

/** The die showing `value`: a shared one when there is one (an Rng may break its contract). */
function dieOf(
  faces: readonly DieResult[] | undefined,
  sides: number,
  value: number,
  kept: boolean,
): DieResult {
  const face = faces?.[2 * value - (kept ? 1 : 2)];
  return face !== undefined && face.value === value ? face : { sides, value, kept };
}

function rollGroup(node: DiceGroupNode, rng: Rng): DiceGroupResult {
  const { count, sides, keep } = node;
  const faces = sharedFacesOf(sides);
  const dice = new Array<DieResult>(count);
  let subtotal = 0;
  if (faces === undefined) {
    for (let i = 0; i < count; i++) {
      const value = rng.die(sides);
      dice[i] = { sides, value, kept: true };
      subtotal += value;
    }
  } else {
    for (let i = 0; i < count; i++) {
      const value = rng.die(sides);
      // An integer index whatever the Rng returned; the value check catches one it got wrong.
      const face = faces[(2 * value - 1) | 0];
      dice[i] = face !== undefined && face.value === value ? face : { sides, value, kept: true };
      subtotal += value;
    }
  }
  if (keep === undefined) return { notation: node.notation, dice, subtotal };

  // Rank highest first; among equal faces the earlier roll ranks higher. Every rule keeps one
  // contiguous run of this ranking, which makes khN the same as dl(count-N).
  const { mode, amount } = keep;
  const keptFrom = mode === "kl" ? count - amount : mode === "dh" ? amount : 0;
  const keptTo = mode === "kh" ? amount : mode === "dl" ? count - amount : count;
  const ranks = (count > SMALL_POOL && ranksByCounting(dice, sides)) || ranksBySearch(dice);
  for (let i = 0; i < count; i++) {
    const rank = ranks[i] ?? 0;
    if (rank >= keptFrom && rank < keptTo) continue;
    const value = dice[i]?.value ?? 0;
    dice[i] = dieOf(faces, sides, value, false);
    subtotal -= value;
  }
  return { notation: node.notation, dice, subtotal };
}

/** Pools up to this size are ranked by comparing every pair: no sorting, no buckets. */
const SMALL_POOL = 16;

/** Rank of each die (0 = highest; ties go to the earlier roll), by counting who beats it. */
function ranksBySearch(dice: readonly DieResult[]): number[] {
  const ranks: number[] = [];
  for (let i = 0; i < dice.length; i++) {
    const value = dice[i]?.value ?? 0;
    let rank = 0;
    for (let j = 0; j < dice.length; j++) {
      const other = dice[j]?.value ?? 0;
      if (other > value || (other === value && j < i)) rank++;
    }
    ranks.push(rank);
  }
  return ranks;
}

/**
 * The same ranks as ranksBySearch in time linear in dice + sides, by counting each face; false
 * when a die is not a whole number from 1 to `sides` (an Rng that broke its contract).
 */
function ranksByCounting(dice: readonly DieResult[], sides: number): number[] | false {
  // above[v] ends as the number of dice showing more than v; it then counts the v's already ranked.
  const above = new Array<number>(sides + 1).fill(0);
  for (const die of dice) {
    const value = die.value;
    if (!Number.isInteger(value) || value < 1 || value > sides) return false;
    above[value] = (above[value] ?? 0) + 1;
  }
  let higher = 0;
  for (let v = sides; v >= 1; v--) {
    const here = above[v] ?? 0;
    above[v] = higher;
    higher += here;
  }
  const ranks: number[] = [];
  for (const die of dice) {
    const rank = above[die.value] ?? 0;
    ranks.push(rank);
    above[die.value] = rank + 1;
  }
  return ranks;
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
