/**
 * The store words its engine's trouble as its own errors: a database locked by another connection
 * past the store's wait, or one that takes no writes, comes out of a transaction as
 * StoreUnavailable (raw from better-sqlite3, or as Prisma's adapter wraps it); anything else
 * comes out as it was.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asStoreError, transact } from "../../src/store/transactions.js";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../src/generated/prisma/client.js";
import { PrismaClient as PostgresClient } from "../../src/generated/prisma-postgres/client.js";
import { unavailableMessages, userMessageOf } from "../../src/core/discord/user-facing-error.js";
import { StoreUnavailable } from "../../src/store/store.js";
import { openTempDatabase } from "../support/temp-db.js";

let db: Awaited<ReturnType<typeof openTempDatabase>>;

beforeEach(async () => {
  db = await openTempDatabase();
});

afterEach(async () => {
  await db.dispose();
});

/** What `write` threw while another connection held the write lock. */
async function whileLocked(write: () => unknown): Promise<unknown> {
  const holder = new BetterSqlite3(db.file);
  holder.exec("BEGIN IMMEDIATE");
  try {
    await write();
  } catch (error) {
    return error;
  } finally {
    holder.exec("ROLLBACK");
    holder.close();
  }
  throw new Error("the write was expected to fail");
}

const INSERT = `INSERT INTO "BotState" ("key", "value", "updatedAt") VALUES ('k', 'v', '2026-01-01')`;

/** Prisma Client on the test's file, as the store opens it but with `options`. */
function clientOn(options: { timeout?: number; readonly?: boolean }) {
  return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: db.file, ...options }) });
}

const insertIn = (prisma: PrismaClient) =>
  transact(prisma, "sqlite", (tx) =>
    tx.botState.create({ data: { key: "k", value: "v" } }).then(() => undefined),
  );

describe("the store's errors", () => {
  it("a transaction that waited past its budget for a locked database: busy", async () => {
    const other = clientOn({ timeout: 50 });
    try {
      const error = await whileLocked(() => insertIn(other));
      expect(error).toBeInstanceOf(StoreUnavailable);
      expect(error).toMatchObject({ reason: "busy" });
    } finally {
      await other.$disconnect();
    }
  });

  it("a write on a database that takes none: read-only", async () => {
    const reader = clientOn({ readonly: true });
    try {
      const error: unknown = await insertIn(reader).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnavailable);
      expect(error).toMatchObject({ reason: "read-only" });
    } finally {
      await reader.$disconnect();
    }
  });

  it("reads an engine's codes raw and as Prisma's adapter wraps them", async () => {
    const raw = await whileLocked(() => {
      const connection = new BetterSqlite3(db.file, { timeout: 0 });
      try {
        connection.prepare(INSERT).run();
      } finally {
        connection.close();
      }
    });
    expect(asStoreError(raw)).toMatchObject({ reason: "busy" });
    const prisma = clientOn({ timeout: 0 });
    try {
      const wrapped = await whileLocked(() => prisma.$executeRawUnsafe(INSERT));
      expect(asStoreError(wrapped)).toMatchObject({ reason: "busy" });
    } finally {
      await prisma.$disconnect();
    }
  });

  it("leaves everything else as it was", () => {
    const bug = new Error("database on fire");
    expect(asStoreError(bug)).toBe(bug);
    const corrupt = { code: "SQLITE_CORRUPT" };
    expect(asStoreError(corrupt)).toBe(corrupt);
  });
});

describe("a PostgreSQL server that does not answer", () => {
  it("comes out of a transaction as unreachable, within Discord's 3 s, worded for the player", async () => {
    // Nothing listens on port 9 of loopback: the connection is refused at once.
    const client = new PostgresClient({
      adapter: new PrismaPg({
        connectionString: "postgresql://bot@127.0.0.1:9/bot",
        connectionTimeoutMillis: 2_000,
      }),
    });
    const prisma = client as unknown as PrismaClient;
    const started = performance.now();
    try {
      const error: unknown = await transact(prisma, "postgres", (tx) => tx.botState.count()).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StoreUnavailable);
      expect(error).toMatchObject({ reason: "unreachable" });
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(userMessageOf(error, () => undefined)).toBe(unavailableMessages.unreachable);
    } finally {
      await client.$disconnect();
    }
  });
});
