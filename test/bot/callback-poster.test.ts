/**
 * First answers go out on the bot's own connections: they carry what the REST client would send,
 * Discord's refusals come back for the REST client to handle, and an unreachable endpoint leaves
 * the answer to the REST client, answered once either way.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SlashCommandBuilder } from "discord.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CallbackPoster } from "../../src/bot/callback-poster.js";
import type { CommandModule } from "../../src/bot/command.js";
import { startInProcessBot, type InProcessBot } from "./support/in-process-bot.js";

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage["headers"];
  body: string;
}

/** An HTTP server answering every request with `answer`, remembering what it got. */
async function recordingServer(answer: { status: number; headers?: Record<string, string> }) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    received,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}

/** A port nothing listens on. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return `http://127.0.0.1:${port}/api`;
}

describe("CallbackPoster", () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });

  it("posts the JSON to the interaction's callback under the API URL, as the REST client would", async () => {
    const server = await recordingServer({ status: 204 });
    const poster = new CallbackPoster(server.url, "10");
    cleanup.push(server.close);
    const body = JSON.stringify({ type: 4, data: { content: "Rolled **42**" } });
    const answer = await poster.post("1234", "tok-en", body);
    expect(answer.status).toBe(204);
    expect(server.received).toEqual([
      expect.objectContaining({
        method: "POST",
        url: "/api/v10/interactions/1234/tok-en/callback?with_response=false",
        body,
      }),
    ]);
    expect(server.received[0]?.headers["content-type"]).toBe("application/json");
    expect(server.received[0]?.headers["user-agent"]).toMatch(/^DiscordBot \(/);
  });

  it("hands back a refusal with its headers (a 429's retry-after) and leaves retrying to others", async () => {
    const server = await recordingServer({
      status: 429,
      headers: { "Retry-After": "0.25", "X-RateLimit-Global": "false" },
    });
    const poster = new CallbackPoster(server.url, "10");
    cleanup.push(server.close);
    const answer = await poster.post("1234", "token", "{}");
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("0.25");
    expect(server.received).toHaveLength(1);
  });

  it("rejects when nothing answers", async () => {
    const poster = new CallbackPoster(await closedPortUrl(), "10");
    await expect(poster.post("1234", "token", "{}")).rejects.toThrow();
  });

  it("keeps the token out of the path it gives for logs", () => {
    const poster = new CallbackPoster("https://discord.com/api/", "10");
    expect(poster.pathForLogs("1234")).toBe("/api/v10/interactions/1234/:token/callback");
  });
});

const echo: CommandModule = {
  definition: new SlashCommandBuilder().setName("echo").setDescription("says it back"),
  execute: async (_interaction, { reply }) => {
    await reply.send({ embeds: [{ title: "Echo" }] });
  },
};

describe("a first answer when the bot's own connection cannot reach Discord", () => {
  let bot: InProcessBot;
  beforeAll(async () => {
    bot = await startInProcessBot({ modules: [echo], callbacksApiUrl: await closedPortUrl() });
  });
  afterAll(async () => {
    await bot.stop();
  });

  it("goes through the REST client instead: answered once, one warning", async () => {
    const mark = bot.logs.lines.length;
    const handle = bot.fake.sendSlashCommand({ name: "echo" });
    const response = await handle.response();
    expect(response.data?.embeds?.[0]?.title).toBe("Echo");
    expect(await bot.dispatcher.drain(5_000)).toBe(true);
    expect(handle.callbacks()).toHaveLength(1);
    const warnings = bot.logs.lines.slice(mark).filter((line) => (line.level ?? 0) >= 40);
    expect(warnings.map((line) => line.msg)).toEqual([
      "interaction callback got no answer; sending it through the REST client",
    ]);
  });
});

describe("a first answer on the bot's own connection", () => {
  let bot: InProcessBot;
  beforeAll(async () => {
    bot = await startInProcessBot({ modules: [echo] });
  });
  afterAll(async () => {
    await bot.stop();
  });

  it("reaches Discord once, without the REST client", async () => {
    const before = bot.fake.requests.length;
    const handle = bot.fake.sendSlashCommand({ name: "echo" });
    expect((await handle.response()).data?.embeds?.[0]?.title).toBe("Echo");
    expect(await bot.dispatcher.drain(5_000)).toBe(true);
    const callbacks = bot.fake.requests
      .slice(before)
      .filter((request) => request.route === "interactions.callback");
    expect(callbacks).toHaveLength(1);
    // The REST client adds discord.js's name to its user agent; the bot's own connection does not.
    expect(callbacks[0]?.headers["user-agent"]).not.toMatch(/discord\.js\//);
  });

  it("a 5xx on it: the REST client sends the answer again, answered once, one warning each", async () => {
    const mark = bot.logs.lines.length;
    bot.fake.faults.failNext({ path: /\/interactions\/\d+\/[^/]+\/callback$/, status: 502 });
    const handle = bot.fake.sendSlashCommand({ name: "echo" });
    expect((await handle.response()).data?.embeds?.[0]?.title).toBe("Echo");
    expect(await bot.dispatcher.drain(5_000)).toBe(true);
    expect(handle.callbacks()).toHaveLength(1);
    const warnings = bot.logs.lines.slice(mark).filter((line) => (line.level ?? 0) >= 40);
    expect(warnings).toEqual([
      expect.objectContaining({
        msg: "Discord answered with a server error",
        status: 502,
        path: expect.stringMatching(/\/interactions\/\d+\/:token\/callback$/) as unknown,
      }),
    ]);
  });
});
