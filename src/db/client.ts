import BetterSqlite3 from "better-sqlite3";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../generated/prisma/client.js";
import { applyMigrations, type MigrationReport } from "./migrate.js";
import { sqliteFileFromUrl } from "./database-url.js";

export type Db = PrismaClient;

/** How long a writer waits for another connection's lock before failing (ms). */
export const BUSY_TIMEOUT_MS = 5_000;

export interface OpenDatabase {
  prisma: PrismaClient;
  file: string;
  migrations: MigrationReport;
  close(): Promise<void>;
}

/**
 * Opens the embedded database: creates the file on first start, switches it to WAL (a setting
 * stored in the file), applies pending migrations, then connects Prisma through the
 * better-sqlite3 driver adapter (which keeps SQLite's default of foreign keys on), syncing
 * every commit to disk.
 */
export async function openDatabase(url: string, migrationsDir: string): Promise<OpenDatabase> {
  const file = sqliteFileFromUrl(url);
  const setup = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS });
  let migrations: MigrationReport;
  try {
    setup.pragma("journal_mode = WAL");
    setup.pragma("foreign_keys = ON");
    migrations = applyMigrations(setup, migrationsDir);
  } finally {
    setup.close();
  }
  const adapter = new PrismaBetterSqlite3({ url: file, timeout: BUSY_TIMEOUT_MS });
  const prisma = new PrismaClient({ adapter });
  await prisma.$connect();
  // better-sqlite3 opens WAL databases with synchronous=NORMAL: a commit would survive the
  // process dying, not the host losing power. FULL syncs the WAL at each commit, so a change the
  // bot has answered is on disk (the bot writes a few rows a second at most).
  await prisma.$executeRawUnsafe("PRAGMA synchronous = FULL");
  return {
    prisma,
    file,
    migrations,
    close: () => prisma.$disconnect(),
  };
}
