import type { Rng } from "./rng.js";
import type { FaceCounts, Settings } from "./settings.js";
import type { Colour, DieResult } from "./types.js";

/** One die of a check: its colour and the face it shows. */
export interface Die {
  colour: Colour;
  result: DieResult;
}

export function facesOf(counts: FaceCounts): number {
  return counts.good + counts.weird + counts.bad;
}

/** The result printed on face `face` (1-based) of a die: the Good faces first, then Weird, then Bad. */
export function resultOfFace(counts: FaceCounts, face: number): DieResult {
  if (face <= counts.good) return "good";
  if (face <= counts.good + counts.weird) return "weird";
  return "bad";
}

export function rollDie(rng: Rng, settings: Settings, colour: Colour): Die {
  const counts = settings.dice[colour];
  return { colour, result: resultOfFace(counts, rng.die(facesOf(counts))) };
}

export function rollDice(rng: Rng, settings: Settings, colours: readonly Colour[]): Die[] {
  return colours.map((colour) => rollDie(rng, settings, colour));
}

/** Green first: how good a die is for `best` and `worst` pools. */
const RANK: Record<Colour, number> = { green: 0, blue: 1, red: 2 };

/**
 * The dice of a check: the ability's dice (or a monster's attack dice) filled up to the pool size
 * with dice of the difficulty's colour. An ability already at the pool size or beyond is handled
 * as `settings.oversizedPool` says.
 */
export function buildPool(
  abilityDice: readonly Colour[],
  difficulty: Colour,
  settings: Settings,
): Colour[] {
  const size = settings.poolSize;
  if (abilityDice.length < size) {
    return [...abilityDice, ...Array<Colour>(size - abilityDice.length).fill(difficulty)];
  }
  switch (settings.oversizedPool) {
    case "roll-all":
      return [...abilityDice];
    case "first":
      return abilityDice.slice(0, size);
    case "best":
      return [...abilityDice].sort((a, b) => RANK[a] - RANK[b]).slice(0, size);
    case "worst":
      return [...abilityDice].sort((a, b) => RANK[b] - RANK[a]).slice(0, size);
  }
}
