/**
 * Waiting for another connection's write lock never freezes the bot: our statements and Prisma's
 * interactive transactions wait asynchronously (timers keep firing meanwhile), go through once the
 * lock is released, and give up with SQLite's busy error after their budget.
 */
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseBusy } from "../../src/core/db/busy.js";
import { connectDatabase } from "../../src/core/db/client.js";
import type { Sql } from "../../src/core/db/sql.js";
import type { PrismaClient } from "../../src/generated/prisma/client.js";
import { StoreUnavailable } from "../../src/store/store.js";
import { openTempDatabase } from "../support/temp-db.js";

let database: Awaited<ReturnType<typeof openTempDatabase>>;
let patient: { prisma: PrismaClient; sql: Sql };
let hasty: { prisma: PrismaClient; sql: Sql };

beforeAll(async () => {
  database = await openTempDatabase();
  patient = await connectDatabase(database.file, { timeout: 5_000 });
  hasty = await connectDatabase(database.file, { timeout: 100 });
});

afterAll(async () => {
  await patient.prisma.$disconnect();
  await hasty.prisma.$disconnect();
  await database.dispose();
});

/** Holds the write lock from another connection until `release` is called. */
function holdLock() {
  const holder = new BetterSqlite3(database.file);
  holder.exec("BEGIN EXCLUSIVE");
  return () => {
    holder.exec("ROLLBACK");
    holder.close();
  };
}

/**
 * Counts timer ticks: they only happen while the event loop is free. A synchronous busy wait would
 * let none through before the release (which is itself a timer); how many pass depends on load.
 */
function ticker() {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
  }, 10);
  return {
    get ticks() {
      return ticks;
    },
    stop: () => {
      clearInterval(timer);
    },
  };
}

async function whileLocked<T>(work: () => Promise<T>): Promise<{ value: T; ticks: number }> {
  const release = holdLock();
  const ticks = ticker();
  let releasedAtTick = -1;
  const releasing = setTimeout(() => {
    releasedAtTick = ticks.ticks;
    release();
  }, 300);
  try {
    const value = await work();
    return { value, ticks: releasedAtTick };
  } finally {
    clearTimeout(releasing);
    ticks.stop();
  }
}

describe("a write lock held by another process", () => {
  it("our transactions wait for it without blocking, then write", async () => {
    const { value, ticks } = await whileLocked(() =>
      patient.sql.transaction(() =>
        patient.sql.run(
          `INSERT INTO "BotState" ("key", "value", "updatedAt") VALUES ('ours', 'written', '2026-01-01')`,
        ),
      ),
    );
    expect(value.changes).toBe(1);
    expect(ticks).toBeGreaterThan(0);
  });

  it("Prisma's interactive transactions wait for it without blocking, then write", async () => {
    const { value, ticks } = await whileLocked(() =>
      patient.prisma.$transaction((tx) =>
        tx.botState.upsert({
          where: { key: "prisma" },
          create: { key: "prisma", value: "written" },
          update: { value: "written" },
        }),
      ),
    );
    expect(value.value).toBe("written");
    expect(ticks).toBeGreaterThan(0);
  });

  it("gives up with the busy error after the budget, having written nothing", async () => {
    const release = holdLock();
    try {
      const ours = hasty.sql.transaction(() =>
        hasty.sql.run(
          `INSERT INTO "BotState" ("key", "value", "updatedAt") VALUES ('late', 'no', '2026-01-01')`,
        ),
      );
      const prismas = hasty.prisma.$transaction((tx) =>
        tx.botState.create({ data: { key: "late-prisma", value: "no" } }),
      );
      const outcomes = await Promise.allSettled([ours, prismas]);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe("rejected");
        // The store says so in its own words, its engine's code kept as the cause.
        if (outcome.status === "rejected") {
          expect(outcome.reason).toBeInstanceOf(StoreUnavailable);
          expect(isDatabaseBusy((outcome.reason as StoreUnavailable).cause)).toBe(true);
        }
      }
    } finally {
      release();
    }
    expect(await patient.prisma.botState.count({ where: { key: { startsWith: "late" } } })).toBe(0);
  });
});
