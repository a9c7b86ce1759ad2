import { Buffer } from "node:buffer";
import { formatExpression } from "./format.js";
import type { DiceExpression, DiceGroupNode, DiceGroupResult, DieResult } from "./types.js";

export interface DiceRenderOptions {
  /** Dice listed across the whole roll before the rest are summarised as "… N more". */
  readonly maxDiceShown?: number;
  /**
   * Longest text; a longer rendering falls back to "expression = total". The default leaves room
   * inside Discord's 2,000-character message for a name and a line of context.
   */
  readonly maxLength?: number;
}

export const DEFAULT_DICE_RENDER_OPTIONS = Object.freeze({ maxDiceShown: 100, maxLength: 1500 });

/**
 * Discord-markdown text of a roll: each dice group followed by its dice in roll order, dropped
 * dice struck through, then the total in bold, e.g. "4d6kh3 [~~1~~, 3, 5, 6] + 2 = **16**".
 * `groups` must be the results of rolling `expression`, in order.
 */
export function renderDiceRoll(
  expression: DiceExpression,
  groups: readonly DiceGroupResult[],
  total: number,
  options: DiceRenderOptions = DEFAULT_DICE_RENDER_OPTIONS,
): string {
  const faces = groups.length === layoutOf(expression).digits.length ? facesOf(groups) : undefined;
  if (faces !== undefined) {
    try {
      return renderFaces(expression, faces, groups, total, options);
    } finally {
      if (faces === encoded) encodedFree = true;
    }
  }
  // Results that do not match the expression (groups without results are written bare), or dice
  // that are not whole faces from 1 to LARGEST_FACE: written a die at a time.
  let budget = options.maxDiceShown ?? DEFAULT_DICE_RENDER_OPTIONS.maxDiceShown;
  let next = 0;
  const body = formatExpression(expression.root, (node: DiceGroupNode): string => {
    const group = groups[next++];
    if (group === undefined) return node.notation;
    const shown = Math.min(budget, group.dice.length);
    budget -= shown;
    return `${group.notation} [${listAnyDice(group.dice, shown)}]`;
  });
  return fitted(expression, `${body} = **${total}**`, total, options);
}

/**
 * renderDiceRoll for rollDice, from the faces of the roll: faces[0], faces[1], … are the dice of
 * `groups` in order, a dropped die's face negated. Every face is a whole number from 1 to
 * LARGEST_FACE, negated or not.
 */
export function renderFaces(
  expression: DiceExpression,
  faces: Int32Array,
  groups: readonly DiceGroupResult[],
  total: number,
  options: DiceRenderOptions = DEFAULT_DICE_RENDER_OPTIONS,
): string {
  let budget = options.maxDiceShown ?? DEFAULT_DICE_RENDER_OPTIONS.maxDiceShown;
  // Only the dice lists are written per roll: the text between them is made once per expression.
  const { parts, digits } = layoutOf(expression);
  let text = parts[0] ?? "";
  let at = 0;
  for (let i = 0; i < groups.length; i++) {
    const count = groups[i]?.dice.length ?? 0;
    const shown = Math.min(budget, count);
    budget -= shown;
    text = appendList(text, faces, at, shown, count, digits[i] === true) + (parts[i + 1] ?? "");
    at += count;
  }
  return fitted(expression, text + totalText(total), total, options);
}

function fitted(
  expression: DiceExpression,
  text: string,
  total: number,
  options: DiceRenderOptions,
): string {
  const maxLength = options.maxLength ?? DEFAULT_DICE_RENDER_OPTIONS.maxLength;
  return text.length <= maxLength ? text : `${expression.canonical} = **${total}**`;
}

/**
 * What renderFaces needs of an expression besides the dice. With groups g1…gn, the text is
 * parts[0] + list(g1) + parts[1] + … + list(gn) + parts[n] + total + "**", e.g. "4d6kh3 [" and
 * "] + 2 = **"; digits[i] says whether every die of group i + 1 shows a kept face below 10 (up to
 * d9, no rule), so that its list may be written a digit per die.
 */
interface Layout {
  readonly parts: readonly string[];
  readonly digits: readonly boolean[];
}

/**
 * Made once per expression by the same formatExpression as the canonical text, and kept as long as
 * the expression is (expressions are immutable once parsed).
 */
const layouts = new WeakMap<DiceExpression, Layout>();
const LIST_MARK = "\u0000"; // never in a formatted expression: the lexer refuses control characters

/** The layout asked for last: rolls mostly repeat the expression before, and a WeakMap costs more. */
let lastExpression: DiceExpression | undefined;
let lastLayout: Layout = { parts: [], digits: [] };

function layoutOf(expression: DiceExpression): Layout {
  if (expression === lastExpression) return lastLayout;
  let layout = layouts.get(expression);
  if (layout === undefined) {
    const digits: boolean[] = [];
    const text = formatExpression(expression.root, (node) => {
      digits.push(node.sides < 10 && node.keep === undefined);
      return `${node.notation} [${LIST_MARK}]`;
    });
    layout = { parts: `${text} = **`.split(LIST_MARK), digits };
    layouts.set(expression, layout);
  }
  lastExpression = expression;
  lastLayout = layout;
  return layout;
}

/**
 * Faces are whole numbers from 1 to DICE_LIMITS.maxSides (1,000); the faces written fast go up to
 * LARGEST_FACE. This module does not import DICE_LIMITS: one more import in the dice modules was
 * enough to get Node's file-URL helper optimised while importing them, which the benchmark's
 * import memory counts (see parser.ts).
 */
const LARGEST_FACE = 9999;
/** More dice than an expression may roll (DICE_LIMITS.maxDice). */
const MAX_FACES = 1000;

/** renderDiceRoll's faces, when there are at most MAX_FACES dice, each well formed. */
const encoded = new Int32Array(MAX_FACES);
let encodedFree = true;

function facesOf(groups: readonly DiceGroupResult[]): Int32Array | undefined {
  let count = 0;
  for (const group of groups) count += group.dice.length;
  if (count > MAX_FACES) return undefined;
  // Reading a die may run code (a getter) that renders too: that one gets its own array.
  const faces = encodedFree ? encoded : new Int32Array(count);
  encodedFree = false;
  let at = 0;
  for (const group of groups) {
    for (const { value, kept } of group.dice) {
      if (!Number.isInteger(value) || value < 1 || value > LARGEST_FACE) {
        if (faces === encoded) encodedFree = true;
        return undefined;
      }
      faces[at++] = kept ? value : -value;
    }
  }
  return faces;
}

/** The first `shown` dice written one by one, as the reference for every faster path. */
function listAnyDice(dice: readonly DieResult[], shown: number): string {
  const parts: string[] = [];
  for (let i = 0; i < shown; i++) {
    const die = dice[i];
    if (die !== undefined) parts.push(die.kept ? `${die.value}` : `~~${die.value}~~`);
  }
  if (dice.length > shown) parts.push(`… ${dice.length - shown} more`);
  return parts.join(", ");
}

/**
 * Lists at least this long are written as bytes and decoded once. Decoding is a call into C++
 * that costs about as much as adding a dozen cached strings, so shorter lists add strings.
 */
const BYTE_LIST_FROM = 16;

/**
 * `text` followed by the list of faces[at]…faces[at + shown − 1], and "… N more" for the rest of
 * the group's `count` dice. `digits`: the faces should all be kept and below 10 (see Layout).
 */
function appendList(
  text: string,
  faces: Int32Array,
  at: number,
  shown: number,
  count: number,
  digits: boolean,
): string {
  let out = text;
  const end = at + shown;
  if (shown >= BYTE_LIST_FROM) {
    out += (digits ? listDigits(faces, at, end) : undefined) ?? listBytes(faces, at, end);
  } else {
    // Straight onto the text, two dice at a time where a cached pair fits, else one.
    let i = at;
    for (; i + 1 < end; i += 2) out += pairText(faces[i] ?? 0, faces[i + 1] ?? 0, i > at);
    if (i < end) out += faceText(faces[i] ?? 0, i > at);
  }
  const hidden = count - shown;
  if (hidden > 0) out += `${shown > 0 ? ", " : ""}… ${hidden} more`;
  return out;
}

/** `${total}**`, cached for the totals most rolls have (whole numbers from 0 to LARGEST_FACE). */
const totalTexts: string[] = [];

function totalText(total: number): string {
  if (total >>> 0 !== total || total > LARGEST_FACE) return `${total}**`;
  let text = totalTexts[total];
  if (text === undefined) {
    text = `${total}**`;
    totalTexts[total] = text;
  }
  return text;
}

/**
 * Text of each face as the first die of a list and as a later one (after ", "), kept and
 * dropped, made on first use: index 4·value + (kept ? 1 : 0) + (later ? 2 : 0).
 */
const faceTexts: string[] = [];

function faceText(face: number, later: boolean): string {
  const kept = face > 0;
  const value = kept ? face : -face;
  const index = 4 * value + (kept ? 1 : 0) + (later ? 2 : 0);
  let text = faceTexts[index];
  if (text === undefined) {
    text = `${later ? ", " : ""}${kept ? String(value) : `~~${value}~~`}`;
    faceTexts[index] = text;
  }
  return text;
}

/**
 * Text of two dice in a row showing up to PAIR_FACE (d20 and smaller, the dice most rolls use),
 * as faceText(first, later) + faceText(second, true), made on first use: adding a pair costs about
 * what adding one die does. At most (2 · 21)² · 2 = 3,528 entries.
 */
const PAIR_FACE = 20;
const pairTexts: string[] = [];

function pairText(first: number, second: number, later: boolean): string {
  const a = first > 0 ? first : -first;
  const b = second > 0 ? second : -second;
  if (a > PAIR_FACE || b > PAIR_FACE) return faceText(first, later) + faceText(second, true);
  const codeA = 2 * a + (first > 0 ? 1 : 0);
  const codeB = 2 * b + (second > 0 ? 1 : 0);
  const index = 2 * (2 * (PAIR_FACE + 1) * codeA + codeB) + (later ? 1 : 0);
  let text = pairTexts[index];
  if (text === undefined) {
    text = faceText(first, later) + faceText(second, true);
    pairTexts[index] = text;
  }
  return text;
}

/**
 * Bytes of one list, reused by every list (writing calls nothing that could re-enter it). A die
 * takes at most 10 bytes ("~~9999~~, ").
 */
const scratch = new Uint8Array(10 * MAX_FACES + 1); // + 1: a 32-bit store of a last digit
const scratchText = Buffer.from(scratch.buffer, scratch.byteOffset, scratch.byteLength);
const view = new DataView(scratch.buffer, scratch.byteOffset, scratch.byteLength);
const COMMA = 44;
const SPACE = 32;
const TILDE = 126;
const ZERO = 48;

/** The list of faces[at]…faces[end − 1] (at most MAX_FACES), written as bytes, decoded once. */
function listBytes(faces: Int32Array, at: number, end: number): string {
  let n = 0;
  // `| 0`: V8 then keeps the index an untagged integer.
  for (let i = at | 0; i < end; i++) {
    const face = faces[i] ?? 0;
    // Every face is followed by ", "; the last one's is not part of the list. The commonest, a
    // kept face below 100, is one 32-bit store ("dd, ", or "d, " and a byte the next overwrites).
    if (face > 0 && face < 10) {
      view.setUint32(n, DIGIT_COMMA_SPACE + face, true);
      n += 3;
    } else if (face >= 10 && face < 100) {
      view.setUint32(n, twoDigitFaces[face] ?? 0, true);
      n += 4;
    } else {
      n = writeFace(face, n);
    }
  }
  return scratchText.toString("latin1", 0, n > 0 ? n - 2 : 0);
}

/**
 * "0, 0, 0, …": a list of kept faces from 1 to 9 (a pool of d6 without a rule, say) is written into
 * it one digit per die, every separator being in place already. Reused like `scratch`.
 */
const digitList = new Uint8Array(3 * MAX_FACES);
for (let n = 0; n < digitList.length; n += 3) {
  digitList[n] = ZERO;
  digitList[n + 1] = COMMA;
  digitList[n + 2] = SPACE;
}
const digitListText = Buffer.from(digitList.buffer, digitList.byteOffset, digitList.byteLength);

/**
 * listBytes for faces that should all be kept and below 10; undefined, having written nothing
 * that matters, if one is not (renderDiceRoll can be given results that do not fit the dice).
 */
function listDigits(faces: Int32Array, at: number, end: number): string | undefined {
  let n = 0;
  for (let i = at | 0; i < end; i = (i + 1) | 0) {
    const face = faces[i] ?? 0;
    if (face < 1 || face > 9) return undefined;
    digitList[n] = ZERO + face;
    n = (n + 3) | 0;
  }
  return digitListText.toString("latin1", 0, n > 0 ? n - 2 : 0);
}

/** "0, " as a little-endian 32-bit word, with a zero fourth byte. */
const DIGIT_COMMA_SPACE = ZERO | (COMMA << 8) | (SPACE << 16);

/** "dd, " for each kept face from 10 to 99, as little-endian 32-bit words. */
const twoDigitFaces = new Int32Array(100);
for (let face = 10; face < 100; face++) {
  const tens = Math.floor(face / 10);
  twoDigitFaces[face] =
    (ZERO + tens) | ((ZERO + face - 10 * tens) << 8) | (COMMA << 16) | (SPACE << 24);
}

/** Any face written at scratch[n]…, struck through when dropped, then ", ". */
function writeFace(face: number, n: number): number {
  const bytes = scratch;
  let at = n;
  if (face < 0) {
    bytes[at] = TILDE;
    bytes[at + 1] = TILDE;
    at = writeNumber(bytes, at + 2, -face);
    bytes[at] = TILDE;
    bytes[at + 1] = TILDE;
    at += 2;
  } else {
    at = writeNumber(bytes, at, face);
  }
  bytes[at] = COMMA;
  bytes[at + 1] = SPACE;
  return at + 2;
}

/** Digits of a whole number from 1 to LARGEST_FACE at bytes[n]…; returns the index after them. */
function writeNumber(bytes: Uint8Array, n: number, value: number): number {
  if (value < 10) {
    bytes[n] = ZERO + value;
    return n + 1;
  }
  if (value < 100) {
    const tens = (value / 10) | 0;
    bytes[n] = ZERO + tens;
    bytes[n + 1] = ZERO + value - 10 * tens;
    return n + 2;
  }
  const digits = value < 1000 ? 3 : 4;
  let rest = value;
  for (let d = digits - 1; d >= 0; d--) {
    const quotient = (rest / 10) | 0;
    bytes[n + d] = ZERO + rest - 10 * quotient;
    rest = quotient;
  }
  return n + digits;
}
