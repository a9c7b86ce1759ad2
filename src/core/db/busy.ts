import { setTimeout as sleep } from "node:timers/promises";
import { StoreUnavailable } from "../../store/store.js";

/** The first wait after the database was found busy, and the longest between tries (ms). */
const FIRST_WAIT_MS = 5;
const LONGEST_WAIT_MS = 100;

/** SQLite result codes: better-sqlite3's own `code`, or the one Prisma's adapter carries along. */
export function sqliteCodesOf(error: unknown): string[] {
  const direct = fieldOf(error, "code");
  const adapted = fieldOf(
    fieldOf(fieldOf(fieldOf(error, "meta"), "driverAdapterError"), "cause"),
    "originalCode",
  );
  return [direct, adapted].filter((code): code is string => typeof code === "string");
}

/** Another connection holds the lock this work needs. */
export function isDatabaseBusy(error: unknown): boolean {
  return sqliteCodesOf(error).some(
    (code) => code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"),
  );
}

/** The engine's error as the store's: busy or read-only becomes StoreUnavailable; else as it is. */
export function asStoreError(error: unknown): unknown {
  if (isDatabaseBusy(error)) return new StoreUnavailable("busy", { cause: error });
  if (sqliteCodesOf(error).some((code) => code.startsWith("SQLITE_READONLY"))) {
    return new StoreUnavailable("read-only", { cause: error });
  }
  return error;
}

/**
 * Runs `operation`, and again after a growing pause while the database is busy, for up to
 * `budgetMs`; then the busy error stands. SQLite's own busy timeout would wait synchronously,
 * stopping every interaction of the bot (even their automatic defer) for as long: the bot's
 * connection has none, and waits here, letting everything else run. The first try is made at
 * once, so work that finds the database free costs no extra turn of the event loop.
 */
export function retryWhileBusy<T>(operation: () => T | Promise<T>, budgetMs: number): Promise<T> {
  const deadline = performance.now() + budgetMs;
  const attempt = async (wait: number): Promise<T> => {
    try {
      return await operation();
    } catch (error) {
      if (!isDatabaseBusy(error) || performance.now() + wait > deadline) throw error;
    }
    await sleep(wait);
    return attempt(Math.min(wait * 2, LONGEST_WAIT_MS));
  };
  return attempt(FIRST_WAIT_MS);
}

function fieldOf(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
