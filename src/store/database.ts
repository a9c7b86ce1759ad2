import type { PrismaClient, Prisma } from "../generated/prisma/client.js";
import type { MigrationReport } from "../core/db/migrate.js";
import { openSqlite, type SqliteOptions } from "./sqlite-database.js";
import { openPostgres } from "./postgres-database.js";
import { transact } from "./transactions.js";

/**
 * Prisma Client, as the repositories are written against it. Both engines' clients are generated
 * from the same models (prisma/schema.prisma and prisma/postgres/schema.prisma, kept equal by
 * test/db/schema-equivalence.test.ts), so one type serves both.
 */
export type Db = PrismaClient;

/** Prisma Client inside one transaction: what a game's repositories are given. */
export type Client = Prisma.TransactionClient;

export type Engine = "sqlite" | "postgres";

/** The one database of the process: opened once by the composition root, shared by every game. */
export interface Database {
  readonly engine: Engine;
  /** Where it is, for the log: the SQLite file, or PostgreSQL's host and database (no password). */
  readonly location: string;
  readonly migrations: MigrationReport;
  /** The client itself, for the stores (and for tests that look at rows). */
  readonly prisma: Db;
  /**
   * Runs `work` in one transaction on `client`: committed when it settles, rolled back when it
   * throws. A write conflict with another transaction (another process, too) runs it again from
   * the start, a bounded number of times; `work` must leave nothing behind but its writes.
   */
  transaction<T>(work: (client: Client) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Whether DATABASE_URL names a PostgreSQL server (anything else is a SQLite file). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(url.trim());
}

export interface MigrationFolders {
  sqlite: string;
  postgres: string;
}

/**
 * Opens the database DATABASE_URL names, applies its engine's pending migrations, and connects
 * Prisma Client through the engine's own adapter.
 */
export async function openDatabase(
  url: string,
  migrations: MigrationFolders,
  options: SqliteOptions = {},
): Promise<Database> {
  const opened = isPostgresUrl(url)
    ? await openPostgres(url, migrations.postgres)
    : await openSqlite(url, migrations.sqlite, options);
  const { prisma, engine } = opened;
  return {
    ...opened,
    transaction: (work) => transact(prisma, engine, work),
    close: () => prisma.$disconnect(),
  };
}
