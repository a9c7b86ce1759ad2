/**
 * The built bot (`dist/src/main.js`, what `npm start` runs) as a child process against the fake
 * Discord. Tests run in order and share one fake and one database, like restarts in production.
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { GatewayIntentBits, InteractionResponseType, MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everyCommand } from "../../commands/index.js";
import { definitionJson } from "../../src/core/discord/command.js";
import { messages } from "../../src/core/discord/messages.js";
import { diceRefusal } from "../../src/games/cthulhu-eternal/presentation/dice-refusals.js";
import { DiceError, rollDice } from "../../src/games/cthulhu-eternal/rules/dice/index.js";
import { seededRng } from "../../src/core/rng.js";
import type { FakeDiscord } from "../support/fake-discord/index.js";
import type { BotProcess } from "./support/bot-process.js";
import { startSeededBot, type BotOnFake } from "./support/seeded-bot.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-secret-token-do-not-log_42";
const STARTUP_MS = 30_000;

let t: BotOnFake;
let fake: FakeDiscord;
const started: BotProcess[] = [];

const guildCommandsPath = (): string =>
  `/applications/${fake.applicationId}/guilds/${fake.guild().id}/commands`;

const bulkOverwrites = () =>
  fake.requestsTo(/^\/applications\/\d+(\/guilds\/\d+)?\/commands$/, "PUT");

const isEphemeral = (flags: number | undefined): boolean =>
  ((flags ?? 0) & MessageFlags.Ephemeral) !== 0;

/** The total in the roll embed's text, e.g. "1d100 [57] = **57**". */
function totalOf(description: string | undefined): number {
  const match = /= \*\*(-?\d+)\*\*$/.exec(description ?? "");
  if (match?.[1] === undefined) throw new Error(`no total in ${JSON.stringify(description)}`);
  return Number(match[1]);
}

function diceErrorMessage(expression: string): string {
  try {
    rollDice(expression, seededRng(1));
  } catch (error) {
    if (error instanceof DiceError) return diceRefusal(error);
    throw error;
  }
  throw new Error(`${expression} was expected to be invalid`);
}

/** Polls a condition the fake has no waiter for (a request that is still unanswered). */
async function until(condition: () => boolean, description: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// The bot starts on an empty database, as on a first deployment.
beforeAll(async () => {
  t = await startSeededBot(TOKEN, {
    seed: false,
    env: { LOG_LEVEL: "debug" },
    fake: { defaultTimeoutMs: STARTUP_MS },
  });
  fake = t.fake;
  started.push(t.bot);
}, 60_000);

afterAll(async () => {
  await t.stop();
});

describe("the bot process", () => {
  it(
    "connects with only the Guilds intent and registers its commands on the dev guild",
    async () => {
      const put = await fake.waitForRequest(
        (request) => request.method === "PUT" && request.path === guildCommandsPath(),
        { description: "the bulk overwrite of the dev guild's commands" },
      );
      expect(put.response?.status).toBe(200);
      expect(put.token).toBe(TOKEN);
      expect(fake.commands(fake.guild().id).map((command) => command.name)).toEqual(
        everyCommand.map((command) => definitionJson(command.definition).name),
      );
      expect(fake.gateway.identifies[0]?.intents).toBe(GatewayIntentBits.Guilds);
      await t.bot.waitForLog((line) => line.msg === "commands registered", "the registration");
      expect(bulkOverwrites()).toHaveLength(1);
    },
    STARTUP_MS,
  );

  it("answers /roll 1d100 publicly with an embed and a total from 1 to 100", async () => {
    const handle = fake.sendSlashCommand({ name: "roll", options: { expression: "1d100" } });
    const response = await handle.response();
    expect(response.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(isEphemeral(response.data?.flags)).toBe(false);
    expect(response.data?.allowed_mentions).toEqual({ parse: [] });
    const [embed] = response.data?.embeds ?? [];
    expect(embed?.title).toBe("🎲 1d100");
    const total = totalOf(embed?.description);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(100);
    expect(embed?.description).toBe(`1d100 [${total}] = **${total}**`);
  });

  it("keeps a secret roll private", async () => {
    const response = await fake
      .sendSlashCommand({ name: "roll", options: { expression: "3d6", secret: true } })
      .response();
    expect(isEphemeral(response.data?.flags)).toBe(true);
    const total = totalOf(response.data?.embeds?.[0]?.description);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(total).toBeLessThanOrEqual(18);
  });

  it.each(["1d", "2d6 +", "1001d6"])(
    "answers an invalid expression (%s) privately, in the game's words",
    async (expression) => {
      const response = await fake
        .sendSlashCommand({ name: "roll", options: { expression } })
        .response();
      expect(isEphemeral(response.data?.flags)).toBe(true);
      expect(response.data?.content).toBe(diceErrorMessage(expression));
    },
  );

  it(
    "on SIGTERM finishes the interaction in flight, turns newcomers away, and exits 0",
    async () => {
      // Hold the bot's answer at the fake so the interaction is still running at SIGTERM.
      fake.faults.delayNext({ path: /^\/interactions\/\d+\/[^/]+\/callback$/, delayMs: 2_500 });
      const running = fake.sendSlashCommand({ name: "roll", options: { expression: "1d20" } });
      await until(
        () =>
          fake.requests.some((request) => request.path.includes(`/interactions/${running.id}/`)),
        "the bot to start answering",
      );
      t.bot.signal("SIGTERM");
      await t.bot.waitForLog(
        (line) => String(line.msg).startsWith("shutting down"),
        "shutting down",
      );
      const late = await fake
        .sendSlashCommand({ name: "roll", options: { expression: "1d6" } })
        .response();
      expect(late.data?.content).toBe(messages.restarting);
      expect(isEphemeral(late.data?.flags)).toBe(true);

      const finished = await running.response();
      expect(totalOf(finished.data?.embeds?.[0]?.description)).toBeLessThanOrEqual(20);
      expect(await t.bot.exited).toBe(0);
      expect(fake.gateway.connected).toBe(false);
    },
    STARTUP_MS,
  );

  it(
    "after a restart on the same database, skips registering unchanged commands and still rolls",
    async () => {
      const overwritesBefore = bulkOverwrites().length;
      started.push(await t.restart());
      await t.bot.waitForLog(
        (line) => line.msg === "commands unchanged since the last registration; not registering",
        "the registration being skipped",
        STARTUP_MS,
      );
      const response = await fake
        .sendSlashCommand({ name: "roll", options: { expression: "2d10" } })
        .response();
      expect(totalOf(response.data?.embeds?.[0]?.description)).toBeGreaterThanOrEqual(2);
      expect(bulkOverwrites()).toHaveLength(overwritesBefore);
      t.bot.signal("SIGINT");
      expect(await t.bot.exited).toBe(0);
    },
    STARTUP_MS,
  );

  it(
    "npm run commands:register registers even when unchanged",
    async () => {
      const overwritesBefore = bulkOverwrites().length;
      const script = resolve(import.meta.dirname, "../../dist/scripts/register-commands.js");
      const child = spawn(process.execPath, [script], {
        cwd: t.dir,
        env: { PATH: process.env.PATH ?? "", ...t.env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((done) => child.once("exit", done));
      expect(code, output).toBe(0);
      expect(bulkOverwrites()).toHaveLength(overwritesBefore + 1);
      expect(output).not.toContain(TOKEN);
    },
    STARTUP_MS,
  );

  it("never wrote the token to its output, and made only requests Discord knows", () => {
    expect(started.length).toBeGreaterThan(0);
    for (const process of started) {
      expect(process.logs.length).toBeGreaterThan(0);
      expect(process.stdout()).not.toContain(TOKEN);
      expect(process.stderr()).not.toContain(TOKEN);
    }
    expect(fake.unmatchedRequests()).toEqual([]);
  });
});
