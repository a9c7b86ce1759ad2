import { mkdirSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";

/** Where the embedded database lives when DATABASE_URL is not set. */
export const DEFAULT_DATABASE_URL = "file:./data/cthulhu-eternal.db";

/**
 * Turns a `file:` DATABASE_URL into an absolute file path (relative paths are taken from the
 * working directory) and makes sure its folder exists, so the first start needs no setup.
 */
export function sqliteFileFromUrl(url: string, cwd = process.cwd()): string {
  const match = /^file:(.+)$/.exec(url.trim());
  const raw = match?.[1]?.replace(/\?.*$/, "");
  if (!raw) {
    throw new Error(`DATABASE_URL must be a SQLite file URL like ${DEFAULT_DATABASE_URL}`);
  }
  if (raw === ":memory:") return raw;
  const file = isAbsolute(raw) ? raw : resolve(cwd, raw);
  mkdirSync(dirname(file), { recursive: true });
  return file;
}
