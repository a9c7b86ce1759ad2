/**
 * The scale run: the bot in 4 shard processes (`npm run start:sharded`) on one PostgreSQL, serving
 * 1,000 and then 10,000 guilds of a fake Discord that routes each guild to its shard. A steady,
 * open-loop mix of /roll and /san at 100 interactions a second (every answer checked), latency
 * p50/p99, memory per shard and in all, and how both grow with the guilds; then the highest
 * steady rate the shards hold with p99 under 50 ms.
 */
import { join } from "node:path";
import {
  guildIdOnShard,
  startFakeDiscord,
  type FakeDiscord,
} from "../test/support/fake-discord/index.js";
import { startBotProcess, type BotProcess } from "../test/e2e/support/bot-process.js";
import { createDatabase, databaseUrl, dropDatabase } from "../test/support/postgres.js";
import { projectRoot } from "../src/core/discord/paths.js";
import { interact, type Command, type Contender, type Outcome } from "./e2e-driver.js";
import { generateBulkWorld, type BulkWorldShape } from "./bulk-world.js";
import { BENCH_TOKEN, residentMb, stopContender } from "./processes.js";
import { skippedWithoutPostgres, type Row, type SectionResult } from "./report.js";
import { round, sleep, summarize, type LatencySummary } from "./stats.js";

const SHARDS = 4;
const P99_TARGET_MS = 50;
const MANAGER = join(projectRoot(), "dist", "src", "shard-manager.js");

export interface ScaleSizes {
  guildSteps: number[];
  playersPerGuild: number;
  rate: number;
  seconds: number;
  /** Rates tried at the largest size, each for `stepSeconds`, until p99 passes the target. */
  saturationRates: number[];
  stepSeconds: number;
}

interface Steady {
  guilds: number;
  rate: number;
  sent: number;
  correct: number;
  latency: LatencySummary;
  rssMb: { perShard: number[]; total: number; atRest: number[] };
}

function shapeOf(guilds: number, playersPerGuild: number): BulkWorldShape {
  return {
    guilds,
    protagonistsPerGuild: playersPerGuild,
    playersPerGuild,
    eventsPerGuild: 0,
    // Spread over the shards as Discord spreads them: (id >> 22) % shards.
    guildId: (g) => guildIdOnShard(g % SHARDS, SHARDS, Math.floor(g / SHARDS)),
    gmId: (g) => String(1200000000000000000n + BigInt(g)),
    playerId: (g, p) => String(1300000000000000000n + BigInt(g * 1000 + p)),
  };
}

/** The shard processes' pids, from each shard's "connected to Discord" line. */
function shardPids(manager: BotProcess): number[] {
  const pids = new Map<number, number>();
  for (const line of manager.logs) {
    if (line.msg !== "connected to Discord" || !Array.isArray(line.shards)) continue;
    const [shard] = line.shards as number[];
    if (typeof shard === "number" && typeof line.pid === "number") pids.set(shard, line.pid);
  }
  return [...pids.entries()].sort(([a], [b]) => a - b).map(([, pid]) => pid);
}

/**
 * An open-loop load: interactions are sent on a schedule, whether or not earlier ones were
 * answered, alternating /roll and /san, each by a random player of a random guild.
 */
async function steadyLoad(
  contender: Contender,
  shape: BulkWorldShape,
  rate: number,
  seconds: number,
): Promise<Outcome[]> {
  const running: Promise<Outcome>[] = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const command: Command = i % 2 === 0 ? "roll" : "san";
    const guild = Math.floor(Math.random() * shape.guilds);
    const player = Math.floor(Math.random() * shape.playersPerGuild);
    // An answer that never came right (a refusal sent as a follow-up, a timeout) counts as wrong.
    const failed: Outcome = { ms: Infinity, handledMs: Infinity, correct: false, deferred: true };
    running.push(interact(contender, command, { guild, player }, shape).catch(() => failed));
  }
  return Promise.all(running);
}

async function runAt(
  server: string,
  guilds: number,
  sizes: ScaleSizes,
  saturation: boolean,
): Promise<{
  steady: Steady;
  steps: { rate: number; latency: LatencySummary; correct: number; sent: number }[];
  /** Warnings and errors the shards logged. */
  trouble: number;
}> {
  const shape = shapeOf(guilds, sizes.playersPerGuild);
  const name = await createDatabase(server);
  const url = databaseUrl(server, name);
  let fake: FakeDiscord | undefined;
  let manager: BotProcess | undefined;
  try {
    await generateBulkWorld(url, shape);
    fake = await startFakeDiscord({
      requiredToken: BENCH_TOKEN,
      shardCount: SHARDS,
      maxConcurrency: SHARDS,
      defaultTimeoutMs: 60_000,
      // The fake stands in for Discord: its memory of every request of a four-minute run, and
      // its own collections' pauses, would count as the bot's latency.
      historyLimit: 5_000,
      guilds: Array.from({ length: guilds }, (_, g) => ({
        id: shape.guildId(g),
        name: `Bench guild ${g}`,
        owner: { id: shape.gmId(g), username: `gm${g}` },
      })),
    });
    manager = startBotProcess(
      {
        DISCORD_TOKEN: BENCH_TOKEN,
        DISCORD_API_URL: fake.apiUrl,
        DATABASE_URL: url,
        SHARD_COUNT: String(SHARDS),
        LOG_LEVEL: "info",
      },
      undefined,
      MANAGER,
    );
    await manager.waitForLog((l) => l.msg === "every shard ready", "every shard", 300_000);
    await manager.waitForLog((l) => l.msg === "commands registered", "registration", 60_000);
    await sleep(2_000);
    const pids = shardPids(manager);
    const atRest = pids.map((pid) => round(residentMb(pid), 1));
    const pid = manager.pid ?? 0;
    const contender: Contender = { kind: "ours", fake, bot: manager, pid, inspector: "" };
    await steadyLoad(contender, shape, sizes.rate, 2);
    const outcomes = await steadyLoad(contender, shape, sizes.rate, sizes.seconds);
    const perShard = pids.map((p) => round(residentMb(p), 1));
    const steady: Steady = {
      guilds,
      rate: sizes.rate,
      sent: outcomes.length,
      correct: outcomes.filter((o) => o.correct).length,
      latency: summarize(outcomes.map((o) => o.ms)),
      rssMb: {
        perShard,
        total: round(
          perShard.reduce((a, b) => a + b, 0),
          1,
        ),
        atRest,
      },
    };
    const steps = [];
    if (saturation) {
      for (const rate of sizes.saturationRates) {
        const step = await steadyLoad(contender, shape, rate, sizes.stepSeconds);
        const latency = summarize(step.map((o) => o.ms));
        steps.push({
          rate,
          latency,
          correct: step.filter((o) => o.correct).length,
          sent: step.length,
        });
        console.log(`  ${rate}/s: p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms`);
        // Past the rate the shards hold, answers turn to refusals: no need to go higher.
        if (step.some((o) => !o.correct)) break;
      }
    }
    // What the shards logged as trouble (warnings and errors), for reading a missed target.
    const trouble = manager.logs
      .filter((line) => (line.level ?? 0) >= 40)
      .map((line) => ({ msg: line.msg, shards: line.shards, userMessage: line.userMessage }));
    if (trouble.length > 0) console.log(`  trouble: ${JSON.stringify(trouble.slice(0, 5))}`);
    return { steady, steps, trouble: trouble.length };
  } finally {
    if (manager) await stopContender(manager, 30_000);
    await fake?.close();
    await dropDatabase(server, name);
  }
}

export async function runScaleBench(sizes: ScaleSizes): Promise<SectionResult> {
  const server = process.env.TEST_POSTGRES_URL;
  const title = `Scale: ${SHARDS} shard processes on one PostgreSQL`;
  if (server === undefined) return skippedWithoutPostgres(title);
  const runs = [];
  for (const [i, guilds] of sizes.guildSteps.entries()) {
    console.log(`  ${guilds} guilds…`);
    runs.push(await runAt(server, guilds, sizes, i === sizes.guildSteps.length - 1));
  }
  const first = runs[0]?.steady;
  const last = runs.at(-1);
  const rows: Row[] = runs.flatMap(({ steady }) => [
    {
      measure: `${steady.guilds} guilds, ${steady.rate}/s for ${sizes.seconds} s: answers correct`,
      ours: `${steady.correct}/${steady.sent}`,
      baseline: "",
      ratio: null,
      target: "all",
      pass: steady.correct === steady.sent,
    },
    {
      measure: `${steady.guilds} guilds: latency p50 / p99`,
      ours: `${steady.latency.p50Ms} / ${steady.latency.p99Ms} ms`,
      baseline: "",
      ratio: null,
      target: `p99 < ${P99_TARGET_MS} ms`,
      pass: steady.latency.p99Ms < P99_TARGET_MS,
    },
    {
      measure: `${steady.guilds} guilds: RSS per shard (at rest → after load), total`,
      ours: `${steady.rssMb.atRest.join(", ")} → ${steady.rssMb.perShard.join(", ")} MB; ${steady.rssMb.total} MB`,
      baseline: "",
      ratio: null,
      target: "",
      pass: null,
    },
  ]);
  if (first && last && runs.length > 1) {
    const growth = round((last.steady.rssMb.total - first.rssMb.total) / SHARDS, 1);
    rows.push({
      measure: `RSS growth per shard, ${first.guilds} → ${last.steady.guilds} guilds`,
      ours: `${growth} MB`,
      baseline: "",
      ratio: null,
      target: "",
      pass: null,
    });
  }
  for (const step of last?.steps ?? []) {
    rows.push({
      measure: `${last?.steady.guilds ?? 0} guilds at ${step.rate}/s for ${sizes.stepSeconds} s: correct, p50 / p99`,
      ours: `${step.correct}/${step.sent}, ${step.latency.p50Ms} / ${step.latency.p99Ms} ms`,
      baseline: "",
      ratio: null,
      target: "",
      pass: null,
    });
  }
  const held = [last?.steady, ...(last?.steps ?? [])].filter(
    (s) => s !== undefined && s.latency.p99Ms < P99_TARGET_MS && s.correct === s.sent,
  );
  rows.push({
    measure: `Highest steady rate held with p99 < ${P99_TARGET_MS} ms (${last?.steady.guilds ?? 0} guilds)`,
    ours: held.length ? `${held.at(-1)?.rate ?? 0}/s` : "none of the rates tried",
    baseline: "",
    ratio: null,
    target: "",
    pass: null,
  });
  return {
    title,
    ours: `npm run start:sharded, SHARD_COUNT=${SHARDS}`,
    baseline: "",
    rows,
    data: runs,
  };
}
