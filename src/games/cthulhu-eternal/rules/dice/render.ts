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
 * `groups` must be the results of rolling `expression`, in order; a group without results is
 * written bare. The one writer of a roll's text: rollDice uses it too.
 */
export function renderDiceRoll(
  expression: DiceExpression,
  groups: readonly DiceGroupResult[],
  total: number,
  options: DiceRenderOptions = DEFAULT_DICE_RENDER_OPTIONS,
): string {
  const maxLength = options.maxLength ?? DEFAULT_DICE_RENDER_OPTIONS.maxLength;
  let budget = options.maxDiceShown ?? DEFAULT_DICE_RENDER_OPTIONS.maxDiceShown;
  let next = 0;
  const body = formatExpression(expression.root, (node: DiceGroupNode): string => {
    const group = groups[next++];
    if (group === undefined) return node.notation;
    const shown = Math.min(budget, group.dice.length);
    budget -= shown;
    return `${group.notation} [${listDice(group.dice, shown)}]`;
  });
  const text = `${body} = **${total}**`;
  return text.length <= maxLength ? text : `${expression.canonical} = **${total}**`;
}

/** The first `shown` dice, dropped ones struck through, then "… N more" for the rest. */
function listDice(dice: readonly DieResult[], shown: number): string {
  let out = "";
  for (let i = 0; i < shown; i++) {
    const die = dice[i];
    if (die === undefined) break;
    if (i > 0) out += ", ";
    out += die.kept ? String(die.value) : `~~${die.value}~~`;
  }
  const hidden = dice.length - shown;
  if (hidden > 0) out += `${shown > 0 ? ", " : ""}… ${hidden} more`;
  return out;
}
