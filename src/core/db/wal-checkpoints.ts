import type BetterSqlite3 from "better-sqlite3";

/** Our commits between two checkpoints; each adds ~10 pages to the WAL (SQLite's own: 1,000 pages). */
export const CHECKPOINT_EVERY_COMMITS = 100;
/** Also every so often, for what Prisma commits on the connection (campaign settings, creation…). */
export const CHECKPOINT_EVERY_MS = 30_000;

/**
 * Copies the WAL back into the database file between answers instead of during one. SQLite's
 * automatic checkpoint runs inside the COMMIT that crosses 1,000 pages, and with it two fsyncs
 * (3–20 ms here): one command in a hundred waited for it. Here the commit only counts, and the
 * checkpoint runs on the event loop's next turn, after the answer has gone. PASSIVE: it never
 * waits for a reader or writer, and never loses anything; what it cannot copy now, it copies
 * next time. Durability does not depend on checkpoints (a commit is in the WAL already).
 */
export class WalCheckpoints {
  #commits = 0;
  #scheduled = false;
  #stopped = false;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly connection: BetterSqlite3.Database,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    connection.pragma("wal_autocheckpoint = 0");
    this.#timer = setInterval(() => {
      this.#run();
    }, CHECKPOINT_EVERY_MS);
    this.#timer.unref();
  }

  /** `transactions` of our write transactions committed (together, in one commit). */
  committed(transactions = 1): void {
    this.#commits += transactions;
    if (this.#commits < CHECKPOINT_EVERY_COMMITS || this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#run();
    });
  }

  /** No more checkpoints (the connection is closing; SQLite checkpoints at close by itself). */
  stop(): void {
    clearInterval(this.#timer);
    this.#stopped = true;
  }

  #run(): void {
    this.#scheduled = false;
    // Inside a transaction (Prisma's, awaiting) a checkpoint cannot run: the next commit retries.
    if (this.#stopped || !this.connection.open || this.connection.inTransaction) return;
    this.#commits = 0;
    try {
      this.connection.pragma("wal_checkpoint(PASSIVE)");
    } catch (error) {
      this.onError(error);
    }
  }
}
