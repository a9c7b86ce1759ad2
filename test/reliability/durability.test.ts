/**
 * What "answered" means on disk: the services' connection syncs every commit (synchronous=FULL in
 * WAL mode), so a change the bot has answered survives the host losing power, not only the
 * process dying (which the crash test covers).
 */
import { describe, expect, it } from "vitest";
import { openTempDatabase } from "../support/temp-db.js";

describe("the database the bot opens", () => {
  it("is in WAL mode and syncs every commit", async () => {
    const db = await openTempDatabase();
    try {
      const [mode] =
        await db.prisma.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
      const [sync] =
        await db.prisma.$queryRawUnsafe<{ synchronous: bigint }[]>("PRAGMA synchronous");
      expect(mode?.journal_mode).toBe("wal");
      expect(Number(sync?.synchronous)).toBe(2); // FULL
      // Still so inside the transactions the services run.
      const inside = await db.prisma.$transaction((tx) =>
        tx.$queryRawUnsafe<{ synchronous: bigint }[]>("PRAGMA synchronous"),
      );
      expect(Number(inside[0]?.synchronous)).toBe(2);
    } finally {
      await db.dispose();
    }
  });
});
