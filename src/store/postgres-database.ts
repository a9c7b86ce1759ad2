import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "../generated/prisma-postgres/client.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { applyPostgresMigrations } from "../core/db/postgres-migrate.js";
import type { MigrationReport } from "../core/db/migrate.js";

/** Connections each process keeps open to PostgreSQL at most. */
export const POOL_SIZE = 10;

/** How long opening a connection may take before the work fails as unavailable (ms). */
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * PostgreSQL: pending migrations applied on one connection, then Prisma Client on Prisma's `pg`
 * adapter over a pool. Several processes (shards, hosts) may share the database.
 */
export async function openPostgres(
  url: string,
  migrationsDir: string,
): Promise<{
  engine: "postgres";
  location: string;
  prisma: PrismaClient;
  migrations: MigrationReport;
}> {
  const setup = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  await setup.connect();
  let migrations: MigrationReport;
  try {
    migrations = await applyPostgresMigrations(setup, migrationsDir);
  } finally {
    await setup.end();
  }
  const client = new PostgresClient({
    adapter: new PrismaPg({
      connectionString: url,
      max: POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    }),
  });
  await client.$connect();
  // The two generated clients have the same models (test/db/schema-equivalence.test.ts), but
  // TypeScript cannot compare two generated clients' conditional types: this is the one place
  // that says they are alike.
  const prisma = client as unknown as PrismaClient;
  return { engine: "postgres", location: describePostgres(url), prisma, migrations };
}

/** Host, port and database of a PostgreSQL URL, without its user or password. */
export function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgresql://${parsed.host}${parsed.pathname}`;
  } catch {
    return "postgresql";
  }
}
