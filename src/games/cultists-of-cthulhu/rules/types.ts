/**
 * The words of the game as data: dice colours, die results, abilities, and the sheets the table
 * types in. Every id is a string so the state stays plain JSON.
 */

/** A Discord user id (the rules never look inside it). */
export type PlayerId = string;
/** "c1", "c2", … — a character in the game (played, set aside, or a set-aside candidate). */
export type CharacterId = string;
/** "m1", "m2", … — a monster on the board. */
export type MonsterId = string;
/** Either: whoever can attack, defend, hold things and take damage. */
export type CombatantId = string;
/** "i1", "i2", … — an Item or Artefact card in play. */
export type ItemId = string;
/** "k1", "k2", … — a Role card entered by the host (or a blank Academic the deal added). */
export type CardId = string;

export const COLOURS = ["green", "blue", "red"] as const;
export type Colour = (typeof COLOURS)[number];

/** Good: the Elder Sign star; Weird: the branch; Bad: the Yellow Sign. */
export const RESULTS = ["good", "weird", "bad"] as const;
export type DieResult = (typeof RESULTS)[number];

export const ABILITIES = ["brawn", "finesse", "reason", "focus"] as const;
export type Ability = (typeof ABILITIES)[number];

export type Abilities = Record<Ability, Colour[]>;

/** What a Character Sheet prints that the rules use. */
export interface CharacterSheet {
  name: string;
  /** How many Wounds the character can suffer before dying. */
  wounds: number;
  speed: number;
  defense: number;
  /** Horror at which Madness stage 2 and stage 3 begin, and the last box of the track. */
  horror: { stage2: number; stage3: number; end: number };
  abilities: Abilities;
}

/** What a Monster card prints that the rules use. */
export interface MonsterStats {
  name: string;
  /** Horror suffered the first time a character meets this kind of monster. */
  horror: number;
  speed: number;
  defense: number;
  wounds: number;
  /** Used in place of an ability score when the monster attacks or defends. */
  attack: Colour[];
}

export type StarCardDuration = "instant" | "one-round" | "weather";

export interface StarCard {
  /** As printed, typed by the player; null when they did not give one. */
  name: string | null;
  duration: StarCardDuration;
  advance: number;
}

/** The three kinds of table the seed describes. */
export type Mode = "solo" | "duel" | "table";

export type MadnessStage = 1 | 2 | 3;
