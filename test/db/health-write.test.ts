/**
 * The health check's database probe: true on the bot's connection, false on one that can only
 * read (a file the bot may not write, a read-only mount); it keeps one row of its own up to date.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBotStateService, databaseTakesWrites } from "../../src/core/bot-state-service.js";

import { connectStore, openTempDatabase } from "../support/temp-db.js";

let db: Awaited<ReturnType<typeof openTempDatabase>>;

beforeEach(async () => {
  db = await openTempDatabase();
});

afterEach(async () => {
  await db.dispose();
});

describe("databaseTakesWrites", () => {
  it("is true on a connection that writes, keeping one row", async () => {
    const botState = createBotStateService(db.store);
    expect(await databaseTakesWrites(botState)).toBe(true);
    expect(await databaseTakesWrites(botState)).toBe(true);
    expect(await db.prisma.botState.findMany({ select: { key: true } })).toEqual([
      { key: "health-check" },
    ]);
  });

  it("is false on a connection that can only read", async () => {
    const reader = connectStore(db.file, { readonly: true });
    try {
      expect(await databaseTakesWrites(createBotStateService(reader.store))).toBe(false);
    } finally {
      await reader.close();
    }
  });
});
