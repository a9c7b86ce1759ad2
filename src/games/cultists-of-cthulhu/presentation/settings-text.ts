import { buildPool, COLOURS, RESULTS, type Settings } from "../rules/index.js";
import { colourDice } from "./dice.js";
import { bold, count, listOf, userName } from "./text.js";
import { ABILITY_NAME, COLOUR_EMOJI, COLOUR_NAME, outcomeName, RESULT_EMOJI } from "./words.js";

/**
 * The table's settings in words, for /help: one name and one value per setting. A `Record` over
 * the settings' keys, so a setting added to the rules without its words here fails the type
 * check.
 */

export const SETTING_NAME: Readonly<Record<keyof Settings, string>> = {
  dice: "Dice faces",
  poolSize: "Dice in a check",
  oversizedPool: "An ability of more dice than that",
  thresholds: "Usual outcomes",
  combatWeirds: "Combat card effect",
  combatAbility: "Combat",
  steal: "Steal",
  starChartEnd: "Star Chart",
  cultistNumbers: "The stars align at",
  scenarios: "Scenarios",
  goals: "Goals",
  duelGoalsToWin: "Two players: the Academics win with",
  elderSign: "Elder Sign",
  hands: "Hands",
  players: "Players",
  roleDeal: "Role cards",
  deathAt: "Death",
};

const OVERSIZED: Readonly<Record<Settings["oversizedPool"], string>> = {
  "roll-all": "all of them are rolled",
  first: "the first ones are rolled",
  best: "the best ones are rolled (Green first)",
  worst: "the worst ones are rolled (Red first)",
};

function facesText(settings: Settings): string {
  return COLOURS.map((colour) => {
    const faces = settings.dice[colour];
    const counts = RESULTS.map((r) => `${RESULT_EMOJI[r]}×${faces[r]}`).join(" ");
    return `${COLOUR_EMOJI[colour]} ${COLOUR_NAME[colour]}: ${counts}`;
  }).join(" · ");
}

export function settingValue(settings: Settings, key: keyof Settings): string {
  switch (key) {
    case "dice":
      return facesText(settings);
    case "poolSize":
      return `${settings.poolSize}: the ability's dice, filled up with dice of the difficulty's colour`;
    case "oversizedPool":
      return OVERSIZED[settings.oversizedPool];
    case "thresholds":
      return listOf(RESULTS.map((r) => outcomeName(r, settings.thresholds[r])));
    case "combatWeirds":
      return `${settings.combatWeirds}+ Weirds`;
    case "combatAbility":
      return `${ABILITY_NAME[settings.combatAbility]} at the Combat card's colour; damage = your Goods + their Bads − their Defense`;
    case "steal":
      return `${ABILITY_NAME[settings.steal.ability]} at ${COLOUR_NAME[settings.steal.difficulty]}; Goods reaching the target's Defense`;
    case "starChartEnd":
      return `0 to ${settings.starChartEnd}, never going down`;
    case "cultistNumbers":
      return listOf(settings.cultistNumbers.map(String), "or");
    case "scenarios":
      return listOf(settings.scenarios.map((s) => userName(s)));
    case "goals":
      return `${listOf(settings.goals.map((g) => userName(g, 10)))}, part 1 before part 2`;
    case "duelGoalsToWin":
      return `${count(settings.duelGoalsToWin, "goal")} (both parts)`;
    case "elderSign":
      return `${count(settings.elderSign.outer, "outer piece")} and ${count(settings.elderSign.centre, "centre piece")} held by one character`;
    case "hands":
      return `${settings.hands} per character`;
    case "players":
      return `${settings.players.min}–${settings.players.max}`;
    case "roleDeal": {
      const { duel, solo } = settings.roleDeal;
      return `3–6 players: one Cultist card at random. Two: ${listOf(duel.faceDown.map(String))} face down, ${duel.faceUp} face up (acting at ${duel.activationAt}). One: a row turned at ${listOf(solo.rowRevealsAt.map(String))}`;
    }
    case "deathAt":
      return settings.deathAt === "limit"
        ? "when the Wounds taken reach the sheet's Wounds"
        : "when the Wounds taken pass the sheet's Wounds";
  }
}

/** Every setting as "**Name**: value" lines. */
export function settingsLines(settings: Settings): string[] {
  return (Object.keys(SETTING_NAME) as (keyof Settings)[]).map(
    (key) => `${bold(SETTING_NAME[key])}: ${settingValue(settings, key)}`,
  );
}

/** The dice a sample ability check takes, for the examples. */
export function sampleDice(settings: Settings): string {
  return colourDice(buildPool(["green", "blue"], "red", settings));
}
