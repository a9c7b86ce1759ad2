import { Client, Events, GatewayIntentBits, RESTEvents } from "discord.js";
import type { Logger } from "../logger.js";
import { noMentions } from "./reply.js";

/**
 * The Discord client: only the Guilds intent (slash commands need no message content), every
 * REST call to `apiUrl` (the gateway address then comes from its GET /gateway/bot), and no
 * pings from anything the bot sends, whichever path sends it.
 */
export function createDiscordClient(options: { readonly apiUrl: string }): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: options.apiUrl },
    allowedMentions: noMentions(),
  });
}

/** Surfaces what the library reports about its own health. */
export function logClientEvents(client: Client, log: Logger): void {
  client.on(Events.Error, (error) => {
    log.error({ err: error }, "discord client error");
  });
  client.on(Events.Warn, (message) => {
    log.warn(message);
  });
  client.on(Events.ShardDisconnect, (event, shardId) => {
    log.warn({ shardId, code: event.code }, "gateway disconnected");
  });
  client.on(Events.ShardReconnecting, (shardId) => {
    // Also fires while the client is being destroyed at shutdown: not worth more than debug.
    log.debug({ shardId }, "gateway reconnecting");
  });
  client.on(Events.ShardResume, (shardId, replayed) => {
    log.info({ shardId, replayed }, "gateway resumed");
  });
  client.rest.on(RESTEvents.RateLimited, (info) => {
    log.warn(
      {
        route: info.route,
        method: info.method,
        retryAfterMs: info.retryAfter,
        global: info.global,
      },
      "rate limited by Discord",
    );
  });
  if (log.isLevelEnabled("trace")) {
    client.on(Events.Debug, (message) => {
      log.trace(message);
    });
  }
}
