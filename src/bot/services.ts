import type { Rng } from "../rules/rng.js";

/**
 * What command handlers may use, built once in src/main.ts. Add each new service here and in
 * main's composition (e.g. the roll service, once it exists).
 */
export interface BotServices {
  /** The dice: crypto-backed in production, scripted in tests. */
  readonly rng: Rng;
}
