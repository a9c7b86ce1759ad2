import type { Check } from "./check.js";
import type { Fact } from "./facts.js";
import type {
  Abilities,
  Ability,
  CardId,
  CharacterId,
  CharacterSheet,
  Colour,
  CombatantId,
  DieResult,
  ItemId,
  Mode,
  MonsterId,
  MonsterStats,
  PlayerId,
  StarCard,
} from "./types.js";

/**
 * The whole game as plain JSON (no classes, no undefined, no Dates): the services store it, keep
 * before/after snapshots for undo, and never show it to anyone — `viewFor` decides what each
 * viewer may know of it.
 */
export interface GameState {
  phase: Phase;
  host: PlayerId;
  scenario: string;
  /** Goal letters and how many parts of each are done (0, 1 or 2). */
  goals: Record<string, 0 | 1 | 2>;
  /** Join order in the lobby; the seating (to the left = the next index) once started. */
  seats: PlayerId[];
  mode: Mode | null;
  characters: Record<CharacterId, Character>;
  monsters: Record<MonsterId, Monster>;
  items: Record<ItemId, Item>;
  elderSign: { held: Record<CombatantId, Pieces>; ground: Pieces };
  cards: Record<CardId, RoleCard>;
  deal: Deal | null;
  stars: number;
  starCards: { oneRound: StarCard[]; weather: StarCard | null };
  round: number;
  turn: Turn | null;
  /** Who holds the Starting Player token: the one who plays this round's University Turn. */
  startingPlayer: PlayerId | null;
  /** Players who have had their turn this round. */
  turnsThisRound: PlayerId[];
  reveals: Reveal[];
  /** A Cultist card that acted without a player revealing it (two players' face-up 25; one player's row). */
  activation: Activation | null;
  madnessRevealed: PlayerId[];
  /** Two players: who must reveal before play goes on. */
  forcedReveals: PlayerId[];
  pending: Pending | null;
  result: GameResult | null;
  /** The last number used for an id ("c3", "m4", "i5", "k6"). */
  lastId: number;
  /** Checks rolled so far (each one's `roll`); absent in games stored before they were counted. */
  rollsBegun?: number;
}

export type Phase = "lobby" | "setup" | "playing" | "ended";

export type CharacterStatus =
  /** Entered by a player, in play once dealt (also a set-aside character that has come in). */
  | "in-play"
  /** One player: a character the set-aside one may be drawn from. */
  | "candidate"
  /** One player: drawn and set aside, unseen. */
  | "set-aside"
  /** One player: a candidate that was not drawn. */
  | "unused";

export interface Character {
  id: CharacterId;
  owner: PlayerId | null;
  sheet: CharacterSheet;
  status: CharacterStatus;
  /** The ability dice now: the sheet's, with dice gained or lost (rooms, cards); not Wound tokens. */
  abilities: Abilities;
  horror: number;
  /** One entry per Wound token drawn, in order. */
  wounds: WoundEffect[];
  dead: boolean;
  /** A transformed Cultist's monster body (and the damage it has taken), or null. */
  form: { stats: MonsterStats; damage: number } | null;
  /** False for the one-player set-aside Cultist, who is treated as a monster. */
  rerolls: boolean;
  /** Monster names this character has met (the first meeting costs Horror). */
  met: string[];
}

/** What a Wound token says besides being a Wound. */
export type WoundEffect =
  | { kind: "plain" }
  /** Counts as two Wounds; no extra token is drawn. */
  | { kind: "double" }
  | { kind: "speed"; delta: number }
  | { kind: "defense"; delta: number }
  /** Adds a die to an ability (e.g. "+Red Brawn"). */
  | { kind: "ability"; ability: Ability; colour: Colour };

export interface Monster {
  id: MonsterId;
  stats: MonsterStats;
  damage: number;
  dead: boolean;
}

export interface ItemData {
  name: string;
  kind: "item" | "artefact";
  /** 0 for items that take no hand. */
  hands: 0 | 1 | 2;
  /** Added to the holder's damage in combat (e.g. the Kukri's +1). */
  combatDamage: number;
  /** Single dice the holder may add to their one reroll. */
  extraRerolls: number;
  extraRerollsIn: "combat" | "all-checks";
}

export interface Item extends ItemData {
  id: ItemId;
  /** Who carries it, or null when it lies where it was dropped. */
  holder: CombatantId | null;
  /** Who dropped it (so the table can find the square), when on the ground. */
  droppedBy: CombatantId | null;
}

export interface Pieces {
  outer: number;
  centre: number;
}

export type RoleCard =
  | { id: CardId; kind: "cultist"; number: number; text: string; empowers: boolean }
  | { id: CardId; kind: "academic"; madness: Madness | null };

/** An Academic card's three stages; null for a stage the host did not type. */
export interface Madness {
  stage1: string | null;
  stage2: string | null;
  stage3: string | null;
}

export interface Deal {
  /** Table and two players: each player's Role card. */
  hands: Record<PlayerId, CardId>;
  /** One player: each character's Academic card. */
  characterCards: Record<CharacterId, CardId>;
  /** Two players: the two cards discarded unseen. */
  discarded: CardId[];
  /** Cards the deal left in the box unseen (the other Cultist cards, spare Academics). */
  unused: CardId[];
  /** Two players: the Cultist card laid face up. */
  faceUp: CardId | null;
  /** One player: the face-down row, revealed one by one as the stars rise. */
  row: { card: CardId; revealed: boolean }[];
  /** One player: the character drawn and set aside. */
  setAside: CharacterId | null;
}

export interface Reveal {
  player: PlayerId;
  card: CardId;
  /** The character who became the Cultist (null if none was alive). */
  character: CharacterId | null;
}

export interface Activation {
  card: CardId;
  /** One player: the set-aside character brought in, if the card calls for one. */
  character: CharacterId | null;
}

export type Turn =
  | { kind: "player"; player: PlayerId }
  | { kind: "university"; player: PlayerId; starCardPlayed: boolean };

export interface CombatCard {
  difficulty: Colour;
  /** A card like "Relentless Assault" sets everyone's Defense for the fight; null otherwise. */
  defense: number | null;
}

export type Pending =
  | { kind: "check"; check: Check }
  | {
      kind: "combat";
      attacker: CombatantId;
      defender: CombatantId;
      card: CombatCard;
      /** The defender rolls first. */
      defenderRoll: Check;
      attackerRoll: Check | null;
    }
  | {
      kind: "ranged";
      shooter: CharacterId;
      targets: CombatantId[];
      damageResults: DieResult[];
      check: Check;
    }
  | {
      kind: "steal";
      thief: CharacterId;
      target: CombatantId;
      check: Check;
      /** Set once the check is final; true: the thief now chooses what to take. */
      succeeded: boolean | null;
    };

export type WinReason =
  "academic-goals" | "others-dead" | "cultist-defeated" | "all-characters-dead" | "host-ended";

export interface GameResult {
  winners: PlayerId[];
  reason: WinReason;
}

export function newGame(
  host: PlayerId,
  scenario: string,
  goalLetters: readonly string[],
): GameState {
  return {
    phase: "lobby",
    host,
    scenario,
    goals: Object.fromEntries(goalLetters.map((letter) => [letter, 0 as const])),
    seats: [],
    mode: null,
    characters: {},
    monsters: {},
    items: {},
    elderSign: { held: {}, ground: { outer: 0, centre: 0 } },
    cards: {},
    deal: null,
    stars: 0,
    starCards: { oneRound: [], weather: null },
    round: 0,
    turn: null,
    startingPlayer: null,
    turnsThisRound: [],
    reveals: [],
    activation: null,
    madnessRevealed: [],
    forcedReveals: [],
    pending: null,
    result: null,
    lastId: 0,
  };
}

/** The next id with a prefix ("c" characters, "m" monsters, "i" items, "k" cards). */
export function nextId(state: GameState, prefix: "c" | "m" | "i" | "k"): string {
  state.lastId += 1;
  return `${prefix}${state.lastId}`;
}

/** Removes an entry from one of the state's records (ids are data, not code). */
export function removeEntry(record: Record<string, unknown>, key: string): void {
  Reflect.deleteProperty(record, key);
}

/** What an action showed that no undo may take back: the deal, a secret shown, the end. */
export type ShownSecret = "deal" | "reveal" | "end";

const SHOWN: Partial<Record<Fact["type"], ShownSecret>> = {
  "roles-dealt": "deal",
  "cultist-revealed": "reveal",
  // Play waits for a reveal: the table now knows someone holds that number's Cultist.
  "awaiting-reveal": "reveal",
  "madness-revealed": "reveal",
  "row-card-revealed": "reveal",
  "cultist-activated": "reveal",
  "face-up-cultist-activated": "reveal",
  "game-ended": "end",
};

/** The secret an action's facts showed (the end first), or null: undo stops there. */
export function secretShown(facts: readonly Fact[]): ShownSecret | null {
  const shown = facts.map((f) => SHOWN[f.type]).filter((s) => s !== undefined);
  return shown.includes("end") ? "end" : (shown[0] ?? null);
}

/** The state an undo restores: `before`, with roll numbers never handed out twice. */
export function undoneTo(before: GameState, now: GameState): GameState {
  return { ...before, rollsBegun: Math.max(before.rollsBegun ?? 0, now.rollsBegun ?? 0) };
}
