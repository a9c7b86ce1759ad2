import type { ChatInputCommandInteraction } from "discord.js";
import type { ActionBody } from "../../src/games/cultists-of-cthulhu/rules/index.js";
import {
  abilityOf,
  colourOf,
  OptionRefusal,
  parseDice,
  piecesOf,
  sheetFrom,
  woundAction,
} from "./options.js";

/**
 * The subcommands that are one action of the rules each: their options as the action's body.
 * Keyed by the subcommand's path ("check", "item drop").
 */

type Options = ChatInputCommandInteraction["options"];
type Move = (options: Options) => ActionBody;

const str = (options: Options, name: string) => options.getString(name, true);

export function enterCharacter(o: Options): ActionBody {
  if (o.getBoolean("set-aside")) return { type: "add-set-aside-candidate", sheet: sheetFrom(o) };
  const player = o.getUser("player");
  return { type: "enter-character", sheet: sheetFrom(o), ...(player ? { player: player.id } : {}) };
}

export const MOVES: Readonly<Record<string, Move>> = {
  "lobby join": () => ({ type: "join" }),
  "lobby leave": () => ({ type: "leave" }),
  "lobby start": () => ({ type: "start" }),
  "character enter": (o) => {
    const player = o.getUser("player");
    return {
      type: "enter-character",
      sheet: sheetFrom(o),
      ...(player ? { player: player.id } : {}),
    };
  },
  "character remove": (o) => ({ type: "remove-character", character: str(o, "character") }),
  "card cultist": (o) => ({
    type: "add-cultist-card",
    number: o.getInteger("number", true),
    text: str(o, "text"),
    empowers: o.getBoolean("empowers") ?? false,
  }),
  "card academic": (o) => ({
    type: "add-academic-card",
    madness: { stage1: str(o, "stage1"), stage2: str(o, "stage2"), stage3: str(o, "stage3") },
  }),
  "card remove": (o) => ({ type: "remove-card", card: str(o, "card") }),
  "lobby settings": (o) => ({
    type: "change-setting",
    key: str(o, "setting"),
    value: str(o, "value"),
  }),
  deal: (o) => {
    const first = o.getUser("first");
    return { type: "deal", ...(first ? { firstPlayer: first.id } : {}) };
  },
  "stars play": (o) => {
    const duration = str(o, "duration");
    return {
      type: "play-star-card",
      card: {
        name: o.getString("name"),
        duration: duration === "weather" || duration === "one-round" ? duration : "instant",
        advance: o.getInteger("advance", true),
      },
    };
  },
  "stars advance": (o) => ({ type: "advance-stars", amount: o.getInteger("amount", true) }),
  check: (o) => {
    const thresholds = {
      ...(o.getInteger("goods") === null ? {} : { good: o.getInteger("goods") }),
      ...(o.getInteger("weirds") === null ? {} : { weird: o.getInteger("weirds") }),
      ...(o.getInteger("bads") === null ? {} : { bad: o.getInteger("bads") }),
    };
    return {
      type: "check",
      roller: str(o, "character"),
      ability: abilityOf(o),
      difficulty: colourOf(o, "difficulty"),
      ...(Object.keys(thresholds).length > 0 ? { thresholds } : {}),
    };
  },
  attack: (o) => ({
    type: "attack",
    attacker: str(o, "attacker"),
    defender: str(o, "defender"),
    card: { difficulty: colourOf(o, "colour"), defense: o.getInteger("defense") },
  }),
  ranged: (o) => ({
    type: "ranged",
    shooter: str(o, "shooter"),
    ability: abilityOf(o),
    difficulty: colourOf(o, "colour"),
    targets: [o.getString("target", true), o.getString("target2"), o.getString("target3")].filter(
      (t): t is string => t !== null,
    ),
    ...(o.getBoolean("weirds-count") ? { damageResults: ["good", "weird"] } : {}),
  }),
  steal: (o) => ({ type: "steal", thief: str(o, "thief"), target: str(o, "target") }),
  horror: (o) => ({
    type: o.getBoolean("lose") ? "reduce-horror" : "horror",
    character: str(o, "character"),
    amount: o.getInteger("amount", true),
  }),
  wound: woundAction,
  "monster spawn": (o) => {
    const power = o.getString("power") === null ? undefined : colourOf(o, "power");
    return {
      type: "spawn-monster",
      stats: {
        name: str(o, "name"),
        horror: o.getInteger("horror", true),
        speed: o.getInteger("speed", true),
        defense: o.getInteger("defense", true),
        wounds: o.getInteger("wounds", true),
        attack: monsterDice(str(o, "attack")),
      },
      ...(power ? { power } : {}),
    };
  },
  "monster encounter": (o) => ({
    type: "encounter",
    character: str(o, "character"),
    monster: str(o, "monster"),
  }),
  "monster remove": (o) => ({ type: "remove-monster", monster: str(o, "monster") }),
  "item add": (o) => {
    const hands = o.getInteger("hands", true);
    return {
      type: "add-item",
      character: str(o, "character"),
      item: {
        name: str(o, "name"),
        kind: o.getBoolean("artefact") ? "artefact" : "item",
        hands: hands === 2 ? 2 : hands === 1 ? 1 : 0,
        combatDamage: o.getInteger("damage") ?? 0,
        extraRerolls: o.getInteger("rerolls") ?? 0,
        extraRerollsIn: o.getBoolean("combat-only") ? "combat" : "all-checks",
      },
    };
  },
  "item drop": (o) => ({ type: "drop-item", character: str(o, "character"), item: str(o, "item") }),
  "item pick-up": (o) => ({
    type: "pick-up",
    character: str(o, "character"),
    items: [str(o, "item")],
  }),
  "item give": (o) => ({
    type: "give-item",
    from: str(o, "character"),
    to: str(o, "to"),
    item: str(o, "item"),
  }),
  "item discard": (o) => ({
    type: "discard-item",
    character: str(o, "character"),
    item: str(o, "item"),
  }),
  "elder-sign find": (o) => {
    const piece = o.getString("piece");
    return {
      type: "find-elder-sign",
      character: str(o, "character"),
      ...(piece === "outer" || piece === "centre" ? { piece } : {}),
    };
  },
  "elder-sign give": (o) => ({
    type: "give-elder-sign",
    from: str(o, "character"),
    to: str(o, "to"),
    pieces: piecesOf(o),
  }),
  "elder-sign drop": (o) => ({
    type: "drop-elder-sign",
    character: str(o, "character"),
    pieces: piecesOf(o),
  }),
  "elder-sign pick-up": (o) => ({
    type: "pick-up-elder-sign",
    character: str(o, "character"),
    pieces: piecesOf(o),
  }),
  reveal: (o) => {
    const cultist = o.getString("cultist");
    const sacrifice = o.getString("sacrifice");
    return { type: "reveal", ...(cultist ? { cultist } : {}), ...(sacrifice ? { sacrifice } : {}) };
  },
  madness: () => ({ type: "reveal-madness" }),
  goal: (o) => ({
    type: "mark-goal",
    goal: str(o, "goal").trim(),
    part: o.getInteger("part", true) === 2 ? 2 : 1,
  }),
  end: () => ({ type: "end-game" }),
};

function monsterDice(text: string) {
  const dice = parseDice(text);
  if (dice === undefined) throw new OptionRefusal({ code: "invalid-sheet", field: "attack" });
  return dice;
}
