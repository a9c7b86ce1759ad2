/**
 * What the Docker image runs, without Docker: the built app with PRODUCTION dependencies only
 * (`npm prune --omit=dev`, as the Dockerfile's build stage does), started from a folder holding just
 * what the runtime stage copies (package files, node_modules, dist, prisma). A dependency left in
 * devDependencies by mistake makes this fail. Keep it in step with the Dockerfile.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "../support/fake-discord/index.js";
import { startBotProcess, type BotProcess } from "./support/bot-process.js";

const ROOT = resolve(import.meta.dirname, "../..");
const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-image-token";
const HEALTH_PORT = String(20_000 + (process.pid % 20_000));
let app: string;
let fake: FakeDiscord;
let bot: BotProcess;

beforeAll(async () => {
  // The runtime stage's files, in a folder beside the project (hard links need one filesystem).
  app = mkdtempSync(join(ROOT, ".image-test-"));
  for (const file of ["package.json", "package-lock.json"])
    cpSync(join(ROOT, file), join(app, file));
  cpSync(join(ROOT, "dist"), join(app, "dist"), { recursive: true });
  cpSync(join(ROOT, "prisma"), join(app, "prisma"), { recursive: true });
  // A hard-linked copy of the installed modules stands in for `npm ci` (whose native build takes
  // minutes); `npm prune --omit=dev` then removes every dev dependency, as in the Dockerfile.
  execFileSync("cp", ["-al", join(ROOT, "node_modules"), join(app, "node_modules")]);
  const prune = spawnSync(
    "npm",
    ["prune", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund"],
    {
      cwd: app,
      encoding: "utf8",
    },
  );
  if (prune.status !== 0) throw new Error(`npm prune failed:\n${prune.stdout}${prune.stderr}`);

  fake = await startFakeDiscord({ requiredToken: TOKEN, defaultTimeoutMs: 20_000 });
  bot = startBotProcess(
    {
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: fake.apiUrl,
      DATABASE_URL: `file:${join(app, "data", "bot.db")}`,
      DEV_GUILD_ID: fake.guild().id,
      HEALTH_PORT,
      NODE_ENV: "production",
    },
    app,
    join(app, "dist/src/main.js"),
  );
  await bot.waitForLog((line) => line.msg === "commands registered", "the registration", 30_000);
}, 120_000);

afterAll(async () => {
  await bot.kill();
  await fake.close();
  rmSync(app, { recursive: true, force: true });
});

describe("the production install", () => {
  it("has no dev dependency left", () => {
    expect(existsSync(join(app, "node_modules", "vitest"))).toBe(false);
    expect(existsSync(join(app, "node_modules", "eslint"))).toBe(false);
    expect(existsSync(join(app, "node_modules", "discord.js"))).toBe(true);
  });

  it("answers /roll", async () => {
    const response = await fake
      .sendSlashCommand({ name: "roll", options: { expression: "1d100" } })
      .response();
    expect(response.data?.embeds?.[0]?.title).toBe("🎲 1d100");
  });

  it("reports healthy to the image's HEALTHCHECK command", () => {
    const check = spawnSync(process.execPath, [join(app, "dist/scripts/healthcheck.js")], {
      env: { PATH: process.env.PATH ?? "", HEALTH_PORT },
      encoding: "utf8",
    });
    expect(check.status).toBe(0);
    expect(JSON.parse(check.stdout)).toEqual({ status: "ok", discord: true, database: true });
  });

  it("backs up the database while the bot runs", () => {
    const copy = join(app, "data", "backup.db");
    const backup = spawnSync(process.execPath, [join(app, "dist/scripts/backup.js"), copy], {
      cwd: app,
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: `file:${join(app, "data", "bot.db")}` },
      encoding: "utf8",
    });
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(existsSync(copy)).toBe(true);
  });
});
