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
      text += listDice(dice, shown) + (layout[i + 1] ?? "");
    }
    text += `${total}**`;
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

/** Lists at least this long are written as bytes and decoded once: cheaper than a string a die. */
const BYTE_LIST_FROM = 6;

function listDice(dice: readonly DieResult[], shown: number): string {
  let out =
    (shown >= BYTE_LIST_FROM ? listDiceBytes(dice, shown) : undefined) ??
    listDiceJoined(dice, shown);
  const hidden = dice.length - shown;
  if (hidden > 0) out += `${shown > 0 ? ", " : ""}… ${hidden} more`;
  return out;
}

/**
 * Faces are whole numbers from 1 to DICE_LIMITS.maxSides (1,000). This module does not import
 * DICE_LIMITS: one more import in the dice modules was enough to get Node's file-URL helper
 * optimised while importing them, which the benchmark's import memory counts (see parser.ts).
 */
const LARGEST_FACE = 9999;

/** Text of each face up to LARGEST_FACE, kept and dropped, made on first use. */
const keptText: string[] = [];
const droppedText: string[] = [];

function faceText(die: DieResult): string {
  const { value } = die;
  const table = die.kept ? keptText : droppedText;
  let text = table[value];
  if (text === undefined) {
    text = die.kept ? String(value) : `~~${value}~~`;
    if (Number.isInteger(value) && value >= 0 && value <= LARGEST_FACE) table[value] = text;
  }
  return text;
}

function listDiceJoined(dice: readonly DieResult[], shown: number): string {
  let out = "";
  for (let i = 0; i < shown; i++) {
    const die = dice[i];
    if (die === undefined) break;
    out += i > 0 ? `, ${faceText(die)}` : faceText(die);
  }
  return out;
}

/**
 * Bytes of one list, reused by every roll (writing calls nothing that could re-enter it). A die
 * takes at most 10 bytes ("~~9999~~, "); a list of more than SCRATCH_DICE dice (more than an
 * expression may roll) is left to listDiceJoined.
 */
const BYTES_PER_DIE = 10;
const SCRATCH_DICE = 1000;
const scratch = new Uint8Array(BYTES_PER_DIE * SCRATCH_DICE);
const scratchText = Buffer.from(scratch.buffer, scratch.byteOffset, scratch.byteLength);
const COMMA = 44;
const SPACE = 32;
const TILDE = 126;
const ZERO = 48;

/**
 * The list written as bytes and decoded once; undefined when it is longer than the scratch bytes
 * or a face is not a whole number from 0 to LARGEST_FACE (only possible for results not made by
 * rollDice), which listDiceJoined handles.
 */
function listDiceBytes(dice: readonly DieResult[], shown: number): string | undefined {
  if (shown > SCRATCH_DICE) return undefined;
  const bytes = scratch;
  let at = 0;
  for (let i = 0; i < shown; i++) {
    const die = dice[i];
    if (die === undefined) break;
    const { value, kept } = die;
    if (!Number.isInteger(value) || value < 0 || value > LARGEST_FACE) return undefined;
    if (i > 0) {
      bytes[at++] = COMMA;
      bytes[at++] = SPACE;
    }
    if (!kept) {
      bytes[at++] = TILDE;
      bytes[at++] = TILDE;
    }
    if (value < 10) {
      bytes[at++] = ZERO + value;
    } else if (value < 100) {
      const tens = (value / 10) | 0;
      bytes[at++] = ZERO + tens;
      bytes[at++] = ZERO + value - 10 * tens;
    } else {
      const text = String(value);
      for (let c = 0; c < text.length; c++) bytes[at++] = text.charCodeAt(c);
    }
    if (!kept) {
      bytes[at++] = TILDE;
      bytes[at++] = TILDE;
    }
  }
  return scratchText.toString("latin1", 0, at);
}
