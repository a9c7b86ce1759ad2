/**
 * Start-up: process start to ready (connected to Discord) for the bot on an up-to-date database
 * (a restart) and for the bare discord.js bot, alternating; plus what the migration check costs,
 * timed in process on the same up-to-date file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { migrationFolders } from "../src/core/discord/paths.js";
import { openDatabase } from "../src/store/database.js";
import { applyMigrations } from "../src/core/db/migrate.js";
import { startFakeDiscord } from "../test/support/fake-discord/index.js";
import type { Sizes } from "./options.js";
import {
  BENCH_TOKEN,
  isReady,
  startContender,
  stopContender,
  type ContenderKind,
} from "./processes.js";
import type { Row, SectionResult } from "./report.js";
import { median, ratio, round } from "./stats.js";

async function startToReady(
  kind: ContenderKind,
  options: { apiUrl: string; databaseUrl: string; cwd: string },
): Promise<number> {
  const started = performance.now();
  const bot = startContender(kind, options);
  try {
    await bot.waitForLog(isReady[kind], "ready", 60_000);
    return performance.now() - started;
  } finally {
    await stopContender(bot);
  }
}

function migrationCheckMs(file: string, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const db = new BetterSqlite3(file);
    const started = performance.now();
    const report = applyMigrations(db, migrationFolders().sqlite);
    samples.push(performance.now() - started);
    db.close();
    if (report.applied.length > 0) throw new Error("the database was not up to date");
  }
  return median(samples);
}

export async function runStartupBench(sizes: Sizes["startup"]): Promise<SectionResult> {
  const dir = mkdtempSync(join(tmpdir(), "ce-bench-startup-"));
  const fakes = {
    ours: await startFakeDiscord({ requiredToken: BENCH_TOKEN }),
    bare: await startFakeDiscord({ requiredToken: BENCH_TOKEN }),
  };
  try {
    const file = join(dir, "bot.db");
    const databaseUrl = `file:${file}`;
    // The first start creates and migrates the database, then registers the commands.
    const firstStartMs = await startToReady("ours", {
      apiUrl: fakes.ours.apiUrl,
      databaseUrl,
      cwd: dir,
    });
    const samples: Record<ContenderKind, number[]> = { ours: [], bare: [] };
    for (let i = 0; i < sizes.runs; i += 1) {
      const order: ContenderKind[] = i % 2 === 0 ? ["ours", "bare"] : ["bare", "ours"];
      for (const kind of order) {
        samples[kind].push(
          await startToReady(kind, { apiUrl: fakes[kind].apiUrl, databaseUrl, cwd: dir }),
        );
      }
    }
    const fresh = join(dir, "fresh.db");
    const freshStarted = performance.now();
    await (await openDatabase(`file:${fresh}`, migrationFolders())).close();
    const freshOpenMs = performance.now() - freshStarted;
    const checkMs = migrationCheckMs(file, sizes.migrationChecks);

    const ours = median(samples.ours);
    const bare = median(samples.bare);
    const rows: Row[] = [
      {
        measure: "process start → ready (restart, database up to date)",
        ours: `${ours.toFixed(0)} ms`,
        baseline: `${bare.toFixed(0)} ms`,
        ratio: ratio(ours, bare),
        target: "reported",
        pass: null,
      },
      {
        measure: "first start → ready (creates and migrates the database)",
        ours: `${firstStartMs.toFixed(0)} ms`,
        baseline: `${bare.toFixed(0)} ms`,
        ratio: ratio(firstStartMs, bare),
        target: "reported",
        pass: null,
      },
      {
        measure: "migration check on an up-to-date database (`applyMigrations`)",
        ours: `${checkMs.toFixed(2)} ms`,
        baseline: "",
        ratio: null,
        target: `${((checkMs / ours) * 100).toFixed(1)}% of our start → ready`,
        pass: null,
      },
    ];
    return {
      title: "Start-up",
      ours: "the built bot, run as `npm start` runs it, one guild",
      baseline: "the bare discord.js bot, same fake Discord setup",
      rows,
      data: {
        startToReadyMs: {
          ours: samples.ours.map((x) => round(x, 1)),
          bare: samples.bare.map((x) => round(x, 1)),
        },
        medianMs: { ours: round(ours, 1), bare: round(bare, 1) },
        firstStartMs: round(firstStartMs, 1),
        migrationCheckMs: round(checkMs, 3),
        openFreshDatabaseMs: round(freshOpenMs, 1),
      },
    };
  } finally {
    await Promise.all([fakes.ours.close(), fakes.bare.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
}
