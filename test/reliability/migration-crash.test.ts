/**
 * A crash in the middle of a migration (kill -9 of the process applying it) leaves the database
 * as it was before that migration: no half-made table or column, no bookkeeping row, intact; the
 * next start applies the migration whole.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "../../src/core/db/migrate.js";
import { MIGRATIONS_DIR } from "../support/temp-db.js";

const ROOT = resolve(import.meta.dirname, "../..");
const INIT = "20261130090000_init";
const SLOW = "20990101000000_slow";

/** Long enough to be killed in the middle (minutes of work), one transaction like any other. */
const SLOW_SQL = `CREATE TABLE "Slow" ("n" INTEGER NOT NULL);
WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 500000000)
INSERT INTO "Slow" SELECT n FROM c;
ALTER TABLE "Protagonist" ADD COLUMN "slowMark" INTEGER NOT NULL DEFAULT 0;
`;
const QUICK_SQL = SLOW_SQL.replace("500000000", "10");

/** Applies the migrations of `dir` to `file` with the built migrator, like a start of the bot. */
const CHILD = `
import BetterSqlite3 from "better-sqlite3";
import { applyMigrations } from "./dist/src/core/db/migrate.js";
const [file, dir] = process.argv.slice(-2);
const db = new BetterSqlite3(file);
db.pragma("journal_mode = WAL");
process.stdout.write("applying\\n");
applyMigrations(db, dir);
process.stdout.write("finished\\n");
`;

let work: string;
let file: string;
let migrations: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "ce-migrate-crash-"));
  file = join(work, "bot.db");
  migrations = join(work, "migrations");
  cpSync(join(MIGRATIONS_DIR, INIT), join(migrations, INIT), { recursive: true });
  const db = new BetterSqlite3(file);
  db.pragma("journal_mode = WAL");
  applyMigrations(db, migrations);
  db.close();
  mkdirSync(join(migrations, SLOW));
  writeFileSync(join(migrations, SLOW, "migration.sql"), SLOW_SQL);
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

function walSize(): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

/** Polls a condition of the file system (the child cannot report from inside SQLite's loop). */
async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe("a crash during a migration", () => {
  it("kills the migrating process once the migration has written pages", async () => {
    const startingWal = walSize();
    const child = spawn(process.execPath, ["--input-type=module", "-e", CHILD, file, migrations], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const exited = new Promise<NodeJS.Signals | number | null>((done) => {
      child.once("exit", (code, signal) => {
        done(signal ?? code);
      });
    });
    // Uncommitted pages spill into the WAL: proof the transaction is well under way.
    await until(
      () => output.includes("applying") && walSize() > startingWal + 4 * 1024 * 1024,
      `the slow migration to write (output: ${output})`,
    );
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(output).not.toContain("finished");
  });

  it("left nothing of the half migration, and an intact database", () => {
    const db = new BetterSqlite3(file);
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
      expect(tables).not.toContainEqual({ name: "Slow" });
      const columns = db.prepare("SELECT name FROM pragma_table_info('Protagonist')").all();
      expect(columns).not.toContainEqual({ name: "slowMark" });
      const rows = db
        .prepare(
          "SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations",
        )
        .all();
      expect(rows).toEqual([{ migration_name: INIT, finished: 1 }]);
    } finally {
      db.close();
    }
  });

  it("applies the migration whole at the next start", () => {
    writeFileSync(join(migrations, SLOW, "migration.sql"), QUICK_SQL);
    const db = new BetterSqlite3(file);
    try {
      expect(applyMigrations(db, migrations)).toMatchObject({
        applied: [SLOW],
        alreadyApplied: [INIT],
      });
      expect(db.prepare('SELECT COUNT(*) AS n FROM "Slow"').get()).toEqual({ n: 10 });
      const columns = db.prepare("SELECT name FROM pragma_table_info('Protagonist')").all();
      expect(columns).toContainEqual({ name: "slowMark" });
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      db.close();
    }
  });
});
