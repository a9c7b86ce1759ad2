// The bot's custom id scheme; the one import of it in this folder (it is moving to the core).
import { customId, parseCustomId } from "../../../core/discord/custom-id.js";
import { RESULTS, type DieResult, type StealTake } from "../rules/index.js";

/**
 * Custom ids of the game's buttons and menus: `<command>:<action>:<game>:<version>:<args…>`.
 * The command routes the press to the game's command module; the game id and the state version
 * let it refuse a press on an outdated message; a roll's buttons also name the roll. Sized for
 * the worst case: the game's command name, a 36-character game id, a 10-digit version and a roll
 * number up to Number.MAX_SAFE_INTEGER (test/games/cultists-of-cthulhu/presentation/custom-ids).
 */

export const GAME_ID_MAX = 36;

/** Where a message's components send their presses. */
export interface ComponentScope {
  /** The command module that answers the game's components. */
  command: string;
  gameId: string;
  /** The game's state version the message was rendered from. */
  version: number;
}

export const COMPONENT_ACTIONS = [
  "join",
  "leave",
  "start",
  "deal",
  "role",
  "reveal",
  "madness",
  "reroll",
  "keep",
  "dice",
  "take",
  "history",
] as const;
export type ComponentAction = (typeof COMPONENT_ACTIONS)[number];

type Simple = Exclude<ComponentAction, "reveal" | "reroll" | "keep" | "take" | "dice" | "history">;

export type ComponentPress = { gameId: string; version: number } & (
  | { action: Simple }
  /**
   * Two players: which of the player's living characters (by place, see `revealChoice`) becomes
   * the Cultist and which dies; null otherwise.
   */
  | { action: "reveal"; choice: RevealPlaces | null }
  /**
   * Every die showing `result` (null: none) plus single dice by index. `roll`: the check the
   * buttons were shown for (null on a message made before rolls were counted).
   */
  | { action: "reroll"; result: DieResult | null; dice: number[]; roll: number | null }
  | { action: "keep" | "take" | "dice"; roll: number | null }
  /** A page of the history (0 is the oldest). */
  | { action: "history"; page: number }
);

const RESULT_CODE: Readonly<Record<DieResult, string>> = { good: "g", weird: "w", bad: "b" };
const NO_RESULT = "n";

/** Die indices in one character each (base 36): the dice menu offers at most 25 dice. */
function encodeDice(dice: readonly number[]): string {
  return dice.map((d) => d.toString(36)).join("");
}

function decodeDice(text: string): number[] | undefined {
  if (!/^[0-9a-z]*$/.test(text)) return undefined;
  return text.split("").map((ch) => parseInt(ch, 36));
}

export function componentId(
  scope: ComponentScope,
  press: ComponentPress["action"],
  ...args: string[]
): string {
  return customId(scope.command, press, scope.gameId, scope.version, ...args);
}

export function rerollId(
  scope: ComponentScope,
  result: DieResult | null,
  dice: readonly number[],
  roll: number | undefined,
): string {
  return componentId(
    scope,
    "reroll",
    result === null ? NO_RESULT : RESULT_CODE[result],
    encodeDice(dice),
    ...rollArg(roll),
  );
}

/** Keep, the steal menu's choice, or the items' dice menu, for the roll the message shows. */
export function settleId(
  scope: ComponentScope,
  action: "keep" | "take" | "dice",
  roll: number | undefined,
): string {
  return componentId(scope, action, ...rollArg(roll));
}

function rollArg(roll: number | undefined): string[] {
  return roll === undefined ? [] : [roll.toString(36)];
}

function readRoll(text: string | undefined): number | null | undefined {
  if (text === undefined) return null;
  const roll = parseInt(text, 36);
  return /^[0-9a-z]+$/.test(text) && Number.isSafeInteger(roll) ? roll : undefined;
}

/** Places in the player's list of living characters: short, whatever the ids (the version guards them). */
export interface RevealPlaces {
  cultist: number;
  sacrifice: number;
}

export function revealId(scope: ComponentScope, choice: RevealPlaces | null): string {
  return choice === null
    ? componentId(scope, "reveal")
    : componentId(scope, "reveal", String(choice.cultist), String(choice.sacrifice));
}

export function historyId(scope: ComponentScope, page: number): string {
  return componentId(scope, "history", String(page));
}

/** A press on one of the game's components, or undefined for anything else. */
export function readComponentId(raw: string, command: string): ComponentPress | undefined {
  const parsed = parseCustomId(raw);
  if (parsed?.command !== command) return undefined;
  const action = COMPONENT_ACTIONS.find((a) => a === parsed.action);
  const [gameId, versionText, ...args] = parsed.args;
  const version = Number(versionText);
  if (action === undefined || gameId === undefined || gameId === "") return undefined;
  if (!Number.isSafeInteger(version) || version < 0) return undefined;
  const base = { gameId, version };
  switch (action) {
    case "reveal": {
      if (args.length === 0) return { ...base, action, choice: null };
      const [cultist, sacrifice] = args.map(Number);
      if (!isPlace(cultist) || !isPlace(sacrifice)) return undefined;
      return { ...base, action, choice: { cultist, sacrifice } };
    }
    case "reroll": {
      const [code, diceText = "", rollText] = args;
      const result = RESULTS.find((r) => RESULT_CODE[r] === code) ?? null;
      const dice = decodeDice(diceText);
      const roll = readRoll(rollText);
      if (dice === undefined || roll === undefined || (result === null && code !== NO_RESULT)) {
        return undefined;
      }
      return { ...base, action, result, dice, roll };
    }
    case "keep":
    case "take":
    case "dice": {
      const roll = readRoll(args[0]);
      return roll === undefined ? undefined : { ...base, action, roll };
    }
    case "history": {
      const page = Number(args[0]);
      return Number.isSafeInteger(page) && page >= 0 ? { ...base, action, page } : undefined;
    }
    default:
      return { ...base, action };
  }
}

function isPlace(n: number | undefined): n is number {
  return n !== undefined && Number.isSafeInteger(n) && n >= 0;
}

/** Values of the steal menu's options. */
const TAKE_ELDER_SIGN = "elder-sign";
const TAKE_NOTHING = "nothing";

export function takeValue(take: StealTake): string {
  if (take.kind === "item") return `item.${take.item}`;
  return take.kind === "elder-sign" ? TAKE_ELDER_SIGN : TAKE_NOTHING;
}

/** What the thief chose in the steal menu, or undefined for a value it never offered. */
export function readTakeValue(value: string): StealTake | undefined {
  if (value === TAKE_ELDER_SIGN) return { kind: "elder-sign" };
  if (value === TAKE_NOTHING) return { kind: "nothing" };
  const item = /^item\.(.+)$/.exec(value)?.[1];
  return item === undefined ? undefined : { kind: "item", item };
}

/** Values of the dice menu's options: a die's index. */
export function readDiceValues(values: readonly string[]): number[] | undefined {
  const dice = values.map(Number);
  return dice.every((d) => Number.isInteger(d) && d >= 0) ? dice : undefined;
}
