import type { Rng } from "../rules/rng.js";
import { createServices, type Services } from "../services/index.js";
import type { ServiceDeps } from "../services/deps.js";

/** What command handlers may use, built once in src/main.ts: every service, and the dice. */
export interface BotServices extends Services {
  /** The dice: crypto-backed in production, seeded or scripted in tests. */
  readonly rng: Rng;
}

export function createBotServices(
  database: Pick<ServiceDeps, "db" | "store">,
  rng: Rng,
): BotServices {
  return { rng, ...createServices({ ...database, rng }) };
}
