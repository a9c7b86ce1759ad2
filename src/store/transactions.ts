import { setTimeout as sleep } from "node:timers/promises";
import type { Client, Db, Engine } from "./database.js";
import { StoreUnavailable } from "./store.js";

/**
 * How long a transaction that lost a write conflict is run again, from its first start (ms).
 * PostgreSQL: every conflict has a winner that commits, so a crowd of transactions on one sheet
 * drains, its answers deferred; this bounds the unluckiest. SQLite: another process holding the
 * file is told to the player as busy before the bot would have to defer its answer (2 s).
 */
export const CONFLICT_BUDGET_MS: Record<Engine, number> = { postgres: 10_000, sqlite: 1_500 };

/** The longest pause between two runs of a transaction that lost a conflict (ms). */
const LONGEST_PAUSE_MS = 40;

/**
 * How long a transaction waits to start (SQLite: for the transactions queued before it in this
 * process; PostgreSQL: for a pooled connection), and how long it may then run (ms). Both leave
 * room for an answer within Discord's 3 s.
 */
export const TRANSACTION_LIMITS = { maxWait: 2_000, timeout: 5_000 } as const;

/**
 * One transaction, run again while it loses a write conflict. PostgreSQL runs every transaction
 * SERIALIZABLE (its connections' default, postgres-database.ts): two that read and change one
 * sheet at once cannot both commit, and the loser (Prisma's P2034) starts over on the winner's
 * data, so no update is lost across processes.
 * SQLite runs one transaction at a time per process; one that read, and then finds another
 * process writing (SQLite answers that at once, as SQLITE_BUSY), starts over the same way. One
 * that waited out SQLite's whole busy timeout has no budget left: the database is busy.
 */
export async function transact<T>(
  prisma: Db,
  engine: Engine,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const started = performance.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await prisma.$transaction(work, TRANSACTION_LIMITS);
    } catch (error) {
      const retry =
        isWriteConflict(error, engine) && performance.now() - started < CONFLICT_BUDGET_MS[engine];
      if (!retry) throw asStoreError(error);
    }
    // A few milliseconds, growing and spread, so that the transactions that collided do not
    // collide again.
    await sleep(Math.random() * Math.min(2 ** attempt, LONGEST_PAUSE_MS));
  }
}

/** Error codes an engine error carries: Prisma's, the adapter's kind, and the driver's own. */
export function errorCodesOf(error: unknown): string[] {
  const cause = fieldOf(fieldOf(fieldOf(error, "meta"), "driverAdapterError"), "cause");
  return [
    fieldOf(error, "code"),
    fieldOf(cause, "kind"),
    fieldOf(cause, "originalCode"),
    fieldOf(cause, "code"),
    // The adapter's own error, as Prisma passes it on at a commit.
    fieldOf(fieldOf(error, "cause"), "kind"),
    fieldOf(fieldOf(error, "cause"), "originalCode"),
    fieldOf(fieldOf(error, "cause"), "code"),
  ].filter((code): code is string => typeof code === "string");
}

/** Another transaction changed what this one read (or holds the lock it needs): run it again. */
function isWriteConflict(error: unknown, engine: Engine): boolean {
  const codes = errorCodesOf(error);
  if (engine === "postgres") {
    return codes.some((code) => code === "P2034" || code === "40001" || code === "40P01");
  }
  return codes.some((code) => code.startsWith("SQLITE_BUSY"));
}

/**
 * The engine's error as the store's: a database that is busy, unreachable or read-only becomes
 * StoreUnavailable (nothing was written); anything else stays as it is.
 */
export function asStoreError(error: unknown): unknown {
  const codes = errorCodesOf(error);
  const has = (test: (code: string) => boolean) => codes.some(test);
  if (has((c) => /^SQLITE_READONLY/.test(c) || c === "25006")) {
    return new StoreUnavailable("read-only", { cause: error });
  }
  // Busy: SQLite's lock held by another process; a write conflict that kept losing; no
  // transaction or connection free in time (P2028, P2024).
  if (
    has(
      (c) =>
        /^SQLITE_(BUSY|LOCKED)/.test(c) ||
        ["P2034", "P2028", "P2024", "40001", "40P01", "TransactionWriteConflict"].includes(c),
    )
  ) {
    return new StoreUnavailable("busy", { cause: error });
  }
  if (
    has((c) =>
      [
        "P1001",
        "P1002",
        "P1017",
        "DatabaseNotReachable",
        "ConnectionClosed",
        "SocketTimeout",
        "ECONNREFUSED",
        "ECONNRESET",
        "ETIMEDOUT",
        "57P01",
        "57P03",
        // Too many connections: the server takes no more now.
        "53300",
      ].includes(c),
    ) ||
    // SQLSTATE class 08: the connection failed.
    has((c) => /^08[0-9A-Z]{3}$/.test(c)) ||
    isConnectionTimeout(error)
  ) {
    return new StoreUnavailable("unreachable", { cause: error });
  }
  return error;
}

/** `pg` reports a connection that did not open in time only in words. */
function isConnectionTimeout(error: unknown): boolean {
  const message = (e: unknown) => (e instanceof Error ? e.message : "");
  return /timeout exceeded when trying to connect|Connection terminated/i.test(
    `${message(error)} ${message(fieldOf(error, "cause"))}`,
  );
}

function fieldOf(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
