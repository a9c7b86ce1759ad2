import { RulesError } from "../errors.js";
import type { Rng } from "../../../../core/rng.js";
import { STAT_NAMES } from "../types.js";
import type { Harshness, StatName, Stats } from "../types.js";

/** Stats range from 3 to 18 when created, before the harsh-upbringing bonus. */
export const STAT_MIN = 3;
export const STAT_MAX = 18;
/** Points to divide among the six stats with the point-split method. */
export const STAT_POINT_TOTAL = 72;

export const ASSIGNABLE_SET_IDS = ["well-rounded", "focused", "highly-focused"] as const;
export type AssignableSetId = (typeof ASSIGNABLE_SET_IDS)[number];

export interface AssignableSet {
  readonly id: AssignableSetId;
  readonly name: string;
  readonly values: readonly number[];
}

/** Seed 000, "Assignable Set of Statistics"; each value goes to one stat, in any order. */
export const ASSIGNABLE_SETS: Record<AssignableSetId, AssignableSet> = {
  "well-rounded": { id: "well-rounded", name: "Well-Rounded", values: [13, 13, 12, 12, 11, 11] },
  focused: { id: "focused", name: "Focused", values: [15, 14, 12, 11, 10, 10] },
  "highly-focused": {
    id: "highly-focused",
    name: "Highly Focused",
    values: [17, 14, 12, 10, 10, 9],
  },
};

export function isAssignableSetId(text: string): text is AssignableSetId {
  return (ASSIGNABLE_SET_IDS as readonly string[]).includes(text);
}

/** One stat roll: all four dice, which one was dropped, and the total of the other three. */
export interface StatRoll {
  readonly dice: readonly [number, number, number, number];
  /** Index into `dice` of the dropped (lowest; first of equals) die. */
  readonly droppedIndex: number;
  readonly total: number;
}

/** Roll 4D6 and drop the lowest die. */
export function rollStat(rng: Rng): StatRoll {
  const dice = [rng.die(6), rng.die(6), rng.die(6), rng.die(6)] as const;
  const lowest = Math.min(...dice);
  const droppedIndex = dice.indexOf(lowest);
  const total = dice.reduce((sum, face) => sum + face, 0) - lowest;
  return { dice, droppedIndex, total };
}

/** Six stat rolls; the player then places the totals in whichever stats they like. */
export function rollStats(rng: Rng): StatRoll[] {
  return STAT_NAMES.map(() => rollStat(rng));
}

/**
 * Whether `values` could be placed from `pool` using each pool value at most once
 * (a sub-multiset). With six values from a pool of six, that is exactly a permutation.
 */
export function fitsWithin(values: readonly number[], pool: readonly number[]): boolean {
  const left = [...pool];
  for (const value of values) {
    const at = left.indexOf(value);
    if (at === -1) return false;
    left.splice(at, 1);
  }
  return true;
}

export function isPermutationOf(values: readonly number[], pool: readonly number[]): boolean {
  return values.length === pool.length && fitsWithin(values, pool);
}

/** Stats a harsh upbringing may raise. */
export type HarshBonusStat = "STR" | "CON";

/** Adversity skill picks per upbringing (seed 000). */
export function adversityPickCount(harshness: Harshness): number {
  switch (harshness) {
    case "normal":
      return 0;
    case "harsh":
      return 1;
    case "very-harsh":
      return 2;
  }
}

/** The +1s a harsh upbringing gives: Harsh → the chosen one of STR/CON; Very Harsh → both. */
export function harshnessBonus(
  harshness: Harshness,
  harshBonusStat?: HarshBonusStat,
): Partial<Record<HarshBonusStat, number>> {
  switch (harshness) {
    case "normal":
      return {};
    case "harsh":
      if (harshBonusStat === undefined) {
        throw new RulesError({ code: "harsh-pick-missing" });
      }
      return { [harshBonusStat]: 1 };
    case "very-harsh":
      return { STR: 1, CON: 1 };
  }
}

/**
 * Apply the harsh-upbringing bonus. Our reading: the +1 comes after the 3–18 range is checked
 * and may take STR or CON to 19; the bonus is the point of surviving such an upbringing.
 */
export function applyHarshness(
  stats: Stats,
  harshness: Harshness,
  harshBonusStat?: HarshBonusStat,
): Stats {
  const bonus = harshnessBonus(harshness, harshBonusStat);
  return { ...stats, STR: stats.STR + (bonus.STR ?? 0), CON: stats.CON + (bonus.CON ?? 0) };
}

/** The bands of the distinguishing-features table; "average" needs no descriptor. */
export type FeatureBand = "very-low" | "low" | "average" | "high" | "very-high";

export function featureBand(value: number): FeatureBand {
  // Values outside 3–18 (a 19 from a harsh upbringing, or losses in play) use the end rows.
  if (value <= 4) return "very-low";
  if (value <= 8) return "low";
  if (value <= 12) return "average";
  if (value <= 16) return "high";
  return "very-high";
}

/** Seed 000, "Sample Distinguishing Features" (words only), columns 3–4, 5–8, 13–16, 17–18. */
export const DISTINGUISHING_FEATURES: Record<
  StatName,
  Record<Exclude<FeatureBand, "average">, string>
> = {
  STR: { "very-low": "Feeble", low: "Weak", high: "Muscular", "very-high": "Huge" },
  DEX: { "very-low": "Barely Mobile", low: "Clumsy", high: "Nimble", "very-high": "Acrobatic" },
  CON: {
    "very-low": "Bedridden",
    low: "Sickly",
    high: "Perfect Health",
    "very-high": "Indefatigable",
  },
  INT: { "very-low": "Imbecilic", low: "Slow", high: "Perceptive", "very-high": "Brilliant" },
  POW: {
    "very-low": "Spineless",
    low: "Nervous",
    high: "Strong-Willed",
    "very-high": "Indomitable",
  },
  CHA: { "very-low": "Unbearable", low: "Awkward", high: "Charming", "very-high": "Magnetic" },
};

export interface DistinguishingFeature {
  readonly stat: StatName;
  readonly value: number;
  readonly band: FeatureBand;
  /** A sample descriptor; "Average" for 9–12, which the seed says needs no description. */
  readonly word: string;
  /** Below 9 or above 12: worth a word or two on the sheet. */
  readonly exceptional: boolean;
}

export function distinguishingFeature(stat: StatName, value: number): DistinguishingFeature {
  const band = featureBand(value);
  const word = band === "average" ? "Average" : DISTINGUISHING_FEATURES[stat][band];
  return { stat, value, band, word, exceptional: band !== "average" };
}

export function distinguishingFeatures(stats: Stats): DistinguishingFeature[] {
  return STAT_NAMES.map((stat) => distinguishingFeature(stat, stats[stat]));
}
