/**
 * Every transaction on PostgreSQL is SERIALIZABLE, said once per connection rather than by a
 * SET TRANSACTION after each BEGIN: two transactions that read and change one row at once cannot
 * both commit, and the store runs the loser again, so neither change is lost.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/store/database.js";
import { MIGRATION_FOLDERS, openTempDatabase, type TempDatabase } from "../../support/temp-db.js";

let db: TempDatabase;

beforeEach(async () => {
  db = await openTempDatabase("postgres");
  expect(db.engine).toBe("postgres");
});

afterEach(async () => {
  await db.dispose();
});

describe("transactions on PostgreSQL", () => {
  it("run SERIALIZABLE", async () => {
    const [row] = await db.transaction(
      (client) => client.$queryRaw<{ transaction_isolation: string }[]>`SHOW transaction_isolation`,
    );
    expect(row?.transaction_isolation).toBe("serializable");
  });

  it("two that read and change one row at once both land, one after the other", async () => {
    await db.transaction((client) => client.botState.create({ data: { key: "n", value: "0" } }));
    let reads = 0;
    let bothRead!: () => void;
    const afterBothRead = new Promise<void>((resolve) => (bothRead = resolve));
    const increment = () =>
      db.transaction(async (client) => {
        const { value } = await client.botState.findUniqueOrThrow({ where: { key: "n" } });
        reads += 1;
        if (reads === 2) bothRead();
        // Each waits until the other has read too, so both read "0" the first time.
        await Promise.race([afterBothRead, sleep(2_000)]);
        await client.botState.update({
          where: { key: "n" },
          data: { value: String(Number(value) + 1) },
        });
      });
    await Promise.all([increment(), increment()]);
    const { value } = await db.prisma.botState.findUniqueOrThrow({ where: { key: "n" } });
    expect(value).toBe("2");
    // The loser read again after the winner's commit.
    expect(reads).toBe(3);
  });

  it("keep settings the database URL gives in its own options", async () => {
    const url = `${db.url}?options=${encodeURIComponent("-c statement_timeout=4321")}`;
    const withOptions = await openDatabase(url, MIGRATION_FOLDERS);
    try {
      const [settings] = await withOptions.transaction(
        (client) =>
          client.$queryRaw<{ timeout: string; isolation: string }[]>`
          SELECT current_setting('statement_timeout') AS timeout,
                 current_setting('transaction_isolation') AS isolation`,
      );
      expect(settings).toEqual({ timeout: "4321ms", isolation: "serializable" });
    } finally {
      await withOptions.close();
    }
  });
});
