import type { SettableKey } from "./setting-change.js";
import type { Phase, WoundEffect } from "./state.js";
import type {
  CardId,
  CharacterId,
  CombatantId,
  DieResult,
  ItemId,
  Mode,
  MonsterId,
  PlayerId,
} from "./types.js";

/**
 * Why the engine did not apply an action: a stable code with what the message needs. A refusal
 * never depends on something the actor may not know (e.g. a reveal refused to a player who is not
 * the Cultist says only that they are not the Cultist, which they know).
 */
export type Refusal =
  | { code: "no-game" }
  | { code: "game-already-open" }
  | { code: "wrong-phase"; phase: Phase; needed: Phase[] }
  | { code: "wrong-mode"; mode: Mode; needed: Mode[] }
  | { code: "host-only" }
  | { code: "already-joined"; player: PlayerId }
  | { code: "not-a-player"; player: PlayerId }
  | { code: "lobby-full"; max: number }
  | { code: "player-count"; players: number; min: number; max: number }
  | { code: "seating-mismatch" }
  | { code: "invalid-name" }
  | { code: "invalid-sheet"; field: string }
  | { code: "invalid-amount"; field: string; min: number; max: number }
  | { code: "invalid-choice"; field: string; allowed: string[] }
  | { code: "unknown-character"; character: CharacterId }
  | { code: "unknown-monster"; monster: MonsterId }
  | { code: "unknown-combatant"; combatant: CombatantId }
  | { code: "unknown-item"; item: ItemId }
  | { code: "unknown-card"; card: CardId }
  | { code: "unknown-goal"; goal: string; goals: string[] }
  | { code: "not-your-character"; character: CharacterId }
  | { code: "not-in-play"; combatant: CombatantId }
  | { code: "dead"; combatant: CombatantId }
  | { code: "characters-needed"; player: PlayerId; needed: number; entered: number }
  | { code: "set-aside-candidate-needed" }
  | { code: "cultist-cards-needed"; numbers: number[] }
  | { code: "duplicate-cultist-number"; number: number }
  | { code: "invalid-cultist-number"; number: number; allowed: number[] }
  | { code: "not-your-turn"; player: PlayerId | null }
  | { code: "not-university-turn" }
  | { code: "university-turn-in-progress" }
  | { code: "star-card-already-played" }
  | { code: "star-card-not-played" }
  | { code: "roll-pending" }
  | { code: "no-roll-pending" }
  /** A press on the buttons of a roll that is over; a newer one may be waiting. */
  | { code: "stale-roll" }
  /** A value the setting cannot take (the words say what it takes). */
  | { code: "invalid-setting"; key: SettableKey }
  | { code: "not-your-roll"; roller: CombatantId }
  | { code: "may-not-reroll"; roller: CombatantId }
  | { code: "nothing-chosen" }
  | { code: "no-die-shows"; result: DieResult }
  | { code: "invalid-die"; index: number }
  | { code: "die-already-chosen"; index: number }
  | { code: "too-many-extra-dice"; allowed: number }
  | { code: "same-combatant" }
  | { code: "no-targets" }
  | { code: "nothing-to-steal"; target: CombatantId }
  | { code: "nothing-to-take" }
  | { code: "not-monster-controller" }
  | { code: "hands-full"; character: CharacterId; free: number; needed: number }
  | { code: "not-held"; item: ItemId; holder: CombatantId }
  | { code: "not-on-ground"; item: ItemId }
  | { code: "elder-sign-short"; outer: number; centre: number }
  | { code: "elder-sign-is-whole" }
  | { code: "elder-sign-bag-empty"; piece: "outer" | "centre" | "any" }
  | { code: "no-such-wound"; character: CharacterId; token: WoundEffect }
  /** `/cultists wound` asked to take, heal and change Wounds at once. */
  | { code: "one-wound-change" }
  | { code: "no-such-die"; colour: string }
  | { code: "already-encountered"; character: CharacterId; monster: string }
  | { code: "not-a-cultist" }
  | { code: "not-an-academic" }
  | { code: "already-revealed" }
  | { code: "stars-not-aligned" }
  | { code: "reveal-choice"; problem: "sacrifice" | "cultist" }
  | { code: "no-cultist-revealed" }
  | { code: "awaiting-reveal" }
  | { code: "goal-part-1-first"; goal: string }
  | { code: "goal-already-marked"; goal: string; part: 1 | 2 };

export type RefusalCode = Refusal["code"];

/** Thrown inside the engine and turned into a return value by `apply`; never escapes it. */
export class Refused extends Error {
  override name = "Refused";
  constructor(readonly refusal: Refusal) {
    super(refusal.code);
  }
}

export function refuse(refusal: Refusal): never {
  throw new Refused(refusal);
}
