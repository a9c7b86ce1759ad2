/**
 * kill -9 of the bot process in the middle of a burst of changes, then a restart on the same
 * database file: every change the bot answered is in the database, every change is whole (the
 * Protagonist's HP matches its logged damage exactly), the file passes SQLite's integrity check,
 * and the restarted bot (no migration left to apply) answers again.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { InteractionResponseType } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "../support/fake-discord/index.js";
import type { InteractionHandle } from "../support/fake-discord/index.js";
import { emptyDir, startBotProcess, type BotProcess } from "../e2e/support/bot-process.js";
import { seedTable, type SeededTable } from "../e2e/support/seed.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.crash-test-token";
const ROLLS = 200;
const DAMAGES = 8;

let fake: FakeDiscord;
let dir: string;
let table: SeededTable;
const bots: BotProcess[] = [];

function startBot(): BotProcess {
  const bot = startBotProcess(
    {
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: fake.apiUrl,
      DATABASE_URL: `file:${join(dir, "bot.db")}`,
      DEV_GUILD_ID: fake.guild().id,
      // The burst comes from one player: no rate limit in the way.
      WRITE_RATE_LIMIT_BURST: "1000",
    },
    dir,
  );
  bots.push(bot);
  return bot;
}

beforeAll(async () => {
  fake = await startFakeDiscord({ requiredToken: TOKEN, defaultTimeoutMs: 20_000 });
  dir = emptyDir();
  table = await seedTable({
    databaseUrl: `file:${join(dir, "bot.db")}`,
    guildId: fake.guild().id,
    channelId: fake.defaultChannelId(),
    gmUserId: fake.guild().ownerId,
    players: [{ userId: fake.defaultUser.id }],
  });
  const bot = startBot();
  await bot.waitForLog((line) => line.msg === "commands registered", "the registration", 30_000);
}, 40_000);

afterAll(async () => {
  await Promise.all(bots.map((bot) => bot.kill()));
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Reads the database file as it is on disk now (WAL included). */
function inspect<T>(read: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(join(dir, "bot.db"), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The answer a player saw: the reply itself, or the edit of a deferred one. */
function answered(handle: InteractionHandle): boolean {
  const first = handle.callbacks()[0];
  if (first?.type === InteractionResponseType.ChannelMessageWithSource) {
    return (first.data?.embeds?.length ?? 0) > 0;
  }
  return (handle.original()?.embeds.length ?? 0) > 0;
}

const rolls: InteractionHandle[] = [];
const damages: InteractionHandle[] = [];

describe("kill -9 during a burst of changes", () => {
  it("dies with some changes answered and others in flight", async () => {
    const [bot] = bots;
    if (bot === undefined) throw new Error("the bot was started in beforeAll");
    for (let i = 0; i < ROLLS; i += 1) {
      rolls.push(fake.sendSlashCommand({ name: "roll", options: { expression: `1d6+${i}` } }));
      if (i % 25 === 0 && damages.length < DAMAGES) {
        damages.push(
          fake.sendSlashCommand({ name: "hp", subcommand: "damage", options: { amount: "1" } }),
        );
      }
    }
    const all = [...rolls, ...damages];
    // Watched on the database (answers reach the fake later than the bot commits).
    const watcher = new BetterSqlite3(join(dir, "bot.db"), { readonly: true });
    const changes = watcher.prepare("SELECT COUNT(*) AS n FROM Event WHERE kind IN ('roll', 'hp')");
    try {
      await until(() => (changes.get() as { n: number }).n >= 20, "the burst to be under way");
      bot.signal("SIGKILL");
      expect(await bot.exited).toBe("SIGKILL");
      // The kill cut the burst short (otherwise this test proves little).
      expect((changes.get() as { n: number }).n).toBeLessThan(all.length);
    } finally {
      watcher.close();
    }
    const answeredCount = all.filter(answered).length;
    expect(answeredCount).toBeGreaterThan(0);
    expect(answeredCount).toBeLessThan(all.length);
  });

  it("kept every answered change, whole, in an intact file", () => {
    const { integrity, events, hp } = inspect((db) => ({
      integrity: db.pragma("integrity_check", { simple: true }),
      events: db.prepare("SELECT kind, input FROM Event ORDER BY id").all() as {
        kind: string;
        input: string;
      }[],
      hp: db
        .prepare("SELECT hp, hpMax FROM Protagonist WHERE id = ?")
        .get(table.protagonists[0]?.id) as { hp: number; hpMax: number },
    }));
    expect(integrity).toBe("ok");
    const loggedExpressions = new Set(
      events
        .filter((event) => event.kind === "roll")
        .map((event) => (JSON.parse(event.input) as { expression: string }).expression),
    );
    rolls.forEach((handle, i) => {
      if (answered(handle)) expect(loggedExpressions).toContain(`1d6+${i}`);
    });
    const damageEvents = events.filter((event) => event.kind === "hp");
    expect(damageEvents.length).toBeGreaterThanOrEqual(damages.filter(answered).length);
    // Each damage is its state change and its event, together or not at all.
    expect(hp.hp).toBe(hp.hpMax - damageEvents.length);
  });

  it("restarts on the same file without migrating again, and answers", async () => {
    const bot = startBot();
    const ready = await bot.waitForLog((line) => line.msg === "database ready", "the database");
    expect(ready.applied).toEqual([]);
    await bot.waitForLog((line) => line.msg === "connected to Discord", "the login", 30_000);
    await fake.gateway.waitForSession();
    const response = await fake
      .sendSlashCommand({ name: "hp", subcommand: "damage", options: { amount: "1" } })
      .response();
    expect(response.data?.embeds?.length).toBe(1);
    const hp = inspect(
      (db) =>
        db
          .prepare("SELECT hp, hpMax FROM Protagonist WHERE id = ?")
          .get(table.protagonists[0]?.id) as { hp: number; hpMax: number },
    );
    const damageEvents = inspect(
      (db) =>
        (db.prepare("SELECT COUNT(*) AS n FROM Event WHERE kind = 'hp'").get() as { n: number }).n,
    );
    expect(hp.hp).toBe(hp.hpMax - damageEvents);
  }, 40_000);
});

/** Polls what the fake recorded (answers arrive on the fake's side). */
async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 5));
  }
}
