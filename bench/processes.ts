/** Child processes of the end-to-end and start-up benchmarks: the bot, the bare bot, their memory. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../src/bot/paths.js";
import { startBotProcess, type BotProcess, type LogLine } from "../test/e2e/support/bot-process.js";
import { sleep } from "./stats.js";

export const BENCH_TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.bench-token";
/** What `npm run build` makes and `npm start` runs. */
export const BOT_ENTRY = join(projectRoot(), "dist", "src", "main.js");
export const BARE_BOT_ENTRY = join(import.meta.dirname, "bare-bot.js");
const PROFILED_ENTRY = join(import.meta.dirname, "profiled-entry.js");

export type ContenderKind = "ours" | "bare";

export const isReady: Record<ContenderKind, (line: LogLine) => boolean> = {
  ours: (line) => line.msg === "connected to Discord",
  bare: (line) => line.msg === "ready",
};

export function startContender(
  kind: ContenderKind,
  options: { apiUrl: string; databaseUrl: string; cwd: string },
): BotProcess {
  const entry = kind === "ours" ? BOT_ENTRY : BARE_BOT_ENTRY;
  const env: Record<string, string> = {
    DISCORD_TOKEN: BENCH_TOKEN,
    DISCORD_API_URL: options.apiUrl,
  };
  if (kind === "ours") env.DATABASE_URL = options.databaseUrl;
  // BENCH_PROFILE_DIR=/tmp/prof: both bots run under the CPU profiler (see profiled-entry.ts).
  const profileDir = process.env.BENCH_PROFILE_DIR;
  if (profileDir === undefined) return startBotProcess(env, options.cwd, entry);
  return startBotProcess(
    { ...env, BENCH_PROFILE_DIR: profileDir, BENCH_PROFILE_ENTRY: entry },
    options.cwd,
    PROFILED_ENTRY,
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

/**
 * Resting RSS of each process, in MB: V8 keeps the garbage of a busy spell until its memory
 * reducer runs, some 30–60 s after the allocations stop. Polls every second and returns each
 * process's lowest reading, once each has shrunk (10 %+ below its first reading, then steady for
 * 10 s) or `windowMs` has passed.
 */
export async function restingResidentMb(
  pids: readonly number[],
  windowMs: number,
): Promise<number[]> {
  const first = pids.map(residentMb);
  const lowest = [...first];
  const steadySince = pids.map(() => Number.POSITIVE_INFINITY);
  const started = performance.now();
  const rested = (i: number, now: number): boolean =>
    (lowest[i] ?? 0) <= (first[i] ?? 0) * 0.9 && now - (steadySince[i] ?? now) >= 10_000;
  for (;;) {
    const now = performance.now();
    if (now - started >= windowMs || pids.every((_, i) => rested(i, now))) return lowest;
    await sleep(Math.min(1000, windowMs));
    pids.forEach((pid, i) => {
      const reading = residentMb(pid);
      if (reading < (lowest[i] ?? reading) - 0.5) {
        lowest[i] = reading;
        steadySince[i] = performance.now();
      }
    });
  }
}
