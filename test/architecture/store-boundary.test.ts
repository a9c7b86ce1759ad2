/**
 * Only the store knows the database: Prisma (its generated clients and adapters) and the engines'
 * drivers are imported inside src/store/, the games' store folders and src/core/db/ (the engines'
 * set-up: files, migrations) and nowhere else in the bot or its scripts, and no service queries
 * Prisma: every read and write goes through a repository.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const BOT_CODE = ["src", "commands", "scripts"];
/** Each game may keep its own store folder (`src/games/<game>/store/`). */
const STORE_SIDE = [
  "src/store/",
  "src/core/db/",
  "src/generated/",
  "src/games/cthulhu-eternal/store/",
  "src/games/cultists-of-cthulhu/store/",
];
const FORBIDDEN_IMPORT =
  /from\s+"(?:[^"]*generated\/prisma[^"]*|better-sqlite3|@prisma\/[^"]+|pg)"/;
/** Prisma queries through the client a service was handed. */
const PRISMA_QUERY =
  /\bdb\.\w+\.(?:find\w*|create\w*|update\w*|upsert|delete\w*|count|aggregate|groupBy)\(/;
const RAW_ACCESS = /\$transaction|\$queryRaw|\$executeRaw|Reflect\.get\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const botFiles = BOT_CODE.flatMap(sourceFiles).filter(
  (file) => !STORE_SIDE.some((side) => file.startsWith(side)),
);
const text = (file: string) => readFileSync(join(ROOT, file), "utf8");

describe("the store boundary", () => {
  it("finds the bot's code", () => {
    expect(botFiles.length).toBeGreaterThan(100);
    expect(botFiles).toContain("src/games/cthulhu-eternal/services/roll-service.ts");
  });

  it("keeps Prisma and the engines' drivers out of the bot's code", () => {
    expect(botFiles.filter((file) => FORBIDDEN_IMPORT.test(text(file)))).toEqual([]);
  });

  it("lets no file outside the store open a transaction or run SQL itself", () => {
    expect(botFiles.filter((file) => RAW_ACCESS.test(text(file)))).toEqual([]);
  });

  it("lets no service query Prisma: every read and write goes through a repository", () => {
    expect(botFiles.filter((file) => PRISMA_QUERY.test(text(file)))).toEqual([]);
  });

  it("keeps the SQLite store's signals behind the store's interface", () => {
    const sqliteWords = /data_version|wal_checkpoint|SQLITE_BUSY|better-sqlite3|P2034/;
    for (const file of [
      "src/store/store.ts",
      "src/games/cthulhu-eternal/store/store.ts",
      "src/games/cthulhu-eternal/store/types.ts",
      "src/games/cthulhu-eternal/store/event-reads.ts",
      "src/games/cthulhu-eternal/store/protagonist-reads.ts",
    ]) {
      expect(sqliteWords.test(text(file)), file).toBe(false);
    }
  });

  it("keeps the store below the services: it imports nothing from above it", () => {
    const storeFiles = BOT_CODE.flatMap(sourceFiles).filter(
      (file) =>
        STORE_SIDE.some((side) => file.startsWith(side)) && !file.startsWith("src/generated/"),
    );
    expect(storeFiles).toContain("src/games/cthulhu-eternal/store/store.ts");
    const ABOVE = /from\s+"[^"]*\/(?:services|presentation|creation|discord|extras)\/[^"]*"/;
    expect(storeFiles.filter((file) => ABOVE.test(text(file)))).toEqual([]);
  });

  it("lets no engine's error code reach the bot's code: the store words them", () => {
    const ENGINE = /SQLITE_|\bP20\d\d\b|\b40001\b|TransactionWriteConflict/;
    expect(botFiles.filter((file) => ENGINE.test(text(file)))).toEqual([]);
  });
});
