/**
 * The health check's database probe: true on the bot's connection, false on one that can only
 * read (a file the bot may not write, a read-only mount); it keeps one row of its own up to date.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBotStateService, databaseTakesWrites } from "../../src/core/bot-state-service.js";
import { connectEternalDatabase } from "../../src/games/cthulhu-eternal/store/open.js";
import { openTempDatabase } from "../support/temp-db.js";

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
    expect(db.sql.all<{ key: string }>(`SELECT "key" FROM "BotState"`)).toEqual([
      { key: "health-check" },
    ]);
  });

  it("is false on a connection that can only read", async () => {
    const reader = await connectEternalDatabase(db.file, { readonly: true });
    try {
      expect(await databaseTakesWrites(createBotStateService(reader.store))).toBe(false);
    } finally {
      await reader.prisma.$disconnect();
      reader.sql.connection.close();
    }
  });
});
