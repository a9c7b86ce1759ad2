/** Child processes of the end-to-end and start-up benchmarks: the bot, the bare bot, their memory. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../src/core/discord/paths.js";
import {
  npmStartLaunch,
  startBotProcess,
  type BotProcess,
  type Launch,
  type LogLine,
} from "../test/e2e/support/bot-process.js";
import { WebSocket, type RawData } from "ws";
import { sleep } from "./stats.js";

export const BENCH_TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.bench-token";
/** What `npm run build` makes and `npm start` runs. */
export const BOT_ENTRY = join(projectRoot(), "dist", "src", "main.js");
export const BARE_BOT_ENTRY = join(import.meta.dirname, "bare-bot.js");
const FLOOR_BOT_ENTRY = join(import.meta.dirname, "floor-bot.js");
const ENTRY: Record<BotKind, string> = {
  ours: BOT_ENTRY,
  bare: BARE_BOT_ENTRY,
  floor: FLOOR_BOT_ENTRY,
};
const PROFILED_ENTRY = join(import.meta.dirname, "profiled-entry.js");

export type ContenderKind = "ours" | "bare";
/** The contenders, and the floor: the bare bot plus our event-log write (floor-bot.ts). */
export type BotKind = ContenderKind | "floor";

/**
 * Ours runs as `npm start` runs it (package.json, like the Dockerfile). The baseline runs as it
 * always has: the bare discord.js bot is the library as is, not ours to tune.
 */
const LAUNCH: Record<BotKind, () => Launch> = {
  ours: npmStartLaunch,
  bare: () => ({ env: {}, nodeOptions: ["--enable-source-maps"] }),
  floor: () => ({ env: {}, nodeOptions: ["--enable-source-maps"] }),
};

export const isReady: Record<BotKind, (line: LogLine) => boolean> = {
  ours: (line) => line.msg === "connected to Discord",
  bare: (line) => line.msg === "ready",
  floor: (line) => line.msg === "ready",
};

export function startContender(
  kind: BotKind,
  options: { apiUrl: string; databaseUrl: string; cwd: string; inspector?: boolean },
): BotProcess {
  const entry = ENTRY[kind];
  const env: Record<string, string> = {
    DISCORD_TOKEN: BENCH_TOKEN,
    DISCORD_API_URL: options.apiUrl,
  };
  if (kind !== "bare") env.DATABASE_URL = options.databaseUrl;
  // An inspector on a free loopback port, idle until restingResidentMb asks it for a full GC.
  if (options.inspector === true) env.NODE_OPTIONS = "--inspect=127.0.0.1:0";
  // BENCH_PROFILE_DIR=/tmp/prof: both bots run under the CPU profiler (see profiled-entry.ts).
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const launch = LAUNCH[kind]();
  if (profileDir === undefined) return startBotProcess(env, options.cwd, entry, launch);
  return startBotProcess(
    { ...env, BENCH_PROFILE_DIR: profileDir, BENCH_PROFILE_ENTRY: entry },
    options.cwd,
    PROFILED_ENTRY,
    launch,
  );
}

/** SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
export async function stopContender(bot: BotProcess, graceMs = 10_000): Promise<void> {
  bot.signal("SIGTERM");
  const ended = await Promise.race([bot.exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!ended) await bot.kill();
}

/** Resident set size of a process, in MB (Linux /proc). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (match?.[1] === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** The inspector address a process started with `inspector: true` printed. */
export function inspectorUrl(bot: BotProcess): string {
  const match = /Debugger listening on (ws:\/\/\S+)/.exec(bot.stderr());
  if (match?.[1] === undefined) throw new Error(`no inspector address in:\n${bot.stderr()}`);
  return match[1];
}

/** Asks a process, through its inspector, for full garbage collections. */
async function collectGarbage(url: string, times = 2): Promise<void> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  try {
    for (let id = 1; id <= times; id += 1) {
      const answered = new Promise<void>((resolve) => {
        const onMessage = (data: RawData): void => {
          const message = JSON.parse(rawText(data)) as { id?: number };
          if (message.id !== id) return;
          socket.off("message", onMessage);
          resolve();
        };
        socket.on("message", onMessage);
      });
      socket.send(JSON.stringify({ id, method: "HeapProfiler.collectGarbage" }));
      await answered;
    }
  } finally {
    socket.close();
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data as ArrayBuffer).toString("utf8");
}

/**
 * RSS at rest, in MB: after full garbage collections, as V8's memory reducer would leave it after
 * a quiet minute or so (it runs at a time of its own choosing, which makes waiting for it flaky).
 */
export async function restingResidentMb(pid: number, inspector: string): Promise<number> {
  await collectGarbage(inspector);
  // V8 hands the freed pages back to the system on a background thread.
  await sleep(1000);
  return residentMb(pid);
}
