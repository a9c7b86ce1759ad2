/**
 * The built bot when it cannot log in: a Discord it cannot reach and a token Discord refuses are
 * told apart in the one fatal line, which comes before "stopped", and the process exits with 1.
 */
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "../support/fake-discord/index.js";
import { emptyDir, startBotProcess, type LogLine } from "./support/bot-process.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-login-token";
const FATAL = 60;
let fake: FakeDiscord;

beforeAll(async () => {
  fake = await startFakeDiscord({ requiredToken: TOKEN });
});

afterAll(async () => {
  await fake.close();
});

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Starts the bot, waits for it to end, and returns its exit code and log lines. */
async function failedStart(env: Record<string, string>) {
  const dir = emptyDir();
  const bot = startBotProcess({ DATABASE_URL: `file:${join(dir, "bot.db")}`, ...env }, dir);
  const code = await bot.exited;
  const messages = bot.logs.map((line: LogLine) => line.msg);
  return {
    code,
    fatal: bot.logs.filter((line) => line.level === FATAL).map((line) => line.msg),
    fatalIndex: bot.logs.findIndex((line) => line.level === FATAL),
    stoppedIndex: messages.indexOf("stopped"),
  };
}

describe("a start that cannot log in to Discord", () => {
  it("says Discord could not be reached when nothing answers at DISCORD_API_URL", async () => {
    const apiUrl = `http://127.0.0.1:${await closedPort()}/api`;
    const start = await failedStart({ DISCORD_TOKEN: TOKEN, DISCORD_API_URL: apiUrl });
    expect(start.code).toBe(1);
    expect(start.fatal).toEqual([
      `could not reach Discord at ${apiUrl}: the connection was refused`,
    ]);
    expect(start.stoppedIndex).toBeGreaterThan(start.fatalIndex);
  });

  it("says Discord could not be reached when it answers with server errors", async () => {
    fake.faults.failNext({ path: /^\/gateway\/bot$/, status: 503, count: 10 });
    try {
      const start = await failedStart({ DISCORD_TOKEN: TOKEN, DISCORD_API_URL: fake.apiUrl });
      expect(start.code).toBe(1);
      expect(start.fatal).toEqual([
        `could not reach Discord at ${fake.apiUrl}: Discord answered HTTP 503`,
      ]);
      expect(start.stoppedIndex).toBeGreaterThan(start.fatalIndex);
    } finally {
      fake.faults.clear();
    }
  });

  it("says the token was refused when Discord answers 401", async () => {
    const start = await failedStart({
      DISCORD_TOKEN: "not-the-token",
      DISCORD_API_URL: fake.apiUrl,
    });
    expect(start.code).toBe(1);
    expect(start.fatal).toEqual(["Discord refused the token: is DISCORD_TOKEN right?"]);
    expect(start.stoppedIndex).toBeGreaterThan(start.fatalIndex);
  });
});
