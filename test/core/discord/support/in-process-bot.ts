import { Events, type Client } from "discord.js";
import { createDiscordClient, logClientEvents } from "../../../../src/core/discord/client.js";
import type {
  CommandModule,
  SlashCommandDefinition,
} from "../../../../src/core/discord/command.js";
import { CommandRegistry } from "../../../../src/core/discord/command-registry.js";
import { registerCommands } from "../../../../src/core/discord/command-registration.js";
import { InteractionDispatcher } from "../../../../src/core/discord/dispatcher.js";
import { routeGame } from "../../../../src/core/discord/game.js";
import { cthulhuEternal } from "../../../../commands/cthulhu-eternal/index.js";
import type { WriteRateLimiter } from "../../../../src/core/discord/rate-limit.js";
import { createBotServices, type BotServices } from "../../../../src/games/cthulhu-eternal/game.js";
import { openTempDatabase } from "../../../support/temp-db.js";
import { createLogger } from "../../../../src/core/logger.js";
import { seededRng } from "../../../../src/core/rng.js";
import {
  startFakeDiscord,
  type FakeDiscord,
  type StartFakeDiscordOptions,
} from "../../../support/fake-discord/index.js";
import { captureLogs } from "./log-capture.js";
import { memoryStore } from "./memory-store.js";

export const TEST_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.in-process-test-token_0123456789";

export interface InProcessBot {
  readonly fake: FakeDiscord;
  readonly client: Client<true>;
  readonly dispatcher: InteractionDispatcher;
  readonly logs: ReturnType<typeof captureLogs>;
  stop(): Promise<void>;
}

/**
 * The real client, dispatcher and logger (not the process entry point) against the fake Discord,
 * with test commands registered in its dev guild. For behaviour that needs odd handlers.
 */
export async function startInProcessBot(options: {
  /** Cthulhu Eternal's commands (or test modules), routed with `services`. */
  readonly modules: readonly CommandModule<BotServices>[];
  /** Registered in Discord but unknown to the bot (a removed command). */
  readonly extraDefinitions?: readonly SlashCommandDefinition[];
  readonly autoDeferAfterMs?: number;
  readonly services?: BotServices;
  readonly writeRateLimiter?: WriteRateLimiter;
  readonly rollRateLimiter?: WriteRateLimiter;
  /** Guilds, users, timeouts of the fake (the token is always TEST_TOKEN). */
  readonly fakeOptions?: Omit<StartFakeDiscordOptions, "requiredToken">;
  /** Log the client's health events like the bot process does (logClientEvents). */
  readonly logClientEvents?: boolean;
}): Promise<InProcessBot> {
  const fake = await startFakeDiscord({ ...options.fakeOptions, requiredToken: TEST_TOKEN });
  let database: Awaited<ReturnType<typeof openTempDatabase>> | undefined;
  let services = options.services;
  if (!services) {
    database = await openTempDatabase();
    services = createBotServices({ store: database.store }, seededRng(1));
  }
  const logs = captureLogs();
  const log = createLogger({
    level: "debug",
    format: "json",
    secrets: [TEST_TOKEN],
    destination: logs,
  });
  const registry = new CommandRegistry(routeGame(cthulhuEternal(services, options.modules)));
  const client = createDiscordClient({ apiUrl: fake.apiUrl, log });
  const dispatcher = new InteractionDispatcher({
    registry,
    log,
    autoDeferAfterMs: options.autoDeferAfterMs,
    newReferenceCode: () => "REF123",
    writeRateLimiter: options.writeRateLimiter,
    rollRateLimiter: options.rollRateLimiter,
  });
  if (options.logClientEvents === true) logClientEvents(client, log);
  client.on(Events.InteractionCreate, (interaction) => {
    void dispatcher.handle(interaction);
  });
  const ready = new Promise<Client<true>>((resolve) => {
    client.once(Events.ClientReady, resolve);
  });
  try {
    await client.login(TEST_TOKEN);
    const readyClient = await ready;
    await registerCommands({
      rest: readyClient.rest,
      state: memoryStore(),
      definitions: [...registry.definitions(), ...(options.extraDefinitions ?? [])],
      target: { applicationId: readyClient.application.id, guildId: fake.guild().id },
      log,
    });
    return {
      fake,
      client: readyClient,
      dispatcher,
      logs,
      async stop() {
        await client.destroy();
        await fake.close();
        await database?.dispose();
      },
    };
  } catch (error) {
    await client.destroy();
    await fake.close();
    await database?.dispose();
    throw error;
  }
}
