import type { ChatInputCommandInteraction } from "discord.js";
import {
  ABILITIES,
  COLOURS,
  type Ability,
  type ActionBody,
  type CharacterSheet,
  type Colour,
  type Pieces,
  type Refusal,
  type WoundEffect,
} from "../../src/games/cultists-of-cthulhu/rules/index.js";

/**
 * Slash-command options as the rules' data. A value the rules would not understand becomes the
 * rules' own refusal, so the player reads the same sentence either way.
 */

export class OptionRefusal extends Error {
  override name = "OptionRefusal";
  constructor(readonly refusal: Refusal) {
    super(refusal.code);
  }
}

type Options = ChatInputCommandInteraction["options"];

const COLOUR_WORDS: Readonly<Record<string, Colour>> = {
  green: "green",
  g: "green",
  "🟢": "green",
  blue: "blue",
  b: "blue",
  "🔵": "blue",
  red: "red",
  r: "red",
  "🔴": "red",
};

/** "Green Blue", "g,b", "🟢🔵": the dice colours in order; undefined when a word is none. */
export function parseDice(text: string): Colour[] | undefined {
  const words = text
    .replace(/([🟢🔵🔴])/gu, " $1 ")
    .split(/[\s,+/]+/)
    .filter((w) => w !== "");
  const dice = words.map((w) => COLOUR_WORDS[w.toLowerCase()]);
  return dice.length > 0 && dice.every((d) => d !== undefined) ? dice : undefined;
}

function dice(options: Options, name: string, field: string): Colour[] {
  const parsed = parseDice(options.getString(name, true));
  if (parsed === undefined) throw new OptionRefusal({ code: "invalid-sheet", field });
  return parsed;
}

export function sheetFrom(options: Options): CharacterSheet {
  const abilities = Object.fromEntries(
    ABILITIES.map((a) => [a, dice(options, a, `abilities.${a}`)]),
  ) as Record<Ability, Colour[]>;
  return {
    name: options.getString("name", true),
    wounds: options.getInteger("wounds", true),
    speed: options.getInteger("speed", true),
    defense: options.getInteger("defense", true),
    horror: {
      stage2: options.getInteger("stage2", true),
      stage3: options.getInteger("stage3", true),
      end: options.getInteger("horror-end", true),
    },
    abilities,
  };
}

export function colourOf(options: Options, name: string): Colour {
  const value = options.getString(name, true);
  const found = COLOURS.find((c) => c === value);
  if (!found)
    throw new OptionRefusal({ code: "invalid-choice", field: "difficulty", allowed: [...COLOURS] });
  return found;
}

export function abilityOf(options: Options): Ability {
  const value = options.getString("ability", true);
  const found = ABILITIES.find((a) => a === value);
  if (!found)
    throw new OptionRefusal({ code: "invalid-choice", field: "ability", allowed: [...ABILITIES] });
  return found;
}

const TOKENS: Readonly<Record<string, WoundEffect>> = {
  plain: { kind: "plain" },
  double: { kind: "double" },
  speed: { kind: "speed", delta: -1 },
  defense: { kind: "defense", delta: -1 },
  "red-brawn": { kind: "ability", ability: "brawn", colour: "red" },
};

function tokenOption(options: Options, field: "token" | "heal" | "set"): WoundEffect | undefined {
  const token = options.getString(field);
  if (token === null) return undefined;
  const effect = TOKENS[token];
  if (!effect) throw notAToken(field);
  return effect;
}

function notAToken(field: string): OptionRefusal {
  return new OptionRefusal({ code: "invalid-choice", field, allowed: Object.keys(TOKENS) });
}

/**
 * `/cultists wound`: take `amount` Wounds (the first one's token said), heal one Wound whose token
 * reads `heal`, or turn one reading `set` over to `token`; one of the three at a time.
 */
export function woundAction(options: Options): ActionBody {
  const target = options.getString("target", true);
  const amount = options.getInteger("amount");
  const effect = tokenOption(options, "token");
  const heal = tokenOption(options, "heal");
  const set = tokenOption(options, "set");
  if (heal && (amount !== null || set || effect))
    throw new OptionRefusal({ code: "one-wound-change" });
  if (heal) return { type: "heal-wound", character: target, token: heal };
  if (set && amount !== null) throw new OptionRefusal({ code: "one-wound-change" });
  if (set) {
    if (!effect) throw notAToken("token");
    return { type: "set-wound-token", character: target, token: set, effect };
  }
  return tokensTaken(target, amount ?? 1, effect);
}

function tokensTaken(target: string, amount: number, effect: WoundEffect | undefined): ActionBody {
  if (effect === undefined) return { type: "wound", target, amount };
  // The token is the first Wound's; the rest are plain.
  const plain: WoundEffect = { kind: "plain" };
  const tokens: WoundEffect[] = [effect, ...Array.from({ length: amount - 1 }, () => plain)];
  return { type: "wound", target, tokens };
}

export function piecesOf(options: Options): Pieces {
  return { outer: options.getInteger("outer") ?? 0, centre: options.getInteger("centre") ?? 0 };
}

/** The goal letters the host typed ("A B C", "A,B"), or undefined for the default. */
export function goalLetters(text: string | null): string[] | undefined {
  if (text === null) return undefined;
  const letters = text.split(/[\s,]+/).filter((l) => l !== "");
  return letters.length > 0 ? letters : undefined;
}
