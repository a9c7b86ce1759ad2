/**
 * The sheets, campaigns and choices kept in memory between commands never hide a change: made by
 * another connection, by Prisma on ours, by our own writes, or undone by a rollback. These run with
 * the test-only check of every hit off, so a stale value would be returned, and caught here.
 */
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seededRng } from "../../../../src/core/rng.js";
import { cloneSnapshot } from "../../../../src/games/cthulhu-eternal/services/snapshot.js";
import { loadProtagonist } from "../../../../src/games/cthulhu-eternal/services/lookups.js";
import { actor, GUILD, makeWorld, PLAYER, type World } from "../../../support/fixtures.js";

let world: World;
beforeEach(async () => {
  world = await makeWorld(seededRng(1), GUILD, { verifyCache: false });
});
afterEach(() => world.dispose());

/** The hero as a command reads it: in a transaction, through the cache. */
function heroNow() {
  return world.db.store.transaction((tx) => loadProtagonist(tx, GUILD, world.hero.id));
}

const rollOccult = () =>
  world.services.rolls.rollTest({ actor: actor(), subject: { kind: "skill", name: "Occult" } });

describe("the read cache", () => {
  it("reads a change another connection committed", async () => {
    expect((await heroNow()).san).toBe(world.hero.san);
    const other = new BetterSqlite3(world.db.file);
    other.prepare(`UPDATE "Protagonist" SET "san" = 12 WHERE "id" = ?`).run(world.hero.id);
    other.close();
    expect((await heroNow()).san).toBe(12);
  });

  it("reads a change Prisma made on the same connection", async () => {
    await heroNow();
    await world.db.prisma.protagonist.update({
      where: { id: world.hero.id },
      data: { name: "Renamed" },
    });
    expect((await heroNow()).name).toBe("Renamed");
  });

  it("keeps what our own write stored, without reading the sheet again", async () => {
    const { sql } = world.db;
    const before = await heroNow();
    const after = cloneSnapshot(before);
    after.san -= 4;
    const [first, ...rest] = after.skills;
    if (!first) throw new Error("the sample Protagonist has skills");
    after.skills = [{ ...first, failureMarked: !first.failureMarked }, ...rest];
    await world.db.store.transaction((tx) => tx.protagonists.write(before, after));
    const reads = vi.spyOn(sql, "get");
    const cached = await heroNow();
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
    const fresh = await world.db.prisma.protagonist.findUniqueOrThrow({
      where: { id: world.hero.id },
      select: { san: true },
    });
    expect(cached.san).toBe(fresh.san);
    expect(cached).toEqual(after);
  });

  it("forgets a write whose transaction rolled back", async () => {
    const before = await heroNow();
    const after = { ...cloneSnapshot(before), san: 1 };
    await expect(
      world.db.store.transaction(async (tx) => {
        await tx.protagonists.write(before, after);
        throw new Error("refused after writing");
      }),
    ).rejects.toThrow(/refused/);
    expect((await heroNow()).san).toBe(before.san);
  });

  it("rolls with the Protagonist the player selected, right after selecting it", async () => {
    expect((await rollOccult()).protagonist?.id).toBe(world.hero.id);
    const second = await world.addProtagonist(PLAYER, { name: "Second Agent" });
    await world.services.protagonists.select({
      actor: actor(),
      protagonistId: second.id,
      scope: "campaign",
    });
    expect((await rollOccult()).protagonist?.id).toBe(second.id);
  });
});
