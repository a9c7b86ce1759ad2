import { createHash } from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "../generated/prisma-postgres/client.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { applyPostgresMigrations } from "../core/db/postgres-migrate.js";
import type { MigrationReport } from "../core/db/migrate.js";

/**
 * Connections each process keeps open to PostgreSQL at most. A process runs its transactions'
 * JavaScript on one thread: more connections than a few only interleave more transactions at
 * once, each finishing later, and give PostgreSQL more of them to check against each other
 * (SERIALIZABLE). Measured in the scale run (docs/benchmarks.md).
 */
export const POOL_SIZE = 3;

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
    adapter: new PrismaPg(
      {
        ...serializableByDefault(url),
        max: POOL_SIZE,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        // Kept open while idle: a connection opened again after a quiet spell starts a new
        // server process and prepares every query again, just when work arrives.
        idleTimeoutMillis: 0,
      },
      { statementNameGenerator: statementName },
    ),
  });
  await client.$connect();
  // The two generated clients have the same models (test/db/schema-equivalence.test.ts), but
  // TypeScript cannot compare two generated clients' conditional types: this is the one place
  // that says they are alike.
  const prisma = client as unknown as PrismaClient;
  return { engine: "postgres", location: describePostgres(url), prisma, migrations };
}

/**
 * Every transaction SERIALIZABLE (transactions.ts), said once per connection: asked of Prisma, it
 * is a SET TRANSACTION sent after each BEGIN, a round trip of its own. `pg` takes a URL's own
 * `options` (server settings such as a search path) instead of the config's, so those are kept
 * and ours put after them.
 */
export function serializableByDefault(url: string): { connectionString: string; options: string } {
  const ours = "-c default_transaction_isolation=serializable";
  const parsed = new URL(url);
  const own = parsed.searchParams.get("options");
  if (own === null) return { connectionString: url, options: ours };
  parsed.searchParams.delete("options");
  return { connectionString: parsed.toString(), options: `${own} ${ours}` };
}

/**
 * Each query's text names its prepared statement, so that each connection parses and plans it
 * once and then only runs it (the bot sends a few hundred kinds of query, again and again). The
 * names are remembered so that a query's text is hashed once, not on every run; the bound only
 * guards against texts that are never the same twice.
 */
const statementNames = new Map<string, string>();
const MOST_STATEMENT_NAMES = 2_000;

function statementName({ sql }: { sql: string }): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `ce_${createHash("sha1").update(sql).digest("base64url")}`;
    if (statementNames.size >= MOST_STATEMENT_NAMES) statementNames.clear();
    statementNames.set(sql, name);
  }
  return name;
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

/** Tables whose ids PostgreSQL numbers itself (`@default(autoincrement())`). */
const NUMBERED_TABLES = ["Event", "CultistsAction"] as const;

/**
 * After rows were written with their ids (a copy), each numbering continues after the highest
 * id, so the next event is not given an id already taken.
 */
export async function continueNumbering(prisma: PrismaClient): Promise<void> {
  for (const table of NUMBERED_TABLES) {
    await prisma.$executeRawUnsafe(
      `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), COALESCE(MAX("id"), 0) + 1, false) FROM "${table}"`,
    );
  }
}
