/**
 * The only way services reach stored data. Every read and write happens inside one transaction,
 * given as `tx` (a game's repositories): it commits when `work` settles and rolls back when it
 * throws. Transactions run one after the other; `work` uses `tx` and never opens another
 * transaction (there is no need: `tx` sees everything it wrote). Each game's store implements it
 * over its own repositories (Cthulhu Eternal's: src/games/cthulhu-eternal/store/); another engine
 * implements the same interface.
 */
export interface Store<Tx> {
  /** A transaction that may write. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** A read-only transaction: one consistent snapshot, never waiting for a writer. */
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/** Small values the bot keeps between runs. */
export interface BotStateRepository {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

/** A write refused by a unique index (a name already taken): nothing was written. */
export class UniqueConflict extends Error {
  override name = "UniqueConflict";
}

/**
 * The database could not serve the work, and nothing was written: `busy`, another connection
 * held it longer than the store waits; `read-only`, it takes no writes. The host's trouble, not
 * a bug: the store turns its engine's codes into these, so nothing above it reads them.
 */
export class StoreUnavailable extends Error {
  override name = "StoreUnavailable";
  constructor(
    readonly reason: "busy" | "read-only",
    options?: ErrorOptions,
  ) {
    super(`the database is ${reason}`, options);
  }
}
