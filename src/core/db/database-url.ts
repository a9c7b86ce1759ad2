import { isAbsolute, resolve } from "node:path";

/** Where the embedded database lives when DATABASE_URL is not set. */
export const DEFAULT_DATABASE_URL = "file:./data/cthulhu-eternal.db";

/**
 * Turns a `file:` DATABASE_URL into an absolute file path (relative paths are taken from the
 * working directory). Opening the database creates its folder (client.ts); a backup never creates
 * the database's own folder.
 */
export function sqliteFileFromUrl(url: string, cwd = process.cwd()): string {
  const match = /^file:(.+)$/.exec(url.trim());
  const raw = match?.[1]?.replace(/\?.*$/, "");
  if (!raw) {
    throw new Error(`DATABASE_URL must be a SQLite file URL like ${DEFAULT_DATABASE_URL}`);
  }
  if (raw === ":memory:") return raw;
  const file = isAbsolute(raw) ? raw : resolve(cwd, raw);
  return file;
}
