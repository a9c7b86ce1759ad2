/**
 * The one door to randomness for this game's rules. The interface lives in the shared rules for
 * now and will move to the core; only this file needs to change when it does.
 */
import type { Rng } from "../../../core/rng.js";

export type { Rng };

/** A fair shuffle (Fisher–Yates) into a new array; the input is left as it was. */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.die(i + 1) - 1;
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/** `count` different items chosen fairly, in random order. */
export function drawn<T>(rng: Rng, items: readonly T[], count: number): T[] {
  return shuffled(rng, items).slice(0, count);
}
