/**
 * `npm run backup`: the folder named is created, and the backup is one self-contained file
 * (no -wal or -shm beside it) that holds the data and passes SQLite's integrity check.
 */
import BetterSqlite3 from "better-sqlite3";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backupDatabase } from "../../src/core/db/backup.js";
import { openTempDatabase } from "../support/temp-db.js";

let db: Awaited<ReturnType<typeof openTempDatabase>>;

beforeEach(async () => {
  db = await openTempDatabase();
});

afterEach(async () => {
  await db.dispose();
});

describe("backupDatabase", () => {
  it("creates the folder and leaves one file that holds the data", async () => {
    await db.prisma.botState.create({ data: { key: "k", value: "v" } });
    const folder = join(db.dir, "backups", "nested");
    await backupDatabase(db.file, join(folder, "bot.db"));
    expect(readdirSync(folder)).toEqual(["bot.db"]);
    const copy = new BetterSqlite3(join(folder, "bot.db"), { readonly: true });
    try {
      expect(copy.prepare(`SELECT "value" FROM "BotState" WHERE "key" = 'k'`).get()).toEqual({
        value: "v",
      });
      expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
    } finally {
      copy.close();
    }
    expect(readdirSync(folder)).toEqual(["bot.db"]);
  });
});
