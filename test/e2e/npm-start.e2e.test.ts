/**
 * `npm start` on a clone that was built once: it starts the built bot straight away, with
 * production dependencies only and no build output, and it says
 * what to do when the build is out of date and cannot be redone. The clone is the repository's
 * tracked files, the tests' fresh build and a hard-linked copy of node_modules pruned to
 * production dependencies.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "../support/fake-discord/index.js";

const ROOT = resolve(import.meta.dirname, "../..");
const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-npm-start-token";
let clone: string;
let fake: FakeDiscord;

beforeAll(async () => {
  clone = mkdtempSync(join(ROOT, ".image-test-npm-start-"));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && existsSync(join(ROOT, file)));
  for (const file of tracked) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(ROOT, file), join(clone, file));
  }
  // Copied after the sources, as a build after a checkout: newer than every source.
  cpSync(join(ROOT, "dist"), join(clone, "dist"), { recursive: true });
  execFileSync("cp", ["-al", join(ROOT, "node_modules"), join(clone, "node_modules")]);
  const prune = spawnSync(
    "npm",
    ["prune", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund"],
    { cwd: clone, encoding: "utf8" },
  );
  if (prune.status !== 0) throw new Error(`npm prune failed:\n${prune.stdout}${prune.stderr}`);
  fake = await startFakeDiscord({ requiredToken: TOKEN, defaultTimeoutMs: 20_000 });
}, 120_000);

afterAll(async () => {
  await fake.close();
  rmSync(clone, { recursive: true, force: true });
});

interface NpmStart {
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  /** Resolves once the output holds `text`; rejects if npm start ends or 30 s pass first. */
  waitFor(text: string): Promise<void>;
  stop(): Promise<void>;
  /** Sends `signal` to npm alone, as a supervisor does to the process it started. */
  signalNpm(signal: NodeJS.Signals): void;
}

/** `npm start` in the clone, in its own process group so that stopping it stops the bot too. */
function npmStart(): NpmStart {
  const child = spawn("npm", ["start"], {
    cwd: clone,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? clone,
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: fake.apiUrl,
      DATABASE_URL: `file:${join(clone, "data", "bot.db")}`,
      DEV_GUILD_ID: fake.guild().id,
    },
  });
  let output = "";
  let ended = false;
  const collect = (chunk: Buffer): void => {
    output += chunk.toString("utf8");
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<number | null>((done) => {
    child.once("exit", (code) => {
      ended = true;
      done(code);
    });
  });
  return {
    output: () => output,
    exited,
    async waitFor(text) {
      const deadline = Date.now() + 30_000;
      while (!output.includes(text)) {
        if (ended || Date.now() > deadline) {
          throw new Error(`npm start did not print ${text}:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    signalNpm(signal) {
      if (child.pid !== undefined) process.kill(child.pid, signal);
    },
    async stop() {
      if (!ended && child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
      await exited;
    },
  };
}

describe("npm start under a supervisor", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`stops the bot cleanly when npm alone gets ${signal}`, async () => {
      const start = npmStart();
      let botPid: number | undefined;
      try {
        await start.waitFor('"msg":"connected to Discord"');
        botPid = (
          JSON.parse(
            start
              .output()
              .split("\n")
              .find((l) => l.includes('"connected to Discord"')) ?? "{}",
          ) as { pid?: number }
        ).pid;
        start.signalNpm(signal);
        await start.exited;
        await start.waitFor('"msg":"stopped"');
        expect(alive(botPid)).toBe(false);
      } finally {
        if (alive(botPid)) process.kill(botPid as number, "SIGKILL");
        await start.stop();
      }
    });
  }
});

describe("npm start on a built clone", () => {
  it("runs the built bot at once, with production dependencies only", async () => {
    expect(existsSync(join(clone, "node_modules", "vitest"))).toBe(false);
    expect(existsSync(join(clone, "node_modules", "eslint"))).toBe(false);
    const start = npmStart();
    try {
      await start.waitFor('"msg":"connected to Discord"');
    } finally {
      await start.stop();
    }
    expect(start.output()).not.toMatch(/prisma|schema engine|tsc|Building/i);
  });

  it("says how to rebuild when a source is newer than the build", async () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(clone, "src", "main.ts"), later, later);
    const start = npmStart();
    expect(await start.exited).toBe(1);
    expect(start.output()).toContain(
      "The bot needs building (src changed since the last build), which takes the dev dependencies: run `npm ci` (without --omit=dev), then start again.",
    );
    expect(start.output()).not.toContain("connected to Discord");
  });
});

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
