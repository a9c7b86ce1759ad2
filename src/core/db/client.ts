import BetterSqlite3 from "better-sqlite3";
import { PrismaClient } from "../../generated/prisma/client.js";
import { applyMigrations, type MigrationReport } from "./migrate.js";
import { Sql } from "./sql.js";
import { ConnectionLock } from "../../store/sqlite/lock.js";
import { storeAdapterFactory } from "../../store/sqlite/adapter.js";
import { WalCheckpoints } from "./wal-checkpoints.js";
import { sqliteFileFromUrl } from "./database-url.js";
import { openForWriting } from "./access.js";

export type Db = PrismaClient;

/** SQLite's page cache for the bot's connection, in KiB. */
export const PAGE_CACHE_KIB = 2_000;

/** How long a writer waits for another connection's lock before failing (ms). */
export const BUSY_TIMEOUT_MS = 5_000;

/** The database a game's store runs on (each game builds its store on `sql`). */
export interface OpenDatabase {
  prisma: PrismaClient;
  /** The connection's prepared statements and transactions, for the stores (and tests). */
  sql: Sql;
  file: string;
  migrations: MigrationReport;
  close(): Promise<void>;
}

/**
 * Opens the embedded database: creates the file on first start, switches it to WAL (a setting
 * stored in the file), applies pending migrations, then connects (`connectDatabase`).
 */
export async function openDatabase(
  url: string,
  migrationsDir: string,
  options: {
    sync?: "normal" | "full";
    verifyCache?: boolean;
    /** A WAL checkpoint failed (it is tried again later). */
    onCheckpointError?: (error: unknown) => void;
  } = {},
): Promise<OpenDatabase> {
  const file = sqliteFileFromUrl(url);
  const setup = openForWriting(file, BUSY_TIMEOUT_MS);
  let migrations: MigrationReport;
  try {
    setup.pragma("foreign_keys = ON");
    migrations = applyMigrations(setup, migrationsDir);
  } finally {
    setup.close();
  }
  const { prisma, sql } = await connectDatabase(file, { verifyCache: options.verifyCache });
  // WAL with NORMAL (better-sqlite3's default): a commit survives the process dying and the file
  // stays consistent, but the last commits may be lost if the host loses power. FULL also syncs
  // the WAL at every commit: 0.15 ms on a quiet SSD here, several ms on a busy disk, per change.
  sql.connection.pragma(`synchronous = ${options.sync === "full" ? "FULL" : "NORMAL"}`);
  // SQLite's own default page cache (2 MB); better-sqlite3 builds it with 16 MB. The commands'
  // hot reads are kept decoded in the read cache, so more pages would only hold memory.
  sql.connection.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const checkpoints = new WalCheckpoints(sql.connection, options.onCheckpointError);
  sql.onCommit = (transactions) => {
    checkpoints.committed(transactions);
  };
  return {
    prisma,
    sql,
    file,
    migrations,
    close: () => {
      checkpoints.stop();
      return prisma.$disconnect();
    },
  };
}

/**
 * The store's SQLite connection, and on it both our prepared statements and Prisma (through our
 * own driver adapter, src/store/sqlite/adapter.ts; foreign keys on, SQLite's default).
 */
export async function connectDatabase(
  file: string,
  options: { timeout?: number; readonly?: boolean; verifyCache?: boolean } = {},
): Promise<{ prisma: PrismaClient; sql: Sql }> {
  const {
    verifyCache = process.env.NODE_ENV === "test",
    timeout: busyBudgetMs = BUSY_TIMEOUT_MS,
    readonly = false,
  } = options;
  // No busy timeout: SQLite would wait for a lock synchronously, freezing the bot. Waiting is done
  // asynchronously instead (retryWhileBusy).
  const connection = new BetterSqlite3(file, { timeout: 0, readonly });
  // Prisma reads integers as BigInts; our statements switch each one back to numbers.
  connection.defaultSafeIntegers(true);
  const lock = new ConnectionLock();
  // Under tests (vitest sets NODE_ENV), every cache hit is checked against the database.
  const sql = new Sql(connection, lock, verifyCache, busyBudgetMs);
  const adapter = storeAdapterFactory(connection, lock, () => {
    sql.cache.markDirty();
  });
  const prisma = new PrismaClient({ adapter });
  await prisma.$connect();
  runPrismaTransactionsInTheStore(prisma, sql);
  return { prisma, sql };
}

/**
 * An interactive transaction (`$transaction(async (tx) => …)`) runs as one of the store's
 * transactions, with the client itself as `tx`: its queries go to the connection the store's
 * transaction holds, beside our statements. Batches are left to Prisma.
 */
function runPrismaTransactionsInTheStore(prisma: PrismaClient, sql: Sql): void {
  const transaction = prisma.$transaction.bind(prisma);
  const inStore = (...args: Parameters<typeof transaction>) => {
    const [work] = args;
    return typeof work === "function" ? sql.transaction(() => work(prisma)) : transaction(...args);
  };
  prisma.$transaction = inStore as typeof prisma.$transaction;
}
