import {
  COLOURS,
  type Phase,
  type PlayerId,
  type Refusal,
  type RefusalCode,
} from "../rules/index.js";
import { SETTABLE_EXPECTED, SETTABLE_NAME } from "./setting-change-text.js";
import { choiceWord, fieldLabel } from "./fields.js";
import type { Names } from "./names.js";
import { bold, capital, count, listOf, userName } from "./text.js";
import { COLOUR_NAME, MODE_NAME, RESULT_NAME, woundTokenText } from "./words.js";

/**
 * Every refusal of the rules in the game's words: what was wrong and what to do. One entry per
 * code; a code added to the rules without its sentence here fails the type check.
 */

export interface RefusalWords {
  names: Names;
  /** Who asked: "you" when the refusal is about them. */
  asker: PlayerId;
  host: PlayerId;
}

type RefusalTexts = {
  readonly [C in RefusalCode]: (
    refusal: Extract<Refusal, { code: C }>,
    words: RefusalWords,
  ) => string;
};

const PHASE_WHILE: Readonly<Record<Phase, string>> = {
  lobby: "while players are joining",
  setup: "while the game is being set up",
  playing: "while the game is under way",
  ended: "once the game is over",
};

const PHASE_NOW: Readonly<Record<Phase, string>> = {
  lobby: "players are still joining",
  setup: "the game is being set up",
  playing: "the game is under way",
  ended: "the game is over",
};

const PIECE_IN_BAG = { outer: "outer piece", centre: "centre piece", any: "Elder Sign piece" };

const who = (player: PlayerId, w: RefusalWords) =>
  player === w.asker ? "You" : bold(w.names.player(player));
const name = (id: string, w: RefusalWords) => bold(w.names.combatant(id));

export const REFUSAL_TEXT: RefusalTexts = {
  "no-game": () => "There is no game of Cultists of Cthulhu here yet: open one first.",
  "game-already-open": () =>
    "A game is already open here. Finish it (the host can end it) before opening another.",
  "wrong-phase": (r) =>
    `That can only be done ${listOf(
      r.needed.map((p) => PHASE_WHILE[p]),
      "or",
    )}; right now ${PHASE_NOW[r.phase]}.`,
  "wrong-mode": (r) =>
    `That is only part of a game for ${listOf(
      r.needed.map((m) => MODE_NAME[m]),
      "or",
    )}; this one is for ${MODE_NAME[r.mode]}.`,
  "host-only": (_r, w) => `Only the host can do that: ask ${bold(w.names.player(w.host))}.`,
  "already-joined": (r, w) =>
    r.player === w.asker
      ? "You are already at this table."
      : `${who(r.player, w)} is already at this table.`,
  "not-a-player": (r, w) =>
    r.player === w.asker
      ? "You are not seated at this table. Players join while the game is gathering them."
      : `${who(r.player, w)} is not seated at this table.`,
  "lobby-full": (r) => `The table is full: ${count(r.max, "player")} at most.`,
  "player-count": (r) =>
    `The game needs ${r.min}–${r.max} players to start, and ${r.players} joined.`,
  "seating-mismatch": () => "The seating must name every player at the table, each once.",
  "invalid-name": () => "Give the scenario a name.",
  "invalid-sheet": (r) =>
    `Check ${fieldLabel(r.field)} on the sheet: it is missing or not allowed.`,
  "invalid-amount": (r) =>
    `${capital(fieldLabel(r.field))} must be a whole number from ${r.min} to ${r.max}.`,
  "invalid-choice": (r) =>
    r.allowed.length === 0
      ? `Check ${fieldLabel(r.field)}: it is missing or not allowed.`
      : `${capital(fieldLabel(r.field))} must be ${listOf(r.allowed.map(choiceWord), "or")}.`,
  "invalid-setting": (r) =>
    `${SETTABLE_NAME[r.key]} takes ${SETTABLE_EXPECTED[r.key]}; nothing was changed.`,
  "unknown-character": () =>
    "That character is not in this game (any more): pick one from the list.",
  "unknown-monster": () => "That monster is not on the board (any more): pick one from the list.",
  "unknown-combatant": () => "There is no such character or monster in this game.",
  "unknown-item": () => "That item is not in play (any more): pick one from the list.",
  "unknown-card": () => "That card is not among this game's cards (any more).",
  "unknown-goal": (r) =>
    `This scenario has no goal ${bold(userName(r.goal))}; its goals are ${listOf(r.goals.map((g) => userName(g)))}.`,
  "not-your-character": (r, w) =>
    `${name(r.character, w)} is not yours: their player acts for them (or the host).`,
  "not-in-play": (r, w) => `${name(r.combatant, w)} is not on the board.`,
  dead: (r, w) => `${name(r.combatant, w)} is dead.`,
  "characters-needed": (r, w) =>
    `${who(r.player, w)} entered ${r.entered} of ${count(r.needed, "character")}: each player needs exactly ${r.needed} before the deal.`,
  "set-aside-candidate-needed": () =>
    "Playing alone, a character is set aside at the deal: add at least one candidate first.",
  "cultist-cards-needed": (r) =>
    r.numbers.length === 1
      ? `The deal needs the scenario's Cultist card for ${r.numbers[0] ?? ""}: the host enters it first.`
      : `The deal needs the scenario's Cultist cards for ${listOf(r.numbers.map(String))}: the host enters them first.`,
  "duplicate-cultist-number": (r) =>
    `There are two Cultist cards for ${r.number}: the host removes one of them.`,
  "invalid-cultist-number": (r) =>
    `A Cultist card aligns at ${listOf(r.allowed.map(String), "or")}, not ${r.number}.`,
  "not-your-turn": (r, w) =>
    r.player === null
      ? "It is nobody's turn right now."
      : `It's ${bold(w.names.player(r.player))}'s turn: wait for them, or the host can act for them.`,
  "not-university-turn": () =>
    "That happens in the University Turn: wait until every turn is over.",
  "university-turn-in-progress": () =>
    "It is the University Turn: play the Star Card, then end the University Turn.",
  "star-card-already-played": () =>
    "This University Turn's Star Card is played: end the University Turn when the monsters are done.",
  "star-card-not-played": () => "Play this University Turn's Star Card first.",
  "roll-pending": () => "A roll is waiting for its reroll or keep: finish it first.",
  "no-roll-pending": () => "No roll is waiting for a reroll or a choice.",
  "stale-roll": () =>
    "That roll is over: its buttons no longer count. Use the buttons on the latest roll.",
  "not-your-roll": (r, w) =>
    `That roll is ${name(r.roller, w)}'s: their player chooses the reroll (or the host).`,
  "may-not-reroll": (r, w) => `${name(r.roller, w)} may not reroll: monsters never do.`,
  "nothing-chosen": () => "Choose something first.",
  "no-die-shows": (r) =>
    `No die shows ${RESULT_NAME[r.result]}: reroll another result, or keep the roll.`,
  "invalid-die": (r) => `This roll has no die ${r.index + 1}.`,
  "die-already-chosen": (r) => `Die ${r.index + 1} is already being rerolled.`,
  "too-many-extra-dice": (r) =>
    r.allowed === 0
      ? "Nothing held lets this roll reroll single dice."
      : `Items add ${count(r.allowed, "single die", "single dice")} to this reroll, no more.`,
  "same-combatant": () => "Choose someone else: nobody can do that to themselves.",
  "no-targets": () => "Choose what the shot is aimed at.",
  "nothing-to-steal": (r, w) =>
    `${name(r.target, w)} holds nothing to steal: no Item, Artefact or Elder Sign piece.`,
  "nothing-to-take": () => "There is nothing of that kind to take.",
  "not-monster-controller": () =>
    "You don't run the monsters now: the Starting Player does (after a reveal, the Cultist), and the host always may.",
  "hands-full": (r, w) =>
    `${name(r.character, w)} has ${count(r.free, "hand")} free and that takes ${r.needed}: drop or give something first.`,
  "not-held": (r, w) => `${name(r.holder, w)} does not hold ${bold(w.names.item(r.item))}.`,
  "not-on-ground": (r, w) => `${bold(w.names.item(r.item))} is not on the ground.`,
  "elder-sign-short": (r) =>
    `Not enough Elder Sign pieces: there are only ${r.outer} outer and ${r.centre} centre.`,
  "elder-sign-is-whole": () =>
    "A complete Elder Sign counts as one item: it moves only as a whole.",
  "elder-sign-bag-empty": (r) => `No ${PIECE_IN_BAG[r.piece]} is left in the bag.`,
  "no-such-wound": (r, w) =>
    `${name(r.character, w)} has no ${r.token.kind === "plain" ? "plain Wound" : `Wound token reading ${woundTokenText(r.token)}`}.`,
  "one-wound-change": () =>
    "Take Wounds (`amount`), heal one (`heal`) or change one's token (`set` with `token`): one at a time.",
  "no-such-die": (r) =>
    `There is no ${isOneOf(r.colour, COLOURS) ? COLOUR_NAME[r.colour] : "such"} die there.`,
  "already-encountered": (r, w) =>
    `${name(r.character, w)} has met a ${bold(userName(r.monster))} before: its Horror comes only the first time.`,
  "not-a-cultist": () => "Only a Cultist reveals, and you are not one.",
  "not-an-academic": () => "Only an Academic shows a Madness card, and you are not one.",
  "already-revealed": () => "You have already revealed.",
  "stars-not-aligned": () => "The stars have not reached your number yet.",
  "reveal-choice": (r) =>
    r.problem === "sacrifice"
      ? "Choose which of your living characters is sacrificed (it dies); the other becomes the Cultist."
      : "Choose which of your living characters becomes the Cultist.",
  "no-cultist-revealed": () => "Madness stays hidden until a Cultist has revealed.",
  "awaiting-reveal": () => "The stars have aligned for a Cultist: play waits for their reveal.",
  "goal-part-1-first": (r) =>
    `Complete ${bold(`${userName(r.goal)}1`)} before ${bold(`${userName(r.goal)}2`)}.`,
  "goal-already-marked": (r) => `${bold(`${userName(r.goal)}${r.part}`)} is already complete.`,
};

function isOneOf<T extends string>(value: string, allowed: readonly T[]): value is T {
  return (allowed as readonly string[]).includes(value);
}

/** The sentence for a refusal. */
export function refusalText(refusal: Refusal, words: RefusalWords): string {
  const render = REFUSAL_TEXT[refusal.code] as (r: Refusal, w: RefusalWords) => string;
  return render(refusal, words);
}
