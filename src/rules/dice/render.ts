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
  const writeGroupResult = (group: DiceGroupResult): string => {
    const shown = Math.min(budget, group.dice.length);
    budget -= shown;
    return `${group.notation} [${listDice(group.dice, shown)}]`;
  };
  let body: string;
  const [only] = groups;
  if (expression.root.kind === "dice" && only !== undefined) {
    // The common case ("1d100", "4d6kh3") skips the tree walk.
    body = writeGroupResult(only);
  } else {
    let next = 0;
    body = formatExpression(expression.root, (node: DiceGroupNode): string => {
      const group = groups[next++];
      return group === undefined ? node.notation : writeGroupResult(group);
    });
  }
  const text = `${body} = **${total}**`;
  return text.length <= maxLength ? text : `${expression.canonical} = **${total}**`;
}

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
