import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CONFIG_VARIABLES,
  ConfigError,
  DEFAULT_DISCORD_API_URL,
  LOG_LEVELS,
  loadConfig,
} from "../../src/core/config.js";
import { projectRoot } from "../../src/core/discord/paths.js";
import { DEFAULT_DATABASE_URL } from "../../src/core/db/database-url.js";
import { DEFAULT_ROLL_RATE_LIMIT, DEFAULT_WRITE_RATE_LIMIT } from "../../src/core/config.js";
import { emptyDir, startBotProcess } from "../e2e/support/bot-process.js";

const TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.config-test-token";

describe("loadConfig", () => {
  it("needs only the token; everything else has a default", () => {
    expect(loadConfig({ DISCORD_TOKEN: TOKEN })).toEqual({
      discordToken: TOKEN,
      discordApiUrl: DEFAULT_DISCORD_API_URL,
      databaseUrl: DEFAULT_DATABASE_URL,
      databaseSync: "normal",
      logLevel: "info",
      logFormat: "json",
      devGuildId: undefined,
      healthPort: undefined,
      healthHost: "127.0.0.1",
      writeRateLimit: DEFAULT_WRITE_RATE_LIMIT,
      rollRateLimit: DEFAULT_ROLL_RATE_LIMIT,
    });
  });

  it("reads every variable, trims it, and drops a trailing slash from the API URL", () => {
    expect(
      loadConfig({
        DISCORD_TOKEN: ` ${TOKEN}\n`,
        DISCORD_API_URL: "http://127.0.0.1:5050/api/",
        DATABASE_URL: "file:/tmp/x.db",
        DATABASE_SYNC: "full",
        LOG_LEVEL: "debug",
        LOG_FORMAT: "pretty",
        DEV_GUILD_ID: "123456789012345678",
        HEALTH_PORT: "8080",
        HEALTH_HOST: "0.0.0.0",
        WRITE_RATE_LIMIT_BURST: "3",
        WRITE_RATE_LIMIT_PER_MINUTE: "12",
        ROLL_RATE_LIMIT_BURST: "40",
        ROLL_RATE_LIMIT_PER_MINUTE: "120",
      }),
    ).toEqual({
      discordToken: TOKEN,
      discordApiUrl: "http://127.0.0.1:5050/api",
      databaseUrl: "file:/tmp/x.db",
      databaseSync: "full",
      logLevel: "debug",
      logFormat: "pretty",
      devGuildId: "123456789012345678",
      healthPort: 8080,
      healthHost: "0.0.0.0",
      writeRateLimit: { burst: 3, perMinute: 12 },
      rollRateLimit: { burst: 40, perMinute: 120 },
    });
  });

  it("logs readable lines to a terminal, JSON elsewhere, unless LOG_FORMAT says", () => {
    expect(loadConfig({ DISCORD_TOKEN: TOKEN }, { terminal: true }).logFormat).toBe("pretty");
    expect(loadConfig({ DISCORD_TOKEN: TOKEN }, { terminal: false }).logFormat).toBe("json");
    const asked = { DISCORD_TOKEN: TOKEN, LOG_FORMAT: "json" };
    expect(loadConfig(asked, { terminal: true }).logFormat).toBe("json");
  });

  it("treats empty variables as unset (a copied .env.example works)", () => {
    const config = loadConfig({ DISCORD_TOKEN: TOKEN, DEV_GUILD_ID: "", LOG_LEVEL: " " });
    expect(config.devGuildId).toBeUndefined();
    expect(config.logLevel).toBe("info");
  });

  it("refuses a sync mode SQLite's WAL mode has no use for", () => {
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, DATABASE_SYNC: "off" })).toThrow(
      /DATABASE_SYNC must be one of normal, full/,
    );
  });

  it("refuses a write rate limit that would block every change", () => {
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, WRITE_RATE_LIMIT_PER_MINUTE: "0" })).toThrow(
      /WRITE_RATE_LIMIT_PER_MINUTE must be a whole number of at least 1/,
    );
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, WRITE_RATE_LIMIT_BURST: "1.5" })).toThrow(
      /WRITE_RATE_LIMIT_BURST must be a whole number of at least 1/,
    );
  });

  it("names every bad variable on one line, never echoing a value", () => {
    let error: unknown;
    try {
      loadConfig({ DISCORD_TOKEN: "two words", LOG_LEVEL: "loud", DEV_GUILD_ID: "42" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).not.toContain("\n");
    expect(message).toMatch(/DISCORD_TOKEN/);
    expect(message).toMatch(/LOG_LEVEL must be one of/);
    expect(message).toMatch(/DEV_GUILD_ID/);
    expect(message).not.toContain("two words");
  });
});

const withToken = (env: Record<string, string>) => ({ DISCORD_TOKEN: TOKEN, ...env });

/** Each case: environment → what the one-line error must say. */
const badEnvironments: [string, Record<string, string>, RegExp][] = [
  ["missing token", {}, /^Configuration error: DISCORD_TOKEN is missing/],
  ["token with spaces", { DISCORD_TOKEN: "a b" }, /DISCORD_TOKEN must be/],
  ["API URL not http", withToken({ DISCORD_API_URL: "ftp://x.org/api" }), /DISCORD_API_URL must/],
  ["API URL not a URL", withToken({ DISCORD_API_URL: "discord" }), /DISCORD_API_URL must be/],
  [
    "database neither a file nor PostgreSQL",
    withToken({ DATABASE_URL: "mysql://db" }),
    /DATABASE_URL must be/,
  ],
  ["log level unknown", withToken({ LOG_LEVEL: "loud" }), /LOG_LEVEL must be one of/],
  [
    "log format unknown",
    withToken({ LOG_FORMAT: "xml" }),
    /LOG_FORMAT must be one of json, pretty/,
  ],
  ["guild id not a snowflake", withToken({ DEV_GUILD_ID: "my-server" }), /DEV_GUILD_ID must be/],
];

// Concurrent: each case is a whole Node process start.
describe.concurrent("the bot process with a bad configuration", () => {
  it.each(badEnvironments)(
    "%s: exits 1 with one line naming the variable",
    async (_case, env, expected) => {
      const bot = startBotProcess(env);
      expect(await bot.exited).toBe(1);
      const stderr = bot.stderr();
      expect(stderr).toMatch(expected);
      expect(stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(stderr).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
      expect(bot.stdout()).toBe("");
    },
  );

  it("reads .env from the working directory", async () => {
    const dir = emptyDir();
    writeFileSync(join(dir, ".env"), `DISCORD_TOKEN=${TOKEN}\nLOG_FORMAT=yaml\n`);
    const bot = startBotProcess({}, dir);
    expect(await bot.exited).toBe(1);
    expect(bot.stderr()).toMatch(/^Configuration error: LOG_FORMAT must be one of/);
  });
});

describe("the documented configuration", () => {
  const readme = readFileSync(join(projectRoot(), "README.md"), "utf8");
  const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Commands"));
  const rows = new Map(
    table
      .split("\n")
      .map((line) => /^\| `([A-Z_]+)` +\|(.*)$/.exec(line))
      .flatMap((match) => (match?.[1] === undefined ? [] : [[match[1], match[2] ?? ""]])),
  );
  const example = readFileSync(join(projectRoot(), ".env.example"), "utf8");

  it("has a README row and an .env.example line for every variable, and no other", () => {
    expect([...rows.keys()].sort()).toEqual([...CONFIG_VARIABLES].sort());
    for (const name of CONFIG_VARIABLES) expect(example).toMatch(new RegExp(`^${name}=$`, "m"));
  });

  it("lists every log level", () => {
    for (const level of LOG_LEVELS) expect(rows.get("LOG_LEVEL")).toContain(`\`${level}\``);
  });

  it("gives the write rate limit's defaults as the bot applies them", () => {
    expect(rows.get("WRITE_RATE_LIMIT_BURST")).toContain(`\`${DEFAULT_WRITE_RATE_LIMIT.burst}\``);
    expect(rows.get("WRITE_RATE_LIMIT_PER_MINUTE")).toContain(
      `\`${DEFAULT_WRITE_RATE_LIMIT.perMinute}\``,
    );
  });
});
