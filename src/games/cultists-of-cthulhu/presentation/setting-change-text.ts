import { RESULTS, type SettableKey } from "../rules/index.js";
import { RESULT_NAME } from "./words.js";

/** The settings `/cultists settings` changes, in words: what each is, and what to type. */

export const SETTABLE_NAME: Readonly<Record<SettableKey, string>> = {
  "dice.green": "Green die faces",
  "dice.blue": "Blue die faces",
  "dice.red": "Red die faces",
  poolSize: "Dice in a check",
  oversizedPool: "An ability of more dice than that",
  thresholds: "Usual outcomes",
  combatWeirds: "Weirds for a Combat card's effect",
  combatAbility: "Combat ability",
  "steal.ability": "Steal ability",
  "steal.difficulty": "Steal difficulty",
  starChartEnd: "End of the Star Chart",
  duelGoalsToWin: "Two players: goals the Academics need",
  deathAt: "Death",
};

export const SETTABLE_EXPECTED: Readonly<Record<SettableKey, string>> = {
  "dice.green": "three counts of faces, Good/Weird/Bad, e.g. `3/2/1`",
  "dice.blue": "three counts of faces, Good/Weird/Bad, e.g. `2/2/2`",
  "dice.red": "three counts of faces, Good/Weird/Bad, e.g. `1/2/3`",
  poolSize: "a whole number from 1 to 10, e.g. `5`",
  oversizedPool: "`roll-all`, `first`, `best` or `worst`",
  thresholds: "the fewest Good/Weird/Bad for each outcome, `-` for none, e.g. `3/2/2`",
  combatWeirds: "a whole number from 1 to 10, e.g. `2`",
  combatAbility: "`brawn`, `finesse`, `reason` or `focus`",
  "steal.ability": "`brawn`, `finesse`, `reason` or `focus`",
  "steal.difficulty": "`green`, `blue` or `red`",
  starChartEnd: "a whole number from 1 to 99, e.g. `30`",
  duelGoalsToWin: "a whole number from 1, e.g. `1`",
  deathAt: "`limit` (death when the Wounds taken reach the sheet's) or `past-limit`",
};

/** A changed setting's new value, as the log shows it. */
export function settingChangeValue(value: unknown): string {
  if (typeof value === "object" && value !== null) {
    const counts = value as Record<string, number | null | undefined>;
    return RESULTS.map((r) => `${RESULT_NAME[r]} ${counts[r] ?? "none"}`).join(", ");
  }
  return String(value);
}
