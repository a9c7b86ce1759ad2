// discord.js's own copy of @discordjs/rest (CommonJS): importing the package here would load its
// ES build beside it, a second REST library in memory, with the requests going through both.
import {
  Client,
  DefaultRestOptions,
  Events,
  GatewayIntentBits,
  Options,
  Partials,
  RESTEvents,
  type CacheFactory,
} from "discord.js";
import type { Logger } from "../logger.js";
import { gatewayIncidentOf, type GatewayIncident } from "./gateway-events.js";
import { noMentions } from "./reply.js";

/**
 * The Discord client: only the Guilds intent (slash commands need no message content), every
 * REST call to `apiUrl` (the gateway address then comes from its GET /gateway/bot), no pings
 * from anything the bot sends, whichever path sends it, and only the caches it reads.
 */
export function createDiscordClient(options: {
  readonly apiUrl: string;
  readonly log: Logger;
  /** The shards this process runs (all of one, unsharded, when unset). */
  readonly shards?: { readonly ids: readonly number[]; readonly count: number };
}): Client {
  return new Client({
    // Always named: discord.js would otherwise read SHARDS and SHARD_COUNT from the environment
    // in a format of its own.
    shards: options.shards ? [...options.shards.ids] : [0],
    shardCount: options.shards?.count ?? 1,
    intents: [GatewayIntentBits.Guilds],
    // An interaction's channel is built from what the interaction carries, even when uncached
    // (an archived thread): a thread plays its parent channel's campaign (`actorFrom`).
    partials: [Partials.Channel],
    rest: { api: options.apiUrl, makeRequest: watchedRequests(options.log) },
    allowedMentions: noMentions(),
    makeCache: discordCaches(),
  });
}

/**
 * What discord.js keeps in memory. The bot reads guilds, their channels (a campaign's GM channel)
 * and roles (a member's roles are looked up in the guild's), none of which may be limited anyway.
 * Everything else it needs about who acts comes with each interaction: the member and user
 * objects discord.js builds from it work without being cached. So members and users are not
 * kept (except the bot's own, which discord.js looks up as `guild.members.me`), nor messages,
 * nor what GUILD_CREATE streams in that nothing reads (emojis, stickers, scheduled events…).
 * By default discord.js keeps every member and user that ever interacted, for good.
 */
export function discordCaches(): CacheFactory {
  const isBot = (entry: { id: string; client: Client }): boolean =>
    entry.id === entry.client.user?.id;
  return Options.cacheWithLimits({
    GuildMemberManager: { maxSize: 0, keepOverLimit: isBot },
    UserManager: { maxSize: 0, keepOverLimit: isBot },
    MessageManager: 0,
    ReactionManager: 0,
    ReactionUserManager: 0,
    ThreadMemberManager: 0,
    PresenceManager: 0,
    VoiceStateManager: 0,
    GuildEmojiManager: 0,
    GuildStickerManager: 0,
    GuildScheduledEventManager: 0,
    StageInstanceManager: 0,
    AutoModerationRuleManager: 0,
    GuildInviteManager: 0,
    GuildBanManager: 0,
    ApplicationCommandManager: 0,
    ApplicationEmojiManager: 0,
    EntitlementManager: 0,
  });
}

/**
 * Discord's HTTP answers, with a warning for each 429 and 5xx (the REST client retries both by
 * itself; a lasting 5xx outage then fails the call). Watched here rather than through the REST
 * client's "response" event, which copies every response for its listeners (~0.2 ms an answer).
 */
function watchedRequests(log: Logger): typeof DefaultRestOptions.makeRequest {
  return async (url, init) => {
    const response = await DefaultRestOptions.makeRequest(url, init);
    warnOnDiscordTrouble(log, {
      path: new URL(url).pathname,
      method: init.method,
      status: response.status,
      header: (name) => response.headers.get(name),
    });
    return response;
  };
}

/** One of Discord's HTTP answers, as far as the warnings need it. */
export interface DiscordAnswer {
  readonly path: string;
  readonly method: string | undefined;
  readonly status: number;
  /** A response header by its lower-case name; null when absent. */
  readonly header: (name: string) => string | null;
}

/** A warning for a 429 or a 5xx, whichever path the request took; nothing for other answers. */
export function warnOnDiscordTrouble(log: Logger, answer: DiscordAnswer): void {
  const { status } = answer;
  if (status !== 429 && status < 500) return;
  const fields = { path: answer.path, method: answer.method, status };
  if (status === 429) {
    const retryAfter = Number(answer.header("retry-after"));
    log.warn(
      {
        ...fields,
        retryAfterMs: Number.isFinite(retryAfter) ? Math.round(retryAfter * 1000) : undefined,
        global: answer.header("x-ratelimit-global") === "true",
      },
      "rate limited by Discord",
    );
  } else log.warn(fields, "Discord answered with a server error");
}

/**
 * Surfaces what the library reports about its own health: each gateway incident once (why the
 * connection went, at info when routine, at warn when something was lost or cut), each recovery
 * once, Discord's rate limits and server errors once per response.
 */
export function logClientEvents(client: Client, log: Logger): void {
  client.on(Events.Error, (error) => {
    log.error({ err: error }, "discord client error");
  });
  client.on(Events.Warn, (message) => {
    log.warn(message);
  });
  client.on(Events.ShardDisconnect, (event, shardId) => {
    // Only for close codes the library gives up on (bad token, disallowed intents).
    log.error({ shardId, code: event.code }, "gateway disconnected for good");
  });
  client.on(Events.ShardReconnecting, (shardId) => {
    // Also fires while the client is being destroyed at shutdown: not worth more than debug.
    log.debug({ shardId }, "gateway reconnecting");
  });
  client.on(Events.ShardResume, (shardId, replayed) => {
    log.info({ shardId, replayed }, "gateway resumed");
  });
  let everReady = false;
  client.on(Events.ShardReady, (shardId) => {
    // The first READY is "connected to Discord"; a later one follows a session Discord dropped.
    if (everReady) log.info({ shardId }, "gateway session started again");
    everReady = true;
  });
  client.on(Events.Debug, (message) => {
    const incident = gatewayIncidentOf(message);
    if (incident !== undefined) logGatewayIncident(log, incident);
  });
  client.rest.on(RESTEvents.RateLimited, (info) => {
    // The REST client pacing itself by the buckets Discord announced: routine.
    log.debug(
      {
        route: info.route,
        method: info.method,
        retryAfterMs: info.retryAfter,
        global: info.global,
      },
      "waiting for a Discord rate limit",
    );
  });
  if (log.isLevelEnabled("trace")) {
    client.on(Events.Debug, (message) => {
      log.trace(message);
    });
  }
}

function logGatewayIncident(log: Logger, incident: GatewayIncident): void {
  switch (incident.kind) {
    case "reconnect-requested":
      log.info("Discord asked the bot to reconnect; resuming");
      return;
    case "session-invalidated":
      if (incident.resumable) log.warn("Discord invalidated the gateway session; resuming");
      else log.warn("Discord invalidated the gateway session; starting a new one");
      return;
    case "connection-lost":
      log.warn(
        { code: incident.code, reason: incident.reason, recovery: incident.recovery },
        "gateway connection lost",
      );
      return;
  }
}
