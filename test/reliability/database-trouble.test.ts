/**
 * The database in trouble: another process holds the write lock longer than the bot's busy
 * timeout, or the file cannot be written. Writes are refused with "the table's records are busy"
 * (or cannot be written), privately, changing nothing; reads keep working; the bot stays up and
 * writes again once the database is back.
 */
import BetterSqlite3 from "better-sqlite3";
import { InteractionResponseType, MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unavailableMessages } from "../../src/core/discord/user-facing-error.js";
import { BUSY_TIMEOUT_MS } from "../../src/store/sqlite-database.js";
import { PLAYER, startTable, type Table } from "./support/table.js";

const WARN = 40;

const isEphemeral = (flags: number | undefined): boolean =>
  ((flags ?? 0) & MessageFlags.Ephemeral) !== 0;

function damage(table: Table) {
  return table.bot.fake
    .sendSlashCommand({ name: "hp", subcommand: "damage", user: PLAYER, options: { amount: "1" } })
    .response();
}

function status(table: Table) {
  return table.bot.fake
    .sendSlashCommand({ name: "resources", subcommand: "status", user: PLAYER })
    .response();
}

function errorsLogged(table: Table): unknown[] {
  return table.bot.logs.lines.filter((line) => (line.level ?? 0) >= 50);
}

describe("a database locked by another process", () => {
  let table: Table;

  beforeAll(async () => {
    table = await startTable({ botConnection: { busyTimeoutMs: 150 } });
  });

  afterAll(async () => {
    await table.stop();
  });

  it("refuses writes as busy, changing nothing, while reads go on", async () => {
    const before = table.checksum();
    const holder = new BetterSqlite3(table.databaseFile);
    holder.exec("BEGIN EXCLUSIVE");
    try {
      const refused = await damage(table);
      expect(isEphemeral(refused.data?.flags)).toBe(true);
      expect(refused.data?.content).toBe(unavailableMessages.busy);
      const read = await status(table);
      expect(read.type).toBe(InteractionResponseType.ChannelMessageWithSource);
      expect(read.data?.embeds?.length).toBe(1);
      await table.bot.dispatcher.drain(5_000);
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
    expect(table.checksum()).toBe(before);
    const warning = table.bot.logs.lines.find(
      (line) => line.msg === "database unavailable; request refused",
    );
    expect(warning).toMatchObject({ level: WARN, userMessage: unavailableMessages.busy });
    expect(errorsLogged(table)).toEqual([]);
  });

  it("writes again once the lock is gone", async () => {
    const response = await damage(table);
    expect(isEphemeral(response.data?.flags)).toBe(false);
    expect(response.data?.embeds?.length).toBe(1);
  });
});

describe("a lock held for a moment", () => {
  let table: Table;

  beforeAll(async () => {
    table = await startTable({ botConnection: { busyTimeoutMs: BUSY_TIMEOUT_MS } });
  });

  afterAll(async () => {
    await table.stop();
  });

  it("answers once the lock is gone, the bot running meanwhile (the release is a timer)", async () => {
    const holder = new BetterSqlite3(table.databaseFile);
    holder.exec("BEGIN EXCLUSIVE");
    // Released by a timer: it only fires if waiting for the lock leaves the event loop free.
    const released = new Promise<void>((resolve) => {
      setTimeout(() => {
        holder.exec("ROLLBACK");
        holder.close();
        resolve();
      }, 1_000);
    });
    const handle = table.bot.fake.sendSlashCommand({
      name: "hp",
      subcommand: "damage",
      user: PLAYER,
      options: { amount: "1" },
    });
    await handle.response();
    await released;
    const answer = await handle.waitForOriginal();
    expect(answer.embeds.length).toBe(1);
    expect(isEphemeral(answer.flags)).toBe(false);
    expect(handle.rejections()).toEqual([]);
    expect(errorsLogged(table)).toEqual([]);
  });
});

describe("a database that cannot be written", () => {
  let table: Table;

  beforeAll(async () => {
    table = await startTable({ botConnection: { readOnly: true } });
  });

  afterAll(async () => {
    await table.stop();
  });

  it("refuses writes plainly, changing nothing; reads and the bot go on", async () => {
    const before = table.checksum();
    for (let i = 0; i < 3; i += 1) {
      const refused = await damage(table);
      expect(isEphemeral(refused.data?.flags)).toBe(true);
      expect(refused.data?.content).toBe(unavailableMessages.readOnly);
    }
    const read = await status(table);
    expect(read.data?.embeds?.length).toBe(1);
    await table.bot.dispatcher.drain(5_000);
    expect(table.checksum()).toBe(before);
    expect(errorsLogged(table)).toEqual([]);
  });
});
