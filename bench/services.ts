/**
 * Services: latency of the hot service calls, in process, on SQLite and on PostgreSQL, each on a
 * database holding one table against one holding 100,000 Protagonists and 1,000,000 events. The
 * same operations on the same kind of Protagonist, interleaved call by call, so drift hits every
 * database alike.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrationFolders } from "../src/core/discord/paths.js";
import type { Engine } from "../src/store/database.js";
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  testPostgresUrl as testServer,
} from "../test/support/postgres.js";
import {
  openEternalDatabase,
  type EternalDatabase,
} from "../src/games/cthulhu-eternal/store/open.js";
import { buildProtagonist } from "../src/games/cthulhu-eternal/rules/creation/index.js";
import { seededRng } from "../src/core/rng.js";
import {
  createServices,
  type Actor,
  type Services,
} from "../src/games/cthulhu-eternal/services/index.js";
import { insertProtagonist } from "../src/games/cthulhu-eternal/services/protagonist-factory.js";
import { sampleChoices } from "../test/games/cthulhu-eternal/rules/creation/sample.js";
import { generateBulkWorld, type BulkWorld, type BulkWorldShape } from "./bulk-world.js";
import { fiveDieCheck, prepareCultistsGame, type CultistsTable } from "./cultists-game.js";
import type { Sizes } from "./options.js";
import type { Row, SectionResult } from "./report.js";
import { ratio, summarize, type LatencySummary } from "./stats.js";

const TARGET_RATIO = 1.2;
const CHANNEL_ID = "300000000000000001";
const TARGET_OWNER_ID = "299999999999999999";

interface Table {
  name: string;
  engine: Engine;
  db: EternalDatabase;
  services: Services;
  actor: Actor;
  protagonistId: string;
  bondId: string;
  bytes: number;
  world: BulkWorld;
  cultists: CultistsTable;
  dispose(): Promise<void>;
}

interface Operation {
  name: string;
  run(table: Table): Promise<unknown>;
}

const ROLL = "/roll on a skill (Occult)";
const FIVE_DIE_CHECK = "Cultists five-die check (roll + keep)";
/** A five-die check should cost no more than /roll. */
const CHECK_TARGET_RATIO = 1;

const OPERATIONS: readonly Operation[] = [
  {
    name: "SAN test (1/1D6)",
    run: (t) => t.services.sanity.sanTest({ actor: t.actor, loss: "1/1D6", threat: "unnatural" }),
  },
  {
    name: "Bond damage (1)",
    run: (t) => t.services.bonds.damage({ actor: t.actor, bondId: t.bondId, amount: 1 }),
  },
  {
    name: "Resources test (at hand)",
    run: (t) => t.services.resources.test({ actor: t.actor, where: "at-hand" }),
  },
  {
    name: ROLL,
    run: (t) =>
      t.services.rolls.rollTest({ actor: t.actor, subject: { kind: "skill", name: "Occult" } }),
  },
  { name: FIVE_DIE_CHECK, run: (t) => fiveDieCheck(t.cultists) },
];

export function bulkShape(sizes: Sizes["services"], guilds = sizes.guilds): BulkWorldShape {
  return {
    guilds,
    protagonistsPerGuild: guilds === 1 ? 0 : sizes.protagonistsPerGuild,
    playersPerGuild: sizes.playersPerGuild,
    eventsPerGuild: guilds === 1 ? 0 : sizes.eventsPerGuild,
    guildId: (g) => String(100000000000000000n + BigInt(g)),
    gmId: (g) => String(200000000000000000n + BigInt(g)),
    playerId: (g, p) => String(210000000000000000n + BigInt(g * 1000 + p)),
  };
}

/** Where each engine's databases go: a folder, and the PostgreSQL server when there is one. */
interface Places {
  dir: string;
  server: string | undefined;
}

/**
 * A database filled by the bulk generator, then the measured Protagonist, made as /protagonist
 * create does: a SQLite file, or a PostgreSQL database of its own.
 */
async function prepareTable(
  places: Places,
  engine: Engine,
  size: "empty" | "large",
  shape: BulkWorldShape,
): Promise<Table> {
  const name = `${engine}-${size}`;
  const file = join(places.dir, `${name}.db`);
  const database = engine === "postgres" ? await createDatabase(places.server ?? "") : undefined;
  const url = database === undefined ? `file:${file}` : databaseUrl(places.server ?? "", database);
  const world = await generateBulkWorld(url, shape);
  const db = await openEternalDatabase(url, migrationFolders());
  const guildId = shape.guildId(0);
  const campaignId = world.campaignIds[0];
  if (campaignId === undefined) throw new Error("the bulk world has no campaign");
  const choices = { ...sampleChoices(), name: "Measured Agent" };
  const protagonist = await db.store.transaction((tx) =>
    insertProtagonist(tx, {
      guildId,
      campaignId,
      ownerId: TARGET_OWNER_ID,
      sheet: buildProtagonist(choices),
      creation: choices,
    }),
  );
  const bond = protagonist.bonds.find((b) => b.kind === "individual");
  if (bond === undefined) throw new Error("the measured Protagonist has no individual Bond");
  const bytes =
    database === undefined
      ? statSync(file).size
      : Number(
          (
            await db.prisma.$queryRaw<
              { size: bigint }[]
            >`SELECT pg_database_size(current_database()) AS size`
          )[0]?.size ?? 0,
        );
  return {
    name,
    engine,
    db,
    services: createServices({ store: db.store, rng: seededRng(7) }),
    actor: {
      guildId,
      userId: TARGET_OWNER_ID,
      channelId: CHANNEL_ID,
      roleIds: [],
      canManageGuild: false,
    },
    protagonistId: protagonist.id,
    bondId: bond.id,
    bytes,
    world,
    cultists: await prepareCultistsGame(db, { guildId, channelId: CHANNEL_ID }, TARGET_OWNER_ID),
    async dispose() {
      await db.close();
      if (database !== undefined) await dropDatabase(places.server ?? "", database);
    },
  };
}

/**
 * Puts the measured Protagonist back as it started (SAN, Bond, Resources boxes, failure marks),
 * untimed, through the same connection the services use, so every call does the same work.
 */
async function reset(table: Table): Promise<void> {
  const { prisma } = table.db;
  const id = table.protagonistId;
  await prisma.$transaction([
    prisma.protagonist.update({
      where: { id },
      data: {
        san: 70,
        breakingPoint: 56,
        status: "active",
        resourcesChecked: 0,
        adaptViolence: 0,
        adaptHelplessness: 0,
      },
    }),
    prisma.bond.update({ where: { id: table.bondId }, data: { score: 12, crossedOff: false } }),
    prisma.skill.updateMany({ where: { protagonistId: id }, data: { failureMarked: false } }),
    prisma.disorder.deleteMany({ where: { protagonistId: id } }),
  ]);
}

function ms(summary: LatencySummary): string {
  return `${summary.p50Ms.toFixed(2)} / ${summary.p99Ms.toFixed(2)} ms`;
}

const ENGINE_NAMES: Record<Engine, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

export async function runServicesBench(sizes: Sizes["services"]): Promise<SectionResult> {
  const places = { dir: mkdtempSync(join(tmpdir(), "ce-bench-services-")), server: testServer() };
  const engines: Engine[] = places.server === undefined ? ["sqlite"] : ["sqlite", "postgres"];
  const tables: Table[] = [];
  try {
    for (const engine of engines) {
      tables.push(await prepareTable(places, engine, "empty", bulkShape(sizes, 1)));
      tables.push(await prepareTable(places, engine, "large", bulkShape(sizes)));
    }
    const samples = new Map<string, number[]>();
    const record = (op: Operation, table: Table, value: number): void => {
      const key = `${op.name}|${table.name}`;
      const some = samples.get(key);
      if (some) some.push(value);
      else samples.set(key, [value]);
    };
    for (let i = 0; i < sizes.warmup + sizes.iterations; i += 1) {
      for (const op of OPERATIONS) {
        // Alternate which database goes first.
        for (const table of i % 2 === 0 ? tables : [...tables].reverse()) {
          await reset(table);
          const started = performance.now();
          await op.run(table);
          if (i >= sizes.warmup) record(op, table, performance.now() - started);
        }
      }
    }
    const summary = (op: Operation, name: string) =>
      summarize(samples.get(`${op.name}|${name}`) ?? []);

    const rows: Row[] = [];
    const latencies: Record<
      string,
      { empty: LatencySummary; large: LatencySummary; p50Ratio: number; p99Ratio: number }
    > = {};
    for (const engine of engines) {
      for (const op of OPERATIONS) {
        const e = summary(op, `${engine}-empty`);
        const l = summary(op, `${engine}-large`);
        const p50Ratio = ratio(l.p50Ms, e.p50Ms);
        const p99Ratio = ratio(l.p99Ms, e.p99Ms);
        latencies[`${op.name}|${engine}`] = { empty: e, large: l, p50Ratio, p99Ratio };
        rows.push({
          measure: `${ENGINE_NAMES[engine]}: ${op.name}, p50 / p99`,
          ours: ms(l),
          baseline: ms(e),
          ratio: p50Ratio,
          target: `p50 ≤ ${TARGET_RATIO}× (p99 ${p99Ratio.toFixed(2)}×)`,
          pass: p50Ratio <= TARGET_RATIO,
        });
      }
      const check = latencies[`${FIVE_DIE_CHECK}|${engine}`]?.large;
      const roll = latencies[`${ROLL}|${engine}`]?.large;
      if (check && roll) {
        const checkRatio = ratio(check.p50Ms, roll.p50Ms);
        rows.push({
          measure: `${ENGINE_NAMES[engine]}: five-die check beside /roll (large database), p50 / p99`,
          ours: ms(check),
          baseline: ms(roll),
          ratio: checkRatio,
          target: `p50 ≤ ${CHECK_TARGET_RATIO}× /roll`,
          pass: checkRatio <= CHECK_TARGET_RATIO,
        });
      }
    }
    if (engines.includes("postgres")) {
      for (const op of OPERATIONS) {
        const onPostgres = summary(op, "postgres-large");
        const onSqlite = summary(op, "sqlite-large");
        rows.push({
          measure: `${op.name} on PostgreSQL beside SQLite (large), p50 / p99`,
          ours: ms(onPostgres),
          baseline: ms(onSqlite),
          ratio: ratio(onPostgres.p50Ms, onSqlite.p50Ms),
          target: "reported",
          pass: null,
        });
      }
    }
    for (const engine of engines) {
      const empty = tables.find((t) => t.name === `${engine}-empty`);
      const large = tables.find((t) => t.name === `${engine}-large`);
      if (!empty || !large) continue;
      const counts = large.world.rows;
      rows.push({
        measure: `${ENGINE_NAMES[engine]}: database (Protagonists / events / size)`,
        ours: `${(counts.Protagonist ?? 0).toLocaleString("en")} / ${(counts.Event ?? 0).toLocaleString("en")} / ${(large.bytes / 1024 / 1024).toFixed(0)} MB`,
        baseline: `${(empty.world.rows.Protagonist ?? 0) + 1} / ${empty.world.rows.Event ?? 0} / ${(empty.bytes / 1024 / 1024).toFixed(1)} MB`,
        ratio: null,
        target: `generated in ${large.world.seconds.toFixed(1)} s`,
        pass: null,
      });
    }
    return {
      title: "Services (in process, SQLite and PostgreSQL)",
      ours: `large database: ${sizes.guilds.toLocaleString("en")} guilds × ${sizes.protagonistsPerGuild} Protagonists, ${sizes.eventsPerGuild.toLocaleString("en")} events per guild${places.server === undefined ? " (PostgreSQL skipped: no server)" : ""}`,
      baseline: "the same calls on a database of the same engine holding only the measured table",
      rows,
      data: {
        iterations: sizes.iterations,
        engines,
        latencies,
        rows: Object.fromEntries(tables.map((t) => [t.name, t.world.rows])),
        generationSeconds: Object.fromEntries(tables.map((t) => [t.name, t.world.seconds])),
        bytes: Object.fromEntries(tables.map((t) => [t.name, t.bytes])),
      },
    };
  } finally {
    for (const table of tables) await table.dispose();
    rmSync(places.dir, { recursive: true, force: true });
  }
}
