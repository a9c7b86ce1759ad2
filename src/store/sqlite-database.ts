import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../generated/prisma/client.js";
import { applyMigrations, type MigrationReport } from "../core/db/migrate.js";
import { sqliteFileFromUrl } from "../core/db/database-url.js";
import { openForWriting } from "../core/db/access.js";

/**
 * How long a statement waits for another process's lock on the file before SQLite gives up
 * (ms). SQLite waits synchronously, so the process waits with it; only another process (a backup,
 * an admin's shell) ever holds the lock, since the bot writes through one connection.
 */
export const BUSY_TIMEOUT_MS = 2_000;

export interface SqliteOptions {
  /** SQLite's `synchronous` in WAL mode: "full" also survives power loss, at an fsync per change. */
  sync?: "normal" | "full";
}

/**
 * The embedded database: the file (and its folder) created on first start and switched to WAL
 * (a setting stored in the file), pending migrations applied, then Prisma Client on Prisma's
 * better-sqlite3 adapter: one connection, whose transactions Prisma runs one at a time.
 */
export async function openSqlite(
  url: string,
  migrationsDir: string,
  options: SqliteOptions,
): Promise<{
  engine: "sqlite";
  location: string;
  prisma: PrismaClient;
  migrations: MigrationReport;
}> {
  const file = sqliteFileFromUrl(url);
  const setup = openForWriting(file, BUSY_TIMEOUT_MS);
  let migrations: MigrationReport;
  try {
    migrations = applyMigrations(setup, migrationsDir);
  } finally {
    setup.close();
  }
  const prisma = new PrismaClient({
    adapter: new PrismaBetterSqlite3({ url: file, timeout: BUSY_TIMEOUT_MS }),
  });
  await prisma.$connect();
  // Per connection: NORMAL (better-sqlite3's default in WAL) keeps every commit through a crash
  // of the process; FULL also syncs the WAL at each commit, for power loss.
  await prisma.$executeRawUnsafe(
    `PRAGMA synchronous = ${options.sync === "full" ? "FULL" : "NORMAL"}`,
  );
  return { engine: "sqlite", location: file, prisma, migrations };
}
