import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import type { Store } from "../../../store/store.js";
import type { Rng } from "../../../core/rng.js";

/** What every service needs, wired by hand in the composition root. */
export interface ServiceDeps {
  store: Store;
  /**
   * Prisma, for the reads and writes not yet behind a repository. Use it only inside
   * `store.transaction`: its queries then run in that transaction.
   */
  db: PrismaClient;
  rng: Rng;
}

/** Prisma's client as a transaction sees it (see `db`). */
export type Tx = Prisma.TransactionClient;
