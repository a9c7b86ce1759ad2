/**
 * Concurrency across processes: two bot processes (two hosts, or two shards) on one PostgreSQL
 * database, each making 20 SAN losses at once on the same Protagonist. Every loss lands exactly
 * once: no lost update, no loss applied twice, one event each. The processes run the built
 * services (dist/), as the bot does; no process-local lock could serialise them.
 */
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gm, makeWorld, type World } from "../../support/fixtures.js";

const DIST = resolve(import.meta.dirname, "../../../dist/src");
const moduleUrl = (path: string) => pathToFileURL(join(DIST, path)).href;

/** A process that opens the database and makes `count` SAN losses of 1 at once. */
function lossesFromAnotherProcess(url: string, protagonistId: string, count: number) {
  const script = `
    const { openEternalDatabase } = await import(${JSON.stringify(moduleUrl("games/cthulhu-eternal/store/open.js"))});
    const { createBotServices } = await import(${JSON.stringify(moduleUrl("games/cthulhu-eternal/game.js"))});
    const { cryptoRng } = await import(${JSON.stringify(moduleUrl("core/rng.js"))});
    const { migrationFolders } = await import(${JSON.stringify(moduleUrl("core/discord/paths.js"))});
    const db = await openEternalDatabase(process.env.URL, migrationFolders());
    const services = createBotServices({ store: db.store }, cryptoRng());
    const actor = JSON.parse(process.env.ACTOR);
    const results = await Promise.allSettled(
      Array.from({ length: Number(process.env.COUNT) }, () =>
        services.sanity.sanTest({ actor, protagonistIds: [process.env.ID], loss: "1/1", threat: "unnatural" }),
      ),
    );
    await db.close();
    const failed = results.filter((r) => r.status === "rejected").map((r) => String(r.reason));
    process.stdout.write(JSON.stringify({ landed: results.length - failed.length, failed }));
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    env: {
      ...process.env,
      URL: url,
      ID: protagonistId,
      COUNT: String(count),
      ACTOR: JSON.stringify(gm()),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise<{ landed: number; failed: string[] }>((done, fail) => {
    child.on("exit", (code) => {
      if (code === 0) done(JSON.parse(out) as { landed: number; failed: string[] });
      else fail(new Error(`the process exited with ${String(code)}: ${out}`));
    });
  });
}

let world: World;

beforeAll(async () => {
  world = await makeWorld();
});
afterAll(() => world.dispose());

describe("two processes on one PostgreSQL database", () => {
  it("land 40 concurrent SAN losses on one Protagonist exactly once", async () => {
    const { db } = world;
    await db.prisma.protagonist.update({
      where: { id: world.hero.id },
      data: { san: 90, breakingPoint: 0 },
    });
    const url = db.url;
    const outcomes = await Promise.all([
      lossesFromAnotherProcess(url, world.hero.id, 20),
      lossesFromAnotherProcess(url, world.hero.id, 20),
    ]);
    expect(outcomes.flatMap((o) => o.failed)).toEqual([]);
    expect(outcomes.map((o) => o.landed)).toEqual([20, 20]);
    const hero = await db.prisma.protagonist.findUniqueOrThrow({ where: { id: world.hero.id } });
    expect(hero.san).toBe(50);
    const tests = await db.prisma.event.findMany({ where: { kind: "san-test" } });
    expect(tests).toHaveLength(40);
    // Each loss was applied to the SAN the one before left: 90, 89, …, 51, each once.
    const befores = tests
      .map((event) => (event.before as Record<string, { san: number }>)[world.hero.id]?.san)
      .sort((a, b) => (b ?? 0) - (a ?? 0));
    expect(befores).toEqual(Array.from({ length: 40 }, (_, i) => 90 - i));
  });
});
