import type { PrismaClient } from "../generated/prisma/client.js";
import type { Rng } from "../rules/rng.js";

/** What every service needs, wired by hand in the composition root. */
export interface ServiceDeps {
  db: PrismaClient;
  rng: Rng;
}
