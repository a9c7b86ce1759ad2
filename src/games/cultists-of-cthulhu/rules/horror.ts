import type { CharacterSheet, MadnessStage } from "./types.js";

/**
 * The Horror track (seed part 4, "Horror slider"): stage 2 and stage 3 of Madness begin at the
 * sheet's thresholds; Horror beyond the track's end becomes one Wound per Horror.
 */

export type HorrorTrack = CharacterSheet["horror"];

export function madnessStage(horror: number, track: HorrorTrack): MadnessStage {
  if (horror >= track.stage3) return 3;
  if (horror >= track.stage2) return 2;
  return 1;
}

export interface HorrorChange {
  horror: number;
  /** Horror that did not fit on the track: that many Wounds instead. */
  overflowWounds: number;
  stageBefore: MadnessStage;
  stageAfter: MadnessStage;
}

/** `amount` (≥ 0) Horror on a track showing `current`. */
export function addHorror(current: number, amount: number, track: HorrorTrack): HorrorChange {
  const raw = current + amount;
  const horror = Math.min(track.end, raw);
  return {
    horror,
    overflowWounds: raw - horror,
    stageBefore: madnessStage(current, track),
    stageAfter: madnessStage(horror, track),
  };
}

/** Horror taken off the track by a card's effect, never below 0. */
export function reduceHorror(current: number, amount: number, track: HorrorTrack): HorrorChange {
  const horror = Math.max(0, current - amount);
  return {
    horror,
    overflowWounds: 0,
    stageBefore: madnessStage(current, track),
    stageAfter: madnessStage(horror, track),
  };
}
