/**
 * Discord misbehaving: the gateway asks to reconnect (op 7), drops, invalidates the session
 * (op 9, resumable or not); REST answers 429 with a retry-after, or 5xx. The bot recovers, keeps
 * answering (interactions sent while it was away are replayed and answered), and logs each
 * incident and each recovery exactly once, at the right level.
 */
import { InteractionResponseType } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LogLine } from "../core/discord/support/log-capture.js";
import { PLAYER, startTable, type Table } from "./support/table.js";

const INFO = 30;
const WARN = 40;

let table: Table;

beforeAll(async () => {
  table = await startTable({ logClientEvents: true });
});

afterAll(async () => {
  await table.stop();
});

async function rollAnswered(): Promise<void> {
  const response = await table.bot.fake
    .sendSlashCommand({ name: "roll", user: PLAYER, options: { expression: "1d6" } })
    .response({ timeoutMs: 15_000 });
  expect(response.type).toBe(InteractionResponseType.ChannelMessageWithSource);
  expect(response.data?.embeds?.[0]?.title).toMatch(/1d6/);
}

/** What was logged from `mark` on, at warn and above plus the named info lines. */
function loggedSince(mark: number): LogLine[] {
  return table.bot.logs.lines.slice(mark);
}

function countOf(lines: readonly LogLine[], msg: string, level: number): number {
  return lines.filter((line) => line.msg === msg && line.level === level).length;
}

/** Warnings and errors other than the expected ones. */
function unexpectedWarnings(lines: readonly LogLine[], expected: readonly string[]): LogLine[] {
  return lines.filter((line) => (line.level ?? 0) >= WARN && !expected.includes(String(line.msg)));
}

describe("gateway incidents", () => {
  it("op 7 (reconnect requested): resumes, logged once at info", async () => {
    const { gateway } = table.bot.fake;
    const mark = table.bot.logs.lines.length;
    const since = gateway.mark();
    gateway.requestReconnect();
    await gateway.waitFor("resumed", { since });
    await rollAnswered();
    const lines = loggedSince(mark);
    expect(countOf(lines, "Discord asked the bot to reconnect; resuming", INFO)).toBe(1);
    expect(countOf(lines, "gateway resumed", INFO)).toBe(1);
    expect(unexpectedWarnings(lines, [])).toEqual([]);
  });

  it("a dropped connection: resumes and answers what was sent meanwhile, one warning", async () => {
    const { fake } = table.bot;
    const mark = table.bot.logs.lines.length;
    const since = fake.gateway.mark();
    fake.gateway.dropConnection();
    // Sent while the bot is away: Discord keeps it for the resumed session.
    const meanwhile = fake.sendSlashCommand({
      name: "roll",
      user: PLAYER,
      options: { expression: "2d6" },
    });
    await fake.gateway.waitFor("resumed", { since });
    expect((await meanwhile.response()).data?.embeds?.[0]?.title).toMatch(/2d6/);
    await rollAnswered();
    const lines = loggedSince(mark);
    const lost = lines.filter((line) => line.msg === "gateway connection lost");
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ level: WARN, code: 1006, recovery: "resume" });
    expect(countOf(lines, "gateway resumed", INFO)).toBe(1);
    expect(unexpectedWarnings(lines, ["gateway connection lost"])).toEqual([]);
  });

  it("op 9, resumable: resumes, one warning", async () => {
    const { gateway } = table.bot.fake;
    const mark = table.bot.logs.lines.length;
    const since = gateway.mark();
    gateway.invalidateSession(true);
    await gateway.waitFor("resumed", { since });
    await rollAnswered();
    const lines = loggedSince(mark);
    const invalidated = "Discord invalidated the gateway session; resuming";
    expect(countOf(lines, invalidated, WARN)).toBe(1);
    expect(countOf(lines, "gateway resumed", INFO)).toBe(1);
    expect(unexpectedWarnings(lines, [invalidated])).toEqual([]);
  });
});

describe("REST trouble", () => {
  it("429 with retry-after: waits, answers, one warning", async () => {
    const mark = table.bot.logs.lines.length;
    table.bot.fake.faults.failNext({
      path: /\/interactions\/\d+\/[^/]+\/callback$/,
      status: 429,
      retryAfterSeconds: 0.2,
    });
    await rollAnswered();
    const lines = loggedSince(mark);
    expect(countOf(lines, "rate limited by Discord", WARN)).toBe(1);
    expect(unexpectedWarnings(lines, ["rate limited by Discord"])).toEqual([]);
  });

  it("a 5xx: retried, answered, one warning per failed response", async () => {
    const mark = table.bot.logs.lines.length;
    table.bot.fake.faults.failNext({
      path: /\/interactions\/\d+\/[^/]+\/callback$/,
      status: 503,
      count: 2,
    });
    await rollAnswered();
    const lines = loggedSince(mark);
    const serverErrors = lines.filter(
      (line) => line.msg === "Discord answered with a server error",
    );
    expect(serverErrors).toHaveLength(2);
    expect(serverErrors[0]).toMatchObject({ level: WARN, status: 503 });
    expect(unexpectedWarnings(lines, ["Discord answered with a server error"])).toEqual([]);
  });

  it("an outage longer than the retries: that interaction is lost, the bot stays up", async () => {
    const { fake } = table.bot;
    fake.faults.failNext({ path: /\/interactions\/\d+\/[^/]+\/callback$/, status: 500, count: 20 });
    const lost = fake.sendSlashCommand({
      name: "roll",
      user: PLAYER,
      options: { expression: "1d4" },
    });
    expect(await table.bot.dispatcher.drain(20_000)).toBe(true);
    expect(lost.callbacks()).toEqual([]);
    fake.faults.clear();
    await rollAnswered();
  });
});

describe("a session Discord drops for good", () => {
  // Last: discord.js waits up to 5 s between two IDENTIFYs.
  it("op 9, not resumable: identifies again, answers, one warning and one recovery", async () => {
    const { gateway } = table.bot.fake;
    const mark = table.bot.logs.lines.length;
    const since = gateway.mark();
    gateway.invalidateSession(false);
    await gateway.waitFor("ready", { since, timeoutMs: 15_000 });
    await gateway.waitForSession({ timeoutMs: 15_000 });
    await rollAnswered();
    const lines = loggedSince(mark);
    const invalidated = "Discord invalidated the gateway session; starting a new one";
    expect(countOf(lines, invalidated, WARN)).toBe(1);
    expect(countOf(lines, "gateway session started again", INFO)).toBe(1);
    expect(unexpectedWarnings(lines, [invalidated])).toEqual([]);
  }, 30_000);
});
