import { TABLE, type Fact, type FactBody, type Visibility } from "./facts.js";
import { refuse } from "./refusals.js";
import type { Rng } from "./rng.js";
import type { Settings } from "./settings.js";
import type { Character, GameState, Monster } from "./state.js";
import type { CharacterId, CombatantId, MonsterId, PlayerId } from "./types.js";

/**
 * What a handler works with: a private copy of the state it may change, the facts it emits, and
 * who asked. Lookups and permission checks refuse with a code instead of returning undefined.
 */
export interface Ctx {
  state: GameState;
  settings: Settings;
  rng: Rng;
  facts: Fact[];
  by: PlayerId;
}

export function emit(ctx: Ctx, fact: FactBody, visibility: Visibility = TABLE): void {
  ctx.facts.push({ ...fact, visibility });
}

export function requireHost(ctx: Ctx): void {
  if (ctx.by !== ctx.state.host) refuse({ code: "host-only" });
}

export function isSeated(state: GameState, player: PlayerId): boolean {
  return state.seats.includes(player);
}

/** The host, or anyone seated at the table. */
export function requireAtTable(ctx: Ctx): void {
  if (ctx.by !== ctx.state.host && !isSeated(ctx.state, ctx.by)) {
    refuse({ code: "not-a-player", player: ctx.by });
  }
}

export function findCharacter(state: GameState, id: CharacterId): Character {
  const character = state.characters[id];
  if (!character) refuse({ code: "unknown-character", character: id });
  return character;
}

export function findMonster(state: GameState, id: MonsterId): Monster {
  const monster = state.monsters[id];
  if (!monster) refuse({ code: "unknown-monster", monster: id });
  return monster;
}

export type Combatant =
  { kind: "character"; character: Character } | { kind: "monster"; monster: Monster };

export function findCombatant(state: GameState, id: CombatantId): Combatant {
  const character = state.characters[id];
  if (character) return { kind: "character", character };
  const monster = state.monsters[id];
  if (monster) return { kind: "monster", monster };
  refuse({ code: "unknown-combatant", combatant: id });
}

/** A character on the board and alive (not set aside, not a candidate, not dead). */
export function livingCharacter(state: GameState, id: CharacterId): Character {
  const character = findCharacter(state, id);
  if (character.status !== "in-play") refuse({ code: "not-in-play", combatant: id });
  if (character.dead) refuse({ code: "dead", combatant: id });
  return character;
}

export function livingCombatant(state: GameState, id: CombatantId): Combatant {
  const combatant = findCombatant(state, id);
  if (combatant.kind === "character")
    return { kind: "character", character: livingCharacter(state, id) };
  if (combatant.monster.dead) refuse({ code: "dead", combatant: id });
  return combatant;
}

/**
 * Who moves and rolls for the monsters: the one player at a solo table; after a reveal, the
 * revealed Cultists; before it, the Starting Player (and whoever plays the University Turn).
 */
export function monsterControllers(state: GameState): PlayerId[] {
  if (state.mode === "solo") return [...state.seats];
  if (state.reveals.length > 0) return state.reveals.map((reveal) => reveal.player);
  const controllers = state.startingPlayer === null ? [] : [state.startingPlayer];
  if (state.turn?.kind === "university" && !controllers.includes(state.turn.player)) {
    controllers.push(state.turn.player);
  }
  return controllers;
}

/** Whether `player` rolls and chooses for this combatant (the host always may). */
export function controls(state: GameState, player: PlayerId, combatant: Combatant): boolean {
  if (player === state.host) return true;
  if (combatant.kind === "character" && combatant.character.owner !== null) {
    return combatant.character.owner === player;
  }
  return monsterControllers(state).includes(player);
}

export function requireControl(ctx: Ctx, combatant: Combatant): void {
  if (controls(ctx.state, ctx.by, combatant)) return;
  if (combatant.kind === "character") {
    refuse({ code: "not-your-character", character: combatant.character.id });
  }
  refuse({ code: "not-monster-controller" });
}

/** A living character the asker controls (the host may act for any). */
export function ownCharacter(ctx: Ctx, id: CharacterId): Character {
  const character = livingCharacter(ctx.state, id);
  requireControl(ctx, { kind: "character", character });
  return character;
}

/** Characters in play owned by `player`. */
export function charactersOf(state: GameState, player: PlayerId): Character[] {
  return Object.values(state.characters).filter(
    (character) => character.owner === player && character.status === "in-play",
  );
}

export function hasLivingCharacter(state: GameState, player: PlayerId): boolean {
  return charactersOf(state, player).some((character) => !character.dead);
}

/**
 * Actions taken on a turn (Attack, Steal, a shot, trading): a character acts on its owner's turn;
 * a monster (or the one-player set-aside Cultist) in the University Turn. The host always may.
 */
export function requireActingNow(ctx: Ctx, combatant: Combatant): void {
  requireControl(ctx, combatant);
  if (ctx.by === ctx.state.host) return;
  const turn = ctx.state.turn;
  const owner = combatant.kind === "character" ? combatant.character.owner : null;
  if (owner !== null) {
    if (turn?.kind !== "player" || turn.player !== owner) {
      refuse({ code: "not-your-turn", player: turn?.player ?? null });
    }
    return;
  }
  if (turn?.kind !== "university") refuse({ code: "not-university-turn" });
}
