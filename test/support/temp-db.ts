import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import {
  eternalStore,
  openEternalDatabase,
  type EternalDatabase,
} from "../../src/games/cthulhu-eternal/store/open.js";
import { PrismaClient } from "../../src/generated/prisma/client.js";
import { transact } from "../../src/store/transactions.js";
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  TEMPLATE_DATABASE,
  testPostgresUrl,
} from "./postgres.js";

export const MIGRATIONS_DIR = resolve(import.meta.dirname, "../../prisma/migrations");
export const POSTGRES_MIGRATIONS_DIR = resolve(
  import.meta.dirname,
  "../../prisma/postgres/migrations",
);
export const MIGRATION_FOLDERS = { sqlite: MIGRATIONS_DIR, postgres: POSTGRES_MIGRATIONS_DIR };

export type TempDatabase = EternalDatabase & {
  dir: string;
  /** The SQLite file (on PostgreSQL, a name that no file has). */
  file: string;
  /** Its DATABASE_URL. */
  url: string;
  dispose(): Promise<void>;
};

/**
 * A fresh, migrated database of its own (a real one, no mocks): a SQLite file in a temp folder,
 * or, when the suite runs on PostgreSQL (TEST_DATABASE=postgres), a database copied from the
 * migrated template.
 */
export async function openTempDatabase(engine?: "sqlite" | "postgres"): Promise<TempDatabase> {
  const server = testPostgresUrl();
  const onPostgres = (engine ?? process.env.TEST_DATABASE) === "postgres";
  if (onPostgres && server !== undefined) {
    return openTempPostgres(server);
  }
  const dir = mkdtempSync(join(tmpdir(), "ce-db-"));
  const file = join(dir, "test.db");
  const url = `file:${file}`;
  const db = await openEternalDatabase(url, MIGRATION_FOLDERS);
  return {
    ...db,
    dir,
    file,
    url,
    async dispose() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Another connection to a SQLite file, with the store on it: a short busy timeout, or read-only,
 * to play a database in trouble.
 */
export function connectStore(file: string, options: { timeout?: number; readonly?: boolean }) {
  const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: file, ...options }) });
  const store = eternalStore({ transaction: (work) => transact(prisma, "sqlite", work) });
  return { prisma, store, close: () => prisma.$disconnect() };
}

async function openTempPostgres(server: string): Promise<TempDatabase> {
  const name = await createDatabase(server, TEMPLATE_DATABASE);
  const url = databaseUrl(server, name);
  const db = await openEternalDatabase(url, MIGRATION_FOLDERS);
  const dir = mkdtempSync(join(tmpdir(), "ce-db-"));
  return {
    ...db,
    dir,
    url,
    file: join(dir, "not-a-sqlite-file"),
    async dispose() {
      await db.close();
      await dropDatabase(server, name);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
