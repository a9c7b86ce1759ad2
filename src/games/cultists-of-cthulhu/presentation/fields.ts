import { ABILITIES, RESULTS } from "../rules/index.js";
import { escapeUserText } from "./escape.js";
import {
  ABILITY_NAME,
  COLOUR_NAME,
  DURATION_NAME,
  PIECE_NAME,
  RESULT_NAME,
  RESULT_PLURAL,
} from "./words.js";

/**
 * The names of the inputs a refusal points at (`invalid-sheet`, `invalid-amount`,
 * `invalid-choice` carry the field the rules checked), and of the values a choice allows.
 */

const FIELD_LABEL: Readonly<Record<string, string>> = {
  name: "the name",
  wounds: "Wounds",
  speed: "Speed",
  defense: "Defense",
  horror: "Horror",
  "horror.stage2": "the Horror where stage 2 begins",
  "horror.stage3": "the Horror where stage 3 begins (above stage 2)",
  "horror.end": "the end of the Horror track (at least stage 3)",
  attack: "the Attack dice (1 to 5, each Green, Blue or Red)",
  amount: "the amount",
  advance: "how far the Star Card advances the chart",
  duration: "the Star Card's duration",
  difficulty: "the difficulty",
  ability: "the ability",
  damageResults: "the results that deal damage",
  goals: "the goal letters",
  part: "the goal part",
  piece: "the Elder Sign piece",
  outer: "the outer pieces",
  centre: "the centre piece",
  token: "the Wound token",
  kind: "whether it is an Item or an Artefact",
  hands: "the hands it takes (0, 1 or 2)",
  combatDamage: "its combat damage bonus (0 to 9)",
  extraRerolls: "its extra single-die rerolls (0 to 9)",
  extraRerollsIn: "where its extra rerolls count",
  ...Object.fromEntries(
    ABILITIES.map((a) => [
      `abilities.${a}`,
      `${ABILITY_NAME[a]} (1 to 5 dice, each Green, Blue or Red)`,
    ]),
  ),
  ...Object.fromEntries(RESULTS.map((r) => [`thresholds.${r}`, `the ${RESULT_PLURAL[r]} needed`])),
};

/** A field the rules checked, in words; one the table does not know reads as "that value". */
export function fieldLabel(field: string): string {
  return FIELD_LABEL[field] ?? "that value";
}

const CHOICE_WORD: Readonly<Record<string, string>> = {
  ...COLOUR_NAME,
  ...RESULT_NAME,
  ...DURATION_NAME,
  ...ABILITY_NAME,
  outer: PIECE_NAME.outer,
  centre: PIECE_NAME.centre,
  plain: "a plain Wound",
  double: "2 Wounds",
  speed: "Speed ±n",
  defense: "Defense ±n",
  ability: "a die added to an ability",
  item: "Item",
  artefact: "Artefact",
  combat: "in combat",
  "all-checks": "in every check",
};

/** An allowed value as the table says it (goal letters are the host's own text: escaped). */
export function choiceWord(value: string): string {
  return CHOICE_WORD[value] ?? escapeUserText(value);
}
