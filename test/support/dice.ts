import type { DieResult } from "../../src/games/cthulhu-eternal/rules/dice/index.js";
import type { Rng } from "../../src/core/rng.js";

/** A die the roll kept, and one it dropped, as a roll reports them. */
export const kept = (sides: number, value: number): DieResult => ({ sides, value, kept: true });
export const dropped = (sides: number, value: number): DieResult => ({
  sides,
  value,
  kept: false,
});

/**
 * An RNG whose faces a test queues as it goes (`queue(3, 4)`), checked against each die's sides.
 * A d10 face 10 is the digit 0 in percentile rolls. Throws when a roll was not scripted.
 */
export function queuedRng(): Rng & { queue(...faces: number[]): void; pending(): number } {
  const faces: number[] = [];
  return {
    die(sides) {
      const face = faces.shift();
      if (face === undefined) throw new Error(`unscripted roll of a d${sides}`);
      if (face < 1 || face > sides) throw new Error(`face ${face} does not fit a d${sides}`);
      return face;
    },
    queue: (...next) => void faces.push(...next),
    pending: () => faces.length,
  };
}

/** The two d10 faces that read as a percentile value (100 → 10, 10). */
export function percentileFaces(value: number): [number, number] {
  if (value === 100) return [10, 10];
  const tens = Math.floor(value / 10);
  const ones = value % 10;
  return [tens === 0 ? 10 : tens, ones === 0 ? 10 : ones];
}
