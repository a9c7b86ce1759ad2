import { AsyncLocalStorage } from "node:async_hooks";
import type BetterSqlite3 from "better-sqlite3";
import { asStoreError, retryWhileBusy } from "./busy.js";
import { ReadCache, type DatabaseStamp, type StagedMark } from "./read-cache.js";
import type { ConnectionLock } from "../../store/sqlite/lock.js";

export type SqlParam = string | number | bigint | null;

/** The append-only event log: no cached read depends on it, so writing it keeps the cache. */
const LOG_TABLES: ReadonlySet<string> = new Set(["Event", "EventTarget"]);

/**
 * How many results the read cache keeps: small ones (ids, campaigns), and Protagonist sheets. A
 * full sheet holds about 8 KiB decoded, so 1,024 of them (a busy public instance's players of the
 * hour) hold about 8 MB; a sheet read from SQLite instead costs four queries.
 */
export const READ_CACHE_CAPACITY = { small: 2_048, large: 1_024 } as const;

/** Write transactions committed together at most, when they queue up (see Batch). */
export const MAX_BATCH = 32;

/**
 * Group commit: while write transactions queue for the connection, each runs in a savepoint of
 * one SQLite transaction, and one COMMIT makes all of them durable. Each still answers only
 * after that commit; alone, a transaction commits at once. One COMMIT (and the WAL pages it
 * writes) for many interactions is what a busy bot saves.
 */
interface Batch {
  readonly mode: "immediate" | "deferred";
  /** The database when the batch began, for the read cache. */
  readonly before: DatabaseStamp;
  members: number;
  /** Settles when the batch commits; rejected with the error that lost it. */
  readonly committed: Promise<void>;
  readonly settle: { resolve(): void; reject(error: unknown): void };
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

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
 * one transaction's work at a time, held by `lock` from its start to its end, whatever awaits
 * lie between.
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
  /** Called after each commit of write transactions, with how many it held (WAL checkpoints count them). */
  onCommit: ((transactions: number) => void) | undefined;
  #accountedWrites = 0;
  readonly #begin: Record<"immediate" | "deferred", BetterSqlite3.Statement<[]>>;
  readonly #commit: BetterSqlite3.Statement<[]>;
  readonly #rollback: BetterSqlite3.Statement<[]>;
  readonly #savepoint: BetterSqlite3.Statement<[]>;
  readonly #releaseSavepoint: BetterSqlite3.Statement<[]>;
  readonly #rollbackSavepoint: BetterSqlite3.Statement<[]>;
  /** The SQLite transaction open on the connection, and the transactions run in it. */
  #batch: Batch | undefined;
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
    this.#savepoint = connection.prepare("SAVEPOINT member");
    this.#releaseSavepoint = connection.prepare("RELEASE member");
    this.#rollbackSavepoint = connection.prepare("ROLLBACK TO member");
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
   * Runs `work` in one write transaction: committed when it settles, rolled back when it throws;
   * the promise settles after the commit. Transactions wait for each other in turn, and those that
   * queue up commit together (see Batch). One started inside `work` is refused with
   * NestedTransactionError (it would wait for itself); `work` needs no other: everything it reads
   * and writes is on this connection.
   */
  transaction<T>(work: () => T | Promise<T>): Promise<T> {
    return retryWhileBusy(() => this.#transact(work, "immediate"), this.busyBudgetMs).catch(
      (error: unknown) => {
        throw asStoreError(error);
      },
    );
  }

  /**
   * Runs read-only `work` on one consistent snapshot, without the write lock: reads go on while
   * another connection writes (or holds the lock too long for a write to wait).
   */
  read<T>(work: () => T | Promise<T>): Promise<T> {
    return retryWhileBusy(() => this.#transact(work, "deferred"), this.busyBudgetMs).catch(
      (error: unknown) => {
        throw asStoreError(error);
      },
    );
  }

  async #transact<T>(work: () => T | Promise<T>, mode: "immediate" | "deferred"): Promise<T> {
    // One started from inside another would wait for the lock its caller holds, forever.
    if (this.#inTransaction.getStore()?.open === true) throw new NestedTransactionError();
    if (!this.lock.tryAcquire()) await this.lock.acquire(true);
    let batch: Batch;
    try {
      batch = this.#batch ?? this.#beginBatch(mode);
    } catch (error) {
      this.lock.release();
      throw error;
    }
    batch.members += 1;
    const outcome = await this.#runMember(work, batch);
    if (this.#batch === batch && this.#joinable(batch)) {
      // The next transaction runs inside this one's and both commit together (see Batch).
      this.lock.release();
      if (!outcome.ok) throw outcome.error;
      await batch.committed;
      return outcome.value;
    }
    const commits = this.#batch === batch;
    try {
      if (commits) this.#commitBatch(batch);
    } finally {
      this.lock.release();
    }
    if (commits && batch.mode === "immediate") this.onCommit?.(batch.members);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  #beginBatch(mode: "immediate" | "deferred"): Batch {
    this.#begin[mode].run();
    const before = this.#stamp();
    this.cache.begin(before);
    let settle: Batch["settle"] = { resolve: () => undefined, reject: () => undefined };
    const committed = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // Members that never wait for it must not leave an unhandled rejection behind.
    committed.catch(() => undefined);
    const batch: Batch = { mode, before, members: 0, committed, settle };
    this.#batch = batch;
    return batch;
  }

  /** Runs one transaction's work in a savepoint of the batch: its failure undoes only its own. */
  async #runMember<T>(work: () => T | Promise<T>, batch: Batch): Promise<Outcome<T>> {
    this.#savepoint.run();
    const mark = this.cache.mark();
    const running = { open: true };
    try {
      const value = await this.#inTransaction.run(running, work);
      this.#releaseSavepoint.run();
      return { ok: true, value };
    } catch (error) {
      // Else SQLite ended the whole transaction itself: every member's work is gone.
      if (!this.#undoMember(mark)) this.#loseBatch(batch, error);
      return { ok: false, error };
    } finally {
      running.open = false;
    }
  }

  /** Rolls back to the member's savepoint; false when the batch's transaction is gone. */
  #undoMember(mark: StagedMark): boolean {
    if (!this.connection.inTransaction) return false;
    try {
      this.#rollbackSavepoint.run();
      this.#releaseSavepoint.run();
    } catch {
      // An undo that failed leaves the batch in doubt: it is given up whole.
      return false;
    }
    this.cache.backTo(mark);
    return true;
  }

  /** Whether the transaction waiting next should run inside this batch. */
  #joinable(batch: Batch): boolean {
    return batch.mode === "immediate" && batch.members < MAX_BATCH && this.lock.nextJoinsBatch;
  }

  #commitBatch(batch: Batch): void {
    try {
      // Our own commits leave data_version as it is; only the count of changes moves.
      const committed = {
        dataVersion: batch.before.dataVersion,
        totalChanges: this.#totalChanges(),
      };
      this.#commit.run();
      this.cache.commit(committed);
      this.#batch = undefined;
      batch.settle.resolve();
    } catch (error) {
      this.#loseBatch(batch, error);
      throw error;
    }
  }

  #loseBatch(batch: Batch, error: unknown): void {
    if (this.connection.inTransaction) this.#rollback.run();
    this.cache.rollback();
    this.#batch = undefined;
    batch.settle.reject(error);
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
