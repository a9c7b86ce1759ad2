import { ButtonStyle } from "discord.js";
import type { DieResult } from "../rules/index.js";
import { rerollId, settleId, type ComponentScope } from "./custom-ids.js";
import { button, buttonRows, selectRow, type ActionRow } from "./messages.js";
import type { RollSide } from "./roll-sequence.js";
import { count } from "./text.js";
import { COLOUR_EMOJI, COLOUR_NAME, RESULT_EMOJI, RESULT_NAME } from "./words.js";

/**
 * The one reroll as buttons: every die showing Weird, Bad or Good, or keep. Items' single-die
 * rerolls are chosen in a menu first (the bot re-renders with the choice), then carried by each
 * button, leaving out the dice that button rerolls anyway, so no press can be refused for it.
 */

/** At most this many single dice ride on a button (the custom id has room for ten). */
export const EXTRA_DICE_MAX = 10;
/** The dice menu offers the first 25 dice (Discord's limit on a menu's options). */
const DICE_MENU_MAX = 25;

const ORDER: readonly DieResult[] = ["weird", "bad", "good"];
const STYLE: Readonly<
  Record<DieResult, ButtonStyle.Primary | ButtonStyle.Danger | ButtonStyle.Success>
> = {
  weird: ButtonStyle.Primary,
  bad: ButtonStyle.Danger,
  good: ButtonStyle.Success,
};

/** The single dice chosen so far, as far as this roll allows them. */
export function allowedExtra(side: RollSide, chosen: readonly number[]): number[] {
  const limit = Math.min(side.extraRerolls, EXTRA_DICE_MAX);
  const valid = [...new Set(chosen)].filter(
    (i) => Number.isInteger(i) && i >= 0 && i < Math.min(side.dice.length, DICE_MENU_MAX),
  );
  return valid.slice(0, limit).sort((a, b) => a - b);
}

export function rerollRows(
  side: RollSide,
  scope: ComponentScope,
  chosen: readonly number[],
): ActionRow[] {
  const extra = allowedExtra(side, chosen);
  const buttons = ORDER.map((result) => {
    const n = side.tally[result];
    const riding = extra.filter((i) => side.dice[i]?.result !== result);
    const more = riding.length > 0 ? ` + ${count(riding.length, "die", "dice")}` : "";
    return button(
      rerollId(scope, result, riding, side.roll),
      `Reroll all ${RESULT_NAME[result]} (${n})${more}`,
      STYLE[result],
      { emoji: RESULT_EMOJI[result], disabled: n === 0 },
    );
  });
  buttons.push(
    button(settleId(scope, "keep", side.roll), "Keep", ButtonStyle.Secondary, { emoji: "✋" }),
  );
  if (extra.length > 0) {
    buttons.push(
      button(
        rerollId(scope, null, extra, side.roll),
        `Reroll only the ${count(extra.length, "chosen die", "chosen dice")}`,
        ButtonStyle.Secondary,
        {
          emoji: "🎯",
        },
      ),
    );
  }
  const rows = buttonRows(buttons);
  if (side.extraRerolls > 0) rows.push(diceMenu(side, scope, extra));
  return rows;
}

function diceMenu(side: RollSide, scope: ComponentScope, extra: readonly number[]): ActionRow {
  const limit = Math.min(side.extraRerolls, EXTRA_DICE_MAX);
  const options = side.dice.slice(0, DICE_MENU_MAX).map((die, i) => ({
    value: String(i),
    label: `Die ${i + 1}: ${COLOUR_NAME[die.colour]}, ${RESULT_NAME[die.result]}`,
    emoji: COLOUR_EMOJI[die.colour],
    default: extra.includes(i),
  }));
  return selectRow(
    settleId(scope, "dice", side.roll),
    `Items: add up to ${count(limit, "single die", "single dice")} to the reroll`,
    options,
    { min: 0, max: limit },
  );
}
