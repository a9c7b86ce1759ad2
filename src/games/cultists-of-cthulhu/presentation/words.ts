import type {
  Ability,
  CheckPurpose,
  Colour,
  DieResult,
  EventRule,
  MadnessStage,
  Mode,
  Phase,
  Pieces,
  StarCardDuration,
  WinReason,
  WoundEffect,
} from "../rules/index.js";
import { count, signed } from "./text.js";

/**
 * The game's words as data: every name a player reads for a colour, a face, an ability, a phase,
 * a mode, a duration, a win. Each table is a `Record` over the rules' own union, so a new value
 * in the rules without its words here fails the type check.
 */

export const COLOUR_NAME: Readonly<Record<Colour, string>> = {
  green: "Green",
  blue: "Blue",
  red: "Red",
};

/** A die's colour at a glance. */
export const COLOUR_EMOJI: Readonly<Record<Colour, string>> = {
  green: "🟢",
  blue: "🔵",
  red: "🔴",
};

export const RESULT_NAME: Readonly<Record<DieResult, string>> = {
  good: "Good",
  weird: "Weird",
  bad: "Bad",
};

export const RESULT_PLURAL: Readonly<Record<DieResult, string>> = {
  good: "Goods",
  weird: "Weirds",
  bad: "Bads",
};

/**
 * A face at a glance: Good is the star-shaped Elder Sign (✴️), Weird the branch (🌿), Bad the
 * swirling Yellow Sign (🌀).
 */
export const RESULT_EMOJI: Readonly<Record<DieResult, string>> = {
  good: "✴️",
  weird: "🌿",
  bad: "🌀",
};

/** The seed's gloss on what each result usually means. */
export const RESULT_MEANING: Readonly<Record<DieResult, string>> = {
  good: "good for you",
  weird: "bad for the Academics as a whole",
  bad: "bad for you",
};

export const ABILITY_NAME: Readonly<Record<Ability, string>> = {
  brawn: "Brawn",
  finesse: "Finesse",
  reason: "Reason",
  focus: "Focus",
};

/** What was rolled: an ability, or a monster's (or transformed Cultist's) Attack dice. */
export function rolledName(ability: Ability | "attack"): string {
  return ability === "attack" ? "Attack dice" : ABILITY_NAME[ability];
}

export const PHASE_NAME: Readonly<Record<Phase, string>> = {
  lobby: "Gathering players",
  setup: "Setting up",
  playing: "In play",
  ended: "Over",
};

export const MODE_NAME: Readonly<Record<Mode, string>> = {
  solo: "one player (three characters)",
  duel: "two players (two characters each)",
  table: "3–6 players",
};

export const DURATION_NAME: Readonly<Record<StarCardDuration, string>> = {
  instant: "Instant",
  "one-round": "One round",
  weather: "Weather",
};

/** How long a Star Card stays in play. */
export const DURATION_NOTE: Readonly<Record<StarCardDuration, string>> = {
  instant: "resolves at once",
  "one-round": "until the next University Turn",
  weather: "until another Weather card; affects Outdoor tiles",
};

/** What a player does about Events on their turn (the seed changes it once a Cultist acts). */
export const EVENT_RULE_TEXT: Readonly<Record<EventRule, string>> = {
  draw: "they draw an Event, then take two actions",
  optional: "they may draw an Event, then take two actions",
  none: "a revealed Cultist draws no Event; two actions",
};

/** "Nelson rolls Focus at Red", "the Shoggoth defends with Attack dice at Red". */
export const PURPOSE_VERB: Readonly<Record<CheckPurpose, string>> = {
  check: "rolls",
  defend: "defends with",
  attack: "attacks with",
  ranged: "shoots with",
  steal: "steals with",
};

export const WIN_REASON_TEXT: Readonly<Record<WinReason, string>> = {
  "academic-goals": "The scenario's goals are complete: the Academics win.",
  "others-dead": "Every other character is dead: the Cultist wins.",
  "cultist-defeated": "The revealed Cultist is dead and no monster is left: the Academics win.",
  "all-characters-dead": "Every character is dead: nobody wins.",
  "host-ended": "The host ended the game.",
};

export const STAGE_NAME: Readonly<Record<MadnessStage, string>> = {
  1: "Stage 1",
  2: "Stage 2",
  3: "Stage 3",
};

/** The five-die check's usual outcomes, in the seed's words ("at least three Good"). */
export function outcomeName(result: DieResult, threshold: number | null): string {
  if (threshold === null) return `no ${RESULT_NAME[result]} outcome`;
  return `${threshold}+ ${threshold === 1 ? RESULT_NAME[result] : RESULT_PLURAL[result]}`;
}

/** What a Wound token says besides being a Wound. */
export function woundTokenText(effect: WoundEffect): string {
  switch (effect.kind) {
    case "plain":
      return "Wound";
    case "double":
      return "2 Wounds";
    case "speed":
      return `Speed ${signed(effect.delta)}`;
    case "defense":
      return `Defense ${signed(effect.delta)}`;
    case "ability":
      return `+${COLOUR_NAME[effect.colour]} ${ABILITY_NAME[effect.ability]}`;
  }
}

/** "3 outer pieces and the centre". */
export function piecesText(pieces: Pieces): string {
  const parts: string[] = [];
  if (pieces.outer > 0) parts.push(count(pieces.outer, "outer piece"));
  if (pieces.centre === 1) parts.push("the centre piece");
  else if (pieces.centre > 1) parts.push(count(pieces.centre, "centre piece"));
  return parts.length === 0 ? "no pieces" : parts.join(" and ");
}

export const PIECE_NAME: Readonly<Record<keyof Pieces, string>> = {
  outer: "an outer piece",
  centre: "the centre piece",
};
