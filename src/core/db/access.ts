import BetterSqlite3 from "better-sqlite3";
import { accessSync, constants, existsSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";

/** The database file or its folder cannot be used: one line naming the path and the fix. */
export class DatabaseAccessError extends Error {
  override name = "DatabaseAccessError";
}

/**
 * The database file opened in WAL mode, its folder created first, once it is known to take
 * writes; else a DatabaseAccessError naming the path and the fix.
 */
export function openForWriting(file: string, busyTimeoutMs: number): BetterSqlite3.Database {
  let connection: BetterSqlite3.Database;
  try {
    mkdirSync(dirname(file), { recursive: true });
    connection = new BetterSqlite3(file, { timeout: busyTimeoutMs });
  } catch (error) {
    throw new DatabaseAccessError(describeAccessProblem(file, error), { cause: error });
  }
  try {
    connection.pragma("journal_mode = WAL");
    probeWrite(connection);
    return connection;
  } catch (error) {
    connection.close();
    if (!ACCESS_CODES.test(String((error as { code?: unknown }).code))) throw error;
    throw new DatabaseAccessError(describeAccessProblem(file, error), { cause: error });
  }
}

/** SQLite's codes for a file or folder it may not open or write. */
const ACCESS_CODES = /^SQLITE_(READONLY|CANTOPEN|PERM|AUTH)/;

/**
 * Throws unless the connection can write. SQLite opens a file it may not write read-only without
 * a word, and in WAL mode even BEGIN IMMEDIATE succeeds (its lock lives in the -shm file): only a
 * write statement tells. Rolled back, so nothing is written.
 */
function probeWrite(connection: BetterSqlite3.Database): void {
  connection.exec("BEGIN IMMEDIATE");
  try {
    connection.exec("CREATE TABLE main.__write_probe (x)");
  } finally {
    connection.exec("ROLLBACK");
  }
}

function writable(path: string): NodeJS.ErrnoException | undefined {
  try {
    accessSync(path, constants.W_OK);
    return undefined;
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
}

function ownerOf(path: string): string {
  try {
    const { uid, gid } = statSync(path);
    return `owned by ${uid}:${gid}`;
  } catch {
    return "owner unknown";
  }
}

/** Why `file` cannot be opened for writing, worded as one line with the fix. */
export function describeAccessProblem(file: string, cause: unknown): string {
  const me = `${process.getuid?.() ?? "?"}:${process.getgid?.() ?? "?"}`;
  const chown = (paths: string[]) => `sudo chown ${me} ${paths.join(" ")}`;
  const folder = dirname(file);
  // The nearest folder that exists, when the database's own folder does not.
  let existing = folder;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  const rofs = (path: string) =>
    writable(path)?.code === "EROFS"
      ? `Database error: ${path} is on a read-only filesystem; mount it read-write (DATABASE_URL names ${file}).`
      : undefined;
  if (existing !== folder) {
    return (
      rofs(existing) ??
      `Database error: cannot create the database folder ${folder}: ${existing} (${ownerOf(existing)}) is not writable by the bot (uid ${me}). Run \`sudo mkdir -p ${folder} && ${chown([folder])}\`, or point DATABASE_URL elsewhere.`
    );
  }
  const unwritable = [file, `${file}-wal`, `${file}-shm`].filter(
    (path) => existsSync(path) && writable(path) !== undefined,
  );
  const folderProblem = writable(folder) !== undefined;
  if (!folderProblem && unwritable.length === 0) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    return `Database error: cannot write ${file} (${detail}).`;
  }
  const paths = [...(folderProblem ? [folder] : []), ...unwritable];
  return (
    rofs(paths[0] ?? file) ??
    `Database error: the bot (uid ${me}) cannot write ${paths.map((p) => `${p} (${ownerOf(p)})`).join(", ")}${folderProblem ? "; SQLite creates its -wal and -shm files beside the database, so the folder must be writable too" : ""}. Run \`${chown(paths)}\`.`
  );
}
