import type { PrismaClient } from "../generated/prisma/client.js";
import type { Sql } from "../db/sql.js";
import type { Rng } from "../rules/rng.js";

/** What every service needs, wired by hand in the composition root. */
export interface ServiceDeps {
  db: PrismaClient;
  /** Prepared statements on the same connection, for the queries every command runs. */
  sql: Sql;
  rng: Rng;
}
