import { RESULTS, type Colour, type Die, type DieResult, type Tally } from "../rules/index.js";
import { COLOUR_EMOJI, RESULT_EMOJI, RESULT_NAME, RESULT_PLURAL } from "./words.js";

/** Dice as players see them on the table: a coloured die and the face it shows. */

/** One die: its colour, then its face ("🔴🌀" is a Red die showing Bad). */
export function dieFace(die: Die): string {
  return `${COLOUR_EMOJI[die.colour]}${RESULT_EMOJI[die.result]}`;
}

/** Every die of a roll in order; dice that were rerolled are marked with ↻. */
export function diceLine(dice: readonly Die[], rerolled: readonly number[] = []): string {
  return dice.map((die, i) => `${dieFace(die)}${rerolled.includes(i) ? "↻" : ""}`).join("  ");
}

/** An ability's (or a monster's Attack) dice, colours only: "🟢🔵". */
export function colourDice(colours: readonly Colour[]): string {
  return colours.length === 0 ? "—" : colours.map((c) => COLOUR_EMOJI[c]).join("");
}

export function resultCount(result: DieResult, n: number): string {
  return `${n} ${n === 1 ? RESULT_NAME[result] : RESULT_PLURAL[result]}`;
}

/** "✴️ 3 Goods · 🌿 1 Weird · 🌀 1 Bad". */
export function tallyLine(tally: Tally): string {
  return RESULTS.map((r) => `${RESULT_EMOJI[r]} ${resultCount(r, tally[r])}`).join(" · ");
}
