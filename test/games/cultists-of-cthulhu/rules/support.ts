import { expect } from "vitest";

import {
  apply,
  DEFAULT_SETTINGS,
  type Action,
  type CharacterSheet,
  type Fact,
  type GameState,
  type Refusal,
  type Settings,
  type Tally,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import type { Rng } from "../../../../src/core/rng.js";
import { scriptedRng, seededRng } from "../../../../src/core/rng.js";

/** Drives the engine in tests: every step goes through `apply`, as the bot's services will. */

export const HOST = "host";

export function sheet(name: string, overrides: Partial<CharacterSheet> = {}): CharacterSheet {
  return {
    name,
    wounds: 5,
    speed: 3,
    defense: 1,
    horror: { stage2: 4, stage3: 7, end: 10 },
    abilities: {
      brawn: ["green", "blue"],
      finesse: ["blue", "blue"],
      reason: ["green", "green"],
      focus: ["green", "blue"],
    },
    ...overrides,
  };
}

export interface Game {
  state: GameState;
  /** Every fact so far, in order. */
  log: Fact[];
  rng: Rng;
  settings: Settings;
}

export function game(seed = 1, settings: Settings = DEFAULT_SETTINGS): Game {
  return { state: null as unknown as GameState, log: [], rng: seededRng(seed), settings };
}

/** Applies an action that must succeed; returns the facts it produced. */
export function act(g: Game, action: Action): Fact[] {
  const result = apply(g.state, action, { rng: g.rng, settings: g.settings });
  if (!result.ok) throw new Error(`refused ${action.type}: ${JSON.stringify(result.refusal)}`);
  g.state = result.state;
  g.log.push(...result.facts);
  return result.facts;
}

/** Applies an action that must be refused; checks that nothing changed. */
export function refusal(g: Game, action: Action): Refusal {
  const before = JSON.stringify(g.state);
  const result = apply(g.state, action, { rng: g.rng, settings: g.settings });
  if (result.ok) throw new Error(`expected ${action.type} to be refused`);
  expect(JSON.stringify(g.state)).toBe(before);
  return result.refusal;
}

export function factsOf<T extends Fact["type"]>(
  facts: readonly Fact[],
  type: T,
): Extract<Fact, { type: T }>[] {
  return facts.filter((fact): fact is Extract<Fact, { type: T }> => fact.type === type);
}

export const CULTIST_TEXT = {
  15: "Rises at fifteen",
  20: "Rises at twenty",
  25: "Rises at twenty-five",
};

export interface TableOptions {
  seed?: number;
  settings?: Settings;
  academics?: number;
  /** Extra set-aside candidates for a one-player game. */
  candidates?: number;
  /** The sheet of each player's i-th character (default: `sheet(name)`). */
  sheets?: (player: string, index: number) => Partial<CharacterSheet>;
}

/** Players p1…pN seated, characters entered, the scenario's three Cultist cards entered; not dealt. */
export function readyToDeal(players: number, options: TableOptions = {}): Game {
  const g = game(options.seed ?? 1, options.settings ?? DEFAULT_SETTINGS);
  act(g, { by: HOST, type: "open-game", scenario: "Fungi from Yuggoth" });
  const seats = Array.from({ length: players }, (_, i) => `p${i + 1}`);
  for (const player of seats) act(g, { by: player, type: "join" });
  act(g, { by: HOST, type: "start" });
  const perPlayer = players === 1 ? 3 : players === 2 ? 2 : 1;
  for (const player of seats) {
    for (let i = 0; i < perPlayer; i++) {
      const overrides = options.sheets?.(player, i) ?? {};
      act(g, {
        by: player,
        type: "enter-character",
        sheet: sheet(`${player}-hero${i + 1}`, overrides),
      });
    }
  }
  if (players === 1) {
    for (let i = 0; i < (options.candidates ?? 2); i++) {
      act(g, { by: "p1", type: "add-set-aside-candidate", sheet: sheet(`spare${i + 1}`) });
    }
  }
  for (const number of [15, 20, 25] as const) {
    act(g, {
      by: HOST,
      type: "add-cultist-card",
      number,
      text: CULTIST_TEXT[number],
      empowers: number !== 20,
    });
  }
  for (let i = 0; i < (options.academics ?? 0); i++) {
    act(g, {
      by: HOST,
      type: "add-academic-card",
      madness: { stage1: `flavour ${i}`, stage2: `rule two ${i}`, stage3: `rule three ${i}` },
    });
  }
  return g;
}

export function dealt(players: number, options: TableOptions = {}): Game {
  const g = readyToDeal(players, options);
  act(g, { by: HOST, type: "deal" });
  return g;
}

/** The player holding a Cultist card (3–6 players), and the Academics. */
export function rolesOf(g: Game): { cultist: string; academics: string[] } {
  const hands = g.state.deal?.hands ?? {};
  const entries = Object.entries(hands);
  const cultist = entries.find(([, id]) => g.state.cards[id]?.kind === "cultist")?.[0];
  if (cultist === undefined) throw new Error("no Cultist dealt");
  return { cultist, academics: entries.filter(([p]) => p !== cultist).map(([p]) => p) };
}

export function cultistNumberOf(g: Game, player: string): number {
  const id = g.state.deal?.hands[player];
  const card = id === undefined ? undefined : g.state.cards[id];
  if (card?.kind !== "cultist") throw new Error(`${player} is not a Cultist`);
  return card.number;
}

/** The single character of a player (or their first). */
export function characterOf(g: Game, player: string, index = 0): string {
  const mine = Object.values(g.state.characters).filter(
    (c) => c.owner === player && c.status === "in-play",
  );
  const character = mine[index];
  if (!character) throw new Error(`${player} has no character ${index}`);
  return character.id;
}

/** Ends player turns (as the host) until the University Turn comes. */
export function endTurnsUntilUniversity(g: Game): void {
  while (g.state.turn?.kind === "player") act(g, { by: HOST, type: "end-turn" });
}

/** A whole University Turn as the host: a Star Card advancing `advance`, then its end. */
export function universityTurn(g: Game, advance = 1): void {
  endTurnsUntilUniversity(g);
  act(g, { by: HOST, type: "play-star-card", card: { name: null, duration: "instant", advance } });
  act(g, { by: HOST, type: "end-university-turn" });
}

/** Scripts the next dice (and other draws) the engine will take. */
export function script(g: Game, faces: number[]): void {
  g.rng = scriptedRng(faces);
}

/** Builds a dice tally for the damage arithmetic. */
export function tally(good: number, weird: number, bad: number): Tally {
  return { good, weird, bad };
}

/**
 * Faces to script. Green: 1 Good, 4 Weird, 6 Bad. Blue: 1 Good, 3 Weird, 5 Bad.
 * Red: 1 Good, 2 Weird, 4 Bad.
 */
export const GOOD = 1;
export const GREEN_WEIRD = 4;
export const GREEN_BAD = 6;
export const BLUE_BAD = 5;
export const RED_BAD = 4;

/** Three players dealt, all with Brawn Green Green, Defense 1, Wounds 3; p1 to play. */
export function fightersDealt(): { g: Game; a: string; b: string; c: string } {
  const g = dealt(3, {
    sheets: () => ({
      wounds: 3,
      defense: 1,
      abilities: {
        brawn: ["green", "green"],
        finesse: ["blue", "blue"],
        reason: ["green", "green"],
        focus: ["green", "blue"],
      },
    }),
  });
  return { g, a: characterOf(g, "p1"), b: characterOf(g, "p2"), c: characterOf(g, "p3") };
}
