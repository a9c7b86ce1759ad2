import type { RerollChoice } from "./check.js";
import type { Thresholds } from "./settings.js";
import type { CombatCard, ItemData, Madness, Pieces, WoundEffect } from "./state.js";
import type {
  Ability,
  CardId,
  CharacterId,
  CharacterSheet,
  Colour,
  CombatantId,
  DieResult,
  ItemId,
  MonsterId,
  MonsterStats,
  PlayerId,
  StarCard,
} from "./types.js";

/**
 * Everything a player or the host can ask of the game. `by` is who asks; the engine checks that
 * they may (host, the acting player, the character's owner, the Cultist) and that the phase
 * allows it.
 */
export type Action = { by: PlayerId } & ActionBody;

export type ActionBody =
  // Lobby and setup
  | { type: "open-game"; scenario: string; goals?: string[] }
  | { type: "join" }
  | { type: "leave" }
  /** Host: close the lobby with 1–6 players; `seating` (a permutation) sets who sits left of whom. */
  | { type: "start"; seating?: PlayerId[] }
  /** A player enters a character from its sheet (the host may enter one for a player). */
  | { type: "enter-character"; player?: PlayerId; sheet: CharacterSheet }
  | { type: "remove-character"; character: CharacterId }
  /** One player: a character the set-aside one may be drawn from. */
  | { type: "add-set-aside-candidate"; sheet: CharacterSheet }
  /** Host: one of the scenario's Cultist cards. `empowers`: it does more than summon monsters. */
  | { type: "add-cultist-card"; number: number; text: string; empowers: boolean }
  | { type: "add-academic-card"; madness: Madness }
  | { type: "remove-card"; card: CardId }
  /** Host: pick, shuffle and deal the roles; `firstPlayer` takes the first turn. */
  | { type: "deal"; firstPlayer?: PlayerId }
  // Rounds and the Star Chart
  | { type: "end-turn" }
  | { type: "play-star-card"; card: StarCard }
  | { type: "end-university-turn" }
  /** The chart moved for another reason (an Event's Weird, a card). */
  | { type: "advance-stars"; amount: number }
  // Rolls
  | {
      type: "check";
      roller: CombatantId;
      /** Ignored for a monster, which rolls its attack dice. */
      ability: Ability;
      difficulty: Colour;
      thresholds?: Partial<Thresholds>;
    }
  /** `roll`: the check the buttons were shown for (see Check.roll); none from a command. */
  | { type: "reroll"; result?: DieResult; dice?: number[]; roll?: number }
  | { type: "keep"; roll?: number }
  | { type: "attack"; attacker: CombatantId; defender: CombatantId; card: CombatCard }
  | {
      type: "ranged";
      shooter: CharacterId;
      ability: Ability;
      difficulty: Colour;
      targets: CombatantId[];
      /** Results that count as damage; Goods unless the weapon says more. */
      damageResults?: DieResult[];
    }
  | { type: "steal"; thief: CharacterId; target: CombatantId }
  | { type: "steal-take"; take: StealTake; roll?: number }
  /** Host, before the deal: one setting, as typed (see setting-change.ts). */
  | { type: "change-setting"; key: string; value: string }
  // Horror, Wounds, monsters
  | { type: "horror"; character: CharacterId; amount: number }
  | { type: "reduce-horror"; character: CharacterId; amount: number }
  /** Wounds to a character (one token each, `tokens` saying what they read) or damage to a monster. */
  | { type: "wound"; target: CombatantId; amount?: number; tokens?: WoundEffect[] }
  /** What a Wound token already counted turned out to say. */
  /** One of the character's Wounds whose token reads `token` now reads `effect`. */
  | { type: "set-wound-token"; character: CharacterId; token: WoundEffect; effect: WoundEffect }
  /** Heals one of the character's Wounds whose token reads `token` (Wounds so read are alike). */
  | { type: "heal-wound"; character: CharacterId; token: WoundEffect }
  | { type: "add-ability-die"; character: CharacterId; ability: Ability; colour: Colour }
  | { type: "remove-ability-die"; character: CharacterId; ability: Ability; colour: Colour }
  | { type: "spawn-monster"; stats: MonsterStats; power?: Colour }
  | { type: "remove-monster"; monster: MonsterId }
  /** The first time a character and a kind of monster share a tile. */
  | { type: "encounter"; character: CharacterId; monster: MonsterId }
  // Items and the Elder Sign
  | { type: "add-item"; character: CharacterId; item: ItemData }
  | { type: "drop-item"; character: CharacterId; item: ItemId }
  | { type: "pick-up"; character: CharacterId; items: ItemId[] }
  | { type: "give-item"; from: CharacterId; to: CharacterId; item: ItemId }
  | { type: "discard-item"; character: CharacterId; item: ItemId }
  /** A piece from the bag: the one named, or one drawn at random. */
  | { type: "find-elder-sign"; character: CharacterId; piece?: keyof Pieces }
  | { type: "give-elder-sign"; from: CharacterId; to: CharacterId; pieces: Pieces }
  | { type: "drop-elder-sign"; character: CharacterId; pieces: Pieces }
  | { type: "pick-up-elder-sign"; character: CharacterId; pieces: Pieces }
  // Roles
  /**
   * The Cultist reveals (at any moment once the stars align). Two players: `sacrifice` dies and
   * `cultist` becomes the Cultist. `transform`: the card turns the Cultist into this monster.
   */
  | { type: "reveal"; sacrifice?: CharacterId; cultist?: CharacterId; transform?: MonsterStats }
  | { type: "reveal-madness" }
  // Winning
  | { type: "mark-goal"; goal: string; part: 1 | 2 }
  | { type: "end-game" };

export type StealTake =
  { kind: "item"; item: ItemId } | { kind: "elder-sign" } | { kind: "nothing" };

export type ActionType = ActionBody["type"];

/** One kind of action, by its type. */
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;

export function rerollChoiceOf(action: { result?: DieResult; dice?: number[] }): RerollChoice {
  return { result: action.result ?? null, dice: action.dice ?? [] };
}
