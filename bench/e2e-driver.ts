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
  type BotKind,
} from "./processes.js";
import { round, summarize, type LatencySummary } from "./stats.js";

export type Command = "roll" | "san";

export interface Contender {
  kind: BotKind;
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
 * Starts the bot (and waits for its command registration), then the bare bot and the floor, each
 * against its own fake Discord holding every guild of the world. The floor writes to its own copy
 * of the world, so its commits never touch the bot's database. Everything started is pushed on
 * `cleanup`.
 */
export async function startContenders(
  shape: BulkWorldShape,
  dir: string,
  databaseUrls: { ours: string; floor: string },
  cleanup: (() => Promise<void>)[],
): Promise<{ ours: Contender; bare: Contender; floor: Contender }> {
  const options = {
    requiredToken: BENCH_TOKEN,
    guilds: guildInits(shape),
    defaultTimeoutMs: 60_000,
  };
  const start = async (kind: BotKind, fake: FakeDiscord): Promise<Contender> => {
    const bot = startContender(kind, {
      apiUrl: fake.apiUrl,
      databaseUrl: kind === "floor" ? databaseUrls.floor : databaseUrls.ours,
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
      await bot.waitForLog(isReady[kind], "ready", START_TIMEOUT_MS);
    }
    if (bot.pid === undefined) throw new Error(`the ${kind} bot did not start`);
    return { kind, fake, bot, pid: bot.pid, inspector: inspectorUrl(bot) };
  };
  const fake = async () => {
    const started = await startFakeDiscord(options);
    cleanup.push(() => started.close());
    return started;
  };
  const oursFake = await fake();
  const ours = await start("ours", oursFake);
  // The others register nothing: their fakes get the same commands, so all get identical payloads.
  const withOurCommands = async () => {
    const started = await fake();
    started.world.setCommands("global", oursFake.commands());
    return started;
  };
  const bare = await start("bare", await withOurCommands());
  const floor = await start("floor", await withOurCommands());
  return { ours, bare, floor };
}

/** What a correct answer looks like: the bot's embed, or the bare bot's (and the floor's) "ok". */
function isCorrect(kind: BotKind, command: Command, data: FakeCallbackData | undefined): boolean {
  if (kind !== "ours") return data?.content === "ok";
  if (((data?.flags ?? 0) & MessageFlags.Ephemeral) !== 0) return false;
  const title = data?.embeds?.[0]?.title ?? "";
  return command === "roll"
    ? /(Critical success|Success|Failure|Fumble) — Occult$/.test(title)
    : /· SAN test \(/.test(title);
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
