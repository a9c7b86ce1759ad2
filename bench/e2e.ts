/**
 * End to end: the built bot process and a bare discord.js bot, each against its own fake Discord
 * in this process, same machine, same run. Latency is measured one interaction at a time,
 * alternating bot by bot; throughput in alternating blocks; memory at rest before any interaction
 * and after every seeded Protagonist of every guild has been touched.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Engine } from "../src/store/database.js";
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  testPostgresUrl,
} from "../test/support/postgres.js";
import type { BulkWorldShape } from "./bulk-world.js";
import { generateBulkWorld } from "./bulk-world.js";
import {
  dumpMemory,
  e2eWorldShape,
  interact,
  saturate,
  startContenders,
  type Command,
  type Contender,
  type Outcome,
  type Saturation,
  type Seat,
} from "./e2e-driver.js";
import type { Sizes } from "./options.js";
import { residentMb, restingResidentMb } from "./processes.js";
import { skippedWithoutPostgres, type Row, type SectionResult } from "./report.js";
import { ratio, round, sleep, summarize, type LatencySummary } from "./stats.js";

const TARGETS = { idleRss: 1.3, growthMb: 20 } as const;
/** Latency within this many times the floor's: at the median, and at p99. */
const OVER_FLOOR = { p50: 1.5, p99: 2 } as const;
/**
 * Latency and throughput cycle over every player of this many guilds (1,000 players), wide enough
 * that no player nears the per-user write limit or a Protagonist runs out of SAN. The warm-up
 * reaches only the first of them, so most /roll samples are their player's first command since
 * the bot started (its sheet is read from SQLite); the /san after it finds the sheet cached.
 */
const HOT_GUILDS = 100;

interface Measured {
  commands: Command[];
  latency: Map<string, Outcome[]>;
  throughput: Map<string, Saturation[]>;
  sweep: Record<string, Saturation[]>;
  rss: Record<
    "idleFound" | "idle" | "warm" | "halfTouched" | "peak" | "touched",
    { ours: number; bare: number }
  >;
}

function append<T>(map: Map<string, T[]>, key: string, value: T): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

async function resting(ours: Contender, bare: Contender) {
  return {
    ours: await restingResidentMb(ours.pid, ours.inspector),
    bare: await restingResidentMb(bare.pid, bare.inspector),
  };
}

function asFound(ours: Contender, bare: Contender) {
  return { ours: residentMb(ours.pid), bare: residentMb(bare.pid) };
}

async function measure(
  ours: Contender,
  bare: Contender,
  floor: Contender,
  shape: BulkWorldShape,
  sizes: Sizes["e2e"],
): Promise<Measured> {
  const commands: Command[] = ours.fake.commands().some((c) => c.name === "san")
    ? ["roll", "san"]
    : ["roll"];
  // The same rest a quiet minute gives, so both bots start the measurements from it.
  await sleep(sizes.idleMs);
  const idleFound = asFound(ours, bare);
  const idle = await resting(ours, bare);
  const profileDir = process.env.BENCH_PROFILE_DIR;
  if (profileDir !== undefined) await dumpMemory([ours, bare], profileDir, "idle", false);
  const hotSeat = (i: number): Seat => ({
    guild: Math.floor(i / sizes.playersPerGuild) % Math.min(HOT_GUILDS, sizes.guilds),
    player: i % sizes.playersPerGuild,
  });
  // Which bot goes first, round by round: every order of the three, in turn.
  const orders = [
    [ours, bare, floor],
    [floor, bare, ours],
    [bare, floor, ours],
    [ours, floor, bare],
    [floor, ours, bare],
    [bare, ours, floor],
  ];
  const inTurn = (round: number): Contender[] => orders[round % orders.length] ?? [];

  for (const command of commands) {
    for (const c of [ours, bare, floor]) {
      for (let i = 0; i < sizes.warmup; i += 1) await interact(c, command, hotSeat(i), shape);
    }
  }

  const latency = new Map<string, Outcome[]>();
  for (let i = 0; i < sizes.latencyRounds; i += 1) {
    for (const command of commands) {
      for (const c of inTurn(i)) {
        append(latency, `${c.kind}|${command}`, await interact(c, command, hotSeat(i), shape));
      }
    }
  }

  const throughput = new Map<string, Saturation[]>();
  for (let b = 0; b < sizes.throughputBlocks; b += 1) {
    const offset = sizes.latencyRounds + b * sizes.throughputCount;
    for (const command of commands) {
      for (const c of inTurn(b)) {
        const block = await saturate(
          c,
          command,
          sizes.throughputCount,
          sizes.concurrency,
          (i) => hotSeat(offset + i),
          shape,
        );
        append(throughput, `${c.kind}|${command}`, block);
      }
    }
  }
  const warm = asFound(ours, bare);

  // Touch every seeded Protagonist of every guild, in two halves with the memory at rest read after
  // each: /roll for each Protagonist, /san for one per guild. A cache growing with every guild
  // would grow as much in the second half as in the first; memory kept at its high-water mark
  // (the allocator, V8's pages, first-use code) would not.
  const sweep: Record<string, Saturation[]> = { ours: [], bare: [] };
  const half = Math.ceil(sizes.guilds / 2);
  const touchGuilds = async (c: Contender, from: number, to: number): Promise<void> => {
    const seat = (i: number): Seat => ({
      guild: from + Math.floor(i / sizes.playersPerGuild),
      player: i % sizes.playersPerGuild,
    });
    const seats = (to - from) * sizes.playersPerGuild;
    sweep[c.kind]?.push(await saturate(c, "roll", seats, sizes.concurrency, seat, shape));
    if (commands.includes("san")) {
      const firstPlayer = (i: number): Seat => ({ guild: from + i, player: 0 });
      sweep[c.kind]?.push(
        await saturate(c, "san", to - from, sizes.concurrency, firstPlayer, shape),
      );
    }
  };
  for (const c of [ours, bare]) await touchGuilds(c, 0, half);
  const halfTouched = await resting(ours, bare);
  for (const c of [ours, bare]) await touchGuilds(c, half, sizes.guilds);
  const peak = asFound(ours, bare);
  const touched = await resting(ours, bare);
  if (profileDir !== undefined) await dumpMemory([ours, bare], profileDir, "touched", true);
  return {
    commands,
    latency,
    throughput,
    sweep,
    rss: { idleFound, idle, warm, halfTouched, peak, touched },
  };
}

function latencyText(s: LatencySummary): string {
  return `${s.p50Ms.toFixed(2)} / ${s.p99Ms.toFixed(2)} ms`;
}

function signed(mb: number): string {
  return `${mb >= 0 ? "+" : "−"}${Math.abs(mb).toFixed(1)}`;
}

function report(m: Measured, sizes: Sizes["e2e"], engine: Engine): SectionResult {
  const rows: Row[] = [];
  const latency: Record<string, unknown> = {};
  const throughput: Record<string, unknown> = {};
  for (const command of m.commands) {
    const ours = m.latency.get(`ours|${command}`) ?? [];
    const bare = m.latency.get(`bare|${command}`) ?? [];
    const o = summarize(ours.map((x) => x.ms));
    const b = summarize(bare.map((x) => x.ms));
    const floor = m.latency.get(`floor|${command}`) ?? [];
    const f = summarize(floor.map((x) => x.ms));
    const p50Ratio = ratio(o.p50Ms, b.p50Ms);
    const overFloor = { p50: ratio(o.p50Ms, f.p50Ms), p99: ratio(o.p99Ms, f.p99Ms) };
    const correct = [...ours, ...bare, ...floor].every((x) => x.correct);
    // The fake then parses, validates and stores the answer: more work for an embed than "ok".
    const oh = summarize(ours.map((x) => x.handledMs));
    const bh = summarize(bare.map((x) => x.handledMs));
    latency[command] = {
      ours: o,
      bare: b,
      p50Ratio,
      p99Ratio: ratio(o.p99Ms, b.p99Ms),
      correct,
      untilStored: { ours: oh, bare: bh, p50Ratio: ratio(oh.p50Ms, bh.p50Ms) },
      floor: { latency: f, p50Ratio: ratio(f.p50Ms, b.p50Ms), overFloor },
    };
    rows.push({
      measure: `/${command} latency, dispatch → callback arrival, p50 / p99`,
      ours: latencyText(o),
      baseline: latencyText(b),
      ratio: p50Ratio,
      target: "reported",
      pass: null,
    });
    rows.push({
      measure: `… until the fake has checked and stored the answer, p50 / p99`,
      ours: latencyText(oh),
      baseline: latencyText(bh),
      ratio: ratio(oh.p50Ms, bh.p50Ms),
      target: "reported",
      pass: null,
    });
    rows.push({
      measure: `… the floor: the bare bot plus our event-log write, committed before it answers`,
      ours: latencyText(f),
      baseline: latencyText(b),
      ratio: ratio(f.p50Ms, b.p50Ms),
      target: "reported",
      pass: null,
    });
    rows.push({
      measure: `… /${command} against the floor, p50 / p99`,
      ours: latencyText(o),
      baseline: latencyText(f),
      ratio: overFloor.p50,
      target: `p50 ≤ ${OVER_FLOOR.p50}×, p99 ≤ ${OVER_FLOOR.p99}× the floor's (p99 ${overFloor.p99.toFixed(2)}×)`,
      pass: overFloor.p50 <= OVER_FLOOR.p50 && overFloor.p99 <= OVER_FLOOR.p99 && correct,
    });
  }
  for (const command of m.commands) {
    const ours = m.throughput.get(`ours|${command}`) ?? [];
    const bare = m.throughput.get(`bare|${command}`) ?? [];
    const best = (list: Saturation[]): number => Math.max(0, ...list.map((s) => s.perSecond));
    const all = [...ours, ...bare];
    const answered = all.reduce((n, s) => n + s.correct, 0);
    const sent = all.reduce((n, s) => n + s.count, 0);
    const floor = m.throughput.get(`floor|${command}`) ?? [];
    throughput[command] = {
      ours,
      bare,
      floor,
      ratio: ratio(best(ours), best(bare)),
      floorRatio: ratio(best(floor), best(bare)),
    };
    rows.push({
      measure: `/${command} throughput at saturation (${sizes.concurrency} in flight)`,
      ours: `${best(ours).toFixed(0)} /s`,
      baseline: `${best(bare).toFixed(0)} /s`,
      ratio: ratio(best(ours), best(bare)),
      target: `every answer correct (${answered}/${sent})`,
      pass: answered === sent,
    });
    // What the event-log write alone leaves of the bare bot's rate: the ceiling under ours.
    rows.push({
      measure: `… the floor's throughput (the bare bot plus our event-log write)`,
      ours: `${best(floor).toFixed(0)} /s`,
      baseline: `${best(bare).toFixed(0)} /s`,
      ratio: ratio(best(floor), best(bare)),
      target: "reported",
      pass: null,
    });
  }
  if (!m.commands.includes("san")) {
    rows.push({
      measure: "/san",
      ours: "not measured",
      baseline: "",
      ratio: null,
      target: "the bot registers no /san yet",
      pass: null,
    });
  }
  const { idle, peak, touched } = m.rss;
  const idleRatio = ratio(idle.ours, idle.bare);
  rows.push({
    measure: `idle RSS at rest, after a full GC (${sizes.guilds.toLocaleString("en")} guilds)`,
    ours: `${idle.ours.toFixed(1)} MB`,
    baseline: `${idle.bare.toFixed(1)} MB`,
    ratio: idleRatio,
    target: `≤ ${TARGETS.idleRss}×`,
    pass: idleRatio <= TARGETS.idleRss,
  });
  const growth = { ours: touched.ours - idle.ours, bare: touched.bare - idle.bare };
  const touchedWhat = `${sizes.guilds.toLocaleString("en")} guilds × ${sizes.playersPerGuild} Protagonists touched`;
  rows.push({
    measure: `RSS at rest after ${touchedWhat}, after a full GC (growth from idle)`,
    ours: `${touched.ours.toFixed(1)} MB (${signed(growth.ours)})`,
    baseline: `${touched.bare.toFixed(1)} MB (${signed(growth.bare)})`,
    ratio: ratio(touched.ours, touched.bare),
    target: `growth ≤ ${TARGETS.growthMb} MB`,
    pass: growth.ours <= TARGETS.growthMb,
  });
  const half = m.rss.halfTouched;
  rows.push({
    measure: "… of which the second half of the guilds added",
    ours: `${signed(touched.ours - half.ours)} MB`,
    baseline: `${signed(touched.bare - half.bare)} MB`,
    ratio: null,
    target: "≈ 0 if nothing grows per guild",
    pass: null,
  });
  rows.push({
    measure: "RSS right after the last of them (garbage not yet collected)",
    ours: `${peak.ours.toFixed(1)} MB`,
    baseline: `${peak.bare.toFixed(1)} MB`,
    ratio: ratio(peak.ours, peak.bare),
    target: "reported",
    pass: null,
  });
  const mb = (pair: { ours: number; bare: number }) => ({
    ours: round(pair.ours, 1),
    bare: round(pair.bare, 1),
  });
  return {
    title: `End to end on ${engine === "postgres" ? "PostgreSQL" : "SQLite"} (bot process against the fake Discord)`,
    ours: `the built bot (\`dist/src/main.js\`) on ${engine === "postgres" ? "PostgreSQL" : "SQLite"}`,
    baseline: "a bare discord.js bot (Guilds intent) answering every interaction with “ok”",
    rows,
    data: {
      commands: m.commands,
      latency,
      throughput,
      sweep: m.sweep,
      rssMb: {
        idleAsFound: mb(m.rss.idleFound),
        idleAtRest: mb(idle),
        afterLatencyAndThroughput: mb(m.rss.warm),
        halfTheGuildsTouchedAtRest: mb(m.rss.halfTouched),
        rightAfterTouchingAll: mb(peak),
        touchedAtRest: mb(touched),
      },
      world: { guilds: sizes.guilds, protagonistsPerGuild: sizes.playersPerGuild },
    },
  };
}

/** Two databases filled alike, one for the bot and one for the floor; dropped by `cleanup`. */
async function filledDatabases(
  engine: Engine,
  dir: string,
  shape: BulkWorldShape,
  cleanup: (() => Promise<void>)[],
): Promise<{ ours: string; floor: string }> {
  const server = testPostgresUrl();
  const fill = async (name: string): Promise<string> => {
    let url = `file:${join(dir, `${name}.db`)}`;
    if (engine === "postgres" && server !== undefined) {
      const database = await createDatabase(server);
      cleanup.push(() => dropDatabase(server, database));
      url = databaseUrl(server, database);
    }
    await generateBulkWorld(url, shape);
    return url;
  };
  return { ours: await fill("bot"), floor: await fill("floor") };
}

export async function runEndToEndBench(
  sizes: Sizes["e2e"],
  engine: Engine,
): Promise<SectionResult> {
  if (engine === "postgres" && testPostgresUrl() === undefined) {
    return skippedWithoutPostgres("End to end on PostgreSQL");
  }
  const dir = mkdtempSync(join(tmpdir(), "ce-bench-e2e-"));
  const cleanup: (() => Promise<void>)[] = [];
  try {
    const shape = e2eWorldShape(sizes.guilds, sizes.playersPerGuild);
    const urls = await filledDatabases(engine, dir, shape, cleanup);
    const { ours, bare, floor } = await startContenders(shape, dir, urls, cleanup);
    return report(await measure(ours, bare, floor, shape, sizes), sizes, engine);
  } finally {
    for (const close of cleanup.reverse()) await close();
    rmSync(dir, { recursive: true, force: true });
  }
}
