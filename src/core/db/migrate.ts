import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "better-sqlite3";

/**
 * Applies prisma/migrations/* the way `prisma migrate deploy` does, and records them in Prisma's
 * own `_prisma_migrations` table (same DDL, SHA-256 hex checksums, epoch-millisecond timestamps,
 * lexical order), so the app and the Prisma CLI can take turns on one database.
 * Each migration runs in one transaction together with its bookkeeping row: a crash or an error
 * leaves nothing half-applied. A failure is then recorded as failed and start-up stops.
 */

/** Verbatim the table Prisma's schema engine creates on SQLite. */
const MIGRATIONS_TABLE = `CREATE TABLE "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
);`;

export class MigrationError extends Error {
  override name = "MigrationError";
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
  /** Applied migrations whose file changed since (Prisma warns about these too). */
  modified: string[];
}

/** A row of `_prisma_migrations`, as either engine reads it. */
export interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: number | string | Date | null;
  rolled_back_at: number | string | Date | null;
  logs: string | null;
}

/**
 * The migrations of the folder not applied yet, in order, with their checksums; those applied
 * are listed in `report` (and, when their file changed since, as modified).
 */
export function pendingMigrations(
  migrationsDir: string,
  applied: ReadonlyMap<string, string>,
  report: MigrationReport,
): { name: string; sql: string; checksum: string }[] {
  return listMigrations(migrationsDir).flatMap(({ name, sql }) => {
    const checksum = migrationChecksum(sql);
    const appliedChecksum = applied.get(name);
    if (appliedChecksum === undefined) return [{ name, sql, checksum }];
    report.alreadyApplied.push(name);
    if (appliedChecksum !== checksum) report.modified.push(name);
    return [];
  });
}

/**
 * The checksums of the migrations applied, by name; a migration that failed earlier (neither
 * finished nor rolled back) blocks the start, as it does for `prisma migrate deploy`.
 */
export function appliedMigrations(rows: readonly MigrationRow[]): Map<string, string> {
  const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed) {
    throw new MigrationError(
      `Database migration "${failed.migration_name}" failed earlier and blocks start-up: ` +
        `${failed.logs ?? "no log"}. Restore a backup, or fix the database and mark it with ` +
        `"npx prisma migrate resolve --rolled-back ${failed.migration_name}".`,
    );
  }
  return new Map(
    rows
      .filter((row) => row.finished_at !== null && row.rolled_back_at === null)
      .map((row) => [row.migration_name, row.checksum]),
  );
}

export function migrationChecksum(sql: string): string {
  return createHash("sha256").update(sql, "utf8").digest("hex");
}

export function listMigrations(migrationsDir: string): { name: string; sql: string }[] {
  if (!existsSync(migrationsDir)) return [];
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .filter((name) => existsSync(join(migrationsDir, name, "migration.sql")))
    .map((name) => ({
      name,
      sql: readFileSync(join(migrationsDir, name, "migration.sql"), "utf8"),
    }));
}

/** Prisma's own scripts for table redefinitions manage their transaction; don't nest one. */
function managesOwnTransaction(sql: string): boolean {
  return /^\s*BEGIN(\s+TRANSACTION)?\s*;/im.test(sql);
}

export function applyMigrations(db: Database, migrationsDir: string): MigrationReport {
  const hasTable = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
    .get();
  if (!hasTable) db.exec(MIGRATIONS_TABLE);

  const rows = db
    .prepare(
      "SELECT migration_name, checksum, finished_at, rolled_back_at, logs FROM _prisma_migrations ORDER BY started_at ASC",
    )
    .all() as MigrationRow[];

  const applied = appliedMigrations(rows);
  const report: MigrationReport = { applied: [], alreadyApplied: [], modified: [] };
  const insertStarted = db.prepare(
    "INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES (?, ?, NULL, ?, NULL, NULL, ?, 0)",
  );
  const markFinished = db.prepare(
    "UPDATE _prisma_migrations SET finished_at = ?, applied_steps_count = 1 WHERE id = ?",
  );
  const recordFailure = db.prepare(
    "INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES (?, ?, NULL, ?, ?, NULL, ?, 0)",
  );

  for (const { name, sql, checksum } of pendingMigrations(migrationsDir, applied, report)) {
    const id = randomUUID();
    const startedAt = Date.now();
    try {
      if (managesOwnTransaction(sql)) {
        db.exec(sql);
        insertStarted.run(id, checksum, name, startedAt);
        markFinished.run(Date.now(), id);
      } else {
        db.transaction(() => {
          insertStarted.run(id, checksum, name, startedAt);
          db.exec(sql);
          markFinished.run(Date.now(), id);
        })();
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      recordFailure.run(id, checksum, name, message, startedAt);
      throw new MigrationError(
        `Database migration "${name}" failed and was rolled back: ${message}`,
      );
    }
    report.applied.push(name);
  }
  return report;
}
