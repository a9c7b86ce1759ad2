import { config as loadDotenv } from "dotenv";
import { z } from "zod";
import { DEFAULT_DATABASE_URL } from "./db/database-url.js";

/** A per-user token bucket's size and refill (see `src/core/discord/rate-limit.ts`). */
export interface WriteRateLimitSettings {
  /** Writes a user may make back to back. */
  readonly burst: number;
  /** Writes a user may make per minute once the burst is spent. */
  readonly perMinute: number;
}

/** Generous for a table in play (a GM applying damage to a whole party), hostile to scripts. */
export const DEFAULT_WRITE_RATE_LIMIT: WriteRateLimitSettings = { burst: 20, perMinute: 60 };

/**
 * Rolls change nothing later commands depend on, so they have a bucket of their own: a GM rolling
 * for a dozen NPCs, or one roll a second for minutes on end, never runs out (it refills at 1.5 a
 * second); a script flooding does after 30.
 */
export const DEFAULT_ROLL_RATE_LIMIT: WriteRateLimitSettings = { burst: 30, perMinute: 90 };

export const DEFAULT_DISCORD_API_URL = "https://discord.com/api";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ["json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export const DATABASE_SYNC_MODES = ["normal", "full"] as const;
export type DatabaseSync = (typeof DATABASE_SYNC_MODES)[number];

export interface Config {
  readonly discordToken: string;
  /** Base of every REST call, without the version (discord.js adds `/v10`); no trailing slash. */
  readonly discordApiUrl: string;
  readonly databaseUrl: string;
  /** SQLite's `synchronous` in WAL mode: "full" also survives power loss, at an fsync per change. */
  readonly databaseSync: DatabaseSync;
  readonly logLevel: LogLevel;
  readonly logFormat: LogFormat;
  /** When set, commands are registered on this guild only (instant) instead of globally. */
  readonly devGuildId: string | undefined;
  /** When set, GET /health answers on this port (for container health checks); off when unset. */
  readonly healthPort: number | undefined;
  /** Where the health endpoint listens: loopback unless told otherwise. */
  readonly healthHost: string;
  /** How fast each user may change the table (reads are never limited). */
  readonly writeRateLimit: WriteRateLimitSettings;
  /** How fast each user may roll (rolls have a bucket of their own). */
  readonly rollRateLimit: WriteRateLimitSettings;
  /**
   * Shards (SHARD_COUNT, SHARDS): how many the bot runs in all (`auto`: Discord's
   * recommendation), and which of them this process runs (all of them when unset). Unset: one
   * shard, no sharding.
   */
  readonly sharding: Sharding | undefined;
}

export interface Sharding {
  readonly count: number | "auto";
  readonly ids: readonly number[] | undefined;
}

/** A configuration problem, worded as one line for whoever runs the bot. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const missing = (issue: { input: unknown }): string | undefined =>
  issue.input === undefined ? "is missing" : undefined;

const positiveInteger = z.coerce
  .number({ error: "must be a whole number of at least 1" })
  .int({ error: "must be a whole number of at least 1" })
  .min(1, { error: "must be a whole number of at least 1" });

const envSchema = z
  .object({
    DISCORD_TOKEN: z
      .string({ error: missing })
      .regex(/^\S+$/, { error: "must be the bot token alone, without spaces" }),
    DISCORD_API_URL: z
      .url({
        protocol: /^https?$/,
        error: "must be an http(s) URL such as https://discord.com/api",
      })
      .default(DEFAULT_DISCORD_API_URL)
      .transform((url) => url.replace(/\/+$/, "")),
    DATABASE_URL: z
      .string()
      .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, {
        error: `must be a SQLite file URL such as ${DEFAULT_DATABASE_URL}, or a PostgreSQL URL such as postgresql://bot:secret@db:5432/bot`,
      })
      .default(DEFAULT_DATABASE_URL),
    DATABASE_SYNC: z
      .enum(DATABASE_SYNC_MODES, { error: `must be one of ${DATABASE_SYNC_MODES.join(", ")}` })
      .default("normal"),
    LOG_LEVEL: z
      .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })
      .default("info"),
    LOG_FORMAT: z
      .enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(", ")}` })
      .optional(),
    DEV_GUILD_ID: z
      .string()
      .regex(/^\d{17,20}$/, { error: "must be a guild ID (a Discord snowflake of 17–20 digits)" })
      .optional(),
    HEALTH_PORT: z.coerce
      .number({ error: "must be a port number from 1 to 65535" })
      .int({ error: "must be a port number from 1 to 65535" })
      .min(1, { error: "must be a port number from 1 to 65535" })
      .max(65535, { error: "must be a port number from 1 to 65535" })
      .optional(),
    HEALTH_HOST: z.string().default("127.0.0.1"),
    WRITE_RATE_LIMIT_BURST: positiveInteger.default(DEFAULT_WRITE_RATE_LIMIT.burst),
    WRITE_RATE_LIMIT_PER_MINUTE: positiveInteger.default(DEFAULT_WRITE_RATE_LIMIT.perMinute),
    ROLL_RATE_LIMIT_BURST: positiveInteger.default(DEFAULT_ROLL_RATE_LIMIT.burst),
    ROLL_RATE_LIMIT_PER_MINUTE: positiveInteger.default(DEFAULT_ROLL_RATE_LIMIT.perMinute),
    SHARD_COUNT: z.union([z.literal("auto"), positiveInteger], {
      error: "must be a whole number of at least 1, or auto",
    }),
    SHARDS: z
      .string()
      .regex(/^\d+(,\d+)*$/, { error: "must be shard ids separated by commas, such as 0,1" })
      .transform((ids) => ids.split(",").map(Number)),
  })
  .partial({ SHARD_COUNT: true, SHARDS: true });

/** Every environment variable the bot reads (the README's configuration table lists each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/**
 * Reads the configuration from environment variables. An empty variable counts as unset, so a
 * copied `.env.example` with blank optional lines works. Throws a ConfigError naming every bad
 * variable on one line; values are never echoed, since one of them is the token.
 * `terminal`: the logs go to a terminal, where a person reads them: readable lines unless
 * LOG_FORMAT says otherwise (a pipe, Docker's log driver, a file: one JSON object a line).
 */
export function loadConfig(env: NodeJS.ProcessEnv, { terminal = false } = {}): Config {
  const present = Object.fromEntries(
    CONFIG_VARIABLES.flatMap((name) => {
      const value = env[name]?.trim();
      return value === undefined || value === "" ? [] : [[name, value]];
    }),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.map(String).join(".")} ${issue.message}`,
    );
    throw new ConfigError(`Configuration error: ${problems.join("; ")} (see .env.example).`);
  }
  const values = parsed.data;
  const sharding = shardingOf(values.SHARD_COUNT, values.SHARDS, values.DATABASE_URL);
  return {
    discordToken: values.DISCORD_TOKEN,
    discordApiUrl: values.DISCORD_API_URL,
    databaseUrl: values.DATABASE_URL,
    databaseSync: values.DATABASE_SYNC,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (terminal ? "pretty" : "json"),
    devGuildId: values.DEV_GUILD_ID,
    healthPort: values.HEALTH_PORT,
    healthHost: values.HEALTH_HOST,
    writeRateLimit: {
      burst: values.WRITE_RATE_LIMIT_BURST,
      perMinute: values.WRITE_RATE_LIMIT_PER_MINUTE,
    },
    rollRateLimit: {
      burst: values.ROLL_RATE_LIMIT_BURST,
      perMinute: values.ROLL_RATE_LIMIT_PER_MINUTE,
    },
    sharding,
  };
}

/**
 * The shards asked for, checked: SHARDS needs a SHARD_COUNT number above each id, and more than
 * one shard needs PostgreSQL (shards run in several processes, and several processes share a
 * PostgreSQL database, never a SQLite file).
 */
function shardingOf(
  count: number | "auto" | undefined,
  ids: number[] | undefined,
  databaseUrl: string,
): Sharding | undefined {
  if (count === undefined && ids === undefined) return undefined;
  if (count === undefined || (count === "auto" && ids !== undefined)) {
    throw new ConfigError(
      "Configuration error: SHARDS needs SHARD_COUNT, the number of shards in all, such as SHARD_COUNT=4 (see .env.example).",
    );
  }
  if (count !== "auto" && ids?.some((id) => id >= count)) {
    throw new ConfigError(
      `Configuration error: SHARDS must be ids below SHARD_COUNT (${count}): from 0 to ${count - 1} (see .env.example).`,
    );
  }
  if (count === 1 && (ids === undefined || ids.length === 1)) return undefined;
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(
      "Configuration error: shards (SHARD_COUNT, SHARDS) need DATABASE_URL to name a PostgreSQL database, such as postgresql://bot:secret@db:5432/bot: several processes share it, which a SQLite file cannot do (see README, Shards).",
    );
  }
  return { count, ids };
}

/**
 * The configuration of this process: the environment, completed by `.env` in the working
 * directory (real environment variables win). On a problem, prints the one-line reason and
 * exits with code 1: a stack trace would only bury it.
 */
export function configFromEnvironmentOrExit(): Config {
  loadDotenv({ quiet: true });
  try {
    return loadConfig(process.env, { terminal: process.stdout.isTTY });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return process.exit(1);
  }
}
