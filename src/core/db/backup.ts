import BetterSqlite3 from "better-sqlite3";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";

/** How long the copy waits for the bot's lock on the file (ms). */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * A consistent copy of the live database, safe while the bot runs: SQLite's online backup API
 * copies a snapshot page by page (WAL readers don't block the bot's writers), then the copy is
 * checked with PRAGMA integrity_check.
 */
export async function backupDatabase(sourceFile: string, destinationFile: string): Promise<void> {
  if (!existsSync(sourceFile)) throw new Error(`no database at ${sourceFile}`);
  if (existsSync(destinationFile))
    throw new Error(`${destinationFile} already exists; choose a new name`);
  mkdirSync(dirname(destinationFile), { recursive: true });
  const partial = `${destinationFile}.partial`;
  rmSync(partial, { force: true });
  const source = new BetterSqlite3(sourceFile, { readonly: true, timeout: BUSY_TIMEOUT_MS });
  try {
    await source.backup(partial);
  } finally {
    source.close();
  }
  // The copy carries the live file's WAL mode; a rollback journal makes it one self-contained
  // file (WAL would leave -wal and -shm beside it). The bot switches a restored file back to WAL.
  const copy = new BetterSqlite3(partial);
  try {
    copy.pragma("journal_mode = DELETE");
    const result = copy.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`the copy failed its integrity check: ${String(result)}`);
  } finally {
    copy.close();
  }
  renameSync(partial, destinationFile);
}
