import BetterSqlite3 from "better-sqlite3";
import { existsSync } from "node:fs";
import { BUSY_TIMEOUT_MS } from "./client.js";

/**
 * A consistent copy of the live database, safe while the bot runs: SQLite's online backup API
 * copies a snapshot page by page (WAL readers don't block the bot's writers), then the copy is
 * checked with PRAGMA integrity_check.
 */
export async function backupDatabase(sourceFile: string, destinationFile: string): Promise<void> {
  if (!existsSync(sourceFile)) throw new Error(`no database at ${sourceFile}`);
  if (existsSync(destinationFile))
    throw new Error(`${destinationFile} already exists; choose a new name`);
  const source = new BetterSqlite3(sourceFile, { readonly: true, timeout: BUSY_TIMEOUT_MS });
  try {
    await source.backup(destinationFile);
  } finally {
    source.close();
  }
  const copy = new BetterSqlite3(destinationFile, { readonly: true });
  try {
    const result = copy.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`the copy failed its integrity check: ${String(result)}`);
  } finally {
    copy.close();
  }
}
