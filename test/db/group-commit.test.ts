/**
 * Write transactions that queue up for the connection commit together: each runs in a savepoint
 * of one SQLite transaction and is answered only once the shared COMMIT is done. A member that
 * fails undoes only its own work; a lone transaction commits at once.
 */
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_BATCH } from "../../src/core/db/sql.js";
import { GUILD, makeWorld, type World } from "../support/fixtures.js";

let world: World;
let commits: number[];
beforeEach(async () => {
  world = await makeWorld(undefined, GUILD, { verifyCache: true });
  commits = [];
  const counted = world.db.sql.onCommit;
  world.db.sql.onCommit = (transactions) => {
    commits.push(transactions);
    counted?.(transactions);
  };
});
afterEach(() => world.dispose());

/** The campaign's name as another connection reads it: only what was committed. */
function committedName(): unknown {
  const other = new BetterSqlite3(world.db.file, { readonly: true });
  try {
    return other
      .prepare(`SELECT "name" FROM "Campaign" WHERE "id" = ?`)
      .pluck()
      .get(world.campaignId);
  } finally {
    other.close();
  }
}

const rename = (name: string) =>
  world.db.sql.transaction(() => {
    world.db.sql.run(`UPDATE "Campaign" SET "name" = ? WHERE "id" = ?`, name, world.campaignId);
    return name;
  });

describe("group commit", () => {
  it("commits a lone transaction at once", async () => {
    await rename("Alone");
    expect(commits).toEqual([1]);
    expect(committedName()).toBe("Alone");
  });

  it("commits queued transactions together, each answered only after the commit", async () => {
    const seenAtAnswer: unknown[] = [];
    const names = Array.from({ length: 5 }, (_, i) => `Night ${i}`);
    await Promise.all(
      names.map((name) =>
        rename(name).then(() => {
          seenAtAnswer.push(committedName());
        }),
      ),
    );
    expect(commits).toEqual([5]);
    // Every answer came after the last of them was durable.
    expect(seenAtAnswer).toEqual(names.map(() => "Night 4"));
  });

  it("holds at most MAX_BATCH transactions in one commit", async () => {
    await Promise.all(Array.from({ length: MAX_BATCH + 3 }, (_, i) => rename(`N${i}`)));
    expect(commits).toEqual([MAX_BATCH, 3]);
  });

  it("commits before handing the connection to a waiter that cannot join", async () => {
    const { sql } = world.db;
    const first = rename("First");
    // Not a store transaction (e.g. Prisma's adapter beginning its own): it needs no open one.
    const outsider = sql.lock.acquire().then(() => {
      const inTransaction = sql.connection.inTransaction;
      sql.lock.release();
      return inTransaction;
    });
    const last = rename("Last");
    expect(await Promise.all([first, outsider, last])).toEqual(["First", false, "Last"]);
    expect(commits).toEqual([1, 1]);
  });

  it("undoes only the failing transaction's work; the others commit", async () => {
    const failing = world.db.sql.transaction(() => {
      world.db.sql.run(`UPDATE "Campaign" SET "name" = ? WHERE "id" = ?`, "Lost", world.campaignId);
      throw new Error("refused");
    });
    const results = await Promise.allSettled([rename("First"), failing, rename("Last")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(commits).toEqual([3]);
    expect(committedName()).toBe("Last");
  });

  it("keeps the read cache in step when a member of the batch fails", async () => {
    const { store } = world.db;
    const { hero } = world;
    const hpNow = () =>
      store.transaction(async (tx) => (await tx.protagonists.find(GUILD, hero.id))?.hp);
    expect(await hpNow()).toBe(hero.hp);
    // The write tells the cache what the sheet now reads as; the work then fails.
    const failing = store.transaction(async (tx) => {
      await tx.protagonists.write(hero, { ...hero, hp: hero.hp - 1 });
      throw new Error("refused");
    });
    // Read in the same batch, after the failure, and after the commit: the cache (checked
    // against the database on every hit here) must not keep what was undone.
    const [, inBatch] = await Promise.allSettled([failing, hpNow()]);
    expect(inBatch).toEqual({ status: "fulfilled", value: hero.hp });
    expect(await hpNow()).toBe(hero.hp);
  });

  it("fails every member when the shared transaction is lost", async () => {
    const { sql } = world.db;
    const first = rename("Kept?");
    // Ending the SQLite transaction under the batch: what an I/O error would do.
    const breaking = sql.transaction(() => {
      sql.connection.exec("ROLLBACK");
      throw new Error("disk I/O error");
    });
    const results = await Promise.allSettled([first, breaking]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(committedName()).toBe("Night Floors");
    // The connection is usable again.
    await rename("Afterwards");
    expect(committedName()).toBe("Afterwards");
  });
});
