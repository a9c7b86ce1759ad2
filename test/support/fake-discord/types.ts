/** Public configuration and record types of the fake Discord. */
import type { ChannelType, Locale } from "discord.js";

export interface FakeUserInit {
  id?: string;
  username?: string;
  globalName?: string | null;
  avatar?: string | null;
  bot?: boolean;
}

export interface FakeChannelInit {
  id?: string;
  name?: string;
  /** Defaults to a guild text channel. A public thread needs `parentId` (its text channel). */
  type?:
    | ChannelType.GuildText
    | ChannelType.GuildCategory
    | ChannelType.GuildVoice
    | ChannelType.PublicThread;
  parentId?: string | null;
  topic?: string | null;
  /** Threads only: archived threads are not streamed in GUILD_CREATE (bots don't have them cached). */
  archived?: boolean;
}

export interface FakeRoleInit {
  id?: string;
  name: string;
  /** Permission bits (bigint or its decimal string). */
  permissions?: bigint | string;
  color?: number;
}

export interface FakeMemberInit {
  user: FakeUserInit;
  /** Role ids or role names from this guild's `roles`. */
  roles?: string[];
  nick?: string | null;
}

export interface FakeGuildInit {
  id?: string;
  name?: string;
  /** Owner user; defaults to a generated "owner" member. */
  owner?: FakeUserInit;
  channels?: FakeChannelInit[];
  roles?: FakeRoleInit[];
  members?: FakeMemberInit[];
  /** Permissions of @everyone. */
  everyonePermissions?: bigint | string;
  /** Permissions of the bot's managed role. */
  botPermissions?: bigint | string;
  preferredLocale?: Locale;
}

export interface StartFakeDiscordOptions {
  /** Guilds the bot is in; defaults to one guild with a #general text channel. */
  guilds?: FakeGuildInit[];
  /**
   * Servers the bot is not in, where members who installed the app on their account use its
   * user-installable commands (the bot gets no GUILD_CREATE and no access to their channels).
   */
  externalGuilds?: FakeGuildInit[];
  /**
   * Whether the app may be installed on user accounts (the developer portal's Installation
   * settings). Off by default, like a new app: commands claiming user installation are refused.
   */
  userInstall?: boolean;
  applicationId?: string;
  botUser?: FakeUserInit;
  /** When set, REST calls and IDENTIFY with any other token fail like Discord does (401 / 4004). */
  requiredToken?: string;
  /** HELLO heartbeat_interval. Discord's is 41250; tests rarely need heartbeats. */
  heartbeatIntervalMs?: number;
  /** How long after INTERACTION_CREATE a first answer is accepted (Discord: 3 s). */
  interactionDeadlineMs?: number;
  /** Default timeout of every `wait*` / `response()` helper. */
  defaultTimeoutMs?: number;
  /** Receives one line per notable event (requests, gateway traffic); handy when debugging a test. */
  log?: (line: string) => void;
  /**
   * How many shards `GET /gateway/bot` recommends (1 unless set). With more, each session serves
   * the shard its IDENTIFY names, and a guild's events go to shard `(guild_id >> 22) % count`.
   */
  shardCount?: number;
  /** `max_concurrency` of `GET /gateway/bot`: sessions a bot may start at once (Discord: 1 for most). */
  maxConcurrency?: number;
  /**
   * How many requests, interactions and messages the fake remembers, the oldest forgotten first:
   * a forgotten interaction or message is unknown to later calls, as an expired one is to Discord.
   * Unset, it remembers them all, for tests that read them back. A load run sets it, so that the
   * fake's own memory, and its collections' pauses that would count as the bot's latency, stay flat.
   */
  historyLimit?: number;
}

export interface RecordedFile {
  /** Form field name, e.g. `files[0]`. */
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface RecordedResponse {
  status: number;
  body: unknown;
}

export interface RecordedRequest {
  /** 1-based arrival order. */
  seq: number;
  at: number;
  /** `performance.now()` when the request's last byte arrived, before the fake read it. */
  receivedAt: number;
  method: string;
  /** Path below `/api/v10`, percent-decoded (so `@original`, not `%40original`). */
  path: string;
  /** The path as received. */
  rawPath: string;
  query: Record<string, string>;
  /** Lower-cased header names; `authorization` is removed (see `token`). */
  headers: Record<string, string>;
  /** The token from `Authorization: Bot <token>`, if any. */
  token: string | undefined;
  /** Parsed JSON (or `payload_json` of a multipart body); raw text otherwise; undefined if empty. */
  body: unknown;
  files: RecordedFile[];
  /** Name of the route that handled it, or undefined if unknown to the fake (answered 404). */
  route: string | undefined;
  /** Filled in once answered. */
  response: RecordedResponse | undefined;
}

/** Discord's JSON error body. */
export interface DiscordErrorBody {
  code: number;
  message: string;
  errors?: unknown;
}
