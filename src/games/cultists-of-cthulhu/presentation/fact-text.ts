import type { Fact, FactBody, FactType, Pieces, RoleCard } from "../rules/index.js";
import { cardLine, cardName, madnessLines } from "./cards.js";
import { colourDice, diceLine, tallyLine } from "./dice.js";
import type { Names } from "./names.js";
import { settingChangeValue, SETTABLE_NAME } from "./setting-change-text.js";
import { bold, capital, count, listOf, userName, userParagraph } from "./text.js";
import {
  ABILITY_NAME,
  COLOUR_NAME,
  DURATION_NAME,
  EVENT_RULE_TEXT,
  MODE_NAME,
  PIECE_NAME,
  piecesText,
  PURPOSE_VERB,
  RESULT_NAME,
  rolledName,
  STAGE_NAME,
  WIN_REASON_TEXT,
  woundTokenText,
} from "./words.js";

/**
 * One short line for every kind of fact, for the history and for announcements. Third person
 * throughout: once the game has ended everyone may read every line, private ones included. A
 * fact kind added to the rules without its line here fails the type check.
 */

type FactLines = {
  readonly [T in FactType]: (fact: Extract<FactBody, { type: T }>, names: Names) => string;
};

const ORDINAL = ["first", "second", "third", "fourth", "fifth"];

const p = (names: Names, id: string) => bold(names.player(id));
const c = (names: Names, id: string) => bold(names.combatant(id));
const i = (names: Names, id: string) => bold(names.item(id));
const place = (names: Names, id: string | null) => (id === null ? "the ground" : c(names, id));
const starCard = (name: string | null) => (name === null ? "a Star Card" : bold(userName(name)));
const quoted = (text: string) => (text.trim() === "" ? "" : `: “${userParagraph(text, 200)}”`);
const nothing = (pieces: Pieces) => pieces.outer + pieces.centre === 0;
const cardQuote = (card: RoleCard) => (card.kind === "cultist" ? quoted(card.text) : "");

export const FACT_TEXT: FactLines = {
  "game-opened": (f, n) =>
    `${p(n, f.host)} opened a game of ${bold(userName(f.scenario))} (goals ${listOf(f.goals.map((g) => userName(g)))}).`,
  "player-joined": (f, n) => `${p(n, f.player)} joined the table.`,
  "player-left": (f, n) => `${p(n, f.player)} left the table.`,
  "game-started": (f, n) =>
    `The game started for ${MODE_NAME[f.mode]}, seated ${listOf(f.seats.map((s) => p(n, s)))}.`,
  "character-entered": (f, n) => `${p(n, f.player)} entered ${bold(userName(f.sheet.name))}.`,
  "character-removed": (f, n) => `${c(n, f.character)} was taken out of the game.`,
  "set-aside-candidate-added": (f) =>
    `${bold(userName(f.sheet.name))} may be the character set aside.`,
  "cultist-card-added": (f) =>
    `The host entered the Cultist card for ${f.number}${quoted(f.text)}.`,
  "academic-card-added": (f) =>
    `The host entered an Academic card (${madnessLines(f.madness, null, 80).join("; ")}).`,
  "card-removed": () => "The host took a card out of the game.",
  "setting-changed": (f) =>
    `The host set ${bold(SETTABLE_NAME[f.key])} to ${bold(settingChangeValue(f.value))}.`,
  "roles-dealt": (f, n) => `The roles are dealt; ${p(n, f.firstPlayer)} takes the first turn.`,
  "role-dealt": (f, n) =>
    f.character === null
      ? `${p(n, f.player)} is dealt ${cardName(f.card)}.`
      : `${c(n, f.character)} is dealt ${cardName(f.card)}.`,
  "cultist-card-face-up": (f) => `${capital(cardName(f.card))} lies face up${cardQuote(f.card)}.`,
  "deal-recorded": (f) =>
    `The deal, recorded: ${count(Object.keys(f.disclosure.hands).length + Object.keys(f.disclosure.characterCards).length, "card")} dealt, ${f.disclosure.discarded.length} discarded unseen, ${f.disclosure.unused.length} left in the box.`,
  "round-began": (f, n) =>
    `Round ${f.round} begins; ${p(n, f.startingPlayer)} is the Starting Player.`,
  "turn-began": (f, n) => `${p(n, f.player)}'s turn begins (${EVENT_RULE_TEXT[f.events]}).`,
  "turn-ended": (f, n) => `${p(n, f.player)} ended their turn.`,
  "university-turn-began": (f, n) =>
    f.draw === 1
      ? `University Turn: ${p(n, f.player)} plays the top Star Card.`
      : `University Turn: ${p(n, f.player)} draws two Star Cards and plays one.`,
  "star-cards-expired": (f) =>
    `One-round Star Cards leave play: ${listOf(f.cards.map((card) => starCard(card.name)))}.`,
  "star-card-played": (f, n) =>
    `${p(n, f.player)} played ${starCard(f.card.name)} (${DURATION_NAME[f.card.duration]}): the Star Chart advances ${f.card.advance}.`,
  "weather-ended": (f) => `The Weather ${starCard(f.card.name)} ends.`,
  "stars-advanced": (f) => `The Star Chart moves from ${f.from} to ${bold(String(f.to))}.`,
  "starting-player-passed": (f, n) =>
    `The Starting Player token passes from ${p(n, f.from)} to ${p(n, f.to)}.`,
  "cultist-may-reveal": (f, n) =>
    `The stars reach ${p(n, f.player)}'s number (${f.number}): they may reveal.`,
  "cultist-must-reveal": (f, n) =>
    `The stars reach ${p(n, f.player)}'s number (${f.number}): they must reveal.`,
  "awaiting-reveal": () => "The stars have aligned for a Cultist: play waits for their reveal.",
  "face-up-cultist-activated": (f) =>
    `Nobody revealed in time: the face-up ${cardName(f.card)} acts${cardQuote(f.card)}.`,
  "row-card-revealed": (f) =>
    `The ${ORDINAL[f.index] ?? "next"} card of the row is turned over: ${f.card.kind === "cultist" ? "a Cultist card" : "an Academic card"}.`,
  "cultist-activated": (f) => `${capital(cardName(f.card))} acts${cardQuote(f.card)}.`,
  "set-aside-character-entered": (f) =>
    `${bold(userName(f.sheet.name))}, set aside at the deal, enters the Main Hall as the Cultist (a monster).`,
  "check-rolled": (f, n) =>
    `${c(n, f.roller)} ${PURPOSE_VERB[f.purpose]} ${rolledName(f.ability)} at ${COLOUR_NAME[f.difficulty]}: ${diceLine(f.dice)}${f.mayReroll ? "" : " (no reroll)"}.`,
  "check-final": (f, n) =>
    `${c(n, f.roller)}'s roll is final: ${diceLine(f.dice, f.rerolled)} (${tallyLine(f.tally)})${f.outcomes.length > 0 && f.purpose !== "attack" && f.purpose !== "defend" ? ` → ${listOf(f.outcomes.map((r) => RESULT_NAME[r]))}` : ""}.`,
  "combat-began": (f, n) =>
    `${c(n, f.attacker)} attacks ${c(n, f.defender)}: Combat card at ${COLOUR_NAME[f.card.difficulty]}${f.card.defense === null ? "" : `, everyone at Defense ${f.card.defense}`}.`,
  "combat-resolved": (f, n) =>
    `${c(n, f.attacker)} deals ${f.toDefender} to ${c(n, f.defender)}, and takes ${f.toAttacker}${f.weird.length > 0 ? `; two Weirds for ${listOf(f.weird.map((w) => c(n, w)))}` : ""}.`,
  "ranged-resolved": (f, n) =>
    `${c(n, f.shooter)}'s shot: ${listOf(f.hits.map((h) => `${h.damage} to ${c(n, h.target)}`))}.`,
  "steal-resolved": (f, n) =>
    `${c(n, f.thief)} tries to steal from ${c(n, f.target)}: ${f.succeeded ? "success" : "it fails"}.`,
  stolen: (f, n) =>
    f.item !== null
      ? `${c(n, f.thief)} takes ${i(n, f.item)} from ${c(n, f.target)}.`
      : nothing(f.pieces)
        ? `${c(n, f.thief)} takes nothing from ${c(n, f.target)}.`
        : `${c(n, f.thief)} takes ${piecesText(f.pieces)} of the Elder Sign from ${c(n, f.target)}.`,
  "horror-taken": (f, n) => `${c(n, f.character)} suffers ${f.amount} Horror (now ${f.horror}).`,
  "horror-overflowed": (f, n) =>
    `${c(n, f.character)}'s Horror track is full: the rest becomes ${count(f.wounds, "Wound")}.`,
  "horror-reduced": (f, n) => `${c(n, f.character)} loses ${f.amount} Horror (now ${f.horror}).`,
  "madness-stage-entered": (f, n) =>
    `${c(n, f.character)} enters ${STAGE_NAME[f.stage]} of their Madness.`,
  wounded: (f, n) => {
    const special = f.tokens.filter((t) => t.kind !== "plain").map(woundTokenText);
    const tokens = special.length > 0 ? ` (tokens: ${special.join(", ")})` : "";
    return `${c(n, f.target)} takes ${count(f.amount, "Wound")}${tokens}; ${f.left} left.`;
  },
  "wound-token-set": (f, n) =>
    `${c(n, f.character)}'s Wound token ${f.index + 1} reads ${woundTokenText(f.effect)}.`,
  "wound-healed": (f, n) => `${c(n, f.character)} heals Wound token ${f.index + 1}.`,
  "ability-changed": (f, n) =>
    `${c(n, f.character)}'s ${ABILITY_NAME[f.ability]} is now ${colourDice(f.dice)}.`,
  "character-died": (f, n) => `💀 ${c(n, f.character)} dies.`,
  "character-sacrificed": (f, n) => `${c(n, f.character)} is sacrificed.`,
  "monster-spawned": (f, n) =>
    `A ${c(n, f.monster)} appears: Wounds ${f.stats.wounds}, Defense ${f.stats.defense}, Speed ${f.stats.speed}, Attack ${colourDice(f.stats.attack)}, Horror ${f.stats.horror}.`,
  "monster-power-rolled": (f, n) =>
    `${c(n, f.monster)}'s Power die (${COLOUR_NAME[f.colour]}) shows ${RESULT_NAME[f.result]}.`,
  "monster-died": (f, n) => `💀 ${c(n, f.monster)} dies.`,
  "monster-removed": (f, n) => `${c(n, f.monster)} is taken off the board.`,
  encountered: (f, n) =>
    `${c(n, f.character)} meets ${c(n, f.monster)}, the first of its kind for them: ${f.horror} Horror.`,
  "item-added": (f, n) =>
    `${c(n, f.character)} gains ${bold(userName(f.item.name))} (${f.item.kind === "artefact" ? "Artefact" : "Item"}).`,
  "item-dropped": (f, n) => `${c(n, f.character)} drops ${i(n, f.item)}.`,
  "items-picked-up": (f, n) =>
    `${c(n, f.character)} picks up ${listOf(f.items.map((id) => i(n, id)))}.`,
  "item-given": (f, n) => `${c(n, f.from)} gives ${i(n, f.item)} to ${c(n, f.to)}.`,
  "item-discarded": (f, n) => `${c(n, f.character)} discards ${i(n, f.item)}.`,
  "elder-sign-found": (f, n) =>
    `${c(n, f.character)} finds ${PIECE_NAME[f.piece]} of the Elder Sign.`,
  "elder-sign-moved": (f, n) =>
    f.to === null
      ? `${place(n, f.from)} drops ${piecesText(f.pieces)} of the Elder Sign.`
      : f.from === null
        ? `${c(n, f.to)} picks up ${piecesText(f.pieces)} of the Elder Sign.`
        : `${c(n, f.from)} gives ${piecesText(f.pieces)} of the Elder Sign to ${c(n, f.to)}.`,
  "elder-sign-completed": (f, n) => `✴️ ${c(n, f.character)} holds a complete Elder Sign!`,
  "cultist-revealed": (f, n) =>
    `🕯️ ${p(n, f.player)} reveals ${cardName(f.card)}${cardQuote(f.card)}${f.character === null ? "" : ` — ${c(n, f.character)} is the Cultist`}${f.transform === null ? "" : `, transformed into a ${bold(userName(f.transform.name))}`}.`,
  "event-rules-changed": () => "From now on Cultists draw no Events; Academics may choose to.",
  "madness-revealed": (f, n) =>
    `${p(n, f.player)} shows their Madness: ${f.cards.flatMap((card) => (card.kind === "academic" ? madnessLines(card.madness, null, 120) : [cardLine(card)])).join("; ")}.`,
  "goal-marked": (f) => `Goal ${bold(`${userName(f.goal)}${f.part}`)} is complete.`,
  "game-ended": (f, n) =>
    `The game is over. ${WIN_REASON_TEXT[f.result.reason]}${f.result.winners.length > 0 ? ` Winners: ${listOf(f.result.winners.map((w) => p(n, w)))}.` : ""}`,
};

/** The line for one fact. */
export function factText(fact: Fact, names: Names): string {
  const render = FACT_TEXT[fact.type] as (f: Fact, n: Names) => string;
  return render(fact, names);
}
