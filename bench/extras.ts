/**
 * The Extras beside `/san`: an encounter on four Protagonists (a Weird 1, Scary 1 entity: a SAN
 * test and a will test each) and an attack on one, against one Protagonist's SAN test, in process, on SQLite and on
 * PostgreSQL when there is a server. The target is per Protagonist affected.
 */
import { seededRng } from "../src/core/rng.js";
import type { Engine } from "../src/store/database.js";
import { createExtrasService } from "../src/games/cthulhu-eternal/extras/extras-service.js";
import { entitiesExtra } from "../src/games/cthulhu-eternal/extras/entities/index.js";
import { corruptionExtra } from "../src/games/cthulhu-eternal/extras/corruption/index.js";
import { gearExtra } from "../src/games/cthulhu-eternal/extras/gear/index.js";
import { extensionPointsOf } from "../src/games/cthulhu-eternal/extras/registry.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrationFolders } from "../src/core/discord/paths.js";
import { buildProtagonist } from "../src/games/cthulhu-eternal/rules/creation/index.js";
import { createServices, type Services } from "../src/games/cthulhu-eternal/services/index.js";
import { insertProtagonist } from "../src/games/cthulhu-eternal/services/protagonist-factory.js";
import {
  openEternalDatabase,
  type EternalDatabase,
} from "../src/games/cthulhu-eternal/store/open.js";
import { sampleChoices } from "../test/games/cthulhu-eternal/rules/creation/sample.js";
import { gm } from "../test/support/fixtures.js";
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  testPostgresUrl,
} from "../test/support/postgres.js";
import type { Row, SectionResult } from "./report.js";
import { ratio, summarize, type LatencySummary } from "./stats.js";

const MODULES = [corruptionExtra, entitiesExtra, gearExtra];
const PARTY = 4;
const TARGET_RATIO = 1.5;
const ENGINE_NAMES: Record<Engine, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

export interface ExtrasSizes {
  warmup: number;
  iterations: number;
}

interface Table {
  db: EternalDatabase;
  services: Services;
  extras: ReturnType<typeof createExtrasService>;
  ids: string[];
  /** Every Protagonist's maximum HP (the same sample sheet). */
  hpMax: number;
  dispose(): Promise<void>;
}

/** A fresh database of the engine with a campaign, its party, and the entity. */
async function prepare(engine: Engine, dir: string): Promise<Table> {
  const server = testPostgresUrl() ?? "";
  const database = engine === "postgres" ? await createDatabase(server) : undefined;
  const url =
    database === undefined ? `file:${join(dir, "extras.db")}` : databaseUrl(server, database);
  const db = await openEternalDatabase(url, migrationFolders());
  const rng = seededRng(7);
  const extensions = extensionPointsOf(MODULES);
  const services = createServices({ store: db.store, rng, extensions });
  const campaign = await services.campaigns.create({ actor: gm(), name: "Night Floors" });
  const ids: string[] = [];
  let hpMax = 0;
  for (let seat = 1; seat <= PARTY; seat += 1) {
    const choices = { ...sampleChoices(), name: `Agent ${seat}` };
    const created = await db.store.transaction((tx) =>
      insertProtagonist(tx, {
        guildId: gm().guildId,
        campaignId: campaign.id,
        ownerId: `40000000000000000${seat}`,
        sheet: buildProtagonist(choices),
        creation: choices,
      }),
    );
    ids.push(created.id);
    hpMax = created.hpMax;
  }
  const extras = createExtrasService({ store: db.store, rng, extensions }, MODULES);
  await extras.change({ actor: gm(), moduleId: "entities", enabled: true });
  await extras.change({ actor: gm(), moduleId: "gear", enabled: true });
  const [attacker, target] = ids;
  await extras.of(gearExtra).weapon({
    actor: gm(),
    protagonistId: attacker,
    name: "Revolver",
    skill: "Firearms",
    damage: "1D10",
    range: "far",
  });
  await extras
    .of(gearExtra)
    .armour({ actor: gm(), protagonistId: target, name: "Vest", protection: 1 });
  await extras
    .of(entitiesExtra)
    .add({ actor: gm(), name: "Ghoul", kind: "creature", tags: "Weird 1, Scary 1" });
  return {
    db,
    services,
    extras,
    ids,
    hpMax,
    async dispose() {
      await db.close();
      if (database !== undefined) await dropDatabase(server, database);
    },
  };
}

/** Every Protagonist as it started, untimed, so each call does the same work. */
async function reset(table: Table): Promise<void> {
  const { prisma } = table.db;
  await prisma.protagonist.updateMany({
    where: { id: { in: table.ids } },
    data: {
      san: 70,
      breakingPoint: 56,
      wp: 12,
      hp: table.hpMax,
      status: "active",
      temporarilyInsane: false,
    },
  });
  await prisma.disorder.deleteMany({ where: { protagonistId: { in: table.ids } } });
}

function ms(summary: LatencySummary): string {
  return `${summary.p50Ms.toFixed(2)} / ${summary.p99Ms.toFixed(2)} ms`;
}

export async function runExtrasBench(sizes: ExtrasSizes): Promise<SectionResult> {
  const engines: Engine[] = testPostgresUrl() === undefined ? ["sqlite"] : ["sqlite", "postgres"];
  const dir = mkdtempSync(join(tmpdir(), "ce-bench-extras-"));
  const rows: Row[] = [];
  const latencies: Record<
    string,
    { san: LatencySummary; encounter: LatencySummary; attack: LatencySummary }
  > = {};
  for (const engine of engines) {
    const table = await prepare(engine, dir);
    try {
      const san: number[] = [];
      const encounter: number[] = [];
      const attack: number[] = [];
      for (let i = 0; i < sizes.warmup + sizes.iterations; i += 1) {
        await reset(table);
        let started = performance.now();
        await table.services.sanity.sanTest({
          actor: gm(),
          protagonistIds: table.ids.slice(0, 1),
          loss: "0/1D10",
          threat: "unnatural",
        });
        if (i >= sizes.warmup) san.push(performance.now() - started);
        await reset(table);
        started = performance.now();
        await table.extras.of(entitiesExtra).encounter({ actor: gm(), name: "Ghoul" });
        if (i >= sizes.warmup) encounter.push(performance.now() - started);
        await reset(table);
        started = performance.now();
        await table.extras.of(gearExtra).attack({
          actor: gm(),
          protagonistId: table.ids[0],
          weapon: "Revolver",
          targetId: table.ids[1],
        });
        if (i >= sizes.warmup) attack.push(performance.now() - started);
      }
      const sanSummary = summarize(san);
      const encounterSummary = summarize(encounter);
      const attackSummary = summarize(attack);
      latencies[engine] = { san: sanSummary, encounter: encounterSummary, attack: attackSummary };
      const perProtagonist = ratio(encounterSummary.p50Ms / PARTY, sanSummary.p50Ms);
      rows.push({
        measure: `${ENGINE_NAMES[engine]}: encounter on ${PARTY} Protagonists (Weird 1, Scary 1) beside /san, p50 / p99`,
        ours: ms(encounterSummary),
        baseline: ms(sanSummary),
        ratio: perProtagonist,
        target: `p50 per Protagonist ≤ ${TARGET_RATIO}× /san`,
        pass: perProtagonist <= TARGET_RATIO,
      });
      const attackRatio = ratio(attackSummary.p50Ms, sanSummary.p50Ms);
      rows.push({
        measure: `${ENGINE_NAMES[engine]}: an attack on a Protagonist (Firearms, 1D10, armour) beside /san, p50 / p99`,
        ours: ms(attackSummary),
        baseline: ms(sanSummary),
        ratio: attackRatio,
        target: `p50 ≤ ${TARGET_RATIO}× /san`,
        pass: attackRatio <= TARGET_RATIO,
      });
    } finally {
      await table.dispose();
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return {
    title: "Extras beside /san (in process)",
    ours: `an encounter (${PARTY} Protagonists, a SAN test and a will test each); an attack on one`,
    baseline: "a GM's /san on one Protagonist, on the same database",
    rows,
    data: { iterations: sizes.iterations, engines, latencies },
  };
}
