/**
 * A database the bot cannot write stops it at start with one line that names the path and the
 * fix, as a configuration error does: a file owned by someone else (after a restore), a folder it
 * may not write (SQLite keeps -wal and -shm beside the file), a folder it may not create. Never
 * "database ready" followed by refused writes, never a stack trace.
 *
 * Run as root (as CI is), the bot runs as `nobody` on paths root owns; run as anyone else, the
 * paths lose their write permission.
 */
import BetterSqlite3 from "better-sqlite3";
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILT_ENTRY } from "./global-setup.js";
import { npmStartLaunch } from "./support/bot-process.js";

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
let base: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "ce-access-"));
  chmodSync(base, 0o755);
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

/** A folder the bot may write (its own, when the test runs as root). */
function botFolder(name: string): string {
  const folder = join(base, name);
  mkdirSync(folder, { mode: 0o755 });
  if (asRoot) chownSync(folder, NOBODY, NOBODY);
  return folder;
}

/** A folder the bot may not write. */
function lockedFolder(name: string): string {
  const folder = join(base, name);
  mkdirSync(folder, { mode: 0o755 });
  if (!asRoot) chmodSync(folder, 0o555);
  return folder;
}

function start(databaseFile: string) {
  const launch = npmStartLaunch();
  const result = spawnSync(process.execPath, [...launch.nodeOptions, BUILT_ENTRY], {
    cwd: base,
    env: {
      PATH: process.env.PATH ?? "",
      ...launch.env,
      DISCORD_TOKEN: "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-database-access",
      DISCORD_API_URL: "http://127.0.0.1:9/api",
      DATABASE_URL: `file:${databaseFile}`,
    },
    encoding: "utf8",
    timeout: 20_000,
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.trim() };
}

function expectOneLine(started: ReturnType<typeof start>, ...words: string[]): void {
  expect(started.status).toBe(1);
  expect(started.stdout).not.toContain("database ready");
  expect(started.stderr.split("\n")).toHaveLength(1);
  expect(started.stderr).not.toMatch(/\n\s+at |SqliteError/);
  for (const word of words) expect(started.stderr).toContain(word);
}

describe("a database the bot cannot write", () => {
  it("a file owned by another user: names it and the chown that fixes it", () => {
    const file = join(botFolder("data"), "bot.db");
    const restored = new BetterSqlite3(file);
    restored.exec("CREATE TABLE restored (x)");
    restored.close();
    if (!asRoot) chmodSync(file, 0o444);
    expectOneLine(start(file), file, "chown");
  });

  it("a folder it may not write: names the folder (for -wal and -shm) and the fix", () => {
    const folder = lockedFolder("data");
    expectOneLine(start(join(folder, "bot.db")), folder, "chown");
  });

  it("a folder it may not create: names it and the parent in the way", () => {
    const parent = lockedFolder("srv");
    const folder = join(parent, "bot-data");
    expectOneLine(start(join(folder, "bot.db")), folder, parent, "mkdir");
  });
});
