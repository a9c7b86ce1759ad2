import type { Rng } from "../../core/rng.js";
import { createServices, type Services } from "./services/index.js";
import type { ServiceDeps } from "./services/deps.js";
import { createExtrasService, type ExtrasService } from "./extras/extras-service.js";
import type { ExtraModule } from "./extras/module.js";
import { extensionPointsOf } from "./extras/registry.js";

/** What command handlers may use, built once in src/main.ts: every service, and the dice. */
export interface BotServices extends Services {
  /** The dice: crypto-backed in production, seeded or scripted in tests. */
  readonly rng: Rng;
  /** The Extras modules the composition root chose, their switches and their services. */
  readonly extras: ExtrasService;
}

export function createBotServices(
  database: Pick<ServiceDeps, "store">,
  rng: Rng,
  extras: readonly ExtraModule[] = [],
): BotServices {
  const deps = { ...database, rng, extensions: extensionPointsOf(extras) };
  return {
    rng,
    ...createServices(deps),
    extras: createExtrasService(deps, extras),
  };
}
