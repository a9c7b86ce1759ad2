import type { Harshness, Stats } from "./types.js";

/** Derived attributes of seed 000 ("Detailed Description: Derived Attributes & Damage Bonus"). */
export interface DerivedAttributes {
  hp: number;
  wp: number;
  san: number;
  breakingPoint: number;
  maxSan: number;
  recoverySan: number;
  damageBonus: number;
}

/** HP = (CON + STR) / 2, rounded up. */
export function maxHitPoints(stats: Pick<Stats, "STR" | "CON">): number {
  return Math.ceil((stats.STR + stats.CON) / 2);
}

/** WP = POW. */
export function maxWillpower(stats: Pick<Stats, "POW">): number {
  return stats.POW;
}

/** Starting SAN: POW × 5 for a Normal upbringing, POW × 4 for Harsh or Very Harsh. */
export function startingSanity(pow: number, harshness: Harshness): number {
  return pow * (harshness === "normal" ? 5 : 4);
}

/** Breaking point = SAN − POW (never below 0). */
export function breakingPointFor(san: number, pow: number): number {
  return Math.max(0, san - pow);
}

/** Max SAN = 99 − Unnatural skill, less what corruption took (the Corruption Extra). */
export function maxSanity(unnatural: number, corrupted = 0): number {
  return Math.max(0, 99 - unnatural - corrupted);
}

/** Recovery SAN = POW × 5, capped at Max SAN, whatever the upbringing. */
export function recoverySanity(pow: number, unnatural: number, corrupted = 0): number {
  return Math.min(pow * 5, maxSanity(unnatural, corrupted));
}

/** Damage bonus by STR: 1–4 → −2, 5–8 → −1, 9–12 → 0, 13–16 → +1, 17+ → +2. */
export function damageBonus(str: number): number {
  if (str <= 4) return -2;
  if (str <= 8) return -1;
  if (str <= 12) return 0;
  if (str <= 16) return 1;
  return 2;
}

export function deriveAttributes(
  stats: Stats,
  harshness: Harshness,
  unnatural = 0,
): DerivedAttributes {
  const san = Math.min(startingSanity(stats.POW, harshness), maxSanity(unnatural));
  return {
    hp: maxHitPoints(stats),
    wp: maxWillpower(stats),
    san,
    breakingPoint: breakingPointFor(san, stats.POW),
    maxSan: maxSanity(unnatural),
    recoverySan: recoverySanity(stats.POW, unnatural),
    damageBonus: damageBonus(stats.STR),
  };
}
