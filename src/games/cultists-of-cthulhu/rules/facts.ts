import type { Tally } from "./check.js";
import type { SettableKey } from "./setting-change.js";
import type { Die } from "./dice.js";
import type {
  CombatCard,
  GameResult,
  Item,
  Madness,
  Pieces,
  RoleCard,
  WoundEffect,
} from "./state.js";
import type {
  Ability,
  CardId,
  CharacterId,
  CharacterSheet,
  Colour,
  CombatantId,
  DieResult,
  ItemId,
  MadnessStage,
  Mode,
  MonsterId,
  MonsterStats,
  PlayerId,
  StarCard,
} from "./types.js";

/**
 * Who may know a fact: the whole table, some players only (e.g. the Cultist), or nobody until the
 * game has ended (the unseen discards, the set-aside character). `visibleFacts` in view.ts is the
 * one place that reads it.
 */
export type Visibility =
  { to: "table" } | { to: "players"; players: PlayerId[] } | { to: "nobody-until-end" };

export type Fact = FactBody & { visibility: Visibility };

export type FactType = FactBody["type"];

/** Every role card of the game, shown to the table when it ends. */
export interface Disclosure {
  hands: Record<PlayerId, RoleCard>;
  characterCards: Record<CharacterId, RoleCard>;
  discarded: RoleCard[];
  unused: RoleCard[];
  faceUp: RoleCard | null;
  row: RoleCard[];
  setAside: CharacterId | null;
}

/** Why a check was rolled: on its own, or as one side of an Attack, a shot or a steal. */
export type CheckPurpose = "check" | "defend" | "attack" | "ranged" | "steal";

/** What a player may do about Events on their turn (seed: after the reveal this changes). */
export type EventRule = "draw" | "optional" | "none";

export type FactBody =
  // Lobby and setup
  | { type: "game-opened"; host: PlayerId; scenario: string; goals: string[] }
  | { type: "player-joined"; player: PlayerId }
  | { type: "player-left"; player: PlayerId }
  | { type: "game-started"; seats: PlayerId[]; mode: Mode }
  | { type: "character-entered"; character: CharacterId; player: PlayerId; sheet: CharacterSheet }
  | { type: "character-removed"; character: CharacterId }
  | { type: "set-aside-candidate-added"; character: CharacterId; sheet: CharacterSheet }
  | { type: "cultist-card-added"; card: CardId; number: number; text: string; empowers: boolean }
  | { type: "academic-card-added"; card: CardId; madness: Madness }
  | { type: "card-removed"; card: CardId }
  | { type: "setting-changed"; key: SettableKey; value: unknown }
  // The deal
  | { type: "roles-dealt"; mode: Mode; firstPlayer: PlayerId }
  | { type: "role-dealt"; player: PlayerId; character: CharacterId | null; card: RoleCard }
  | { type: "cultist-card-face-up"; card: RoleCard }
  | { type: "deal-recorded"; disclosure: Disclosure }
  // Rounds and the Star Chart
  | { type: "round-began"; round: number; startingPlayer: PlayerId }
  | { type: "turn-began"; player: PlayerId; events: EventRule }
  | { type: "turn-ended"; player: PlayerId }
  | { type: "university-turn-began"; player: PlayerId; draw: 1 | 2 }
  | { type: "star-cards-expired"; cards: StarCard[] }
  | { type: "star-card-played"; player: PlayerId; card: StarCard }
  | { type: "weather-ended"; card: StarCard }
  | { type: "stars-advanced"; from: number; to: number }
  | { type: "starting-player-passed"; from: PlayerId; to: PlayerId }
  | { type: "cultist-may-reveal"; player: PlayerId; number: number }
  | { type: "cultist-must-reveal"; player: PlayerId; number: number }
  | { type: "awaiting-reveal" }
  | { type: "face-up-cultist-activated"; card: RoleCard }
  | { type: "row-card-revealed"; index: number; card: RoleCard }
  | { type: "cultist-activated"; card: RoleCard }
  | { type: "set-aside-character-entered"; character: CharacterId; sheet: CharacterSheet }
  // Rolls
  | {
      type: "check-rolled";
      purpose: CheckPurpose;
      roller: CombatantId;
      ability: Ability | "attack";
      difficulty: Colour;
      dice: Die[];
      mayReroll: boolean;
      extraRerolls: number;
    }
  | {
      type: "check-final";
      purpose: CheckPurpose;
      roller: CombatantId;
      dice: Die[];
      rerolled: number[];
      tally: Tally;
      outcomes: DieResult[];
    }
  | { type: "combat-began"; attacker: CombatantId; defender: CombatantId; card: CombatCard }
  | {
      type: "combat-resolved";
      attacker: CombatantId;
      defender: CombatantId;
      toDefender: number;
      toAttacker: number;
      /** Who rolled the two Weirds that set off the card's effect. */
      weird: CombatantId[];
    }
  | {
      type: "ranged-resolved";
      shooter: CharacterId;
      hits: { target: CombatantId; damage: number }[];
    }
  | { type: "steal-resolved"; thief: CharacterId; target: CombatantId; succeeded: boolean }
  | { type: "stolen"; thief: CharacterId; target: CombatantId; item: ItemId | null; pieces: Pieces }
  // Horror, Wounds, monsters
  | { type: "horror-taken"; character: CharacterId; amount: number; horror: number }
  | { type: "horror-overflowed"; character: CharacterId; wounds: number }
  | { type: "horror-reduced"; character: CharacterId; amount: number; horror: number }
  | { type: "madness-stage-entered"; character: CharacterId; stage: MadnessStage }
  | { type: "wounded"; target: CombatantId; tokens: WoundEffect[]; amount: number; left: number }
  | { type: "wound-token-set"; character: CharacterId; index: number; effect: WoundEffect }
  | { type: "wound-healed"; character: CharacterId; index: number }
  | { type: "ability-changed"; character: CharacterId; ability: Ability; dice: Colour[] }
  | { type: "character-died"; character: CharacterId }
  | { type: "character-sacrificed"; character: CharacterId }
  | { type: "monster-spawned"; monster: MonsterId; stats: MonsterStats }
  | { type: "monster-power-rolled"; monster: MonsterId; colour: Colour; result: DieResult }
  | { type: "monster-died"; monster: MonsterId }
  | { type: "monster-removed"; monster: MonsterId }
  | { type: "encountered"; character: CharacterId; monster: MonsterId; horror: number }
  // Items and the Elder Sign
  | { type: "item-added"; character: CharacterId; item: Item }
  | { type: "item-dropped"; character: CharacterId; item: ItemId }
  | { type: "items-picked-up"; character: CharacterId; items: ItemId[] }
  | { type: "item-given"; from: CharacterId; to: CharacterId; item: ItemId }
  | { type: "item-discarded"; character: CharacterId; item: ItemId }
  | { type: "elder-sign-found"; character: CharacterId; piece: keyof Pieces }
  /** null: the ground. */
  | { type: "elder-sign-moved"; from: CombatantId | null; to: CombatantId | null; pieces: Pieces }
  | { type: "elder-sign-completed"; character: CombatantId }
  // Roles
  | {
      type: "cultist-revealed";
      player: PlayerId;
      card: RoleCard;
      character: CharacterId | null;
      transform: MonsterStats | null;
    }
  /** From now on Cultists draw no Events and Academics may choose whether to. */
  | { type: "event-rules-changed" }
  | { type: "madness-revealed"; player: PlayerId; cards: RoleCard[] }
  // Winning
  | { type: "goal-marked"; goal: string; part: 1 | 2 }
  | { type: "game-ended"; result: GameResult; disclosure: Disclosure };

export const TABLE: Visibility = { to: "table" };
export const NOBODY_UNTIL_END: Visibility = { to: "nobody-until-end" };

export function onlyTo(...players: PlayerId[]): Visibility {
  return { to: "players", players };
}
