import BetterSqlite3 from "better-sqlite3";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../generated/prisma/client.js";
import { applyMigrations, type MigrationReport } from "./migrate.js";
import { retryWhileBusy } from "./busy.js";
import { promised, Sql } from "./sql.js";
import { WalCheckpoints } from "./wal-checkpoints.js";
import { sqliteFileFromUrl } from "./database-url.js";

export type Db = PrismaClient;

/** SQLite's page cache for the bot's connection, in KiB. */
export const PAGE_CACHE_KIB = 2_000;

/** How long a writer waits for another connection's lock before failing (ms). */
export const BUSY_TIMEOUT_MS = 5_000;

export interface OpenDatabase {
  prisma: PrismaClient;
  /** Prepared statements on Prisma's connection, for the hot paths. */
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
  const setup = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS });
  let migrations: MigrationReport;
  try {
    setup.pragma("journal_mode = WAL");
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
  sql.onCommit = () => {
    checkpoints.committed();
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
 * Prisma (through the better-sqlite3 driver adapter, which keeps SQLite's default of foreign keys
 * on) and our prepared statements, both on the one connection the adapter opens.
 */
export async function connectDatabase(
  file: string,
  options: { timeout?: number; readonly?: boolean; verifyCache?: boolean } = {},
): Promise<{ prisma: PrismaClient; sql: Sql }> {
  const {
    verifyCache = process.env.NODE_ENV === "test",
    timeout: busyBudgetMs = BUSY_TIMEOUT_MS,
    ...connection
  } = options;
  const connections: BetterSqlite3.Database[] = [];
  // No busy timeout: SQLite would wait for a lock synchronously, freezing the bot. Waiting is done
  // asynchronously instead (retryWhileBusy), by our statements and Prisma's transactions alike.
  const adapter = capturingConnection(
    new PrismaBetterSqlite3({ url: file, timeout: 0, ...connection }),
    (connection) => connections.push(connection),
  );
  const prisma = new PrismaClient({ adapter });
  await prisma.$connect();
  const opened = connections[0];
  if (!opened) throw new Error("Prisma connected without opening its SQLite connection");
  retryPrismaTransactionsWhileBusy(prisma, busyBudgetMs);
  // Under tests (vitest sets NODE_ENV), every cache hit is checked against the database.
  const sql = new Sql(
    opened,
    (work) => prisma.$transaction(() => promised(work)),
    verifyCache,
    busyBudgetMs,
  );
  return { prisma, sql };
}

/**
 * Interactive transactions (`$transaction(async (tx) => …)`) that meet another connection's lock
 * are rolled back by Prisma, then run again after a pause, within the budget. Their work only
 * touches the database, so running it again is safe. Batches and single queries are left as
 * they are: they fail at once when the database is busy, which never blocks the bot either.
 */
function retryPrismaTransactionsWhileBusy(prisma: PrismaClient, budgetMs: number): void {
  const transaction = prisma.$transaction.bind(prisma);
  const retrying = (...args: Parameters<typeof transaction>) =>
    typeof args[0] === "function"
      ? retryWhileBusy(() => transaction(...args), budgetMs)
      : transaction(...args);
  prisma.$transaction = retrying as typeof prisma.$transaction;
}

type AdapterFactory = PrismaBetterSqlite3;

/**
 * The adapter factory, reporting the better-sqlite3 connection each adapter it makes opens (the
 * adapter keeps it as its `client`), so our prepared statements share Prisma's connection.
 */
function capturingConnection(
  factory: AdapterFactory,
  onConnection: (connection: BetterSqlite3.Database) => void,
): AdapterFactory {
  const connect = factory.connect.bind(factory);
  return Object.assign(factory, {
    connect: async () => {
      const adapter = await connect();
      const client: unknown = Reflect.get(adapter, "client");
      if (!(client instanceof BetterSqlite3)) {
        throw new Error(
          "@prisma/adapter-better-sqlite3 no longer exposes its connection as `client`: update src/db/client.ts",
        );
      }
      onConnection(client);
      return adapter;
    },
  });
}
