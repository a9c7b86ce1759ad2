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
  const maxLength = options.maxLength ?? DEFAULT_DICE_RENDER_OPTIONS.maxLength;
  let budget = options.maxDiceShown ?? DEFAULT_DICE_RENDER_OPTIONS.maxDiceShown;
  const layout = layoutOf(expression);
  let text: string;
  if (groups.length === layout.length - 1) {
    // Every roll renders: only the dice lists are written per roll, the text between them is
    // made once per expression.
    text = layout[0] ?? "";
    for (let i = 0; i < groups.length; i++) {
      const dice = groups[i]?.dice ?? [];
      const shown = Math.min(budget, dice.length);
      budget -= shown;
      text = appendList(text, dice, shown) + (layout[i + 1] ?? "");
    }
    text += totalText(total);
  } else {
    // Results that do not match the expression: groups without results are written bare.
    let next = 0;
    const body = formatExpression(expression.root, (node: DiceGroupNode): string => {
      const group = groups[next++];
      if (group === undefined) return node.notation;
      const shown = Math.min(budget, group.dice.length);
      budget -= shown;
      return `${group.notation} [${listDice(group.dice, shown)}]`;
    });
    text = `${body} = **${total}**`;
  }
  return text.length <= maxLength ? text : `${expression.canonical} = **${total}**`;
}

/**
 * The rendered text around the dice lists: with groups g1…gn, the text is
 * layout[0] + list(g1) + layout[1] + … + list(gn) + layout[n] + total + "**", e.g. "4d6kh3 ["
 * and "] + 2 = **". Made once per expression by the same formatExpression as the canonical text,
 * and kept as long as the expression is (expressions are immutable once parsed).
 */
const layouts = new WeakMap<DiceExpression, readonly string[]>();
const LIST_MARK = "\u0000"; // never in a formatted expression: the lexer refuses control characters

function layoutOf(expression: DiceExpression): readonly string[] {
  let layout = layouts.get(expression);
  if (layout === undefined) {
    const text = formatExpression(expression.root, (node) => `${node.notation} [${LIST_MARK}]`);
    layout = `${text} = **`.split(LIST_MARK);
    layouts.set(expression, layout);
  }
  return layout;
}

/**
 * Lists at least this long are written as bytes and decoded once. Decoding is a call into C++
 * that costs about as much as adding a dozen cached strings, so shorter lists add strings.
 */
const BYTE_LIST_FROM = 16;

function listDice(dice: readonly DieResult[], shown: number): string {
  return appendList("", dice, shown);
}

/** `text` followed by the list of the first `shown` dice, and "… N more" for the rest. */
function appendList(text: string, dice: readonly DieResult[], shown: number): string {
  const bytes = shown >= BYTE_LIST_FROM ? listDiceBytes(dice, shown) : undefined;
  let out = text;
  if (bytes !== undefined) {
    out += bytes;
  } else {
    // Straight onto the text, two dice at a time where a cached pair fits, else one.
    let i = 0;
    for (; i + 1 < shown; i += 2) {
      const first = dice[i];
      const second = dice[i + 1];
      if (first === undefined || second === undefined) break;
      out += pairText(first, second, i > 0);
    }
    for (; i < shown; i++) {
      const die = dice[i];
      if (die === undefined) break;
      out += faceText(die, i > 0);
    }
  }
  const hidden = dice.length - shown;
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
 * Faces are whole numbers from 1 to DICE_LIMITS.maxSides (1,000). This module does not import
 * DICE_LIMITS: one more import in the dice modules was enough to get Node's file-URL helper
 * optimised while importing them, which the benchmark's import memory counts (see parser.ts).
 */
const LARGEST_FACE = 9999;

/**
 * Text of each face up to LARGEST_FACE as the first die of a list and as a later one (after
 * ", "), kept and dropped, made on first use: index 4·value + (kept ? 1 : 0) + (later ? 2 : 0).
 */
const faceTexts: string[] = [];

/**
 * Text of two dice in a row showing up to PAIR_FACE (d20 and smaller, the dice most rolls use),
 * as faceText(first, later) + faceText(second, true), made on first use: adding a pair costs about
 * what adding one die does. At most (2 · 21)² · 2 = 3,528 entries.
 */
const PAIR_FACE = 20;
const pairTexts: string[] = [];

function pairText(first: DieResult, second: DieResult, later: boolean): string {
  const a = first.value;
  const b = second.value;
  if (a >>> 0 !== a || a > PAIR_FACE || b >>> 0 !== b || b > PAIR_FACE) {
    return faceText(first, later) + faceText(second, true);
  }
  const codeA = 2 * a + (first.kept ? 1 : 0);
  const codeB = 2 * b + (second.kept ? 1 : 0);
  const index = 2 * (2 * (PAIR_FACE + 1) * codeA + codeB) + (later ? 1 : 0);
  let text = pairTexts[index];
  if (text === undefined) {
    text = faceText(first, later) + faceText(second, true);
    pairTexts[index] = text;
  }
  return text;
}

function faceText(die: DieResult, later: boolean): string {
  const { value, kept } = die;
  const cached = value >>> 0 === value && value <= LARGEST_FACE; // a whole number, in the table
  const index = 4 * value + (kept ? 1 : 0) + (later ? 2 : 0);
  let text = cached ? faceTexts[index] : undefined;
  if (text === undefined) {
    text = `${later ? ", " : ""}${kept ? String(value) : `~~${value}~~`}`;
    if (cached) faceTexts[index] = text;
  }
  return text;
}

/**
 * Bytes of one list, reused by every roll (writing calls nothing that could re-enter it). A die
 * takes at most 10 bytes ("~~9999~~, "); a list of more than SCRATCH_DICE dice (more than an
 * expression may roll) is added a string at a time.
 */
const BYTES_PER_DIE = 10;
const SCRATCH_DICE = 1000;
const scratch = new Uint8Array(BYTES_PER_DIE * SCRATCH_DICE);
const scratchText = Buffer.from(scratch.buffer, scratch.byteOffset, scratch.byteLength);
const COMMA = 44;
const SPACE = 32;
const ZERO = 48;

function writeText(bytes: Uint8Array, at: number, text: string): number {
  for (let c = 0; c < text.length; c++) bytes[at + c] = text.charCodeAt(c);
  return at + text.length;
}

/**
 * The list written as bytes and decoded once; undefined when it is longer than the scratch bytes
 * or a face is not a whole number from 0 to LARGEST_FACE (only possible for results not made by
 * rollDice), which are added a string at a time.
 */
function listDiceBytes(dice: readonly DieResult[], shown: number): string | undefined {
  if (shown > SCRATCH_DICE) return undefined;
  const bytes = scratch;
  let at = 0;
  for (let i = 0; i < shown; i++) {
    const die = dice[i];
    if (die === undefined) break;
    const { value, kept } = die;
    // A whole number from 0 to LARGEST_FACE (the unsigned shift also turns away fractions).
    if (value >>> 0 !== value || value > LARGEST_FACE) return undefined;
    if (kept) {
      if (value < 10) {
        bytes[at] = ZERO + value;
        at += 1;
      } else if (value < 100) {
        const tens = (value / 10) | 0;
        bytes[at] = ZERO + tens;
        bytes[at + 1] = ZERO + value - 10 * tens;
        at += 2;
      } else {
        at = writeText(bytes, at, String(value));
      }
    } else {
      at = writeText(bytes, at, `~~${value}~~`);
    }
    // Every face is followed by ", "; the last one's is not part of the list.
    bytes[at] = COMMA;
    bytes[at + 1] = SPACE;
    at += 2;
  }
  return scratchText.toString("latin1", 0, at > 0 ? at - 2 : 0);
}
