import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import {
  applyMigrations,
  listMigrations,
  migrationChecksum,
  MigrationError,
} from "../../src/core/db/migrate.js";
import { openDatabase } from "../../src/store/database.js";
import { MIGRATION_FOLDERS, MIGRATIONS_DIR } from "../support/temp-db.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "ce-migrate-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Row {
  id: string;
  checksum: string;
  finished_at: number | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: number | null;
  started_at: number;
  applied_steps_count: number;
}

describe("migrations", () => {
  it("apply on an empty database, recorded as Prisma records them, and re-apply as a no-op", () => {
    const db = new BetterSqlite3(join(tempDir(), "a.db"));
    const all = listMigrations(MIGRATIONS_DIR).map((m) => m.name);
    expect(all[0]).toBe("20261130090000_init");
    const first = applyMigrations(db, MIGRATIONS_DIR);
    expect(first.applied).toEqual(all);

    const rows = db
      .prepare("SELECT * FROM _prisma_migrations ORDER BY migration_name")
      .all() as Row[];
    expect(rows).toHaveLength(all.length);
    const [row] = rows;
    const sql = readFileSync(join(MIGRATIONS_DIR, "20261130090000_init", "migration.sql"), "utf8");
    expect(row?.checksum).toBe(migrationChecksum(sql));
    expect(row?.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.applied_steps_count).toBe(1);
    expect(typeof row?.finished_at).toBe("number");
    expect(row?.rolled_back_at).toBeNull();

    const second = applyMigrations(db, MIGRATIONS_DIR);
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toEqual(all);
    expect(db.prepare("SELECT count(*) AS n FROM _prisma_migrations").get()).toEqual({
      n: all.length,
    });
    db.close();
  });

  it("events logged before visibility existed stay readable by the whole campaign", () => {
    const dir = tempDir();
    const initOnly = join(dir, "migrations");
    mkdirSync(initOnly);
    cpSync(join(MIGRATIONS_DIR, "20261130090000_init"), join(initOnly, "20261130090000_init"), {
      recursive: true,
    });
    const db = new BetterSqlite3(join(dir, "old.db"));
    applyMigrations(db, initOnly);
    db.prepare(
      `INSERT INTO "Event" ("guildId", "actorId", "kind", "input", "summary")
       VALUES ('1', '2', 'roll', '{}', 'rolled 1d6 = 4')`,
    ).run();
    expect(applyMigrations(db, MIGRATIONS_DIR).applied).toContain(
      "20261201090000_event_visibility",
    );
    expect(
      db.prepare(`SELECT "summary", "visibility", "payload", "payloadVersion" FROM "Event"`).all(),
    ).toEqual([
      // No payload: the bot shows the line it kept (presentation/event-lines.ts).
      { summary: "rolled 1d6 = 4", visibility: "campaign", payload: null, payloadVersion: null },
    ]);
    db.close();
  });

  it("Training's talent events logged before kinds carried their module's id are renamed", () => {
    const dir = tempDir();
    const before = join(dir, "migrations");
    mkdirSync(before);
    for (const { name } of listMigrations(MIGRATIONS_DIR)) {
      if (name >= "20261208090000_extras_event_prefix") break;
      cpSync(join(MIGRATIONS_DIR, name), join(before, name), { recursive: true });
    }
    const db = new BetterSqlite3(join(dir, "old.db"));
    applyMigrations(db, before);
    const insert = db.prepare(
      `INSERT INTO "Event" ("guildId", "actorId", "kind", "input", "summary") VALUES ('1', '2', ?, '{}', '')`,
    );
    for (const kind of ["talent-check", "talent-approve", "training-session", "roll"])
      insert.run(kind);
    applyMigrations(db, MIGRATIONS_DIR);
    expect(db.prepare(`SELECT "kind" FROM "Event" ORDER BY "id"`).pluck().all()).toEqual([
      "training-talent-check",
      "training-talent-approve",
      "training-session",
      "roll",
    ]);
    db.close();
  });

  it("the bookkeeping table has exactly Prisma's columns", () => {
    const db = new BetterSqlite3(join(tempDir(), "b.db"));
    applyMigrations(db, MIGRATIONS_DIR);
    const columns = (
      db.prepare("PRAGMA table_info(_prisma_migrations)").all() as { name: string; type: string }[]
    ).map((c) => `${c.name}:${c.type}`);
    expect(columns).toEqual([
      "id:TEXT",
      "checksum:TEXT",
      "finished_at:DATETIME",
      "migration_name:TEXT",
      "logs:TEXT",
      "rolled_back_at:DATETIME",
      "started_at:DATETIME",
      "applied_steps_count:INTEGER UNSIGNED",
    ]);
    db.close();
  });

  it("a failing migration is rolled back whole, recorded as failed, and blocks the next start", () => {
    const dir = tempDir();
    const migrations = join(dir, "migrations");
    cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
    mkdirSync(join(migrations, "20261201000000_broken"));
    writeFileSync(
      join(migrations, "20261201000000_broken", "migration.sql"),
      'CREATE TABLE "Half" ("id" TEXT NOT NULL PRIMARY KEY);\nTHIS IS NOT SQL;\n',
    );
    const db = new BetterSqlite3(join(dir, "c.db"));
    expect(() => applyMigrations(db, migrations)).toThrow(MigrationError);
    // Nothing half-applied: the first statement of the broken migration was rolled back.
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'Half'").get()).toBeUndefined();
    const failed = db
      .prepare("SELECT * FROM _prisma_migrations WHERE migration_name = '20261201000000_broken'")
      .get() as Row;
    expect(failed.finished_at).toBeNull();
    expect(failed.logs).toMatch(/syntax error/);
    expect(() => applyMigrations(db, migrations)).toThrow(/failed earlier and blocks start-up/);
    db.close();
  });

  it("reports an applied migration whose file changed since", () => {
    const dir = tempDir();
    const migrations = join(dir, "migrations");
    cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
    const db = new BetterSqlite3(join(dir, "d.db"));
    applyMigrations(db, migrations);
    const file = join(migrations, "20261130090000_init", "migration.sql");
    writeFileSync(file, `${readFileSync(file, "utf8")}\n-- edited\n`);
    expect(applyMigrations(db, migrations).modified).toEqual(["20261130090000_init"]);
    db.close();
  });

  it("openDatabase creates the file and folder on first start, with WAL and foreign keys on", async () => {
    const dir = tempDir();
    const opened = await openDatabase(`file:${join(dir, "nested", "bot.db")}`, MIGRATION_FOLDERS);
    const [mode] =
      await opened.prisma.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
    const [fk] =
      await opened.prisma.$queryRawUnsafe<{ foreign_keys: bigint | number }[]>(
        "PRAGMA foreign_keys",
      );
    expect(mode?.journal_mode).toBe("wal");
    expect(Number(fk?.foreign_keys)).toBe(1);
    await opened.close();
  });
});
