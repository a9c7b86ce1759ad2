import { AsyncLocalStorage } from "node:async_hooks";
import type BetterSqlite3 from "better-sqlite3";
import { retryWhileBusy } from "./busy.js";
import { ReadCache, type DatabaseStamp } from "./read-cache.js";
import type { ConnectionLock } from "../../store/sqlite/lock.js";

export type SqlParam = string | number | bigint | null;

/** The append-only event log: no cached read depends on it, so writing it keeps the cache. */
const LOG_TABLES: ReadonlySet<string> = new Set(["Event", "EventTarget"]);

/** How many results the read cache keeps: small ones (ids, campaigns), and Protagonist sheets. */
export const READ_CACHE_CAPACITY = { small: 2_048, large: 256 } as const;

interface Prepared {
  statement: BetterSqlite3.Statement<SqlParam[]>;
  /** For writes: whether the table written is one cached reads may depend on. */
  touchesCachedTables: boolean;
}

/**
 * Prepared statements on the store's connection, for the queries every command runs, and the
 * transactions they run in. A Prisma model query costs ~0.2–0.4 ms (building and interpreting its
 * plan, preparing the SQL again each time); the same query as a cached prepared statement costs a
 * few microseconds, and the commands' latency budget is about a millisecond.
 *
 * Prisma's queries run on the same connection (see src/store/sqlite/adapter.ts): one writer and
 * one transaction at a time, held by `lock` from BEGIN to COMMIT, whatever awaits lie between.
 */
/** A transaction started from inside another: a programming error, refused at once. */
export class NestedTransactionError extends Error {
  override name = "NestedTransactionError";
  constructor() {
    super(
      "A store transaction was started inside another one, where it would wait for itself: use the transaction already open.",
    );
  }
}

export class Sql {
  /**
   * The transaction whose work is running, across its awaits. Work it leaves behind (a timer, a
   * promise not awaited) keeps the context after the commit, so it records whether it is open.
   */
  readonly #inTransaction = new AsyncLocalStorage<{ open: boolean }>();
  /** Statements by SQL text. The texts are constants of our code, so this stays small. */
  readonly #statements = new Map<string, Prepared>();
  /** Hot reads kept between transactions; see ReadCache for when they are forgotten. */
  readonly cache: ReadCache;
  /** Called after each write transaction commits (WAL checkpoints count them). */
  onCommit: (() => void) | undefined;
  #accountedWrites = 0;
  readonly #begin: Record<"immediate" | "deferred", BetterSqlite3.Statement<[]>>;
  readonly #commit: BetterSqlite3.Statement<[]>;
  readonly #rollback: BetterSqlite3.Statement<[]>;
  readonly #dataVersion: BetterSqlite3.Statement<[], number>;
  readonly #totalChangesStatement: BetterSqlite3.Statement<[], number>;

  constructor(
    readonly connection: BetterSqlite3.Database,
    /** Held by whichever transaction runs on the connection. */
    readonly lock: ConnectionLock,
    /** Check every cache hit against the database (tests set it). */
    verifyCache = false,
    /** How long a transaction waits for another connection's lock (ms); see retryWhileBusy. */
    private readonly busyBudgetMs = 0,
  ) {
    this.cache = new ReadCache(READ_CACHE_CAPACITY, verifyCache);
    // As numbers: the connection reads integers as BigInts for Prisma.
    this.#dataVersion = connection.prepare<[], number>("PRAGMA data_version").pluck();
    this.#dataVersion.safeIntegers(false);
    this.#totalChangesStatement = connection.prepare<[], number>("SELECT total_changes()").pluck();
    this.#totalChangesStatement.safeIntegers(false);
    this.#begin = {
      immediate: connection.prepare("BEGIN IMMEDIATE"),
      deferred: connection.prepare("BEGIN DEFERRED"),
    };
    this.#commit = connection.prepare("COMMIT");
    this.#rollback = connection.prepare("ROLLBACK");
  }

  // The SQL text decides a row's shape, so callers name it: `Row` is that declaration.
  /* eslint-disable @typescript-eslint/no-unnecessary-type-parameters */

  /** Every row of a query. */
  all<Row>(sql: string, ...params: SqlParam[]): Row[] {
    return this.#prepare(sql).statement.all(...params) as Row[];
  }

  /** The first row of a query, if any. */
  get<Row>(sql: string, ...params: SqlParam[]): Row | undefined {
    return this.#prepare(sql).statement.get(...params) as Row | undefined;
  }
  /* eslint-enable @typescript-eslint/no-unnecessary-type-parameters */

  /** Runs a write; returns the rows changed and the last inserted row id. */
  run(sql: string, ...params: SqlParam[]): { changes: number; lastInsertRowid: number } {
    const prepared = this.#prepare(sql);
    if (prepared.touchesCachedTables && this.#accountedWrites === 0) this.cache.markDirty();
    const result = prepared.statement.run(...params);
    return { changes: result.changes, lastInsertRowid: Number(result.lastInsertRowid) };
  }

  /**
   * Runs `write`, whose only effect on cached reads is that `key` now reads as `value`
   * (undefined: must be read again). The cache keeps the other entries, and keeps `key`'s too
   * when `write` returns false (it wrote nothing). Returns what `write` returned.
   */
  writeThrough(key: string, value: unknown, write: () => boolean, large = false): boolean {
    this.#accountedWrites += 1;
    let wrote: boolean;
    try {
      wrote = write();
    } finally {
      this.#accountedWrites -= 1;
    }
    if (wrote) this.cache.stage(key, value, large);
    return wrote;
  }

  /**
   * Runs `work` in one write transaction: committed when it settles, rolled back when it throws.
   * Transactions wait for each other in turn. One started inside `work` is refused with
   * NestedTransactionError (it would wait for itself); `work` needs no other: everything it reads
   * and writes is on this connection.
   */
  transaction<T>(work: () => T | Promise<T>): Promise<T> {
    return retryWhileBusy(() => this.#transact(work, "immediate"), this.busyBudgetMs);
  }

  /**
   * Runs read-only `work` on one consistent snapshot, without the write lock: reads go on while
   * another connection writes (or holds the lock too long for a write to wait).
   */
  read<T>(work: () => T | Promise<T>): Promise<T> {
    return retryWhileBusy(() => this.#transact(work, "deferred"), this.busyBudgetMs);
  }

  async #transact<T>(work: () => T | Promise<T>, mode: "immediate" | "deferred"): Promise<T> {
    // One started from inside another would wait for the lock its caller holds, forever.
    if (this.#inTransaction.getStore()?.open === true) throw new NestedTransactionError();
    if (!this.lock.tryAcquire()) await this.lock.acquire();
    let result: T;
    try {
      this.#begin[mode].run();
      const before = this.#stamp();
      this.cache.begin(before);
      try {
        const running = { open: true };
        try {
          result = await this.#inTransaction.run(running, work);
        } finally {
          running.open = false;
        }
        // Our own commits leave data_version as it is; only the count of changes moves.
        const committed = { dataVersion: before.dataVersion, totalChanges: this.#totalChanges() };
        this.#commit.run();
        this.cache.commit(committed);
      } catch (error) {
        if (this.connection.inTransaction) this.#rollback.run();
        this.cache.rollback();
        throw error;
      }
    } finally {
      this.lock.release();
    }
    if (mode === "immediate") this.onCommit?.();
    return result;
  }

  #totalChanges(): number {
    return this.#totalChangesStatement.get() ?? 0;
  }

  #stamp(): DatabaseStamp {
    return { dataVersion: this.#dataVersion.get() ?? 0, totalChanges: this.#totalChanges() };
  }

  #prepare(sql: string): Prepared {
    let prepared = this.#statements.get(sql);
    if (!prepared) {
      const statement = this.connection.prepare<SqlParam[]>(sql);
      // The connection reads every integer as a BigInt for Prisma; our columns all fit a number.
      if (statement.reader) statement.safeIntegers(false);
      const table = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"(\w+)"/i.exec(sql)?.[1];
      prepared = {
        statement,
        touchesCachedTables: !statement.reader && (table === undefined || !LOG_TABLES.has(table)),
      };
      this.#statements.set(sql, prepared);
    }
    return prepared;
  }
}

/** Synchronous work as a promise, as async functions give: a throw becomes a rejection. */
export function promised<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** SQLite's text for a DateTime, exactly as Prisma writes it (so both read and sort alike). */
export function sqlNow(date: Date = new Date()): string {
  return date.toISOString().replace("Z", "+00:00");
}

/** SQLite booleans are 0 and 1. */
export const sqlBool = (value: boolean): number => (value ? 1 : 0);
