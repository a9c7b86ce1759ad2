import type BetterSqlite3 from "better-sqlite3";

export type SqlParam = string | number | bigint | null;

/**
 * Prepared statements on Prisma's own SQLite connection, for the queries every command runs.
 * A Prisma model query costs ~0.2–0.4 ms (building and interpreting its plan, preparing the SQL
 * again each time); the same query as a cached prepared statement costs a few microseconds, and
 * the commands' latency budget is about a millisecond.
 *
 * Sharing the connection keeps one writer and one transaction at a time: a transaction started
 * here runs synchronously, so nothing can interleave with it, and when a Prisma transaction is
 * already open on the connection, ours waits its turn inside Prisma's own queue.
 */
export class Sql {
  /** Statements by SQL text. The texts are constants of our code, so this stays small. */
  readonly #statements = new Map<string, BetterSqlite3.Statement<SqlParam[]>>();

  constructor(
    readonly connection: BetterSqlite3.Database,
    /** Runs `work` inside a Prisma interactive transaction (its queue, its BEGIN and COMMIT). */
    private readonly inPrismaTransaction: <T>(work: () => T) => Promise<T>,
  ) {}

  // The SQL text decides a row's shape, so callers name it: `Row` is that declaration.
  /* eslint-disable @typescript-eslint/no-unnecessary-type-parameters */

  /** Every row of a query. */
  all<Row>(sql: string, ...params: SqlParam[]): Row[] {
    return this.#prepare(sql).all(...params) as Row[];
  }

  /** The first row of a query, if any. */
  get<Row>(sql: string, ...params: SqlParam[]): Row | undefined {
    return this.#prepare(sql).get(...params) as Row | undefined;
  }
  /* eslint-enable @typescript-eslint/no-unnecessary-type-parameters */

  /** Runs a write; returns the rows changed and the last inserted row id. */
  run(sql: string, ...params: SqlParam[]): { changes: number; lastInsertRowid: number } {
    const result = this.#prepare(sql).run(...params);
    return { changes: result.changes, lastInsertRowid: Number(result.lastInsertRowid) };
  }

  /**
   * Runs `work` in one write transaction: committed when it returns, rolled back when it throws.
   * `work` is synchronous, so the transaction holds the connection for microseconds.
   */
  transaction<T>(work: () => T): Promise<T> {
    if (this.connection.inTransaction) return this.inPrismaTransaction(work);
    return promised(() => this.connection.transaction(work).immediate());
  }

  /**
   * Runs read-only `work` on one consistent snapshot, without the write lock: reads go on while
   * another connection writes (or holds the lock too long for a write to wait).
   */
  read<T>(work: () => T): Promise<T> {
    if (this.connection.inTransaction) return this.inPrismaTransaction(work);
    return promised(() => this.connection.transaction(work).deferred());
  }

  #prepare(sql: string): BetterSqlite3.Statement<SqlParam[]> {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.connection.prepare<SqlParam[]>(sql);
      // Prisma's adapter reads every integer as a BigInt; our columns all fit in a number.
      if (statement.reader) statement.safeIntegers(false);
      this.#statements.set(sql, statement);
    }
    return statement;
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
