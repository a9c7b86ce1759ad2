/**
 * What "answered" means on disk. In WAL mode, a committed change survives the process dying
 * (the crash test covers that) whatever the sync setting; DATABASE_SYNC=full (synchronous=FULL)
 * also syncs every commit, so it survives the host losing power.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/store/database.js";
import { MIGRATION_FOLDERS } from "../support/temp-db.js";

const SYNCHRONOUS = { normal: 1, full: 2 } as const;

describe("the database the bot opens", () => {
  it.each([
    [undefined, SYNCHRONOUS.normal],
    ["normal", SYNCHRONOUS.normal],
    ["full", SYNCHRONOUS.full],
  ] as const)("with sync %s is in WAL mode and syncs as asked", async (sync, expected) => {
    const dir = mkdtempSync(join(tmpdir(), "ce-sync-"));
    const db = await openDatabase(
      `file:${join(dir, "bot.db")}`,
      MIGRATION_FOLDERS,
      sync === undefined ? {} : { sync },
    );
    try {
      const [mode] =
        await db.prisma.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
      expect(mode?.journal_mode).toBe("wal");
      // The setting is per connection: the bot's one connection, where its transactions run.
      const inside = await db.prisma.$transaction((tx) =>
        tx.$queryRawUnsafe<{ synchronous: bigint }[]>("PRAGMA synchronous"),
      );
      expect(Number(inside[0]?.synchronous)).toBe(expected);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
