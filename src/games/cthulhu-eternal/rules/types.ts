/** Shared vocabulary of the rules. Plain data only. */

export const STAT_NAMES = ["STR", "DEX", "CON", "INT", "POW", "CHA"] as const;
export type StatName = (typeof STAT_NAMES)[number];
export type Stats = Record<StatName, number>;

export const THREAT_TYPES = ["unnatural", "violence", "helplessness"] as const;
export type ThreatType = (typeof THREAT_TYPES)[number];

/** Threat types that have adaptation boxes (Unnatural never adapts). */
export type AdaptableThreat = Exclude<ThreatType, "unnatural">;

export const ERAS = ["modern", "future"] as const;
export type Era = (typeof ERAS)[number];

export type Harshness = "normal" | "harsh" | "very-harsh";

export type BondKind = "individual" | "community";

export interface Bond {
  /** Stable identifier within one Protagonist (the database id, or a creation-time key). */
  id: string;
  name: string;
  kind: BondKind;
  score: number;
  /** Broken (score reached 0) or destroyed (subject gone): crossed off but kept on the sheet. */
  crossedOff: boolean;
  /** For shared-adversity Bonds: the fellow Protagonist's id. */
  fellowId?: string | undefined;
}

export interface AdaptationTrack {
  /** Ticked boxes, 0–3. */
  boxes: number;
  adapted: boolean;
}

export type Adaptation = Record<AdaptableThreat, AdaptationTrack>;

/** The mental state of a Protagonist that Sanity rules read and change. */
export interface SanityState {
  san: number;
  pow: number;
  cha: number;
  wp: number;
  breakingPoint: number;
  /** Unnatural skill rating (lowers Max SAN). */
  unnatural: number;
  /** Max SAN taken by corruption (the Corruption Extra); none when absent. */
  maxSanCorrupted?: number;
  adaptation: Adaptation;
  /** Names of the uncured disorders; a breaking point's is empty until the GM names it. */
  disorders: string[];
  bonds: Bond[];
  /**
   * How many more disorders the sheet can record (it keeps cured ones too); unlimited when
   * absent. A breaking point with no room still happens, but records no disorder.
   */
  disorderRoom?: number;
}
