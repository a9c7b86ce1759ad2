import type { Tally } from "./check.js";
import type { Settings } from "./settings.js";
import type { DieResult } from "./types.js";

/**
 * The arithmetic of Attack, ranged weapons and Steal (seed part 2 and part 4). Every formula is
 * here once; the engine only feeds it tallies and defenses.
 */

/**
 * Damage one side of a melee deals the other: own Goods plus the opponent's Bads plus any item
 * bonus, minus the opponent's Defense, never below 0. Both sides use it at the same time.
 */
export function meleeDamage(
  own: Tally,
  opponent: Tally,
  opponentDefense: number,
  bonus: number,
): number {
  return Math.max(0, own.good + opponent.bad + bonus - opponentDefense);
}

/**
 * Damage a ranged shot deals each target: the Goods (and any other result the weapon says counts,
 * as in the seed's shotgun example) minus that target's Defense, never below 0.
 */
export function rangedDamage(
  counts: Tally,
  damageResults: readonly DieResult[],
  targetDefense: number,
): number {
  const hits = damageResults.reduce((sum, result) => sum + counts[result], 0);
  return Math.max(0, hits - targetDefense);
}

/** A steal succeeds when the Goods reach the target's Defense. */
export function stealSucceeds(counts: Tally, targetDefense: number): boolean {
  return counts.good >= targetDefense;
}

/** Whether a side's roll sets off the Combat card's two-Weird effect. */
export function combatWeird(counts: Tally, settings: Settings): boolean {
  return counts.weird >= settings.combatWeirds;
}
