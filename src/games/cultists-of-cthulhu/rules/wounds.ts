import type { Settings } from "./settings.js";
import type { Character, Monster, WoundEffect } from "./state.js";
import type { Ability, Colour } from "./types.js";

/**
 * Wounds and what Wound tokens do to a character's numbers (seed part 4, "Wound tokens"), and a
 * monster's remaining wounds. A transformed Cultist fights with its monster body's numbers.
 */

/** How many Wounds a token counts for: "2 Wounds" counts double, any other token once. */
export function woundWeight(effect: WoundEffect): number {
  return effect.kind === "double" ? 2 : 1;
}

export function woundsTaken(wounds: readonly WoundEffect[]): number {
  return wounds.reduce((sum, effect) => sum + woundWeight(effect), 0);
}

/** Whether `taken` Wounds (or damage) kill something that can suffer `limit`. */
export function isFatal(taken: number, limit: number, settings: Settings): boolean {
  return settings.deathAt === "limit" ? taken >= limit : taken > limit;
}

/** Taken and limit of the body a character fights with now (a transformed Cultist's monster form). */
export function woundCount(character: Character): { taken: number; limit: number } {
  return character.form
    ? { taken: character.form.damage, limit: character.form.stats.wounds }
    : { taken: woundsTaken(character.wounds), limit: character.sheet.wounds };
}

export function characterIsFatallyWounded(character: Character, settings: Settings): boolean {
  const { taken, limit } = woundCount(character);
  return isFatal(taken, limit, settings);
}

export function monsterWoundsLeft(monster: Monster): number {
  return Math.max(0, monster.stats.wounds - monster.damage);
}

function sumOf(wounds: readonly WoundEffect[], kind: "speed" | "defense"): number {
  let sum = 0;
  for (const effect of wounds) if (effect.kind === kind) sum += effect.delta;
  return sum;
}

export function effectiveSpeed(character: Character): number {
  if (character.form) return character.form.stats.speed;
  return Math.max(0, character.sheet.speed + sumOf(character.wounds, "speed"));
}

export function effectiveDefense(character: Character): number {
  if (character.form) return character.form.stats.defense;
  return Math.max(0, character.sheet.defense + sumOf(character.wounds, "defense"));
}

/** An ability's dice now: the current dice, then one die per Wound token that adds to it. */
export function effectiveAbility(character: Character, ability: Ability): Colour[] {
  const added: Colour[] = [];
  for (const effect of character.wounds) {
    if (effect.kind === "ability" && effect.ability === ability) added.push(effect.colour);
  }
  return [...character.abilities[ability], ...added];
}
