/**
 * Composition root: reads the configuration, then builds every long-lived part and wires them
 * together by hand, in start-up order. The one place to look for "where does X come from".
 */
import { cultistsStore } from "./games/cultists-of-cthulhu/store/game-store.js";
import { disableValidators, Events } from "discord.js";
import { cthulhuEternal, extraModules } from "../commands/cthulhu-eternal/index.js";
import { createDiscordClient, logClientEvents } from "./core/discord/client.js";
import {
  registersCommands,
  shardPlan,
  shardStates,
  type ShardPlan,
} from "./core/discord/shards.js";
import { CommandRegistry } from "./core/discord/command-registry.js";
import { routeGame } from "./core/discord/game.js";
import { installTypesOf, registerCommands } from "./core/discord/command-registration.js";
import { InteractionDispatcher } from "./core/discord/dispatcher.js";
import { InFlight } from "./core/discord/in-flight.js";
import { loginFailureMessage } from "./core/discord/login-failure.js";
import { WriteRateLimiter } from "./core/discord/rate-limit.js";
import { migrationFolders } from "./core/discord/paths.js";
import { createBotServices } from "./games/cthulhu-eternal/game.js";
import { cultistsOfCthulhu } from "../commands/cultists-of-cthulhu/index.js";
import { createCultistsService } from "./games/cultists-of-cthulhu/services/game-service.js";
import { createShutdown, shutDownOnSignals } from "./core/discord/shutdown.js";
import { configFromEnvironmentOrExit } from "./core/config.js";
import { eternalStore } from "./games/cthulhu-eternal/store/open.js";
import { openDatabase, type Database } from "./store/database.js";
import { DatabaseAccessError } from "./core/db/access.js";
import { closeHealthServer, startHealthServer } from "./core/health.js";
import { createLogger, endLogOutput } from "./core/logger.js";
import { cryptoRng } from "./core/rng.js";
import { createBotStateService, databaseTakesWrites } from "./core/bot-state-service.js";

async function main(): Promise<void> {
  const config = configFromEnvironmentOrExit();
  /** A shard process of `npm run start:sharded` (its manager talks to it over IPC). */
  const underManager = process.send !== undefined;
  // The builders re-check every embed and button they build (~0.3 ms an answer); our
  // presentation keeps texts within Discord's limits, and its tests run with the checks on.
  disableValidators();
  // Read: discord.js would read these again in a format of its own (see createDiscordClient).
  delete process.env.SHARDS;
  delete process.env.SHARD_COUNT;
  const rootLog = createLogger({
    level: config.logLevel,
    format: config.logFormat,
    secrets: [config.discordToken],
  });
  let plan: ShardPlan | undefined;
  try {
    plan = await shardPlan(config.sharding, config.discordApiUrl, config.discordToken);
  } catch (error) {
    rootLog.fatal({ err: error }, loginFailureMessage(error, config.discordApiUrl));
    await endLogOutput(rootLog);
    process.exit(1);
  }
  // Each line of a sharded bot names the shards its process runs.
  const log = plan ? rootLog.child({ shards: plan.ids, shardCount: plan.count }) : rootLog;
  /** Exits once every log line is out, in order (the fatal line before "stopped"). */
  const exit = (code: number): void => {
    void endLogOutput(log).then(() => process.exit(code));
  };
  process.on("unhandledRejection", (reason) => {
    log.error({ err: reason }, "unhandled promise rejection");
  });

  let db: Database;
  try {
    db = await openDatabase(config.databaseUrl, migrationFolders(), { sync: config.databaseSync });
  } catch (error) {
    if (error instanceof DatabaseAccessError) {
      // One line naming the file and the fix, as for a configuration error.
      process.stderr.write(`${error.message}\n`);
      exit(1);
      return;
    }
    log.fatal({ err: error }, "could not open the database");
    exit(1);
    return;
  }
  log.info(
    { engine: db.engine, database: db.location, applied: db.migrations.applied },
    "database ready",
  );
  if (db.migrations.modified.length > 0) {
    log.warn({ modified: db.migrations.modified }, "applied migrations changed since they ran");
  }

  // One database, each game's part of it handed to the game.
  const store = eternalStore(db);
  const botState = createBotStateService(store);
  const services = createBotServices({ store }, cryptoRng(), extraModules);
  const cultists = createCultistsService({ store: cultistsStore(db), rng: services.rng });
  const registry = new CommandRegistry([
    ...routeGame(cthulhuEternal(services)),
    ...routeGame(cultistsOfCthulhu({ cultists })),
  ]);
  const client = createDiscordClient({ apiUrl: config.discordApiUrl, log, shards: plan });
  logClientEvents(client, log);
  const dispatcher = new InteractionDispatcher({
    registry,
    log,
    writeRateLimiter: new WriteRateLimiter(config.writeRateLimit),
    rollRateLimiter: new WriteRateLimiter(config.rollRateLimit),
  });
  const background = new InFlight();
  const health =
    config.healthPort === undefined
      ? undefined
      : await startHealthServer(
          {
            discord: () => client.isReady(),
            ...(plan ? { shards: () => shardStates(client) } : {}),
            database: () => databaseTakesWrites(botState),
          },
          config.healthPort,
          config.healthHost,
        );
  if (health)
    log.info({ port: config.healthPort, host: config.healthHost }, "health endpoint ready");

  client.on(Events.InteractionCreate, (interaction) => {
    void dispatcher.handle(interaction);
  });
  client.once(Events.ClientReady, (ready) => {
    const applicationId = ready.application.id;
    log.info(
      { user: ready.user.tag, applicationId, guilds: ready.guilds.cache.size },
      "connected to Discord",
    );
    if (!registersCommands(plan)) return;
    void background.track(
      installTypesOf(ready.application, log)
        .then((installTypes) =>
          registerCommands({
            rest: ready.rest,
            state: botState,
            definitions: registry.definitions(),
            target: { applicationId, guildId: config.devGuildId, installTypes },
            log,
          }),
        )
        .catch((error: unknown) => {
          log.error({ err: error }, "command registration failed; will retry at the next start");
        }),
    );
  });

  const shutdown = createShutdown({
    log,
    stopAccepting: () => {
      dispatcher.stopAccepting();
    },
    drain: async (timeoutMs) => {
      const results = await Promise.all([dispatcher.drain(timeoutMs), background.idle(timeoutMs)]);
      return results.every(Boolean);
    },
    closers: [
      { name: "health endpoint", close: () => closeHealthServer(health) },
      { name: "Discord client", close: () => client.destroy() },
      { name: "database", close: () => db.close() },
    ],
    exit,
  });
  shutDownOnSignals(shutdown, log, exit, { managed: underManager });
  if (underManager) {
    // A shard of `npm run start:sharded`: when its manager is gone, so is the shard.
    if (!process.connected) void shutdown("sharding manager gone");
    process.once("disconnect", () => void shutdown("sharding manager gone"));
  }
  process.on("uncaughtException", (error) => {
    log.fatal({ err: error }, "uncaught exception");
    void shutdown("uncaught exception", 1);
  });

  try {
    await client.login(config.discordToken);
  } catch (error) {
    log.fatal({ err: error }, loginFailureMessage(error, config.discordApiUrl));
    await shutdown("login failed", 1);
  }
}

await main();
