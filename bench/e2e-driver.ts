/**
 * Drives the end-to-end benchmark: the seeded world both bots serve, each bot behind its own fake
 * Discord in this process, and interactions sent one at a time or saturating.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { InteractionResponseType, MessageFlags } from "discord.js";
import type { BotProcess } from "../test/e2e/support/bot-process.js";
import {
  startFakeDiscord,
  type FakeCallbackData,
  type FakeDiscord,
  type FakeGuildInit,
} from "../test/support/fake-discord/index.js";
import type { BulkWorldShape } from "./bulk-world.js";
import {
  BENCH_TOKEN,
  inspectorUrl,
  isReady,
  startContender,
  stopContender,
  type ContenderKind,
} from "./processes.js";
import { round, summarize, type LatencySummary } from "./stats.js";

export type Command = "roll" | "san";

export interface Contender {
  kind: ContenderKind;
  fake: FakeDiscord;
  bot: BotProcess;
  pid: number;
  /** Its inspector's address, for full GCs before reading memory at rest. */
  inspector: string;
}

export interface Outcome {
  /** From the INTERACTION_CREATE frame leaving the fake to the callback's last byte arriving. */
  ms: number;
  /** From asking the fake to send the interaction to the fake having checked and stored the answer. */
  handledMs: number;
  correct: boolean;
  deferred: boolean;
}

export interface Seat {
  guild: number;
  player: number;
}

export interface Saturation {
  count: number;
  seconds: number;
  perSecond: number;
  correct: number;
  deferred: number;
  latency: LatencySummary;
}

const START_TIMEOUT_MS = 180_000;

/** Guilds, GMs and players of the world, as snowflakes both the database and the fakes use. */
export function e2eWorldShape(guilds: number, playersPerGuild: number): BulkWorldShape {
  return {
    guilds,
    protagonistsPerGuild: playersPerGuild,
    playersPerGuild,
    eventsPerGuild: 0,
    guildId: (g) => String(1100000000000000000n + BigInt(g)),
    gmId: (g) => String(1200000000000000000n + BigInt(g)),
    playerId: (g, p) => String(1300000000000000000n + BigInt(g * 1000 + p)),
  };
}

function guildInits(shape: BulkWorldShape): FakeGuildInit[] {
  return Array.from({ length: shape.guilds }, (_, g) => ({
    id: shape.guildId(g),
    name: `Bench guild ${g}`,
    owner: { id: shape.gmId(g), username: `gm${g}` },
  }));
}

/**
 * Starts the bot (and waits for its command registration), then the bare bot, each against its
 * own fake Discord holding every guild of the world. Everything started is pushed on `cleanup`.
 */
export async function startContenders(
  shape: BulkWorldShape,
  dir: string,
  databaseUrl: string,
  cleanup: (() => Promise<void>)[],
): Promise<{ ours: Contender; bare: Contender }> {
  const options = {
    requiredToken: BENCH_TOKEN,
    guilds: guildInits(shape),
    defaultTimeoutMs: 60_000,
  };
  const start = async (kind: ContenderKind, fake: FakeDiscord): Promise<Contender> => {
    const bot = startContender(kind, {
      apiUrl: fake.apiUrl,
      databaseUrl,
      cwd: dir,
      inspector: true,
    });
    cleanup.push(() => stopContender(bot));
    if (kind === "ours") {
      await bot.waitForLog(
        (line) => line.msg === "commands registered",
        "its command registration",
        START_TIMEOUT_MS,
      );
    } else {
      await bot.waitForLog(isReady.bare, "ready", START_TIMEOUT_MS);
    }
    if (bot.pid === undefined) throw new Error(`the ${kind} bot did not start`);
    return { kind, fake, bot, pid: bot.pid, inspector: inspectorUrl(bot) };
  };
  const oursFake = await startFakeDiscord(options);
  cleanup.push(() => oursFake.close());
  const bareFake = await startFakeDiscord(options);
  cleanup.push(() => bareFake.close());
  const ours = await start("ours", oursFake);
  // The bare bot registers nothing: its fake gets the same commands, so both get identical payloads.
  bareFake.world.setCommands("global", oursFake.commands());
  const bare = await start("bare", bareFake);
  return { ours, bare };
}

/** What a correct answer looks like: the bot's embed, or the bare bot's "ok". */
function isCorrect(
  kind: ContenderKind,
  command: Command,
  data: FakeCallbackData | undefined,
): boolean {
  if (kind === "bare") return data?.content === "ok";
  if (((data?.flags ?? 0) & MessageFlags.Ephemeral) !== 0) return false;
  const title = data?.embeds?.[0]?.title ?? "";
  return command === "roll"
    ? /(Critical success|Success|Failure|Fumble) — Occult$/.test(title)
    : / — SAN test \(/.test(title);
}

/** One interaction: from dispatch (INTERACTION_CREATE sent) to the interaction callback. */
export async function interact(
  c: Contender,
  command: Command,
  seat: Seat,
  shape: BulkWorldShape,
): Promise<Outcome> {
  const at = { guildId: shape.guildId(seat.guild), user: shape.playerId(seat.guild, seat.player) };
  const started = performance.now();
  const handle =
    command === "roll"
      ? c.fake.sendSlashCommand({ name: "roll", ...at, options: { skill: "Occult" } })
      : c.fake.sendSlashCommand({
          name: "san",
          ...at,
          options: { loss: "0/1", threat: "unnatural" },
        });
  const response = await handle.response();
  const handledMs = performance.now() - started;
  const deferred = response.type === InteractionResponseType.DeferredChannelMessageWithSource;
  let data = response.data;
  if (deferred) {
    const original = await handle.waitForOriginal();
    data = { content: original.content, flags: original.flags ?? 0, embeds: original.embeds };
  }
  return { ms: response.arrivalMs, handledMs, correct: isCorrect(c.kind, command, data), deferred };
}

/** `count` interactions with `concurrency` of them in flight at any time. */
export async function saturate(
  c: Contender,
  command: Command,
  count: number,
  concurrency: number,
  seatOf: (i: number) => Seat,
  shape: BulkWorldShape,
): Promise<Saturation> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        outcomes.push(await interact(c, command, seatOf(i), shape));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    count,
    seconds: round(seconds, 3),
    perSecond: round(count / seconds, 1),
    correct: outcomes.filter((o) => o.correct).length,
    deferred: outcomes.filter((o) => o.deferred).length,
    latency: summarize(outcomes.map((o) => o.ms)),
  };
}

/**
 * With BENCH_PROFILE_DIR set: each bot's memory map (/proc smaps) under `label`, then, if asked, a
 * heap snapshot after a full GC (see profiled-entry.ts), for finding where memory goes.
 */
export async function dumpMemory(
  contenders: readonly Contender[],
  dir: string,
  label: string,
  heapSnapshot: boolean,
): Promise<void> {
  for (const c of contenders) {
    writeFileSync(join(dir, `${c.kind}-${label}.smaps`), readFileSync(`/proc/${c.pid}/smaps`));
    if (!heapSnapshot) continue;
    const since = c.bot.logs.length;
    c.bot.signal("SIGUSR2");
    const line = await c.bot.waitForLog(
      (l) => l.msg === "heap snapshot written" && c.bot.logs.indexOf(l) >= since,
      "its heap snapshot",
      120_000,
    );
    console.log(`${c.kind}: ${JSON.stringify(line)}`);
  }
}
