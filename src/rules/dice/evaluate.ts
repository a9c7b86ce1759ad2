import type { Rng } from "../rng.js";
import { parseDiceCached } from "./parser.js";
import { renderFaces, type DiceRenderOptions } from "./render.js";
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
 * to right: each group's faces in one rng.dice call when the Rng has it, else one rng.die(sides)
 * call per die. A d100 is a single 1–100 die here; tens-and-ones percentile tests live elsewhere.
 */
export function rollDice(
  input: string | DiceExpression,
  rng: Rng,
  renderOptions?: DiceRenderOptions,
): DiceRoll {
  const expression = typeof input === "string" ? parseDiceCached(input) : input;
  if (rolling) return rollNested(expression, rng, renderOptions);
  rolling = true;
  let result: DiceRoll;
  // catch rather than finally: V8 runs a finally block's bookkeeping on every call.
  try {
    result = roll(expression, rng, renderOptions);
  } catch (error) {
    rolling = false;
    throw error;
  }
  rolling = false;
  return result;
}

/**
 * The faces of the roll in progress, left to right, a dropped die negated: the dice results and
 * the text are made from them. Room for any expression the parser accepts (DICE_LIMITS.maxDice).
 * The hot loops read this module constant, not a parameter: V8 then checks its type once, not
 * once per die.
 */
const faces = new Int32Array(1000);
let rolling = false;

/** A roll that an Rng started during another: the other roll's faces are put back after it. */
function rollNested(
  expression: DiceExpression,
  rng: Rng,
  renderOptions: DiceRenderOptions | undefined,
): DiceRoll {
  const saved = faces.slice();
  try {
    return roll(expression, rng, renderOptions);
  } finally {
    faces.set(saved);
  }
}

function roll(
  expression: DiceExpression,
  rng: Rng,
  renderOptions: DiceRenderOptions | undefined,
): DiceRoll {
  const { root } = expression;
  let groups: DiceGroupResult[];
  let total: number;
  if (root.kind === "dice") {
    // One group ("1d100", "4d6kh3"), the commonest roll: no tree walk, no growing array.
    const group = rollGroup(root, rng, 0);
    groups = [group];
    total = group.subtotal;
  } else {
    const state: Rolling = { rng, at: 0, groups: [] };
    total = evaluate(root, state);
    groups = state.groups;
  }
  const text = renderFaces(expression, faces, groups, total, renderOptions);
  return { expression: expression.canonical, total, groups, dice: allDice(groups), text };
}

interface Rolling {
  readonly rng: Rng;
  /** Where the next group's faces go. */
  at: number;
  readonly groups: DiceGroupResult[];
}

function evaluate(node: DiceNode, state: Rolling): number {
  switch (node.kind) {
    case "number":
      return node.value;
    case "dice": {
      const group = rollGroup(node, state.rng, state.at);
      state.at += node.count;
      state.groups.push(group);
      return group.subtotal;
    }
    case "negate":
      // 0 - x rather than -x: never produce -0.
      return 0 - evaluate(node.operand, state);
    case "binary": {
      const left = evaluate(node.left, state);
      const right = evaluate(node.right, state);
      if (node.operator === "+") return left + right;
      if (node.operator === "-") return left - right;
      return left * right + 0; // 0 * -3 is -0 in JavaScript
    }
  }
}

/** Rolls one group into faces[at]…, applies its keep or drop rule, and makes its results. */
function rollGroup(node: DiceGroupNode, rng: Rng, at: number): DiceGroupResult {
  const { count, sides, keep } = node;
  const end = at + count;
  if (rng.dice !== undefined) {
    rng.dice(sides, count, faces, at);
  } else {
    for (let i = at; i < end; i++) {
      const face = rng.die(sides);
      // Checked before the Int32Array would truncate a fraction.
      if (!Number.isInteger(face) || face < 1 || face > sides) throw faceError(face, sides);
      faces[i] = face;
    }
  }
  const shared = sharedFacesOf(sides);
  // A face out of 1…sides, from an Rng that broke its contract, would be summed and written out as
  // if rolled (a negative one even as a dropped die): it is refused. rng.die's faces were checked
  // above; in the commonest case below (shared dice, no rule) the lookup itself is the check.
  if (rng.dice !== undefined && (keep !== undefined || shared === undefined)) {
    checkFaces(at, end, sides);
  }
  if (keep !== undefined) {
    // Every rule keeps one contiguous run of the ranking (highest first, earlier roll first among
    // equals), which makes khN the same as dl(count-N).
    const { mode, amount } = keep;
    const keptFrom = mode === "kl" ? count - amount : mode === "dh" ? amount : 0;
    const keptTo = mode === "kh" ? amount : mode === "dl" ? count - amount : count;
    if (count <= SMALL_POOL) dropBySearch(at, end, keptFrom, keptTo);
    else dropByCounting(at, end, sides, keptFrom, keptTo);
  }
  let dice: DieResult[];
  let subtotal = 0;
  // A shared die is at index 2·face − 1 kept, 2·(−face) − 2 dropped (negated); without a rule no
  // face may be negative, so there the lookup alone refuses any face out of 1…sides.
  const dropped = keep !== undefined;
  if (shared === undefined) {
    dice = new Array<DieResult>(count);
    for (let j = 0; j < count; j++) {
      const face = faces[at + j] ?? 0;
      dice[j] = { sides, value: face > 0 ? face : -face, kept: face > 0 };
      if (face > 0) subtotal += face;
    }
  } else if (count >= PICKED_FROM) {
    // A slice of the module array `blank`, then filled: the array is of one kind from the start,
    // so V8 does not check its kind per die, and it is new, so storing a die into it needs no
    // write-barrier work (storing into a long-lived array did). Pays from about 16 dice.
    dice = blank.slice(0, count);
    if (dropped) {
      for (let j = 0; j < count; j++) {
        const face = faces[at + j] ?? 0;
        const die = shared[face > 0 ? 2 * face - 1 : -2 * face - 2];
        if (die === undefined) throw faceError(face, sides);
        dice[j] = die;
        if (face > 0) subtotal += face;
      }
    } else {
      // The commonest big pool: every die kept, so each is looked up by its face alone (no sign
      // test, no index arithmetic). Two dice a turn, as V8 checks the two arrays once per turn.
      const kept = keptFacesOf(sides, shared);
      let j = 0;
      for (; j + 1 < count; j += 2) {
        const first = faces[at + j] ?? 0;
        const second = faces[at + j + 1] ?? 0;
        const one = kept[first];
        const other = kept[second];
        if (one === undefined) throw faceError(first, sides);
        if (other === undefined) throw faceError(second, sides);
        dice[j] = one;
        dice[j + 1] = other;
        subtotal += first + second;
      }
      if (j < count) {
        const face = faces[at + j] ?? 0;
        const die = kept[face];
        if (die === undefined) throw faceError(face, sides);
        dice[j] = die;
        subtotal += face;
      }
    }
  } else {
    dice = new Array<DieResult>(count);
    for (let j = 0; j < count; j++) {
      const face = faces[at + j] ?? 0;
      const die = shared[face > 0 ? 2 * face - 1 : dropped ? -2 * face - 2 : -1];
      if (die === undefined) throw faceError(face, sides);
      dice[j] = die;
      if (face > 0) subtotal += face;
    }
  }
  return { notation: node.notation, dice, subtotal };
}

function checkFaces(at: number, end: number, sides: number): void {
  for (let i = at; i < end; i++) {
    const face = faces[i] ?? 0;
    if (face < 1 || face > sides) throw faceError(face, sides);
  }
}

function faceError(face: number, sides: number): RangeError {
  return new RangeError(`the rng rolled ${face} on a d${sides}`);
}

/** Pools up to this size are ranked by comparing every pair: no sorting, no buckets, no arrays. */
const SMALL_POOL = 16;

/**
 * Negates the faces whose rank (0 = highest; ties go to the earlier roll) is outside
 * [keptFrom, keptTo), ranking each die by counting who beats it. Marks are made after ranking.
 */
function dropBySearch(at: number, end: number, keptFrom: number, keptTo: number): void {
  let dropped = 0; // bit i - at set: die i is dropped (at most SMALL_POOL dice)
  for (let i = at; i < end; i++) {
    const value = faces[i] ?? 0;
    let rank = 0;
    for (let j = at; j < end; j++) {
      const other = faces[j] ?? 0;
      if (other > value || (other === value && j < i)) rank++;
    }
    if (rank < keptFrom || rank >= keptTo) dropped |= 1 << (i - at);
  }
  for (let i = at; i < end; i++) {
    if ((dropped & (1 << (i - at))) !== 0) faces[i] = -(faces[i] ?? 0);
  }
}

/** Per face value, a count, reused by every roll (nothing it calls can re-enter). */
const tally = new Int32Array(1001);

/** dropBySearch's ranks in time linear in dice + sides, by counting each face. */
function dropByCounting(
  at: number,
  end: number,
  sides: number,
  keptFrom: number,
  keptTo: number,
): void {
  // above[v] ends as the number of dice showing more than v; it then counts the v's already ranked.
  const above = sides < tally.length ? tally.fill(0, 0, sides + 1) : new Int32Array(sides + 1);
  for (let i = at; i < end; i++) {
    const value = faces[i] ?? 0;
    above[value] = (above[value] ?? 0) + 1;
  }
  let higher = 0;
  for (let v = sides; v >= 1; v--) {
    const here = above[v] ?? 0;
    above[v] = higher;
    higher += here;
  }
  for (let i = at; i < end; i++) {
    const value = faces[i] ?? 0;
    const rank = above[value] ?? 0;
    above[value] = rank + 1;
    if (rank < keptFrom || rank >= keptTo) faces[i] = -value;
  }
}

/** See rollGroup; never written after this, so it stays one kind of array. */
const PICKED_FROM = 16;
const blank: DieResult[] = new Array<DieResult>(1000).fill(
  Object.freeze({ sides: 1, value: 1, kept: true }),
);

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

const keptFaces: (readonly (DieResult | undefined)[] | undefined)[] = [];

/**
 * The kept dice of sharedFacesOf(sides) at index value, index 0 holding none: a face out of
 * 1…sides finds no die.
 */
function keptFacesOf(
  sides: number,
  shared: readonly DieResult[],
): readonly (DieResult | undefined)[] {
  let kept = keptFaces[sides];
  if (kept === undefined) {
    const made: (DieResult | undefined)[] = [undefined];
    for (let value = 1; value <= sides; value++) made.push(shared[2 * value - 1]);
    kept = made;
    keptFaces[sides] = kept;
  }
  return kept;
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
