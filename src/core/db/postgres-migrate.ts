import { randomUUID } from "node:crypto";
import type pg from "pg";
import {
  appliedMigrations,
  MigrationError,
  pendingMigrations,
  type MigrationReport,
  type MigrationRow,
} from "./migrate.js";

/**
 * prisma/postgres/migrations/* applied the way `prisma migrate deploy` does on PostgreSQL, and
 * recorded in Prisma's `_prisma_migrations` table (its DDL, SHA-256 checksums), so the app and
 * the Prisma CLI can take turns on one database. Each migration runs in one transaction with its
 * bookkeeping row. Prisma's advisory lock keeps processes that start together (shards) from
 * applying the same migration twice: the others wait, then find it applied.
 */

/** The table Prisma's schema engine creates on PostgreSQL. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** The key of the advisory lock Prisma's migrate commands take. */
const PRISMA_MIGRATE_LOCK = 72707369;

export async function applyPostgresMigrations(
  client: pg.Client,
  migrationsDir: string,
): Promise<MigrationReport> {
  await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK]);
  try {
    await client.query(MIGRATIONS_TABLE);
    const { rows } = await client.query<MigrationRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at, logs FROM "_prisma_migrations" ORDER BY started_at ASC`,
    );
    const applied = appliedMigrations(rows);
    const report: MigrationReport = { applied: [], alreadyApplied: [], modified: [] };
    for (const { name, sql, checksum } of pendingMigrations(migrationsDir, applied, report)) {
      await applyOne(client, name, sql, checksum);
      report.applied.push(name);
    }
    return report;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK]);
  }
}

async function applyOne(
  client: pg.Client,
  name: string,
  sql: string,
  checksum: string,
): Promise<void> {
  const id = randomUUID();
  const startedAt = new Date();
  try {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, $4)`,
      [id, checksum, name, startedAt],
    );
    await client.query(sql);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    const message = error instanceof Error ? error.message : String(error);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, started_at) VALUES ($1, $2, $3, $4, $5)`,
      [id, checksum, name, message, startedAt],
    );
    throw new MigrationError(`Database migration "${name}" failed and was rolled back: ${message}`);
  }
}
