/**
 * Secrets never reach the logs of the real bot process, at the most verbose level (trace, which
 * includes discord.js's own debug lines), through answers, refusals, REST failures (5xx past the
 * retries, 429, Discord's "Unknown interaction"), gateway reconnects, shutdown, and a start with
 * a wrong token: neither the bot token nor any interaction token appears in stdout or stderr,
 * and nothing on the way was an unhandled rejection.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "../support/fake-discord/index.js";
import type { InteractionHandle } from "../support/fake-discord/index.js";
import { emptyDir, startBotProcess, type BotProcess } from "../e2e/support/bot-process.js";
import { seedTable } from "../e2e/support/seed.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.secrets-e2e-token-must-never-be-logged";
const WRONG_TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.a-wrong-token-also-never-logged";
const CALLBACK = /\/interactions\/\d+\/[^/]+\/callback$/;

let fake: FakeDiscord;
let dir: string;
let bot: BotProcess;
const sent: InteractionHandle[] = [];

function env(token: string): Record<string, string> {
  return {
    DISCORD_TOKEN: token,
    DISCORD_API_URL: fake.apiUrl,
    DATABASE_URL: `file:${join(dir, "bot.db")}`,
    DEV_GUILD_ID: fake.guild().id,
    LOG_LEVEL: "trace",
  };
}

beforeAll(async () => {
  fake = await startFakeDiscord({ requiredToken: TOKEN, defaultTimeoutMs: 20_000 });
  dir = emptyDir();
  await seedTable({
    databaseUrl: `file:${join(dir, "bot.db")}`,
    guildId: fake.guild().id,
    channelId: fake.defaultChannelId(),
    gmUserId: fake.guild().ownerId,
    players: [{ userId: fake.defaultUser.id }],
  });
  bot = startBotProcess(env(TOKEN), dir);
  await bot.waitForLog((line) => line.msg === "commands registered", "the registration", 30_000);
}, 40_000);

afterAll(async () => {
  await bot.kill();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

function send(options: Record<string, string | boolean>): InteractionHandle {
  const handle = fake.sendSlashCommand({ name: "roll", options });
  sent.push(handle);
  return handle;
}

/** Until the bot logged the end of this interaction (answered or not). */
function done(handle: InteractionHandle) {
  return bot.waitForLog(
    (line) => line.msg === "interaction done" && line.interactionId === handle.id,
    `the end of ${handle.id}`,
  );
}

describe("secrets in the logs of a whole run", () => {
  it("runs answers, refusals, REST failures, reconnects and a shutdown", async () => {
    await send({ expression: "1d6" }).response();
    await send({ skill: "Basket Weaving" }).response();

    fake.faults.failNext({ path: CALLBACK, status: 500, count: 20 });
    await done(send({ expression: "1d8" }));
    fake.faults.clear();

    fake.faults.failNext({
      path: CALLBACK,
      status: 404,
      body: { code: 10062, message: "Unknown interaction" },
    });
    await done(send({ expression: "1d10" }));

    fake.faults.failNext({ path: CALLBACK, status: 429, retryAfterSeconds: 0.1 });
    await send({ expression: "1d12" }).response();

    const since = fake.gateway.mark();
    fake.gateway.requestReconnect();
    await fake.gateway.waitFor("resumed", { since });
    fake.gateway.dropConnection();
    await fake.gateway.waitFor("resumed", { since: since + 2 });
    await send({ expression: "1d20" }).response();

    bot.signal("SIGTERM");
    expect(await bot.exited).toBe(0);
  });

  it("a start with a wrong token fails without printing it", async () => {
    const wrong = startBotProcess(env(WRONG_TOKEN), dir);
    expect(await wrong.exited).toBe(1);
    const output = wrong.stdout() + wrong.stderr();
    expect(output).toMatch(/DISCORD_TOKEN/);
    expect(output).not.toContain(WRONG_TOKEN);
    expect(output).not.toContain(WRONG_TOKEN.split(".").at(-1));
  });

  it("never wrote the bot token or an interaction token", () => {
    const output = bot.stdout() + bot.stderr();
    // The run was verbose and went through the error paths, so the check is not vacuous.
    expect(output).toMatch(/"level":10/);
    expect(output).toMatch(/interaction failed/);
    expect(output).toContain("[REDACTED]");
    expect(output).not.toContain(TOKEN);
    expect(output).not.toContain(TOKEN.split(".").at(-1));
    for (const handle of sent) expect(output).not.toContain(handle.token);
  });

  it("had no unhandled rejection or uncaught exception on the way", () => {
    const crashes = bot.logs.filter(
      (line) => line.msg === "unhandled promise rejection" || line.msg === "uncaught exception",
    );
    expect(crashes).toEqual([]);
  });
});
