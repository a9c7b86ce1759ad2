/**
 * `npm run start:sharded`: discord.js's ShardingManager, one process per shard, each running the
 * bot (main.js) for its shard. SHARD_COUNT is the number in all (`auto`: Discord's
 * recommendation); SHARDS, the ones this host runs (all when unset), so several hosts can share
 * the shards and one PostgreSQL database. A shard that crashes is started again while the others
 * go on answering; SIGTERM or SIGINT stops them all, each after its interactions in flight.
 */
import { join } from "node:path";
import { once } from "node:events";
import { ShardingManager, type Shard } from "discord.js";
import { configFromEnvironmentOrExit, type Sharding } from "./core/config.js";
import { createLogger, endLogOutput } from "./core/logger.js";
import { gatewayInfo, SHARD_NODE_OPTIONS } from "./core/discord/shards.js";
import { loginFailureMessage } from "./core/discord/login-failure.js";
import { closeHealthServer, startHealthServer } from "./core/health.js";
import { isPostgresUrl, openDatabase } from "./store/database.js";
import { migrationFolders } from "./core/discord/paths.js";
import { eternalStore } from "./games/cthulhu-eternal/store/open.js";
import { createBotStateService, databaseTakesWrites } from "./core/bot-state-service.js";

/** Discord lets a bot start one session per 5 s in each of its `max_concurrency` buckets. */
const IDENTIFY_INTERVAL_MS = 5_500;

/** How long the shards get to finish their interactions and stop before they are killed (ms). */
const STOP_GRACE_MS = 20_000;

const config = configFromEnvironmentOrExit();
const log = createLogger({
  level: config.logLevel,
  format: config.logFormat,
  secrets: [config.discordToken],
}).child({ manager: true });
async function exit(code: number): Promise<never> {
  await endLogOutput(log);
  return process.exit(code);
}

if (!isPostgresUrl(config.databaseUrl)) {
  process.stderr.write(
    "Configuration error: npm run start:sharded needs DATABASE_URL to name a PostgreSQL database, such as postgresql://bot:secret@db:5432/bot: the shards are separate processes, which share a PostgreSQL database, never a SQLite file (see README, Shards).\n",
  );
  process.exit(1);
}
const sharding: Sharding = config.sharding ?? { count: "auto", ids: undefined };

let gateway: { shards: number; maxConcurrency: number };
try {
  gateway = await gatewayInfo(config.discordApiUrl, config.discordToken);
} catch (error) {
  log.fatal({ err: error }, loginFailureMessage(error, config.discordApiUrl));
  await exit(1);
  throw error;
}
const count = sharding.count === "auto" ? gateway.shards : sharding.count;
const ids = sharding.ids ?? Array.from({ length: count }, (_, id) => id);

// Migrations run here, once, before any shard opens the database; the health check writes here.
const db = await openDatabase(config.databaseUrl, migrationFolders(), {});
const botState = createBotStateService(eternalStore(db));

// The manager answers the health check for every shard: the shards, started with this
// environment, listen on no port of their own (empty, not deleted: a shard reading .env again
// leaves a variable that is set, even empty, as it is).
process.env.HEALTH_PORT = "";
const manager = new ShardingManager(join(import.meta.dirname, "main.js"), {
  totalShards: count,
  shardList: ids,
  mode: "process",
  respawn: true,
  token: config.discordToken,
  execArgv: [...process.execArgv, ...SHARD_NODE_OPTIONS],
});
let stopping = false;
manager.on("shardCreate", (shard: Shard) => {
  log.info({ shard: shard.id }, "shard starting");
  shard.on("death", (child) => {
    if (stopping) return;
    const exitCode = "exitCode" in child ? child.exitCode : null;
    log.warn({ shard: shard.id, exitCode }, "shard stopped; starting it again");
  });
  // A restart that fails (the shard died again before it was ready) is reported here; the next
  // death starts it again. Unheard, discord.js would throw it at the manager.
  shard.on("error", (error) => {
    if (!stopping) log.error({ err: error, shard: shard.id }, "a shard did not start again");
  });
});

const health =
  config.healthPort === undefined
    ? undefined
    : await startHealthServer(
        {
          discord: () => manager.shards.size === ids.length,
          shards: () => [...manager.shards.values()].map((s) => ({ id: s.id, ready: s.ready })),
          database: () => databaseTakesWrites(botState),
        },
        config.healthPort,
        config.healthHost,
      );

/**
 * Stops every shard (each drains its interactions on SIGTERM; one that takes longer than the
 * grace is killed), then the manager, which exits with `code`.
 */
async function stopAll(reason: string, code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  manager.respawn = false;
  log.info({ reason }, "stopping every shard");
  await Promise.all(
    [...manager.shards.values()].map(async (shard) => {
      const child = shard.process;
      if (child === null || child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(killer);
    }),
  );
  await closeHealthServer(health);
  await db.close();
  log.info("stopped");
  await exit(code);
}
process.on("SIGTERM", () => void stopAll("SIGTERM"));
process.on("SIGINT", () => void stopAll("SIGINT"));

log.info({ shards: ids, shardCount: count }, "starting shards");
try {
  // Shards of one identify bucket start one after another, as Discord allows.
  const delay = gateway.maxConcurrency >= ids.length ? 0 : IDENTIFY_INTERVAL_MS;
  await manager.spawn({ amount: count, delay, timeout: 60_000 });
  log.info({ shards: ids, shardCount: count }, "every shard ready");
} catch (error) {
  log.fatal({ err: error }, "a shard did not start");
  await stopAll("a shard did not start", 1);
}
