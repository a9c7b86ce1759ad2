/**
 * Another process holding the database's write lock (a backup, an admin's shell, a second bot by
 * mistake) loses nothing the bot answered. Prisma's SQLite adapter has a known trap (Prisma
 * issue 29933): a busy error at the wrong moment can leave its connection inside a transaction,
 * and later acknowledged writes are then lost. Each write here is acknowledged only once committed,
 * and a fresh connection must find exactly the acknowledged ones.
 */
import { spawn } from "node:child_process";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cloneSnapshot } from "../../src/games/cthulhu-eternal/services/snapshot.js";
import { StoreUnavailable } from "../../src/store/store.js";
import { BUSY_TIMEOUT_MS } from "../../src/store/sqlite-database.js";
import { GM_USER, GUILD, makeWorld, type World } from "../support/fixtures.js";

let world: World;
beforeEach(async () => {
  world = await makeWorld();
});
afterEach(() => world.dispose());

/**
 * Another process takes the write lock, writes a row, and holds the lock for `ms` before it
 * commits. Resolves once the lock is held; `done` settles when the process has exited.
 */
async function lockFromAnotherProcess(file: string, ms: number) {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[1]);
    db.exec("BEGIN IMMEDIATE");
    db.prepare('INSERT INTO "BotState" ("key", "value", "updatedAt") VALUES (?, ?, ?)')
      .run("other-process", "was here", new Date().toISOString());
    process.stdout.write("locked\\n");
    setTimeout(() => { db.exec("COMMIT"); db.close(); }, Number(process.argv[2]));
  `;
  const child = spawn(process.execPath, ["-e", script, file, String(ms)], {
    cwd: process.cwd(),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const done = new Promise<number | null>((resolve) => child.on("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => {
      resolve();
    });
    child.on("exit", () => {
      reject(new Error("the locking process ended before it held the lock"));
    });
  });
  return { done };
}

/** One SAN point lost and its event logged, in one transaction; resolves once committed. */
function loseOneSan(world: World) {
  return world.db.store.transaction(async (tx) => {
    const before = await tx.protagonists.find(GUILD, world.hero.id);
    if (!before) throw new Error("the hero is there");
    const after = { ...cloneSnapshot(before), san: before.san - 1 };
    await tx.protagonists.write(before, after);
    await tx.events.append({
      guildId: GUILD,
      campaignId: world.campaignId,
      actorId: GM_USER,
      kind: "test-san-loss",
      payloadVersion: 1,
      payload: {},
      sessionNumber: 1,
      input: {},
      changes: [{ before, after }],
    });
  });
}

/** What a fresh connection finds on disk: the hero's SAN and the losses logged. */
function onDisk(world: World) {
  const reader = new BetterSqlite3(world.db.file, { readonly: true });
  try {
    const san = reader
      .prepare(`SELECT "san" FROM "Protagonist" WHERE "id" = ?`)
      .pluck()
      .get(world.hero.id) as number;
    const events = reader
      .prepare(`SELECT COUNT(*) FROM "Event" WHERE "kind" = 'test-san-loss'`)
      .pluck()
      .get() as number;
    return { san, events };
  } finally {
    reader.close();
  }
}

describe("a database locked by another process", () => {
  it("waits for a short lock, and every write lands exactly once", async () => {
    const san = world.hero.san;
    const lock = await lockFromAnotherProcess(world.db.file, BUSY_TIMEOUT_MS / 4);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => loseOneSan(world)));
    await lock.done;
    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
    expect(onDisk(world)).toEqual({ san: san - 20, events: 20 });
  });

  it("says busy past its wait, writes nothing then, and loses nothing acknowledged after", async () => {
    const san = world.hero.san;
    const lock = await lockFromAnotherProcess(world.db.file, BUSY_TIMEOUT_MS + 1_500);
    const during = await Promise.allSettled([loseOneSan(world), loseOneSan(world)]);
    for (const outcome of during) {
      expect(outcome.status).toBe("rejected");
      if (outcome.status === "rejected") {
        expect(outcome.reason).toBeInstanceOf(StoreUnavailable);
        expect(outcome.reason).toMatchObject({ reason: "busy" });
      }
    }
    await lock.done;
    // The connection is not left inside a transaction: later writes are committed, not lost.
    for (let i = 0; i < 5; i += 1) await loseOneSan(world);
    expect(onDisk(world)).toEqual({ san: san - 5, events: 5 });
  });
});
