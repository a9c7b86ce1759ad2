/**
 * The bot in shards (`npm run start:sharded`): discord.js's ShardingManager runs one process per
 * shard on one PostgreSQL database, and the fake Discord sends each guild's interactions to the
 * shard that owns it. Every guild is answered; when one shard's process dies, the manager starts
 * it again while the other shards keep answering; SIGTERM stops them all.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  guildIdOnShard,
  shardOf,
  startFakeDiscord,
  type FakeDiscord,
} from "../../support/fake-discord/index.js";
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  testPostgresUrl,
} from "../../support/postgres.js";
import { startBotProcess, type BotProcess, type LogLine } from "../support/bot-process.js";

const TOKEN = "shards.e2e.token";
const SHARDS = 3;
const MANAGER = resolve(import.meta.dirname, "../../../dist/src/shard-manager.js");
const server = testPostgresUrl() ?? "";
const guilds = Array.from({ length: SHARDS }, (_, shard) => guildIdOnShard(shard, SHARDS));

let fake: FakeDiscord;
let manager: BotProcess;
let database: string;

const shardLine = (shard: number, msg: string) => (line: LogLine) =>
  line.msg === msg && Array.isArray(line.shards) && line.shards.includes(shard);

/** A plain `/roll` in the guild, answered (with its result) by the guild's shard. */
async function rollIn(guildId: string): Promise<void> {
  const response = await fake
    .sendSlashCommand({ name: "roll", guildId, options: { target: 50 } })
    .response();
  expect(response.data?.embeds?.[0]?.title, `guild on shard ${shardOf(guildId, SHARDS)}`).toMatch(
    / — Test$/,
  );
}

beforeAll(async () => {
  fake = await startFakeDiscord({
    requiredToken: TOKEN,
    shardCount: SHARDS,
    maxConcurrency: SHARDS,
    defaultTimeoutMs: 20_000,
    guilds: guilds.map((id, shard) => ({
      id,
      name: `Shard ${shard}`,
      channels: [{ name: "general" }],
    })),
  });
  database = await createDatabase(server);
  manager = startBotProcess(
    {
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: fake.apiUrl,
      DATABASE_URL: databaseUrl(server, database),
      SHARD_COUNT: "auto",
    },
    undefined,
    MANAGER,
  );
  await manager.waitForLog((line) => line.msg === "every shard ready", "every shard", 90_000);
  await manager.waitForLog((line) => line.msg === "commands registered", "registration", 30_000);
  // A shard's own lines reach its stdout after it told the manager it was ready.
  for (let shard = 0; shard < SHARDS; shard += 1) {
    await manager.waitForLog(shardLine(shard, "connected to Discord"), `shard ${shard}`, 30_000);
  }
}, 120_000);

afterAll(async () => {
  await manager.kill();
  await fake.close();
  await dropDatabase(server, database);
});

describe("three shards on one PostgreSQL database", () => {
  it("serve each guild from its own shard, and each shard logs its id", async () => {
    expect(guilds.map((id) => shardOf(id, SHARDS))).toEqual([0, 1, 2]);
    expect(fake.gateway.liveShards().sort()).toEqual([0, 1, 2]);
    for (let shard = 0; shard < SHARDS; shard += 1) {
      const connected = manager.logs.find(shardLine(shard, "connected to Discord"));
      expect(connected, `shard ${shard}`).toMatchObject({ shardCount: SHARDS, guilds: 1 });
      // Each shard runs with the garbage collection of SHARD_NODE_OPTIONS, the manager's own
      // options kept.
      const argv = readFileSync(`/proc/${String(connected?.pid)}/cmdline`, "utf8").split("\0");
      expect(argv, `shard ${shard}`).toEqual(
        expect.arrayContaining([
          "--single-threaded-gc",
          "--heap-growing-percent=100",
          "--no-wasm-tier-up",
        ]),
      );
    }
    // Only the process of shard 0 registers the commands.
    expect(manager.logs.filter((line) => line.msg === "commands registered")).toHaveLength(1);
    for (const guildId of guilds) await rollIn(guildId);
  });

  it("start a shard again when its process dies, while the others keep answering", async () => {
    const victim = manager.logs.find(shardLine(1, "connected to Discord"));
    const pid = typeof victim?.pid === "number" ? victim.pid : undefined;
    expect(pid).toBeDefined();
    const before = manager.logs.length;
    process.kill(pid ?? 0, "SIGKILL");
    await manager.waitForLog((line) => line.msg === "shard stopped; starting it again", "death");
    // The other shards answer while shard 1 is down and coming back.
    for (let round = 0; round < 3; round += 1) {
      await rollIn(guilds[0] ?? "");
      await rollIn(guilds[2] ?? "");
    }
    await manager.waitForLog(
      (line) => manager.logs.indexOf(line) >= before && shardLine(1, "connected to Discord")(line),
      "shard 1 back",
      60_000,
    );
    await rollIn(guilds[1] ?? "");
  });

  it("stop every shard on SIGTERM", async () => {
    manager.signal("SIGTERM");
    expect(await manager.exited).toBe(0);
    expect(manager.logs.some((line) => line.msg === "stopped" && line.manager === true)).toBe(true);
  });
});
