import { maxHitPoints, maxSanity } from "../../rules/derived.js";
import { STAT_NAMES, type StatName, type Stats } from "../../rules/types.js";

/**
 * Corruption (seed 002): a corrupting source lowers an attribute's current rating and its
 * maximum; what derives from a corrupted stat follows (HP from STR and CON, WP from POW); only a
 * GM restores it; at 0 the Protagonist is lost for good. Pure.
 */

export const POOLS = ["HP", "WP", "SAN"] as const;
export type Pool = (typeof POOLS)[number];
export type Attribute = Pool | StatName;
export const ATTRIBUTES = [...POOLS, ...STAT_NAMES] as const;

/** What corruption took, by attribute (0 when none). */
export interface Corrupted {
  HP: number;
  WP: number;
  SAN: number;
  stats: Partial<Record<StatName, number>>;
}

export const NOTHING_CORRUPTED: Corrupted = { HP: 0, WP: 0, SAN: 0, stats: {} };

/** The part of a sheet corruption reads and changes. */
export interface CorruptibleSheet {
  stats: Stats;
  hp: number;
  hpMax: number;
  wp: number;
  wpMax: number;
  san: number;
  breakingPoint: number;
  unnatural: number;
}

export interface CorruptionResult {
  sheet: CorruptibleSheet;
  corrupted: Corrupted;
  /** Points actually taken off (or given back). */
  amount: number;
  /** An attribute's maximum reached 0: the Protagonist is lost to corruption. */
  lost: boolean;
}

export function isPool(attribute: Attribute): attribute is Pool {
  return (POOLS as readonly string[]).includes(attribute);
}

export function corruptedOf(corrupted: Corrupted, attribute: Attribute): number {
  return isPool(attribute) ? corrupted[attribute] : (corrupted.stats[attribute] ?? 0);
}

function withCorrupted(corrupted: Corrupted, attribute: Attribute, amount: number): Corrupted {
  if (isPool(attribute)) return { ...corrupted, [attribute]: amount };
  return { ...corrupted, stats: { ...corrupted.stats, [attribute]: amount } };
}

/** Max SAN once corruption took its part (99 − Unnatural − corrupted). */
export function corruptedMaxSan(sheet: CorruptibleSheet, corrupted: Corrupted): number {
  return maxSanity(sheet.unnatural, corrupted.SAN);
}

/** The maxima follow a changed stat: HP by the formula's change, WP by POW's; currents fit. */
function withStat(sheet: CorruptibleSheet, stat: StatName, value: number): CorruptibleSheet {
  const stats = { ...sheet.stats, [stat]: value };
  const hpMax = Math.max(0, sheet.hpMax + maxHitPoints(stats) - maxHitPoints(sheet.stats));
  const wpMax = stat === "POW" ? Math.max(0, sheet.wpMax + value - sheet.stats.POW) : sheet.wpMax;
  return {
    ...sheet,
    stats,
    hpMax,
    hp: Math.min(sheet.hp, hpMax),
    wpMax,
    wp: Math.min(sheet.wp, wpMax),
  };
}

/** Whether any corrupted maximum is down to 0. */
function isLost(sheet: CorruptibleSheet, corrupted: Corrupted): boolean {
  const statAtZero = STAT_NAMES.some(
    (stat) => (corrupted.stats[stat] ?? 0) > 0 && sheet.stats[stat] <= 0,
  );
  return (
    statAtZero ||
    (corrupted.HP > 0 && sheet.hpMax <= 0) ||
    (corrupted.WP > 0 && sheet.wpMax <= 0) ||
    (corrupted.SAN > 0 && corruptedMaxSan(sheet, corrupted) <= 0)
  );
}

/**
 * A corrupting loss of `amount` HP, WP or SAN, already taken off the current rating by the core:
 * the maximum drops by as much. Max SAN is derived, so corruption keeps what it took, and the
 * breaking point never stays above the new Max SAN − POW (our reading of "follows Max SAN").
 */
export function corruptMaximum(
  sheet: CorruptibleSheet,
  corrupted: Corrupted,
  pool: Pool,
  amount: number,
): CorruptionResult {
  const taken = Math.max(0, amount);
  const next = withCorrupted(corrupted, pool, corrupted[pool] + taken);
  let changed: CorruptibleSheet;
  if (pool === "HP") {
    const hpMax = Math.max(0, sheet.hpMax - taken);
    changed = { ...sheet, hpMax, hp: Math.min(sheet.hp, hpMax) };
  } else if (pool === "WP") {
    const wpMax = Math.max(0, sheet.wpMax - taken);
    changed = { ...sheet, wpMax, wp: Math.min(sheet.wp, wpMax) };
  } else {
    const maxSan = corruptedMaxSan(sheet, next);
    changed = {
      ...sheet,
      san: Math.min(sheet.san, maxSan),
      breakingPoint: Math.min(sheet.breakingPoint, Math.max(0, maxSan - sheet.stats.POW)),
    };
  }
  return { sheet: changed, corrupted: next, amount: taken, lost: isLost(changed, next) };
}

/** A corrupting loss of a stat: the stat (current and maximum alike) drops, never below 0. */
export function corruptStat(
  sheet: CorruptibleSheet,
  corrupted: Corrupted,
  stat: StatName,
  amount: number,
): CorruptionResult {
  const value = Math.max(0, sheet.stats[stat] - Math.max(0, amount));
  const taken = sheet.stats[stat] - value;
  const next = withCorrupted(corrupted, stat, corruptedOf(corrupted, stat) + taken);
  const changed = withStat(sheet, stat, value);
  return { sheet: changed, corrupted: next, amount: taken, lost: isLost(changed, next) };
}

/**
 * A GM's restoration (a ritual, an artefact): up to `amount` of what corruption took of one
 * attribute comes back to its maximum (a stat is its own maximum); current HP, WP and SAN stay
 * where they are, to be healed as usual.
 */
export function restore(
  sheet: CorruptibleSheet,
  corrupted: Corrupted,
  attribute: Attribute,
  amount: number,
): CorruptionResult {
  const given = Math.min(Math.max(0, amount), corruptedOf(corrupted, attribute));
  const next = withCorrupted(corrupted, attribute, corruptedOf(corrupted, attribute) - given);
  let changed: CorruptibleSheet;
  if (attribute === "HP") changed = { ...sheet, hpMax: sheet.hpMax + given };
  else if (attribute === "WP") changed = { ...sheet, wpMax: sheet.wpMax + given };
  else if (attribute === "SAN") changed = sheet;
  else changed = withStat(sheet, attribute, sheet.stats[attribute] + given);
  return { sheet: changed, corrupted: next, amount: given, lost: false };
}
